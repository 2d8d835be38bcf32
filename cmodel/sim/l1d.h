/* The L1 data cache of an SM around the cache pipeline (cache.h): its
 * request port from the LSU, hit data and released requests answered back
 * to the LSU, the replies from the crossbar (bypassed data and acks go to
 * the LSU, a fill takes the fill port), and its miss queue drained into
 * the crossbar.
 *
 * Hook points (hook.h), besides the cache's access / miss / fill:
 *   prefetch  gm_pf_ev_t     asked in a cycle the LSU leaves the L1D idle:
 *                            a plug-in with a line to prefetch sets valid
 *   route     gm_route_ev_t  L1D miss routing: the miss queue's head is
 *                            about to leave for the crossbar; a plug-in
 *                            that takes it sets taken (and owns it) */
#ifndef GM_SIM_L1D_H
#define GM_SIM_L1D_H

#include <stdint.h>

#include "cache.h"
#include "coalesce.h"
#include "icnt.h"
#include "kstats.h"

/* Answers to the LSU (its answer queue): an instruction slot and what came. */
enum {
    GM_ANS_SLOT = 0xffffu,      /* the instruction slot (with GM_ANS_ACK: the warp) */
    GM_ANS_ACK = 1u << 29,      /* a store's ack came back (sm.store_acks) */
    GM_ANS_DATA = 1u << 30,     /* one of the slot's requests is answered */
    GM_ANS_BYPASS = 1u << 31    /* a bypassed request came back: a bypass slot frees */
};

/* The LSU's request this cycle and the L1D's answer (a same-cycle
 * handshake: the outcome is known before the edge). */
typedef struct gm_l1d_port {
    int valid;
    int write;
    const gm_access_t *acc;
    uint16_t warp, pc;
    uint32_t slot;              /* LSU instruction slot */
    uint8_t stream;
    uint32_t kernel;            /* gm_req_t.kernel */
    uint32_t byp_room;          /* bypass slots free before this cycle's replies
                                 * (UINT32_MAX: unlimited) */
    int net_ok;                 /* the crossbar takes a request from the SM now */
    gm_acc_outcome_t outcome;   /* answer */
    int rf;
} gm_l1d_port_t;

typedef struct gm_pf_ev {
    int valid;
    uint32_t line;
} gm_pf_ev_t;

typedef struct gm_route_ev {
    uint32_t req;
    int taken;
} gm_route_ev_t;

typedef struct gm_l1d {
    uint32_t id;
    const gm_l1d_cfg_t *cfg;
    gm_ctx_t ctx;
    gm_cache_t c;
    gm_fifo_t resp;             /* from the crossbar */
    gm_fifo_t out;              /* the cache's released requests */
    gm_fifo_t *answers;         /* queue end: the LSU's answer queue */
    gm_icnt_ep_t net;           /* queue end: the request crossbar */
    const gm_route_t *route;
    uint64_t fill_free;         /* the fill port is free at */
    uint8_t stolen;             /* a plug-in takes the data array this cycle (a
                                 * remote read): the LSU's access stalls */
    struct {
        gm_hooks_t prefetch, route;
    } hook;
    gm_kstat_t *kst;            /* per-kernel counters (the GPU's; NULL: none) */
    uint32_t last_kernel;       /* of the last demand access: a prefetch's kernel */
    uint8_t acks;               /* sm.store_acks: a store's ack is answered */
} gm_l1d_t;

int gm_l1d_init(gm_l1d_t *l, uint32_t id, const gm_l1d_cfg_t *cfg, gm_ctx_t ctx,
                gm_fifo_t *answers, gm_icnt_ep_t net, const gm_route_t *route, gm_err_t *err);
void gm_l1d_free(gm_l1d_t *l);
/* One cycle: hit data and one reply from the crossbar answered, the LSU's
 * request (or a prefetch) through the cache, released requests answered. */
void gm_l1d_cycle(gm_l1d_t *l, gm_l1d_port_t *port);
/* The miss queue's head to the crossbar (or to a route plug-in). */
void gm_l1d_drain(gm_l1d_t *l);
/* The end of the SM's cycle. */
static inline void gm_l1d_end(gm_l1d_t *l) { gm_cache_end(&l->c); }
int gm_l1d_idle(const gm_l1d_t *l);
/* The fast-forward (gpu.c): with no request from the LSU, the first core
 * cycle at which the L1D may do more than wait (its hit pipe's head comes
 * out); 0 if that may be the next (a reply to take, a miss to send, a
 * prefetcher or a remote read that may act), UINT64_MAX if never by itself. */
uint64_t gm_l1d_next(const gm_l1d_t *l);
/* n such cycles at once. */
static inline void gm_l1d_skip(gm_l1d_t *l, uint64_t n) { gm_cache_skip(&l->c, n); }

#endif
