/* Stimulus for ture_coal.
 * random:  phases of expired-page inserts, recalls and OVERSUB requests over
 *          a pool of granules about twice the table (so it fills, hits and
 *          evicts), with random ev_ready and global-LRU answers after 0..5
 *          cycles (sometimes "none"). A scoreboard (the table's granules,
 *          their expired bits and their update order, kept here apart from
 *          the model) checks on the C outputs: a recall returns exactly the
 *          granule's bits and clears it; a TABLE_FULL or OVERSUB eviction
 *          names the least recently updated granule; FALLBACK comes only
 *          once the table is empty; a batch evicts BATCH granules unless
 *          "none" ends it; st_occ is the scoreboard's count; and every 1024
 *          cycles, no granule is in two valid entries of the C state; a
 *          recall is answered N / SCAN + 2 cycles after it is taken.
 * golden:  hand-worked on any NCOAL >= 8: fill the table with G(0..N-1),
 *          refresh G(0), then G(N) and G(N+1) evict G(1) and G(2)
 *          (TABLE_FULL, each N / SCAN + 3 cycles after its insert), recalls
 *          of G(0) (bits 0 and 5, cleared), G(0) again and G(1) (misses),
 *          an OVERSUB batch evicting G(3..6), recalls of G(7..N-1), a batch
 *          of G(N), G(N+1) and two global-LRU granules, a batch cut short by
 *          "none", and the lowest free entry reused. */
#include <stddef.h>
#include <string.h>

#include "blocks/ture_coal.h"
#include "stim.h"

/* ---- scoreboard */
typedef struct sb_ent {
    uint32_t grn;
    uint16_t bits;
    uint64_t seq; /* update order */
} sb_ent_t;

typedef struct sb {
    sb_ent_t e[TURE_COAL_MAX];
    unsigned n;
    uint64_t seq;
} sb_t;

static int sb_find(const sb_t *s, uint32_t g)
{
    for (unsigned i = 0; i < s->n; i++)
        if (s->e[i].grn == g)
            return (int)i;
    return -1;
}

static void sb_del(sb_t *s, unsigned i) { s->e[i] = s->e[--s->n]; }

static int sb_lru(const sb_t *s)
{
    int best = -1;
    for (unsigned i = 0; i < s->n; i++)
        if (best < 0 || s->e[i].seq < s->e[best].seq)
            best = (int)i;
    return best;
}

/* The edge of an insert the block took; a full table waits for its victim. */
static int sb_insert(sb_t *s, uint64_t vpn, unsigned ncoal, uint64_t *pend, int *pending)
{
    uint32_t g = (uint32_t)(vpn >> 4);
    int i = sb_find(s, g);
    if (i >= 0) {
        s->e[i].bits |= (uint16_t)(1u << (vpn & 15));
        s->e[i].seq = ++s->seq;
    } else if (s->n < ncoal) {
        s->e[s->n++] = (sb_ent_t){g, (uint16_t)(1u << (vpn & 15)), ++s->seq};
    } else {
        *pend = vpn;
        *pending = 1;
        return 1;
    }
    return 0;
}

/* The checks of one cycle's C outputs against the scoreboard, and its edge.
 * An operation changes the table when its pass is over: a recall at its
 * rec_done, an insert at the edge before the block is ready again (or at
 * its TABLE_FULL eviction's). */
typedef struct track {
    sb_t sb;
    uint64_t pvpn;
    uint32_t rgrn;
    int pend_ins;     /* an insert taken, not yet in the table */
    int pend_rec;     /* a recall taken, not yet answered */
    int in_batch;
    unsigned batch_ev;
    int lru_out;      /* the block asked for a global-LRU granule */
} track_t;

static int track_land(track_t *t, const ture_coal_params_t *p, uint64_t cyc,
                      const ture_coal_out_t *o, gm_err_t *err)
{
    if (!o->rec_ready)
        return 0;
    if (t->pend_rec)
        return gm_errf(err, "cycle %llu: a recall ended without rec_done", (unsigned long long)cyc);
    if (t->pend_ins) {
        t->pend_ins = 0;
        if (sb_insert(&t->sb, t->pvpn, p->NCOAL, &t->pvpn, &t->pend_ins))
            return gm_errf(err, "cycle %llu: an insert into a full table without TABLE_FULL",
                           (unsigned long long)cyc);
    }
    return 0;
}

static int track_evict(track_t *t, const ture_coal_params_t *p, uint64_t cyc,
                       const ture_coal_in_t *in, const ture_coal_out_t *o, gm_err_t *err)
{
    sb_t *s = &t->sb;
    int lru = sb_lru(s);
    if (o->ev_reason == TC_TABLE_FULL || o->ev_reason == TC_OVERSUB) {
        int full_ok = t->pend_ins && s->n == p->NCOAL && sb_find(s, (uint32_t)(t->pvpn >> 4)) < 0;
        if (o->ev_reason == TC_TABLE_FULL ? !full_ok : !t->in_batch)
            return gm_errf(err, "cycle %llu: eviction reason %llu out of turn",
                           (unsigned long long)cyc, (unsigned long long)o->ev_reason);
        if (lru < 0 || s->e[lru].grn != o->ev_grn)
            return gm_errf(err, "cycle %llu: evicts 0x%llx, the least recently updated is 0x%x",
                           (unsigned long long)cyc, (unsigned long long)o->ev_grn,
                           lru < 0 ? 0 : s->e[lru].grn);
    } else if (o->ev_reason != TC_FALLBACK || !t->in_batch || s->n) {
        return gm_errf(err, "cycle %llu: a global-LRU eviction with %u entries",
                       (unsigned long long)cyc, s->n);
    }
    if (!in->ev_ready)
        return 0;
    if (o->ev_reason != TC_FALLBACK)
        sb_del(s, (unsigned)lru);
    if (o->ev_reason == TC_TABLE_FULL) {
        t->pend_ins = 0;
        sb_insert(s, t->pvpn, p->NCOAL, &t->pvpn, &t->pend_ins);
    } else if (++t->batch_ev == p->BATCH) {
        t->in_batch = 0;
    }
    return 0;
}

static int track_cycle(track_t *t, const ture_coal_params_t *p, uint64_t cyc,
                       const ture_coal_in_t *in, const ture_coal_out_t *o, gm_err_t *err)
{
    sb_t *s = &t->sb;
    if (track_land(t, p, cyc, o, err))
        return -1;
    if (o->st_occ != s->n)
        return gm_errf(err, "cycle %llu: st_occ %llu, the scoreboard holds %u",
                       (unsigned long long)cyc, (unsigned long long)o->st_occ, s->n);
    if (!o->rec_ready && !t->pend_ins && !t->pend_rec && !t->in_batch)
        return gm_errf(err, "cycle %llu: busy with nothing to do", (unsigned long long)cyc);
    if (o->rec_done) {
        int i = sb_find(s, t->rgrn);
        uint16_t bits = i >= 0 ? s->e[i].bits : 0;
        if (!t->pend_rec)
            return gm_errf(err, "cycle %llu: rec_done with no recall", (unsigned long long)cyc);
        if (o->rec_hit != (i >= 0) || o->rec_bits != bits)
            return gm_errf(err, "cycle %llu: recall of 0x%x: hit %llu bits 0x%llx, expected %d 0x%x",
                           (unsigned long long)cyc, t->rgrn, (unsigned long long)o->rec_hit,
                           (unsigned long long)o->rec_bits, i >= 0, bits);
        if (i >= 0)
            sb_del(s, (unsigned)i);
        t->pend_rec = 0;
    } else if (o->rec_hit || o->rec_bits) {
        return gm_errf(err, "cycle %llu: a recall answer without rec_done", (unsigned long long)cyc);
    }
    if (in->rec_valid && o->rec_ready) {
        t->pend_rec = 1;
        t->rgrn = (uint32_t)in->rec_grn;
    } else if (in->ins_valid && o->ins_ready) {
        t->pend_ins = 1;
        t->pvpn = in->ins_vpn;
    } else if (in->os_valid && o->os_ready) {
        t->in_batch = 1;
        t->batch_ev = 0;
    }
    if (o->ev_valid && track_evict(t, p, cyc, in, o, err))
        return -1;
    if (o->lru_req_valid && in->lru_rsp_valid && in->lru_rsp_none) {
        if (!t->in_batch || s->n || t->batch_ev >= p->BATCH)
            return gm_errf(err, "cycle %llu: a global-LRU request out of turn",
                           (unsigned long long)cyc);
        t->in_batch = 0;
    }
    if (o->ev_valid && o->lru_req_valid)
        return gm_errf(err, "cycle %llu: an eviction and a global-LRU request at once",
                       (unsigned long long)cyc);
    return 0;
}

/* ---- random */
enum {
    COV_INS_HIT, COV_ALLOC, COV_FULL, COV_OVERSUB, COV_FALLBACK, COV_SHORT,
    COV_REC_HIT, COV_REC_MISS, COV_EV_WAIT, COV_FULL_BATCH, COV_N
};
static const char *const cov_names[COV_N] = {
    "insert hit", "insert into a free entry", "TABLE_FULL eviction", "OVERSUB eviction",
    "FALLBACK eviction", "batch ended by none", "recall hit", "recall miss",
    "eviction held (no ev_ready)", "batch of BATCH from the table"};

typedef struct tc_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    ture_coal_params_t p;
    track_t t;
    uint64_t phase_end, rsp_at, base;
    uint32_t p_ins, p_rec, p_os, p_ready, pool;
    unsigned batch_os;
} tc_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    tc_rand_t *c = vctx;
    (void)err;
    c->p = *(const ture_coal_params_t *)params;
    gm_rng_seed(&c->r, seed);
    c->base = gm_rng_bits(&c->r, 32) & ~UINT64_C(0xffff);
    return 0;
}

static void new_phase(tc_rand_t *c, uint64_t cyc)
{
    c->phase_end = cyc + 1000 + gm_rng_below(&c->r, 30000);
    c->p_ins = (uint32_t)gm_rng_below(&c->r, 1025);
    c->p_rec = (uint32_t)gm_rng_below(&c->r, 300);
    c->p_os = gm_rng_chance(&c->r, 1, 3) ? (uint32_t)gm_rng_below(&c->r, 64) : 0;
    c->p_ready = gm_rng_chance(&c->r, 1, 2) ? 1024 : 100 + (uint32_t)gm_rng_below(&c->r, 900);
    c->pool = c->p.NCOAL / 2 + (uint32_t)gm_rng_below(&c->r, 2 * c->p.NCOAL);
}

static uint32_t pick_grn(tc_rand_t *c)
{
    return (uint32_t)(c->base + gm_rng_below(&c->r, c->pool));
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    tc_rand_t *c = vctx;
    ture_coal_in_t *in = vin;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    in->ins_valid = gm_rng_chance(&c->r, c->p_ins, 1024);
    in->ins_vpn = ((uint64_t)pick_grn(c) << 4 | gm_rng_bits(&c->r, 4)) & ((UINT64_C(1) << 36) - 1);
    in->rec_valid = gm_rng_chance(&c->r, c->p_rec, 1024);
    in->rec_grn = pick_grn(c);
    in->os_valid = gm_rng_chance(&c->r, c->p_os, 1024);
    in->ev_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    if (c->t.lru_out && cyc >= c->rsp_at) {
        in->lru_rsp_valid = 1;
        in->lru_rsp_none = gm_rng_chance(&c->r, 1, 6);
        in->lru_rsp_grn = gm_rng_bits(&c->r, 32);
    } else if (gm_rng_chance(&c->r, 1, 50)) {
        in->lru_rsp_valid = 1; /* no request: ignored */
        in->lru_rsp_grn = gm_rng_bits(&c->r, 32);
    }
    return 0;
}

static int dup_check(const ture_coal_t *m, uint64_t cyc, gm_err_t *err)
{
    for (unsigned i = 0; i < m->p.NCOAL; i++)
        for (unsigned j = i + 1; m->v[i] && j < m->p.NCOAL; j++)
            if (m->v[j] && m->grn[j] == m->grn[i])
                return gm_errf(err, "cycle %llu: granule 0x%x in entries %u and %u",
                               (unsigned long long)cyc, m->grn[i], i, j);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    tc_rand_t *c = vctx;
    const ture_coal_in_t *in = vin;
    const ture_coal_out_t *o = vout;
    const ture_coal_t *m = c_state;
    if (o->rec_done)
        c->hits[o->rec_hit ? COV_REC_HIT : COV_REC_MISS]++;
    if (o->ins_ready && in->ins_valid) {
        int hit = ture_coal_find(m, (uint32_t)(in->ins_vpn >> 4)) >= 0;
        c->hits[COV_INS_HIT] += hit;
        c->hits[COV_ALLOC] += !hit && m->occ < m->p.NCOAL;
    } else if (o->os_ready && in->os_valid) {
        c->batch_os = 0;
    }
    if (o->ev_valid && in->ev_ready) {
        c->hits[COV_FULL - 1 + o->ev_reason]++;
        if (o->ev_reason == TC_OVERSUB && ++c->batch_os == c->p.BATCH)
            c->hits[COV_FULL_BATCH]++;
    }
    c->hits[COV_EV_WAIT] += o->ev_valid && !in->ev_ready;
    c->hits[COV_SHORT] += o->lru_req_valid && in->lru_rsp_valid && in->lru_rsp_none;
    if (track_cycle(&c->t, &c->p, cyc, in, o, err))
        return -1;
    if (o->lru_req_valid && !c->t.lru_out) {
        c->t.lru_out = 1;
        c->rsp_at = cyc + gm_rng_below(&c->r, 6);
    }
    if (o->lru_req_valid && in->lru_rsp_valid)
        c->t.lru_out = 0;
    if ((cyc & 1023) == 1023 && dup_check(m, cyc, err))
        return -1;
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const tc_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t tc_random = {
    "ture_coal", "random", "inserts, recalls and OVERSUB batches over a granule pool, scoreboard-checked",
    sizeof(tc_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden */
enum { GO_INS, GO_REC, GO_OS };
enum { GMAX_OPS = 2 * TURE_COAL_MAX + 16, GMAX_EV = 4 };

typedef struct gop {
    int op;
    uint64_t arg;               /* INS vpn, REC granule */
    int hit;                    /* REC: expected hit */
    uint16_t bits;              /* REC: expected bits */
    unsigned nev;               /* evictions expected, in order */
    uint32_t ev_grn[GMAX_EV];
    unsigned ev_reason[GMAX_EV];
    uint32_t lru[GMAX_EV];      /* the global-LRU answers (0: "none") */
    int occ;                    /* st_occ once the op is over, -1: any */
} gop_t;

typedef struct tc_gold {
    ture_coal_params_t p;
    track_t t;
    gop_t ops[GMAX_OPS];
    unsigned nops, step, evs;
    int started, lru_out;
    uint64_t t0;                /* the cycle the op was taken */
} tc_gold_t;

static uint32_t G(unsigned i) { return 0x00abc000u + 3 * i; }
static uint64_t V(unsigned i, unsigned page) { return (uint64_t)G(i) << 4 | page; }

static gop_t *add(tc_gold_t *c, int op, uint64_t arg, int occ)
{
    gop_t *o = &c->ops[c->nops++];
    memset(o, 0, sizeof *o);
    o->op = op;
    o->arg = arg;
    o->occ = occ;
    return o;
}

static void add_ev(gop_t *o, uint32_t grn, unsigned reason, uint32_t lru)
{
    o->ev_grn[o->nev] = grn;
    o->ev_reason[o->nev] = reason;
    o->lru[o->nev++] = lru;
}

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    tc_gold_t *c = vctx;
    (void)seed;
    c->p = *(const ture_coal_params_t *)params;
    unsigned n = c->p.NCOAL;
    if (n < 8 || c->p.BATCH != 4)
        return gm_errf(err, "the golden script needs NCOAL >= 8 and BATCH = 4");
    /* G(i) gets stamp i + 1: G(0) is the least recently updated */
    for (unsigned i = 0; i < n; i++)
        add(c, GO_INS, V(i, i & 15), (int)i + 1);
    add(c, GO_INS, V(0, 5), (int)n);             /* hit: G(0) now the newest */
    add_ev(add(c, GO_INS, V(n, 1), (int)n), G(1), TC_TABLE_FULL, 0);
    add_ev(add(c, GO_INS, V(n + 1, 2), (int)n), G(2), TC_TABLE_FULL, 0);
    gop_t *o = add(c, GO_REC, G(0), (int)n - 1); /* bits 0 and 5, cleared */
    o->hit = 1, o->bits = 0x21;
    add(c, GO_REC, G(0), (int)n - 1);            /* gone */
    add(c, GO_REC, G(1), (int)n - 1);            /* evicted */
    /* oversubscribed: the 4 least recently updated, G(3)..G(6) */
    o = add(c, GO_OS, 0, (int)n - 5);
    for (unsigned i = 3; i <= 6; i++)
        add_ev(o, G(i), TC_OVERSUB, 0);
    for (unsigned i = 7; i < n; i++) {
        o = add(c, GO_REC, G(i), -1);
        o->hit = 1, o->bits = (uint16_t)(1u << (i & 15));
    }
    /* two entries left: they go, then two granules of the global LRU */
    o = add(c, GO_OS, 0, 0);
    add_ev(o, G(n), TC_OVERSUB, 0);
    add_ev(o, G(n + 1), TC_OVERSUB, 0);
    add_ev(o, 0x777, TC_FALLBACK, 0x777);
    add_ev(o, 0x778, TC_FALLBACK, 0x778);
    /* an empty table and a host with one resident granule */
    o = add(c, GO_OS, 0, 0);
    add_ev(o, 0x779, TC_FALLBACK, 0x779);
    o->lru[1] = 0;
    add(c, GO_INS, V(n + 2, 9), 1);              /* the lowest free entry */
    o = add(c, GO_REC, G(n + 2), 0);
    o->hit = 1, o->bits = 0x200;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    tc_gold_t *c = vctx;
    ture_coal_in_t *in = vin;
    (void)cyc;
    if (c->step >= c->nops)
        return GM_STIM_END;
    const gop_t *o = &c->ops[c->step];
    in->ev_ready = 1;
    if (!c->started) {
        in->ins_valid = o->op == GO_INS;
        in->ins_vpn = o->arg;
        in->rec_valid = o->op == GO_REC;
        in->rec_grn = (uint32_t)o->arg;
        in->os_valid = o->op == GO_OS;
    }
    if (c->lru_out) {
        /* the answer for the batch's next eviction */
        uint32_t g = c->evs < GMAX_EV ? o->lru[c->evs] : 0;
        in->lru_rsp_valid = 1;
        in->lru_rsp_grn = g;
        in->lru_rsp_none = g == 0;
    }
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    tc_gold_t *c = vctx;
    const ture_coal_in_t *in = vin;
    const ture_coal_out_t *o = vout;
    const ture_coal_t *m = c_state;
    const gop_t *g = &c->ops[c->step];
    if (track_cycle(&c->t, &c->p, cyc, in, o, err)) {
        char msg[sizeof err->msg];
        snprintf(msg, sizeof msg, "%s", err->msg);
        return gm_errf(err, "op %u: %s", c->step, msg);
    }
    if (!c->started) {
        c->started = 1;
        c->t0 = cyc;
        c->evs = 0;
    }
    if (o->rec_done) {
        if (g->op != GO_REC || cyc != c->t0 + ture_coal_pass_cycles(&c->p) + 1)
            return gm_errf(err, "op %u: rec_done %llu cycles after it was taken", c->step,
                           (unsigned long long)(cyc - c->t0));
        if (o->rec_hit != (uint64_t)g->hit || o->rec_bits != g->bits)
            return gm_errf(err, "op %u: recall of 0x%llx: hit %llu bits 0x%llx, expected %d 0x%x",
                           c->step, (unsigned long long)g->arg, (unsigned long long)o->rec_hit,
                           (unsigned long long)o->rec_bits, g->hit, g->bits);
    }
    if (o->ev_valid) {
        if (c->evs >= g->nev || o->ev_grn != g->ev_grn[c->evs] ||
            o->ev_reason != g->ev_reason[c->evs])
            return gm_errf(err, "op %u: eviction %u of 0x%llx reason %llu", c->step, c->evs,
                           (unsigned long long)o->ev_grn, (unsigned long long)o->ev_reason);
        /* the pass and its DONE cycle after the cycle the insert was taken */
        if (g->ev_reason[c->evs] == TC_TABLE_FULL &&
            cyc != c->t0 + ture_coal_pass_cycles(&c->p) + 2)
            return gm_errf(err, "op %u: TABLE_FULL eviction %llu cycles after the insert",
                           c->step, (unsigned long long)(cyc - c->t0));
        if (in->ev_ready)
            c->evs++;
    }
    c->lru_out = o->lru_req_valid && !in->lru_rsp_valid;
    /* over: the block is back in IDLE after this edge */
    ture_coal_t next = *m;
    ture_coal_tick(&next, in);
    if (next.fsm == TC_IDLE) {
        if (c->evs != g->nev)
            return gm_errf(err, "op %u: %u evictions, expected %u", c->step, c->evs, g->nev);
        if (g->occ >= 0 && next.occ != (unsigned)g->occ)
            return gm_errf(err, "op %u: %u entries after it, expected %d", c->step, next.occ,
                           g->occ);
        c->step++;
        c->started = 0;
        c->lru_out = 0;
    }
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const tc_gold_t *c = vctx;
    if (c->step < c->nops)
        return gm_errf(err, "the run ended after %llu cycles, at op %u of %u",
                       (unsigned long long)cycles, c->step, c->nops);
    return 0;
}

static const gm_stim_t tc_golden = {
    "ture_coal", "golden", "hand-worked fills, LRU evictions, recalls and batches (any NCOAL >= 8)",
    sizeof(tc_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const ture_coal_stims[] = {&tc_random, &tc_golden, NULL};
