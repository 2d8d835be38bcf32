#include "l2.h"

#include <stdio.h>
#include <string.h>

int gm_l2_init(gm_l2bank_t *k, uint32_t id, const gm_l2_cfg_t *c, gm_ctx_t ctx,
               const uint64_t *stamp, const gm_route_t *route, gm_err_t *err)
{
    char path[32];
    memset(k, 0, sizeof *k);
    k->id = id;
    k->cfg = c;
    k->ctx = ctx;
    snprintf(path, sizeof path, "l2.bank%u", id);
    if (gm_delay_init(&k->rop, c->rop_latency + 16) || gm_fifo_init(&k->inq, c->queue) ||
        gm_fifo_init(&k->fills, 16) || gm_fifo_init(&k->replies, 16))
        return gm_errf(err, "%s: out of memory", path);
    gm_cache_params_t p = {.cfg = &c->c, .path = path, .index_paddr = 1, .stamp = stamp,
                           .route = route, .resp = &k->replies, .hit_cap = c->c.latency + 16,
                           .write_fetch = c->write_fetch};
    return gm_cache_init(&k->c, &p, ctx, err);
}

void gm_l2_free(gm_l2bank_t *k)
{
    gm_cache_free(&k->c);
    gm_delay_free(&k->rop);
    gm_fifo_free(&k->inq);
    gm_fifo_free(&k->fills);
    gm_fifo_free(&k->replies);
}

int gm_l2_idle(const gm_l2bank_t *k)
{
    return !k->rop.q.n && !k->inq.n && !k->fills.n && !k->replies.n && gm_cache_idle(&k->c);
}

int gm_l2_accept(gm_l2bank_t *k, uint32_t id)
{
    if (gm_delay_full(&k->rop) || (k->cfg->intake_gate && gm_fifo_full(&k->inq)))
        return 0;
    gm_delay_push(&k->rop, id, *k->ctx.now + k->cfg->rop_latency);
    return 1;
}

int gm_l2_wait(gm_l2bank_t *k)
{
    uint64_t now = *k->ctx.now;
    if (k->inq.n || k->fills.n || k->replies.n || k->input.offer ||
        gm_delay_peek(&k->rop, now) != GM_NO_REQ)
        return 0;
    return gm_cache_wait(&k->c);
}

uint64_t gm_l2_next(const gm_l2bank_t *k)
{
    if (k->inq.n || k->fills.n || k->replies.n || k->input.offer)
        return 0;
    uint64_t t = gm_cache_next(&k->c);
    if (k->rop.q.n && k->rop.ready[k->rop.q.head] < t)
        t = k->rop.ready[k->rop.q.head];
    return t;
}

void gm_l2_cycle(gm_l2bank_t *k)
{
    uint64_t now = *k->ctx.now;
    if (gm_delay_peek(&k->rop, now) != GM_NO_REQ && !gm_fifo_full(&k->inq))
        gm_fifo_push(&k->inq, gm_delay_pop(&k->rop));
    /* A hit leaves the MSHR's release its place (gm_cache_fwd_claim). */
    if (gm_cache_hit_peek(&k->c, now) != GM_NO_REQ &&
        gm_fifo_space(&k->replies) > (uint32_t)gm_cache_fwd_claim(&k->c))
        gm_fifo_push(&k->replies, gm_cache_hit_pop(&k->c));

    uint32_t head = k->input.offer ? k->input.offer(k->input.self, &k->inq)
                    : gm_fifo_empty(&k->inq) ? GM_NO_REQ
                                             : gm_fifo_head(&k->inq);
    /* GPGPU-Sim makes no access while its L2-to-icnt queue is full; the
     * hits in gmem's pipe are bound for that queue. A request waiting then
     * is a stall, as one the data port refuses. */
    int gated = k->cfg->reply_gate &&
                k->replies.n + k->c.hits.q.n >= k->cfg->reply_gate;
    gm_cache_acc_t a, *ap = NULL;
    if (head != GM_NO_REQ && gated)
        k->c.st.port_stalls++;
    else if (head != GM_NO_REQ) {
        const gm_req_t *r = gm_req(k->ctx.pool, head);
        memset(&a, 0, sizeof a);
        a.id = head;
        /* A sectored request names its sector: the tag and the set index
         * take its line. */
        uint32_t lmask = k->cfg->c.sector ? k->cfg->c.line - 1 : 0;
        a.line = r->addr & ~lmask;
        a.addr = r->addr;
        a.iaddr = r->paddr & ~lmask;
        a.first = a.last = 1;
        a.bytes = r->bytes;
        a.write = r->kind == GM_REQ_WRITE;
        a.kernel = r->kernel;
        ap = &a;
    }
    /* A fill waits for the fill port, which it holds for what it carries
     * (GPGPU-Sim's use_fill_port: its atom, the line or a sector). While
     * the data port is busy the cache refuses the request (a stall: an
     * input stage keeps it, as it keeps a refused one). */
    uint32_t fill = gm_fifo_empty(&k->fills) || now < k->fill_free ? GM_NO_REQ
                                                                   : gm_fifo_head(&k->fills);
    gm_cache_res_t res;
    /* What the request's access moves is its kernel's (a fill moves none of
     * these counters). */
    gm_kcache_t before = gm_kcache_now(&k->c.st);
    gm_cache_cycle(&k->c, ap, fill, &res);
    if (ap && k->kst)
        gm_kcache_charge(&k->kst[a.kernel].l2, &k->c.st, &before);
    int taken = res.outcome == GM_ACC_DONE;
    /* With an input stage, a refused request stays in it (seed-001 §2.9). */
    if (k->input.offer ? k->input.done(k->input.self, taken) : taken)
        gm_fifo_pop(&k->inq);
    if (res.outcome == GM_ACC_RF)
        k->c.st.rf[res.rf]++;
    else if (res.outcome == GM_ACC_STALL)
        k->c.st.port_stalls++;
    if (res.fill_taken) {
        gm_fifo_pop(&k->fills);
        k->fill_free = now + gm_cache_fill_cycles(&k->c);
    }
    gm_cache_end(&k->c);
}
