/* CTA dispatch: which SM takes which CTA, each core cycle, before the SMs
 * run. One kernel stream goes through the cta_dispatch block under its
 * WAVE policy (the block's BSL: identity ids, every SM that fits a CTA
 * gets one a cycle, SMs taken from a start that steps every cycle);
 * concurrent kernel streams go through the stream path (dispatch.c says
 * why it stays apart). The SMs keep their resources: a CTA is offered to
 * an SM only if it fits there and no plug-in at the SM's pick hook holds
 * it back (a plug-in may also name the CTA, as cta.c's remap unit does). */
#ifndef GM_SIM_DISPATCH_H
#define GM_SIM_DISPATCH_H

#include <stdint.h>

#include "blk.h"
#include "sm.h"

typedef struct gm_gpu_sm gm_gpu_sm_t;

typedef struct gm_dispatch {
    gm_blk_t *blk;              /* the block (NULL: the stream path) */
    gm_gpu_sm_t *sm;
    gm_grid_t *grid;
    uint32_t nsm;
    int pending;                /* stream 0 started a kernel the block has not taken */
    uint32_t rr;                /* the stream path's start SM, one further every cycle */
    uint64_t owed;              /* the block's idle cycles not yet run (dispatch.c) */
    uint32_t named[32];         /* the wave's ids a plug-in named, by SM (UINT32_MAX: none) */
} gm_dispatch_t;

/* Why a run cannot use the block (NULL: it can): the stream path serves it. */
const char *gm_dispatch_stream_path(uint32_t nstreams, uint32_t nsm, int admit_hooks);
/* The block's instance "dispatch" in the registry, or the stream path. */
int gm_dispatch_init(gm_dispatch_t *d, gm_registry_t *reg, gm_gpu_sm_t *sm, uint32_t nsm,
                     gm_grid_t *grid, int admit_hooks, gm_err_t *err);
/* Stream s started a kernel (its grid entry is set). */
void gm_dispatch_kernel_started(gm_dispatch_t *d, uint32_t s);
/* The core cycle's dispatch, before the SMs' cycles. */
void gm_dispatch_cycle(gm_dispatch_t *d);
/* k core cycles in which nothing was launched, offered or retired (the
 * fast-forward's, sim/ff.c): the start SM steps k times. */
void gm_dispatch_skip(gm_dispatch_t *d, uint64_t k);

#endif
