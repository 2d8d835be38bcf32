#include "rng.h"

uint64_t gm_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static uint64_t splitmix64(uint64_t *x) { return gm_mix64(*x += 0x9e3779b97f4a7c15ull); }

void gm_rng_seed(gm_rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gm_rng_next(gm_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t gm_rng_below(gm_rng_t *r, uint64_t n)
{
    /* Rejection sampling keeps the distribution exactly uniform. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = gm_rng_next(r);
    while (x >= limit);
    return x % n;
}

uint64_t gm_rng_bits(gm_rng_t *r, unsigned w)
{
    if (w == 0)
        return 0;
    uint64_t x = gm_rng_next(r);
    return w >= 64 ? x : x & ((1ull << w) - 1);
}

int gm_rng_chance(gm_rng_t *r, uint32_t num, uint32_t den)
{
    return gm_rng_below(r, den) < num;
}
