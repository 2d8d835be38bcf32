/* An L2 bank of a memory partition: the ROP delay from the crossbar, the
 * incoming queue, a write-back, write-allocate cache (allocate-on-miss) with
 * its MSHR block, the miss queue to the DRAM channel and the replies. One
 * request is looked up per L2 cycle. */
#include <stdlib.h>
#include <string.h>

#include "blocks/cart.h"
#include "blocks/set_hash.h"
#include "gpu.h"
#include "mshr_port.h"

/* A bank with nothing queued anywhere and a quiet MSHR: its cycle would
 * change nothing (see gm_sm_idle). */
int gm_l2_idle(const gm_gpu_t *g, uint32_t b)
{
    const gm_l2bank_t *k = &g->bank[b];
    return !k->rop.q.n && !k->inq.n && !k->fills.n && !k->hits.q.n && !k->replies.n &&
           !k->missq.n && !k->primaries.n && !g->req_net.out[b].q.n &&
           !((const set_hash_t *)k->hash.st)->valid && gm_mshr_port_quiet(&k->mshr) &&
           (!k->cart.d || !((const cart_t *)k->cart.st)->occ);
}

/* ceil(log2(x)); called per access, so without a loop. */
static uint32_t log2u(uint32_t x) { return x <= 1 ? 0 : 32u - (uint32_t)__builtin_clz(x - 1); }

int gm_l2_init(gm_gpu_t *g, uint32_t b, gm_err_t *err)
{
    const gm_l2_cfg_t *c = &g->cfg.l2;
    gm_l2bank_t *k = &g->bank[b];
    char path[48];
    memset(k, 0, sizeof *k);
    if (gm_delay_init(&k->rop, c->rop_latency + 16) || gm_fifo_init(&k->inq, c->queue) ||
        gm_tags_init(&k->tags, c->c.sets, c->c.ways) ||
        gm_fifo_init(&k->primaries, c->c.mshr_entries * c->c.mshr_merge + 8) ||
        gm_fifo_init(&k->missq, c->c.missq) || gm_fifo_init(&k->fills, 16) ||
        gm_delay_init(&k->hits, c->c.latency + 16) || gm_fifo_init(&k->replies, 16))
        return gm_errf(err, "l2.bank%u: out of memory", b);
    snprintf(path, sizeof path, "l2.bank%u.set_hash", b);
    if (gm_hash_init(&k->hash, &c->c, path, g->hooks, err))
        return -1;
    snprintf(path, sizeof path, "l2.bank%u.%s", b, c->c.mshr == GM_MSHR_DL ? "dlmshr" : "mshr");
    if (gm_mshr_port_init(&k->mshr, &c->c, path, g->hooks, err))
        return -1;
    if (!c->cart.enable)
        return 0;
    if (g->cfg.dram.banks > CART_MAX_B)
        return gm_errf(err, "l2.cart: a branch per DRAM bank needs dram.banks <= %u, not %u",
                       CART_MAX_B, g->cfg.dram.banks);
    cart_params_t cp;
    memset(&cp, 0, sizeof cp);
    cp.NB = g->cfg.dram.banks;
    cp.NR = c->cart.rows;
    cp.NC = c->cart.cols;
    cp.DEPTH = c->cart.depth;
    snprintf(path, sizeof path, "l2.bank%u.cart", b);
    return gm_blk_init(&k->cart, &cart_desc, &cp, path, g->hooks, err);
}

void gm_l2_free(gm_l2bank_t *k)
{
    gm_delay_free(&k->rop);
    gm_fifo_free(&k->inq);
    gm_tags_free(&k->tags);
    gm_fifo_free(&k->primaries);
    gm_fifo_free(&k->missq);
    gm_fifo_free(&k->fills);
    gm_delay_free(&k->hits);
    gm_fifo_free(&k->replies);
    if (k->hash.d)
        gm_blk_free(&k->hash);
    if (k->mshr.d)
        gm_blk_free(&k->mshr);
    if (k->cart.d)
        gm_blk_free(&k->cart);
}

static uint32_t missq_free(const gm_l2bank_t *k)
{
    return gm_fifo_space(&k->missq) - k->missq_reserved;
}

/* A dirty victim leaves for DRAM as a write-back request. */
static void write_back(gm_gpu_t *g, gm_l2bank_t *k, const gm_line_t *v)
{
    uint32_t id = gm_req_alloc(&g->pool);
    gm_req_t *r = gm_req(&g->pool, id);
    r->addr = v->addr;
    r->kind = GM_REQ_WRITEBACK;
    r->bytes = (uint16_t)g->cfg.l2.c.line;
    gm_route(g, r);
    gm_fifo_push(&k->missq, id);
    k->st.writebacks++;
}

typedef enum { L2_NONE, L2_DONE, L2_RF, L2_STALL, L2_MSHR } l2_step_t;

static l2_step_t write_access(gm_gpu_t *g, gm_l2bank_t *k, uint32_t id, int *rf)
{
    gm_req_t *r = gm_req(&g->pool, id);
    uint32_t set = gm_set_index(&k->hash, r->paddr);
    gm_line_t *s = gm_tags_set(&k->tags, set);
    int way = gm_tags_find(&k->tags, set, r->addr);
    if (gm_fifo_full(&k->replies))
        return L2_STALL;
    if (way >= 0 && s[way].state == GM_LINE_RESERVED)
        return L2_STALL; /* a read miss to the line is pending: wait for its fill */
    if (way < 0) {
        way = gm_tags_victim(&k->tags, set, 1);
        if (way < 0) {
            *rf = GM_RF_LINE;
            return L2_RF;
        }
        if (s[way].state == GM_LINE_VALID && s[way].dirty) {
            if (missq_free(k) < 1) {
                *rf = GM_RF_MISSQ;
                return L2_RF;
            }
            write_back(g, k, &s[way]);
        }
        if (s[way].state == GM_LINE_VALID)
            k->st.evictions++;
        /* Write-allocate without a fetch: the model tracks lines, not bytes. */
        s[way].addr = r->addr;
        s[way].state = GM_LINE_VALID;
        k->st.misses++;
    } else {
        k->st.hits++;
    }
    s[way].dirty = 1;
    s[way].stamp = g->now;
    k->st.accesses++;
    k->st.writes++;
    gm_fifo_push(&k->replies, id); /* the ack */
    return L2_DONE;
}

static l2_step_t read_access(gm_gpu_t *g, gm_l2bank_t *k, uint32_t id, int *rf,
                             gm_mshr_io_t *io, uint32_t *set_out, int *victim)
{
    const gm_cache_cfg_t *c = &g->cfg.l2.c;
    gm_req_t *r = gm_req(&g->pool, id);
    uint32_t set = gm_set_index(&k->hash, r->paddr);
    gm_line_t *s = gm_tags_set(&k->tags, set);
    int way = gm_tags_find(&k->tags, set, r->addr);
    *set_out = set;
    *victim = -1;
    if (way >= 0 && s[way].state == GM_LINE_VALID) {
        if (gm_delay_full(&k->hits))
            return L2_STALL;
        s[way].stamp = g->now;
        k->st.accesses++;
        k->st.reads++;
        k->st.hits++;
        gm_delay_push(&k->hits, id, g->clk.cycles[GM_CLK_L2] + c->latency);
        return L2_DONE;
    }
    if (way < 0) {
        *victim = gm_tags_victim(&k->tags, set, 1);
        if (*victim < 0) {
            *rf = GM_RF_LINE;
            return L2_RF;
        }
    }
    if (missq_free(k) < 2) {
        *rf = GM_RF_MISSQ;
        return L2_RF;
    }
    io->req = 1;
    io->req_blk = r->addr >> log2u(c->line);
    io->req_info = id;
    return L2_MSHR;
}

void gm_l2_cycle(gm_gpu_t *g, uint32_t b)
{
    gm_l2bank_t *k = &g->bank[b];
    const gm_cache_cfg_t *c = &g->cfg.l2.c;
    uint64_t now = g->clk.cycles[GM_CLK_L2];
    uint64_t inow = g->clk.cycles[GM_CLK_ICNT];

    if (gm_icnt_peek(&g->req_net, b, inow) != UINT32_MAX && !gm_delay_full(&k->rop))
        gm_delay_push(&k->rop, gm_icnt_pop(&g->req_net, b), now + g->cfg.l2.rop_latency);
    if (gm_delay_peek(&k->rop, now) != UINT32_MAX && !gm_fifo_full(&k->inq))
        gm_fifo_push(&k->inq, gm_delay_pop(&k->rop));
    if (gm_delay_peek(&k->hits, now) != UINT32_MAX && !gm_fifo_full(&k->replies))
        gm_fifo_push(&k->replies, gm_delay_pop(&k->hits));

    gm_mshr_io_t io;
    memset(&io, 0, sizeof io);
    if (!gm_fifo_empty(&k->fills)) {
        io.fill = 1;
        io.fill_blk = gm_req(&g->pool, gm_fifo_head(&k->fills))->addr >> log2u(c->line);
    }
    l2_step_t step = L2_NONE;
    int rf = -1, victim = -1;
    uint32_t set = 0, head = UINT32_MAX;
    cart_in_t *ci = k->cart.d ? k->cart.in : NULL;
    const cart_out_t *co = k->cart.d ? k->cart.out : NULL;
    if (ci) {
        /* The head of the incoming queue fills the tree; the tree offers
         * the request the L2 looks up (seed-001 §2.8). Bank, row and the
         * line's column come from the DRAM controller's address map. */
        memset(ci, 0, sizeof *ci);
        if (!gm_fifo_empty(&k->inq)) {
            const gm_req_t *q = gm_req(&g->pool, gm_fifo_head(&k->inq));
            uint32_t line = q->paddr & ~(c->line - 1);
            ci->in_valid = 1;
            ci->in_bank = gm_addr_bank(&g->amap, line);
            ci->in_row = gm_addr_row(&g->amap, line);
            ci->in_col = gm_addr_col(&g->amap, line);
            ci->in_payload = gm_fifo_head(&k->inq);
        }
        gm_blk_eval(&k->cart);
        if (co->out_valid)
            head = (uint32_t)co->out_payload;
    } else if (!gm_fifo_empty(&k->inq)) {
        head = gm_fifo_head(&k->inq);
    }
    if (head != UINT32_MAX) {
        if (gm_req(&g->pool, head)->kind == GM_REQ_WRITE)
            step = write_access(g, k, head, &rf);
        else
            step = read_access(g, k, head, &rf, &io, &set, &victim);
    }
    io.fwd_ready = !gm_fifo_full(&k->replies);
    gm_mshr_port_cycle(&k->mshr, &io);

    if (step == L2_MSHR) {
        if (io.busy) {
            step = L2_STALL;
        } else if (io.accept) {
            gm_req_t *r = gm_req(&g->pool, head);
            k->st.accesses++;
            k->st.reads++;
            if (io.primary) {
                k->st.misses++;
                k->missq_reserved++;
                gm_fifo_push(&k->primaries, head);
                if (victim >= 0) {
                    gm_line_t *v = &gm_tags_set(&k->tags, set)[victim];
                    if (v->state == GM_LINE_VALID) {
                        k->st.evictions++;
                        if (v->dirty)
                            write_back(g, k, v);
                    }
                    v->addr = r->addr;
                    v->state = GM_LINE_RESERVED;
                    v->dirty = 0;
                    v->stamp = g->now;
                }
            } else {
                k->st.merges++;
            }
            step = L2_DONE;
        } else {
            rf = GM_RF_MSHR;
            step = L2_RF;
        }
    }
    if (ci) {
        /* The L2 took the offered request or refused it (it stays in its
         * leaf queue, §2.9); the outputs do not depend on out_ready. */
        ci->out_ready = step == L2_DONE;
        if (ci->out_ready)
            gm_blk_eval(&k->cart);
        if (co->in_ready)
            gm_fifo_pop(&k->inq);
        gm_blk_tick(&k->cart);
    } else if (step == L2_DONE) {
        gm_fifo_pop(&k->inq);
    }
    if (step == L2_RF)
        k->st.rf[rf]++;
    else if (step == L2_STALL)
        k->st.port_stalls++;

    if (io.issue) {
        gm_fifo_push(&k->missq, gm_fifo_pop(&k->primaries));
        k->missq_reserved--;
    }
    if (io.fill) {
        uint32_t id = gm_fifo_pop(&k->fills);
        gm_req_t *r = gm_req(&g->pool, id);
        uint32_t fs = gm_set_index(&k->hash, r->paddr);
        int way = gm_tags_find(&k->tags, fs, r->addr);
        if (way >= 0) {
            gm_line_t *l = &gm_tags_set(&k->tags, fs)[way];
            l->state = GM_LINE_VALID;
            l->stamp = g->now;
        }
        k->st.fills++;
    }
    if (io.fwd)
        gm_fifo_push(&k->replies, io.fwd_info);

    gm_blk_tick(&k->hash);
    ((set_hash_in_t *)k->hash.in)->in_valid = 0;
    if (!gm_fifo_empty(&k->replies)) {
        gm_req_t *r = gm_req(&g->pool, gm_fifo_head(&k->replies));
        if (gm_icnt_can_inject(&g->reply_net, b)) {
            uint32_t id = gm_fifo_pop(&k->replies);
            gm_icnt_inject(&g->reply_net, b, r->sm, id,
                           r->kind == GM_REQ_READ ? 8u + r->bytes : 8u);
        }
    }
}
