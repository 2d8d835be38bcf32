/* One GDDR5 channel: an FR-FCFS scheduler over a request queue, per-bank row
 * buffers and the timing constraints of the configuration, one command per
 * DRAM clock. Reads return through a fixed-latency pipe; write-backs end
 * here. */
#ifndef GM_SIM_DRAM_H
#define GM_SIM_DRAM_H

#include <stdint.h>

#include "addr_map.h"
#include "config.h"
#include "req.h"

typedef struct gm_dram_bank {
    int64_t open_row;       /* -1: precharged */
    uint32_t act_for;       /* request whose miss opened the row */
    uint64_t next_act, next_pre, next_col;
} gm_dram_bank_t;

typedef struct gm_dram_stats {
    uint64_t reads, writes;
    uint64_t row_hits, row_misses, row_conflicts;
    uint64_t activates, precharges;
    uint64_t busy_cycles;   /* data bus busy */
    uint64_t cycles;
    uint64_t queue_sum;     /* occupancy summed over cycles */
} gm_dram_stats_t;

typedef struct gm_dram {
    const gm_dram_cfg_t *cfg;
    const gm_addr_map_t *map;
    gm_req_pool_t *pool;
    gm_fifo_t queue;        /* arrival order */
    uint32_t queue_cap;
    gm_delay_t ret;         /* completed reads */
    gm_dram_bank_t *bank;
    uint64_t bus_free, next_col, next_rrd, rd_ok;
    gm_dram_stats_t st;
} gm_dram_t;

int gm_dram_init(gm_dram_t *d, const gm_dram_cfg_t *cfg, const gm_addr_map_t *map,
                 gm_req_pool_t *pool, gm_err_t *err);
void gm_dram_free(gm_dram_t *d);
static inline int gm_dram_full(const gm_dram_t *d) { return gm_fifo_full(&d->queue); }
/* Queue a request (read or write-back); the caller checked gm_dram_full. */
void gm_dram_push(gm_dram_t *d, uint32_t req);
/* One command clock at DRAM cycle `now`. */
void gm_dram_cycle(gm_dram_t *d, uint64_t now);
/* Completed reads: the next one ready at `now`, or UINT32_MAX. */
uint32_t gm_dram_ret_peek(const gm_dram_t *d, uint64_t now);
uint32_t gm_dram_ret_pop(gm_dram_t *d);
/* Data-bus cycles one request of `bytes` occupies. */
uint32_t gm_dram_burst_cycles(const gm_dram_cfg_t *cfg, uint32_t bytes);

#endif
