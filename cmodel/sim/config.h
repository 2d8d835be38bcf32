/* The GPU configuration: one JSON file (configs/ *.json) describes the whole
 * machine; every field has its default and range in config.c's tables, and
 * gm_gpu_config_load() checks each value and the cross-field rules, naming
 * the file and JSON path of anything wrong. */
#ifndef GM_SIM_CONFIG_H
#define GM_SIM_CONFIG_H

#include <stdint.h>

#include "util/config.h"
#include "util/err.h"

enum { GM_SCHED_GTO, GM_SCHED_LRR };
enum { GM_ALLOC_ON_MISS, GM_ALLOC_ON_FILL };
enum { GM_WRITE_EVICT, GM_WRITE_THROUGH, GM_WRITE_BACK };
enum { GM_MSHR_CONVENTIONAL, GM_MSHR_DL };

typedef struct gm_clock_cfg {
    uint32_t core_mhz, icnt_mhz, l2_mhz, dram_mhz;
} gm_clock_cfg_t;

typedef struct gm_sm_cfg {
    uint32_t count;
    uint32_t max_threads, max_warps, max_ctas;
    uint32_t registers, smem_bytes;
    uint32_t schedulers; /* warp schedulers per SM */
    int scheduler;       /* GM_SCHED_* */
} gm_sm_cfg_t;

typedef struct gm_cache_cfg {
    uint32_t sets, ways, line;
    int set_func;        /* set_hash func_sel: bmod, bxor, ... */
    uint32_t xor_shift;  /* set_hash XOR_SHIFT (0 = DOC rule) */
    int alloc;           /* GM_ALLOC_* */
    int write;           /* GM_WRITE_* */
    int mshr;            /* GM_MSHR_* */
    uint32_t mshr_entries, mshr_merge;
    uint32_t missq;      /* miss-queue entries */
    uint32_t port_bytes; /* data/fill port width, bytes per cycle */
    uint32_t latency;    /* hit latency, cycles of the cache's clock */
} gm_cache_cfg_t;

typedef struct gm_l1d_cfg {
    gm_cache_cfg_t c;
    uint32_t bypass_slots; /* in-flight bypassed requests; 0 = unlimited */
} gm_l1d_cfg_t;

/* CART in front of each L2 bank (seed-001 ch.2): one branch per DRAM bank. */
typedef struct gm_cart_cfg {
    int enable;
    uint32_t rows, cols, depth; /* row groups per branch, queues per group, entries */
} gm_cart_cfg_t;

typedef struct gm_l2_cfg {
    gm_cache_cfg_t c;
    gm_cart_cfg_t cart;
    uint32_t channels;      /* memory channels (partitions) */
    uint32_t subpartitions; /* L2 banks per channel */
    uint32_t rop_latency;   /* L2 clock cycles from the crossbar to the L2 queue */
    uint32_t queue;         /* incoming queue entries per bank */
} gm_l2_cfg_t;

typedef struct gm_part_cfg {
    int func;            /* part_map func_sel */
    uint32_t chunk_lb;   /* log2 interleaving bytes */
    uint32_t pxor_shift;
} gm_part_cfg_t;

typedef struct gm_icnt_cfg {
    uint32_t latency;    /* icnt cycles from injection to ejection */
    uint32_t flit_bytes;
    uint32_t buffer;     /* injection buffer per port, in packets */
} gm_icnt_cfg_t;

typedef struct gm_dram_cfg {
    uint32_t queue;        /* FR-FCFS scheduler queue per channel; 0 = unlimited */
    uint32_t bus_bytes;    /* bytes per data-bus beat (buswidth x chips) */
    uint32_t data_ratio;   /* data beats per command clock (4 = QDR) */
    uint32_t burst;        /* beats per burst */
    uint32_t banks;
    uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tCDLR, tWR;
    uint32_t latency;      /* extra fixed return latency (DRAM cycles) */
    char addr_map[40];     /* R/B/C/S letters from bit 31 down to bit 0 */
} gm_dram_cfg_t;

typedef struct gm_milg_cfg {
    int enable;
    uint32_t zero_mode, mil_max;
} gm_milg_cfg_t;

/* Model-driven bypassing (seed-000 ch.2): a bpg beside each SM's L1D. */
typedef struct gm_bpg_cfg {
    int enable, global;   /* global: G-BPG, monitor_sm's parameter for every SM */
    uint32_t monitor_sm, interval, start_mode, rf_scale_shift, rf_rescale, sample_mode;
} gm_bpg_cfg_t;

/* The locality-filtered L1D (seed-004 ch.4): the dts block as the L1D's
 * tag store, over a data store of the L1D's geometry. */
typedef struct gm_dts_cfg {
    int enable;
    uint32_t tag_ways, threshold;
    int duel;                 /* SM dueling picks the mode of SMs 2.. (dts_duel) */
    uint32_t duel_interval, duel_rel;
} gm_dts_cfg_t;

typedef struct gm_gpu_config {
    char name[64];
    gm_clock_cfg_t clock;
    gm_sm_cfg_t sm;
    gm_l1d_cfg_t l1d;
    gm_l2_cfg_t l2;
    gm_part_cfg_t part;
    gm_icnt_cfg_t icnt;
    gm_dram_cfg_t dram;
    gm_milg_cfg_t milg;
    gm_bpg_cfg_t bpg;
    gm_dts_cfg_t dts;
} gm_gpu_config_t;

extern const gm_schema_t gm_gpu_schema;
extern const char *const gm_set_func_names[];
extern const char *const gm_part_func_names[];

void gm_gpu_config_defaults(gm_gpu_config_t *c);
/* Load and validate (ranges, then cross-field rules). `sets` are n overrides
 * "a.b.c=VALUE" applied on top of the file (VALUE is JSON, or else taken
 * as a string: l1d.c.alloc=on_fill). */
int gm_gpu_config_load(const char *file, const char *const *sets, unsigned n,
                       gm_gpu_config_t *c, gm_err_t *err);
int gm_gpu_config_check(const gm_gpu_config_t *c, const char *file, gm_err_t *err);

#endif
