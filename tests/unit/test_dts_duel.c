/* dts_duel by hand (seed-004 §1.10): the 10-point rule in integer form, the
 * relative variant, other margins, an idle leader keeping the decision, and
 * the interval timing (the decision visible the cycle after the interval's
 * last). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/dts_duel.h"

static void test_rule(void **state)
{
    (void)state;
    dts_duel_params_t abs = {.INTERVAL = 500, .REL = 0, .MARGIN = 10},
                      rel = {.INTERVAL = 500, .REL = 1, .MARGIN = 10};
    assert_int_equal(dts_duel_decide(&abs, 500, 300, 500, 200, 1), 0); /* 60 vs 40 */
    assert_int_equal(dts_duel_decide(&abs, 500, 300, 500, 275, 0), 1); /* 60 vs 55 */
    assert_int_equal(dts_duel_decide(&abs, 500, 255, 500, 205, 0), 1); /* exactly 10 */
    assert_int_equal(dts_duel_decide(&abs, 500, 256, 500, 205, 1), 0);
    assert_int_equal(dts_duel_decide(&abs, 0, 0, 500, 205, 1), 1);     /* SM0 idle: kept */
    /* Relative: 45 % vs 40 % is 12.5 % worse -> baseline; 44 % is 10 %, kept. */
    assert_int_equal(dts_duel_decide(&rel, 100, 45, 100, 40, 1), 0);
    assert_int_equal(dts_duel_decide(&rel, 100, 44, 100, 40, 1), 1);
}

/* MARGIN 0, the prose's rule: any higher miss rate on SM0 turns filtering
 * off, an equal one keeps it; 25 points and 25 % move the edge. */
static void test_margin(void **state)
{
    (void)state;
    dts_duel_params_t zero = {.INTERVAL = 500, .REL = 0, .MARGIN = 0},
                      abs25 = {.INTERVAL = 500, .REL = 0, .MARGIN = 25},
                      rel25 = {.INTERVAL = 500, .REL = 1, .MARGIN = 25};
    assert_int_equal(dts_duel_decide(&zero, 500, 201, 500, 200, 1), 0); /* 40.2 vs 40 */
    assert_int_equal(dts_duel_decide(&zero, 500, 200, 500, 200, 0), 1); /* equal */
    assert_int_equal(dts_duel_decide(&zero, 400, 0, 300, 300, 0), 1);   /* SM0 far better */
    assert_int_equal(dts_duel_decide(&abs25, 500, 300, 500, 175, 0), 1); /* 60 vs 35: 25 */
    assert_int_equal(dts_duel_decide(&abs25, 500, 301, 500, 175, 1), 0);
    assert_int_equal(dts_duel_decide(&rel25, 100, 50, 100, 40, 0), 1); /* 25 % worse */
    assert_int_equal(dts_duel_decide(&rel25, 100, 51, 100, 40, 1), 0);
    /* the widest counts: 4095 loads each, all missing on SM0, none on SM1 */
    dts_duel_params_t top = {.INTERVAL = 4095, .REL = 0, .MARGIN = 100};
    assert_int_equal(dts_duel_decide(&top, 4095, 4095, 4095, 0, 0), 1); /* exactly 100 */
    assert_int_equal(dts_duel_decide(&zero, 4095, 4095, 4095, 0, 1), 0);
}

static void test_interval_timing(void **state)
{
    (void)state;
    dts_duel_t m;
    dts_duel_params_t p = {.INTERVAL = 4, .REL = 0, .MARGIN = 10};
    gm_err_t err;
    assert_int_equal(dts_duel_init(&m, &p, &err), 0);
    dts_duel_in_t in = {.acc0 = 1, .hit0 = 1, .acc1 = 1, .hit1 = 0}; /* SM0 better */
    dts_duel_out_t o;
    for (int c = 0; c < 4; c++) {
        dts_duel_eval(&m, &in, &o);
        assert_int_equal(o.filter_en, 0); /* followers start in baseline */
        assert_int_equal(o.decide, c == 3);
        dts_duel_tick(&m, &in);
    }
    dts_duel_eval(&m, &in, &o);
    assert_int_equal(o.filter_en, 1);
    assert_int_equal(m.ctr.intervals, 1);
    assert_int_equal(m.ctr.switches, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rule),
        cmocka_unit_test(test_margin),
        cmocka_unit_test(test_interval_timing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
