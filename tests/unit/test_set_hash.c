/* set_hash against values worked out by hand from seed-000 §5.1, and against
 * the spec's own I-Poly equation lists (independent of the model's GF(2)
 * division). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/set_hash.h"
#include "util/rng.h"

static set_hash_t h32, h64, hcode;

static int setup(void **state)
{
    set_hash_params_t p = {.LB = 7, .SB = 5};
    gm_err_t err;
    (void)state;
    assert_int_equal(set_hash_init(&h32, &p, &err), 0);
    p.XOR_SHIFT = 7;
    assert_int_equal(set_hash_init(&hcode, &p, &err), 0);
    p.SB = 6;
    p.XOR_SHIFT = 0;
    assert_int_equal(set_hash_init(&h64, &p, &err), 0);
    return 0;
}

static void test_auto_params(void **state)
{
    (void)state;
    /* §5.1: p = 31/61 (PMOD), 37/67 (A_Prime), 11, x^5+x^2+1 / x^6+x+1. */
    assert_int_equal(h32.p.XOR_SHIFT, 5);
    assert_int_equal(h32.p.PMOD_P, 31);
    assert_int_equal(h32.p.APRIME_P, 37);
    assert_int_equal(h32.p.DPRIME_P, 11);
    assert_int_equal(h32.p.IPOLY_POLY, 0x25);
    assert_int_equal(h32.p.IPOLY_CODE_P, 19);
    assert_int_equal(h64.p.PMOD_P, 61);
    assert_int_equal(h64.p.APRIME_P, 67);
    assert_int_equal(h64.p.IPOLY_POLY, 0x43);
}

static void test_hand_values(void **state)
{
    (void)state;
    /* addr 0x12345678: A = 0x2468AC = 2386092, x = 12, t(12..16) = 5,
     * t(14..18) = 17, T = 0x12345. */
    const uint32_t a = 0x12345678;
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_BMOD, a), 12);
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_BXOR, a), 12 ^ 5);
    assert_int_equal(set_hash_index(&hcode.p, SET_HASH_BXOR, a), 12 ^ 17);
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_PMOD, a), 2386092 % 31); /* 22 */
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_APRIME, a), 4);          /* 36 & 31 */
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_DPRIME, a), 3);          /* (5*11+12)%32 */
    /* 2^i mod 19 over A's set bits {2,3,5,7,11,13,14,18,21}:
     * 4+8+13+14+15+3+6+1+8 = 72; 72 & 31 = 8. */
    assert_int_equal(set_hash_index(&h32.p, SET_HASH_IPOLY_CODE, a), 8);
    assert_int_equal(set_hash_index(&h32.p, 7, a), 0);
}

static void test_bmod_camping(void **state)
{
    (void)state;
    /* A 4 KB stride keeps x fixed: BMOD camps on one set, BXOR spreads. */
    unsigned seen_bmod = 0, seen_bxor = 0;
    for (uint32_t k = 0; k < 32; k++) {
        seen_bmod |= 1u << set_hash_index(&h32.p, SET_HASH_BMOD, k * 4096);
        seen_bxor |= 1u << set_hash_index(&h32.p, SET_HASH_BXOR, k * 4096);
    }
    assert_int_equal(__builtin_popcount(seen_bmod), 1);
    assert_int_equal(__builtin_popcount(seen_bxor), 32);
}

static void test_pmod_wastes_sets(void **state)
{
    (void)state;
    /* §5.1: set 31 (32 sets) and sets 61-63 (64 sets) are never used. */
    for (uint32_t a = 0; a < (1u << 20); a += 128) {
        assert_true(set_hash_index(&h32.p, SET_HASH_PMOD, a) < 31);
        assert_true(set_hash_index(&h64.p, SET_HASH_PMOD, a) < 61);
    }
}

/* The spec's equations: out[k] = XOR of in[j] for j in the list, with
 * in[j] = addr[7 + j]. */
static const int eq32[5][15] = {
    {0, 5, 8, 10, 11, 14, 15, 16, 17, 18, 22, 23, -1},
    {1, 6, 9, 11, 12, 15, 16, 17, 18, 19, 23, 24, -1},
    {2, 5, 7, 8, 11, 12, 13, 14, 15, 19, 20, 22, 23, 24, -1},
    {3, 6, 8, 9, 12, 13, 14, 15, 16, 20, 21, 23, 24, -1},
    {4, 7, 9, 10, 13, 14, 15, 16, 17, 21, 22, 24, -1}};
static const int eq64[6][12] = {
    {0, 6, 11, 12, 16, 18, 21, 22, 23, 24, -1},
    {1, 6, 7, 11, 13, 16, 17, 18, 19, 21, -1},
    {2, 7, 8, 12, 14, 17, 18, 19, 20, 22, -1},
    {3, 8, 9, 13, 15, 18, 19, 20, 21, 23, -1},
    {4, 9, 10, 14, 16, 19, 20, 21, 22, 24, -1},
    {5, 10, 11, 15, 17, 20, 21, 22, 23, -1}};

static void test_ipoly_spec_equations(void **state)
{
    gm_rng_t r;
    (void)state;
    gm_rng_seed(&r, 7);
    for (int n = 0; n < 100000; n++) {
        uint32_t a = (uint32_t)gm_rng_next(&r);
        unsigned e32 = 0, e64 = 0;
        for (int k = 0; k < 5; k++)
            for (int j = 0; eq32[k][j] >= 0; j++)
                e32 ^= ((a >> (7 + eq32[k][j])) & 1u) << k;
        for (int k = 0; k < 6; k++)
            for (int j = 0; eq64[k][j] >= 0; j++)
                e64 ^= ((a >> (7 + eq64[k][j])) & 1u) << k;
        assert_int_equal(set_hash_index(&h32.p, SET_HASH_IPOLY, a), e32);
        assert_int_equal(set_hash_index(&h64.p, SET_HASH_IPOLY, a), e64);
    }
}

static void test_pipe_and_reset(void **state)
{
    set_hash_params_t p = {.LB = 7, .SB = 5, .PIPE = 1};
    set_hash_t h;
    set_hash_in_t in = {.addr = 0x12345678, .func_sel = SET_HASH_BMOD, .in_valid = 1};
    set_hash_out_t out;
    gm_err_t err;
    (void)state;
    assert_int_equal(set_hash_init(&h, &p, &err), 0);
    set_hash_eval(&h, &in, &out);
    assert_int_equal(out.set_idx, 0); /* reset value */
    assert_int_equal(out.out_valid, 0);
    set_hash_tick(&h, &in);
    in.in_valid = 0;
    set_hash_eval(&h, &in, &out);
    assert_int_equal(out.set_idx, 12); /* one cycle later */
    assert_int_equal(out.out_valid, 1);
}

static void test_bad_params(void **state)
{
    set_hash_params_t p = {.LB = 7, .SB = 5, .IPOLY_POLY = 0x43};
    set_hash_t h;
    gm_err_t err;
    (void)state;
    assert_int_equal(set_hash_init(&h, &p, &err), -1);
    assert_non_null(strstr(err.msg, "IPOLY_POLY"));
    p.IPOLY_POLY = 0;
    p.PMOD_P = 33;
    assert_int_equal(set_hash_init(&h, &p, &err), -1);
    assert_non_null(strstr(err.msg, "PMOD_P"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_auto_params),
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_bmod_camping),
        cmocka_unit_test(test_pmod_wastes_sets),
        cmocka_unit_test(test_ipoly_spec_equations),
        cmocka_unit_test(test_pipe_and_reset),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
