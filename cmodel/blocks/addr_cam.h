/* The block-address CAM of the MSHR blocks: which entry holds a block
 * (mshr: its pending entries; dlmshr: its unfilled heads). The RTL compares
 * every entry at once; the C models chain the entries by a hash of their
 * block instead. The block addresses stay in the block's own register array
 * (key[e]: entry e's block), passed to every call; the CAM holds only the
 * chains, derived from the registers and kept for speed: lookups only, no
 * behaviour depends on the chains' order. A helper of blocks, not a block
 * (no .ports); inline, as it runs on every request, probe and fill. */
#ifndef GM_ADDR_CAM_H
#define GM_ADDR_CAM_H

#include <stdint.h>

enum { GM_ADDR_CAM_MAX = 256, GM_ADDR_CAM_BUCKETS = 256 };

typedef struct gm_addr_cam {
    uint16_t bucket[GM_ADDR_CAM_BUCKETS]; /* each chain's first entry + 1; 0: empty */
    uint16_t next[GM_ADDR_CAM_MAX];       /* the entry after e in its chain, + 1 */
} gm_addr_cam_t;

static inline uint32_t gm_addr_cam_hash(uint32_t blk)
{
    return (blk ^ blk >> 8 ^ blk >> 16) % GM_ADDR_CAM_BUCKETS;
}

/* The entry in the CAM holding blk, or -1 (the blocks keep at most one). */
static inline int gm_addr_cam_find(const gm_addr_cam_t *c, const uint32_t *key, uint32_t blk)
{
    for (uint32_t x = c->bucket[gm_addr_cam_hash(blk)]; x; x = c->next[x - 1])
        if (key[x - 1] == blk)
            return (int)(x - 1);
    return -1;
}

/* Entry e (< GM_ADDR_CAM_MAX) joins the CAM under its block key[e]. */
static inline void gm_addr_cam_add(gm_addr_cam_t *c, const uint32_t *key, uint32_t e)
{
    uint32_t h = gm_addr_cam_hash(key[e]);
    c->next[e] = c->bucket[h];
    c->bucket[h] = (uint16_t)(e + 1);
}

/* Entry e, in the CAM under key[e] (unchanged since it was added), leaves it. */
static inline void gm_addr_cam_remove(gm_addr_cam_t *c, const uint32_t *key, uint32_t e)
{
    uint16_t *link = &c->bucket[gm_addr_cam_hash(key[e])];
    while (*link != e + 1)
        link = &c->next[*link - 1];
    *link = c->next[e];
}

#endif
