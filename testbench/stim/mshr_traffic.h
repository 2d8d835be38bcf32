/* Random traffic for the MSHR blocks, mshr and dlmshr (the same outer
 * ports), shared by their random stimuli: phases of request, release and
 * stray-fill rates; requests and probes over a pool of blocks; the fill of
 * each primary after a random latency, the oldest due first; sometimes a
 * request and a fill of one block in one cycle. And the release
 * scoreboard: every accepted request is released exactly once, for its
 * block, in arrival order within its entry.
 *
 * A stimulus keeps one mshr_traffic_t in its context and calls, per cycle:
 * at the end of a phase mshr_traffic_phase() and then picks the phase's
 * pool (mshr_traffic_pool()), then mshr_traffic_gen(); from its observe,
 * mshr_traffic_accepted() and mshr_traffic_released(). Every random draw is
 * from the one generator in here, in that order. */
#ifndef GM_MSHR_TRAFFIC_H
#define GM_MSHR_TRAFFIC_H

#include "blocks/mshr.h"
#include "stim.h"

enum { MSHR_TRAFFIC_MAXP = 512, MSHR_TRAFFIC_POOL_MAX = 1024 };

typedef struct mshr_traffic_pend {
    uint32_t blk;
    uint64_t due;
} mshr_traffic_pend_t;

typedef struct mshr_traffic {
    gm_rng_t r;
    uint32_t fill_lat;      /* a primary's fill returns 4 + [0, fill_lat) cycles later */
    uint32_t pool;          /* requests and probes go to this many blocks */
    mshr_traffic_pend_t pend[MSHR_TRAFFIC_MAXP]; /* primaries waiting for their fill */
    uint32_t npend;
    uint32_t seq;           /* next request id */
    uint64_t p_req, p_fill_stray, p_fwd; /* the phase's rates, out of 1024 */
    uint64_t phase_end;     /* 0: the first cycle starts a phase */
    /* scoreboard: id -> block of every accepted, not yet released request */
    uint32_t out_blk[1u << 16];
    uint8_t out_live[1u << 16];
    uint32_t last_id[MSHR_TRAFFIC_POOL_MAX]; /* order check within an entry */
} mshr_traffic_t;

void mshr_traffic_init(mshr_traffic_t *t, uint64_t seed, uint32_t fill_lat);
/* A phase from cycle cyc, for min_len + [0, spread) cycles: new rates. */
void mshr_traffic_phase(mshr_traffic_t *t, uint64_t cyc, uint32_t min_len, uint32_t spread);
/* The phase's pool of blocks (at most MSHR_TRAFFIC_POOL_MAX). */
void mshr_traffic_pool(mshr_traffic_t *t, uint32_t pool);
/* The inputs of cycle cyc (in pre-zeroed). */
void mshr_traffic_gen(mshr_traffic_t *t, uint64_t cyc, mshr_in_t *in);
/* Request `id` for blk was accepted in cycle cyc (a primary: its fill is
 * scheduled). -1 with a message if the id is still recorded. */
int mshr_traffic_accepted(mshr_traffic_t *t, uint64_t cyc, uint32_t id, uint32_t blk,
                          int primary, gm_err_t *err);
/* Request `id` was released for blk (last: its entry's last). -1 with a
 * message unless it was recorded, for blk, and is the oldest of its entry. */
int mshr_traffic_released(mshr_traffic_t *t, uint32_t id, uint32_t blk, int last, gm_err_t *err);

#endif
