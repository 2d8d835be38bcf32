#include "qbmi.h"

#include <string.h>

int qbmi_init(qbmi_t *m, const qbmi_params_t *p, gm_err_t *err)
{
    (void)err; /* every parameter combination in range is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    qbmi_reset(m);
    return 0;
}

void qbmi_reset(qbmi_t *m)
{
    for (unsigned k = 0; k < QBMI_KMAX; k++) {
        m->req_cnt[k] = 0;
        m->minst_cnt[k] = 0;
        m->rpm[k] = 1;
        m->q[k] = 1;
        m->quota[k] = 1;
    }
    m->rr = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

unsigned qbmi_rpm_of(unsigned minst)
{
    if (minst == 0)
        return QBMI_RPM_MAX;
    unsigned r = (QBMI_REQ_WRAP + minst / 2) / minst;
    return r > QBMI_RPM_MAX ? QBMI_RPM_MAX : r ? r : 1;
}

static unsigned gcd(unsigned a, unsigned b)
{
    while (b) {
        unsigned t = a % b;
        a = b;
        b = t;
    }
    return a;
}

void qbmi_quota_set(unsigned k, const uint8_t *rpm, uint16_t *q)
{
    unsigned l = 1;
    for (unsigned j = 0; j < k; j++)
        l = l / gcd(l, rpm[j]) * rpm[j];
    for (unsigned j = 0; j < k; j++)
        q[j] = (uint16_t)(l / rpm[j]);
}

static unsigned field(uint64_t v, unsigned k, unsigned w)
{
    return (unsigned)(v >> (w * k)) & ((1u << w) - 1);
}

int qbmi_pick(const qbmi_t *m, unsigned cand, int *tie)
{
    unsigned K = m->p.K;
    int best = -1, nbest = 0;
    *tie = 0;
    /* Walk from rr so the first of equal quotas met is the round-robin one. */
    for (unsigned i = 0; i < K; i++) {
        unsigned k = (m->rr + i) % K;
        if (!(cand >> k & 1))
            continue;
        if (m->p.MODE == QBMI_MODE_RBMI)
            return (int)k;
        if (best < 0 || m->quota[k] > m->quota[best]) {
            best = (int)k;
            nbest = 1;
        } else if (m->quota[k] == m->quota[best]) {
            nbest++;
        }
    }
    *tie = nbest > 1;
    return best;
}

static unsigned req_inc(const qbmi_in_t *in, unsigned k)
{
    return (in->req_gen_pulse >> k & 1) ? field(in->req_gen_cnt, k, 6) : 0;
}

static unsigned wraps(const qbmi_t *m, const qbmi_in_t *in)
{
    unsigned w = 0;
    for (unsigned k = 0; k < m->p.K; k++)
        if (m->req_cnt[k] + req_inc(in, k) >= QBMI_REQ_WRAP)
            w |= 1u << k;
    return w;
}

void qbmi_eval(const qbmi_t *m, const qbmi_in_t *in, qbmi_out_t *out)
{
    int tie;
    int g = qbmi_pick(m, (unsigned)in->mem_cand, &tie);
    memset(out, 0, sizeof *out);
    out->mem_grant = g < 0 ? 0 : 1u << g;
    for (unsigned k = 0; k < m->p.K; k++) {
        out->quota |= (uint64_t)m->quota[k] << (16 * k);
        out->rpm |= (uint64_t)m->rpm[k] << (6 * k);
        out->qset |= (uint64_t)m->q[k] << (16 * k);
    }
    out->rpm_update = wraps(m, in);
}

void qbmi_tick(qbmi_t *m, const qbmi_in_t *in)
{
    unsigned K = m->p.K, issue = (unsigned)in->minst_issue & ((1u << K) - 1);
    int tie;
    int g = qbmi_pick(m, (unsigned)in->mem_cand, &tie);
    m->ctr.grants += g >= 0;
    m->ctr.ties += tie;

    /* The quota set follows the rpm registers of the cycle (latency 1). */
    uint16_t q_next[QBMI_KMAX];
    qbmi_quota_set(K, m->rpm, q_next);

    unsigned w = wraps(m, in);
    uint32_t left[QBMI_KMAX];
    int refresh = 0;
    for (unsigned k = 0; k < K; k++) {
        unsigned inc = req_inc(in, k), is = issue >> k & 1;
        unsigned minst = m->minst_cnt[k] + is;
        if (minst > QBMI_MINST_MAX)
            minst = QBMI_MINST_MAX;
        if (w >> k & 1) {
            m->rpm[k] = (uint8_t)qbmi_rpm_of(minst);
            m->minst_cnt[k] = 0;
            m->ctr.rpm_updates++;
        } else {
            m->minst_cnt[k] = (uint16_t)minst;
        }
        m->req_cnt[k] = (uint16_t)((m->req_cnt[k] + inc) % QBMI_REQ_WRAP);
        left[k] = m->quota[k] > is ? m->quota[k] - is : 0;
        refresh |= left[k] == 0;
        m->ctr.issued += is;
        m->ctr.requests += inc;
    }
    for (unsigned k = 0; k < K; k++) {
        uint32_t v = left[k] + (refresh ? m->q[k] : 0);
        if (v > QBMI_QUOTA_MAX) {
            v = QBMI_QUOTA_MAX;
            m->ctr.saturations++;
        }
        m->quota[k] = (uint16_t)v;
        m->q[k] = q_next[k];
    }
    m->ctr.refreshes += refresh;
    if (issue) {
        unsigned lo = 0;
        while (!(issue >> lo & 1))
            lo++;
        m->rr = (uint8_t)((lo + 1) % K);
    }
}

void qbmi_counters(const qbmi_t *m, qbmi_counters_t *c) { *c = m->ctr; }

int qbmi_idle(const qbmi_t *m)
{
    uint16_t q[QBMI_KMAX];
    qbmi_quota_set(m->p.K, m->rpm, q);
    return memcmp(q, m->q, m->p.K * sizeof q[0]) == 0;
}

#define GM_BLOCK qbmi
#define GM_PORTS "qbmi.ports"
#include "block_desc.h"
