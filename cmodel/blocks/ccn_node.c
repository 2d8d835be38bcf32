#include "ccn_node.h"

#include <string.h>

int ccn_node_init(ccn_node_t *m, const ccn_node_params_t *p, gm_err_t *err)
{
    ccn_cb_params_t cb = {.Q_DEPTH = p->Q_DEPTH};
    ccn_reqq_params_t rq = {.Q_DEPTH = p->Q_DEPTH, .NSETS = p->NSETS,
                            .IDX_W = p->IDX_W, .LINK_LAT = p->LINK_LAT, .FLOW = p->FLOW};
    ccn_shadow_tag_params_t st = {.NSETS = p->NSETS, .NWAYS = p->NWAYS,
                                  .TAG_W = p->IDX_W ? 26 - p->IDX_W : 26,
                                  .ST_PORTS = p->ST_PORTS};
    ccn_hit_read_params_t hr = {.STRICT = 0};
    ccn_respq_params_t rs = {.Q_DEPTH = p->Q_DEPTH,
                             .RESP_BEATS = p->RESP_BEATS, .FLOW = p->FLOW};
    ccn_rt_params_t rt = {.CNT_W = 24};
    if (p->STIM_CID >= p->N)
        return gm_errf(err, "STIM_CID %u is not on a ring of N = %u cores", p->STIM_CID, p->N);
    memset(m, 0, sizeof *m);
    m->p = *p;
    if (ccn_cb_init(&m->cb, &cb, err) || ccn_reqq_init(&m->rq, &rq, err) ||
        ccn_shadow_tag_init(&m->st, &st, err) || ccn_hit_read_init(&m->hr, &hr, err) ||
        ccn_respq_init(&m->rs, &rs, err) || ccn_rt_init(&m->rt, &rt, err))
        return -1;
    return 0;
}

void ccn_node_reset(ccn_node_t *m)
{
    ccn_cb_reset(&m->cb);
    ccn_reqq_reset(&m->rq);
    ccn_shadow_tag_reset(&m->st);
    ccn_hit_read_reset(&m->hr);
    ccn_respq_reset(&m->rs);
    ccn_rt_reset(&m->rt);
    memset(&m->ctr, 0, sizeof m->ctr);
}

/* The parts' inputs and outputs of one cycle. */
typedef struct wires {
    ccn_cb_in_t cbi;
    ccn_cb_out_t cbo;
    ccn_reqq_in_t rqi;
    ccn_reqq_out_t rqo;
    ccn_shadow_tag_in_t sti;
    ccn_shadow_tag_out_t sto;
    ccn_hit_read_in_t hri;
    ccn_hit_read_out_t hro;
    ccn_respq_in_t rsi;
    ccn_respq_out_t rso;
    ccn_rt_in_t rti;
    ccn_rt_out_t rto;
} wires_t;

/* Settles the node's combinational paths in the order they depend on each
 * other: each part is evaluated once the inputs it reads are known (eval is
 * pure, so evaluating a part again with more inputs known is free of side
 * effects). No output of a part feeds back into an input it reads. */
static void settle(const ccn_node_t *m, const ccn_node_in_t *in, wires_t *w)
{
    memset(w, 0, sizeof *w);
    w->rti = (ccn_rt_in_t){.cfg_ccn_en = in->cfg_ccn_en, .cfg_rt_en = in->cfg_rt_en,
                           .cfg_ts = in->cfg_ts, .cfg_tp = in->cfg_tp,
                           .cfg_hmin_num = in->cfg_hmin_num, .cfg_hmin_den = in->cfg_hmin_den,
                           .insn_inc = in->insn_inc};
    ccn_rt_eval(&m->rt, &w->rti, &w->rto);

    w->cbi = (ccn_cb_in_t){.my_cid = in->my_cid, .miss_valid = in->miss_valid, .miss_la = in->miss_la,
                           .rt_enable = w->rto.rt_enable, .rt_sampling = w->rto.rt_sampling};
    ccn_cb_eval(&m->cb, &w->cbi, &w->cbo);

    memcpy(w->hri.l1_rd_data, in->l1_rd_data, sizeof in->l1_rd_data);
    ccn_hit_read_eval(&m->hr, &w->hri, &w->hro);

    w->rsi.my_cid = in->my_cid;
    w->rsi.loc_valid = w->hro.rsp_inj_valid;
    w->rsi.loc_hdr = w->hro.rsp_inj_hdr;
    memcpy(w->rsi.loc_data, w->hro.rsp_inj_data, sizeof w->rsi.loc_data);
    w->rsi.in_beat_valid = in->rsp_in_valid;
    w->rsi.in_hdr = in->rsp_in_hdr;
    memcpy(w->rsi.in_beat_data, in->rsp_in_data, sizeof in->rsp_in_data);
    w->rsi.in_beat_last = in->rsp_in_last;
    w->rsi.fill_ready = in->fill_ready;
    w->rsi.out_ready = in->rsp_out_ready;
    ccn_respq_eval(&m->rs, &w->rsi, &w->rso);

    w->hri.rsp_inj_accept = w->rso.loc_accept;
    ccn_hit_read_eval(&m->hr, &w->hri, &w->hro);

    w->rqi = (ccn_reqq_in_t){.my_cid = in->my_cid, .fwd_in_valid = in->req_in_valid, .fwd_in_flit = in->req_in_flit,
                             .inj_valid = w->cbo.inj_valid, .inj_flit = w->cbo.inj_flit,
                             .home_eject_ready = in->home_eject_ready,
                             .hit_stage_ready = w->hro.hit_stage_ready,
                             .fwd_out_ready = in->req_out_ready};
    ccn_reqq_eval(&m->rq, &w->rqi, &w->rqo);

    w->sti = (ccn_shadow_tag_in_t){.upd_valid = in->upd_valid, .upd_set = in->upd_set,
                                   .upd_way = in->upd_way, .upd_tag = in->upd_tag,
                                   .upd_v = in->upd_v, .lkp_valid = w->rqo.st_lkp_valid,
                                   .lkp_set = w->rqo.st_lkp_set, .lkp_tag = w->rqo.st_lkp_tag};
    ccn_shadow_tag_eval(&m->st, &w->sti, &w->sto);

    w->rqi.st_lkp_gnt = w->sto.lkp_gnt;
    w->rqi.st_lkp_hit = w->sto.lkp_hit;
    w->rqi.st_lkp_way = w->sto.lkp_way;
    ccn_reqq_eval(&m->rq, &w->rqi, &w->rqo);

    w->hri.hit_valid = w->rqo.hit_req_valid;
    w->hri.hit_set = w->rqo.hit_req_set;
    w->hri.hit_way = w->rqo.hit_req_way;
    w->hri.hit_src = w->rqo.hit_req_src;
    w->hri.hit_la = w->rqo.hit_req_la;
    w->hri.hit_smp = w->rqo.hit_req_smp;
    w->cbi.inj_accept = w->rqo.inj_accept;
    w->rti.cb_push = in->miss_valid && w->cbo.miss_to_ccn;
    w->rti.ccn_hit_rsp = w->rso.fill_valid && in->fill_ready;
    w->rti.ccn_hit_smp = w->rso.fill_smp;
}

void ccn_node_eval(const ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *out)
{
    wires_t w;
    settle(m, in, &w);
    out->miss_to_ccn = w.cbo.miss_to_ccn;
    out->l1_steal = w.hro.l1_steal;
    out->l1_rd_set = w.hro.l1_rd_set;
    out->l1_rd_way = w.hro.l1_rd_way;
    out->fill_valid = w.rso.fill_valid;
    out->fill_la = w.rso.fill_la;
    out->fill_smp = w.rso.fill_smp;
    memcpy(out->fill_data, w.rso.fill_data, sizeof out->fill_data);
    out->home_eject_valid = w.rqo.home_eject_valid;
    out->home_eject_la = w.rqo.home_eject_la;
    out->home_eject_smp = w.rqo.home_eject_smp;
    out->req_in_ready = w.rqo.fwd_in_ready;
    out->req_out_valid = w.rqo.fwd_out_valid;
    out->req_out_flit = w.rqo.fwd_out_flit;
    out->rsp_in_ready = w.rso.in_ready;
    out->rsp_out_valid = w.rso.out_beat_valid;
    out->rsp_out_hdr = w.rso.out_hdr;
    memcpy(out->rsp_out_data, w.rso.out_beat_data, sizeof out->rsp_out_data);
    out->rsp_out_last = w.rso.out_beat_last;
    out->rt_enable = w.rto.rt_enable;
    out->rt_sampling = w.rto.rt_sampling;
    out->err_multi = w.sto.err_multi;
    out->cb_count = w.cbo.cb_count;
    out->reqq_count = w.rqo.count;
    out->respq_count = w.rso.count;
    out->stat_epochs = w.rto.stat_epochs;
    out->stat_off_epochs = w.rto.stat_off_epochs;
}

void ccn_node_tick(ccn_node_t *m, const ccn_node_in_t *in)
{
    wires_t w;
    settle(m, in, &w);
    m->ctr.req_injected += w.rqo.inj_accept;
    m->ctr.req_cb_full_deflect += in->miss_valid && w.rto.rt_enable && !w.cbo.miss_to_ccn;
    m->ctr.req_rt_bypass += in->miss_valid && !w.rto.rt_enable;
    m->ctr.lookups += w.rqo.st_lkp_valid && w.sto.lkp_gnt;
    m->ctr.lookup_port_conflicts += w.rqo.st_lkp_valid && !w.sto.lkp_gnt;
    m->ctr.remote_hits_served += w.hro.rsp_inj_valid && w.rso.loc_accept;
    m->ctr.l1_steal_cycles += w.hro.l1_steal;
    m->ctr.home_hits += w.rso.fill_valid && in->fill_ready;
    m->ctr.home_returns_to_l2 += w.rqo.home_eject_valid && in->home_eject_ready;
    ccn_rt_tick(&m->rt, &w.rti);
    ccn_cb_tick(&m->cb, &w.cbi);
    ccn_hit_read_tick(&m->hr, &w.hri);
    ccn_respq_tick(&m->rs, &w.rsi);
    ccn_reqq_tick(&m->rq, &w.rqi);
    ccn_shadow_tag_tick(&m->st, &w.sti);
}

void ccn_node_counters(const ccn_node_t *m, ccn_node_counters_t *c) { *c = m->ctr; }

/* The throttler counts cycles, so a node is never idle. */
int ccn_node_idle(const ccn_node_t *m) { (void)m; return 0; }

void ccn_node_link_in(ccn_node_in_t *in, const ccn_node_out_t *up, const ccn_node_out_t *down)
{
    in->req_in_valid = up->req_out_valid;
    in->req_in_flit = up->req_out_flit;
    in->rsp_in_valid = down->rsp_out_valid;
    in->rsp_in_hdr = down->rsp_out_hdr;
    memcpy(in->rsp_in_data, down->rsp_out_data, sizeof in->rsp_in_data);
    in->rsp_in_last = down->rsp_out_last;
}

void ccn_node_link_ready(ccn_node_in_t *in, const ccn_node_out_t *up,
                         const ccn_node_out_t *down)
{
    in->req_out_ready = down->req_in_ready;
    in->rsp_out_ready = up->rsp_in_ready;
}

#define GM_BLOCK ccn_node
#define GM_PORTS "ccn_node.ports"
#include "block_desc.h"
