/* A set-associative tag array with true LRU (last-access stamps), line
 * states and dirty bits; the cache pipeline (cache.c) uses it. The set index
 * comes from the set_hash block; tags hold the full line address, since
 * hashed indexing maps different tags to one set (seed-000 §5.1). */
#ifndef GM_SIM_TAGS_H
#define GM_SIM_TAGS_H

#include <stdint.h>

enum { GM_LINE_INVALID, GM_LINE_RESERVED, GM_LINE_VALID };

typedef struct gm_line {
    uint32_t addr;   /* line address */
    uint8_t state, dirty;
    uint8_t pf;      /* filled by a prefetch, not yet used by a demand access */
    /* A sectored cache's sectors (bit s: sector s of the line): valid,
     * pending (fetch under way) and dirty. The line is RESERVED while any
     * is pending, else VALID; dirty is then sd != 0. */
    uint8_t sv, sp, sd;
    uint64_t stamp;  /* last access */
} gm_line_t;

typedef struct gm_tags {
    uint32_t sets, ways;
    gm_line_t *l;
} gm_tags_t;

int gm_tags_init(gm_tags_t *t, uint32_t sets, uint32_t ways);
void gm_tags_free(gm_tags_t *t);
static inline gm_line_t *gm_tags_set(gm_tags_t *t, uint32_t set) { return &t->l[set * t->ways]; }
/* The way holding `addr` (valid or reserved), or -1. */
int gm_tags_find(gm_tags_t *t, uint32_t set, uint32_t addr);
/* A victim: an invalid way, else the least recently used way that is not
 * RESERVED (if skip_reserved), lowest way on ties; -1 if none. */
int gm_tags_victim(gm_tags_t *t, uint32_t set, int skip_reserved);

#endif
