/* Stimulus for icta_profiler.
 * random: accesses over a block pool a phase sizes from a quarter to four
 *   times the tracker (so it fits, or evicts all the time), a few CTAs
 *   (some equal modulo 2^CTA_W), loads and stores with cfg_count_stores
 *   on or off, a granularity a phase (sometimes one a cycle, 0..7).
 *   An independent reference -- per set a most-recently-used list of
 *   {block, last CTA} -- must give every access's class, eviction and
 *   previous CTA; the counters must equal its totals; the tracker's
 *   invariants (icta_profiler_check) hold every 4096 cycles. Some phases
 *   clear the tracker now and then (a kernel launch).
 * golden: seed-002 INTERP-1 worked by hand on 16 sets x 2 ways, 8-bit CTAs
 *   (point small): first touch, intra, inter, CTA ids aliasing mod 256,
 *   a store counted and one not, granularities 2, 5, 7 (0 acting as 2),
 *   the top address bits, the LRU victim, an evicted block's later access
 *   counted as a first touch, and a clear.
 * lru: the victim order of 8 ways with their ages (point default). */
#include <string.h>

#include "blocks/icta_profiler.h"
#include "stim.h"

/* ---- random ---- */

enum { COV_N = 10 };
static const char *const cov_names[COV_N] = {
    "first touch into an invalid way", "first touch evicting the LRU way",
    "intra-CTA reuse", "inter-CTA reuse", "intra-CTA by CTA ids equal mod 2^CTA_W",
    "store counted", "store not counted", "granularity 0 or 1 (acts as 2)",
    "hit on the LRU way (age WAYS-1)", "clear (a kernel launch)"};

typedef struct ref_way {
    uint64_t blk;   /* block address + 1 (0: empty) */
    uint32_t cta;
} ref_way_t;

typedef struct ipf_rand {
    gm_rng_t r;
    icta_profiler_params_t p;
    ref_way_t mru[IPF_MAX_SETS][IPF_MAX_WAYS]; /* MRU first */
    uint32_t n[IPF_MAX_SETS];
    uint64_t first, intra, inter, evict;
    uint64_t phase_end, pool, base, cta_pool, stride;
    unsigned gran, gran_mode, p_acc, p_store, count_stores, p_clear;
    uint64_t hits[COV_N];
} ipf_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    ipf_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const icta_profiler_params_t *)params;
    return 0;
}

static void new_phase(ipf_rand_t *c, uint64_t cyc)
{
    gm_rng_t *r = &c->r;
    uint64_t cap = (uint64_t)c->p.SETS * c->p.WAYS;
    c->phase_end = cyc + 500 + gm_rng_below(r, 5000);
    /* Pool of blocks: a quarter of the tracker up to four times it. */
    c->pool = cap / 4 + 1 + gm_rng_below(r, 4 * cap);
    c->base = gm_rng_bits(r, 40);
    c->stride = gm_rng_chance(r, 1, 2) ? 1 : 1 + gm_rng_below(r, 3 * c->p.SETS);
    c->cta_pool = 1 + gm_rng_below(r, 8);
    c->gran = 2 + (unsigned)gm_rng_below(r, 6);
    c->gran_mode = (unsigned)gm_rng_below(r, 3); /* 0: one a cycle, else the phase's */
    c->p_acc = gm_rng_chance(r, 1, 4) ? 300 : 1000;
    c->p_store = (unsigned)gm_rng_below(r, 400);
    c->count_stores = gm_rng_chance(r, 2, 3);
    c->p_clear = gm_rng_chance(r, 1, 4) ? 20 : 0; /* per 65536 cycles */
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    ipf_rand_t *c = vctx;
    icta_profiler_in_t *in = vin;
    gm_rng_t *r = &c->r;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    in->cfg_count_stores = c->count_stores;
    in->cfg_gran_log2 = c->gran_mode ? c->gran : gm_rng_below(r, 8);
    in->acc_is_store = gm_rng_below(r, 1024) < c->p_store;
    in->clear = gm_rng_below(r, 65536) < c->p_clear;
    if (!gm_rng_chance(r, c->p_acc, 1024)) {
        /* Idle cycles carry noise on every other input. */
        in->acc_addr = gm_rng_bits(r, 40);
        in->acc_cta = gm_rng_bits(r, 32);
        return GM_STIM_CYCLE;
    }
    in->acc_valid = 1;
    unsigned g = icta_profiler_gran(in->cfg_gran_log2);
    uint64_t blk = (c->base >> g) + gm_rng_below(r, c->pool) * c->stride;
    in->acc_addr = ((blk << g) | gm_rng_bits(r, g)) & ((UINT64_C(1) << 40) - 1);
    /* CTA ids 0..pool-1, sometimes the same plus 2^CTA_W (alias). */
    uint64_t cta = gm_rng_below(r, c->cta_pool);
    if (c->p.CTA_W < 32 && gm_rng_chance(r, 1, 8))
        cta += UINT64_C(1) << c->p.CTA_W;
    in->acc_cta = cta & 0xffffffffu;
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    ipf_rand_t *c = vctx;
    const icta_profiler_in_t *in = vin;
    const icta_profiler_out_t *o = vout;
    const icta_profiler_t *m = c_state;
    if (o->cnt_first != c->first || o->cnt_intra != c->intra || o->cnt_inter != c->inter ||
        o->cnt_evict != c->evict)
        return gm_errf(err, "cycle %llu: counters %llu/%llu/%llu/%llu, the reference %llu/%llu/"
                            "%llu/%llu", (unsigned long long)cyc,
                       (unsigned long long)o->cnt_first, (unsigned long long)o->cnt_intra,
                       (unsigned long long)o->cnt_inter, (unsigned long long)o->cnt_evict,
                       (unsigned long long)c->first, (unsigned long long)c->intra,
                       (unsigned long long)c->inter, (unsigned long long)c->evict);
    if (cyc % 4096 == 0 && icta_profiler_check(m, err))
        return -1;
    if (in->clear) {
        c->hits[9]++;
        memset(c->n, 0, sizeof c->n);
        if (o->cls != IPF_NONE)
            return gm_errf(err, "cycle %llu: an access in a clear classified %llu",
                           (unsigned long long)cyc, (unsigned long long)o->cls);
        return 0;
    }
    if (!in->acc_valid)
        return 0;
    if (in->acc_is_store && !in->cfg_count_stores) {
        c->hits[6]++;
        if (o->cls != IPF_NONE)
            return gm_errf(err, "cycle %llu: an uncounted store classified %llu",
                           (unsigned long long)cyc, (unsigned long long)o->cls);
        return 0;
    }
    c->hits[5] += in->acc_is_store != 0;
    c->hits[7] += (in->cfg_gran_log2 & 7) < 2;
    uint64_t blk = (in->acc_addr & ((UINT64_C(1) << 40) - 1)) >>
                   icta_profiler_gran(in->cfg_gran_log2);
    unsigned set = (unsigned)(blk % c->p.SETS);
    uint32_t cta = (uint32_t)(in->acc_cta & (uint32_t)((UINT64_C(1) << c->p.CTA_W) - 1));
    ref_way_t *l = c->mru[set];
    unsigned k = 0, want, evict = 0;
    uint32_t prev = 0;
    while (k < c->n[set] && l[k].blk != blk + 1)
        k++;
    if (k < c->n[set]) {
        prev = l[k].cta;
        want = prev == cta ? IPF_INTRA : IPF_INTER;
        c->hits[want == IPF_INTRA ? 2 : 3]++;
        c->hits[4] += want == IPF_INTRA && in->acc_cta != prev;
        c->hits[8] += k == c->p.WAYS - 1;
        if (want == IPF_INTRA)
            c->intra++;
        else
            c->inter++;
    } else {
        want = IPF_FIRST;
        evict = c->n[set] == c->p.WAYS;
        c->hits[evict]++;
        c->first++;
        c->evict += evict;
        if (!evict)
            c->n[set]++;
        k = c->n[set] - 1;
    }
    if (o->cls != want || o->evict != evict || o->prev_cta != prev)
        return gm_errf(err, "cycle %llu: block 0x%llx CTA %u: class %llu evict %llu prev %llu, "
                            "the reference %u %u %u", (unsigned long long)cyc,
                       (unsigned long long)blk, cta, (unsigned long long)o->cls,
                       (unsigned long long)o->evict, (unsigned long long)o->prev_cta, want,
                       evict, prev);
    for (; k > 0; k--)
        l[k] = l[k - 1];
    l[0] = (ref_way_t){blk + 1, cta};
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const ipf_rand_t *c = vctx;
    (void)c_state;
    /* 32-bit CTAs never alias; one way has no "LRU hit" apart from MRU. */
    uint64_t opt = c->p.CTA_W == 32 ? 1u << 4 : 0;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 40, opt);
}

static const gm_stim_t ipf_random = {
    "icta_profiler", "random",
    "random accesses against an MRU-list reference (classes, evictions, counters)",
    sizeof(ipf_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- directed: one row a cycle ---- */

typedef struct grow {
    uint64_t addr;
    uint32_t cta;
    unsigned store, gran, count_stores, clear;
    unsigned cls, hit, way, evict;
    uint32_t prev;
    const char *why;
} grow_t;

#define LD(a, c, g) a, c, 0, g, 1, 0
#define ST(a, c, cs) a, c, 1, 7, cs, 0
#define CLR(a, c) a, c, 0, 7, 1, 1
#define FIRST(w, e) IPF_FIRST, 0, w, e, 0
#define INTRA(w, p) IPF_INTRA, 1, w, 0, p
#define INTER(w, p) IPF_INTER, 1, w, 0, p

/* Point small: 16 sets x 2 ways, CTA_W 8. At granularity g the block is
 * addr >> g, its set the low 4 bits, its tag the rest. */
static const grow_t gold_rows[] = {
    {LD(0x0000, 5, 7), FIRST(0, 0), "block 0 (set 0, tag 0) never seen: first touch, way 0"},
    {LD(0x0040, 5, 7), INTRA(0, 5), "the same 128-B block, the same CTA: intra-CTA"},
    {LD(0x007c, 9, 7), INTER(0, 5), "CTA 9 after CTA 5: inter-CTA; last_cta := 9"},
    {LD(0x0000, 0x109, 7), INTRA(0, 9), "CTA 0x109 keeps 8 bits, 0x09: intra-CTA (aliasing)"},
    {ST(0x0000, 5, 1), INTER(0, 9), "a store, counted: inter-CTA; last_cta := 5"},
    {ST(0x0000, 7, 0), 0, 0, 0, 0, 0, "a store of CTA 7 with stores off: not seen"},
    {LD(0x0000, 5, 7), INTRA(0, 5), "so CTA 5 is still the last: intra-CTA"},
    {LD(0x0800, 1, 7), FIRST(1, 0), "block 16 (set 0, tag 1): the lowest invalid way, 1"},
    {LD(0x1000, 2, 7), FIRST(0, 1), "block 32 (set 0, tag 2): set full, LRU way 0 (age 1) evicted"},
    {LD(0x0000, 5, 7), FIRST(1, 1), "block 0 again: evicted, so a first touch (exact: intra); "
                                    "evicts way 1 (block 16, now the LRU)"},
    {LD(0x1000, 3, 7), INTER(0, 2), "block 32 hits way 0: CTA 3 after 2; way 1 becomes the LRU"},
    {LD(0x0800, 1, 7), FIRST(1, 1), "block 16 again: first touch, replaces way 1 (block 0)"},
    {LD(0x0004, 4, 2), FIRST(0, 0), "granularity 4 B: block 1 (set 1, tag 0), first touch"},
    {LD(0x0008, 4, 2), FIRST(0, 0), "byte 8 is block 2 (set 2) at 4 B: another first touch"},
    {LD(0x0007, 4, 0), INTRA(0, 4), "granularity 0 acts as 2: byte 7 is block 1, intra-CTA"},
    {LD(0x4020, 6, 5), FIRST(1, 0), "32 B: block 0x201 (set 1, tag 0x20), way 1 of set 1"},
    {LD(0x403f, 6, 5), INTRA(1, 6), "byte 0x403f is block 0x201 too"},
    {LD(0x4040, 6, 5), FIRST(1, 0), "byte 0x4040 is block 0x202 (set 2): way 1 of set 2"},
    {LD(0xffffffff80, 200, 7), FIRST(0, 0), "the top block, 0x1ffffffff: set 15, tag 0x1fffffff"},
    {LD(0x7fffffff80, 200, 7), FIRST(1, 0), "block 0xffffffff: set 15, tag 0x0fffffff (bit 39 "
                                            "counts)"},
    {LD(0xffffffffc0, 201, 7), INTER(0, 200), "the top block again, CTA 201: inter-CTA"},
    {CLR(0xffffffffc0, 202), 0, 0, 0, 0, 0, "a clear (kernel launch): the access is not seen"},
    {LD(0xffffffffc0, 202, 7), FIRST(0, 0), "after the clear the top block is new: way 0"},
};

/* Point default: 8 ways of set 3 (128-B blocks 3 + 1024 t, tag t). */
#define B8(t) (((uint64_t)(t) * 1024 + 3) << 7)
static const grow_t lru_rows[] = {
    {LD(B8(0), 1, 7), FIRST(0, 0), "tag 0 -> way 0"},
    {LD(B8(1), 1, 7), FIRST(1, 0), "tag 1 -> way 1"},
    {LD(B8(2), 1, 7), FIRST(2, 0), "tag 2 -> way 2"},
    {LD(B8(3), 1, 7), FIRST(3, 0), "tag 3 -> way 3"},
    {LD(B8(4), 1, 7), FIRST(4, 0), "tag 4 -> way 4"},
    {LD(B8(5), 1, 7), FIRST(5, 0), "tag 5 -> way 5"},
    {LD(B8(6), 1, 7), FIRST(6, 0), "tag 6 -> way 6"},
    {LD(B8(7), 1, 7), FIRST(7, 0), "tag 7 -> way 7; ages 7 6 5 4 3 2 1 0"},
    {LD(B8(0), 2, 7), INTER(0, 1), "way 0 (age 7) hit: ages 0 7 6 5 4 3 2 1"},
    {LD(B8(3), 1, 7), INTRA(3, 1), "way 3 (age 5) hit: ages 1 7 6 0 5 4 3 2"},
    {LD(B8(8), 3, 7), FIRST(1, 1), "tag 8 evicts way 1 (age 7): ages 2 0 7 1 6 5 4 3"},
    {LD(B8(9), 3, 7), FIRST(2, 1), "tag 9 evicts way 2: ages 3 1 0 2 7 6 5 4"},
    {LD(B8(10), 3, 7), FIRST(4, 1), "tag 10 evicts way 4: ages 4 2 1 3 0 7 6 5"},
    {LD(B8(11), 3, 7), FIRST(5, 1), "tag 11 evicts way 5"},
    {LD(B8(12), 3, 7), FIRST(6, 1), "tag 12 evicts way 6"},
    {LD(B8(13), 3, 7), FIRST(7, 1), "tag 13 evicts way 7"},
    {LD(B8(14), 3, 7), FIRST(0, 1), "tag 14 evicts way 0 (tag 0, hit 8 accesses ago)"},
    {LD(B8(15), 3, 7), FIRST(3, 1), "tag 15 evicts way 3 (tag 3, the last old block)"},
    {LD(B8(1), 1, 7), FIRST(1, 1), "tag 1 was evicted: first touch again, evicting way 1"},
};

/* Expected ages of set 3's ways after the row (point default), or -1. */
static const int lru_ages[][8] = {
    [7] = {7, 6, 5, 4, 3, 2, 1, 0},  [8] = {0, 7, 6, 5, 4, 3, 2, 1},
    [9] = {1, 7, 6, 0, 5, 4, 3, 2},  [10] = {2, 0, 7, 1, 6, 5, 4, 3},
    [11] = {3, 1, 0, 2, 7, 6, 5, 4}, [12] = {4, 2, 1, 3, 0, 7, 6, 5},
};

typedef struct ipf_gold {
    const grow_t *rows;
    unsigned n, row, lru;
    uint64_t cnt[4]; /* first, intra, inter, evict: the expected counters */
} ipf_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    ipf_gold_t *c = vctx;
    const icta_profiler_params_t *p = params;
    (void)seed;
    if (p->SETS != 16 || p->WAYS != 2 || p->CTA_W != 8)
        return gm_errf(err, "the golden rows are for 16 sets x 2 ways, 8-bit CTAs (point small)");
    c->rows = gold_rows;
    c->n = sizeof gold_rows / sizeof gold_rows[0];
    return 0;
}

static int lru_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    ipf_gold_t *c = vctx;
    const icta_profiler_params_t *p = params;
    (void)seed;
    if (p->SETS != 1024 || p->WAYS != 8)
        return gm_errf(err, "the LRU rows are for 1024 sets x 8 ways (point default)");
    c->rows = lru_rows;
    c->n = sizeof lru_rows / sizeof lru_rows[0];
    c->lru = 1;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    ipf_gold_t *c = vctx;
    icta_profiler_in_t *in = vin;
    (void)cyc;
    if (c->row >= c->n)
        return GM_STIM_END;
    const grow_t *g = &c->rows[c->row];
    in->acc_valid = 1;
    in->acc_addr = g->addr;
    in->acc_cta = g->cta;
    in->acc_is_store = g->store;
    in->cfg_gran_log2 = g->gran;
    in->cfg_count_stores = g->count_stores;
    in->clear = g->clear;
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    ipf_gold_t *c = vctx;
    const icta_profiler_out_t *o = vout;
    const icta_profiler_t *m = c_state;
    const unsigned r = c->row++;
    const grow_t *g = &c->rows[r];
    (void)vin;
    (void)cyc;
    if (o->cnt_first != c->cnt[0] || o->cnt_intra != c->cnt[1] || o->cnt_inter != c->cnt[2] ||
        o->cnt_evict != c->cnt[3])
        return gm_errf(err, "row %u (%s): counters %llu/%llu/%llu/%llu, expected %llu/%llu/%llu/"
                            "%llu", r, g->why, (unsigned long long)o->cnt_first,
                       (unsigned long long)o->cnt_intra, (unsigned long long)o->cnt_inter,
                       (unsigned long long)o->cnt_evict, (unsigned long long)c->cnt[0],
                       (unsigned long long)c->cnt[1], (unsigned long long)c->cnt[2],
                       (unsigned long long)c->cnt[3]);
    if (o->cls != g->cls || o->hit != g->hit || o->way != g->way || o->evict != g->evict ||
        o->prev_cta != g->prev)
        return gm_errf(err, "row %u (%s): class %llu hit %llu way %llu evict %llu prev %llu; "
                            "expected %u %u %u %u %u", r, g->why, (unsigned long long)o->cls,
                       (unsigned long long)o->hit, (unsigned long long)o->way,
                       (unsigned long long)o->evict, (unsigned long long)o->prev_cta, g->cls,
                       g->hit, g->way, g->evict, g->prev);
    if (g->cls)
        c->cnt[g->cls - 1]++;
    c->cnt[3] += g->evict;
    /* The ages this row leaves (the C state is the one before its edge). */
    if (c->lru && r >= 1 && r - 1 < sizeof lru_ages / sizeof lru_ages[0] &&
        lru_ages[r - 1][0] + lru_ages[r - 1][1] > 0)
        for (unsigned w = 0; w < 8; w++)
            if (m->age[3 * 8 + w] != lru_ages[r - 1][w])
                return gm_errf(err, "after row %u: way %u has age %u, expected %d", r - 1, w,
                               m->age[3 * 8 + w], lru_ages[r - 1][w]);
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const ipf_gold_t *c = vctx;
    if (c->row < c->n)
        return gm_errf(err, "the run ended after %llu cycles, at row %u",
                       (unsigned long long)cycles, c->row);
    return 0;
}

static const gm_stim_t ipf_golden = {
    "icta_profiler", "golden",
    "INTERP-1 by hand on 16 x 2 (point small): classes, stores, granularity, eviction error",
    sizeof(ipf_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

static const gm_stim_t ipf_lru = {
    "icta_profiler", "lru", "the 8-way LRU victim order with its ages (point default)",
    sizeof(ipf_gold_t), lru_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const icta_profiler_stims[] = {&ipf_random, &ipf_golden, &ipf_lru, NULL};
