/* The cycle-level GPU memory model: SMs (front end, LSU, L1D), a request
 * and a reply crossbar, L2 banks in memory partitions, and DRAM channels,
 * in four clock domains. gpu.c is the one place that sees every stage: it
 * builds them, joins their queues, attaches the plug-ins and runs the
 * clocks. */
#ifndef GM_SIM_GPU_H
#define GM_SIM_GPU_H

#include <signal.h>
#include <stdint.h>
#include <stdio.h>

#include "addr_map.h"
#include "blk.h"
#include "clock.h"
#include "config.h"
#include "dispatch.h"
#include "dram.h"
#include "icnt.h"
#include "kstats.h"
#include "l1d.h"
#include "l2.h"
#include "lsu.h"
#include "plugin.h"
#include "sample.h"
#include "sm.h"
#include "stats.h"
#include "workload/workload.h"

/* The stages of one SM, and the registry range of its block instances. */
typedef struct gm_gpu_sm {
    gm_sm_t sm;
    gm_lsu_t lsu;
    gm_l1d_t l1d;
    gm_l1d_port_t port;
    uint32_t blk_from, blk_to;
    int blk_idle;             /* its blocks' idleness, -1: unknown (they ticked since) */
    int asleep;               /* found idle, with no idle hook: only a CTA placed on it
                               * or a reply for it can make it busy again (gpu.c) */
} gm_gpu_sm_t;

typedef struct gm_gpu_bank {
    gm_l2bank_t l2;
    gm_delay_t fabric;        /* requests from the other half's SMs crossing to it
                               * (l2.far_latency; unused when that is 0) */
    uint32_t blk_from, blk_to;
    int blk_idle;
    int asleep;               /* found idle: only a request or a fill for it can make
                               * it busy again (gpu.c) */
} gm_gpu_bank_t;

typedef struct gm_gpu {
    gm_gpu_config_t cfg;
    gm_workload_t *wl;
    uint64_t seed;
    const gm_blk_hooks_t *hooks;  /* lockstep attached: every cycle is simulated */
    const volatile sig_atomic_t *interrupt; /* set (by a signal): stop at the next edge */
    gm_clocks_t clk;
    uint64_t now;                 /* core cycle */
    gm_req_pool_t pool;
    gm_registry_t reg;
    gm_ctx_t core, l2;            /* the stages' contexts: core and L2 clocks */
    gm_gpu_sm_t *sm;
    gm_gpu_bank_t *bank;
    uint32_t nbanks;
    gm_dram_t *dram;
    gm_icnt_t req_net, reply_net;
    gm_route_t route;             /* the partition mapping */
    gm_addr_map_t amap;
    gm_grid_t grid;
    uint32_t kernel[GM_MAX_STREAMS]; /* each stream's current kernel */
    gm_kstat_t *kst;              /* per kernel, by gm_kernel_t.id - 1 (kstats.h) */
    const gm_plugin_t *plug[GM_PLUG_MAX];
    void *plug_self[GM_PLUG_MAX];
    uint32_t nplug;
    gm_dispatch_t disp;
    uint64_t kernels_done;
    /* A plug-in's fixed window (ck.window): until this core cycle a stream
     * that runs out of kernels starts over, and the run ends there (0: off). */
    uint64_t window;
    uint64_t warps_total;         /* the workload's warps, all kernels: the run's work */
    uint64_t last_progress;       /* core cycle of the last issue or release */
    char stall[256];              /* why the run stopped without progress */
    uint64_t sample_at;           /* core cycle count of the next --sample row; UINT64_MAX: off */
    gm_sampler_t *sampler;        /* --sample (NULL: off) */
    int per_sm;                   /* --per-sm: the report gets "sms" */
    int no_skip;                  /* --no-skip: simulate every edge (no fast-forward, ff.h;
                                   * no sleeping SMs and banks) */
    int ff_ok;                    /* every plug-in on can say when it next acts */
    uint64_t ff_skipped;          /* core cycles the fast-forward skipped */
    uint32_t ff_backoff, ff_wait; /* after fruitless asks, core cycles before the next */
} gm_gpu_t;

/* A run with requests or warps left and no instruction issued and no
 * request released for this many core cycles has lost something. */
enum { GM_WATCHDOG_CYCLES = 1000000 };

int gm_gpu_init(gm_gpu_t *g, const gm_gpu_config_t *cfg, gm_workload_t *wl, uint64_t seed,
                gm_err_t *err);
/* Lockstep and recording: the hooks join every block instance. */
int gm_gpu_attach(gm_gpu_t *g, const gm_blk_hooks_t *hooks, gm_err_t *err);
void gm_gpu_free(gm_gpu_t *g);
/* How a run ended. */
typedef enum gm_run_end {
    GM_END_STALLED = -1,  /* nothing moved for GM_WATCHDOG_CYCLES (g->stall says why) */
    GM_END_COMPLETED = 0, /* the workload finished */
    GM_END_MAX_CYCLES = 1,/* max_cycles core cycles passed first */
    GM_END_STOPPED = 2,   /* the hooks stopped it (a lockstep mismatch) */
    GM_END_INTERRUPTED = 3, /* *g->interrupt was set */
} gm_run_end_t;
/* Its name in the stats' run.end: stalled, completed, max_cycles,
 * lockstep_mismatch, interrupted. */
const char *gm_run_end_name(gm_run_end_t end);
/* Run until the workload ends, max_cycles core cycles pass, the hooks
 * stop it, *g->interrupt is set or nothing moves; after max_cycles or an
 * interrupt it can be called again to go on. */
gm_run_end_t gm_gpu_run(gm_gpu_t *g, uint64_t max_cycles);
/* Whether an SM's / an L2 bank's cycle would change nothing at all, so
 * a run without RTL does not run it (the fast-forward asks too). */
int gm_gpu_sm_idle(gm_gpu_t *g, uint32_t i);
int gm_gpu_bank_idle(gm_gpu_t *g, uint32_t b);
/* The stages' counters summed (blocks: the registry). */
void gm_gpu_stats(const gm_gpu_t *g, gm_stats_in_t *in, uint64_t *channel_requests);
/* The stats report (JSON, schema "gmem-stats/1"), ending with the "run"
 * object of `run` and the resolved configuration. */
int gm_gpu_write_stats(const gm_gpu_t *g, const gm_run_info_t *run, FILE *f, gm_err_t *err);

#endif
