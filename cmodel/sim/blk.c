#include "blk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void blk_free(gm_blk_t *b)
{
    if (b->rtl && b->hooks && b->hooks->detach)
        b->hooks->detach(b, b->hooks->ctx);
    free(b->st);
    free(b);
}

static size_t round16(size_t n) { return (n + 15) / 16 * 16; }

gm_blk_t *gm_blk_new(gm_registry_t *reg, const gm_block_desc_t *d, const void *params,
                     const char *path, gm_err_t *err)
{
    if (reg->n == reg->cap) {
        uint32_t cap = reg->cap ? 2 * reg->cap : 64;
        gm_blk_t **v = realloc(reg->v, cap * sizeof *v);
        if (!v) {
            gm_errf(err, "%s: out of memory", path);
            return NULL;
        }
        reg->v = v;
        reg->cap = cap;
    }
    /* The instance with its ports side by side, so the system's every-cycle
     * touches stay on few cache lines; the state apart (calloc leaves the
     * pages of a large state that are never written unbacked). */
    size_t in_at = round16(sizeof(gm_blk_t)), out_at = in_at + round16(d->in_size);
    char *m = calloc(1, out_at + round16(d->out_size));
    void *st = calloc(1, d->state_size);
    void *p = calloc(1, d->params_size);
    if (!m || !st || !p) {
        free(m);
        free(st);
        free(p);
        gm_errf(err, "%s: out of memory", path);
        return NULL;
    }
    gm_blk_t *b = (gm_blk_t *)(void *)m;
    b->d = d;
    snprintf(b->path, sizeof b->path, "%s", path);
    b->in = m + in_at;
    b->out = m + out_at;
    b->st = st;
    if (params)
        memcpy(p, params, d->params_size);
    else
        gm_params_defaults(d, p);
    int rc = d->init(b->st, p, err);
    free(p);
    if (rc) {
        blk_free(b);
        gm_err_prefix(err, "%s", path);
        return NULL;
    }
    reg->v[reg->n++] = b;
    return b;
}

int gm_registry_attach(gm_registry_t *r, const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    r->hooks = hooks;
    for (uint32_t i = 0; i < r->n; i++) {
        gm_blk_t *b = r->v[i];
        b->hooks = hooks;
        if (hooks->attach && hooks->attach(b, hooks->ctx, err) < 0)
            return -1;
    }
    return 0;
}

int gm_registry_idle(const gm_registry_t *r, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++)
        if (!r->v[i]->d->idle(r->v[i]->st))
            return 0;
    return 1;
}

gm_blk_t *gm_registry_find(const gm_registry_t *r, const char *path)
{
    for (uint32_t i = 0; i < r->n; i++)
        if (!strcmp(r->v[i]->path, path))
            return r->v[i];
    return NULL;
}

void gm_registry_free(gm_registry_t *r)
{
    for (uint32_t i = r->n; i-- > 0;)
        blk_free(r->v[i]);
    free(r->v);
    memset(r, 0, sizeof *r);
}
