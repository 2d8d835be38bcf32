/* capture_ctrl — CAPTURE's GMMU controller: cap_gran, ture_sampler,
 * ture_lease and ture_coal with the access pipeline and the eviction path
 * (see capture_ctrl.ports). */
#ifndef GM_CAPTURE_CTRL_H
#define GM_CAPTURE_CTRL_H

#define GM_BLOCK capture_ctrl
#define GM_PORTS "capture_ctrl.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "cap_gran.h"
#include "ture_coal.h"
#include "ture_lease.h"
#include "ture_sampler.h"

enum { CC_IDLE, CC_INS, CC_REC, CC_RWAIT, CC_RWR };

typedef struct capture_ctrl {
    capture_ctrl_params_t p;
    cap_gran_t gran;
    ture_sampler_t samp;
    ture_lease_t lease;
    ture_coal_t coal;
    uint8_t fsm, p1_v, p1_aid, p1_kill, fw_v, r_aid, os_busy, os_short, evpend;
    uint16_t fw_data, r_bits;
    uint64_t p1_vpn, fw_vpn, r_vpn;
    uint32_t pend;
    capture_ctrl_counters_t ctr;
} capture_ctrl_t;

int capture_ctrl_init(capture_ctrl_t *m, const capture_ctrl_params_t *p, gm_err_t *err);
void capture_ctrl_reset(capture_ctrl_t *m);
void capture_ctrl_eval(const capture_ctrl_t *m, const capture_ctrl_in_t *in,
                       capture_ctrl_out_t *out);
void capture_ctrl_tick(capture_ctrl_t *m, const capture_ctrl_in_t *in);
void capture_ctrl_counters(const capture_ctrl_t *m, capture_ctrl_counters_t *c);
int capture_ctrl_idle(const capture_ctrl_t *m);

#endif
