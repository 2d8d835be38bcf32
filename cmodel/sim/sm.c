/* The SM front end: CTA dispatch onto the SM, warps, the warp schedulers
 * and the issue stage. */
#include "sm.h"

#include <stdlib.h>
#include <string.h>

#include "util/bits.h"

int gm_sm_init(gm_sm_t *sm, uint32_t id, const gm_sm_cfg_t *c, gm_ctx_t ctx, gm_grid_t *grid,
               size_t ws_size, gm_inst_q_t *to_lsu, gm_err_t *err)
{
    memset(sm, 0, sizeof *sm);
    sm->id = id;
    sm->cfg = c;
    sm->ctx = ctx;
    sm->grid = grid;
    sm->to_lsu = to_lsu;
    sm->ws_stride = ((ws_size < 8 ? 8 : ws_size) + 15) / 16 * 16;
    sm->warp = calloc(c->max_warps, sizeof *sm->warp);
    sm->winst = calloc(c->max_warps, sizeof *sm->winst);
    sm->cta = calloc(c->max_ctas, sizeof *sm->cta);
    sm->sched = calloc(c->schedulers, sizeof *sm->sched);
    sm->owns = calloc(c->schedulers, sizeof *sm->owns);
    sm->ws_arena = calloc(c->max_warps, sm->ws_stride);
    if (!sm->warp || !sm->winst || !sm->owns || !sm->cta || !sm->sched || !sm->ws_arena ||
        gm_fifo_init(&sm->done, 64))
        return gm_errf(err, "sm%u: out of memory", id);
    for (uint32_t k = 0; k < c->schedulers; k++) {
        sm->sched[k].order = calloc(c->max_warps, sizeof(uint16_t));
        sm->sched[k].last = -1;
        if (!sm->sched[k].order)
            return gm_errf(err, "sm%u: out of memory", id);
    }
    for (uint32_t w = 0; w < c->max_warps; w++) {
        sm->warp[w].ws = sm->ws_arena + w * sm->ws_stride;
        sm->owns[w % c->schedulers][w >> 6] |= 1ull << (w & 63);
    }
    return 0;
}

void gm_sm_free(gm_sm_t *sm)
{
    for (uint32_t k = 0; sm->sched && k < sm->cfg->schedulers; k++)
        free(sm->sched[k].order);
    free(sm->sched);
    free(sm->owns);
    free(sm->warp);
    free(sm->winst);
    free(sm->cta);
    free(sm->ws_arena);
    gm_fifo_free(&sm->done);
    gm_hooks_free((gm_hooks_t *)&sm->hook, GM_HOOKS_IN(sm->hook));
}

/* A compute instruction waits for the warp's loads (it uses the loaded
 * values), its EXIT also for its stores' acks (stores_out stays 0 unless
 * sm.store_acks). */
static inline int compute_ready(const gm_warp_t *w)
{
    return w->loads_out == 0 && (w->gap_left || w->stores_out == 0);
}

/* Recompute a warp's bits in cready/mcand after any change to it. */
static void warp_refresh(gm_sm_t *sm, uint32_t w)
{
    const gm_warp_t *x = &sm->warp[w];
    uint64_t bit = 1ull << (w & 63);
    unsigned i = w >> 6;
    int alive = x->live && !x->exited;
    int compute = x->gap_left || x->op == GM_OP_EXIT;
    if (alive && compute && compute_ready(x))
        sm->cready[i] |= bit;
    else
        sm->cready[i] &= ~bit;
    if (alive && !compute)
        sm->mcand[i] |= bit;
    else
        sm->mcand[i] &= ~bit;
}

/* ---- CTA dispatch ---- */

typedef struct cta_need {
    uint32_t threads, warps, regs, smem;
} cta_need_t;

static cta_need_t need_of(const gm_kernel_t *k)
{
    cta_need_t n;
    n.threads = k->block[0] * k->block[1] * k->block[2];
    n.warps = (n.threads + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
    n.regs = k->regs_per_thread * n.warps * GM_WARP_SIZE; /* allocated per warp */
    n.smem = k->smem_per_cta;
    return n;
}

/* The SM's free resources hold one more CTA. */
static int hw_fits(const gm_sm_t *sm, const cta_need_t *n)
{
    const gm_sm_cfg_t *c = sm->cfg;
    return sm->used_ctas + 1 <= c->max_ctas && sm->used_warps + n->warps <= c->max_warps &&
           sm->used_threads + n->threads <= c->max_threads &&
           sm->used_regs + n->regs <= c->registers && sm->used_smem + n->smem <= c->smem_bytes;
}

/* With several streams every stream gets an equal share of each SM
 * resource (an even intra-SM partition), so one kernel cannot starve the
 * other of CTA slots. */
static int share_fits(const gm_sm_t *sm, uint32_t s, const cta_need_t *n)
{
    const gm_sm_cfg_t *c = sm->cfg;
    uint32_t k = sm->grid->split;
    if (k == 1)
        return 1;
    return (sm->s_ctas[s] + 1) * k <= c->max_ctas && (sm->s_warps[s] + n->warps) * k <= c->max_warps &&
           (sm->s_threads[s] + n->threads) * k <= c->max_threads &&
           (sm->s_regs[s] + n->regs) * k <= c->registers &&
           (sm->s_smem[s] + n->smem) * k <= c->smem_bytes;
}

static int fits(const gm_sm_t *sm, uint32_t s, const cta_need_t *n)
{
    return hw_fits(sm, n) && share_fits(sm, s, n);
}

/* How many CTAs of this shape an empty SM holds. */
static uint32_t fit_count(const gm_sm_cfg_t *c, const cta_need_t *n)
{
    uint32_t t = c->max_ctas;
    if (n->warps && c->max_warps / n->warps < t)
        t = c->max_warps / n->warps;
    if (n->threads && c->max_threads / n->threads < t)
        t = c->max_threads / n->threads;
    if (n->regs && c->registers / n->regs < t)
        t = c->registers / n->regs;
    if (n->smem && c->smem_bytes / n->smem < t)
        t = c->smem_bytes / n->smem;
    return t;
}

static uint32_t free_slot(const gm_sm_t *sm)
{
    uint32_t slot = 0;
    while (sm->cta[slot].live)
        slot++;
    return slot;
}

/* The pick hook: a plug-in may hold the CTA back or name it (*id). */
static int pick(const gm_sm_t *sm, uint32_t s, const cta_need_t *n, uint32_t *id)
{
    const gm_grid_stream_t *st = &sm->grid->s[s];
    gm_pick_ev_t ev = {.k = st->k, .stream = s, .kid = st->kid, .ctas = st->ctas_total,
                       .fit = fit_count(sm->cfg, n), .slot = free_slot(sm), .cta_id = *id,
                       .take = 1};
    gm_hooks_call(&sm->hook.pick, &ev);
    *id = ev.cta_id;
    return ev.take;
}

int gm_sm_offer(gm_sm_t *sm, uint32_t s, uint32_t *id)
{
    const gm_grid_stream_t *st = &sm->grid->s[s];
    cta_need_t n = need_of(st->k);
    *id = UINT32_MAX;
    if (sm->no_fit)
        return 0;
    if (!fits(sm, s, &n)) {
        sm->no_fit = 1;
        return 0;
    }
    return !sm->hook.pick.n || pick(sm, s, &n, id);
}

void gm_sm_place(gm_sm_t *sm, uint32_t s, uint32_t cta_id)
{
    gm_grid_stream_t *st = &sm->grid->s[s];
    const gm_kernel_t *k = st->k;
    cta_need_t n = need_of(k);
    uint32_t slot = free_slot(sm);
    gm_cta_t *cta = &sm->cta[slot];
    cta->live = 1;
    cta->stream = (uint8_t)s;
    cta->warps_left = (uint16_t)n.warps;
    cta->threads = n.threads;
    cta->warps = n.warps;
    cta->regs = n.regs;
    cta->smem = n.smem;
    sm->used_ctas++;
    sm->st.ctas++;
    sm->used_warps += n.warps;
    sm->used_threads += n.threads;
    sm->used_regs += n.regs;
    sm->used_smem += n.smem;
    sm->s_ctas[s]++;
    sm->s_warps[s] += n.warps;
    sm->s_threads[s] += n.threads;
    sm->s_regs[s] += n.regs;
    sm->s_smem[s] += n.smem;
    if (sm->hook.cta.n) {
        gm_cta_ev_t ev = {.stream = s, .kid = st->kid, .slot = slot, .cta_id = cta_id,
                          .threads = n.threads,
                          .warps = n.warps, .regs = n.regs, .smem = n.smem,
                          .fit = fit_count(sm->cfg, &n), .ctas = st->ctas_total};
        gm_hooks_call(&sm->hook.cta, &ev);
    }
    st->next_cta++;
    uint32_t w = 0;
    for (uint32_t i = 0; i < n.warps; i++) {
        while (sm->warp[w].live)
            w++;
        gm_warp_t *wp = &sm->warp[w];
        void *ws = wp->ws;
        memset(wp, 0, sizeof *wp);
        wp->ws = ws;
        wp->live = 1;
        wp->stream = (uint8_t)s;
        wp->cta = (uint16_t)slot;
        wp->in_cta = (uint16_t)i;
        uint32_t left = n.threads - i * GM_WARP_SIZE;
        wp->lanes = left >= GM_WARP_SIZE ? 0xffffffffu : (1u << left) - 1;
        wp->age = sm->next_age++;
        k->ops->warp_init(k, wp->ws, cta_id, i);
        k->ops->warp_next(k, wp->ws, &sm->winst[w]);
        wp->gap_left = sm->winst[w].gap;
        wp->op = sm->winst[w].op;
        gm_sched_add(&sm->sched[w % sm->cfg->schedulers], (uint16_t)w);
        warp_refresh(sm, w);
    }
}

/* A TB-partition plug-in decides: every stream's standing goes to it and
 * its pick is placed. */
static int dispatch_admit(gm_sm_t *sm)
{
    gm_admit_ev_t ev;
    memset(&ev, 0, sizeof ev);
    ev.nstreams = sm->grid->nstreams;
    ev.first = sm->next_stream;
    ev.pick = -1;
    for (uint32_t i = 0; i < ev.nstreams; i++) {
        uint32_t s = (ev.first + i) % ev.nstreams;
        const gm_grid_stream_t *st = &sm->grid->s[s];
        if (!st->k || st->next_cta >= st->ctas_total)
            continue;
        cta_need_t n = need_of(st->k);
        ev.need[s].threads = n.threads;
        ev.need[s].warps = n.warps;
        ev.need[s].regs = n.regs;
        ev.need[s].smem = n.smem;
        ev.fits[s] = (uint8_t)hw_fits(sm, &n);
        ev.even[s] = (uint8_t)(ev.fits[s] && share_fits(sm, s, &n));
        if (ev.even[s] && ev.pick < 0)
            ev.pick = (int32_t)s;
    }
    gm_hooks_call(&sm->hook.admit, &ev);
    if (ev.pick < 0 || (uint32_t)ev.pick >= ev.nstreams || !ev.fits[ev.pick]) {
        sm->no_fit = 1;
        return 0;
    }
    uint32_t s = (uint32_t)ev.pick, id = UINT32_MAX;
    cta_need_t n = need_of(sm->grid->s[s].k);
    if (sm->hook.pick.n && !pick(sm, s, &n, &id))
        return 0; /* held back, not a lack of room: try again next cycle */
    gm_sm_place(sm, s, id == UINT32_MAX ? sm->grid->s[s].next_cta : id);
    sm->next_stream = (s + 1) % ev.nstreams;
    return 1;
}

int gm_sm_try_dispatch(gm_sm_t *sm)
{
    if (sm->no_fit) /* cleared when a CTA of this SM ends or a kernel starts */
        return 0;
    if (sm->hook.admit.n)
        return dispatch_admit(sm);
    uint32_t ns = sm->grid->nstreams;
    int held = 0; /* a plug-in held a CTA back: not a lack of room */
    for (uint32_t i = 0; i < ns; i++) {
        uint32_t s = (sm->next_stream + i) % ns;
        const gm_grid_stream_t *st = &sm->grid->s[s];
        if (!st->k || st->next_cta >= st->ctas_total)
            continue;
        cta_need_t n = need_of(st->k);
        if (!fits(sm, s, &n))
            continue;
        uint32_t id = UINT32_MAX;
        if (sm->hook.pick.n && !pick(sm, s, &n, &id)) {
            held = 1;
            continue;
        }
        gm_sm_place(sm, s, id == UINT32_MAX ? st->next_cta : id);
        sm->next_stream = (s + 1) % ns;
        return 1;
    }
    sm->no_fit = !held;
    return 0;
}

static void finish_cta(gm_sm_t *sm, uint32_t slot)
{
    gm_cta_t *c = &sm->cta[slot];
    uint32_t s = c->stream;
    sm->used_ctas--;
    sm->used_warps -= c->warps;
    sm->used_threads -= c->threads;
    sm->used_regs -= c->regs;
    sm->used_smem -= c->smem;
    sm->s_ctas[s]--;
    sm->s_warps[s] -= c->warps;
    sm->s_threads[s] -= c->threads;
    sm->s_regs[s] -= c->regs;
    sm->s_smem[s] -= c->smem;
    c->live = 0;
    sm->no_fit = 0;
    sm->grid->s[s].ctas_done++;
    if (sm->hook.retire.n) {
        gm_retire_ev_t ev = {.stream = s, .kid = sm->grid->s[s].kid, .slot = slot};
        gm_hooks_call(&sm->hook.retire, &ev);
    }
}

/* ---- issue ---- */

static int gate_open(const gm_sm_t *sm, uint32_t stream)
{
    if (!sm->hook.gate.n)
        return 1;
    gm_gate_ev_t ev = {.stream = stream, .allow = 1};
    gm_hooks_call(&sm->hook.gate, &ev);
    return ev.allow;
}

/* The igate hook (sm.h): asked last, so a plug-in that allows counts an issue. */
static int igate_open(const gm_sm_t *sm, uint32_t stream)
{
    if (!sm->hook.igate.n)
        return 1;
    gm_gate_ev_t ev = {.stream = stream, .allow = 1};
    gm_hooks_call(&sm->hook.igate, &ev);
    return ev.allow;
}

/* Memory instructions do not wait for the warp's loads (their addresses do
 * not use them); compute ones do (compute_ready). */
static int can_issue(const gm_sm_t *sm, const gm_warp_t *w, int mem_port_free)
{
    if (!w->live || w->exited)
        return 0;
    if (w->gap_left || w->op == GM_OP_EXIT)
        return compute_ready(w) && igate_open(sm, w->stream);
    return mem_port_free && !sm->to_lsu->full && (sm->mem_grant >> w->stream & 1) &&
           gate_open(sm, w->stream) && igate_open(sm, w->stream);
}

static void issue(gm_sm_t *sm, uint32_t wid, gm_sched_t *sc)
{
    gm_warp_t *w = &sm->warp[wid];
    const gm_kernel_t *k = sm->grid->s[w->stream].k;
    gm_kstat_t *ks = &sm->kst[k->id - 1];
    sm->st.warp_insts++;
    ks->warp_insts++;
    if (w->gap_left) {
        w->gap_left--;
        sm->st.thread_insts += gm_popcount32(w->lanes);
        ks->thread_insts += gm_popcount32(w->lanes);
        warp_refresh(sm, wid);
        return;
    }
    if (w->op == GM_OP_EXIT) {
        sm->st.thread_insts += gm_popcount32(w->lanes);
        ks->thread_insts += gm_popcount32(w->lanes);
        w->exited = 1;
        w->live = 0;
        sm->grid->warps_done++;
        warp_refresh(sm, wid);
        gm_sched_remove(sc, (uint16_t)wid);
        if (sc->last == (int32_t)wid)
            sc->last = -1;
        if (--sm->cta[w->cta].warps_left == 0)
            finish_cta(sm, w->cta);
        return;
    }
    gm_inst_t *in = &sm->winst[wid];
    sm->st.thread_insts += gm_popcount32(in->active);
    sm->st.mem_insts++;
    ks->thread_insts += gm_popcount32(in->active);
    ks->mem_insts++;
    gm_inst_q_t *q = sm->to_lsu;
    q->full = 1;
    q->mi.in = *in;
    q->mi.warp = (uint16_t)wid;
    q->mi.stream = w->stream;
    q->mi.kernel = k->id - 1;
    q->mi.cta = w->cta;
    q->mi.in_cta = w->in_cta;
    sm->ev.issue[w->stream] = 1;
    if (in->op == GM_OP_LOAD)
        w->loads_out++;
    else if (in->op == GM_OP_STORE && sm->cfg->store_acks)
        w->stores_out++; /* the instruction's own count, until the LSU has split it */
    k->ops->warp_next(k, w->ws, in);
    w->gap_left = in->gap;
    w->op = in->op;
    warp_refresh(sm, wid);
}

/* Try one warp; 1 if it issued. */
static int try_warp(gm_sm_t *sm, gm_sched_t *sc, uint32_t wid, int *mem_port_free)
{
    gm_warp_t *w = &sm->warp[wid];
    int is_mem = !w->gap_left && w->op != GM_OP_EXIT;
    if (!can_issue(sm, w, *mem_port_free)) {
        if (w->live && !w->exited && is_mem && *mem_port_free && !sm->to_lsu->full &&
            !gate_open(sm, w->stream))
            sm->st.gate_closed++;
        return 0;
    }
    issue(sm, wid, sc);
    if (is_mem)
        *mem_port_free = 0;
    sc->last = (int32_t)wid;
    return 1;
}

/* The streams with a memory instruction ready to issue, given to the arb
 * hook: its grant holds the others' memory instructions this cycle. */
static void arbitrate(gm_sm_t *sm)
{
    gm_arb_ev_t ev = {.cand = 0, .grant = ~0u};
    uint32_t seen = 0;
    for (unsigned i = 0; i < GM_WARP_WORDS && !sm->to_lsu->full; i++)
        for (uint64_t b = sm->mcand[i]; b; b &= b - 1) {
            uint32_t s = sm->warp[i * 64 + (unsigned)__builtin_ctzll(b)].stream;
            if (seen >> s & 1)
                continue;
            seen |= 1u << s;
            if (gate_open(sm, s))
                ev.cand |= 1u << s;
        }
    gm_hooks_call(&sm->hook.arb, &ev);
    sm->mem_grant = ev.grant;
}

/* Each scheduler issues at most one instruction per cycle, from its warps
 * in its policy's order (sched.c); one memory instruction per SM per cycle. */
static void issue_stage(gm_sm_t *sm)
{
    int mem_port_free = 1;
    sm->mem_grant = ~0u;
    if (sm->hook.arb.n)
        arbitrate(sm); /* every cycle: the arbiter is clocked even when idle */
    if (!sm->used_warps)
        return;
    for (uint32_t k = 0; k < sm->cfg->schedulers; k++) {
        gm_sched_t *sc = &sm->sched[k];
        /* Nothing of this scheduler's could issue: skip the walk (exact:
         * every warp it would offer fails can_issue). */
        uint64_t any = 0, may[GM_WARP_WORDS];
        int mem_ok = mem_port_free && !sm->to_lsu->full;
        for (unsigned i = 0; i < GM_WARP_WORDS; i++) {
            may[i] = (sm->cready[i] | (mem_ok ? sm->mcand[i] : 0)) & sm->owns[k][i];
            any |= may[i];
        }
        if (!any)
            continue;
        /* The walk offers warps outside `may` too; they would fail
         * can_issue without counting anything, so they are passed over. */
        gm_sched_it_t it;
        gm_sched_begin(&it, sc, sm->cfg->scheduler, sm->warp);
        for (int32_t w; (w = gm_sched_next(&it)) >= 0;)
            if ((may[w >> 6] >> (w & 63) & 1) && try_warp(sm, sc, (uint32_t)w, &mem_port_free))
                break;
    }
}

void gm_sm_begin(gm_sm_t *sm)
{
    memset(&sm->ev, 0, sizeof sm->ev);
    gm_hooks_call(&sm->hook.begin, NULL);
}

void gm_sm_issue(gm_sm_t *sm)
{
    /* Finished memory instructions free their warps' loads. */
    while (!gm_fifo_empty(&sm->done)) {
        uint32_t d = gm_fifo_pop(&sm->done);
        uint32_t w = d & 0xffff, s = d >> 16 & 0xff;
        if (d >> 24 == 2) { /* sm.store_acks: the warp's stores are all acknowledged */
            warp_refresh(sm, w);
            continue;
        }
        if (d >> 24) {
            sm->warp[w].loads_out--;
            warp_refresh(sm, w);
        }
        sm->ev.done[s]++;
    }
    issue_stage(sm);
}

void gm_sm_end(gm_sm_t *sm) { gm_hooks_call(&sm->hook.end, &sm->ev); }

int gm_sm_quiet(const gm_sm_t *sm)
{
    if (!gm_fifo_empty(&sm->done) || sm->hook.begin.n || sm->hook.end.n || sm->hook.arb.n)
        return 0;
    uint64_t any = 0;
    for (unsigned i = 0; i < GM_WARP_WORDS; i++)
        any |= sm->cready[i] | (sm->to_lsu->full ? 0 : sm->mcand[i]);
    return !any;
}

int gm_sm_idle(const gm_sm_t *sm)
{
    if (sm->used_warps || !gm_fifo_empty(&sm->done))
        return 0;
    gm_idle_ev_t ev = {0};
    gm_hooks_call(&sm->hook.idle, &ev);
    return !ev.busy;
}
