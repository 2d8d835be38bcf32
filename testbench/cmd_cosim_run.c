/* `gmem-cosim run`: `gmem run` plus in-system RTL lockstep (--rtl) and port
 * recording (--record-ports). On a mismatch the system is run again (it is
 * deterministic) to compare the failing instance's state every cycle in the
 * window before the mismatch and to write both sides' VCDs of it. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "state_diff.h"
#include "syslock.h"
#include "util/mkdirs.h"
#include "util/parse.h"

static const char extra_usage[] =
    "\n"
    "gmem-cosim adds (DESIGN §4):\n"
    "  --rtl LIST         back every instance of these blocks (comma-separated, or\n"
    "                     all) with its Verilated RTL in lockstep: each evaluation is\n"
    "                     compared with the C model, whose outputs the system uses;\n"
    "                     a mismatch stops the run with a report, exit status 1\n"
    "  --rtl-threads N    worker threads that run the RTL behind the C model, in\n"
    "                     parallel with it and with each other (default: the\n"
    "                     cores there are, less the simulation's; 0: the RTL in\n"
    "                     the simulation thread, cycle by cycle). The simulation\n"
    "                     thread replays too when an instance's buffer is full\n"
    "  --record-ports DIR write a port trace per instance (DIR/<instance>.gmpt) for\n"
    "                     `gmem-cosim replay`\n"
    "  --record LIST      instances or blocks to record (default: the --rtl ones)\n"
    "  --mismatch-vcd P   prefix of the mismatch VCD window (default build/mismatch/run)\n"
    "  --window N         cycles of the instance before a mismatch (default 64)\n"
    "  --toggles DIR      count every --rtl instance's register and port bit toggles\n"
    "                     and cycles high; write DIR/<block>.<point>.tgl (instances\n"
    "                     of one point pooled) for synth/power.awk\n"
    "  --toggle-window S:E  count the instances' cycles S..E-1 only\n"
    "  --toggle-instances LIST  count only these instance paths\n"
    "  --vcd PREFIX --vcd-instance PATH  write PREFIX.c.vcd and PREFIX.rtl.vcd of\n"
    "                     that --rtl instance's whole run\n"
    "  +verilator+rand+reset+N  the RTL's registers before reset: 0 zeros, 1 ones,\n"
    "                     2 random (default), seeded by --seed and the instance\n"
    "  +verilator+seed+N  the seed of the random start instead (1..2147483647)\n";

static int setup(gm_syslock_t *ls, const char *rtl, const gm_rtl_xopts_t *x, uint64_t seed,
                 const char *record_dir, const char *record, gm_err_t *err)
{
    if (gm_syslock_init(ls, rtl, err))
        return -1;
    ls->x = *x;
    ls->run_seed = seed;
    if (record_dir) {
        char probe[2048];
        snprintf(probe, sizeof probe, "%s/x", record_dir);
        gm_mkdirs(probe);
        ls->record_dir = record_dir;
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", record ? record : "");
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t;
             t = strtok_r(NULL, ",", &save)) {
            if (ls->nrecord == 16)
                return gm_errf(err, "--record: at most 16 names");
            snprintf(ls->record[ls->nrecord++], sizeof ls->record[0], "%s", t);
        }
    }
    return 0;
}

static void print_mismatch(const gm_syslock_t *ls, const gm_syslock_t *re, const char *prefix,
                           uint64_t from)
{
    char xs[160];
    const gm_syslock_event_t *e = &ls->first;
    const gm_block_desc_t *d = NULL;
    char name[96];
    const char *block = strrchr(e->path, '.') ? strrchr(e->path, '.') + 1 : e->path;
    d = gm_block_find(block);
    if (!d) { /* instance names end in the block name, except milg0, milg1, ... */
        for (const gm_block_desc_t *const *b = gm_blocks; *b; b++)
            if (!strncmp(block, (*b)->name, strlen((*b)->name)))
                d = *b;
    }
    if (e->after_reset)
        printf("lockstep MISMATCH in %s after reset (core cycle %" PRIu64 ")\n", e->path,
               e->core_cycle);
    else
        printf("lockstep MISMATCH in %s at its cycle %" PRIu64 " (core cycle %" PRIu64 ")\n",
               e->path, e->cycle, e->core_cycle);
    if (e->kind == 1 && d) {
        printf("  output %s_o: C %s, RTL %s\n", d->out[e->port].name, e->c_val, e->rtl_val);
    } else if (e->kind == 2 && d) { /* a state event's elem is UINT32_MAX for a scalar */
        gm_state_name(d, e->reg, e->elem != UINT32_MAX, e->elem, name, sizeof name);
        printf("  state %s: C %s, RTL %s\n", name, e->c_val, e->rtl_val);
    }
    const gm_syslock_event_t *f = &re->first_state;
    if (f->kind == 2 && d && f->after_reset) {
        gm_state_name(d, f->reg, f->elem != UINT32_MAX, f->elem, name, sizeof name);
        printf("  first diverging state register: %s after reset: C %s, RTL %s\n", name,
               f->c_val, f->rtl_val);
    } else if (f->kind == 2 && d) {
        gm_state_name(d, f->reg, f->elem != UINT32_MAX, f->elem, name, sizeof name);
        printf("  first diverging state register: %s after the edge of cycle %" PRIu64
               ": C %s, RTL %s\n",
               name, f->cycle, f->c_val, f->rtl_val);
    } else {
        printf("  first diverging state register: none (state agrees through cycle %" PRIu64 ")\n",
               e->cycle);
    }
    gm_rtl_xdescribe(&ls->x, ls->run_seed, xs, sizeof xs);
    printf("  RTL registers before reset: %s\n", xs);
    printf("  VCD window, cycles %" PRIu64 "..%" PRIu64 " of %s: %s.c.vcd %s.rtl.vcd\n", from,
           e->cycle, e->path, prefix, prefix);
}

int gm_cmd_run(int argc, char **argv)
{
    const char *rtl = NULL, *record_dir = NULL, *record = NULL, *mism = NULL;
    const char *tgl_dir = NULL, *tgl_window = NULL, *tgl_only = NULL;
    const char *vcd = NULL, *vcd_inst = NULL;
    unsigned window = 64;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    unsigned threads = ncpu > 2 ? (unsigned)ncpu - 1 : 1;
    char **rest = calloc((size_t)argc + 1, sizeof *rest);
    int n = 0;
    if (!rest)
        return gm_fail(GM_EXIT_FAIL, "out of memory");
    rest[n++] = argv[0];
    gm_rtl_xopts_t x;
    gm_rtl_xopts_default(&x);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        gm_err_t xerr;
        int xo = gm_rtl_xopt(a, &x, &xerr);
        if (xo < 0) {
            free(rest);
            return gm_fail(GM_EXIT_USAGE, "run: %s", xerr.msg);
        }
        if (xo > 0)
            continue;
        int ours = !strcmp(a, "--rtl") || !strcmp(a, "--record-ports") ||
                   !strcmp(a, "--record") || !strcmp(a, "--mismatch-vcd") ||
                   !strcmp(a, "--window") || !strcmp(a, "--toggles") ||
                   !strcmp(a, "--toggle-window") || !strcmp(a, "--toggle-instances") ||
                   !strcmp(a, "--vcd") || !strcmp(a, "--vcd-instance") ||
                   !strcmp(a, "--rtl-threads");
        if (!ours) {
            rest[n++] = argv[i];
            continue;
        }
        if (i + 1 >= argc) {
            free(rest);
            return gm_fail(GM_EXIT_USAGE, "run: %s needs a value (see --help)", a);
        }
        const char *v = argv[++i];
        if (!strcmp(a, "--rtl"))
            rtl = v;
        else if (!strcmp(a, "--record-ports"))
            record_dir = v;
        else if (!strcmp(a, "--record"))
            record = v;
        else if (!strcmp(a, "--mismatch-vcd"))
            mism = v;
        else if (!strcmp(a, "--toggles"))
            tgl_dir = v;
        else if (!strcmp(a, "--toggle-window"))
            tgl_window = v;
        else if (!strcmp(a, "--toggle-instances"))
            tgl_only = v;
        else if (!strcmp(a, "--vcd"))
            vcd = v;
        else if (!strcmp(a, "--vcd-instance"))
            vcd_inst = v;
        else if (!strcmp(a, "--rtl-threads")) {
            uint64_t t;
            if (gm_parse_u64(v, 10, &t) || t > 64) {
                free(rest);
                return gm_fail(GM_EXIT_USAGE,
                               "run: --rtl-threads expects a number of threads 0..64, got '%s'", v);
            }
            threads = (unsigned)t;
        }
        else {
            uint64_t w;
            if (gm_parse_u64(v, 10, &w)) {
                free(rest);
                return gm_fail(GM_EXIT_USAGE, "run: --window expects a number, got '%s'", v);
            }
            window = (unsigned)w;
        }
    }
    gm_run_opts_t o;
    int rc = gm_run_parse(n, rest, &o);
    free(rest);
    if (rc < 0) {
        fputs(extra_usage, stdout);
        return GM_EXIT_OK;
    }
    if (rc)
        return rc;
    if (o.print_config) /* nothing runs, so nothing to lockstep */
        return gm_run_exec(&o, NULL, 0);
    if ((tgl_window || tgl_only) && !tgl_dir)
        return gm_fail(GM_EXIT_USAGE, "run: --toggle-window and --toggle-instances need --toggles DIR");
    if (!vcd != !vcd_inst)
        return gm_fail(GM_EXIT_USAGE, "run: --vcd and --vcd-instance go together");
    if (tgl_dir && !rtl)
        return gm_fail(GM_EXIT_USAGE, "run: --toggles counts the RTL: name its blocks with --rtl");

    gm_err_t err;
    gm_syslock_t *ls = calloc(1, sizeof *ls), *re = calloc(1, sizeof *re);
    int status = GM_EXIT_FAIL;
    if (!ls || !re) {
        gm_fail(GM_EXIT_FAIL, "out of memory");
        goto out;
    }
    if (setup(ls, rtl, &x, o.seed, record_dir, record, &err)) {
        status = gm_fail(GM_EXIT_USAGE, "run: %s", err.msg);
        goto out;
    }
    ls->threads = threads;
    if (tgl_dir) {
        char cmd[2048];
        size_t len = 0;
        cmd[0] = 0;
        for (int i = 0; i < argc && len + 1 < sizeof cmd; i++)
            len += (size_t)snprintf(cmd + len, sizeof cmd - len, "%s%s", i ? " " : "gmem-cosim ",
                                    argv[i]);
        ls->tgl = gm_tgl_new(tgl_dir, tgl_window, tgl_only, cmd, &err);
        if (!ls->tgl) {
            status = gm_fail(GM_EXIT_USAGE, "run: %s", err.msg);
            goto out;
        }
    }
    if (vcd) { /* the mismatch re-run's tracing, from the first cycle */
        gm_mkdirs(vcd);
        ls->trace_path = vcd_inst;
        ls->trace_from = 0;
        ls->trace_prefix = vcd;
    }
    status = gm_run_exec(&o, &ls->hooks, 0);
    if (status == GM_EXIT_USAGE)
        goto out;
    gm_syslock_report(ls, stdout);
    if (!ls->first.kind) {
        if (rtl)
            printf("lockstep: 0 mismatches\n");
        if (ls->tgl && gm_tgl_write(ls->tgl, stdout, &err))
            status = gm_fail(GM_EXIT_USAGE, "run: %s", err.msg);
        goto out;
    }
    /* The window: the same run again, watching the failing instance. */
    char prefix[1100];
    snprintf(prefix, sizeof prefix, "%s", mism ? mism : "build/mismatch/run");
    gm_mkdirs(prefix);
    if (window < ls->max_state_every)
        window = (unsigned)ls->max_state_every;
    uint64_t from = ls->first.cycle > window ? ls->first.cycle - window : 0;
    if (setup(re, rtl, &x, o.seed, NULL, NULL, &err)) {
        status = gm_fail(GM_EXIT_FAIL, "run: %s", err.msg);
        goto out;
    }
    re->trace_path = ls->first.path;
    re->trace_from = from;
    re->trace_prefix = prefix;
    gm_run_exec(&o, &re->hooks, 1);
    print_mismatch(ls, re, prefix, from);
    status = GM_EXIT_FAIL;
out:
    if (ls)
        gm_tgl_free(ls->tgl);
    free(ls);
    free(re);
    return status;
}
