#include "lockstep.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/progress.h"
#include "util/rng.h"
#include "blkvcd.h"
#include "state_diff.h"

enum { RESET_CYCLES = 2, HISTORY = 8 };

typedef enum { EV_NONE, EV_OUTPUT, EV_STATE, EV_GOLDEN, EV_C_RANGE } ev_kind_t;

typedef struct event {
    ev_kind_t kind;
    int64_t cycle;  /* -1: right after reset */
    unsigned port;  /* EV_OUTPUT, EV_C_RANGE */
    unsigned reg, elem;
    int array;      /* EV_STATE: reg is an array */
    uint64_t c_val, rtl_val;
    char c_str[160], rtl_str[160];
    char msg[1024];
} event_t;

typedef struct pass_cfg {
    uint64_t stop;           /* run cycles [0, stop) */
    int vcd;                 /* write VCDs */
    int64_t vcd_from;        /* first cycle dumped (-RESET_CYCLES: from reset) */
    const char *vcd_prefix;
    uint64_t state_from;     /* from this cycle on, compare state every cycle */
    uint64_t state_every;    /* before it, every state_every cycles */
    int stop_on_state;       /* else record the first divergence and go on */
} pass_cfg_t;

typedef struct pass_out {
    event_t ev;          /* what stopped the run (EV_NONE: ran to the end) */
    event_t first_state; /* first state divergence seen */
    uint64_t cycles;
    int coverage_full;
    int fault_injected;  /* the --inject-fault cycle was reached */
    unsigned char *hist; /* the last HISTORY inputs (caller frees) */
    uint64_t hist_n;     /* inputs ever recorded */
} pass_out_t;

/* One instance of both models plus the VCD writers of one pass. */
typedef struct sim {
    const gm_lockstep_opts_t *o;
    const gm_block_desc_t *d;
    void *c;
    gm_rtl_t *rtl;
    void *ctx;
    void *in, *out_c, *out_r;
    unsigned char *hist;
    uint64_t hist_n;
    int fault_port;
    unsigned fault_bit;
    gm_blkvcd_t vcd;
    int rtl_trace;
} sim_t;

static const void *c_params(const sim_t *s)
{
    return (const char *)s->c + s->d->params_in_state;
}

static void sim_free(sim_t *s)
{
    if (s->rtl)
        s->o->rtl->destroy(s->rtl);
    free(s->c);
    free(s->ctx);
    free(s->in);
    free(s->out_c);
    free(s->out_r);
    free(s->hist);
    memset(s, 0, sizeof *s);
}

/* The C model at the run's parameters: a point file, or parameter text. */
static void *new_c_model(const gm_block_desc_t *d, const gm_lockstep_opts_t *o, gm_err_t *err)
{
    if (o->point_file)
        return gm_block_new(d, o->point_file, err);
    void *p = calloc(1, d->params_size), *st = calloc(1, d->state_size);
    if (!p || !st || gm_params_parse(d, o->params_text, p, err) || d->init(st, p, err)) {
        if (!p || !st)
            gm_errf(err, "out of memory");
        free(p);
        free(st);
        return NULL;
    }
    free(p);
    return st;
}

static int sim_new(sim_t *s, const gm_lockstep_opts_t *o, gm_err_t *err)
{
    const gm_block_desc_t *d = o->desc;
    memset(s, 0, sizeof *s);
    s->o = o;
    s->d = d;
    s->c = new_c_model(d, o, err);
    if (!s->c)
        return -1;
    s->ctx = calloc(1, o->stim->ctx_size ? o->stim->ctx_size : 1);
    s->in = calloc(1, d->in_size);
    s->out_c = calloc(1, d->out_size);
    s->out_r = calloc(1, d->out_size);
    s->hist = calloc(HISTORY, d->in_size);
    if (!s->ctx || !s->in || !s->out_c || !s->out_r || !s->hist) {
        sim_free(s);
        return gm_errf(err, "out of memory");
    }
    char cp[1024];
    gm_params_format(d, c_params(s), cp, sizeof cp);
    if (strcmp(cp, o->rtl->params) != 0) {
        gm_errf(err,
                "the RTL model %s/%s was verilated with \"%s\" but %s gives \"%s\"; "
                "rebuild with `make cosim`",
                d->name, o->point, o->rtl->params, o->point_file, cp);
        sim_free(s);
        return -1;
    }
    if (o->stim->init(s->ctx, c_params(s), o->seed, err)) {
        sim_free(s);
        return gm_err_prefix(err, "stimulus %s/%s", d->name, o->stim->name);
    }
    char name[128];
    snprintf(name, sizeof name, "%s/%s", d->name, o->point);
    gm_rtl_init_t init = gm_rtl_xinit(&o->x, o->seed, name);
    s->rtl = o->rtl->create(&init);
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned cd = d->state_depth(s->c, i), rd = o->rtl->state_depth(s->rtl, i);
        if (cd != rd) {
            gm_errf(err, "state register %s_q: the C model has %u elements, the RTL %u",
                    d->state[i].name, cd, rd);
            sim_free(s);
            return -1;
        }
    }
    /* The fault is a fixed, seeded choice of output bit. */
    gm_rng_t r;
    gm_rng_seed(&r, o->seed ^ 0xfa017ull);
    s->fault_port = (int)gm_rng_below(&r, d->n_out);
    s->fault_bit = (unsigned)gm_rng_below(&r, d->out[s->fault_port].width);
    return 0;
}

static void vcd_c_dump(sim_t *s, uint64_t t, int clk, int rst_n)
{
    if (s->vcd.v)
        gm_blkvcd_dump(&s->vcd, t, clk, rst_n, s->c, s->in);
}

static int vcd_begin(sim_t *s, const char *prefix, gm_err_t *err)
{
    char path[1024];
    snprintf(path, sizeof path, "%s.c.vcd", prefix);
    if (gm_blkvcd_open(&s->vcd, s->d, s->c, path, err))
        return -1;
    snprintf(path, sizeof path, "%s.rtl.vcd", prefix);
    if (s->o->rtl->trace_open(s->rtl, path))
        return gm_errf(err, "%s: cannot open the RTL trace", path);
    s->rtl_trace = 1;
    return 0;
}

static int vcd_end(sim_t *s, gm_err_t *err)
{
    int rc = 0;
    if (s->vcd.v)
        rc = gm_blkvcd_close(&s->vcd, err);
    if (s->rtl_trace)
        s->o->rtl->trace_close(s->rtl);
    s->rtl_trace = 0;
    return rc;
}

/* ---- one cycle, both sides ---- */

static void half_cycle(sim_t *s, int clk, int rst_n, uint64_t t)
{
    const gm_rtl_ops_t *r = s->o->rtl;
    r->set_inputs(s->rtl, s->in);
    r->set_rst_n(s->rtl, rst_n);
    r->set_clk(s->rtl, clk);
    r->eval(s->rtl);
    if (s->rtl_trace)
        r->trace_dump(s->rtl, t);
    vcd_c_dump(s, t, clk, rst_n);
}

/* First state element that differs between C and RTL, or 0 if none. */
static int state_diff(sim_t *s, event_t *ev, int64_t cycle)
{
    gm_state_diff_t df;
    if (!gm_state_diff(s->d, s->c, s->o->rtl, s->rtl, &df))
        return 0;
    ev->kind = EV_STATE;
    ev->cycle = cycle;
    ev->reg = df.reg;
    ev->elem = df.elem;
    ev->array = df.array;
    ev->c_val = df.c_val;
    ev->rtl_val = df.rtl_val;
    return 1;
}

static int output_diff(sim_t *s, event_t *ev, int64_t cycle)
{
    const gm_block_desc_t *d = s->d;
    for (unsigned i = 0; i < d->n_out; i++) {
        const gm_port_desc_t *p = &d->out[i];
        size_t n = p->wide ? GM_WORDS(p->width) * 4 : 8;
        if (memcmp((const char *)s->out_c + p->offset,
                   (const char *)s->out_r + p->offset, n) != 0) {
            ev->kind = EV_OUTPUT;
            ev->cycle = cycle;
            ev->port = i;
            gm_port_format(p, s->out_c, ev->c_str, sizeof ev->c_str);
            gm_port_format(p, s->out_r, ev->rtl_str, sizeof ev->rtl_str);
            return 1;
        }
    }
    return 0;
}

static void flip_fault(sim_t *s)
{
    const gm_port_desc_t *p = &s->d->out[s->fault_port];
    if (p->wide)
        gm_port_words(p, s->out_r)[s->fault_bit / 32] ^= 1u << (s->fault_bit % 32);
    else
        gm_port_set(p, s->out_r, gm_port_get(p, s->out_r) ^ (1ull << s->fault_bit));
}

/* Write the C model's whole state into the RTL (a stimulus's preload) and
 * read it back: a register the RTL does not let the testbench write would
 * otherwise make the run compare against a state it never had. */
static int backdoor_load(sim_t *s, gm_err_t *err)
{
    const gm_block_desc_t *d = s->d;
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(s->c, i);
        for (unsigned e = 0; e < (depth ? depth : 1); e++)
            s->o->rtl->state_set(s->rtl, i, e, d->state_get(s->c, i, e));
    }
    event_t ev;
    if (state_diff(s, &ev, -1))
        return gm_errf(err, "the backdoor load of %s_q[%u] did not reach the RTL (C %#llx, "
                            "RTL %#llx): declare it public_flat_rw",
                       d->state[ev.reg].name, ev.elem, (unsigned long long)ev.c_val,
                       (unsigned long long)ev.rtl_val);
    return 0;
}

static int run_pass(const gm_lockstep_opts_t *o, const pass_cfg_t *pc,
                    pass_out_t *po, gm_err_t *err)
{
    sim_t s;
    const gm_block_desc_t *d = o->desc;
    memset(po, 0, sizeof *po);
    if (sim_new(&s, o, err))
        return -1;
    int dumping = 0;

    /* Reset: rst_n low for RESET_CYCLES edges with all inputs 0. Before the
     * first edge the RTL registers hold nothing defined, so the VCDs start
     * at that edge (time 1). */
    d->reset(s.c);
    for (int k = 0; k < RESET_CYCLES; k++) {
        half_cycle(&s, 0, 0, 2u * (unsigned)k);
        if (k == 0 && pc->vcd && pc->vcd_from <= -RESET_CYCLES) {
            if (vcd_begin(&s, pc->vcd_prefix, err))
                goto fail;
            dumping = 1;
        }
        half_cycle(&s, 1, 0, 2u * (unsigned)k + 1);
    }
    if (state_diff(&s, &po->first_state, -1)) {
        po->ev = po->first_state;
        goto done;
    }

    gm_progress_t prog;
    gm_progress_start(&prog, o->desc->name, pc->stop);
    uint64_t cyc;
    for (cyc = 0; cyc < pc->stop; cyc++) {
        int64_t c = (int64_t)cyc;
        uint64_t t = 2 * (cyc + RESET_CYCLES);
        if (pc->vcd && !dumping && c >= pc->vcd_from) {
            if (vcd_begin(&s, pc->vcd_prefix, err))
                goto fail;
            dumping = 1;
        }
        if (o->stim->preload && o->stim->preload(s.ctx, cyc, s.c) && backdoor_load(&s, err)) {
            gm_progress_end(&prog);
            goto fail;
        }
        memset(s.in, 0, d->in_size);
        int kind = o->stim->gen(s.ctx, cyc, s.in);
        if (kind == GM_STIM_END)
            break;
        gm_ports_mask(d->in, d->n_in, s.in);

        memset(s.out_c, 0, d->out_size);
        memset(s.out_r, 0, d->out_size);
        d->eval(s.c, s.in, s.out_c);
        half_cycle(&s, 0, 1, t);
        o->rtl->get_outputs(s.rtl, s.out_r);
        memcpy(s.hist + (s.hist_n++ % HISTORY) * d->in_size, s.in, d->in_size);

        int bad = gm_ports_overflow(d->out, d->n_out, s.out_c);
        if (bad >= 0) {
            po->ev.kind = EV_C_RANGE;
            po->ev.cycle = c;
            po->ev.port = (unsigned)bad;
            break;
        }
        if ((int64_t)cyc == o->fault_cycle) {
            flip_fault(&s);
            po->fault_injected = 1;
        }
        if (output_diff(&s, &po->ev, c))
            break;
        if (o->stim->observe &&
            o->stim->observe(s.ctx, cyc, s.in, s.out_c, s.c, err)) {
            po->ev.kind = EV_GOLDEN;
            po->ev.cycle = c;
            snprintf(po->ev.msg, sizeof po->ev.msg, "%s", err->msg);
            break;
        }

        if (kind == GM_STIM_EVAL) {
            cyc--; /* more evaluations within this cycle */
            continue;
        }
        d->tick(s.c, s.in);
        half_cycle(&s, 1, 1, t + 1);
        if (cyc >= pc->state_from || (cyc + 1) % pc->state_every == 0) {
            event_t sev;
            if (po->first_state.kind == EV_NONE && state_diff(&s, &sev, c)) {
                po->first_state = sev;
                if (pc->stop_on_state) {
                    po->ev = sev;
                    cyc++;
                    break;
                }
            }
        }
        gm_progress_update(&prog, cyc);
    }
    gm_progress_end(&prog);
    po->cycles = cyc;
    if (po->ev.kind == EV_NONE && o->stim->finish &&
        o->stim->finish(s.ctx, cyc, err)) {
        po->ev.kind = EV_GOLDEN;
        po->ev.cycle = (int64_t)cyc;
        snprintf(po->ev.msg, sizeof po->ev.msg, "%s", err->msg);
    }
    if (po->ev.kind == EV_NONE && o->coverage && o->stim->coverage)
        po->coverage_full = o->stim->coverage(s.ctx, s.c, o->out);
done:
    if (vcd_end(&s, err))
        goto fail;
    po->hist = s.hist; /* handed to the caller for the report */
    po->hist_n = s.hist_n;
    s.hist = NULL;
    sim_free(&s);
    return 0;
fail:
    vcd_end(&s, NULL);
    sim_free(&s);
    return -1;
}

/* ---- reports ---- */

static void print_inputs(const gm_lockstep_opts_t *o, const pass_out_t *po,
                         int64_t last_cycle)
{
    const gm_block_desc_t *d = o->desc;
    uint64_t n = po->hist_n < HISTORY ? po->hist_n : HISTORY;
    char v[160];
    if (!n)
        return;
    fprintf(o->out, "  last inputs:\n    %-10s", "cycle");
    for (unsigned i = 0; i < d->n_in; i++)
        fprintf(o->out, " %s", d->in[i].name);
    fputc('\n', o->out);
    for (uint64_t k = po->hist_n - n; k < po->hist_n; k++) {
        const void *in = po->hist + (k % HISTORY) * d->in_size;
        fprintf(o->out, "    %-10" PRId64, last_cycle - (int64_t)(po->hist_n - 1 - k));
        for (unsigned i = 0; i < d->n_in; i++) {
            gm_port_format(&d->in[i], in, v, sizeof v);
            fprintf(o->out, " %*s", (int)strlen(d->in[i].name), v);
        }
        fputc('\n', o->out);
    }
}

static void format_state(const gm_lockstep_opts_t *o, const event_t *e, char *buf, size_t n)
{
    char name[96], at[64];
    gm_state_name(o->desc, e->reg, e->array, e->elem, name, sizeof name);
    if (e->cycle < 0)
        snprintf(at, sizeof at, "after reset");
    else
        snprintf(at, sizeof at, "after the edge of cycle %" PRId64, e->cycle);
    snprintf(buf, n, "%s %s: C 0x%" PRIx64 ", RTL 0x%" PRIx64, name, at, e->c_val, e->rtl_val);
}

static void report(const gm_lockstep_opts_t *o, const event_t *ev,
                   const pass_out_t *p2, int64_t win_from)
{
    const gm_block_desc_t *d = o->desc;
    FILE *f = o->out;
    char buf[512];
    gm_err_t err;
    const char *what = ev->kind == EV_GOLDEN ? "GOLDEN CHECK FAILED" : "MISMATCH";
    if (ev->cycle < 0)
        fprintf(f, "cosim %s[%s]: %s after reset (seed %" PRIu64 ", stimulus %s)\n",
                d->name, o->point, what, o->seed, o->stim->name);
    else
        fprintf(f, "cosim %s[%s]: %s at cycle %" PRId64 " (seed %" PRIu64
                   ", stimulus %s)\n",
                d->name, o->point, what, ev->cycle, o->seed, o->stim->name);
    switch (ev->kind) {
    case EV_OUTPUT:
        fprintf(f, "  output %s_o: C %s, RTL %s\n", d->out[ev->port].name, ev->c_str,
                ev->rtl_str);
        break;
    case EV_STATE:
        format_state(o, ev, buf, sizeof buf);
        fprintf(f, "  state %s\n", buf);
        break;
    case EV_GOLDEN:
        fprintf(f, "  C model against the golden vector: %s\n", ev->msg);
        break;
    case EV_C_RANGE:
        fprintf(f, "  the C model drove %s_o beyond its %u bits (a C model bug)\n",
                d->out[ev->port].name, d->out[ev->port].width);
        break;
    case EV_NONE: break;
    }
    gm_rtl_xdescribe(&o->x, o->seed, buf, sizeof buf);
    fprintf(f, "  RTL registers before reset: %s\n", buf);
    if (o->fault_cycle >= 0 && ev->kind == EV_OUTPUT && ev->cycle == o->fault_cycle) {
        sim_t tmp; /* only to learn which bit the fault flips */
        if (sim_new(&tmp, o, &err) == 0) {
            fprintf(f, "  injected fault: bit %u of %s_o flipped at cycle %" PRId64 "\n",
                    tmp.fault_bit, d->out[tmp.fault_port].name, o->fault_cycle);
            sim_free(&tmp);
        }
    }
    if (p2->first_state.kind == EV_STATE) {
        format_state(o, &p2->first_state, buf, sizeof buf);
        fprintf(f, "  first diverging state register: %s\n", buf);
    } else {
        fprintf(f, "  first diverging state register: none (C and RTL state agree "
                   "through cycle %" PRId64 ")\n", ev->cycle);
    }
    print_inputs(o, p2, ev->cycle);
    if (ev->cycle < 0) /* after reset: the window is the reset itself */
        fprintf(f, "  VCD window, the reset (%d edges): %s.c.vcd %s.rtl.vcd\n", RESET_CYCLES,
                o->mismatch_prefix, o->mismatch_prefix);
    else
        fprintf(f, "  VCD window, cycles %" PRId64 "..%" PRId64 ": %s.c.vcd %s.rtl.vcd\n",
                win_from, ev->cycle, o->mismatch_prefix, o->mismatch_prefix);
}

static uint64_t state_elements(const gm_lockstep_opts_t *o)
{
    gm_err_t err;
    const gm_block_desc_t *d = o->desc;
    void *c = new_c_model(d, o, &err);
    uint64_t n = 0;
    if (!c)
        return 0;
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(c, i);
        n += depth ? depth : 1;
    }
    free(c);
    return n;
}

int gm_lockstep_run(const gm_lockstep_opts_t *o, gm_lockstep_result_t *r,
                    gm_err_t *err)
{
    memset(r, 0, sizeof *r);
    /* Comparing large state every cycle would dominate the run; compare it
     * about as often as a few dozen outputs cost, and make the mismatch
     * window long enough to find the first divergence anyway. */
    uint64_t every = state_elements(o) / 64 + 1;
    uint64_t window = o->window > every ? o->window : every;

    pass_cfg_t p1 = {o->cycles, o->vcd_prefix != NULL, -RESET_CYCLES,
                     o->vcd_prefix, UINT64_MAX, every, 1};
    pass_out_t po1, po2;
    if (run_pass(o, &p1, &po1, err))
        return -1;
    free(po1.hist);
    r->cycles = po1.cycles;
    r->coverage_full = po1.coverage_full;
    r->fault_injected = po1.fault_injected;
    if (po1.ev.kind == EV_NONE)
        return 0;

    const event_t *ev = &po1.ev;
    int64_t from = ev->cycle - (int64_t)window;
    if (from < -RESET_CYCLES)
        from = -RESET_CYCLES;
    pass_cfg_t p2 = {(uint64_t)(ev->cycle + 1), 1, from, o->mismatch_prefix,
                     from > 0 ? (uint64_t)from : 0, every, 0};
    if (run_pass(o, &p2, &po2, err))
        return -1;
    report(o, ev, &po2, from < 0 ? 0 : from);
    free(po2.hist);
    r->mismatch_cycle = ev->cycle < 0 ? 0 : (uint64_t)ev->cycle;
    if (ev->kind == EV_GOLDEN)
        r->golden_failed = 1;
    else
        r->mismatches = 1;
    return 0;
}
