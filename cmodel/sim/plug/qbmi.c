/* BMI (seed-000 ch.4 §4.4, spec §6.3): one qbmi block per SM arbitrates the
 * SM's memory-instruction issue port across the kernel streams (K = the
 * workload's 2 or 3 streams), across all of the SM's schedulers, which
 * share that port. Each cycle the SM hands the arb hook the streams with a
 * ready memory instruction whose issue gates are open (so with DMIL on, a
 * stream over its limit is no candidate: both gates apply); the block
 * grants one, and only that stream's memory instructions may issue this
 * cycle (compute instructions are not held). The cycle's feedback -- the
 * instruction issued, the coalesced requests the LSU made of each stream's
 * instructions (L1D and bypass paths alike) -- reaches it at the SM's end,
 * where it is clocked. mode rbmi makes it the loose round-robin RBMI. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/qbmi.h"
#include "sim/plugin.h"

enum { BMI_QBMI, BMI_RBMI };
static const char *const mode_names[] = {"qbmi", "rbmi", NULL};

typedef struct qbmi_cfg {
    int enable;
    int mode;
} qbmi_cfg_t;
_Static_assert(sizeof(qbmi_cfg_t) <= GM_PLUG_CFG_BYTES, "qbmi section too large");

#define S qbmi_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0,
        "BMI: one qbmi arbiter per SM grants the memory issue port to one "
        "kernel stream a cycle (needs 2 or 3 streams)"),
    GM_FIELD_ENUM(S, mode, BMI_QBMI, mode_names,
        "qbmi: the largest quota first (quotas from Req/Minst, seed-000 "
        "§6.3); rbmi: loose round-robin among the streams with a candidate"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct bmi_sm {
    gm_blk_t *b;
    uint32_t k;
} bmi_sm_t;

typedef struct bmi {
    qbmi_params_t p;
    bmi_sm_t *sm;
} bmi_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const qbmi_cfg_t *)cfg)->enable;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const qbmi_cfg_t *qc = cfg;
    if (env->nstreams < 2 || env->nstreams > QBMI_KMAX)
        return gm_errf(err,
                       "qbmi.enable: BMI arbitrates between 2 or 3 kernel streams, "
                       "the workload has %u (use pair: or triple:)",
                       env->nstreams);
    bmi_t *m = calloc(1, sizeof *m);
    if (m)
        m->sm = calloc(env->cfg->sm.count, sizeof *m->sm);
    *self = m;
    if (!m || !m->sm)
        return gm_errf(err, "qbmi: out of memory");
    m->p = (qbmi_params_t){.K = env->nstreams,
                           .MODE = qc->mode == BMI_RBMI ? QBMI_MODE_RBMI : QBMI_MODE_QBMI};
    return 0;
}

static void arb(void *self, void *vev)
{
    gm_blk_t *b = ((bmi_sm_t *)self)->b;
    gm_arb_ev_t *ev = vev;
    qbmi_in_t *in = b->in;
    memset(in, 0, sizeof *in);
    in->mem_cand = ev->cand & 7u;
    gm_blk_eval(b);
    ev->grant &= (uint32_t)((const qbmi_out_t *)b->out)->mem_grant;
}

static void end(void *self, void *vev)
{
    gm_blk_t *b = ((bmi_sm_t *)self)->b;
    uint32_t k = ((bmi_sm_t *)self)->k;
    const gm_sm_events_t *ev = vev;
    qbmi_in_t *in = b->in;
    in->minst_issue = 0;
    in->req_gen_pulse = 0;
    in->req_gen_cnt = 0;
    for (uint32_t s = 0; s < k; s++) {
        /* An instruction makes at most 32 requests; the port holds 63. */
        uint32_t n = ev->req[s] > 63 ? 63 : ev->req[s];
        in->minst_issue |= (uint64_t)(ev->issue[s] != 0) << s;
        in->req_gen_pulse |= (uint64_t)(n != 0) << s;
        in->req_gen_cnt |= (uint64_t)n << (6 * s);
    }
    gm_blk_eval(b);
    gm_blk_tick(b);
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    bmi_t *m = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    char path[48];
    snprintf(path, sizeof path, "%s.qbmi", site->name);
    gm_blk_t *b = gm_blk_new(site->ctx->reg, &qbmi_desc, &m->p, path, err);
    if (!b)
        return -1;
    bmi_sm_t *x = &m->sm[site->id];
    x->b = b;
    x->k = m->p.K;
    gm_sm_t *sm = site->sm;
    if (gm_hooks_add(&sm->hook.arb, arb, x, path, err) ||
        gm_hooks_add(&sm->hook.end, end, x, path, err))
        return -1;
    return 0;
}

static void release(void *self)
{
    bmi_t *m = self;
    if (m)
        free(m->sm);
    free(m);
}

const gm_plugin_t gm_plugin_qbmi = {
    .name = "qbmi",
    .doc = "balanced memory-request issuing, QBMI or RBMI (seed-000 ch.4)",
    .section = "qbmi",
    .schema = &schema,
    .cfg_size = sizeof(qbmi_cfg_t),
    .active = active,
    .init = init,
    .attach = attach,
    .free = release,
};
