/* Block instances inside the system, and the registry that holds them.
 *
 * An instance is a block's C model with its port structs, named by its
 * place ("sm3.l1d.mshr"). The system writes `in`, calls gm_blk_eval() and
 * reads `out`, then gm_blk_tick() once per cycle of the block's clock; it
 * never reads the block's state (what it needs is an output port).
 *
 * Every instance is made by gm_blk_new() into the GPU's registry, which
 * owns it: stats, idle checks, teardown, port-trace recording and
 * in-system lockstep walk the registry. In the cosim build the lockstep
 * hooks attach to every registered instance (gm_registry_attach); an
 * attached instance evaluates its RTL alongside and compares (DESIGN §4);
 * the system always uses the C outputs. */
#ifndef GM_SIM_BLK_H
#define GM_SIM_BLK_H

#include <stdint.h>

#include "blocks/block.h"

typedef struct gm_blk gm_blk_t;

/* Lockstep hooks, provided by the cosim build (NULL in the pure C build). */
typedef struct gm_blk_hooks {
    /* 1 if this instance runs RTL too (or is recorded), 0 if not, -1 on error. */
    int (*attach)(gm_blk_t *b, void *ctx, gm_err_t *err);
    void (*eval)(gm_blk_t *b, void *ctx);
    void (*tick)(gm_blk_t *b, void *ctx);
    void (*detach)(gm_blk_t *b, void *ctx);
    void *ctx;
    const int *stop;             /* set: the system stops at the end of the cycle */
    const uint64_t **now;        /* the system points this at its core cycle */
} gm_blk_hooks_t;

struct gm_blk {
    const gm_block_desc_t *d;
    void *st, *in, *out;
    void *rtl;                   /* the hooks' per-instance data */
    const gm_blk_hooks_t *hooks;
    int unreported;              /* kept out of the stats' "blocks" (the GPU's own dispatcher) */
    char path[48];
};

typedef struct gm_registry {
    gm_blk_t **v;
    uint32_t n, cap;
    const gm_blk_hooks_t *hooks; /* attached lockstep hooks, or NULL */
} gm_registry_t;

/* A new instance of block d in the registry (params: the block's
 * X_params_t; NULL = defaults); NULL on error. */
gm_blk_t *gm_blk_new(gm_registry_t *reg, const gm_block_desc_t *d, const void *params,
                     const char *path, gm_err_t *err);

static inline void gm_blk_eval(gm_blk_t *b)
{
    b->d->eval(b->st, b->in, b->out);
    if (b->rtl)
        b->hooks->eval(b, b->hooks->ctx);
}

static inline void gm_blk_tick(gm_blk_t *b)
{
    b->d->tick(b->st, b->in);
    if (b->rtl)
        b->hooks->tick(b, b->hooks->ctx);
}

/* Give every instance to the hooks' attach (lockstep, recording). */
int gm_registry_attach(gm_registry_t *r, const gm_blk_hooks_t *hooks, gm_err_t *err);
/* 1 when every instance in [from, to) is idle (a cycle without requests
 * would change nothing of it; the block's X_idle). */
int gm_registry_idle(const gm_registry_t *r, uint32_t from, uint32_t to);
/* The instance named `path`, or NULL. */
gm_blk_t *gm_registry_find(const gm_registry_t *r, const char *path);
/* Detach and free every instance. */
void gm_registry_free(gm_registry_t *r);

#endif
