/* Stimulus for capture_ctrl.
 * random:  a GMMU around the block (capture_ctrl_world.h: residency,
 *          the lifetime memory, migrations, evictions, probes, the global
 *          LRU, and the checks listed there). Allocations cover parts of
 *          a 256-granule window; access events come from a hot set of
 *          pages that drifts (so lifetimes run out, expired pages are
 *          touched again and recalled, and the sampler's windows see
 *          reuse), an access to an absent page raises a far fault now and
 *          then, the capacity changes in phases (so runs stop fitting and
 *          OVERSUB batches, extra batches and global-LRU fallbacks come
 *          and go), handshake readies and completion delays are random,
 *          allocations are rewritten and kernels launched now and then.
 * golden:  capture_ctrl_golden.h's hand-worked cases through the ports. */
#include <stddef.h>
#include <string.h>

#include "capture_ctrl_golden.h"
#include "stim.h"

enum { HOT = 24 };

enum {
    COV_FULL, COV_OVERSUB, COV_FALLBACK, COV_SHORT, COV_RECALL_HIT, COV_RECALL_MISS,
    COV_DROPPED, COV_FORWARD, COV_EXTRA, COV_HOLD, COV_SAMP_STALL, COV_LEASE, COV_INS_WAIT,
    COV_OVERSUB_MODE, COV_N
};
static const char *const cov_names[COV_N] = {
    "TABLE_FULL eviction", "OVERSUB eviction", "FALLBACK eviction", "batch ended short",
    "recall hit", "recall miss", "insert dropped (evicted)", "read forwarded",
    "extra OVERSUB batch", "migration held", "sampler stall", "lease learned",
    "insert waits for the table", "oversubscription mode"};

typedef struct cc_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    capture_ctrl_params_t p;
    cw_world_t w;
    uint32_t hot[HOT];
    uint64_t phase_end;
    uint32_t p_acc, p_ready, p_done, p_fault;
} cc_rand_t;

static unsigned owner(const cc_rand_t *c, uint32_t page)
{
    for (unsigned i = 0; i < c->p.NALLOC && i < CW_NA; i++)
        if (c->w.a[i].v && page >= c->w.a[i].first && page < c->w.a[i].first + c->w.a[i].pages)
            return i;
    return (unsigned)(page * 7u) & 15u;
}

static void new_alloc(cc_rand_t *c, unsigned id, capture_ctrl_in_t *in)
{
    static const uint32_t sizes[] = {8, 16, 40, 100, 256, 300, 512, 1024, 2048, 4096};
    uint32_t pages = sizes[gm_rng_below(&c->r, 10)];
    uint32_t first = (uint32_t)gm_rng_below(&c->r, CW_PAGES - pages);
    if (gm_rng_chance(&c->r, 1, 2))
        first &= ~15u;
    in->alloc_we = 1;
    in->alloc_id = id;
    in->alloc_base_vpn = (c->w.hi << (CW_GSH + 4)) | first;
    in->alloc_pages = pages;
}

static uint32_t pick_page(cc_rand_t *c)
{
    for (int t = 0; t < 4; t++) {
        unsigned id = (unsigned)gm_rng_below(&c->r, c->p.NALLOC < CW_NA ? c->p.NALLOC : CW_NA);
        const cw_alloc_t *a = &c->w.a[id];
        if (a->v)
            return a->first + (uint32_t)gm_rng_below(&c->r, a->pages);
    }
    return (uint32_t)gm_rng_below(&c->r, CW_PAGES);
}

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cc_rand_t *c = vctx;
    (void)err;
    c->p = *(const capture_ctrl_params_t *)params;
    gm_rng_seed(&c->r, seed);
    cw_init(&c->w, gm_rng_bits(&c->r, 32 - CW_GSH), 1024);
    return 0;
}

static void new_phase(cc_rand_t *c, uint64_t cyc)
{
    static const uint32_t caps[] = {32, 128, 256, 512, 1024, 2048, 1u << 20};
    c->phase_end = cyc + 1000 + gm_rng_below(&c->r, 30000);
    c->w.cap = caps[gm_rng_below(&c->r, 7)];
    c->p_acc = gm_rng_chance(&c->r, 1, 3) ? 1024 : 200 + (uint32_t)gm_rng_below(&c->r, 800);
    c->p_ready = gm_rng_chance(&c->r, 1, 3) ? 1024 : 100 + (uint32_t)gm_rng_below(&c->r, 900);
    c->p_done = gm_rng_chance(&c->r, 1, 3) ? 1024 : 50 + (uint32_t)gm_rng_below(&c->r, 500);
    c->p_fault = 1 + (uint32_t)gm_rng_below(&c->r, 64);
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    cc_rand_t *c = vctx;
    capture_ctrl_in_t *in = vin;
    cw_world_t *w = &c->w;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    cw_drive(w, cyc, in, gm_rng_chance(&c->r, c->p_done, 1024));
    unsigned na = c->p.NALLOC < CW_NA ? c->p.NALLOC : CW_NA;
    if (cyc < na)
        new_alloc(c, (unsigned)cyc, in);
    else if (gm_rng_chance(&c->r, 1, 20000))
        new_alloc(c, (unsigned)gm_rng_below(&c->r, na), in);
    else if (gm_rng_chance(&c->r, 1, 40000))
        in->alloc_free = 1, in->alloc_id = gm_rng_below(&c->r, 16);
    in->kernel_launch = cyc == na || gm_rng_chance(&c->r, 1, 30000);
    if (in->alloc_we) {
        cw_alloc_t *a = &w->a[in->alloc_id];
        a->v = 1;
        a->first = (uint32_t)in->alloc_base_vpn & (CW_PAGES - 1);
        a->pages = (uint32_t)in->alloc_pages;
    } else if (in->alloc_free && in->alloc_id < CW_NA) {
        w->a[in->alloc_id].v = 0;
    }
    if (cyc == na || gm_rng_chance(&c->r, 1, 64))
        for (unsigned i = 0; i < HOT; i++)
            if (cyc == na || gm_rng_chance(&c->r, 1, 8))
                c->hot[i] = pick_page(c);
    if (cyc > na && gm_rng_chance(&c->r, c->p_acc, 1024)) {
        uint32_t page = gm_rng_chance(&c->r, 7, 8) ? c->hot[gm_rng_below(&c->r, HOT)]
                                                    : pick_page(c);
        unsigned aid = owner(c, page);
        in->acc_valid = 1;
        in->acc_vpn = (w->hi << (CW_GSH + 4)) | page;
        in->acc_aid = aid;
        in->acc_res = cw_resident(w, page);
        if (!in->acc_res && w->g[page >> 4] == CW_ABSENT &&
            gm_rng_chance(&c->r, c->p_fault, 64)) {
            in->ff_valid = 1;
            in->ff_vpn = in->acc_vpn;
            in->ff_aid = aid;
        }
    }
    in->ptw_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    in->mig_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    in->ev_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    in->st_lease_aid = gm_rng_below(&c->r, 16);
    if (!in->mig_done)
        in->q_aid = gm_rng_below(&c->r, 16);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    cc_rand_t *c = vctx;
    const capture_ctrl_in_t *in = vin;
    const capture_ctrl_out_t *o = vout;
    const capture_ctrl_t *m = c_state;
    if (o->ev_valid && in->ev_ready)
        c->hits[o->ev_reason == 1 ? COV_FULL : o->ev_reason == 2 ? COV_OVERSUB : COV_FALLBACK]++;
    c->hits[COV_SHORT] += o->lru_req_valid && in->lru_rsp_valid && in->lru_rsp_none;
    if (m->fsm == CC_RWAIT && m->coal.fsm == TC_DONE) {
        int hit = m->coal.hit_v;
        c->hits[hit ? COV_RECALL_HIT : COV_RECALL_MISS]++;
    }
    c->hits[COV_FORWARD] += m->p1_v && m->fw_v && m->fw_vpn == m->p1_vpn;
    c->hits[COV_EXTRA] = m->ctr.extra_batches;
    c->hits[COV_HOLD] = m->ctr.mig_hold_cycles;
    c->hits[COV_SAMP_STALL] += in->acc_valid && !o->acc_ready && m->samp.hand && o->st_samp_active;
    c->hits[COV_LEASE] = m->lease.ctr.leases;
    c->hits[COV_INS_WAIT] += m->fsm == CC_INS && m->coal.fsm != TC_IDLE;
    c->hits[COV_OVERSUB_MODE] += o->st_oversub;
    c->hits[COV_DROPPED] = m->ctr.inserts_dropped;
    return cw_observe(&c->w, cyc, in, o, m, err);
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const cc_rand_t *c = vctx;
    const capture_ctrl_params_t *p = &c->p;
    uint64_t optional = 0;
    (void)c_state;
    /* The spec's 256 entries outnumber the granules this world keeps
     * resident (its golden case fills them); and a hand-over (16 cycles an
     * entry and a group, 1 an empty group) that ends inside the closed
     * window never stalls. */
    if (p->NCOAL > 64)
        optional |= 1u << COV_FULL;
    if (p->SAMP_S - p->SAMP_D > 32u * p->NSAMP + p->NALLOC)
        optional |= 1u << COV_SAMP_STALL;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 28, optional);
}

static const gm_stim_t cc_random = {
    "capture_ctrl", "random",
    "a GMMU: hot-set accesses, far faults, capacity phases, evictions honoured, invariants checked",
    sizeof(cc_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden: the hand-worked cases of capture_ctrl_golden.h */
static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    (void)seed;
    return ccg_init(vctx, params, err);
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    return ccg_gen(vctx, cyc, vin) ? GM_STIM_END : GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    return ccg_observe(vctx, cyc, vin, vout, c_state, err);
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    return ccg_finish(vctx, cycles, err);
}

static const gm_stim_t cc_golden = {
    "capture_ctrl", "golden",
    "hand-worked granularities, a learned lease, a recall, a full table, an OVERSUB batch",
    sizeof(ccg_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const capture_ctrl_stims[] = {&cc_random, &cc_golden, NULL};
