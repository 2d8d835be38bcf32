/* The cache pipeline (sim/cache.c) on its own, without a GPU: a cache of
 * 4 sets x 2 ways (BMOD index: set = line bits 7-8) with the set_index and
 * mshr plug-ins as its parts, driven one cycle at a time. Each test is one
 * rule: hits and the data port, the reservation-fail order of seed-000
 * §3.2 (line, then miss queue, then MSHR), MSHR primaries and merges,
 * victims and their insertion, allocate-on-fill, write-evict,
 * write-through and write-back, a plug-in tag store's decisions (bypass,
 * refusal) and prefetches; and sectors (cfg.sector): a sector miss fetches
 * its sector only, merges key on the sector, requests count hit, partial or
 * miss, an eviction drops every sector, a write-back carries the dirty ones;
 * the footprint counts the distinct lines filled. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/cache.h"
#include "sim/plugin.h"

#include "cache_parts.h"

/* Lines of set s (BMOD over 4 sets of 128-byte lines). */
#define LINE(set, n) (0x10000000u + (uint32_t)(set) * 128u + (uint32_t)(n) * 512u)

static gm_cache_cfg_t cfg;
static gm_registry_t reg;
static gm_req_pool_t pool;
static gm_fifo_t resp;
static gm_cache_t c;
static uint64_t now;
static gm_route_t route;
static void *index_self, *mshr_self; /* the set_index and mshr plug-ins' */

static int write_fetch; /* the L2-like cache's l2.write_fetch (base_cfg clears it) */

static void base_cfg(void)
{
    write_fetch = 0;
    memset(&cfg, 0, sizeof cfg);
    cfg.sets = 4;
    cfg.ways = 2;
    cfg.line = 128;
    cfg.set_func = 0; /* bmod */
    cfg.alloc = GM_ALLOC_ON_MISS;
    cfg.write = GM_WRITE_EVICT;
    cfg.mshr = GM_MSHR_CONVENTIONAL;
    cfg.mshr_entries = 2;
    cfg.mshr_merge = 4;
    cfg.missq = 3;
    cfg.port_bytes = 32;
    cfg.latency = 3;
}

/* l1d: an L1D-like cache (makes its requests, has a data port); else an
 * L2-like one (takes requests, indexes by the partition address). */
static void make(int l1d)
{
    gm_err_t err;
    now = 0;
    memset(&reg, 0, sizeof reg);
    assert_int_equal(gm_req_pool_init(&pool, 64, &err), 0);
    assert_int_equal(gm_fifo_init(&resp, 4), 0);
    route = (gm_route_t){.fn = route_same, .self = NULL};
    gm_ctx_t ctx = {.now = &now, .pool = &pool, .reg = &reg};
    gm_cache_params_t p = {.cfg = &cfg, .path = "t.cache", .data_port = l1d,
                           .makes_requests = l1d, .index_paddr = !l1d, .stamp = &now,
                           .route = &route, .resp = &resp, .hit_cap = 16,
                           .write_fetch = write_fetch};
    assert_int_equal(gm_cache_init(&c, &p, ctx, &err), 0);
    gm_site_t site = {.kind = GM_SITE_SM, .name = "t", .ctx = &ctx, .cache = &c};
    attach_parts(&site, 0, &index_self, &mshr_self);
    assert_non_null(c.index.index);
    assert_non_null(c.mshr.cycle);
}

static int teardown(void **state)
{
    (void)state;
    gm_cache_free(&c);
    free_parts(index_self, mshr_self);
    gm_registry_free(&reg);
    gm_fifo_free(&resp);
    gm_req_pool_free(&pool);
    return 0;
}

static void end_cycle(void)
{
    gm_cache_end(&c);
    now++;
}

static gm_cache_res_t cycle(const gm_cache_acc_t *a, uint32_t fill)
{
    gm_cache_res_t r;
    gm_cache_cycle(&c, a, fill, &r);
    end_cycle();
    return r;
}

static gm_cache_acc_t acc(uint32_t line, int write)
{
    gm_cache_acc_t a;
    memset(&a, 0, sizeof a);
    a.id = GM_NO_REQ;
    a.line = a.iaddr = line;
    a.bytes = 128;
    a.write = write;
    return a;
}

static gm_cache_res_t load(uint32_t line)
{
    gm_cache_acc_t a = acc(line, 0);
    return cycle(&a, GM_NO_REQ);
}

/* A request the L2-like cache takes: allocated here, as the crossbar would. */
static gm_cache_res_t l2_access(uint32_t line, int write)
{
    uint32_t id = gm_req_alloc(&pool);
    gm_req(&pool, id)->addr = gm_req(&pool, id)->paddr = line;
    gm_req(&pool, id)->kind = (uint8_t)(write ? GM_REQ_WRITE : GM_REQ_READ);
    gm_cache_acc_t a = acc(line, write);
    a.id = id;
    gm_cache_res_t r = cycle(&a, GM_NO_REQ);
    if (r.outcome != GM_ACC_DONE)
        gm_req_release(&pool, id);
    return r;
}

/* The miss queue's requests leave; returns the one for `line`. */
static uint32_t leave(uint32_t line)
{
    uint32_t found = GM_NO_REQ;
    while (!gm_fifo_empty(&c.missq)) {
        uint32_t id = gm_fifo_pop(&c.missq);
        if (gm_req(&pool, id)->addr == line && found == GM_NO_REQ)
            found = id;
    }
    return found;
}

/* The fill of `id` arrives; the MSHR then releases its requests to resp. */
static void fill(uint32_t id)
{
    gm_cache_res_t r = cycle(NULL, id);
    assert_int_equal(r.fill_taken, 1);
    for (int k = 0; k < 8; k++)
        cycle(NULL, GM_NO_REQ);
}

/* Whatever waits in the miss queue is dropped. */
static void drop_missq(void)
{
    while (!gm_fifo_empty(&c.missq))
        gm_req_release(&pool, gm_fifo_pop(&c.missq));
}

static void drain_resp(void)
{
    while (!gm_fifo_empty(&resp))
        gm_req_release(&pool, gm_fifo_pop(&resp));
}

static int state_of(uint32_t line)
{
    uint32_t set = (line >> 7) & 3;
    int w = gm_tags_find(&c.tags, set, line);
    return w < 0 ? GM_LINE_INVALID : gm_tags_set(&c.tags, set)[w].state;
}

/* The footprint counts each line filled once, however often it comes back. */
static void test_footprint_counts_distinct_lines(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    const uint32_t order[] = {LINE(0, 0), LINE(0, 1), LINE(0, 2), LINE(0, 0), LINE(1, 0)};
    for (unsigned i = 0; i < 5; i++) {
        gm_cache_res_t r = load(order[i]);
        assert_int_equal(r.outcome, GM_ACC_DONE);
        fill(leave(order[i]));
        drain_resp();
    }
    /* LINE(0, 2) evicted LINE(0, 0) from the 2-way set 0, which came back */
    assert_int_equal(c.st.misses, 5);
    assert_int_equal(c.st.fills, 5);
    assert_int_equal(c.st.footprint, 4);
}

/* ---- hits and the data port ---- */

static void test_miss_fill_hit_and_data_port(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    gm_cache_res_t r = load(LINE(0, 0));
    assert_int_equal(r.outcome, GM_ACC_DONE);
    assert_int_equal(c.st.misses, 1);
    assert_int_equal(state_of(LINE(0, 0)), GM_LINE_RESERVED);
    uint32_t id = leave(LINE(0, 0));
    assert_int_not_equal(id, GM_NO_REQ);
    assert_int_equal(gm_req(&pool, id)->bytes, 128); /* a line-sized read */
    fill(id);
    assert_int_equal(state_of(LINE(0, 0)), GM_LINE_VALID);
    assert_int_equal(c.st.fills, 1);
    assert_int_equal(resp.n, 1); /* the miss's request, released by the MSHR */
    drain_resp();

    uint64_t t = now;
    r = load(LINE(0, 0));
    assert_int_equal(r.outcome, GM_ACC_DONE);
    assert_int_equal(c.st.hits, 1);
    /* 128 bytes over a 32-byte port: the port is busy 4 cycles. */
    r = load(LINE(0, 0));
    assert_int_equal(r.outcome, GM_ACC_STALL);
    assert_int_equal(c.st.port_stalls, 1);
    now = t + 4;
    assert_int_equal(gm_cache_hit_peek(&c, t + 2), GM_NO_REQ);
    assert_int_not_equal(gm_cache_hit_peek(&c, t + 3), GM_NO_REQ); /* latency 3 */
    gm_req_release(&pool, gm_cache_hit_pop(&c));
    r = load(LINE(0, 0));
    assert_int_equal(r.outcome, GM_ACC_DONE);
    assert_int_equal(c.st.hits, 2);
    gm_req_release(&pool, gm_cache_hit_pop(&c));
}

/* ---- the reservation-fail order: line, miss queue, MSHR ---- */

static void test_reservation_fail_order(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    /* Both ways of set 0 reserved by two primaries (both MSHR entries). */
    assert_int_equal(load(LINE(0, 0)).outcome, GM_ACC_DONE);
    assert_int_equal(load(LINE(0, 1)).outcome, GM_ACC_DONE);
    assert_int_equal(c.missq.n, 2); /* 1 of 3 slots left */
    /* A third line of set 0: no line to reserve -- reported first, though
     * the miss queue and the MSHR are short too. */
    gm_cache_res_t r = load(LINE(0, 2));
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_LINE);
    /* Set 1 has lines free: the miss queue (2 slots needed) fails next. */
    r = load(LINE(1, 0));
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_MISSQ);
    /* The misses leave: now the MSHR, its 2 entries in use, fails. */
    leave(0);
    r = load(LINE(1, 0));
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_MSHR);
    /* A failed access changes nothing: not an access, no line reserved. */
    assert_int_equal(c.st.accesses, 2);
    assert_int_equal(state_of(LINE(1, 0)), GM_LINE_INVALID);
}

static void test_merge_into_pending_miss(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    assert_int_equal(load(LINE(2, 0)).outcome, GM_ACC_DONE);
    assert_int_equal(load(LINE(2, 0)).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.misses, 1);
    assert_int_equal(c.st.merges, 1);
    assert_int_equal(c.missq.n, 1); /* one request leaves for both */
    uint32_t id = leave(LINE(2, 0));
    fill(id);
    assert_int_equal(resp.n, 2); /* both released */
    drain_resp();
}

/* ---- victims: LRU, and allocate-on-fill ---- */

static void test_lru_victim_on_miss(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    for (int n = 0; n < 2; n++) {
        load(LINE(3, n));
        fill(leave(LINE(3, n)));
        drain_resp();
    }
    now += 10;
    load(LINE(3, 0)); /* way of line 0 most recent */
    gm_req_release(&pool, gm_cache_hit_pop(&c));
    now += 10;
    assert_int_equal(load(LINE(3, 2)).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.evictions, 1);
    assert_int_equal(state_of(LINE(3, 1)), GM_LINE_INVALID); /* the LRU one went */
    assert_int_equal(state_of(LINE(3, 0)), GM_LINE_VALID);
    assert_int_equal(state_of(LINE(3, 2)), GM_LINE_RESERVED);
    fill(leave(LINE(3, 2)));
    drain_resp();
}

static void test_allocate_on_fill(void **state)
{
    (void)state;
    base_cfg();
    cfg.alloc = GM_ALLOC_ON_FILL;
    make(1);
    for (int n = 0; n < 2; n++) {
        load(LINE(1, n));
        fill(leave(LINE(1, n)));
        drain_resp();
    }
    /* A third line of a full set: no line is reserved at the miss ... */
    assert_int_equal(load(LINE(1, 2)).outcome, GM_ACC_DONE);
    assert_int_equal(state_of(LINE(1, 2)), GM_LINE_INVALID);
    assert_int_equal(state_of(LINE(1, 0)), GM_LINE_VALID);
    assert_int_equal(c.st.evictions, 0);
    /* ... the victim is chosen when the data comes back. */
    fill(leave(LINE(1, 2)));
    drain_resp();
    assert_int_equal(state_of(LINE(1, 2)), GM_LINE_VALID);
    assert_int_equal(state_of(LINE(1, 0)), GM_LINE_INVALID);
    assert_int_equal(c.st.evictions, 1);
}

/* ---- stores ---- */

static void store_policy(int write, int keeps)
{
    base_cfg();
    cfg.write = write;
    make(1);
    load(LINE(0, 0));
    fill(leave(LINE(0, 0)));
    drain_resp();
    gm_cache_acc_t a = acc(LINE(0, 0), 1);
    a.bytes = 4;
    gm_cache_res_t r = cycle(&a, GM_NO_REQ);
    assert_int_equal(r.outcome, GM_ACC_DONE);
    assert_int_equal(c.st.writes, 1);
    assert_int_equal(c.st.hits, 1);
    /* No write-allocate: the store goes down as a 4-byte write. */
    assert_int_equal(c.missq.n, 1);
    const gm_req_t *w = gm_req(&pool, gm_fifo_head(&c.missq));
    assert_int_equal(w->kind, GM_REQ_WRITE);
    assert_int_equal(w->bytes, 4);
    assert_int_equal(state_of(LINE(0, 0)), keeps ? GM_LINE_VALID : GM_LINE_INVALID);
    gm_req_release(&pool, gm_fifo_pop(&c.missq));
    /* A store to a missing line allocates nothing either. */
    a.line = a.iaddr = LINE(1, 0);
    cycle(&a, GM_NO_REQ);
    assert_int_equal(state_of(LINE(1, 0)), GM_LINE_INVALID);
    gm_req_release(&pool, gm_fifo_pop(&c.missq));
}

static void test_write_evict(void **state)
{
    (void)state;
    store_policy(GM_WRITE_EVICT, 0);
}

static void test_write_through(void **state)
{
    (void)state;
    store_policy(GM_WRITE_THROUGH, 1);
}

static void test_write_back(void **state)
{
    (void)state;
    base_cfg();
    cfg.write = GM_WRITE_BACK;
    make(0);
    /* Write-allocate without a fetch: both lines of set 2 valid and dirty,
     * each store acknowledged at once. */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(l2_access(LINE(2, 1), 1).outcome, GM_ACC_DONE);
    assert_int_equal(resp.n, 2);
    drain_resp();
    assert_int_equal(c.st.misses, 2);
    assert_int_equal(state_of(LINE(2, 0)), GM_LINE_VALID);
    assert_int_equal(c.missq.n, 0);
    /* A read miss evicts the LRU dirty line: its write-back leaves first. */
    assert_int_equal(l2_access(LINE(2, 2), 0).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.writebacks, 1);
    assert_int_equal(c.missq.n, 2);
    const gm_req_t *wb = gm_req(&pool, gm_fifo_head(&c.missq));
    assert_int_equal(wb->kind, GM_REQ_WRITEBACK);
    assert_int_equal(wb->addr, LINE(2, 0));
    /* A store to the line whose read is pending waits for its fill. */
    assert_int_equal(l2_access(LINE(2, 2), 1).outcome, GM_ACC_STALL);
    gm_req_release(&pool, gm_fifo_pop(&c.missq));
    uint32_t id = gm_fifo_pop(&c.missq);
    fill(id);
    assert_int_equal(l2_access(LINE(2, 2), 1).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.hits, 1);
    drain_resp();
}

/* The L2's data port (GPGPU-Sim 3.2.2's bandwidth_management): while it
 * is busy no access is made, a miss included; a hit holds it for the bytes
 * it moves, a write-back for the line; a miss or a merge holds nothing. */
static void make_l2_back(uint32_t port_bytes)
{
    base_cfg();
    cfg.write = GM_WRITE_BACK;
    cfg.port_bytes = port_bytes;
    make(0);
}

static void test_l2_data_port(void **state)
{
    (void)state;
    make_l2_back(32);
    /* Two write-allocating misses, back to back: a miss holds nothing. */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(l2_access(LINE(2, 1), 1).outcome, GM_ACC_DONE);
    drain_resp();
    /* A 128-byte store hit over the 32-byte port: busy 4 cycles, in which
     * even a read miss to another set is not made. */
    uint64_t t = now;
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    drain_resp();
    for (int k = 1; k < 4; k++)
        assert_int_equal(l2_access(LINE(3, 0), 0).outcome, GM_ACC_STALL);
    assert_int_equal(c.st.port_stalls, 0); /* the bank counts its own */
    assert_int_equal(now, t + 4);
    assert_int_equal(l2_access(LINE(3, 0), 0).outcome, GM_ACC_DONE);
    /* A read miss that evicts a dirty line reads it out for the
     * write-back: the line over the port, 4 cycles. */
    assert_int_equal(l2_access(LINE(2, 2), 0).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.writebacks, 1);
    t = now - 1;
    while (l2_access(LINE(1, 0), 1).outcome == GM_ACC_STALL)
        ;
    assert_int_equal(now, t + 5); /* made at t + 4 */
    drain_resp();
    drop_missq();
}

/* A port as wide as the line holds it one cycle: the L2 makes one access
 * a cycle, hits and write-backs alike. */
static void test_l2_port_of_a_line(void **state)
{
    (void)state;
    make_l2_back(128);
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(l2_access(LINE(2, 1), 1).outcome, GM_ACC_DONE);
    drain_resp(); /* the acks leave as they come */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(l2_access(LINE(2, 1), 1).outcome, GM_ACC_DONE);
    drain_resp();
    assert_int_equal(l2_access(LINE(2, 2), 0).outcome, GM_ACC_DONE); /* writes one back */
    assert_int_equal(l2_access(LINE(1, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.hits, 2);
    assert_int_equal(c.st.writebacks, 1);
    drain_resp();
    drop_missq();
}

/* l2.write_fetch, GPGPU-Sim 3.x's write-allocate W (wr_miss_wa): a write
 * miss sends the write on to DRAM and fetches the line through the MSHR
 * (a primary, or a merge into the line's pending fetch); the store is
 * acknowledged at once; the line comes back clean, and a later store hit
 * dirties it. */
static void test_write_fetch(void **state)
{
    (void)state;
    base_cfg();
    cfg.write = GM_WRITE_BACK;
    cfg.missq = 8;
    cfg.port_bytes = 128;
    write_fetch = 1;
    make(0); /* not make_l2_back: base_cfg clears write_fetch */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(resp.n, 1); /* the ack */
    assert_int_equal(gm_req(&pool, gm_fifo_head(&resp))->kind, GM_REQ_WRITE);
    drain_resp();
    assert_int_equal(c.st.misses, 1);
    assert_int_equal(c.st.writes, 1);
    assert_int_equal(state_of(LINE(2, 0)), GM_LINE_RESERVED);
    /* In the miss queue: the write, then the fetch (issued by the MSHR). */
    assert_int_equal(c.missq.n, 2);
    const gm_req_t *w = gm_req(&pool, gm_fifo_at(&c.missq, 0));
    const gm_req_t *f = gm_req(&pool, gm_fifo_at(&c.missq, 1));
    assert_int_equal(w->kind, GM_REQ_WRITEBACK);
    assert_int_equal(w->bytes, 128);
    assert_int_equal(f->kind, GM_REQ_READ);
    assert_int_equal(f->wfetch, 1);
    assert_int_equal(f->addr, LINE(2, 0));
    /* A second store to the pending line merges into its fetch and sends
     * its write on too; a load merges as well. */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    drain_resp();
    assert_int_equal(l2_access(LINE(2, 0), 0).outcome, GM_ACC_DONE);
    assert_int_equal(c.missq.n, 3);
    assert_int_equal(c.st.misses, 2);
    uint32_t fetch = GM_NO_REQ;
    while (!gm_fifo_empty(&c.missq)) {
        uint32_t id = gm_fifo_pop(&c.missq);
        if (gm_req(&pool, id)->kind == GM_REQ_READ)
            fetch = id;
        else
            gm_req_release(&pool, id);
    }
    uint32_t held = pool.nfree;
    fill(fetch);
    /* Released: the first fetch and the merged one, dropped by the cache
     * (no one waits for them), and the load, its reply: all three free. */
    assert_int_equal(resp.n, 1);
    assert_int_equal(gm_req(&pool, gm_fifo_head(&resp))->wfetch, 0);
    drain_resp();
    assert_int_equal(pool.nfree, held + 3);
    assert_int_equal(state_of(LINE(2, 0)), GM_LINE_VALID);
    const gm_line_t *l = &gm_tags_set(&c.tags, 2)[gm_tags_find(&c.tags, 2, LINE(2, 0))];
    assert_int_equal(l->dirty, 0);
    /* A store hit: acknowledged, the line dirty, nothing sent on. */
    assert_int_equal(l2_access(LINE(2, 0), 1).outcome, GM_ACC_DONE);
    assert_int_equal(l->dirty, 1);
    assert_int_equal(c.missq.n, 0);
    assert_int_equal(c.st.hits, 1);
    drain_resp();
    /* The write, the fetch and a write-back need three miss-queue slots. */
    for (int k = 0; k < 6; k++) {
        uint32_t id = gm_req_alloc(&pool);
        gm_fifo_push(&c.missq, id);
    }
    gm_cache_res_t r = l2_access(LINE(3, 0), 1);
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_MISSQ);
    drop_missq();
}

/* ---- a plug-in's tag store ---- */

static int fake_decision, fake_rf, fake_undone;

static int fake_load(void *self, const gm_ts_load_t *q, int *rf)
{
    (void)self;
    (void)q;
    *rf = fake_rf;
    return fake_decision;
}
static void fake_undo(void *self, int how)
{
    (void)self;
    fake_undone = how + 1;
}
static int fake_store(void *self, uint32_t a)
{
    (void)self;
    (void)a;
    return 0;
}
static void fake_fill(void *self, uint32_t a)
{
    (void)self;
    (void)a;
}
static void fake_end(void *self) { (void)self; }

static void test_plugin_tag_store(void **state)
{
    (void)state;
    base_cfg();
    make(1);
    gm_tagstore_t ts = {.load = fake_load, .undo = fake_undo, .store = fake_store,
                        .fill = fake_fill, .end = fake_end, .hit_extra = 1};
    c.ts = &ts;
    fake_decision = GM_TS_BYPASS;
    assert_int_equal(load(LINE(0, 0)).outcome, GM_ACC_BYPASS);
    assert_int_equal(c.st.accesses, 1);
    fake_decision = GM_TS_RF;
    fake_rf = GM_RF_BYPASS;
    gm_cache_res_t r = load(LINE(0, 0));
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_BYPASS);
    /* MISS goes to the MSHR; with both entries taken it refuses, and the
     * tag store is told so (it must not commit either). */
    fake_decision = GM_TS_MISS;
    assert_int_equal(load(LINE(0, 0)).outcome, GM_ACC_DONE);
    assert_int_equal(load(LINE(1, 0)).outcome, GM_ACC_DONE);
    fake_undone = 0;
    r = load(LINE(2, 0));
    assert_int_equal(r.outcome, GM_ACC_RF);
    assert_int_equal(r.rf, GM_RF_MSHR);
    assert_int_equal(fake_undone, GM_TS_REFUSED + 1);
    /* HIT with the data port busy: not taken. */
    fake_decision = GM_TS_HIT;
    fake_undone = 0;
    assert_int_equal(load(LINE(0, 0)).outcome, GM_ACC_DONE);
    assert_int_equal(load(LINE(0, 0)).outcome, GM_ACC_STALL);
    assert_int_equal(fake_undone, GM_TS_NOT_TAKEN + 1);
    c.ts = NULL;
    while (c.hits.q.n)
        gm_req_release(&pool, gm_cache_hit_pop(&c));
    leave(0);
}

/* ---- prefetches ---- */

static int pf_hits, pf_misses;
static void on_access(void *self, void *ev)
{
    (void)self;
    pf_hits += ((const gm_cache_access_ev_t *)ev)->pf_hit;
}
static void on_miss(void *self, void *ev)
{
    (void)self;
    pf_misses += ((const gm_line_ev_t *)ev)->prefetch;
}

static void test_prefetch(void **state)
{
    (void)state;
    gm_err_t err;
    base_cfg();
    make(1);
    pf_hits = pf_misses = 0;
    assert_int_equal(gm_hooks_add(&c.hook.access, on_access, NULL, "t", &err), 0);
    assert_int_equal(gm_hooks_add(&c.hook.miss, on_miss, NULL, "t", &err), 0);
    gm_cache_acc_t a = acc(LINE(1, 0), 0);
    a.prefetch = 1;
    assert_int_equal(cycle(&a, GM_NO_REQ).outcome, GM_ACC_DONE);
    assert_int_equal(pf_misses, 1);
    assert_int_equal(c.st.accesses, 0); /* not a demand access */
    assert_int_equal(c.st.misses, 0);
    /* A second prefetch of the line finds it on its way: dropped. */
    cycle(&a, GM_NO_REQ);
    assert_int_equal(pf_misses, 1);
    assert_int_equal(c.missq.n, 1);
    uint32_t id = leave(LINE(1, 0));
    assert_int_equal(gm_req(&pool, id)->prefetch, 1);
    fill(id);
    drain_resp();
    /* The first demand hit on it counts as a useful prefetch, once. */
    assert_int_equal(load(LINE(1, 0)).outcome, GM_ACC_DONE);
    now += 8;
    load(LINE(1, 0));
    assert_int_equal(pf_hits, 1);
    assert_int_equal(c.st.hits, 2);
    while (c.hits.q.n)
        gm_req_release(&pool, gm_cache_hit_pop(&c));
}

/* ---- sectors (cfg.sector = 32: four sectors a 128-byte line) ---- */

/* Sector k of `line`, a request of its own (its first and last sector). */
static gm_cache_acc_t sacc(uint32_t line, unsigned k, int write)
{
    gm_cache_acc_t a = acc(line, write);
    a.addr = line + 32u * k;
    a.bytes = write ? 4 : 32;
    a.first = a.last = 1;
    return a;
}

static gm_cache_res_t sload(uint32_t line, unsigned k)
{
    gm_cache_acc_t a = sacc(line, k, 0);
    return cycle(&a, GM_NO_REQ);
}

/* One request over sectors k0..k1 of `line`, as the coalescer makes it. */
static void sload_range(uint32_t line, unsigned k0, unsigned k1)
{
    for (unsigned k = k0; k <= k1; k++) {
        gm_cache_acc_t a = sacc(line, k, 0);
        a.first = k == k0;
        a.last = k == k1;
        assert_int_equal(cycle(&a, GM_NO_REQ).outcome, GM_ACC_DONE);
        now += 8; /* the data port is free again */
    }
}

static const gm_line_t *line_of(uint32_t line)
{
    uint32_t set = (line >> 7) & 3;
    int w = gm_tags_find(&c.tags, set, line);
    return w < 0 ? NULL : &gm_tags_set(&c.tags, set)[w];
}

static void drain_hits(void)
{
    while (c.hits.q.n)
        gm_req_release(&pool, gm_cache_hit_pop(&c));
}

/* The miss queue's head, popped: the request leaves. */
static uint32_t leave_one(void)
{
    assert_false(gm_fifo_empty(&c.missq));
    return gm_fifo_pop(&c.missq);
}

/* Sector k of `line` fetched: a miss, its request leaving, its fill. */
static void fetch_sector(uint32_t line, unsigned k)
{
    assert_int_equal(sload(line, k).outcome, GM_ACC_DONE);
    fill(leave_one());
    drain_resp();
}

static void test_sector_miss_fetches_missing_only(void **state)
{
    (void)state;
    base_cfg();
    cfg.sector = 32;
    make(1);
    assert_int_equal(sload(LINE(0, 0), 0).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.sec.misses[0], 1); /* its line was absent */
    uint32_t id = leave_one();
    assert_int_equal(gm_req(&pool, id)->addr, LINE(0, 0));
    assert_int_equal(gm_req(&pool, id)->bytes, 32); /* a sector, not the line */
    fill(id);
    drain_resp();
    const gm_line_t *l = line_of(LINE(0, 0));
    assert_non_null(l);
    assert_int_equal(l->sv, 0x1); /* its other sectors stay invalid */
    assert_int_equal(l->state, GM_LINE_VALID);
    assert_int_equal(c.st.sec.fill_bytes, 32);
    /* Sectors 0 and 1: 0 hits, 1 alone leaves, a sector miss. */
    sload_range(LINE(0, 0), 0, 1);
    assert_int_equal(c.st.sec.hits[0], 1);
    assert_int_equal(c.st.sec.sector_misses[0], 1);
    assert_int_equal(c.missq.n, 1);
    id = leave_one();
    assert_int_equal(gm_req(&pool, id)->addr, LINE(0, 0) + 32);
    assert_int_equal(gm_req(&pool, id)->bytes, 32);
    assert_int_equal(l->sp, 0x2);
    assert_int_equal(l->state, GM_LINE_RESERVED);
    fill(id);
    drain_resp();
    drain_hits();
    assert_int_equal(l->sv, 0x3);
    assert_int_equal(l->sp, 0);
    assert_int_equal(l->state, GM_LINE_VALID);
    assert_int_equal(c.st.misses, 2); /* MSHR entries: one a sector */
    assert_int_equal(c.st.sec.fill_bytes, 64);
}

static void test_sector_merge_into_pending(void **state)
{
    (void)state;
    base_cfg();
    cfg.sector = 32;
    make(1);
    assert_int_equal(sload(LINE(2, 0), 2).outcome, GM_ACC_DONE);
    /* The same sector again merges into its fetch (the MSHR's key is the
     * sector's address) ... */
    assert_int_equal(sload(LINE(2, 0), 2).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.sec.merges[0], 1);
    assert_int_equal(c.st.merges, 1);
    assert_int_equal(c.missq.n, 1);
    /* ... another sector of the pending line does not: it is fetched. */
    assert_int_equal(sload(LINE(2, 0), 3).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.sec.sector_misses[0], 1);
    assert_int_equal(c.st.merges, 1);
    assert_int_equal(c.missq.n, 2);
    uint32_t s2 = leave_one(), s3 = leave_one();
    assert_int_equal(gm_req(&pool, s3)->addr, LINE(2, 0) + 96);
    fill(s2);
    assert_int_equal(resp.n, 2); /* sector 2's two requests, not sector 3's */
    drain_resp();
    const gm_line_t *l = line_of(LINE(2, 0));
    assert_int_equal(l->sv, 0x4);
    assert_int_equal(l->state, GM_LINE_RESERVED); /* sector 3 still on its way */
    /* A valid sector of a line with a pending one hits. */
    assert_int_equal(sload(LINE(2, 0), 2).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.sec.hits[0], 1);
    fill(s3);
    assert_int_equal(resp.n, 1);
    drain_resp();
    drain_hits();
    assert_int_equal(l->sv, 0xc);
    assert_int_equal(l->state, GM_LINE_VALID);
}

static void test_sector_partial_hit_counting(void **state)
{
    (void)state;
    base_cfg();
    cfg.sector = 32;
    make(1);
    fetch_sector(LINE(1, 0), 0);
    fetch_sector(LINE(1, 0), 1);
    memset(&c.st.sec, 0, sizeof c.st.sec);
    sload_range(LINE(1, 0), 0, 1); /* every sector valid: a hit */
    sload_range(LINE(1, 0), 1, 2); /* sector 2 missing: partial */
    sload_range(LINE(1, 1), 0, 0); /* its line absent: a miss */
    assert_int_equal(c.st.sec.req_hits[0], 1);
    assert_int_equal(c.st.sec.req_partial[0], 1);
    assert_int_equal(c.st.sec.req_misses[0], 1);
    /* Per sector: 3 hits, the absent line's miss, the present line's sector miss. */
    assert_int_equal(c.st.sec.hits[0], 3);
    assert_int_equal(c.st.sec.misses[0], 1);
    assert_int_equal(c.st.sec.sector_misses[0], 1);
    assert_int_equal(c.st.sec.req_hits[1] + c.st.sec.hits[1], 0); /* no writes */
    assert_int_equal(c.missq.n, 2); /* sector 2 and the other line's sector 0 */
    fill(leave_one());
    fill(leave_one());
    drain_resp();
    drain_hits();
}

static void test_sector_eviction_clears_all(void **state)
{
    (void)state;
    base_cfg();
    cfg.sector = 32;
    make(1);
    fetch_sector(LINE(3, 0), 0);
    fetch_sector(LINE(3, 0), 3);
    now += 10;
    fetch_sector(LINE(3, 1), 1);
    now += 10;
    /* A third line of the set evicts the LRU one, every sector of it. */
    assert_int_equal(sload(LINE(3, 2), 2).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.evictions, 1);
    assert_null(line_of(LINE(3, 0)));
    const gm_line_t *n = line_of(LINE(3, 2));
    assert_int_equal(n->sv, 0); /* the new line holds nothing yet */
    assert_int_equal(n->sp, 0x4);
    fill(leave_one());
    drain_resp();
    /* The evicted line's sectors are gone: a miss again, not a hit. */
    uint64_t hits = c.st.sec.hits[0], misses = c.st.sec.misses[0];
    now += 10;
    assert_int_equal(sload(LINE(3, 0), 3).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.sec.hits[0], hits);
    assert_int_equal(c.st.sec.misses[0], misses + 1);
    fill(leave_one());
    drain_resp();
    assert_int_equal(line_of(LINE(3, 0))->sv, 0x8);
}

/* A sector of an L2-like cache's request, allocated as the crossbar would. */
static gm_cache_res_t l2_sector(uint32_t line, unsigned k, int write)
{
    uint32_t id = gm_req_alloc(&pool);
    gm_req(&pool, id)->addr = gm_req(&pool, id)->paddr = line + 32u * k;
    gm_req(&pool, id)->kind = (uint8_t)(write ? GM_REQ_WRITE : GM_REQ_READ);
    gm_req(&pool, id)->bytes = 32;
    gm_cache_acc_t a = sacc(line, k, write);
    a.id = id;
    gm_cache_res_t r = cycle(&a, GM_NO_REQ);
    if (r.outcome != GM_ACC_DONE)
        gm_req_release(&pool, id);
    return r;
}

static void test_sector_write_back_dirty_only(void **state)
{
    (void)state;
    base_cfg();
    cfg.write = GM_WRITE_BACK;
    cfg.sector = 32;
    make(0);
    /* Stores to sectors 1 and 3: allocated without a fetch, those two
     * sectors valid and dirty, the others invalid. */
    assert_int_equal(l2_sector(LINE(2, 0), 1, 1).outcome, GM_ACC_DONE);
    assert_int_equal(l2_sector(LINE(2, 0), 3, 1).outcome, GM_ACC_DONE);
    drain_resp();
    const gm_line_t *l = line_of(LINE(2, 0));
    assert_int_equal(l->sv, 0xa);
    assert_int_equal(l->sd, 0xa);
    assert_int_equal(c.st.sec.misses[1], 1);
    assert_int_equal(c.st.sec.sector_misses[1], 1);
    now += 10;
    assert_int_equal(l2_sector(LINE(2, 1), 0, 1).outcome, GM_ACC_DONE);
    drain_resp();
    now += 10;
    /* A read miss evicts the LRU line: two dirty sectors, 64 bytes, go down. */
    assert_int_equal(l2_sector(LINE(2, 2), 0, 0).outcome, GM_ACC_DONE);
    assert_int_equal(c.st.writebacks, 1);
    assert_int_equal(c.st.sec.writeback_bytes, 64);
    uint32_t wb = leave_one();
    assert_int_equal(gm_req(&pool, wb)->kind, GM_REQ_WRITEBACK);
    assert_int_equal(gm_req(&pool, wb)->addr, LINE(2, 0));
    assert_int_equal(gm_req(&pool, wb)->bytes, 64);
    gm_req_release(&pool, wb);
    now += 10; /* the write-back's read-out holds the data port */
    /* A store waits for its own sector's fetch only. */
    assert_int_equal(l2_sector(LINE(2, 2), 0, 1).outcome, GM_ACC_STALL);
    assert_int_equal(l2_sector(LINE(2, 2), 1, 1).outcome, GM_ACC_DONE);
    drain_resp();
    fill(leave_one());
    drain_resp();
    l = line_of(LINE(2, 2));
    assert_int_equal(l->sv, 0x3);
    assert_int_equal(l->sd, 0x2);
    /* Its eviction writes back the one dirty sector: 32 bytes more. */
    now += 10;
    assert_int_equal(l2_sector(LINE(2, 3), 0, 1).outcome, GM_ACC_DONE);
    drain_resp();
    now += 10;
    assert_int_equal(l2_sector(LINE(2, 4), 0, 1).outcome, GM_ACC_DONE);
    drain_resp();
    assert_int_equal(c.st.writebacks, 3);
    assert_int_equal(c.st.sec.writeback_bytes, 64 + 32 + 32);
    drop_missq();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_miss_fill_hit_and_data_port, teardown),
        cmocka_unit_test_teardown(test_footprint_counts_distinct_lines, teardown),
        cmocka_unit_test_teardown(test_reservation_fail_order, teardown),
        cmocka_unit_test_teardown(test_merge_into_pending_miss, teardown),
        cmocka_unit_test_teardown(test_lru_victim_on_miss, teardown),
        cmocka_unit_test_teardown(test_allocate_on_fill, teardown),
        cmocka_unit_test_teardown(test_write_evict, teardown),
        cmocka_unit_test_teardown(test_write_through, teardown),
        cmocka_unit_test_teardown(test_write_back, teardown),
        cmocka_unit_test_teardown(test_l2_data_port, teardown),
        cmocka_unit_test_teardown(test_l2_port_of_a_line, teardown),
        cmocka_unit_test_teardown(test_write_fetch, teardown),
        cmocka_unit_test_teardown(test_plugin_tag_store, teardown),
        cmocka_unit_test_teardown(test_prefetch, teardown),
        cmocka_unit_test_teardown(test_sector_miss_fetches_missing_only, teardown),
        cmocka_unit_test_teardown(test_sector_merge_into_pending, teardown),
        cmocka_unit_test_teardown(test_sector_partial_hit_counting, teardown),
        cmocka_unit_test_teardown(test_sector_eviction_clears_all, teardown),
        cmocka_unit_test_teardown(test_sector_write_back_dirty_only, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
