/* Stimulus for set_hash.
 * random:     every function (func_sel cycles through 0..7, reserved 7
 *             included) over an exhaustive sweep of the low 16 block-address
 *             bits (524,288 cycles), then random addresses: uniform,
 *             power-of-two strides (the BMOD camping case of §5.1) and
 *             single-bit addresses; in_valid random.
 * exhaustive: every function over every block address (2^(32-LB) each),
 *             with random block-offset bits. */
#include "blocks/set_hash.h"
#include "stim.h"

typedef struct sh_stim {
    gm_rng_t r;
    unsigned lb;
    uint32_t stride, next;
} sh_stim_t;

static int sh_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    sh_stim_t *c = vctx;
    const set_hash_params_t *p = params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->lb = p->LB;
    return 0;
}

static uint32_t offset_bits(sh_stim_t *c)
{
    return (uint32_t)gm_rng_bits(&c->r, c->lb);
}

static int sh_random(void *vctx, uint64_t cyc, void *vin)
{
    sh_stim_t *c = vctx;
    set_hash_in_t *in = vin;
    const uint64_t sweep = 8ull << 16;
    in->func_sel = cyc & 7;
    in->in_valid = gm_rng_chance(&c->r, 7, 8);
    if (cyc < sweep) {
        in->addr = (uint32_t)((cyc >> 3) << c->lb) | offset_bits(c);
        return 0;
    }
    if ((cyc & 1023) == 0) { /* a new stride run every 1024 cycles */
        c->stride = 1u << gm_rng_below(&c->r, 20);
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

static int sh_exhaustive(void *vctx, uint64_t cyc, void *vin)
{
    sh_stim_t *c = vctx;
    set_hash_in_t *in = vin;
    uint64_t a = cyc >> 3;
    if (a >> (32 - c->lb))
        return 1;
    in->func_sel = cyc & 7;
    in->in_valid = 1;
    in->addr = (uint32_t)(a << c->lb) | offset_bits(c);
    return 0;
}

static const gm_stim_t sh_rand = {
    "set_hash", "random", "all functions: 2^16-address sweep, then random/strided/one-hot",
    sizeof(sh_stim_t), sh_init, sh_random, NULL, NULL, NULL, NULL};
static const gm_stim_t sh_exh = {
    "set_hash", "exhaustive", "all functions over every block address (2^(32-LB) each)",
    sizeof(sh_stim_t), sh_init, sh_exhaustive, NULL, NULL, NULL, NULL};

const gm_stim_t *const set_hash_stims[] = {&sh_rand, &sh_exh, NULL};
