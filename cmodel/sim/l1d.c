#include "l1d.h"

#include <stdlib.h>
#include <string.h>

#include "blocks/set_hash.h"
#include "lsu.h"
#include "blocks/dts.h"
#include "mshr_port.h"

/* ceil(log2(x)); called per access, so without a loop. */
static uint32_t log2u(uint32_t x) { return x <= 1 ? 0 : 32u - (uint32_t)__builtin_clz(x - 1); }

uint32_t gm_set_index(gm_blk_t *hash, uint32_t addr)
{
    set_hash_in_t *in = hash->in;
    in->addr = addr;
    in->in_valid = 1;
    gm_blk_eval(hash);
    return (uint32_t)((const set_hash_out_t *)hash->out)->set_idx;
}

/* The set_hash parameters of a cache: index bits of the line address. */
int gm_hash_init(gm_blk_t *b, const gm_cache_cfg_t *c, const char *path,
                 const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    set_hash_params_t p;
    memset(&p, 0, sizeof p);
    p.LB = log2u(c->line);
    p.SB = log2u(c->sets);
    p.XOR_SHIFT = c->xor_shift;
    if (gm_blk_init(b, &set_hash_desc, &p, path, hooks, err))
        return -1;
    ((set_hash_in_t *)b->in)->func_sel = (uint64_t)c->set_func;
    return 0;
}

int gm_l1d_init(gm_gpu_t *g, gm_sm_t *sm, gm_err_t *err)
{
    const gm_cache_cfg_t *c = &g->cfg.l1d.c;
    gm_l1d_t *l = &sm->l1d;
    char path[48];
    memset(l, 0, sizeof *l);
    if (gm_tags_init(&l->tags, c->sets, c->ways) || gm_fifo_init(&l->missq, c->missq) ||
        gm_fifo_init(&l->primaries, c->mshr_entries * c->mshr_merge + 8) ||
        gm_delay_init(&l->hits, 64))
        return gm_errf(err, "sm%u.l1d: out of memory", sm->id);
    snprintf(path, sizeof path, "sm%u.l1d.set_hash", sm->id);
    if (gm_hash_init(&l->hash, c, path, g->hooks, err))
        return -1;
    snprintf(path, sizeof path, "sm%u.l1d.%s", sm->id,
             c->mshr == GM_MSHR_DL ? "dlmshr" : "mshr");
    if (gm_mshr_port_init(&l->mshr, c, path, g->hooks, err))
        return -1;
    if (!g->cfg.dts.enable)
        return 0;
    if (c->line != 1u << DTS_LB || c->sets > DTS_MAX_SETS || (c->sets & (c->sets - 1)) ||
        c->ways > DTS_MAX_DW || g->cfg.dts.tag_ways <= c->ways)
        return gm_errf(err, "dts: needs a 128 B-line L1D of at most %u sets (a power of two) "
                            "and %u ways, and more tag ways (%u) than ways (l1d.c: %u x %u)",
                       DTS_MAX_SETS, DTS_MAX_DW, g->cfg.dts.tag_ways, c->sets, c->ways);
    dts_params_t p = {.SETS = c->sets, .TW = g->cfg.dts.tag_ways, .DW = c->ways,
                      .T = g->cfg.dts.threshold};
    snprintf(path, sizeof path, "sm%u.l1d.dts", sm->id);
    return gm_blk_init(&l->dts, &dts_desc, &p, path, g->hooks, err);
}

void gm_l1d_free(gm_l1d_t *l)
{
    gm_tags_free(&l->tags);
    gm_fifo_free(&l->missq);
    gm_fifo_free(&l->primaries);
    gm_delay_free(&l->hits);
    if (l->hash.d)
        gm_blk_free(&l->hash);
    if (l->mshr.d)
        gm_blk_free(&l->mshr);
    if (l->dts.d)
        gm_blk_free(&l->dts);
}

static uint32_t missq_free(const gm_l1d_t *l)
{
    return gm_fifo_space(&l->missq) - l->missq_reserved;
}

static uint32_t new_request(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int kind,
                            uint32_t bytes)
{
    uint32_t id = gm_req_alloc(&g->pool);
    gm_req_t *r = gm_req(&g->pool, id);
    r->addr = rq->acc->line;
    r->kind = (uint8_t)kind;
    r->bytes = (uint16_t)bytes;
    r->sm = (uint16_t)sm->id;
    r->warp = rq->warp;
    r->inst = rq->slot;
    r->stream = rq->stream;
    r->t_sent = g->now;
    return id;
}

/* Write-evict / write-through, no write-allocate: every store goes to the
 * L2 through the miss queue; a hit is invalidated (evict) or kept. */
static gm_l1d_outcome_t store(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int *rf)
{
    gm_l1d_t *l = &sm->l1d;
    if (missq_free(l) < 1) {
        *rf = GM_RF_MISSQ;
        return GM_L1D_RF;
    }
    l->st.accesses++;
    l->st.writes++;
    if (l->dts.d) {
        /* A store evicts a committed valid line (write-evict), else nothing. */
        dts_in_t *di = l->dts.in;
        di->req_valid = 1;
        di->req_store = 1;
        di->req_addr = rq->acc->line;
        gm_blk_eval(&l->dts);
        if (((const dts_out_t *)l->dts.out)->evict_valid) {
            l->st.hits++;
            l->st.evictions++;
        }
    } else {
    uint32_t set = gm_set_index(&l->hash, rq->acc->line);
    int way = gm_tags_find(&l->tags, set, rq->acc->line);
    if (way >= 0 && gm_tags_set(&l->tags, set)[way].state == GM_LINE_VALID) {
        l->st.hits++;
        if (g->cfg.l1d.c.write == GM_WRITE_EVICT)
            gm_tags_set(&l->tags, set)[way].state = GM_LINE_INVALID;
    }
    }
    uint32_t id = new_request(g, sm, rq, GM_REQ_WRITE, rq->acc->bytes);
    gm_fifo_push(&l->missq, id);
    gm_lsu_answer(g, sm, id); /* taken: the store is done; the ack frees it */
    return GM_L1D_DONE;
}

/* The bypass path could take a request now (lsu.c's bypass()). */
static int bypass_ok(const gm_gpu_t *g, const gm_sm_t *sm)
{
    uint32_t slots = g->cfg.l1d.bypass_slots;
    return !(slots && sm->lsu.bp_inflight >= slots) && gm_icnt_can_inject(&g->req_net, sm->id);
}

/* A load through the decoupled tag store (seed-004 §1.7): HIT, a merge into
 * the pending miss (HIT_RESERVED), an insert (MISS) for the MSHR to take, a
 * BYPASS for the LSU to send, or a reservation fail. The MSHR's answer comes
 * later in the cycle; if it refuses, the store sees the refusal before its
 * edge (gm_l1d_cycle), so nothing commits. */
static gm_l1d_outcome_t load_dts(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int *rf,
                                 gm_mshr_io_t *io)
{
    gm_l1d_t *l = &sm->l1d;
    const gm_cache_cfg_t *c = &g->cfg.l1d.c;
    dts_in_t *di = l->dts.in;
    const dts_out_t *o = l->dts.out;
    di->req_valid = 1;
    di->req_addr = rq->acc->line;
    di->filter_en = (uint64_t)gm_dts_filter(g, sm);
    di->mshr_ok = missq_free(l) >= 2;
    di->merge_ok = 1;
    di->byp_ok = (uint64_t)bypass_ok(g, sm);
    gm_blk_eval(&l->dts);
    switch (o->outcome) {
    case DTS_HIT: {
        if (g->now < l->port_free) {
            l->st.port_stalls++;
            di->req_valid = 0; /* not taken: the store must not see it */
            return GM_L1D_STALL;
        }
        uint32_t busy = (rq->acc->bytes + c->port_bytes - 1) / c->port_bytes;
        l->port_free = g->now + (busy ? busy : 1);
        l->st.accesses++;
        l->st.reads++;
        l->st.hits++;
        uint32_t id = new_request(g, sm, rq, GM_REQ_READ, rq->acc->bytes);
        gm_delay_push(&l->hits, id, g->now + c->latency + 1); /* +1: the tag probe */
        return GM_L1D_DONE;
    }
    case DTS_HIT_RESERVED:
    case DTS_MISS:
        io->req = 1;
        io->req_blk = rq->acc->line >> log2u(c->line);
        io->req_info = gm_req_peek(&g->pool); /* allocated if the MSHR takes it */
        return GM_L1D_NONE;
    case DTS_BYPASS:
        l->st.accesses++;
        l->st.reads++;
        return GM_L1D_BYPASS;
    default:
        if (o->rf_cause == DTS_RF_BYPASS && !gm_icnt_can_inject(&g->req_net, sm->id))
            return GM_L1D_STALL;
        *rf = o->rf_cause == DTS_RF_RESERVED ? GM_RF_LINE
              : o->rf_cause == DTS_RF_BYPASS ? GM_RF_BYPASS
              : missq_free(l) < 2          ? GM_RF_MISSQ
                                           : GM_RF_MSHR;
        return GM_L1D_RF;
    }
}

/* A load: the tag probe, then the reservations in the order GPGPU-Sim makes
 * them: a line (allocate-on-miss), two miss-queue slots, then the MSHR. */
static gm_l1d_outcome_t load(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int *rf,
                             gm_mshr_io_t *io, uint32_t *set_out, int *victim_out)
{
    gm_l1d_t *l = &sm->l1d;
    const gm_cache_cfg_t *c = &g->cfg.l1d.c;
    uint32_t set = gm_set_index(&l->hash, rq->acc->line);
    int way = gm_tags_find(&l->tags, set, rq->acc->line);
    gm_line_t *s = gm_tags_set(&l->tags, set);
    *set_out = set;
    *victim_out = -1;
    if (way >= 0 && s[way].state == GM_LINE_VALID) {
        if (g->now < l->port_free) {
            l->st.port_stalls++;
            return GM_L1D_STALL;
        }
        uint32_t busy = (rq->acc->bytes + c->port_bytes - 1) / c->port_bytes;
        l->port_free = g->now + (busy ? busy : 1);
        s[way].stamp = g->now;
        l->st.accesses++;
        l->st.reads++;
        l->st.hits++;
        uint32_t id = new_request(g, sm, rq, GM_REQ_READ, rq->acc->bytes);
        gm_delay_push(&l->hits, id, g->now + c->latency);
        return GM_L1D_DONE;
    }
    if (way < 0 && c->alloc == GM_ALLOC_ON_MISS) {
        *victim_out = gm_tags_victim(&l->tags, set, 1);
        if (*victim_out < 0) {
            *rf = GM_RF_LINE;
            return GM_L1D_RF;
        }
    }
    if (missq_free(l) < 2) {
        *rf = GM_RF_MISSQ;
        return GM_L1D_RF;
    }
    io->req = 1;
    io->req_blk = rq->acc->line >> log2u(c->line);
    io->req_info = gm_req_peek(&g->pool); /* allocated if the MSHR takes it */
    return GM_L1D_NONE; /* decided by the MSHR below */
}

static void install_fill(gm_gpu_t *g, gm_l1d_t *l, uint32_t addr)
{
    if (l->dts.d) { /* the store took the fill in this cycle's inputs */
        l->st.fills++;
        return;
    }
    uint32_t set = gm_set_index(&l->hash, addr);
    gm_line_t *s = gm_tags_set(&l->tags, set);
    int way = gm_tags_find(&l->tags, set, addr);
    if (way < 0) {
        /* On fill the victim is chosen now; a write-evict L1D never holds
         * dirty data, so nothing is written back (seed-000 §3.4). */
        way = gm_tags_victim(&l->tags, set, 1);
        if (way < 0)
            return; /* every way reserved: the data goes to the LSU only */
        if (s[way].state == GM_LINE_VALID)
            l->st.evictions++;
    }
    s[way].addr = addr;
    s[way].state = GM_LINE_VALID;
    s[way].stamp = g->now;
    l->st.fills++;
}

gm_l1d_outcome_t gm_l1d_cycle(gm_gpu_t *g, gm_sm_t *sm, const gm_l1d_req_t *rq, int *rf)
{
    gm_l1d_t *l = &sm->l1d;
    const gm_cache_cfg_t *c = &g->cfg.l1d.c;
    gm_mshr_io_t io;
    memset(&io, 0, sizeof io);

    for (uint32_t id; (id = gm_delay_peek(&l->hits, g->now)) != UINT32_MAX;) {
        gm_delay_pop(&l->hits);
        gm_lsu_answer(g, sm, id);
        gm_req_release(&g->pool, id);
    }

    /* One reply from the crossbar: bypassed data and acks go straight to
     * the LSU; a fill needs the fill port and the MSHR. */
    uint32_t fill_id = UINT32_MAX;
    if (!gm_fifo_empty(&sm->resp)) {
        uint32_t id = gm_fifo_head(&sm->resp);
        gm_req_t *r = gm_req(&g->pool, id);
        if (r->bypass || r->kind == GM_REQ_WRITE) {
            gm_fifo_pop(&sm->resp);
            if (r->bypass)
                sm->lsu.bp_inflight--;
            if (r->kind == GM_REQ_READ)
                gm_lsu_answer(g, sm, id);
            gm_req_release(&g->pool, id);
        } else if (g->now >= l->fill_free) {
            fill_id = id;
            io.fill = 1;
            io.fill_blk = r->addr >> log2u(c->line);
            if (l->dts.d) {
                ((dts_in_t *)l->dts.in)->fill_valid = 1;
                ((dts_in_t *)l->dts.in)->fill_addr = r->addr;
            }
        }
    }

    gm_l1d_outcome_t out = GM_L1D_NONE;
    uint32_t set = 0;
    int victim = -1;
    if (rq)
        out = rq->write  ? store(g, sm, rq, rf)
              : l->dts.d ? load_dts(g, sm, rq, rf, &io)
                         : load(g, sm, rq, rf, &io, &set, &victim);

    io.fwd_ready = 1;
    gm_mshr_port_cycle(&l->mshr, &io);

    if (io.req) {
        if (l->dts.d && !io.accept) {
            /* The MSHR refused: the store must refuse too (RF, no change). */
            dts_in_t *di = l->dts.in;
            di->mshr_ok = di->merge_ok = 0;
        }
        if (io.busy) {
            out = GM_L1D_STALL;
        } else if (io.accept) {
            /* The id the MSHR was offered: nothing allocated in between. */
            if (new_request(g, sm, rq, GM_REQ_READ, c->line) != io.req_info)
                abort();
            gm_req_t *r = gm_req(&g->pool, io.req_info);
            l->st.accesses++;
            l->st.reads++;
            if (io.primary) {
                l->st.misses++;
                l->missq_reserved++;
                gm_fifo_push(&l->primaries, io.req_info);
                if (victim >= 0) {
                    gm_line_t *v = &gm_tags_set(&l->tags, set)[victim];
                    if (v->state == GM_LINE_VALID)
                        l->st.evictions++;
                    v->addr = r->addr;
                    v->state = GM_LINE_RESERVED;
                    v->stamp = g->now;
                }
            } else {
                l->st.merges++;
            }
            out = GM_L1D_DONE;
        } else {
            *rf = GM_RF_MSHR;
            out = GM_L1D_RF;
        }
    }
    if (io.issue) {
        /* The primary leaves for the L2 now; its miss-queue slot was
         * promised when the MSHR accepted it. */
        uint32_t id = gm_fifo_pop(&l->primaries);
        l->missq_reserved--;
        gm_fifo_push(&l->missq, id);
    }
    if (fill_id != UINT32_MAX) {
        gm_fifo_pop(&sm->resp);
        l->fill_free = g->now + c->line / c->port_bytes;
        install_fill(g, l, gm_req(&g->pool, fill_id)->addr);
    }
    if (io.fwd) {
        gm_lsu_answer(g, sm, io.fwd_info);
        gm_req_release(&g->pool, io.fwd_info);
    }
    if (l->dts.d) {
        /* The cycle's final inputs, then the edge. */
        gm_blk_eval(&l->dts);
        const dts_out_t *o = l->dts.out;
        const dts_in_t *di = l->dts.in;
        l->ev_acc = di->req_valid && !di->req_store && o->outcome >= DTS_HIT &&
                    o->outcome <= DTS_BYPASS;
        l->ev_hit = di->req_valid && o->outcome == DTS_HIT;
        gm_blk_tick(&l->dts);
        memset(l->dts.in, 0, sizeof(dts_in_t));
    }
    return out;
}

void gm_l1d_drain(gm_gpu_t *g, gm_sm_t *sm)
{
    gm_l1d_t *l = &sm->l1d;
    if (gm_fifo_empty(&l->missq) || !gm_icnt_can_inject(&g->req_net, sm->id))
        return;
    uint32_t id = gm_fifo_pop(&l->missq);
    gm_req_t *r = gm_req(&g->pool, id);
    r->t_sent = g->now;
    gm_route(g, r);
    gm_icnt_inject(&g->req_net, sm->id, r->bank, id,
                   r->kind == GM_REQ_WRITE ? 8u + r->bytes : 8u);
}
