/* Memory requests and the queues that carry them. Requests live in one pool
 * sized at start-up and are named by index, so queues are rings of 32-bit
 * ids and nothing is allocated while the machine runs. The pool also checks
 * the model's own bookkeeping: every request is freed exactly once. */
#ifndef GM_SIM_REQ_H
#define GM_SIM_REQ_H

#include <stdint.h>

#include "util/err.h"

enum gm_req_kind {
    GM_REQ_READ,      /* load (L1D fill or bypassed read) */
    GM_REQ_WRITE,     /* store (write-through/evict, or bypassed) */
    GM_REQ_WRITEBACK  /* dirty L2 victim on its way to DRAM (no reply) */
};

typedef struct gm_req {
    uint32_t addr;     /* byte address, line-aligned */
    uint32_t paddr;    /* partition address (partition digit removed) */
    uint16_t bytes;    /* data bytes carried by the request or its reply */
    uint8_t kind;      /* gm_req_kind */
    uint8_t bypass;    /* took the L1D bypass path */
    uint16_t sm, warp;
    uint16_t part, bank;   /* memory channel and L2 bank (global bank index) */
    uint32_t inst;     /* LSU instruction slot the request belongs to */
    uint8_t stream;    /* kernel stream (concurrent kernels) */
    uint8_t live;      /* allocated (pool check) */
    uint32_t row;      /* DRAM row, bank and column of paddr */
    uint16_t dbank, col;
    uint64_t t_sent;   /* core cycle the request left the SM */
} gm_req_t;

typedef struct gm_req_pool {
    gm_req_t *r;
    uint32_t *free_ids;
    uint32_t cap, nfree;
    uint64_t allocs, frees;
} gm_req_pool_t;

/* The id the next gm_req_alloc() will return (UINT32_MAX if none). */
static inline uint32_t gm_req_peek(const gm_req_pool_t *p)
{
    return p->nfree ? p->free_ids[p->nfree - 1] : UINT32_MAX;
}

int gm_req_pool_init(gm_req_pool_t *p, uint32_t cap, gm_err_t *err);
void gm_req_pool_free(gm_req_pool_t *p);
/* UINT32_MAX when the pool is empty (a sizing bug: the pool is sized so
 * every queue and table in the machine can be full at once). */
uint32_t gm_req_alloc(gm_req_pool_t *p);
void gm_req_release(gm_req_pool_t *p, uint32_t id);
static inline gm_req_t *gm_req(gm_req_pool_t *p, uint32_t id) { return &p->r[id]; }

/* A bounded FIFO of request ids (or any 32-bit values). */
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

/* A FIFO whose entries become visible at a time stamp (fixed-latency pipes:
 * ROP delay, hit latency, crossbar latency, DRAM return). */
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
