/* Bit helpers the model's hot paths share (one copy, inlined). */
#ifndef GM_BITS_H
#define GM_BITS_H

#include <stdint.h>

/* ceil(log2(x)), 0 for x <= 1; without a loop, since caches call it per access. */
static inline uint32_t gm_log2_ceil(uint32_t x)
{
    return x <= 1 ? 0 : 32u - (uint32_t)__builtin_clz(x - 1);
}

static inline uint32_t gm_popcount32(uint32_t x) { return (uint32_t)__builtin_popcount(x); }

#endif
