/* The managed pages of the UVM model: every cudaMallocManaged region of
 * the workload (gm_workload_allocs) cut into 4 KiB pages, each with its
 * residency, and device memory's capacity in pages. Pages are indexed
 * densely from the lowest managed page; an address outside every region
 * is not managed (always resident: it is not UVM memory).
 *
 * [I] Regions are 256-byte aligned, so a page can straddle two: it belongs
 * to the earlier region (the one it starts in); a region that lies inside
 * its predecessor's last page has no page of its own.
 *
 * [I] Geometry is in the virtual address space: a 64 KiB block (the tree's
 * leaf, SP's and SE's unit) and a 2 MiB region (RP's range, TP's tree,
 * NE's unit) are aligned there and clipped to the faulting page's region.
 *
 * A page's life: ABSENT -> BATCH (a far fault this cycle, before the
 * prefetcher decides) or straight to QUEUED (chosen for migration, its
 * transfer waits for the link) -> MOVING (its transfer is on the link;
 * the page holds device memory from here) -> RESIDENT -> ABSENT again when
 * evicted. A page is pinned while an SM waits for it (a far fault it
 * replays): eviction passes pinned pages by, so a replay always finds its
 * page, and a run cannot livelock however small the capacity. */
#ifndef GM_SIM_UVM_MEM_H
#define GM_SIM_UVM_MEM_H

#include <stdint.h>

#include "util/err.h"
#include "workload/workload.h"

enum { GM_UVM_PAGE_SHIFT = 12, GM_UVM_LEAF_PAGES = 16, GM_UVM_TREE_PAGES = 512,
       GM_UVM_TREE_LEAVES = GM_UVM_TREE_PAGES / GM_UVM_LEAF_PAGES };
enum { GM_UVM_ABSENT, GM_UVM_BATCH, GM_UVM_QUEUED, GM_UVM_MOVING, GM_UVM_RESIDENT };
enum { GM_UVM_F_DEMAND = 1,   /* an SM faulted on it before it arrived */
       GM_UVM_F_PREF = 2 };   /* arrived as a prefetch and not touched since */
#define GM_UVM_NONE UINT32_MAX

typedef struct gm_uvm_mem {
    uint32_t base;         /* page number of index 0 */
    uint32_t n;            /* indexes in the span (managed or not) */
    uint32_t nalloc;
    uint32_t *first, *end; /* per region: its pages' indexes [first, end) */
    uint16_t *alloc;       /* per index: its region, or UINT16_MAX */
    uint8_t *state, *flags;
    uint16_t *pin;
    uint64_t *stamp;       /* last access, or arrival: the LRU order */
    uint32_t *res, *pos;   /* the resident pages, for a random pick */
    uint32_t nres;
    uint32_t managed;      /* pages in regions: the footprint */
    uint32_t capacity;     /* device memory, pages */
    uint32_t moving;       /* pages on the link (they hold memory) */
    uint32_t queued;       /* pages chosen for migration, not yet on the link */
    uint32_t *pick, npick; /* a policy's choice: page indexes */
    uint64_t rng;          /* RP's and RE's xorshift64 state (never 0) */
    unsigned sp_shift;     /* SP's block: 2^sp_shift pages (4: 64 KiB) */
    struct gm_uvm_ture *ture; /* TURE's state when it is the evictor */
    uint8_t cap_oversub;   /* CAP's oversubscription flag (uvm_policy.h) */
    uint64_t cap_gran[5];  /* CAP's faults by granularity, 64 KiB .. 1 MiB */
    uint64_t cap_oversub_entries;
} gm_uvm_mem_t;

int gm_uvm_mem_init(gm_uvm_mem_t *m, const gm_alloc_t *a, unsigned nalloc, uint64_t seed,
                    gm_err_t *err);
void gm_uvm_mem_free(gm_uvm_mem_t *m);
/* The index of the page holding addr, or GM_UVM_NONE (not managed). */
uint32_t gm_uvm_mem_index(const gm_uvm_mem_t *m, uint32_t addr);
static inline uint32_t gm_uvm_mem_free_pages(const gm_uvm_mem_t *m)
{
    uint32_t used = m->nres + m->moving;
    return used >= m->capacity ? 0 : m->capacity - used;
}
/* Pages of i's region inside the aligned span of 2^shift pages holding i:
 * [*lo, *hi). */
void gm_uvm_mem_span(const gm_uvm_mem_t *m, uint32_t i, unsigned shift, uint32_t *lo,
                     uint32_t *hi);
/* State changes that keep the counts and the resident set. */
void gm_uvm_mem_start(gm_uvm_mem_t *m, uint32_t i);   /* QUEUED -> MOVING */
void gm_uvm_mem_arrive(gm_uvm_mem_t *m, uint32_t i, uint64_t now); /* MOVING -> RESIDENT */
void gm_uvm_mem_evict(gm_uvm_mem_t *m, uint32_t i);   /* RESIDENT -> ABSENT */
/* Put an ABSENT or BATCH page on the pick list as QUEUED. */
void gm_uvm_mem_take(gm_uvm_mem_t *m, uint32_t i);
uint64_t gm_uvm_mem_rand(gm_uvm_mem_t *m);

#endif
