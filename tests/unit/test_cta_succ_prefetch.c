/* cta_succ_prefetch against values worked by hand from seed-002 §10.4 and
 * INTERP-9: the successor w + A or w + 1 and the cluster's end (jobs(i) =
 * q + (i < r)), the first-line address base + bx'*sx + by'*sy and the
 * lines after it at `stride`, a full FIFO dropping the successor that
 * arrives, round robin one request a cycle, a held request, and the 40-bit
 * wrap. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/cta_succ_prefetch.h"

static cta_succ_prefetch_t m;
static cta_succ_prefetch_in_t in;

/* 3 SMs of 2 entries; V = 8 over 3 SMs: q = 2, r = 2, jobs = 3, 3, 2;
 * A = 2; base 0x1000, sx 128, sy 4096, stride 128, 2 lines. */
static void init(void)
{
    cta_succ_prefetch_params_t p = {.N_SM = 3, .DEPTH = 2};
    gm_err_t err;
    assert_int_equal(cta_succ_prefetch_init(&m, &p, &err), 0);
    in = (cta_succ_prefetch_in_t){.cfg_en = 1, .cfg_A = 2, .cfg_q = 2, .cfg_r = 2,
                                  .cfg_desc_base = 0x1000, .cfg_desc_sx = 128,
                                  .cfg_desc_sy = 4096, .cfg_desc_stride = 128,
                                  .cfg_desc_cnt = 2};
}

static cta_succ_prefetch_out_t cycle(int sm, uint32_t w, uint32_t bx, uint32_t by, int ready)
{
    cta_succ_prefetch_out_t o;
    in.disp_valid = sm >= 0;
    in.disp_sm = in.disp_i = sm >= 0 ? (unsigned)sm : 0;
    in.disp_w = w;
    in.succ_bx = bx;
    in.succ_by = by;
    in.pf_ready = (unsigned)ready;
    cta_succ_prefetch_eval(&m, &in, &o);
    cta_succ_prefetch_tick(&m, &in);
    return o;
}

static void test_successor(void **state)
{
    (void)state;
    init();
    int ex;
    in.disp_w = 0;
    in.disp_i = 0;
    assert_int_equal(cta_succ_prefetch_next_w(&in, &ex), 2); /* w + A */
    assert_true(ex);                                          /* 2 < jobs(0) = 3 */
    in.disp_w = 1;
    cta_succ_prefetch_next_w(&in, &ex);
    assert_false(ex);                                         /* 3 = jobs(0) */
    in.disp_i = 2;
    in.disp_w = 0;
    in.cfg_succ = 1;
    assert_int_equal(cta_succ_prefetch_next_w(&in, &ex), 1);  /* w + 1 < jobs(2) = 2 */
    assert_true(ex);
    in.disp_w = 1;
    cta_succ_prefetch_next_w(&in, &ex);
    assert_false(ex);
    in.disp_w = 0xffffffffu;                                  /* the sum is 33 bits */
    in.cfg_q = 0xffffffffu;
    assert_int_equal(cta_succ_prefetch_next_w(&in, &ex), 0);
    assert_false(ex);
}

static void test_addresses(void **state)
{
    (void)state;
    init();
    /* (bx', by') = (1, 1): 0x1000 + 128 + 4096 = 0x2080; line 1: 0x2100. */
    assert_int_equal(cta_succ_prefetch_addr(&in, 1, 1, 0), 0x2080);
    assert_int_equal(cta_succ_prefetch_addr(&in, 1, 1, 1), 0x2100);
    in.cfg_desc_base = 0xffffffff80ull; /* 2^40 - 128 + 128 wraps to 0 */
    assert_int_equal(cta_succ_prefetch_addr(&in, 1, 0, 0), 0);
    in.cfg_desc_base = 0;
    in.cfg_desc_sx = 0xffffffffu;       /* (2^32-1)^2 mod 2^40 */
    assert_int_equal(cta_succ_prefetch_addr(&in, 0xffffffffu, 0, 0),
                     (UINT64_C(0xfffffffe00000001)) & CSP_ADDR_MASK);
}

static void test_fifo_full_and_rr(void **state)
{
    (void)state;
    init();
    cta_succ_prefetch_out_t o = cycle(0, 0, 2, 0, 0); /* SM0: (2,0) -> 0x1100 */
    assert_true(o.succ_valid);
    assert_false(o.pf_valid);
    o = cycle(1, 0, 1, 1, 0);                          /* SM1: (1,1) -> 0x2080 */
    assert_true(o.pf_valid);
    assert_int_equal(o.pf_sm, 0);
    assert_int_equal(o.pf_addr, 0x1100);
    in.cfg_succ = 1;
    cycle(1, 1, 1, 1, 0);                              /* SM1 again: full now */
    assert_int_equal(m.count[1], 2);
    o = cycle(1, 0, 0, 1, 1);                          /* a third: dropped */
    assert_int_equal(m.ctr.fifo_drops, 1);
    assert_int_equal(m.count[1], 2);
    assert_int_equal(o.pf_addr, 0x1100);               /* SM0 line 0 taken */
    assert_int_equal(m.ctr.stalls, 2);
    o = cycle(-1, 0, 0, 0, 1);                         /* rr 1: SM1 line 0 */
    assert_int_equal(o.pf_sm, 1);
    assert_int_equal(o.pf_addr, 0x2080);
    o = cycle(-1, 0, 0, 0, 1);                         /* rr 2, SM2 empty: SM0 line 1 */
    assert_int_equal(o.pf_sm, 0);
    assert_int_equal(o.pf_addr, 0x1180);
    assert_int_equal(m.count[0], 0);                   /* its last line: popped */
    o = cycle(-1, 0, 0, 0, 0);                         /* held: rr stays */
    assert_int_equal(o.pf_sm, 1);
    assert_int_equal(o.pf_addr, 0x2100);
    assert_int_equal(m.rr, 1);
    o = cycle(-1, 0, 0, 0, 1);
    assert_int_equal(o.pf_addr, 0x2100);
    assert_int_equal(m.count[1], 1);
    assert_int_equal(m.ctr.issued, 4);
    assert_int_equal(m.ctr.queued, 3);
    assert_int_equal(m.ctr.taps, 4);
}

static void test_disabled_and_cnt0(void **state)
{
    (void)state;
    init();
    in.cfg_en = 0;
    cta_succ_prefetch_out_t o = cycle(0, 0, 2, 0, 1);
    assert_false(o.succ_valid);
    in.cfg_en = 1;
    in.cfg_desc_cnt = 0;
    o = cycle(0, 0, 2, 0, 1);
    assert_false(o.succ_valid);
    assert_int_equal(m.ctr.no_succ, 2);
    /* An entry queued at 2 lines issues one when cnt drops to 0. */
    in.cfg_desc_cnt = 2;
    cycle(0, 0, 2, 0, 1);
    in.cfg_desc_cnt = 0;
    o = cycle(-1, 0, 0, 0, 1);
    assert_true(o.pf_valid);
    assert_int_equal(m.count[0], 0);
    assert_true(cta_succ_prefetch_idle(&m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_successor),
        cmocka_unit_test(test_addresses),
        cmocka_unit_test(test_fifo_full_and_rr),
        cmocka_unit_test(test_disabled_and_cnt0),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
