#include "queue.h"

#include <stdlib.h>

int gm_fifo_init(gm_fifo_t *f, uint32_t cap)
{
    f->v = calloc(cap ? cap : 1, sizeof *f->v);
    f->cap = cap;
    f->head = f->n = 0;
    return f->v ? 0 : -1;
}

void gm_fifo_free(gm_fifo_t *f)
{
    free(f->v);
    f->v = NULL;
}

void gm_fifo_overflow(void) { abort(); }

void gm_fifo_remove(gm_fifo_t *f, uint32_t i)
{
    for (uint32_t k = i; k + 1 < f->n; k++)
        f->v[(f->head + k) % f->cap] = f->v[(f->head + k + 1) % f->cap];
    f->n--;
}

int gm_delay_init(gm_delay_t *d, uint32_t cap)
{
    d->ready = calloc(cap ? cap : 1, sizeof *d->ready);
    if (!d->ready || gm_fifo_init(&d->q, cap)) {
        free(d->ready);
        d->ready = NULL;
        return -1;
    }
    return 0;
}

void gm_delay_free(gm_delay_t *d)
{
    gm_fifo_free(&d->q);
    free(d->ready);
    d->ready = NULL;
}

void gm_delay_push(gm_delay_t *d, uint32_t x, uint64_t ready_at)
{
    d->ready[(d->q.head + d->q.n) % d->q.cap] = ready_at;
    gm_fifo_push(&d->q, x);
}
