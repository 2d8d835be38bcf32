/* ture_coal against values worked by hand from seed-001 §4.4.5-4.4.6 and
 * §9.4 on an 8-entry table read 2 entries a cycle (a pass of 4 chunks + 1
 * cycle): inserts set a page's bit and refresh the stamp, a full table
 * evicts its least recently updated entry (TABLE_FULL) after the pass and
 * its DONE cycle, a recall answers after the pass and clears the entry,
 * OVERSUB evicts exactly 4 whole granules (the table's least recently
 * updated, then the global LRU's), "none" ends a batch early, ties in the
 * scan go to the lowest entry, whichever chunk they sit in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/ture_coal.h"

static ture_coal_t m;
static ture_coal_in_t in;

static void init(unsigned ncoal, unsigned scan)
{
    ture_coal_params_t p = {.NCOAL = ncoal, .SCAN = scan, .BATCH = 4};
    gm_err_t err;
    assert_int_equal(ture_coal_init(&m, &p, &err), 0);
    memset(&in, 0, sizeof in);
}

static ture_coal_out_t out(void)
{
    ture_coal_out_t o;
    ture_coal_eval(&m, &in, &o);
    return o;
}

static void clock(void)
{
    ture_coal_tick(&m, &in);
    memset(&in, 0, sizeof in);
}

/* Clock until the block is ready again; the cycles that took. */
static unsigned settle(void)
{
    unsigned c = 0;
    for (; !out().rec_ready && c < 100; c++) {
        assert_int_equal(out().ev_valid, 0);
        clock();
    }
    return c;
}

/* An insert that finds its entry or a free one: taken, then the pass (5
 * cycles) and DONE, ready again 7 cycles after the cycle it was taken. */
static void insert(uint64_t vpn)
{
    in.ins_valid = 1, in.ins_vpn = vpn;
    assert_int_equal(out().ins_ready, 1);
    clock();
    assert_int_equal(settle(), 6);
}

/* A recall: the bits it returns (-1 on a miss), answered in the cycle
 * after the pass (6 cycles after the one it was taken in). */
static int recall(uint32_t grn)
{
    in.rec_valid = 1, in.rec_grn = grn;
    assert_int_equal(out().rec_ready, 1);
    clock();
    for (unsigned c = 1; c < 6; c++) {
        assert_int_equal(out().rec_done, 0);
        clock();
    }
    ture_coal_out_t o = out();
    assert_int_equal(o.rec_done, 1);
    clock();
    assert_int_equal(out().rec_ready, 1);
    return o.rec_hit ? (int)o.rec_bits : -1;
}

/* Clock until an eviction is offered (and take it); its cycle count. */
static unsigned next_ev(uint32_t *grn, unsigned *reason)
{
    for (unsigned c = 0; c < 100; c++) {
        ture_coal_out_t o = out();
        if (o.ev_valid) {
            *grn = (uint32_t)o.ev_grn;
            *reason = (unsigned)o.ev_reason;
            in.ev_ready = 1;
            clock();
            return c;
        }
        assert_int_equal(o.lru_req_valid, 0);
        clock();
    }
    fail_msg("no eviction");
    return 0;
}

static void test_insert_hit_and_alloc(void **state)
{
    (void)state;
    init(8, 2);
    insert(0x1234563); /* granule 0x123456, page 3 */
    insert(0x1234567); /* the same granule, page 7 */
    insert(0x2000000);
    assert_int_equal(out().st_occ, 2);
    assert_int_equal(m.grn[0], 0x123456);
    assert_int_equal(m.bits[0], 0x88);
    assert_int_equal(m.stamp[0], 2); /* refreshed: ++stamp_ctr */
    assert_int_equal(m.stamp[1], 3);
    assert_int_equal(m.ctr.insert_hits, 1);
}

static void test_full_evicts_lru(void **state)
{
    uint32_t g;
    unsigned r;
    (void)state;
    init(8, 2);
    for (unsigned i = 0; i < 8; i++)
        insert((uint64_t)(0x100 + i) << 4);
    insert(0x1005);                    /* 0x100 refreshed: 0x101 is now the LRU */
    in.ins_valid = 1, in.ins_vpn = 0x2000;
    clock();                           /* taken; the pass starts */
    assert_int_equal(out().ins_ready, 0);
    /* the pass (8 / 2 + 1 = 5 cycles) and DONE, then the eviction */
    assert_int_equal(next_ev(&g, &r), 6);
    assert_int_equal(g, 0x101);
    assert_int_equal(r, TC_TABLE_FULL);
    /* the new granule takes the victim's entry, occupancy unchanged */
    assert_int_equal(m.grn[1], 0x200);
    assert_int_equal(m.bits[1], 1);
    assert_int_equal(out().st_occ, 8);
    assert_int_equal(ture_coal_find(&m, 0x101), -1);
}

static void test_recall_returns_and_clears(void **state)
{
    (void)state;
    init(8, 2);
    insert(0x3003);
    insert(0x300c);
    assert_int_equal(recall(0x300), 0x1008);
    assert_int_equal(out().st_occ, 0);
    assert_int_equal(recall(0x300), -1);
    /* the freed entry is the lowest free one again */
    insert(0x4001);
    assert_int_equal(m.grn[0], 0x400);
}

static void test_oversub_batch_of_four(void **state)
{
    uint32_t g;
    unsigned r;
    (void)state;
    init(8, 2);
    for (unsigned i = 0; i < 6; i++)
        insert((uint64_t)(0x500 + i) << 4 | i);
    insert(0x5001); /* 0x500 becomes the newest */
    in.os_valid = 1;
    clock();
    /* the 4 least recently updated, whole granules, expired or not */
    static const uint32_t want[4] = {0x501, 0x502, 0x503, 0x504};
    for (unsigned k = 0; k < 4; k++) {
        next_ev(&g, &r);
        assert_int_equal(g, want[k]);
        assert_int_equal(r, TC_OVERSUB);
    }
    assert_int_equal(out().rec_ready, 1);
    assert_int_equal(out().st_occ, 2);
    assert_int_equal(m.ctr.evict_oversub, 4);
}

static void test_fallback_and_none(void **state)
{
    uint32_t g;
    unsigned r;
    (void)state;
    init(8, 2);
    insert(0x6000);
    in.os_valid = 1;
    clock();
    next_ev(&g, &r);
    assert_int_equal(g, 0x600);
    assert_int_equal(r, TC_OVERSUB);
    /* the table is empty: 3 more from the global LRU */
    for (unsigned k = 0; k < 3; k++) {
        while (!out().lru_req_valid)
            clock();
        in.lru_rsp_valid = 1, in.lru_rsp_grn = 0x900 + k;
        clock();
        next_ev(&g, &r);
        assert_int_equal(g, 0x900 + k);
        assert_int_equal(r, TC_FALLBACK);
    }
    assert_int_equal(out().rec_ready, 1);
    /* nothing resident anywhere: the batch ends at "none" */
    in.os_valid = 1;
    clock();
    while (!out().lru_req_valid)
        clock();
    in.lru_rsp_valid = 1, in.lru_rsp_none = 1;
    clock();
    assert_int_equal(out().rec_ready, 1);
    assert_int_equal(m.ctr.batches_short, 1);
}

static void test_scan_tie_lowest(void **state)
{
    uint32_t g;
    unsigned r;
    (void)state;
    init(8, 2);
    for (unsigned i = 0; i < 8; i++)
        insert((uint64_t)(0x700 + i) << 4);
    /* equal stamps (the counter wrapped): the lowest entry wins */
    m.stamp[3] = m.stamp[6] = 0;
    in.os_valid = 1;
    clock();
    next_ev(&g, &r);
    assert_int_equal(g, 0x703);
    next_ev(&g, &r);
    assert_int_equal(g, 0x706);
    /* a tie inside one chunk (entries 4 and 5, read in the same cycle) */
    init(8, 2);
    for (unsigned i = 0; i < 8; i++)
        insert((uint64_t)(0x700 + i) << 4);
    m.stamp[5] = m.stamp[4] = 0;
    in.os_valid = 1;
    clock();
    next_ev(&g, &r);
    assert_int_equal(g, 0x704);
    next_ev(&g, &r);
    assert_int_equal(g, 0x705);
}

static void test_params(void **state)
{
    ture_coal_params_t p = {.NCOAL = 12, .SCAN = 8, .BATCH = 4};
    gm_err_t err;
    (void)state;
    assert_int_equal(ture_coal_init(&m, &p, &err), -1);
    assert_string_equal(err.msg, "$.params.SCAN: 8 does not divide NCOAL (12)");
    p.SCAN = 3; /* divides 12, but the banks are addressed by index bits */
    assert_int_equal(ture_coal_init(&m, &p, &err), -1);
    assert_string_equal(err.msg, "$.params.SCAN: 3 is not a power of two");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_insert_hit_and_alloc),
        cmocka_unit_test(test_full_evicts_lru),
        cmocka_unit_test(test_recall_returns_and_clears),
        cmocka_unit_test(test_oversub_batch_of_four),
        cmocka_unit_test(test_fallback_and_none),
        cmocka_unit_test(test_scan_tie_lowest),
        cmocka_unit_test(test_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
