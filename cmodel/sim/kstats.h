/* Per-kernel counters: the report's "kernels", one object per launch.
 *
 * Every stage that counts an event of the report also charges it to the
 * kernel the event belongs to: an instruction to the kernel of the warp
 * that issued it; a memory event (an L1D access, a reservation fail, an L2
 * access, a DRAM read or write) to the kernel of the request, which
 * carries the launch it came from (gm_req_t.kernel) from the LSU on --
 * so a store still in flight when its kernel ends, and the write-back
 * of a dirty line its access evicted, stay that kernel's. A prefetch is
 * charged to the kernel of the demand access its L1D took last. Summed
 * over the kernels, each field is the whole-GPU figure of the same name
 * (tests/system/traceg_streams.sh checks it). */
#ifndef GM_SIM_KSTATS_H
#define GM_SIM_KSTATS_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "stats.h"

/* A cache's counts, as the whole-GPU report names them. */
typedef struct gm_kcache {
    uint64_t accesses, hits, misses, merges;
} gm_kcache_t;

typedef struct gm_kstat {
    uint64_t start, end;        /* core cycles: its first dispatch try, after its last CTA */
    uint8_t started, ended;
    uint64_t warp_insts, thread_insts, mem_insts;
    gm_kcache_t l1d, l2;
    uint64_t l1d_rf;
    uint64_t dram_reads, dram_writes;
} gm_kstat_t;

/* A cache's counts now, to charge what one cycle adds to them to the
 * kernel of the access it took (a fill moves none of them). */
static inline gm_kcache_t gm_kcache_now(const gm_cache_stats_t *s)
{
    return (gm_kcache_t){s->accesses, s->hits, s->misses, s->merges};
}

static inline void gm_kcache_charge(gm_kcache_t *k, const gm_cache_stats_t *s,
                                    const gm_kcache_t *before)
{
    k->accesses += s->accesses - before->accesses;
    k->hits += s->hits - before->hits;
    k->misses += s->misses - before->misses;
    k->merges += s->merges - before->merges;
}

struct gm_gpu;
/* The report's "kernels" array, in kernel id order; NULL when out of memory. */
cJSON *gm_kernels_json(const struct gm_gpu *g);

#endif
