/* Warp scheduling policies: each orders the warps a scheduler may issue
 * from this cycle. One small function per policy (Ramulator-style). */
#ifndef GM_SIM_SCHED_H
#define GM_SIM_SCHED_H

#include <stdint.h>

#include "gpu.h"

/* Fill cand[] with the scheduler's warps in priority order; returns count. */
uint32_t gm_sched_order(const gm_sched_t *s, int policy, const gm_warp_t *warps,
                        uint16_t *cand);
void gm_sched_add(gm_sched_t *s, uint16_t warp);
void gm_sched_remove(gm_sched_t *s, uint16_t warp);

#endif
