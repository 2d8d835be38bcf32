/* ccn_rt — one core's request throttler (see ccn_rt.ports). */
#ifndef GM_CCN_RT_H
#define GM_CCN_RT_H

#define GM_BLOCK ccn_rt
#define GM_PORTS "ccn_rt.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CCN_RT_SAMPLE = 0, CCN_RT_ON = 1, CCN_RT_OFF = 2 };

typedef struct ccn_rt {
    ccn_rt_params_t p;
    uint8_t state;
    uint32_t ecnt, n_total, n_hits; /* 24 bits each */
    uint32_t epochs, off_epochs;
    ccn_rt_counters_t ctr;
} ccn_rt_t;

int ccn_rt_init(ccn_rt_t *m, const ccn_rt_params_t *p, gm_err_t *err);
void ccn_rt_reset(ccn_rt_t *m);
void ccn_rt_eval(const ccn_rt_t *m, const ccn_rt_in_t *in, ccn_rt_out_t *out);
void ccn_rt_tick(ccn_rt_t *m, const ccn_rt_in_t *in);
void ccn_rt_counters(const ccn_rt_t *m, ccn_rt_counters_t *c);
int ccn_rt_idle(const ccn_rt_t *m);

/* The end-of-window rule: keep cooperating? (h_reuse >= NUM / DEN) */
int ccn_rt_keep(uint32_t n_total, uint32_t n_hits, unsigned num, unsigned den);

#endif
