/* ccn_rt against seed-003 §7 / §14.7 / [INTERP-K,L] worked by hand: a
 * 20-instruction window of a 50-instruction epoch; 1 hit in 20 requests is
 * exactly H_min = 5 % (ON), 1 in 21 is below (OFF); no requests is ON;
 * CCN-B ignores OFF; the epoch's residual carries; late hits are ignored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ccn_rt.h"

static ccn_rt_t m;
static ccn_rt_in_t cfg;

static void init(unsigned rt_en)
{
    ccn_rt_params_t p = {.CNT_W = 24};
    gm_err_t err;
    assert_int_equal(ccn_rt_init(&m, &p, &err), 0);
    cfg = (ccn_rt_in_t){.cfg_ccn_en = 1, .cfg_rt_en = rt_en, .cfg_ts = 20, .cfg_tp = 50,
                        .cfg_hmin_num = 1, .cfg_hmin_den = 20};
}

static ccn_rt_out_t cyc(unsigned inc, unsigned push, unsigned hit, unsigned smp)
{
    ccn_rt_in_t in = cfg;
    in.insn_inc = inc;
    in.cb_push = push;
    in.ccn_hit_rsp = hit;
    in.ccn_hit_smp = smp;
    ccn_rt_out_t o;
    ccn_rt_eval(&m, &in, &o);
    ccn_rt_tick(&m, &in);
    return o;
}

static ccn_rt_out_t now(void)
{
    ccn_rt_out_t o;
    ccn_rt_eval(&m, &cfg, &o);
    return o;
}

static void test_keep_rule(void **state)
{
    (void)state;
    assert_true(ccn_rt_keep(0, 0, 1, 20));
    assert_true(ccn_rt_keep(20, 1, 1, 20));   /* 20 >= 20 */
    assert_false(ccn_rt_keep(21, 1, 1, 20));  /* 20 < 21 */
    assert_true(ccn_rt_keep(0xffffff, 0xffffff, 1, 255));
    assert_false(ccn_rt_keep(0xffffff, 0xfffff, 1, 15)); /* 24-bit products, no overflow */
}

static void test_window_off_then_new_epoch(void **state)
{
    (void)state;
    init(1);
    assert_int_equal(now().rt_sampling, 1);
    assert_int_equal(now().rt_enable, 1);
    /* 21 pushes, one sampled hit, one unsampled hit; 19 instructions. */
    for (int i = 0; i < 19; i++)
        cyc(1, 1, i == 3, 1);
    cyc(0, 1, 1, 0);
    cyc(0, 1, 0, 0);
    assert_int_equal(m.n_total, 21);
    assert_int_equal(m.n_hits, 1);
    assert_int_equal(m.state, CCN_RT_SAMPLE);
    cyc(1, 0, 0, 0); /* the 20th instruction ends the window: 1 * 20 < 21 * 1 */
    assert_int_equal(m.state, CCN_RT_OFF);
    ccn_rt_out_t o = now();
    assert_int_equal(o.rt_enable, 0);
    assert_int_equal(o.rt_sampling, 0);
    assert_int_equal(o.stat_off_epochs, 1);
    cyc(0, 0, 1, 1); /* a late hit: ignored */
    assert_int_equal(m.n_hits, 1);
    /* 20 + 29 = 49; 7 more = 56: the epoch ends with 6 carried. */
    cyc(29, 0, 0, 0);
    assert_int_equal(m.state, CCN_RT_OFF);
    cyc(7, 0, 0, 0);
    assert_int_equal(m.state, CCN_RT_SAMPLE);
    assert_int_equal(m.ecnt, 6);
    assert_int_equal(m.n_total, 0);
    assert_int_equal(m.n_hits, 0);
    o = now();
    assert_int_equal(o.rt_enable, 1);
    assert_int_equal(o.stat_epochs, 1);
}

static void test_on_at_exactly_hmin_and_no_evidence(void **state)
{
    (void)state;
    init(1);
    for (int i = 0; i < 20; i++)
        cyc(0, 1, i == 0, 1);
    cyc(20, 0, 0, 0);
    assert_int_equal(m.state, CCN_RT_ON);
    cyc(30, 0, 0, 0); /* epoch ends at exactly 50: residual 0 */
    assert_int_equal(m.ecnt, 0);
    cyc(25, 0, 0, 0); /* no request in the window: ON */
    assert_int_equal(m.state, CCN_RT_ON);
    ccn_rt_counters_t c;
    ccn_rt_counters(&m, &c);
    assert_int_equal(c.decisions_on, 2);
    assert_int_equal(c.decisions_off, 0);
}

static void test_ccn_b_and_baseline(void **state)
{
    (void)state;
    init(0);
    for (int i = 0; i < 30; i++)
        cyc(1, 1, 0, 1); /* 0 % hits: OFF, but CCN-B ignores it */
    assert_int_equal(m.state, CCN_RT_OFF);
    assert_int_equal(now().rt_enable, 1);
    cfg.cfg_ccn_en = 0;
    assert_int_equal(now().rt_enable, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keep_rule),
        cmocka_unit_test(test_window_off_then_new_epoch),
        cmocka_unit_test(test_on_at_exactly_hmin_and_no_evidence),
        cmocka_unit_test(test_ccn_b_and_baseline),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
