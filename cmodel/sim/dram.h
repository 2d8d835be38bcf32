/* One DRAM channel: a request queue, per-bank row buffers and the timing
 * constraints of the configuration, one command per DRAM clock, chosen by
 * its scheduler (a plug-in: plug/frfcfs.c, plug/fcfs.c) from the commands
 * below. Reads return through a fixed-latency pipe; write-backs end here. */
#ifndef GM_SIM_DRAM_H
#define GM_SIM_DRAM_H

#include <stdint.h>

#include "addr_map.h"
#include "config.h"
#include "kstats.h"
#include "req.h"
#include "stats.h"

typedef struct gm_dram_bank {
    int64_t open_row;       /* -1: precharged */
    uint32_t act_for;       /* request whose miss opened the row */
    uint64_t next_act, next_pre, next_col;
    uint32_t group;
} gm_dram_bank_t;

/* A bank group's own column-to-column (tCCDL) and read-to-precharge
 * (tRTPL) spacing, over the channel's tCCD and each bank's timing. */
typedef struct gm_dram_group {
    uint64_t next_col, next_pre;
} gm_dram_group_t;

typedef struct gm_dram gm_dram_t;

/* The scheduler hook: issue at most one command at DRAM cycle `now`. It
 * is called only on cycles with a request queued: every command serves
 * one (a precharge or activate for its row, a column for it). It acts
 * only through the three commands below and keeps no state of its own,
 * so a cycle in which the timing allows none of them changes nothing
 * (gm_dram_next). */
typedef struct gm_dram_sched {
    void (*cycle)(void *self, gm_dram_t *d, uint64_t now);
    void *self;
} gm_dram_sched_t;

struct gm_dram {
    const gm_dram_cfg_t *cfg;
    const gm_addr_map_t *map;
    gm_req_pool_t *pool;
    gm_fifo_t queue;        /* arrival order */
    uint32_t queue_cap;
    gm_delay_t ret;         /* completed reads */
    gm_dram_bank_t *bank;
    gm_dram_group_t *group;
    uint64_t bus_free, next_col, next_rrd, rd_ok;
    gm_dram_sched_t sched;
    gm_dram_stats_t st;
    gm_kstat_t *kst;        /* per-kernel counters (the GPU's; NULL: none) */
};

int gm_dram_init(gm_dram_t *d, const gm_dram_cfg_t *cfg, const gm_addr_map_t *map,
                 gm_req_pool_t *pool, gm_err_t *err);
void gm_dram_free(gm_dram_t *d);
static inline int gm_dram_full(const gm_dram_t *d) { return gm_fifo_full(&d->queue); }
/* Queue a request (read or write-back); the caller checked gm_dram_full. */
void gm_dram_push(gm_dram_t *d, uint32_t req);
/* One command clock at DRAM cycle `now` (the scheduler picks). */
void gm_dram_cycle(gm_dram_t *d, uint64_t now);
/* Completed reads: the next one ready at `now`, or GM_NO_REQ. */
static inline uint32_t gm_dram_ret_peek(const gm_dram_t *d, uint64_t now)
{
    return gm_delay_peek(&d->ret, now);
}
static inline uint32_t gm_dram_ret_pop(gm_dram_t *d) { return gm_delay_pop(&d->ret); }
/* The fast-forward (gpu.c): the first DRAM cycle at which a command for
 * a queued request may be issued (a lower bound: the timing of each
 * request's next command; a read's return pipe having room is left to
 * the L2 side), UINT64_MAX with the queue empty. */
uint64_t gm_dram_next(const gm_dram_t *d);
/* n cycles without a command at once: the per-cycle counters. */
static inline void gm_dram_skip(gm_dram_t *d, uint64_t n)
{
    d->st.cycles += n;
    d->st.queue_sum += n * d->queue.n;
}
/* Data-bus cycles one request of `bytes` occupies. */
uint32_t gm_dram_burst_cycles(const gm_dram_cfg_t *cfg, uint32_t bytes);

/* ---- what a scheduler sees and does ---- */
/* Queue entry i (0 = oldest). */
static inline const gm_req_t *gm_dram_at(const gm_dram_t *d, uint32_t i)
{
    return &d->pool->r[gm_fifo_at(&d->queue, i)];
}
/* A column command (read or write) for entry i, if its timing allows it
 * now; 1 if issued (the entry leaves the queue). */
int gm_dram_column(gm_dram_t *d, uint32_t i, uint64_t now);
/* Open entry i's row in its bank, if the bank is precharged and the timing
 * allows it; 1 if issued. */
int gm_dram_activate(gm_dram_t *d, uint32_t i, uint64_t now);
/* Close a bank's open row, if the timing allows it; 1 if issued. */
int gm_dram_precharge(gm_dram_t *d, uint32_t bank, uint64_t now);

#endif
