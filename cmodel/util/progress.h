/* A progress line on stderr for long runs, only when stderr is a terminal,
 * so logs and pipes stay clean and output stays deterministic. It shows
 * the work done of the total known up front (a run's warps, a lockstep's
 * cycles), and beside it, if given, the cycle count with its rate. */
#ifndef GM_PROGRESS_H
#define GM_PROGRESS_H

#include <stdint.h>

typedef struct gm_progress {
    const char *label;
    uint64_t total;
    const uint64_t *cycle; /* shown beside the work, NULL: the work is the cycles */
    uint64_t calls;
    double start, last;
    int active;
} gm_progress_t;

void gm_progress_start(gm_progress_t *p, const char *label, uint64_t total);
/* Cheap enough to call every cycle: it reads the clock every 64K calls. */
void gm_progress_update(gm_progress_t *p, uint64_t done);
void gm_progress_end(gm_progress_t *p);

#endif
