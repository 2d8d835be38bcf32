/* bpg against seed-000 §4.4 by hand: the cube LUT (round((L/N)^3 2^16)),
 * launch geometry (warp or TB mode, N), the estimator and argmax with ties
 * to the larger L, the update at the INTERVAL-th access with halving, the
 * counters' saturation, and the bypass decision. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/bpg.h"

static bpg_t m;

static void init(unsigned interval, unsigned eshift)
{
    bpg_params_t p = {.SETS = 32, .NSAMP = 32, .WAYS = 4, .INTERVAL = interval,
                      .E_SHIFT = eshift};
    gm_err_t err;
    assert_int_equal(bpg_init(&m, &p, &err), 0);
}

static bpg_out_t cyc(const bpg_in_t *in)
{
    bpg_out_t o;
    bpg_eval(&m, in, &o);
    bpg_tick(&m, in);
    return o;
}

static void launch(unsigned ntb, unsigned wpt)
{
    bpg_in_t in = {.launch = 1, .n_active_tb = ntb, .warps_per_tb = wpt};
    cyc(&in);
}

static void test_cube_lut(void **state)
{
    (void)state;
    assert_int_equal(bpg_cube_q16(1, 8), 128);      /* 2^16 / 512 */
    assert_int_equal(bpg_cube_q16(8, 8), 65536);
    assert_int_equal(bpg_cube_q16(3, 7), 5159);     /* 27/343 * 65536 = 5158.8 */
}

static void test_launch_modes(void **state)
{
    (void)state;
    init(1000, 1);
    launch(1, 6); /* one TB of 6 warps: warp mode, N = 6 */
    assert_int_equal(m.mode_tb_r, 0);
    assert_int_equal(m.n, 6);
    assert_int_equal(m.cube[5], 65536);
    assert_int_equal(m.cube[6], 0); /* L = 7 > N */
    launch(3, 16); /* 3 TBs: TB mode, N = 3 */
    assert_int_equal(m.mode_tb_r, 1);
    assert_int_equal(m.n, 3);
    assert_int_equal(m.lmax_r, 8);
    assert_int_equal(m.started_r, 0);
}

static void test_select_and_ties(void **state)
{
    (void)state;
    int32_t adj[BPG_NCALC];
    init(1000, 1);
    launch(1, 8);
    /* Equal hits, no fails: a tie everywhere goes to L = 8. */
    for (unsigned i = 0; i < 8; i++)
        m.hit_cnt[i] = 100;
    assert_int_equal(bpg_select(&m, adj), 8);
    /* rf 4095: estimates 4095 L^3 / 512 >> 1 (E_SHIFT): L=1: 3, L=2: 31,
     * L=3: 107; hits 100, 130, 150: adj 97, 99, 43 -> L = 2. */
    m.rf_cnt = 4095;
    m.hit_cnt[0] = 100;
    m.hit_cnt[1] = 130;
    m.hit_cnt[2] = 150;
    assert_int_equal(bpg_select(&m, adj), 2);
    assert_int_equal(adj[0], 97);
    assert_int_equal(adj[1], 99);
    assert_int_equal(adj[2], 43);
}

static void test_update_halves(void **state)
{
    (void)state;
    init(4, 0);
    launch(1, 8);
    bpg_in_t in = {.acc_valid = 1, .acc_set = 0, .acc_tag = 5, .acc_wid = 7, .rf_pulse = 1};
    for (int k = 0; k < 3; k++)
        assert_int_equal(cyc(&in).update, 0);
    /* Only calculator 7 saw warp 7: 2 hits (the first access missed). */
    assert_int_equal(m.hit_cnt[7], 2);
    assert_int_equal(m.hit_cnt[6], 0);
    bpg_out_t o = cyc(&in);
    assert_int_equal(o.update, 1);
    /* rf 3: estimates floor(3 L^3 / 512) = 0 for L <= 5, then 1, 2, 3;
     * adj = 0 (L 1..5), -1, -2, 2 - 3 = -1: the tie at 0 goes to L = 5. */
    assert_int_equal(o.g_lmax, 5);
    assert_int_equal(o.g_bypass_en, 1);
    assert_int_equal(m.hit_cnt[7], 1);  /* (2 + 1) >> 1 */
    assert_int_equal(m.rf_cnt, 2);      /* (3 + 1) >> 1 */
    assert_int_equal(m.acc_cnt, 0);
    assert_int_equal(m.started_r, 1);
}

static void test_saturation(void **state)
{
    (void)state;
    init(1024, 1);
    launch(1, 8);
    bpg_in_t in = {.rf_pulse = 1};
    for (int k = 0; k < 5000; k++)
        cyc(&in);
    assert_int_equal(m.rf_cnt, 4095);
    m.hit_cnt[3] = 1023;
    bpg_in_t a = {.acc_valid = 1, .acc_tag = 9};
    cyc(&a);
    cyc(&a); /* a hit in every calculator */
    assert_int_equal(m.hit_cnt[3], 1023);
    assert_int_equal(m.hit_cnt[0], 1);
}

static void test_route(void **state)
{
    (void)state;
    init(1000, 1);
    launch(1, 8);
    m.bypass_en_r = 1;
    m.lmax_r = 3;
    bpg_in_t in = {.q_wid = 2};
    assert_int_equal(cyc(&in).route_bypass, 0);
    in.q_wid = 3;
    assert_int_equal(cyc(&in).route_bypass, 1); /* warps 3.. bypass */
    in.q_wid = 0;
    in.q_cg = 1;
    assert_int_equal(cyc(&in).route_bypass, 1); /* .cg always bypasses */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cube_lut),          cmocka_unit_test(test_launch_modes),
        cmocka_unit_test(test_select_and_ties),   cmocka_unit_test(test_update_halves),
        cmocka_unit_test(test_saturation),        cmocka_unit_test(test_route),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
