/* The set index of every cache (the L1Ds and the L2 banks): a set_hash
 * block (seed-000 §5.1) with the cache's line size, set count and function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/set_hash.h"
#include "sim/plugin.h"
#include "util/bits.h"

typedef struct idx {
    set_hash_in_t *in;        /* the block's ports and state, for the hot path */
    const set_hash_out_t *out;
    void *st;
    gm_blk_t *b;
    const gm_registry_t *reg; /* its hooks: lockstep or recording attached */
    uint8_t now;              /* a lookup this cycle (in_valid 1) */
    uint8_t looked_up;        /* ... and at the last edge */
} idx_t;

/* The block's eval and tick are called directly (every cache calls them
 * every cycle); the lockstep hooks still see every call. */
static uint32_t index_of(void *self, uint32_t addr)
{
    idx_t *x = self;
    set_hash_in_t *in = x->in;
    in->addr = addr;
    in->in_valid = 1;
    x->now = 1;
    set_hash_eval(x->st, in, (set_hash_out_t *)x->out);
    if (x->reg->hooks && x->b->rtl)
        x->b->hooks->eval(x->b, x->b->hooks->ctx);
    return (uint32_t)x->out->set_idx;
}

/* Clocked every cycle of the cache's clock, like every block -- but for a
 * cycle without a lookup after an edge without one: that changes nothing
 * (its address is held, its valid bit already 0), so when only the C model
 * runs it is not clocked. */
static void tick(void *self)
{
    idx_t *x = self;
    if (!x->now && !x->looked_up && !x->reg->hooks)
        return; /* without touching the block: this runs for every cache every cycle */
    set_hash_in_t *in = x->in;
    set_hash_tick(x->st, in);
    if (x->reg->hooks && x->b->rtl)
        x->b->hooks->tick(x->b, x->b->hooks->ctx);
    x->looked_up = x->now;
    x->now = 0;
    in->in_valid = 0;
}

typedef struct idx_all {
    idx_t *v;
    uint32_t n, cap;
} idx_all_t;

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    (void)cfg;
    idx_all_t *all = calloc(1, sizeof *all);
    if (all) {
        all->cap = env->cfg->sm.count + env->nbanks;
        all->v = calloc(all->cap, sizeof *all->v);
    }
    *self = all;
    return all && all->v ? 0 : gm_errf(err, "set_index: out of memory");
}

static void release(void *self)
{
    idx_all_t *all = self;
    if (all)
        free(all->v);
    free(all);
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    if (!site->cache)
        return 0;
    const gm_cache_cfg_t *c = site->cache->p.cfg;
    set_hash_params_t p;
    char path[48];
    memset(&p, 0, sizeof p);
    p.LB = gm_log2_ceil(c->line);
    p.SB = gm_log2_ceil(c->sets);
    p.XOR_SHIFT = c->xor_shift;
    snprintf(path, sizeof path, "%s.set_hash", site->cache->name);
    idx_all_t *all = self;
    if (all->n == all->cap)
        return gm_errf(err, "%s: more caches than set_index was made for", path);
    idx_t *x = &all->v[all->n++];
    if (!(x->b = gm_blk_new(site->ctx->reg, &set_hash_desc, &p, path, err)))
        return -1;
    x->reg = site->ctx->reg;
    x->in = x->b->in;
    x->out = x->b->out;
    x->st = x->b->st;
    ((set_hash_in_t *)x->b->in)->func_sel = (uint64_t)c->set_func;
    site->cache->index = (gm_index_t){.index = index_of, .tick = tick, .self = x};
    return 0;
}

const gm_plugin_t gm_plugin_set_index = {
    .name = "set_index",
    .doc = "the set index of every cache: the set_hash block (l1d.c.set_func, l2.c.set_func)",
    .init = init,
    .attach = attach,
    /* its index is clocked by the caches (gm_cache_skip) */
    .next_event = gm_plug_no_event,
    .free = release,
};
