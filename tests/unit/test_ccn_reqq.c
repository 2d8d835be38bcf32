/* ccn_reqq against seed-003 §14.3 worked by hand: a request back home is
 * ejected on arrival (and waits upstream while L2 is busy); a fresh request
 * is forwarded with no lookup; a foreign flit arriving at an empty queue is
 * looked up at once (set = la[4:0], tag = la >> 5; for 96 sets la mod 96
 * and the whole la); a hit waits for the data-read stage and is then
 * enqueued; forwarded flits beat the CB; the bubble rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ccn_reqq.h"

static ccn_reqq_t m;

static void init(unsigned nsets, unsigned idx_w, unsigned flow)
{
    ccn_reqq_params_t p = {.Q_DEPTH = 8, .NSETS = nsets, .IDX_W = idx_w,
                           .LINK_LAT = 1, .FLOW = flow};
    gm_err_t err;
    assert_int_equal(ccn_reqq_init(&m, &p, &err), 0);
}

static ccn_reqq_in_t idle(void)
{
    return (ccn_reqq_in_t){.my_cid = 3, .home_eject_ready = 1, .st_lkp_gnt = 1, .hit_stage_ready = 1,
                           .fwd_out_ready = 1};
}

static ccn_reqq_out_t step(const ccn_reqq_in_t *in)
{
    ccn_reqq_out_t o;
    ccn_reqq_eval(&m, in, &o);
    ccn_reqq_tick(&m, in);
    return o;
}

static void test_home_and_fresh(void **state)
{
    (void)state;
    init(32, 5, 0);
    ccn_reqq_in_t in = idle();
    in.fwd_in_valid = 1;
    in.fwd_in_flit = ccn_flit(1, 3, 0x123); /* 0xcc000123 */
    in.home_eject_ready = 0;
    ccn_reqq_out_t o = step(&in);
    assert_int_equal(o.home_eject_valid, 1);
    assert_int_equal(o.home_eject_la, 0x123);
    assert_int_equal(o.home_eject_smp, 1);
    assert_int_equal(o.fwd_in_ready, 0); /* waits upstream */
    assert_int_equal(m.count, 0);
    in.home_eject_ready = 1;
    in.inj_valid = 1; /* a home return does not block the CB */
    in.inj_flit = ccn_flit(0, 3, 0x456);
    o = step(&in);
    assert_int_equal(o.fwd_in_ready, 1);
    assert_int_equal(o.inj_accept, 1);
    assert_int_equal(m.count, 1);
    in = idle();
    o = step(&in); /* the fresh request: no lookup, onto the link */
    assert_int_equal(o.st_lkp_valid, 0);
    assert_int_equal(m.count, 0);
    o = step(&in);
    assert_int_equal(o.fwd_out_valid, 1);
    assert_int_equal(o.fwd_out_flit, 0x8c000456u);
}

static void test_bypass_lookup_and_blocked_hit(void **state)
{
    (void)state;
    init(32, 5, 0);
    ccn_reqq_in_t in = idle();
    in.fwd_in_valid = 1;
    in.fwd_in_flit = ccn_flit(0, 9, 0x12345);
    ccn_reqq_out_t o = step(&in); /* empty queue: looked up as it arrives, a miss */
    assert_int_equal(o.st_lkp_valid, 1);
    assert_int_equal(o.st_lkp_set, 5);      /* 0x12345 & 31 */
    assert_int_equal(o.st_lkp_tag, 0x91a);  /* 0x12345 >> 5 */
    assert_int_equal(m.count, 0);           /* forwarded, not enqueued */
    assert_int_equal(m.lv[0], 1);
    in.fwd_in_flit = ccn_flit(1, 9, 0x777);
    in.st_lkp_hit = 1;
    in.st_lkp_way = 2;
    in.hit_stage_ready = 0;
    in.inj_valid = 1;
    in.inj_flit = ccn_flit(0, 3, 0x1);
    o = step(&in); /* a hit the data stage cannot take: kept, and it beats the CB */
    assert_int_equal(o.hit_req_valid, 1);
    assert_int_equal(o.hit_req_src, 9);
    assert_int_equal(o.hit_req_way, 2);
    assert_int_equal(o.inj_accept, 0);
    assert_int_equal(o.fwd_out_valid, 1);
    assert_int_equal(m.count, 1);
    in = idle();
    in.st_lkp_hit = 1;
    o = step(&in);
    assert_int_equal(o.hit_req_valid, 1);
    assert_int_equal(o.hit_req_la, 0x777);
    assert_int_equal(o.hit_req_smp, 1);
    assert_int_equal(m.count, 0);
    ccn_reqq_counters_t c;
    ccn_reqq_counters(&m, &c);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.hit_blocked, 1);
    assert_int_equal(c.lookups, 3);
}

static void test_bubble_and_48k_sets(void **state)
{
    (void)state;
    init(32, 5, 0);
    ccn_reqq_in_t in = idle();
    in.fwd_out_ready = 0; /* nothing leaves the link: the queue fills */
    in.inj_valid = 1;
    for (unsigned i = 0; i < 8; i++) {
        in.inj_flit = ccn_flit(0, 3, i);
        ccn_reqq_out_t o = step(&in);
        /* count 0..6 may inject (two free); the link takes the first. */
        assert_int_equal(o.inj_accept, o.count + 2 <= 8);
    }
    /* 1 on the link, 7 queued (the head waits for the link). */
    assert_int_equal(m.count, 7);
    assert_int_equal(m.lv[0], 1);
    in.inj_valid = 0;
    in.fwd_in_valid = 1;
    in.fwd_in_flit = ccn_flit(0, 1, 0x99);
    assert_int_equal(step(&in).fwd_in_ready, 1); /* forwarding needs one free */
    assert_int_equal(step(&in).fwd_in_ready, 0);
    assert_int_equal(m.count, 8);
    ccn_reqq_params_t p = {.Q_DEPTH = 8, .NSETS = 96, .IDX_W = 0, .LINK_LAT = 1};
    assert_int_equal(ccn_reqq_set(&p, 1000), 1000 % 96);
    assert_int_equal(ccn_reqq_tag(&p, 1000), 1000);
    ccn_reqq_params_t bad = {.NSETS = 96, .IDX_W = 5, .Q_DEPTH = 8, .LINK_LAT = 1};
    gm_err_t err;
    assert_int_equal(ccn_reqq_init(&m, &bad, &err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_home_and_fresh),
        cmocka_unit_test(test_bypass_lookup_and_blocked_hit),
        cmocka_unit_test(test_bubble_and_48k_sets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
