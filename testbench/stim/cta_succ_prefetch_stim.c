/* Stimulus for cta_succ_prefetch.
 * random:  phases of 256..4096 cycles, each with its own descriptor (40-bit
 *          bases near the wrap, strides from 0 to 2^32-1, 0..6 lines and now
 *          and then 255), successor mode, agent count, cluster sizes, tap
 *          rate (bursts that fill the FIFOs) and pf_ready rate; taps now and
 *          then name an SM past N_SM or a position past its cluster. The
 *          successor's coordinates are answered as the system does: the
 *          remap unit's CLUSTER-mode function of (succ_w, disp_i) over a
 *          phase's grid. On the C side it checks that every accepted
 *          request is the next line of the FIFO it came from (a scoreboard
 *          of what was queued) and that no SM's FIFO exceeds DEPTH.
 * golden:  hand-worked on 3 SMs x 2 entries (point small): successors
 *          w + A and w + 1, their (bx', by') and line addresses, a FIFO
 *          full dropping a successor, round robin one request a cycle,
 *          a held request, cfg_en off, an address wrapping at 2^40. */
#include <stddef.h>
#include <string.h>

#include "blocks/cta_remap.h"
#include "blocks/cta_succ_prefetch.h"
#include "stim.h"

enum {
    COV_QUEUED, COV_DROP, COV_NO_SUCC, COV_STALL, COV_MULTI, COV_PUSH_POP,
    COV_WRAP40, COV_RR_SKIP, COV_BAD_SM, COV_CNT0_POP,
    COV_N
};
static const char *const cov_names[COV_N] = {
    "successors queued", "successors dropped (FIFO full)", "taps without a successor",
    "requests held (pf_ready low)", "entries of several lines", "push and pop, one SM, one cycle",
    "address wrapped at 2^40", "round robin skipping an empty SM", "taps naming SM >= N_SM",
    "pop of an entry with cnt 0"};

enum { SB_MAX = CSP_MAX_SM * CSP_MAX_DEPTH };

typedef struct csp_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    unsigned nsm, depth;
    uint64_t phase_end;
    cta_succ_prefetch_in_t cfg;   /* the phase's cfg_* */
    uint32_t gdx, p_disp, p_ready;
    /* what was queued, per SM, in order: the scoreboard */
    uint64_t sb[CSP_MAX_SM][CSP_MAX_DEPTH];
    unsigned sb_head[CSP_MAX_SM], sb_n[CSP_MAX_SM], sb_k[CSP_MAX_SM];
} csp_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    csp_rand_t *c = vctx;
    const cta_succ_prefetch_params_t *p = params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->nsm = p->N_SM;
    c->depth = p->DEPTH;
    return 0;
}

static void new_phase(csp_rand_t *c, uint64_t cyc)
{
    gm_rng_t *r = &c->r;
    cta_succ_prefetch_in_t *k = &c->cfg;
    static const uint32_t strides[] = {0, 4, 32, 128, 4096, 0xffffff80u};
    c->phase_end = cyc + 256 + gm_rng_below(r, 3840);
    k->cfg_en = !gm_rng_chance(r, 1, 8);
    k->cfg_succ = gm_rng_chance(r, 1, 2);
    k->cfg_A = gm_rng_chance(r, 1, 8) ? 0 : 1 + gm_rng_below(r, 8);
    uint32_t V = gm_rng_chance(r, 1, 8) ? (uint32_t)gm_rng_bits(r, 32)
                                        : (uint32_t)gm_rng_below(r, 3000);
    k->cfg_q = V / c->nsm;
    k->cfg_r = V % c->nsm;
    k->cfg_desc_base = gm_rng_chance(r, 1, 4) ? CSP_ADDR_MASK - gm_rng_below(r, 1u << 16)
                                              : gm_rng_bits(r, 40);
    k->cfg_desc_sx = gm_rng_chance(r, 1, 2) ? 128u << gm_rng_below(r, 4) : (uint32_t)gm_rng_bits(r, 32);
    k->cfg_desc_sy = gm_rng_chance(r, 1, 2) ? 4096u << gm_rng_below(r, 4) : (uint32_t)gm_rng_bits(r, 32);
    k->cfg_desc_stride = gm_rng_chance(r, 1, 2) ? strides[gm_rng_below(r, 6)]
                                                : (uint32_t)gm_rng_bits(r, 32);
    k->cfg_desc_cnt = gm_rng_chance(r, 1, 16) ? 255
                      : gm_rng_chance(r, 1, 10) ? 0 : 1 + gm_rng_below(r, 6);
    c->gdx = 1 + (uint32_t)gm_rng_below(r, gm_rng_chance(r, 1, 2) ? 64 : 100000);
    c->p_disp = gm_rng_chance(r, 1, 3) ? 1024 : 64 + (uint32_t)gm_rng_below(r, 512);
    c->p_ready = gm_rng_chance(r, 1, 4) ? 128 : 512 + (uint32_t)gm_rng_below(r, 513);
}

/* The remap unit's answer for (w, i) under CLUSTER + ROW. */
static void remap(const cta_succ_prefetch_in_t *in, uint32_t gdx, uint32_t w, uint32_t i,
                  uint32_t V, uint32_t M, uint32_t *bx, uint32_t *by)
{
    cta_remap_in_t q = {0};
    q.cfg_mode = CTA_REMAP_CLUSTER;
    q.cfg_index = CTA_INDEX_ROW;
    q.cfg_V = V;
    q.cfg_M = M;
    q.cfg_q = in->cfg_q;
    q.cfg_r = in->cfg_r;
    q.cfg_gdx = gdx;
    q.in_w = w;
    q.in_i = i;
    cta_remap_res_t a = cta_remap_compute(&q, NULL, 0);
    *bx = a.bx;
    *by = a.by;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    csp_rand_t *c = vctx;
    cta_succ_prefetch_in_t *in = vin;
    gm_rng_t *r = &c->r;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    *in = c->cfg;
    in->disp_valid = gm_rng_chance(r, c->p_disp, 1024);
    in->disp_sm = gm_rng_chance(r, 1, 64) ? gm_rng_bits(r, 5) : gm_rng_below(r, c->nsm);
    in->disp_i = gm_rng_chance(r, 1, 32) ? gm_rng_bits(r, 5) : in->disp_sm;
    uint64_t jobs = in->cfg_q + (in->disp_i < in->cfg_r);
    in->disp_w = gm_rng_chance(r, 1, 32) ? gm_rng_bits(r, 32)
                                         : gm_rng_below(r, jobs + 1 + in->cfg_A);
    int exists;
    uint32_t w = cta_succ_prefetch_next_w(in, &exists);
    uint32_t bx = (uint32_t)gm_rng_bits(r, 32), by = (uint32_t)gm_rng_bits(r, 16);
    if (exists && in->disp_i < c->nsm && !gm_rng_chance(r, 1, 8))
        remap(in, c->gdx, w, (uint32_t)in->disp_i, (uint32_t)(in->cfg_q * c->nsm + in->cfg_r),
              c->nsm, &bx, &by);
    in->succ_bx = bx;
    in->succ_by = by & 0xffff;
    in->pf_ready = gm_rng_chance(r, c->p_ready, 1024);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    csp_rand_t *c = vctx;
    const cta_succ_prefetch_in_t *in = vin;
    const cta_succ_prefetch_out_t *o = vout;
    const cta_succ_prefetch_t *m = c_state;
    unsigned pop = ~0u;
    if (o->pf_valid) {
        unsigned s = (unsigned)o->pf_sm;
        if (!c->sb_n[s])
            return gm_errf(err, "cycle %llu: a request from SM %u, which queued nothing",
                           (unsigned long long)cyc, s);
        uint64_t want = (c->sb[s][c->sb_head[s]] + (uint64_t)c->sb_k[s] * in->cfg_desc_stride) &
                        CSP_ADDR_MASK;
        if (o->pf_addr != want)
            return gm_errf(err, "cycle %llu: SM %u line %u at 0x%llx, queued 0x%llx",
                           (unsigned long long)cyc, s, c->sb_k[s],
                           (unsigned long long)o->pf_addr, (unsigned long long)want);
        c->hits[COV_RR_SKIP] += s != m->rr;
        if (!in->pf_ready) {
            c->hits[COV_STALL]++;
        } else if (c->sb_k[s] + 1 >= in->cfg_desc_cnt) {
            c->hits[COV_MULTI] += c->sb_k[s] > 0;
            c->hits[COV_CNT0_POP] += in->cfg_desc_cnt == 0;
            pop = s;
            c->sb_k[s] = 0;
        } else {
            c->sb_k[s]++;
        }
    }
    if (in->disp_valid && !o->succ_valid)
        c->hits[COV_NO_SUCC]++;
    if (o->succ_valid && in->disp_sm >= c->nsm)
        c->hits[COV_BAD_SM]++;
    if (o->succ_valid && in->disp_sm < c->nsm) {
        unsigned t = (unsigned)in->disp_sm;
        if (c->sb_n[t] == c->depth) {
            c->hits[COV_DROP]++;
        } else {
            uint64_t a = cta_succ_prefetch_addr(in, (uint32_t)in->succ_bx,
                                                (uint32_t)in->succ_by, 0);
            uint64_t raw = in->cfg_desc_base + (uint64_t)in->succ_bx * in->cfg_desc_sx +
                           (uint64_t)in->succ_by * in->cfg_desc_sy;
            c->hits[COV_WRAP40] += raw > CSP_ADDR_MASK;
            c->hits[COV_PUSH_POP] += pop == t;
            c->sb[t][(c->sb_head[t] + c->sb_n[t]) % c->depth] = a;
            c->sb_n[t]++;
            c->hits[COV_QUEUED]++;
        }
    }
    if (pop != ~0u) {
        c->sb_head[pop] = (c->sb_head[pop] + 1) % c->depth;
        c->sb_n[pop]--;
    }
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const csp_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 36, 0);
}

static const gm_stim_t csp_random = {
    "cta_succ_prefetch", "random",
    "phased descriptors, bursts of taps filling the FIFOs, pf_ready rates; a scoreboard",
    sizeof(csp_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden: one row a cycle. The kernel: a 4 x 2 grid (V = 8, row
 * order, v = by*4 + bx) over M = 3 SMs: q = 2, r = 2, clusters {0,1,2}
 * {3,4,5} {6,7}; A = 2 agents; descriptor base 0x1000, sx 128, sy 4096,
 * stride 128, 2 lines a successor. The successor's (bx', by') is worked
 * by hand and checked against the remap unit's function. ---- */

typedef struct grow {
    int en, succ;
    uint64_t base;
    int disp, sm, w;           /* a tap (i = sm), -1: none */
    int bx, by;                /* the successor's original coordinates (hand-worked) */
    int ready;
    int sv;                    /* expected succ_valid */
    uint32_t sw;               /* expected succ_w (when a tap) */
    int pv, psm;               /* expected pf_valid, pf_sm */
    uint64_t addr;             /* expected pf_addr */
    const char *why;
} grow_t;

#define B0 0x1000
#define BW 0xffffffff80ull     /* 2^40 - 128 */
static const grow_t rows[] = {
    {1, 0, B0, 1, 0, 0, 2, 0, 0, 1, 2, 0, 0, 0,
     "SM0 runs w=0: successor w+A = 2 < jobs 3 -> v = 0+2 = 2 = (2,0); queue 0x1000+2*128 = 0x1100"},
    {1, 0, B0, 1, 1, 0, 1, 1, 0, 1, 2, 1, 0, 0x1100,
     "SM1 w=0: w' = 2 -> v = 3+2 = 5 = (1,1): 0x1000+128+4096 = 0x2080; SM0's line waits (ready 0)"},
    {1, 1, B0, 1, 1, 1, 1, 1, 0, 1, 2, 1, 0, 0x1100,
     "w+1 mode: SM1 w=1 -> w' = 2 -> (1,1) again: SM1's FIFO now full (2)"},
    {1, 1, B0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 0x1100,
     "SM1 w=0 -> w' = 1 -> v = 4 = (0,1): FIFO full, dropped; SM0's first line goes (rr -> 1)"},
    {1, 1, B0, -1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0x2080,
     "round robin: SM1's first entry, line 0 (rr -> 2)"},
    {1, 1, B0, -1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0x1180,
     "SM2 empty: SM0's line 1 = 0x1100 + 128, its last: popped (rr -> 1)"},
    {1, 1, B0, 1, 2, 0, 3, 1, 1, 1, 1, 1, 1, 0x2100,
     "SM2 w=0 -> w' = 1 < jobs 2 -> v = 6+1 = 7 = (3,1): 0x1000+384+4096 = 0x2180; SM1 line 1 (pop)"},
    {1, 1, B0, 1, 1, 2, 0, 0, 0, 0, 3, 1, 2, 0x2180,
     "SM1 w=2 -> w' = 3 = jobs: no successor; SM2's line 0 held (ready 0), rr stays 2"},
    {1, 1, B0, -1, 0, 0, 0, 0, 1, 0, 0, 1, 2, 0x2180, "the same request, taken (rr -> 0)"},
    {1, 1, B0, -1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 0x2080, "SM0 empty: SM1's second entry, line 0"},
    {1, 1, B0, -1, 0, 0, 0, 0, 1, 0, 0, 1, 2, 0x2200, "SM2 line 1 = 0x2180 + 128: popped"},
    {0, 1, B0, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0x2100, "cfg_en 0: no successor; SM1 line 1, popped"},
    {1, 1, BW, 1, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0,
     "base 2^40-128, SM0 w=0 -> w' = 1 = (1,0): 2^40-128 + 128 wraps to 0; nothing queued yet"},
    {1, 1, BW, -1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0x0, "SM0 line 0 at address 0"},
    {1, 1, BW, -1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0x80, "SM0 line 1 at 0x80: popped"},
    {1, 1, BW, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, "every FIFO empty"},
};
enum { NROWS = sizeof rows / sizeof rows[0] };

typedef struct csp_gold {
    unsigned row;
} csp_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const cta_succ_prefetch_params_t *p = params;
    (void)vctx;
    (void)seed;
    if (p->N_SM != 3 || p->DEPTH != 2)
        return gm_errf(err, "the golden rows are worked for 3 SMs of 2 entries (point small)");
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    csp_gold_t *c = vctx;
    cta_succ_prefetch_in_t *in = vin;
    (void)cyc;
    if (c->row >= NROWS)
        return GM_STIM_END;
    const grow_t *g = &rows[c->row];
    in->cfg_en = (uint64_t)g->en;
    in->cfg_succ = (uint64_t)g->succ;
    in->cfg_A = 2;
    in->cfg_q = 2;
    in->cfg_r = 2;
    in->cfg_desc_base = g->base;
    in->cfg_desc_sx = 128;
    in->cfg_desc_sy = 4096;
    in->cfg_desc_stride = 128;
    in->cfg_desc_cnt = 2;
    in->disp_valid = g->disp > 0;
    in->disp_sm = in->disp_i = (uint64_t)g->sm;
    in->disp_w = (uint64_t)g->w;
    in->succ_bx = (uint64_t)g->bx;
    in->succ_by = (uint64_t)g->by;
    in->pf_ready = (uint64_t)g->ready;
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    csp_gold_t *c = vctx;
    const cta_succ_prefetch_in_t *in = vin;
    const cta_succ_prefetch_out_t *o = vout;
    const grow_t *g = &rows[c->row];
    (void)c_state;
    if (in->disp_valid && o->succ_valid) {
        uint32_t bx, by;
        remap(in, 4, (uint32_t)o->succ_w, (uint32_t)in->disp_i, 8, 3, &bx, &by);
        if (bx != (uint32_t)g->bx || by != (uint32_t)g->by)
            return gm_errf(err, "row %u (%s): the remap rule gives (%u,%u), worked (%d,%d)",
                           c->row, g->why, bx, by, g->bx, g->by);
    }
    if (o->succ_valid != (uint64_t)g->sv || (g->disp > 0 && o->succ_w != g->sw) ||
        o->pf_valid != (uint64_t)g->pv || (g->pv && (o->pf_sm != (uint64_t)g->psm ||
                                                    o->pf_addr != g->addr)))
        return gm_errf(err,
                       "row %u, cycle %llu (%s): succ_valid %llu succ_w %llu pf_valid %llu "
                       "pf_sm %llu pf_addr 0x%llx; expected %d %u %d %d 0x%llx",
                       c->row, (unsigned long long)cyc, g->why,
                       (unsigned long long)o->succ_valid, (unsigned long long)o->succ_w,
                       (unsigned long long)o->pf_valid, (unsigned long long)o->pf_sm,
                       (unsigned long long)o->pf_addr, g->sv, g->sw, g->pv, g->psm,
                       (unsigned long long)g->addr);
    c->row++;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const csp_gold_t *c = vctx;
    if (c->row < NROWS)
        return gm_errf(err, "the run ended after %llu cycles, at row %u of %d",
                       (unsigned long long)cycles, c->row, NROWS);
    return 0;
}

static const gm_stim_t csp_golden = {
    "cta_succ_prefetch", "golden",
    "hand-worked successors, addresses, a full FIFO, round robin, a 2^40 wrap (point small)",
    sizeof(csp_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const cta_succ_prefetch_stims[] = {&csp_random, &csp_golden, NULL};
