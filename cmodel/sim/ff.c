#include "ff.h"

/* Each domain's edge n (n = 1, 2, ...) is at (n - 1) periods: clock.c
 * starts every domain at 0 and counts an edge as it steps to it. A time
 * stamp compared with a domain's count (a delay line's `ready`, a DRAM
 * timer) is reached at the edge where the count becomes it; the core's
 * stages count from 0 (gm_gpu_t.now = the core count - 1). */
uint64_t gm_ff_edge_fs(const gm_clocks_t *c, int d, uint64_t count)
{
    if (count == 0)
        return 0;
    if (count - 1 > UINT64_MAX / c->period_fs[d])
        return UINT64_MAX;
    return (count - 1) * c->period_fs[d];
}

static uint64_t core_fs(const gm_clocks_t *c, uint64_t now)
{
    return now == UINT64_MAX ? UINT64_MAX : gm_ff_edge_fs(c, GM_CLK_CORE, now + 1);
}

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* A delay line's head comes out at the edge of domain d where the count
 * reaches its stamp. */
static uint64_t head_fs(const gm_clocks_t *c, int d, const gm_delay_t *q)
{
    return q->q.n ? gm_ff_edge_fs(c, d, q->ready[q->q.head]) : UINT64_MAX;
}

/* The core domain: CTA dispatch, the plug-ins, the SMs and the replies
 * reaching them. 0 when its next cycle may act. */
static uint64_t core_horizon(gm_gpu_t *g, uint64_t t)
{
    const gm_clocks_t *ck = &g->clk;
    uint64_t now = ck->cycles[GM_CLK_CORE]; /* the next core cycle's */
    int pending = 0;
    for (uint32_t s = 0; s < g->grid.nstreams; s++) {
        const gm_grid_stream_t *gs = &g->grid.s[s];
        if (gs->k && gs->ctas_done == gs->ctas_total)
            return 0; /* a kernel ends */
        pending |= gs->k && gs->next_cta < gs->ctas_total;
    }
    for (uint32_t i = 0; i < g->cfg.sm.count; i++) {
        gm_gpu_sm_t *x = &g->sm[i];
        t = min64(t, head_fs(ck, GM_CLK_ICNT, &g->reply_net.out[i]));
        if (pending && !x->sm.no_fit)
            return 0; /* a CTA may fit */
        if (gm_gpu_sm_idle(g, i))
            continue; /* not run at all */
        if (!gm_sm_quiet(&x->sm) || !gm_lsu_quiet(&x->lsu))
            return 0;
        uint64_t e = gm_l1d_next(&x->l1d);
        if (e <= now)
            return 0;
        t = min64(t, core_fs(ck, e));
    }
    for (uint32_t p = 0; p < g->nplug; p++) {
        uint64_t e = g->plug[p]->next_event(g->plug_self[p], now);
        if (e <= now)
            return 0;
        t = min64(t, core_fs(ck, e));
    }
    return t;
}

uint64_t gm_ff_horizon(gm_gpu_t *g, uint64_t limit)
{
    const gm_clocks_t *ck = &g->clk;
    /* the SMs first: in a busy run one of them answers at once */
    uint64_t t = core_horizon(g, limit);
    if (t <= ck->next_fs[GM_CLK_CORE])
        return 0;
    /* a packet waiting to cross goes when its ports are free */
    t = min64(t, gm_ff_edge_fs(ck, GM_CLK_ICNT, gm_icnt_next(&g->req_net)));
    t = min64(t, gm_ff_edge_fs(ck, GM_CLK_ICNT, gm_icnt_next(&g->reply_net)));
    for (uint32_t b = 0; b < g->nbanks; b++) {
        gm_gpu_bank_t *x = &g->bank[b];
        t = min64(t, head_fs(ck, GM_CLK_ICNT, &g->req_net.out[b]));
        if (gm_gpu_bank_idle(g, b))
            continue;
        if (x->fabric.q.n)
            return 0;
        uint64_t e = gm_l2_next(&x->l2);
        if (e == 0)
            return 0;
        t = min64(t, gm_ff_edge_fs(ck, GM_CLK_L2, e));
    }
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        const gm_dram_t *d = &g->dram[ch];
        /* its returns go to the banks at the L2 edges after their stamp */
        t = min64(t, head_fs(ck, GM_CLK_DRAM, &d->ret));
        t = min64(t, gm_ff_edge_fs(ck, GM_CLK_DRAM, gm_dram_next(d)));
    }
    return t;
}

/* Edges of a domain before time t. */
static uint64_t edges_before(const gm_clocks_t *c, int d, uint64_t t)
{
    if (t <= c->next_fs[d])
        return 0;
    return (t - c->next_fs[d] + c->period_fs[d] - 1) / c->period_fs[d];
}

uint64_t gm_ff_skip(gm_gpu_t *g, uint64_t t)
{
    gm_clocks_t *ck = &g->clk;
    uint64_t k[GM_NCLK];
    for (int d = 0; d < GM_NCLK; d++)
        k[d] = edges_before(ck, d, t);
    /* Each stage that would have run its cycles takes them in bulk; one
     * that is idle would not have run them (gpu.c skips it too). The
     * crossbars, sending nothing, change nothing in theirs. */
    if (k[GM_CLK_CORE]) {
        uint32_t nsm = g->cfg.sm.count;
        for (uint32_t i = 0; i < nsm; i++) {
            gm_gpu_sm_t *x = &g->sm[i];
            if (gm_gpu_sm_idle(g, i))
                continue;
            gm_sm_skip(&x->sm);
            gm_lsu_skip(&x->lsu, &x->port, k[GM_CLK_CORE]);
            gm_l1d_skip(&x->l1d, k[GM_CLK_CORE]);
            x->blk_idle = -1;
        }
        gm_dispatch_skip(&g->disp, k[GM_CLK_CORE]);
        for (uint32_t p = 0; p < g->nplug; p++)
            if (g->plug[p]->skip)
                g->plug[p]->skip(g->plug_self[p], k[GM_CLK_CORE]);
    }
    if (k[GM_CLK_L2])
        for (uint32_t b = 0; b < g->nbanks; b++)
            if (!gm_gpu_bank_idle(g, b)) {
                gm_l2_skip(&g->bank[b].l2, k[GM_CLK_L2]);
                g->bank[b].blk_idle = -1;
            }
    if (k[GM_CLK_DRAM])
        for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++)
            gm_dram_skip(&g->dram[ch], k[GM_CLK_DRAM]);
    for (int d = 0; d < GM_NCLK; d++) {
        ck->cycles[d] += k[d];
        ck->next_fs[d] += k[d] * ck->period_fs[d];
    }
    if (k[GM_CLK_CORE])
        g->now = ck->cycles[GM_CLK_CORE] - 1;
    return k[GM_CLK_CORE];
}
