/* PFH in the system. The engine taps the dispatcher's transfers to the
 * remap unit; the successor's original coordinates come from the remap
 * unit's combinational function (cta_remap_compute on the kernel's remap
 * configuration), the datapath a second lookup port of the unit would be.
 * Each SM has a one-line latch between the engine and its L1D: the engine
 * may issue to an SM whose latch is empty and whose prefetch misses in
 * flight are below mshr_max (seed-002 §10.4's cfg_pf_mshr_max), and the
 * L1D takes the latched line in a cycle its LSU leaves the port idle (the
 * L1D's prefetch hook). A line the L1D finds present or on its way, or
 * without a line, MSHR entry or miss-queue slot free, is dropped there. */
#include "pfh.h"

#include <stdlib.h>
#include <string.h>

#include "blocks/cta_succ_prefetch.h"

static const char *const succ_names[] = {"agent", "sm", NULL};

#define S cta_pfh_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "PFH: the successor prefetch engine (cta_succ_prefetch)"),
    GM_FIELD_ENUM(S, succ, 0, succ_names,
        "the successor: agent (the same agent's next task, w + A) or sm (w + 1)"),
    GM_FIELD_UINT(S, array, 0, 0, 255,
        "the device array the descriptor's base is (the workload's allocation order)"),
    GM_FIELD_UINT_U(S, sx, 0, 0, UINT32_MAX, "bytes", "address step per bx of the successor"),
    GM_FIELD_UINT_U(S, sy, 0, 0, UINT32_MAX, "bytes", "address step per by of the successor"),
    GM_FIELD_UINT_U(S, stride, 128, 0, UINT32_MAX, "bytes", "between the lines prefetched"),
    GM_FIELD_UINT(S, cnt, 1, 1, 255, "lines prefetched a successor"),
    GM_FIELD_UINT(S, mshr_max, 4, 1, 1024, "prefetch misses in flight a SM at most"),
};
#undef S
const gm_schema_t cta_pfh_schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct pfh_sm {
    cta_pfh_t *f;
    uint32_t id;
    uint32_t line;       /* latched for the L1D */
    int full;
    uint32_t inflight;   /* prefetch misses not yet filled */
    uint64_t offered, issued, useful;
} pfh_sm_t;

struct cta_pfh {
    cta_pfh_cfg_t c;
    uint32_t nsm;
    uint64_t base;
    int have_base;
    gm_blk_t *blk;
    pfh_sm_t *sm;
    uint64_t beyond32;   /* requests past a 32-bit address: not prefetched */
};

int cta_pfh_check(const gm_gpu_config_t *c, const cta_pfh_cfg_t *p, int cluster,
                  const char *file, gm_err_t *err)
{
    if (!p->enable)
        return 0;
    if (!cluster)
        return gm_errf(err, "%s: $.cta.pfh.enable: the successor is a cluster position; "
                            "PFH needs $.cta.scheme CLU or CLU_TOT", file);
    if (c->l1d.c.sector)
        return gm_errf(err, "%s: $.cta.pfh.enable: a prefetch fills whole lines; it needs "
                            "$.l1d.c.sector = 0 (got %u)", file, c->l1d.c.sector);
    if (c->sm.count > CSP_MAX_SM)
        return gm_errf(err, "%s: $.cta.pfh.enable: the engine serves at most %d SMs "
                            "($.sm.count %u)", file, CSP_MAX_SM, c->sm.count);
    return 0;
}

cta_pfh_t *cta_pfh_new(const gm_plug_env_t *env, const cta_pfh_cfg_t *p, gm_err_t *err)
{
    cta_pfh_t *f = calloc(1, sizeof *f);
    if (f)
        f->sm = calloc(env->cfg->sm.count, sizeof *f->sm);
    if (!f || !f->sm) {
        cta_pfh_free(f);
        gm_errf(err, "cta.pfh: out of memory");
        return NULL;
    }
    f->c = *p;
    f->nsm = env->cfg->sm.count;
    if (!env->wl || p->array >= gm_workload_allocs(env->wl)) {
        gm_errf(err, "$.cta.pfh.array: %u, but the workload allocates %u device array(s)",
                p->array, env->wl ? gm_workload_allocs(env->wl) : 0);
        cta_pfh_free(f);
        return NULL;
    }
    f->base = gm_workload_alloc(env->wl, p->array)->base;
    for (uint32_t i = 0; i < f->nsm; i++) {
        f->sm[i].f = f;
        f->sm[i].id = i;
    }
    return f;
}

static void on_prefetch(void *self, void *vev)
{
    pfh_sm_t *s = self;
    gm_pf_ev_t *ev = vev;
    if (ev->valid || !s->full)
        return;
    ev->valid = 1;
    ev->line = s->line;
    s->full = 0;
    s->offered++;
}

static void on_access(void *self, void *vev)
{
    if (((const gm_cache_access_ev_t *)vev)->pf_hit)
        ((pfh_sm_t *)self)->useful++;
}

static void on_miss(void *self, void *vev)
{
    pfh_sm_t *s = self;
    if (((const gm_line_ev_t *)vev)->prefetch) {
        s->issued++;
        s->inflight++;
    }
}

static void on_fill(void *self, void *vev)
{
    pfh_sm_t *s = self;
    if (((const gm_line_ev_t *)vev)->prefetch && s->inflight)
        s->inflight--;
}

int cta_pfh_attach(cta_pfh_t *f, const gm_site_t *site, gm_err_t *err)
{
    if (site->kind == GM_SITE_GPU) {
        cta_succ_prefetch_params_t p = {.N_SM = f->nsm, .DEPTH = 4};
        f->blk = gm_blk_new(site->ctx->reg, &cta_succ_prefetch_desc, &p, "cta_succ_prefetch",
                            err);
        return f->blk ? 0 : -1;
    }
    if (site->kind != GM_SITE_SM)
        return 0;
    pfh_sm_t *s = &f->sm[site->id];
    if (gm_hooks_add(&site->l1d->hook.prefetch, on_prefetch, s, site->name, err) ||
        gm_hooks_add(&site->cache->hook.access, on_access, s, site->name, err) ||
        gm_hooks_add(&site->cache->hook.miss, on_miss, s, site->name, err) ||
        gm_hooks_add(&site->cache->hook.fill, on_fill, s, site->name, err))
        return -1;
    return 0;
}

void cta_pfh_cycle(cta_pfh_t *f, const cta_dispatch_out_t *d, int fire,
                   const cta_remap_in_t *rcfg, uint32_t A)
{
    cta_succ_prefetch_in_t *in = f->blk->in;
    memset(in, 0, sizeof *in);
    in->cfg_en = 1;
    in->cfg_succ = (uint64_t)f->c.succ;
    in->cfg_A = A;
    in->cfg_q = rcfg->cfg_q;
    in->cfg_r = rcfg->cfg_r;
    in->cfg_desc_base = f->base & CSP_ADDR_MASK;
    in->cfg_desc_sx = f->c.sx;
    in->cfg_desc_sy = f->c.sy;
    in->cfg_desc_stride = f->c.stride;
    in->cfg_desc_cnt = f->c.cnt;
    in->disp_valid = (uint64_t)fire;
    in->disp_sm = d->disp_sm;
    in->disp_w = d->disp_w;
    in->disp_i = d->disp_i;
    gm_blk_eval(f->blk);
    const cta_succ_prefetch_out_t *o = f->blk->out;
    if (o->succ_valid) {
        cta_remap_in_t q = *rcfg;
        q.in_valid = 1;
        q.in_w = o->succ_w;
        q.in_i = d->disp_i;
        cta_remap_res_t a = cta_remap_compute(&q, NULL, 0);
        in->succ_bx = a.bx;
        in->succ_by = a.by;
    }
    /* The issuing SM takes the line when its latch is free and its
     * prefetch misses are below the limit. */
    if (o->pf_valid) {
        pfh_sm_t *s = &f->sm[o->pf_sm];
        in->pf_ready = !s->full && s->inflight < f->c.mshr_max;
    }
    gm_blk_eval(f->blk);
    if (o->pf_valid && in->pf_ready) {
        pfh_sm_t *s = &f->sm[o->pf_sm];
        if (o->pf_addr > UINT32_MAX) {
            f->beyond32++;
        } else {
            s->line = (uint32_t)o->pf_addr;
            s->full = 1;
        }
    }
    gm_blk_tick(f->blk);
}

void cta_pfh_stats(const cta_pfh_t *f, cJSON *cta)
{
    uint64_t offered = 0, issued = 0, useful = 0;
    for (uint32_t i = 0; i < f->nsm; i++) {
        offered += f->sm[i].offered;
        issued += f->sm[i].issued;
        useful += f->sm[i].useful;
    }
    cJSON *o = cJSON_AddObjectToObject(cta, "pfh");
    cJSON_AddStringToObject(o, "succ", succ_names[f->c.succ]);
    gm_stats_add_u(o, "offered", offered);
    gm_stats_add_u(o, "issued", issued);
    gm_stats_add_u(o, "dropped", offered - issued);
    gm_stats_add_u(o, "useful", useful);
    gm_stats_add_r(o, "accuracy", gm_stats_ratio(useful, issued));
    gm_stats_add_u(o, "beyond_32bit", f->beyond32);
}

void cta_pfh_free(cta_pfh_t *f)
{
    if (f)
        free(f->sm);
    free(f);
}
