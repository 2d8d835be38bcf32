/* The GPU: builds the stages, joins their queues, attaches the plug-ins,
 * and runs the clocks. Each core cycle: replies from the crossbar into the
 * L1Ds, CTA dispatch, then every SM in turn -- its front end begins, the
 * LSU offers an access, the L1D answers, the LSU takes the answers, the
 * L1D's miss queue drains into the crossbar, the schedulers issue
 * (seed-000 §3.2's order) -- and the GPU-wide plug-ins end the cycle. */
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ff.h"
#include "per_sm.h"
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
                    c->l2.c.latency + 16 + 16 + 2 * c->icnt.buffer + 64 +
                    (c->l2.far_latency ? c->l2.far_latency + 16 : 0);
    uint64_t dram = (c->dram.queue ? c->dram.queue : 4096) + 256;
    uint64_t n = sm * c->sm.count + bank * nbanks + dram * c->l2.channels;
    return n > 4000000 ? 4000000 : (uint32_t)n;
}

/* A trace's CUDA streams share the SMs among the streams that have a
 * kernel left; a pair's members split them evenly for the whole run.
 * Whether the split changed. */
static int update_split(gm_gpu_t *g)
{
    uint32_t n = g->grid.nstreams;
    if (gm_workload_streams_share(g->wl)) {
        n = 0;
        for (uint32_t s = 0; s < g->grid.nstreams; s++)
            n += g->grid.s[s].k != NULL;
    }
    if (n == g->grid.split)
        return 0;
    g->grid.split = n;
    return 1;
}

/* A new kernel or a larger share: the SMs may fit a CTA now. */
static void retry_dispatch(gm_gpu_t *g)
{
    for (uint32_t i = 0; g->sm && i < g->cfg.sm.count; i++)
        gm_sm_kernel_started(&g->sm[i].sm);
}

static void start_kernel(gm_gpu_t *g, uint32_t s)
{
    gm_grid_stream_t *gs = &g->grid.s[s];
    /* Within a fixed window a co-runner that finished is launched again,
     * so every kernel runs for the whole window (Warped-Slicer's method). */
    if (g->kernel[s] >= gm_workload_kernels(g->wl, s) && g->clk.cycles[GM_CLK_CORE] < g->window)
        g->kernel[s] = 0;
    if (g->kernel[s] >= gm_workload_kernels(g->wl, s)) {
        gs->k = NULL;
        if (update_split(g))
            retry_dispatch(g);
        return;
    }
    gs->k = gm_workload_kernel(g->wl, s, g->kernel[s]);
    gs->kid = s * 65536u + g->kernel[s] + 1;
    /* It starts where its predecessor ended: the core cycles run so far. */
    gm_kstat_t *ks = &g->kst[gs->k->id - 1];
    if (!ks->started) /* a relaunch keeps the first start: its counts are the window's */
        ks->start = g->clk.cycles[GM_CLK_CORE];
    ks->started = 1;
    ks->ended = 0;
    update_split(g);
    gs->next_cta = gs->ctas_done = 0;
    gs->ctas_total = gs->k->grid[0] * gs->k->grid[1] * gs->k->grid[2];
    gm_dispatch_kernel_started(&g->disp, s);
    retry_dispatch(g);
}

static int check_workload(gm_gpu_t *g, size_t *ws_size, gm_err_t *err)
{
    const gm_gpu_config_t *c = &g->cfg;
    uint32_t ns = gm_workload_streams(g->wl);
    if (ns > GM_MAX_STREAMS)
        return gm_errf(err, "%u concurrent kernels: at most %d", ns, GM_MAX_STREAMS);
    *ws_size = 0;
    for (uint32_t s = 0; s < ns; s++)
        for (unsigned i = 0; i < gm_workload_kernels(g->wl, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(g->wl, s, i);
            uint32_t threads = k->block[0] * k->block[1] * k->block[2];
            uint32_t warps = (threads + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
            if (threads > c->sm.max_threads || warps > c->sm.max_warps ||
                k->regs_per_thread * warps * GM_WARP_SIZE > c->sm.registers ||
                k->smem_per_cta > c->sm.smem_bytes)
                return gm_errf(err, "kernel %s: a CTA of %u threads does not fit an SM of "
                                    "config %s",
                               k->name, threads, c->name);
            if (k->ops->warp_state_size > *ws_size)
                *ws_size = k->ops->warp_state_size;
            g->warps_total += (uint64_t)warps * k->grid[0] * k->grid[1] * k->grid[2];
        }
    return 0;
}

/* Offer a site to every plug-in that is on. */
static int attach_all(gm_gpu_t *g, const gm_site_t *site, gm_err_t *err)
{
    for (uint32_t p = 0; p < g->nplug; p++)
        if (g->plug[p]->attach && g->plug[p]->attach(g->plug_self[p], site, err) < 0)
            return -1;
    return 0;
}

static int check_parts(const gm_cache_t *c, gm_err_t *err)
{
    if (!c->index.index || !c->mshr.cycle)
        return gm_errf(err, "%s: no plug-in gave it a set index and an MSHR", c->name);
    return 0;
}

static int init_sm(gm_gpu_t *g, uint32_t i, size_t ws_size, gm_err_t *err)
{
    const gm_gpu_config_t *c = &g->cfg;
    gm_gpu_sm_t *x = &g->sm[i];
    gm_icnt_ep_t net = gm_icnt_ep(&g->req_net, i);
    char name[32];
    snprintf(name, sizeof name, "sm%u", i);
    x->blk_from = g->reg.n;
    if (gm_sm_init(&x->sm, i, &c->sm, g->core, &g->grid, ws_size, &x->lsu.in, err) ||
        gm_lsu_init(&x->lsu, i, &c->l1d, g->core, &x->sm.done, &x->sm.ev, net, &g->route,
                    err) ||
        gm_l1d_init(&x->l1d, i, &c->l1d, g->core, &x->lsu.answers, net, &g->route, err))
        return -1;
    if (c->sm.store_acks) {
        x->lsu.warps = x->sm.warp;
        x->l1d.acks = 1;
    }
    gm_site_t site = {.kind = GM_SITE_SM, .id = i, .name = name, .ctx = &g->core,
                      .sm = &x->sm, .lsu = &x->lsu, .l1d = &x->l1d, .cache = &x->l1d.c};
    if (attach_all(g, &site, err) || check_parts(&x->l1d.c, err))
        return -1;
    x->blk_to = g->reg.n;
    x->blk_idle = -1;
    return 0;
}

static int init_bank(gm_gpu_t *g, uint32_t b, gm_err_t *err)
{
    gm_gpu_bank_t *x = &g->bank[b];
    char name[32];
    snprintf(name, sizeof name, "l2.bank%u", b);
    x->blk_from = g->reg.n;
    /* LRU stamps count core cycles (the golden stats were made so). */
    if (gm_l2_init(&x->l2, b, &g->cfg.l2, g->l2, &g->now, &g->route, err))
        return -1;
    x->l2.c.p.ack_dram = g->cfg.sm.store_acks && g->cfg.l2.write_fetch;
    /* at most one request enters per L2 cycle and each stays far_latency of
     * them; the margin covers a bank that holds them back for a while */
    if (g->cfg.l2.far_latency && gm_delay_init(&x->fabric, g->cfg.l2.far_latency + 16))
        return gm_errf(err, "%s: out of memory", name);
    gm_site_t site = {.kind = GM_SITE_L2, .id = b, .name = name, .ctx = &g->l2, .l2 = &x->l2,
                      .cache = &x->l2.c};
    if (attach_all(g, &site, err) || check_parts(&x->l2.c, err))
        return -1;
    x->blk_to = g->reg.n;
    x->blk_idle = -1;
    return 0;
}

int gm_gpu_init(gm_gpu_t *g, const gm_gpu_config_t *cfg, gm_workload_t *wl, uint64_t seed,
                gm_err_t *err)
{
    memset(g, 0, sizeof *g);
    g->sample_at = UINT64_MAX;
    g->cfg = *cfg;
    g->wl = wl;
    g->seed = seed;
    const gm_gpu_config_t *c = &g->cfg;
    size_t ws_size = 0;
    if (check_workload(g, &ws_size, err))
        return -1;
    g->grid.nstreams = g->grid.split = gm_workload_streams(wl);
    const uint32_t mhz[GM_NCLK] = {c->clock.core_mhz, c->clock.icnt_mhz, c->clock.l2_mhz,
                                   c->clock.dram_mhz};
    gm_clocks_init(&g->clk, mhz);
    gm_addr_map_init(&g->amap, c->dram.addr_map);
    g->nbanks = c->l2.channels * c->l2.subpartitions;
    if (gm_req_pool_init(&g->pool, pool_size(c, g->nbanks), err))
        return -1;
    g->core = (gm_ctx_t){.now = &g->now, .pool = &g->pool, .reg = &g->reg};
    g->l2 = (gm_ctx_t){.now = &g->clk.cycles[GM_CLK_L2], .pool = &g->pool, .reg = &g->reg};
    if (gm_icnt_init(&g->req_net, c->sm.count, g->nbanks, c->icnt.flit_bytes, c->icnt.latency,
                     c->icnt.buffer, c->icnt.buffer * 4, err) ||
        gm_icnt_init(&g->reply_net, g->nbanks, c->sm.count, c->icnt.flit_bytes,
                     c->icnt.latency, c->icnt.buffer, c->icnt.buffer * 4, err))
        return -1;
    gm_icnt_set_speedup(&g->req_net, c->icnt.input_speedup);
    gm_icnt_set_speedup(&g->reply_net, c->icnt.input_speedup);
    gm_icnt_set_voq(&g->req_net, c->icnt.voq);
    gm_icnt_set_voq(&g->reply_net, c->icnt.voq);
    g->sm = calloc(c->sm.count, sizeof *g->sm);
    g->bank = calloc(g->nbanks, sizeof *g->bank);
    g->dram = calloc(c->l2.channels, sizeof *g->dram);
    g->kst = calloc(gm_workload_kernels_total(wl) + 1, sizeof *g->kst);
    if (!g->sm || !g->bank || !g->dram || !g->kst)
        return gm_errf(err, "out of memory");

    gm_plug_env_t env = {.cfg = c, .ctx = &g->core, .amap = &g->amap, .nbanks = g->nbanks,
                         .nstreams = g->grid.nstreams, .wl = wl, .seed = seed};
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++) {
        const void *pc = gm_plug_cfg(c, *p);
        if ((*p)->active && !(*p)->active(c, pc))
            continue;
        g->plug[g->nplug] = *p;
        if ((*p)->init && (*p)->init(&env, pc, &g->plug_self[g->nplug], err)) {
            g->nplug++; /* freed with the rest */
            return -1;
        }
        g->nplug++;
    }
    g->ff_ok = 1;
    for (uint32_t p = 0; p < g->nplug; p++)
        g->ff_ok &= g->plug[p]->next_event != NULL;
    gm_site_t gpu = {.kind = GM_SITE_GPU, .name = "gpu", .ctx = &g->core, .route = &g->route,
                     .window = &g->window};
    if (attach_all(g, &gpu, err))
        return -1;
    if (!g->route.fn)
        return gm_errf(err, "no plug-in gave the GPU a partition mapping");
    for (uint32_t i = 0; i < c->sm.count; i++)
        if (init_sm(g, i, ws_size, err))
            return -1;
    for (uint32_t b = 0; b < g->nbanks; b++)
        if (init_bank(g, b, err))
            return -1;
    int admit = 0;
    for (uint32_t i = 0; i < c->sm.count; i++)
        admit |= g->sm[i].sm.hook.admit.n != 0;
    if (gm_dispatch_init(&g->disp, &g->reg, g->sm, c->sm.count, &g->grid, admit, err))
        return -1;
    for (uint32_t ch = 0; ch < c->l2.channels; ch++) {
        char name[32];
        snprintf(name, sizeof name, "dram%u", ch);
        gm_site_t site = {.kind = GM_SITE_DRAM, .id = ch, .name = name, .ctx = &g->core,
                          .dram = &g->dram[ch]};
        if (gm_dram_init(&g->dram[ch], &c->dram, &g->amap, &g->pool, err) ||
            attach_all(g, &site, err))
            return -1;
        if (!g->dram[ch].sched.cycle)
            return gm_errf(err, "%s: no plug-in gave it a scheduler", name);
    }
    /* Every stage charges its events to the kernels (kstats.h). */
    for (uint32_t i = 0; i < c->sm.count; i++)
        g->sm[i].sm.kst = g->sm[i].lsu.kst = g->sm[i].l1d.kst = g->kst;
    for (uint32_t b = 0; b < g->nbanks; b++)
        g->bank[b].l2.kst = g->kst;
    for (uint32_t ch = 0; ch < c->l2.channels; ch++)
        g->dram[ch].kst = g->kst;
    for (uint32_t s = 0; s < g->grid.nstreams; s++)
        start_kernel(g, s);
    return 0;
}

int gm_gpu_attach(gm_gpu_t *g, const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    g->hooks = hooks;
    if (hooks->now)
        *hooks->now = &g->now;
    return gm_registry_attach(&g->reg, hooks, err);
}

void gm_gpu_free(gm_gpu_t *g)
{
    for (uint32_t i = 0; g->sm && i < g->cfg.sm.count; i++) {
        gm_sm_free(&g->sm[i].sm);
        gm_lsu_free(&g->sm[i].lsu);
        gm_l1d_free(&g->sm[i].l1d);
    }
    for (uint32_t b = 0; g->bank && b < g->nbanks; b++) {
        gm_l2_free(&g->bank[b].l2);
        gm_delay_free(&g->bank[b].fabric);
    }
    for (uint32_t ch = 0; g->dram && ch < g->cfg.l2.channels; ch++)
        gm_dram_free(&g->dram[ch]);
    for (uint32_t p = 0; p < g->nplug; p++)
        if (g->plug[p]->free)
            g->plug[p]->free(g->plug_self[p]);
    free(g->sm);
    free(g->bank);
    free(g->dram);
    free(g->kst);
    gm_icnt_free(&g->req_net);
    gm_icnt_free(&g->reply_net);
    gm_registry_free(&g->reg);
    gm_req_pool_free(&g->pool);
    gm_sample_free(g);
    memset(g, 0, sizeof *g);
}

/* ---- the core clock ---- */

static void sm_cycle(gm_gpu_sm_t *x)
{
    x->blk_idle = -1;
    gm_sm_begin(&x->sm);
    gm_lsu_offer(&x->lsu, &x->port);
    gm_l1d_cycle(&x->l1d, &x->port);
    gm_lsu_finish(&x->lsu, &x->port);
    gm_l1d_drain(&x->l1d);
    gm_sm_issue(&x->sm);
    gm_sm_end(&x->sm);
    gm_l1d_end(&x->l1d); /* every block is clocked each cycle of its domain */
}

/* A stage's blocks change only when it runs a cycle, so their idleness,
 * once known, holds while the stage is skipped. */
static int blocks_idle(const gm_registry_t *reg, uint32_t from, uint32_t to, int *known)
{
    if (*known < 0)
        *known = gm_registry_idle(reg, from, to);
    return *known;
}

/* An SM with nothing resident, nothing in flight and idle blocks and
 * plug-ins: its cycle would change nothing, counters included, so a run
 * without RTL beside the C models may skip it (results are identical). */
static inline int sm_idle(gm_gpu_t *g, uint32_t i)
{
    gm_gpu_sm_t *x = &g->sm[i];
    return gm_sm_idle(&x->sm) && gm_lsu_idle(&x->lsu) && gm_l1d_idle(&x->l1d) &&
           !g->reply_net.out[i].q.n && blocks_idle(&g->reg, x->blk_from, x->blk_to, &x->blk_idle);
}

static void core_cycle(gm_gpu_t *g)
{
    uint64_t inow = g->clk.cycles[GM_CLK_ICNT];
    uint32_t nsm = g->cfg.sm.count;
    for (uint32_t i = 0; i < nsm; i++) {
        gm_fifo_t *resp = &g->sm[i].l1d.resp;
        if (gm_icnt_peek(&g->reply_net, i, inow) != GM_NO_REQ && !gm_fifo_full(resp))
            gm_fifo_push(resp, gm_icnt_pop(&g->reply_net, i));
    }
    gm_dispatch_cycle(&g->disp);
    for (uint32_t p = 0; p < g->nplug; p++)
        if (g->plug[p]->begin)
            g->plug[p]->begin(g->plug_self[p]);
    for (uint32_t i = 0; i < nsm; i++) {
        gm_gpu_sm_t *x = &g->sm[i];
        if (x->asleep) {
            /* still idle: nothing else reaches an SM from outside (a reply
             * moved to its L1D above, or still in the crossbar) */
            if (!x->sm.used_warps && !x->l1d.resp.n && !g->reply_net.out[i].q.n)
                continue;
            x->asleep = 0;
        }
        if (g->hooks || !sm_idle(g, i))
            sm_cycle(x);
        else
            x->asleep = !x->sm.hook.idle.n && !g->no_skip;
    }
    for (uint32_t p = 0; p < g->nplug; p++)
        if (g->plug[p]->end)
            g->plug[p]->end(g->plug_self[p]);
    for (uint32_t s = 0; s < g->grid.nstreams; s++) {
        gm_grid_stream_t *gs = &g->grid.s[s];
        if (gs->k && gs->ctas_done == gs->ctas_total) {
            gm_kstat_t *ks = &g->kst[gs->k->id - 1];
            ks->ended = 1;
            ks->end = g->clk.cycles[GM_CLK_CORE];
            g->kernels_done++;
            g->kernel[s]++;
            start_kernel(g, s);
        }
    }
}

/* The fast-forward's view (ff.c); the cycle above keeps its own inlined. */
int gm_gpu_sm_idle(gm_gpu_t *g, uint32_t i) { return sm_idle(g, i); }

/* ---- the L2 clock: the banks, and their junctions with the crossbars
 * and the DRAM channels ---- */

static inline int bank_idle(gm_gpu_t *g, uint32_t b)
{
    gm_gpu_bank_t *x = &g->bank[b];
    return gm_l2_idle(&x->l2) && !g->req_net.out[b].q.n && !x->fabric.q.n &&
           blocks_idle(&g->reg, x->blk_from, x->blk_to, &x->blk_idle);
}

int gm_gpu_bank_idle(gm_gpu_t *g, uint32_t b) { return bank_idle(g, b); }

/* The two halves of an A100/H100-like L2 (l2.far_latency): SMs split in two
 * by index, banks too (bank b = channel x subpartitions + k, so the first
 * half of the channels is one half); index i of n is in half 1 when
 * 2i >= n. */
static int other_half(const gm_gpu_t *g, uint32_t sm, uint32_t b)
{
    return (2 * sm >= g->cfg.sm.count) != (2 * b >= g->nbanks);
}

/* The request this cycle offers the bank's ROP delay, from the crossbar's
 * head `id`: a request from an SM of the other half first crosses the
 * fabric between the halves, far_latency L2 cycles in the bank's fabric
 * line -- beside the near requests, not in front of them -- and one that
 * is through goes before a near one (it is the older). *from_fabric says
 * which queue to pop when the bank takes it. Only the request path pays:
 * the chase's load-to-use time, which is what the cited figures measure,
 * is the round trip, and one delay keeps the reply crossbar as it is. */
static uint32_t bank_offer(gm_gpu_t *g, uint32_t b, uint32_t id, int *from_fabric)
{
    gm_gpu_bank_t *x = &g->bank[b];
    uint64_t now = g->clk.cycles[GM_CLK_L2];
    uint32_t far = g->cfg.l2.far_latency;
    *from_fabric = 0;
    if (far && id != GM_NO_REQ && other_half(g, gm_req(&g->pool, id)->sm, b)) {
        if (!gm_delay_full(&x->fabric))
            gm_delay_push(&x->fabric, gm_icnt_pop(&g->req_net, b), now + far);
        id = GM_NO_REQ;
    }
    uint32_t through = x->fabric.q.n ? gm_delay_peek(&x->fabric, now) : GM_NO_REQ;
    if (through == GM_NO_REQ)
        return id;
    *from_fabric = 1;
    return through;
}

static void bank_cycle(gm_gpu_t *g, uint32_t b)
{
    gm_l2bank_t *k = &g->bank[b].l2;
    gm_delay_t *fabric = &g->bank[b].fabric;
    g->bank[b].blk_idle = -1;
    uint32_t id = gm_icnt_peek(&g->req_net, b, g->clk.cycles[GM_CLK_ICNT]);
    if (id == GM_NO_REQ && !fabric->q.n && gm_l2_wait(k))
        return; /* waiting for DRAM: nothing else moves this cycle */
    int from_fabric;
    id = bank_offer(g, b, id, &from_fabric);
    if (id != GM_NO_REQ && gm_l2_accept(k, id)) {
        if (from_fabric)
            gm_delay_pop(fabric);
        else
            gm_icnt_pop(&g->req_net, b);
    }
    gm_l2_cycle(k);
    if (!gm_fifo_empty(&k->replies) && gm_icnt_can_inject(&g->reply_net, b)) {
        id = gm_fifo_pop(&k->replies);
        const gm_req_t *r = gm_req(&g->pool, id);
        gm_icnt_inject(&g->reply_net, b, r->sm, id, r->kind == GM_REQ_READ ? 8u + r->bytes : 8u);
    }
}

static void l2_cycle(gm_gpu_t *g)
{
    uint64_t dnow = g->clk.cycles[GM_CLK_DRAM];
    uint32_t subs = g->cfg.l2.subpartitions;
    /* the subpartition whose miss queue goes first rotates with the L2 clock */
    uint32_t first = (uint32_t)(g->clk.cycles[GM_CLK_L2] % subs);
    for (uint32_t b = 0; b < g->nbanks; b++) {
        gm_gpu_bank_t *x = &g->bank[b];
        if (x->asleep) {
            /* still idle: a request through the crossbar and a DRAM return
             * are all that reach a bank from outside */
            if (!g->req_net.out[b].q.n && !x->l2.fills.n && !x->l2.replies.n)
                continue;
            x->asleep = 0;
        }
        if (g->hooks || !bank_idle(g, b))
            bank_cycle(g, b);
        else
            x->asleep = !g->no_skip;
    }
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        gm_dram_t *d = &g->dram[ch];
        /* Returns to their banks, and each bank's miss queue into the channel. */
        uint32_t id = gm_dram_ret_peek(d, dnow);
        const gm_req_t *r = id != GM_NO_REQ ? gm_req(&g->pool, id) : NULL;
        if (r && r->ack) {
            /* a write miss's write: its store's ack on to the SM, past the
             * fill (GPGPU-Sim's dram_L2_queue to its L2_icnt_queue) */
            gm_l2bank_t *k = &g->bank[r->bank].l2;
            if (gm_fifo_space(&k->replies) > (uint32_t)gm_cache_fwd_claim(&k->c)) {
                gm_fifo_push(&k->replies, r->ack - 1);
                gm_req_release(&g->pool, gm_dram_ret_pop(d));
            }
        } else if (r) {
            gm_fifo_t *fills = &g->bank[r->bank].l2.fills;
            if (!gm_fifo_full(fills))
                gm_fifo_push(fills, gm_dram_ret_pop(d));
        }
        for (uint32_t k = 0, sub = first; k < subs; k++, sub = sub + 1 == subs ? 0 : sub + 1) {
            gm_fifo_t *mq = &g->bank[ch * subs + sub].l2.c.missq;
            if (!gm_fifo_empty(mq) && !gm_dram_full(d))
                gm_dram_push(d, gm_fifo_pop(mq));
        }
    }
}

static int finished(const gm_gpu_t *g)
{
    if (g->window)
        return g->clk.cycles[GM_CLK_CORE] >= g->window;
    for (uint32_t s = 0; s < g->grid.nstreams; s++)
        if (g->grid.s[s].k)
            return 0;
    return g->pool.nfree == g->pool.cap;
}

/* Issued instructions and released requests only grow while the machine
 * makes progress. */
static uint64_t progress_mark(const gm_gpu_t *g)
{
    uint64_t m = g->pool.frees;
    for (uint32_t i = 0; i < g->cfg.sm.count; i++)
        m += g->sm[i].sm.st.warp_insts;
    return m;
}

static uint64_t min64(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* The fast-forward (ff.h), stopped short of the core cycles at which the
 * loop below does something of its own: the last of --max-cycles, a
 * --sample row, a fixed window's end, and the watchdog's checks (every
 * 4096th cycle: the first after some progress takes the new mark, and one
 * more than GM_WATCHDOG_CYCLES after the last progress stops the run).
 * Whether it skipped. */
static int fast_forward(gm_gpu_t *g, uint64_t max_cycles, uint64_t *mark)
{
    gm_clocks_t *ck = &g->clk;
    uint64_t next = ck->next_fs[GM_CLK_CORE];
    uint64_t limit = gm_ff_edge_fs(ck, GM_CLK_CORE, max_cycles);
    if (g->sample_at != UINT64_MAX)
        limit = min64(limit, gm_ff_edge_fs(ck, GM_CLK_CORE, g->sample_at));
    if (g->window)
        limit = min64(limit, gm_ff_edge_fs(ck, GM_CLK_CORE, g->window));
    uint64_t t = gm_ff_horizon(g, limit);
    if (t <= next)
        return 0;
    uint64_t n0 = ck->cycles[GM_CLK_CORE]; /* the first core cycle (now) skipped */
    uint64_t m = progress_mark(g), first = (n0 + 0xfff) & ~(uint64_t)0xfff;
    uint64_t since = m != *mark ? first : g->last_progress;
    uint64_t fire = since + GM_WATCHDOG_CYCLES + 1;
    fire = ((fire > n0 ? fire : n0) + 0xfff) & ~(uint64_t)0xfff;
    t = min64(t, gm_ff_edge_fs(ck, GM_CLK_CORE, fire + 1));
    if (t <= next)
        return 0;
    uint64_t k = gm_ff_skip(g, t);
    g->ff_skipped += k;
    if (m != *mark && first < n0 + k) {
        *mark = m;
        g->last_progress = first;
    }
    return k != 0;
}

const char *gm_run_end_name(gm_run_end_t end)
{
    switch (end) {
    case GM_END_STALLED: return "stalled";
    case GM_END_COMPLETED: return "completed";
    case GM_END_MAX_CYCLES: return "max_cycles";
    case GM_END_STOPPED: return "lockstep_mismatch";
    case GM_END_INTERRUPTED: return "interrupted";
    }
    return "unknown";
}

gm_run_end_t gm_gpu_run(gm_gpu_t *g, uint64_t max_cycles)
{
    uint64_t mark = progress_mark(g);
    gm_progress_t prog;
    gm_progress_start(&prog, "warps", g->warps_total);
    prog.cycle = &g->clk.cycles[GM_CLK_CORE];
    gm_run_end_t end = GM_END_COMPLETED;
    /* RTL beside the C models (lockstep, recording) sees every edge */
    int ff = g->ff_ok && !g->hooks && !g->no_skip;
    for (;;) {
        unsigned next = gm_clocks_peek(&g->clk);
        /* a window ends at its last core cycle, before a --max-cycles of the same */
        if (((next & 1u << GM_CLK_CORE) || g->window) && finished(g))
            break;
        if (g->hooks && g->hooks->stop && *g->hooks->stop) {
            end = GM_END_STOPPED;
            break;
        }
        if (g->clk.cycles[GM_CLK_CORE] >= max_cycles) {
            gm_progress_end(&prog);
            return GM_END_MAX_CYCLES;
        }
        if (g->interrupt && *g->interrupt) {
            gm_progress_end(&prog);
            return GM_END_INTERRUPTED;
        }
        if (ff && (next & 1u << GM_CLK_CORE)) {
            /* A busy machine stays busy for a while: after a fruitless ask
             * the next waits 1, 2, 4 .. 64 core cycles (skipping less is
             * always exact; a long wait loses at most its first 64). */
            if (g->ff_wait) {
                g->ff_wait--;
            } else if (fast_forward(g, max_cycles, &mark)) {
                g->ff_backoff = 0;
                continue; /* the checks above, at the edge it stopped before */
            } else {
                g->ff_backoff = g->ff_backoff ? (g->ff_backoff < 64 ? 2 * g->ff_backoff : 64) : 1;
                g->ff_wait = g->ff_backoff;
            }
        }
        unsigned m = gm_clocks_step(&g->clk);
        if (m & 1u << GM_CLK_CORE) {
            g->now = g->clk.cycles[GM_CLK_CORE] - 1;
            core_cycle(g);
            gm_progress_update(&prog, g->grid.warps_done);
            /* --sample: the only per-cycle cost, one compare (never true when off). */
            if (g->clk.cycles[GM_CLK_CORE] == g->sample_at)
                gm_sample_take(g);
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
                    return GM_END_STALLED;
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
    return end;
}

/* ---- stats ---- */

static void sum(uint64_t *to, const uint64_t *from, size_t bytes)
{
    for (size_t i = 0; i < bytes / sizeof(uint64_t); i++)
        to[i] += from[i];
}

void gm_gpu_stats(const gm_gpu_t *g, gm_stats_in_t *in, uint64_t *channel_requests)
{
    memset(in, 0, sizeof *in);
    in->config = g->cfg.name;
    in->workload = gm_workload_spec(g->wl);
    in->seed = g->seed;
    in->cycles = g->clk.cycles[GM_CLK_CORE];
    in->kernels_done = g->kernels_done;
    in->l1d_sector = g->cfg.l1d.c.sector;
    in->l2_sector = g->cfg.l2.c.sector;
    for (uint32_t i = 0; i < g->cfg.sm.count; i++) {
        sum((uint64_t *)&in->sm, (const uint64_t *)&g->sm[i].sm.st, sizeof in->sm);
        sum((uint64_t *)&in->lsu, (const uint64_t *)&g->sm[i].lsu.st, sizeof in->lsu);
        sum((uint64_t *)&in->l1d, (const uint64_t *)&g->sm[i].l1d.c.st, sizeof in->l1d);
    }
    for (uint32_t b = 0; b < g->nbanks; b++)
        sum((uint64_t *)&in->l2, (const uint64_t *)&g->bank[b].l2.c.st, sizeof in->l2);
    in->req_packets = g->req_net.packets;
    in->req_flits = g->req_net.flits;
    in->reply_packets = g->reply_net.packets;
    in->reply_flits = g->reply_net.flits;
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        sum((uint64_t *)&in->dram, (const uint64_t *)&g->dram[ch].st, sizeof in->dram);
        if (channel_requests)
            channel_requests[ch] = g->dram[ch].st.reads + g->dram[ch].st.writes;
    }
    in->channel_requests = channel_requests;
    in->channels = channel_requests ? g->cfg.l2.channels : 0;
    in->reg = &g->reg;
}

/* `item` under `key` in `root`; on any failure (either missing, or the
 * add) both are freed and the report is lost: NULL, reported as out of
 * memory by the caller. */
static cJSON *attach(cJSON *root, const char *key, cJSON *item)
{
    if (item && cJSON_AddItemToObject(root, key, item))
        return root;
    cJSON_Delete(item);
    cJSON_Delete(root);
    return NULL;
}

int gm_gpu_write_stats(const gm_gpu_t *g, const gm_run_info_t *run, FILE *f, gm_err_t *err)
{
    gm_stats_in_t in;
    uint64_t *per = calloc(g->cfg.l2.channels, sizeof *per);
    if (!per)
        return gm_errf(err, "out of memory");
    gm_gpu_stats(g, &in, per);
    cJSON *root = gm_stats_json(&in);
    free(per);
    for (uint32_t p = 0; root && p < g->nplug; p++)
        if (g->plug[p]->stats)
            g->plug[p]->stats(g->plug_self[p], root);
    if (root && run->extend)
        run->extend(run->extend_ctx, g, root);
    if (root)
        root = attach(root, "kernels", gm_kernels_json(g));
    /* The opt-in parts, after everything a default report holds and
     * before "run", so a default report is unchanged. */
    if (root && g->per_sm)
        root = attach(root, "sms", gm_per_sm_json(g));
    if (root && g->sampler)
        root = attach(root, "samples", gm_sample_json(g));
    if (root)
        root = attach(root, "run",
                      gm_stats_run_json(run, gm_cfg_to_json(gm_gpu_schema(), &g->cfg)));
    char *text = root ? cJSON_Print(root) : NULL;
    cJSON_Delete(root);
    if (!text)
        return gm_errf(err, "out of memory");
    int rc = fputs(text, f) < 0 || fputc('\n', f) == EOF ? -1 : 0;
    free(text);
    return rc ? gm_errf(err, "cannot write the stats") : 0;
}
