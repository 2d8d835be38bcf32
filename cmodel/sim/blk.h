/* A block instance inside the system: the block's C model with its port
 * structs, named by its place ("sm3.l1d.mshr"). The system writes `in`,
 * calls gm_blk_eval() and reads `out`, then gm_blk_tick() once per cycle of
 * the block's clock. In the cosim build an instance can also carry its RTL:
 * the hooks evaluate it alongside and compare (DESIGN §4); the system always
 * uses the C outputs. */
#ifndef GM_SIM_BLK_H
#define GM_SIM_BLK_H

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
    char path[48];
    void *st, *in, *out;
    void *rtl;                   /* the hooks' per-instance data */
    const gm_blk_hooks_t *hooks;
};

/* params: the block's X_params_t (NULL = defaults). */
int gm_blk_init(gm_blk_t *b, const gm_block_desc_t *d, const void *params,
                const char *path, const gm_blk_hooks_t *hooks, gm_err_t *err);
void gm_blk_free(gm_blk_t *b);

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

#endif
