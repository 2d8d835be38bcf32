/* Crossbar: latency, serialization by flits, round-robin fairness and
 * head-of-line order; clock domains; the coalescer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "sim/clock.h"
#include "sim/coalesce.h"
#include "sim/icnt.h"

static void test_latency_and_flits(void **state)
{
    gm_icnt_t n;
    gm_err_t err;
    (void)state;
    assert_int_equal(gm_icnt_init(&n, 2, 2, 32, 10, 4, 8, &err), 0);
    gm_icnt_inject(&n, 0, 1, 7, 136); /* 5 flits */
    gm_icnt_inject(&n, 1, 1, 9, 8);   /* 1 flit, same destination */
    uint64_t arrive[2] = {0, 0};
    for (uint64_t t = 0; t < 40; t++) {
        gm_icnt_cycle(&n, t);
        for (uint32_t id; (id = gm_icnt_peek(&n, 1, t)) != UINT32_MAX;) {
            gm_icnt_pop(&n, 1);
            arrive[id == 7 ? 0 : 1] = t;
        }
    }
    /* Source 0 wins cycle 0 (round-robin starts at 0): 5 flits + 10 = 15.
     * Source 1 waits for the output (busy until 5): 5 + 1 + 10 = 16. */
    assert_int_equal(arrive[0], 15);
    assert_int_equal(arrive[1], 16);
    assert_int_equal(n.flits, 6);
    gm_icnt_free(&n);
}

static void test_round_robin(void **state)
{
    gm_icnt_t n;
    gm_err_t err;
    (void)state;
    assert_int_equal(gm_icnt_init(&n, 3, 1, 32, 1, 8, 32, &err), 0);
    for (uint32_t k = 0; k < 2; k++)
        for (uint32_t s = 0; s < 3; s++)
            gm_icnt_inject(&n, s, 0, 10 * s + k, 8);
    uint32_t order[6], got = 0;
    for (uint64_t t = 0; t < 20; t++) {
        gm_icnt_cycle(&n, t);
        for (uint32_t id; (id = gm_icnt_peek(&n, 0, t)) != UINT32_MAX;)
            order[got++] = gm_icnt_pop(&n, 0) + 0 * id;
    }
    uint32_t want[6] = {0, 10, 20, 1, 11, 21};
    assert_int_equal(got, 6);
    assert_memory_equal(order, want, sizeof want);
    gm_icnt_free(&n);
}

static void test_clocks(void **state)
{
    gm_clocks_t c;
    const uint32_t mhz[GM_NCLK] = {700, 700, 700, 924};
    (void)state;
    gm_clocks_init(&c, mhz);
    unsigned first = gm_clocks_step(&c);
    assert_int_equal(first, 0xf); /* every domain has an edge at time 0 */
    while (c.cycles[GM_CLK_CORE] < 7001)
        gm_clocks_step(&c);
    /* 7000 core periods = 10 us; 924 MHz gives 9240 edges in 10 us. */
    assert_true(c.cycles[GM_CLK_DRAM] >= 9240 && c.cycles[GM_CLK_DRAM] <= 9242);
}

static void test_coalesce(void **state)
{
    gm_inst_t in;
    gm_access_t acc[GM_WARP_SIZE];
    (void)state;
    memset(&in, 0, sizeof in);
    in.size = 4;
    in.active = 0xffffffff;
    for (int l = 0; l < 32; l++)
        in.addr[l] = 0x1000 + 4 * (uint64_t)l; /* one line */
    assert_int_equal(gm_coalesce(&in, 128, 0, acc), 1);
    assert_int_equal(acc[0].line, 0x1000);
    assert_int_equal(acc[0].bytes, 128);
    assert_int_equal(acc[0].sectors, 0xf);
    for (int l = 0; l < 32; l++)
        in.addr[l] = 0x1000 + 4096 * (uint64_t)(31 - l); /* row per lane */
    in.active = 0x0000ffff;
    assert_int_equal(gm_coalesce(&in, 128, 0, acc), 16);
    assert_int_equal(acc[0].line, 0x1000 + 4096 * 31); /* first lane's line first */
    assert_int_equal(acc[0].bytes, 4);
    assert_int_equal(acc[0].sectors, 1);
}

/* Sectored (32-byte sectors): one access per sector, a line's sectors
 * together and lowest first, the line's first and last marked. */
static void test_coalesce_sectors(void **state)
{
    gm_inst_t in;
    gm_access_t acc[GM_WARP_SIZE];
    (void)state;
    memset(&in, 0, sizeof in);
    in.size = 4;
    in.active = 0x1ff;
    for (int l = 0; l < 8; l++) /* lanes 0-7: sectors 3 and 1 of 0x1000 */
        in.addr[l] = 0x1000 + (l < 4 ? 96 : 32) + 4 * (uint64_t)(l % 4);
    in.addr[4] = 0x2040; /* lane 4: sector 2 of another line, between */
    in.addr[8] = 0x1004; /* lane 8: back to 0x1000, sector 0 */
    assert_int_equal(gm_coalesce(&in, 128, 32, acc), 4);
    const uint32_t addr[] = {0x1000, 0x1020, 0x1060, 0x2040};
    const uint32_t bytes[] = {4, 12, 16, 4};
    for (int k = 0; k < 4; k++) {
        assert_int_equal(acc[k].line, addr[k] & ~127u);
        assert_int_equal(acc[k].addr, addr[k]);
        assert_int_equal(acc[k].bytes, bytes[k]);
        assert_int_equal(acc[k].sectors, 1u << ((addr[k] & 127) / 32));
    }
    assert_true(acc[0].first && !acc[0].last);
    assert_true(!acc[1].first && !acc[1].last);
    assert_true(!acc[2].first && acc[2].last);
    assert_true(acc[3].first && acc[3].last);
    /* 64-byte sectors: each covers two 32-byte pieces of the mask. */
    assert_int_equal(gm_coalesce(&in, 128, 64, acc), 3);
    assert_int_equal(acc[1].addr, 0x1040);
    assert_int_equal(acc[1].sectors, 0xc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_latency_and_flits),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_clocks),
        cmocka_unit_test(test_coalesce),
        cmocka_unit_test(test_coalesce_sectors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
