/* Stimulus for bpg.
 * random: launches with random geometry (warp or TB mode, N 1..15/1..48),
 *   accesses by random warps/TBs over a few hot tags per sampled set plus
 *   streaming ones, reservation-fail pulses, bus broadcasts (followers),
 *   random decision queries; phases drive the hit and RF counters to
 *   saturation. observe() recomputes the decision from the outputs and
 *   checks that an update's L_max is the argmax of the start-of-cycle
 *   adjusted hits (bpg_select) and that L_max stays in 1..min(8, N).
 * lmax: for each target T = 1..8 (point fast, interval 64), a launch with 8
 *   warps, then warp T-1 hitting one line while the RF counter grows: every
 *   calculator from T-1 up sees the same hits and a penalty growing with L,
 *   so the update must pick L_max = T; then warp 0 alone with no fails, a
 *   tie across all eight, which goes to the larger L (8). Checked on the
 *   C outputs; the lockstep holds the RTL to them. */
#include <string.h>

#include "blocks/bpg.h"
#include "stim.h"

enum { COV_N = 8 };
static const char *const cov_names[COV_N] = {
    "update", "update enabling bypass", "hit counter saturated (1023)",
    "RF counter saturated (4095)", "bus broadcast taken (follower)", "request routed to bypass",
    "launch in TB mode", "every L_max 1..8 chosen"};

typedef struct bpg_rand {
    gm_rng_t r;
    bpg_params_t p;
    uint32_t p_acc, p_rf, hot, phase_end, storm;
    unsigned lmax_seen;
    uint64_t hits[COV_N];
} bpg_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    bpg_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const bpg_params_t *)params;
    return 0;
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    bpg_rand_t *c = vctx;
    bpg_in_t *in = vin;
    if (cyc == 0 || cyc >= c->phase_end) {
        static const uint32_t pacc[] = {16, 256, 800, 1024};
        static const uint32_t prf[] = {0, 64, 512, 1024};
        c->phase_end = (uint32_t)cyc + 2000 + (uint32_t)gm_rng_below(&c->r, 20000);
        c->p_acc = pacc[gm_rng_below(&c->r, 4)];
        c->p_rf = prf[gm_rng_below(&c->r, 4)];
        c->hot = 1 + (uint32_t)gm_rng_below(&c->r, 6);
        /* Sometimes every access hits one sampled line: counters saturate. */
        c->storm = gm_rng_chance(&c->r, 1, 5);
        if (c->storm)
            c->p_acc = 1024;
        else if (gm_rng_chance(&c->r, 1, 4)) { /* fails pile up: RF saturates */
            c->p_acc = 2;
            c->p_rf = 1024;
        }
        if (cyc == 0 || gm_rng_chance(&c->r, 1, 2)) {
            in->launch = 1;
            in->n_active_tb = gm_rng_chance(&c->r, 1, 2) ? 1 : gm_rng_below(&c->r, 16);
            in->warps_per_tb = gm_rng_below(&c->r, 49);
        }
    }
    if (gm_rng_chance(&c->r, c->p_acc, 1024)) {
        in->acc_valid = 1;
        in->acc_set = gm_rng_below(&c->r, c->p.SETS);
        in->acc_tag = gm_rng_chance(&c->r, 3, 4)
                          ? 0x100 + (uint32_t)gm_rng_below(&c->r, c->hot) + (uint32_t)in->acc_set * 16
                          : (uint32_t)gm_rng_bits(&c->r, 32);
        in->acc_wid = gm_rng_below(&c->r, 12);
        in->acc_tb = gm_rng_below(&c->r, 10);
        if (c->storm) {
            in->acc_set = 0;
            in->acc_tag = 0x555;
            in->acc_wid = in->acc_tb = 0;
        }
    }
    in->rf_pulse = gm_rng_chance(&c->r, c->p_rf, 1024);
    if (gm_rng_chance(&c->r, 1, 500)) {
        in->g_in_valid = 1;
        in->g_in_lmax = 1 + gm_rng_below(&c->r, 8);
        in->g_in_bypass_en = gm_rng_below(&c->r, 2);
        in->g_in_mode_tb = gm_rng_below(&c->r, 2);
    }
    in->q_wid = gm_rng_below(&c->r, 12);
    in->q_tb = gm_rng_below(&c->r, 10);
    in->q_cg = gm_rng_chance(&c->r, 1, 32);
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    bpg_rand_t *c = vctx;
    const bpg_in_t *in = vin;
    const bpg_out_t *o = vout;
    const bpg_t *m = c_state;
    (void)cyc;
    unsigned cap = m->n < 8 ? m->n : 8;
    if (!m->p.GLOBAL && (o->lmax < 1 || o->lmax > 8 || (m->started_r && o->lmax > cap)))
        return gm_errf(err, "L_max %u outside 1..%u", (unsigned)o->lmax, cap);
    unsigned id = (unsigned)(o->mode_tb ? in->q_tb : in->q_wid);
    int want = in->q_cg || (m->p.START_MODE == 1 && !o->started) ||
               (o->bypass_en && id >= o->lmax);
    if (want != (int)o->route_bypass)
        return gm_errf(err, "route_bypass %u for id %u, L_max %u, bypass_en %u",
                       (unsigned)o->route_bypass, id, (unsigned)o->lmax, (unsigned)o->bypass_en);
    if (o->update) {
        int32_t adj[BPG_NCALC];
        unsigned l = bpg_select(m, adj);
        for (unsigned i = 0; i < cap; i++)
            if (adj[i] > adj[l - 1] || (adj[i] == adj[l - 1] && i + 1 > l))
                return gm_errf(err, "update chose L=%u (adj %d) over L=%u (adj %d)", l,
                               adj[l - 1], i + 1, adj[i]);
        if (o->g_lmax != l)
            return gm_errf(err, "update broadcasts L_max %u, the selector says %u",
                           (unsigned)o->g_lmax, l);
        c->hits[0]++;
        c->hits[1] += o->g_bypass_en;
        c->lmax_seen |= 1u << l;
    }
    for (unsigned i = 0; i < BPG_NCALC; i++)
        if (m->hit_cnt[i] == BPG_HIT_MAX)
            c->hits[2]++;
    if (m->rf_cnt == BPG_RF_MAX)
        c->hits[3]++;
    if (m->p.GLOBAL && in->g_in_valid)
        c->hits[4]++;
    c->hits[5] += o->route_bypass;
    if (in->launch && in->n_active_tb > 1)
        c->hits[6]++;
    c->hits[7] = c->lmax_seen == 0x1fe;
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const bpg_rand_t *c = vctx;
    const bpg_t *m = c_state;
    /* Hits saturate only if an interval holds 1024+ accesses; the
     * follower only takes the bus; random traffic rarely makes every
     * L_max win (the lmax stimulus does). */
    uint64_t optional = (m->p.INTERVAL < 1024 ? 1u << 2 : 0) | (!m->p.GLOBAL ? 1u << 4 : 0) |
                        1u << 7;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 34, optional);
}

static const gm_stim_t bpg_random = {
    "bpg", "random", "random launches, accesses, fails and bus traffic; selector checked",
    sizeof(bpg_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- lmax: each L_max from 1 to 8, and a tie ---- */

enum { SC_N = 9 };

/* Fails before the accesses, per target: the estimate (with N = 8 it is
 * rf * L^3 / 512, truncated) must grow from L = T to T + 1 while staying
 * below the 62 hits; the tie has none. */
static const unsigned lm_rf[SC_N] = {80, 30, 16, 10, 6, 5, 4, 4, 0};

typedef struct bpg_lmax {
    bpg_params_t p;
    unsigned sc, t, checked;
} bpg_lmax_t;

static int lm_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    bpg_lmax_t *c = vctx;
    (void)seed;
    c->p = *(const bpg_params_t *)params;
    if (c->p.INTERVAL != 64 || c->p.GLOBAL || c->p.RF_RESCALE || c->p.START_MODE ||
        c->p.SAMPLE_MODE || c->p.RF_SCALE_SHIFT || c->p.E_SHIFT)
        return gm_errf(err, "the L_max sequence needs a local BPG with INTERVAL=64 and "
                            "E_SHIFT=0 (use --point fast)");
    return 0;
}

/* Scenario sc (0..7: target T = sc + 1; 8: the tie), cycle t within it:
 * t=0 launch with 8 warps; t=1..R fails; then 64 accesses by warp T-1 (the
 * tie: warp 0) to one line, the 64th updating; one more cycle to read the
 * new L_max. */
static unsigned lm_len(unsigned sc) { return 1 + lm_rf[sc] + 64 + 1; }

static int lm_gen(void *vctx, uint64_t cyc, void *vin)
{
    bpg_lmax_t *c = vctx;
    bpg_in_t *in = vin;
    (void)cyc;
    if (c->sc == SC_N)
        return GM_STIM_END;
    unsigned r = lm_rf[c->sc];
    if (c->t == 0) {
        in->launch = 1;
        in->n_active_tb = 1;
        in->warps_per_tb = 8;
    } else if (c->t <= r) {
        in->rf_pulse = 1;
    } else if (c->t <= r + 64) {
        in->acc_valid = 1;
        in->acc_set = 0;
        in->acc_tag = 0x777;
        in->acc_wid = c->sc < 8 ? c->sc : 0;
    }
    return GM_STIM_CYCLE;
}

static int lm_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                      const void *c_state, gm_err_t *err)
{
    bpg_lmax_t *c = vctx;
    const bpg_out_t *o = vout;
    (void)vin;
    (void)c_state;
    unsigned want = c->sc < 8 ? c->sc + 1 : 8, r = lm_rf[c->sc];
    if (c->t == r + 64 && (!o->update || o->g_lmax != want || o->g_bypass_en != (want < 8)))
        return gm_errf(err, "scenario %u, cycle %llu: update %u chose L_max %u (bypass %u), "
                            "expected %u",
                       c->sc, (unsigned long long)cyc, (unsigned)o->update,
                       (unsigned)o->g_lmax, (unsigned)o->g_bypass_en, want);
    if (c->t == r + 65) {
        if (o->lmax != want || !o->started)
            return gm_errf(err, "scenario %u: L_max %u after the update, expected %u", c->sc,
                           (unsigned)o->lmax, want);
        c->checked++;
    }
    if (++c->t == lm_len(c->sc)) {
        c->t = 0;
        c->sc++;
    }
    return 0;
}

static int lm_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const bpg_lmax_t *c = vctx;
    (void)cycles;
    if (c->checked != SC_N)
        return gm_errf(err, "%u of %u L_max scenarios checked", c->checked, SC_N);
    return 0;
}

static const gm_stim_t bpg_lmax = {
    "bpg", "lmax", "L_max = 1..8 forced in turn, and a tie going to the larger L (point fast)",
    sizeof(bpg_lmax_t), lm_init, lm_gen, lm_observe, lm_finish, NULL, NULL};

const gm_stim_t *const bpg_stims[] = {&bpg_random, &bpg_lmax, NULL};
