#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/dts_duel.h"
#include "blocks/part_map.h"
#include "util/progress.h"

/* Every queue and table that can hold a request, so the pool never runs dry:
 * per SM the hit pipe, the MSHR slots, the miss queue and the bypass slots;
 * per bank its queues; and the crossbars' buffers. */
static uint32_t pool_size(const gm_gpu_config_t *c, uint32_t nbanks)
{
    uint64_t sm = 64 + (uint64_t)c->l1d.c.mshr_entries * c->l1d.c.mshr_merge +
                  c->l1d.c.missq + (c->l1d.bypass_slots ? c->l1d.bypass_slots : 4096) + 8 +
                  2 * c->icnt.buffer + GM_INST_SLOTS;
    uint64_t bank = c->l2.rop_latency + 16 + c->l2.queue + c->l2.c.missq + 16 +
                    c->l2.c.latency + 16 + 16 + 2 * c->icnt.buffer + 64;
    uint64_t dram = (c->dram.queue ? c->dram.queue : 4096) + 256;
    uint64_t n = sm * c->sm.count + bank * nbanks + dram * c->l2.channels;
    return n > 4000000 ? 4000000 : (uint32_t)n;
}

static int start_kernel(gm_gpu_t *g, uint32_t s)
{
    gm_stream_t *st = &g->stream[s];
    if (st->kernel >= gm_workload_kernels(g->wl, s)) {
        st->done = 1;
        return 0;
    }
    const gm_kernel_t *k = gm_workload_kernel(g->wl, s, st->kernel);
    st->next_cta = st->ctas_done = 0;
    st->ctas_total = k->grid[0] * k->grid[1] * k->grid[2];
    st->kernel_start = g->now;
    for (uint32_t i = 0; g->sm && i < g->cfg.sm.count; i++)
        g->sm[i].no_fit = 0;
    return 1;
}

int gm_gpu_init(gm_gpu_t *g, const gm_gpu_config_t *cfg, gm_workload_t *wl, uint64_t seed,
                const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    memset(g, 0, sizeof *g);
    g->cfg = *cfg;
    g->wl = wl;
    g->seed = seed;
    g->hooks = hooks;
    if (hooks && hooks->now)
        *hooks->now = &g->now;
    const gm_gpu_config_t *c = &g->cfg;
    g->nstreams = gm_workload_streams(wl);
    if (g->nstreams > GM_MAX_STREAMS)
        return gm_errf(err, "%u concurrent kernels: at most %d", g->nstreams, GM_MAX_STREAMS);
    for (uint32_t s = 0; s < g->nstreams; s++)
        for (unsigned i = 0; i < gm_workload_kernels(wl, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(wl, s, i);
            uint32_t threads = k->block[0] * k->block[1] * k->block[2];
            uint32_t warps = (threads + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
            if (threads > c->sm.max_threads || warps > c->sm.max_warps ||
                k->regs_per_thread * warps * GM_WARP_SIZE > c->sm.registers ||
                k->smem_per_cta > c->sm.smem_bytes)
                return gm_errf(err, "kernel %s: a CTA of %u threads does not fit an SM of "
                                    "config %s",
                               k->name, threads, c->name);
        }
    const uint32_t mhz[GM_NCLK] = {c->clock.core_mhz, c->clock.icnt_mhz, c->clock.l2_mhz,
                                   c->clock.dram_mhz};
    gm_clocks_init(&g->clk, mhz);
    gm_addr_map_init(&g->amap, c->dram.addr_map);
    g->nbanks = c->l2.channels * c->l2.subpartitions;
    if (gm_req_pool_init(&g->pool, pool_size(c, g->nbanks), err))
        return -1;

    part_map_params_t pp;
    memset(&pp, 0, sizeof pp);
    pp.NP = c->l2.channels;
    pp.CHUNK_LB = c->part.chunk_lb;
    pp.PXOR_SHIFT = c->part.pxor_shift;
    if (gm_blk_init(&g->pmap, &part_map_desc, &pp, "part_map", hooks, err))
        return -1;
    ((part_map_in_t *)g->pmap.in)->func_sel = (uint64_t)c->part.func;
    if (c->dts.duel) {
        dts_duel_params_t dp = {.INTERVAL = c->dts.duel_interval, .REL = c->dts.duel_rel};
        if (gm_blk_init(&g->duel, &dts_duel_desc, &dp, "dts_duel", hooks, err))
            return -1;
    }

    if (gm_icnt_init(&g->req_net, c->sm.count, g->nbanks, c->icnt.flit_bytes, c->icnt.latency,
                     c->icnt.buffer, c->icnt.buffer * 4, err) ||
        gm_icnt_init(&g->reply_net, g->nbanks, c->sm.count, c->icnt.flit_bytes,
                     c->icnt.latency, c->icnt.buffer, c->icnt.buffer * 4, err))
        return -1;
    g->sm = calloc(c->sm.count, sizeof *g->sm);
    g->bank = calloc(g->nbanks, sizeof *g->bank);
    g->dram = calloc(c->l2.channels, sizeof *g->dram);
    if (!g->sm || !g->bank || !g->dram)
        return gm_errf(err, "out of memory");
    for (uint32_t i = 0; i < c->sm.count; i++)
        if (gm_sm_init(g, &g->sm[i], i, err))
            return -1;
    for (uint32_t b = 0; b < g->nbanks; b++)
        if (gm_l2_init(g, b, err))
            return -1;
    for (uint32_t ch = 0; ch < c->l2.channels; ch++)
        if (gm_dram_init(&g->dram[ch], &c->dram, &g->amap, &g->pool, err))
            return -1;
    for (uint32_t s = 0; s < g->nstreams; s++)
        start_kernel(g, s);
    return 0;
}

void gm_gpu_free(gm_gpu_t *g)
{
    for (uint32_t i = 0; g->sm && i < g->cfg.sm.count; i++)
        gm_sm_free(&g->sm[i]);
    for (uint32_t b = 0; g->bank && b < g->nbanks; b++)
        gm_l2_free(&g->bank[b]);
    for (uint32_t ch = 0; g->dram && ch < g->cfg.l2.channels; ch++)
        gm_dram_free(&g->dram[ch]);
    free(g->sm);
    free(g->bank);
    free(g->dram);
    gm_icnt_free(&g->req_net);
    gm_icnt_free(&g->reply_net);
    if (g->pmap.d)
        gm_blk_free(&g->pmap);
    if (g->duel.d)
        gm_blk_free(&g->duel);
    gm_req_pool_free(&g->pool);
    memset(g, 0, sizeof *g);
}

void gm_route(gm_gpu_t *g, gm_req_t *r)
{
    part_map_in_t *in = g->pmap.in;
    in->addr = r->addr;
    gm_blk_eval(&g->pmap);
    const part_map_out_t *out = g->pmap.out;
    r->part = (uint16_t)out->part_id;
    r->paddr = (uint32_t)out->part_addr;
    uint32_t sub = gm_addr_bank(&g->amap, r->paddr) & (g->cfg.l2.subpartitions - 1);
    r->bank = (uint16_t)(r->part * g->cfg.l2.subpartitions + sub);
}

/* SM dueling (seed-004 §1.10): the two leaders' loads of this cycle; the
 * followers' mode for the next cycle is the controller's state. */
static void duel_cycle(gm_gpu_t *g)
{
    dts_duel_in_t *in = g->duel.in;
    gm_l1d_t *l0 = &g->sm[0].l1d, *l1 = &g->sm[1].l1d;
    in->acc0 = l0->ev_acc;
    in->hit0 = l0->ev_hit;
    in->acc1 = l1->ev_acc;
    in->hit1 = l1->ev_hit;
    l0->ev_acc = l0->ev_hit = l1->ev_acc = l1->ev_hit = 0;
    gm_blk_eval(&g->duel);
    gm_blk_tick(&g->duel);
}

/* Whether an SM's dts filters this cycle: SM0 always, SM1 never, the rest
 * as the duel last decided. */
int gm_dts_filter(const gm_gpu_t *g, const gm_sm_t *sm)
{
    if (!g->duel.d || sm->id == 0)
        return 1;
    if (sm->id == 1)
        return 0;
    return ((const dts_duel_t *)g->duel.st)->en;
}

static void core_cycle(gm_gpu_t *g)
{
    uint64_t inow = g->clk.cycles[GM_CLK_ICNT];
    for (uint32_t i = 0; i < g->cfg.sm.count; i++) {
        gm_sm_t *sm = &g->sm[i];
        if (gm_icnt_peek(&g->reply_net, i, inow) != UINT32_MAX && !gm_fifo_full(&sm->resp))
            gm_fifo_push(&sm->resp, gm_icnt_pop(&g->reply_net, i));
    }
    /* One CTA per SM per cycle, SMs taken round-robin. */
    int pending = 0;
    for (uint32_t s = 0; s < g->nstreams; s++)
        pending |= !g->stream[s].done && g->stream[s].next_cta < g->stream[s].ctas_total;
    for (uint32_t k = 0; pending && k < g->cfg.sm.count; k++)
        gm_sm_try_dispatch(g, &g->sm[(g->dispatch_rr + k) % g->cfg.sm.count]);
    g->dispatch_rr = (g->dispatch_rr + 1) % g->cfg.sm.count;
    for (uint32_t i = 0; i < g->cfg.sm.count; i++)
        if (g->hooks || !gm_sm_idle(g, &g->sm[i]))
            gm_sm_cycle(g, &g->sm[i]);
    gm_blk_tick(&g->pmap);
    if (g->duel.d)
        duel_cycle(g);
    for (uint32_t s = 0; s < g->nstreams; s++) {
        gm_stream_t *st = &g->stream[s];
        if (!st->done && st->ctas_done == st->ctas_total) {
            g->kernels_done++;
            st->kernel++;
            start_kernel(g, s);
        }
    }
}

static void l2_cycle(gm_gpu_t *g)
{
    uint64_t dnow = g->clk.cycles[GM_CLK_DRAM];
    uint32_t subs = g->cfg.l2.subpartitions;
    for (uint32_t b = 0; b < g->nbanks; b++)
        if (g->hooks || !gm_l2_idle(g, b))
            gm_l2_cycle(g, b);
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        gm_dram_t *d = &g->dram[ch];
        /* Returns to their banks, and each bank's miss queue into the channel. */
        uint32_t id = gm_dram_ret_peek(d, dnow);
        if (id != UINT32_MAX && !gm_fifo_full(&g->bank[gm_req(&g->pool, id)->bank].fills))
            gm_fifo_push(&g->bank[gm_req(&g->pool, id)->bank].fills, gm_dram_ret_pop(d));
        for (uint32_t k = 0; k < subs; k++) {
            gm_l2bank_t *bk = &g->bank[ch * subs + (uint32_t)((g->clk.cycles[GM_CLK_L2] + k) % subs)];
            if (!gm_fifo_empty(&bk->missq) && !gm_dram_full(d))
                gm_dram_push(d, gm_fifo_pop(&bk->missq));
        }
    }
}

static int finished(const gm_gpu_t *g)
{
    for (uint32_t s = 0; s < g->nstreams; s++)
        if (!g->stream[s].done)
            return 0;
    return g->pool.nfree == g->pool.cap;
}

/* Issued instructions and released requests only grow while the machine
 * makes progress. */
static uint64_t progress_mark(const gm_gpu_t *g)
{
    uint64_t m = g->pool.frees;
    for (uint32_t i = 0; i < g->cfg.sm.count; i++)
        m += g->sm[i].st.warp_insts;
    return m;
}

int gm_gpu_run(gm_gpu_t *g, uint64_t max_cycles)
{
    uint64_t mark = progress_mark(g);
    gm_progress_t prog;
    gm_progress_start(&prog, "cycles", max_cycles);
    for (;;) {
        unsigned next = gm_clocks_peek(&g->clk);
        if ((next & 1u << GM_CLK_CORE) && finished(g))
            break;
        if (g->hooks && g->hooks->stop && *g->hooks->stop)
            break;
        if (g->clk.cycles[GM_CLK_CORE] >= max_cycles) {
            gm_progress_end(&prog);
            return 1;
        }
        unsigned m = gm_clocks_step(&g->clk);
        if (m & 1u << GM_CLK_CORE) {
            g->now = g->clk.cycles[GM_CLK_CORE] - 1;
            core_cycle(g);
            gm_progress_update(&prog, g->now);
            if ((g->now & 0xfff) == 0) {
                uint64_t now_mark = progress_mark(g);
                if (now_mark != mark) {
                    mark = now_mark;
                    g->last_progress = g->now;
                } else if (g->now - g->last_progress > GM_WATCHDOG_CYCLES) {
                    snprintf(g->stall, sizeof g->stall,
                             "no instruction issued and no request answered for %d cycles "
                             "(cycle %llu, %u requests in flight): the model lost something",
                             GM_WATCHDOG_CYCLES, (unsigned long long)g->now,
                             g->pool.cap - g->pool.nfree);
                    gm_progress_end(&prog);
                    return -1;
                }
            }
        }
        if (m & 1u << GM_CLK_ICNT) {
            uint64_t t = g->clk.cycles[GM_CLK_ICNT];
            gm_icnt_cycle(&g->req_net, t);
            gm_icnt_cycle(&g->reply_net, t);
        }
        if (m & 1u << GM_CLK_L2)
            l2_cycle(g);
        if (m & 1u << GM_CLK_DRAM)
            for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++)
                gm_dram_cycle(&g->dram[ch], g->clk.cycles[GM_CLK_DRAM]);
    }
    g->now++;
    gm_progress_end(&prog);
    return 0;
}
