/* Stimulus for part_map.
 * random:     every function (func_sel cycles through 0..7) over an
 *             exhaustive sweep of the low 16 chunk-address bits, then random,
 *             strided (partition camping, §5.4) and one-hot addresses.
 * exhaustive: every function over every chunk address (2^(32-CHUNK_LB)
 *             each), with random bits below the chunk. */
#include "blocks/part_map.h"
#include "hash_addr.h"
#include "stim.h"

static int pm_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    const part_map_params_t *p = params;
    (void)err;
    hash_addr_init(vctx, seed, p->CHUNK_LB, 24);
    return 0;
}

static int pm_random(void *vctx, uint64_t cyc, void *vin)
{
    part_map_in_t *in = vin;
    in->func_sel = cyc & 7;
    in->addr = hash_addr_random(vctx, cyc);
    return 0;
}

static int pm_exhaustive(void *vctx, uint64_t cyc, void *vin)
{
    part_map_in_t *in = vin;
    uint32_t addr;
    if (hash_addr_exhaustive(vctx, cyc, &addr))
        return 1;
    in->func_sel = cyc & 7;
    in->addr = addr;
    return 0;
}

static const gm_stim_t pm_rand = {
    "part_map", "random", "all functions: 2^16-chunk sweep, then random/strided/one-hot",
    sizeof(hash_addr_t), pm_init, pm_random, NULL, NULL, NULL, NULL};
static const gm_stim_t pm_exh = {
    "part_map", "exhaustive", "all functions over every chunk address",
    sizeof(hash_addr_t), pm_init, pm_exhaustive, NULL, NULL, NULL, NULL};

const gm_stim_t *const part_map_stims[] = {&pm_rand, &pm_exh, NULL};
