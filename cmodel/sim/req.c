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
        return GM_NO_REQ;
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
