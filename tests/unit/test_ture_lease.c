/* ture_lease against values worked by hand from seed-001 §4.4.3 (Eq. 4.2),
 * §4.4.5 (recall), §4.4.6 and §9.4's golden tests: F = 2 and a first lease
 * of 2 from {(N 32, P 16), (N 8, P 4)}; 10 with F = 4 -> 7; the clamp 0 ->
 * 1; recall 10 -> 5 and 1 -> 1; the divider's 15 cycles; resets. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ture_lease.h"

static ture_lease_t m;

static void init(unsigned ngrp, unsigned init_, unsigned a)
{
    ture_lease_params_t p = {.NGRP = ngrp, .LEASE_INIT = init_, .ALPHA_SH = a};
    gm_err_t err;
    assert_int_equal(ture_lease_init(&m, &p, &err), 0);
}

static ture_lease_out_t eval(const ture_lease_in_t *in)
{
    ture_lease_out_t o;
    ture_lease_eval(&m, in, &o);
    return o;
}

/* Offers an entry until it is taken; returns the cycles it waited. */
static unsigned offer(unsigned aid, unsigned cnt, unsigned div, unsigned end)
{
    ture_lease_in_t in = {.ho_valid = 1, .ho_end = end, .ho_aid = aid, .ho_cnt = cnt,
                          .ho_div = div};
    unsigned waited = 0;
    while (!eval(&in).ho_ready) {
        ture_lease_tick(&m, &(ture_lease_in_t){0});
        waited++;
    }
    ture_lease_tick(&m, &in);
    return waited;
}

/* Runs until done; returns the cycles from the end marker's edge. */
static unsigned run_to_done(void)
{
    ture_lease_in_t in = {0};
    unsigned n = 0;
    while (!eval(&in).done) {
        ture_lease_tick(&m, &in);
        assert_true(++n < 2000);
    }
    return n;
}

static unsigned lease_of(unsigned aid, unsigned *v)
{
    ture_lease_in_t in = {.st_lease_aid = aid};
    ture_lease_out_t o = eval(&in);
    *v = (unsigned)o.st_lease_v;
    return (unsigned)o.st_lease;
}

static void test_closed_form(void **state)
{
    const uint16_t cnt[] = {32, 8}, div[] = {0xffff, 0x000f};
    (void)state;
    assert_int_equal(ture_lease_f(cnt, div, 2), 2);         /* (32 + 32 + 16) / 32 */
    assert_int_equal(ture_lease_next(1, 0, 0, 2), 2);       /* from invalid: F */
    assert_int_equal(ture_lease_next(1, 10, 1, 4), 7);      /* (10 + 4 + 1) >> 1 */
    assert_int_equal(ture_lease_next(1, 0, 0, 0), 1);       /* clamp 0 -> 1 */
    assert_int_equal(ture_lease_next(1, 1023, 1, 1023), 1023);
    assert_int_equal(ture_lease_next(2, 10, 1, 4), 9);      /* (30 + 4 + 2) >> 2 */
    assert_int_equal(ture_lease_next(0, 10, 1, 4), 4);      /* no history */
    assert_int_equal(ture_lease_next(0, 10, 1, 0), 1);
}

static void test_eq42_first_lease(void **state)
{
    unsigned v;
    (void)state;
    init(16, 1023, 1);
    assert_int_equal(offer(2, 32, 0xffff, 0), 0);
    /* The next entry waits for the divider: 15 cycles. */
    assert_int_equal(offer(2, 8, 0x000f, 0), 15);
    assert_int_equal(eval(&(ture_lease_in_t){0}).busy, 1);
    assert_int_equal(offer(0, 0, 0, 1), 15);
    /* One non-empty group (16 cycles), 15 empty ones (1 each). */
    assert_int_equal(run_to_done(), 16 + 15);
    assert_int_equal(m.acc[2], 0); /* cleared for the next window */
    assert_int_equal(lease_of(2, &v), 2);
    assert_int_equal(v, 1);
    assert_int_equal(lease_of(3, &v), 0);
    assert_int_equal(v, 0);
    ture_lease_in_t idle = {0};
    ture_lease_tick(&m, &idle);
    assert_int_equal(eval(&idle).done, 0); /* a one-cycle pulse */
    assert_int_equal(eval(&idle).busy, 0);
}

static void test_weighted_clamp_recall(void **state)
{
    unsigned v;
    (void)state;
    init(16, 1023, 1);
    offer(5, 10, 0x0001, 0); /* F = (160 + 8) / 16 = 10 */
    offer(7, 1, 0xffff, 0);  /* F = (1 + 8) / 16 = 0 -> 1 */
    offer(0, 0, 0, 1);
    run_to_done();
    assert_int_equal(lease_of(5, &v), 10);
    assert_int_equal(lease_of(7, &v), 1);
    ture_lease_in_t q = {.q_aid = 5};
    assert_int_equal(eval(&q).q_life, 10);
    assert_int_equal(eval(&q).q_recall, 5);
    q.q_aid = 7;
    assert_int_equal(eval(&q).q_recall, 1);
    q.q_aid = 6; /* no lease yet: the initial lease, and half of it */
    assert_int_equal(eval(&q).q_life, 1023);
    assert_int_equal(eval(&q).q_recall, 511);
    /* the second read port answers for its own group, not q_aid's */
    q.r_aid = 5;
    assert_int_equal(eval(&q).r_recall, 5);
    assert_int_equal(eval(&q).q_recall, 511);
    assert_int_equal(m.ctr.clamped, 1);

    offer(5, 4, 0x0001, 0); /* F = 72 / 16 = 4 */
    offer(0, 0, 0, 1);
    run_to_done();
    assert_int_equal(lease_of(5, &v), 7);
    assert_int_equal(lease_of(7, &v), 1); /* no entries this window: unchanged */
}

static void test_accumulator_and_drops(void **state)
{
    unsigned v;
    (void)state;
    init(4, 255, 2);
    for (int i = 0; i < 3; i++)
        offer(2, 1023, 0x0001, 0);
    offer(2, 7, 0x0007, 0);  /* 112 / 3 = 37 */
    offer(9, 50, 0x0001, 0); /* aid >= NGRP: dropped */
    offer(1, 50, 0x0000, 0); /* no page: dropped */
    offer(0, 0, 0, 1);
    assert_int_equal(m.ctr.dropped, 2);
    assert_int_equal(m.acc[2], 3 * 16368 + 37);
    assert_int_equal(m.n[2], 4);
    run_to_done();
    assert_int_equal(lease_of(2, &v), 768); /* (49141 + 32) / 64 */
    assert_int_equal(lease_of(1, &v), 0);
    assert_int_equal(lease_of(9, &v), 0);
    assert_int_equal(v, 0);
    ture_lease_in_t q = {.q_aid = 9};
    assert_int_equal(eval(&q).q_life, 255);
    assert_int_equal(eval(&q).q_recall, 127);
}

static void test_reset_wins_over_write(void **state)
{
    unsigned v;
    (void)state;
    init(16, 1023, 1);
    offer(3, 16, 0x0001, 0);
    offer(4, 16, 0x0001, 0);
    offer(0, 0, 0, 1);
    /* Groups 0..2 empty (3 cycles), group 3's scan and 15 divider steps:
     * its write is the 19th edge after the end marker's. */
    ture_lease_in_t idle = {0}, rst = {.lrst_valid = 1, .lrst_aid = 3};
    for (int i = 0; i < 18; i++)
        ture_lease_tick(&m, &idle);
    ture_lease_out_t o = eval(&rst);
    assert_int_equal(o.upd_valid, 1);
    assert_int_equal(o.upd_aid, 3);
    assert_int_equal(o.upd_lease, 16);
    ture_lease_tick(&m, &rst);
    assert_int_equal(lease_of(3, &v), 0);
    assert_int_equal(v, 0);
    run_to_done();
    assert_int_equal(lease_of(4, &v), 16);
    ture_lease_in_t all = {.lrst_valid = 1, .lrst_all = 1};
    ture_lease_tick(&m, &all);
    assert_int_equal(lease_of(4, &v), 0);
    assert_int_equal(v, 0);
}

static void test_counts_saturate(void **state)
{
    (void)state;
    init(16, 1023, 1);
    for (int i = 0; i < 40; i++)
        offer(1, 1023, 0x0001, 0);
    assert_int_equal(m.acc[1], (1 << 18) - 1);
    assert_int_equal(m.n[1], 31);
    offer(0, 0, 0, 1);
    run_to_done();
    unsigned v;
    /* ((262143 + 248) >> 4) / 31 = 16399 / 31 = 529 */
    assert_int_equal(lease_of(1, &v), 529);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_closed_form),
        cmocka_unit_test(test_eq42_first_lease),
        cmocka_unit_test(test_weighted_clamp_recall),
        cmocka_unit_test(test_accumulator_and_drops),
        cmocka_unit_test(test_reset_wins_over_write),
        cmocka_unit_test(test_counts_saturate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
