/* The GMMU's far-fault side and the host of the UVM model (seed-001 §4.1,
 * Fig 4.1 steps 4-7), after GPGPU-Sim UVM Smart (gpu-sim.cc, gmmu_t::cycle
 * and do_hardware_prefetch):
 *  - The far faults whose page-table walks end in one cycle are one batch
 *    (UVM Smart's "page_fault_this_turn"): the prefetcher decides on each,
 *    in page order; the pages chosen are sorted and cut into transfers of
 *    contiguous pages, each ending at a faulting page or a 2 MiB boundary.
 *  - The host's fault handling is serial with the transfers: each faulting
 *    page's transfer is preceded on the link by `fault_cycles` (45 us),
 *    as UVM Smart's accurate mode queues a PAGE_FAULT item of one page's
 *    fault latency before it. A fault on a page already chosen (queued or
 *    on the link) merges into that migration and costs nothing more.
 *  - One host-to-device lane takes one item at a time. A transfer takes
 *    device memory when it starts; if too little is free, the evictor
 *    frees victims first; if still short, the transfer moves the part that
 *    fits and the rest waits at the head (a run never needs more than one
 *    free page, so no capacity is too small).
 *  - [I] Every evicted page is written back (UVM Smart's default; it
 *    tracks no clean pages unless -invalidate_clean), on a device-to-host
 *    lane of its own, serial, timed by the same curve; the page frees its
 *    memory at once (UVM Smart frees it when the write-back is scheduled)
 *    and its TLB entries are shot down. The caches keep lines of evicted
 *    pages ([I]: data values are not modelled).
 * Counters are the stats' "uvm" object (plug/uvm.c). */
#ifndef GM_SIM_UVM_GMMU_H
#define GM_SIM_UVM_GMMU_H

#include "uvm_ctrl.h"
#include "uvm_mem.h"
#include "uvm_pcie.h"
#include "uvm_policy.h"
#include "uvm_ture.h"

enum { GM_UVM_SIZE_BUCKETS = 10 }; /* transfers of 4 KiB .. 2 MiB, by powers of two */

typedef struct gm_uvm_item {
    uint32_t first, n;      /* pages [first, first + n); n = 0: a fault's handling */
} gm_uvm_item_t;

typedef struct gm_uvm_stats {
    uint64_t far_faults, faults_merged, walks, tlb_hits, tlb_misses, shootdowns;
    uint64_t demand_pages, prefetched_pages, prefetched_touched;
    uint64_t evicted_pages, victims, evict_waits;
    uint64_t read_busy, write_busy;
    uint64_t reads[GM_UVM_SIZE_BUCKETS], writes[GM_UVM_SIZE_BUCKETS];
    uint64_t oversub_onset;  /* UINT64_MAX: never needed to evict */
    uint32_t resident_max;
    uint64_t prelaunch_pages, prelaunch_cycles;
} gm_uvm_stats_t;

typedef struct gm_uvm_gmmu {
    gm_uvm_mem_t m;
    gm_uvm_pcie_t pcie;
    const gm_uvm_prefetcher_t *pf;
    const gm_uvm_evictor_t *ev;
    uint64_t fault_cycles;
    int np_when_full;              /* once memory has been full, prefetch nothing */
    uint32_t *batch, nbatch;       /* this cycle's new far faults */
    gm_uvm_item_t *q;              /* the host-to-device lane's queue */
    uint32_t qhead, qn, qcap;
    int busy;                      /* an item is on the lane */
    gm_uvm_item_t cur;
    int cur_last;                  /* cur finishes its queue item (not a part) */
    uint64_t ready;                /* the cycle it is done */
    uint64_t w_until;              /* the device-to-host lane is busy until */
    void (*shootdown)(void *ctx, uint32_t page);
    void *sd_ctx;
    gm_uvm_stats_t st;
    gm_uvm_ture_t ture;            /* TURE's state (evictor TURE only) */
    gm_uvm_ctrl_t *ctrl;           /* CAP and TURE from the capture_ctrl block, or NULL */
} gm_uvm_gmmu_t;

/* m must be initialized (and its capacity set); the gmmu owns it then. */
int gm_uvm_gmmu_init(gm_uvm_gmmu_t *g, unsigned pf, unsigned ev, uint64_t fault_cycles,
                     uint32_t link_gbs, uint32_t core_mhz, gm_err_t *err);
void gm_uvm_gmmu_free(gm_uvm_gmmu_t *g);
/* cudaMemPrefetchAsync of every region before the launch: regions in
 * order, 2 MiB transfers, until device memory is full; the pages are
 * resident at cycle 0 and the time is counted apart (prelaunch_cycles). */
void gm_uvm_gmmu_prelaunch(gm_uvm_gmmu_t *g);
/* A walk found page i not resident: a new far fault (i ABSENT) or a merge. */
void gm_uvm_gmmu_fault(gm_uvm_gmmu_t *g, uint32_t i);
/* A translated access to page i (LRU order, prefetch usefulness). */
void gm_uvm_gmmu_access(gm_uvm_gmmu_t *g, uint32_t i, uint64_t now);
/* The end of core cycle `now`: a finished item lands (its pages resident
 * from now + 1), this cycle's faults are decided, an idle lane starts the
 * next item (busy from now + 1 for its length: started at the end of cycle
 * t, an item of d cycles lands at the end of cycle t + d). */
void gm_uvm_gmmu_cycle(gm_uvm_gmmu_t *g, uint64_t now);
/* Nothing queued, on the lane or waiting for a decision. */
int gm_uvm_gmmu_idle(const gm_uvm_gmmu_t *g);
/* For the block's environment (uvm_ctrl.c): an item onto the lane's queue
 * (n = 0: a fault's handling), and the pages on m->pick evicted as one
 * victim, written back in runs of contiguous pages. */
void gm_uvm_gmmu_push(gm_uvm_gmmu_t *g, uint32_t first, uint32_t n);
void gm_uvm_gmmu_evict_pick(gm_uvm_gmmu_t *g, uint64_t now);

#endif
