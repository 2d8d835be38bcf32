#include "cache.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/bits.h"

int gm_cache_init(gm_cache_t *c, const gm_cache_params_t *p, gm_ctx_t ctx, gm_err_t *err)
{
    const gm_cache_cfg_t *k = p->cfg;
    memset(c, 0, sizeof *c);
    c->p = *p;
    snprintf(c->name, sizeof c->name, "%s", p->path);
    c->p.path = c->name;
    c->ctx = ctx;
    c->lb = gm_log2_ceil(k->line);
    c->sb = k->sector ? gm_log2_ceil(k->sector) : 0;
    if (gm_tags_init(&c->tags, k->sets, k->ways) || gm_fifo_init(&c->missq, k->missq) ||
        gm_fifo_init(&c->primaries, k->mshr_entries * k->mshr_merge + 8) ||
        gm_delay_init(&c->hits, p->hit_cap)) {
        gm_cache_free(c);
        return gm_errf(err, "%s: out of memory", p->path);
    }
    return 0;
}

void gm_cache_free(gm_cache_t *c)
{
    gm_tags_free(&c->tags);
    gm_fifo_free(&c->missq);
    gm_fifo_free(&c->primaries);
    gm_delay_free(&c->hits);
    gm_hooks_free((gm_hooks_t *)&c->hook, GM_HOOKS_IN(c->hook));
    gm_lineset_free(&c->filled);
}

int gm_cache_idle(const gm_cache_t *c)
{
    return !c->missq.n && !c->primaries.n && !c->hits.q.n;
}

void gm_cache_end(gm_cache_t *c) { c->index.tick(c->index.self); }

int gm_cache_wait(gm_cache_t *c)
{
    if (c->ts || c->primaries.n || gm_delay_peek(&c->hits, *c->ctx.now) != GM_NO_REQ ||
        !c->mshr.wait(c->mshr.self))
        return 0;
    gm_cache_end(c);
    return 1;
}

uint64_t gm_cache_next(const gm_cache_t *c)
{
    if (c->ts || c->primaries.n || c->missq.n || !c->mshr.skip(c->mshr.self, 0))
        return 0;
    return c->hits.q.n ? c->hits.ready[c->hits.q.head] : UINT64_MAX;
}

void gm_cache_skip(gm_cache_t *c, uint64_t n)
{
    c->mshr.skip(c->mshr.self, n);
    /* the set index's first idle edge drops its valid bit; later ones
     * change nothing (plug/set_index.c) */
    gm_cache_end(c);
}

/* What a load's probe found, for the MSHR's answer. */
typedef struct probe {
    uint32_t set;
    int way, victim;
    int ts_line;   /* a plug-in tag store holds the line (its sector missed) */
    uint32_t wid;  /* a write miss's write on to DRAM (write_fetch) */
} probe_t;

/* The bit of an address's sector in its line's sector masks. */
static uint8_t sector_bit(const gm_cache_t *c, uint32_t addr)
{
    return (uint8_t)(1u << ((addr & ((1u << c->lb) - 1)) >> c->sb));
}

/* What a miss fetches: a sector, or the line. */
static uint32_t fetch_bytes(const gm_cache_t *c)
{
    return c->sb ? 1u << c->sb : c->p.cfg->line;
}

/* The MSHR's key of an address: the sector's, or the line's (GPGPU-Sim's
 * mshr_addr(): the address masked by its atom, a sector when sectored). */
static uint32_t mshr_key(const gm_cache_t *c, uint32_t line, uint32_t addr)
{
    return c->sb ? addr >> c->sb : line >> c->lb;
}

/* SEC_BYPASS: a plug-in tag store sent the sector around the cache (not
 * counted; its request is counted from the sectors the cache took). */
enum { SEC_HIT, SEC_MISS, SEC_SECTOR_MISS, SEC_MERGE, SEC_BYPASS };

/* A demand sector accepted by a sectored cache: its count, and its
 * request's once the request's last sector is in. */
static void count_sector(gm_cache_t *c, const gm_cache_acc_t *a, int kind)
{
    if (!c->sb || a->prefetch)
        return;
    gm_sector_stats_t *s = &c->st.sec;
    int w = a->write != 0;
    uint64_t *by_kind[] = {s->hits, s->misses, s->sector_misses, s->merges};
    if (a->first)
        c->grp_hits = c->grp_n = 0;
    if (kind != SEC_BYPASS) {
        by_kind[kind][w]++;
        c->grp_n++;
        c->grp_hits += kind == SEC_HIT;
    }
    if (!a->last || !c->grp_n)
        return;
    if (c->grp_hits == c->grp_n)
        s->req_hits[w]++;
    else if (!c->grp_hits)
        s->req_misses[w]++;
    else
        s->req_partial[w]++;
}

static uint32_t new_request(gm_cache_t *c, const gm_cache_acc_t *a, int kind, uint32_t bytes)
{
    uint32_t id = gm_req_alloc(c->ctx.pool);
    gm_req_t *r = gm_req(c->ctx.pool, id);
    r->addr = c->sb ? a->addr : a->line;
    r->kind = (uint8_t)kind;
    r->bytes = (uint16_t)bytes;
    r->sm = a->sm;
    r->warp = a->warp;
    r->inst = a->inst;
    r->stream = a->stream;
    r->kernel = a->kernel;
    r->prefetch = (uint8_t)a->prefetch;
    r->t_sent = *c->ctx.now;
    return id;
}

static void access_hook(gm_cache_t *c, const gm_cache_acc_t *a, int hit, int pf_hit)
{
    gm_cache_access_ev_t ev = {.line = a->line, .pc = a->pc, .warp = a->warp,
                               .write = (uint8_t)a->write, .hit = (uint8_t)hit,
                               .pf_hit = (uint8_t)pf_hit};
    gm_hooks_call(&c->hook.access, &ev);
}

static void line_hook(const gm_hooks_t *h, uint32_t line, int prefetch)
{
    gm_line_ev_t ev = {.line = line, .prefetch = (uint8_t)prefetch};
    gm_hooks_call(h, &ev);
}

static void tagw_hook(const gm_cache_t *c, uint32_t set, int way, uint32_t line, int valid)
{
    if (!c->hook.tagw.n)
        return;
    gm_tagw_ev_t ev = {.set = set, .way = (uint32_t)way, .line = line, .valid = (uint8_t)valid};
    gm_hooks_call(&c->hook.tagw, &ev);
}

/* The data port is busy for n cycles from now: no access until then
 * (GPGPU-Sim's bandwidth_management, gpu-cache.cc: port_bytes a cycle). */
static void hold_port(gm_cache_t *c, uint32_t n)
{
    uint64_t until = *c->ctx.now + n;
    if (until > c->port_free)
        c->port_free = until;
}

/* The cycles `bytes` take through the data port. */
static uint32_t port_cycles(const gm_cache_t *c, uint32_t bytes)
{
    return (bytes + c->p.cfg->port_bytes - 1) / c->p.cfg->port_bytes;
}

/* A store hit or a write-back's read-out moves `bytes` through the L2's
 * data port. The L1D's port is held by its load hits alone, as it was
 * when the figures were made (README "Data and fill ports"). */
static void hold_port_bytes(gm_cache_t *c, uint32_t bytes)
{
    if (!c->p.data_port)
        hold_port(c, port_cycles(c, bytes));
}

/* A dirty victim leaves for the next level as a write-back request (its
 * miss-queue slot was checked by the caller): the line, or its dirty
 * sectors' bytes. It is charged to the kernel of the access that evicted
 * the line. */
static void write_back(gm_cache_t *c, const gm_line_t *v, uint32_t kernel)
{
    uint32_t id = gm_req_alloc(c->ctx.pool);
    gm_req_t *r = gm_req(c->ctx.pool, id);
    r->addr = v->addr;
    r->kernel = kernel;
    r->kind = GM_REQ_WRITEBACK;
    r->bytes = (uint16_t)(c->sb ? gm_popcount32(v->sd) << c->sb : c->p.cfg->line);
    c->st.sec.writeback_bytes += c->sb ? r->bytes : 0;
    gm_route(c->p.route, r);
    gm_fifo_push(&c->missq, id);
    c->st.writebacks++;
    /* The victim is read out of the data array: the line, or (sectored)
     * its dirty sectors, as Accel-Sim counts m_modified_size. */
    hold_port_bytes(c, r->bytes);
}

/* A hit: the L1D's data port free (the L2's was asked before) or an L2
 * hit-pipe slot; it holds the port for the bytes it moves, then the data
 * returns after the hit latency (plus the tag store's own probe). */
static gm_acc_outcome_t hit(gm_cache_t *c, const gm_cache_acc_t *a, gm_line_t *l,
                            uint32_t extra)
{
    const gm_cache_cfg_t *k = c->p.cfg;
    uint64_t now = *c->ctx.now;
    int pf_hit = 0;
    if (c->p.data_port && now < c->port_free) {
        c->st.port_stalls++;
        return GM_ACC_STALL;
    }
    if (!c->p.data_port && gm_delay_full(&c->hits))
        return GM_ACC_STALL;
    uint32_t busy = port_cycles(c, a->bytes);
    hold_port(c, busy ? busy : 1);
    if (l) {
        l->stamp = *c->p.stamp;
        pf_hit = l->pf;
        l->pf = 0;
    }
    c->st.accesses++;
    c->st.reads++;
    c->st.hits++;
    uint32_t id = c->p.makes_requests ? new_request(c, a, GM_REQ_READ, a->bytes) : a->id;
    gm_delay_push(&c->hits, id, now + k->latency + extra);
    count_sector(c, a, SEC_HIT);
    access_hook(c, a, 1, pf_hit);
    return GM_ACC_DONE;
}

static void offer(gm_cache_t *c, const gm_cache_acc_t *a, gm_mshr_io_t *io)
{
    io->req = 1;
    io->req_blk = mshr_key(c, a->line, a->addr);
    /* The L1D's request is allocated only if the MSHR takes it, so it is
     * offered the id it would get. */
    io->req_info = c->p.makes_requests ? gm_req_peek(c->ctx.pool) : a->id;
}

/* A load through a plug-in's tag store. */
static gm_acc_outcome_t load_ts(gm_cache_t *c, const gm_cache_acc_t *a, gm_cache_res_t *res,
                                gm_mshr_io_t *io, probe_t *pr)
{
    gm_tagstore_t *ts = c->ts;
    gm_ts_load_t q = {.addr = c->sb ? a->addr : a->line, .first = c->sb ? a->first : 1,
                      .missq_free = gm_cache_missq_free(c), .byp_ok = a->byp_ok,
                      .net_ok = a->net_ok};
    int rf = 0;
    if (a->prefetch)
        return GM_ACC_DONE; /* no prefetching into a plug-in's tag store */
    switch (ts->load(ts->self, &q, &rf)) {
    case GM_TS_HIT: {
        gm_acc_outcome_t o = hit(c, a, NULL, ts->hit_extra);
        if (o == GM_ACC_STALL)
            ts->undo(ts->self, GM_TS_NOT_TAKEN);
        return o;
    }
    case GM_TS_SECTOR_MISS:
        pr->ts_line = 1;
        offer(c, a, io);
        return GM_ACC_NONE;
    case GM_TS_MISS:
        offer(c, a, io);
        return GM_ACC_NONE;
    case GM_TS_BYPASS:
        c->st.accesses++;
        c->st.reads++;
        count_sector(c, a, SEC_BYPASS);
        return GM_ACC_BYPASS;
    case GM_TS_STALL:
        return GM_ACC_STALL;
    default:
        res->rf = rf;
        return GM_ACC_RF;
    }
}

/* A load: the tag probe, then the reservations in the order GPGPU-Sim
 * makes them: a line (allocate-on-miss), two miss-queue slots (the miss
 * and a write-back), then the MSHR. A prefetch takes what is free and is
 * dropped where a demand load would fail. */
static gm_acc_outcome_t load(gm_cache_t *c, const gm_cache_acc_t *a, gm_cache_res_t *res,
                             gm_mshr_io_t *io, probe_t *pr)
{
    if (c->ts)
        return load_ts(c, a, res, io, pr);
    uint32_t set = gm_cache_set(c, a->iaddr);
    int way = gm_tags_find(&c->tags, set, a->line);
    gm_line_t *s = gm_tags_set(&c->tags, set);
    pr->set = set;
    pr->way = way;
    int valid = way >= 0 && (c->sb ? (s[way].sv & sector_bit(c, a->addr)) != 0
                                   : s[way].state == GM_LINE_VALID);
    if (valid)
        return a->prefetch ? GM_ACC_DONE : hit(c, a, &s[way], 0);
    if (way >= 0 && a->prefetch)
        return GM_ACC_DONE; /* already on its way */
    if (way < 0 && c->p.cfg->alloc == GM_ALLOC_ON_MISS) {
        pr->victim = gm_tags_victim(&c->tags, set, 1);
        if (pr->victim < 0) {
            res->rf = GM_RF_LINE;
            return a->prefetch ? GM_ACC_DONE : GM_ACC_RF;
        }
    }
    if (gm_cache_missq_free(c) < 2) {
        res->rf = GM_RF_MISSQ;
        return a->prefetch ? GM_ACC_DONE : GM_ACC_RF;
    }
    offer(c, a, io);
    return GM_ACC_NONE; /* decided by the MSHR */
}

/* A sectored store written through: a hit if its sector is valid, which
 * write_evict then drops (the line's other sectors stay). */
static int store_through_sector(gm_cache_t *c, const gm_cache_acc_t *a)
{
    uint32_t set = gm_cache_set(c, a->iaddr);
    int way = gm_tags_find(&c->tags, set, a->line);
    uint8_t bit = sector_bit(c, a->addr);
    gm_line_t *l = way >= 0 ? &gm_tags_set(&c->tags, set)[way] : NULL;
    if (!l || !(l->sv & bit)) {
        count_sector(c, a, l ? SEC_SECTOR_MISS : SEC_MISS);
        return 0;
    }
    c->st.hits++;
    count_sector(c, a, SEC_HIT);
    if (c->p.cfg->write == GM_WRITE_EVICT) {
        l->sv &= (uint8_t)~bit;
        if (!l->sv && !l->sp)
            l->state = GM_LINE_INVALID;
    }
    return 1;
}

/* No write-allocate: the store goes on to the next level through the miss
 * queue; a hit line is kept (write_through) or dropped (write_evict). */
static gm_acc_outcome_t store_through(gm_cache_t *c, const gm_cache_acc_t *a,
                                      gm_cache_res_t *res)
{
    if (gm_cache_missq_free(c) < 1) {
        res->rf = GM_RF_MISSQ;
        return GM_ACC_RF;
    }
    c->st.accesses++;
    c->st.writes++;
    int was_hit = 0;
    if (c->ts) {
        int st = c->ts->store(c->ts->self, c->sb ? a->addr : a->line);
        was_hit = (st & GM_TS_ST_HIT) != 0;
        c->st.hits += (uint64_t)was_hit;
        c->st.evictions += (st & GM_TS_ST_EVICT) != 0;
        count_sector(c, a, was_hit ? SEC_HIT : st & GM_TS_ST_LINE ? SEC_SECTOR_MISS : SEC_MISS);
    } else if (c->sb) {
        was_hit = store_through_sector(c, a);
    } else {
        uint32_t set = gm_cache_set(c, a->iaddr);
        int way = gm_tags_find(&c->tags, set, a->line);
        gm_line_t *s = gm_tags_set(&c->tags, set);
        if (way >= 0 && s[way].state == GM_LINE_VALID) {
            c->st.hits++;
            was_hit = 1;
            if (c->p.cfg->write == GM_WRITE_EVICT) {
                s[way].state = GM_LINE_INVALID;
                tagw_hook(c, set, way, a->line, 0);
            }
        }
    }
    if (was_hit)
        hold_port_bytes(c, a->bytes);
    uint32_t id = c->p.makes_requests ? new_request(c, a, GM_REQ_WRITE, a->bytes) : a->id;
    gm_fifo_push(&c->missq, id);
    access_hook(c, a, was_hit, 0);
    return GM_ACC_DONE;
}

/* An MSHR primary: its request waits to issue (its miss-queue slot
 * promised), and the victim probed for it is reserved (a dirty one written
 * back), or, sectored, its line's sector marked pending. */
static void primary(gm_cache_t *c, const gm_cache_acc_t *a, const probe_t *pr, uint32_t id)
{
    c->missq_reserved++;
    gm_fifo_push(&c->primaries, id);
    if (pr->victim >= 0) {
        gm_line_t *v = &gm_tags_set(&c->tags, pr->set)[pr->victim];
        if (v->state == GM_LINE_VALID) {
            c->st.evictions++;
            if (v->dirty)
                write_back(c, v, a->kernel);
        }
        v->addr = a->line;
        v->state = GM_LINE_RESERVED;
        v->dirty = 0;
        v->sv = v->sd = 0;
        v->sp = c->sb ? sector_bit(c, a->addr) : 0;
        v->pf = (uint8_t)a->prefetch;
        v->stamp = *c->p.stamp;
        if (!c->sb)
            tagw_hook(c, pr->set, pr->victim, a->line, 0);
    } else if (c->sb && pr->way >= 0) {
        /* A sector miss: the line stays, its sector is on its way. */
        gm_line_t *l = &gm_tags_set(&c->tags, pr->set)[pr->way];
        l->sp |= sector_bit(c, a->addr);
        l->state = GM_LINE_RESERVED;
    }
    line_hook(&c->hook.miss, a->line, a->prefetch);
}

/* A write miss under write_fetch, as GPGPU-Sim 3.x's wr_miss_wa does it
 * (gpu-cache.cc): a line to reserve (allocate-on-miss), room in the miss
 * queue for the write, the fetch and a write-back, and the MSHR for the
 * fetch, an entry or (the line already on its way) a merge. The fetch is
 * offered to the MSHR here; store_fetched() takes its answer. Both are
 * kept off the hot path of the configurations that leave write_fetch off
 * (default, ccn-fermi, the sectored and the unified-memory ones). */
__attribute__((cold, noinline)) static gm_acc_outcome_t
store_fetch(gm_cache_t *c, const gm_cache_acc_t *a, gm_cache_res_t *res, gm_mshr_io_t *io,
            probe_t *pr, uint32_t set, int way)
{
    pr->set = set;
    pr->way = way;
    if (way < 0) {
        pr->victim = gm_tags_victim(&c->tags, set, 1);
        if (pr->victim < 0) {
            res->rf = GM_RF_LINE;
            return GM_ACC_RF;
        }
    }
    if (gm_cache_missq_free(c) < 3) {
        res->rf = GM_RF_MISSQ;
        return GM_ACC_RF;
    }
    uint32_t id = gm_req_alloc(c->ctx.pool);
    uint32_t wid = id == GM_NO_REQ ? GM_NO_REQ : gm_req_alloc(c->ctx.pool);
    if (wid == GM_NO_REQ) {
        if (id != GM_NO_REQ)
            gm_req_release(c->ctx.pool, id);
        return GM_ACC_STALL;
    }
    gm_req_t *w = gm_req(c->ctx.pool, wid);
    w->addr = a->addr;
    w->kind = GM_REQ_WRITEBACK; /* to DRAM, no reply */
    w->bytes = (uint16_t)a->bytes;
    w->kernel = a->kernel;
    gm_route(c->p.route, w);
    pr->wid = wid;
    gm_req_t *r = gm_req(c->ctx.pool, id);
    r->addr = a->line;
    r->kind = GM_REQ_READ;
    r->bytes = (uint16_t)c->p.cfg->line;
    r->kernel = a->kernel;
    r->wfetch = 1;
    r->t_sent = *c->ctx.now;
    gm_route(c->p.route, r);
    io->req = 1;
    io->req_blk = mshr_key(c, a->line, a->addr);
    io->req_info = id;
    return GM_ACC_NONE;
}

/* The MSHR's answer to a write miss's fetch: taken, the write goes on to
 * DRAM as it is (GPGPU-Sim's send_write_request; here a write without a
 * reply), the fetch waits as a primary or rides the line's pending one
 * (its release is dropped, gm_cache_cycle), and the store is acknowledged
 * at once as a write hit is. */
__attribute__((cold, noinline)) static gm_acc_outcome_t
store_fetched(gm_cache_t *c, const gm_cache_acc_t *a, const gm_mshr_io_t *io, const probe_t *pr,
              gm_cache_res_t *res)
{
    uint32_t fid = io->req_info;
    if (io->busy || !io->accept) {
        gm_req_release(c->ctx.pool, fid);
        gm_req_release(c->ctx.pool, pr->wid);
        if (io->busy)
            return GM_ACC_STALL;
        res->rf = GM_RF_MSHR;
        return GM_ACC_RF;
    }
    c->st.accesses++;
    c->st.writes++;
    c->st.misses++;
    gm_fifo_push(&c->missq, pr->wid);
    if (io->primary)
        primary(c, a, pr, fid);
    if (c->p.ack_dram)
        gm_req(c->ctx.pool, pr->wid)->ack = a->id + 1; /* GPGPU-Sim's ack of the write */
    else
        gm_fifo_push(c->p.resp, a->id);
    access_hook(c, a, 0, 0);
    return GM_ACC_DONE;
}

/* Write-back with write-allocate: a missing line is allocated without a
 * fetch (the model tracks lines, not bytes), a dirty victim written back;
 * the ack leaves at once. A line whose read miss is pending waits. */
static gm_acc_outcome_t store_back(gm_cache_t *c, const gm_cache_acc_t *a, gm_cache_res_t *res,
                                   gm_mshr_io_t *io, probe_t *pr)
{
    uint32_t set = gm_cache_set(c, a->iaddr);
    gm_line_t *s = gm_tags_set(&c->tags, set);
    int way = gm_tags_find(&c->tags, set, a->line);
    /* The ack takes a place the MSHR's release does not claim (a write
     * miss's fetch releases nothing: its fill answers no one). */
    if (gm_fifo_space(c->p.resp) <= (uint32_t)gm_cache_fwd_claim(c))
        return GM_ACC_STALL;
    if (c->p.write_fetch && !(way >= 0 && s[way].state == GM_LINE_VALID))
        return store_fetch(c, a, res, io, pr, set, way);
    uint8_t bit = c->sb ? sector_bit(c, a->addr) : 0;
    /* Sectored, only the written sector's own fetch makes it wait. */
    if (way >= 0 && (c->sb ? (s[way].sp & bit) != 0 : s[way].state == GM_LINE_RESERVED))
        return GM_ACC_STALL;
    int found = way >= 0;
    int was_hit = c->sb ? found && (s[way].sv & bit) : found;
    if (way < 0) {
        way = gm_tags_victim(&c->tags, set, 1);
        if (way < 0) {
            res->rf = GM_RF_LINE;
            return GM_ACC_RF;
        }
        if (s[way].state == GM_LINE_VALID && s[way].dirty) {
            if (gm_cache_missq_free(c) < 1) {
                res->rf = GM_RF_MISSQ;
                return GM_ACC_RF;
            }
            write_back(c, &s[way], a->kernel);
        }
        if (s[way].state == GM_LINE_VALID)
            c->st.evictions++;
        s[way].addr = a->line;
        s[way].state = GM_LINE_VALID;
        s[way].sv = s[way].sp = s[way].sd = 0;
        if (!c->sb)
            tagw_hook(c, set, way, a->line, 1);
    }
    if (was_hit) {
        c->st.hits++;
        hold_port_bytes(c, a->bytes);
    } else {
        c->st.misses++;
    }
    s[way].sv |= bit;
    s[way].sd |= bit;
    count_sector(c, a, was_hit ? SEC_HIT : found ? SEC_SECTOR_MISS : SEC_MISS);
    s[way].dirty = 1;
    s[way].stamp = *c->p.stamp;
    c->st.accesses++;
    c->st.writes++;
    gm_fifo_push(c->p.resp, c->p.makes_requests ? new_request(c, a, GM_REQ_WRITE, a->bytes)
                                                : a->id);
    access_hook(c, a, was_hit, 0);
    return GM_ACC_DONE;
}

/* The MSHR's answer to the load offered this cycle. */
static gm_acc_outcome_t answered(gm_cache_t *c, const gm_cache_acc_t *a, const gm_mshr_io_t *io,
                                 const probe_t *pr, gm_cache_res_t *res)
{
    if (c->ts && !io->accept)
        c->ts->undo(c->ts->self, GM_TS_REFUSED); /* it must not commit either */
    if (io->busy)
        return GM_ACC_STALL;
    if (!io->accept) {
        res->rf = GM_RF_MSHR;
        return a->prefetch ? GM_ACC_DONE : GM_ACC_RF;
    }
    uint32_t id = a->id;
    if (c->p.makes_requests) {
        /* The id the MSHR was offered: nothing allocated in between. */
        id = new_request(c, a, GM_REQ_READ, fetch_bytes(c));
        if (id != io->req_info)
            abort();
    }
    if (!a->prefetch) {
        c->st.accesses++;
        c->st.reads++;
    }
    count_sector(c, a,
                 !io->primary                  ? SEC_MERGE
                 : pr->way >= 0 || pr->ts_line ? SEC_SECTOR_MISS
                                               : SEC_MISS);
    if (!io->primary) {
        if (!a->prefetch)
            c->st.merges++;
    } else {
        if (!a->prefetch)
            c->st.misses++;
        primary(c, a, pr, id);
    }
    if (!a->prefetch)
        access_hook(c, a, 0, 0);
    return GM_ACC_DONE;
}

/* The way a fill lands in: its line's, or (allocate-on-fill) a victim's,
 * emptied: no sector valid, pending or dirty -- a dirty victim cannot be,
 * as on_fill with write_back is refused. -1: every way is reserved. */
static int fill_way(gm_cache_t *c, uint32_t set, uint32_t line, int prefetch)
{
    int way = gm_tags_find(&c->tags, set, line);
    if (way >= 0)
        return way;
    way = gm_tags_victim(&c->tags, set, 1);
    if (way < 0)
        return -1;
    gm_line_t *l = &gm_tags_set(&c->tags, set)[way];
    if (l->state == GM_LINE_VALID)
        c->st.evictions++;
    l->addr = line;
    l->pf = prefetch;
    l->sv = l->sp = l->sd = 0;
    l->dirty = 0;
    return way;
}

/* A line filled (or a sector of it): the footprint is the lines a cache
 * held at some time, the footprint of its filtered access stream that
 * seed-004 §4.5 compares (a bypassed line is never filled). */
static void count_fill(gm_cache_t *c, uint32_t addr)
{
    c->st.fills++;
    c->st.footprint += (uint64_t)gm_lineset_add(&c->filled, addr >> c->lb);
}

/* A sector's fill: the sector becomes valid in its line, which
 * allocate-on-fill allocates now with its other sectors invalid. */
static void install_sector(gm_cache_t *c, const gm_req_t *r)
{
    uint32_t lmask = (1u << c->lb) - 1;
    uint32_t line = r->addr & ~lmask;
    uint32_t set = gm_cache_set(c, c->p.index_paddr ? r->paddr & ~lmask : line);
    gm_line_t *s = gm_tags_set(&c->tags, set);
    int way = fill_way(c, set, line, r->prefetch);
    if (way < 0)
        return; /* every way reserved: the data goes to the requester only */
    uint8_t bit = sector_bit(c, r->addr);
    s[way].sv |= bit;
    s[way].sp &= (uint8_t)~bit;
    s[way].state = s[way].sp ? GM_LINE_RESERVED : GM_LINE_VALID;
    s[way].stamp = *c->p.stamp;
    count_fill(c, line);
    c->st.sec.fill_bytes += 1u << c->sb;
    line_hook(&c->hook.fill, line, r->prefetch);
}

/* A fill: the reserved line becomes valid; allocate-on-fill picks its
 * victim now (a write-evict L1D never holds dirty data, so nothing is
 * written back, seed-000 §3.4). */
static void install(gm_cache_t *c, const gm_req_t *r)
{
    if (c->ts) { /* it took the fill with the cycle's inputs */
        count_fill(c, r->addr);
        if (c->sb)
            c->st.sec.fill_bytes += 1u << c->sb;
        line_hook(&c->hook.fill, r->addr & ~((1u << c->lb) - 1), r->prefetch);
        return;
    }
    if (c->sb) {
        install_sector(c, r);
        return;
    }
    uint32_t set = gm_cache_set(c, c->p.index_paddr ? r->paddr : r->addr);
    gm_line_t *s = gm_tags_set(&c->tags, set);
    int way = fill_way(c, set, r->addr, r->prefetch);
    if (way < 0)
        return; /* every way reserved: the data goes to the requester only */
    s[way].state = GM_LINE_VALID;
    s[way].stamp = *c->p.stamp;
    count_fill(c, r->addr);
    tagw_hook(c, set, way, r->addr, 1);
    line_hook(&c->hook.fill, r->addr, r->prefetch);
}

void gm_cache_cycle(gm_cache_t *c, const gm_cache_acc_t *a, uint32_t fill, gm_cache_res_t *res)
{
    res->outcome = GM_ACC_NONE;
    res->rf = 0;
    res->fill_taken = 0;
    /* Nothing comes and the MSHR has nothing to put out: it only waits. */
    if (!a && fill == GM_NO_REQ && !c->ts && c->mshr.wait(c->mshr.self))
        return;
    gm_mshr_io_t io;
    probe_t pr = {.set = 0, .way = -1, .victim = -1, .ts_line = 0, .wid = GM_NO_REQ};
    memset(&io, 0, sizeof io);
    /* Decided before the access, which leaves the release its place. */
    io.fwd_ready = !gm_fifo_full(c->p.resp);
    const gm_req_t *fr = fill != GM_NO_REQ ? gm_req(c->ctx.pool, fill) : NULL;
    if (fr) {
        io.fill = 1;
        io.fill_blk = mshr_key(c, fr->addr, fr->addr);
        if (c->ts)
            c->ts->fill(c->ts->self, fr->addr);
    }
    /* The L2 makes no access while its data port is busy (GPGPU-Sim's
     * memory_sub_partition asks data_port_free() first; the bank counts
     * the stall). The L1D's hits alone wait for it (hit()). */
    if (a && !c->p.data_port && *c->ctx.now < c->port_free) {
        res->outcome = GM_ACC_STALL;
        a = NULL;
    }
    if (a)
        res->outcome = !a->write                          ? load(c, a, res, &io, &pr)
                       : c->p.cfg->write == GM_WRITE_BACK ? store_back(c, a, res, &io, &pr)
                                                          : store_through(c, a, res);
    c->mshr.cycle(c->mshr.self, &io);
    if (io.req)
        res->outcome = a->write ? store_fetched(c, a, &io, &pr, res) : answered(c, a, &io, &pr, res);
    if (io.issue) {
        /* The primary leaves now; its miss-queue slot was promised when
         * the MSHR accepted it. */
        gm_fifo_push(&c->missq, gm_fifo_pop(&c->primaries));
        c->missq_reserved--;
    }
    if (fr) {
        install(c, fr);
        res->fill_taken = 1;
    }
    if (io.fwd) {
        /* A write miss's fetch answers no one (GPGPU-Sim drops its
         * L2_WR_ALLOC_R the same way). */
        if (c->p.write_fetch && gm_req(c->ctx.pool, io.fwd_info)->wfetch)
            gm_req_release(c->ctx.pool, io.fwd_info);
        else
            gm_fifo_push(c->p.resp, io.fwd_info);
    }
    if (c->ts)
        c->ts->end(c->ts->self);
}
