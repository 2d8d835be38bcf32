/* What a stage is given instead of the GPU: the cycle of its clock, the
 * request pool and the instance registry its blocks go into. Its config
 * section and its queue ends come with its own init. */
#ifndef GM_SIM_CTX_H
#define GM_SIM_CTX_H

#include <stdint.h>

#include "blk.h"
#include "req.h"

typedef struct gm_ctx {
    const uint64_t *now;       /* the current cycle of the stage's clock */
    gm_req_pool_t *pool;
    gm_registry_t *reg;
} gm_ctx_t;

#endif
