#include "blk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gm_blk_init(gm_blk_t *b, const gm_block_desc_t *d, const void *params,
                const char *path, const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    memset(b, 0, sizeof *b);
    b->d = d;
    b->hooks = hooks;
    snprintf(b->path, sizeof b->path, "%s", path);
    void *p = calloc(1, d->params_size);
    b->st = calloc(1, d->state_size);
    b->in = calloc(1, d->in_size);
    b->out = calloc(1, d->out_size);
    if (!p || !b->st || !b->in || !b->out) {
        free(p);
        gm_blk_free(b);
        return gm_errf(err, "%s: out of memory", path);
    }
    if (params)
        memcpy(p, params, d->params_size);
    else
        gm_params_defaults(d, p);
    int rc = d->init(b->st, p, err);
    free(p);
    if (rc) {
        gm_blk_free(b);
        return gm_err_prefix(err, "%s", path);
    }
    if (hooks && hooks->attach && hooks->attach(b, hooks->ctx, err) < 0) {
        gm_blk_free(b);
        return -1;
    }
    return 0;
}

void gm_blk_free(gm_blk_t *b)
{
    if (b->rtl && b->hooks && b->hooks->detach)
        b->hooks->detach(b, b->hooks->ctx);
    free(b->st);
    free(b->in);
    free(b->out);
    memset(b, 0, sizeof *b);
}
