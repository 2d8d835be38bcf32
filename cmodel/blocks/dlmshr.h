/* dlmshr — Dynamically Linked MSHRs with the DAU (see dlmshr.ports). */
#ifndef GM_DLMSHR_H
#define GM_DLMSHR_H

#define GM_BLOCK dlmshr
#define GM_PORTS "dlmshr.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "addr_cam.h"

enum { DL_MAX_SETS = 256, DL_SPS = 2, DL_PIPE = 3 };

/* DAU states (seed-001 §3.5, Fig 3.8): the head path S1..S5, the attached
 * path S6..S10. 11..15 are illegal. */
enum dau_state { S0, S1, S2, S3, S4, S5, S6, S7, S8, S9, S10, DAU_NSTATES };

/* The transitions of the spec's next-state table (§9.3), for coverage. */
enum dau_trans {
    T_S0_S1, T_S0_S6, T_S1_S5, T_S1_S2, T_S2_S5, T_S2_S3, T_S2_S4, T_S3_S5, T_S3_STAY,
    T_S4_S5, T_S4_S3, T_S5_S0, T_S6_S10, T_S6_S7, T_S7_S10, T_S7_S8, T_S7_S9, T_S8_S10,
    T_S8_STAY, T_S9_S10, T_S9_S8, T_S10_S0, DAU_NTRANS
};
extern const char *const dau_trans_names[DAU_NTRANS];

/* The inputs of one set's DAU FSM in a cycle. */
typedef struct dau_in {
    uint8_t req_h;      /* a head-type request is directed at this set */
    uint8_t req_a;      /* an attached-type request is directed at this set */
    uint8_t link_ok;    /* ... and a linkable free set was granted to it */
    uint8_t ret;        /* all its slots released (or its chain's, PARALLEL) */
    uint8_t sfree_ext;  /* its successor is back in S0 */
    uint8_t chain_req;  /* a request for this set's chain went to its tail */
} dau_in_t;

/* The next state; *trans gets the table row taken, or -1 (staying put
 * without a row). ripple: DEALLOC_MODE 0. */
unsigned dau_next(unsigned s, const dau_in_t *in, int ripple, int *trans);

typedef struct dlmshr {
    dlmshr_params_t p;
    uint8_t fsm[DL_MAX_SETS];
    uint8_t nxt[DL_MAX_SETS], tail[DL_MAX_SETS], hid[DL_MAX_SETS];
    uint32_t blk[DL_MAX_SETS];
    uint8_t filled[DL_MAX_SETS], ret[DL_MAX_SETS];
    uint8_t slot_v[DL_MAX_SETS * DL_SPS], slot_wr[DL_MAX_SETS * DL_SPS];
    uint32_t slot_info[DL_MAX_SETS * DL_SPS];
    uint16_t nfree_resv, nfree_link;
    uint8_t rq[DL_MAX_SETS];
    uint8_t rq_head;
    uint16_t rq_n;
    uint8_t cur_set, cur_slot, cur_busy;
    uint8_t pipe_v[DL_PIPE];
    uint32_t pipe_blk[DL_PIPE];
    /* Derived, kept for speed: free sets as bit maps, unfilled heads in the
     * CAM (by blk), live heads, used slots. */
    uint64_t freemap[DL_MAX_SETS / 64];
    gm_addr_cam_t cam;
    uint32_t nheads, used;
    /* DAU coverage: uses of each row of the next-state table (a state is
     * reached when a row into it was taken; S0 from reset). */
    uint64_t trans[DAU_NTRANS];
    dlmshr_counters_t ctr;
} dlmshr_t;

int dlmshr_init(dlmshr_t *m, const dlmshr_params_t *p, gm_err_t *err);
void dlmshr_reset(dlmshr_t *m);
void dlmshr_eval(const dlmshr_t *m, const dlmshr_in_t *in, dlmshr_out_t *out);
void dlmshr_tick(dlmshr_t *m, const dlmshr_in_t *in);
void dlmshr_counters(const dlmshr_t *m, dlmshr_counters_t *c);
/* 1 when a cycle with these inputs changes nothing (see mshr_quiet). */
int dlmshr_quiet(const dlmshr_t *m, const dlmshr_in_t *in);
/* The bookkeeping: nFreeSet equals the free sets, chains are well formed,
 * the ready queue holds the filled chains. 0 if consistent. */
int dlmshr_check(const dlmshr_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h). */
int dlmshr_idle(const dlmshr_t *m);
/* The fast path of mshr_tick_idle: here only for an idle DL-MSHR (its
 * DAU sets may move without a request). */
int dlmshr_tick_idle(dlmshr_t *m);
/* fwd_valid as the next evaluation will give it (see mshr_fwd_pending). */
static inline int dlmshr_fwd_pending(const dlmshr_t *m) { return m->rq_n != 0; }

#endif
