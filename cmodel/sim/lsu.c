#include "lsu.h"

#include <string.h>

#include "util/bits.h"

int gm_lsu_init(gm_lsu_t *L, uint32_t id, const gm_l1d_cfg_t *cfg, gm_ctx_t ctx, gm_fifo_t *done,
                gm_sm_events_t *ev, gm_icnt_ep_t net, const gm_route_t *route, gm_err_t *err)
{
    memset(L, 0, sizeof *L);
    L->id = id;
    L->cfg = cfg;
    L->ctx = ctx;
    L->done = done;
    L->ev = ev;
    L->net = net;
    L->route = route;
    if (gm_fifo_init(&L->answers, 16))
        return gm_errf(err, "sm%u.lsu: out of memory", id);
    return 0;
}

void gm_lsu_free(gm_lsu_t *L)
{
    gm_fifo_free(&L->answers);
    gm_hooks_free((gm_hooks_t *)&L->hook, GM_HOOKS_IN(L->hook));
}

unsigned gm_lsu_coalesce(const gm_l1d_cfg_t *cfg, const gm_inst_t *in,
                         gm_access_t out[GM_WARP_SIZE])
{
    /* a sectored L1D coalesces by sector, segments or not */
    if (cfg->segments && !cfg->c.sector)
        return gm_coalesce_segments(in, cfg->c.line, cfg->warp_parts, out);
    return gm_coalesce_parts(in, cfg->c.line, cfg->c.sector, cfg->warp_parts, out);
}

int gm_lsu_idle(const gm_lsu_t *L) { return !L->in.full && !L->head && !L->answers.n; }

int gm_lsu_quiet(const gm_lsu_t *L)
{
    if (L->answers.n || L->hook.access.n)
        return 0;
    return L->head ? L->xlat_wait : !L->in.full;
}

void gm_lsu_skip(gm_lsu_t *L, gm_l1d_port_t *p, uint64_t n)
{
    p->valid = 0;
    p->outcome = GM_ACC_NONE;
    L->rf = -1;
    L->out = L->head ? GM_ACC_STALL : GM_ACC_NONE;
    if (L->head)
        L->st.stall_cycles += n;
}

/* One of the warp's store counts goes (sm.store_acks); the last lets its
 * EXIT go. */
static void store_ack(gm_lsu_t *L, uint32_t warp)
{
    if (--L->warps[warp].stores_out == 0)
        gm_fifo_push(L->done, gm_ack_pack(warp));
}

static void finish_inst(gm_lsu_t *L, gm_slot_t *s)
{
    if (s->is_load) {
        L->st.loads_done++;
        L->st.load_latency_sum += *L->ctx.now - s->t_issue;
    }
    if (L->hook.done.n) {
        gm_lsu_done_ev_t ev = {s->warp, s->cta, s->is_load, *L->ctx.now - s->t_issue};
        gm_hooks_call(&L->hook.done, &ev);
    }
    gm_fifo_push(L->done, gm_done_pack(s->warp, s->stream, s->is_load));
    s->used = 0;
    if (L->warps && !s->is_load)
        store_ack(L, s->warp); /* split into requests: the instruction's count goes */
}

static void answered(gm_lsu_t *L, uint32_t slot)
{
    gm_slot_t *s = &L->slot[slot];
    s->pending--;
    if (s->pending == 0 && s->all_sent)
        finish_inst(L, s);
}

static void start_head(gm_lsu_t *L)
{
    uint32_t slot;
    for (slot = 0; slot < GM_INST_SLOTS && L->slot[slot].used; slot++)
        ;
    if (slot == GM_INST_SLOTS)
        return;
    const gm_mem_inst_t *mi = &L->in.mi;
    gm_slot_t *s = &L->slot[slot];
    memset(s, 0, sizeof *s);
    s->used = 1;
    s->is_load = mi->in.op == GM_OP_LOAD;
    s->stream = mi->stream;
    s->kernel = mi->kernel;
    s->warp = mi->warp;
    s->cta = mi->cta;
    s->in_cta = mi->in_cta;
    s->pc = mi->in.pc;
    s->t_issue = *L->ctx.now;
    L->nacc = gm_lsu_coalesce(L->cfg, &mi->in, L->acc);
    L->next = 0;
    L->head = 1;
    L->head_slot = slot;
    L->head_write = mi->in.op == GM_OP_STORE;
    L->head_hint = mi->in.bypass_hint || L->cfg->closed;
    if (L->hook.bypass.n) {
        gm_bypass_ev_t ev = {.mi = mi, .bypass = 0};
        gm_hooks_call(&L->hook.bypass, &ev);
        L->head_hint |= (uint8_t)(ev.bypass != 0);
    }
    L->in.full = 0;
    s->pending = L->nacc;
    L->st.requests += L->nacc;
    L->ev->req[s->stream] += L->nacc;
    if (L->nacc == 0) { /* no active lane: nothing to send */
        s->all_sent = 1;
        L->head = 0;
        finish_inst(L, s);
    }
}

/* The bypass path: straight to the crossbar, bounded by bypass slots. */
static gm_acc_outcome_t bypass(gm_lsu_t *L, const gm_access_t *a, int *rf)
{
    uint32_t slots = L->cfg->bypass_slots;
    if (slots && L->bp_inflight >= slots) {
        *rf = GM_RF_BYPASS;
        return GM_ACC_RF;
    }
    if (!gm_icnt_ep_ready(&L->net)) {
        L->st.icnt_stalls++;
        return GM_ACC_STALL;
    }
    const gm_slot_t *s = &L->slot[L->head_slot];
    uint32_t id = gm_req_alloc(L->ctx.pool);
    gm_req_t *r = gm_req(L->ctx.pool, id);
    r->addr = a->addr; /* the line, or with sectors the sector */
    r->kind = L->head_write ? GM_REQ_WRITE : GM_REQ_READ;
    r->bytes = (uint16_t)(L->head_write ? a->bytes : 32 * gm_popcount32(a->sectors));
    r->bypass = 1;
    r->sm = (uint16_t)L->id;
    r->warp = s->warp;
    r->inst = L->head_slot;
    r->stream = s->stream;
    r->kernel = s->kernel;
    r->t_sent = *L->ctx.now;
    gm_route(L->route, r);
    gm_icnt_ep_send(&L->net, r->bank, id, r->kind == GM_REQ_WRITE ? 8u + r->bytes : 8u);
    L->bp_inflight++;
    L->st.bypassed++;
    if (L->head_write)
        answered(L, L->head_slot); /* a store is done once sent; the ack frees it */
    return GM_ACC_DONE;
}

void gm_lsu_offer(gm_lsu_t *L, gm_l1d_port_t *p)
{
    uint32_t slots = L->cfg->bypass_slots;
    p->valid = 0;
    p->outcome = GM_ACC_NONE;
    L->out = GM_ACC_NONE;
    L->rf = -1;
    L->xlat_wait = 0;
    if (!L->head && L->in.full)
        start_head(L);
    if (!L->head)
        return;
    const gm_access_t *a = &L->acc[L->next];
    const gm_slot_t *s = &L->slot[L->head_slot];
    if (L->hook.xlat.n) {
        gm_xlat_ev_t xe = {.addr = a->addr, .write = L->head_write, .go = 1};
        gm_hooks_call(&L->hook.xlat, &xe);
        if (!xe.go) { /* not translated yet: nothing leaves, the head waits */
            L->out = GM_ACC_STALL;
            L->xlat_wait = 1;
            return;
        }
    }
    if (L->head_hint) {
        L->out = bypass(L, a, &L->rf);
        return;
    }
    p->byp_room = slots ? slots - L->bp_inflight : UINT32_MAX;
    p->net_ok = gm_icnt_ep_ready(&L->net);
    p->valid = 1;
    p->write = L->head_write;
    p->acc = a;
    p->warp = s->warp;
    p->pc = s->pc;
    p->slot = L->head_slot;
    p->stream = s->stream;
    p->kernel = s->kernel;
}

void gm_lsu_finish(gm_lsu_t *L, const gm_l1d_port_t *p)
{
    while (!gm_fifo_empty(&L->answers)) {
        uint32_t what = gm_fifo_pop(&L->answers);
        if (what & GM_ANS_BYPASS)
            L->bp_inflight--;
        if (what & GM_ANS_DATA)
            answered(L, what & GM_ANS_SLOT);
        if (what & GM_ANS_ACK)
            store_ack(L, what & GM_ANS_SLOT);
    }
    gm_acc_outcome_t out = L->out;
    int rf = L->rf;
    if (p->valid) {
        out = p->outcome;
        if (out == GM_ACC_RF)
            rf = p->rf;
        else if (out == GM_ACC_BYPASS)
            out = bypass(L, &L->acc[L->next], &rf);
    }
    if (L->hook.access.n) {
        gm_lsu_access_ev_t ev;
        memset(&ev, 0, sizeof ev);
        if (L->head) {
            const gm_slot_t *s = &L->slot[L->head_slot];
            ev.valid = out == GM_ACC_DONE;
            ev.line = L->acc[L->next].line;
            ev.warp = s->warp;
            ev.cta = s->cta;
            ev.in_cta = s->in_cta;
            ev.rf = out == GM_ACC_RF && rf != GM_RF_BYPASS;
        }
        gm_hooks_call(&L->hook.access, &ev);
    }
    if (!L->head)
        return;
    gm_slot_t *s = &L->slot[L->head_slot];
    switch (out) {
    case GM_ACC_DONE:
        if (L->warps && L->head_write)
            L->warps[s->warp].stores_out++; /* a request sent: its ack to come */
        if (++L->next == L->nacc) {
            L->head = 0;
            s->all_sent = 1;
            if (s->pending == 0)
                finish_inst(L, s);
        }
        break;
    case GM_ACC_RF:
        L->st.rf[rf]++;
        L->kst[s->kernel].l1d_rf++;
        L->st.stall_cycles++;
        /* DMIL and MDB count L1D-path reservation fails only (seed-000 §3.2). */
        if (rf != GM_RF_BYPASS)
            L->ev->rf[s->stream] = 1;
        break;
    default:
        L->st.stall_cycles++;
        break;
    }
}
