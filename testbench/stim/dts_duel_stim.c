/* Stimulus for dts_duel.
 * random: SM0 and SM1 load streams with hit rates that drift phase by
 *   phase, so the decision flips both ways; the stimulus counts each
 *   interval itself and checks every decision against the rule.
 * golden: five 500-cycle intervals worked by hand (point default): SM0 60 %
 *   vs SM1 40 % misses -> baseline; 60 vs 55 -> filter; SM1 idle -> kept;
 *   51 vs 41 (exactly 10 points, not more) -> kept; 51.2 vs 41 -> baseline. */
#include <string.h>

#include "blocks/dts_duel.h"
#include "stim.h"

typedef struct duel_rand {
    gm_rng_t r;
    dts_duel_params_t p;
    unsigned a0, m0, a1, m1, cyc, want, checks, flips, phase;
    uint32_t h0, h1, pa0, pa1;
} duel_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    duel_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const dts_duel_params_t *)params;
    return 0;
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    duel_rand_t *c = vctx;
    dts_duel_in_t *in = vin;
    if (cyc % (3 * c->p.INTERVAL) == 0) {
        c->h0 = (uint32_t)gm_rng_below(&c->r, 1025);
        c->h1 = (uint32_t)gm_rng_below(&c->r, 1025);
        c->pa0 = gm_rng_chance(&c->r, 1, 8) ? 0 : 1 + (uint32_t)gm_rng_below(&c->r, 1024);
        c->pa1 = gm_rng_chance(&c->r, 1, 8) ? 0 : 1 + (uint32_t)gm_rng_below(&c->r, 1024);
    }
    in->acc0 = gm_rng_chance(&c->r, c->pa0, 1024);
    in->hit0 = gm_rng_chance(&c->r, c->h0, 1024);
    in->acc1 = gm_rng_chance(&c->r, c->pa1, 1024);
    in->hit1 = gm_rng_chance(&c->r, c->h1, 1024);
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    duel_rand_t *c = vctx;
    const dts_duel_in_t *in = vin;
    const dts_duel_out_t *o = vout;
    (void)c_state;
    if (o->filter_en != c->want)
        return gm_errf(err, "cycle %llu: filter_en %u, the rule says %u", (unsigned long long)cyc,
                       (unsigned)o->filter_en, c->want);
    c->a0 += (unsigned)in->acc0;
    c->m0 += in->acc0 && !in->hit0;
    c->a1 += (unsigned)in->acc1;
    c->m1 += in->acc1 && !in->hit1;
    if (++c->cyc == c->p.INTERVAL) {
        if (!o->decide)
            return gm_errf(err, "cycle %llu should end an interval", (unsigned long long)cyc);
        unsigned w = (unsigned)dts_duel_decide(&c->p, c->a0, c->m0, c->a1, c->m1, (int)c->want);
        c->flips += w != c->want;
        c->want = w;
        c->checks++;
        c->cyc = c->a0 = c->m0 = c->a1 = c->m1 = 0;
    }
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const duel_rand_t *c = vctx;
    (void)c_state;
    fprintf(out, "  coverage:\n    %-30s %10u\n    %-30s %10u\n", "decisions checked", c->checks,
            "decisions that flipped", c->flips);
    return c->checks > 0 && c->flips > 1;
}

static const gm_stim_t duel_random = {
    "dts_duel", "random", "drifting hit rates on SM0 and SM1; every decision re-derived",
    sizeof(duel_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- golden ---- */

typedef struct ivl {
    unsigned a0, m0, a1, m1, en_after;
} ivl_t;

static const ivl_t gold[] = {
    {500, 300, 500, 200, 0}, /* 60 % vs 40 %: SM0 is worse by 20 points */
    {500, 300, 500, 275, 1}, /* 60 % vs 55 %: 5 points, filtering wins */
    {400, 400, 0, 0, 1},     /* SM1 idle: kept */
    {500, 255, 500, 205, 1}, /* 51 % vs 41 %: exactly 10 points, not more */
    {500, 256, 500, 205, 0}, /* 51.2 % vs 41 %: more than 10 points */
    {0, 0, 0, 0, 0},         /* idle: shows the last decision, kept */
};
enum { GOLD_N = sizeof gold / sizeof gold[0] };

typedef struct duel_gold {
    unsigned ivl, cyc, checked;
} duel_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const dts_duel_params_t *p = params;
    (void)vctx;
    (void)seed;
    if (p->INTERVAL != 500 || p->REL || p->MARGIN != 10)
        return gm_errf(err, "the golden intervals need INTERVAL=500, REL=0, MARGIN=10 (--point default)");
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    duel_gold_t *c = vctx;
    dts_duel_in_t *in = vin;
    (void)cyc;
    if (c->ivl == GOLD_N)
        return GM_STIM_END;
    const ivl_t *v = &gold[c->ivl];
    in->acc0 = c->cyc < v->a0;
    in->hit0 = c->cyc >= v->m0; /* misses first */
    in->acc1 = c->cyc < v->a1;
    in->hit1 = c->cyc >= v->m1;
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    duel_gold_t *c = vctx;
    const dts_duel_out_t *o = vout;
    (void)vin;
    (void)c_state;
    if (c->cyc == 0 && c->ivl > 0) {
        if (o->filter_en != gold[c->ivl - 1].en_after)
            return gm_errf(err, "after interval %u (cycle %llu): filter_en %u, expected %u",
                           c->ivl, (unsigned long long)cyc, (unsigned)o->filter_en,
                           gold[c->ivl - 1].en_after);
        c->checked++;
    }
    if (++c->cyc == 500) {
        c->cyc = 0;
        c->ivl++;
    }
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const duel_gold_t *c = vctx;
    (void)cycles;
    if (c->checked != GOLD_N - 1)
        return gm_errf(err, "%u decisions checked", c->checked);
    return 0;
}

static const gm_stim_t duel_golden = {
    "dts_duel", "golden", "five intervals worked by hand (point default)", sizeof(duel_gold_t),
    gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const dts_duel_stims[] = {&duel_random, &duel_golden, NULL};
