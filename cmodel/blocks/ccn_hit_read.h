/* ccn_hit_read — remote-hit data read and RespQ injection (see .ports). */
#ifndef GM_CCN_HIT_READ_H
#define GM_CCN_HIT_READ_H

#define GM_BLOCK ccn_hit_read
#define GM_PORTS "ccn_hit_read.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "ccn_flit.h"

typedef struct ccn_hit_read {
    ccn_hit_read_params_t p;
    uint8_t sv, rd_done;
    uint8_t s_set, s_way;
    uint32_t s_hdr; /* {smp, dst, la} */
    uint32_t hold[CCN_LINE_WORDS];
    ccn_hit_read_counters_t ctr;
} ccn_hit_read_t;

int ccn_hit_read_init(ccn_hit_read_t *m, const ccn_hit_read_params_t *p, gm_err_t *err);
void ccn_hit_read_reset(ccn_hit_read_t *m);
void ccn_hit_read_eval(const ccn_hit_read_t *m, const ccn_hit_read_in_t *in,
                       ccn_hit_read_out_t *out);
void ccn_hit_read_tick(ccn_hit_read_t *m, const ccn_hit_read_in_t *in);
void ccn_hit_read_counters(const ccn_hit_read_t *m, ccn_hit_read_counters_t *c);
int ccn_hit_read_idle(const ccn_hit_read_t *m);

#endif
