/* DMIL (seed-000 ch.4): one milg block per kernel stream per SM gates the
 * issue of the stream's memory instructions. Its gate is read at the start
 * of the SM's cycle (issue_allow depends on its state only); the cycle's
 * events -- an instruction issued, one finished (at most one a cycle
 * reaches it; the rest wait), a reservation fail, the requests made --
 * reach it at the end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/milg.h"
#include "sim/plugin.h"

typedef struct milg_cfg {
    int enable;
    uint32_t zero_mode, mil_max;
} milg_cfg_t;
_Static_assert(sizeof(milg_cfg_t) <= GM_PLUG_CFG_BYTES, "milg section too large");

#define S milg_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "DMIL: one milg per kernel per SM gates memory issue"),
    GM_FIELD_UINT(S, zero_mode, 0, 0, 1,
        "milg ZERO_MODE: when an update sees RF>>10 == 0, 0 releases the "
        "limit to mil_max, 1 holds it"),
    GM_FIELD_UINT(S, mil_max, 127, 1, 127,
        "milg MIL_MAX: the limit of memory instructions in flight at "
        "reset and when released (unlimited)"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct milg_sm {
    gm_blk_t *b[GM_MAX_STREAMS];
    uint32_t done_pending[GM_MAX_STREAMS];
} milg_sm_t;

typedef struct dmil {
    milg_params_t p;
    uint32_t nstreams;
    milg_sm_t *sm;
} dmil_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const milg_cfg_t *)cfg)->enable;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const milg_cfg_t *mc = cfg;
    dmil_t *m = calloc(1, sizeof *m);
    if (m)
        m->sm = calloc(env->cfg->sm.count, sizeof *m->sm);
    *self = m;
    if (!m || !m->sm)
        return gm_errf(err, "milg: out of memory");
    m->p = (milg_params_t){.ZERO_MODE = mc->zero_mode, .MIL_MAX = mc->mil_max};
    m->nstreams = env->nstreams;
    return 0;
}

static void begin(void *self, void *ev)
{
    milg_sm_t *s = self;
    (void)ev;
    for (uint32_t k = 0; k < GM_MAX_STREAMS && s->b[k]; k++) {
        memset(s->b[k]->in, 0, sizeof(milg_in_t));
        gm_blk_eval(s->b[k]);
    }
}

static void gate(void *self, void *vev)
{
    milg_sm_t *s = self;
    gm_gate_ev_t *ev = vev;
    if (!((const milg_out_t *)s->b[ev->stream]->out)->issue_allow)
        ev->allow = 0;
}

static void end(void *self, void *vev)
{
    milg_sm_t *s = self;
    const gm_sm_events_t *ev = vev;
    for (uint32_t k = 0; k < GM_MAX_STREAMS && s->b[k]; k++) {
        milg_in_t *in = s->b[k]->in;
        s->done_pending[k] += ev->done[k];
        in->minst_issue = ev->issue[k];
        in->minst_done = s->done_pending[k] > 0;
        s->done_pending[k] -= in->minst_done ? 1 : 0;
        in->rsfail_pulse = ev->rf[k];
        in->req_pulse = ev->req[k] > 0;
        in->req_cnt_inc = ev->req[k];
        gm_blk_eval(s->b[k]);
        gm_blk_tick(s->b[k]);
    }
}

static void idle(void *self, void *vev)
{
    milg_sm_t *s = self;
    for (uint32_t k = 0; k < GM_MAX_STREAMS; k++)
        if (s->done_pending[k])
            ((gm_idle_ev_t *)vev)->busy = 1;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    dmil_t *m = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    milg_sm_t *s = &m->sm[site->id];
    char path[48];
    for (uint32_t k = 0; k < m->nstreams; k++) {
        snprintf(path, sizeof path, "%s.milg%u", site->name, k);
        if (!(s->b[k] = gm_blk_new(site->ctx->reg, &milg_desc, &m->p, path, err)))
            return -1;
    }
    gm_sm_t *sm = site->sm;
    if (gm_hooks_add(&sm->hook.begin, begin, s, path, err) ||
        gm_hooks_add(&sm->hook.gate, gate, s, path, err) ||
        gm_hooks_add(&sm->hook.end, end, s, path, err) ||
        gm_hooks_add(&sm->hook.idle, idle, s, path, err))
        return -1;
    return 0;
}

static void release(void *self)
{
    dmil_t *m = self;
    if (m)
        free(m->sm);
    free(m);
}

const gm_plugin_t gm_plugin_milg = {
    .name = "milg",
    .doc = "memory-instruction limiting (seed-000 ch.4)",
    .section = "milg",
    .schema = &schema,
    .cfg_size = sizeof(milg_cfg_t),
    .active = active,
    .init = init,
    .attach = attach,
    .free = release,
};
