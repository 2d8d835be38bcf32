/* The cycle-level GPU memory model: SMs (warps, schedulers, LSU, L1D), a
 * request and a reply crossbar, L2 banks in memory partitions, and DRAM
 * channels, in four clock domains. The blocks of cmodel/blocks sit where
 * they belong, driven through their ports (see blk.h). */
#ifndef GM_SIM_GPU_H
#define GM_SIM_GPU_H

#include <stdint.h>
#include <stdio.h>

#include "addr_map.h"
#include "blk.h"
#include "clock.h"
#include "coalesce.h"
#include "config.h"
#include "dram.h"
#include "icnt.h"
#include "req.h"
#include "stats.h"
#include "tags.h"
#include "workload/workload.h"

enum { GM_MAX_STREAMS = 3, GM_INST_SLOTS = 256, GM_WARP_WORDS = 2 /* 128 warps */ };

typedef struct gm_warp {
    uint8_t live;        /* holds a warp of a resident CTA */
    uint8_t exited;
    uint8_t stream;
    uint16_t cta;        /* CTA slot */
    uint16_t in_cta;     /* warp index within its CTA */
    uint32_t lanes;      /* threads present */
    uint32_t gap_left;   /* compute instructions before `inst` */
    uint32_t loads_out;  /* load instructions in flight */
    uint8_t op;          /* op of the next instruction (its copy in winst) */
    uint64_t age;        /* dispatch order, for GTO */
    void *ws;            /* the kernel's warp state */
} gm_warp_t;

typedef struct gm_cta {
    uint8_t live, stream;
    uint16_t warps_left;
    uint32_t threads, warps, regs, smem;
} gm_cta_t;

typedef struct gm_slot {  /* a memory instruction in flight */
    uint8_t used, is_load, stream, all_sent;
    uint16_t warp;
    uint16_t cta, in_cta; /* the warp's CTA slot and place in it, at issue */
    uint32_t pending;     /* accesses not yet answered */
    uint64_t t_issue;
} gm_slot_t;

typedef struct gm_sched {
    uint16_t *order;      /* warp slots in age order */
    uint32_t n;
    int32_t last;         /* last warp issued (GTO greed, LRR position) */
} gm_sched_t;

typedef struct gm_l1d {
    gm_tags_t tags;
    gm_blk_t hash, mshr;
    gm_blk_t dts;             /* the tag store instead of `tags`; .d NULL when off */
    uint8_t ev_acc, ev_hit;   /* this cycle: a load accepted by dts, and it hit */
    gm_fifo_t missq;          /* requests waiting for the crossbar */
    gm_fifo_t primaries;      /* accepted primaries awaiting their issue slot */
    uint32_t missq_reserved;  /* slots promised to accepted primaries */
    uint64_t port_free;       /* data port free at (core cycle) */
    uint64_t fill_free;       /* fill port free at */
    gm_delay_t hits;          /* hit data on its way back */
    gm_cache_stats_t st;
} gm_l1d_t;

typedef struct gm_lsu {
    int latch;                /* a memory instruction waits to enter */
    uint16_t latch_warp;
    uint8_t latch_stream;     /* the warp's, taken at issue: its slot may be */
    uint16_t latch_cta, latch_in_cta; /* reused before the instruction leaves */
    gm_inst_t latch_inst;
    int head;                 /* an instruction is being split into requests */
    uint32_t head_slot;
    uint8_t head_write, head_hint;
    gm_access_t acc[GM_WARP_SIZE];
    uint32_t nacc, next;
    gm_slot_t slot[GM_INST_SLOTS];
    uint32_t bp_inflight;
} gm_lsu_t;

typedef struct gm_sm {
    uint32_t id;
    gm_warp_t *warp;       /* scheduling state, kept small: the issue stage walks it */
    gm_inst_t *winst;      /* each warp's next memory instruction (or EXIT) */
    gm_cta_t *cta;
    uint32_t used_threads, used_warps, used_regs, used_smem, used_ctas;
    uint32_t s_ctas[GM_MAX_STREAMS], s_warps[GM_MAX_STREAMS], s_threads[GM_MAX_STREAMS];
    uint32_t s_regs[GM_MAX_STREAMS], s_smem[GM_MAX_STREAMS];
    uint32_t next_stream;
    int no_fit;               /* no CTA fitted at the last try and nothing freed since */
    gm_sched_t *sched;
    uint32_t nsched;
    /* Warps that could issue, as bit maps over warp slots (kept by
     * gm_warp_refresh): a compute instruction or EXIT with no load
     * outstanding, or a memory instruction; and each scheduler's warps. */
    uint64_t cready[GM_WARP_WORDS], mcand[GM_WARP_WORDS];
    uint64_t (*owns)[GM_WARP_WORDS];
    uint64_t next_age;
    gm_lsu_t lsu;
    gm_l1d_t l1d;
    gm_fifo_t resp;           /* replies from the crossbar */
    gm_blk_t milg[GM_MAX_STREAMS];
    uint32_t milg_done_pending[GM_MAX_STREAMS];
    gm_blk_t bpg;             /* .d NULL when MDB is off */
    uint8_t bpg_launch, bpg_ntb, bpg_wpt; /* a kernel arrived: (re)launch the bpg */
    uint32_t bpg_kid;         /* the kernel it was launched for, + 1 */
    uint8_t ev_issue[GM_MAX_STREAMS], ev_rf[GM_MAX_STREAMS];
    uint32_t ev_req[GM_MAX_STREAMS];
    unsigned char *ws_arena;
    gm_sm_stats_t st;
} gm_sm_t;

typedef struct gm_l2bank {
    gm_delay_t rop;           /* crossbar -> L2 queue, rop_latency */
    gm_fifo_t inq;
    gm_tags_t tags;
    gm_blk_t hash, mshr;
    gm_blk_t cart;            /* between inq and the L2 access; .d NULL when off */
    gm_fifo_t primaries;
    uint32_t missq_reserved;
    gm_fifo_t missq;          /* to DRAM */
    gm_fifo_t fills;          /* from DRAM */
    gm_delay_t hits;
    gm_fifo_t replies;        /* to the reply crossbar */
    gm_cache_stats_t st;
} gm_l2bank_t;

typedef struct gm_stream {
    uint32_t kernel;          /* current kernel index */
    uint32_t next_cta, ctas_done, ctas_total;
    uint64_t kernel_start;
    int done;
} gm_stream_t;

typedef struct gm_gpu {
    gm_gpu_config_t cfg;
    gm_workload_t *wl;
    uint64_t seed;
    const gm_blk_hooks_t *hooks;
    gm_clocks_t clk;
    uint64_t now;             /* core cycle */
    gm_req_pool_t pool;
    gm_sm_t *sm;
    gm_l2bank_t *bank;
    gm_dram_t *dram;
    uint32_t nbanks;
    gm_icnt_t req_net, reply_net;
    gm_blk_t pmap;
    gm_blk_t duel;            /* SM dueling of the dts L1Ds; .d NULL when off */
    gm_addr_map_t amap;
    struct {                  /* the G-BPG broadcast, taken by the others next cycle */
        uint64_t cycle;
        uint8_t valid, mode_tb, lmax, bypass_en;
    } bpg_bus;
    gm_stream_t stream[GM_MAX_STREAMS];
    uint32_t nstreams;
    uint32_t dispatch_rr;
    uint64_t kernels_done;
    uint64_t last_progress;   /* core cycle of the last issue or release */
    char stall[256];          /* why the run stopped without progress */
} gm_gpu_t;

/* A run with requests or warps left and no instruction issued and no
 * request released for this many core cycles has lost something. */
enum { GM_WATCHDOG_CYCLES = 1000000 };

int gm_gpu_init(gm_gpu_t *g, const gm_gpu_config_t *cfg, gm_workload_t *wl, uint64_t seed,
                const gm_blk_hooks_t *hooks, gm_err_t *err);
void gm_gpu_free(gm_gpu_t *g);
/* Run until the workload ends (0), max_cycles core cycles pass (1), or
 * nothing moves for GM_WATCHDOG_CYCLES (-1, reason in g->stall). */
int gm_gpu_run(gm_gpu_t *g, uint64_t max_cycles);
/* The stats report (JSON, schema "gmem-stats/1"). */
int gm_gpu_write_stats(const gm_gpu_t *g, FILE *f, gm_err_t *err);

/* Shared between the model's files. */
void gm_sm_cycle(gm_gpu_t *g, gm_sm_t *sm);
int gm_sm_init(gm_gpu_t *g, gm_sm_t *sm, uint32_t id, gm_err_t *err);
void gm_sm_free(gm_sm_t *sm);
int gm_sm_try_dispatch(gm_gpu_t *g, gm_sm_t *sm);
void gm_l2_cycle(gm_gpu_t *g, uint32_t b);
int gm_sm_idle(const gm_gpu_t *g, const gm_sm_t *sm);
int gm_l2_idle(const gm_gpu_t *g, uint32_t b);
int gm_l2_init(gm_gpu_t *g, uint32_t b, gm_err_t *err);
void gm_l2_free(gm_l2bank_t *b);
/* Route a request leaving an SM: partition, bank, partition address. */
void gm_route(gm_gpu_t *g, gm_req_t *r);
uint32_t gm_set_index(gm_blk_t *hash, uint32_t addr);
int gm_dts_filter(const gm_gpu_t *g, const gm_sm_t *sm);
/* Recompute a warp's bits in cready/mcand after any change to it. */
void gm_warp_refresh(gm_sm_t *sm, uint32_t w);
/* A set_hash instance configured for a cache's geometry and function. */
int gm_hash_init(gm_blk_t *b, const gm_cache_cfg_t *c, const char *path,
                 const gm_blk_hooks_t *hooks, gm_err_t *err);

#endif
