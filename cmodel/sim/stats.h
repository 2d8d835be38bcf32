/* Counters the stages keep, and the report built from them (stats.c):
 * one JSON object, schema "gmem-stats/1". */
#ifndef GM_SIM_STATS_H
#define GM_SIM_STATS_H

#include <stdint.h>

#include <cjson/cJSON.h>

enum gm_rf_kind {
    GM_RF_LINE,     /* no line to reserve (allocate-on-miss) */
    GM_RF_MSHR,     /* MSHR entry or merge slots full */
    GM_RF_MISSQ,    /* miss queue full */
    GM_RF_BYPASS,   /* bypass slots exhausted */
    GM_RF_NKIND
};

/* A sectored cache's counts, [0] reads and [1] writes. Per sector: a hit
 * (valid), a miss (its line absent), a sector miss (its line present, the
 * sector not: GPGPU-Sim's SECTOR_MISS) or a merge (into the sector's
 * pending fetch). Per request (the coalescer's one line of a warp
 * instruction, its sectors one request each): a hit when every sector hit,
 * a miss when none did, else partial. */
typedef struct gm_sector_stats {
    uint64_t hits[2], misses[2], sector_misses[2], merges[2];
    uint64_t req_hits[2], req_partial[2], req_misses[2];
    uint64_t fill_bytes, writeback_bytes;
} gm_sector_stats_t;

typedef struct gm_cache_stats {
    uint64_t accesses, hits, misses, merges;   /* misses: new MSHR entries */
    uint64_t reads, writes;
    uint64_t rf[GM_RF_NKIND];                  /* reservation-fail cycles by kind */
    uint64_t port_stalls;                      /* data port busy (the L2: any stall) */
    uint64_t fills, evictions, writebacks;
    uint64_t footprint;                        /* distinct lines filled */
    gm_sector_stats_t sec;                     /* sectored only */
} gm_cache_stats_t;

typedef struct gm_sm_stats {
    uint64_t warp_insts, thread_insts, mem_insts;
    uint64_t gate_closed;        /* memory issue held back by an issue gate (the MILG) */
    uint64_t ctas;               /* CTAs placed on the SM (the report's sms[], --per-sm) */
} gm_sm_stats_t;

typedef struct gm_lsu_stats {
    uint64_t requests;
    uint64_t bypassed;           /* requests sent on the bypass path */
    uint64_t stall_cycles;       /* a request at the head could not proceed */
    uint64_t icnt_stalls;
    uint64_t rf[GM_RF_NKIND];    /* reservation fails, where they stall: the L1D's */
    uint64_t load_latency_sum, loads_done;
} gm_lsu_stats_t;

typedef struct gm_dram_stats {
    uint64_t reads, writes;
    uint64_t row_hits, row_misses, row_conflicts;
    uint64_t activates, precharges;
    uint64_t busy_cycles;   /* data bus busy */
    uint64_t cycles;
    uint64_t queue_sum;     /* occupancy summed over cycles */
} gm_dram_stats_t;

struct gm_registry;

/* What a report is made of: the stages' counters summed by the GPU. */
typedef struct gm_stats_in {
    const char *config, *workload;
    uint64_t seed, cycles, kernels_done;
    gm_sm_stats_t sm;
    gm_lsu_stats_t lsu;
    gm_cache_stats_t l1d, l2;
    uint32_t l1d_sector, l2_sector;    /* their sector sizes (0: not sectored) */
    uint64_t req_packets, req_flits, reply_packets, reply_flits;
    gm_dram_stats_t dram;
    const uint64_t *channel_requests;  /* per channel */
    uint32_t channels;
    const struct gm_registry *reg;     /* every block instance, for their counters */
} gm_stats_in_t;

/* The report; NULL when out of memory. */
cJSON *gm_stats_json(const gm_stats_in_t *in);

/* Where a report came from, for its "run" object: a report alone says
 * which build made it from which inputs, and whether it covers the whole
 * workload. */
struct gm_gpu;

typedef struct gm_run_info {
    const char *version;       /* `git describe` of the build */
    const char *config_file;   /* the configuration file as the loader opened it */
    const char *const *sets;   /* the --set overrides, as given */
    unsigned nsets;
    uint64_t max_cycles;
    const char *end;           /* how the run ended: gm_run_end_name() */
    /* Adds to the report after the plug-ins' objects (NULL: nothing);
     * gpu is the gm_gpu_t that ran. */
    void (*extend)(void *ctx, const struct gm_gpu *gpu, cJSON *root);
    void *extend_ctx;
} gm_run_info_t;

/* The "run" object: `info` and the resolved configuration `config` (every
 * field; taken over). NULL when out of memory. */
cJSON *gm_stats_run_json(const gm_run_info_t *info, cJSON *config);

/* Helpers for the parts of the report plug-ins add. */
void gm_stats_add_u(cJSON *o, const char *k, uint64_t v);
/* A ratio, rounded to 6 decimals, so the text never depends on the last
 * bits of a double. */
void gm_stats_add_r(cJSON *o, const char *k, double v);
double gm_stats_ratio(uint64_t a, uint64_t b);
/* o.reservation_fails: each kind of rf, and `total` */
void gm_stats_add_rf(cJSON *o, const uint64_t rf[GM_RF_NKIND], uint64_t total);

#endif
