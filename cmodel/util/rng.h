/* Seeded PRNG (xoshiro256** seeded through splitmix64). Every random choice
 * in gmem draws from one of these, so a seed reproduces a run exactly. */
#ifndef GM_RNG_H
#define GM_RNG_H

#include <stdint.h>

typedef struct gm_rng {
    uint64_t s[4];
} gm_rng_t;

void gm_rng_seed(gm_rng_t *r, uint64_t seed);
uint64_t gm_rng_next(gm_rng_t *r);
/* Uniform in [0, n); n > 0. */
uint64_t gm_rng_below(gm_rng_t *r, uint64_t n);
/* Uniform w-bit value, 0 <= w <= 64. */
uint64_t gm_rng_bits(gm_rng_t *r, unsigned w);
/* True with probability num/den. */
int gm_rng_chance(gm_rng_t *r, uint32_t num, uint32_t den);
/* splitmix64's finalizer: a bijective 64-bit mix, for a value that is a
 * pure function of its inputs (a hash, an input word by position). */
uint64_t gm_mix64(uint64_t z);

#endif
