/* A CCN ring with an L1 and an L2 beside every node (the ccn_node
 * stimuli's world): the L1 mirrors each tag write into its node, serves
 * stolen reads, takes fills and sends misses to the ring or to L2 as the
 * node says; L2 answers after a fixed latency. Each cycle it checks the
 * ring's invariants on the C models: every request a node put on the ring
 * is answered exactly once (a fill at home with its line, or a return home
 * sent to L2), none waits longer than `lost_after` cycles, and every node's
 * shadow tags equal its L1's VALID lines after every edge. */
#ifndef GM_CCN_WORLD_H
#define GM_CCN_WORLD_H

#include "blocks/ccn_ring.h"
#include "util/err.h"

enum { CCN_W_OUT = 64, CCN_W_L2Q = 64, CCN_W_NONE = 0xffffffffu };

typedef struct ccn_world_req {
    uint32_t la;
    uint64_t start;
} ccn_world_req_t;

typedef struct ccn_world {
    ccn_ring_t ring;
    ccn_l1e_t l1[CCN_RING_MAX];
    ccn_node_in_t ins[CCN_RING_MAX];
    ccn_node_out_t outs[CCN_RING_MAX];
    ccn_world_req_t out[CCN_RING_MAX][CCN_W_OUT]; /* on the ring */
    unsigned out_n[CCN_RING_MAX];
    ccn_world_req_t l2q[CCN_RING_MAX][CCN_W_L2Q]; /* .start = when it returns */
    unsigned l2q_n[CCN_RING_MAX];
    uint64_t cyc, lost_after;
    unsigned l2_lat;
    /* the node inputs every cycle carries */
    unsigned ccn_en, rt_en, ts, tp, hmin_num, hmin_den;
    /* events of the last cycle, per node */
    uint32_t filled[CCN_RING_MAX], ejected[CCN_RING_MAX], direct[CCN_RING_MAX];
    uint64_t lat[CCN_RING_MAX]; /* the filled request's latency */
    /* totals */
    uint64_t hits, ejects, directs, sum_hit_lat;
} ccn_world_t;

/* What the L1 of each node does this cycle (CCN_W_NONE: nothing). A miss
 * is taken only if its line is absent and a way can be reserved; the tag
 * port takes one write a cycle: a fill from the ring, then one from L2,
 * then the miss's reservation, then the invalidation. */
typedef struct ccn_world_act {
    uint32_t miss[CCN_RING_MAX];
    uint32_t inval[CCN_RING_MAX];
    uint32_t install[CCN_RING_MAX];  /* reserve and fetch from L2, no miss to the node */
    unsigned insn[CCN_RING_MAX];
    uint8_t fill_busy[CCN_RING_MAX];  /* the L1 fill port is taken this cycle */
    uint8_t l2_busy[CCN_RING_MAX];    /* the L1-to-L2 queue refuses a return */
} ccn_world_act_t;

int ccn_world_init(ccn_world_t *w, const ccn_node_params_t *p, unsigned n, gm_err_t *err);
/* One cycle: the inputs and outputs end in w->ins / w->outs, then the edge. */
int ccn_world_step(ccn_world_t *w, const ccn_world_act_t *a, gm_err_t *err);
void ccn_world_act_none(ccn_world_act_t *a);

#endif
