/* SMIL (seed-000 ch.4 §4.3, spec §6.4): a static limit on each kernel
 * stream's in-flight memory instructions per SM, the profiled (Limit_k0,
 * Limit_k1, Limit_k2) that DMIL's milg replaces with a dynamic one. An
 * instruction is in flight from its issue to the LSU until it finishes
 * (the SM's done queue: loads when every reply returned, stores when every
 * request was accepted), as the milg counts it; a stream at its limit has
 * its memory instructions held at the issue gate (its compute instructions
 * still issue). With milg or qbmi on too, every gate applies. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/plugin.h"
#include "sim/stats.h"

enum { SMIL_MAX = 127 };

typedef struct smil_cfg {
    int enable;
    uint32_t limit0, limit1, limit2;
} smil_cfg_t;
_Static_assert(sizeof(smil_cfg_t) <= GM_PLUG_CFG_BYTES, "smil section too large");

#define S smil_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "SMIL: a static in-flight memory-instruction limit per stream per SM"),
    GM_FIELD_UINT(S, limit0, 0, 0, SMIL_MAX,
        "stream 0's limit (Limit_k0; the seed sweeps 1..24), 0 = unlimited"),
    GM_FIELD_UINT(S, limit1, 0, 0, SMIL_MAX, "stream 1's limit (Limit_k1), 0 = unlimited"),
    GM_FIELD_UINT(S, limit2, 0, 0, SMIL_MAX, "stream 2's limit (Limit_k2), 0 = unlimited"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct smil_sm {
    const uint32_t *limit;
    uint32_t inflight[GM_MAX_STREAMS];
    uint32_t max_inflight[GM_MAX_STREAMS];
} smil_sm_t;

typedef struct smil {
    uint32_t limit[GM_MAX_STREAMS];
    uint32_t nsm;
    smil_sm_t *sm;
} smil_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const smil_cfg_t *)cfg)->enable;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const smil_cfg_t *sc = cfg;
    smil_t *m = calloc(1, sizeof *m);
    if (m)
        m->sm = calloc(env->cfg->sm.count, sizeof *m->sm);
    *self = m;
    if (!m || !m->sm)
        return gm_errf(err, "smil: out of memory");
    m->nsm = env->cfg->sm.count;
    m->limit[0] = sc->limit0;
    m->limit[1] = sc->limit1;
    m->limit[2] = sc->limit2;
    return 0;
}

static void gate(void *self, void *vev)
{
    const smil_sm_t *s = self;
    gm_gate_ev_t *ev = vev;
    uint32_t lim = s->limit[ev->stream];
    if (lim && s->inflight[ev->stream] >= lim)
        ev->allow = 0;
}

static void end(void *self, void *vev)
{
    smil_sm_t *s = self;
    const gm_sm_events_t *ev = vev;
    for (uint32_t k = 0; k < GM_MAX_STREAMS; k++) {
        s->inflight[k] += ev->issue[k];
        s->inflight[k] -= ev->done[k] < s->inflight[k] ? ev->done[k] : s->inflight[k];
        if (s->inflight[k] > s->max_inflight[k])
            s->max_inflight[k] = s->inflight[k];
    }
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    smil_t *m = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    smil_sm_t *s = &m->sm[site->id];
    s->limit = m->limit;
    char path[48];
    snprintf(path, sizeof path, "%s.smil", site->name);
    if (gm_hooks_add(&site->sm->hook.gate, gate, s, path, err) ||
        gm_hooks_add(&site->sm->hook.end, end, s, path, err))
        return -1;
    return 0;
}

static void stats(const void *self, cJSON *root)
{
    const smil_t *m = self;
    cJSON *o = cJSON_AddObjectToObject(root, "smil");
    cJSON *lim = cJSON_AddArrayToObject(o, "limit");
    cJSON *mx = cJSON_AddArrayToObject(o, "max_inflight");
    for (uint32_t k = 0; k < GM_MAX_STREAMS; k++) {
        uint32_t v = 0;
        for (uint32_t i = 0; i < m->nsm; i++)
            if (m->sm[i].max_inflight[k] > v)
                v = m->sm[i].max_inflight[k];
        cJSON_AddItemToArray(lim, cJSON_CreateNumber(m->limit[k]));
        cJSON_AddItemToArray(mx, cJSON_CreateNumber(v));
    }
}

static void release(void *self)
{
    smil_t *m = self;
    if (m)
        free(m->sm);
    free(m);
}

const gm_plugin_t gm_plugin_smil = {
    .name = "smil",
    .doc = "static memory-instruction limiting per stream (seed-000 ch.4)",
    .section = "smil",
    .schema = &schema,
    .cfg_size = sizeof(smil_cfg_t),
    .active = active,
    .init = init,
    .attach = attach,
    .stats = stats,
    .free = release,
};
