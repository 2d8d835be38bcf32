#include "ccn_world.h"

#include <string.h>

#include "blocks/ccn_line.h"

int ccn_world_init(ccn_world_t *w, const ccn_node_params_t *p, unsigned n, gm_err_t *err)
{
    memset(w, 0, sizeof *w);
    if (ccn_ring_init(&w->ring, p, n, err))
        return -1;
    for (unsigned k = 0; k < n; k++)
        ccn_l1e_init(&w->l1[k], p);
    w->lost_after = 100000;
    w->l2_lat = 20;
    w->ccn_en = 1;
    w->ts = 1000000;
    w->tp = 10000000;
    w->hmin_num = 1;
    w->hmin_den = 20;
    return 0;
}

void ccn_world_act_none(ccn_world_act_t *a)
{
    memset(a, 0, sizeof *a);
    for (unsigned k = 0; k < CCN_RING_MAX; k++)
        a->miss[k] = a->inval[k] = a->install[k] = CCN_W_NONE;
}

static void read_line(void *ctx, unsigned k, unsigned set, unsigned way, uint32_t *line)
{
    const ccn_world_t *w = ctx;
    ccn_l1e_read(&w->l1[k], set, way, line);
}

static int take_out(ccn_world_t *w, unsigned k, uint32_t la, uint64_t *start)
{
    for (unsigned i = 0; i < w->out_n[k]; i++)
        if (w->out[k][i].la == la) {
            *start = w->out[k][i].start;
            w->out[k][i] = w->out[k][--w->out_n[k]];
            return 1;
        }
    return 0;
}

static void to_l2(ccn_world_t *w, unsigned k, uint32_t la)
{
    w->l2q[k][w->l2q_n[k]++] = (ccn_world_req_t){la, w->cyc + w->l2_lat};
}

int ccn_world_step(ccn_world_t *w, const ccn_world_act_t *a, gm_err_t *err)
{
    unsigned n = w->ring.n;
    unsigned long long cy = (unsigned long long)w->cyc;
    for (unsigned k = 0; k < n; k++) {
        ccn_node_in_t *in = &w->ins[k];
        memset(in, 0, sizeof *in);
        in->cfg_ccn_en = w->ccn_en;
        in->cfg_rt_en = w->rt_en;
        in->cfg_ts = w->ts;
        in->cfg_tp = w->tp;
        in->cfg_hmin_num = w->hmin_num;
        in->cfg_hmin_den = w->hmin_den;
        in->insn_inc = a->insn[k];
        in->home_eject_ready = !a->l2_busy[k] && w->l2q_n[k] < CCN_W_L2Q;
        w->filled[k] = w->ejected[k] = w->direct[k] = CCN_W_NONE;
    }
    /* What the nodes offer this cycle does not depend on the L1's inputs. */
    ccn_ring_eval(&w->ring, w->ins, w->outs, read_line, w);
    for (unsigned k = 0; k < n; k++) {
        ccn_node_in_t *in = &w->ins[k];
        const ccn_node_out_t *o = &w->outs[k];
        ccn_l1e_t *l = &w->l1[k];
        ccn_upd_t u;
        int port = 0;
        if (o->fill_valid && !a->fill_busy[k]) {
            uint32_t la = (uint32_t)o->fill_la, line[32];
            uint64_t start;
            if (!take_out(w, k, la, &start))
                return gm_errf(err, "cycle %llu: node %u filled la 0x%x it has not asked the "
                               "ring for (or was answered twice)", cy, k, la);
            ccn_line_fill(la, line);
            if (memcmp(line, o->fill_data, sizeof line))
                return gm_errf(err, "cycle %llu: node %u got a wrong line for la 0x%x", cy, k, la);
            if (!ccn_l1e_fill(l, la, &u))
                return gm_errf(err, "cycle %llu: node %u: la 0x%x not reserved at its fill", cy,
                               k, la);
            ccn_l1e_apply(&u, in);
            in->fill_ready = 1;
            port = 1;
            w->filled[k] = la;
            w->lat[k] = w->cyc - start;
            w->hits++;
            w->sum_hit_lat += w->cyc - start;
        }
        if (!port && w->l2q_n[k] && w->l2q[k][0].start <= w->cyc) {
            uint32_t la = w->l2q[k][0].la;
            memmove(w->l2q[k], w->l2q[k] + 1, (w->l2q_n[k] - 1) * sizeof w->l2q[k][0]);
            w->l2q_n[k]--;
            if (ccn_l1e_fill(l, la, &u)) {
                ccn_l1e_apply(&u, in);
                port = 1;
            }
        }
        if (!port && a->miss[k] != CCN_W_NONE && ccn_l1e_find(l, a->miss[k]) < 0 &&
            (o->miss_to_ccn ? w->out_n[k] < CCN_W_OUT : w->l2q_n[k] < CCN_W_L2Q) &&
            ccn_l1e_reserve(l, a->miss[k], &u)) {
            ccn_l1e_apply(&u, in);
            port = 1;
            in->miss_valid = 1;
            in->miss_la = a->miss[k];
            if (o->miss_to_ccn) {
                w->out[k][w->out_n[k]++] = (ccn_world_req_t){a->miss[k], w->cyc};
            } else {
                to_l2(w, k, a->miss[k]);
                w->direct[k] = a->miss[k];
                w->directs++;
            }
        }
        if (!port && a->install[k] != CCN_W_NONE && ccn_l1e_find(l, a->install[k]) < 0 &&
            w->l2q_n[k] < CCN_W_L2Q && ccn_l1e_reserve(l, a->install[k], &u)) {
            ccn_l1e_apply(&u, in);
            port = 1;
            to_l2(w, k, a->install[k]);
        }
        if (!port && a->inval[k] != CCN_W_NONE && ccn_l1e_inval(l, a->inval[k], &u))
            ccn_l1e_apply(&u, in);
        if (o->home_eject_valid && in->home_eject_ready) {
            uint32_t la = (uint32_t)o->home_eject_la;
            uint64_t start;
            if (!take_out(w, k, la, &start))
                return gm_errf(err, "cycle %llu: node %u sent la 0x%x home to L2 without "
                               "asking (or twice)", cy, k, la);
            to_l2(w, k, la);
            w->ejected[k] = la;
            w->lat[k] = w->cyc - start;
            w->ejects++;
        }
        for (unsigned i = 0; i < w->out_n[k]; i++)
            if (w->cyc - w->out[k][i].start > w->lost_after)
                return gm_errf(err, "cycle %llu: node %u's request for la 0x%x, sent at cycle "
                               "%llu, was never answered", cy, k, w->out[k][i].la,
                               (unsigned long long)w->out[k][i].start);
    }
    ccn_ring_eval(&w->ring, w->ins, w->outs, read_line, w);
    ccn_ring_tick(&w->ring, w->ins);
    for (unsigned k = 0; k < n; k++)
        if (!ccn_l1e_mirrors(&w->l1[k], &w->ring.node[k]))
            return gm_errf(err, "cycle %llu: node %u's shadow tags differ from its L1's valid "
                           "lines", cy, k);
    w->cyc++;
    return 0;
}
