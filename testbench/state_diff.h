/* A block's state registers, its C model against its RTL: the check both
 * lockstep engines make (lockstep.c, a block alone; syslock.c, inside the
 * system), and how their reports name a register. */
#ifndef GM_STATE_DIFF_H
#define GM_STATE_DIFF_H

#include <stddef.h>
#include <stdint.h>

#include "blocks/block.h"
#include "rtl_api.h"

typedef struct gm_state_diff {
    unsigned reg;   /* the STATE entry, in .ports order */
    unsigned elem;  /* the element (0 for a scalar register) */
    int array;      /* the entry is an array */
    uint64_t c_val, rtl_val;
} gm_state_diff_t;

/* Compares every state element of the C model c_state (of block d) with
 * the RTL model's, registers in .ports order, array elements in order:
 * 0 when all agree, else 1 with the first difference in *df. */
int gm_state_diff(const gm_block_desc_t *d, const void *c_state, const gm_rtl_ops_t *ops,
                  gm_rtl_t *rtl, gm_state_diff_t *df);

/* The register as the reports name it, in RTL terms: "ent_blk_q[17]", or
 * "rq_head_q" when it is not an array. */
void gm_state_name(const gm_block_desc_t *d, unsigned reg, int array, unsigned elem, char *buf,
                   size_t n);

#endif
