/* Stimulus for mshr.
 * random: requests over a pool of blocks about twice the entry count (so
 *   entries fill, merges pile up, and both reservation fails happen), fills
 *   for the primaries it saw leave after a random latency, stray fills
 *   (fill_err), random release back-pressure, and phases from idle to
 *   saturated. A scoreboard checks that every accepted request is released
 *   exactly once, for its block, in arrival order within its entry; the
 *   model's invariants (mshr_check) hold every cycle.
 * golden: seed-001 §3.1 by hand at NENT=4, NSLOT=4: four primaries, the
 *   fifth fails ENTRY_FULL; a primary plus three merges, the fourth fails
 *   MERGE_FULL; a fill releases the four in order, then the entry frees. */
#include <string.h>

#include "blocks/mshr.h"
#include "mshr_traffic.h"
#include "stim.h"

enum { COV_N = 9 };

static const char *const cov_names[COV_N] = {
    "primary accepted", "merge accepted", "RF entry full", "RF merge full",
    "fill released", "stray fill (fill_err)", "release held back",
    "request + fill of one block", "all entries in use"};

typedef struct mshr_rand {
    mshr_traffic_t t;
    mshr_params_t p;
    uint64_t hits[COV_N];
} mshr_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    mshr_rand_t *c = vctx;
    (void)err;
    c->p = *(const mshr_params_t *)params;
    mshr_traffic_init(&c->t, seed, 300);
    return 0;
}

static void new_phase(mshr_rand_t *c, uint64_t cyc)
{
    gm_rng_t *r = &c->t.r;
    mshr_traffic_phase(&c->t, cyc, 500, 5000);
    /* Sometimes a handful of blocks: long merge lists and MERGE_FULL. */
    uint32_t pool = gm_rng_chance(r, 1, 3) ? 2 + (uint32_t)gm_rng_below(r, 7) : 2 * c->p.NENT + 3;
    mshr_traffic_pool(&c->t, pool);
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    mshr_rand_t *c = vctx;
    if (cyc >= c->t.phase_end)
        new_phase(c, cyc);
    mshr_traffic_gen(&c->t, cyc, vin);
    return 0;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    mshr_rand_t *c = vctx;
    const mshr_in_t *in = vin;
    const mshr_out_t *o = vout;
    const mshr_t *m = c_state;
    if (mshr_check(m, err))
        return -1;
    if (in->req_valid) {
        if (o->req_accept) {
            if (mshr_traffic_accepted(&c->t, cyc, (uint32_t)in->req_info,
                                      (uint32_t)in->req_blk, (int)o->req_primary, err))
                return -1;
            c->hits[o->req_primary ? 0 : 1]++;
            if (o->req_primary && in->fill_valid && in->fill_blk == in->req_blk)
                c->hits[7]++;
        } else {
            c->hits[o->req_rf_cause == MSHR_RF_ENTRY_FULL ? 2 : 3]++;
        }
        if (!o->req_primary && o->req_accept && in->fill_valid && in->fill_blk == in->req_blk)
            c->hits[7]++;
    }
    if (in->fill_valid && o->fill_err)
        c->hits[5]++;
    if (o->fwd_valid && !in->fwd_ready)
        c->hits[6]++;
    if (o->fwd_valid && in->fwd_ready) {
        if (mshr_traffic_released(&c->t, (uint32_t)o->fwd_info, (uint32_t)o->fwd_blk,
                                  (int)o->fwd_last, err))
            return -1;
        c->hits[4]++;
    }
    if (o->st_nentries == c->p.NENT)
        c->hits[8]++;
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const mshr_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t mshr_random = {
    "mshr", "random", "phased random traffic with a release scoreboard and coverage",
    sizeof(mshr_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- golden ---- */

typedef struct gstep {
    int req;
    uint32_t blk, info;
    int fill;
    uint32_t fill_blk;
    int fwd_ready;
    int accept, primary, cause;   /* expected for the request, -1: none */
    int fwd;                      /* expected fwd_info, -1: no release */
    int nent;                     /* expected st_nentries, -1: any */
    const char *why;
} gstep_t;

static const gstep_t gold[] = {
    {1, 0xa, 1, 0, 0, 0, 1, 1, 0, -1, 0, "primary a -> entry 0"},
    {1, 0xb, 2, 0, 0, 0, 1, 1, 0, -1, 1, "primary b -> entry 1"},
    {1, 0xc, 3, 0, 0, 0, 1, 1, 0, -1, 2, "primary c"},
    {1, 0xd, 4, 0, 0, 0, 1, 1, 0, -1, 3, "primary d: the 4 entries are used"},
    {1, 0xe, 5, 0, 0, 0, 0, 0, 1, -1, 4, "primary e: ENTRY_FULL"},
    {1, 0xa, 6, 0, 0, 0, 1, 0, 0, -1, 4, "secondary a (2 of 4 slots)"},
    {1, 0xa, 7, 0, 0, 0, 1, 0, 0, -1, 4, "secondary a (3 of 4)"},
    {1, 0xa, 8, 0, 0, 0, 1, 0, 0, -1, 4, "secondary a (4 of 4)"},
    {1, 0xa, 9, 0, 0, 0, 0, 0, 2, -1, 4, "secondary a: MERGE_FULL"},
    {0, 0, 0, 1, 0xa, 0, -1, -1, -1, -1, 4, "fill a (release held)"},
    {0, 0, 0, 0, 0, 1, -1, -1, -1, 1, 4, "release a: the primary first"},
    {1, 0xa, 10, 0, 0, 1, 0, 0, 1, 6, 4, "a is filled, so a new a needs an entry: ENTRY_FULL"},
    {0, 0, 0, 0, 0, 1, -1, -1, -1, 7, 4, "release 7"},
    {0, 0, 0, 0, 0, 1, -1, -1, -1, 8, 4, "release 8, the last: entry 0 frees"},
    {1, 0xe, 11, 0, 0, 0, 1, 1, 0, -1, 3, "e takes the freed entry 0"},
    {0, 0, 0, 1, 0x77, 0, -1, -1, -1, -1, 4, "a stray fill changes nothing"},
};

typedef struct mshr_gold {
    unsigned step;
} mshr_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const mshr_params_t *p = params;
    (void)vctx;
    (void)seed;
    if (p->NENT != 4 || p->NSLOT != 4 || p->ACCESS_LAT != 1)
        return gm_errf(err, "the golden sequence needs NENT=4 NSLOT=4 ACCESS_LAT=1 "
                            "(use --point small)");
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    mshr_gold_t *c = vctx;
    mshr_in_t *in = vin;
    (void)cyc;
    if (c->step >= sizeof gold / sizeof gold[0])
        return GM_STIM_END;
    const gstep_t *s = &gold[c->step];
    in->req_valid = (uint64_t)s->req;
    in->req_blk = s->blk;
    in->req_info = s->info;
    in->fill_valid = (uint64_t)s->fill;
    in->fill_blk = s->fill_blk;
    in->fwd_ready = (uint64_t)s->fwd_ready;
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    mshr_gold_t *c = vctx;
    const mshr_out_t *o = vout;
    const gstep_t *s = &gold[c->step];
    (void)vin;
    (void)c_state;
    int fwd = o->fwd_valid && s->fwd_ready ? (int)o->fwd_info : -1;
    if ((s->accept >= 0 && ((int)o->req_accept != s->accept ||
                            (int)o->req_primary != s->primary ||
                            (int)o->req_rf_cause != s->cause)) ||
        fwd != s->fwd || (s->nent >= 0 && (int)o->st_nentries != s->nent))
        return gm_errf(err,
                       "step %u (%s), cycle %llu: accept %d primary %d cause %d release %d "
                       "entries %d; expected %d %d %d %d %d",
                       c->step, s->why, (unsigned long long)cyc, (int)o->req_accept,
                       (int)o->req_primary, (int)o->req_rf_cause, fwd, (int)o->st_nentries,
                       s->accept, s->primary, s->cause, s->fwd, s->nent);
    c->step++;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const mshr_gold_t *c = vctx;
    (void)cycles;
    if (c->step != sizeof gold / sizeof gold[0])
        return gm_errf(err, "stopped at step %u", c->step);
    return 0;
}

static const gm_stim_t mshr_golden = {
    "mshr", "golden", "seed-001 §3.1 entry-full / merge-full / release by hand (point small)",
    sizeof(mshr_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const mshr_stims[] = {&mshr_random, &mshr_golden, NULL};
