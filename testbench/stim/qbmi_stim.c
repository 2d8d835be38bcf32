/* Stimulus for qbmi.
 * random:  phases of 1K..30K cycles; in each, every kernel has its own
 *          candidate rate and requests per instruction (1..63, so rpm
 *          reaches 1 and the clamp at 32), and an issue rate. Mostly the
 *          kernel granted the cycle before issues, as the SM would; some
 *          phases starve one kernel (its quota saturates) or issue against
 *          the grant or for two kernels at once, to cover the counters'
 *          own edges. (Every quota reaching 0 in one cycle is a step of
 *          the golden K = 3 sequence: random issues rarely line it up.)
 * golden:  the hand-worked sequences of qbmi_golden.h (K = 2 and K = 3),
 *          QBMI or RBMI grants by the point's MODE.
 * lcm:     every rpm combination (32^K) loaded through the backdoor, the
 *          quota set read the cycle after: the RTL's factored gcd/lcm unit
 *          against the C model's plain lcm, exhaustively. */
#include <stddef.h>

#include "blocks/qbmi.h"
#include "qbmi_golden.h"
#include "stim.h"

enum {
    COV_RPM_UPDATE, COV_RPM_CLAMP, COV_RPM_ONE, COV_REFRESH, COV_SAT, COV_TIE, COV_GRANT_LAST, COV_AGAINST_GRANT, COV_MINST_SAT,
    COV_N
};
static const char *const cov_names[COV_N] = {
    "rpm update", "rpm clamped to 32", "rpm 1", "quota refresh", "quota saturated", "tie to round-robin",
    "grant to kernel K-1", "issue against the grant", "minst_cnt saturated"};

typedef struct qbmi_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    unsigned K;
    uint64_t phase_end;
    uint32_t p_cand[QBMI_KMAX], rpk[QBMI_KMAX], p_issue, p_wild;
    unsigned starve;   /* a kernel that never issues this phase, or K */
    unsigned last_grant;
} qbmi_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    qbmi_rand_t *c = vctx;
    (void)err;
    c->K = ((const qbmi_params_t *)params)->K;
    gm_rng_seed(&c->r, seed);
    return 0;
}

static void new_phase(qbmi_rand_t *c, uint64_t cyc)
{
    static const uint32_t rpk[] = {0, 1, 1, 2, 3, 5, 8, 12, 17, 31, 40, 63};
    c->phase_end = cyc + 1000 + gm_rng_below(&c->r, 99000);
    for (unsigned k = 0; k < QBMI_KMAX; k++) {
        c->p_cand[k] = (uint32_t)gm_rng_below(&c->r, 1025);
        c->rpk[k] = rpk[gm_rng_below(&c->r, sizeof rpk / sizeof rpk[0])];
    }
    c->p_issue = (uint32_t)gm_rng_below(&c->r, 1025);
    c->p_wild = gm_rng_chance(&c->r, 1, 4) ? 128 : 4;
    c->starve = gm_rng_chance(&c->r, 1, 2) ? (unsigned)gm_rng_below(&c->r, c->K) : c->K;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    qbmi_rand_t *c = vctx;
    qbmi_in_t *in = vin;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    unsigned cand = 0, issue = 0;
    for (unsigned k = 0; k < QBMI_KMAX; k++)
        if (gm_rng_chance(&c->r, c->p_cand[k], 1024))
            cand |= 1u << k;
    if (gm_rng_chance(&c->r, c->p_issue, 1024)) {
        if (gm_rng_chance(&c->r, c->p_wild, 1024))
            /* several kernels at once (two quotas may reach 0 together),
             * even bits at or above K */
            issue = gm_rng_chance(&c->r, 1, 2) ? 7u : (unsigned)gm_rng_below(&c->r, 8);
        else
            issue = c->last_grant;
    }
    if (c->starve < c->K)
        issue &= ~(1u << c->starve);
    in->mem_cand = cand;
    in->minst_issue = issue;
    /* Requests come with the issue here (the LSU would split the
     * instruction a few cycles later: the counter only sums them). */
    uint64_t cnt = 0;
    unsigned pulse = 0;
    for (unsigned k = 0; k < QBMI_KMAX; k++) {
        unsigned n = c->rpk[k];
        if (n > 1 && gm_rng_chance(&c->r, 1, 4))
            n = n - 1 + (unsigned)gm_rng_below(&c->r, 3);
        if (n > 63)
            n = 63;
        if ((issue >> k & 1) || gm_rng_chance(&c->r, 1, 64))
            pulse |= 1u << k;
        else if (gm_rng_chance(&c->r, 1, 8))
            n = (unsigned)gm_rng_below(&c->r, 64); /* noise without a pulse */
        else
            n = 0;
        cnt |= (uint64_t)n << (6 * k);
    }
    in->req_gen_pulse = pulse;
    in->req_gen_cnt = cnt;
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    qbmi_rand_t *c = vctx;
    const qbmi_in_t *in = vin;
    const qbmi_out_t *out = vout;
    const qbmi_t *m = c_state;
    (void)cyc;
    (void)err;
    unsigned zeros = 0;
    for (unsigned k = 0; k < c->K; k++) {
        if (out->rpm_update >> k & 1) {
            unsigned mi = m->minst_cnt[k] + (unsigned)(in->minst_issue >> k & 1);
            unsigned r = qbmi_rpm_of(mi > QBMI_MINST_MAX ? QBMI_MINST_MAX : mi);
            c->hits[COV_RPM_UPDATE]++;
            c->hits[COV_RPM_CLAMP] += r == QBMI_RPM_MAX && mi > 0;
            c->hits[COV_RPM_ONE] += r == 1;
        }
        zeros += (in->minst_issue >> k & 1) && m->quota[k] == 1;
        c->hits[COV_SAT] += m->quota[k] == QBMI_QUOTA_MAX;
        c->hits[COV_MINST_SAT] += m->minst_cnt[k] == QBMI_MINST_MAX;
    }
    c->hits[COV_REFRESH] += zeros > 0;
    int tie;
    qbmi_pick(m, (unsigned)in->mem_cand, &tie);
    c->hits[COV_TIE] += tie && m->p.MODE == QBMI_MODE_QBMI;
    c->hits[COV_GRANT_LAST] += out->mem_grant >> (c->K - 1) & 1;
    c->hits[COV_AGAINST_GRANT] += (in->minst_issue & ~out->mem_grant & ((1u << c->K) - 1)) != 0;
    c->last_grant = (unsigned)out->mem_grant;
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const qbmi_rand_t *c = vctx;
    const qbmi_t *m = c_state;
    int full = 1;
    fprintf(out, "  coverage:\n");
    for (int i = 0; i < COV_N; i++) {
        if (i == COV_TIE && m->p.MODE != QBMI_MODE_QBMI)
            continue;
        fprintf(out, "    %-28s %10llu\n", cov_names[i], (unsigned long long)c->hits[i]);
        full &= c->hits[i] > 0;
    }
    return full;
}

static const gm_stim_t qbmi_random = {
    "qbmi", "random",
    "phased constrained-random candidates, issues and requests (rpm 1..32, saturation)",
    sizeof(qbmi_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden ---- */

typedef struct qbmi_gold {
    const qbmi_gstep_t *s;
    unsigned n, step, left, rbmi, K;
} qbmi_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    qbmi_gold_t *c = vctx;
    const qbmi_params_t *p = params;
    (void)seed;
    (void)err;
    c->K = p->K;
    c->rbmi = p->MODE == QBMI_MODE_RBMI;
    if (p->K == 2) {
        c->s = qbmi_golden_k2;
        c->n = sizeof qbmi_golden_k2 / sizeof qbmi_golden_k2[0];
    } else {
        c->s = qbmi_golden_k3;
        c->n = sizeof qbmi_golden_k3 / sizeof qbmi_golden_k3[0];
    }
    c->left = c->s[0].n;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    qbmi_gold_t *c = vctx;
    qbmi_in_t *in = vin;
    (void)cyc;
    if (c->step >= c->n)
        return GM_STIM_END;
    const qbmi_gstep_t *s = &c->s[c->step];
    in->mem_cand = s->cand;
    in->minst_issue = s->issue;
    in->req_gen_pulse = s->pulse;
    in->req_gen_cnt = s->cnt[0] | s->cnt[1] << 6 | (uint64_t)s->cnt[2] << 12;
    return GM_STIM_CYCLE;
}

static int field_bad(int want, uint64_t v, unsigned k, unsigned w)
{
    return want >= 0 && (unsigned)(v >> (w * k) & ((1u << w) - 1)) != (unsigned)want;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    qbmi_gold_t *c = vctx;
    const qbmi_out_t *o = vout;
    const qbmi_gstep_t *s = &c->s[c->step];
    (void)vin;
    (void)c_state;
    if (--c->left)
        return 0;
    int grant = c->rbmi ? s->grant_r : s->grant_q;
    int bad = (grant >= 0 && o->mem_grant != (uint64_t)grant) ||
              o->rpm_update != (uint64_t)s->rpm_update;
    for (unsigned k = 0; k < c->K; k++)
        bad |= field_bad(s->quota[k], o->quota, k, 16) || field_bad(s->rpm[k], o->rpm, k, 6) ||
               field_bad(s->q[k], o->qset, k, 16);
    if (bad)
        return gm_errf(err,
                       "step %u (%s), cycle %llu: grant %llu quota 0x%012llx rpm 0x%05llx "
                       "q 0x%012llx rpm_update %llu; expected grant %d quota (%d %d %d) "
                       "rpm (%d %d %d) q (%d %d %d) rpm_update %d",
                       c->step, s->why, (unsigned long long)cyc,
                       (unsigned long long)o->mem_grant, (unsigned long long)o->quota,
                       (unsigned long long)o->rpm, (unsigned long long)o->qset,
                       (unsigned long long)o->rpm_update, grant, s->quota[0], s->quota[1],
                       s->quota[2], s->rpm[0], s->rpm[1], s->rpm[2], s->q[0], s->q[1],
                       s->q[2], s->rpm_update);
    if (++c->step < c->n)
        c->left = c->s[c->step].n;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const qbmi_gold_t *c = vctx;
    if (c->step < c->n)
        return gm_errf(err, "the run ended after %llu cycles, at step %u of %u",
                       (unsigned long long)cycles, c->step, c->n);
    return 0;
}

static const gm_stim_t qbmi_golden = {
    "qbmi", "golden",
    "hand-worked rpm updates, quota sets (K = 2, 3), refreshes, saturation and ties (§6.3)",
    sizeof(qbmi_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

/* ---- lcm: exhaustive quota sets ---- */

typedef struct qbmi_lcm {
    unsigned K, i, n;
} qbmi_lcm_t;

static int lcm_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    qbmi_lcm_t *c = vctx;
    (void)seed;
    (void)err;
    c->K = ((const qbmi_params_t *)params)->K;
    c->n = c->K == 2 ? 32u * 32 : 32u * 32 * 32;
    return 0;
}

/* Even cycles load the next combination (rpm_k = digit k of i, base 32,
 * plus 1); the edge computes its quota set, shown on the odd cycle. */
static int lcm_preload(void *vctx, uint64_t cyc, void *c_state)
{
    qbmi_lcm_t *c = vctx;
    qbmi_t *m = c_state;
    if (cyc % 2 || c->i >= c->n)
        return 0;
    for (unsigned k = 0, v = c->i; k < c->K; k++, v /= 32)
        m->rpm[k] = (uint8_t)(v % 32 + 1);
    c->i++;
    return 1;
}

static int lcm_gen(void *vctx, uint64_t cyc, void *vin)
{
    const qbmi_lcm_t *c = vctx;
    (void)vin; /* no candidates, issues or requests: only q moves */
    return cyc >= 2ull * c->n ? GM_STIM_END : GM_STIM_CYCLE;
}

static int lcm_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    const qbmi_lcm_t *c = vctx;
    const qbmi_out_t *o = vout;
    const qbmi_t *m = c_state;
    (void)vin;
    if (cyc % 2 == 0)
        return 0;
    /* Every q_k * rpm_k is one common multiple, and the q's share no
     * factor (else a smaller multiple would do): the least. */
    unsigned l = 0, g = 0;
    for (unsigned k = 0; k < c->K; k++) {
        unsigned q = (unsigned)(o->qset >> (16 * k) & 0xffff), r = m->rpm[k];
        if (k == 0)
            l = q * r;
        unsigned a = g, b = q;
        while (b) {
            unsigned t = a % b;
            a = b;
            b = t;
        }
        g = a;
        if (q * r != l)
            return gm_errf(err, "cycle %llu: q%u * rpm%u = %u * %u, not %u",
                           (unsigned long long)cyc, k, k, q, r, l);
    }
    if (g != 1)
        return gm_errf(err, "cycle %llu: the quota set 0x%012llx shares a factor %u",
                       (unsigned long long)cyc, (unsigned long long)o->qset, g);
    return 0;
}

static int lcm_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const qbmi_lcm_t *c = vctx;
    if (c->i < c->n)
        return gm_errf(err, "the run ended after %llu cycles, at combination %u of %u",
                       (unsigned long long)cycles, c->i, c->n);
    return 0;
}

static const gm_stim_t qbmi_lcm = {
    "qbmi", "lcm", "every rpm combination through the backdoor: the quota-set unit exhaustively",
    sizeof(qbmi_lcm_t), lcm_init, lcm_gen, lcm_observe, lcm_finish, NULL, lcm_preload};

const gm_stim_t *const qbmi_stims[] = {&qbmi_random, &qbmi_golden, &qbmi_lcm, NULL};
