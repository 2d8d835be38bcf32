/* An L2 bank (sim/l2.c) around the cache pipeline, built without a GPU:
 * its fill port and its reply order. GPGPU-Sim 3.2.2 (l2cache.cc) takes a
 * fill from the DRAM queue only while the L2's fill port is free, and the
 * fill holds it for its atom over the port width (gpu-cache.cc,
 * use_fill_port): a 128-byte line over a 32-byte port, 4 L2 cycles; and
 * its cache_cycle sends a filled miss on before it takes an access. The
 * data port is test_cache.c's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/l2.h"
#include "sim/plugin.h"

#include "cache_parts.h"

static gm_l2_cfg_t cfg;
static gm_registry_t reg;
static gm_req_pool_t pool;
static gm_l2bank_t bank;
static uint64_t now;
static gm_route_t route;
static void *index_self, *mshr_self;

static void make(uint32_t port_bytes)
{
    gm_err_t err;
    memset(&cfg, 0, sizeof cfg);
    cfg.c.sets = 4;
    cfg.c.ways = 4;
    cfg.c.line = 128;
    cfg.c.alloc = GM_ALLOC_ON_MISS;
    cfg.c.write = GM_WRITE_BACK;
    cfg.c.mshr = GM_MSHR_CONVENTIONAL;
    cfg.c.mshr_entries = 8;
    cfg.c.mshr_merge = 4;
    cfg.c.missq = 8;
    cfg.c.port_bytes = port_bytes;
    cfg.c.latency = 1;
    cfg.channels = 1;
    cfg.subpartitions = 1;
    cfg.rop_latency = 1;
    cfg.queue = 8;
    now = 0;
    memset(&reg, 0, sizeof reg);
    assert_int_equal(gm_req_pool_init(&pool, 64, &err), 0);
    route = (gm_route_t){.fn = route_same, .self = NULL};
    gm_ctx_t ctx = {.now = &now, .pool = &pool, .reg = &reg};
    assert_int_equal(gm_l2_init(&bank, 0, &cfg, ctx, &now, &route, &err), 0);
    gm_site_t site = {.kind = GM_SITE_L2, .name = "l2.bank0", .ctx = &ctx, .l2 = &bank,
                      .cache = &bank.c};
    attach_parts(&site, 1, &index_self, &mshr_self);
}

static int teardown(void **state)
{
    (void)state;
    while (!gm_fifo_empty(&bank.replies))
        gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    gm_l2_free(&bank);
    free_parts(index_self, mshr_self);
    gm_registry_free(&reg);
    gm_req_pool_free(&pool);
    return 0;
}

static void cycle(void)
{
    gm_l2_cycle(&bank);
    now++;
}

/* A line read, not yet offered to the bank. */
static uint32_t new_read(uint32_t addr)
{
    uint32_t id = gm_req_alloc(&pool);
    gm_req_t *r = gm_req(&pool, id);
    r->addr = r->paddr = addr;
    r->kind = GM_REQ_READ;
    r->bytes = 128;
    return id;
}

/* A line read the bank takes from the crossbar. */
static uint32_t read_at(uint32_t addr)
{
    uint32_t id = new_read(addr);
    assert_int_equal(gm_l2_accept(&bank, id), 1);
    return id;
}

/* Read misses to n lines of distinct sets; their fills then come back
 * together. Returns the cycles at which each fill was taken. */
static void fills_taken(uint32_t n, uint64_t *at)
{
    for (uint32_t i = 0; i < n; i++)
        read_at(0x1000u + i * 128u);
    for (int k = 0; k < 40; k++)
        cycle();
    assert_int_equal(bank.c.st.misses, n);
    assert_int_equal(bank.c.missq.n, n);
    while (!gm_fifo_empty(&bank.c.missq))
        gm_fifo_push(&bank.fills, gm_fifo_pop(&bank.c.missq));
    uint64_t seen = 0;
    for (int k = 0; k < 40 && seen < n; k++) {
        cycle();
        if (bank.c.st.fills > seen)
            at[seen++] = now - 1;
    }
    assert_int_equal(seen, n);
}

/* Three fills arriving together over a fill port of port_bytes: they are
 * taken `gap` L2 cycles apart. */
static void check_fill_gaps(uint32_t port_bytes, uint64_t gap)
{
    make(port_bytes);
    uint64_t at[3];
    fills_taken(3, at);
    assert_int_equal(at[1] - at[0], gap);
    assert_int_equal(at[2] - at[1], gap);
}

/* A line over a 32-byte fill port: one fill every 4 L2 cycles. */
static void test_fill_port_paces_fills(void **state)
{
    (void)state;
    check_fill_gaps(32, 4);
}

/* A port as wide as the line: a fill a cycle. */
static void test_fill_port_of_a_line(void **state)
{
    (void)state;
    check_fill_gaps(128, 1);
}

static void run(int n)
{
    for (int k = 0; k < n; k++)
        cycle();
}

static uint32_t last_reply(void) { return gm_fifo_at(&bank.replies, bank.replies.n - 1); }

/* A line made resident: a miss, filled, its reply taken away. */
static void make_resident(uint32_t addr)
{
    uint64_t fills = bank.c.st.fills;
    read_at(addr);
    run(10);
    gm_fifo_push(&bank.fills, gm_fifo_pop(&bank.c.missq));
    run(10);
    assert_int_equal(bank.c.st.fills, fills + 1);
    while (!gm_fifo_empty(&bank.replies))
        gm_req_release(&pool, gm_fifo_pop(&bank.replies));
}

/* A full reply queue, a hit waiting at the hit pipe's end and a filled
 * miss waiting for release: the one place that frees goes to the release,
 * the next to the hit. Hits first would hold a bank's filled misses for
 * as long as it streams hits. */
static void test_release_before_hits(void **state)
{
    (void)state;
    make(128);
    make_resident(0x2000); /* line B */
    uint32_t a = read_at(0x1000); /* line A: a miss */
    run(10);
    assert_int_equal(bank.c.missq.n, 1);
    while (!gm_fifo_full(&bank.replies))
        gm_fifo_push(&bank.replies, gm_req_alloc(&pool));
    uint32_t h = read_at(0x2000); /* a hit on B */
    gm_fifo_push(&bank.fills, gm_fifo_pop(&bank.c.missq));
    run(10);
    assert_int_equal(bank.c.st.hits, 1);
    assert_int_equal(bank.c.st.fills, 2);
    assert_int_equal(gm_cache_hit_peek(&bank.c, now), h);
    assert_true(bank.c.mshr.fwd_pending(bank.c.mshr.self));
    gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    cycle();
    assert_int_equal(last_reply(), a);
    assert_false(bank.c.mshr.fwd_pending(bank.c.mshr.self));
    assert_int_equal(gm_cache_hit_peek(&bank.c, now), h);
    gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    cycle();
    assert_int_equal(last_reply(), h);
}

/* The same for a store's ack (write-back, no fetch): it stalls, counted,
 * while its place is the release's. */
static void test_release_before_store_acks(void **state)
{
    (void)state;
    make(128);
    uint32_t a = read_at(0x1000);
    run(10);
    while (!gm_fifo_full(&bank.replies))
        gm_fifo_push(&bank.replies, gm_req_alloc(&pool));
    uint32_t w = read_at(0x3000);
    gm_req(&pool, w)->kind = GM_REQ_WRITE;
    gm_fifo_push(&bank.fills, gm_fifo_pop(&bank.c.missq));
    run(10);
    assert_true(bank.c.mshr.fwd_pending(bank.c.mshr.self));
    uint64_t stalls = bank.c.st.port_stalls;
    gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    cycle();
    assert_int_equal(last_reply(), a);
    assert_int_equal(bank.c.st.writes, 0);
    assert_int_equal(bank.c.st.port_stalls, stalls + 1);
    gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    cycle();
    assert_int_equal(last_reply(), w);
    assert_int_equal(bank.c.st.writes, 1);
}

/* The intake: with its incoming queue full gmem's bank still takes a
 * request into its ROP delay line; with l2.intake_gate it takes none, as
 * GPGPU-Sim's sub-partition asks full() of its icnt-to-L2 queue first. */
static void check_intake(int gate)
{
    make(128);
    cfg.intake_gate = gate;
    /* Fill the incoming queue straight from the ROP delay (the bank is
     * not clocked, so nothing leaves it). */
    for (uint32_t n = 0; n < cfg.queue; n++) {
        read_at(0x1000u + n * 128u);
        gm_fifo_push(&bank.inq, gm_delay_pop(&bank.rop));
    }
    assert_true(gm_fifo_full(&bank.inq));
    uint32_t id = new_read(0x1000u + cfg.queue * 128u);
    int took = gm_l2_accept(&bank, id);
    assert_int_equal(took, !gate);
    if (!took)
        gm_req_release(&pool, id);
    while (!gm_fifo_empty(&bank.inq))
        gm_req_release(&pool, gm_fifo_pop(&bank.inq));
    while (bank.rop.q.n)
        gm_req_release(&pool, gm_delay_pop(&bank.rop));
}

static void test_intake_gate(void **state)
{
    (void)state;
    check_intake(0);
    teardown(NULL);
    check_intake(1);
}

/* The output: with l2.reply_gate the bank makes no access while that many
 * replies are queued or in its hit pipe, as GPGPU-Sim's cache_cycle makes
 * none while its L2-to-icnt queue is full; a request waiting then is a
 * stall. Here the gate is one more than the reply queue holds, so only
 * a hit held in the pipe behind the full queue closes it. */
static void test_reply_gate(void **state)
{
    (void)state;
    make(128);
    make_resident(0x2000); /* line B */
    cfg.reply_gate = bank.replies.cap + 1;
    while (!gm_fifo_full(&bank.replies))
        gm_fifo_push(&bank.replies, gm_req_alloc(&pool));
    uint32_t h = read_at(0x2000); /* a hit on B: taken, held in the pipe */
    read_at(0x3000);              /* a miss: gated behind it */
    uint64_t misses = bank.c.st.misses, stalls = bank.c.st.port_stalls;
    run(10);
    assert_int_equal(bank.c.st.hits, 1);
    assert_int_equal(gm_cache_hit_peek(&bank.c, now), h);
    assert_int_equal(bank.c.st.misses, misses);
    assert_int_equal(bank.c.st.port_stalls, stalls + 8); /* from its 2nd cycle on */
    gm_req_release(&pool, gm_fifo_pop(&bank.replies));
    run(2); /* the hit takes the freed place; the gate opens */
    assert_int_equal(last_reply(), h);
    assert_int_equal(bank.c.st.misses, misses + 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_teardown(test_reply_gate, teardown),
        cmocka_unit_test_teardown(test_intake_gate, teardown),
        cmocka_unit_test_teardown(test_release_before_store_acks, teardown),
        cmocka_unit_test_teardown(test_release_before_hits, teardown),
        cmocka_unit_test_teardown(test_fill_port_paces_fills, teardown),
        cmocka_unit_test_teardown(test_fill_port_of_a_line, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
