/* mshr against seed-001 §3.1 by hand: entry-full, merge-full (the primary
 * counts as a slot), release order, entry reuse, same-cycle rules, the
 * ACCESS_LAT delay of the miss issue, and reset values. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/mshr.h"

static mshr_t m;

static void init(unsigned nent, unsigned nslot, unsigned lat)
{
    mshr_params_t p = {.NENT = nent, .NSLOT = nslot, .ACCESS_LAT = lat};
    gm_err_t err;
    assert_int_equal(mshr_init(&m, &p, &err), 0);
}

/* One cycle; returns the outputs seen before the edge. */
static mshr_out_t cyc(int req, uint32_t blk, uint32_t info, int fill, uint32_t fblk, int fwd)
{
    mshr_in_t in;
    mshr_out_t out;
    gm_err_t err;
    memset(&in, 0, sizeof in);
    in.req_valid = (uint64_t)req;
    in.req_blk = blk;
    in.req_info = info;
    in.fill_valid = (uint64_t)fill;
    in.fill_blk = fblk;
    in.fwd_ready = (uint64_t)fwd;
    in.prb_blk = blk;
    mshr_eval(&m, &in, &out);
    mshr_tick(&m, &in);
    assert_int_equal(mshr_check(&m, &err), 0);
    return out;
}

static void test_reset(void **state)
{
    (void)state;
    init(4, 4, 1);
    mshr_out_t o = cyc(0, 0, 0, 0, 0, 1);
    assert_int_equal(o.st_nentries, 0);
    assert_int_equal(o.fwd_valid, 0);
    assert_int_equal(o.req_ready, 1);
    assert_int_equal(o.prb_hit, 0);
    assert_int_equal(o.prb_full, 0);
}

static void test_entry_and_merge_full(void **state)
{
    (void)state;
    init(4, 4, 1);
    for (uint32_t b = 0; b < 4; b++) {
        mshr_out_t o = cyc(1, 0x10 + b, b, 0, 0, 0);
        assert_int_equal(o.req_primary, 1);
        assert_int_equal(o.miss_issue_valid, 1); /* ACCESS_LAT 1: same cycle */
        assert_int_equal(o.miss_issue_blk, 0x10 + b);
    }
    mshr_out_t o = cyc(1, 0x20, 9, 0, 0, 0);
    assert_int_equal(o.req_rf, 1);
    assert_int_equal(o.req_rf_cause, MSHR_RF_ENTRY_FULL);
    /* NSLOT counts the primary: 3 secondaries fit, the 4th fails. */
    for (uint32_t k = 0; k < 3; k++) {
        o = cyc(1, 0x10, 100 + k, 0, 0, 0);
        assert_int_equal(o.req_accept, 1);
        assert_int_equal(o.req_primary, 0);
    }
    o = cyc(1, 0x10, 200, 0, 0, 0);
    assert_int_equal(o.req_rf_cause, MSHR_RF_MERGE_FULL);
    assert_int_equal(o.prb_full, 1);
    assert_int_equal(o.st_used_slots, 7);
    assert_int_equal(m.ctr.rf_entry_full, 1);
    assert_int_equal(m.ctr.rf_merge_full, 1);
}

static void test_release_order_and_reuse(void **state)
{
    (void)state;
    init(2, 4, 1);
    cyc(1, 0xa, 1, 0, 0, 0);
    cyc(1, 0xb, 2, 0, 0, 0);
    cyc(1, 0xa, 3, 0, 0, 0);
    cyc(1, 0xb, 4, 1, 0xb, 0); /* merge and fill of b in one cycle: merged */
    cyc(0, 0, 0, 1, 0xa, 0);   /* b filled first, then a */
    uint32_t order[4];
    for (int k = 0; k < 4; k++) {
        mshr_out_t o = cyc(0, 0, 0, 0, 0, 1);
        assert_int_equal(o.fwd_valid, 1);
        order[k] = (uint32_t)o.fwd_info;
        assert_int_equal(o.fwd_last, k == 1 || k == 3);
    }
    uint32_t want[4] = {2, 4, 1, 3};
    assert_memory_equal(order, want, sizeof want);
    mshr_out_t o = cyc(0, 0, 0, 0, 0, 1);
    assert_int_equal(o.fwd_valid, 0);
    assert_int_equal(o.st_nentries, 0);
    assert_int_equal(m.ctr.forwards, 4);
}

static void test_filled_entry_takes_no_merge(void **state)
{
    (void)state;
    init(2, 4, 1);
    cyc(1, 0xa, 1, 0, 0, 0);
    cyc(0, 0, 0, 1, 0xa, 0);
    mshr_out_t o = cyc(1, 0xa, 2, 0, 0, 0); /* a new primary for the same block */
    assert_int_equal(o.req_primary, 1);
    assert_int_equal(o.prb_hit, 0);         /* probes see unfilled entries only */
    o = cyc(0, 0, 0, 1, 0x77, 0);
    assert_int_equal(o.fill_err, 1);
    assert_int_equal(m.ctr.fill_errors, 1);
}

static void test_freed_entry_not_reused_same_cycle(void **state)
{
    (void)state;
    init(1, 1, 1);
    cyc(1, 0xa, 1, 0, 0, 0);
    cyc(0, 0, 0, 1, 0xa, 0);
    mshr_out_t o = cyc(1, 0xb, 2, 0, 0, 1); /* a's only slot leaves this cycle */
    assert_int_equal(o.fwd_valid, 1);
    assert_int_equal(o.req_rf_cause, MSHR_RF_ENTRY_FULL);
    o = cyc(1, 0xb, 2, 0, 0, 1);
    assert_int_equal(o.req_primary, 1);
}

static void test_access_latency(void **state)
{
    (void)state;
    init(4, 4, 3);
    mshr_out_t o = cyc(1, 0x42, 1, 0, 0, 0);
    assert_int_equal(o.req_primary, 1);
    assert_int_equal(o.miss_issue_valid, 0);
    o = cyc(0, 0, 0, 0, 0, 0);
    assert_int_equal(o.miss_issue_valid, 0);
    o = cyc(0, 0, 0, 0, 0, 0);
    assert_int_equal(o.miss_issue_valid, 1); /* ACCESS_LAT - 1 = 2 cycles later */
    assert_int_equal(o.miss_issue_blk, 0x42);
}

/* The simulator's fast path (mshr_tick_idle) does what a whole cycle
 * without inputs does, whenever it says it may: over a random run the two
 * states stay byte for byte the same, and it is taken while entries wait
 * for their fills. */
static void test_tick_idle_is_a_whole_cycle(void **state)
{
    (void)state;
    init(8, 4, 2);
    static mshr_t twin;
    uint32_t rng = 12345, taken = 0, pending_taken = 0;
    for (int c = 0; c < 20000; c++) {
        rng = rng * 1103515245u + 12345u;
        unsigned r = rng >> 16;
        if (r % 4) { /* a cycle without inputs: both ways */
            static mshr_t before;
            memcpy(&twin, &m, sizeof m);
            memcpy(&before, &m, sizeof m);
            mshr_in_t in;
            memset(&in, 0, sizeof in);
            in.fwd_ready = 1;
            mshr_tick(&m, &in);
            if (mshr_tick_idle(&twin)) {
                taken++;
                pending_taken += m.nent > 0;
                assert_memory_equal(&twin, &m, sizeof m);
            } else {
                assert_memory_equal(&twin, &before, sizeof m); /* untouched */
            }
            continue;
        }
        cyc(r & 8, 0x100 + (r >> 4) % 12, (uint32_t)c, r & 16, 0x100 + (r >> 8) % 12, 1);
    }
    assert_true(taken > 1000);
    assert_true(pending_taken > 100);
}

/* The fast-forward's bulk form: mshr_tick_idle_n(n) is n whole cycles
 * without inputs whenever it says it may (n = 0 only asks), and leaves the
 * state untouched when it may not (a filled entry waiting for release). */
static void test_tick_idle_n_is_n_cycles(void **state)
{
    (void)state;
    init(8, 4, 1);
    static mshr_t twin, before;
    cyc(1, 0x20, 1, 0, 0, 1);
    cyc(1, 0x21, 2, 0, 0, 1);
    cyc(1, 0x20, 3, 0, 0, 1); /* a merge: 3 slots held, 2 entries */
    for (int k = 0; k < 4; k++)
        cyc(0, 0, 0, 0, 0, 1); /* the issue pipe drains */
    mshr_in_t in;
    memset(&in, 0, sizeof in);
    in.fwd_ready = 1;
    mshr_counters_t c;
    mshr_counters(&m, &c);
    uint64_t slots = c.slot_cycles;
    memcpy(&twin, &m, sizeof m);
    assert_int_equal(mshr_tick_idle_n(&twin, 0), 1);
    assert_memory_equal(&twin, &m, sizeof m);
    for (int k = 0; k < 37; k++)
        mshr_tick(&m, &in);
    assert_int_equal(mshr_tick_idle_n(&twin, 37), 1);
    assert_memory_equal(&twin, &m, sizeof m);
    mshr_counters(&m, &c);
    assert_int_equal(c.slot_cycles, slots + 37 * 3); /* 3 slots held 37 cycles */
    cyc(0, 0, 0, 1, 0x21, 0); /* filled, its release held back */
    memcpy(&before, &m, sizeof m);
    assert_int_equal(mshr_tick_idle_n(&m, 5), 0);
    assert_memory_equal(&before, &m, sizeof m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_entry_and_merge_full),
        cmocka_unit_test(test_release_order_and_reuse),
        cmocka_unit_test(test_filled_entry_takes_no_merge),
        cmocka_unit_test(test_freed_entry_not_reused_same_cycle),
        cmocka_unit_test(test_access_latency),
        cmocka_unit_test(test_tick_idle_is_a_whole_cycle),
        cmocka_unit_test(test_tick_idle_n_is_n_cycles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
