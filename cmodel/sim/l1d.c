#include "l1d.h"

#include <stdio.h>
#include <string.h>

int gm_l1d_init(gm_l1d_t *l, uint32_t id, const gm_l1d_cfg_t *cfg, gm_ctx_t ctx,
                gm_fifo_t *answers, gm_icnt_ep_t net, const gm_route_t *route, gm_err_t *err)
{
    char path[32];
    memset(l, 0, sizeof *l);
    l->id = id;
    l->cfg = cfg;
    l->ctx = ctx;
    l->answers = answers;
    l->net = net;
    l->route = route;
    snprintf(path, sizeof path, "sm%u.l1d", id);
    if (gm_fifo_init(&l->resp, 8) || gm_fifo_init(&l->out, 8))
        return gm_errf(err, "%s: out of memory", path);
    /* At most one hit a cycle (the data port), each out after the latency. */
    gm_cache_params_t p = {.cfg = &cfg->c, .path = path, .data_port = 1, .makes_requests = 1,
                           .stamp = ctx.now, .route = route, .resp = &l->out,
                           .hit_cap = cfg->c.latency + 64};
    return gm_cache_init(&l->c, &p, ctx, err);
}

void gm_l1d_free(gm_l1d_t *l)
{
    gm_cache_free(&l->c);
    gm_fifo_free(&l->resp);
    gm_fifo_free(&l->out);
    gm_hooks_free((gm_hooks_t *)&l->hook, GM_HOOKS_IN(l->hook));
}

int gm_l1d_idle(const gm_l1d_t *l)
{
    return gm_fifo_empty(&l->resp) && gm_cache_idle(&l->c);
}

static void answer(gm_l1d_t *l, uint32_t what) { gm_fifo_push(l->answers, what); }

/* A prefetch asked of the plug-ins, as an access of the cache. */
static int prefetch(gm_l1d_t *l, gm_cache_acc_t *a)
{
    gm_pf_ev_t ev = {0};
    gm_hooks_call(&l->hook.prefetch, &ev);
    if (!ev.valid)
        return 0;
    memset(a, 0, sizeof *a);
    a->id = GM_NO_REQ;
    a->line = a->addr = a->iaddr = ev.line & ~(l->cfg->c.line - 1);
    a->bytes = l->cfg->c.line;
    a->prefetch = 1;
    a->sm = (uint16_t)l->id;
    a->inst = GM_ANS_SLOT;
    a->kernel = l->last_kernel;
    return 1;
}

void gm_l1d_cycle(gm_l1d_t *l, gm_l1d_port_t *p)
{
    gm_req_pool_t *pool = l->ctx.pool;
    uint64_t now = *l->ctx.now;

    for (uint32_t id; (id = gm_cache_hit_peek(&l->c, now)) != GM_NO_REQ;) {
        gm_cache_hit_pop(&l->c);
        answer(l, GM_ANS_DATA | gm_req(pool, id)->inst);
        gm_req_release(pool, id);
    }

    /* One reply from the crossbar: bypassed data and acks go straight to
     * the LSU; a fill needs the fill port. */
    uint32_t fill = GM_NO_REQ, freed = 0;
    if (!gm_fifo_empty(&l->resp)) {
        uint32_t id = gm_fifo_head(&l->resp);
        gm_req_t *r = gm_req(pool, id);
        if (r->bypass || r->kind == GM_REQ_WRITE) {
            gm_fifo_pop(&l->resp);
            uint32_t what = r->inst;
            if (r->kind == GM_REQ_WRITE && l->acks)
                what = GM_ANS_ACK | r->warp;
            if (r->bypass) {
                what |= GM_ANS_BYPASS;
                freed = 1;
            }
            if (r->kind == GM_REQ_READ)
                what |= GM_ANS_DATA;
            if (what & (GM_ANS_BYPASS | GM_ANS_DATA | GM_ANS_ACK))
                answer(l, what);
            gm_req_release(pool, id);
        } else if (now >= l->fill_free) {
            fill = id;
        }
    }

    gm_cache_acc_t a, *ap = NULL;
    int stolen = l->stolen;
    l->stolen = 0;
    if (p->valid && stolen) {
        p->outcome = GM_ACC_STALL; /* the data array is read for another SM */
        p->rf = 0;
    } else if (p->valid) {
        memset(&a, 0, sizeof a);
        a.id = GM_NO_REQ;
        a.line = a.iaddr = p->acc->line;
        a.addr = p->acc->addr;
        a.first = p->acc->first;
        a.last = p->acc->last;
        a.bytes = p->acc->bytes;
        a.write = p->write;
        a.sm = (uint16_t)l->id;
        a.warp = p->warp;
        a.pc = p->pc;
        a.inst = p->slot;
        a.stream = p->stream;
        a.kernel = l->last_kernel = p->kernel;
        /* The bypass path could take it now (the LSU's bypass()). */
        a.byp_ok = (p->byp_room == UINT32_MAX || p->byp_room + freed > 0) && p->net_ok;
        a.net_ok = p->net_ok;
        ap = &a;
    } else if (l->hook.prefetch.n && prefetch(l, &a)) {
        ap = &a;
    }
    gm_cache_res_t res;
    /* The counters this demand access moves are its kernel's (a fill and a
     * prefetch move none of these). */
    gm_kcache_t before = gm_kcache_now(&l->c.st);
    gm_cache_cycle(&l->c, ap, fill, &res);
    if (p->valid && !stolen && l->kst)
        gm_kcache_charge(&l->kst[p->kernel].l1d, &l->c.st, &before);
    if (p->valid && !stolen) {
        p->outcome = res.outcome;
        p->rf = res.rf;
        if (p->write && res.outcome == GM_ACC_DONE)
            answer(l, GM_ANS_DATA | p->slot); /* taken: the store is done; its ack frees it */
    }
    if (res.fill_taken) {
        gm_fifo_pop(&l->resp);
        l->fill_free = now + gm_cache_fill_cycles(&l->c);
    }
    while (!gm_fifo_empty(&l->out)) {
        uint32_t id = gm_fifo_pop(&l->out);
        if (!gm_req(pool, id)->prefetch)
            answer(l, GM_ANS_DATA | gm_req(pool, id)->inst);
        gm_req_release(pool, id);
    }
}

uint64_t gm_l1d_next(const gm_l1d_t *l)
{
    if (l->resp.n || l->out.n || l->stolen || l->hook.prefetch.n)
        return 0;
    return gm_cache_next(&l->c);
}

void gm_l1d_drain(gm_l1d_t *l)
{
    gm_fifo_t *mq = &l->c.missq;
    if (gm_fifo_empty(mq))
        return;
    if (l->hook.route.n) {
        gm_route_ev_t ev = {.req = gm_fifo_head(mq), .taken = 0};
        gm_hooks_call(&l->hook.route, &ev);
        if (ev.taken) {
            gm_fifo_pop(mq);
            return;
        }
    }
    if (!gm_icnt_ep_ready(&l->net))
        return;
    uint32_t id = gm_fifo_pop(mq);
    gm_req_t *r = gm_req(l->ctx.pool, id);
    r->t_sent = *l->ctx.now;
    gm_route(l->route, r);
    gm_icnt_ep_send(&l->net, r->bank, id, r->kind == GM_REQ_WRITE ? 8u + r->bytes : 8u);
}
