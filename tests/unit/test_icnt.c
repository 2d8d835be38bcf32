/* Crossbar: latency, serialization by flits, round-robin fairness,
 * head-of-line order and virtual output queues; clock domains; the coalescer. */
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

/* A warp's 32 lanes reading 4-byte words from 0x1000 on: one line. */
static void one_line_warp(gm_inst_t *in)
{
    memset(in, 0, sizeof *in);
    in->size = 4;
    in->active = 0xffffffff;
    for (int l = 0; l < 32; l++)
        in->addr[l] = 0x1000 + 4 * (uint64_t)l;
}

static void test_coalesce(void **state)
{
    gm_inst_t in;
    gm_access_t acc[GM_WARP_SIZE];
    (void)state;
    one_line_warp(&in);
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

/* By half-warp (GPGPU-Sim's mem_warp_parts 2): a coalesced warp's line is
 * requested by each half, the lower half's first, 64 bytes each; a line
 * only the upper half touches once; one part is the warp. */
static void test_coalesce_parts(void **state)
{
    gm_inst_t in;
    gm_access_t acc[GM_WARP_SIZE];
    (void)state;
    one_line_warp(&in);
    in.addr[31] = 0x2000; /* the upper half's own line, after 0x1000 */
    assert_int_equal(gm_coalesce_parts(&in, 128, 0, 1, acc), 2);
    assert_int_equal(gm_coalesce_parts(&in, 128, 0, 2, acc), 3);
    const uint32_t line[] = {0x1000, 0x1000, 0x2000}, bytes[] = {64, 60, 4};
    for (int k = 0; k < 3; k++) {
        assert_int_equal(acc[k].line, line[k]);
        assert_int_equal(acc[k].bytes, bytes[k]);
    }
    assert_int_equal(acc[0].sectors, 0x3);
    assert_int_equal(acc[1].sectors, 0xc);
    /* Sectored: each half's sectors, the halves' marks their own. */
    assert_int_equal(gm_coalesce_parts(&in, 128, 32, 2, acc), 5);
    assert_int_equal(acc[1].addr, 0x1020);
    assert_true(!acc[1].first && acc[1].last);
    assert_true(acc[2].first && !acc[2].last);
    assert_int_equal(acc[4].addr, 0x2000);
    in.active = 0xffff0000u; /* the upper half alone: no lower requests */
    assert_int_equal(gm_coalesce_parts(&in, 128, 0, 2, acc), 2);
    assert_int_equal(acc[0].line, 0x1000);
    assert_int_equal(acc[0].bytes, 60);
}

/* GPGPU-Sim 3.x's coalescing by access size: a warp's 1-byte accesses over
 * a line are one access a 32-byte segment (a primary and three merges in
 * the cache), 2-byte ones one a 64-byte segment covering only the 32-byte
 * pieces touched; each names its line; wider accesses coalesce by line. */
static void test_coalesce_segments(void **state)
{
    gm_inst_t in;
    gm_access_t acc[GM_WARP_SIZE];
    (void)state;
    one_line_warp(&in); /* 4 bytes a lane at stride 4: 0x1000..0x107f */
    assert_int_equal(gm_coalesce_segments(&in, 128, 1, acc), 1);
    assert_int_equal(acc[0].bytes, 128);
    in.size = 1; /* a byte at the same stride: four 32-byte segments */
    assert_int_equal(gm_coalesce_segments(&in, 128, 1, acc), 4);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(acc[k].line, 0x1000);
        assert_int_equal(acc[k].addr, 0x1000);
        assert_int_equal(acc[k].sectors, 1u << k);
        assert_int_equal(acc[k].bytes, 8);
    }
    /* by half-warp: each half's two segments, the lower half's first */
    assert_int_equal(gm_coalesce_segments(&in, 128, 2, acc), 4);
    assert_int_equal(acc[1].sectors, 0x2);
    assert_int_equal(acc[2].sectors, 0x4);
    in.size = 2; /* two 64-byte segments */
    assert_int_equal(gm_coalesce_segments(&in, 128, 1, acc), 2);
    assert_int_equal(acc[0].sectors, 0x3);
    assert_int_equal(acc[1].sectors, 0xc);
    assert_int_equal(acc[1].bytes, 32);
    in.active = 0x000000ffu; /* lanes 0-7: bytes 0..31, the lower piece alone */
    assert_int_equal(gm_coalesce_segments(&in, 128, 1, acc), 1);
    assert_int_equal(acc[0].sectors, 0x1);
    assert_int_equal(acc[0].bytes, 16);
}

/* Input speedup: a source streams up to `speedup` packets at once, each on
 * a lane of its own and to a different output; its queue still leaves in
 * order, so a head waiting for a busy output holds the packets behind it. */
static void run_one_source(uint32_t speedup, const uint32_t dst[3], uint64_t arrive[3])
{
    gm_icnt_t n;
    gm_err_t err;
    assert_int_equal(gm_icnt_init(&n, 1, 3, 32, 10, 4, 8, &err), 0);
    gm_icnt_set_speedup(&n, speedup);
    for (uint32_t k = 0; k < 3; k++)
        gm_icnt_inject(&n, 0, dst[k], k, 136); /* 5 flits each */
    for (uint64_t t = 0; t < 60; t++) {
        gm_icnt_cycle(&n, t);
        for (uint32_t d = 0; d < 3; d++)
            for (uint32_t id; (id = gm_icnt_peek(&n, d, t)) != UINT32_MAX;)
                arrive[gm_icnt_pop(&n, d) + 0 * id] = t;
    }
    assert_int_equal(n.packets, 3);
    gm_icnt_free(&n);
}

static void test_input_speedup(void **state)
{
    (void)state;
    const uint32_t spread[3] = {0, 1, 2}, hol[3] = {0, 0, 1};
    uint64_t a[3];
    run_one_source(1, spread, a); /* one at a time: sent at 0, 5, 10 */
    assert_int_equal(a[0], 15);
    assert_int_equal(a[1], 20);
    assert_int_equal(a[2], 25);
    run_one_source(2, spread, a); /* two lanes: 0 and 1 at 0, 2 at 5 */
    assert_int_equal(a[0], 15);
    assert_int_equal(a[1], 15);
    assert_int_equal(a[2], 20);
    run_one_source(4, spread, a); /* three outputs, three lanes: all at 0 */
    assert_int_equal(a[2], 15);
    run_one_source(2, hol, a); /* packet 1 waits for output 0, packet 2 behind it */
    assert_int_equal(a[0], 15);
    assert_int_equal(a[1], 20);
    assert_int_equal(a[2], 20);
    /* the fast-forward's bound: with a lane free and the output free, now */
    gm_icnt_t n;
    gm_err_t err;
    assert_int_equal(gm_icnt_init(&n, 1, 2, 32, 10, 4, 8, &err), 0);
    gm_icnt_set_speedup(&n, 2);
    gm_icnt_inject(&n, 0, 0, 0, 136);
    gm_icnt_inject(&n, 0, 1, 1, 136);
    gm_icnt_inject(&n, 0, 1, 2, 136);
    gm_icnt_cycle(&n, 0); /* 0 and 1 leave; both lanes busy until 5 */
    assert_int_equal(gm_icnt_next(&n), 5);
    gm_icnt_free(&n);
}

/* Virtual output queues against one FIFO per source: source 0 holds output
 * 0 for 40 cycles, source 2 takes output 1 at cycle 0, and source 1 has a
 * packet for each (output 0's first). In a FIFO its output-1 packet waits
 * behind the head; with voq it goes as soon as output 1 frees, the head
 * still leaving when output 0 does. Ids are 10 * source + position. */
static void run_hol(int voq, uint64_t *next_after_0, uint64_t arrive[2])
{
    gm_icnt_t n;
    gm_err_t err;
    assert_int_equal(gm_icnt_init(&n, 3, 2, 32, 10, 4, 8, &err), 0);
    gm_icnt_set_voq(&n, voq);
    gm_icnt_inject(&n, 0, 0, 0, 40 * 32);
    gm_icnt_inject(&n, 1, 0, 10, 136); /* 5 flits */
    gm_icnt_inject(&n, 1, 1, 11, 136);
    gm_icnt_inject(&n, 2, 1, 20, 20 * 32);
    for (uint64_t t = 0; t < 100; t++) {
        gm_icnt_cycle(&n, t);
        if (t == 0)
            *next_after_0 = gm_icnt_next(&n);
        for (uint32_t d = 0; d < 2; d++)
            for (uint32_t id; (id = gm_icnt_peek(&n, d, t)) != UINT32_MAX;) {
                gm_icnt_pop(&n, d);
                if (id / 10 == 1)
                    arrive[id % 10] = t;
            }
    }
    assert_int_equal(n.packets, 4);
    assert_int_equal(n.queued, 0);
    gm_icnt_free(&n);
}

static void test_voq(void **state)
{
    (void)state;
    uint64_t next, a[2];
    run_hol(0, &next, a);
    assert_int_equal(next, 40); /* source 1's head waits for output 0 */
    assert_int_equal(a[0], 55); /* sent at 40: + 5 flits + 10 */
    assert_int_equal(a[1], 60); /* behind it, at 45 */
    run_hol(1, &next, a);
    assert_int_equal(next, 20); /* its second packet's output frees at 20 */
    assert_int_equal(a[1], 35); /* sent at 20, ahead of the head */
    assert_int_equal(a[0], 55); /* the head at 40 as before */
}

/* The coalescer against the rule written plainly (lanes in order, a linear
 * search for the line, every byte sum capped), over random warps whose
 * lanes revisit a few lines in any order: the fast paths (the previous
 * lane's line, the filter of lines seen) must change nothing. */
static unsigned plain_lines(const gm_inst_t *in, uint32_t lb, gm_access_t out[GM_WARP_SIZE])
{
    unsigned n = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint32_t a = (uint32_t)in->addr[l], line = a & ~(lb - 1), k;
        for (k = 0; k < n && out[k].line != line; k++)
            ;
        if (k == n) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].line = out[n].addr = line;
            out[n].first = out[n].last = 1;
            n++;
        }
        out[k].sectors |= (uint8_t)(1u << ((a & (lb - 1)) / 32));
        out[k].bytes = out[k].bytes + in->size > lb ? lb : out[k].bytes + in->size;
    }
    return n;
}

static void test_coalesce_random(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252ull;
    for (int t = 0; t < 20000; t++) {
        gm_inst_t in;
        gm_access_t got[GM_WARP_SIZE], want[GM_WARP_SIZE];
        memset(&in, 0, sizeof in);
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        uint32_t lb = 32u << (x % 4);          /* 32 .. 256-byte lines */
        in.size = (uint8_t)(1u << (x >> 8) % 5); /* 1 .. 16 bytes */
        in.active = (uint32_t)(x >> 16) | (t % 3 ? 0 : 0xffffffffu);
        uint32_t nlines = 1 + (uint32_t)(x >> 48) % 40;
        for (int l = 0; l < 32; l++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            uint32_t line = (uint32_t)(x % nlines) * (t % 2 ? 4096u : lb);
            in.addr[l] = 0x100000 + line + ((uint32_t)(x >> 32) % (lb / in.size)) * in.size;
        }
        unsigned n = gm_coalesce(&in, lb, 0, got);
        assert_int_equal(n, plain_lines(&in, lb, want));
        for (unsigned k = 0; k < n; k++) {
            assert_int_equal(got[k].line, want[k].line);
            assert_int_equal(got[k].bytes, want[k].bytes);
            assert_int_equal(got[k].sectors, want[k].sectors);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_latency_and_flits),
        cmocka_unit_test(test_round_robin),
        cmocka_unit_test(test_input_speedup),
        cmocka_unit_test(test_voq),
        cmocka_unit_test(test_clocks),
        cmocka_unit_test(test_coalesce),
        cmocka_unit_test(test_coalesce_sectors),
        cmocka_unit_test(test_coalesce_parts),
        cmocka_unit_test(test_coalesce_segments),
        cmocka_unit_test(test_coalesce_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
