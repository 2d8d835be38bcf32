/* capture_ctrl on C against seed-001 §4.3-4.4, §9.4: the golden cases of
 * capture_ctrl_golden.h through the top's ports at both points (G = 420
 * KiB -> 256 KiB, M_req = 220 KiB -> 128 KiB, Eq. 4.2's F = 2 and lease
 * 2, a recall writing half of lease 10, a full table evicting its least
 * recently updated entry, OVERSUB evicting exactly 4 granules, 512 KiB
 * when oversubscribed and a second batch when one is not enough), then
 * the access pipeline cycle by cycle: one access a cycle, the forwarded
 * write, acc_ready low for an expiry and a recall, an insert dropped when
 * its granule is evicted, and a bad parameter named by its JSON path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../testbench/stim/capture_ctrl_golden.h"

static capture_ctrl_t m;
static capture_ctrl_in_t in;

static capture_ctrl_params_t point(int small)
{
    capture_ctrl_params_t p = {.NALLOC = 16, .OS_CLEAR = 256, .NSAMP = 16, .SAMP_D = 1000,
                               .SAMP_S = 6000, .LEASE_INIT = 1023, .ALPHA_SH = 1,
                               .NCOAL = 256, .SCAN = 16, .BATCH = 4};
    if (small) {
        p.NALLOC = 4, p.OS_CLEAR = 128, p.NSAMP = 4, p.SAMP_D = 40, p.SAMP_S = 100;
        p.LEASE_INIT = 7, p.NCOAL = 8, p.SCAN = 2;
    }
    return p;
}

static void run_golden(int small)
{
    static ccg_t g;
    capture_ctrl_params_t p = point(small);
    gm_err_t err;
    assert_int_equal(capture_ctrl_init(&m, &p, &err), 0);
    assert_int_equal(ccg_init(&g, &p, &err), 0);
    uint64_t cyc = 0;
    for (; cyc < 400000; cyc++) {
        capture_ctrl_out_t o;
        memset(&in, 0, sizeof in);
        if (ccg_gen(&g, cyc, &in))
            break;
        capture_ctrl_eval(&m, &in, &o);
        if (ccg_observe(&g, cyc, &in, &o, &m, &err))
            fail_msg("%s", err.msg);
        capture_ctrl_tick(&m, &in);
    }
    if (ccg_finish(&g, cyc, &err))
        fail_msg("%s", err.msg);
    /* the whole of it seen from the counters too */
    assert_int_equal(m.ctr.recall_hits, 1);
    assert_int_equal(m.ctr.recall_writes, 2);
    assert_int_equal(m.coal.ctr.evict_full, 1);
    assert_int_equal(m.coal.ctr.evict_oversub, small ? 8 : 12);
    assert_int_equal(m.coal.ctr.evict_fallback, small ? 4 : 0);
    assert_int_equal(m.ctr.extra_batches, 1);
    assert_int_equal(m.gran.ctr.evict_requests, 2);
    /* the top's own view of the same events */
    assert_int_equal(m.ctr.evict_table_full, 1);
    assert_int_equal(m.ctr.evict_oversub, m.coal.ctr.evict_oversub);
    assert_int_equal(m.ctr.evict_fallback, m.coal.ctr.evict_fallback);
    assert_int_equal(m.ctr.faults, m.gran.ctr.faults);
    assert_int_equal(m.ctr.migrations, m.gran.ctr.migrations);
    assert_int_equal(m.ctr.leases_written, m.lease.ctr.leases);
}

static void test_golden_default(void **state) { (void)state; run_golden(0); }
static void test_golden_small(void **state) { (void)state; run_golden(1); }

static capture_ctrl_out_t out(void)
{
    capture_ctrl_out_t o;
    capture_ctrl_eval(&m, &in, &o);
    return o;
}

static void clock(void)
{
    capture_ctrl_tick(&m, &in);
    memset(&in, 0, sizeof in);
    in.cfg_cap_pages = 1u << 20;
}

static void access(uint64_t vpn)
{
    in.acc_valid = 1, in.acc_vpn = vpn, in.acc_aid = 0, in.acc_res = 1;
}

/* Back-to-back reads of one page: the second read's memory value is stale
 * (the first write lands at the same edge), so the pipeline forwards. */
static void test_one_a_cycle_and_forwarding(void **state)
{
    (void)state;
    capture_ctrl_params_t p = point(1);
    gm_err_t err;
    assert_int_equal(capture_ctrl_init(&m, &p, &err), 0);
    clock();
    access(0x123);
    capture_ctrl_out_t o = out();
    assert_int_equal(o.acc_ready, 1);
    assert_int_equal(o.lt_rd_valid, 1);
    assert_int_equal(o.lt_rd_vpn, 0x123);
    assert_int_equal(o.lt_wr_valid, 0);
    clock();
    in.lt_rd_data = 9; /* the memory's value */
    access(0x123);
    o = out();
    assert_int_equal(o.acc_ready, 1);
    assert_int_equal(o.lt_wr_valid, 1);
    assert_int_equal(o.lt_wr_vpn, 0x123);
    assert_int_equal(o.lt_wr_data, 8);
    clock();
    in.lt_rd_data = 9; /* stale: read before 8 was written */
    o = out();
    assert_int_equal(o.lt_wr_data, 7);
    clock();
    assert_int_equal(m.ctr.forwards, 1);
    assert_int_equal(m.ctr.accesses, 2);
}

/* lt = 1: 0 is written and the insert holds acc_ready low until the table
 * takes it; lt = 0: a recall, acc_ready low until it is over. */
static void test_expiry_and_recall_stall(void **state)
{
    (void)state;
    capture_ctrl_params_t p = point(1);
    gm_err_t err;
    assert_int_equal(capture_ctrl_init(&m, &p, &err), 0);
    clock();
    access(0x205);
    clock();
    in.lt_rd_data = 1;
    access(0x300);
    capture_ctrl_out_t o = out();
    assert_int_equal(o.acc_ready, 0); /* combinational from lt_rd_data */
    assert_int_equal(o.lt_wr_data, 0);
    assert_int_equal(o.lt_rd_valid, 0);
    clock();
    assert_int_equal(m.fsm, CC_INS);
    access(0x300);
    assert_int_equal(out().acc_ready, 0);
    clock(); /* the table takes the insert */
    assert_int_equal(m.fsm, CC_IDLE);
    for (int i = 0; i < 8 && m.coal.fsm != TC_IDLE; i++)
        clock();
    assert_int_equal(m.coal.occ, 1);
    access(0x205);
    assert_int_equal(out().acc_ready, 1);
    clock();
    in.lt_rd_data = 0;
    assert_int_equal(out().lt_wr_valid, 0);
    clock();
    assert_int_equal(m.fsm, CC_REC);
    unsigned cycles = 0, writes = 0;
    while (m.fsm != CC_IDLE && cycles < 20) {
        capture_ctrl_out_t w = out();
        if (w.lt_wr_valid) {
            assert_int_equal(w.lt_wr_vpn, 0x205);
            assert_int_equal(w.lt_wr_data, 3); /* max(1, LEASE_INIT 7 >> 1) */
            writes++;
        }
        access(0x999);
        assert_int_equal(out().acc_ready, 0);
        clock();
        cycles++;
    }
    assert_int_equal(writes, 1);
    /* taken (1), the 5-cycle pass, DONE with rec_done, one write */
    assert_int_equal(cycles, 1 + 5 + 1 + 1);
    assert_int_equal(m.coal.occ, 0);
}

/* An eviction of the granule whose page just expired drops the insert
 * (the granule left device memory; the table must not hold it). */
static void test_insert_dropped_by_eviction(void **state)
{
    (void)state;
    capture_ctrl_params_t p = point(1);
    gm_err_t err;
    assert_int_equal(capture_ctrl_init(&m, &p, &err), 0);
    clock();
    /* the table evicts granule 0x20 while a page of it is read */
    m.coal.fsm = TC_FEVICT;
    m.coal.fgrn = 0x20;
    m.coal.op = TC_OP_OS;
    m.coal.left = 1;
    access(0x205);
    in.ev_ready = 1;
    capture_ctrl_out_t o = out();
    assert_int_equal(o.ev_valid, 1);
    assert_int_equal(o.ev_grn, 0x20);
    assert_int_equal(o.acc_ready, 1);
    clock();
    assert_int_equal(m.p1_kill, 1);
    in.lt_rd_data = 1;
    assert_int_equal(out().lt_wr_data, 0);
    clock();
    assert_int_equal(m.fsm, CC_IDLE);
    assert_int_equal(m.ctr.inserts_dropped, 1);
    assert_int_equal(m.ctr.expiries, 1);
}

static void test_bad_scan(void **state)
{
    (void)state;
    capture_ctrl_params_t p = point(0);
    p.SCAN = 3;
    gm_err_t err;
    assert_int_equal(capture_ctrl_init(&m, &p, &err), -1);
    assert_non_null(strstr(err.msg, "$.params.SCAN"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_golden_default),
        cmocka_unit_test(test_golden_small),
        cmocka_unit_test(test_one_a_cycle_and_forwarding),
        cmocka_unit_test(test_expiry_and_recall_stall),
        cmocka_unit_test(test_insert_dropped_by_eviction),
        cmocka_unit_test(test_bad_scan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
