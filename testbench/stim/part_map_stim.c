/* Stimulus for part_map.
 * random:     every function (func_sel cycles through 0..7) over an
 *             exhaustive sweep of the low 16 chunk-address bits, then random,
 *             strided (partition camping, §5.4) and one-hot addresses.
 * exhaustive: every function over every chunk address (2^(32-CHUNK_LB)
 *             each), with random bits below the chunk. */
#include "blocks/part_map.h"
#include "stim.h"

typedef struct pm_stim {
    gm_rng_t r;
    unsigned lb;
    uint32_t stride, next;
} pm_stim_t;

static int pm_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    pm_stim_t *c = vctx;
    const part_map_params_t *p = params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->lb = p->CHUNK_LB;
    return 0;
}

static int pm_random(void *vctx, uint64_t cyc, void *vin)
{
    pm_stim_t *c = vctx;
    part_map_in_t *in = vin;
    const uint64_t sweep = 8ull << 16;
    in->func_sel = cyc & 7;
    if (cyc < sweep) {
        in->addr = (uint32_t)((cyc >> 3) << c->lb) | (uint32_t)gm_rng_bits(&c->r, c->lb);
        return 0;
    }
    if ((cyc & 1023) == 0) {
        c->stride = 1u << gm_rng_below(&c->r, 24);
        c->next = (uint32_t)gm_rng_next(&c->r);
    }
    switch (gm_rng_below(&c->r, 4)) {
    case 0:
    case 1: in->addr = (uint32_t)gm_rng_next(&c->r); break;
    case 2: in->addr = c->next += c->stride; break;
    default: in->addr = 1u << gm_rng_below(&c->r, 32); break;
    }
    return 0;
}

static int pm_exhaustive(void *vctx, uint64_t cyc, void *vin)
{
    pm_stim_t *c = vctx;
    part_map_in_t *in = vin;
    uint64_t a = cyc >> 3;
    if (a >> (32 - c->lb))
        return 1;
    in->func_sel = cyc & 7;
    in->addr = (uint32_t)(a << c->lb) | (uint32_t)gm_rng_bits(&c->r, c->lb);
    return 0;
}

static const gm_stim_t pm_rand = {
    "part_map", "random", "all functions: 2^16-chunk sweep, then random/strided/one-hot",
    sizeof(pm_stim_t), pm_init, pm_random, NULL, NULL, NULL, NULL};
static const gm_stim_t pm_exh = {
    "part_map", "exhaustive", "all functions over every chunk address",
    sizeof(pm_stim_t), pm_init, pm_exhaustive, NULL, NULL, NULL, NULL};

const gm_stim_t *const part_map_stims[] = {&pm_rand, &pm_exh, NULL};
