/* The bounded queues that join the stages: FIFOs of 32-bit values (request
 * ids, instruction slots) sized at start-up, and delay lines whose entries
 * become visible at a time stamp (fixed-latency pipes: ROP delay, hit
 * latency, crossbar latency, DRAM return). Nothing is allocated while the
 * machine runs; a push onto a full queue is a bug of the model and aborts. */
#ifndef GM_SIM_QUEUE_H
#define GM_SIM_QUEUE_H

#include <stdint.h>

typedef struct gm_fifo {
    uint32_t *v;
    uint32_t cap, head, n;
} gm_fifo_t;

int gm_fifo_init(gm_fifo_t *f, uint32_t cap);
void gm_fifo_free(gm_fifo_t *f);
static inline int gm_fifo_full(const gm_fifo_t *f) { return f->n == f->cap; }
static inline int gm_fifo_empty(const gm_fifo_t *f) { return f->n == 0; }
static inline uint32_t gm_fifo_space(const gm_fifo_t *f) { return f->cap - f->n; }
static inline uint32_t gm_fifo_head(const gm_fifo_t *f) { return f->v[f->head]; }
static inline uint32_t gm_fifo_at(const gm_fifo_t *f, uint32_t i)
{
    uint32_t k = f->head + i;
    return f->v[k >= f->cap ? k - f->cap : k];
}
void gm_fifo_overflow(void);
static inline void gm_fifo_push(gm_fifo_t *f, uint32_t x)
{
    if (f->n == f->cap)
        gm_fifo_overflow(); /* callers check for space first */
    uint32_t i = f->head + f->n++;
    f->v[i >= f->cap ? i - f->cap : i] = x;
}
static inline uint32_t gm_fifo_pop(gm_fifo_t *f)
{
    uint32_t x = f->v[f->head];
    f->head = f->head + 1 == f->cap ? 0 : f->head + 1;
    f->n--;
    return x;
}
/* Remove element i (0 = head), keeping the order of the rest. */
void gm_fifo_remove(gm_fifo_t *f, uint32_t i);

typedef struct gm_delay {
    gm_fifo_t q;
    uint64_t *ready;
} gm_delay_t;

int gm_delay_init(gm_delay_t *d, uint32_t cap);
void gm_delay_free(gm_delay_t *d);
static inline int gm_delay_full(const gm_delay_t *d) { return gm_fifo_full(&d->q); }
void gm_delay_push(gm_delay_t *d, uint32_t x, uint64_t ready_at);
/* The head, if it is ready at `now`; else UINT32_MAX. */
static inline uint32_t gm_delay_peek(const gm_delay_t *d, uint64_t now)
{
    if (d->q.n == 0 || d->ready[d->q.head] > now)
        return UINT32_MAX;
    return d->q.v[d->q.head];
}
static inline uint32_t gm_delay_pop(gm_delay_t *d) { return gm_fifo_pop(&d->q); }

#endif
