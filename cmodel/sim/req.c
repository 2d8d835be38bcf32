#include "req.h"

#include <stdlib.h>
#include <string.h>

int gm_req_pool_init(gm_req_pool_t *p, uint32_t cap, gm_err_t *err)
{
    memset(p, 0, sizeof *p);
    p->r = calloc(cap, sizeof *p->r);
    p->free_ids = malloc(cap * sizeof *p->free_ids);
    if (!p->r || !p->free_ids) {
        gm_req_pool_free(p);
        return gm_errf(err, "out of memory for %u requests", cap);
    }
    p->cap = p->nfree = cap;
    /* Lowest ids first, so allocation order is deterministic and readable. */
    for (uint32_t i = 0; i < cap; i++)
        p->free_ids[i] = cap - 1 - i;
    return 0;
}

void gm_req_pool_free(gm_req_pool_t *p)
{
    free(p->r);
    free(p->free_ids);
    memset(p, 0, sizeof *p);
}

uint32_t gm_req_alloc(gm_req_pool_t *p)
{
    if (p->nfree == 0)
        return UINT32_MAX;
    uint32_t id = p->free_ids[--p->nfree];
    memset(&p->r[id], 0, sizeof p->r[id]);
    p->r[id].live = 1;
    p->allocs++;
    return id;
}

void gm_req_release(gm_req_pool_t *p, uint32_t id)
{
    if (id >= p->cap || !p->r[id].live)
        abort(); /* a request answered twice: the model's bookkeeping is broken */
    p->r[id].live = 0;
    p->free_ids[p->nfree++] = id;
    p->frees++;
}

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

