/* Stimulus for cta_dispatch.
 * random:  kernel after kernel, each with a random policy (all five), V
 *          (0 .. 3000, sometimes fewer CTAs than SMs), slots, active limit
 *          (throttling) and seed; the SMs' accept gates mostly open, closed
 *          in bursts; disp_ready at its own rate. The stimulus keeps the
 *          resident CTAs (what it saw dispatched) and retires them after
 *          random lifetimes, one a cycle at most, now and then a retire of
 *          a free slot (ignored). It checks on the C side that every CTA id
 *          is named once per kernel, cluster CTAs stay in their cluster,
 *          no SM runs more than the active limit, and a WAVE gives CTAs
 *          only to SMs that accept, in order from disp_sm, to every such
 *          SM while CTAs are left (its CTAs hold no slot: not retired).
 * golden:  hand-worked orders on 3 SMs x 2 slots (point small): CLUSTER_
 *          STATIC over |V| = 7 with 2 agents (clusters {0,1,2} {3,4} {5,6},
 *          agent a running w = a, a+2), then STRICT_RR head-of-line
 *          blocking, then RANDOM's LFSR picks, then a WAVE: launched
 *          while held, whole waves from a start SM stepping every cycle,
 *          a gated SM passed over, the last CTA cutting the wave short. */
#include <stddef.h>
#include <string.h>

#include "blocks/cta_dispatch.h"
#include "stim.h"

enum { RES_MAX = CTA_DISP_MAX_SM * CTA_DISP_MAX_SLOTS, SEEN_MAX = 4096 };
enum {
    COV_POL0, COV_POL1, COV_POL2, COV_POL3, COV_POL4, COV_POL5,
    COV_WAVE_LAUNCH, COV_WAVE_WIDE, COV_DONE, COV_SAME_CYCLE, COV_BOGUS, COV_THROTTLED, COV_FWD, COV_BP,
    COV_N
};
static const char *const cov_names[COV_N] = {
    "STRICT_RR dispatches", "RR_THEN_DEMAND dispatches", "RANDOM dispatches",
    "CLUSTER_STATIC dispatches", "CLUSTER_DYNAMIC dispatches", "WAVE dispatches",
    "WAVE dispatching in its launch cycle", "WAVE cut short by the CTAs left", "kernels done",
    "retire and refill, one cycle", "retires of a free slot", "dispatch at the active limit",
    "demand mode reached", "dispatch held (no disp_ready)"};

typedef struct res {
    uint8_t sm, slot;
    uint32_t until;
} res_t;

typedef struct disp_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    unsigned nsm, slots;
    res_t res[RES_MAX];
    unsigned nres;
    uint32_t p_ready, p_close, life;
    uint32_t gate;
    uint8_t seen[SEEN_MAX];
    uint32_t V;
    int running;
} disp_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    disp_rand_t *c = vctx;
    const cta_dispatch_params_t *p = params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->nsm = p->N_SM;
    c->slots = p->SLOTS;
    c->gate = 0xffffffffu;
    return 0;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    disp_rand_t *c = vctx;
    cta_dispatch_in_t *in = vin;
    gm_rng_t *r = &c->r;
    static const uint32_t Vs[] = {0, 1, 2, 7, 15, 16, 64, 100, 480, 960, 1280, 3000};
    in->launch_valid = gm_rng_chance(r, 1, 4);
    in->launch_V = gm_rng_chance(r, 1, 2) ? Vs[gm_rng_below(r, 12)] : gm_rng_below(r, 400);
    in->launch_policy = gm_rng_below(r, 8);
    in->launch_slots = gm_rng_below(r, 40);
    in->launch_active = gm_rng_chance(r, 1, 3)   ? 0
                        : gm_rng_chance(r, 1, 2) ? 1 + gm_rng_below(r, c->slots)
                                                 : gm_rng_below(r, 40);
    in->launch_seed = gm_rng_bits(r, 16);
    if (cyc % 64 == 0) {
        c->p_ready = gm_rng_chance(r, 1, 4) ? 256 : 1024;
        c->p_close = gm_rng_chance(r, 1, 4) ? 32 : 0;
        c->life = 1 + (uint32_t)gm_rng_below(r, gm_rng_chance(r, 1, 2) ? 8 : 200);
    }
    if (gm_rng_chance(r, c->p_close, 1024))
        c->gate = (uint32_t)gm_rng_bits(r, 32) | (uint32_t)gm_rng_bits(r, 32);
    else if (gm_rng_chance(r, 1, 16))
        c->gate = 0xffffffffu;
    in->sm_can_accept = c->gate;
    in->disp_ready = gm_rng_chance(r, c->p_ready, 1024);
    /* A resident CTA whose time is up retires (a random one of them). */
    if (c->nres && gm_rng_chance(r, 3, 4)) {
        unsigned k = (unsigned)gm_rng_below(r, c->nres);
        if (c->res[k].until <= cyc) {
            in->retire_valid = 1;
            in->retire_sm = c->res[k].sm;
            in->retire_slot = c->res[k].slot;
            c->res[k] = c->res[--c->nres];
        }
    }
    if (!in->retire_valid && gm_rng_chance(r, 1, 64)) {
        in->retire_valid = 1;
        in->retire_sm = gm_rng_bits(r, 5);
        in->retire_slot = gm_rng_bits(r, 6);
    }
    return 0;
}

/* The wave: SMs from disp_sm on, CTA u after u, every accepting SM served
 * until the kernel runs out. */
static int wave_observe(disp_rand_t *c, uint64_t cyc, const cta_dispatch_in_t *in,
                        const cta_dispatch_out_t *o, const cta_dispatch_t *m, gm_err_t *err)
{
    int fire = !m->running && in->launch_valid;
    uint32_t V = fire ? (uint32_t)in->launch_V : m->V, u = (uint32_t)o->disp_u;
    uint32_t mask = (uint32_t)o->disp_mask, acc = (uint32_t)in->sm_can_accept;
    if (!o->disp_valid)
        return mask ? gm_errf(err, "cycle %llu: WAVE mask %#x without disp_valid",
                              (unsigned long long)cyc, mask)
                    : 0;
    if (!in->disp_ready) {
        c->hits[COV_BP]++;
        return 0;
    }
    c->hits[COV_POL5]++;
    c->hits[COV_WAVE_LAUNCH] += fire;
    for (unsigned k = 0; k < c->nsm; k++) {
        unsigned i = ((unsigned)o->disp_sm + k) % c->nsm;
        if (!(mask >> i & 1)) {
            if ((acc >> i & 1) && u < V)
                return gm_errf(err, "cycle %llu: WAVE passed SM %u over with CTA %u of %u left",
                               (unsigned long long)cyc, i, u, V);
            c->hits[COV_WAVE_WIDE] += (acc >> i & 1) != 0;
            continue;
        }
        if (!(acc >> i & 1) || u >= V || (u < SEEN_MAX && c->seen[u]))
            return gm_errf(err, "cycle %llu: WAVE gave CTA %u (of %u) to SM %u (accepting %d), "
                                "or twice", (unsigned long long)cyc, u, V, i, acc >> i & 1);
        if (u < SEEN_MAX)
            c->seen[u] = 1;
        u++;
    }
    if (mask >> c->nsm)
        return gm_errf(err, "cycle %llu: WAVE mask %#x past %u SMs", (unsigned long long)cyc,
                       mask, c->nsm);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    disp_rand_t *c = vctx;
    const cta_dispatch_in_t *in = vin;
    const cta_dispatch_out_t *o = vout;
    const cta_dispatch_t *m = c_state;
    if (in->retire_valid && in->retire_sm < c->nsm && in->retire_slot < 32 &&
        !(m->busy[in->retire_sm] >> in->retire_slot & 1))
        c->hits[COV_BOGUS]++;
    if (o->launch_ready && in->launch_valid) {
        memset(c->seen, 0, sizeof c->seen);
        c->running = 1;
        c->V = (uint32_t)in->launch_V;
    }
    if (o->kernel_done) {
        c->hits[COV_DONE]++;
        for (uint32_t v = 0; v < m->V && v < SEEN_MAX; v++)
            if (!c->seen[v])
                return gm_errf(err, "cycle %llu: kernel done but CTA %u never dispatched",
                               (unsigned long long)cyc, v);
    }
    if (cta_dispatch_wave_on(m, in))
        return wave_observe(c, cyc, in, o, m, err);
    if (!o->disp_valid)
        return 0;
    if (!in->disp_ready) {
        c->hits[COV_BP]++;
        return 0;
    }
    unsigned sm = (unsigned)o->disp_sm;
    c->hits[COV_POL0 + m->policy]++;
    c->hits[COV_FWD] += m->policy == CTA_POL_RR_THEN_DEMAND && m->fwd;
    c->hits[COV_SAME_CYCLE] += in->retire_valid && in->retire_sm == sm &&
                               in->retire_slot == o->disp_slot;
    uint32_t v = (uint32_t)o->disp_u;
    if (m->policy >= CTA_POL_CLUSTER_STATIC) {
        if (o->disp_w >= cta_dispatch_jobs(m, sm))
            return gm_errf(err, "cycle %llu: w %llu past cluster %u's %u CTAs",
                           (unsigned long long)cyc, (unsigned long long)o->disp_w, sm,
                           cta_dispatch_jobs(m, sm));
        v = cta_dispatch_base(m, sm) + (uint32_t)o->disp_w;
    }
    unsigned act = m->act[sm];
    if (in->retire_valid && in->retire_sm == sm && in->retire_slot < 32 &&
        (m->busy[sm] >> in->retire_slot & 1))
        act--;
    if (act >= m->active)
        return gm_errf(err, "cycle %llu: SM %u at %u active of %u took another",
                       (unsigned long long)cyc, sm, act, m->active);
    c->hits[COV_THROTTLED] += act + 1 == m->active && m->active < m->slots;
    if (v >= m->V || (v < SEEN_MAX && c->seen[v]))
        return gm_errf(err, "cycle %llu: CTA %u dispatched twice or past V = %u",
                       (unsigned long long)cyc, v, m->V);
    if (v < SEEN_MAX)
        c->seen[v] = 1;
    if (c->nres < RES_MAX)
        c->res[c->nres++] = (res_t){(uint8_t)sm, (uint8_t)o->disp_slot,
                                    (uint32_t)cyc + 1 + (uint32_t)gm_rng_below(&c->r, c->life)};
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const disp_rand_t *c = vctx;
    (void)c_state;
    /* One slot a SM (the GPU's own WAVE points): no limit below it. */
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 32,
                             c->slots == 1 ? 1ull << COV_THROTTLED : 0);
}

static const gm_stim_t disp_random = {
    "cta_dispatch", "random", "kernel after kernel, every policy, random lifetimes and gates",
    sizeof(disp_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden: one row a cycle: inputs, then the expected pick ---- */

typedef struct grow {
    int launch;                 /* -1: no launch, else the policy */
    uint32_t V, active, seed;
    int rsm, rslot;             /* retire, -1: none */
    int valid, sm, slot;        /* expected disp_valid, disp_sm, disp_slot */
    int64_t u_or_w;             /* expected disp_u (policies 0-2) or disp_w */
    int done;                   /* expected kernel_done */
    const char *why;
    uint32_t gate;              /* sm_can_accept, 0: every SM */
    uint32_t mask;              /* expected disp_mask, 0: 1 << sm */
} grow_t;

#define NOL -1, 0, 0, 0
#define DONE {NOL, -1, -1, 0, 0, 0, 0, 1, "every CTA retired: kernel_done, idle next cycle", 0, 0}
static const grow_t rows[] = {
    {CTA_POL_CLUSTER_STATIC, 7, 2, 0, -1, -1, 0, 0, 0, 0, 0, "launch: |V|=7 over 3 SMs, 2 agents a SM", 0, 0},
    {NOL, -1, -1, 1, 0, 0, 0, 0, "SM0 agent 0: w=0 (v=base 0 + 0)", 0, 0},
    {NOL, -1, -1, 1, 1, 0, 0, 0, "SM1 agent 0: w=0 (v=3)", 0, 0},
    {NOL, -1, -1, 1, 2, 0, 0, 0, "SM2 agent 0: w=0 (v=5)", 0, 0},
    {NOL, -1, -1, 1, 0, 1, 1, 0, "SM0 agent 1: w=1 (v=1)", 0, 0},
    {NOL, -1, -1, 1, 1, 1, 1, 0, "SM1 agent 1: w=1 (v=4)", 0, 0},
    {NOL, -1, -1, 1, 2, 1, 1, 0, "SM2 agent 1: w=1 (v=6)", 0, 0},
    {NOL, -1, -1, 0, 0, 0, 0, 0, "every agent slot busy", 0, 0},
    {NOL, 1, 0, 0, 0, 0, 0, 0, "SM1 agent 0 ends: its next w=2 is past cluster 1's 2 CTAs", 0, 0},
    {NOL, 0, 0, 1, 0, 0, 2, 0, "SM0 agent 0 ends and, the same cycle, runs w=2 (v=2)", 0, 0},
    {NOL, 0, 1, 0, 0, 0, 0, 0, "SM0 agent 1 ends: w=3 is past 3", 0, 0},
    {NOL, 0, 0, 0, 0, 0, 0, 0, "SM0 agent 0 ends", 0, 0},
    {NOL, 1, 1, 0, 0, 0, 0, 0, "SM1 agent 1 ends", 0, 0},
    {NOL, 2, 0, 0, 0, 0, 0, 0, "SM2 agent 0 ends", 0, 0},
    {NOL, 2, 1, 0, 0, 0, 0, 0, "SM2 agent 1 ends: the 7th retire", 0, 0},
    DONE,
    {CTA_POL_STRICT_RR, 5, 1, 0, -1, -1, 0, 0, 0, 0, 0, "launch: strict RR, 1 CTA a SM (throttled)", 0, 0},
    {NOL, -1, -1, 1, 0, 0, 0, 0, "u=0 to SM0", 0, 0},
    {NOL, -1, -1, 1, 1, 0, 1, 0, "u=1 to SM1", 0, 0},
    {NOL, -1, -1, 1, 2, 0, 2, 0, "u=2 to SM2", 0, 0},
    {NOL, -1, -1, 0, 0, 0, 0, 0, "u=3 waits for SM0 (head of line)", 0, 0},
    {NOL, 1, 0, 0, 0, 0, 0, 0, "SM1 frees: u=3 still waits for SM0", 0, 0},
    {NOL, 0, 0, 1, 0, 0, 3, 0, "SM0 frees: u=3 to SM0 the same cycle", 0, 0},
    {NOL, -1, -1, 1, 1, 0, 4, 0, "u=4 to SM1", 0, 0},
    {NOL, 0, 0, 0, 0, 0, 0, 0, "u=3 ends", 0, 0},
    {NOL, 1, 0, 0, 0, 0, 0, 0, "u=4 ends", 0, 0},
    {NOL, 2, 0, 0, 0, 0, 0, 0, "u=2 ends: the 5th retire", 0, 0},
    DONE,
    {CTA_POL_RANDOM, 4, 2, 0xace1, -1, -1, 0, 0, 0, 0, 0, "launch: random, seed 0xace1", 0, 0},
    {NOL, -1, -1, 1, 1, 0, 0, 0, "lfsr 0xace1 % 3 free SMs = 1: SM1", 0, 0},
    {NOL, -1, -1, 1, 2, 0, 1, 0, "0x59c3 % 3 = 2: SM2", 0, 0},
    {NOL, -1, -1, 1, 2, 1, 2, 0, "0xb387 % 3 = 2: SM2 slot 1", 0, 0},
    {NOL, -1, -1, 1, 1, 1, 3, 0, "0x670f % 2 (SM2 at its limit) = 1: the 2nd free SM, SM1", 0, 0},
    {NOL, 1, 0, 0, 0, 0, 0, 0, "u=0 ends", 0, 0},
    {NOL, 2, 0, 0, 0, 0, 0, 0, "u=1 ends", 0, 0},
    {NOL, 2, 1, 0, 0, 0, 0, 0, "u=2 ends", 0, 0},
    {NOL, 1, 1, 0, 0, 0, 0, 0, "u=3 ends: the 4th retire", 0, 0},
    DONE,
    {CTA_POL_WAVE, 5, 0, 0, -1, -1, 0, 0, 0, 0, 0, "launch: WAVE, V=5, held (no disp_ready); rr 0 -> 1", 0, 0},
    {NOL, -1, -1, 1, 1, 0, 0, 0, "the wave from SM1: u=0 SM1, u=1 SM2, u=2 SM0", 0, 7},
    {NOL, -1, -1, 1, 2, 0, 3, 0, "only SM0 accepts; from SM2: u=3 to SM0", 1, 1},
    {NOL, -1, -1, 1, 0, 0, 4, 0, "from SM0: u=4 to SM0, the last: SM1 and SM2 get none", 0, 1},
    {NOL, -1, -1, 0, 0, 0, 0, 0, "every CTA dispatched: free (launch_ready), no kernel_done", 0, 0},
};

typedef struct disp_gold {
    unsigned row;
} disp_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const cta_dispatch_params_t *p = params;
    (void)vctx;
    (void)seed;
    if (p->N_SM != 3 || p->SLOTS != 2)
        return gm_errf(err, "the golden orders are for 3 SMs x 2 slots (point small)");
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    disp_gold_t *c = vctx;
    cta_dispatch_in_t *in = vin;
    (void)cyc;
    if (c->row >= sizeof rows / sizeof rows[0])
        return GM_STIM_END;
    const grow_t *g = &rows[c->row];
    in->sm_can_accept = g->gate ? g->gate : 0xffffffffu;
    in->disp_ready = 1;
    if (g->launch >= 0) {
        in->launch_valid = 1;
        in->launch_policy = (unsigned)g->launch;
        in->launch_V = g->V;
        in->launch_active = g->active;
        in->launch_seed = g->seed;
        in->disp_ready = 0;
    }
    if (g->rsm >= 0) {
        in->retire_valid = 1;
        in->retire_sm = (unsigned)g->rsm;
        in->retire_slot = (unsigned)g->rslot;
    }
    return 0;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    disp_gold_t *c = vctx;
    const cta_dispatch_out_t *o = vout;
    const cta_dispatch_t *m = c_state;
    const grow_t *g = &rows[c->row++];
    (void)vin;
    if (g->launch >= 0) {
        if (!o->launch_ready)
            return gm_errf(err, "row %u (%s): launch_ready 0", c->row - 1, g->why);
        return 0;
    }
    uint64_t uw = m->policy == CTA_POL_CLUSTER_STATIC || m->policy == CTA_POL_CLUSTER_DYNAMIC
                      ? o->disp_w
                      : o->disp_u;
    uint32_t mask = g->mask ? g->mask : 1u << g->sm;
    if (g->launch < 0 && !g->valid && !o->launch_ready && c->row == sizeof rows / sizeof rows[0])
        return gm_errf(err, "row %u (%s): launch_ready 0", c->row - 1, g->why);
    if ((int)o->disp_valid != g->valid ||
        (g->valid && ((int)o->disp_sm != g->sm || (int)o->disp_slot != g->slot ||
                      (int64_t)uw != g->u_or_w || o->disp_mask != mask)) ||
        (int)o->kernel_done != g->done)
        return gm_errf(err,
                       "row %u (%s), cycle %llu: valid %llu sm %llu slot %llu u/w %llu done %llu;"
                       " expected valid %d sm %d slot %d u/w %lld done %d",
                       c->row - 1, g->why, (unsigned long long)cyc,
                       (unsigned long long)o->disp_valid, (unsigned long long)o->disp_sm,
                       (unsigned long long)o->disp_slot, (unsigned long long)uw,
                       (unsigned long long)o->kernel_done, g->valid, g->sm, g->slot,
                       (long long)g->u_or_w, g->done);
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const disp_gold_t *c = vctx;
    if (c->row < sizeof rows / sizeof rows[0])
        return gm_errf(err, "the run ended after %llu cycles, at row %u",
                       (unsigned long long)cycles, c->row);
    return 0;
}

static const gm_stim_t disp_golden = {
    "cta_dispatch", "golden", "hand-worked cluster, strict-RR, random and wave orders on 3 SMs x 2 slots",
    sizeof(disp_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const cta_dispatch_stims[] = {&disp_random, &disp_golden, NULL};
