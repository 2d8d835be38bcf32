/* The UVM model's prefetchers and eviction policies (seed-001 §4.2), each
 * one function on the managed pages (uvm_mem.h) behind a table, so CAP and
 * TURE join as entries that drive the capture_ctrl block (§9.4) through the
 * same two calls: a prefetcher is told of a far fault, an evictor is asked
 * for victims, and both see every access (`touch`).
 *
 * Prefetchers, on the far fault of page f (its state BATCH), put the pages
 * to migrate on m->pick (f first) and mark them QUEUED:
 *   NP  f alone (on-demand 4 KiB migration, the baseline)
 *   RP  f and one random page of f's 2 MiB range if that page is ABSENT
 *       ([I] the text's "randomly evicts one page" read as prefetches, A18;
 *       UVM Smart's random prefetcher adds one random 4 KiB page likewise)
 *   SP  the ABSENT pages of f's aligned 64 KiB block (m->sp_shift: any
 *       power of two from 64 KiB to 2 MiB, Fig 4.12's fixed sizes)
 *   TP  SP's block, then the tree of f's 2 MiB range (64 KiB leaves): a
 *       node whose valid leaves are strictly more than half of its leaves
 *       (A20) and not all of them gets all of them. A leaf is valid when
 *       none of its pages is ABSENT; leaves outside f's region do not count
 *       ([I], so a 512 KiB region is the 512 KiB tree of the worked
 *       example). Every node of the tree is checked, leaves first (as UVM
 *       Smart traverses it), so a tree thinned by eviction is refilled.
 *   CAP the capacity-aware prefetcher (§4.3), with the cap_gran block's own
 *       integer arithmetic (cap_gran_code, cap_gran_region): the free pages
 *       avail = capacity - resident - on the link - queued (pages already
 *       chosen are not free), Eq. 4.1 as 10*avail*M_req >= 11*T*M_agg over
 *       T = 1 MiB .. 64 KiB capped at M_req rounded down (M_req = f's
 *       region's pages, M_agg = every region's: all are allocated before
 *       the launch), 512 KiB while oversubscribed; the T-aligned block of
 *       64 KiB granules holding f, clipped to f's region. The demand
 *       granule's absent pages are taken, then each other granule's whose
 *       probe page (its first page in the region: the block probes one page
 *       a granule) is absent. Oversubscription ([I] A26, as the block): set
 *       when the pages taken exceed avail, cleared at a fault that finds
 *       avail >= 256 pages (1 MiB). [I] The block evaluates the clear every
 *       cycle and at each kernel launch; here it is evaluated at each fault
 *       (the only time the flag is read), and no launch clears it.
 * Evictors put the resident, unpinned pages of one victim on m->pick
 * (none left: npick 0); the LRU order is each page's stamp (last access,
 * or arrival), ties to the lower page:
 *   RE  one random resident page
 *   SE  the LRU page's aligned 64 KiB block
 *   NE  the 2 MiB range whose most recent access is the oldest (an LRU list
 *       of 2 MiB ranges)
 *   TE  the 64 KiB leaf whose most recent access is the oldest; then up its
 *       tree, every node with strictly more than half of its leaves evicted
 *       (no page resident) loses the rest
 *   TURE lease-based eviction (§4.4; uvm_ture.h): four coalesced granules
 *       of expired pages, least recently updated first, then the global
 *       LRU page's granule */
#ifndef GM_SIM_UVM_POLICY_H
#define GM_SIM_UVM_POLICY_H

#include "uvm_mem.h"

enum { GM_UVM_NP, GM_UVM_RP, GM_UVM_SP, GM_UVM_TP, GM_UVM_CAP, GM_UVM_NPREF };
enum { GM_UVM_CAP_OS_CLEAR = 256 }; /* free pages that end oversubscription */
enum { GM_UVM_RE, GM_UVM_SE, GM_UVM_NE, GM_UVM_TE, GM_UVM_TURE, GM_UVM_NEVICT };

typedef struct gm_uvm_prefetcher {
    const char *name;
    void (*fault)(gm_uvm_mem_t *m, uint32_t f);
} gm_uvm_prefetcher_t;

typedef struct gm_uvm_evictor {
    const char *name;
    void (*victim)(gm_uvm_mem_t *m);
} gm_uvm_evictor_t;

extern const gm_uvm_prefetcher_t gm_uvm_prefetchers[GM_UVM_NPREF];
extern const gm_uvm_evictor_t gm_uvm_evictors[GM_UVM_NEVICT];

/* The evictable (resident, unpinned) page with the oldest stamp, the lower
 * on a tie, or GM_UVM_NONE: the global LRU SE and TURE fall back on. */
uint32_t gm_uvm_lru_page(const gm_uvm_mem_t *m);

/* Every translated access (the LRU order); the stamp of a page. */
static inline void gm_uvm_touch(gm_uvm_mem_t *m, uint32_t i, uint64_t now)
{
    m->stamp[i] = now;
}

#endif
