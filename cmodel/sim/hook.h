/* Hook points: where a plug-in (cmodel/sim/plug/) joins a stage. A hook
 * point is a short list of callbacks, called in the order the plug-ins
 * attached, each with its plug-in's own pointer and the hook point's event
 * (a struct the stage's header documents; a callback answers by writing
 * into it, e.g. the issue gate's `allow`). An empty hook point costs one
 * test of a count that sits beside the stage's other hook points. */
#ifndef GM_SIM_HOOK_H
#define GM_SIM_HOOK_H

#include "util/err.h"

typedef void gm_hook_fn(void *self, void *ev);

typedef struct gm_hook {
    gm_hook_fn *fn;
    void *self;
} gm_hook_t;

typedef struct gm_hooks {
    unsigned n;
    gm_hook_t *v;     /* allocated as plug-ins attach */
} gm_hooks_t;

/* -1 (and a message naming `where`) when out of memory. */
int gm_hooks_add(gm_hooks_t *h, gm_hook_fn *fn, void *self, const char *where, gm_err_t *err);
/* Free the lists of `n` hook points in a row (a stage's `hook` struct). */
void gm_hooks_free(gm_hooks_t *h, unsigned n);

static inline void gm_hooks_call(const gm_hooks_t *h, void *ev)
{
    for (unsigned i = 0; i < h->n; i++)
        h->v[i].fn(h->v[i].self, ev);
}

/* The number of hook points in a stage's `hook` struct. */
#define GM_HOOKS_IN(s) (sizeof(s) / sizeof(gm_hooks_t))

#endif
