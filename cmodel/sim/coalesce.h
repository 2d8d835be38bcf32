/* The coalescer: a warp memory instruction becomes one request per distinct
 * line its active lanes touch, in the order lanes first touch them. */
#ifndef GM_SIM_COALESCE_H
#define GM_SIM_COALESCE_H

#include <stdint.h>

#include "workload/workload.h"

typedef struct gm_access {
    uint32_t line;    /* line-aligned address */
    uint32_t bytes;   /* bytes the lanes touch in the line */
    uint8_t sectors;  /* 32-byte sectors touched (bit mask) */
} gm_access_t;

/* Returns the number of accesses written to out[0..31]. */
unsigned gm_coalesce(const gm_inst_t *in, uint32_t line_bytes, gm_access_t out[GM_WARP_SIZE]);

#endif
