#include "hook.h"

#include <stdlib.h>

int gm_hooks_add(gm_hooks_t *h, gm_hook_fn *fn, void *self, const char *where, gm_err_t *err)
{
    gm_hook_t *v = realloc(h->v, (h->n + 1) * sizeof *v);
    if (!v)
        return gm_errf(err, "%s: out of memory", where);
    v[h->n].fn = fn;
    v[h->n].self = self;
    h->v = v;
    h->n++;
    return 0;
}

void gm_hooks_free(gm_hooks_t *h, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        free(h[i].v);
        h[i].v = NULL;
        h[i].n = 0;
    }
}
