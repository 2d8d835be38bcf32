/* A line's contents as a function of its address: what every L1 copy of
 * the line holds in the CCN stimuli, the ring model and the tests, so the
 * data a response delivers can be checked against its address. */
#ifndef GM_CCN_LINE_H
#define GM_CCN_LINE_H

#include <stdint.h>

static inline uint32_t ccn_line_word(uint32_t la, unsigned w)
{
    uint32_t x = la * 0x9e3779b1u ^ (uint32_t)w * 0x85ebca6bu;
    return x ^ x >> 15 ^ (uint32_t)w << 26;
}

static inline void ccn_line_fill(uint32_t la, uint32_t *words /* [32] */)
{
    for (unsigned w = 0; w < 32; w++)
        words[w] = ccn_line_word(la, w);
}

#endif
