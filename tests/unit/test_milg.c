/* milg against values worked out by hand from seed-000 §6.4 / §10.10:
 * reset values, the limit formula, saturation and wrap edges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/milg.h"

static milg_t m;

static void init(unsigned zero_mode)
{
    milg_params_t p = {.ZERO_MODE = zero_mode, .MIL_MAX = 127};
    gm_err_t err;
    assert_int_equal(milg_init(&m, &p, &err), 0);
}

static void step(unsigned issue, unsigned done, unsigned rf, unsigned req, unsigned inc)
{
    milg_in_t in = {issue, done, rf, req, inc};
    milg_tick(&m, &in);
}

static milg_out_t outputs(void)
{
    milg_in_t in = {0};
    milg_out_t out;
    milg_eval(&m, &in, &out);
    return out;
}

static void test_reset(void **state)
{
    (void)state;
    init(0);
    milg_out_t o = outputs();
    assert_int_equal(o.mil, 127);
    assert_int_equal(o.inflight, 0);
    assert_int_equal(o.issue_allow, 1);
    assert_int_equal(o.mil_update, 0);
    assert_int_equal(m.rf_cnt, 0);
    assert_int_equal(m.req_cnt, 0);
    assert_int_equal(m.max_inflight, 0);
}

static void test_limit_formula(void **state)
{
    milg_params_t rel = {.ZERO_MODE = 0, .MIL_MAX = 127};
    milg_params_t hold = {.ZERO_MODE = 1, .MIL_MAX = 127};
    (void)state;
    /* MIL = Max_Inflight / (RF >> 10), at least 1. */
    assert_int_equal(milg_next_limit(&rel, 50, 9, 2048), 4);
    assert_int_equal(milg_next_limit(&rel, 50, 9, 1024), 9);
    assert_int_equal(milg_next_limit(&rel, 50, 9, 3071), 4);
    assert_int_equal(milg_next_limit(&rel, 50, 127, 4095), 42);
    assert_int_equal(milg_next_limit(&rel, 50, 2, 4095), 1);
    assert_int_equal(milg_next_limit(&rel, 50, 0, 1024), 1);
    /* Fewer than one RF per request: release, or hold. */
    assert_int_equal(milg_next_limit(&rel, 50, 9, 1023), 127);
    assert_int_equal(milg_next_limit(&hold, 50, 9, 1023), 50);
}

static void test_inflight_saturates(void **state)
{
    (void)state;
    init(0);
    for (int i = 0; i < 200; i++)
        step(1, 0, 0, 0, 0);
    assert_int_equal(outputs().inflight, 127);
    assert_int_equal(outputs().issue_allow, 0); /* 127 < 127 is false */
    step(1, 1, 0, 0, 0);                         /* both: unchanged */
    assert_int_equal(outputs().inflight, 127);
    for (int i = 0; i < 130; i++)
        step(0, 1, 0, 0, 0);
    assert_int_equal(outputs().inflight, 0); /* no underflow */
    assert_int_equal(m.max_inflight, 127);
}

static void test_rf_saturates(void **state)
{
    (void)state;
    init(0);
    for (int i = 0; i < 5000; i++)
        step(0, 0, 1, 0, 0);
    assert_int_equal(m.rf_cnt, 4095);
}

static void test_update_every_1024_requests(void **state)
{
    (void)state;
    init(0);
    for (int i = 0; i < 9; i++)
        step(1, 0, 0, 0, 0);
    for (int i = 0; i < 2048; i++)
        step(0, 0, 1, 0, 0);
    for (int i = 0; i < 31; i++)
        step(0, 0, 0, 1, 32);
    milg_in_t in = {0, 0, 0, 1, 32};
    milg_out_t o;
    milg_eval(&m, &in, &o);
    assert_int_equal(o.mil_update, 1);  /* 992 + 32 = 1024 */
    step(0, 0, 0, 1, 32);
    assert_int_equal(outputs().mil, 4); /* 9 / (2048 >> 10) */
    assert_int_equal(m.rf_cnt, 0);
    assert_int_equal(m.req_cnt, 0);
    assert_int_equal(m.max_inflight, 9);
    assert_int_equal(m.ctr.updates, 1);
}

static void test_request_wrap_and_qualifier(void **state)
{
    (void)state;
    init(0);
    for (int i = 0; i < 100; i++)
        step(0, 0, 0, 0, 63); /* no req_pulse: not counted */
    assert_int_equal(m.req_cnt, 0);
    for (int i = 0; i < 17; i++)
        step(0, 0, 0, 1, 63); /* 1071 = 1024 + 47 */
    assert_int_equal(m.req_cnt, 47);
    assert_int_equal(m.ctr.updates, 1);
}

static void test_rf_in_update_cycle_starts_next_interval(void **state)
{
    (void)state;
    init(1);
    for (int i = 0; i < 1500; i++)
        step(0, 0, 1, 0, 0);
    for (int i = 0; i < 31; i++)
        step(0, 0, 0, 1, 32);
    step(0, 0, 1, 1, 32); /* update and an RF in the same cycle */
    assert_int_equal(outputs().mil, 1); /* max 0 / 1 -> floored to 1 */
    assert_int_equal(m.rf_cnt, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reset),
        cmocka_unit_test(test_limit_formula),
        cmocka_unit_test(test_inflight_saturates),
        cmocka_unit_test(test_rf_saturates),
        cmocka_unit_test(test_update_every_1024_requests),
        cmocka_unit_test(test_request_wrap_and_qualifier),
        cmocka_unit_test(test_rf_in_update_cycle_starts_next_interval),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
