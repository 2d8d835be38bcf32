/* Folding a trace's 64-bit device addresses into the model's 32-bit space.
 *
 * The memory system works on 32-bit addresses (a block's ports carry
 * 32-bit line addresses), but a real trace's device pointers lie anywhere
 * in 64 bits (Accel-Sim traces: 0x7f... bases, allocations gigabytes
 * apart). A trace comes with no allocation list, so the regions are found
 * from the accesses: the distinct 64 KiB pages it touches are grouped into
 * granules of the alignment A (2 MiB, else 64 KiB when the footprint does
 * not fit at 2 MiB), granules closer than a gap threshold form one region,
 * and the regions are laid out in address order, densely, from
 * WL_HEAP_BASE. The threshold is the largest that still fits: the smallest
 * gaps are kept as they are and only the largest are squeezed out.
 *
 * What is preserved: every address bit below A (so the set index, the
 * partition and the DRAM bank and column of any mapping that reads only
 * those bits), and every difference between two addresses of one region
 * (strides, the distance between arrays a region holds). What is not: the
 * bits at and above A across regions -- two accesses in different regions
 * keep their low bits but not their distance. One region (a trace whose
 * span fits) is a plain rebase by a multiple of A. */
#ifndef GM_WL_FOLD_H
#define GM_WL_FOLD_H

#include <stddef.h>
#include <stdint.h>

enum { WL_PAGE_SHIFT = 16 }; /* the unit pages are collected in: 64 KiB */

typedef struct wl_region {
    uint64_t lo, last; /* original addresses [lo, last]: lo and last + 1 multiples of
                        * the alignment (inclusive, so the top of the space fits) */
    uint64_t base;    /* where lo lands */
} wl_region_t;

typedef struct wl_fold {
    wl_region_t *r;   /* by lo, disjoint */
    unsigned n;
    unsigned align_shift; /* log2 of the alignment A */
} wl_fold_t;

/* The set of distinct pages a trace touches, bounded: at most `cap`
 * pages (more cannot fit the space at any alignment). */
typedef struct wl_pages {
    uint64_t *slot;   /* open addressing; 0 is empty, so a page is stored plus 1 */
    size_t n, cap, mask;
    uint64_t last;    /* the page added last, plus 1: most lanes repeat it */
} wl_pages_t;

/* 0, or -1 when out of memory. */
int wl_pages_init(wl_pages_t *s, size_t cap);
void wl_pages_free(wl_pages_t *s);
/* Add the pages of bytes [a, a + size); 0, or 1 when the set is full. */
int wl_pages_add(wl_pages_t *s, uint64_t a, uint64_t size);

/* Lay out the pages' regions in [base, end) (multiples of 2 MiB): 0 and
 * *f filled (f->r from malloc), -1 when even one region per page does not
 * fit, -2 when out of memory. The pages' set is sorted in place. */
int wl_fold_plan(wl_pages_t *s, uint64_t base, uint64_t end, wl_fold_t *f);

/* Where address a lands; an address in no region (never one the plan
 * saw) is returned as it is. */
static inline uint64_t wl_fold_addr(const wl_fold_t *f, uint64_t a)
{
    unsigned lo = 0, hi = f->n;
    while (hi - lo > 1) {
        unsigned mid = (lo + hi) / 2;
        if (f->r[mid].lo <= a)
            lo = mid;
        else
            hi = mid;
    }
    const wl_region_t *r = &f->r[lo];
    return f->n && a >= r->lo && a <= r->last ? a - r->lo + r->base : a;
}

#endif
