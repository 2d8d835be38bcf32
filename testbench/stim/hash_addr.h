/* Addresses for the stimuli of the address-hashing blocks (set_hash,
 * part_map; see hash_math.h), whose input is one address hashed by every
 * function in turn (func_sel = cycle mod 8): each address is held 8
 * cycles. The bits below the hashed part (lb of them: the block offset or
 * the chunk) are random. */
#ifndef GM_HASH_ADDR_H
#define GM_HASH_ADDR_H

#include "stim.h"

typedef struct hash_addr {
    gm_rng_t r;
    unsigned lb;          /* random bits below the hashed address */
    unsigned stride_lg;   /* strides are 2^0 .. 2^(stride_lg - 1) */
    uint32_t stride, next;
} hash_addr_t;

void hash_addr_init(hash_addr_t *h, uint64_t seed, unsigned lb, unsigned stride_lg);
/* random: an exhaustive sweep of the low 16 hashed bits, then uniform,
 * strided (a new stride run every 1024 cycles: set or partition camping)
 * and one-hot addresses. */
uint32_t hash_addr_random(hash_addr_t *h, uint64_t cyc);
/* exhaustive: every hashed address, in order; 1 when all were given, else
 * 0 and *addr. */
int hash_addr_exhaustive(hash_addr_t *h, uint64_t cyc, uint32_t *addr);

#endif
