#include "hash_addr.h"

void hash_addr_init(hash_addr_t *h, uint64_t seed, unsigned lb, unsigned stride_lg)
{
    gm_rng_seed(&h->r, seed);
    h->lb = lb;
    h->stride_lg = stride_lg;
}

uint32_t hash_addr_random(hash_addr_t *h, uint64_t cyc)
{
    const uint64_t sweep = 8ull << 16;
    if (cyc < sweep)
        return (uint32_t)((cyc >> 3) << h->lb) | (uint32_t)gm_rng_bits(&h->r, h->lb);
    if ((cyc & 1023) == 0) {
        h->stride = 1u << gm_rng_below(&h->r, h->stride_lg);
        h->next = (uint32_t)gm_rng_next(&h->r);
    }
    switch (gm_rng_below(&h->r, 4)) {
    case 0:
    case 1: return (uint32_t)gm_rng_next(&h->r);
    case 2: return h->next += h->stride;
    default: return 1u << gm_rng_below(&h->r, 32);
    }
}

int hash_addr_exhaustive(hash_addr_t *h, uint64_t cyc, uint32_t *addr)
{
    uint64_t a = cyc >> 3;
    if (a >> (32 - h->lb))
        return 1;
    *addr = (uint32_t)(a << h->lb) | (uint32_t)gm_rng_bits(&h->r, h->lb);
    return 0;
}
