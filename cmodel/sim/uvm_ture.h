/* TURE, the lease-based eviction of seed-001 §4.4 (the bit-exact procedure
 * of spec §4.4.6 and the ture_sampler / ture_lease / ture_coal blocks'
 * arithmetic), as the UVM model's evictor "TURE":
 *  - Sampler: NSAMP entries {group, 16-bit block tag, cnt (saturating at
 *    1023), div (a bit per page of the 64 KiB block)}, fed every translated
 *    access while the window is open (cycle mod S < D: 1000 in 6000); a new
 *    block in a full sampler is ignored.
 *  - At each window end, per group with entries: Eq. 4.2 in integers (the
 *    ture_lease block's Sfx / F), lease = lease_v ? (lease + F + 1) >> 1 : F,
 *    clamped to 1..1023; the sampler is cleared.
 *  - Per page a 10-bit lifetime: a page that arrives gets its group's lease
 *    (LEASE_INIT 1023 before one is learned); each translated access of a
 *    resident page counts it down, and at 0 the page's granule (64 KiB)
 *    enters the coalescing table with the page's bit set (an update
 *    stamp); an access to a page at 0 whose granule is in the table
 *    recalls the entry: its pages get max(1, life >> 1) (half the lease,
 *    "half of the initial lease") and the entry is freed.
 *  - Coalescing table of NCOAL entries: an insert into a full table first
 *    evicts its least recently updated entry's granule (proactive, the
 *    TABLE_FULL reason); an eviction for space (the evictor's victim)
 *    takes the BATCH least recently updated entries' granules, and when
 *    the table runs out the global LRU page's granule (FALLBACK), one
 *    granule for each missing entry. An evicted granule is every resident,
 *    unpinned page of its 64 KiB block in its region ([I] whole granules in
 *    every case, as ture_coal's ev_grn; pinned pages stay).
 * [I] The window end and the lease update happen at the first access or
 * eviction after the window closes (the blocks take up to ~512 cycles for
 * it; nothing reads the leases in between but those events). */
#ifndef GM_SIM_UVM_TURE_H
#define GM_SIM_UVM_TURE_H

#include <stdint.h>

#include "uvm_mem.h"

enum { GM_TURE_NSAMP = 16, GM_TURE_NCOAL = 256, GM_TURE_BATCH = 4,
       GM_TURE_D = 1000, GM_TURE_S = 6000, GM_TURE_LEASE_INIT = 1023, GM_TURE_ALPHA_SH = 1 };

typedef struct gm_ture_samp {
    uint8_t v;
    uint16_t gid, tag, div;
    uint16_t cnt;
} gm_ture_samp_t;

typedef struct gm_ture_coal {
    uint8_t v;
    uint32_t grn;        /* absolute granule number (vpn >> 4) */
    uint16_t bits;       /* its expired pages */
    uint64_t stamp;      /* update order */
} gm_ture_coal_t;

typedef struct gm_uvm_ture {
    uint16_t *lt;                 /* per page index: remaining lifetime */
    uint16_t *lease;              /* per region */
    uint8_t *lease_v;
    gm_ture_samp_t samp[GM_TURE_NSAMP];
    gm_ture_coal_t coal[GM_TURE_NCOAL];
    uint32_t occ;
    uint64_t stamp_ctr;
    uint64_t window;              /* the next window whose end is not processed */
    /* counters */
    uint64_t windows, sampled, samp_ignored, expired, recalls, full_evictions,
        oversub_granules, fallback_granules, lease_sum, leases;
} gm_uvm_ture_t;

int gm_uvm_ture_init(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, gm_err_t *err);
void gm_uvm_ture_free(gm_uvm_ture_t *t);
/* Page i arrived: its lifetime. */
void gm_uvm_ture_arrive(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, uint32_t i);
/* A translated access to page i at `now`; pages to evict proactively (a
 * full table's victim) are put on m->pick. */
void gm_uvm_ture_access(gm_uvm_ture_t *t, gm_uvm_mem_t *m, uint32_t i, uint64_t now);
/* The evictor: BATCH granules onto m->pick. */
void gm_uvm_ture_victim(gm_uvm_mem_t *m);

#endif
