/* ture_sampler against values worked by hand from seed-001 §4.4.3, §4.4.6
 * and §9.4: the window's exact edges, match / allocate / ignore, the 10-bit
 * saturating counter, the page bits, the hand-over order, a late hand-over
 * stalling the next window, and a bad parameter point refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ture_sampler.h"

static ture_sampler_t m;

static void init(unsigned n, unsigned d, unsigned s)
{
    ture_sampler_params_t p = {.NSAMP = n, .SAMP_D = d, .SAMP_S = s};
    gm_err_t err;
    assert_int_equal(ture_sampler_init(&m, &p, &err), 0);
}

static ture_sampler_out_t eval(const ture_sampler_in_t *in)
{
    ture_sampler_out_t o;
    ture_sampler_eval(&m, in, &o);
    return o;
}

/* One cycle with an event (aid, vpn); returns acc_sampled. */
static int access_(unsigned aid, uint64_t vpn)
{
    ture_sampler_in_t in = {.acc_valid = 1, .acc_vpn = vpn, .acc_aid = aid};
    int s = (int)eval(&in).acc_sampled;
    ture_sampler_tick(&m, &in);
    return s;
}

static void idle(unsigned n, int ready)
{
    ture_sampler_in_t in = {.ho_ready = (unsigned)ready};
    for (unsigned i = 0; i < n; i++)
        ture_sampler_tick(&m, &in);
}

static void test_window_edges(void **state)
{
    (void)state;
    init(4, 20, 60);
    ture_sampler_in_t in = {0};
    for (unsigned cyc = 0; cyc < 185; cyc++) {
        unsigned t = cyc % 60;
        assert_int_equal(eval(&in).st_samp_active, t < 20);
        ture_sampler_tick(&m, &in);
    }
    /* The event at the window's last open cycle counts; the next does not. */
    init(4, 20, 60);
    idle(19, 0);
    assert_int_equal(access_(1, 0x10), 1);
    ture_sampler_in_t ev = {.acc_valid = 1, .acc_vpn = 0x10, .acc_aid = 1};
    assert_int_equal(eval(&ev).acc_sampled, 0);
    assert_int_equal(eval(&ev).acc_ready, 1); /* taken, not sampled */
    assert_int_equal(eval(&ev).ho_valid, 1);  /* the hand-over starts at timer == D */
    assert_int_equal(m.timer, 20);
}

static void test_match_allocate_alias(void **state)
{
    (void)state;
    init(16, 1000, 6000);
    assert_int_equal(access_(3, 0x00050), 1); /* granule 5, page 0 -> e0 */
    assert_int_equal(access_(3, 0x00053), 1); /* page 3 */
    assert_int_equal(access_(3, 0x100050), 1); /* granule 0x10005: tag 0x0005 == e0's */
    assert_int_equal(access_(4, 0x00050), 1); /* another allocation -> e1 */
    assert_int_equal(access_(3, 0x0005f), 1); /* page 15 */
    assert_int_equal(m.v[0], 1);
    assert_int_equal(m.aid[0], 3);
    assert_int_equal(m.tag[0], 0x0005);
    assert_int_equal(m.cnt[0], 4);
    assert_int_equal(m.div[0], 0x8009);
    assert_int_equal(m.aid[1], 4);
    assert_int_equal(m.cnt[1], 1);
    assert_int_equal(m.div[1], 0x0001);
    assert_int_equal(m.v[2], 0);
}

static void test_seventeenth_group_ignored(void **state)
{
    (void)state;
    init(16, 1000, 6000);
    for (unsigned g = 0; g < 16; g++)
        assert_int_equal(access_(g, (uint64_t)(0x40 + g) << 4), 1);
    assert_int_equal(access_(0, 0x7770), 0); /* the 17th block: no free entry */
    assert_int_equal(access_(5, 0x450), 1);   /* an existing entry still counts */
    assert_int_equal(m.cnt[5], 2);
    assert_int_equal(m.ctr.ignored_full, 1);
    assert_int_equal(m.ctr.allocated, 16);
}

static void test_counter_saturates(void **state)
{
    (void)state;
    init(1, 2000, 3000); /* a window long enough to reach 1023 */
    for (unsigned i = 0; i < 1100; i++)
        assert_int_equal(access_(2, 0x123400 | (i & 15)), 1);
    assert_int_equal(m.cnt[0], 1023);
    assert_int_equal(m.div[0], 0xffff);
    assert_int_equal(m.ctr.saturated, 1100 - 1023);
}

static void test_handover_order_and_clear(void **state)
{
    (void)state;
    init(4, 20, 60);
    access_(7, 0x31);  /* e0 */
    access_(2, 0x52);  /* e1 */
    access_(7, 0x32);  /* e0: page 2 */
    access_(9, 0x60);  /* e2 */
    idle(16, 0);       /* timer 20: closed */
    ture_sampler_in_t in = {.ho_ready = 1};
    ture_sampler_out_t o = eval(&in);
    assert_int_equal(o.ho_valid, 1);
    assert_int_equal(o.ho_end, 0);
    assert_int_equal(o.ho_aid, 7);
    assert_int_equal(o.ho_cnt, 2);
    assert_int_equal(o.ho_div, 0x0006);
    ture_sampler_tick(&m, &in);
    o = eval(&in);
    assert_int_equal(o.ho_aid, 2);
    assert_int_equal(o.ho_div, 0x0004);
    ture_sampler_tick(&m, &in);
    o = eval(&in);
    assert_int_equal(o.ho_aid, 9);
    assert_int_equal(o.ho_div, 0x0001);
    ture_sampler_tick(&m, &in);
    o = eval(&in);
    assert_int_equal(o.ho_valid, 1);
    assert_int_equal(o.ho_end, 1);
    ture_sampler_tick(&m, &in);
    assert_int_equal(eval(&in).ho_valid, 0);
    for (unsigned e = 0; e < 4; e++)
        assert_int_equal(m.v[e], 0);
    assert_int_equal(m.ctr.handed, 3);
    assert_int_equal(m.ctr.windows, 1);
}

static void test_late_handover_stalls(void **state)
{
    (void)state;
    init(4, 20, 60);
    access_(1, 0x10);
    idle(59, 0); /* timer 0 again, the hand-over still running */
    ture_sampler_in_t ev = {.acc_valid = 1, .acc_vpn = 0x10, .acc_aid = 1};
    ture_sampler_out_t o = eval(&ev);
    assert_int_equal(o.st_samp_active, 1);
    assert_int_equal(o.acc_ready, 0);
    assert_int_equal(o.acc_sampled, 0);
    idle(2, 1); /* e0, then the end marker */
    o = eval(&ev);
    assert_int_equal(o.acc_ready, 1);
    assert_int_equal(o.acc_sampled, 1);
    assert_int_equal(m.ctr.stall_cycles, 2);
    /* A hand-over running through a whole period is not restarted. */
    init(4, 20, 60);
    access_(1, 0x10);
    idle(19 + 60, 0);
    assert_int_equal(m.ctr.windows, 1);
    assert_int_equal(m.hand, 1);
}

static void test_bad_point(void **state)
{
    ture_sampler_params_t p = {.NSAMP = 4, .SAMP_D = 60, .SAMP_S = 60};
    gm_err_t err;
    (void)state;
    assert_int_not_equal(ture_sampler_init(&m, &p, &err), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_window_edges),
        cmocka_unit_test(test_match_allocate_alias),
        cmocka_unit_test(test_seventeenth_group_ignored),
        cmocka_unit_test(test_counter_saturates),
        cmocka_unit_test(test_handover_order_and_clear),
        cmocka_unit_test(test_late_handover_stalls),
        cmocka_unit_test(test_bad_point),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
