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
enum { GM_DRAM_FRFCFS, GM_DRAM_FCFS };
enum { GM_PLUG_MAX = 32, GM_PLUG_CFG_BYTES = 128 };
/* Every clock domain runs at 1/GM_CLOCK_RATIO..GM_CLOCK_RATIO times the
 * core clock (config.c says why). */
enum { GM_CLOCK_RATIO = 8 };

typedef struct gm_clock_cfg {
    uint32_t core_mhz, icnt_mhz, l2_mhz, dram_mhz;
} gm_clock_cfg_t;

typedef struct gm_sm_cfg {
    uint32_t count;
    uint32_t max_threads, max_warps, max_ctas;
    uint32_t registers, smem_bytes;
    uint32_t schedulers; /* warp schedulers per SM */
    int scheduler;       /* GM_SCHED_* */
    int store_acks;      /* a warp exits once its stores are acknowledged */
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
    uint32_t sector;     /* bytes filled and counted at once; 0: the line */
} gm_cache_cfg_t;

typedef struct gm_l1d_cfg {
    gm_cache_cfg_t c;
    uint32_t bypass_slots; /* in-flight bypassed requests; 0 = unlimited */
    int closed;            /* disabled: every global access takes the bypass path */
    uint32_t warp_parts;   /* coalescing groups per warp (GPGPU-Sim's
                            * -gpgpu_shmem_warp_parts): 2 = by half-warp */
    int segments;          /* 1- and 2-byte accesses by 32- and 64-byte segment
                            * (GPGPU-Sim's memory_coalescing_arch_13) */
} gm_l1d_cfg_t;

typedef struct gm_l2_cfg {
    gm_cache_cfg_t c;
    uint32_t channels;      /* memory channels (partitions) */
    uint32_t subpartitions; /* L2 banks per channel */
    uint32_t rop_latency;   /* L2 clock cycles from the crossbar to the L2 queue */
    uint32_t queue;         /* incoming queue entries per bank */
    uint32_t far_latency;   /* L2 cycles a request to the far half's banks waits
                             * in the fabric between the halves (gpu.c); 0 = none */
    int write_fetch;        /* a write miss goes on to DRAM and fetches its line
                             * (GPGPU-Sim 3.x's write-allocate W); 0: allocated
                             * without a fetch, dirty */
    int intake_gate;        /* a request leaves the crossbar only while the
                             * bank's incoming queue has room (GPGPU-Sim's
                             * memory_sub_partition::full()); 0: while the ROP
                             * delay line has room */
    uint32_t reply_gate;    /* no access while this many replies are queued
                             * or in the hit pipe (GPGPU-Sim's L2-to-icnt
                             * queue full); 0: none */
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
    uint32_t input_speedup; /* packets a source port streams at once (icnt.h) */
    int voq;                /* virtual output queues (icnt.h) */
} gm_icnt_cfg_t;

typedef struct gm_dram_cfg {
    int scheduler;         /* GM_DRAM_*: the scheduler plug-in */
    uint32_t queue;        /* scheduler queue per channel; 0 = unlimited */
    uint32_t bus_bytes;    /* bytes per data-bus beat (buswidth x chips) */
    uint32_t data_ratio;   /* data beats per command clock (4 = QDR) */
    uint32_t burst;        /* beats per burst */
    uint32_t banks;
    uint32_t tCCD, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tCDLR, tWR;
    uint32_t bank_groups;  /* consecutive banks form this many groups */
    uint32_t tCCDL, tRTPL; /* column to column, read to precharge, within a group */
    uint32_t latency;      /* extra fixed return latency (DRAM cycles) */
    char addr_map[40];     /* R/B/C/S letters from bit 31 down to bit 0 */
} gm_dram_cfg_t;

typedef struct gm_gpu_config {
    char name[64];
    gm_clock_cfg_t clock;
    gm_sm_cfg_t sm;
    gm_l1d_cfg_t l1d;
    gm_l2_cfg_t l2;
    gm_part_cfg_t part;
    gm_icnt_cfg_t icnt;
    gm_dram_cfg_t dram;
    /* The sections of the plug-ins (cmodel/sim/plug/), one each, in the
     * order of gm_plugins; read them with gm_plug_cfg() (plugin.h). */
    _Alignas(8) unsigned char plug[GM_PLUG_MAX][GM_PLUG_CFG_BYTES];
} gm_gpu_config_t;

/* The whole schema: the core sections above and every plug-in's section
 * at its place (e.g. "l2.cart"); offsets count from the config's start. */
const gm_schema_t *gm_gpu_schema(void);
extern const char *const gm_set_func_names[];
extern const char *const gm_part_func_names[];

void gm_gpu_config_defaults(gm_gpu_config_t *c);
/* A configuration stands on at most this many bases ("base": ..., a chain
 * of files; config_file.c): the shipped ones use one, and a bound turns a
 * runaway chain into an error naming it. */
enum { GM_CONFIG_MAX_BASES = 8 };
/* The file and the chain of bases it names, applied from the root up onto
 * the defaults; a file without "base" must give every field (a plug-in
 * section whose `enable` defaults to false may be left out: that
 * mechanism off). Ranges are checked, cross-field rules are not. */
int gm_gpu_config_read(const char *file, gm_gpu_config_t *c, gm_err_t *err);
/* Load and validate (ranges, then cross-field rules). `sets` are n overrides
 * "a.b.c=VALUE" applied on top of the file (VALUE is JSON, or else taken
 * as a string: l1d.c.alloc=on_fill). */
int gm_gpu_config_load(const char *file, const char *const *sets, unsigned n,
                       gm_gpu_config_t *c, gm_err_t *err);
int gm_gpu_config_check(const gm_gpu_config_t *c, const char *file, gm_err_t *err);

#endif
