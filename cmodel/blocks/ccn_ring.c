#include "ccn_ring.h"

#include <string.h>

#include "ccn_line.h"

int ccn_ring_init(ccn_ring_t *r, const ccn_node_params_t *proto, unsigned n, gm_err_t *err)
{
    if (n < 2 || n > CCN_RING_MAX)
        return gm_errf(err, "a ring of %u nodes (2..%d)", n, CCN_RING_MAX);
    memset(r, 0, sizeof *r);
    r->n = n;
    for (unsigned k = 0; k < n; k++) {
        ccn_node_params_t p = *proto;
        p.STIM_CID = k;
        p.N = n;
        if (ccn_node_init(&r->node[k], &p, err))
            return -1;
    }
    return 0;
}

/* Every ring output a node drives comes from its registers, and every ready
 * from its start-of-cycle state and its own inputs: three passes settle the
 * ring (registered outputs, then readies, then the moves). */
void ccn_ring_eval(const ccn_ring_t *r, ccn_node_in_t *ins, ccn_node_out_t *outs,
                   ccn_ring_rd_fn rd, void *ctx)
{
    unsigned n = r->n;
    for (unsigned k = 0; k < n; k++) {
        ccn_node_in_t *in = &ins[k];
        in->req_in_valid = in->req_out_ready = in->rsp_in_valid = in->rsp_out_ready = 0;
        in->req_in_flit = in->rsp_in_hdr = in->rsp_in_last = 0;
        in->my_cid = k;
        memset(in->rsp_in_data, 0, sizeof in->rsp_in_data);
        memset(in->l1_rd_data, 0, sizeof in->l1_rd_data);
        ccn_node_eval(&r->node[k], in, &outs[k]);
    }
    for (unsigned k = 0; k < n; k++) {
        const ccn_node_out_t *up = &outs[(k + n - 1) % n], *down = &outs[(k + 1) % n];
        ccn_node_in_t *in = &ins[k];
        if (outs[k].l1_steal && rd)
            rd(ctx, k, (unsigned)outs[k].l1_rd_set, (unsigned)outs[k].l1_rd_way, in->l1_rd_data);
        ccn_node_link_in(in, up, down);
    }
    for (unsigned k = 0; k < n; k++)
        ccn_node_eval(&r->node[k], &ins[k], &outs[k]);
    for (unsigned k = 0; k < n; k++)
        ccn_node_link_ready(&ins[k], &outs[(k + n - 1) % n], &outs[(k + 1) % n]);
    for (unsigned k = 0; k < n; k++)
        ccn_node_eval(&r->node[k], &ins[k], &outs[k]);
}

void ccn_ring_tick(ccn_ring_t *r, const ccn_node_in_t *ins)
{
    for (unsigned k = 0; k < r->n; k++)
        ccn_node_tick(&r->node[k], &ins[k]);
}

void ccn_l1e_init(ccn_l1e_t *l, const ccn_node_params_t *p)
{
    memset(l, 0, sizeof *l);
    l->nsets = p->NSETS;
    l->nways = p->NWAYS;
    l->idx_w = p->IDX_W;
}

unsigned ccn_l1e_set(const ccn_l1e_t *l, uint32_t la)
{
    return l->idx_w ? la & ((1u << l->idx_w) - 1) : la % l->nsets;
}

int ccn_l1e_find(const ccn_l1e_t *l, uint32_t la)
{
    unsigned base = ccn_l1e_set(l, la) * l->nways;
    for (unsigned w = 0; w < l->nways; w++)
        if (l->st[base + w] != CCN_L1_I && l->la[base + w] == la)
            return (int)(base + w);
    return -1;
}

static void upd_of(const ccn_l1e_t *l, unsigned e, unsigned v, ccn_upd_t *u)
{
    u->set = e / l->nways;
    u->way = e % l->nways;
    u->v = v;
    u->tag = l->la[e] >> l->idx_w;
}

int ccn_l1e_reserve(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u)
{
    unsigned set = ccn_l1e_set(l, la), base = set * l->nways;
    for (unsigned i = 0; i < l->nways; i++) {
        unsigned w = (l->rr[set] + i) % l->nways;
        if (l->st[base + w] == CCN_L1_R)
            continue;
        l->rr[set] = (uint8_t)((w + 1) % l->nways);
        l->st[base + w] = CCN_L1_R;
        l->la[base + w] = la;
        upd_of(l, base + w, 0, u);
        return 1;
    }
    return 0;
}

int ccn_l1e_fill(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u)
{
    int e = ccn_l1e_find(l, la);
    if (e < 0 || l->st[e] != CCN_L1_R)
        return 0;
    l->st[e] = CCN_L1_V;
    l->data_la[e] = la;
    upd_of(l, (unsigned)e, 1, u);
    return 1;
}

int ccn_l1e_inval(ccn_l1e_t *l, uint32_t la, ccn_upd_t *u)
{
    int e = ccn_l1e_find(l, la);
    if (e < 0 || l->st[e] != CCN_L1_V)
        return 0;
    l->st[e] = CCN_L1_I;
    upd_of(l, (unsigned)e, 0, u);
    return 1;
}

void ccn_l1e_read(const ccn_l1e_t *l, unsigned set, unsigned way, uint32_t *line)
{
    ccn_line_fill(l->data_la[set * l->nways + way], line);
}

void ccn_l1e_apply(const ccn_upd_t *u, ccn_node_in_t *in)
{
    in->upd_valid = 1;
    in->upd_set = u->set;
    in->upd_way = u->way;
    in->upd_tag = u->tag;
    in->upd_v = u->v;
}

int ccn_l1e_mirrors(const ccn_l1e_t *l, const ccn_node_t *node)
{
    uint32_t mask = (uint32_t)((1ull << node->st.p.TAG_W) - 1);
    for (unsigned e = 0; e < l->nsets * l->nways; e++) {
        int valid = l->st[e] == CCN_L1_V;
        if (node->st.v[e] != valid || (valid && node->st.tag[e] != ((l->la[e] >> l->idx_w) & mask)))
            return 0;
    }
    return 1;
}
