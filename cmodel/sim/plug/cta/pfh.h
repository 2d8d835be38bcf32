/* PFH, CTA prefetching in the reshaped order (seed-002 §4.3 (III)): the
 * cta plug-in's successor prefetch engine (the cta_succ_prefetch block)
 * and its path into each SM's L1D. The section `cta.pfh`. */
#ifndef GM_PLUG_CTA_PFH_H
#define GM_PLUG_CTA_PFH_H

#include "blocks/cta_dispatch.h"
#include "blocks/cta_remap.h"
#include "sim/plugin.h"

typedef struct cta_pfh_cfg {
    int enable;
    int succ;           /* 0 agent (w + A), 1 sm (w + 1) */
    uint32_t array;     /* the workload's device array the descriptor is based on */
    uint32_t sx, sy, stride, cnt, mshr_max;
} cta_pfh_cfg_t;

extern const gm_schema_t cta_pfh_schema;

/* Cross-field rules; `cluster` says the scheme binds clusters (CLU, CLU_TOT). */
int cta_pfh_check(const gm_gpu_config_t *c, const cta_pfh_cfg_t *p, int cluster,
                  const char *file, gm_err_t *err);

typedef struct cta_pfh cta_pfh_t;

cta_pfh_t *cta_pfh_new(const gm_plug_env_t *env, const cta_pfh_cfg_t *p, gm_err_t *err);
/* The engine at the GPU, the L1D hooks at each SM. */
int cta_pfh_attach(cta_pfh_t *f, const gm_site_t *site, gm_err_t *err);
/* One cycle at the dispatcher's edge: `fire` when the dispatcher's pick
 * `d` went to the remap unit this cycle; `rcfg` the remap unit's kernel
 * configuration; A the active agents a SM. */
void cta_pfh_cycle(cta_pfh_t *f, const cta_dispatch_out_t *d, int fire,
                   const cta_remap_in_t *rcfg, uint32_t A);
void cta_pfh_stats(const cta_pfh_t *f, cJSON *cta);
void cta_pfh_free(cta_pfh_t *f);

#endif
