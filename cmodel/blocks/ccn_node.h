/* ccn_node — one core's CCN node, built from the six CCN blocks (see
 * ccn_node.ports). */
#ifndef GM_CCN_NODE_H
#define GM_CCN_NODE_H

#define GM_BLOCK ccn_node
#define GM_PORTS "ccn_node.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "ccn_cb.h"
#include "ccn_hit_read.h"
#include "ccn_reqq.h"
#include "ccn_respq.h"
#include "ccn_rt.h"
#include "ccn_shadow_tag.h"

typedef struct ccn_node {
    ccn_node_params_t p;
    ccn_cb_t cb;
    ccn_reqq_t rq;
    ccn_shadow_tag_t st;
    ccn_hit_read_t hr;
    ccn_respq_t rs;
    ccn_rt_t rt;
    ccn_node_counters_t ctr;
} ccn_node_t;

int ccn_node_init(ccn_node_t *m, const ccn_node_params_t *p, gm_err_t *err);
void ccn_node_reset(ccn_node_t *m);
void ccn_node_eval(const ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *out);
void ccn_node_tick(ccn_node_t *m, const ccn_node_in_t *in);
void ccn_node_counters(const ccn_node_t *m, ccn_node_counters_t *c);
int ccn_node_idle(const ccn_node_t *m);

/* The ring's links into a node: requests travel downstream (from the node
 * before it), responses upstream (from the node after it). Before the
 * nodes are evaluated: the flits the neighbours drive. */
void ccn_node_link_in(ccn_node_in_t *in, const ccn_node_out_t *up, const ccn_node_out_t *down);
/* After: whether the neighbours take what this node drives. */
void ccn_node_link_ready(ccn_node_in_t *in, const ccn_node_out_t *up,
                         const ccn_node_out_t *down);

#endif
