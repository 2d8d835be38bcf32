/* ccn_respq — one core's response queue on the CCN ring (see .ports). */
#ifndef GM_CCN_RESPQ_H
#define GM_CCN_RESPQ_H

#define GM_BLOCK ccn_respq
#define GM_PORTS "ccn_respq.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "ccn_flit.h"

typedef struct ccn_respq {
    ccn_respq_params_t p;
    uint32_t qh[CCN_QMAX];
    uint8_t qr[CCN_QMAX];                        /* the slot's last beat is in */
    uint32_t qd[CCN_QMAX * CCN_LINE_WORDS];      /* slot * 32 + word */
    uint8_t head, tail, count, sbeat;
    uint8_t dv, dhome, dslot, dbeat;             /* a packet being received */
    uint8_t fv;                                  /* the fill buffer is complete */
    uint32_t fh;
    uint32_t fd[CCN_LINE_WORDS];
    ccn_respq_counters_t ctr;
} ccn_respq_t;

int ccn_respq_init(ccn_respq_t *m, const ccn_respq_params_t *p, gm_err_t *err);
void ccn_respq_reset(ccn_respq_t *m);
void ccn_respq_eval(const ccn_respq_t *m, const ccn_respq_in_t *in, ccn_respq_out_t *out);
void ccn_respq_tick(ccn_respq_t *m, const ccn_respq_in_t *in);
void ccn_respq_counters(const ccn_respq_t *m, ccn_respq_counters_t *c);
int ccn_respq_idle(const ccn_respq_t *m);

#endif
