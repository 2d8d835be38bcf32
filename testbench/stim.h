/* Stimulus for a block in lockstep: constrained-random (legal protocol,
 * seeded) or directed (golden vectors from the specs). A stimulus produces
 * the inputs of each cycle and may watch the C model's outputs of that
 * cycle (to follow handshakes, or to check golden values). */
#ifndef GM_STIM_H
#define GM_STIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "blocks/block.h"
#include "util/err.h"
#include "util/rng.h"

enum { GM_STIM_CYCLE = 0, GM_STIM_END = 1, GM_STIM_EVAL = 2 };

typedef struct gm_stim {
    const char *block;
    const char *name;   /* "random" is the default of every block */
    const char *doc;
    size_t ctx_size;    /* zeroed before init */
    /* params: the block's resolved X_params_t. */
    int (*init)(void *ctx, const void *params, uint64_t seed, gm_err_t *err);
    /* Fill the inputs of cycle `cyc` (pre-zeroed). Return GM_STIM_CYCLE for
     * the cycle's inputs (evaluated, compared, then clocked),
     * GM_STIM_EVAL for an extra evaluation within the cycle (compared, not
     * clocked; gen is called again for the same cycle), or GM_STIM_END when
     * a directed sequence is over. */
    int (*gen)(void *ctx, uint64_t cyc, void *in);
    /* Optional: see the C outputs of cycle `cyc` and the C state before its
     * edge (for coverage); return -1 with a message if a golden check fails. */
    int (*observe)(void *ctx, uint64_t cyc, const void *in, const void *out,
                   const void *c_state, gm_err_t *err);
    /* Optional: checks at the end of the run (e.g. every golden event seen). */
    int (*finish)(void *ctx, uint64_t cycles, gm_err_t *err);
    /* Optional: print coverage of the C model state; return 1 if complete. */
    int (*coverage)(void *ctx, const void *c_state, FILE *out);
    /* Optional: a backdoor load before cycle `cyc`'s inputs. Return 1 after
     * writing the C model's state (a state the specs assume rather than
     * reach); the engine then writes every state element into the RTL,
     * whose registers must be public_flat_rw. */
    int (*preload)(void *ctx, uint64_t cyc, void *c_state);
} gm_stim_t;

/* Every stimulus, NULL-terminated (generated from testbench/stim/). */
extern const gm_stim_t *const *const gm_stim_sets[];
const gm_stim_t *gm_stim_find(const char *block, const char *name);

/* A random stimulus's coverage table, for its `coverage` callback: one line a
 * point (its name `width` wide, then its hits); 1 if every point not in
 * `optional` (bit i: point i need not be hit) was hit. */
int gm_stim_cov_print(FILE *out, const char *const *names, const uint64_t *hits, int n,
                      int width, uint64_t optional);

#endif
