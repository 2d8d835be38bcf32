/* CAPTURE from the capture_ctrl block (seed-001 §9.4): with `uvm.ctrl`
 * "block" the GMMU's CAP and TURE decisions come from one capture_ctrl
 * instance in the GPU's registry ("gmmu.capture_ctrl"), evaluated and
 * ticked once a core cycle at the end of the cycle; the GMMU (uvm_gmmu.c)
 * is its environment and reads only its output ports:
 *  - set-up: region k is allocation k (alloc_we, one a cycle from cycle 0,
 *    base and pages as the model's regions), then kernel_launch; every
 *    later kernel's first CTA pulses kernel_launch again. cfg_cap_pages is
 *    the device capacity. A workload with more regions than the block's 16
 *    allocation entries is refused (plug/uvm.c).
 *  - far faults: the faults of a cycle (its batch, in page order) join a
 *    queue of at most one entry a page; the head goes to ff_valid once the
 *    set-up is done. A fault whose page an earlier fault's migration has
 *    taken meanwhile is dropped at the head (`faults_covered`: the model's
 *    merge of a fault into a chosen page).
 *  - probes: ptw_ready while none is outstanding; the answer comes
 *    `probe_cycles` later (default 1: [I] the fault's own page-table walk,
 *    ptw_cycles, is already modelled by the SM's translation; a probe reads
 *    one more PTE of the tables that walk has just read). "present" = no
 *    page of the granule in the fault's region is absent or waiting in the
 *    fault queue ([I] a partly resident granule -- pinned pages an eviction
 *    left, a region's edge -- is migrated, its absent pages only;
 *    otherwise a fault in such a granule would never be served).
 *  - migrations: mig_ready always; a command takes the absent (or
 *    faulted) pages of its granules in the fault's region, cut into
 *    transfers of contiguous pages that end at 2 MiB boundaries (as the
 *    model's batch); a demand command's transfers follow the fault's
 *    handling item (45 us) on the lane. mig_done (mig_done_ngrn granules)
 *    once the command's last transfer lands; granules of commands that
 *    found nothing absent are reported done the next cycle. Pulses of
 *    several commands are summed, at most 16 granules a pulse.
 *  - lifetimes: a per-page 10-bit array here (the PTE field): lt_rd_vpn is
 *    read at the edge (before that edge's lt_wr) and lt_rd_data holds it
 *    the next cycle; a landing transfer's pages get q_life of their region
 *    (q_aid = that region in the landing cycle).
 *  - accesses: every translated access (gm_uvm_gmmu_access) is an event
 *    in a queue of GM_UVM_ACC_Q; the head goes to acc_valid with acc_res =
 *    the page is resident now. A full queue holds the LSU at its xlat hook
 *    (the access waits and asks again next cycle: no event is lost), or
 *    with acc_full "drop" the access goes and its event is lost (counted).
 *  - evictions: ev_ready always; an ev evicts every resident, unpinned
 *    managed page of the granule (written back as the model's victims);
 *    ev_done the next cycle. lru_req_valid is answered the next cycle with
 *    the global-LRU page's granule (gm_uvm_lru_page) or lru_rsp_none.
 *  - leases: st_lease_aid walks the regions a cycle each; the stats keep
 *    each region's last st_lease and how often a readback changed.
 *  - the system's own capacity check: a transfer that still finds too
 *    little free memory when it starts (granule rounding, pinned pages)
 *    evicts the global-LRU page's granule itself (`sys_fallbacks`) and
 *    owes the block an ev_done for it, so the block's resident count
 *    follows; if even that frees nothing the rest waits at the head as
 *    before.
 *  - faults, accesses and evictions cannot be skipped over: block mode
 *    turns the fast-forward off (plug/uvm.c next_event). */
#ifndef GM_SIM_UVM_CTRL_H
#define GM_SIM_UVM_CTRL_H

#include <stdint.h>

#include "blk.h"
#include "uvm_mem.h"

enum { GM_UVM_ACC_Q = 64 };

struct gm_uvm_gmmu;

typedef struct gm_uvm_ctrl_stats {
    uint64_t faults_handed, faults_covered, ff_queue_max;
    uint64_t probes, probes_present;
    uint64_t mig_commands, mig_granules, mig_pages, mig_empty;
    uint64_t ev_commands, ev_pages, ev_empty;
    uint64_t lru_requests, lru_none;
    uint64_t acc_events, acc_stall_cycles, acc_queue_max; /* stall: LSU-cycles an access waited for room */
    uint64_t acc_dropped;         /* events lost to a full queue (acc_full drop) */
    uint64_t lt_reads, lt_writes, launches;
    uint64_t lease_changes;       /* st_lease readbacks that found a new value */
    uint64_t gran[5];             /* faults served by granularity (st_gcode at ff_done) */
    uint64_t sys_fallbacks, sys_fallback_pages;
} gm_uvm_ctrl_stats_t;

typedef struct gm_uvm_ctrl {
    gm_blk_t *b;
    uint32_t probe_cycles;
    uint64_t cap_pages;
    uint32_t npages;              /* the span's page indexes (queue sizes) */
    uint32_t next_alloc;          /* regions registered */
    int launch;                   /* a kernel launch to pulse */
    int ready;                    /* set-up done: faults may go */
    uint32_t last_kid;
    uint32_t *ffq, ff_head, ff_n; /* the far-fault queue (a page at most once) */
    uint32_t cur_region, cur_page; /* the fault the block serves */
    int probe_busy;
    uint64_t probe_at, probe_vpn;
    uint32_t *cmd, cmd_head, cmd_n; /* commands in flight: items left, ngrn << 24 */
    uint32_t done_grn;            /* granules landed, not yet reported */
    uint32_t ev_owed;             /* ev_done pulses owed */
    int lru_pend;
    uint32_t accq[GM_UVM_ACC_Q], acc_head, acc_n;
    uint16_t *lt;                 /* per page index: the PTE's lifetime */
    uint32_t nalloc, lease_sel;   /* st_lease_aid walks the regions, one a cycle */
    uint16_t lease[16];           /* the last st_lease of each (0: none learned) */
    uint16_t rd_data;
    int landed_valid;             /* a transfer landed this cycle */
    uint32_t landed_first, landed_n;
    gm_uvm_ctrl_stats_t st;
} gm_uvm_ctrl_t;

/* The block instance into reg and the environment's state for the pages
 * of m; capacity in pages. */
int gm_uvm_ctrl_init(gm_uvm_ctrl_t *c, gm_registry_t *reg, const gm_uvm_mem_t *m,
                     uint32_t probe_cycles, gm_err_t *err);
void gm_uvm_ctrl_free(gm_uvm_ctrl_t *c);
/* A CTA of kernel kid was placed: a new kernel pulses kernel_launch. */
void gm_uvm_ctrl_cta(gm_uvm_ctrl_t *c, uint32_t kid);
/* Room for one more access event this cycle. */
static inline int gm_uvm_ctrl_acc_room(const gm_uvm_ctrl_t *c)
{
    return c->acc_n < GM_UVM_ACC_Q;
}
void gm_uvm_ctrl_access(gm_uvm_ctrl_t *c, uint32_t i);
/* This cycle's far faults (sorted), after the GMMU's landing. */
void gm_uvm_ctrl_faults(gm_uvm_ctrl_t *c, const uint32_t *pages, uint32_t n);
/* The block's cycle: drive, evaluate, act on the outputs, tick. */
void gm_uvm_ctrl_cycle(gm_uvm_ctrl_t *c, struct gm_uvm_gmmu *g, uint64_t now);
/* A lane item of the current command finished (transfer landed or fault
 * handled). */
void gm_uvm_ctrl_item_done(gm_uvm_ctrl_t *c);
/* The system's own eviction when a transfer still finds no room: the
 * global-LRU page's granule onto m->pick; 0 if none. */
int gm_uvm_ctrl_fallback(gm_uvm_ctrl_t *c, gm_uvm_mem_t *m);

#endif
