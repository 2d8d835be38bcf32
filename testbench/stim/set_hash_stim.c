/* Stimulus for set_hash.
 * random:     every function (func_sel cycles through 0..7, reserved 7
 *             included) over an exhaustive sweep of the low 16 block-address
 *             bits (524,288 cycles), then random addresses: uniform,
 *             power-of-two strides (the BMOD camping case of §5.1) and
 *             single-bit addresses; in_valid random.
 * exhaustive: every function over every block address (2^(32-LB) each),
 *             with random block-offset bits. */
#include "blocks/set_hash.h"
#include "hash_addr.h"
#include "stim.h"

static int sh_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const set_hash_params_t *p = params;
    (void)err;
    hash_addr_init(vctx, seed, p->LB, 20);
    return 0;
}

static int sh_random(void *vctx, uint64_t cyc, void *vin)
{
    hash_addr_t *h = vctx;
    set_hash_in_t *in = vin;
    in->func_sel = cyc & 7;
    in->in_valid = gm_rng_chance(&h->r, 7, 8);
    in->addr = hash_addr_random(h, cyc);
    return 0;
}

static int sh_exhaustive(void *vctx, uint64_t cyc, void *vin)
{
    set_hash_in_t *in = vin;
    uint32_t addr;
    if (hash_addr_exhaustive(vctx, cyc, &addr))
        return 1;
    in->func_sel = cyc & 7;
    in->in_valid = 1;
    in->addr = addr;
    return 0;
}

static const gm_stim_t sh_rand = {
    "set_hash", "random", "all functions: 2^16-address sweep, then random/strided/one-hot",
    sizeof(hash_addr_t), sh_init, sh_random, NULL, NULL, NULL, NULL};
static const gm_stim_t sh_exh = {
    "set_hash", "exhaustive", "all functions over every block address (2^(32-LB) each)",
    sizeof(hash_addr_t), sh_init, sh_exhaustive, NULL, NULL, NULL, NULL};

const gm_stim_t *const set_hash_stims[] = {&sh_rand, &sh_exh, NULL};
