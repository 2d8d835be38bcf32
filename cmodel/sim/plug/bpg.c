/* Model-driven bypassing (MDB, seed-000 ch.2): a bpg block beside every
 * SM's L1D (its set index and geometry, 1:8 set sampling). Every access
 * the LSU gets accepted on either path and every reservation fail of the
 * L1D path feed it; a new kernel on the SM relaunches it; each memory
 * instruction's warp/TB takes the bypass path when its decision says so.
 * Granularity (seed-000 §4.1, §4.4): with more than one TB on the SM, TBs
 * (N = the TBs it holds at once: the kernel's CTA slots, or its share of a
 * smaller grid), with one, that TB's warps (N = its warps). G-BPG ("global"): monitor_sm's decision is broadcast and the
 * others latch it a cycle later. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/bpg.h"
#include "blocks/shadow_tags.h"
#include "sim/plugin.h"

typedef struct bpg_cfg {
    int enable, global; /* global: G-BPG, monitor_sm's parameter for every SM */
    uint32_t monitor_sm, interval, start_mode, rf_scale_shift, rf_rescale, sample_mode;
} bpg_cfg_t;
_Static_assert(sizeof(bpg_cfg_t) <= GM_PLUG_CFG_BYTES, "bpg section too large");

#define S bpg_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "MDB: a bpg per SM decides which warps/TBs bypass the L1D"),
    GM_FIELD_BOOL(S, global, 0, "G-BPG: monitor_sm's parameter is broadcast to every SM"),
    GM_FIELD_UINT(S, monitor_sm, 0, 0, 255, "the SM whose BPG decides in G-BPG mode"),
    GM_FIELD_UINT(S, interval, 1000, 2, 1024, "bpg INTERVAL: accesses per decision"),
    GM_FIELD_UINT(S, start_mode, 0, 0, 1,
        "bpg START_MODE: before the first decision, 0 no bypass, 1 bypass all"),
    GM_FIELD_UINT(S, rf_scale_shift, 0, 0, 5,
        "bpg RF_SCALE_SHIFT: the reservation-fail estimate is shifted "
        "right by this (3: sampled hits against whole-cache fails)"),
    GM_FIELD_UINT(S, rf_rescale, 0, 0, 1,
        "bpg RF_RESCALE: the reservation-fail estimate scaled by 0 "
        "(L/N)^3, 1 (L/L_cur)^3"),
    GM_FIELD_UINT(S, sample_mode, 0, 0, 1,
        "bpg SAMPLE_MODE: the shadow tags sample 0 sets spread over the "
        "cache, 1 the low sets"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct bus { /* the G-BPG broadcast, taken by the others next cycle */
    uint64_t cycle;
    uint8_t valid, mode_tb, lmax, bypass_en;
} bus_t;

typedef struct bpg_sm {
    gm_blk_t *b;
    gm_cache_t *l1d;
    const uint64_t *now;
    bus_t *bus;
    uint32_t line;
    int monitor, follower;     /* drives the bus / latches it */
    uint8_t launch, ntb, wpt;  /* a kernel arrived: (re)launch it */
    uint32_t kid;              /* the kernel it was launched for */
    uint32_t nsm;
} bpg_sm_t;

typedef struct mdb {
    bpg_cfg_t c;
    uint32_t nsm;
    bus_t bus;
    bpg_sm_t *sm;
} mdb_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const bpg_cfg_t *)cfg)->enable;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const bpg_cfg_t *b = cfg;
    const gm_cache_cfg_t *l = &c->l1d.c;
    if (!b->enable)
        return 0;
    if (l->sets > 256 || (l->sets & (l->sets - 1)) || l->ways > SHT_MAX_WAYS)
        return gm_errf(err, "%s: $.bpg: the shadow tags need a power-of-two L1D of at most 256 "
                            "sets and %u ways ($.l1d.c: %u x %u)",
                       file, SHT_MAX_WAYS, l->sets, l->ways);
    if (b->global && b->monitor_sm >= c->sm.count)
        return gm_errf(err, "%s: $.bpg.monitor_sm: %u, but there are %u SMs", file,
                       b->monitor_sm, c->sm.count);
    return 0;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    mdb_t *m = calloc(1, sizeof *m);
    if (m)
        m->sm = calloc(env->cfg->sm.count, sizeof *m->sm);
    *self = m;
    if (!m || !m->sm)
        return gm_errf(err, "bpg: out of memory");
    m->c = *(const bpg_cfg_t *)cfg;
    m->nsm = env->cfg->sm.count;
    return 0;
}

static void on_cta(void *self, void *vev)
{
    bpg_sm_t *s = self;
    const gm_cta_ev_t *ev = vev;
    if (s->kid == ev->kid)
        return;
    /* The TBs the SM will hold at once: its slots for the kernel, unless
     * the grid spread over the SMs leaves it fewer (the dispatcher deals
     * CTAs round-robin). [INTERP] N is latched at launch, not as the count
     * drifts in the kernel's tail: a relaunch would reset the monitors. */
    uint32_t share = (ev->ctas + s->nsm - 1) / s->nsm;
    uint32_t tbs = ev->fit < share ? ev->fit : share;
    s->kid = ev->kid;
    s->launch = 1;
    s->ntb = (uint8_t)(tbs < 15 ? tbs : 15);
    s->wpt = (uint8_t)(ev->warps < 63 ? ev->warps : 63);
}

/* The bypass decision for the instruction's warp/TB (seed-000 §10.8):
 * combinational on the BPG's registers. */
static void on_bypass(void *self, void *vev)
{
    bpg_sm_t *s = self;
    gm_bypass_ev_t *ev = vev;
    bpg_in_t *bi = s->b->in;
    bi->q_wid = ev->mi->in_cta & 63u;
    bi->q_tb = ev->mi->cta & 15u;
    gm_blk_eval(s->b);
    ev->bypass |= (int)((const bpg_out_t *)s->b->out)->route_bypass;
}

/* The BPG's cycle: the launch, the access accepted on either path (its L1D
 * set and block, its warp/TB), an L1D-path reservation fail, the G-BPG
 * bus; evaluated, the master's update broadcast, clocked. */
static void on_access(void *self, void *vev)
{
    bpg_sm_t *s = self;
    const gm_lsu_access_ev_t *ev = vev;
    bpg_in_t *bi = s->b->in;
    const bpg_out_t *bo = s->b->out;
    uint64_t now = *s->now;
    if (s->launch) {
        bi->launch = 1;
        bi->n_active_tb = s->ntb;
        bi->warps_per_tb = s->wpt;
        s->launch = 0;
    }
    if (ev->valid) {
        bi->acc_valid = 1;
        bi->acc_set = gm_cache_set(s->l1d, ev->line);
        bi->acc_tag = ev->line / s->line;
        bi->acc_wid = ev->in_cta & 63u;
        bi->acc_tb = ev->cta & 15u;
    }
    bi->rf_pulse = (uint64_t)ev->rf;
    if (s->follower && s->bus->valid && s->bus->cycle + 1 == now) {
        bi->g_in_valid = 1;
        bi->g_in_mode_tb = s->bus->mode_tb;
        bi->g_in_lmax = s->bus->lmax;
        bi->g_in_bypass_en = s->bus->bypass_en;
    }
    gm_blk_eval(s->b);
    if (bo->g_valid && s->monitor) {
        s->bus->cycle = now;
        s->bus->valid = 1;
        s->bus->mode_tb = (uint8_t)bo->g_mode_tb;
        s->bus->lmax = (uint8_t)bo->g_lmax;
        s->bus->bypass_en = (uint8_t)bo->g_bypass_en;
    }
    gm_blk_tick(s->b);
    memset(bi, 0, sizeof *bi);
}

static void on_idle(void *self, void *vev)
{
    bpg_sm_t *s = self;
    if (s->launch || (s->bus->valid && s->bus->cycle + 1 == *s->now))
        ((gm_idle_ev_t *)vev)->busy = 1;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    mdb_t *m = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    const gm_cache_cfg_t *l = site->cache->p.cfg;
    bpg_sm_t *s = &m->sm[site->id];
    s->monitor = m->c.global && site->id == m->c.monitor_sm;
    s->follower = m->c.global && !s->monitor;
    /* 1:8 set sampling (4 of 32 sets), as seed-000 §4.3. */
    bpg_params_t p = {.SETS = l->sets, .NSAMP = l->sets >= 8 ? l->sets / 8 : 1,
                      .WAYS = l->ways, .SAMPLE_MODE = m->c.sample_mode,
                      .INTERVAL = m->c.interval, .E_SHIFT = 1,
                      .RF_SCALE_SHIFT = m->c.rf_scale_shift, .RF_RESCALE = m->c.rf_rescale,
                      .START_MODE = m->c.start_mode, .GLOBAL = (uint32_t)s->follower};
    char path[48];
    snprintf(path, sizeof path, "%s.bpg", site->name);
    if (!(s->b = gm_blk_new(site->ctx->reg, &bpg_desc, &p, path, err)))
        return -1;
    s->l1d = site->cache;
    s->now = site->ctx->now;
    s->bus = &m->bus;
    s->line = l->line;
    s->nsm = m->nsm;
    if (gm_hooks_add(&site->sm->hook.cta, on_cta, s, path, err) ||
        gm_hooks_add(&site->sm->hook.idle, on_idle, s, path, err) ||
        gm_hooks_add(&site->lsu->hook.bypass, on_bypass, s, path, err) ||
        gm_hooks_add(&site->lsu->hook.access, on_access, s, path, err))
        return -1;
    return 0;
}

static void release(void *self)
{
    mdb_t *m = self;
    if (m)
        free(m->sm);
    free(m);
}

const gm_plugin_t gm_plugin_bpg = {
    .name = "bpg",
    .doc = "model-driven warp/TB bypassing (seed-000 ch.2)",
    .section = "bpg",
    .schema = &schema,
    .cfg_size = sizeof(bpg_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .free = release,
};
