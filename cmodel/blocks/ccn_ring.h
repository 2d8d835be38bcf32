/* A ring of ccn_node C models joined as seed-003 §14.8 says (request
 * out of node k into node k+1, responses out of node k into node k-1), and a
 * small L1 model beside each node: what the CCN node's stimuli and tests
 * drive (the ring is the C side of the node-level golden and random
 * lockstep; no RTL of its own). */
#ifndef GM_CCN_RING_H
#define GM_CCN_RING_H

#include "ccn_node.h"

enum { CCN_RING_MAX = 16 };

/* Fills the line of (set, way) of node k's L1 (the stolen read). */
typedef void (*ccn_ring_rd_fn)(void *ctx, unsigned k, unsigned set, unsigned way,
                               uint32_t *line);

typedef struct ccn_ring {
    unsigned n;
    ccn_node_t node[CCN_RING_MAX];
} ccn_ring_t;

/* proto's STIM_CID is ignored; N is n. Node k's my_cid input is k. */
int ccn_ring_init(ccn_ring_t *r, const ccn_node_params_t *proto, unsigned n, gm_err_t *err);
/* One cycle's outputs. ins[k] holds node k's L1-side and cfg inputs; the
 * ring inputs (req_*, rsp_*) and l1_rd_data are written here from the
 * neighbours' outputs and rd. */
void ccn_ring_eval(const ccn_ring_t *r, ccn_node_in_t *ins, ccn_node_out_t *outs,
                   ccn_ring_rd_fn rd, void *ctx);
void ccn_ring_tick(ccn_ring_t *r, const ccn_node_in_t *ins);

/* ---- A small L1 beside a node: tag states and the lines' addresses. */
enum { CCN_L1_I = 0, CCN_L1_R = 1, CCN_L1_V = 2 };

typedef struct ccn_l1e {
    unsigned nsets, nways, idx_w;
    uint8_t st[128 * 8];
    uint32_t la[128 * 8];      /* the tag's line (reserved or valid) */
    uint32_t data_la[128 * 8]; /* whose line the data array holds: changed by fills only */
    uint8_t rr[128];
} ccn_l1e_t;

/* One tag write, as the node's upd_* ports take it. */
typedef struct ccn_upd {
    unsigned set, way, v;
    uint32_t tag;
} ccn_upd_t;

void ccn_l1e_init(ccn_l1e_t *l, const ccn_node_params_t *p);
unsigned ccn_l1e_set(const ccn_l1e_t *l, uint32_t la);
int ccn_l1e_find(const ccn_l1e_t *l, uint32_t la);
/* Reserve a way for a missing line (round robin, never a reserved way);
 * 0 when every way of the set is reserved. */
int ccn_l1e_reserve(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u);
/* A reserved line becomes valid; 0 if la is not reserved. */
int ccn_l1e_fill(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u);
/* A valid line is invalidated (a store's write-evict); 0 if not valid. */
int ccn_l1e_inval(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u);
/* The data array's line at (set, way) (a reservation does not overwrite it). */
void ccn_l1e_read(const ccn_l1e_t *l, unsigned set, unsigned way, uint32_t *line);
void ccn_l1e_apply(const ccn_upd_t *u, ccn_node_in_t *in);
/* 1 when node's shadow tags equal the L1's VALID lines (§14.4's invariant). */
int ccn_l1e_mirrors(const ccn_l1e_t *l, const ccn_node_t *node);

#endif
