#include "syslock.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "blkvcd.h"
#include "porttrace.h"
#include "rtl_api.h"
#include "state_diff.h"

typedef struct inst {
    gm_syslock_t *ls;
    gm_syslock_type_t *type;
    const gm_rtl_ops_t *ops;
    gm_rtl_t *m;
    void *out_r;
    uint64_t ticks, evals;
    uint64_t state_every;
    unsigned char *hist;   /* last GM_SYSLOCK_HIST evaluated inputs */
    uint64_t hist_n;
    int rtl_on;            /* RTL attached (else only recording) */
    int tracing;
    int clk_low;           /* evaluated with the clock low since the last edge */
    gm_blkvcd_t vcd;
    gm_ptrace_t *rec;
    gm_tgl_inst_t *tgl;    /* --toggles counters, or NULL */
} inst_t;

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

static void state_event(inst_t *x, gm_blk_t *b, gm_syslock_event_t *ev)
{
    gm_state_diff_t df;
    if (!gm_state_diff(b->d, b->st, x->ops, x->m, &df))
        return;
    ev->kind = 2;
    snprintf(ev->path, sizeof ev->path, "%s", b->path);
    ev->cycle = x->ticks;
    ev->core_cycle = x->ls->core_now ? *x->ls->core_now : 0;
    ev->reg = df.reg;
    ev->elem = df.array ? df.elem : UINT32_MAX;
    snprintf(ev->c_val, sizeof ev->c_val, "0x%" PRIx64, df.c_val);
    snprintf(ev->rtl_val, sizeof ev->rtl_val, "0x%" PRIx64, df.rtl_val);
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
    x->hist = calloc(GM_SYSLOCK_HIST, b->d->in_size);
    x->out_r = calloc(1, b->d->out_size);
    if (!x->hist || !x->out_r) {
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
        uint64_t elems = 0;
        for (unsigned i = 0; i < b->d->n_state; i++) {
            unsigned depth = b->d->state_depth(b->st, i);
            elems += depth ? depth : 1;
        }
        /* State is compared about every elems/8 edges (each element costs a
         * call on both sides); a mismatch's re-run looks at every edge of a
         * window at least that long, so the first divergence is still found. */
        x->state_every = elems / 8 + 1;
        if (x->state_every > ls->max_state_every)
            ls->max_state_every = x->state_every;
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
        state_event(x, b, &ev);
        ev.after_reset = 1;
        if (ev.kind && !ls->first_state.kind)
            ls->first_state = ev;
        if (ev.kind && !ls->first.kind) {
            ls->first = ev;
            ls->stop = 1;
        }
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
    b->rtl = x;
    return 1;
fail:
    gm_tgl_detach(x->tgl);
    if (x->m)
        x->ops->destroy(x->m);
    free(x->hist);
    free(x->out_r);
    free(x);
    return -1;
}

static void start_trace(inst_t *x, gm_blk_t *b)
{
    char path[1100];
    gm_err_t err;
    snprintf(path, sizeof path, "%s.c.vcd", x->ls->trace_prefix);
    if (gm_blkvcd_open(&x->vcd, b->d, b->st, path, &err))
        return;
    snprintf(path, sizeof path, "%s.rtl.vcd", x->ls->trace_prefix);
    x->ops->trace_open(x->m, path);
    x->tracing = 1;
}

static void eval(gm_blk_t *b, void *vls)
{
    gm_syslock_t *ls = vls;
    inst_t *x = b->rtl;
    const gm_block_desc_t *d = b->d;
    if (x->rec)
        gm_ptrace_eval(x->rec, b->in, b->out);
    if (!x->rtl_on)
        return;
    memcpy(x->hist + (x->hist_n++ % GM_SYSLOCK_HIST) * d->in_size, b->in, d->in_size);
    x->ops->set_inputs(x->m, b->in);
    x->ops->set_clk(x->m, 0);
    x->ops->eval(x->m);
    x->clk_low = 1;
    x->evals++;
    x->type->evals++;
    if (ls->trace_path && !x->tracing && !strcmp(ls->trace_path, b->path) &&
        x->ticks >= ls->trace_from)
        start_trace(x, b);
    if (x->tracing) {
        gm_blkvcd_dump(&x->vcd, trace_time(x, 0), 0, 1, b->st, b->in);
        x->ops->trace_dump(x->m, trace_time(x, 0));
    }
    x->ops->get_outputs(x->m, x->out_r); /* writes every output */
    if (!memcmp(b->out, x->out_r, d->out_size))
        return;
    for (unsigned i = 0; i < d->n_out; i++) {
        const gm_port_desc_t *p = &d->out[i];
        size_t n = p->wide ? GM_WORDS(p->width) * 4 : 8;
        if (!memcmp((const char *)b->out + p->offset, (const char *)x->out_r + p->offset, n))
            continue;
        if (!ls->first.kind) {
            gm_syslock_event_t *ev = &ls->first;
            ev->kind = 1;
            snprintf(ev->path, sizeof ev->path, "%s", b->path);
            ev->cycle = x->ticks;
            ev->core_cycle = ls->core_now ? *ls->core_now : 0;
            ev->port = i;
            gm_port_format(p, b->out, ev->c_val, sizeof ev->c_val);
            gm_port_format(p, x->out_r, ev->rtl_val, sizeof ev->rtl_val);
            ls->stop = 1;
        }
        return;
    }
}

static void tick(gm_blk_t *b, void *vls)
{
    gm_syslock_t *ls = vls;
    inst_t *x = b->rtl;
    if (x->rec)
        gm_ptrace_tick(x->rec, b->in);
    if (!x->rtl_on)
        return;
    /* A rising edge: the clock must go low first when nothing evaluated
     * the instance this cycle (it is still high from the last edge). */
    x->ops->set_inputs(x->m, b->in);
    if (!x->clk_low) {
        x->ops->set_clk(x->m, 0);
        x->ops->eval(x->m);
    }
    if (x->tgl) /* the outputs of the cycle, before the edge changes them */
        x->ops->get_outputs(x->m, x->out_r);
    x->ops->set_clk(x->m, 1);
    x->ops->eval(x->m);
    x->clk_low = 0;
    if (x->tgl)
        gm_tgl_edge(x->tgl, x->ticks, b->in, x->out_r);
    x->ticks++;
    x->type->cycles++;
    if (x->tracing) {
        gm_blkvcd_dump(&x->vcd, trace_time(x, 1) - 2, 1, 1, b->st, b->in);
        x->ops->trace_dump(x->m, trace_time(x, 1) - 2);
    }
    int close_look = x->tracing || (ls->trace_path && !strcmp(ls->trace_path, b->path) &&
                                    x->ticks >= ls->trace_from);
    if (close_look || x->ticks % x->state_every == 0) {
        gm_syslock_event_t ev = {0};
        state_event(x, b, &ev);
        if (ev.kind) {
            ev.cycle = x->ticks - 1;
            if (!ls->first_state.kind)
                ls->first_state = ev;
            if (!ls->first.kind) {
                ls->first = ev;
                ls->stop = 1;
            }
        }
    }
}

static void detach(gm_blk_t *b, void *vls)
{
    inst_t *x = b->rtl;
    (void)vls;
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
    free(x->hist);
    free(x->out_r);
    free(x);
    b->rtl = NULL;
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
                     " evaluations checked\n",
                t->d->name, t->instances, t->cycles, t->evals);
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
