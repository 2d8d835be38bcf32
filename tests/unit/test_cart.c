/* cart against seed-001 §2.4-2.6 and §9.1 by hand: the Fig 2.6 tree drained
 * in the dissertation's CART order and in longest-first order; a fifth row
 * into a branch whose four row groups are busy stalls; a full queue of a
 * tag opens a second queue, and the line's requests still leave in order;
 * the L2 refusing an offer keeps the request and moves to the next bank. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "../../testbench/stim/cart_golden.h"
#include "blocks/cart.h"

static cart_t m;

static void init(unsigned nb, unsigned depth, unsigned mode)
{
    cart_params_t p = {.NB = nb, .NR = 4, .NC = 2, .DEPTH = depth, .MODE = mode};
    gm_err_t err;
    assert_int_equal(cart_init(&m, &p, &err), 0);
}

static cart_out_t cyc(const cart_in_t *in)
{
    cart_out_t o;
    gm_err_t err;
    cart_eval(&m, in, &o);
    cart_tick(&m, in);
    if (cart_check(&m, &err))
        fail_msg("%s", err.msg);
    return o;
}

static int fill(unsigned bank, unsigned row, unsigned col, unsigned payload)
{
    cart_in_t in = {.in_valid = 1, .in_bank = bank, .in_row = row, .in_col = col,
                    .in_payload = payload};
    return (int)cyc(&in).in_ready;
}

static cart_out_t drain(int ready)
{
    cart_in_t in = {.out_ready = (uint64_t)ready};
    return cyc(&in);
}

static void preload_fig26(void)
{
    /* Branch-local IDs: B1 Q0 Q1 (R1) Q2 (R2); B2 Q3 Q4 (R1); B3 Q5. */
    static const unsigned qid[6] = {0, 1, 2, 0, 1, 0};
    for (unsigned i = 0; i < 6; i++) {
        const cart_fig26_queue_t *q = &cart_fig26_queues[i];
        for (unsigned k = 0; k < q->n; k++) {
            cart_in_t in = {.pl_valid = 1, .pl_qid = qid[i], .in_bank = q->bank,
                            .in_row = q->row, .in_col = q->col, .in_payload = q->mr[k]};
            assert_int_equal(cyc(&in).in_ready, 1);
        }
    }
}

static void test_fig26_cart_order(void **state)
{
    (void)state;
    init(4, 5, 0);
    preload_fig26();
    for (unsigned n = 0; n < CART_FIG26_N; n++) {
        cart_out_t o = drain(1);
        assert_int_equal(o.out_valid, 1);
        assert_int_equal(o.out_payload, cart_fig26_cart_order[n]);
        assert_int_equal(o.out_case, cart_fig26_cart_case[n]);
    }
    assert_int_equal(drain(1).out_valid, 0);
    assert_int_equal(m.occ, 0);
}

static void test_fig26_longest_first(void **state)
{
    (void)state;
    init(4, 5, 1);
    preload_fig26();
    for (unsigned n = 0; n < CART_FIG26_N; n++)
        assert_int_equal(drain(1).out_payload, cart_fig26_longest_order[n]);
}

static void test_fifth_row_stalls(void **state)
{
    (void)state;
    init(16, 2, 0);
    for (unsigned r = 0; r < 4; r++)
        assert_int_equal(fill(3, 100 + r, 0, r), 1);
    assert_int_equal(fill(3, 200, 0, 9), 0); /* 4 groups busy */
    assert_int_equal(m.ctr.fill_stalls, 1);
    assert_int_equal(fill(4, 200, 0, 9), 1); /* another branch is free */
    /* A third column of row 100 needs a third queue in its group: stall. */
    assert_int_equal(fill(3, 100, 1, 10), 1);
    assert_int_equal(fill(3, 100, 2, 11), 0);
}

static void test_same_line_order(void **state)
{
    (void)state;
    init(16, 2, 0);
    /* Five requests to one line: 2 merge into queue 0, the third opens
     * queue 1 (the younger), the fifth stalls until one drains. */
    for (unsigned k = 0; k < 4; k++)
        assert_int_equal(fill(0, 7, 3, k), 1);
    assert_int_equal(fill(0, 7, 3, 4), 0);
    assert_int_equal(m.q_cnt[0], 2);
    assert_int_equal(m.q_cnt[1], 2);
    assert_int_equal(m.g_young[0], 1);
    /* Queue 1 is as long as queue 0 but younger: it waits. */
    for (unsigned k = 0; k < 4; k++) {
        cart_out_t o = drain(1);
        assert_int_equal(o.out_payload, k);
    }
}

static void test_refused_offer_rotates(void **state)
{
    (void)state;
    init(16, 2, 0);
    assert_int_equal(fill(2, 1, 0, 20), 1);
    /* The second fill's cycle already offers bank 2; out_ready is 0. */
    assert_int_equal(fill(5, 1, 0, 50), 1);
    assert_int_equal(m.ctr.rejects, 1);
    assert_int_equal(m.rr, 2);
    cart_out_t o = drain(0);                 /* bank 5 offered, refused */
    assert_int_equal(o.out_bank, 5);
    assert_int_equal(m.ctr.rejects, 2);
    o = drain(1);                            /* the rotation is back at 2 */
    assert_int_equal(o.out_bank, 2);
    assert_int_equal(o.out_payload, 20);     /* kept, then taken */
    o = drain(1);
    assert_int_equal(o.out_payload, 50);
    assert_int_equal(m.occ, 0);
}

static void test_reset_values(void **state)
{
    (void)state;
    init(16, 2, 0);
    assert_int_equal(m.rr, 15); /* the first search starts at bank 0 */
    assert_int_equal(m.occ, 0);
    cart_out_t o = drain(1);
    assert_int_equal(o.out_valid, 0);
    assert_int_equal(o.st_occupancy, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig26_cart_order),
        cmocka_unit_test(test_fig26_longest_first),
        cmocka_unit_test(test_fifth_row_stalls),
        cmocka_unit_test(test_same_line_order),
        cmocka_unit_test(test_refused_offer_rotates),
        cmocka_unit_test(test_reset_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
