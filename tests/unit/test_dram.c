/* The DRAM channel against timings worked out by hand from the GDDR5
 * parameters (tRCD 12, tCL 12, tCCD 2, tRAS 28, tRP 12, tRC 40, 4-cycle
 * 128-byte bursts, 100 cycles of return latency), under its two scheduler
 * plug-ins: FR-FCFS serves a younger row hit first, FCFS never does. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "sim/config.h"
#include "sim/dram.h"
#include "sim/plugin.h"

static gm_gpu_config_t cfg;
static gm_addr_map_t map;
static gm_req_pool_t pool;
static gm_dram_t d;

static int setup_with(const char *sched, uint32_t groups)
{
    gm_err_t err;
    gm_gpu_config_defaults(&cfg);
    cfg.dram.latency = 100; /* the timings below were worked out with 100 */
    if (groups > 1) {       /* GPGPU-Sim 3.2.2's GTX480 file, as 3.2.2 groups it */
        cfg.dram.bank_groups = groups;
        cfg.dram.tCCDL = 3;
        cfg.dram.tRTPL = 2;
    }
    gm_addr_map_init(&map, cfg.dram.addr_map);
    assert_int_equal(gm_req_pool_init(&pool, 64, &err), 0);
    assert_int_equal(gm_dram_init(&d, &cfg.dram, &map, &pool, &err), 0);
    const gm_plugin_t *p = gm_plugin_find(sched);
    assert_non_null(p);
    gm_site_t site = {.kind = GM_SITE_DRAM, .name = "dram0", .dram = &d};
    assert_int_equal(p->attach(NULL, &site, &err), 0);
    assert_non_null(d.sched.cycle);
    return 0;
}

static int setup(void **state)
{
    (void)state;
    return setup_with("frfcfs", 1);
}

static int setup_groups(void **state)
{
    (void)state;
    return setup_with("frfcfs", 2);
}

static int setup_fcfs(void **state)
{
    (void)state;
    return setup_with("fcfs", 1);
}

static int teardown(void **state)
{
    (void)state;
    gm_dram_free(&d);
    gm_req_pool_free(&pool);
    return 0;
}

/* Row r, bank b, line-aligned column c in the default map
 * 0000RRRRRRRRRRRRBBBCCCCBCCSSSSSS. */
static uint32_t paddr(uint32_t r, uint32_t b, uint32_t c)
{
    return r << 16 | (b >> 1) << 13 | (c >> 2) << 9 | (b & 1) << 8 | (c & 3) << 6;
}

static uint32_t push(uint32_t pa, int kind)
{
    uint32_t id = gm_req_alloc(&pool);
    gm_req(&pool, id)->paddr = pa;
    gm_req(&pool, id)->bytes = 128;
    gm_req(&pool, id)->kind = (uint8_t)kind;
    gm_dram_push(&d, id);
    return id;
}

static void test_decode(void **state)
{
    (void)state;
    uint32_t pa = paddr(0x5a5, 11, 0x2c);
    assert_int_equal(gm_addr_row(&map, pa), 0x5a5);
    assert_int_equal(gm_addr_bank(&map, pa), 11);
    assert_int_equal(gm_addr_col(&map, pa), 0x2c);
    assert_int_equal(gm_dram_burst_cycles(&cfg.dram, 128), 4); /* 16 beats of 8 B, QDR */
    assert_int_equal(gm_dram_burst_cycles(&cfg.dram, 32), 2);  /* one 8-beat burst */
}

static void test_hit_miss_conflict_timing(void **state)
{
    (void)state;
    uint32_t a = push(paddr(1, 3, 0), GM_REQ_READ);
    uint32_t b = push(paddr(1, 3, 1), GM_REQ_READ); /* same row: a hit */
    uint32_t c = push(paddr(2, 3, 0), GM_REQ_READ); /* other row: a conflict */
    uint64_t done[4] = {0, 0, 0, 0};
    for (uint64_t t = 0; t < 300; t++) {
        gm_dram_cycle(&d, t);
        for (uint32_t id; (id = gm_dram_ret_peek(&d, t)) != UINT32_MAX;) {
            gm_dram_ret_pop(&d);
            done[id == a ? 0 : id == b ? 1 : id == c ? 2 : 3] = t;
            gm_req_release(&pool, id);
        }
    }
    /* a: ACT 0, RD 12, data 24..28, +100 -> 128. b: RD when its data can
     * follow a's on the bus: 16, data 28..32 -> 132. c: PRE at tRAS = 28,
     * ACT at max(tRC 40, 28 + tRP 40) = 40, RD 52, data 64..68 -> 168. */
    assert_int_equal(done[0], 128);
    assert_int_equal(done[1], 132);
    assert_int_equal(done[2], 168);
    assert_int_equal(d.st.row_hits, 1);
    assert_int_equal(d.st.row_misses, 2);
    assert_int_equal(d.st.row_conflicts, 1);
    assert_int_equal(d.st.activates, 2);
    assert_int_equal(d.st.busy_cycles, 12);
}

static void test_fr_fcfs_prefers_row_hits(void **state)
{
    (void)state;
    /* Open row 5 in bank 0, then queue a conflicting request before a hit:
     * the younger hit goes first. */
    uint32_t first = push(paddr(5, 0, 0), GM_REQ_READ);
    for (uint64_t t = 0; t < 13; t++)
        gm_dram_cycle(&d, 1000 + t);
    (void)first;
    assert_int_equal(d.st.reads, 1);
    uint32_t old = push(paddr(6, 0, 0), GM_REQ_READ);
    uint32_t young = push(paddr(5, 0, 2), GM_REQ_READ);
    uint64_t t = 1013;
    while (d.st.reads < 2)
        gm_dram_cycle(&d, t++);
    /* The second column read served is the young row hit. */
    assert_int_equal(d.queue.n, 1);
    assert_int_equal(gm_fifo_head(&d.queue), old);
    (void)young;
    (void)first;
}

/* The same queue under FCFS: the old conflicting request goes first (its
 * bank's row is closed for it), the young hit after it. */
static void test_fcfs_keeps_arrival_order(void **state)
{
    (void)state;
    push(paddr(5, 0, 0), GM_REQ_READ);
    for (uint64_t t = 0; t < 13; t++)
        gm_dram_cycle(&d, 1000 + t);
    assert_int_equal(d.st.reads, 1);
    uint32_t old = push(paddr(6, 0, 0), GM_REQ_READ);
    uint32_t young = push(paddr(5, 0, 2), GM_REQ_READ);
    uint64_t t = 1013;
    while (d.st.reads < 2)
        gm_dram_cycle(&d, t++);
    assert_int_equal(d.queue.n, 1);
    assert_int_equal(gm_fifo_head(&d.queue), young);
    assert_int_equal(d.st.row_conflicts, 1);
    /* PRE at tRAS (1028), ACT at 1040 (tRC from 1000), RD at 1052. */
    assert_int_equal(t, 1053);
    (void)old;
    /* The young request had hit row 5 before; now it must reopen it. */
    while (d.st.reads < 3)
        gm_dram_cycle(&d, t++);
    assert_int_equal(d.st.row_conflicts, 2);
    assert_int_equal(d.st.row_hits, 0);
}
/* The cycle at which the counter reaches n, stepping from *t on. */
static uint64_t step_until(uint64_t *t, const uint64_t *counter, uint64_t n)
{
    while (*counter < n)
        gm_dram_cycle(&d, (*t)++);
    return *t - 1;
}

/* Banks 0 and 1 share a group (0-7 of 16 in two groups), bank 8 does
 * not. Without groups: ACT 0 at 0, ACT 8 at tRRD 6, RD a at 12, b when
 * its data follows a's at 16, c at 20. With tCCDL 3 a 128-byte read is
 * two bursts, 6 cycles of its group: b at 18, c at 22 (its data after
 * b's). A read holds its group's precharges for tRTPL after its last
 * burst: 3 + 2 cycles, where a precharge could follow the read at once
 * (the row opened long enough ago for tRAS). */
static void test_bank_groups(void **state)
{
    (void)state;
    uint32_t groups = cfg.dram.bank_groups; /* 1 or 2, by the setup */
    uint32_t a = push(paddr(1, 0, 0), GM_REQ_READ);
    uint32_t b = push(paddr(1, 0, 1), GM_REQ_READ);
    uint32_t c = push(paddr(1, 8, 0), GM_REQ_READ);
    uint64_t t = 0, g = groups > 1;
    assert_int_equal(step_until(&t, &d.st.reads, 1), 12);
    assert_int_equal(gm_fifo_head(&d.queue), b);
    assert_int_equal(step_until(&t, &d.st.reads, 2), g ? 18 : 16);
    assert_int_equal(gm_fifo_head(&d.queue), c);
    assert_int_equal(step_until(&t, &d.st.reads, 3), g ? 22 : 20);
    for (uint32_t id; t < 200; t++)
        while ((id = gm_dram_ret_peek(&d, t)) != GM_NO_REQ)
            gm_req_release(&pool, gm_dram_ret_pop(&d));
    push(paddr(1, 0, 2), GM_REQ_READ); /* a hit in bank 0, long open */
    push(paddr(2, 0, 0), GM_REQ_READ); /* then a conflict */
    assert_int_equal(step_until(&t, &d.st.reads, 4), 200);
    assert_int_equal(step_until(&t, &d.st.precharges, 1), g ? 205 : 201);
    (void)a;
}

static uint64_t commands(void)
{
    return d.st.activates + d.st.precharges + d.st.reads + d.st.writes;
}

/* The fast-forward's bound (gm_dram_next): under random traffic (rows,
 * banks, reads and write-backs arriving at random) no command is issued
 * before the cycle it names, and it is not vacuous: cycles with a request
 * queued fall below it, and commands are issued right at it. */
static void test_next_is_a_lower_bound(void **state)
{
    (void)state;
    uint32_t rng = 7, quiet = 0, at = 0;
    for (uint64_t t = 1; t < 40000; t++) {
        rng = rng * 1103515245u + 12345u;
        unsigned r = rng >> 8;
        if (r % 16 == 0 && pool.nfree > 8 && !gm_dram_full(&d))
            push(paddr(r >> 4 & 7, r >> 7 & 15, r >> 11 & 31),
                 r >> 16 & 1 ? GM_REQ_WRITEBACK : GM_REQ_READ);
        for (uint32_t id; (id = gm_dram_ret_peek(&d, t)) != GM_NO_REQ;)
            gm_req_release(&pool, gm_dram_ret_pop(&d));
        uint64_t next = gm_dram_next(&d), before = commands();
        gm_dram_cycle(&d, t);
        if (commands() != before) {
            assert_true(t >= next);
            at += t == next;
        } else if (d.queue.n) {
            quiet += t < next;
        }
    }
    assert_true(d.st.reads + d.st.writes > 1000);
    /* FCFS waits for its head where the bound sees another request's
     * command free (26 525 and 4 390 under FR-FCFS, 105 and 6 under FCFS) */
    assert_true(quiet > 50);
    assert_true(at > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_decode, setup, teardown),
        cmocka_unit_test_setup_teardown(test_hit_miss_conflict_timing, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fr_fcfs_prefers_row_hits, setup, teardown),
        cmocka_unit_test_setup_teardown(test_fcfs_keeps_arrival_order, setup_fcfs, teardown),
        cmocka_unit_test_setup_teardown(test_next_is_a_lower_bound, setup, teardown),
        cmocka_unit_test_setup_teardown(test_next_is_a_lower_bound, setup_groups, teardown),
        cmocka_unit_test_setup_teardown(test_bank_groups, setup, teardown),
        cmocka_unit_test_setup_teardown(test_bank_groups, setup_groups, teardown),
        cmocka_unit_test_setup_teardown(test_next_is_a_lower_bound, setup_fcfs, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
