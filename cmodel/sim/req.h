/* Memory requests. Requests live in one pool sized at start-up and are
 * named by index, so queues carry 32-bit ids and nothing is allocated while
 * the machine runs. The pool also checks the model's own bookkeeping: every
 * request is freed exactly once. */
#ifndef GM_SIM_REQ_H
#define GM_SIM_REQ_H

#include <stdint.h>

#include "queue.h"
#include "util/err.h"

#define GM_NO_REQ UINT32_MAX

enum gm_req_kind {
    GM_REQ_READ,      /* load (L1D fill or bypassed read) */
    GM_REQ_WRITE,     /* store (write-through/evict, or bypassed) */
    GM_REQ_WRITEBACK  /* dirty L2 victim on its way to DRAM (no reply) */
};

typedef struct gm_req {
    uint32_t addr;     /* byte address, line-aligned (sector-aligned when sectored) */
    uint32_t paddr;    /* partition address (partition digit removed) */
    uint16_t bytes;    /* data bytes carried by the request or its reply */
    uint8_t kind;      /* gm_req_kind */
    uint8_t bypass;    /* took the L1D bypass path */
    uint16_t sm, warp;
    uint16_t part, bank;   /* memory channel and L2 bank (global bank index) */
    uint32_t inst;     /* LSU instruction slot the request belongs to */
    uint8_t stream;    /* kernel stream (concurrent kernels) */
    uint8_t live;      /* allocated (pool check) */
    uint8_t prefetch;  /* an L1D prefetch: no instruction waits for it */
    uint8_t wfetch;    /* an L2 write miss's line fetch: its fill answers no one */
    uint32_t row;      /* DRAM row, bank and column of paddr */
    uint16_t dbank, col;
    uint32_t kernel;   /* the launch it belongs to (gm_kernel_t.id - 1), for the
                        * per-kernel stats (sim/kstats.h) */
    uint32_t ack;      /* a write to DRAM that brings a store's ack back: the
                        * store's request id + 1 (0: none; sm.store_acks) */
    uint64_t t_sent;   /* core cycle the request left the SM */
} gm_req_t;

typedef struct gm_req_pool {
    gm_req_t *r;
    uint32_t *free_ids;
    uint32_t cap, nfree;
    uint64_t allocs, frees;
} gm_req_pool_t;

/* The id the next gm_req_alloc() will return (GM_NO_REQ if none). */
static inline uint32_t gm_req_peek(const gm_req_pool_t *p)
{
    return p->nfree ? p->free_ids[p->nfree - 1] : GM_NO_REQ;
}

int gm_req_pool_init(gm_req_pool_t *p, uint32_t cap, gm_err_t *err);
void gm_req_pool_free(gm_req_pool_t *p);
/* GM_NO_REQ when the pool is empty (a sizing bug: the pool is sized so
 * every queue and table in the machine can be full at once). */
uint32_t gm_req_alloc(gm_req_pool_t *p);
void gm_req_release(gm_req_pool_t *p, uint32_t id);
static inline gm_req_t *gm_req(gm_req_pool_t *p, uint32_t id) { return &p->r[id]; }

/* Where a request leaving an SM goes: its memory partition, L2 bank and
 * partition address (the partition-mapping plug-in fills them in). */
typedef struct gm_route {
    void (*fn)(void *self, gm_req_t *r);
    void *self;
} gm_route_t;

static inline void gm_route(const gm_route_t *rt, gm_req_t *r) { rt->fn(rt->self, r); }

#endif
