/* ccn_cb — the CCN buffer of one core (see ccn_cb.ports). */
#ifndef GM_CCN_CB_H
#define GM_CCN_CB_H

#define GM_BLOCK ccn_cb
#define GM_PORTS "ccn_cb.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "ccn_flit.h"

typedef struct ccn_cb {
    ccn_cb_params_t p;
    uint32_t ent[CCN_QMAX]; /* {smp, la}: 27 bits */
    uint8_t head, tail;     /* 3 bits */
    uint8_t count;          /* 4 bits, 0..Q_DEPTH */
    ccn_cb_counters_t ctr;
} ccn_cb_t;

int ccn_cb_init(ccn_cb_t *m, const ccn_cb_params_t *p, gm_err_t *err);
void ccn_cb_reset(ccn_cb_t *m);
void ccn_cb_eval(const ccn_cb_t *m, const ccn_cb_in_t *in, ccn_cb_out_t *out);
void ccn_cb_tick(ccn_cb_t *m, const ccn_cb_in_t *in);
void ccn_cb_counters(const ccn_cb_t *m, ccn_cb_counters_t *c);
int ccn_cb_idle(const ccn_cb_t *m);

#endif
