/* --sample N: the stats report's "samples", whole-GPU counters every N
 * core cycles, for seeing a run's phases (issue 18). Taking a row only
 * reads counters, so a sampled run simulates exactly as an unsampled one;
 * a run without --sample pays one compare per core cycle. */
#ifndef GM_SIM_SAMPLE_H
#define GM_SIM_SAMPLE_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "util/err.h"

struct gm_gpu;

enum {
    GM_SAMPLE_MIN_EVERY = 100,     /* finer sampling costs more than it shows */
    GM_SAMPLE_MAX_ROWS = 100000,   /* the table's bound, before the end row */
    GM_SAMPLE_COLS = 11
};

/* The columns' names, in row order ("cycle" first). */
extern const char *const gm_sample_columns[GM_SAMPLE_COLS];

typedef struct gm_sampler {
    uint64_t every;                   /* core cycles between rows */
    uint32_t n, cap;
    uint64_t (*row)[GM_SAMPLE_COLS];  /* cumulative counters, oldest first */
} gm_sampler_t;

/* Rows a run of max_cycles sampled every `every` cycles can take (the end
 * row not counted): the check the command line makes against the bound. */
static inline uint64_t gm_sample_rows(uint64_t every, uint64_t max_cycles)
{
    return max_cycles / every;
}

/* Sample g every `every` core cycles of a run of at most max_cycles; the
 * caller checked every >= GM_SAMPLE_MIN_EVERY and the row bound. */
int gm_sample_start(struct gm_gpu *g, uint64_t every, uint64_t max_cycles, gm_err_t *err);
/* A row now: the run loop calls it when the core cycle count reaches
 * g->sample_at, and moves sample_at on. */
void gm_sample_take(struct gm_gpu *g);
void gm_sample_free(struct gm_gpu *g);
/* The report's "samples" object, its last row the run's end cycle; NULL
 * when out of memory. */
cJSON *gm_sample_json(const struct gm_gpu *g);

#endif
