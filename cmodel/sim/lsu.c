#include "lsu.h"

#include <string.h>

#include "blocks/bpg.h"
#include "l1d.h"

static uint32_t popcount(uint32_t x) { return (uint32_t)__builtin_popcount(x); }

static void finish_inst(gm_gpu_t *g, gm_sm_t *sm, gm_slot_t *s)
{
    if (s->is_load) {
        sm->warp[s->warp].loads_out--;
        gm_warp_refresh(sm, s->warp);
        sm->st.loads_done++;
        sm->st.load_latency_sum += g->now - s->t_issue;
    }
    sm->milg_done_pending[s->stream]++;
    s->used = 0;
}

void gm_lsu_answer(gm_gpu_t *g, gm_sm_t *sm, uint32_t id)
{
    gm_slot_t *s = &sm->lsu.slot[gm_req(&g->pool, id)->inst];
    s->pending--;
    if (s->pending == 0 && s->all_sent)
        finish_inst(g, sm, s);
}

static int start_head(gm_gpu_t *g, gm_sm_t *sm)
{
    gm_lsu_t *L = &sm->lsu;
    uint32_t slot;
    for (slot = 0; slot < GM_INST_SLOTS && L->slot[slot].used; slot++)
        ;
    if (slot == GM_INST_SLOTS)
        return 0;
    const gm_inst_t *in = &L->latch_inst;
    gm_slot_t *s = &L->slot[slot];
    memset(s, 0, sizeof *s);
    s->used = 1;
    s->is_load = in->op == GM_OP_LOAD;
    s->stream = L->latch_stream;
    s->warp = L->latch_warp;
    s->cta = L->latch_cta;
    s->in_cta = L->latch_in_cta;
    s->t_issue = g->now;
    L->nacc = gm_coalesce(in, g->cfg.l1d.c.line, L->acc);
    L->next = 0;
    L->head = 1;
    L->head_slot = slot;
    L->head_write = in->op == GM_OP_STORE;
    L->head_hint = in->bypass_hint;
    if (sm->bpg.d) {
        /* The bypass decision for the instruction's warp/TB (seed-000
         * §10.8): combinational on the BPG's registers. */
        bpg_in_t *bi = sm->bpg.in;
        bi->q_wid = s->in_cta & 63u;
        bi->q_tb = s->cta & 15u;
        gm_blk_eval(&sm->bpg);
        L->head_hint |= (uint8_t)((const bpg_out_t *)sm->bpg.out)->route_bypass;
    }
    L->latch = 0;
    s->pending = L->nacc;
    sm->st.requests += L->nacc;
    sm->ev_req[s->stream] += L->nacc;
    if (L->nacc == 0) { /* no active lane: nothing to send */
        s->all_sent = 1;
        L->head = 0;
        finish_inst(g, sm, s);
    }
    return 1;
}

/* The bypass path: straight to the crossbar, bounded by bypass slots. */
static gm_l1d_outcome_t bypass(gm_gpu_t *g, gm_sm_t *sm, const gm_access_t *a, int *rf)
{
    gm_lsu_t *L = &sm->lsu;
    uint32_t slots = g->cfg.l1d.bypass_slots;
    if (slots && L->bp_inflight >= slots) {
        *rf = GM_RF_BYPASS;
        return GM_L1D_RF;
    }
    if (!gm_icnt_can_inject(&g->req_net, sm->id)) {
        sm->st.icnt_stalls++;
        return GM_L1D_STALL;
    }
    uint32_t id = gm_req_alloc(&g->pool);
    gm_req_t *r = gm_req(&g->pool, id);
    r->addr = a->line;
    r->kind = L->head_write ? GM_REQ_WRITE : GM_REQ_READ;
    r->bytes = (uint16_t)(L->head_write ? a->bytes : 32 * popcount(a->sectors));
    r->bypass = 1;
    r->sm = (uint16_t)sm->id;
    r->warp = sm->lsu.slot[L->head_slot].warp;
    r->inst = L->head_slot;
    r->stream = sm->lsu.slot[L->head_slot].stream;
    r->t_sent = g->now;
    gm_route(g, r);
    gm_icnt_inject(&g->req_net, sm->id, r->bank,
                   id, r->kind == GM_REQ_WRITE ? 8u + r->bytes : 8u);
    L->bp_inflight++;
    sm->st.bypassed++;
    if (L->head_write)
        gm_lsu_answer(g, sm, id); /* a store is done once sent; the ack frees it */
    return GM_L1D_DONE;
}

/* The BPG's cycle: the launch, the access accepted on either path (its L1D
 * set and block, its warp/TB), an L1D-path reservation fail, the G-BPG bus;
 * evaluated, the master's update broadcast, clocked. */
static void bpg_cycle(gm_gpu_t *g, gm_sm_t *sm, const gm_access_t *acc, int rf)
{
    bpg_in_t *bi = sm->bpg.in;
    const bpg_out_t *bo = sm->bpg.out;
    if (sm->bpg_launch) {
        bi->launch = 1;
        bi->n_active_tb = sm->bpg_ntb;
        bi->warps_per_tb = sm->bpg_wpt;
        sm->bpg_launch = 0;
    }
    if (acc) {
        const gm_slot_t *s = &sm->lsu.slot[sm->lsu.head_slot];
        bi->acc_valid = 1;
        bi->acc_set = gm_set_index(&sm->l1d.hash, acc->line);
        bi->acc_tag = acc->line / g->cfg.l1d.c.line;
        bi->acc_wid = s->in_cta & 63u;
        bi->acc_tb = s->cta & 15u;
    }
    bi->rf_pulse = (uint64_t)rf;
    if (((const bpg_t *)sm->bpg.st)->p.GLOBAL && g->bpg_bus.valid &&
        g->bpg_bus.cycle + 1 == g->now) {
        bi->g_in_valid = 1;
        bi->g_in_mode_tb = g->bpg_bus.mode_tb;
        bi->g_in_lmax = g->bpg_bus.lmax;
        bi->g_in_bypass_en = g->bpg_bus.bypass_en;
    }
    gm_blk_eval(&sm->bpg);
    if (bo->g_valid && g->cfg.bpg.global && sm->id == g->cfg.bpg.monitor_sm) {
        g->bpg_bus.cycle = g->now;
        g->bpg_bus.valid = 1;
        g->bpg_bus.mode_tb = (uint8_t)bo->g_mode_tb;
        g->bpg_bus.lmax = (uint8_t)bo->g_lmax;
        g->bpg_bus.bypass_en = (uint8_t)bo->g_bypass_en;
    }
    gm_blk_tick(&sm->bpg);
    memset(bi, 0, sizeof *bi);
}

void gm_lsu_cycle(gm_gpu_t *g, gm_sm_t *sm)
{
    gm_lsu_t *L = &sm->lsu;
    const gm_access_t *bpg_acc = NULL;
    int bpg_rf = 0;
    if (!L->head && L->latch)
        start_head(g, sm);

    gm_l1d_req_t rq, *rqp = NULL;
    gm_l1d_outcome_t out = GM_L1D_NONE;
    int rf = -1;
    if (L->head) {
        const gm_access_t *a = &L->acc[L->next];
        gm_slot_t *s = &L->slot[L->head_slot];
        if (L->head_hint) {
            out = bypass(g, sm, a, &rf);
        } else {
            rq.acc = a;
            rq.write = L->head_write;
            rq.warp = s->warp;
            rq.slot = L->head_slot;
            rq.stream = s->stream;
            rqp = &rq;
        }
    }
    gm_l1d_outcome_t l1 = gm_l1d_cycle(g, sm, rqp, &rf);
    if (rqp)
        out = l1 == GM_L1D_BYPASS ? bypass(g, sm, &L->acc[L->next], &rf) : l1;
    if (L->head && sm->bpg.d) {
        if (out == GM_L1D_DONE)
            bpg_acc = &L->acc[L->next];
        bpg_rf = out == GM_L1D_RF && rf != GM_RF_BYPASS;
    }
    if (sm->bpg.d)
        bpg_cycle(g, sm, bpg_acc, bpg_rf);
    if (!L->head)
        return;
    gm_slot_t *s = &L->slot[L->head_slot];
    switch (out) {
    case GM_L1D_DONE:
        if (++L->next == L->nacc) {
            L->head = 0;
            s->all_sent = 1;
            if (s->pending == 0)
                finish_inst(g, sm, s);
        }
        break;
    case GM_L1D_RF:
        sm->l1d.st.rf[rf]++;
        sm->st.lsu_stall_cycles++;
        /* DMIL and MDB count L1D-path reservation fails only (seed-000 §3.2). */
        if (rf != GM_RF_BYPASS)
            sm->ev_rf[s->stream] = 1;
        break;
    default:
        sm->st.lsu_stall_cycles++;
        break;
    }
}
