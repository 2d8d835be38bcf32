/* CART (seed-001 ch.2): a cart block (one branch per DRAM bank) between
 * each L2 bank's incoming queue and its lookup. The queue's head fills the
 * tree (bank, row and the line's column from the DRAM address map, so
 * CART's banks and rows are the scheduler's); the tree offers the request
 * the bank looks up; a request the bank refuses stays in its leaf queue
 * (§2.9). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/cart.h"
#include "sim/plugin.h"

typedef struct cart_cfg {
    int enable;
    uint32_t rows, cols, depth; /* row groups per branch, queues per group, entries */
} cart_cfg_t;
_Static_assert(sizeof(cart_cfg_t) <= GM_PLUG_CFG_BYTES, "cart section too large");

#define S cart_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "CART: the cart block reorders each bank's incoming requests"),
    GM_FIELD_UINT(S, rows, 4, 1, 8, "cart NR: row groups per DRAM-bank branch"),
    GM_FIELD_UINT(S, cols, 2, 1, 2, "cart NC: leaf queues per row group"),
    GM_FIELD_UINT(S, depth, 2, 1, 8, "cart DEPTH: entries per leaf queue"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct cart_bank {
    gm_blk_t *b;
    gm_req_pool_t *pool;
    const gm_addr_map_t *amap;
    uint32_t line;
} cart_bank_t;

typedef struct cart_gpu {
    cart_cfg_t c;
    const gm_addr_map_t *amap;
    uint32_t dram_banks;
    cart_bank_t *bank;
} cart_gpu_t;

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const cart_cfg_t *)cfg)->enable;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    if (((const cart_cfg_t *)cfg)->enable && c->dram.banks > CART_MAX_B)
        return gm_errf(err, "%s: $.l2.cart: a branch per DRAM bank needs $.dram.banks <= %u, "
                            "not %u",
                       file, CART_MAX_B, c->dram.banks);
    return 0;
}

static uint32_t offer(void *self, const gm_fifo_t *inq)
{
    cart_bank_t *k = self;
    cart_in_t *ci = k->b->in;
    const cart_out_t *co = k->b->out;
    memset(ci, 0, sizeof *ci);
    if (!gm_fifo_empty(inq)) {
        const gm_req_t *q = gm_req(k->pool, gm_fifo_head(inq));
        uint32_t line = q->paddr & ~(k->line - 1);
        ci->in_valid = 1;
        ci->in_bank = gm_addr_bank(k->amap, line);
        ci->in_row = gm_addr_row(k->amap, line);
        ci->in_col = gm_addr_col(k->amap, line);
        ci->in_payload = gm_fifo_head(inq);
    }
    gm_blk_eval(k->b);
    return co->out_valid ? (uint32_t)co->out_payload : GM_NO_REQ;
}

/* The outputs do not depend on out_ready, so the fill taken is known. */
static int done(void *self, int taken)
{
    cart_bank_t *k = self;
    cart_in_t *ci = k->b->in;
    ci->out_ready = (uint64_t)taken;
    if (taken)
        gm_blk_eval(k->b);
    int consumed = ((const cart_out_t *)k->b->out)->in_ready != 0;
    gm_blk_tick(k->b);
    return consumed;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    cart_gpu_t *g = calloc(1, sizeof *g);
    if (g)
        g->bank = calloc(env->nbanks, sizeof *g->bank);
    *self = g;
    if (!g || !g->bank)
        return gm_errf(err, "cart: out of memory");
    g->c = *(const cart_cfg_t *)cfg;
    g->amap = env->amap;
    g->dram_banks = env->cfg->dram.banks;
    return 0;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    cart_gpu_t *g = self;
    if (site->kind != GM_SITE_L2)
        return 0;
    cart_bank_t *k = &g->bank[site->id];
    cart_params_t cp;
    memset(&cp, 0, sizeof cp);
    cp.NB = g->dram_banks;
    cp.NR = g->c.rows;
    cp.NC = g->c.cols;
    cp.DEPTH = g->c.depth;
    char path[48];
    snprintf(path, sizeof path, "%s.cart", site->name);
    if (!(k->b = gm_blk_new(site->ctx->reg, &cart_desc, &cp, path, err)))
        return -1;
    k->pool = site->ctx->pool;
    k->amap = g->amap;
    k->line = site->cache->p.cfg->line;
    site->l2->input = (gm_l2_input_t){.offer = offer, .done = done, .self = k};
    return 0;
}

static void release(void *self)
{
    cart_gpu_t *g = self;
    if (g)
        free(g->bank);
    free(g);
}

const gm_plugin_t gm_plugin_cart = {
    .name = "cart",
    .doc = "cache access reordering tree (seed-001 ch.2)",
    .section = "l2.cart",
    .schema = &schema,
    .cfg_size = sizeof(cart_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .free = release,
};
