/* Warp scheduling policies: the order in which a scheduler offers its warps
 * this cycle, as an iterator (no copying). One small function per policy. */
#ifndef GM_SIM_SCHED_H
#define GM_SIM_SCHED_H

#include <stdint.h>

#include "gpu.h"

typedef struct gm_sched_it {
    const gm_sched_t *s;
    int policy;
    int32_t first;   /* GTO: the greedy warp, offered first; -1 if none */
    uint32_t start;  /* LRR: the position after the last issued warp */
    uint32_t i;
} gm_sched_it_t;

void gm_sched_begin(gm_sched_it_t *it, const gm_sched_t *s, int policy, const gm_warp_t *warps);
/* The next warp to offer, or -1 when all were offered. */
int32_t gm_sched_next(gm_sched_it_t *it);
void gm_sched_add(gm_sched_t *s, uint16_t warp);
void gm_sched_remove(gm_sched_t *s, uint16_t warp);

#endif
