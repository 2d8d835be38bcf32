#include "state_diff.h"

#include <stdio.h>

int gm_state_diff(const gm_block_desc_t *d, const void *c_state, const gm_rtl_ops_t *ops,
                  gm_rtl_t *rtl, gm_state_diff_t *df)
{
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(c_state, i);
        for (unsigned e = 0; e < (depth ? depth : 1); e++) {
            uint64_t cv = d->state_get(c_state, i, e), rv = ops->state_get(rtl, i, e);
            if (cv == rv)
                continue;
            df->reg = i;
            df->elem = e;
            df->array = depth != 0;
            df->c_val = cv;
            df->rtl_val = rv;
            return 1;
        }
    }
    return 0;
}

void gm_state_name(const gm_block_desc_t *d, unsigned reg, int array, unsigned elem, char *buf,
                   size_t n)
{
    if (array)
        snprintf(buf, n, "%s_q[%u]", d->state[reg].name, elem);
    else
        snprintf(buf, n, "%s_q", d->state[reg].name);
}
