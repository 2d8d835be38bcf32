#include "syslock.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "blkvcd.h"
#include "porttrace.h"
#include "rtl_api.h"
#include "state_diff.h"
#include "syslock_pipe.h"

typedef struct inst {
    gm_syslock_t *ls;
    gm_blk_t *b;           /* its path and descriptor; its ports and state
                            * only in-line (a worker replays records) */
    unsigned index;        /* attach order: breaks ties between mismatches */
    gm_syslock_type_t *type;
    const gm_rtl_ops_t *ops;
    gm_rtl_t *m;
    void *out_r;
    uint64_t ticks, evals, clocked;
    uint64_t state_every;
    uint64_t since, clocked_since; /* edges, and RTL-clocked ones, since a check */
    /* Fixed-point skipping (see settle()): the inputs of the RTL's last
     * edge, its image after an edge, and whether it is at a fixed point. */
    unsigned char *last_in;
    unsigned char *img;
    size_t img_n;
    int img_ok, fixed;
    unsigned wait, backoff;
    int rtl_on;            /* RTL attached (else only recording) */
    int dead;              /* mismatched: a worker checks it no further */
    int tracing;
    int clk_low;           /* evaluated with the clock low since the last edge */
    gm_chan_t *ch;         /* --rtl-threads: its records, else NULL */
    void *shadow;          /* replayed: the worker's copy of the C model */
    gm_blkvcd_t vcd;
    gm_ptrace_t *rec;
    gm_tgl_inst_t *tgl;    /* --toggles counters, or NULL */
} inst_t;

static void replay(void *vx, const gm_pipe_rec_t *r);

/* A state check is due every state_every edges, or every IDLE_CHECKS
 * times as many while the RTL ran on none of them. */
enum { IDLE_CHECKS = 16 };

static int check_due(inst_t *x)
{
    return (x->clocked_since && x->since >= x->state_every) ||
           x->since >= IDLE_CHECKS * x->state_every;
}

/* Workers report mismatches of different instances at once. */
static pthread_mutex_t event_mu = PTHREAD_MUTEX_INITIALIZER;

static int listed(const char (*names)[48], unsigned n, const gm_blk_t *b)
{
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(names[i], b->path) || !strcmp(names[i], b->d->name))
            return 1;
    return 0;
}

static int wants_rtl(const gm_syslock_t *ls, const gm_block_desc_t *d)
{
    if (ls->all)
        return 1;
    for (unsigned i = 0; i < ls->nrtl; i++)
        if (!strcmp(ls->rtl[i], d->name))
            return 1;
    return 0;
}

static gm_syslock_type_t *type_of(gm_syslock_t *ls, const gm_block_desc_t *d)
{
    for (unsigned i = 0; i < ls->ntypes; i++)
        if (ls->types[i].d == d)
            return &ls->types[i];
    if (ls->ntypes == GM_SYSLOCK_MAX_TYPES)
        return NULL;
    ls->types[ls->ntypes].d = d;
    return &ls->types[ls->ntypes++];
}

static const void *params_of(const gm_blk_t *b)
{
    return (const char *)b->st + b->d->params_in_state;
}

static uint64_t core_now(const gm_syslock_t *ls) { return ls->core_now ? *ls->core_now : 0; }

static void state_event(inst_t *x, const void *c_state, uint64_t core, gm_syslock_event_t *ev)
{
    gm_state_diff_t df;
    if (!gm_state_diff(x->b->d, c_state, x->ops, x->m, &df))
        return;
    ev->kind = 2;
    snprintf(ev->path, sizeof ev->path, "%s", x->b->path);
    ev->cycle = x->ticks;
    ev->core_cycle = core;
    ev->order = x->index;
    ev->reg = df.reg;
    ev->elem = df.array ? df.elem : UINT32_MAX;
    snprintf(ev->c_val, sizeof ev->c_val, "0x%" PRIx64, df.c_val);
    snprintf(ev->rtl_val, sizeof ev->rtl_val, "0x%" PRIx64, df.rtl_val);
}

/* The run stops at its earliest mismatch: by core cycle, then by instance
 * (workers find them in any order; in-line, the first found is it). */
static int earlier(const gm_syslock_event_t *a, const gm_syslock_event_t *b)
{
    return !b->kind || a->core_cycle < b->core_cycle ||
           (a->core_cycle == b->core_cycle && a->order < b->order);
}

static void report_event(inst_t *x, const gm_syslock_event_t *ev)
{
    gm_syslock_t *ls = x->ls;
    pthread_mutex_lock(&event_mu);
    if (ev->kind == 2 && earlier(ev, &ls->first_state))
        ls->first_state = *ev;
    if (earlier(ev, &ls->first))
        ls->first = *ev;
    pthread_mutex_unlock(&event_mu);
    if (x->ch) {
        x->dead = 1;
        __atomic_store_n(&ls->wstop, 1, __ATOMIC_RELEASE);
    } else {
        ls->stop = 1;
    }
}

static uint64_t trace_time(const inst_t *x, int clk) { return 2 * (x->ticks + 2) + (clk ? 1 : 0); }

static int attach(gm_blk_t *b, void *vls, gm_err_t *err)
{
    gm_syslock_t *ls = vls;
    int rtl = wants_rtl(ls, b->d);
    int rec = ls->record_dir && (ls->nrecord ? listed(ls->record, ls->nrecord, b) : rtl);
    if (!rtl && !rec)
        return 0;
    inst_t *x = calloc(1, sizeof *x);
    char params[1024];
    gm_params_format(b->d, params_of(b), params, sizeof params);
    if (!x)
        return gm_errf(err, "out of memory");
    x->ls = ls;
    x->b = b;
    x->index = ls->ninst++;
    x->last_in = calloc(1, b->d->in_size);
    x->out_r = calloc(1, b->d->out_size);
    if (!x->last_in || !x->out_r) {
        gm_errf(err, "out of memory");
        goto fail;
    }
    if (rtl) {
        for (const gm_rtl_ops_t *const *m = gm_rtl_models; *m && !x->ops; m++)
            if (!strcmp((*m)->block, b->d->name) && !strcmp((*m)->params, params))
                x->ops = *m;
        if (!x->ops) {
            gm_errf(err,
                    "%s: no RTL model of %s with \"%s\" in this binary; add a parameter "
                    "point with these values to configs/blocks/%s/ and rebuild",
                    b->path, b->d->name, params, b->d->name);
            goto fail;
        }
        x->type = type_of(ls, b->d);
        if (!x->type) {
            gm_errf(err, "too many block types in lockstep");
            goto fail;
        }
        x->type->instances++;
        gm_rtl_init_t init = gm_rtl_xinit(&ls->x, ls->run_seed, b->path);
        x->m = x->ops->create(&init);
        x->rtl_on = 1;
        x->ops->image(x->m, &x->img_n);
        x->img = malloc(x->img_n);
        if (!x->img) {
            gm_errf(err, "out of memory");
            goto fail;
        }
        uint64_t elems = 0;
        for (unsigned i = 0; i < b->d->n_state; i++) {
            unsigned depth = b->d->state_depth(b->st, i);
            elems += depth ? depth : 1;
        }
        /* State is compared about every elems/8 edges (each element costs a
         * call on both sides), every 2 * elems while the RTL sits at a fixed
         * point (its state cannot move then, only the C model's); a
         * mismatch's re-run looks at every edge of a window at least that
         * long, so the first divergence is still found. */
        x->state_every = elems / 8 + 1;
        if (IDLE_CHECKS * x->state_every > ls->max_state_every)
            ls->max_state_every = IDLE_CHECKS * x->state_every;
        /* Reset the RTL as the C model was reset by its init. */
        x->ops->set_inputs(x->m, b->in);
        x->ops->set_rst_n(x->m, 0);
        for (int k = 0; k < 2; k++) {
            x->ops->set_clk(x->m, 0);
            x->ops->eval(x->m);
            x->ops->set_clk(x->m, 1);
            x->ops->eval(x->m);
        }
        x->ops->set_clk(x->m, 0);
        x->ops->set_rst_n(x->m, 1);
        x->ops->eval(x->m);
        /* A register the reset leaves alone differs here (the RTL starts
         * random: rtl_init.h), before the system runs a cycle. */
        gm_syslock_event_t ev = {0};
        state_event(x, b->st, 0, &ev);
        ev.after_reset = 1;
        if (ev.kind)
            report_event(x, &ev);
        if (ls->tgl) {
            x->ops->get_outputs(x->m, x->out_r);
            if (gm_tgl_attach(ls->tgl, b->path, b->d, x->ops, x->m, b->in, x->out_r, &x->tgl,
                              err))
                goto fail;
        }
    }
    if (rec) {
        char file[1024];
        snprintf(file, sizeof file, "%s/%s.gmpt", ls->record_dir, b->path);
        x->rec = gm_ptrace_create(file, b->d, b->path, params, err);
        if (!x->rec)
            goto fail;
    }
    if (rtl && ls->threads && !ls->tgl && !ls->trace_path) {
        if (!ls->pool && !(ls->pool = gm_pool_new(ls->threads, replay))) {
            gm_errf(err, "out of memory");
            goto fail;
        }
        /* The worker compares the RTL's state with its own copy of the C
         * model, which it clocks with the recorded inputs (the C model is
         * a function of its state and inputs; the system changes it only
         * through its tick): the simulation thread copies nothing more, and
         * the checks fall on the edges they fall on in-line. */
        x->shadow = malloc(b->d->state_size);
        if (x->shadow)
            memcpy(x->shadow, b->st, b->d->state_size);
        x->ch = gm_pool_chan(ls->pool, x, b->d->in_size, b->d->out_size);
        if (!x->ch || !x->shadow) {
            gm_errf(err, "%s: no lockstep channel (out of memory)", b->path);
            goto fail;
        }
    }
    ls->nlive++;
    b->rtl = x;
    return 1;
fail:
    gm_tgl_detach(x->tgl);
    if (x->m)
        x->ops->destroy(x->m);
    free(x->last_in);
    free(x->img);
    free(x->shadow);
    free(x->out_r);
    free(x);
    return -1;
}

static void start_trace(inst_t *x)
{
    char path[1100];
    gm_err_t err;
    snprintf(path, sizeof path, "%s.c.vcd", x->ls->trace_prefix);
    if (gm_blkvcd_open(&x->vcd, x->b->d, x->b->st, path, &err))
        return;
    snprintf(path, sizeof path, "%s.rtl.vcd", x->ls->trace_prefix);
    x->ops->trace_open(x->m, path);
    x->tracing = 1;
}

/* The RTL's side of an evaluation: the inputs the C model had, compared
 * with the outputs it gave. */
static void rtl_eval(inst_t *x, const void *in, const void *c_out, uint64_t core)
{
    gm_syslock_t *ls = x->ls;
    const gm_block_desc_t *d = x->b->d;
    x->evals++;
    if (x->fixed && !memcmp(in, x->last_in, d->in_size))
        goto compare; /* out_r holds the outputs of this state and input */
    x->fixed = 0;
    x->ops->set_inputs(x->m, in);
    x->ops->set_clk(x->m, 0);
    x->ops->eval(x->m);
    x->clk_low = 1;
    if (ls->trace_path && !x->tracing && !strcmp(ls->trace_path, x->b->path) &&
        x->ticks >= ls->trace_from)
        start_trace(x);
    if (x->tracing) {
        gm_blkvcd_dump(&x->vcd, trace_time(x, 0), 0, 1, x->b->st, in);
        x->ops->trace_dump(x->m, trace_time(x, 0));
    }
    x->ops->get_outputs(x->m, x->out_r); /* writes every output */
compare:
    if (!memcmp(c_out, x->out_r, d->out_size))
        return;
    for (unsigned i = 0; i < d->n_out; i++) {
        const gm_port_desc_t *p = &d->out[i];
        size_t n = p->wide ? GM_WORDS(p->width) * 4 : 8;
        if (!memcmp((const char *)c_out + p->offset, (const char *)x->out_r + p->offset, n))
            continue;
        gm_syslock_event_t ev = {0};
        ev.kind = 1;
        snprintf(ev.path, sizeof ev.path, "%s", x->b->path);
        ev.cycle = x->ticks;
        ev.core_cycle = core;
        ev.order = x->index;
        ev.port = i;
        gm_port_format(p, c_out, ev.c_val, sizeof ev.c_val);
        gm_port_format(p, x->out_r, ev.rtl_val, sizeof ev.rtl_val);
        report_event(x, &ev);
        return;
    }
}

/* After an edge: is the RTL at a fixed point of its inputs? An edge that
 * leaves its whole image (every register, signal and trigger) as it was,
 * with the inputs the edge before had, will do so again for as long as the
 * inputs stay the same: the model is a deterministic function of its image
 * and inputs. Then its evaluations and edges are skipped until the inputs
 * change, with the outputs it last gave; this holds for any RTL, a broken
 * one included, so no mismatch is missed or moved. An image costs a copy,
 * so after a failed look the next waits 1, 2 .. 64 edges of unchanged
 * inputs. */
static void settle(inst_t *x, const void *in)
{
    size_t n, in_size = x->b->d->in_size;
    const void *img = x->ops->image(x->m, &n);
    if (memcmp(in, x->last_in, in_size)) {
        memcpy(x->last_in, in, in_size);
        memcpy(x->img, img, n); /* the next edge may already prove it */
        x->img_ok = 1;
        x->wait = x->backoff = 0;
        return;
    }
    if (x->img_ok && !memcmp(img, x->img, n)) {
        x->fixed = 1;
        x->img_ok = 0;
        x->backoff = 0;
        /* The outputs an evaluation with the clock low gives (the skipped
         * ones would have been), as every compare before an edge sees. */
        x->ops->set_clk(x->m, 0);
        x->ops->eval(x->m);
        x->clk_low = 1;
        x->ops->get_outputs(x->m, x->out_r);
        return;
    }
    if (x->img_ok) { /* it moved: look again later */
        x->img_ok = 0;
        x->wait = x->backoff;
        x->backoff = x->backoff ? (x->backoff < 64 ? 2 * x->backoff : 64) : 1;
        return;
    }
    if (x->wait) {
        x->wait--;
        return;
    }
    memcpy(x->img, img, n);
    x->img_ok = 1;
}

/* Compare the state after the edge just taken. */
static void check(inst_t *x, const void *c_state, uint64_t core)
{
    x->since = x->clocked_since = 0;
    gm_syslock_event_t ev = {0};
    state_event(x, c_state, core, &ev);
    if (ev.kind) {
        ev.cycle = x->ticks - 1;
        report_event(x, &ev);
    }
}

/* An edge the RTL, at a fixed point, would leave as it is; c_state: the C
 * model's state after it. */
static void fixed_edge(inst_t *x, const void *c_state, uint64_t core)
{
    x->ticks++;
    x->since++;
    if (check_due(x))
        check(x, c_state, core);
}

/* The RTL's side of an edge; c_state: the C model's state after it. */
static void rtl_tick(inst_t *x, const void *in, const void *c_state, uint64_t core)
{
    gm_syslock_t *ls = x->ls;
    int close_look = x->tracing || (ls->trace_path && !strcmp(ls->trace_path, x->b->path) &&
                                    x->ticks + 1 >= ls->trace_from);
    if (x->fixed && !close_look && !memcmp(in, x->last_in, x->b->d->in_size)) {
        fixed_edge(x, c_state, core);
        return;
    }
    x->since++;
    x->fixed = 0;
    /* A rising edge: the clock must go low first when nothing evaluated
     * the instance this cycle (it is still high from the last edge). */
    x->ops->set_inputs(x->m, in);
    if (!x->clk_low) {
        x->ops->set_clk(x->m, 0);
        x->ops->eval(x->m);
    }
    if (x->tgl) /* the outputs of the cycle, before the edge changes them */
        x->ops->get_outputs(x->m, x->out_r);
    x->ops->set_clk(x->m, 1);
    x->ops->eval(x->m);
    x->clk_low = 0;
    x->clocked++;
    x->clocked_since++;
    if (x->tgl)
        gm_tgl_edge(x->tgl, x->ticks, in, x->out_r);
    x->ticks++;
    if (x->tracing) {
        gm_blkvcd_dump(&x->vcd, trace_time(x, 1) - 2, 1, 1, x->b->st, in);
        x->ops->trace_dump(x->m, trace_time(x, 1) - 2);
    }
    if (!x->tgl && !close_look)
        settle(x, in);
    if (close_look || check_due(x))
        check(x, c_state, core);
}

/* A worker replays one record: n repetitions. While the RTL sits at a
 * fixed point of the record's inputs, a repetition after the first only
 * compares the same outputs again and clocks the C copy. */
static void replay(void *vx, const gm_pipe_rec_t *r)
{
    inst_t *x = vx;
    const gm_block_desc_t *d = x->b->d;
    int ev = r->kind != GM_PIPE_TICK, tk = r->kind != GM_PIPE_EVAL;
    for (uint32_t i = 0; i < r->n && !x->dead; i++) {
        uint64_t core = r->core + (uint64_t)i * r->stride;
        if (ev)
            rtl_eval(x, r->in, r->out, core);
        if (tk && !x->dead) {
            d->tick(x->shadow, r->in);
            rtl_tick(x, r->in, x->shadow, core);
        }
        if (!x->fixed || memcmp(r->in, x->last_in, d->in_size) ||
            (ev && memcmp(r->out, x->out_r, d->out_size)))
            continue;
        for (i++; i < r->n && !x->dead; i++) {
            x->evals += (uint64_t)ev;
            if (!tk)
                continue;
            d->tick(x->shadow, r->in);
            fixed_edge(x, x->shadow, r->core + (uint64_t)i * r->stride);
        }
    }
}

static void eval(gm_blk_t *b, void *vls)
{
    gm_syslock_t *ls = vls;
    inst_t *x = b->rtl;
    if (x->rec)
        gm_ptrace_eval(x->rec, b->in, b->out);
    if (!x->rtl_on)
        return;
    if (!x->ch) {
        rtl_eval(x, b->in, b->out, core_now(ls));
        return;
    }
    if (__atomic_load_n(&ls->wstop, __ATOMIC_RELAXED))
        ls->stop = 1;
    gm_chan_eval(x->ch, b->in, b->out, core_now(ls));
}

static void tick(gm_blk_t *b, void *vls)
{
    gm_syslock_t *ls = vls;
    inst_t *x = b->rtl;
    if (x->rec)
        gm_ptrace_tick(x->rec, b->in);
    if (!x->rtl_on)
        return;
    if (!x->ch) {
        rtl_tick(x, b->in, b->st, core_now(ls));
        return;
    }
    if (__atomic_load_n(&ls->wstop, __ATOMIC_RELAXED))
        ls->stop = 1;
    gm_chan_tick(x->ch, b->in, core_now(ls));
}

static void detach(gm_blk_t *b, void *vls)
{
    gm_syslock_t *ls = vls;
    inst_t *x = b->rtl;
    if (ls->pool) /* every record replayed before any counts */
        gm_pool_finish(ls->pool);
    if (x->type) {
        x->type->evals += x->evals;
        x->type->cycles += x->ticks;
        x->type->clocked += x->clocked;
    }
    if (x->tracing) {
        gm_blkvcd_close(&x->vcd, NULL);
        x->ops->trace_close(x->m);
    }
    gm_tgl_detach(x->tgl);
    gm_err_t err;
    if (x->rec && gm_ptrace_close(x->rec, &err))
        fprintf(stderr, "gmem: %s\n", err.msg);
    if (x->m)
        x->ops->destroy(x->m);
    free(x->last_in);
    free(x->img);
    free(x->shadow);
    free(x->out_r);
    free(x);
    b->rtl = NULL;
    if (--ls->nlive == 0 && ls->pool) {
        gm_pool_free(ls->pool);
        ls->pool = NULL;
    }
}

int gm_syslock_init(gm_syslock_t *ls, const char *list, gm_err_t *err)
{
    memset(ls, 0, sizeof *ls);
    ls->hooks.attach = attach;
    ls->hooks.eval = eval;
    ls->hooks.tick = tick;
    ls->hooks.detach = detach;
    ls->hooks.ctx = ls;
    ls->hooks.stop = &ls->stop;
    ls->hooks.now = &ls->core_now;
    gm_rtl_xopts_default(&ls->x);
    if (!list || !*list)
        return 0;
    if (!strcmp(list, "all")) {
        ls->all = 1;
        return 0;
    }
    char buf[512];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (!gm_block_find(t))
            return gm_errf(err, "--rtl: unknown block '%s'", t);
        if (ls->nrtl == 16)
            return gm_errf(err, "--rtl: at most 16 blocks");
        snprintf(ls->rtl[ls->nrtl++], sizeof ls->rtl[0], "%s", t);
    }
    return 0;
}

int gm_syslock_report(const gm_syslock_t *ls, FILE *out)
{
    for (unsigned i = 0; i < ls->ntypes; i++) {
        const gm_syslock_type_t *t = &ls->types[i];
        fprintf(out, "lockstep %-10s %" PRIu64 " instances, %" PRIu64 " cycles, %" PRIu64
                     " evaluations checked",
                t->d->name, t->instances, t->cycles, t->evals);
        if (t->clocked < t->cycles)
            fprintf(out, "; the RTL clocked on %" PRIu64 " (%.1f %%), the rest at a fixed point",
                    t->clocked, 100.0 * (double)t->clocked / (double)t->cycles);
        fputc('\n', out);
    }
    /* A block named that the run never made (e.g. capture_ctrl without
     * uvm.ctrl=block) was not checked: say so rather than let "0
     * mismatches" stand for it. */
    for (unsigned i = 0; i < ls->nrtl; i++) {
        unsigned j = 0;
        while (j < ls->ntypes && strcmp(ls->types[j].d->name, ls->rtl[i]))
            j++;
        if (j == ls->ntypes)
            fprintf(out, "lockstep %-10s 0 instances: this run has none, nothing compared\n",
                    ls->rtl[i]);
    }
    return ls->first.kind != 0;
}
