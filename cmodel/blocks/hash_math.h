/* Arithmetic shared by the index and partition functions (set_hash,
 * part_map): small primes, GF(2) polynomial residues, integer residues. */
#ifndef GM_HASH_MATH_H
#define GM_HASH_MATH_H

#include <stdint.h>

#include "util/bits.h"

int gm_is_prime(uint32_t n);
/* Largest prime < n (0 if none), smallest prime > n. */
uint32_t gm_prime_below(uint32_t n);
uint32_t gm_prime_above(uint32_t n);
/* Degree of a GF(2) polynomial (-1 for 0). */
int gm_poly_degree(uint32_t poly);
/* A default irreducible polynomial of degree 1..8 (x^5+x^2+1 for 5,
 * x^6+x+1 for 6, x^4+x+1 for 4, as in seed-000 §5.1/§5.4). */
uint32_t gm_poly_default(unsigned degree);
/* a(x) mod poly(x) over GF(2), for a of `bits` bits. */
uint32_t gm_gf2_mod(uint64_t a, unsigned bits, uint32_t poly);
/* Number of bits needed to index n items: ceil(log2 n), 0 for n <= 1. The
 * blocks call gm_log2_ceil (util/bits.h); this name stays for cmodel/sim. */
static inline unsigned gm_clog2(uint32_t n) { return gm_log2_ceil(n); }

#endif
