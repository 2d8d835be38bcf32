/* The in-order memory pipeline of an SM (seed-000 §3.1-3.2): one memory
 * instruction at a time is split into requests, one request per cycle goes
 * to the L1D or the bypass path; a reservation failure stalls everything
 * behind it and retries next cycle. */
#ifndef GM_SIM_LSU_H
#define GM_SIM_LSU_H

#include "gpu.h"

void gm_lsu_cycle(gm_gpu_t *g, gm_sm_t *sm);
/* A request's data (or acceptance, for stores) reached the LSU. */
void gm_lsu_answer(gm_gpu_t *g, gm_sm_t *sm, uint32_t req);

#endif
