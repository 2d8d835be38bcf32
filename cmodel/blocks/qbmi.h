/* qbmi — the BMI issue arbiter (see qbmi.ports). */
#ifndef GM_QBMI_H
#define GM_QBMI_H

#define GM_BLOCK qbmi
#define GM_PORTS "qbmi.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum {
    QBMI_KMAX = 3,
    QBMI_REQ_WRAP = 1024,
    QBMI_MINST_MAX = 1023,
    QBMI_RPM_MAX = 32,
    QBMI_QUOTA_MAX = 65535,
    QBMI_MODE_QBMI = 0,
    QBMI_MODE_RBMI = 1
};

typedef struct qbmi {
    qbmi_params_t p;
    uint16_t req_cnt[QBMI_KMAX];   /* 10 bits, wrapping */
    uint16_t minst_cnt[QBMI_KMAX]; /* 10 bits, saturating */
    uint8_t rpm[QBMI_KMAX];        /* 6 bits, 1..32 */
    uint16_t q[QBMI_KMAX];         /* the quota set, from rpm one cycle late */
    uint16_t quota[QBMI_KMAX];     /* 16 bits, saturating */
    uint8_t rr;                    /* 2 bits, 0..K-1 */
    qbmi_counters_t ctr;
} qbmi_t;

int qbmi_init(qbmi_t *m, const qbmi_params_t *p, gm_err_t *err);
void qbmi_reset(qbmi_t *m);
void qbmi_eval(const qbmi_t *m, const qbmi_in_t *in, qbmi_out_t *out);
void qbmi_tick(qbmi_t *m, const qbmi_in_t *in);
void qbmi_counters(const qbmi_t *m, qbmi_counters_t *c);
int qbmi_idle(const qbmi_t *m);

/* rpm from the memory instructions counted over 1024 requests:
 * clamp(round(1024 / minst), 1, 32), 32 when minst is 0. */
unsigned qbmi_rpm_of(unsigned minst);
/* The quota set of k rpm values: q[j] = lcm(rpm[0..k-1]) / rpm[j]. */
void qbmi_quota_set(unsigned k, const uint8_t *rpm, uint16_t *q);
/* The kernel granted (-1: none) and whether a tie decided it. */
int qbmi_pick(const qbmi_t *m, unsigned cand, int *tie);

#endif
