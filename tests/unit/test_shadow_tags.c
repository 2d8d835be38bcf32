/* shadow_tags against seed-000 §4.4 by hand: which sets are sampled
 * (spread {0,8,16,24} or the low sets), true LRU in one sampled set
 * (A B C D fill, A hits, E evicts B, the oldest), reset ages, and the
 * parameter checks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/shadow_tags.h"

static shadow_tags_t m;

static void init(unsigned mode)
{
    shadow_tags_params_t p = {.SETS = 32, .NSAMP = 4, .WAYS = 4, .SAMPLE_MODE = mode};
    gm_err_t err;
    assert_int_equal(shadow_tags_init(&m, &p, &err), 0);
}

static shadow_tags_out_t upd(unsigned set, uint32_t tag)
{
    shadow_tags_in_t in = {.upd_valid = 1, .upd_set = set, .upd_tag = tag};
    shadow_tags_out_t o;
    gm_err_t err;
    shadow_tags_eval(&m, &in, &o);
    shadow_tags_tick(&m, &in);
    if (shadow_tags_check(&m, &err))
        fail_msg("%s", err.msg);
    return o;
}

static void test_spread_and_low_sampling(void **state)
{
    (void)state;
    init(0);
    for (unsigned s = 0; s < 40; s++) {
        int want = s < 32 && s % 8 == 0 ? (int)(s / 8) : -1;
        assert_int_equal(shadow_tags_slot(&m.p, s), want);
    }
    assert_int_equal(upd(8, 0x11).sampled, 1);
    assert_int_equal(upd(9, 0x11).sampled, 0);
    init(1);
    assert_int_equal(shadow_tags_slot(&m.p, 3), 3);
    assert_int_equal(shadow_tags_slot(&m.p, 8), -1);
}

static void test_true_lru(void **state)
{
    (void)state;
    init(0);
    const uint32_t A = 0xa, B = 0xb, C = 0xc, D = 0xd, E = 0xe;
    /* Reset: way w has age w; fills take the lowest invalid way. */
    assert_int_equal(m.age[1 * 4 + 3], 3);
    assert_int_equal(upd(8, A).shadow_hit, 0);
    assert_int_equal(upd(8, B).shadow_hit, 0);
    assert_int_equal(upd(8, C).shadow_hit, 0);
    assert_int_equal(upd(8, D).shadow_hit, 0);
    /* Slot 1 (set 8): ways A B C D with ages 3 2 1 0. */
    assert_int_equal(m.age[4 + 0], 3);
    assert_int_equal(m.age[4 + 3], 0);
    shadow_tags_out_t o = upd(8, A);
    assert_int_equal(o.shadow_hit, 1);
    assert_int_equal(o.hit_way, 0);
    /* Ages now A0 B3 C2 D1: E replaces B. */
    assert_int_equal(m.age[4 + 1], 3);
    assert_int_equal(upd(8, E).shadow_hit, 0);
    assert_int_equal(m.tag[4 + 1], E);
    assert_int_equal(m.ctr.evictions, 1);
    assert_int_equal(upd(8, B).shadow_hit, 0); /* B was evicted */
    assert_int_equal(upd(16, A).shadow_hit, 0); /* another slot */
    assert_int_equal(m.ctr.hits, 1);
    assert_int_equal(m.ctr.sampled_updates, 8);
}

static void test_bad_params(void **state)
{
    (void)state;
    shadow_tags_params_t p = {.SETS = 24, .NSAMP = 4, .WAYS = 4};
    gm_err_t err;
    assert_int_equal(shadow_tags_init(&m, &p, &err), -1);
    p.SETS = 4;
    p.NSAMP = 8;
    assert_int_equal(shadow_tags_init(&m, &p, &err), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spread_and_low_sampling),
        cmocka_unit_test(test_true_lru),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
