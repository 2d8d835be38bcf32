/* The locality-filtered L1D (seed-004 ch.4): a dts block is every L1D's
 * tag store (its tag ways over the L1D's sets and ways). Loads hit (one
 * cycle later: the tag probe), merge into a pending miss, insert (the MSHR
 * takes the miss; if it refuses, the tag store refuses too, so nothing
 * commits), or bypass; stores write-evict. SM dueling ("duel", §1.10): one
 * dts_duel block for the GPU counts SM0's (always filtering) and SM1's
 * (never filtering) accepted loads and non-hits; the other SMs' tag stores
 * follow its decision, which they read at the start of each core cycle.
 * A sectored L1D (l1d.c.sector) gives the block sector addresses and
 * SECTORS = line / sector: its data lines keep per-sector valid and pending
 * bits, its tag store and locality filter stay per line (dts.ports). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/dts.h"
#include "blocks/dts_duel.h"
#include "sim/plugin.h"

typedef struct dts_cfg {
    int enable;
    uint32_t tag_ways, threshold;
    int duel;                 /* SM dueling picks the mode of SMs 2.. (dts_duel) */
    uint32_t duel_interval, duel_rel, duel_margin;
} dts_cfg_t;
_Static_assert(sizeof(dts_cfg_t) <= GM_PLUG_CFG_BYTES, "dts section too large");

#define S dts_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "decoupled tag store: the dts block is the L1D's tag store"),
    GM_FIELD_UINT(S, tag_ways, 8, 2, 8, "dts TW: tag-store ways (more than the L1D's ways)"),
    GM_FIELD_UINT(S, threshold, 2, 0, 63, "dts T: reuse count a line needs to be cached"),
    GM_FIELD_BOOL(S, duel, 0, "SM dueling: SM0 filters, SM1 is the baseline, the rest follow "
                              "the lower miss rate (dts_duel)"),
    GM_FIELD_UINT_U(S, duel_interval, 500, 2, 4095, "cycles",
                    "dts_duel INTERVAL: core cycles between comparisons"),
    GM_FIELD_UINT(S, duel_rel, 0, 0, 1, "dts_duel REL: 0 a margin in points, 1 in % of SM1's miss rate"),
    GM_FIELD_UINT(S, duel_margin, 10, 0, 100,
                  "dts_duel MARGIN: how far SM0's miss rate may exceed SM1's with the followers "
                  "filtering (seed-004: 10)"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct dts_gpu dts_gpu_t;

typedef struct dts_sm {
    gm_blk_t *b;
    dts_gpu_t *g;
    uint32_t id;
    uint8_t acc, hit;         /* this cycle: a load accepted, and it hit */
    gm_tagstore_t ts;
} dts_sm_t;

struct dts_gpu {
    dts_cfg_t c;
    gm_blk_t *duel;           /* NULL without dueling */
    int follow;               /* the followers' mode this cycle */
    uint32_t nsm;
    dts_sm_t *sm;
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const dts_cfg_t *)cfg)->enable;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const dts_cfg_t *d = cfg;
    const gm_cache_cfg_t *l = &c->l1d.c;
    if (d->duel && (!d->enable || c->sm.count < 3))
        return gm_errf(err, "%s: $.dts.duel: SM dueling needs $.dts.enable and at least 3 SMs "
                            "(two leaders and a follower; $.sm.count is %u)",
                       file, c->sm.count);
    if (d->enable && (l->line != 1u << DTS_LB || l->sets > DTS_MAX_SETS ||
                      (l->sets & (l->sets - 1)) || l->ways > DTS_MAX_DW ||
                      d->tag_ways <= l->ways))
        return gm_errf(err, "%s: $.dts: needs a 128 B-line L1D of at most %u sets (a power of "
                            "two) and %u ways, and more tag ways (%u) than ways "
                            "($.l1d.c: %u x %u)",
                       file, DTS_MAX_SETS, DTS_MAX_DW, d->tag_ways, l->sets, l->ways);
    /* (A sector is 32 bytes or more, so a 128-byte line has at most
     * DTS_MAX_NS: the config's own check.) */
    return 0;
}

/* Whether an SM's tag store filters: SM0 always, SM1 never, the rest as
 * the duel last decided. */
static int filters(const dts_sm_t *s)
{
    if (!s->g->duel || s->id == 0)
        return 1;
    return s->id == 1 ? 0 : s->g->follow;
}

/* A load (seed-004 §1.7): HIT, a merge into the pending miss (HIT_RESERVED)
 * or an insert (MISS) for the MSHR, a BYPASS, or a reservation fail. */
static int ts_load(void *self, const gm_ts_load_t *q, int *rf)
{
    dts_sm_t *s = self;
    dts_in_t *di = s->b->in;
    const dts_out_t *o = s->b->out;
    di->req_valid = 1;
    di->req_addr = q->addr;
    di->req_first = (uint64_t)q->first;
    di->filter_en = (uint64_t)filters(s);
    di->mshr_ok = q->missq_free >= 2;
    di->merge_ok = 1;
    di->byp_ok = (uint64_t)q->byp_ok;
    gm_blk_eval(s->b);
    switch (o->outcome) {
    case DTS_HIT:
        return GM_TS_HIT;
    case DTS_HIT_RESERVED:
    case DTS_MISS:
        return GM_TS_MISS;
    case DTS_SECTOR_MISS:
        return GM_TS_SECTOR_MISS;
    case DTS_BYPASS:
        return GM_TS_BYPASS;
    default:
        if (o->rf_cause == DTS_RF_BYPASS && !q->net_ok)
            return GM_TS_STALL;
        *rf = o->rf_cause == DTS_RF_RESERVED ? GM_RF_LINE
              : o->rf_cause == DTS_RF_BYPASS ? GM_RF_BYPASS
              : q->missq_free < 2            ? GM_RF_MISSQ
                                             : GM_RF_MSHR;
        return GM_TS_RF;
    }
}

/* Not taken (the data port was busy): as if it never came. Refused by the
 * MSHR: the store refuses too (RF, no change). */
static void ts_undo(void *self, int how)
{
    dts_in_t *di = ((dts_sm_t *)self)->b->in;
    if (how == GM_TS_NOT_TAKEN) {
        di->req_valid = 0;
    } else {
        di->mshr_ok = 0;
        di->merge_ok = 0;
    }
}

/* A store drops its valid sector (write-evict: the whole line when it is
 * one sector), and the line goes with its last. */
static int ts_store(void *self, uint32_t addr)
{
    dts_sm_t *s = self;
    dts_in_t *di = s->b->in;
    di->req_valid = 1;
    di->req_store = 1;
    di->req_first = 1;
    di->req_addr = addr;
    gm_blk_eval(s->b);
    const dts_out_t *o = s->b->out;
    return (o->line_hit ? GM_TS_ST_LINE : 0) | (o->st_drop ? GM_TS_ST_HIT : 0) |
           (o->evict_valid ? GM_TS_ST_EVICT : 0);
}

static void ts_fill(void *self, uint32_t addr)
{
    dts_in_t *di = ((dts_sm_t *)self)->b->in;
    di->fill_valid = 1;
    di->fill_addr = addr;
}

/* The cycle's final inputs, then the edge. */
static void ts_end(void *self)
{
    dts_sm_t *s = self;
    gm_blk_eval(s->b);
    const dts_out_t *o = s->b->out;
    const dts_in_t *di = s->b->in;
    s->acc = di->req_valid && !di->req_store &&
             ((o->outcome >= DTS_HIT && o->outcome <= DTS_BYPASS) ||
              o->outcome == DTS_SECTOR_MISS);
    s->hit = di->req_valid && o->outcome == DTS_HIT;
    gm_blk_tick(s->b);
    memset(s->b->in, 0, sizeof(dts_in_t));
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    dts_gpu_t *g = calloc(1, sizeof *g);
    if (g)
        g->sm = calloc(env->cfg->sm.count, sizeof *g->sm);
    *self = g;
    if (!g || !g->sm)
        return gm_errf(err, "dts: out of memory");
    g->c = *(const dts_cfg_t *)cfg;
    g->nsm = env->cfg->sm.count;
    if (g->c.duel) {
        dts_duel_params_t dp = {.INTERVAL = g->c.duel_interval, .REL = g->c.duel_rel,
                                  .MARGIN = g->c.duel_margin};
        if (!(g->duel = gm_blk_new(env->ctx->reg, &dts_duel_desc, &dp, "dts_duel", err)))
            return -1;
    }
    return 0;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    dts_gpu_t *g = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    const gm_cache_cfg_t *l = site->cache->p.cfg;
    dts_sm_t *s = &g->sm[site->id];
    dts_params_t p = {.SETS = l->sets, .TW = g->c.tag_ways, .DW = l->ways,
                      .T = g->c.threshold, .SECTORS = l->sector ? l->line / l->sector : 1};
    char path[48];
    snprintf(path, sizeof path, "%s.dts", site->cache->name);
    if (!(s->b = gm_blk_new(site->ctx->reg, &dts_desc, &p, path, err)))
        return -1;
    s->g = g;
    s->id = site->id;
    s->ts = (gm_tagstore_t){.load = ts_load, .undo = ts_undo, .store = ts_store,
                            .fill = ts_fill, .end = ts_end, .self = s, .hit_extra = 1};
    site->cache->ts = &s->ts;
    return 0;
}

/* The followers' mode for this cycle: the controller's output, which
 * depends on its state only. */
static void begin(void *self)
{
    dts_gpu_t *g = self;
    if (!g->duel)
        return;
    memset(g->duel->in, 0, sizeof(dts_duel_in_t));
    gm_blk_eval(g->duel);
    g->follow = ((const dts_duel_out_t *)g->duel->out)->filter_en != 0;
}

/* The two leaders' loads of this cycle reach the controller. */
static void end(void *self)
{
    dts_gpu_t *g = self;
    if (!g->duel)
        return;
    dts_duel_in_t *in = g->duel->in;
    in->acc0 = g->sm[0].acc;
    in->hit0 = g->sm[0].hit;
    in->acc1 = g->sm[1].acc;
    in->hit1 = g->sm[1].hit;
    g->sm[0].acc = g->sm[0].hit = g->sm[1].acc = g->sm[1].hit = 0;
    gm_blk_eval(g->duel);
    gm_blk_tick(g->duel);
}

static void release(void *self)
{
    dts_gpu_t *g = self;
    if (g)
        free(g->sm);
    free(g);
}

const gm_plugin_t gm_plugin_dts = {
    .name = "dts",
    .doc = "locality-filtered L1D with a decoupled tag store (seed-004)",
    .section = "dts",
    .schema = &schema,
    .cfg_size = sizeof(dts_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .begin = begin,
    .end = end,
    .free = release,
};
