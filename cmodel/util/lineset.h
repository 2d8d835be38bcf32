/* A set of line numbers (an address shifted right by the line size's log2,
 * so below 2^32), for the footprint monitors: a bitmap in 64 KB pages,
 * each allocated the first time a line of its 2^19 is added, so a run
 * pays a bit per line of the regions it touches. */
#ifndef GM_UTIL_LINESET_H
#define GM_UTIL_LINESET_H

#include <stdint.h>

enum { GM_LINESET_PAGE_LB = 19 }; /* lines a page */

typedef struct gm_lineset {
    uint64_t **page; /* 2^(32 - GM_LINESET_PAGE_LB) pointers, made on the first add */
} gm_lineset_t;

/* Add a line; 1 if it was not in the set. Out of memory ends the process
 * with a message (a monitor cannot go on without its set). */
int gm_lineset_add(gm_lineset_t *s, uint32_t line);
void gm_lineset_free(gm_lineset_t *s);

#endif
