/* Mechanism plug-ins: each is one file in cmodel/sim/plug/, found by the
 * build (build/gen/plugins.inc), so adding one touches no other file of
 * cmodel/sim. A plug-in owns a config section (its fields, defaults and
 * ranges, at a path such as "l2.cart"), says from its section whether it is
 * on, and when it is, attaches to the stage instances (sites) it serves:
 * it adds callbacks to their hook points, or provides a part the stage is
 * built around (a cache's set index, MSHR or tag store, an L2 bank's input
 * stage, a DRAM channel's scheduler, the GPU's partition mapping). Its block
 * instances go into the registry like every other.
 *
 * The hook points (the event each one carries is in the stage's header):
 *   sm.h    cta (CTA dispatch), gate (memory-instruction issue gate),
 *           begin / end (the SM's cycle), idle, pick (hold back or name
 *           the CTA the SM places), retire (a CTA ended)
 *   lsu.h   bypass (the bypass decision per instruction), access (the
 *           LSU's cycle: an access accepted on either path, a reservation
 *           fail), xlat (address translation before an access leaves),
 *           done (an instruction finished: its CTA slot and cycles)
 *   cache.h access, miss, fill, tagw (every tag write; the L1D's and the
 *           L2's); index, mshr and tagstore (the parts)
 *   l1d.h   prefetch (a line to prefetch when the LSU leaves the L1D idle),
 *           route (L1D miss routing: where a miss leaves the SM)
 *   l2.h    input (the bank's input queue stage)
 *   dram.h  sched (the command scheduler)
 *   the GPU begin / end of each core cycle, and the partition mapping */
#ifndef GM_SIM_PLUGIN_H
#define GM_SIM_PLUGIN_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "addr_map.h"
#include "cache.h"
#include "config.h"
#include "ctx.h"
#include "dram.h"
#include "l1d.h"
#include "l2.h"
#include "lsu.h"
#include "sm.h"

/* What the whole GPU looks like to a plug-in's init. */
typedef struct gm_plug_env {
    const gm_gpu_config_t *cfg;
    gm_ctx_t *ctx;                 /* the core clock's */
    const gm_addr_map_t *amap;     /* the DRAM address map */
    uint32_t nbanks;               /* L2 banks */
    uint32_t nstreams;             /* concurrent kernel streams of the workload */
    const gm_workload_t *wl;       /* the workload (its allocations: gm_workload_allocs) */
    uint64_t seed;                 /* the run's seed */
} gm_plug_env_t;

typedef enum gm_site_kind { GM_SITE_GPU, GM_SITE_SM, GM_SITE_L2, GM_SITE_DRAM } gm_site_kind_t;

/* A stage instance a plug-in may attach to. */
typedef struct gm_site {
    gm_site_kind_t kind;
    uint32_t id;
    const char *name;              /* "gpu", "sm3", "l2.bank5", "dram2" */
    gm_ctx_t *ctx;                 /* its clock, the pool, the registry */
    gm_sm_t *sm;                   /* GM_SITE_SM: the SM's front end, LSU and L1D */
    gm_lsu_t *lsu;
    gm_l1d_t *l1d;
    gm_l2bank_t *l2;               /* GM_SITE_L2 */
    gm_cache_t *cache;             /* the L1D's or the bank's cache */
    gm_dram_t *dram;               /* GM_SITE_DRAM */
    gm_route_t *route;             /* GM_SITE_GPU: the partition mapping, to provide */
    uint64_t *window;              /* GM_SITE_GPU: a fixed run window with relaunch (gpu.h) */
} gm_site_t;

typedef struct gm_plugin {
    const char *name;              /* its file's name */
    const char *doc;
    const char *section;           /* its config section's path, or NULL */
    const gm_schema_t *schema;     /* the section's fields (offsets in its own struct) */
    size_t cfg_size;               /* that struct's size (at most GM_PLUG_CFG_BYTES) */
    /* On for this configuration? (NULL: always) */
    int (*active)(const gm_gpu_config_t *c, const void *cfg);
    /* Cross-field rules, on or off (NULL: none); an error names file and path. */
    int (*check)(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err);
    /* Its GPU-wide state (NULL: none). */
    int (*init)(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err);
    /* Join a site, or pass it by (return 0). */
    int (*attach)(void *self, const gm_site_t *site, gm_err_t *err);
    void (*begin)(void *self);     /* each core cycle, before the SMs (NULL: none) */
    void (*end)(void *self);       /* each core cycle, after the SMs (NULL: none) */
    /* The fast-forward (gpu.c skips cycles in which nothing can act): the
     * first core cycle (the stages' `now`) from `now` on at which its
     * begin / end or any callback it hooked may do more than skip() makes
     * up for, given the state as it is; `now` or less if that may be the
     * next one, UINT64_MAX if never by itself. NULL: it cannot tell, and
     * a run with it on simulates every cycle. A plug-in that only
     * provides parts (an MSHR, a set index, a scheduler) answers
     * gm_plug_no_event: the stages account for their parts. */
    uint64_t (*next_event)(void *self, uint64_t now);
    /* n skipped core cycles at once (NULL: they change nothing of it). */
    void (*skip)(void *self, uint64_t n);
    /* Its own counters, as a JSON object at the top of the stats (NULL: none). */
    void (*stats)(const void *self, cJSON *root);
    void (*free)(void *self);
} gm_plugin_t;

/* Every plug-in, NULL-terminated, in the order of their file names. */
extern const gm_plugin_t *const gm_plugins[];
unsigned gm_plugin_index(const gm_plugin_t *p);
/* next_event of a plug-in with nothing of its own to wait for. */
uint64_t gm_plug_no_event(void *self, uint64_t now);
const gm_plugin_t *gm_plugin_find(const char *name);
/* A plug-in's config section inside a GPU config. */
static inline const void *gm_plug_cfg(const gm_gpu_config_t *c, const gm_plugin_t *p)
{
    return c->plug[gm_plugin_index(p)];
}

#endif
