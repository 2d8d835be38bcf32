/* The CCN's packet formats (seed-003 §14.1), shared by its blocks, the ring
 * and the stimuli. A request flit is 32 bits:
 *   [31] valid | [30] smp | [29:26] src_cid | [25:0] line address
 * and a response header the same with dst_cid in [29:26]. A queue entry
 * drops the valid bit (31 bits); the response data is a 128-byte line,
 * 32 words, word w = line bytes [4w+3 : 4w]. */
#ifndef GM_CCN_FLIT_H
#define GM_CCN_FLIT_H

#include <stdint.h>

enum {
    CCN_LA_W = 26,
    CCN_QMAX = 8,          /* the largest Q_DEPTH of any CCN queue */
    CCN_LINE_WORDS = 32,   /* 1024 bits */
    CCN_LINK_MAX = 5,      /* LINK_LAT 1..5 (Fig. 9b) */
};

#define CCN_LA_MASK ((1u << CCN_LA_W) - 1u)

static inline uint32_t ccn_flit(unsigned smp, unsigned cid, uint32_t la)
{
    return 0x80000000u | ((uint32_t)(smp & 1u) << 30) | ((uint32_t)(cid & 15u) << 26) |
           (la & CCN_LA_MASK);
}
static inline unsigned ccn_flit_smp(uint32_t f) { return (f >> 30) & 1u; }
static inline unsigned ccn_flit_cid(uint32_t f) { return (f >> 26) & 15u; }
static inline uint32_t ccn_flit_la(uint32_t f) { return f & CCN_LA_MASK; }

/* A FIFO pointer's successor in a queue of `depth` entries (any depth). */
static inline uint8_t ccn_next(unsigned ptr, unsigned depth)
{
    return (uint8_t)(ptr + 1 == depth ? 0 : ptr + 1);
}

#endif
