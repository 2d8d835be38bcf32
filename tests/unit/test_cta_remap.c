/* cta_remap against values worked out by hand from seed-002: the Fig. 8 MM
 * example (§3.5, with erratum E2), Eq. 7 against the corrected forward map
 * (§3.1, erratum E1) and Listing 4, Fig. 7's orders, the divider's zero
 * divisor and the latency and handshake of one request. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/cta_remap.h"

static cta_remap_in_t cfg(unsigned mode, unsigned index, uint32_t V, uint32_t M, uint32_t gdx,
                          uint32_t gdy)
{
    cta_remap_in_t in = {0};
    in.cfg_mode = mode;
    in.cfg_index = index;
    in.cfg_V = V;
    in.cfg_M = M;
    in.cfg_q = V / M;
    in.cfg_r = V % M;
    in.cfg_gdx = gdx;
    in.cfg_gdy = gdy;
    return in;
}

static uint32_t ident[CTA_REMAP_LUT_MAX];

static void setup_lut(void)
{
    for (uint32_t e = 0; e < CTA_REMAP_LUT_MAX; e++)
        ident[e] = e;
}

static void test_fig8(void **state)
{
    (void)state;
    setup_lut();
    /* M = 2 SMs, a 3 x 2 grid, row-major. CTA (0,1) has v = 1*3+0 = 3 and
     * f(3) = (3 % 3, (3 - 6 % 3) / 3) = (0, 1). */
    uint32_t w, i;
    cta_remap_forward(3, 3, 0, &w, &i);
    assert_int_equal(w, 0);
    assert_int_equal(i, 1);
    cta_remap_in_t in = cfg(CTA_REMAP_CLUSTER, CTA_INDEX_ROW, 6, 2, 3, 2);
    in.in_w = 0;
    in.in_i = 1;
    cta_remap_res_t r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.v, 3);
    assert_int_equal(r.bx, 0);
    assert_int_equal(r.by, 1);
    assert_int_equal(r.divisions, 1);
    /* (w=2, i=1): v = 1*(6/2+1) + 2 + min(0-1, 0) = 5. */
    in.in_w = 2;
    r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.v, 5);
    assert_int_equal(r.bx, 2);
    assert_int_equal(r.by, 1);
    /* RR binding of u = 4: (w, i) = (4/2, 4%2) = (2, 0) (E2: the paper's
     * 4%(6/2) is a typo), v = 0*4 + 2 + 0 = 2: CTA (2, 0). */
    in = cfg(CTA_REMAP_REDIRECT, CTA_INDEX_ROW, 6, 2, 3, 2);
    in.in_u = 4;
    r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.v, 2);
    assert_int_equal(r.bx, 2);
    assert_int_equal(r.by, 0);
    assert_int_equal(r.divisions, 2);
    assert_false(r.err);
    /* Under RD, SM 0 (u even) runs cluster C0 = row 0, SM 1 runs row 1. */
    for (uint32_t u = 0; u < 6; u++) {
        in.in_u = u;
        r = cta_remap_compute(&in, ident, 6);
        assert_int_equal(r.by, u % 2);
        assert_int_equal(r.bx, u / 2);
    }
}

static void test_eq7_inverts_forward(void **state)
{
    (void)state;
    /* Exhaustive over small grids: Eq. 7 inverts the corrected map, and
     * clusters are contiguous, q+1 CTAs for the first r, q after. */
    for (uint32_t V = 1; V <= 120; V++)
        for (uint32_t M = 1; M <= 32 && M <= V; M++) {
            uint32_t q = V / M, r = V % M;
            for (uint32_t v = 0; v < V; v++) {
                uint32_t w, i;
                cta_remap_forward(v, q, r, &w, &i);
                assert_true(i < M);
                assert_true(w < q + (i < r));
                assert_int_equal(cta_remap_inverse(w, i, q, r), v);
            }
        }
    /* E1's example, |V| = 7 over 3: v = 2 -> (2, 0), 5 -> (0, 2), 6 -> (1, 2). */
    uint32_t w, i;
    cta_remap_forward(2, 2, 1, &w, &i);
    assert_true(w == 2 && i == 0);
    cta_remap_forward(5, 2, 1, &w, &i);
    assert_true(w == 0 && i == 2);
    cta_remap_forward(6, 2, 1, &w, &i);
    assert_true(w == 1 && i == 2);
}

static void test_listing4_v7(void **state)
{
    (void)state;
    setup_lut();
    static const uint32_t want[7] = {0, 3, 5, 1, 4, 6, 2};
    cta_remap_in_t in = cfg(CTA_REMAP_REDIRECT, CTA_INDEX_ROW, 7, 3, 7, 1);
    for (uint32_t u = 0; u < 7; u++) {
        in.in_u = u;
        assert_int_equal(cta_remap_compute(&in, ident, 6).v, want[u]);
    }
    /* u = 20 is past the grid: i = 2, w = 6, v = 2*3 + 6 - (2 - 1) = 11 >= 7. */
    in.in_u = 20;
    cta_remap_res_t r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.v, 11);
    assert_true(r.err);
}

static void test_fig7_orders(void **state)
{
    (void)state;
    setup_lut();
    static const uint8_t tile[4][4] = {{0, 1, 4, 5}, {2, 3, 6, 7}, {8, 9, 12, 13}, {10, 11, 14, 15}};
    static const uint8_t arb[4][4] = {{10, 4, 9, 15}, {2, 12, 5, 7}, {8, 3, 0, 13}, {6, 11, 14, 1}};
    uint32_t lut[CTA_REMAP_LUT_MAX] = {0};
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++)
            lut[arb[y][x]] = y * 4 + x;
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            cta_remap_in_t in = cfg(CTA_REMAP_IDENTITY, CTA_INDEX_TILE, 16, 4, 4, 4);
            in.cfg_tw = in.cfg_th = 2;
            in.cfg_ntx = 2;
            in.in_u = tile[y][x];
            cta_remap_res_t r = cta_remap_compute(&in, ident, 6);
            assert_int_equal(r.bx, x);
            assert_int_equal(r.by, y);
            assert_int_equal(r.divisions, 3);
            in.cfg_index = CTA_INDEX_COL;
            in.in_u = x * 4 + y;
            r = cta_remap_compute(&in, ident, 6);
            assert_int_equal(r.bx, x);
            assert_int_equal(r.by, y);
            in.cfg_index = CTA_INDEX_LUT;
            in.in_u = arb[y][x];
            r = cta_remap_compute(&in, lut, 4);
            assert_int_equal(r.bx, x);
            assert_int_equal(r.by, y);
            assert_false(r.err);
        }
}

static void test_zero_divisor_and_lut_range(void **state)
{
    (void)state;
    setup_lut();
    cta_remap_in_t in = cfg(CTA_REMAP_IDENTITY, CTA_INDEX_ROW, 100, 1, 0, 0);
    in.in_u = 37;
    cta_remap_res_t r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.by, 0xffff); /* quotient all ones, low 16 bits */
    assert_int_equal(r.bx, 37);     /* remainder: the dividend */
    in.cfg_mode = CTA_REMAP_LUT;
    in.in_u = 64; /* past a 64-entry table: wraps to entry 0, flagged */
    in.cfg_gdx = 10;
    r = cta_remap_compute(&in, ident, 6);
    assert_int_equal(r.v, 0);
    assert_true(r.err);
}

static void test_latency_and_handshake(void **state)
{
    (void)state;
    for (unsigned impl = 0; impl < 2; impl++) {
        cta_remap_t m;
        cta_remap_params_t p = {.DIV_IMPL = impl, .LUT_AW = 6};
        gm_err_t err;
        assert_int_equal(cta_remap_init(&m, &p, &err), 0);
        cta_remap_in_t in = cfg(CTA_REMAP_REDIRECT, CTA_INDEX_ROW, 6, 2, 3, 2);
        in.in_valid = 1;
        in.in_u = 4;
        cta_remap_out_t o;
        cta_remap_eval(&m, &in, &o);
        assert_true(o.in_ready);
        cta_remap_tick(&m, &in); /* taken in cycle 0 */
        in.in_valid = 0;
        unsigned lat = impl ? 3 : 65; /* 1 + 2 divisions x (1 or 32) */
        assert_int_equal(cta_remap_latency(&p, 2), lat);
        for (unsigned c = 1; c < lat; c++) {
            cta_remap_eval(&m, &in, &o);
            assert_false(o.in_ready);
            assert_false(o.out_valid);
            cta_remap_tick(&m, &in);
        }
        cta_remap_eval(&m, &in, &o); /* cycle LAT */
        assert_true(o.out_valid);
        assert_int_equal(o.out_v, 2);
        /* Held without out_ready; a LUT write meanwhile is dropped. */
        in.lut_we = 1;
        in.lut_addr = 3;
        in.lut_wdata = 99;
        cta_remap_tick(&m, &in);
        cta_remap_eval(&m, &in, &o);
        assert_true(o.out_valid);
        assert_int_equal(m.lut[3], 3);
        in.out_ready = 1;
        cta_remap_tick(&m, &in);
        cta_remap_eval(&m, &in, &o);
        assert_false(o.out_valid);
        assert_true(o.in_ready);
        cta_remap_tick(&m, &in); /* idle, no request: the write lands */
        assert_int_equal(m.lut[3], 99);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fig8),
        cmocka_unit_test(test_eq7_inverts_forward),
        cmocka_unit_test(test_listing4_v7),
        cmocka_unit_test(test_fig7_orders),
        cmocka_unit_test(test_zero_divisor_and_lut_range),
        cmocka_unit_test(test_latency_and_handshake),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
