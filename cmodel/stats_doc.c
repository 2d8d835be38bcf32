/* The descriptions of the stats report's paths (stats_doc.h says why they
 * live here). Counts are over the whole run and every instance unless a
 * description says otherwise; "cycles" are core cycles unless named. */
#include "stats_doc.h"

#include <stdio.h>
#include <string.h>

#include "blocks/block.h"
#include "sim/config.h"

typedef struct entry {
    const char *path, *type, *doc, *when;
} entry_t;

static const entry_t head[] = {
    {"schema", "string", "report format, \"gmem-stats/1\"", NULL},
    {"config", "string", "the configuration's name ($.name)", NULL},
    {"workload", "string", "the workload's canonical spec, every parameter spelled out", NULL},
    {"seed", "integer", "the run's random seed (--seed)", NULL},
    {"cycles", "integer", "core cycles simulated", NULL},
    {"warp_instructions", "integer", "warp instructions issued, all SMs", NULL},
    {"thread_instructions", "integer", "thread instructions (active lanes) issued, all SMs",
     NULL},
    {"ipc", "number", "thread instructions per core cycle, the whole GPU", NULL},
    {"warp_ipc", "number", "warp instructions per core cycle, the whole GPU", NULL},
    {"kernels_completed", "integer", "kernels that ran to their end", NULL},
    {"lsu.memory_instructions", "integer", "memory instructions the SMs issued to their LSUs",
     NULL},
    {"lsu.requests", "integer",
     "memory requests after coalescing (per cache line touched; per sector with sectored "
     "caches)", NULL},
    {"lsu.requests_per_instruction", "number", "requests / memory_instructions", NULL},
    {"lsu.bypassed", "integer", "requests sent on the bypass path around the L1D", NULL},
    {"lsu.stall_cycles", "integer",
     "LSU cycles in which the request at the head could not proceed (a reservation fail or "
     "a stall)", NULL},
    {"lsu.icnt_stalls", "integer", "bypass requests held back by a full crossbar injection port",
     NULL},
    {"lsu.milg_gated", "integer", "memory issue held back by an issue gate (the milg block)",
     NULL},
    {"lsu.avg_load_latency", "number", "core cycles from a load's issue to its last reply, mean",
     NULL},
};

/* The L1D's and the L2's: the same cache pipeline (sim/cache.c). */
static const entry_t cache[] = {
    {"accesses", "integer", "requests the cache accepted (reservation fails not counted)", NULL},
    {"reads", "integer", "accepted loads", NULL},
    {"writes", "integer", "accepted stores", NULL},
    {"hits", "integer", "accepted requests that found their line (sectored: their sector)",
     NULL},
    {"misses", "integer", "misses that took a new MSHR entry (sectored: a sector fetch)",
     NULL},
    {"merges", "integer", "misses merged into a pending MSHR entry", NULL},
    {"hit_rate", "number", "hits / accesses", NULL},
    {"reservation_fails.line", "integer",
     "reservation-fail cycles: no line to reserve (allocate-on-miss)", NULL},
    {"reservation_fails.mshr", "integer",
     "reservation-fail cycles: MSHR entries or merge slots full", NULL},
    {"reservation_fails.miss_queue", "integer", "reservation-fail cycles: miss queue full", NULL},
    {"reservation_fails.bypass_slots", "integer",
     "reservation-fail cycles: bypass slots exhausted (the L1D's bypass path)", NULL},
    {"reservation_fails.total", "integer", "reservation-fail cycles of every kind", NULL},
    {"rf_per_access", "number", "reservation_fails.total / accesses", NULL},
    {"port_stalls", "integer", "cycles a request waited for the data port (the L2: any stall)",
     NULL},
    {"fills", "integer", "lines (sectored: sectors) filled from below", NULL},
    {"footprint", "integer",
     "distinct lines filled over the run (summed over the caches): the lines the cache held at some "
     "time -- with a bypassing filter, the footprint of the stream it kept", NULL},
    {"evictions", "integer", "valid lines replaced", NULL},
    {"writebacks", "integer",
     "dirty lines written back below (write-back caches; sectored: their dirty sectors)", NULL},
};

/* A sectored cache's object (sim/stats.c writes it only then). */
static const entry_t sectors[] = {
    {"sectors.size", "integer", "the sector size, bytes (the cache's c.sector)", NULL},
    {"sectors.reads.hits", "integer", "load sectors found valid", NULL},
    {"sectors.reads.misses", "integer", "load sectors whose line was absent: a new fetch", NULL},
    {"sectors.reads.sector_misses", "integer",
     "load sectors absent from a present line: a new fetch (GPGPU-Sim's SECTOR_MISS)", NULL},
    {"sectors.reads.merges", "integer", "load sectors merged into their sector's pending fetch",
     NULL},
    {"sectors.reads.hit_rate", "number",
     "hits / (hits + misses + sector_misses + merges)", NULL},
    {"sectors.writes.hits", "integer", "store sectors found valid", NULL},
    {"sectors.writes.misses", "integer", "store sectors whose line was absent", NULL},
    {"sectors.writes.sector_misses", "integer", "store sectors absent from a present line",
     NULL},
    {"sectors.writes.hit_rate", "number", "hits / (hits + misses + sector_misses)", NULL},
    {"sectors.requests.reads.hits", "integer",
     "load requests (a warp instruction's line) every sector of which hit", NULL},
    {"sectors.requests.reads.partial", "integer",
     "load requests some but not all of whose sectors hit", NULL},
    {"sectors.requests.reads.misses", "integer", "load requests none of whose sectors hit",
     NULL},
    {"sectors.requests.reads.hit_rate", "number", "hits / (hits + partial + misses)", NULL},
    {"sectors.requests.writes.hits", "integer", "store requests every sector of which hit",
     NULL},
    {"sectors.requests.writes.partial", "integer",
     "store requests some but not all of whose sectors hit", NULL},
    {"sectors.requests.writes.misses", "integer", "store requests none of whose sectors hit",
     NULL},
    {"sectors.requests.writes.hit_rate", "number", "hits / (hits + partial + misses)", NULL},
    {"sectors.fill_bytes", "integer", "bytes filled from below (sectors x size)", NULL},
    {"sectors.writeback_bytes", "integer", "bytes written back below: dirty sectors only",
     NULL},
};

static const entry_t tail[] = {
    {"icnt.request_packets", "integer", "packets on the request crossbar (SMs to L2 banks)", NULL},
    {"icnt.request_flits", "integer", "flits of those packets", NULL},
    {"icnt.reply_packets", "integer", "packets on the reply crossbar (L2 banks to SMs)", NULL},
    {"icnt.reply_flits", "integer", "flits of those packets", NULL},
    {"dram.reads", "integer", "read column commands, all channels", NULL},
    {"dram.writes", "integer", "write column commands, all channels", NULL},
    {"dram.row_hits", "integer", "column commands to an already open row", NULL},
    {"dram.row_misses", "integer", "column commands that needed their own activate", NULL},
    {"dram.row_conflicts", "integer", "precharges: an open row closed for another", NULL},
    {"dram.row_hit_rate", "number", "row_hits / (row_hits + row_misses)", NULL},
    {"dram.activates", "integer", "row activates", NULL},
    {"dram.bus_utilization", "number", "data-bus busy cycles / DRAM cycles, over the channels",
     NULL},
    {"dram.avg_queue", "number", "scheduler-queue occupancy per DRAM cycle, mean", NULL},
    {"dram.requests_per_channel", "array of integer",
     "requests each memory channel served, channel 0 first", NULL},
};

/* The plug-ins' objects (their .stats), after blocks. */
static const entry_t plugs[] = {
    {"mshr.l1d.slot_util", "number",
     "L1D MSHR slots occupied per cycle / the slot budget (entries x merge slots)",
     "every run (the mshr plug-in)"},
    {"mshr.l1d.rf", "integer", "L1D MSHR reservation fails (entry or merge slots full)",
     "every run (the mshr plug-in)"},
    {"mshr.l1d.merges", "integer", "requests merged into a pending L1D MSHR entry",
     "every run (the mshr plug-in)"},
    {"mshr.l2.slot_util", "number",
     "L2 MSHR slots occupied per L2 cycle / the slot budget", "every run (the mshr plug-in)"},
    {"mshr.l2.rf", "integer", "L2 MSHR reservation fails", "every run (the mshr plug-in)"},
    {"mshr.l2.merges", "integer", "requests merged into a pending L2 MSHR entry",
     "every run (the mshr plug-in)"},
    {"mshr.slot_util", "number", "slot utilization over both levels' slot-cycles",
     "every run (the mshr plug-in)"},
    {"mshr.rf", "integer", "MSHR reservation fails, both levels", "every run (the mshr plug-in)"},
    {"ccn.requests", "integer", "L1D load misses the CCN ring took (all SMs)", "ccn.enable is true"},
    {"ccn.remote_hits", "integer", "ring requests a remote L1 served (filled at home)",
     "ccn.enable is true"},
    {"ccn.h_reuse", "number", "remote_hits / requests (seed 003's h_reuse)", "ccn.enable is true"},
    {"ccn.remote_hit_latency", "number",
     "mean core cycles from taking a miss to handing its remote line to the L1D (l_reuse)",
     "ccn.enable is true"},
    {"ccn.returns_to_l2", "integer", "ring requests back home without a sharer, sent to L2",
     "ccn.enable is true"},
    {"ccn.miss_overhead", "number",
     "mean core cycles such a request spent on the ring before leaving for L2 (delta_overhead)",
     "ccn.enable is true"},
    {"ccn.tag_updates_delayed", "integer",
     "L1D tag writes mirrored into the shadow tags a cycle or more late (two in one cycle)",
     "ccn.enable is true"},
    {"ccn.tag_updates_lost", "integer", "L1D tag writes dropped on a full update queue",
     "ccn.enable is true"},
    {"ccn.rt_epochs", "integer", "request-throttler epochs ended, all SMs", "ccn.enable is true"},
    {"ccn.rt_off_windows", "integer", "sampling windows that turned an SM's CCN use off",
     "ccn.enable is true"},
    {"ccn.load_misses", "integer",
     "primary global load misses as they left the L1D (to the ring, the oracle or L2), all SMs",
     "ccn.enable is true"},
    {"ccn.reuse_misses", "integer",
     "those whose line was VALID in another SM's L1D at that moment", "ccn.enable is true"},
    {"ccn.urc", "number",
     "reuse_misses / load_misses: seed 003 Table I's reuse coefficient (mu_RC)",
     "ccn.enable is true"},
    {"prefetch.policy", "string", "the prefetcher's policy (next_line, stride)",
     "l1d.prefetch.enable is true"},
    {"prefetch.trained", "integer", "accesses that trained the stride table",
     "l1d.prefetch.enable is true"},
    {"prefetch.candidates", "integer", "lines the prefetcher predicted", "l1d.prefetch.enable is true"},
    {"prefetch.queue_full", "integer", "candidates dropped on a full prefetch queue",
     "l1d.prefetch.enable is true"},
    {"prefetch.issued", "integer", "prefetches the L1D sent below", "l1d.prefetch.enable is true"},
    {"prefetch.useful", "integer", "prefetched lines a demand access hit first",
     "l1d.prefetch.enable is true"},
    {"prefetch.accuracy", "number", "useful / issued", "l1d.prefetch.enable is true"},
    {"ck.policy", "string", "the TB-partition policy (even, count, spatial, ws, smk_p, smk_pw)",
     "ck.enable is true"},
    {"ck.window", "integer", "the fixed run window with relaunch, core cycles (0: off)",
     "ck.enable is true"},
    {"ck.tbs", "array of integer", "the most CTAs of each kernel an SM may hold",
     "ck.policy is count or ws"},
    {"ck.sms", "array of integer", "SMs of each kernel", "ck.policy is spatial"},
    {"ck.quota", "array of integer", "warp instructions per SM per refill, each kernel",
     "ck.policy is smk_pw"},
    {"ck.refills", "integer", "quota refills, summed over the SMs", "ck.policy is smk_pw"},
    {"ck.sm_ctas", "array of array of integer", "per kernel, the CTAs each SM took",
     "ck.policy is not even"},
    {"ck.max_resident", "array of integer", "per kernel, the most CTAs an SM held at once",
     "ck.policy is not even"},
    {"ck.members", "array of string", "each kernel's workload spec, as run alone",
     "gmem run --isolated"},
    {"ck.ipc_isolated", "array of number",
     "each member's thread instructions per cycle alone on the whole GPU over the window",
     "gmem run --isolated"},
    {"ck.ipc_corun", "array of number",
     "each member's thread instructions per cycle over the co-run window", "gmem run --isolated"},
    {"ck.norm_ipc", "array of number", "ipc_corun / ipc_isolated, each member",
     "gmem run --isolated"},
    {"ck.stp", "number", "system throughput: the sum of norm_ipc (seed-000 §6.5)",
     "gmem run --isolated"},
    {"ck.antt", "number", "average normalized turnaround time: the mean of 1 / norm_ipc "
     "(lower is better)", "gmem run --isolated"},
    {"ck.ws.curves", "array of array of number",
     "Warped-Slicer's scalability curves: each member's IPC alone with 1.. CTAs per SM",
     "ck.policy is ws with --isolated"},
    {"ck.ws.partition", "array of integer", "the sweet point: CTAs of each kernel per SM",
     "ck.policy is ws with --isolated"},
    {"ck.ws.predicted_stp", "number",
     "the sum over the members of curve(sweet point) / curve(best)",
     "ck.policy is ws with --isolated"},
    {"smil.limit", "array of integer", "each stream's limit per SM, 0 = unlimited",
     "smil.enable is true"},
    {"smil.max_inflight", "array of integer",
     "each stream's largest in-flight memory-instruction count on any SM in any cycle",
     "smil.enable is true"},
    {"uvm.prefetch", "string", "the prefetcher (NP, RP, SP, TP, CAP)",
     "uvm.enable is true"},
    {"uvm.evict", "string", "the eviction policy (RE, SE, NE, TE, TURE)",
     "uvm.enable is true"},
    {"uvm.footprint_pages", "integer", "4 KiB pages of the cudaMallocManaged regions (the device arrays)",
     "uvm.enable is true"},
    {"uvm.capacity_pages", "integer", "device memory for them, pages",
     "uvm.enable is true"},
    {"uvm.resident_pages", "integer", "pages resident at the end",
     "uvm.enable is true"},
    {"uvm.resident_max", "integer", "the most pages resident at once (never above capacity_pages)",
     "uvm.enable is true"},
    {"uvm.far_faults", "integer", "walks that found a page absent and not on its way: host fault handlings",
     "uvm.enable is true"},
    {"uvm.faults_merged", "integer", "walks that found their page already faulted or being migrated",
     "uvm.enable is true"},
    {"uvm.walks", "integer", "page-table walks (a TLB miss each)",
     "uvm.enable is true"},
    {"uvm.tlb_hits", "integer", "translated accesses that hit the SM's TLB",
     "uvm.enable is true"},
    {"uvm.tlb_misses", "integer", "accesses that missed it",
     "uvm.enable is true"},
    {"uvm.tlb_shootdowns", "integer", "TLB entries dropped because their page was evicted",
     "uvm.enable is true"},
    {"uvm.pages_migrated", "integer", "pages moved host to device (demand_pages + prefetched_pages)",
     "uvm.enable is true"},
    {"uvm.demand_pages", "integer", "migrated pages an SM had faulted on before they arrived",
     "uvm.enable is true"},
    {"uvm.prefetched_pages", "integer", "migrated pages no SM waited for",
     "uvm.enable is true"},
    {"uvm.prefetched_touched", "integer", "prefetched pages accessed before their eviction",
     "uvm.enable is true"},
    {"uvm.coverage", "number", "prefetched_touched / (prefetched_touched + demand_pages)",
     "uvm.enable is true"},
    {"uvm.accuracy", "number", "prefetched_touched / prefetched_pages",
     "uvm.enable is true"},
    {"uvm.migrated_bytes", "integer", "pages_migrated x 4096",
     "uvm.enable is true"},
    {"uvm.evictions", "integer", "victims the eviction policy chose (a page, a 64 KiB block, a 2 MiB range, a tree's nodes)",
     "uvm.enable is true"},
    {"uvm.evicted_pages", "integer", "pages evicted (each written back to the host)",
     "uvm.enable is true"},
    {"uvm.evicted_bytes", "integer", "evicted_pages x 4096",
     "uvm.enable is true"},
    {"uvm.evict_waits", "integer", "cycles a transfer waited because every resident page was pinned by a replay",
     "uvm.enable is true"},
    {"uvm.pcie_read_busy_cycles", "integer", "cycles the host-to-device lane moved pages (fault handling not counted)",
     "uvm.enable is true"},
    {"uvm.pcie_write_busy_cycles", "integer", "cycles the device-to-host lane moved evicted pages",
     "uvm.enable is true"},
    {"uvm.pcie_read_utilization", "number", "pcie_read_busy_cycles / cycles",
     "uvm.enable is true"},
    {"uvm.pcie_write_utilization", "number", "pcie_write_busy_cycles / cycles",
     "uvm.enable is true"},
    {"uvm.reads_by_size.4K", "integer", "host-to-device transfers of 4K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.8K", "integer", "host-to-device transfers of 8K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.16K", "integer", "host-to-device transfers of 16K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.32K", "integer", "host-to-device transfers of 32K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.64K", "integer", "host-to-device transfers of 64K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.128K", "integer", "host-to-device transfers of 128K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.256K", "integer", "host-to-device transfers of 256K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.512K", "integer", "host-to-device transfers of 512K up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.1M", "integer", "host-to-device transfers of 1M up to the next size",
     "uvm.enable is true"},
    {"uvm.reads_by_size.2M", "integer", "host-to-device transfers of 2M up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.4K", "integer", "device-to-host transfers of 4K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.8K", "integer", "device-to-host transfers of 8K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.16K", "integer", "device-to-host transfers of 16K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.32K", "integer", "device-to-host transfers of 32K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.64K", "integer", "device-to-host transfers of 64K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.128K", "integer", "device-to-host transfers of 128K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.256K", "integer", "device-to-host transfers of 256K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.512K", "integer", "device-to-host transfers of 512K up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.1M", "integer", "device-to-host transfers of 1M up to the next size",
     "uvm.enable is true"},
    {"uvm.writes_by_size.2M", "integer", "device-to-host transfers of 2M up to the next size",
     "uvm.enable is true"},
    {"uvm.oversub_onset_cycle", "integer", "the first cycle a transfer found device memory full (-1: never)",
     "uvm.enable is true"},
    {"uvm.prelaunch_pages", "integer", "pages cudaMemPrefetchAsync moved before the launch",
     "uvm.enable is true"},
    {"uvm.prelaunch_cycles", "integer", "their PCIe time, core cycles, not part of cycles",
     "uvm.enable is true"},
    {"uvm.kernel_cycles", "integer", "the kernels' time, core cycles (= cycles; the launch follows any prefetch)",
     "uvm.enable is true"},
    {"uvm.cap.faults_by_granularity.64K", "integer", "far faults CAP served at a 64K granularity (Eq. 4.1; 512K when oversubscribed)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.faults_by_granularity.128K", "integer", "far faults CAP served at a 128K granularity (Eq. 4.1; 512K when oversubscribed)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.faults_by_granularity.256K", "integer", "far faults CAP served at a 256K granularity (Eq. 4.1; 512K when oversubscribed)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.faults_by_granularity.512K", "integer", "far faults CAP served at a 512K granularity (Eq. 4.1; 512K when oversubscribed)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.faults_by_granularity.1M", "integer", "far faults CAP served at a 1M granularity (Eq. 4.1; 512K when oversubscribed)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.mean_granularity_kib", "number", "their mean granularity, KiB",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.oversub_entries", "integer", "times CAP entered oversubscription (its fixed 512 KiB granularity)",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.cap.oversub", "boolean", "CAP is oversubscribed at the end",
     "uvm.prefetch is CAP (model mode)"},
    {"uvm.ture.windows", "integer", "sampling windows closed (SAMP_D of every SAMP_S cycles open)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.sampled", "integer", "page accesses the sampler counted (in an open window)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.sample_ignored", "integer", "accesses in an open window to a new block with the sampler full",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.leases_learned", "integer", "leases written at window ends (an allocation with samples)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.expired", "integer", "pages whose lifetime ran out (coalescing-table inserts)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.recalls", "integer", "accesses to an expired page whose granule was in the table (its pages get half the lease)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.table_full_evictions", "integer", "granules evicted because the coalescing table was full",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.oversub_granules", "integer", "granules evicted from the table on memory pressure (the least recently updated)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.fallback_granules", "integer", "granules evicted by global LRU with the table empty",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.table_occupancy", "integer", "coalescing-table entries in use at the end",
     "uvm.evict is TURE (model mode)"},
    {"uvm.ture.mean_lease", "number", "mean of the leases written (accesses a page may take before it expires)",
     "uvm.evict is TURE (model mode)"},
    {"uvm.capture.ctrl", "string", "\"block\": CAPTURE's decisions came from the capture_ctrl instance",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_handed", "integer", "far faults handed to the block (ff_valid taken)",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_covered", "integer", "queued far faults whose page a migration already took (never handed)",
     "uvm.ctrl is block"},
    {"uvm.capture.ff_queue_max", "integer", "most far faults queued for the block at once",
     "uvm.ctrl is block"},
    {"uvm.capture.probes", "integer", "residency probes the block issued (ptw_valid taken)",
     "uvm.ctrl is block"},
    {"uvm.capture.probes_present", "integer", "probes answered present (no page of the granule absent or faulted)",
     "uvm.ctrl is block"},
    {"uvm.capture.mig_commands", "integer", "migration commands (coalesced runs of granules)",
     "uvm.ctrl is block"},
    {"uvm.capture.mig_granules", "integer", "granules in them",
     "uvm.ctrl is block"},
    {"uvm.capture.mig_pages", "integer", "absent pages those commands moved",
     "uvm.ctrl is block"},
    {"uvm.capture.mig_empty", "integer", "commands that found no page to move",
     "uvm.ctrl is block"},
    {"uvm.capture.ev_commands", "integer", "granule evictions the block issued",
     "uvm.ctrl is block"},
    {"uvm.capture.ev_pages", "integer", "pages they evicted",
     "uvm.ctrl is block"},
    {"uvm.capture.ev_empty", "integer", "evictions that found no resident, unpinned page",
     "uvm.ctrl is block"},
    {"uvm.capture.lru_requests", "integer", "global-LRU granules the block asked for (its table empty)",
     "uvm.ctrl is block"},
    {"uvm.capture.lru_none", "integer", "of them, answered with none left",
     "uvm.ctrl is block"},
    {"uvm.capture.acc_events", "integer", "page-access events the block took",
     "uvm.ctrl is block"},
    {"uvm.capture.acc_full_waits", "integer", "LSU-cycles an access waited for room in the event queue (uvm.acc_full stall)",
     "uvm.ctrl is block"},
    {"uvm.capture.acc_dropped", "integer", "access events lost to a full queue (uvm.acc_full drop)",
     "uvm.ctrl is block"},
    {"uvm.capture.acc_queue_max", "integer", "most access events queued at once",
     "uvm.ctrl is block"},
    {"uvm.capture.lt_reads", "integer", "PTE lifetime reads",
     "uvm.ctrl is block"},
    {"uvm.capture.lt_writes", "integer", "PTE lifetime writes (decrements, recalls, migrated pages)",
     "uvm.ctrl is block"},
    {"uvm.capture.launches", "integer", "kernel launches pulsed to the block",
     "uvm.ctrl is block"},
    {"uvm.capture.sys_fallbacks", "integer", "transfers that found no room after the block's evictions: the system evicted a granule itself",
     "uvm.ctrl is block"},
    {"uvm.capture.sys_fallback_pages", "integer", "pages those evictions took",
     "uvm.ctrl is block"},
    {"uvm.capture.block_resident_pages", "integer", "the block's resident-page count at the end (st_resident_pages; 16 a granule)",
     "uvm.ctrl is block"},
    {"uvm.capture.block_oversub", "integer", "the block's oversubscription flag at the end (st_oversub)",
     "uvm.ctrl is block"},
    {"uvm.capture.lease_changes", "integer", "st_lease readbacks that found a new lease",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_by_granularity.64K", "integer", "faults the block served at a 64K granularity (st_gcode at ff_done)",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_by_granularity.128K", "integer", "faults the block served at a 128K granularity (st_gcode at ff_done)",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_by_granularity.256K", "integer", "faults the block served at a 256K granularity (st_gcode at ff_done)",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_by_granularity.512K", "integer", "faults the block served at a 512K granularity (st_gcode at ff_done)",
     "uvm.ctrl is block"},
    {"uvm.capture.faults_by_granularity.1M", "integer", "faults the block served at a 1M granularity (st_gcode at ff_done)",
     "uvm.ctrl is block"},
    {"uvm.capture.mean_granularity_kib", "number", "their mean granularity, KiB",
     "uvm.ctrl is block"},
    {"uvm.capture.leases", "array of integer", "element k: region k's lease as last read back (0: none learned)",
     "uvm.ctrl is block"},
    {"icta.kernels", "array of object", "one object per kernel launch (the profiler's)",
     "icta.enable is true"},
    {"icta.kernels[].launch", "integer", "the launch's kernel id", "icta.enable is true"},
    {"icta.kernels[].first_touch", "integer", "accesses to a line the kernel had not touched",
     "icta.enable is true"},
    {"icta.kernels[].intra_cta", "integer", "accesses whose line's last accessor was this CTA",
     "icta.enable is true"},
    {"icta.kernels[].inter_cta", "integer", "accesses whose line's last accessor was another CTA",
     "icta.enable is true"},
    {"icta.kernels[].inter_share", "number", "inter_cta / (intra_cta + inter_cta): Fig. 3's share",
     "icta.enable is true"},
    {"icta.kernels[].l1d_hits", "integer", "L1D demand hits", "icta.enable is true"},
    {"icta.kernels[].l1d_hits_inter_cta", "integer",
     "L1D hits on a line another CTA's miss brought (exploited inter-CTA reuse)",
     "icta.enable is true"},
    {"icta.first_touch", "integer", "first touches, all launches", "icta.enable is true"},
    {"icta.intra_cta", "integer", "intra-CTA reuses, all launches", "icta.enable is true"},
    {"icta.inter_cta", "integer", "inter-CTA reuses, all launches", "icta.enable is true"},
    {"icta.inter_share", "number", "inter_cta / (intra_cta + inter_cta), all launches",
     "icta.enable is true"},
    {"icta.inter_share_kernel_mean", "number",
     "the launches' inter_share, mean over those with reuse", "icta.enable is true"},
    {"icta.l1d_hits", "integer", "L1D demand hits, all launches", "icta.enable is true"},
    {"icta.l1d_hits_inter_cta", "integer", "L1D hits on another CTA's line, all launches",
     "icta.enable is true"},
    {"icta.kernels[].tracker.first_touch", "integer",
     "the tracker's first touches (its misses), per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.intra_cta", "integer",
     "the tracker's intra-CTA reuses, per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.inter_cta", "integer",
     "the tracker's inter-CTA reuses, per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.inter_share", "number",
     "the tracker's inter_cta / (intra_cta + inter_cta), per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.evictions", "integer",
     "valid tracker ways replaced (its error source), per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.first_excess", "integer",
     "the tracker's first touches minus the exact ones: reuses it lost, at most one per "
     "eviction, per launch",
     "icta.tracker is true"},
    {"icta.kernels[].tracker.inter_share_error", "number",
     "the tracker's inter_share minus the exact one, per launch",
     "icta.tracker is true"},
    {"icta.tracker.first_touch", "integer",
     "the tracker's first touches (its misses), all launches",
     "icta.tracker is true"},
    {"icta.tracker.intra_cta", "integer",
     "the tracker's intra-CTA reuses, all launches",
     "icta.tracker is true"},
    {"icta.tracker.inter_cta", "integer",
     "the tracker's inter-CTA reuses, all launches",
     "icta.tracker is true"},
    {"icta.tracker.inter_share", "number",
     "the tracker's inter_cta / (intra_cta + inter_cta), all launches",
     "icta.tracker is true"},
    {"icta.tracker.evictions", "integer",
     "valid tracker ways replaced (its error source), all launches",
     "icta.tracker is true"},
    {"icta.tracker.first_excess", "integer",
     "the tracker's first touches minus the exact ones: reuses it lost, at most one per "
     "eviction, all launches",
     "icta.tracker is true"},
    {"icta.tracker.inter_share_error", "number",
     "the tracker's inter_share minus the exact one, all launches",
     "icta.tracker is true"},
    {"icta.tracker.sets", "integer", "the tracker's SETS", "icta.tracker is true"},
    {"icta.tracker.ways", "integer", "the tracker's WAYS", "icta.tracker is true"},
    {"icta.tracker.cta_w", "integer", "the tracker's CTA_W", "icta.tracker is true"},
    {"icta.tracker.gran_log2", "integer",
     "log2 of its block size (the L1D line)",
     "icta.tracker is true"},
    {"icta.tracker.max_accesses_per_cycle", "integer",
     "the most accesses it was given in one core cycle",
     "icta.tracker is true"},
};

/* One object per kernel launch, every run (sim/kstats.h): instructions are
 * the issuing warp's kernel's, memory events the kernel of the request. */
static const entry_t kernels[] = {
    {"kernels", "array of object",
     "one object per kernel launch, by id: its times and its share of the whole-GPU figures "
     "(each count summed over the kernels gives the one named)", NULL},
    {"kernels[].id", "integer",
     "1.. in the order the workload launches them (a trace: its kernelslist.g order)", NULL},
    {"kernels[].name", "string", "the kernel's name (a trace's -kernel name)", NULL},
    {"kernels[].stream", "integer",
     "the model's stream it ran on (0..2): kernels of one stream run in order, of different "
     "streams concurrently", NULL},
    {"kernels[].cuda_stream", "integer",
     "a trace's -cuda stream id (several ids may share one model stream, see README); "
     "otherwise the stream", NULL},
    {"kernels[].state", "string",
     "completed, running (the run ended first) or waiting (it never started)", NULL},
    {"kernels[].ctas", "integer", "CTAs of its grid", NULL},
    {"kernels[].start_cycle", "integer",
     "core cycle it became the running kernel of its stream (when its predecessor in the "
     "stream ended; 0 for a stream's first); for one waiting, the report's cycles", NULL},
    {"kernels[].end_cycle", "integer",
     "core cycle its last CTA ended; for one running or waiting, the report's cycles", NULL},
    {"kernels[].cycles", "integer", "end_cycle - start_cycle", NULL},
    {"kernels[].warp_instructions", "integer", "warp instructions its warps issued", NULL},
    {"kernels[].thread_instructions", "integer", "thread instructions its warps issued", NULL},
    {"kernels[].memory_instructions", "integer",
     "memory instructions its warps issued to their LSUs", NULL},
    {"kernels[].ipc", "number", "thread_instructions / cycles", NULL},
    {"kernels[].l1d.accesses", "integer", "L1D accesses of its requests (l1d.accesses)", NULL},
    {"kernels[].l1d.hits", "integer", "of those, hits (l1d.hits)", NULL},
    {"kernels[].l1d.misses", "integer", "its L1D misses that took an MSHR entry (l1d.misses)",
     NULL},
    {"kernels[].l1d.merges", "integer", "its L1D misses merged (l1d.merges)", NULL},
    {"kernels[].l1d.reservation_fails", "integer",
     "reservation-fail cycles of its requests (l1d.reservation_fails.total)", NULL},
    {"kernels[].l1d.hit_rate", "number", "hits / accesses", NULL},
    {"kernels[].l2.accesses", "integer",
     "L2 accesses of its requests, write-backs of lines its accesses evicted included "
     "(l2.accesses)", NULL},
    {"kernels[].l2.hits", "integer", "of those, hits (l2.hits)", NULL},
    {"kernels[].l2.misses", "integer", "its L2 misses that took an MSHR entry (l2.misses)",
     NULL},
    {"kernels[].l2.merges", "integer", "its L2 misses merged (l2.merges)", NULL},
    {"kernels[].l2.hit_rate", "number", "hits / accesses", NULL},
    {"kernels[].dram.reads", "integer", "DRAM reads of its requests (dram.reads)", NULL},
    {"kernels[].dram.writes", "integer",
     "DRAM writes of its requests: write-backs of lines its accesses evicted (dram.writes)",
     NULL},
};

/* The opt-in parts of `gmem run` (sim/per_sm.c, sim/sample.c). */
#define PER_SM "a run with --per-sm"
#define SAMPLE "a run with --sample N"
static const entry_t optin[] = {
    {"sms", "array of object",
     "one object per SM, SM 0 first: its share of the whole-GPU figures (each field summed "
     "over the SMs gives the one named)", PER_SM},
    {"sms[].sm", "integer", "the SM's index", PER_SM},
    {"sms[].ctas", "integer", "CTAs placed on the SM, every kernel", PER_SM},
    {"sms[].warp_instructions", "integer", "warp instructions it issued (warp_instructions)",
     PER_SM},
    {"sms[].thread_instructions", "integer",
     "thread instructions it issued (thread_instructions)", PER_SM},
    {"sms[].memory_instructions", "integer",
     "memory instructions it issued to its LSU (lsu.memory_instructions)", PER_SM},
    {"sms[].l1d.accesses", "integer", "requests its L1D accepted (l1d.accesses)", PER_SM},
    {"sms[].l1d.hits", "integer", "of those, hits (l1d.hits)", PER_SM},
    {"sms[].l1d.misses", "integer", "misses that took a new MSHR entry (l1d.misses)", PER_SM},
    {"sms[].l1d.merges", "integer", "misses merged into a pending MSHR entry (l1d.merges)",
     PER_SM},
    {"sms[].l1d.reservation_fails.line", "integer",
     "its reservation-fail cycles: no line to reserve (l1d.reservation_fails.line)", PER_SM},
    {"sms[].l1d.reservation_fails.mshr", "integer",
     "its reservation-fail cycles: MSHR full (l1d.reservation_fails.mshr)", PER_SM},
    {"sms[].l1d.reservation_fails.miss_queue", "integer",
     "its reservation-fail cycles: miss queue full (l1d.reservation_fails.miss_queue)", PER_SM},
    {"sms[].l1d.reservation_fails.bypass_slots", "integer",
     "its reservation-fail cycles: bypass slots exhausted (l1d.reservation_fails.bypass_slots)",
     PER_SM},
    {"sms[].l1d.reservation_fails.total", "integer",
     "its reservation-fail cycles of every kind (l1d.reservation_fails.total)", PER_SM},
    {"samples.interval", "integer", "core cycles between rows (--sample N)", SAMPLE},
    {"samples.columns", "array of string",
     "the rows' columns: cycle (core cycles run), warp_instructions, thread_instructions, "
     "l1d_accesses, l1d_hits, l1d_reservation_fails (as l1d.reservation_fails.total), "
     "l2_accesses, l2_hits, dram_reads, dram_writes, dram_row_hits -- whole-GPU sums", SAMPLE},
    {"samples.rows", "array of array of integer",
     "one row per sample, at cycle N, 2N, ... and a last one at the run's end cycle (the "
     "report's cycles); counters are cumulative from the run's start, so the last row "
     "equals the report's figures and an interval's are the difference of two rows",
     SAMPLE},
};

static const entry_t run[] = {
    {"run.gmem_version", "string", "git describe of the build that wrote the report", NULL},
    {"run.end", "string",
     "how the run ended: completed, max_cycles, interrupted, stalled, lockstep_mismatch", NULL},
    {"run.max_cycles", "integer", "the --max-cycles bound (core cycles)", NULL},
    {"run.config_file", "string", "the --config file as given", NULL},
    {"run.sets", "array of string", "the --set overrides as given, in order", NULL},
};

typedef struct sink {
    gm_stats_doc_t *out;
    unsigned n, max;
} sink_t;

static void put(sink_t *s, const char *prefix, const entry_t *e, const char *when)
{
    if (s->n < s->max) {
        gm_stats_doc_t *d = &s->out[s->n];
        snprintf(d->path, sizeof d->path, "%s%s", prefix, e->path);
        d->type = e->type;
        d->doc = e->doc;
        snprintf(d->when, sizeof d->when, "%s", e->when ? e->when : when ? when : "");
    }
    s->n++;
}

static void put_all(sink_t *s, const char *prefix, const entry_t *e, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        put(s, prefix, &e[i], NULL);
}

static void put_sectors(sink_t *s, const char *prefix, const char *when)
{
    for (unsigned i = 0; i < sizeof sectors / sizeof sectors[0]; i++)
        put(s, prefix, &sectors[i], when);
}

static const char *json_type(const gm_field_t *f)
{
    switch (f->type) {
    case GM_F_UINT: return "integer";
    case GM_F_BOOL: return "boolean";
    case GM_F_ENUM:
    case GM_F_STRING: return "string";
    case GM_F_OBJECT: return "object";
    }
    return "?";
}

/* run.config: the configuration as resolved, from the loader's schema. */
static void put_config(sink_t *s, const gm_schema_t *sc, const char *path)
{
    for (unsigned i = 0; i < sc->n; i++) {
        const gm_field_t *f = &sc->fields[i];
        char sub[128];
        snprintf(sub, sizeof sub, "%s.%s", path, f->key);
        if (f->type == GM_F_OBJECT) {
            put_config(s, f->sub, sub);
            continue;
        }
        entry_t e = {sub, json_type(f), f->doc, NULL};
        put(s, "", &e, NULL);
    }
}

unsigned gm_stats_docs(gm_stats_doc_t *out, unsigned max)
{
    sink_t s = {out, 0, max};
    put_all(&s, "", head, sizeof head / sizeof head[0]);
    put_all(&s, "l1d.", cache, sizeof cache / sizeof cache[0]);
    entry_t rpki = {"l1d.rf_per_kilo_instruction", "number",
                    "L1D reservation_fails.total per 1000 warp instructions", NULL};
    put(&s, "", &rpki, NULL);
    put_sectors(&s, "l1d.", "l1d.c.sector is not 0");
    put_all(&s, "l2.", cache, sizeof cache / sizeof cache[0]);
    put_sectors(&s, "l2.", "l2.c.sector is not 0");
    put_all(&s, "", tail, sizeof tail / sizeof tail[0]);
    /* blocks: each block type the run made, its counters summed */
    for (const gm_block_desc_t *const *d = gm_blocks; *d; d++) {
        char pre[64], when[96];
        snprintf(pre, sizeof pre, "blocks.%s.", (*d)->name);
        snprintf(when, sizeof when, "the run has %s blocks", (*d)->name);
        entry_t e = {"instances", "integer", "instances of the block in the GPU", NULL};
        put(&s, pre, &e, when);
        for (unsigned c = 0; c < (*d)->n_counters; c++) {
            entry_t k = {(*d)->counters[c], "integer", (*d)->counter_docs[c], NULL};
            put(&s, pre, &k, when);
        }
    }
    put_all(&s, "", plugs, sizeof plugs / sizeof plugs[0]);
    put_all(&s, "", kernels, sizeof kernels / sizeof kernels[0]);
    put_all(&s, "", optin, sizeof optin / sizeof optin[0]);
    put_all(&s, "", run, sizeof run / sizeof run[0]);
    put_config(&s, gm_gpu_schema(), "run.config");
    return s.n;
}
