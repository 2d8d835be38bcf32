/* The in-order memory pipeline of an SM (seed-000 §3.1-3.2): one memory
 * instruction at a time is split into requests by the coalescer, one
 * request a cycle goes to the L1D's port or the bypass path (straight to
 * the crossbar, bounded by bypass slots); a reservation fail stalls
 * everything behind it and retries next cycle. It takes instructions from
 * the issue stage's queue, hears the L1D's answers on its answer queue and
 * reports finished instructions on the SM's done queue.
 *
 * Hook points (hook.h):
 *   bypass  gm_bypass_ev_t      an instruction enters: a plug-in that sends
 *                               it around the L1D sets bypass
 *   access  gm_lsu_access_ev_t  each cycle: the access accepted on either
 *                               path, or a reservation fail on the L1D's
 *   xlat    gm_xlat_ev_t        before the head's next access leaves on
 *                               either path: a plug-in that has no
 *                               translation for it yet clears go, and the
 *                               LSU stalls this cycle and asks again next
 *   done    gm_lsu_done_ev_t    an instruction finished (every request
 *                               answered): its CTA slot and cycles */
#ifndef GM_SIM_LSU_H
#define GM_SIM_LSU_H

#include <stdint.h>

#include "coalesce.h"
#include "icnt.h"
#include "kstats.h"
#include "l1d.h"
#include "sm.h"

enum { GM_INST_SLOTS = 256 };

typedef struct gm_bypass_ev {
    const gm_mem_inst_t *mi;
    int bypass;
} gm_bypass_ev_t;

typedef struct gm_lsu_access_ev {
    int valid;                /* an access was accepted (either path) */
    uint32_t line;
    uint16_t warp, cta, in_cta;
    int rf;                   /* the head failed a reservation on the L1D path */
} gm_lsu_access_ev_t;

typedef struct gm_xlat_ev {
    uint32_t addr;            /* the access's address (gm_access_t.addr) */
    int write;
    int go;                   /* preset 1 */
} gm_xlat_ev_t;
typedef struct gm_lsu_done_ev {
    uint16_t warp, cta;       /* cta: the warp's CTA slot */
    uint8_t is_load;
    uint64_t cycles;          /* from entering the LSU to the last answer */
} gm_lsu_done_ev_t;

typedef struct gm_slot {      /* a memory instruction in flight */
    uint8_t used, is_load, stream, all_sent;
    uint16_t warp, cta, in_cta, pc;
    uint32_t kernel;          /* gm_mem_inst_t.kernel */
    uint32_t pending;         /* accesses not yet answered */
    uint64_t t_issue;
} gm_slot_t;

typedef struct gm_lsu {
    /* what every cycle reads first, together */
    int head;                 /* an instruction is being split into requests */
    uint32_t head_slot;
    uint8_t head_write, head_hint;
    uint32_t nacc, next;
    uint32_t bp_inflight;
    gm_acc_outcome_t out;     /* this cycle's outcome so far (the bypass path) */
    int rf;
    uint8_t xlat_wait;        /* this cycle's xlat hook held the head back */
    gm_fifo_t answers;        /* from the L1D */
    struct {
        gm_hooks_t bypass, access, xlat, done;
    } hook;
    uint32_t id;
    const gm_l1d_cfg_t *cfg;
    gm_ctx_t ctx;
    gm_fifo_t *done;          /* queue end: the SM's done queue */
    gm_sm_events_t *ev;       /* the SM's events of this cycle (requests, fails) */
    gm_icnt_ep_t net;         /* the bypass path */
    const gm_route_t *route;
    gm_inst_q_t in;           /* from the issue stage */
    gm_access_t acc[GM_WARP_SIZE];
    gm_slot_t slot[GM_INST_SLOTS];
    gm_lsu_stats_t st;
    gm_kstat_t *kst;          /* per-kernel counters (the GPU's) */
    gm_warp_t *warps;         /* sm.store_acks: the SM's warps, whose stores_out
                               * the LSU counts; NULL otherwise */
} gm_lsu_t;

int gm_lsu_init(gm_lsu_t *L, uint32_t id, const gm_l1d_cfg_t *cfg, gm_ctx_t ctx, gm_fifo_t *done,
                gm_sm_events_t *ev, gm_icnt_ep_t net, const gm_route_t *route, gm_err_t *err);
void gm_lsu_free(gm_lsu_t *L);
/* A warp instruction's accesses as the L1D configuration coalesces them
 * (by line or sector, by segment, per half-warp); their count. */
unsigned gm_lsu_coalesce(const gm_l1d_cfg_t *cfg, const gm_inst_t *in,
                         gm_access_t out[GM_WARP_SIZE]);
/* The cycle in two halves around the L1D's: offer the head's next access
 * (to the port, or the bypass path), then take the answers and the outcome. */
void gm_lsu_offer(gm_lsu_t *L, gm_l1d_port_t *port);
void gm_lsu_finish(gm_lsu_t *L, const gm_l1d_port_t *port);
int gm_lsu_idle(const gm_lsu_t *L);
/* The fast-forward (gpu.c): the LSU's next cycle would only repeat the
 * last -- idle, or its head held back by the xlat hook, whose plug-ins
 * say when that ends (gm_plugin_t.next_event) -- with nothing answered
 * and no hook that runs every cycle. */
int gm_lsu_quiet(const gm_lsu_t *L);
/* n such cycles at once: a held head's stall cycles, the port left idle. */
void gm_lsu_skip(gm_lsu_t *L, gm_l1d_port_t *port, uint64_t n);

#endif
