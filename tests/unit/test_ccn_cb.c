/* ccn_cb against values worked out by hand from seed-003 §14.1-§14.2: the
 * flit layout, the start-of-cycle full rule, FIFO order across the wrap of
 * a 3-entry buffer, and the deflection counters. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ccn_cb.h"

static ccn_cb_t m;
static unsigned my; /* the my_cid strap */

static void init(unsigned cid, unsigned depth)
{
    ccn_cb_params_t p = {.Q_DEPTH = depth};
    my = cid;
    gm_err_t err;
    assert_int_equal(ccn_cb_init(&m, &p, &err), 0);
}

/* One cycle: the outputs seen before the edge, then the edge. */
static ccn_cb_out_t cycle(unsigned miss, uint32_t la, unsigned en, unsigned smp, unsigned acc)
{
    ccn_cb_in_t in = {.my_cid = my, .miss_valid = miss, .miss_la = la, .rt_enable = en,
                      .rt_sampling = smp, .inj_accept = acc};
    ccn_cb_out_t o;
    ccn_cb_eval(&m, &in, &o);
    ccn_cb_tick(&m, &in);
    return o;
}

static void test_flit_layout(void **state)
{
    (void)state;
    init(5, 8);
    ccn_cb_out_t o = cycle(1, 0x123456, 1, 1, 0);
    assert_int_equal(o.miss_to_ccn, 1);
    assert_int_equal(o.inj_valid, 0);
    assert_int_equal(o.inj_flit, 0);
    o = cycle(1, 0x3ffffff, 1, 0, 0);
    /* valid | smp | cid 5 << 26 | la: 0x80000000 + 0x40000000 + 0x14000000 + 0x123456 */
    assert_int_equal(o.inj_flit, 0xd4123456u);
    assert_int_equal(o.cb_count, 1);
    o = cycle(0, 0, 1, 0, 1); /* pop the first */
    assert_int_equal(o.inj_flit, 0xd4123456u);
    o = cycle(0, 0, 1, 0, 0);
    assert_int_equal(o.inj_flit, 0x97ffffffu); /* no smp: 0x80000000 + 0x14000000 + 0x3ffffff */
    assert_int_equal(o.cb_count, 1);
}

static void test_full_uses_start_count(void **state)
{
    (void)state;
    init(0, 3);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(cycle(1, 0x100 + i, 1, 0, 0).miss_to_ccn, 1);
    /* Full: a pop this cycle does not admit the miss (it goes to L2). */
    ccn_cb_out_t o = cycle(1, 0x200, 1, 0, 1);
    assert_int_equal(o.miss_to_ccn, 0);
    assert_int_equal(o.cb_count, 3);
    assert_int_equal(o.inj_flit, 0x80000100u);
    assert_int_equal(m.count, 2);
    /* Two held: push and pop together keep two; the tail wraps to slot 1. */
    o = cycle(1, 0x300, 1, 1, 1);
    assert_int_equal(o.miss_to_ccn, 1);
    assert_int_equal(o.inj_flit, 0x80000101u);
    assert_int_equal(m.count, 2);
    assert_int_equal(m.tail, 1);
    assert_int_equal(m.head, 2);
    /* Order: 0x102, then 0x300 (smp) from the wrapped slot 0. */
    assert_int_equal(cycle(0, 0, 1, 0, 1).inj_flit, 0x80000102u);
    assert_int_equal(cycle(0, 0, 1, 0, 1).inj_flit, 0xc0000300u);
    o = cycle(0, 0, 1, 0, 1); /* an accept on an empty buffer does nothing */
    assert_int_equal(o.inj_valid, 0);
    assert_int_equal(m.count, 0);
    ccn_cb_counters_t c;
    ccn_cb_counters(&m, &c);
    assert_int_equal(c.pushes, 4);
    assert_int_equal(c.pops, 4);
    assert_int_equal(c.full_deflects, 1);
    assert_int_equal(c.rt_bypasses, 0);
}

static void test_throttled_misses_bypass(void **state)
{
    (void)state;
    init(2, 8);
    ccn_cb_out_t o = cycle(1, 0x55, 0, 0, 0);
    assert_int_equal(o.miss_to_ccn, 0);
    assert_int_equal(m.count, 0);
    ccn_cb_counters_t c;
    ccn_cb_counters(&m, &c);
    assert_int_equal(c.rt_bypasses, 1);
    assert_int_equal(c.pushes, 0);
    assert_true(ccn_cb_idle(&m));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_flit_layout),
        cmocka_unit_test(test_full_uses_start_count),
        cmocka_unit_test(test_throttled_misses_bypass),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
