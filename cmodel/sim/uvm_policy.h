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
 * Evictors put the resident, unpinned pages of one victim on m->pick
 * (none left: npick 0); the LRU order is each page's stamp (last access,
 * or arrival), ties to the lower page:
 *   RE  one random resident page
 *   SE  the LRU page's aligned 64 KiB block
 *   NE  the 2 MiB range whose most recent access is the oldest (an LRU list
 *       of 2 MiB ranges)
 *   TE  the 64 KiB leaf whose most recent access is the oldest; then up its
 *       tree, every node with strictly more than half of its leaves evicted
 *       (no page resident) loses the rest */
#ifndef GM_SIM_UVM_POLICY_H
#define GM_SIM_UVM_POLICY_H

#include "uvm_mem.h"

enum { GM_UVM_NP, GM_UVM_RP, GM_UVM_SP, GM_UVM_TP, GM_UVM_NPREF };
enum { GM_UVM_RE, GM_UVM_SE, GM_UVM_NE, GM_UVM_TE, GM_UVM_NEVICT };

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

/* Every translated access (the LRU order); the stamp of a page. */
static inline void gm_uvm_touch(gm_uvm_mem_t *m, uint32_t i, uint64_t now)
{
    m->stamp[i] = now;
}

#endif
