/* Stimulus for ture_lease.
 * random:  the stimulus plays the sampler: windows of 0..16 entries (now
 *          and then up to 24, past what a sampler holds, so the saturating
 *          sums are reached) offered with gaps, over a few or all groups
 *          (aids at and above NGRP too), counts 0..1023, page bits of one,
 *          some or all pages (and none), then the end marker; lease resets
 *          of one group or all at random cycles, sometimes in a write's
 *          edge. A scoreboard holding the spec's formula in closed form
 *          ((Sfx + 8n) / (16n), the weighting, the clamp) checks every
 *          written lease, that each group with entries is written once a
 *          window, and the readback and lifetime outputs every cycle.
 * golden:  three windows and resets worked by hand (see the script). */
#include <stddef.h>
#include <string.h>

#include "blocks/ture_lease.h"
#include "stim.h"

enum { ACC_MAX = (1 << 18) - 1, N_MAX = 31 };

static unsigned popcount16(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* ---- the scoreboard */

typedef struct sb {
    ture_lease_params_t p;
    uint32_t sfx[TURE_GRP_MAX];
    unsigned n[TURE_GRP_MAX], lease[TURE_GRP_MAX], v[TURE_GRP_MAX];
    unsigned in_window; /* an end marker was taken, done not yet seen */
} sb_t;

static unsigned sb_life(const sb_t *s, unsigned aid)
{
    return aid < s->p.NGRP && s->v[aid] ? s->lease[aid] : s->p.LEASE_INIT;
}

static int sb_step(sb_t *s, uint64_t cyc, const ture_lease_in_t *in,
                   const ture_lease_out_t *o, gm_err_t *err)
{
    unsigned st = (unsigned)in->st_lease_aid, q = (unsigned)in->q_aid;
    unsigned st_l = st < s->p.NGRP ? s->lease[st] : 0, st_v = st < s->p.NGRP ? s->v[st] : 0;
    unsigned life = sb_life(s, q), recall = life >> 1 ? life >> 1 : 1;
    unsigned rlife = sb_life(s, (unsigned)in->r_aid), rrecall = rlife >> 1 ? rlife >> 1 : 1;
    if (o->st_lease != st_l || o->st_lease_v != st_v || o->q_life != life ||
        o->q_recall != recall || o->r_recall != rrecall)
        return gm_errf(err, "cycle %llu: st_lease[%u] %llu/%llu q_life[%u] %llu q_recall %llu "
                            "r_recall[%u] %llu; the spec says %u/%u %u %u %u",
                       (unsigned long long)cyc, st, (unsigned long long)o->st_lease,
                       (unsigned long long)o->st_lease_v, q, (unsigned long long)o->q_life,
                       (unsigned long long)o->q_recall, (unsigned)in->r_aid,
                       (unsigned long long)o->r_recall, st_l, st_v, life, recall, rrecall);
    if (o->ho_ready && in->ho_valid && !in->ho_end && in->ho_div && in->ho_aid < s->p.NGRP) {
        unsigned g = (unsigned)in->ho_aid;
        uint32_t x = (uint32_t)in->ho_cnt * 16u / popcount16((unsigned)in->ho_div);
        s->sfx[g] = s->sfx[g] + x > ACC_MAX ? ACC_MAX : s->sfx[g] + x;
        s->n[g] += s->n[g] < N_MAX;
    }
    if (o->ho_ready && in->ho_valid && in->ho_end)
        s->in_window = 1;
    if (o->upd_valid) {
        unsigned g = (unsigned)o->upd_aid;
        if (!s->in_window || g >= s->p.NGRP || s->n[g] == 0)
            return gm_errf(err, "cycle %llu: lease of group %u written with no entries summed",
                           (unsigned long long)cyc, g);
        unsigned f = (s->sfx[g] + 8 * s->n[g]) / (16 * s->n[g]);
        /* The weighting written from the spec, not taken from the model:
         * alpha = 1 / 2^A of the new F against the old lease. */
        unsigned a = s->p.ALPHA_SH;
        unsigned want = s->v[g] ? (s->lease[g] * ((1u << a) - 1) + f + ((1u << a) >> 1)) >> a : f;
        want = want < 1 ? 1 : want > TURE_LEASE_MAX ? TURE_LEASE_MAX : want;
        if (o->upd_lease != want)
            return gm_errf(err, "cycle %llu: group %u lease %llu; Sfx %u n %u F %u from %u/%u "
                                "gives %u",
                           (unsigned long long)cyc, g, (unsigned long long)o->upd_lease,
                           s->sfx[g], s->n[g], f, s->lease[g], s->v[g], want);
        s->lease[g] = want;
        s->v[g] = 1;
        s->sfx[g] = 0;
        s->n[g] = 0;
    }
    if (o->done) {
        for (unsigned g = 0; g < s->p.NGRP; g++)
            if (s->n[g])
                return gm_errf(err, "cycle %llu: done, but group %u's %u entries got no lease",
                               (unsigned long long)cyc, g, s->n[g]);
        s->in_window = 0;
    }
    if (in->lrst_valid)
        for (unsigned g = 0; g < s->p.NGRP; g++)
            if (in->lrst_all || g == in->lrst_aid)
                s->lease[g] = 0, s->v[g] = 0;
    return 0;
}

/* ---- random */

enum {
    COV_FIRST, COV_WEIGHTED, COV_CLAMP_LO, COV_CLAMP_HI, COV_DROPPED, COV_SAT_ACC,
    COV_RST_AT_UPD, COV_RST_ALL, COV_EMPTY_WINDOW, COV_N
};
static const char *const cov_names[COV_N] = {
    "first lease (lease = F)", "weighted lease", "lease clamped to 1", "lease clamped to 1023",
    "entry dropped", "accumulator saturated", "reset in a write's edge", "reset of every group",
    "window without entries"};

typedef struct lease_rand {
    gm_rng_t r;
    sb_t sb;
    ture_lease_params_t p;
    uint64_t hits[COV_N], next_window;
    unsigned left, naid, gap, big, active;
    ture_lease_in_t cur; /* the offer held until taken */
} lease_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    lease_rand_t *c = vctx;
    (void)err;
    c->p = *(const ture_lease_params_t *)params;
    c->sb.p = c->p;
    gm_rng_seed(&c->r, seed);
    return 0;
}

static void new_entry(lease_rand_t *c)
{
    static const uint16_t cnts[] = {0, 1, 2, 7, 1023, 1022, 16, 100};
    ture_lease_in_t *e = &c->cur;
    e->ho_valid = 1;
    e->ho_end = 0;
    e->ho_aid = gm_rng_below(&c->r, c->naid);
    e->ho_cnt = c->big ? 1023 - gm_rng_below(&c->r, 4)
                       : gm_rng_chance(&c->r, 1, 2) ? cnts[gm_rng_below(&c->r, 8)]
                                                    : gm_rng_below(&c->r, 1024);
    switch (gm_rng_below(&c->r, 6)) {
    case 0: e->ho_div = 1u << gm_rng_below(&c->r, 16); break;
    case 1: e->ho_div = 0xffff; break;
    case 2: e->ho_div = gm_rng_chance(&c->r, 1, 8) ? 0 : 0x0003; break;
    default: e->ho_div = gm_rng_bits(&c->r, 16); break;
    }
    if (c->big)
        e->ho_div = 1;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    lease_rand_t *c = vctx;
    ture_lease_in_t *in = vin;
    /* A window's offers go out one at a time; the next window waits for
     * the last one's done (the sampler cannot close two windows at once). */
    if (!c->cur.ho_valid && cyc >= c->next_window && !c->sb.in_window) {
        if (!c->active) {
            c->left = gm_rng_chance(&c->r, 1, 10) ? 17 + (unsigned)gm_rng_below(&c->r, 8)
                                                  : (unsigned)gm_rng_below(&c->r, 17);
            c->naid = gm_rng_chance(&c->r, 1, 2) ? 1 + (unsigned)gm_rng_below(&c->r, 3) : 16;
            c->big = c->left > 16 && gm_rng_chance(&c->r, 1, 2);
            c->gap = gm_rng_chance(&c->r, 1, 2) ? 0 : 1 + (unsigned)gm_rng_below(&c->r, 40);
            c->active = 1;
        }
        if (c->left) {
            c->left--;
            new_entry(c);
        } else {
            memset(&c->cur, 0, sizeof c->cur);
            c->cur.ho_valid = 1;
            c->cur.ho_end = 1;
            c->active = 0;
        }
    }
    *in = c->cur;
    /* Between offers the data lines carry noise; ho_end too. */
    if (!in->ho_valid) {
        in->ho_end = gm_rng_below(&c->r, 2);
        in->ho_aid = gm_rng_below(&c->r, 16);
        in->ho_cnt = gm_rng_below(&c->r, 1024);
        in->ho_div = gm_rng_bits(&c->r, 16);
    }
    /* Resets come more often while leases are being written, so some land
     * in a write's edge. */
    in->lrst_valid = gm_rng_chance(&c->r, 1, c->sb.in_window ? 40 : 300);
    in->lrst_all = gm_rng_chance(&c->r, 1, 8);
    in->lrst_aid = gm_rng_below(&c->r, 16);
    in->st_lease_aid = gm_rng_below(&c->r, 16);
    in->q_aid = gm_rng_below(&c->r, 16);
    in->r_aid = gm_rng_below(&c->r, 16);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    lease_rand_t *c = vctx;
    const ture_lease_in_t *in = vin;
    const ture_lease_out_t *o = vout;
    const ture_lease_t *m = c_state;
    if (o->upd_valid) {
        unsigned g = (unsigned)o->upd_aid;
        unsigned f = (c->sb.sfx[g] + 8 * c->sb.n[g]) / (16 * (c->sb.n[g] ? c->sb.n[g] : 1));
        c->hits[c->sb.v[g] ? COV_WEIGHTED : COV_FIRST]++;
        c->hits[COV_CLAMP_LO] += !c->sb.v[g] && f == 0;
        c->hits[COV_CLAMP_HI] += o->upd_lease == TURE_LEASE_MAX && f > TURE_LEASE_MAX;
        c->hits[COV_RST_AT_UPD] += in->lrst_valid && (in->lrst_all || in->lrst_aid == g);
    }
    if (o->ho_ready && in->ho_valid && !in->ho_end) {
        c->hits[COV_DROPPED] += !in->ho_div || in->ho_aid >= m->p.NGRP;
        c->hits[COV_SAT_ACC] += in->ho_aid < m->p.NGRP && m->acc[in->ho_aid] == ACC_MAX;
    }
    c->hits[COV_RST_ALL] += in->lrst_valid && in->lrst_all;
    if (o->ho_ready && in->ho_valid && in->ho_end) {
        int any = 0;
        for (unsigned g = 0; g < m->p.NGRP; g++)
            any |= m->n[g] != 0;
        c->hits[COV_EMPTY_WINDOW] += !any;
    }
    if (sb_step(&c->sb, cyc, in, o, err))
        return -1;
    if (o->ho_ready && c->cur.ho_valid) {
        memset(&c->cur, 0, sizeof c->cur);
        c->next_window = cyc + 1 + (c->gap ? gm_rng_below(&c->r, c->gap) : 0);
    }
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const lease_rand_t *c = vctx;
    (void)c_state;
    /* F <= (16368 n + 8 n) / (16 n) = 1023, so the clamp at 1023 is never
     * reached (kept because the spec states it): an optional point. */
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 1u << COV_CLAMP_HI);
}

static const gm_stim_t lease_random = {
    "ture_lease", "random",
    "the sampler's windows with gaps, hot and cold counts, dropped entries, saturating sums, "
    "resets; a closed-form scoreboard",
    sizeof(lease_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden, worked by hand from seed-001 §4.4.6 / §9.4 at the two shipped
 * points (default: NGRP 16, LEASE_INIT 1023, A = 1; small: 4, 255, A = 2).
 * Window 1 (every group without a lease, so lease = F, clamped):
 *   aid 2: (N 32, 16 pages) (N 8, 4 pages): Sfx 32 + 32 = 64, n 2,
 *          F = (64 + 16) / 32 = 2                            -> lease 2
 *   aid 1: (N 10, 1 page): Sfx 160, F = 168 / 16 = 10        -> 10
 *   aid 3: (N 1, 16 pages): Sfx 1, F = 9 / 16 = 0            -> clamped to 1
 *   aid 0: no page bit: dropped
 *   aid 9: (N 1023, 1 page): F = 16376 / 16 = 1023           -> 1023 (small: dropped)
 *   recall halves: q_recall(1) = 10 >> 1 = 5, q_recall(3) = max(1, 0) = 1;
 *   no lease yet: q_life(5) = LEASE_INIT, q_recall(5) = LEASE_INIT >> 1.
 * Window 2:
 *   aid 1: (N 4, 1 page): F = 72 / 16 = 4; A = 1: (10 + 4 + 1) >> 1 = 7;
 *          A = 2: (3 * 10 + 4 + 2) >> 2 = 9
 *   aid 2: (1023, 1 page) x 3 and (7, 3 pages): Sfx = 3 * 16368 + 37 = 49141,
 *          F = (49141 + 32) / 64 = 768; A = 1: (2 + 768 + 1) >> 1 = 385;
 *          A = 2: (6 + 768 + 2) >> 2 = 194
 *   then a reset of aid 1: no lease, q_life(1) = LEASE_INIT.
 * Window 3:
 *   aid 2: (N 0, 1 page): F = 8 / 16 = 0; A = 1: (385 + 0 + 1) >> 1 = 193;
 *          A = 2: (3 * 194 + 0 + 2) >> 2 = 146
 *   aid 3: (N 16, 1 page): F = 264 / 16 = 16, written (A = 1: (1 + 16 + 1)
 *          >> 1 = 9; A = 2: (3 + 16 + 2) >> 2 = 5) in the edge of a reset
 *          of aid 3, which wins: no lease.
 *   then a reset of every group.
 * Timing: the end marker taken at E, done is high at E + 1 + 16 g + (NGRP - g)
 * for g groups with entries; window 3's aid-3 write is at E + 34. */

enum { OP_ENT, OP_END, OP_CHECK, OP_RST, OP_RST_AT, OP_STOP };

typedef struct gop {
    int op, aid, cnt, div; /* OP_END: cnt/div = g at default/small; OP_CHECK: table */
} gop_t;

static const gop_t script[] = {
    {OP_ENT, 2, 32, 0xffff}, {OP_ENT, 1, 10, 0x0001}, {OP_ENT, 2, 8, 0x000f},
    {OP_ENT, 3, 1, 0xffff},  {OP_ENT, 0, 500, 0x0000}, {OP_ENT, 9, 1023, 0x0001},
    {OP_END, 0, 4, 3},       {OP_CHECK, 0, 0, 0},
    {OP_ENT, 1, 4, 0x0001},  {OP_ENT, 2, 1023, 0x0001}, {OP_ENT, 2, 1023, 0x0001},
    {OP_ENT, 2, 1023, 0x0001}, {OP_ENT, 2, 7, 0x0007},
    {OP_END, 0, 2, 2},       {OP_CHECK, 1, 0, 0},
    {OP_RST, 1, 0, 0},       {OP_CHECK, 2, 0, 0},
    {OP_ENT, 2, 0, 0x0001},  {OP_ENT, 3, 16, 0x0001},
    {OP_END, 0, 2, 2},       {OP_RST_AT, 3, 34, 0}, {OP_CHECK, 3, 0, 0},
    {OP_RST, -1, 0, 0},      {OP_CHECK, 4, 0, 0},
    {OP_STOP, 0, 0, 0},
};

/* Expected {lease, lease_v} of aids 0..15 after each check, per point. */
typedef struct gl { int l, v; } gl_t;
static const gl_t tab_def[5][16] = {
    {{0, 0}, {10, 1}, {2, 1}, {1, 1}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {1023, 1}},
    {{0, 0}, {7, 1}, {385, 1}, {1, 1}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {1023, 1}},
    {{0, 0}, {0, 0}, {385, 1}, {1, 1}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {1023, 1}},
    {{0, 0}, {0, 0}, {193, 1}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {0, 0}, {1023, 1}},
    {{0, 0}},
};
static const gl_t tab_small[5][16] = {
    {{0, 0}, {10, 1}, {2, 1}, {1, 1}},
    {{0, 0}, {9, 1}, {194, 1}, {1, 1}},
    {{0, 0}, {0, 0}, {194, 1}, {1, 1}},
    {{0, 0}, {0, 0}, {146, 1}, {0, 0}},
    {{0, 0}},
};

typedef struct lease_gold {
    int small;
    unsigned pc, sub, init, ngrp, taken;
    uint64_t end_cyc, done_at;
    int done_seen;
} lease_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    lease_gold_t *c = vctx;
    const ture_lease_params_t *p = params;
    (void)seed;
    if (p->NGRP == 16 && p->LEASE_INIT == 1023 && p->ALPHA_SH == 1)
        c->small = 0;
    else if (p->NGRP == 4 && p->LEASE_INIT == 255 && p->ALPHA_SH == 2)
        c->small = 1;
    else
        return gm_errf(err, "the golden script is worked for the default and small points only");
    c->init = p->LEASE_INIT;
    c->ngrp = p->NGRP;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    lease_gold_t *c = vctx;
    ture_lease_in_t *in = vin;
    const gop_t *op = &script[c->pc];
    switch (op->op) {
    case OP_ENT:
    case OP_END:
        in->ho_valid = 1;
        in->ho_end = op->op == OP_END;
        in->ho_aid = op->op == OP_ENT ? (unsigned)op->aid : 0;
        in->ho_cnt = op->op == OP_ENT ? (unsigned)op->cnt : 0;
        in->ho_div = op->op == OP_ENT ? (unsigned)op->div : 0;
        break;
    case OP_CHECK:
        in->st_lease_aid = in->q_aid = in->r_aid = c->sub;
        break;
    case OP_RST:
        in->lrst_valid = 1;
        in->lrst_all = op->aid < 0;
        in->lrst_aid = op->aid < 0 ? 0 : (unsigned)op->aid;
        break;
    case OP_RST_AT:
        if (cyc == c->end_cyc + (uint64_t)op->cnt) {
            in->lrst_valid = 1;
            in->lrst_aid = (unsigned)op->aid;
        }
        break;
    default:
        return GM_STIM_END;
    }
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    lease_gold_t *c = vctx;
    const ture_lease_in_t *in = vin;
    const ture_lease_out_t *o = vout;
    const gop_t *op = &script[c->pc];
    (void)c_state;
    if (o->done) {
        if (cyc != c->done_at)
            return gm_errf(err, "done at cycle %llu, worked by hand: %llu (end marker at %llu)",
                           (unsigned long long)cyc, (unsigned long long)c->done_at,
                           (unsigned long long)c->end_cyc);
        c->done_seen = 1;
    }
    switch (op->op) {
    case OP_ENT:
        if (o->ho_ready)
            c->pc++;
        break;
    case OP_END:
        if (o->ho_ready) {
            unsigned g = (unsigned)(c->small ? op->div : op->cnt);
            c->end_cyc = cyc;
            c->done_at = cyc + 1 + 16 * g + (c->ngrp - g);
            c->done_seen = 0;
            c->pc++;
        }
        break;
    case OP_CHECK: {
        if (!c->done_seen)
            break; /* the window's leases are not written yet */
        if (o->busy || !o->ho_ready)
            return gm_errf(err, "cycle %llu: busy %llu ho_ready %llu after done",
                           (unsigned long long)cyc, (unsigned long long)o->busy,
                           (unsigned long long)o->ho_ready);
        const gl_t *t = &(c->small ? tab_small : tab_def)[op->aid][c->sub];
        unsigned life = t->v ? (unsigned)t->l : c->init, recall = life >> 1 ? life >> 1 : 1;
        if (o->st_lease != (uint64_t)t->l || o->st_lease_v != (uint64_t)t->v ||
            o->q_life != life || o->q_recall != recall || o->r_recall != recall)
            return gm_errf(err, "check %d, aid %u: lease %llu/%llu life %llu recall %llu; "
                                "worked by hand: %d/%d %u %u",
                           op->aid, c->sub, (unsigned long long)o->st_lease,
                           (unsigned long long)o->st_lease_v, (unsigned long long)o->q_life,
                           (unsigned long long)o->q_recall, t->l, t->v, life, recall);
        if (++c->sub == 16)
            c->sub = 0, c->pc++;
        break;
    }
    case OP_RST:
        c->pc++;
        break;
    case OP_RST_AT:
        if (in->lrst_valid) {
            int want = c->small ? 5 : 9;
            if (!o->upd_valid || o->upd_aid != (uint64_t)op->aid || o->upd_lease != (uint64_t)want)
                return gm_errf(err, "cycle %llu: upd %llu aid %llu lease %llu; worked by hand: "
                                    "aid %d's lease %d written here",
                               (unsigned long long)cyc, (unsigned long long)o->upd_valid,
                               (unsigned long long)o->upd_aid, (unsigned long long)o->upd_lease,
                               op->aid, want);
            c->pc++;
        }
        break;
    default:
        break;
    }
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const lease_gold_t *c = vctx;
    if (script[c->pc].op != OP_STOP)
        return gm_errf(err, "the run ended after %llu cycles, at step %u",
                       (unsigned long long)cycles, c->pc);
    return 0;
}

static const gm_stim_t lease_golden = {
    "ture_lease", "golden",
    "Eq. 4.2 windows worked by hand: F = 2 from invalid, 10 with F = 4 -> 7, clamp 0 -> 1, "
    "recall halves, resets (one winning over a write), done's cycle",
    sizeof(lease_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const ture_lease_stims[] = {&lease_random, &lease_golden, NULL};
