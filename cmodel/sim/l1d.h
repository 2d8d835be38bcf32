/* The L1 data cache of an SM: tags (set index from the set_hash block),
 * the MSHR block behind mshr_port.h, the miss queue, allocate-on-miss or
 * allocate-on-fill, write-evict or write-through, data and fill ports, and
 * the reservation-fail rules and their order (seed-000 §3.2). */
#ifndef GM_SIM_L1D_H
#define GM_SIM_L1D_H

#include "gpu.h"

typedef enum gm_l1d_outcome {
    GM_L1D_NONE,   /* no request this cycle */
    GM_L1D_DONE,   /* accepted: a hit, a miss sent or merged, or a store taken */
    GM_L1D_RF,     /* reservation fail (kind in *rf) */
    GM_L1D_STALL,  /* data port or MSHR busy: retry, not a reservation fail */
    GM_L1D_BYPASS  /* the decoupled tag store sends it on the bypass path */
} gm_l1d_outcome_t;

typedef struct gm_l1d_req {
    const gm_access_t *acc;
    int write;
    uint16_t warp;
    uint32_t slot;
    uint8_t stream;
} gm_l1d_req_t;

int gm_l1d_init(gm_gpu_t *g, gm_sm_t *sm, gm_err_t *err);
void gm_l1d_free(gm_l1d_t *l);
/* One cycle of the L1D: hit returns, one reply from the crossbar, the LSU's
 * request (or NULL) and the MSHR. */
gm_l1d_outcome_t gm_l1d_cycle(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int *rf);
/* The miss queue's head to the crossbar. */
void gm_l1d_drain(gm_gpu_t *g, gm_sm_t *sm);

#endif
