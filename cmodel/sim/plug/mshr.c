/* The MSHR of every cache: the conventional `mshr` block, or the
 * `dlmshr` block (a cache's "mshr": "dl") with the same slot budget
 * (entries x merge slots, as seed-001 §3.8 compares them), half its slot
 * sets reserved for heads (Opt. 4) and the extra access cycle of §3.7. The
 * two share their port names (seed-001 §9.2), so one body drives both. A
 * cycle with neither a request nor a fill that would only count (the
 * block's X_tick_idle) takes the block's fast path (with RTL attached,
 * every cycle runs whole).
 *
 * Its section "dlmshr" sets the DL-MSHR's access latency (2, §3.7; 1 for
 * the seed's main comparison, A15), its deallocation (ripple, the literal
 * reading of Fig 3.8, or parallel, A9) and whether half the sets are
 * reserved for heads (Opt. 4). Its stats object "mshr" gives each level's
 * slot utilization (occupied slots over the slot budget, averaged over the
 * level's cycles: §3.9's "per-slot basis") and MSHR reservation fails. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/dlmshr.h"
#include "blocks/mshr.h"
#include "sim/plugin.h"

/* An instance as the hot path sees it: its ports and state directly. */
typedef struct port {
    void *in, *out, *st;
    gm_blk_t *b;
    const gm_registry_t *reg; /* its hooks: lockstep or recording attached */
} port_t;

#define GM_MSHR_DRIVE(T)                                                                   \
    static void drive_##T(void *self, gm_mshr_io_t *io)                                    \
    {                                                                                      \
        port_t *x = self;                                                                  \
        T##_in_t *in = x->in;                                                              \
        const T##_out_t *out = x->out;                                                     \
        gm_blk_t *rtl = x->reg->hooks && x->b->rtl ? x->b : NULL;                          \
        if (!io->req && !io->fill && !rtl && T##_tick_idle(x->st)) {                       \
            io->busy = io->accept = io->primary = io->rf = io->issue = io->fwd = 0;        \
            return; /* nothing new and nothing to put out: the cycle only counted */       \
        }                                                                                  \
        in->req_valid = (uint64_t)io->req;                                                 \
        in->req_blk = io->req ? io->req_blk : 0;                                           \
        in->req_info = io->req ? io->req_info : 0;                                         \
        in->req_is_wr = io->req ? (uint64_t)io->req_wr : 0;                                \
        in->prb_blk = in->req_blk;                                                         \
        in->fill_valid = (uint64_t)io->fill;                                               \
        in->fill_blk = io->fill ? io->fill_blk : 0;                                        \
        in->fwd_ready = (uint64_t)io->fwd_ready;                                           \
        T##_eval(x->st, in, x->out); /* direct: the hot path of every cache */            \
        if (rtl)                                                                           \
            rtl->hooks->eval(rtl, rtl->hooks->ctx);                                        \
        io->busy = io->req && !out->req_ready;                                             \
        io->accept = io->req && out->req_accept;                                           \
        io->primary = io->req && out->req_primary;                                         \
        io->rf = io->req && out->req_rf;                                                   \
        io->issue = (int)out->miss_issue_valid;                                            \
        io->issue_blk = (uint32_t)out->miss_issue_blk;                                     \
        io->fwd = out->fwd_valid && io->fwd_ready;                                         \
        io->fwd_info = (uint32_t)out->fwd_info;                                            \
        T##_tick(x->st, in);                                                               \
        if (rtl)                                                                           \
            rtl->hooks->tick(rtl, rtl->hooks->ctx);                                        \
    }
GM_MSHR_DRIVE(mshr)
GM_MSHR_DRIVE(dlmshr)

static int wait_mshr(void *self)
{
    port_t *x = self;
    return !(x->reg->hooks && x->b->rtl) && mshr_tick_idle(x->st);
}

static int wait_dlmshr(void *self)
{
    port_t *x = self;
    return !(x->reg->hooks && x->b->rtl) && dlmshr_tick_idle(x->st);
}

static int skip_mshr(void *self, uint64_t n)
{
    port_t *x = self;
    return !(x->reg->hooks && x->b->rtl) && mshr_tick_idle_n(x->st, n);
}

/* An idle DL-MSHR's waiting cycle counts nothing (dlmshr_tick_idle). */
static int skip_dlmshr(void *self, uint64_t n)
{
    port_t *x = self;
    (void)n;
    return !(x->reg->hooks && x->b->rtl) && dlmshr_tick_idle(x->st);
}

static int fwd_mshr(const void *self)
{
    return mshr_fwd_pending(((const port_t *)self)->st);
}

static int fwd_dlmshr(const void *self)
{
    return dlmshr_fwd_pending(((const port_t *)self)->st);
}

enum { DL_RIPPLE, DL_PARALLEL };
static const char *const dealloc_names[] = {"ripple", "parallel", NULL};

typedef struct dl_cfg {
    uint32_t access_lat;
    int dealloc;
    int reserve;
} dl_cfg_t;
_Static_assert(sizeof(dl_cfg_t) <= GM_PLUG_CFG_BYTES, "dlmshr section too large");

#define S dl_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_UINT_U(S, access_lat, 2, 1, 4, "cycles",
                    "DL-MSHR ACCESS_LAT: cycles from accepting a primary "
                    "to issuing it (seed-001 §3.7: 2)"),
    GM_FIELD_ENUM(S, dealloc, DL_RIPPLE, dealloc_names,
                  "DL-MSHR DEALLOC_MODE: ripple (tail to head, 2 cycles a set) or parallel"),
    GM_FIELD_BOOL(S, reserve, 1, "DL-MSHR Opt. 4: half the slot sets reserved for heads"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

/* A cache's MSHR as the stats see it: its block, its level, its slot
 * budget and the clock it counts. */
typedef struct site_ref {
    port_t *x;
    int l2;
    uint32_t slots;
    const uint64_t *now;
} site_ref_t;

typedef struct ports {
    port_t *v;
    site_ref_t *ref;
    uint32_t n, cap;
    dl_cfg_t c;
} ports_t;

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    ports_t *all = calloc(1, sizeof *all);
    if (all) {
        all->cap = env->cfg->sm.count + env->nbanks;
        all->v = calloc(all->cap, sizeof *all->v);
        all->ref = calloc(all->cap, sizeof *all->ref);
        all->c = *(const dl_cfg_t *)cfg;
    }
    *self = all;
    return all && all->v && all->ref ? 0 : gm_errf(err, "mshr: out of memory");
}

static void release(void *self)
{
    ports_t *all = self;
    if (all) {
        free(all->v);
        free(all->ref);
    }
    free(all);
}

static gm_blk_t *make_dl(const dl_cfg_t *dc, const gm_cache_cfg_t *c, gm_registry_t *reg,
                         const char *path, gm_err_t *err)
{
    uint32_t slots = c->mshr_entries * c->mshr_merge;
    if (slots % 2 || slots / 2 < 2 || slots / 2 > DL_MAX_SETS) {
        gm_errf(err, "%s: a DL-MSHR of %u entries x %u slots needs an even slot count "
                     "of 4..%u (sets of 2 slots)",
                path, c->mshr_entries, c->mshr_merge, 2 * DL_MAX_SETS);
        return NULL;
    }
    dlmshr_params_t p;
    memset(&p, 0, sizeof p);
    p.NSETS = slots / 2;
    p.NRESV = dc->reserve ? p.NSETS / 2 : 0;
    p.ACCESS_LAT = dc->access_lat;
    p.DEALLOC_MODE = dc->dealloc == DL_PARALLEL;
    p.LINK_EN = 1;
    return gm_blk_new(reg, &dlmshr_desc, &p, path, err);
}

static gm_blk_t *make_conventional(const gm_cache_cfg_t *c, gm_registry_t *reg,
                                   const char *path, gm_err_t *err)
{
    if (c->mshr_entries > MSHR_MAX_ENT || c->mshr_merge > MSHR_MAX_SLOT) {
        gm_errf(err, "%s: %u entries x %u slots exceed the mshr block's %u x %u", path,
                c->mshr_entries, c->mshr_merge, MSHR_MAX_ENT, MSHR_MAX_SLOT);
        return NULL;
    }
    mshr_params_t p;
    memset(&p, 0, sizeof p);
    p.NENT = c->mshr_entries;
    p.NSLOT = c->mshr_merge;
    p.ACCESS_LAT = 1;
    return gm_blk_new(reg, &mshr_desc, &p, path, err);
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    ports_t *all = self;
    if (!site->cache)
        return 0;
    const gm_cache_cfg_t *c = site->cache->p.cfg;
    int dl = c->mshr == GM_MSHR_DL;
    char path[48];
    snprintf(path, sizeof path, "%s.%s", site->cache->name, dl ? "dlmshr" : "mshr");
    gm_blk_t *b = dl ? make_dl(&all->c, c, site->ctx->reg, path, err)
                     : make_conventional(c, site->ctx->reg, path, err);
    if (!b)
        return -1;
    if (all->n == all->cap)
        return gm_errf(err, "%s: more caches than the mshr plug-in was made for", path);
    port_t *x = &all->v[all->n];
    *x = (port_t){.in = b->in, .out = b->out, .st = b->st, .b = b, .reg = site->ctx->reg};
    all->ref[all->n++] = (site_ref_t){.x = x, .l2 = site->kind == GM_SITE_L2,
                                      .slots = c->mshr_entries * c->mshr_merge,
                                      .now = site->ctx->now};
    site->cache->mshr = (gm_mshr_port_t){.cycle = dl ? drive_dlmshr : drive_mshr,
                                         .wait = dl ? wait_dlmshr : wait_mshr,
                                         .skip = dl ? skip_dlmshr : skip_mshr,
                                         .fwd_pending = dl ? fwd_dlmshr : fwd_mshr, .self = x};
    return 0;
}

/* A block's counter by name, through its descriptor (the block contract's
 * counters: no read of its state around the ports); 0 if it has none. */
static uint64_t counter(const gm_blk_t *b, const char *name)
{
    uint64_t v[32];
    if (b->d->n_counters > sizeof v / sizeof v[0])
        return 0;
    b->d->get_counters(b->st, v);
    for (unsigned i = 0; i < b->d->n_counters; i++)
        if (!strcmp(b->d->counters[i], name))
            return v[i];
    return 0;
}

/* Per level: occupied slots summed over cycles, the budget's slot-cycles,
 * and the MSHR's reservation fails. */
static void stats(const void *self, cJSON *root)
{
    const ports_t *all = self;
    double occ[2] = {0, 0}, cap[2] = {0, 0};
    uint64_t rf[2] = {0, 0}, merges[2] = {0, 0};
    for (uint32_t i = 0; i < all->n; i++) {
        const site_ref_t *r = &all->ref[i];
        const gm_blk_t *b = r->x->b;
        occ[r->l2] += (double)counter(b, "slot_cycles");
        cap[r->l2] += (double)r->slots * (double)*r->now;
        rf[r->l2] += counter(b, "rf_entry_full") + counter(b, "rf_merge_full");
        merges[r->l2] += counter(b, "merges");
    }
    cJSON *o = cJSON_AddObjectToObject(root, "mshr");
    static const char *const level[2] = {"l1d", "l2"};
    for (int l = 0; l < 2; l++) {
        cJSON *v = cJSON_AddObjectToObject(o, level[l]);
        gm_stats_add_r(v, "slot_util", cap[l] > 0 ? occ[l] / cap[l] : 0);
        gm_stats_add_u(v, "rf", rf[l]);
        gm_stats_add_u(v, "merges", merges[l]);
    }
    gm_stats_add_r(o, "slot_util", cap[0] + cap[1] > 0 ? (occ[0] + occ[1]) / (cap[0] + cap[1]) : 0);
    gm_stats_add_u(o, "rf", rf[0] + rf[1]);
}

const gm_plugin_t gm_plugin_mshr = {
    .name = "mshr",
    .doc = "the MSHR of every cache: mshr, or dlmshr (\"mshr\": \"dl\"); section dlmshr",
    .section = "dlmshr",
    .schema = &schema,
    .cfg_size = sizeof(dl_cfg_t),
    .init = init,
    .attach = attach,
    /* its part's waiting cycles are the caches' (gm_cache_next) */
    .next_event = gm_plug_no_event,
    .stats = stats,
    .free = release,
};
