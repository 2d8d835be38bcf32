#include "capture_ctrl.h"

#include <string.h>

#define PAGES_MAX ((1u << 28) - 1)
#define VPN_MASK ((UINT64_C(1) << 36) - 1)

int capture_ctrl_init(capture_ctrl_t *m, const capture_ctrl_params_t *p, gm_err_t *err)
{
    cap_gran_params_t g = {.NALLOC = p->NALLOC, .OS_CLEAR = p->OS_CLEAR};
    ture_sampler_params_t s = {.NSAMP = p->NSAMP, .SAMP_D = p->SAMP_D, .SAMP_S = p->SAMP_S};
    ture_lease_params_t l = {.NGRP = p->NALLOC, .LEASE_INIT = p->LEASE_INIT,
                             .ALPHA_SH = p->ALPHA_SH};
    ture_coal_params_t c = {.NCOAL = p->NCOAL, .SCAN = p->SCAN, .BATCH = p->BATCH};
    memset(m, 0, sizeof *m);
    m->p = *p;
    if (cap_gran_init(&m->gran, &g, err) || ture_sampler_init(&m->samp, &s, err) ||
        ture_lease_init(&m->lease, &l, err) || ture_coal_init(&m->coal, &c, err))
        return -1;
    capture_ctrl_reset(m);
    return 0;
}

void capture_ctrl_reset(capture_ctrl_t *m)
{
    cap_gran_reset(&m->gran);
    ture_sampler_reset(&m->samp);
    ture_lease_reset(&m->lease);
    ture_coal_reset(&m->coal);
    m->fsm = CC_IDLE;
    m->p1_v = m->p1_aid = m->p1_kill = m->fw_v = m->r_aid = 0;
    m->os_busy = m->os_short = m->evpend = 0;
    m->fw_data = m->r_bits = 0;
    m->p1_vpn = m->fw_vpn = m->r_vpn = 0;
    m->pend = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

/* The parts' inputs and outputs of one cycle, and the top's own wires. */
typedef struct wires {
    cap_gran_in_t gi;
    cap_gran_out_t go;
    ture_sampler_in_t si;
    ture_sampler_out_t so;
    ture_lease_in_t li;
    ture_lease_out_t lo;
    ture_coal_in_t ci;
    ture_coal_out_t co;
    int hold;     /* cap_gran offers a run that does not fit yet */
    int more;     /* ... and the top asks for another batch */
    int os_hs, ev_hs, mig_hs, take;
    unsigned lt;  /* the answered read's lifetime, forwarded */
    int p1_stop;  /* the answered read sends the pipeline to INS or REC */
    int wr_v;
    uint64_t wr_vpn;
    unsigned wr_data;
} wires_t;

static uint32_t floor_sub(uint32_t a, uint32_t b) { return a > b ? a - b : 0; }

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint64_t s = (uint64_t)a + b;
    return s > PAGES_MAX ? PAGES_MAX : (uint32_t)s;
}

static unsigned low_bit(unsigned bits)
{
    unsigned i = 0;
    while (i < 15 && !(bits >> i & 1))
        i++;
    return i;
}

static uint32_t grn_of(uint64_t vpn) { return (uint32_t)(vpn >> 4); }

/* Settles the combinational paths in dependency order (eval is pure, so a
 * part evaluated again with more inputs known has no side effects).
 * cap_gran's and ture_coal's outputs do not depend on the readies fed back
 * to them, nor the sampler's acc_ready on its acc_valid. */
static void settle(const capture_ctrl_t *m, const capture_ctrl_in_t *in, wires_t *w)
{
    memset(w, 0, sizeof *w);
    w->gi = (cap_gran_in_t){.cfg_cap_pages = in->cfg_cap_pages, .alloc_we = in->alloc_we,
                            .alloc_free = in->alloc_free, .alloc_id = in->alloc_id,
                            .alloc_base_vpn = in->alloc_base_vpn, .alloc_pages = in->alloc_pages,
                            .kernel_launch = in->kernel_launch, .ff_valid = in->ff_valid,
                            .ff_vpn = in->ff_vpn, .ff_aid = in->ff_aid, .ptw_ready = in->ptw_ready,
                            .ptw_rsp_valid = in->ptw_rsp_valid, .ptw_present = in->ptw_present,
                            .mig_done = in->mig_done, .mig_done_ngrn = in->mig_done_ngrn,
                            .ev_done = in->ev_done};
    cap_gran_eval(&m->gran, &w->gi, &w->go);

    uint64_t used = (uint64_t)w->go.st_resident_pages + m->pend;
    uint64_t avail = in->cfg_cap_pages > used ? in->cfg_cap_pages - used : 0;
    w->hold = w->go.mig_valid && !m->os_short && avail < 16u * w->go.mig_ngrn;
    w->more = w->hold && !m->os_busy && m->evpend == 0;

    w->ci = (ture_coal_in_t){.ins_valid = m->fsm == CC_INS, .ins_vpn = m->r_vpn,
                             .rec_valid = m->fsm == CC_REC, .rec_grn = grn_of(m->r_vpn),
                             .os_valid = w->go.evreq_valid || w->more, .ev_ready = in->ev_ready,
                             .lru_rsp_valid = in->lru_rsp_valid, .lru_rsp_grn = in->lru_rsp_grn,
                             .lru_rsp_none = in->lru_rsp_none};
    ture_coal_eval(&m->coal, &w->ci, &w->co);
    w->gi.evreq_ready = w->co.os_ready;
    w->gi.mig_ready = in->mig_ready && !w->hold;
    w->os_hs = w->ci.os_valid && w->co.os_ready;
    w->ev_hs = w->co.ev_valid && in->ev_ready;
    w->mig_hs = w->go.mig_valid && !w->hold && in->mig_ready;

    w->lt = m->fw_v && m->fw_vpn == m->p1_vpn ? m->fw_data : (unsigned)in->lt_rd_data;
    w->p1_stop = m->p1_v && w->lt <= 1;

    w->si = (ture_sampler_in_t){.acc_vpn = in->acc_vpn, .acc_aid = in->acc_aid};
    ture_sampler_eval(&m->samp, &w->si, &w->so);
    int ready = m->fsm == CC_IDLE && !w->p1_stop && w->so.acc_ready;
    w->take = in->acc_valid && ready;
    w->si.acc_valid = w->take;
    ture_sampler_eval(&m->samp, &w->si, &w->so);

    w->li = (ture_lease_in_t){.ho_valid = w->so.ho_valid, .ho_end = w->so.ho_end,
                              .ho_aid = w->so.ho_aid, .ho_cnt = w->so.ho_cnt,
                              .ho_div = w->so.ho_div,
                              .lrst_valid = in->kernel_launch || in->alloc_we || in->alloc_free,
                              .lrst_all = in->kernel_launch, .lrst_aid = in->alloc_id,
                              .st_lease_aid = in->st_lease_aid, .q_aid = in->q_aid,
                              .r_aid = m->r_aid};
    ture_lease_eval(&m->lease, &w->li, &w->lo);
    w->si.ho_ready = w->lo.ho_ready;
    ture_sampler_eval(&m->samp, &w->si, &w->so);

    if (m->fsm == CC_IDLE && m->p1_v && w->lt >= 1) {
        w->wr_v = 1;
        w->wr_vpn = m->p1_vpn;
        w->wr_data = w->lt - 1;
    } else if (m->fsm == CC_RWR) {
        w->wr_v = 1;
        w->wr_vpn = (m->r_vpn & ~(uint64_t)15) | low_bit(m->r_bits);
        w->wr_data = (unsigned)w->lo.r_recall;
    }
}

void capture_ctrl_eval(const capture_ctrl_t *m, const capture_ctrl_in_t *in,
                       capture_ctrl_out_t *out)
{
    wires_t w;
    settle(m, in, &w);
    memset(out, 0, sizeof *out);
    out->ff_ready = w.go.ff_ready;
    out->ff_done = w.go.ff_done;
    out->ptw_valid = w.go.ptw_valid;
    out->ptw_vpn = w.go.ptw_vpn;
    out->mig_valid = w.go.mig_valid && !w.hold;
    out->mig_grn = w.go.mig_grn;
    out->mig_ngrn = w.go.mig_ngrn;
    out->mig_demand = w.go.mig_demand;
    out->acc_ready = m->fsm == CC_IDLE && !w.p1_stop && w.so.acc_ready;
    out->lt_rd_valid = w.take && in->acc_res;
    out->lt_rd_vpn = out->lt_rd_valid ? in->acc_vpn : 0;
    out->lt_wr_valid = (uint64_t)w.wr_v;
    out->lt_wr_vpn = w.wr_vpn;
    out->lt_wr_data = w.wr_data;
    out->ev_valid = w.co.ev_valid;
    out->ev_grn = w.co.ev_grn;
    out->ev_reason = w.co.ev_reason;
    out->lru_req_valid = w.co.lru_req_valid;
    out->st_oversub = w.go.st_oversub;
    out->st_resident_pages = w.go.st_resident_pages;
    out->st_gcode = w.go.st_gcode;
    out->st_lease = w.lo.st_lease;
    out->st_samp_active = w.so.st_samp_active;
    out->q_life = w.lo.q_life;
    out->st_occ = w.co.st_occ;
}

/* The access pipeline's FSM at the edge. */
static void pipe_tick(capture_ctrl_t *m, const capture_ctrl_in_t *in, const wires_t *w)
{
    int ev_p1 = w->ev_hs && w->co.ev_grn == grn_of(m->p1_vpn);
    int ev_r = w->ev_hs && w->co.ev_grn == grn_of(m->r_vpn);
    switch (m->fsm) {
    case CC_IDLE:
        if (!m->p1_v)
            break;
        if (w->lt == 1) {
            m->ctr.expiries++;
            if (m->p1_kill || ev_p1) {
                m->ctr.inserts_dropped++;
            } else {
                m->fsm = CC_INS;
                m->r_vpn = m->p1_vpn;
                m->r_aid = m->p1_aid;
            }
        } else if (w->lt == 0) {
            m->ctr.recalls++;
            m->fsm = CC_REC;
            m->r_vpn = m->p1_vpn;
            m->r_aid = m->p1_aid;
        }
        break;
    case CC_INS:
        if (w->co.ins_ready) {
            m->fsm = CC_IDLE;
        } else if (ev_r) {
            m->ctr.inserts_dropped++;
            m->fsm = CC_IDLE;
        }
        break;
    case CC_REC:
        if (w->co.rec_ready)
            m->fsm = CC_RWAIT;
        break;
    case CC_RWAIT:
        if (w->co.rec_done) {
            if (w->co.rec_hit && w->co.rec_bits) {
                m->ctr.recall_hits++;
                m->r_bits = (uint16_t)w->co.rec_bits;
                m->fsm = CC_RWR;
            } else {
                m->fsm = CC_IDLE;
            }
        }
        break;
    default: /* CC_RWR */
        m->ctr.recall_writes++;
        m->r_bits &= (uint16_t)(m->r_bits - 1u);
        if (!m->r_bits)
            m->fsm = CC_IDLE;
        break;
    }
    (void)in;
}

void capture_ctrl_tick(capture_ctrl_t *m, const capture_ctrl_in_t *in)
{
    wires_t w;
    settle(m, in, &w);
    m->ctr.accesses += (uint64_t)w.take;
    m->ctr.lt_reads += (uint64_t)(w.take && in->acc_res);
    m->ctr.decrements += (uint64_t)(m->fsm == CC_IDLE && m->p1_v && w.lt >= 1);
    m->ctr.forwards += (uint64_t)(m->p1_v && m->fw_v && m->fw_vpn == m->p1_vpn);
    m->ctr.extra_batches += (uint64_t)(w.os_hs && !w.go.evreq_valid);
    m->ctr.mig_hold_cycles += (uint64_t)w.hold;
    m->ctr.acc_stall_cycles += (uint64_t)(in->acc_valid && !w.take);
    m->ctr.faults += (uint64_t)(in->ff_valid && w.go.ff_ready);
    m->ctr.migrations += (uint64_t)w.mig_hs;
    m->ctr.granules_migrated += w.mig_hs ? w.go.mig_ngrn : 0;
    m->ctr.evict_table_full += (uint64_t)(w.ev_hs && w.co.ev_reason == TC_TABLE_FULL);
    m->ctr.evict_oversub += (uint64_t)(w.ev_hs && w.co.ev_reason == TC_OVERSUB);
    m->ctr.evict_fallback += (uint64_t)(w.ev_hs && w.co.ev_reason == TC_FALLBACK);
    m->ctr.leases_written += (uint64_t)w.lo.upd_valid;

    pipe_tick(m, in, &w);
    int load = w.take && in->acc_res;
    m->p1_kill = (uint8_t)(load && w.ev_hs && w.co.ev_grn == grn_of(in->acc_vpn));
    m->p1_v = (uint8_t)load;
    if (w.take) {
        m->p1_vpn = in->acc_vpn & VPN_MASK;
        m->p1_aid = (uint8_t)in->acc_aid;
    }
    m->fw_v = (uint8_t)w.wr_v;
    if (w.wr_v) {
        m->fw_vpn = w.wr_vpn;
        m->fw_data = (uint16_t)w.wr_data;
    }

    uint32_t done = in->mig_done ? 16u * (uint32_t)in->mig_done_ngrn : 0;
    m->pend = floor_sub(sat_add(m->pend, w.mig_hs ? 16u * (uint32_t)w.go.mig_ngrn : 0), done);
    unsigned e = m->evpend + (unsigned)w.ev_hs;
    if (e > 255)
        e = 255;
    if (in->ev_done && e)
        e--;
    m->evpend = (uint8_t)e;
    m->os_busy = (uint8_t)(w.os_hs || (m->os_busy && !w.co.rec_ready));
    if (w.mig_hs)
        m->os_short = 0;
    else if (w.co.lru_req_valid && in->lru_rsp_valid && in->lru_rsp_none)
        m->os_short = 1;
    else if (w.os_hs)
        m->os_short = 0;

    cap_gran_tick(&m->gran, &w.gi);
    ture_sampler_tick(&m->samp, &w.si);
    ture_lease_tick(&m->lease, &w.li);
    ture_coal_tick(&m->coal, &w.ci);
}

void capture_ctrl_counters(const capture_ctrl_t *m, capture_ctrl_counters_t *c) { *c = m->ctr; }

/* The sampler's window timer counts every cycle. */
int capture_ctrl_idle(const capture_ctrl_t *m) { (void)m; return 0; }

#define GM_BLOCK capture_ctrl
#define GM_PORTS "capture_ctrl.ports"
#include "block_desc.h"
