/* ccn_reqq — one core's request queue on the CCN ring (see ccn_reqq.ports). */
#ifndef GM_CCN_REQQ_H
#define GM_CCN_REQQ_H

#define GM_BLOCK ccn_reqq
#define GM_PORTS "ccn_reqq.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "ccn_flit.h"

typedef struct ccn_reqq {
    ccn_reqq_params_t p;
    uint32_t q[CCN_QMAX]; /* flits without the valid bit */
    uint8_t head, tail, count;
    uint8_t lv[CCN_LINK_MAX];
    uint32_t lf[CCN_LINK_MAX];
    ccn_reqq_counters_t ctr;
} ccn_reqq_t;

int ccn_reqq_init(ccn_reqq_t *m, const ccn_reqq_params_t *p, gm_err_t *err);
void ccn_reqq_reset(ccn_reqq_t *m);
void ccn_reqq_eval(const ccn_reqq_t *m, const ccn_reqq_in_t *in, ccn_reqq_out_t *out);
void ccn_reqq_tick(ccn_reqq_t *m, const ccn_reqq_in_t *in);
void ccn_reqq_counters(const ccn_reqq_t *m, ccn_reqq_counters_t *c);
int ccn_reqq_idle(const ccn_reqq_t *m);

/* The L1 set and shadow tag of a line address under these parameters. */
unsigned ccn_reqq_set(const ccn_reqq_params_t *p, uint32_t la);
uint32_t ccn_reqq_tag(const ccn_reqq_params_t *p, uint32_t la);

#endif
