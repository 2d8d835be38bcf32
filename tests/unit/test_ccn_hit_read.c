/* ccn_hit_read against seed-003 §14.5 / §14.9 worked by hand: a hit taken
 * at t steals the L1 at t+1 and is offered to the RespQ in t+1; a refusal
 * keeps the line read at t+1 (no second steal); a new hit enters as the old
 * response leaves (STRICT = 0) or only into an empty stage (STRICT = 1). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/ccn_hit_read.h"

static ccn_hit_read_t m;

static void init(unsigned strict)
{
    ccn_hit_read_params_t p = {.STRICT = strict};
    gm_err_t err;
    assert_int_equal(ccn_hit_read_init(&m, &p, &err), 0);
}

static ccn_hit_read_out_t cyc(int hit, unsigned set, unsigned way, unsigned src, uint32_t la,
                              uint32_t data_word0, int acc)
{
    ccn_hit_read_in_t in = {.hit_valid = (uint64_t)hit, .hit_set = set, .hit_way = way,
                            .hit_src = src, .hit_la = la, .hit_smp = 1,
                            .rsp_inj_accept = (uint64_t)acc};
    in.l1_rd_data[0] = data_word0;
    in.l1_rd_data[31] = ~data_word0;
    ccn_hit_read_out_t o;
    ccn_hit_read_eval(&m, &in, &o);
    ccn_hit_read_tick(&m, &in);
    return o;
}

static void test_steal_once_and_hold(void **state)
{
    (void)state;
    init(0);
    ccn_hit_read_out_t o = cyc(1, 9, 2, 0, 0x2a, 0x111, 0);
    assert_int_equal(o.hit_stage_ready, 1);
    assert_int_equal(o.l1_steal, 0);
    o = cyc(0, 0, 0, 0, 0, 0x222, 0); /* t+1: steal, offered, refused */
    assert_int_equal(o.l1_steal, 1);
    assert_int_equal(o.l1_rd_set, 9);
    assert_int_equal(o.l1_rd_way, 2);
    assert_int_equal(o.rsp_inj_valid, 1);
    assert_int_equal(o.rsp_inj_hdr, 0x4000002au); /* smp | dst 0 | la 0x2a */
    assert_int_equal(o.rsp_inj_data[0], 0x222);
    assert_int_equal(o.hit_stage_ready, 0);
    o = cyc(1, 1, 1, 3, 0x33, 0x333, 0); /* refused again: held line, no steal */
    assert_int_equal(o.l1_steal, 0);
    assert_int_equal(o.rsp_inj_data[0], 0x222);
    assert_int_equal(o.rsp_inj_data[31], ~0x222u);
    /* Accepted; the offered hit enters in the same cycle. */
    o = cyc(1, 1, 1, 3, 0x33, 0x444, 1);
    assert_int_equal(o.rsp_inj_data[0], 0x222);
    assert_int_equal(o.hit_stage_ready, 1);
    o = cyc(0, 0, 0, 0, 0, 0x555, 1);
    assert_int_equal(o.l1_steal, 1);
    assert_int_equal(o.rsp_inj_hdr, 0x4c000033u); /* smp | dst 3 << 26 | 0x33 */
    assert_int_equal(o.rsp_inj_data[0], 0x555);
    o = cyc(0, 0, 0, 0, 0, 0, 0);
    assert_int_equal(o.rsp_inj_valid, 0);
    assert_int_equal(o.rsp_inj_hdr, 0);
    ccn_hit_read_counters_t c;
    ccn_hit_read_counters(&m, &c);
    assert_int_equal(c.hits_taken, 2);
    assert_int_equal(c.steals, 2);
    assert_int_equal(c.responses, 2);
    assert_int_equal(c.refused_cycles, 2);
}

static void test_strict(void **state)
{
    (void)state;
    init(1);
    cyc(1, 0, 0, 1, 1, 0, 0);
    ccn_hit_read_out_t o = cyc(1, 0, 0, 2, 2, 0, 1); /* leaves, but the stage was full */
    assert_int_equal(o.hit_stage_ready, 0);
    assert_int_equal(m.sv, 0);
    o = cyc(1, 0, 0, 2, 2, 0, 0);
    assert_int_equal(o.hit_stage_ready, 1);
    assert_int_equal(m.sv, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steal_once_and_hold),
        cmocka_unit_test(test_strict),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
