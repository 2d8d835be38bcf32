/* Stimulus for ccn_rt.
 * random: phases with their own t_S / t_P (short: tens to thousands of
 *         instructions, sometimes t_S >= t_P or 0), instruction rates
 *         (0..255 a cycle), CB-push and hit rates around H_min, and H_min
 *         fractions; CCN-B and baseline phases. Checked on the C outputs:
 *         rt_enable = 0 without the CCN, = 1 in CCN-B, epochs count up by
 *         at most one a cycle, off-epochs never exceed the windows ended. */
#include <stddef.h>

#include "blocks/ccn_rt.h"
#include "stim.h"

enum { COV_ON, COV_OFF, COV_SAT, COV_CARRY, COV_OFF_ENABLED_B, COV_N };
static const char *const cov_names[COV_N] = {
    "window kept the CCN on", "window turned it off", "n_total saturated",
    "epoch ended with a residual", "OFF state ignored (CCN-B)"};

typedef struct rt_rand {
    gm_rng_t r;
    ccn_rt_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t ts, tp, num, den, inc_max, p_push, p_hit, ccn_en, rt_en;
    uint64_t last_epochs, last_off;
} rt_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    rt_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_rt_params_t *)params;
    gm_rng_seed(&c->r, seed);
    return 0;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    rt_rand_t *c = vctx;
    ccn_rt_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t push_rates[] = {0, 16, 128, 512, 1024};
        static const uint32_t hit_rates[] = {0, 20, 51, 60, 200, 1024};
        c->phase_end = cyc + 1000 + gm_rng_below(&c->r, 20000);
        c->tp = 16 + (uint32_t)gm_rng_below(&c->r, gm_rng_chance(&c->r, 1, 2) ? 500 : 60000);
        c->ts = gm_rng_chance(&c->r, 1, 8) ? c->tp + (uint32_t)gm_rng_below(&c->r, 100)
                                           : (uint32_t)gm_rng_below(&c->r, c->tp);
        c->inc_max = gm_rng_chance(&c->r, 1, 4) ? 255 : 1 + (uint32_t)gm_rng_below(&c->r, 64);
        c->p_push = push_rates[gm_rng_below(&c->r, 5)];
        c->p_hit = hit_rates[gm_rng_below(&c->r, 6)];
        c->num = gm_rng_chance(&c->r, 3, 4) ? 1 : (uint32_t)gm_rng_below(&c->r, 256);
        c->den = gm_rng_chance(&c->r, 3, 4) ? 20 : (uint32_t)gm_rng_below(&c->r, 256);
        c->ccn_en = !gm_rng_chance(&c->r, 1, 10);
        c->rt_en = !gm_rng_chance(&c->r, 1, 5);
        if (gm_rng_chance(&c->r, 1, 16)) /* huge windows: the counters saturate */
            c->ts = c->tp = 0xffffff;
    }
    in->cfg_ccn_en = c->ccn_en;
    in->cfg_rt_en = c->rt_en;
    in->cfg_ts = c->ts;
    in->cfg_tp = c->tp;
    in->cfg_hmin_num = c->num;
    in->cfg_hmin_den = c->den;
    in->insn_inc = gm_rng_below(&c->r, c->inc_max + 1);
    in->cb_push = gm_rng_chance(&c->r, c->p_push, 1024);
    /* A hit answers a push: at most the push rate, scaled. */
    in->ccn_hit_rsp = gm_rng_chance(&c->r, c->p_hit, 1024) && gm_rng_chance(&c->r, c->p_push, 1024);
    in->ccn_hit_smp = gm_rng_chance(&c->r, 7, 8);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    rt_rand_t *c = vctx;
    const ccn_rt_in_t *in = vin;
    const ccn_rt_out_t *o = vout;
    const ccn_rt_t *m = c_state;
    if ((!in->cfg_ccn_en && o->rt_enable) || (in->cfg_ccn_en && !in->cfg_rt_en && !o->rt_enable))
        return gm_errf(err, "cycle %llu: rt_enable %llu with ccn_en %llu rt_en %llu",
                       (unsigned long long)cyc, (unsigned long long)o->rt_enable,
                       (unsigned long long)in->cfg_ccn_en, (unsigned long long)in->cfg_rt_en);
    if (o->stat_epochs < c->last_epochs || o->stat_epochs > c->last_epochs + 1 ||
        o->stat_off_epochs < c->last_off || o->stat_off_epochs > c->last_off + 1)
        return gm_errf(err, "cycle %llu: epochs %llu -> %llu, off %llu -> %llu",
                       (unsigned long long)cyc, (unsigned long long)c->last_epochs,
                       (unsigned long long)o->stat_epochs, (unsigned long long)c->last_off,
                       (unsigned long long)o->stat_off_epochs);
    c->last_epochs = o->stat_epochs;
    c->last_off = o->stat_off_epochs;
    uint32_t e = m->ecnt + (uint32_t)in->insn_inc;
    if (m->state == CCN_RT_SAMPLE && e >= in->cfg_ts) {
        int keep = ccn_rt_keep(m->n_total + (in->cb_push && m->n_total < (1u << c->p.CNT_W) - 1),
                               m->n_hits + (in->ccn_hit_rsp && in->ccn_hit_smp &&
                                            m->n_hits < (1u << c->p.CNT_W) - 1),
                               (unsigned)in->cfg_hmin_num, (unsigned)in->cfg_hmin_den);
        c->hits[keep ? COV_ON : COV_OFF]++;
    }
    c->hits[COV_SAT] += m->n_total == (1u << c->p.CNT_W) - 1;
    c->hits[COV_CARRY] += e > in->cfg_tp && in->cfg_tp;
    c->hits[COV_OFF_ENABLED_B] += m->state == CCN_RT_OFF && !in->cfg_rt_en && in->cfg_ccn_en;
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const rt_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t rt_random = {
    "ccn_rt", "random", "phased windows, instruction rates and hit ratios around H_min",
    sizeof(rt_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_rt_stims[] = {&rt_random, NULL};
