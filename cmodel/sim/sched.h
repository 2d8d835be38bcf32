/* Warps and the warp scheduling policies: the order in which a scheduler
 * offers its warps this cycle, as an iterator (no copying). One small
 * function per policy. */
#ifndef GM_SIM_SCHED_H
#define GM_SIM_SCHED_H

#include <stdint.h>

typedef struct gm_warp {
    uint8_t live;        /* holds a warp of a resident CTA */
    uint8_t exited;
    uint8_t stream;
    uint16_t cta;        /* CTA slot */
    uint16_t in_cta;     /* warp index within its CTA */
    uint32_t lanes;      /* threads present */
    uint32_t gap_left;   /* compute instructions before `inst` */
    uint32_t loads_out;  /* load instructions in flight */
    uint32_t stores_out; /* sm.store_acks: store instructions not yet split into
                          * requests, and store requests not yet acknowledged */
    uint8_t op;          /* op of the next instruction (its copy in winst) */
    uint64_t age;        /* dispatch order, for GTO */
    void *ws;            /* the kernel's warp state */
} gm_warp_t;

typedef struct gm_sched {
    uint16_t *order;      /* warp slots in age order */
    uint32_t n;
    int32_t last;         /* last warp issued (GTO greed, LRR position) */
} gm_sched_t;

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
