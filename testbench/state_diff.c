#include "state_diff.h"

#include <stdio.h>

/* The RTL's elements in one call when they fit (a call per element walks
 * the register list each time); the C model's a call each. Past the RTL's
 * depth of a register, state_get answers as before. */
enum { ALL_MAX = 4096 };

int gm_state_diff(const gm_block_desc_t *d, const void *c_state, const gm_rtl_ops_t *ops,
                  gm_rtl_t *rtl, gm_state_diff_t *df)
{
    uint64_t all[ALL_MAX];
    unsigned n = ops->state_all(rtl, all, ALL_MAX), off = 0;
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(c_state, i), rdepth = ops->state_depth(rtl, i);
        unsigned relems = rdepth ? rdepth : 1;
        for (unsigned e = 0; e < (depth ? depth : 1); e++) {
            uint64_t cv = d->state_get(c_state, i, e);
            uint64_t rv = n <= ALL_MAX && e < relems ? all[off + e] : ops->state_get(rtl, i, e);
            if (cv == rv)
                continue;
            df->reg = i;
            df->elem = e;
            df->array = depth != 0;
            df->c_val = cv;
            df->rtl_val = rv;
            return 1;
        }
        off += relems;
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
