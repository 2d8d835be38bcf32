/* Stimulus for milg.
 * random:  phases of 2K..20K cycles, each with its own issue/complete/RF/
 *          request rates, so intervals see RF>>10 = 0, 1, 2 and 3 (RF
 *          saturation), the in-flight counter saturates at 127 and drains
 *          to 0, and requests wrap in steps of 0..63. Mostly the issue gate
 *          is obeyed, as an LSU would; sometimes it is not, to cover the
 *          counter's own edges.
 * golden:  a scripted sequence with limits worked out by hand from
 *          seed-000 §6.4 (see the script below). */
#include <stddef.h>

#include "blocks/milg.h"
#include "stim.h"

/* What the random stimulus must reach (checked by --coverage). */
enum {
    COV_D0, COV_D1, COV_D2, COV_D3,  /* updates with rf >> 10 = 0..3 */
    COV_FLOOR1,                      /* max_inflight / d = 0, floored to 1 */
    COV_INF_SAT, COV_INF_ZERO,       /* issue at 127, completion at 0 */
    COV_RF_SAT,                      /* an RF event with rf_cnt at 4095 */
    COV_REQ_BIG,                     /* an update from a step > 32 */
    COV_GATE_IGNORED,                /* an issue while issue_allow = 0 */
    COV_N
};
static const char *const cov_names[COV_N] = {
    "update, rf>>10 = 0", "update, rf>>10 = 1", "update, rf>>10 = 2",
    "update, rf>>10 = 3", "limit floored to 1", "issue at inflight 127",
    "completion at inflight 0", "RF with rf_cnt saturated", "update by a step > 32",
    "issue against the gate"};

typedef struct milg_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    uint64_t phase_end;
    uint32_t p_issue, p_done, p_rf, p_req, inc_max, p_ignore_gate;
    int allow;
    unsigned inflight;
} milg_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    milg_rand_t *c = vctx;
    (void)params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->allow = 1;
    return 0;
}

static void new_phase(milg_rand_t *c, uint64_t cyc)
{
    static const uint32_t rf_rates[] = {0, 8, 64, 256, 512, 900, 1024};
    static const uint32_t req_rates[] = {16, 64, 256, 1024};
    c->phase_end = cyc + 2000 + gm_rng_below(&c->r, 18000);
    c->p_issue = (uint32_t)gm_rng_below(&c->r, 1025);
    c->p_done = (uint32_t)gm_rng_below(&c->r, 1025);
    c->p_rf = rf_rates[gm_rng_below(&c->r, 7)];
    c->p_req = req_rates[gm_rng_below(&c->r, 4)];
    c->inc_max = gm_rng_chance(&c->r, 1, 8) ? 63 : 1 + (uint32_t)gm_rng_below(&c->r, 32);
    c->p_ignore_gate = gm_rng_chance(&c->r, 1, 4) ? 1024 : 16;
    if (gm_rng_chance(&c->r, 1, 6)) {
        /* Starved: almost nothing in flight while RFs pile up, so an update
         * divides a tiny maximum (the floor-to-1 case). */
        c->p_issue = 4;
        c->p_done = 1024;
        c->p_rf = 1024;
        c->p_req = 16;
    }
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    milg_rand_t *c = vctx;
    milg_in_t *in = vin;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    in->minst_issue = gm_rng_chance(&c->r, c->p_issue, 1024) &&
                      (c->allow || gm_rng_chance(&c->r, c->p_ignore_gate, 1024));
    in->minst_done = gm_rng_chance(&c->r, c->p_done, 1024) &&
                     (c->inflight > 0 || gm_rng_chance(&c->r, 1, 64));
    in->rsfail_pulse = gm_rng_chance(&c->r, c->p_rf, 1024);
    in->req_pulse = gm_rng_chance(&c->r, c->p_req, 1024);
    /* The count is ignored without req_pulse; drive noise there too. */
    in->req_cnt_inc = gm_rng_below(&c->r, c->inc_max + 1);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    milg_rand_t *c = vctx;
    const milg_in_t *in = vin;
    const milg_out_t *out = vout;
    const milg_t *m = c_state;
    (void)cyc;
    (void)err;
    if (out->mil_update) {
        unsigned d = m->rf_cnt >> 10;
        c->hits[COV_D0 + d]++;
        c->hits[COV_FLOOR1] += d && m->max_inflight < d;
        c->hits[COV_REQ_BIG] += in->req_cnt_inc > 32;
    }
    c->hits[COV_INF_SAT] += in->minst_issue && !in->minst_done && m->inflight == 127;
    c->hits[COV_INF_ZERO] += in->minst_done && !in->minst_issue && m->inflight == 0;
    c->hits[COV_RF_SAT] += in->rsfail_pulse && m->rf_cnt == 4095;
    c->hits[COV_GATE_IGNORED] += in->minst_issue && !out->issue_allow;
    c->allow = (int)out->issue_allow;
    c->inflight = (unsigned)out->inflight;
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const milg_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 28, 0);
}

static const gm_stim_t milg_random = {
    "milg", "random", "phased constrained-random rates (RF levels, saturation, wraps)",
    sizeof(milg_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden: a script of steps; a step repeats one input vector `n`
 * times, then its checks apply to the outputs of the step's last cycle. */

enum { G_ISSUE = 1, G_DONE = 2, G_RF = 4, G_REQ = 8 };

typedef struct gstep {
    unsigned n;
    unsigned what;     /* G_* */
    unsigned inc;      /* req_cnt_inc */
    int mil;           /* expected mil on the step's last cycle, -1: any */
    int allow;         /* expected issue_allow, -1: any */
    int inflight;      /* expected inflight, -1: any */
    int updates;       /* expected mil_update pulses during the step, -1: any */
    int mil_hold;      /* expected mil when ZERO_MODE=1 (release uses `mil`) */
    const char *why;
} gstep_t;

/* Worked from §6.4: at each 1024th request, mil = max(1, max_inflight /
 * (rf >> 10)), or MIL_MAX (release) / unchanged (hold) when rf >> 10 == 0.
 * MIL_MAX is 127 in every shipped point. */
static const gstep_t script[] = {
    {1, 0, 0, 127, 1, 0, 0, 127, "reset: mil = MIL_MAX, nothing in flight"},
    {9, G_ISSUE, 0, 127, 1, 8, 0, 127, "9 issues (inflight reads 8 during the 9th)"},
    {1, 0, 0, 127, 1, 9, 0, 127, "inflight = 9, max = 9"},
    {2048, G_RF, 0, 127, 1, 9, 0, 127, "2048 reservation fails: rf = 2048"},
    {31, G_REQ, 32, 127, 1, 9, 0, 127, "992 requests: no update yet"},
    {1, G_REQ, 32, 127, 1, 9, 1, 127, "the 1024th request: update pulse"},
    {1, 0, 0, 4, 0, 9, 0, 4, "mil = 9 / (2048 >> 10) = 4; 9 < 4 is false"},
    {6, G_DONE, 0, 4, 0, 4, 0, 4, "6 completions"},
    {1, 0, 0, 4, 1, 3, 0, 4, "inflight 3 < 4: issue allowed"},
    {1, G_ISSUE, 0, 4, 1, 3, 0, 4, "one issue"},
    {1, 0, 0, 4, 0, 4, 0, 4, "inflight 4 < 4 is false"},
    {32, G_REQ, 32, 4, 0, 4, 1, 4, "1024 requests, no RF: rf >> 10 = 0"},
    {1, 0, 0, 127, 1, 4, 0, 4, "release: mil = 127; hold: mil stays 4"},
    {2, G_DONE, 0, -1, -1, -1, 0, -1, "2 completions"},
    {32, G_REQ, 32, -1, -1, 2, 1, -1, "update with rf = 0 again; max := 2"},
    {5000, G_RF, 0, -1, -1, 2, 0, -1, "5000 fails: rf saturates at 4095"},
    {32, G_REQ, 32, -1, -1, 2, 1, -1, "update: rf >> 10 = 3"},
    {1, 0, 0, 1, 0, 2, 0, 1, "mil = max(1, 2 / 3 = 0) = 1; 2 < 1 is false"},
    {200, G_ISSUE, 0, 1, 0, 127, 0, 1, "200 issues: inflight saturates at 127"},
    {2500, G_RF, 0, 1, 0, 127, 0, 1, "2500 fails: rf >> 10 = 2"},
    {32, G_REQ, 32, 1, 0, 127, 1, 1, "update"},
    {1, 0, 0, 63, 0, 127, 0, 63, "mil = 127 / 2 = 63"},
    {100, G_DONE | G_ISSUE, 63, 63, 0, 127, 0, 63, "issue+done together: no change; no req_pulse: count ignored"},
    {1500, G_RF, 0, 63, 0, 127, 0, 63, "1500 fails: rf >> 10 = 1"},
    {16, G_REQ, 63, 63, 0, 127, 0, 63, "16 x 63 = 1008 requests"},
    {1, G_REQ, 63, 63, 0, 127, 1, 63, "1071 requests: the wrap updates (req_cnt = 47)"},
    {1, 0, 0, 127, 0, 127, 0, 127, "mil = 127 / 1 = 127; 127 < 127 is false"},
    {127, G_DONE, 0, 127, 1, 1, 0, 127, "127 completions"},
    {3, G_DONE, 0, 127, 1, 0, 0, 127, "completions at 0 stay at 0"},
};

typedef struct milg_gold {
    unsigned step, left, updates;
    int hold;
} milg_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    milg_gold_t *c = vctx;
    const milg_params_t *p = params;
    (void)seed;
    if (p->MIL_MAX != 127)
        return gm_errf(err, "the golden script assumes MIL_MAX = 127");
    c->hold = p->ZERO_MODE != 0;
    c->left = script[0].n;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    milg_gold_t *c = vctx;
    milg_in_t *in = vin;
    (void)cyc;
    if (c->step >= sizeof script / sizeof script[0])
        return 1;
    const gstep_t *s = &script[c->step];
    in->minst_issue = (s->what & G_ISSUE) != 0;
    in->minst_done = (s->what & G_DONE) != 0;
    in->rsfail_pulse = (s->what & G_RF) != 0;
    in->req_pulse = (s->what & G_REQ) != 0;
    in->req_cnt_inc = s->inc;
    return 0;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    milg_gold_t *c = vctx;
    const milg_out_t *o = vout;
    const gstep_t *s = &script[c->step];
    (void)vin;
    (void)c_state;
    c->updates += (unsigned)o->mil_update;
    if (--c->left)
        return 0;
    int mil = c->hold ? s->mil_hold : s->mil;
    if ((mil >= 0 && o->mil != (uint64_t)mil) ||
        (s->allow >= 0 && o->issue_allow != (uint64_t)s->allow && !c->hold) ||
        (s->inflight >= 0 && o->inflight != (uint64_t)s->inflight) ||
        (s->updates >= 0 && c->updates != (unsigned)s->updates))
        return gm_errf(err,
                       "step %u (%s), cycle %llu: mil %llu issue_allow %llu inflight %llu "
                       "updates %u; expected mil %d issue_allow %d inflight %d updates %d",
                       c->step, s->why, (unsigned long long)cyc,
                       (unsigned long long)o->mil, (unsigned long long)o->issue_allow,
                       (unsigned long long)o->inflight, c->updates, mil, s->allow,
                       s->inflight, s->updates);
    c->updates = 0;
    if (++c->step < sizeof script / sizeof script[0])
        c->left = script[c->step].n;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const milg_gold_t *c = vctx;
    if (c->step < sizeof script / sizeof script[0])
        return gm_errf(err, "the run ended after %llu cycles, at step %u of %zu",
                       (unsigned long long)cycles, c->step,
                       sizeof script / sizeof script[0]);
    return 0;
}

static const gm_stim_t milg_golden = {
    "milg", "golden", "hand-worked limit updates of seed-000 §6.4 (checked every step)",
    sizeof(milg_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const milg_stims[] = {&milg_random, &milg_golden, NULL};
