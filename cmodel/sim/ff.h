/* The fast-forward: a run with only C models skips, in one step, the clock
 * edges at which no stage of any domain can act -- every SM issuing
 * nothing with its LSU idle or held by a translation, every queue empty or
 * waiting on a time stamp, the DRAM channels' timing allowing no command,
 * the plug-ins waiting on their own timers -- up to the earliest edge at
 * which something may act. Every domain's cycle count and every counter a
 * skipped cycle would have moved (LSU stall cycles, MSHR slot occupancy,
 * DRAM cycles and queue occupancy) are advanced in bulk, so the stats are
 * byte for byte those of the run simulated edge by edge. A stage that
 * cannot tell says it may act (never skipped past); a plug-in without
 * next_event turns it off (gm_gpu_t.ff_ok). */
#ifndef GM_SIM_FF_H
#define GM_SIM_FF_H

#include <stdint.h>

#include "gpu.h"

/* The time (fs) of the earliest edge, of any domain, at which something
 * may act, at most `limit`; at or before the next core edge when the next
 * core cycle may do anything. Called between edges, with a core edge next. */
uint64_t gm_ff_horizon(gm_gpu_t *g, uint64_t limit);
/* Skip every domain's edges before time t (fs), as gm_ff_horizon allowed;
 * returns the core cycles skipped. */
uint64_t gm_ff_skip(gm_gpu_t *g, uint64_t t);
/* The time (fs) of the edge at which domain d's cycle count becomes
 * `count` (UINT64_MAX stays UINT64_MAX). */
uint64_t gm_ff_edge_fs(const gm_clocks_t *c, int d, uint64_t count);

#endif
