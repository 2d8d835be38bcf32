/* ccn_respq against seed-003 §14.6 worked by hand: a local response leaves
 * in 4 beats of 8 words, header on each, and is popped after the last; a
 * packet for this core is assembled and offered to the L1 the cycle after
 * its last beat, until the fill port takes it; the bubble rule (a local
 * response needs two free slots, a forwarded packet one) and the local
 * response's priority. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/ccn_line.h"
#include "blocks/ccn_respq.h"

static ccn_respq_t m;

static void init(unsigned beats)
{
    ccn_respq_params_t p = {.Q_DEPTH = 8, .RESP_BEATS = beats, .FLOW = 0};
    gm_err_t err;
    assert_int_equal(ccn_respq_init(&m, &p, &err), 0);
}

static ccn_respq_out_t step(const ccn_respq_in_t *in)
{
    ccn_respq_out_t o;
    ccn_respq_eval(&m, in, &o);
    ccn_respq_tick(&m, in);
    return o;
}

static void test_local_leaves_in_four_beats(void **state)
{
    (void)state;
    init(4);
    ccn_respq_in_t in = {.loc_valid = 1, .loc_hdr = ccn_flit(1, 6, 0xabc) & 0x7fffffffu};
    ccn_line_fill(0xabc, in.loc_data);
    ccn_respq_out_t o = step(&in);
    assert_int_equal(o.loc_accept, 1);
    assert_int_equal(o.out_beat_valid, 0);
    memset(&in, 0, sizeof in);
    in.out_ready = 1;
    for (unsigned b = 0; b < 4; b++) {
        o = step(&in);
        assert_int_equal(o.out_beat_valid, 1);
        assert_int_equal(o.out_hdr, 0xd8000abcu); /* valid | smp | dst 6 | la */
        assert_int_equal(o.out_beat_last, b == 3);
        assert_int_equal(o.out_beat_data[0], ccn_line_word(0xabc, 8 * b));
        assert_int_equal(o.out_beat_data[7], ccn_line_word(0xabc, 8 * b + 7));
        assert_int_equal(o.out_beat_data[8], 0);
    }
    assert_int_equal(m.count, 0);
}

static void test_home_packet_filled(void **state)
{
    (void)state;
    init(4);
    ccn_respq_in_t in = {.in_beat_valid = 1, .in_hdr = ccn_flit(0, 0, 0x55)};
    ccn_respq_out_t o;
    for (unsigned b = 0; b < 4; b++) {
        for (unsigned w = 0; w < 8; w++)
            in.in_beat_data[w] = ccn_line_word(0x55, 8 * b + w);
        in.in_beat_last = b == 3;
        o = step(&in);
        assert_int_equal(o.in_ready, 1);
        assert_int_equal(o.fill_valid, 0);
    }
    memset(&in, 0, sizeof in);
    o = step(&in); /* the L1 fill port is busy */
    assert_int_equal(o.fill_valid, 1);
    assert_int_equal(o.fill_la, 0x55);
    uint32_t line[32];
    ccn_line_fill(0x55, line);
    assert_memory_equal(o.fill_data, line, sizeof line);
    /* A second packet for this core waits while the first is not taken. */
    in.in_beat_valid = 1;
    in.in_hdr = ccn_flit(0, 0, 0x66);
    assert_int_equal(step(&in).in_ready, 0);
    in.fill_ready = 1;
    o = step(&in);
    assert_int_equal(o.fill_valid, 1);
    assert_int_equal(o.in_ready, 1); /* the buffer empties as the first beat comes */
    assert_int_equal(m.count, 0);    /* home packets never take a slot */
    ccn_respq_counters_t c;
    ccn_respq_counters(&m, &c);
    assert_int_equal(c.fills, 1);
    assert_int_equal(c.home_in, 2);
}

static void test_bubble_and_priority(void **state)
{
    (void)state;
    init(1);
    ccn_respq_in_t in = {.loc_valid = 1};
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(step(&in).loc_accept, 1); /* count 0..5: two free */
    assert_int_equal(m.count, 6);
    in.in_beat_valid = 1;
    in.in_hdr = ccn_flit(0, 4, 0x1);
    in.in_beat_last = 1;
    ccn_respq_out_t o = step(&in); /* count 6: the local one wins the mux */
    assert_int_equal(o.loc_accept, 1);
    assert_int_equal(o.in_ready, 0);
    o = step(&in); /* count 7: no local; the forwarded packet takes the last slot */
    assert_int_equal(o.loc_accept, 0);
    assert_int_equal(o.in_ready, 1);
    assert_int_equal(m.count, 8);
    assert_int_equal(step(&in).in_ready, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_local_leaves_in_four_beats),
        cmocka_unit_test(test_home_packet_filled),
        cmocka_unit_test(test_bubble_and_priority),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
