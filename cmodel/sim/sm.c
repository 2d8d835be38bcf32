/* The SM front end: CTA dispatch, warps, warp schedulers and the issue
 * stage, and the per-cycle order of an SM (seed-000 §3.2): the LSU works on
 * one request of its head instruction per cycle, the L1D answers, the miss
 * queue drains to the crossbar, then the schedulers issue. */
#include <stdlib.h>
#include <string.h>

#include "blocks/bpg.h"
#include "blocks/dts.h"
#include "blocks/milg.h"
#include "mshr_port.h"
#include "blocks/set_hash.h"
#include "gpu.h"
#include "l1d.h"
#include "lsu.h"
#include "sched.h"

static uint32_t popcount(uint32_t x) { return (uint32_t)__builtin_popcount(x); }

static const gm_kernel_t *stream_kernel(const gm_gpu_t *g, uint32_t s)
{
    return gm_workload_kernel(g->wl, s, g->stream[s].kernel);
}

static size_t ws_stride(const gm_gpu_t *g)
{
    size_t m = 8;
    for (unsigned s = 0; s < gm_workload_streams(g->wl); s++)
        for (unsigned k = 0; k < gm_workload_kernels(g->wl, s); k++) {
            size_t z = gm_workload_kernel(g->wl, s, k)->ops->warp_state_size;
            m = z > m ? z : m;
        }
    return (m + 15) / 16 * 16;
}

int gm_sm_init(gm_gpu_t *g, gm_sm_t *sm, uint32_t id, gm_err_t *err)
{
    const gm_gpu_config_t *c = &g->cfg;
    char path[48];
    memset(sm, 0, sizeof *sm);
    sm->id = id;
    sm->warp = calloc(c->sm.max_warps, sizeof *sm->warp);
    sm->winst = calloc(c->sm.max_warps, sizeof *sm->winst);
    sm->cta = calloc(c->sm.max_ctas, sizeof *sm->cta);
    sm->sched = calloc(c->sm.schedulers, sizeof *sm->sched);
    sm->nsched = c->sm.schedulers;
    sm->owns = calloc(c->sm.schedulers, sizeof *sm->owns);
    sm->ws_arena = calloc(c->sm.max_warps, ws_stride(g));
    if (!sm->warp || !sm->winst || !sm->owns || !sm->cta || !sm->sched || !sm->ws_arena ||
        gm_fifo_init(&sm->resp, 8))
        return gm_errf(err, "sm%u: out of memory", id);
    for (uint32_t k = 0; k < c->sm.schedulers; k++) {
        sm->sched[k].order = calloc(c->sm.max_warps, sizeof(uint16_t));
        sm->sched[k].last = -1;
        if (!sm->sched[k].order)
            return gm_errf(err, "sm%u: out of memory", id);
    }
    for (uint32_t w = 0; w < c->sm.max_warps; w++) {
        sm->warp[w].ws = sm->ws_arena + w * ws_stride(g);
        sm->owns[w % c->sm.schedulers][w >> 6] |= 1ull << (w & 63);
    }
    if (c->milg.enable) {
        milg_params_t p = {.ZERO_MODE = c->milg.zero_mode, .MIL_MAX = c->milg.mil_max};
        for (uint32_t s = 0; s < g->nstreams; s++) {
            snprintf(path, sizeof path, "sm%u.milg%u", id, s);
            if (gm_blk_init(&sm->milg[s], &milg_desc, &p, path, g->hooks, err))
                return -1;
        }
    }
    if (gm_l1d_init(g, sm, err))
        return -1;
    if (c->bpg.enable) {
        const gm_cache_cfg_t *l = &c->l1d.c;
        if (l->sets > 256 || (l->sets & (l->sets - 1)) || l->ways > SHT_MAX_WAYS)
            return gm_errf(err, "bpg: the shadow tags need a power-of-two L1D of at most 256 "
                                "sets and %u ways (l1d.c: %u x %u)", SHT_MAX_WAYS, l->sets,
                           l->ways);
        if (c->bpg.global && c->bpg.monitor_sm >= c->sm.count)
            return gm_errf(err, "bpg.monitor_sm: %u, but there are %u SMs", c->bpg.monitor_sm,
                           c->sm.count);
        /* 1:8 set sampling (4 of 32 sets), as seed-000 §4.3. */
        bpg_params_t p = {.SETS = l->sets, .NSAMP = l->sets >= 8 ? l->sets / 8 : 1,
                          .WAYS = l->ways, .SAMPLE_MODE = c->bpg.sample_mode,
                          .INTERVAL = c->bpg.interval, .E_SHIFT = 1,
                          .RF_SCALE_SHIFT = c->bpg.rf_scale_shift,
                          .RF_RESCALE = c->bpg.rf_rescale, .START_MODE = c->bpg.start_mode,
                          .GLOBAL = c->bpg.global && id != c->bpg.monitor_sm};
        snprintf(path, sizeof path, "sm%u.bpg", id);
        if (gm_blk_init(&sm->bpg, &bpg_desc, &p, path, g->hooks, err))
            return -1;
    }
    return 0;
}

void gm_sm_free(gm_sm_t *sm)
{
    for (uint32_t s = 0; s < GM_MAX_STREAMS; s++)
        if (sm->milg[s].d)
            gm_blk_free(&sm->milg[s]);
    gm_l1d_free(&sm->l1d);
    if (sm->bpg.d)
        gm_blk_free(&sm->bpg);
    for (uint32_t k = 0; sm->sched && k < sm->nsched; k++)
        free(sm->sched[k].order);
    free(sm->sched);
    free(sm->owns);
    free(sm->warp);
    free(sm->winst);
    free(sm->cta);
    free(sm->ws_arena);
    gm_fifo_free(&sm->resp);
}

void gm_warp_refresh(gm_sm_t *sm, uint32_t w)
{
    const gm_warp_t *x = &sm->warp[w];
    uint64_t bit = 1ull << (w & 63);
    unsigned i = w >> 6;
    int alive = x->live && !x->exited;
    int compute = x->gap_left || x->op == GM_OP_EXIT;
    if (alive && compute && x->loads_out == 0)
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

/* With several streams every stream gets an equal share of each SM
 * resource (an even intra-SM partition), so one kernel cannot starve the
 * other of CTA slots. */
static int fits(const gm_gpu_t *g, const gm_sm_t *sm, uint32_t s, const cta_need_t *n)
{
    const gm_sm_cfg_t *c = &g->cfg.sm;
    uint32_t k = g->nstreams;
    if (sm->used_ctas + 1 > c->max_ctas || sm->used_warps + n->warps > c->max_warps ||
        sm->used_threads + n->threads > c->max_threads ||
        sm->used_regs + n->regs > c->registers || sm->used_smem + n->smem > c->smem_bytes)
        return 0;
    if (k == 1)
        return 1;
    return (sm->s_ctas[s] + 1) * k <= c->max_ctas && (sm->s_warps[s] + n->warps) * k <= c->max_warps &&
           (sm->s_threads[s] + n->threads) * k <= c->max_threads &&
           (sm->s_regs[s] + n->regs) * k <= c->registers &&
           (sm->s_smem[s] + n->smem) * k <= c->smem_bytes;
}

static void launch_cta(gm_gpu_t *g, gm_sm_t *sm, uint32_t s)
{
    const gm_kernel_t *k = stream_kernel(g, s);
    cta_need_t n = need_of(k);
    gm_stream_t *st = &g->stream[s];
    uint32_t slot = 0;
    while (sm->cta[slot].live)
        slot++;
    gm_cta_t *cta = &sm->cta[slot];
    cta->live = 1;
    cta->stream = (uint8_t)s;
    cta->warps_left = (uint16_t)n.warps;
    cta->threads = n.threads;
    cta->warps = n.warps;
    cta->regs = n.regs;
    cta->smem = n.smem;
    sm->used_ctas++;
    sm->used_warps += n.warps;
    sm->used_threads += n.threads;
    sm->used_regs += n.regs;
    sm->used_smem += n.smem;
    sm->s_ctas[s]++;
    sm->s_warps[s] += n.warps;
    sm->s_threads[s] += n.threads;
    sm->s_regs[s] += n.regs;
    sm->s_smem[s] += n.smem;
    uint32_t kid = s * 65536u + st->kernel + 1;
    if (sm->bpg.d && sm->bpg_kid != kid) {
        /* A new kernel on this SM: the BPG relaunches with the CTA slots
         * the kernel can fill (N in TB mode) and its warps per CTA. */
        const gm_sm_cfg_t *c = &g->cfg.sm;
        uint32_t t = c->max_ctas;
        if (n.warps && c->max_warps / n.warps < t)
            t = c->max_warps / n.warps;
        if (n.threads && c->max_threads / n.threads < t)
            t = c->max_threads / n.threads;
        if (n.regs && c->registers / n.regs < t)
            t = c->registers / n.regs;
        if (n.smem && c->smem_bytes / n.smem < t)
            t = c->smem_bytes / n.smem;
        sm->bpg_kid = kid;
        sm->bpg_launch = 1;
        sm->bpg_ntb = (uint8_t)(t < 15 ? t : 15);
        sm->bpg_wpt = (uint8_t)(n.warps < 63 ? n.warps : 63);
    }
    uint32_t cta_id = st->next_cta++;
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
        gm_sched_add(&sm->sched[w % g->cfg.sm.schedulers], (uint16_t)w);
        gm_warp_refresh(sm, w);
    }
}

int gm_sm_try_dispatch(gm_gpu_t *g, gm_sm_t *sm)
{
    if (sm->no_fit) /* cleared when a CTA of this SM ends or a kernel starts */
        return 0;
    for (uint32_t i = 0; i < g->nstreams; i++) {
        uint32_t s = (sm->next_stream + i) % g->nstreams;
        gm_stream_t *st = &g->stream[s];
        if (st->done || st->next_cta >= st->ctas_total)
            continue;
        cta_need_t n = need_of(stream_kernel(g, s));
        if (!fits(g, sm, s, &n))
            continue;
        launch_cta(g, sm, s);
        sm->next_stream = (s + 1) % g->nstreams;
        return 1;
    }
    sm->no_fit = 1;
    return 0;
}

static void finish_cta(gm_gpu_t *g, gm_sm_t *sm, uint32_t slot)
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
    g->stream[s].ctas_done++;
}

/* ---- issue ---- */

static int milg_allows(const gm_sm_t *sm, uint32_t s)
{
    if (!sm->milg[s].d)
        return 1;
    return ((const milg_out_t *)sm->milg[s].out)->issue_allow != 0;
}

/* Compute instructions wait for the warp's loads (they use the loaded
 * values); memory instructions do not (their addresses do not). */
static int can_issue(const gm_sm_t *sm, const gm_warp_t *w, int mem_port_free)
{
    if (!w->live || w->exited)
        return 0;
    if (w->gap_left || w->op == GM_OP_EXIT)
        return w->loads_out == 0;
    return mem_port_free && !sm->lsu.latch && milg_allows(sm, w->stream);
}

static void issue(gm_gpu_t *g, gm_sm_t *sm, uint32_t wid, gm_sched_t *sc)
{
    gm_warp_t *w = &sm->warp[wid];
    const gm_kernel_t *k = stream_kernel(g, w->stream);
    sm->st.warp_insts++;
    if (w->gap_left) {
        w->gap_left--;
        sm->st.thread_insts += popcount(w->lanes);
        gm_warp_refresh(sm, wid);
        return;
    }
    if (w->op == GM_OP_EXIT) {
        sm->st.thread_insts += popcount(w->lanes);
        w->exited = 1;
        w->live = 0;
        gm_warp_refresh(sm, wid);
        gm_sched_remove(sc, (uint16_t)wid);
        if (sc->last == (int32_t)wid)
            sc->last = -1;
        if (--sm->cta[w->cta].warps_left == 0)
            finish_cta(g, sm, w->cta);
        return;
    }
    gm_inst_t *in = &sm->winst[wid];
    sm->st.thread_insts += popcount(in->active);
    sm->st.mem_insts++;
    sm->lsu.latch = 1;
    sm->lsu.latch_warp = (uint16_t)wid;
    sm->lsu.latch_stream = w->stream;
    sm->lsu.latch_cta = w->cta;
    sm->lsu.latch_in_cta = w->in_cta;
    sm->lsu.latch_inst = *in;
    sm->ev_issue[w->stream] = 1;
    if (in->op == GM_OP_LOAD)
        w->loads_out++;
    k->ops->warp_next(k, w->ws, in);
    w->gap_left = in->gap;
    w->op = in->op;
    gm_warp_refresh(sm, wid);
}

/* Try one warp; 1 if it issued. */
static int try_warp(gm_gpu_t *g, gm_sm_t *sm, gm_sched_t *sc, uint32_t wid, int *mem_port_free)
{
    gm_warp_t *w = &sm->warp[wid];
    int is_mem = !w->gap_left && w->op != GM_OP_EXIT;
    if (!can_issue(sm, w, *mem_port_free)) {
        if (w->live && !w->exited && is_mem && *mem_port_free && !sm->lsu.latch &&
            !milg_allows(sm, w->stream))
            sm->st.milg_gated++;
        return 0;
    }
    issue(g, sm, wid, sc);
    if (is_mem)
        *mem_port_free = 0;
    sc->last = (int32_t)wid;
    return 1;
}

/* Each scheduler issues at most one instruction per cycle, from its warps
 * in its policy's order (sched.c); one memory instruction per SM per cycle. */
static void issue_stage(gm_gpu_t *g, gm_sm_t *sm)
{
    int mem_port_free = 1;
    if (!sm->used_warps)
        return;
    for (uint32_t k = 0; k < g->cfg.sm.schedulers; k++) {
        gm_sched_t *sc = &sm->sched[k];
        /* Nothing of this scheduler's could issue: skip the walk (exact:
         * every warp it would offer fails can_issue). */
        uint64_t any = 0, may[GM_WARP_WORDS];
        int mem_ok = mem_port_free && !sm->lsu.latch;
        for (unsigned i = 0; i < GM_WARP_WORDS; i++) {
            may[i] = (sm->cready[i] | (mem_ok ? sm->mcand[i] : 0)) & sm->owns[k][i];
            any |= may[i];
        }
        if (!any)
            continue;
        /* The walk offers warps outside `may` too; they would fail
         * can_issue without counting anything, so they are passed over. */
        gm_sched_it_t it;
        gm_sched_begin(&it, sc, g->cfg.sm.scheduler, sm->warp);
        for (int32_t w; (w = gm_sched_next(&it)) >= 0;)
            if ((may[w >> 6] >> (w & 63) & 1) && try_warp(g, sm, sc, (uint32_t)w, &mem_port_free))
                break;
    }
}

/* ---- MILG: gate values at the start of the cycle, events at its end ---- */

static void milg_begin(gm_sm_t *sm, uint32_t nstreams)
{
    for (uint32_t s = 0; s < nstreams; s++) {
        if (!sm->milg[s].d)
            continue;
        memset(sm->milg[s].in, 0, sizeof(milg_in_t));
        gm_blk_eval(&sm->milg[s]); /* issue_allow depends on state only */
    }
}

static void milg_end(gm_sm_t *sm, uint32_t nstreams)
{
    for (uint32_t s = 0; s < nstreams; s++) {
        if (!sm->milg[s].d)
            continue;
        milg_in_t *in = sm->milg[s].in;
        in->minst_issue = sm->ev_issue[s];
        in->minst_done = sm->milg_done_pending[s] > 0;
        sm->milg_done_pending[s] -= in->minst_done ? 1 : 0;
        in->rsfail_pulse = sm->ev_rf[s];
        in->req_pulse = sm->ev_req[s] > 0;
        in->req_cnt_inc = sm->ev_req[s];
        gm_blk_eval(&sm->milg[s]);
        gm_blk_tick(&sm->milg[s]);
    }
}

void gm_sm_cycle(gm_gpu_t *g, gm_sm_t *sm)
{
    memset(sm->ev_issue, 0, sizeof sm->ev_issue);
    memset(sm->ev_rf, 0, sizeof sm->ev_rf);
    memset(sm->ev_req, 0, sizeof sm->ev_req);
    milg_begin(sm, g->nstreams);
    gm_lsu_cycle(g, sm);
    gm_l1d_drain(g, sm);
    issue_stage(g, sm);
    milg_end(sm, g->nstreams);
    gm_blk_tick(&sm->l1d.hash); /* every block is clocked each cycle of its domain */
    ((set_hash_in_t *)sm->l1d.hash.in)->in_valid = 0;
}

/* An SM with nothing resident, nothing in flight and quiet blocks: its
 * cycle would change nothing, counters included, so a run without RTL
 * beside the C models may skip it (results are identical). */
int gm_sm_idle(const gm_gpu_t *g, const gm_sm_t *sm)
{
    static const milg_in_t no_milg_in;
    const gm_l1d_t *l = &sm->l1d;
    if (sm->used_warps || sm->lsu.latch || sm->lsu.head || !gm_fifo_empty(&sm->resp) ||
        !gm_fifo_empty(&l->missq) || l->hits.q.n || l->primaries.n ||
        g->reply_net.out[sm->id].q.n)
        return 0;
    if (((const set_hash_t *)l->hash.st)->valid || !gm_mshr_port_quiet(&l->mshr))
        return 0;
    if (l->dts.d && ((const dts_t *)l->dts.st)->s2_v)
        return 0;
    if (sm->bpg.d && (sm->bpg_launch || (g->bpg_bus.valid && g->bpg_bus.cycle + 1 == g->now)))
        return 0;
    for (uint32_t s = 0; s < g->nstreams; s++)
        if (sm->milg[s].d && (sm->milg_done_pending[s] || !milg_quiet(sm->milg[s].st, &no_milg_in)))
            return 0;
    return 1;
}
