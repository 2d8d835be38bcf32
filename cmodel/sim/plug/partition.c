/* The partition mapping: a request leaving an SM gets its memory channel
 * and partition address from the part_map block (seed-000 §5.4), and its
 * L2 bank within the channel from the DRAM address map's bank bits. */
#include <stdlib.h>
#include <string.h>

#include "blocks/part_map.h"
#include "sim/plugin.h"

typedef struct part {
    gm_blk_t *b;
    const gm_addr_map_t *amap;
    uint32_t subs;
} part_t;

static void route(void *self, gm_req_t *r)
{
    part_t *p = self;
    part_map_in_t *in = p->b->in;
    in->addr = r->addr;
    gm_blk_eval(p->b);
    const part_map_out_t *out = p->b->out;
    r->part = (uint16_t)out->part_id;
    r->paddr = (uint32_t)out->part_addr;
    uint32_t sub = gm_addr_bank(p->amap, r->paddr) & (p->subs - 1);
    r->bank = (uint16_t)(r->part * p->subs + sub);
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    (void)cfg;
    const gm_gpu_config_t *c = env->cfg;
    part_t *p = calloc(1, sizeof *p);
    if (!p)
        return gm_errf(err, "out of memory");
    *self = p;
    part_map_params_t pp;
    memset(&pp, 0, sizeof pp);
    pp.NP = c->l2.channels;
    pp.CHUNK_LB = c->part.chunk_lb;
    pp.PXOR_SHIFT = c->part.pxor_shift;
    p->b = gm_blk_new(env->ctx->reg, &part_map_desc, &pp, "part_map", err);
    if (!p->b)
        return -1;
    ((part_map_in_t *)p->b->in)->func_sel = (uint64_t)c->part.func;
    p->amap = env->amap;
    p->subs = c->l2.subpartitions;
    return 0;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    (void)err;
    if (site->kind == GM_SITE_GPU)
        *site->route = (gm_route_t){.fn = route, .self = self};
    return 0;
}

static void end(void *self) { gm_blk_tick(((part_t *)self)->b); }

const gm_plugin_t gm_plugin_partition = {
    .name = "partition",
    .doc = "the partition mapping: the part_map block (part.func)",
    .init = init,
    .attach = attach,
    .end = end,
    /* part_map is combinational: its clock edges change nothing, so
     * skipped cycles need none */
    .next_event = gm_plug_no_event,
    .free = free,
};
