/* Stimulus for cart.
 * random: requests over a few rows and columns per bank (so queues merge,
 *   groups fill up and fills stall), phases from idle to saturated and
 *   random L2 back-pressure (out_ready). A scoreboard checks that every
 *   accepted request comes out exactly once, with the bank, row and column
 *   it went in with, and requests of one tag (one line) in fill order;
 *   cart_check (counts, valid bits, groups, occupancy)
 *   holds every cycle.
 * fig26: seed-001 Fig 2.6 preloaded (Q0..Q5, heads first), then drained
 *   with the L2 always ready: the 19 MR numbers must come out in the
 *   dissertation's CART order with the expected same-queue / same-row /
 *   longest case of each pick (point fig26), or in longest-first order
 *   (point fig26_longest). */
#include <string.h>

#include "blocks/cart.h"
#include "cart_golden.h"
#include "stim.h"

enum { COV_N = 9 };
static const char *const cov_names[COV_N] = {
    "merge into a queue", "queue opened in the row's group", "group claimed",
    "fill stall", "drain: same queue", "drain: same row", "drain: longest",
    "offer refused (out_ready=0)", "a branch full"};

typedef struct cart_rand {
    gm_rng_t r;
    cart_params_t p;
    uint32_t seq;
    uint8_t live[1u << 16];
    uint32_t tag[1u << 16]; /* bank << 24 | col << 16 | row */
    uint32_t last_out[4096]; /* per tag: the last id drained, +1 (0: none) */
    uint32_t p_in, p_out, rows, cols, phase_end;
    uint64_t hits[COV_N];
} cart_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cart_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const cart_params_t *)params;
    return 0;
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    cart_rand_t *c = vctx;
    cart_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t pin[] = {128, 512, 900, 1024};
        static const uint32_t pout[] = {1024, 800, 400, 100};
        c->phase_end = (uint32_t)cyc + 200 + (uint32_t)gm_rng_below(&c->r, 3000);
        c->p_in = pin[gm_rng_below(&c->r, 4)];
        c->p_out = pout[gm_rng_below(&c->r, 4)];
        c->rows = 1 + (uint32_t)gm_rng_below(&c->r, c->p.NR + 3);
        c->cols = 1 + (uint32_t)gm_rng_below(&c->r, 4);
    }
    if (gm_rng_chance(&c->r, c->p_in, 1024)) {
        in->in_valid = 1;
        in->in_bank = gm_rng_below(&c->r, c->p.NB);
        in->in_row = 0x100 + gm_rng_below(&c->r, c->rows);
        in->in_col = gm_rng_below(&c->r, c->cols) * 5;
        in->in_payload = c->seq;
    }
    in->out_ready = gm_rng_chance(&c->r, c->p_out, 1024);
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    cart_rand_t *c = vctx;
    const cart_in_t *in = vin;
    const cart_out_t *o = vout;
    const cart_t *m = c_state;
    (void)cyc;
    if (cart_check(m, err))
        return -1;
    if (in->in_valid && o->in_ready) {
        uint32_t id = (uint32_t)in->in_payload & 0xffff;
        if (c->live[id])
            return gm_errf(err, "request id %u reused while buffered", id);
        c->live[id] = 1;
        c->tag[id] = (uint32_t)(in->in_bank << 24 | in->in_col << 16 | in->in_row);
        c->seq++;
        /* How the fill went, from the start-of-cycle state. */
        unsigned nq = m->p.NR * m->p.NC, own = 0, match = 0;
        for (unsigned g = 0; g < m->p.NR; g++) {
            unsigned gi = (unsigned)in->in_bank * m->p.NR + g;
            if (m->g_valid[gi] && m->g_row[gi] == in->in_row) {
                own = 1;
                for (unsigned k = 0; k < m->p.NC; k++) {
                    unsigned qi = (unsigned)in->in_bank * nq + g * m->p.NC + k;
                    match |= m->q_valid[qi] && m->q_col[qi] == in->in_col;
                }
            }
        }
        c->hits[match && m->ctr.merges ? 0 : own ? 1 : 2]++;
    }
    if (o->st_fill_stall)
        c->hits[3]++;
    if (o->out_valid) {
        if (!in->out_ready) {
            c->hits[7]++;
        } else {
            uint32_t seq = (uint32_t)o->out_payload, id = seq & 0xffff;
            if (!c->live[id])
                return gm_errf(err, "request %u drained but not buffered (or drained twice)", id);
            uint32_t t = (uint32_t)(o->out_bank << 24 | o->out_col << 16 | o->out_row);
            if (t != c->tag[id])
                return gm_errf(err, "request %u drained as bank/col/row 0x%x, filled as 0x%x",
                               id, t, c->tag[id]);
            /* Payloads are the fill order. */
            uint32_t k = (uint32_t)((o->out_bank * 16 + o->out_col) * 16 + (o->out_row - 0x100));
            uint32_t last = c->last_out[k & 4095];
            if (last && seq < last)
                return gm_errf(err, "request %u of a tag drained after request %u", seq, last - 1);
            c->last_out[k & 4095] = seq + 1;
            c->live[id] = 0;
            c->hits[3 + o->out_case]++;
        }
    }
    for (unsigned b = 0; b < m->p.NB; b++)
        if (m->bank_n[b] == m->p.NR * m->p.NC * m->p.DEPTH)
            c->hits[8]++;
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const cart_rand_t *c = vctx;
    const cart_t *m = c_state;
    /* Longest-first has no history cases; a whole branch full is
     * shown, not required (8 groups x 2 x 8 entries rarely fill). */
    uint64_t optional = (m->p.MODE == 1 ? 1u << 4 | 1u << 5 : 0) | 1u << 8;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 34, optional);
}

static const gm_stim_t cart_random = {
    "cart", "random", "phased random fills and L2 back-pressure with a drain scoreboard",
    sizeof(cart_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- Fig 2.6 ---- */

typedef struct cart_fig {
    unsigned longest;
    unsigned npre, ndrain;
    struct { unsigned bank, row, col, qid, mr; } pre[CART_FIG26_N];
} cart_fig_t;

static int fig_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cart_fig_t *c = vctx;
    const cart_params_t *p = params;
    (void)seed;
    if (p->NB < 4 || p->NR != 4 || p->NC != 2 || p->DEPTH < 5)
        return gm_errf(err, "the Fig 2.6 tree needs NB>=4, NR=4, NC=2, DEPTH>=5 "
                            "(use --point fig26 or fig26_longest)");
    c->longest = p->MODE == 1;
    /* Branch-local queue IDs: a row's group in order of first use, queues
     * in order within it (B1: Q0, Q1 in group 0 (R1), Q2 in group 1). */
    unsigned rows[16][4], nrows[16] = {0}, used[16][4] = {{0}};
    for (unsigned i = 0; i < 6; i++) {
        const cart_fig26_queue_t *q = &cart_fig26_queues[i];
        unsigned g = 0;
        while (g < nrows[q->bank] && rows[q->bank][g] != q->row)
            g++;
        if (g == nrows[q->bank])
            rows[q->bank][nrows[q->bank]++] = q->row;
        unsigned qid = g * 2 + used[q->bank][g]++;
        for (unsigned k = 0; k < q->n; k++) {
            c->pre[c->npre].bank = q->bank;
            c->pre[c->npre].row = q->row;
            c->pre[c->npre].col = q->col;
            c->pre[c->npre].qid = qid;
            c->pre[c->npre].mr = q->mr[k];
            c->npre++;
        }
    }
    return 0;
}

static int fig_gen(void *vctx, uint64_t cyc, void *vin)
{
    cart_fig_t *c = vctx;
    cart_in_t *in = vin;
    if (cyc < c->npre) {
        in->pl_valid = 1;
        in->pl_qid = c->pre[cyc].qid;
        in->in_bank = c->pre[cyc].bank;
        in->in_row = c->pre[cyc].row;
        in->in_col = c->pre[cyc].col;
        in->in_payload = c->pre[cyc].mr;
        return GM_STIM_CYCLE;
    }
    if (c->ndrain == CART_FIG26_N)
        return GM_STIM_END;
    in->out_ready = 1;
    return GM_STIM_CYCLE;
}

static int fig_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    cart_fig_t *c = vctx;
    const cart_in_t *in = vin;
    const cart_out_t *o = vout;
    (void)c_state;
    if (in->pl_valid) {
        if (!o->in_ready || o->out_valid)
            return gm_errf(err, "preload %llu (MR%u) refused", (unsigned long long)cyc,
                           c->pre[cyc].mr);
        return 0;
    }
    unsigned n = c->ndrain;
    unsigned want = c->longest ? cart_fig26_longest_order[n] : cart_fig26_cart_order[n];
    unsigned why = c->longest ? CART_LONGEST : cart_fig26_cart_case[n];
    if (!o->out_valid || o->out_payload != want || o->out_case != why)
        return gm_errf(err, "pick %u: MR%llu (case %llu, valid %llu), expected MR%u (case %u)",
                       n + 1, (unsigned long long)o->out_payload,
                       (unsigned long long)o->out_case, (unsigned long long)o->out_valid, want,
                       why);
    c->ndrain++;
    return 0;
}

static int fig_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const cart_fig_t *c = vctx;
    (void)cycles;
    if (c->ndrain != CART_FIG26_N)
        return gm_errf(err, "%u of %u picks seen", c->ndrain, CART_FIG26_N);
    return 0;
}

static const gm_stim_t cart_fig26 = {
    "cart", "fig26",
    "seed-001 Fig 2.6 preloaded and drained: the CART order (point fig26) or "
    "longest-first (fig26_longest)",
    sizeof(cart_fig_t), fig_init, fig_gen, fig_observe, fig_finish, NULL, NULL};

const gm_stim_t *const cart_stims[] = {&cart_random, &cart_fig26, NULL};
