/* An L2 bank of a memory partition around the cache pipeline (cache.h):
 * the ROP delay from the crossbar, the incoming queue, a write-back,
 * write-allocate cache with its MSHR, the miss queue to the DRAM channel,
 * the fills from it and the replies to the crossbar. One request is looked
 * up per L2 cycle while the data port is free: a hit or a store hit holds
 * it for the bytes it moves, a write-back for the bytes it writes; a fill
 * holds the fill port for its line or sector (l2.c.port_bytes a cycle
 * each, GPGPU-Sim 3.2.2's L2 data and fill ports).
 *
 * Hook point: input -- the stage between the incoming queue and the lookup
 * (one plug-in: CART). Without one, the queue's head is looked up. */
#ifndef GM_SIM_L2_H
#define GM_SIM_L2_H

#include <stdint.h>

#include "cache.h"
#include "kstats.h"

typedef struct gm_l2_input {
    /* The request to look up this cycle, or GM_NO_REQ (the incoming queue
     * may offer its head). */
    uint32_t (*offer)(void *self, const gm_fifo_t *inq);
    /* Whether the bank took it; returns 1 if the queue's head was consumed. */
    int (*done)(void *self, int taken);
    void *self;
} gm_l2_input_t;

typedef struct gm_l2bank {
    uint32_t id;
    const gm_l2_cfg_t *cfg;
    gm_ctx_t ctx;             /* the L2 clock */
    gm_delay_t rop;           /* crossbar -> incoming queue, rop_latency */
    gm_fifo_t inq;
    gm_cache_t c;
    gm_fifo_t fills;          /* from DRAM */
    uint64_t fill_free;       /* the fill port is free at */
    gm_fifo_t replies;        /* to the reply crossbar */
    gm_l2_input_t input;      /* offer NULL: none */
    gm_kstat_t *kst;          /* per-kernel counters (the GPU's; NULL: none) */
} gm_l2bank_t;

/* stamp: the LRU clock (the core cycle, as the golden stats were made). */
int gm_l2_init(gm_l2bank_t *k, uint32_t id, const gm_l2_cfg_t *cfg, gm_ctx_t ctx,
               const uint64_t *stamp, const gm_route_t *route, gm_err_t *err);
void gm_l2_free(gm_l2bank_t *k);
/* A request from the crossbar, if the ROP delay has room and, with
 * l2.intake_gate, the incoming queue too (1 if taken). */
int gm_l2_accept(gm_l2bank_t *k, uint32_t id);
void gm_l2_cycle(gm_l2bank_t *k);
/* The cycle, if in it nothing arrives or is ready to move and the bank
 * only waits for DRAM: run it as that and return 1; else change nothing
 * and return 0 (gm_l2_cycle then). */
int gm_l2_wait(gm_l2bank_t *k);
int gm_l2_idle(const gm_l2bank_t *k);
/* The fast-forward (gpu.c): with nothing arriving from the crossbar, the
 * first L2 cycle at which the bank may do more than wait for DRAM (the
 * ROP delay's or the hit pipe's head comes out); 0 if that may be the
 * next, UINT64_MAX if never by itself. */
uint64_t gm_l2_next(const gm_l2bank_t *k);
/* n such waiting cycles at once (gm_l2_wait's). */
static inline void gm_l2_skip(gm_l2bank_t *k, uint64_t n) { gm_cache_skip(&k->c, n); }

#endif
