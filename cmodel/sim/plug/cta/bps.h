/* BPS, cache bypassing of streaming loads (seed-002 §4.3 (II)): the cta
 * plug-in's `ld.global.cg`. The section `cta.bps`. */
#ifndef GM_PLUG_CTA_BPS_H
#define GM_PLUG_CTA_BPS_H

#include "sim/plugin.h"

typedef struct cta_bps_cfg {
    int enable;
    uint32_t arrays;    /* bit k: loads from the workload's device array k are streaming */
} cta_bps_cfg_t;

extern const gm_schema_t cta_bps_schema;

typedef struct cta_bps cta_bps_t;

cta_bps_t *cta_bps_new(const gm_plug_env_t *env, const cta_bps_cfg_t *p, gm_err_t *err);
/* The LSU bypass hook at each SM. */
int cta_bps_attach(cta_bps_t *b, const gm_site_t *site, gm_err_t *err);
void cta_bps_stats(const cta_bps_t *b, cJSON *cta);
void cta_bps_free(cta_bps_t *b);

#endif
