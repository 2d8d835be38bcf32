/* Counters the model keeps; stats.c turns them into the JSON report. */
#ifndef GM_SIM_STATS_H
#define GM_SIM_STATS_H

#include <stdint.h>

enum gm_rf_kind {
    GM_RF_LINE,     /* no line to reserve (allocate-on-miss) */
    GM_RF_MSHR,     /* MSHR entry or merge slots full */
    GM_RF_MISSQ,    /* miss queue full */
    GM_RF_BYPASS,   /* bypass slots exhausted */
    GM_RF_NKIND
};

typedef struct gm_cache_stats {
    uint64_t accesses, hits, misses, merges;   /* misses: new MSHR entries */
    uint64_t reads, writes;
    uint64_t rf[GM_RF_NKIND];                  /* reservation-fail cycles by kind */
    uint64_t port_stalls;                      /* data port busy */
    uint64_t fills, evictions, writebacks;
} gm_cache_stats_t;

typedef struct gm_sm_stats {
    uint64_t warp_insts, thread_insts, mem_insts, requests;
    uint64_t bypassed;           /* requests sent on the bypass path */
    uint64_t lsu_stall_cycles;   /* a request at the head could not proceed */
    uint64_t icnt_stalls;
    uint64_t milg_gated;         /* memory issue held back by the MILG gate */
    uint64_t load_latency_sum, loads_done;
} gm_sm_stats_t;

#endif
