/* Locality-aware CTA clustering (seed-002): the cluster-aware dispatcher
 * (cta_dispatch) and the CTA remap unit (cta_remap) take over CTA
 * dispatch, one GPU-wide pair. Each cycle the dispatcher names a CTA for
 * one SM ((u) under a baseline policy, or (w, i) under cluster binding),
 * the remap unit turns it into the original CTA (v, bx, by), and that SM
 * places it at its next pick; the workload generator gets by*gdx + bx,
 * so its addresses are exactly the transformed kernel's:
 *   BSL      the baseline policy, identity remap
 *   RD       the baseline policy, Listing 4's redirection (v = f^-1(u/M,
 *            u%M)): clusters land on one SM only under strict RR (§4.1)
 *   CLU      cluster binding, agent a of SM i running base(i) + a, a+A, ...
 *            with A = every CTA the SM holds (Listing 5, E3 corrected)
 *   CLU_TOT  the same with `agents` active agents a SM (throttling)
 * `dir` picks the linear order clusters are cut from (§3.4: row = Y-
 * partition, col = X-partition, tile). Two complements (§4.3), each a
 * file of its own: PFH (cta/pfh.c, the successor prefetch engine at the
 * dispatcher's output, feeding each SM's L1D) and BPS (cta/bps.c, named
 * streaming arrays' loads around the L1D). A retire reaches the dispatcher
 * through a queue, one a cycle (its one retire port). One kernel stream
 * only: the dispatcher's slots are the kernel's. `per_kernel` gives a
 * kernel launch, by name or place in the workload, a scheme of its own:
 * it is read at the launch, the blocks reconfigured with it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/cta_dispatch.h"
#include "blocks/cta_remap.h"
#include "cta/bps.h"
#include "cta/pfh.h"
#include "sim/plugin.h"

enum { SCH_BSL, SCH_RD, SCH_CLU, SCH_CLU_TOT };
static const char *const scheme_names[] = {"BSL", "RD", "CLU", "CLU_TOT", NULL};
static const char *const policy_names[] = {"strict_rr", "rr_demand", "random", NULL};
static const char *const dir_names[] = {"row", "col", "tile", NULL};

typedef struct cta_cfg {
    int enable;
    int scheme, policy, dir;
    uint32_t agents, tw, th, seed, trace;
    cta_pfh_cfg_t pfh;
    cta_bps_cfg_t bps;
    char per_kernel[48];
} cta_cfg_t;
_Static_assert(sizeof(cta_cfg_t) <= GM_PLUG_CFG_BYTES, "cta section too large");

#define S cta_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "CTA clustering: cta_dispatch + cta_remap take over CTA dispatch"),
    GM_FIELD_ENUM(S, scheme, SCH_BSL, scheme_names,
        "BSL, RD (redirection), CLU (agents, all active) or CLU_TOT (agents, throttled)"),
    GM_FIELD_ENUM(S, policy, 1, policy_names,
        "the baseline hardware scheduler BSL and RD run under: strict_rr, rr_demand, random"),
    GM_FIELD_ENUM(S, dir, 0, dir_names,
        "the order clusters are cut from: row (Y-partition), col (X-partition), tile"),
    GM_FIELD_UINT(S, agents, 0, 0, 32, "CLU_TOT: active agents a SM (0: all the SM holds)"),
    GM_FIELD_UINT(S, tw, 2, 1, 255, "tile width in CTAs (dir tile)"),
    GM_FIELD_UINT(S, th, 2, 1, 255, "tile height in CTAs (dir tile)"),
    GM_FIELD_UINT(S, seed, 1, 0, 65535, "the random policy's LFSR seed"),
    GM_FIELD_UINT(S, trace, 0, 0, 65536,
        "CTAs whose SM and cycles the stats list (cta.trace), in placing order; 0: none"),
    GM_FIELD_OBJ(S, pfh, &cta_pfh_schema,
        "PFH: prefetch each dispatched CTA's successor into its SM's L1D (seed-002 §4.3 (III))"),
    GM_FIELD_OBJ(S, bps, &cta_bps_schema,
        "BPS: the streaming arrays' loads bypass the L1D (seed-002 §4.3 (II))"),
    GM_FIELD_STR(S, per_kernel, "",
        "a scheme per kernel launch: KERNEL=SCHEME[/dir[/agents]],... (KERNEL: its name or "
        "its place in the workload's list, from 0); the others take scheme, dir, agents"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

/* The scheme a kernel launch runs under. */
typedef struct kscheme {
    int scheme, dir;
    uint32_t agents;
} kscheme_t;

static int name_index(const char *const *names, const char *v, size_t n)
{
    for (int i = 0; names[i]; i++)
        if (strlen(names[i]) == n && !strncmp(names[i], v, n))
            return i;
    return -1;
}

/* One per_kernel value, SCHEME[/dir[/agents]], onto *ks (holding the
 * section's); NULL, or what is wrong. */
static const char *parse_value(const char *v, size_t n, kscheme_t *ks)
{
    const char *end = v + n, *p = memchr(v, '/', n);
    size_t len = p ? (size_t)(p - v) : n;
    if ((ks->scheme = name_index(scheme_names, v, len)) < 0)
        return "a scheme of BSL, RD, CLU, CLU_TOT";
    ks->agents = 0;
    if (!p)
        return NULL;
    v = p + 1;
    p = memchr(v, '/', (size_t)(end - v));
    len = p ? (size_t)(p - v) : (size_t)(end - v);
    if ((ks->dir = name_index(dir_names, v, len)) < 0)
        return "a dir of row, col, tile";
    if (!p)
        return NULL;
    uint32_t a = 0;
    for (v = p + 1; v < end && *v >= '0' && *v <= '9' && a <= 32; v++)
        a = a * 10 + (uint32_t)(*v - '0');
    if (v != end || a < 1 || a > 32 || p + 1 == end)
        return "agents of 1 to 32";
    if (ks->scheme != SCH_CLU_TOT)
        return "no agents but under CLU_TOT";
    ks->agents = a;
    return NULL;
}

/* Walk per_kernel: the scheme of kernel `name` (place `idx`) into *ks, or
 * with name NULL check every entry. 0, or -1 with *bad, *badn the entry
 * and *why what is wrong. */
static int kernel_scheme(const cta_cfg_t *c, const char *name, uint32_t idx, kscheme_t *ks,
                         const char **bad, size_t *badn, const char **why)
{
    char num[16];
    snprintf(num, sizeof num, "%u", idx);
    *ks = (kscheme_t){c->scheme, c->dir, c->scheme == SCH_CLU_TOT ? c->agents : 0};
    for (const char *e = c->per_kernel; *e;) {
        const char *comma = strchr(e, ',');
        size_t n = comma ? (size_t)(comma - e) : strlen(e);
        const char *eq = memchr(e, '=', n);
        kscheme_t k = *ks;
        *bad = e;
        *badn = n;
        *why = !eq || eq == e ? "KERNEL=SCHEME[/dir[/agents]]"
                              : parse_value(eq + 1, n - (size_t)(eq + 1 - e), &k);
        if (*why)
            return -1;
        size_t kn = (size_t)(eq - e);
        if (name && ((strlen(name) == kn && !strncmp(name, e, kn)) ||
                     (strlen(num) == kn && !strncmp(num, e, kn)))) {
            *ks = k;
            return 0;
        }
        e += comma ? n + 1 : n;
    }
    return 0;
}

typedef struct cta_plug cta_plug_t;

typedef struct cta_sm {
    cta_plug_t *g;
    uint32_t id;
    uint8_t dslot[CTA_DISP_MAX_SLOTS * 2]; /* SM CTA slot -> dispatcher slot */
    uint32_t tslot[CTA_DISP_MAX_SLOTS * 2]; /* SM CTA slot -> trace entry + 1 (0: none) */
} cta_sm_t;

/* One traced CTA: its id, SM, and the cycles it was placed and retired. */
typedef struct cta_trace {
    uint32_t cta, sm;
    uint64_t start, end;
    uint64_t load;       /* its longest load: the Listing-3 t2 - t1 */
} cta_trace_t;

struct cta_plug {
    cta_cfg_t c;
    uint32_t nsm, maxcta;
    gm_blk_t *disp, *remap;
    cta_pfh_t *pfh;
    cta_bps_t *bps;
    cta_sm_t *sm;
    /* the kernel */
    const gm_kernel_t *k;
    uint32_t kid, V, fit, gdx, gdy;
    int launch_pending, index;
    kscheme_t ks;               /* the kernel's scheme */
    /* per kernel launch (the first KLOG): its scheme, CTAs, and the CTAs
     * placed on their cluster's SM (cluster i = base(i) .. + jobs(i)) */
    struct {
        const char *name;
        kscheme_t ks;
        uint64_t ctas, in_cluster;
    } klog[32];
    /* retires on their way to the dispatcher */
    uint16_t *rq;
    uint32_t rq_head, rq_n, rq_cap;
    /* the remap unit's request in flight, and its result */
    uint32_t to_sm, to_slot;
    cta_remap_out_t rout;
    int taken;
    /* counts */
    uint64_t placed, held, tile_fallbacks, kernels;
    uint64_t *per_sm;
    const uint64_t *now;
    cta_trace_t *trace;
    uint32_t ntrace;
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const cta_cfg_t *)cfg)->enable;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const cta_cfg_t *k = cfg;
    if (k->enable && (c->sm.count > CTA_DISP_MAX_SM || c->sm.max_ctas > CTA_DISP_MAX_SLOTS))
        return gm_errf(err, "%s: $.cta.enable: the dispatcher serves at most %d SMs of at most "
                            "%d CTAs ($.sm.count %u, $.sm.max_ctas %u)",
                       file, CTA_DISP_MAX_SM, CTA_DISP_MAX_SLOTS, c->sm.count, c->sm.max_ctas);
    if (k->agents && k->scheme != SCH_CLU_TOT)
        return gm_errf(err, "%s: $.cta.agents: throttling is the CLU_TOT scheme's "
                            "($.cta.scheme is %s)", file, scheme_names[k->scheme]);
    if (k->enable && cta_pfh_check(c, &k->pfh, k->scheme >= SCH_CLU, file, err))
        return -1;
    kscheme_t ks;
    const char *bad, *why;
    size_t badn;
    if (kernel_scheme(k, NULL, 0, &ks, &bad, &badn, &why))
        return gm_errf(err, "%s: $.cta.per_kernel: \"%.*s\": expected %s", file, (int)badn, bad,
                       why);
    if (k->per_kernel[0] && k->pfh.enable)
        return gm_errf(err, "%s: $.cta.per_kernel: PFH follows the section's one scheme "
                            "($.cta.pfh.enable)", file);
    return 0;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    cta_plug_t *g = calloc(1, sizeof *g);
    *self = g;
    if (!g)
        return gm_errf(err, "cta: out of memory");
    if (env->nstreams != 1)
        return gm_errf(err, "cta: clustering takes one kernel stream (the workload has %u)",
                       env->nstreams);
    g->c = *(const cta_cfg_t *)cfg;
    g->nsm = env->cfg->sm.count;
    g->maxcta = env->cfg->sm.max_ctas;
    g->rq_cap = g->nsm * g->maxcta + 1;
    g->sm = calloc(g->nsm, sizeof *g->sm);
    g->rq = calloc(g->rq_cap, sizeof *g->rq);
    g->per_sm = calloc(g->nsm, sizeof *g->per_sm);
    g->now = env->ctx->now;
    if (g->c.trace && !(g->trace = calloc(g->c.trace, sizeof *g->trace)))
        return gm_errf(err, "cta: out of memory");
    if (!g->sm || !g->rq || !g->per_sm)
        return gm_errf(err, "cta: out of memory");
    for (uint32_t i = 0; i < g->nsm; i++) {
        g->sm[i].g = g;
        g->sm[i].id = i;
    }
    if (g->c.pfh.enable && !(g->pfh = cta_pfh_new(env, &g->c.pfh, err)))
        return -1;
    if (g->c.bps.enable && !(g->bps = cta_bps_new(env, &g->c.bps, err)))
        return -1;
    return 0;
}

static unsigned remap_mode(const cta_plug_t *g)
{
    switch (g->ks.scheme) {
    case SCH_RD:
        return CTA_REMAP_REDIRECT;
    case SCH_CLU:
    case SCH_CLU_TOT:
        return CTA_REMAP_CLUSTER;
    default:
        return CTA_REMAP_IDENTITY;
    }
}

/* The remap unit's configuration for the kernel (static while it runs). */
static void remap_cfg(const cta_plug_t *g, cta_remap_in_t *in)
{
    in->cfg_mode = remap_mode(g);
    in->cfg_index = (uint64_t)g->index;
    in->cfg_V = g->V;
    in->cfg_M = g->nsm;
    in->cfg_q = g->V / g->nsm;
    in->cfg_r = g->V % g->nsm;
    in->cfg_gdx = g->gdx;
    in->cfg_gdy = g->gdy & 0xffff;
    in->cfg_tw = g->c.tw;
    in->cfg_th = g->c.th;
    in->cfg_ntx = g->gdx / g->c.tw;
}

static void new_kernel(cta_plug_t *g, const gm_pick_ev_t *ev)
{
    g->k = ev->k;
    g->kid = ev->kid;
    g->V = ev->ctas;
    g->fit = ev->fit;
    g->gdx = ev->k->grid[0];
    g->gdy = ev->k->grid[1] * ev->k->grid[2];
    const char *bad, *why;
    size_t badn;
    /* check() read every entry: this cannot fail */
    (void)kernel_scheme(&g->c, ev->k->name, (ev->kid & 0xffffu) - 1, &g->ks, &bad, &badn, &why);
    if (g->kernels < sizeof g->klog / sizeof g->klog[0]) {
        g->klog[g->kernels].name = ev->k->name;
        g->klog[g->kernels].ks = g->ks;
    }
    g->index = (int)g->ks.dir;
    /* Tiles must cut the grid evenly (INTERP-11): else the rows. */
    if (g->ks.dir == CTA_INDEX_TILE && (g->gdx % g->c.tw || g->gdy % g->c.th)) {
        g->index = CTA_INDEX_ROW;
        g->tile_fallbacks++;
    }
    g->launch_pending = 1;
    g->kernels++;
}

/* An SM may place a CTA: the one the remap unit holds for it, if any. */
static void pick(void *self, void *vev)
{
    cta_sm_t *s = self;
    cta_plug_t *g = s->g;
    gm_pick_ev_t *ev = vev;
    if (ev->kid != g->kid)
        new_kernel(g, ev);
    if (!g->rout.out_valid || g->to_sm != s->id || g->taken) {
        ev->take = 0;
        g->held++;
        return;
    }
    g->taken = 1;
    ev->cta_id = (uint32_t)g->rout.out_by * g->gdx + (uint32_t)g->rout.out_bx;
    s->dslot[ev->slot] = (uint8_t)g->to_slot;
    s->tslot[ev->slot] = 0;
    if (g->ntrace < g->c.trace) {
        g->trace[g->ntrace] = (cta_trace_t){ev->cta_id, s->id, *g->now, 0, 0};
        s->tslot[ev->slot] = ++g->ntrace;
    }
    g->placed++;
    g->per_sm[s->id]++;
    if (g->kernels <= sizeof g->klog / sizeof g->klog[0]) {
        uint32_t q = g->V / g->nsm, r = g->V % g->nsm, i = s->id;
        uint32_t base = i * q + (i < r ? i : r);
        g->klog[g->kernels - 1].ctas++;
        g->klog[g->kernels - 1].in_cluster +=
            ev->cta_id >= base && ev->cta_id < base + q + (i < r);
    }
}

static void retire(void *self, void *vev)
{
    cta_sm_t *s = self;
    cta_plug_t *g = s->g;
    const gm_retire_ev_t *ev = vev;
    if (s->tslot[ev->slot])
        g->trace[s->tslot[ev->slot] - 1].end = *g->now;
    uint32_t t = (g->rq_head + g->rq_n++) % g->rq_cap;
    g->rq[t] = (uint16_t)(s->id << 8 | s->dslot[ev->slot]);
}

/* The active agents a SM: the dispatcher's A = min(launch_active, S), 0
 * meaning S, with S = min(launch_slots, SLOTS), 0 meaning SLOTS. */
static uint32_t agents_active(const cta_plug_t *g)
{
    uint32_t S = g->fit && g->fit < g->maxcta ? g->fit : g->maxcta;
    uint32_t a = g->ks.scheme == SCH_CLU_TOT ? g->ks.agents : 0;
    return a && a < S ? a : S;
}

/* A traced CTA's load finished. */
static void load_done(void *self, void *vev)
{
    cta_sm_t *s = self;
    const gm_lsu_done_ev_t *ev = vev;
    if (!ev->is_load || ev->cta >= CTA_DISP_MAX_SLOTS * 2 || !s->tslot[ev->cta])
        return;
    cta_trace_t *e = &s->g->trace[s->tslot[ev->cta] - 1];
    if (ev->cycles > e->load)
        e->load = ev->cycles;
}

static unsigned disp_policy(const cta_plug_t *g)
{
    return g->ks.scheme >= SCH_CLU ? CTA_POL_CLUSTER_STATIC : (unsigned)g->c.policy;
}

/* The cycle's edge: the dispatcher's pick goes to the remap unit when it is
 * free, the remap unit's result leaves when an SM placed it, one retire
 * reaches the dispatcher. */
static void end(void *self)
{
    cta_plug_t *g = self;
    if (!g->k)
        return;
    cta_dispatch_in_t *din = g->disp->in;
    memset(din, 0, sizeof *din);
    if (g->launch_pending) {
        din->launch_valid = 1;
        din->launch_V = g->V;
        din->launch_policy = disp_policy(g);
        din->launch_slots = g->fit;
        din->launch_active = g->ks.scheme == SCH_CLU_TOT ? g->ks.agents : 0;
        din->launch_seed = g->c.seed;
    }
    din->sm_can_accept = g->nsm >= 32 ? 0xffffffffu : (1u << g->nsm) - 1;
    if (g->rq_n) {
        din->retire_valid = 1;
        din->retire_sm = g->rq[g->rq_head] >> 8;
        din->retire_slot = g->rq[g->rq_head] & 0xff;
    }
    din->disp_ready = g->rout.in_ready;
    gm_blk_eval(g->disp);
    const cta_dispatch_out_t *dout = g->disp->out;

    cta_remap_in_t *rin = g->remap->in;
    memset(rin, 0, sizeof *rin);
    remap_cfg(g, rin);
    rin->in_valid = dout->disp_valid;
    rin->in_u = dout->disp_u;
    rin->in_w = dout->disp_w;
    rin->in_i = dout->disp_i;
    rin->out_ready = (uint64_t)g->taken;
    gm_blk_eval(g->remap);

    int fire = dout->disp_valid && g->rout.in_ready;
    if (fire) {
        g->to_sm = (uint32_t)dout->disp_sm;
        g->to_slot = (uint32_t)dout->disp_slot;
    }
    if (g->pfh)
        cta_pfh_cycle(g->pfh, dout, fire, rin, agents_active(g));
    if (g->launch_pending && dout->launch_ready)
        g->launch_pending = 0;
    gm_blk_tick(g->disp);
    gm_blk_tick(g->remap);
    if (g->rq_n) {
        g->rq_head = (g->rq_head + 1) % g->rq_cap;
        g->rq_n--;
    }
    g->taken = 0;
    /* The next cycle's result: the remap unit's outputs are its state's. */
    rin->in_valid = 0;
    rin->out_ready = 0;
    gm_blk_eval(g->remap);
    g->rout = *(const cta_remap_out_t *)g->remap->out;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    cta_plug_t *g = self;
    if (site->kind == GM_SITE_GPU) {
        cta_dispatch_params_t dp = {.N_SM = g->nsm, .SLOTS = g->maxcta, .TIE = 0};
        /* The combinational divider: one division a cycle, so the unit
         * names a CTA every 3-4 cycles and never slows dispatch. */
        cta_remap_params_t rp = {.DIV_IMPL = 1, .LUT_AW = 6};
        if (!(g->disp = gm_blk_new(site->ctx->reg, &cta_dispatch_desc, &dp, "cta_dispatch", err)) ||
            !(g->remap = gm_blk_new(site->ctx->reg, &cta_remap_desc, &rp, "cta_remap", err)))
            return -1;
        memset(g->remap->in, 0, sizeof(cta_remap_in_t));
        gm_blk_eval(g->remap);
        g->rout = *(const cta_remap_out_t *)g->remap->out;
        return g->pfh ? cta_pfh_attach(g->pfh, site, err) : 0;
    }
    if ((g->pfh && cta_pfh_attach(g->pfh, site, err)) ||
        (g->bps && cta_bps_attach(g->bps, site, err)))
        return -1;
    if (site->kind != GM_SITE_SM)
        return 0;
    cta_sm_t *s = &g->sm[site->id];
    if (gm_hooks_add(&site->sm->hook.pick, pick, s, site->name, err) ||
        gm_hooks_add(&site->sm->hook.retire, retire, s, site->name, err) ||
        (g->c.trace && gm_hooks_add(&site->lsu->hook.done, load_done, s, site->name, err)))
        return -1;
    return 0;
}

static void stats(const void *self, cJSON *root)
{
    const cta_plug_t *g = self;
    cJSON *o = cJSON_AddObjectToObject(root, "cta");
    cJSON_AddStringToObject(o, "scheme", scheme_names[g->c.scheme]);
    cJSON_AddStringToObject(o, "policy", g->c.scheme >= SCH_CLU ? "cluster_static"
                                                                : policy_names[g->c.policy]);
    cJSON_AddStringToObject(o, "dir", dir_names[g->c.dir]);
    cJSON_AddNumberToObject(o, "kernels", (double)g->kernels);
    cJSON_AddNumberToObject(o, "ctas_placed", (double)g->placed);
    cJSON_AddNumberToObject(o, "picks_held", (double)g->held);
    cJSON_AddNumberToObject(o, "tile_fallbacks", (double)g->tile_fallbacks);
    cJSON *a = cJSON_AddArrayToObject(o, "ctas_per_sm");
    for (uint32_t i = 0; i < g->nsm; i++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)g->per_sm[i]));
    if (g->ntrace) {
        /* Columns: CTA id, its SM, the cycles from placing to retiring (-1:
         * still running), and its longest load's cycles. */
        cJSON *tr = cJSON_AddObjectToObject(o, "trace");
        cJSON *ids = cJSON_AddArrayToObject(tr, "cta"), *sms = cJSON_AddArrayToObject(tr, "sm");
        cJSON *cyc = cJSON_AddArrayToObject(tr, "cycles");
        cJSON *ld = cJSON_AddArrayToObject(tr, "load_cycles");
        for (uint32_t i = 0; i < g->ntrace; i++) {
            const cta_trace_t *e = &g->trace[i];
            cJSON_AddItemToArray(ids, cJSON_CreateNumber(e->cta));
            cJSON_AddItemToArray(sms, cJSON_CreateNumber(e->sm));
            cJSON_AddItemToArray(cyc, cJSON_CreateNumber(e->end ? (double)(e->end - e->start)
                                                                : -1));
            cJSON_AddItemToArray(ld, cJSON_CreateNumber((double)e->load));
        }
    }
    if (g->c.per_kernel[0]) {
        /* Each launch's scheme and how many of its CTAs ran on their
         * cluster's SM (all of them under CLU; RD under strict RR). */
        cJSON *ka = cJSON_AddArrayToObject(o, "per_kernel");
        for (uint64_t i = 0; i < g->kernels && i < sizeof g->klog / sizeof g->klog[0]; i++) {
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "kernel", g->klog[i].name);
            cJSON_AddStringToObject(e, "scheme", scheme_names[g->klog[i].ks.scheme]);
            cJSON_AddStringToObject(e, "dir", dir_names[g->klog[i].ks.dir]);
            cJSON_AddNumberToObject(e, "agents", g->klog[i].ks.agents);
            cJSON_AddNumberToObject(e, "ctas", (double)g->klog[i].ctas);
            cJSON_AddNumberToObject(e, "ctas_in_cluster", (double)g->klog[i].in_cluster);
            cJSON_AddItemToArray(ka, e);
        }
    }
    if (g->pfh)
        cta_pfh_stats(g->pfh, o);
    if (g->bps)
        cta_bps_stats(g->bps, o);
}

static void release(void *self)
{
    cta_plug_t *g = self;
    if (g) {
        free(g->sm);
        free(g->rq);
        free(g->per_sm);
        cta_pfh_free(g->pfh);
        free(g->trace);
        cta_bps_free(g->bps);
    }
    free(g);
}

const gm_plugin_t gm_plugin_cta = {
    .name = "cta",
    .doc = "locality-aware CTA clustering: dispatcher and remap unit (seed-002)",
    .section = "cta",
    .schema = &schema,
    .cfg_size = sizeof(cta_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .end = end,
    .stats = stats,
    .free = release,
};
