/* Stimulus for dlmshr.
 * random: phased traffic over a pool of blocks; in some phases a handful
 *   of blocks so super-entries grow long, the tail starves (MERGE_FULL) and
 *   gets linked later (S4->S3, S9->S8); fills return after a random
 *   latency, stray fills, random release back-pressure. A scoreboard checks
 *   that every accepted request is released exactly once, for its block, in
 *   arrival order within its super-entry; dlmshr_check (nFreeSet equals the
 *   free sets, chains well formed, ready queue consistent) holds every
 *   cycle. --coverage reports the DAU states and next-state-table rows
 *   reached, from the model's own transition counts.
 * golden: seed-001 §9.2's golden tests at Fig 3.7 scale (NSETS=8): eight
 *   primaries and ENTRY_FULL; a chain of 16 (NRESV=0) or 1+1+8 (NRESV=4)
 *   requests and MERGE_FULL; the probe; fill and oldest-first release; the
 *   deallocation timing, 2 cycles a set (RIPPLE) or 2 cycles in all
 *   (PARALLEL); a request and a fill of one block in one cycle. The
 *   expected values follow from the rules by hand, for points small and
 *   parallel. */
#include <string.h>

#include "blocks/dlmshr.h"
#include "mshr_traffic.h"
#include "stim.h"

enum { COV_N = 11 };

static const char *const cov_names[COV_N] = {
    "primary accepted", "merge accepted", "set linked (case b)", "RF entry full",
    "RF merge full (case c)", "fill released", "stray fill (fill_err)",
    "release held back", "request + fill of one block", "no free set",
    "chain of >= 4 sets filled"};

typedef struct dl_rand {
    mshr_traffic_t t;
    dlmshr_params_t p;
    uint64_t links_seen;
    uint64_t hits[COV_N];
} dl_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    dl_rand_t *c = vctx;
    (void)err;
    c->p = *(const dlmshr_params_t *)params;
    mshr_traffic_init(&c->t, seed, 400);
    return 0;
}

static void new_phase(dl_rand_t *c, uint64_t cyc)
{
    gm_rng_t *r = &c->t.r;
    mshr_traffic_phase(&c->t, cyc, 300, 4000);
    /* A few blocks: long super-entries, starved tails, MERGE_FULL. */
    uint32_t n = c->p.NSETS;
    uint32_t pool = gm_rng_chance(r, 1, 2) ? 1 + (uint32_t)gm_rng_below(r, 6)
                                           : (n / 2) + (uint32_t)gm_rng_below(r, 2 * n);
    mshr_traffic_pool(&c->t, pool);
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    dl_rand_t *c = vctx;
    dlmshr_in_t *in = vin;
    mshr_in_t x;
    if (cyc >= c->t.phase_end)
        new_phase(c, cyc);
    /* The DL-MSHR's inputs are the MSHR's. */
    memset(&x, 0, sizeof x);
    mshr_traffic_gen(&c->t, cyc, &x);
    in->req_valid = x.req_valid;
    in->req_blk = x.req_blk;
    in->req_info = x.req_info;
    in->req_is_wr = x.req_is_wr;
    in->prb_blk = x.prb_blk;
    in->fill_valid = x.fill_valid;
    in->fill_blk = x.fill_blk;
    in->fwd_ready = x.fwd_ready;
    return 0;
}

/* The sets of the pending super-entry of blk (0 if none). */
static unsigned chain_len(const dlmshr_t *m, uint32_t blk)
{
    for (unsigned h = 0; h < m->p.NSETS; h++) {
        if (m->fsm[h] < S1 || m->fsm[h] > S4 || m->filled[h] || m->blk[h] != blk)
            continue;
        unsigned n = 1;
        for (unsigned s = h; (m->fsm[s] == S3 || m->fsm[s] == S8) && n <= m->p.NSETS; n++)
            s = m->nxt[s];
        return n;
    }
    return 0;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    dl_rand_t *c = vctx;
    const dlmshr_in_t *in = vin;
    const dlmshr_out_t *o = vout;
    const dlmshr_t *m = c_state;
    if (dlmshr_check(m, err))
        return -1;
    if (o->st_err)
        return gm_errf(err, "st_err: a DAU FSM in an illegal state");
    if (in->req_valid) {
        if (o->req_accept) {
            if (mshr_traffic_accepted(&c->t, cyc, (uint32_t)in->req_info,
                                      (uint32_t)in->req_blk, (int)o->req_primary, err))
                return -1;
            c->hits[o->req_primary ? 0 : 1]++;
            if (in->fill_valid && in->fill_blk == in->req_blk)
                c->hits[8]++;
        } else {
            c->hits[o->req_rf_cause == 1 ? 3 : 4]++;
        }
    }
    if (m->ctr.links != c->links_seen) {
        c->links_seen = m->ctr.links;
        c->hits[2]++;
    }
    if (in->fill_valid && o->fill_err)
        c->hits[6]++;
    if (o->fwd_valid && !in->fwd_ready)
        c->hits[7]++;
    if (o->st_nfree_set == 0)
        c->hits[9]++;
    if (in->fill_valid && !o->fill_err && chain_len(m, (uint32_t)in->fill_blk) >= 4)
        c->hits[10]++;
    if (o->fwd_valid && in->fwd_ready) {
        if (mshr_traffic_released(&c->t, (uint32_t)o->fwd_info, (uint32_t)o->fwd_blk,
                                  (int)o->fwd_last, err))
            return -1;
        c->hits[5]++;
    }
    return 0;
}

/* The state a row of the next-state table leads to. */
static unsigned trans_to(unsigned t)
{
    static const uint8_t to[DAU_NTRANS] = {S1, S6, S5, S2, S5, S3, S4, S5, S3, S5, S3,
                                           S0, S10, S7, S10, S8, S9, S10, S8, S10, S8, S0};
    return to[t];
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const dl_rand_t *c = vctx;
    const dlmshr_t *m = c_state;
    /* Without linking only the head path is reachable (a set frees straight
     * from S1/S2/S4 on its last release): S0, S1, S2, S4 and 3 rows. */
    const int link = m->p.LINK_EN != 0;
    const unsigned st_reach = link ? (1u << DAU_NSTATES) - 1
                                   : (1u << S0) | (1u << S1) | (1u << S2) | (1u << S4);
    const unsigned tr_want = link ? DAU_NTRANS : 3;
    unsigned states = 1u << S0, nst = 0, ntr = 0, st_want = 0; /* S0 from reset */
    for (unsigned t = 0; t < DAU_NTRANS; t++)
        if (m->trans[t]) {
            states |= 1u << trans_to(t);
            ntr++;
        }
    for (unsigned s = 0; s < DAU_NSTATES; s++) {
        nst += (states >> s) & 1;
        st_want += (st_reach >> s) & 1;
    }
    fprintf(out, "  DAU state coverage: %u/%u (%u%%)%s\n", nst, st_want, 100 * nst / st_want,
            link ? "" : " (LINK_EN=0: the head path only)");
    fprintf(out, "  DAU transition coverage: %u/%u (%u%%)\n", ntr, tr_want, 100 * ntr / tr_want);
    for (unsigned t = 0; t < DAU_NTRANS; t++)
        fprintf(out, "    %-22s %10llu\n", dau_trans_names[t], (unsigned long long)m->trans[t]);
    fprintf(out, "  events:\n");
    int full = nst == st_want && ntr == tr_want;
    for (int i = 0; i < COV_N; i++) {
        fprintf(out, "    %-28s %10llu\n", cov_names[i], (unsigned long long)c->hits[i]);
        if (link || (i != 2 && i != 10))
            full &= c->hits[i] > 0;
    }
    return full;
}

static const gm_stim_t dl_random = {
    "dlmshr", "random",
    "phased random traffic, long super-entries, a release scoreboard, DAU coverage",
    sizeof(dl_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- golden ---- */

enum { GMAX = 160 };

typedef struct gstep {
    uint8_t req, fill, fwd_ready;
    uint32_t blk, info, fill_blk;
    int accept, primary, cause; /* expected for the request; -1: none */
    int fwd;                    /* expected released info; -1: none */
    int last;                   /* expected fwd_last of that release */
    int nfree;                  /* expected st_nfree_set; -1: any */
    int prb_hit, prb_full;      /* expected for prb_blk = blk; -1: any */
    const char *why;
} gstep_t;

typedef struct dl_gold {
    gstep_t s[GMAX];
    unsigned n, step;
} dl_gold_t;

static gstep_t *add(dl_gold_t *g, const char *why)
{
    gstep_t *s = &g->s[g->n++];
    memset(s, 0, sizeof *s);
    s->accept = s->primary = s->cause = s->fwd = s->last = s->nfree = -1;
    s->prb_hit = s->prb_full = -1;
    s->why = why;
    return s;
}

static void req(dl_gold_t *g, uint32_t blk, uint32_t info, int accept, int primary,
                int cause, const char *why)
{
    gstep_t *s = add(g, why);
    s->req = 1;
    s->blk = blk;
    s->info = info;
    s->accept = accept;
    s->primary = primary;
    s->cause = cause;
}

static gstep_t *release(dl_gold_t *g, int info, int last, const char *why)
{
    gstep_t *s = add(g, why);
    s->fwd_ready = 1;
    s->fwd = info;
    s->last = last;
    return s;
}

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    dl_gold_t *g = vctx;
    const dlmshr_params_t *p = params;
    (void)seed;
    if (p->NSETS != 8 || (p->NRESV != 0 && p->NRESV != 4) || !p->LINK_EN)
        return gm_errf(err, "the golden sequence needs NSETS=8, NRESV 0 or 4, LINK_EN=1 "
                            "(use --point small or --point parallel)");
    unsigned R = p->NRESV, par = p->DEALLOC_MODE == 1;
    /* One chain: the head in the reserved pool, the rest linkable only. */
    unsigned cap = R ? 2 + 2 * (8 - R) : 16, k = cap / 2;

    for (uint32_t b = 0; b < 8; b++)
        req(g, 0x10 + b, b, 1, 1, 0, "primary: 8 sets, 8 super-entries");
    req(g, 0x20, 99, 0, 0, 1, "a 9th primary: ENTRY_FULL");
    g->s[g->n - 1].nfree = 0;
    for (uint32_t b = 0; b < 8; b++) {
        gstep_t *s = add(g, "fill each (release held)");
        s->fill = 1;
        s->fill_blk = 0x10 + b;
    }
    for (int b = 0; b < 8; b++)
        release(g, b, 1, "release in fill order, each its super-entry's last");
    for (int j = 1; j <= 3; j++)
        add(g, "single-set super-entries free: S5, then S0")->nfree = j == 3 ? 8 : -1;

    req(g, 0xa, 100, 1, 1, 0, "primary a");
    for (unsigned i = 1; i < cap; i++)
        req(g, 0xa, 100 + i, 1, 0, 0, "secondary a: merge or link a new tail");
    req(g, 0xa, 200, 0, 0, 2, "secondary a: tail full, no linkable set: MERGE_FULL");
    g->s[g->n - 1].prb_hit = 1;
    g->s[g->n - 1].prb_full = 1;
    g->s[g->n - 1].nfree = (int)(8 - k);
    /* With reserved sets a new primary still finds a head set. */
    req(g, 0xb, 300, R ? 1 : 0, R ? 1 : 0, R ? 0 : 1, "primary b: a reserved set, or none");
    gstep_t *s = add(g, "fill a");
    s->fill = 1;
    s->fill_blk = 0xa;
    for (unsigned i = 0; i < cap; i++)
        release(g, (int)(100 + i), i + 1 == cap, "release a: head to tail, slot 0 then 1");
    /* Deallocation, counted from the last release: RIPPLE frees the tail 2
     * cycles later (visible a cycle after), then each earlier set 2 cycles
     * after its successor; PARALLEL frees the chain at once. */
    unsigned before = 8 - k - (R ? 1 : 0);
    for (unsigned j = 1; j <= 2 * k + 1; j++) {
        unsigned freed = par ? (j >= 3 ? k : 0) : (j >= 3 ? (j - 1) / 2 : 0);
        if (freed > k)
            freed = k;
        add(g, "deallocation")->nfree = (int)(before + freed);
    }
    if (R) {
        s = add(g, "fill b");
        s->fill = 1;
        s->fill_blk = 0xb;
        release(g, 300, 1, "release b");
        for (int j = 1; j <= 3; j++)
            add(g, "b frees")->nfree = j == 3 ? 8 : -1;
    }
    req(g, 0xc, 400, 1, 1, 0, "primary c");
    s = add(g, "secondary c and the fill of c in one cycle: it merges");
    s->req = 1;
    s->blk = 0xc;
    s->info = 401;
    s->accept = 1;
    s->primary = 0;
    s->cause = 0;
    s->fill = 1;
    s->fill_blk = 0xc;
    release(g, 400, 0, "release c");
    release(g, 401, 1, "release the merged c");
    s = add(g, "a stray fill changes nothing");
    s->fill = 1;
    s->fill_blk = 0x77;
    for (int j = 1; j <= 3; j++)
        add(g, "c frees")->nfree = j == 3 ? 8 : -1;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    dl_gold_t *g = vctx;
    dlmshr_in_t *in = vin;
    (void)cyc;
    if (g->step >= g->n)
        return GM_STIM_END;
    const gstep_t *s = &g->s[g->step];
    in->req_valid = s->req;
    in->req_blk = s->blk;
    in->req_info = s->info;
    in->prb_blk = s->blk;
    in->fill_valid = s->fill;
    in->fill_blk = s->fill_blk;
    in->fwd_ready = s->fwd_ready;
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    dl_gold_t *g = vctx;
    const dlmshr_out_t *o = vout;
    const gstep_t *s = &g->s[g->step];
    (void)vin;
    if (dlmshr_check(c_state, err))
        return -1;
    int fwd = o->fwd_valid && s->fwd_ready ? (int)o->fwd_info : -1;
    int bad = (s->accept >= 0 && ((int)o->req_accept != s->accept ||
                                  (int)o->req_primary != s->primary ||
                                  (int)o->req_rf_cause != s->cause)) ||
              fwd != s->fwd || (s->fwd >= 0 && (int)o->fwd_last != s->last) ||
              (s->nfree >= 0 && (int)o->st_nfree_set != s->nfree) ||
              (s->prb_hit >= 0 && ((int)o->prb_hit != s->prb_hit ||
                                   (int)o->prb_full != s->prb_full)) ||
              (s->fill && s->fill_blk == 0x77 && !o->fill_err);
    if (bad)
        return gm_errf(err,
                       "step %u (%s), cycle %llu: accept %d primary %d cause %d release %d "
                       "last %d nfree %d probe %d/%d; expected %d %d %d %d %d %d %d/%d",
                       g->step, s->why, (unsigned long long)cyc, (int)o->req_accept,
                       (int)o->req_primary, (int)o->req_rf_cause, fwd, (int)o->fwd_last,
                       (int)o->st_nfree_set, (int)o->prb_hit, (int)o->prb_full, s->accept,
                       s->primary, s->cause, s->fwd, s->last, s->nfree, s->prb_hit,
                       s->prb_full);
    g->step++;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const dl_gold_t *g = vctx;
    (void)cycles;
    if (g->step != g->n)
        return gm_errf(err, "stopped at step %u of %u", g->step, g->n);
    return 0;
}

static const gm_stim_t dl_golden = {
    "dlmshr", "golden",
    "seed-001 §9.2 golden tests at Fig 3.7 scale (points small and parallel)",
    sizeof(dl_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const dlmshr_stims[] = {&dl_random, &dl_golden, NULL};
