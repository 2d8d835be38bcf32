/* An L1D prefetcher: a per-PC table trained on the L1D's demand loads and
 * a prefetch queue the L1D drains in the cycles the LSU leaves it idle.
 *   next_line: a miss queues the `degree` lines after it;
 *   stride:    each table entry (direct-mapped by PC and warp, tagged with
 *              both) keeps the last line its instruction touched in that
 *              warp, the stride to the one before and a 2-bit confidence;
 *              from confidence 2 on, an access queues the `degree` lines it
 *              predicts (line + k * stride). On a GPU one PC's accesses
 *              come from many warps in turn, so a stride is learned per
 *              warp (the per-warp stride of Lee et al., "Many-thread aware
 *              prefetching", MICRO 2010).
 * A prefetch the L1D cannot take at once (the line is present or on its
 * way, no line or MSHR entry or miss-queue slots free) is dropped, never
 * retried and never a reservation fail. Prefetched lines are marked; the
 * first demand hit on one counts it useful. Its counters are the stats'
 * "prefetch" object. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/plugin.h"

enum { PF_NEXT_LINE, PF_STRIDE };
static const char *const policy_names[] = {"next_line", "stride", NULL};

typedef struct pf_cfg {
    int enable;
    int policy;
    uint32_t table;    /* per-PC entries */
    uint32_t degree;   /* lines queued per trigger */
    uint32_t queue;    /* prefetch-queue entries */
} pf_cfg_t;
_Static_assert(sizeof(pf_cfg_t) <= GM_PLUG_CFG_BYTES, "prefetch section too large");

#define S pf_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "an L1D prefetcher per SM"),
    GM_FIELD_ENUM(S, policy, PF_STRIDE, policy_names, "next_line or stride (per PC)"),
    GM_FIELD_UINT(S, table, 256, 1, 4096, "per-PC-and-warp table entries (stride)"),
    GM_FIELD_UINT(S, degree, 2, 1, 16, "lines prefetched per trigger"),
    GM_FIELD_UINT(S, queue, 16, 1, 1024, "prefetch-queue entries"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct pf_entry {
    uint32_t pc, last;
    uint16_t warp;
    int64_t stride;
    uint8_t valid, conf;
} pf_entry_t;

typedef struct pf_counts {
    uint64_t trained, candidates, queue_full, issued, useful;
} pf_counts_t;

typedef struct pf_sm {
    const pf_cfg_t *c;
    uint32_t line;
    pf_entry_t *t;
    uint32_t *q, qhead, qn, last_queued;
    pf_counts_t n;
} pf_sm_t;

typedef struct pf {
    pf_cfg_t c;
    uint32_t nsm;
    pf_sm_t *sm;
} pf_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const pf_cfg_t *)cfg)->enable;
}

/* A prefetch brings a whole line into the L1D through one MSHR entry; in a
 * sectored L1D an entry fetches one sector, so the two do not go together. */
static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    if (((const pf_cfg_t *)cfg)->enable && c->l1d.c.sector)
        return gm_errf(err, "%s: $.l1d.prefetch.enable: the prefetcher fetches whole lines; it "
                            "needs $.l1d.c.sector = 0 (got %u)",
                       file, c->l1d.c.sector);
    return 0;
}

static void enqueue(pf_sm_t *s, int64_t line)
{
    if (line < 0 || line > UINT32_MAX)
        return;
    s->n.candidates++;
    if ((uint32_t)line == s->last_queued && s->qn)
        return; /* the same line again */
    if (s->qn == s->c->queue) {
        s->n.queue_full++;
        return;
    }
    s->q[(s->qhead + s->qn++) % s->c->queue] = (uint32_t)line;
    s->last_queued = (uint32_t)line;
}

static void on_access(void *self, void *vev)
{
    pf_sm_t *s = self;
    const gm_cache_access_ev_t *ev = vev;
    if (ev->pf_hit)
        s->n.useful++;
    if (ev->write)
        return;
    s->n.trained++;
    int64_t line = ev->line;
    if (s->c->policy == PF_NEXT_LINE) {
        if (!ev->hit)
            for (uint32_t k = 1; k <= s->c->degree; k++)
                enqueue(s, line + (int64_t)k * s->line);
        return;
    }
    pf_entry_t *e = &s->t[(ev->pc * 64u + ev->warp) % s->c->table];
    if (!e->valid || e->pc != ev->pc || e->warp != ev->warp) {
        *e = (pf_entry_t){.pc = ev->pc, .warp = ev->warp, .last = ev->line, .valid = 1};
        return;
    }
    int64_t d = line - (int64_t)e->last;
    if (d == 0)
        return; /* another warp's access to the same line */
    if (d == e->stride) {
        e->conf = (uint8_t)(e->conf < 3 ? e->conf + 1 : 3);
    } else {
        e->stride = d;
        e->conf = 0;
    }
    e->last = ev->line;
    if (e->conf >= 2)
        for (uint32_t k = 1; k <= s->c->degree; k++)
            enqueue(s, line + (int64_t)k * d);
}

static void on_miss(void *self, void *vev)
{
    if (((const gm_line_ev_t *)vev)->prefetch)
        ((pf_sm_t *)self)->n.issued++;
}

static void on_idle_port(void *self, void *vev)
{
    pf_sm_t *s = self;
    gm_pf_ev_t *ev = vev;
    if (ev->valid || !s->qn)
        return;
    ev->valid = 1;
    ev->line = s->q[s->qhead];
    s->qhead = (s->qhead + 1) % s->c->queue;
    s->qn--;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    pf_t *p = calloc(1, sizeof *p);
    if (p)
        p->sm = calloc(env->cfg->sm.count, sizeof *p->sm);
    *self = p;
    if (!p || !p->sm)
        return gm_errf(err, "prefetch: out of memory");
    p->c = *(const pf_cfg_t *)cfg;
    p->nsm = env->cfg->sm.count;
    return 0;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    pf_t *p = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    pf_sm_t *s = &p->sm[site->id];
    s->c = &p->c;
    s->line = site->cache->p.cfg->line;
    s->t = calloc(p->c.table, sizeof *s->t);
    s->q = calloc(p->c.queue, sizeof *s->q);
    if (!s->t || !s->q)
        return gm_errf(err, "%s.prefetch: out of memory", site->name);
    if (gm_hooks_add(&site->cache->hook.access, on_access, s, site->name, err) ||
        gm_hooks_add(&site->cache->hook.miss, on_miss, s, site->name, err) ||
        gm_hooks_add(&site->l1d->hook.prefetch, on_idle_port, s, site->name, err))
        return -1;
    return 0;
}

static void stats(const void *self, cJSON *root)
{
    const pf_t *p = self;
    pf_counts_t n = {0};
    for (uint32_t i = 0; i < p->nsm; i++) {
        n.trained += p->sm[i].n.trained;
        n.candidates += p->sm[i].n.candidates;
        n.queue_full += p->sm[i].n.queue_full;
        n.issued += p->sm[i].n.issued;
        n.useful += p->sm[i].n.useful;
    }
    cJSON *o = cJSON_AddObjectToObject(root, "prefetch");
    cJSON_AddStringToObject(o, "policy", policy_names[p->c.policy]);
    gm_stats_add_u(o, "trained", n.trained);
    gm_stats_add_u(o, "candidates", n.candidates);
    gm_stats_add_u(o, "queue_full", n.queue_full);
    gm_stats_add_u(o, "issued", n.issued);
    gm_stats_add_u(o, "useful", n.useful);
    gm_stats_add_r(o, "accuracy", gm_stats_ratio(n.useful, n.issued));
}

static void release(void *self)
{
    pf_t *p = self;
    for (uint32_t i = 0; p && p->sm && i < p->nsm; i++) {
        free(p->sm[i].t);
        free(p->sm[i].q);
    }
    if (p)
        free(p->sm);
    free(p);
}

const gm_plugin_t gm_plugin_prefetch = {
    .name = "prefetch",
    .doc = "an L1D prefetcher: next-line or per-PC stride, with a prefetch queue",
    .section = "l1d.prefetch",
    .schema = &schema,
    .cfg_size = sizeof(pf_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .stats = stats,
    .free = release,
};
