/* Lockstep off the critical path (--rtl-threads N): the system only ever
 * consumes the C outputs, so an instance's RTL can run behind its C model.
 * Each instance gets a channel: the simulation thread records what the C
 * model saw and gave (inputs, outputs) into a bounded ring, and worker
 * threads replay the rings into the RTL, an instance's records in order,
 * instances in parallel. A full ring makes the simulation wait (memory
 * stays bounded).
 *
 * Runs of identical cycles are recorded once with a count: the same
 * inputs evaluated to the same outputs and clocked, cycle after cycle (an
 * MSHR waiting for its fills), with the core cycle advancing by the same
 * stride, so each repetition's core cycle is known exactly. */
#ifndef GM_SYSLOCK_PIPE_H
#define GM_SYSLOCK_PIPE_H

#include <stddef.h>
#include <stdint.h>

enum { GM_PIPE_EVAL = 1, GM_PIPE_TICK = 2, GM_PIPE_CYCLE = 3 };

/* One record as a worker replays it: `n` repetitions of an evaluation
 * (EVAL: in -> out), an edge with inputs `in` (TICK), or both (CYCLE);
 * repetition i happened at core cycle core + i * stride. */
typedef struct gm_pipe_rec {
    int kind;
    uint32_t n, stride;
    uint64_t core;
    const void *in, *out;
} gm_pipe_rec_t;

typedef void (*gm_pipe_run_fn)(void *inst, const gm_pipe_rec_t *r);

typedef struct gm_chan gm_chan_t;
typedef struct gm_pool gm_pool_t;

/* A pool of `threads` workers (>= 1), started by the first record. */
gm_pool_t *gm_pool_new(unsigned threads, gm_pipe_run_fn run);
/* A channel for one instance (ports of these sizes), replayed by worker
 * (index mod threads) through run(inst, ...); NULL when out of memory. */
gm_chan_t *gm_pool_chan(gm_pool_t *p, void *inst, size_t in_size, size_t out_size);
/* The simulation thread's side: an evaluation, and an edge. */
void gm_chan_eval(gm_chan_t *c, const void *in, const void *out, uint64_t core);
void gm_chan_tick(gm_chan_t *c, const void *in, uint64_t core);
/* Publish what every channel holds, let the workers finish it and join
 * them (again: nothing to do); then free the channels and the pool. */
void gm_pool_finish(gm_pool_t *p);
void gm_pool_free(gm_pool_t *p);

#endif
