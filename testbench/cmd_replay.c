/* `gmem-cosim replay FILE`: a recorded port trace against the block's RTL
 * (lockstep with the C model) and against the outputs the C model produced
 * when it was recorded (golden-model regression). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lockstep.h"
#include "porttrace.h"
#include "util/parse.h"

typedef struct replay_ctx {
    FILE *f;
    gm_ptrace_hdr_t h;
    void *want;        /* recorded C outputs of the pending evaluation */
    int check;
    uint64_t records;
    const gm_block_desc_t *d;
} replay_ctx_t;

/* The trace is opened by the command; the stimulus only reads it. */
static replay_ctx_t *g_replay_src;

static int rp_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    replay_ctx_t *c = vctx;
    (void)params;
    (void)seed;
    *c = *g_replay_src;
    c->want = calloc(1, c->h.out_size);
    if (!c->want || fseek(c->f, (long)sizeof c->h, SEEK_SET))
        return gm_errf(err, "cannot rewind the trace");
    return 0;
}

static int rp_gen(void *vctx, uint64_t cyc, void *in)
{
    replay_ctx_t *c = vctx;
    (void)cyc;
    int k = gm_ptrace_next(c->f, &c->h, in, c->want);
    c->records++;
    c->check = k == 'E';
    if (k == 'E')
        return GM_STIM_EVAL;
    if (k == 'T')
        return GM_STIM_CYCLE;
    return GM_STIM_END;
}

static int rp_observe(void *vctx, uint64_t cyc, const void *in, const void *out,
                      const void *c_state, gm_err_t *err)
{
    replay_ctx_t *c = vctx;
    (void)in;
    (void)c_state;
    if (!c->check || !memcmp(out, c->want, c->h.out_size))
        return 0;
    for (unsigned i = 0; i < c->d->n_out; i++) {
        char a[160], b[160];
        gm_port_format(&c->d->out[i], out, a, sizeof a);
        gm_port_format(&c->d->out[i], c->want, b, sizeof b);
        if (strcmp(a, b))
            return gm_errf(err, "record %" PRIu64 " (cycle %" PRIu64 "): the C model gives "
                                "%s_o = %s, the trace recorded %s",
                           c->records, cyc, c->d->out[i].name, a, b);
    }
    return gm_errf(err, "record %" PRIu64 ": outputs differ from the trace", c->records);
}

static int rp_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    replay_ctx_t *c = vctx;
    (void)cycles;
    (void)err;
    free(c->want);
    c->want = NULL;
    return 0;
}

int gm_cmd_replay(int argc, char **argv)
{
    if (gm_wants_help(argc, argv) || argc < 2) {
        printf("usage: gmem-cosim replay FILE [--inject-fault C] [--vcd PREFIX]\n"
               "                              [--mismatch-vcd PREFIX] [--window N]\n"
               "                              [+verilator+rand+reset+N] [+verilator+seed+N]\n\n"
               "Replays a port trace recorded by `gmem-cosim run --record-ports DIR`\n"
               "into the block's C model and its RTL in lockstep, and checks the C\n"
               "model against the outputs it recorded. Exit 0 when both agree at every\n"
               "evaluation, 1 on a mismatch (with the lockstep report), 2 on bad input\n"
               "or when --inject-fault C lies past the trace's end (the fault was never\n"
               "injected).\n"
               "The RTL's registers start random (+verilator+rand+reset+2) unless\n"
               "+verilator+rand+reset+0 (zeros) or +1 (ones) says otherwise.\n");
        return argc < 2 && !gm_wants_help(argc, argv) ? GM_EXIT_USAGE : GM_EXIT_OK;
    }
    gm_lockstep_opts_t o;
    memset(&o, 0, sizeof o);
    o.fault_cycle = -1;
    o.window = 64;
    o.out = stdout;
    o.seed = 1;
    o.cycles = UINT64_MAX;
    gm_rtl_xopts_default(&o.x);
    const char *file = NULL, *mism = NULL;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        gm_err_t xerr;
        int xo = gm_rtl_xopt(a, &o.x, &xerr);
        if (xo < 0)
            return gm_fail(GM_EXIT_USAGE, "replay: %s", xerr.msg);
        if (xo > 0)
            continue;
        if (a[0] != '-') {
            if (file)
                return gm_fail(GM_EXIT_USAGE, "replay: unexpected argument '%s'", a);
            file = a;
            continue;
        }
        if (strcmp(a, "--inject-fault") && strcmp(a, "--window") && strcmp(a, "--vcd") &&
            strcmp(a, "--mismatch-vcd"))
            return gm_fail(GM_EXIT_USAGE, "replay: unknown option '%s' (see --help)", a);
        if (i + 1 >= argc)
            return gm_fail(GM_EXIT_USAGE, "replay: %s needs a value", a);
        const char *v = argv[++i];
        uint64_t n = 0;
        int num_ok = !gm_parse_u64(v, 0, &n);
        if (!strcmp(a, "--inject-fault") && num_ok)
            o.fault_cycle = (int64_t)n;
        else if (!strcmp(a, "--window") && num_ok)
            o.window = (unsigned)n;
        else if (!strcmp(a, "--vcd"))
            o.vcd_prefix = v;
        else if (!strcmp(a, "--mismatch-vcd"))
            mism = v;
        else
            return gm_fail(GM_EXIT_USAGE, "replay: bad option '%s %s' (see --help)", a, v);
    }
    if (!file)
        return gm_fail(GM_EXIT_USAGE, "replay: missing FILE");

    gm_err_t err;
    replay_ctx_t src;
    memset(&src, 0, sizeof src);
    if (gm_ptrace_open(file, &src.f, &src.h, &err))
        return gm_fail(GM_EXIT_USAGE, "replay: %s", err.msg);
    o.desc = src.d = gm_block_find(src.h.block);
    int status = GM_EXIT_USAGE;
    if (!o.desc) {
        gm_fail(GM_EXIT_USAGE, "replay: %s: unknown block '%s'", file, src.h.block);
        goto out;
    }
    if (src.h.in_size != o.desc->in_size || src.h.out_size != o.desc->out_size) {
        gm_fail(GM_EXIT_USAGE, "replay: %s: recorded with other %s port structs "
                               "(in %u/out %u bytes, this build %zu/%zu)",
                file, src.h.block, src.h.in_size, src.h.out_size, o.desc->in_size,
                o.desc->out_size);
        goto out;
    }
    for (const gm_rtl_ops_t *const *m = gm_rtl_models; *m && !o.rtl; m++)
        if (!strcmp((*m)->block, src.h.block) && !strcmp((*m)->params, src.h.params))
            o.rtl = *m;
    if (!o.rtl) {
        gm_fail(GM_EXIT_USAGE, "replay: no RTL model of %s with \"%s\" in this binary; add a "
                               "parameter point with these values to configs/blocks/%s/",
                src.h.block, src.h.params, src.h.block);
        goto out;
    }
    static const gm_stim_t stim = {"", "trace", "a recorded port trace", sizeof(replay_ctx_t),
                                   rp_init, rp_gen, rp_observe, rp_finish, NULL, NULL};
    g_replay_src = &src;
    o.stim = &stim;
    o.point = o.rtl->point;
    o.params_text = src.h.params;
    char mp[1200];
    snprintf(mp, sizeof mp, "%s", mism ? mism : "replay-mismatch");
    o.mismatch_prefix = mp;
    gm_lockstep_result_t r;
    if (gm_lockstep_run(&o, &r, &err)) {
        gm_fail(GM_EXIT_USAGE, "replay: %s", err.msg);
        goto out;
    }
    if (o.fault_cycle >= 0 && !r.fault_injected && !r.mismatches && !r.golden_failed) {
        gm_fail(GM_EXIT_USAGE,
                "replay: %s: --inject-fault %" PRId64 ": the fault was never injected: the "
                "trace ends after %" PRIu64 " cycles",
                file, o.fault_cycle, r.cycles);
        goto out;
    }
    printf("replay %s (%s): %" PRIu64 " cycles, %" PRIu64 " mismatches%s\n", src.h.path,
           src.h.block, r.cycles, r.mismatches,
           r.golden_failed ? ", C model differs from the trace" : "");
    status = r.mismatches || r.golden_failed ? GM_EXIT_FAIL : GM_EXIT_OK;
out:
    fclose(src.f);
    return status;
}
