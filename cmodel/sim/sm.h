/* The SM front end: CTA dispatch onto the SM, warps, warp schedulers and
 * the issue stage. It sends memory instructions to the LSU through a
 * one-instruction queue (the LSU's latch) and learns of finished ones from
 * the LSU's done queue; nothing else of the SM is seen from outside.
 *
 * Hook points (hook.h; each callback gets the event below):
 *   cta    gm_cta_ev_t     a CTA was placed on the SM
 *   admit  gm_admit_ev_t   which kernel's CTA the SM takes next (TB partition)
 *   gate   gm_gate_ev_t    may a memory instruction of a stream issue now
 *   igate  gm_gate_ev_t    may any instruction of a stream issue now: the
 *                          last check, so `allow` left set means it issues
 *   arb    gm_arb_ev_t     which streams' memory instructions may issue this
 *                          cycle (an arbiter across the SM's schedulers,
 *                          which share one memory issue port)
 *   begin  NULL            the start of the SM's cycle
 *   end    gm_sm_events_t  the end of the SM's cycle, with what happened
 *   idle   gm_idle_ev_t    a plug-in with work pending sets `busy`
 *   pick   gm_pick_ev_t    a CTA of a stream fits the SM: a plug-in may
 *                          hold it back (the SM tries again next cycle) or
 *                          name the CTA the workload generator sees
 *   retire gm_retire_ev_t  a CTA of the SM finished */
#ifndef GM_SIM_SM_H
#define GM_SIM_SM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "config.h"
#include "ctx.h"
#include "hook.h"
#include "kstats.h"
#include "queue.h"
#include "sched.h"
#include "stats.h"
#include "workload/workload.h"

enum { GM_MAX_STREAMS = 3, GM_WARP_WORDS = 2 /* 128 warps */ };

/* A memory instruction on its way from the issue stage to the LSU. */
typedef struct gm_mem_inst {
    gm_inst_t in;
    uint16_t warp, cta, in_cta;   /* its warp, the warp's CTA slot and place in the CTA */
    uint8_t stream;
    uint32_t kernel;              /* its kernel's id - 1 (gm_req_t.kernel) */
} gm_mem_inst_t;

/* The queue from the issue stage into the LSU: one instruction. */
typedef struct gm_inst_q {
    int full;
    gm_mem_inst_t mi;
} gm_inst_q_t;

/* An entry of the done queue (LSU -> SM): a finished memory instruction. */
static inline uint32_t gm_done_pack(uint32_t warp, uint32_t stream, int is_load)
{
    return warp | stream << 16 | (uint32_t)(is_load != 0) << 24;
}

/* An entry of the done queue under sm.store_acks: the warp's last store
 * was acknowledged (its EXIT may go). */
static inline uint32_t gm_ack_pack(uint32_t warp) { return warp | 2u << 24; }

/* The kernels running, as the CTA dispatcher sees them; the GPU starts
 * kernels, the SMs take CTAs and count the ones that end. */
typedef struct gm_grid_stream {
    const gm_kernel_t *k;     /* NULL: the stream is done */
    uint32_t kid;             /* this launch, unique in the run */
    uint32_t next_cta, ctas_done, ctas_total;
} gm_grid_stream_t;

typedef struct gm_grid {
    uint32_t nstreams;
    uint32_t split;           /* streams sharing each SM evenly (sm.c's fits) */
    gm_grid_stream_t s[GM_MAX_STREAMS];
    uint64_t warps_done;      /* warps that exited, all kernels: the run's progress */
} gm_grid_t;

typedef struct gm_cta_ev {
    uint32_t stream, kid, slot;
    uint32_t cta_id;                      /* the id warp_init gets */
    uint32_t threads, warps, regs, smem;  /* what one CTA of the kernel takes */
    uint32_t fit;                         /* CTAs of the kernel an empty SM holds */
    uint32_t ctas;                        /* the kernel's CTAs in all */
} gm_cta_ev_t;

/* The CTA dispatcher's choice, offered to a TB-partition policy. Without
 * a plug-in at `admit` the SM takes `pick` as preset. */
typedef struct gm_admit_ev {
    uint32_t nstreams;
    uint32_t first;                       /* the round-robin start: tie-breaks go from here */
    uint8_t fits[GM_MAX_STREAMS];         /* a CTA is left and fits the SM's free resources */
    uint8_t even[GM_MAX_STREAMS];         /* ... and the stream's even share of each resource */
    struct {
        uint32_t threads, warps, regs, smem;
    } need[GM_MAX_STREAMS];               /* what one CTA of the stream's kernel takes */
    int32_t pick;                         /* preset: the first `even` stream from `first`, or -1;
                                           * a plug-in sets a stream with `fits`, or -1 (none) */
} gm_admit_ev_t;

typedef struct gm_pick_ev {
    const gm_kernel_t *k;
    uint32_t stream, kid;
    uint32_t ctas;                        /* the kernel's CTAs in all */
    uint32_t fit;                         /* CTAs of the kernel an empty SM holds */
    uint32_t slot;                        /* the SM's CTA slot it would take */
    uint32_t cta_id;                      /* the id warp_init gets (UINT32_MAX on entry,
                                           * the dispatcher's if left so) */
    int take;                             /* a plug-in that holds it back clears it */
} gm_pick_ev_t;

typedef struct gm_retire_ev {
    uint32_t stream, kid, slot;
} gm_retire_ev_t;

typedef struct gm_gate_ev {
    uint32_t stream;
    int allow;                            /* a plug-in that holds the stream back clears it */
} gm_gate_ev_t;

/* Once per cycle, before the schedulers pick: `cand` has bit s when stream
 * s has a warp whose next instruction is a memory instruction that could
 * issue now (the latch to the LSU free and every gate open); a plug-in
 * clears bits of `grant` (all set on entry) to hold streams back. */
typedef struct gm_arb_ev {
    uint32_t cand;
    uint32_t grant;
} gm_arb_ev_t;

typedef struct gm_sm_events {
    uint8_t issue[GM_MAX_STREAMS];        /* a memory instruction issued */
    uint8_t rf[GM_MAX_STREAMS];           /* the LSU's head failed a reservation (L1D path) */
    uint32_t req[GM_MAX_STREAMS];         /* requests the LSU split instructions into */
    uint32_t done[GM_MAX_STREAMS];        /* memory instructions that finished */
} gm_sm_events_t;

typedef struct gm_idle_ev {
    int busy;
} gm_idle_ev_t;

typedef struct gm_cta {
    uint8_t live, stream;
    uint16_t warps_left;
    uint32_t threads, warps, regs, smem;
} gm_cta_t;

typedef struct gm_sm {
    /* what every cycle reads, together */
    uint32_t used_warps;
    /* Warps that could issue, as bit maps over warp slots: a compute
     * instruction or EXIT with no load outstanding, or a memory
     * instruction; and each scheduler's warps. */
    uint64_t cready[GM_WARP_WORDS], mcand[GM_WARP_WORDS];
    uint64_t (*owns)[GM_WARP_WORDS];
    gm_inst_q_t *to_lsu;      /* queue end: the LSU's latch */
    gm_fifo_t done;           /* from the LSU: finished memory instructions */
    struct {
        gm_hooks_t cta, gate, begin, end, idle, admit, igate, arb, pick, retire;
    } hook;
    uint32_t mem_grant;       /* streams the arb hook let issue this cycle */
    gm_sm_events_t ev;        /* this cycle's (the LSU adds its part) */
    const gm_sm_cfg_t *cfg;
    gm_warp_t *warp;          /* scheduling state, kept small: the issue stage walks it */
    gm_sched_t *sched;
    gm_inst_t *winst;         /* each warp's next memory instruction (or EXIT) */
    gm_grid_t *grid;
    uint32_t id;
    gm_ctx_t ctx;
    gm_cta_t *cta;
    uint32_t used_threads, used_regs, used_smem, used_ctas;
    uint32_t s_ctas[GM_MAX_STREAMS], s_warps[GM_MAX_STREAMS], s_threads[GM_MAX_STREAMS];
    uint32_t s_regs[GM_MAX_STREAMS], s_smem[GM_MAX_STREAMS];
    uint32_t next_stream;
    int no_fit;               /* no CTA fitted at the last try and nothing freed since */
    uint64_t next_age;
    unsigned char *ws_arena;
    size_t ws_stride;
    gm_sm_stats_t st;
    gm_kstat_t *kst;          /* per-kernel counters, by gm_kernel_t.id - 1 (the GPU's) */
} gm_sm_t;

/* ws_size: the largest per-warp state of the run's kernels. */
int gm_sm_init(gm_sm_t *sm, uint32_t id, const gm_sm_cfg_t *cfg, gm_ctx_t ctx, gm_grid_t *grid,
               size_t ws_size, gm_inst_q_t *to_lsu, gm_err_t *err);
void gm_sm_free(gm_sm_t *sm);
/* The stream path (dispatch.c): place one CTA of a stream that still has
 * CTAs, if one fits; 1 if placed. */
int gm_sm_try_dispatch(gm_sm_t *sm);
/* Would the SM take a CTA of stream s (which has CTAs left) now: it fits
 * the free resources and no plug-in at pick holds it back. *id: the id a
 * plug-in named, else UINT32_MAX. A CTA that does not fit sets no_fit, as
 * gm_sm_try_dispatch does: nothing fits again before a CTA ends or a
 * kernel starts, so neither the offer nor the fast-forward asks again. */
int gm_sm_offer(gm_sm_t *sm, uint32_t s, uint32_t *id);
/* Place CTA cta_id of stream s (gm_sm_offer said it fits). */
void gm_sm_place(gm_sm_t *sm, uint32_t s, uint32_t cta_id);
/* A kernel started: try dispatching again. */
static inline void gm_sm_kernel_started(gm_sm_t *sm) { sm->no_fit = 0; }
/* The SM's cycle, around the LSU's and the L1D's: begin (events cleared,
 * begin hooks), issue (the done queue, then the schedulers), end (end hooks). */
void gm_sm_begin(gm_sm_t *sm);
void gm_sm_issue(gm_sm_t *sm);
void gm_sm_end(gm_sm_t *sm);
/* Nothing resident, nothing finished waiting, no plug-in busy. */
int gm_sm_idle(const gm_sm_t *sm);
/* The fast-forward (gpu.c): the SM's next cycle would issue nothing and
 * change nothing -- no finished instruction to take, no warp that could
 * issue (each waits for its loads, or for the LSU's latch), no hook that
 * runs every cycle -- as long as nothing outside it changes. */
int gm_sm_quiet(const gm_sm_t *sm);
/* Cycles skipped so: their events are a quiet cycle's, none. */
static inline void gm_sm_skip(gm_sm_t *sm) { memset(&sm->ev, 0, sizeof sm->ev); }

#endif
