/* A map from a cache line's address to a 32-bit value, for the monitors
 * that follow lines over a whole run (icta's CTA of the last miss and of
 * a kernel's last access; a footprint, which needs only a set, is
 * util/lineset.h). Open addressing, grown at half load, so its memory
 * is bounded by the lines it has seen (a line is at most 2^32 - 2). */
#ifndef GM_UTIL_LINEMAP_H
#define GM_UTIL_LINEMAP_H

#include <stdint.h>

typedef struct gm_linemap {
    uint32_t *key, *val; /* key: line + 1, 0 = free */
    uint32_t cap, n;
} gm_linemap_t;

/* The value at `line` (0: none), and set it to `v`. Out of memory ends
 * the process with a message (a monitor cannot go on without its map). */
uint32_t gm_linemap_swap(gm_linemap_t *m, uint32_t line, uint32_t v);
uint32_t gm_linemap_get(const gm_linemap_t *m, uint32_t line);
/* Every line forgotten; the memory kept for reuse. */
void gm_linemap_clear(gm_linemap_t *m);
void gm_linemap_free(gm_linemap_t *m);

#endif
