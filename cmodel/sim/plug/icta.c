/* The inter-CTA reuse profiler (seed-002 §2.4, §10.5, INTERP-1), the exact
 * C-only classifier. Every coalesced global access an LSU sends (either
 * path, before the L1D), stores included, is classified by its line and
 * its CTA's original id (the one the workload generator got, so the metric
 * does not depend on scheduling): first touch (the kernel never touched
 * the line), intra-CTA reuse (the line's last accessor was this CTA) or
 * inter-CTA reuse (another CTA); then the line's last accessor is this CTA.
 * Beside it, per SM, the L1D demand hits on a line another CTA brought in
 * (the last CTA whose access missed on it): the exploited inter-CTA reuse.
 * Per kernel launch, in the stats' "icta" object: inter/(intra+inter) is
 * the Fig. 3 share (the seed's average over 33 applications: 45 %).
 *
 * `tracker` adds the hardware version beside it: one icta_profiler block
 * (seed-002 §10.5, a set-associative LRU table of blocks -> last CTA) fed
 * the same accesses in the same order, at the L1D line's granularity,
 * cleared at each kernel launch. It is given one of its cycles per access
 * (a GPU makes up to one access per SM a core cycle; the block takes one a
 * cycle), so it sees exactly the exact profiler's stream and differs from
 * it only where its table evicted a block: that block's next access is a
 * first touch instead of a reuse. Both counts, the evictions and the
 * difference go side by side in the stats and the report. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/icta_profiler.h"
#include "sim/plugin.h"
#include "util/linemap.h"

typedef struct icta_cfg {
    int enable, tracker;
    uint32_t tracker_sets, tracker_ways, tracker_cta_w;
} icta_cfg_t;
_Static_assert(sizeof(icta_cfg_t) <= GM_PLUG_CFG_BYTES, "icta section too large");

#define S icta_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "the inter-CTA reuse profiler (per kernel: first touch, "
                                "intra- and inter-CTA reuse, exploited inter-CTA L1D hits)"),
    GM_FIELD_BOOL(S, tracker, 0, "the RTL tracker (block icta_profiler) beside the exact "
                                 "profiler: its counts and its error side by side"),
    GM_FIELD_UINT(S, tracker_sets, 1024, 2, 1024, "the tracker's SETS (a power of two)"),
    GM_FIELD_UINT(S, tracker_ways, 8, 1, 8, "the tracker's WAYS (1, 2, 4 or 8)"),
    GM_FIELD_UINT(S, tracker_cta_w, 32, 1, 32, "the tracker's CTA_W: CTA id bits kept a way"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct icta_kernel {
    char name[48];
    uint32_t kid;
    uint64_t first, intra, inter, l1_hits, l1_hits_inter;
    uint64_t t_cnt[4], t_evict; /* the tracker's, by class (IPF_FIRST..IPF_INTER) */
} icta_kernel_t;

typedef struct icta icta_t;

typedef struct icta_sm {
    icta_t *g;
    uint32_t *slot_cta;     /* CTA slot -> original id + 1 */
    uint32_t *slot_kid;
    uint16_t *warp_slot;    /* warp slot -> CTA slot (from the LSU's accesses) */
    gm_linemap_t filler;    /* L1D line -> the CTA whose access last missed on it */
} icta_sm_t;

struct icta {
    uint32_t nsm;
    icta_sm_t *sm;
    gm_linemap_t last;      /* the running kernel's lines */
    uint32_t kid;
    icta_kernel_t *k;
    uint32_t nk, capk;
    gm_blk_t *trk;          /* the hardware tracker, or NULL */
    icta_profiler_params_t tp;
    unsigned lb;            /* log2 of the L1D line: the tracker's granularity */
    const uint64_t *now;    /* the core cycle */
    uint64_t cyc, in_cyc, max_in_cyc; /* accesses this core cycle, and the most */
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const icta_cfg_t *)cfg)->enable;
}

static int pow2(uint32_t x) { return x && !(x & (x - 1)); }

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const icta_cfg_t *ic = cfg;
    uint32_t line = c->l1d.c.line;
    if (!ic->tracker)
        return 0;
    if (!ic->enable)
        return gm_errf(err, "%s: $.icta.tracker: the tracker runs beside the exact profiler: "
                            "it needs $.icta.enable", file);
    if (!pow2(ic->tracker_sets))
        return gm_errf(err, "%s: $.icta.tracker_sets: %u is not a power of two", file,
                       ic->tracker_sets);
    if (!pow2(ic->tracker_ways))
        return gm_errf(err, "%s: $.icta.tracker_ways: %u is not 1, 2, 4 or 8", file,
                       ic->tracker_ways);
    if (!pow2(line) || line < 4 || line > 128)
        return gm_errf(err, "%s: $.l1d.c.line: the tracker's granularity is the L1D line, "
                            "4..128 bytes (a power of two), not %u", file, line);
    return 0;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const icta_cfg_t *ic = cfg;
    icta_t *g = calloc(1, sizeof *g);
    *self = g;
    if (!g)
        return gm_errf(err, "icta: out of memory");
    if (env->nstreams != 1)
        return gm_errf(err, "icta: the profiler takes one kernel stream (the workload has %u)",
                       env->nstreams);
    g->nsm = env->cfg->sm.count;
    if (ic->tracker) {
        g->tp = (icta_profiler_params_t){.SETS = ic->tracker_sets, .WAYS = ic->tracker_ways,
                                         .CTA_W = ic->tracker_cta_w};
        while ((1u << g->lb) < env->cfg->l1d.c.line)
            g->lb++;
        g->now = env->ctx->now;
    }
    g->sm = calloc(g->nsm, sizeof *g->sm);
    if (!g->sm)
        return gm_errf(err, "icta: out of memory");
    for (uint32_t i = 0; i < g->nsm; i++) {
        icta_sm_t *s = &g->sm[i];
        s->g = g;
        s->slot_cta = calloc(env->cfg->sm.max_ctas, sizeof *s->slot_cta);
        s->slot_kid = calloc(env->cfg->sm.max_ctas, sizeof *s->slot_kid);
        s->warp_slot = calloc(env->cfg->sm.max_warps, sizeof *s->warp_slot);
        if (!s->slot_cta || !s->slot_kid || !s->warp_slot)
            return gm_errf(err, "icta: out of memory");
    }
    return 0;
}

static icta_kernel_t *kernel_of(icta_t *g, uint32_t kid)
{
    if (g->nk && g->k[g->nk - 1].kid == kid)
        return &g->k[g->nk - 1];
    if (g->nk == g->capk) {
        g->capk = g->capk ? 2 * g->capk : 16;
        icta_kernel_t *k = realloc(g->k, g->capk * sizeof *k);
        if (!k) {
            fprintf(stderr, "gmem: icta: out of memory\n");
            exit(1);
        }
        g->k = k;
    }
    memset(&g->k[g->nk], 0, sizeof g->k[0]);
    g->k[g->nk].kid = kid;
    return &g->k[g->nk++];
}

/* One tracker cycle: these inputs, evaluated, then clocked. */
static const icta_profiler_out_t *trk_step(icta_t *g, const icta_profiler_in_t *in)
{
    *(icta_profiler_in_t *)g->trk->in = *in;
    gm_blk_eval(g->trk);
    gm_blk_tick(g->trk);
    return g->trk->out;
}

static void on_cta(void *self, void *vev)
{
    icta_sm_t *s = self;
    const gm_cta_ev_t *ev = vev;
    icta_t *g = s->g;
    s->slot_cta[ev->slot] = ev->cta_id + 1;
    s->slot_kid[ev->slot] = ev->kid;
    if (ev->kid != g->kid) { /* a new kernel: its lines start untouched */
        g->kid = ev->kid;
        gm_linemap_clear(&g->last);
        kernel_of(g, ev->kid);
        if (g->trk)
            trk_step(g, &(const icta_profiler_in_t){.clear = 1});
    }
}

static void on_access(void *self, void *vev)
{
    icta_sm_t *s = self;
    const gm_lsu_access_ev_t *ev = vev;
    icta_t *g = s->g;
    if (!ev->valid)
        return;
    s->warp_slot[ev->warp] = ev->cta;
    uint32_t cta = s->slot_cta[ev->cta];
    icta_kernel_t *k = kernel_of(g, s->slot_kid[ev->cta]);
    uint32_t prev = gm_linemap_swap(&g->last, ev->line, cta);
    if (!prev)
        k->first++;
    else if (prev == cta)
        k->intra++;
    else
        k->inter++;
    if (g->trk) {
        /* Stores included (cfg_count_stores 1), as the exact count does. */
        const icta_profiler_in_t in = {.acc_valid = 1,
                                       .acc_addr = ev->line, /* the line's byte address */
                                       .acc_cta = cta - 1,
                                       .cfg_gran_log2 = g->lb,
                                       .cfg_count_stores = 1};
        const icta_profiler_out_t *o = trk_step(g, &in);
        /* What one tracker would have to take a core cycle. */
        if (*g->now != g->cyc || !g->in_cyc) {
            g->cyc = *g->now;
            g->in_cyc = 0;
        }
        if (++g->in_cyc > g->max_in_cyc)
            g->max_in_cyc = g->in_cyc;
        k->t_cnt[o->cls & 3]++;
        k->t_evict += o->evict;
    }
}

static void on_l1d(void *self, void *vev)
{
    icta_sm_t *s = self;
    const gm_cache_access_ev_t *ev = vev;
    uint16_t slot = s->warp_slot[ev->warp];
    uint32_t cta = s->slot_cta[slot];
    if (ev->hit) {
        icta_kernel_t *k = kernel_of(s->g, s->slot_kid[slot]);
        uint32_t f = gm_linemap_get(&s->filler, ev->line);
        k->l1_hits++;
        k->l1_hits_inter += f && f != cta;
    } else if (!ev->write) {
        gm_linemap_swap(&s->filler, ev->line, cta);
    }
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    icta_t *g = self;
    if (site->kind == GM_SITE_GPU && g->tp.SETS) {
        if (!(g->trk = gm_blk_new(site->ctx->reg, &icta_profiler_desc, &g->tp, "icta_profiler",
                                  err)))
            return -1;
        memset(g->trk->in, 0, sizeof(icta_profiler_in_t));
        return 0;
    }
    if (site->kind != GM_SITE_SM)
        return 0;
    icta_sm_t *s = &g->sm[site->id];
    if (gm_hooks_add(&site->sm->hook.cta, on_cta, s, site->name, err) ||
        gm_hooks_add(&site->lsu->hook.access, on_access, s, site->name, err) ||
        gm_hooks_add(&site->cache->hook.access, on_l1d, s, site->name, err))
        return -1;
    return 0;
}

static double share(uint64_t a, uint64_t b) { return a + b ? (double)a / (double)(a + b) : 0; }

/* The tracker's counts beside the exact ones (e: the exact first, intra,
 * inter) and its error: first touches gained (every one a reuse the
 * exact profiler saw, at most one per eviction) and the inter-CTA share
 * it reports minus the exact share. */
static void tracker_obj(cJSON *parent, const uint64_t t[4], uint64_t evict, const uint64_t e[3])
{
    cJSON *o = cJSON_AddObjectToObject(parent, "tracker");
    double ts = share(t[IPF_INTER], t[IPF_INTRA]), es = share(e[2], e[1]);
    cJSON_AddNumberToObject(o, "first_touch", (double)t[IPF_FIRST]);
    cJSON_AddNumberToObject(o, "intra_cta", (double)t[IPF_INTRA]);
    cJSON_AddNumberToObject(o, "inter_cta", (double)t[IPF_INTER]);
    cJSON_AddNumberToObject(o, "inter_share", ts);
    cJSON_AddNumberToObject(o, "evictions", (double)evict);
    cJSON_AddNumberToObject(o, "first_excess", (double)t[IPF_FIRST] - (double)e[0]);
    cJSON_AddNumberToObject(o, "inter_share_error", ts - es);
}

static void stats(const void *self, cJSON *root)
{
    const icta_t *g = self;
    cJSON *o = cJSON_AddObjectToObject(root, "icta");
    cJSON *a = cJSON_AddArrayToObject(o, "kernels");
    uint64_t tf = 0, ti = 0, te = 0, th = 0, thi = 0, tt[4] = {0}, tev = 0;
    double sum = 0;
    uint32_t nr = 0;
    for (uint32_t i = 0; i < g->nk; i++) {
        const icta_kernel_t *k = &g->k[i];
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "launch", (double)k->kid);
        cJSON_AddNumberToObject(e, "first_touch", (double)k->first);
        cJSON_AddNumberToObject(e, "intra_cta", (double)k->intra);
        cJSON_AddNumberToObject(e, "inter_cta", (double)k->inter);
        cJSON_AddNumberToObject(e, "inter_share", share(k->inter, k->intra));
        cJSON_AddNumberToObject(e, "l1d_hits", (double)k->l1_hits);
        cJSON_AddNumberToObject(e, "l1d_hits_inter_cta", (double)k->l1_hits_inter);
        if (g->trk) {
            const uint64_t ex[3] = {k->first, k->intra, k->inter};
            tracker_obj(e, k->t_cnt, k->t_evict, ex);
            for (unsigned c = 0; c < 4; c++)
                tt[c] += k->t_cnt[c];
            tev += k->t_evict;
        }
        cJSON_AddItemToArray(a, e);
        tf += k->first;
        ti += k->intra;
        te += k->inter;
        th += k->l1_hits;
        thi += k->l1_hits_inter;
        if (k->intra + k->inter) {
            sum += share(k->inter, k->intra);
            nr++;
        }
    }
    cJSON_AddNumberToObject(o, "first_touch", (double)tf);
    cJSON_AddNumberToObject(o, "intra_cta", (double)ti);
    cJSON_AddNumberToObject(o, "inter_cta", (double)te);
    cJSON_AddNumberToObject(o, "inter_share", share(te, ti));
    cJSON_AddNumberToObject(o, "inter_share_kernel_mean", nr ? sum / nr : 0);
    cJSON_AddNumberToObject(o, "l1d_hits", (double)th);
    cJSON_AddNumberToObject(o, "l1d_hits_inter_cta", (double)thi);
    if (g->trk) {
        const uint64_t ex[3] = {tf, ti, te};
        tracker_obj(o, tt, tev, ex);
        cJSON *t = cJSON_GetObjectItem(o, "tracker");
        cJSON_AddNumberToObject(t, "sets", g->tp.SETS);
        cJSON_AddNumberToObject(t, "ways", g->tp.WAYS);
        cJSON_AddNumberToObject(t, "cta_w", g->tp.CTA_W);
        cJSON_AddNumberToObject(t, "gran_log2", g->lb);
        cJSON_AddNumberToObject(t, "max_accesses_per_cycle", (double)g->max_in_cyc);
    }
}

static void release(void *self)
{
    icta_t *g = self;
    if (!g)
        return;
    for (uint32_t i = 0; g->sm && i < g->nsm; i++) {
        free(g->sm[i].slot_cta);
        free(g->sm[i].slot_kid);
        free(g->sm[i].warp_slot);
        gm_linemap_free(&g->sm[i].filler);
    }
    free(g->sm);
    gm_linemap_free(&g->last);
    free(g->k);
    free(g);
}

const gm_plugin_t gm_plugin_icta = {
    .name = "icta",
    .doc = "the inter-CTA reuse profiler (seed-002 §2.4, §10.5)",
    .section = "icta",
    .schema = &schema,
    .cfg_size = sizeof(icta_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .stats = stats,
    .free = release,
};
