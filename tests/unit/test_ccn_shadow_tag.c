/* ccn_shadow_tag against seed-003 §6 / §14.4 / [INTERP-C,D] worked by hand:
 * reserve (V=0) never hits, the fill does from the next cycle on, an
 * update owns the single port, invalidation, the lowest matching way, the
 * tag mask, and the 48KB L1's 96th set. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/ccn_shadow_tag.h"

static ccn_shadow_tag_t m;

static void init(unsigned sets, unsigned ways, unsigned tag_w, unsigned ports)
{
    ccn_shadow_tag_params_t p = {.NSETS = sets, .NWAYS = ways, .TAG_W = tag_w, .ST_PORTS = ports};
    gm_err_t err;
    assert_int_equal(ccn_shadow_tag_init(&m, &p, &err), 0);
}

static ccn_shadow_tag_out_t cyc(int upd, unsigned uset, unsigned uway, uint32_t utag,
                                unsigned uv, int lkp, unsigned lset, uint32_t ltag)
{
    ccn_shadow_tag_in_t in = {.upd_valid = (uint64_t)upd, .upd_set = uset, .upd_way = uway,
                              .upd_tag = utag, .upd_v = uv, .lkp_valid = (uint64_t)lkp,
                              .lkp_set = lset, .lkp_tag = ltag};
    ccn_shadow_tag_out_t o;
    ccn_shadow_tag_eval(&m, &in, &o);
    ccn_shadow_tag_tick(&m, &in);
    return o;
}

static ccn_shadow_tag_out_t look(unsigned set, uint32_t tag)
{
    return cyc(0, 0, 0, 0, 0, 1, set, tag);
}

static void test_reserve_fill_invalidate(void **state)
{
    (void)state;
    init(32, 4, 21, 1);
    assert_int_equal(look(7, 0x1234).lkp_hit, 0);
    cyc(1, 7, 2, 0x1234, 0, 0, 0, 0);           /* reserve: V = 0 */
    assert_int_equal(look(7, 0x1234).lkp_hit, 0); /* a pending line is not shared */
    /* The fill's own cycle: the update takes the port, the lookup waits. */
    ccn_shadow_tag_out_t o = cyc(1, 7, 2, 0x1234, 1, 1, 7, 0x1234);
    assert_int_equal(o.lkp_gnt, 0);
    assert_int_equal(o.lkp_hit, 0);
    o = look(7, 0x1234);
    assert_int_equal(o.lkp_gnt, 1);
    assert_int_equal(o.lkp_hit, 1);
    assert_int_equal(o.lkp_way, 2);
    assert_int_equal(look(6, 0x1234).lkp_hit, 0);  /* another set */
    assert_int_equal(look(7, 0x1235).lkp_hit, 0);  /* another tag */
    cyc(1, 7, 2, 0x1234, 0, 0, 0, 0);              /* write-evict */
    assert_int_equal(look(7, 0x1234).lkp_hit, 0);
    ccn_shadow_tag_counters_t c;
    ccn_shadow_tag_counters(&m, &c);
    assert_int_equal(c.updates, 3);
    assert_int_equal(c.port_conflicts, 1);
    assert_int_equal(c.hits, 1);
    assert_int_equal(c.lookups, 6);
}

static void test_two_ports_and_lowest_way(void **state)
{
    (void)state;
    init(4, 2, 24, 2);
    cyc(1, 3, 1, 0xabcdef, 1, 0, 0, 0);
    /* 1R1W: the lookup in the cycle of a write is granted and sees the old copy. */
    ccn_shadow_tag_out_t o = cyc(1, 3, 0, 0xabcdef, 1, 1, 3, 0xabcdef);
    assert_int_equal(o.lkp_gnt, 1);
    assert_int_equal(o.lkp_hit, 1);
    assert_int_equal(o.lkp_way, 1);
    assert_int_equal(o.err_multi, 0);
    o = look(3, 0xabcdef); /* now both ways: way 0 wins, flagged */
    assert_int_equal(o.lkp_way, 0);
    assert_int_equal(o.err_multi, 1);
    /* Tags are 24 bits: bits above are neither stored nor compared. */
    assert_int_equal(look(3, 0x2abcdef).lkp_hit, 1);
    /* Sets and ways beyond the geometry: never written, never hit. */
    cyc(1, 9, 0, 0x11, 1, 0, 0, 0);
    cyc(1, 1, 5, 0x11, 1, 0, 0, 0);
    assert_int_equal(look(9, 0x11).lkp_hit, 0);
    assert_int_equal(look(1, 0x11).lkp_hit, 0);
}

static void test_l1_48k_set_95(void **state)
{
    (void)state;
    init(96, 4, 26, 1);
    cyc(1, 95, 3, 0x3ffffff, 1, 0, 0, 0);
    ccn_shadow_tag_out_t o = look(95, 0x3ffffff);
    assert_int_equal(o.lkp_hit, 1);
    assert_int_equal(o.lkp_way, 3);
    assert_int_equal(m.v[95 * 4 + 3], 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reserve_fill_invalidate),
        cmocka_unit_test(test_two_ports_and_lowest_way),
        cmocka_unit_test(test_l1_48k_set_95),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
