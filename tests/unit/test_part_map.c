/* part_map against values worked out by hand from seed-000 §5.4 and the
 * spec's I-Poly equation list. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/part_map.h"
#include "util/rng.h"

static part_map_t m16, mdoc, m6;

static int setup(void **state)
{
    part_map_params_t p = {.NP = 16, .CHUNK_LB = 8, .PXOR_SHIFT = 8};
    gm_err_t err;
    (void)state;
    assert_int_equal(part_map_init(&m16, &p, &err), 0);
    p.PXOR_SHIFT = 4;
    assert_int_equal(part_map_init(&mdoc, &p, &err), 0);
    p.NP = 6;
    p.PXOR_SHIFT = 8;
    assert_int_equal(part_map_init(&m6, &p, &err), 0);
    return 0;
}

static void test_auto_params(void **state)
{
    (void)state;
    assert_int_equal(m16.p.P_PRIME, 13);
    assert_int_equal(m16.p.P_APRIME, 31);
    assert_int_equal(m16.p.P_DPRIME, 11);
    assert_int_equal(m16.p.P_IPOLY, 0x13);
    assert_int_equal(m6.p.P_PRIME, 5);
    assert_int_equal(m6.p.P_IPOLY, 0xb);
}

static void test_hand_values(void **state)
{
    (void)state;
    /* addr 0x12345678: C = 0x123456 = 1193046. */
    const uint32_t a = 0x12345678;
    assert_int_equal(part_map_id(&m16.p, PART_MAP_MOD, a), 6);
    assert_int_equal(part_map_id(&m16.p, PART_MAP_XOR, a), 6 ^ 4);   /* addr[11:8]^addr[19:16] */
    assert_int_equal(part_map_id(&mdoc.p, PART_MAP_XOR, a), 6 ^ 5);  /* addr[11:8]^addr[15:12] */
    assert_int_equal(part_map_id(&m16.p, PART_MAP_PRIME, a), 10);    /* 1193046 % 13 */
    assert_int_equal(part_map_id(&m16.p, PART_MAP_APRIME, a), 11);   /* 1193046 % 31 */
    assert_int_equal(part_map_id(&m16.p, PART_MAP_DPRIME, a), 13);   /* (5*11+6) % 16 */
    assert_int_equal(part_map_id(&m16.p, PART_MAP_IPOLY, a), 14);
    assert_int_equal(part_map_id(&m16.p, 6, a), 0);
    assert_int_equal(part_map_addr(&m16.p, a), 0x01234578);
    assert_int_equal(part_map_id(&m6.p, PART_MAP_MOD, a), 0);       /* 1193046 % 6 */
    assert_int_equal(part_map_addr(&m6.p, a), (1193046 / 6) << 8 | 0x78);
}

static void test_partition_camping(void **state)
{
    (void)state;
    /* A 4 KB stride (column-major) maps every request to one partition
     * under Modulo; Xor spreads 16 consecutive ones over all 16. */
    unsigned mod = 0, xr = 0;
    for (uint32_t k = 0; k < 16; k++) {
        mod |= 1u << part_map_id(&m16.p, PART_MAP_MOD, k * 65536);
        xr |= 1u << part_map_id(&m16.p, PART_MAP_XOR, k * 65536);
    }
    assert_int_equal(__builtin_popcount(mod), 1);
    assert_int_equal(__builtin_popcount(xr), 16);
}

static void test_partition_address_is_a_bijection(void **state)
{
    (void)state;
    /* For XOR mapping, (partition, partition address) identifies the chunk. */
    static uint8_t seen[1 << 16];
    memset(seen, 0, sizeof seen);
    for (uint32_t c = 0; c < (1u << 16); c++) {
        uint32_t a = c << 8;
        uint32_t key = part_map_id(&m16.p, PART_MAP_XOR, a) << 12 | part_map_addr(&m16.p, a) >> 8;
        assert_int_equal(seen[key], 0);
        seen[key] = 1;
    }
}

static const int eq16[4][13] = {
    {0, 4, 7, 8, 10, 12, 13, 14, 15, 19, 22, 23, -1},
    {1, 4, 5, 7, 9, 10, 11, 12, 16, 19, 20, 22, -1},
    {2, 5, 6, 8, 10, 11, 12, 13, 17, 20, 21, 23, -1},
    {3, 6, 7, 9, 11, 12, 13, 14, 18, 21, 22, -1}};

static void test_ipoly_spec_equations(void **state)
{
    gm_rng_t r;
    (void)state;
    gm_rng_seed(&r, 3);
    for (int n = 0; n < 100000; n++) {
        /* The spec lists chunk bits 0..23 (addresses below 2^32). */
        uint32_t a = (uint32_t)gm_rng_next(&r);
        unsigned e = 0;
        for (int k = 0; k < 4; k++)
            for (int j = 0; eq16[k][j] >= 0; j++)
                e ^= ((a >> (8 + eq16[k][j])) & 1u) << k;
        assert_int_equal(part_map_id(&m16.p, PART_MAP_IPOLY, a), e);
    }
}

static void test_bad_params(void **state)
{
    part_map_params_t p = {.NP = 16, .CHUNK_LB = 8, .PXOR_SHIFT = 8, .P_PRIME = 17};
    part_map_t m;
    gm_err_t err;
    (void)state;
    assert_int_equal(part_map_init(&m, &p, &err), -1);
    assert_non_null(strstr(err.msg, "P_PRIME"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_auto_params),
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_partition_camping),
        cmocka_unit_test(test_partition_address_is_a_bijection),
        cmocka_unit_test(test_ipoly_spec_equations),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
