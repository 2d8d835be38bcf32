/* dts against seed-004 §1.8 by hand: steps 1-10 from reset; steps 11-14
 * from the example's assumed state (LFU eviction continuing, the tie to
 * the oldest candidate, filter off inserting at once, all lines reserved);
 * and threshold 0 against a plain 4-way LRU cache on random loads; with
 * four sectors a line, the per-sector valid and pending bits of a data
 * line and the per-line locality filter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/dts.h"
#include "util/rng.h"

static dts_t m;

static void init_sec(unsigned sets, unsigned t, unsigned sectors)
{
    dts_params_t p = {.SETS = sets, .TW = 8, .DW = 4, .T = t, .SECTORS = sectors};
    gm_err_t err;
    assert_int_equal(dts_init(&m, &p, &err), 0);
}

static void init(unsigned sets, unsigned t)
{
    dts_params_t p = {.SETS = sets, .TW = 8, .DW = 4, .T = t, .SECTORS = 1};
    gm_err_t err;
    assert_int_equal(dts_init(&m, &p, &err), 0);
}

/* One cycle of the block with `in`, its invariants checked after it. */
static dts_out_t step(const dts_in_t *in)
{
    dts_out_t o;
    gm_err_t err;
    dts_eval(&m, in, &o);
    dts_tick(&m, in);
    if (dts_check(&m, &err))
        fail_msg("%s", err.msg);
    return o;
}

static dts_out_t load(uint32_t blk, int filter)
{
    dts_in_t in = {.req_valid = 1, .req_addr = blk << 12, .req_first = 1,
                   .filter_en = (uint64_t)filter, .mshr_ok = 1, .merge_ok = 1, .byp_ok = 1};
    return step(&in);
}

static void fill(uint32_t blk)
{
    dts_in_t in = {.fill_valid = 1, .fill_addr = blk << 12};
    dts_out_t o;
    dts_eval(&m, &in, &o);
    assert_int_equal(o.fill_err, 0);
    dts_tick(&m, &in);
}

enum { A = 1, B, C, D, E, F, G, H, J, K };

static void test_steps_1_to_10(void **state)
{
    (void)state;
    init(32, 2);
    assert_int_equal(load(A, 1).outcome, DTS_BYPASS);
    assert_int_equal(load(A, 1).outcome, DTS_BYPASS);
    dts_out_t o = load(A, 1);
    assert_int_equal(o.outcome, DTS_MISS);
    assert_int_equal(o.pos, 3);
    assert_int_equal(m.freec[0], 3);
    assert_int_equal(load(A, 1).outcome, DTS_HIT_RESERVED);
    fill(A);
    assert_int_equal(load(A, 1).outcome, DTS_HIT);
    assert_int_equal(load(B, 1).outcome, DTS_BYPASS);
    assert_int_equal(m.ttag[6], B);
    assert_int_equal(load(B, 1).outcome, DTS_BYPASS);
    assert_int_equal(load(C, 1).outcome, DTS_BYPASS);
    assert_int_equal(m.ttag[5], C);
    o = load(B, 1);
    assert_int_equal(o.outcome, DTS_MISS);
    assert_int_equal(o.pos, 2);
    assert_int_equal(m.trc[7], 1); /* A aged */
    assert_int_equal(m.trc[5], 0); /* C floors at 0 */
    assert_int_equal(m.freec[0], 2);
}

/* The example's state before step 11 (set 0). */
static void set_way(unsigned w, uint32_t tag, unsigned c, unsigned rc, unsigned pos, unsigned age)
{
    m.tv[w] = 1;
    m.tc[w] = (uint8_t)c;
    m.ttag[w] = tag;
    m.trc[w] = (uint8_t)rc;
    m.tpos[w] = (uint8_t)pos;
    m.tlru[w] = (uint8_t)age;
}

static void test_steps_11_to_14(void **state)
{
    (void)state;
    init(32, 2);
    /* Tag LRU oldest first: w0 w1 w5 w7 w3 w4 w6 w2 (rank 7 = oldest). */
    set_way(7, A, 1, 1, 3, 4);
    set_way(6, B, 1, 2, 2, 1);
    set_way(4, D, 1, 2, 1, 2);
    set_way(3, E, 1, 2, 0, 3);
    set_way(5, C, 0, 0, 0, 5);
    set_way(2, F, 0, 1, 0, 0);
    set_way(1, G, 0, 0, 0, 6);
    set_way(0, H, 0, 1, 0, 7);
    for (unsigned l = 0; l < 4; l++) {
        m.lv[l] = 1;
        m.sv[l] = 1; /* its one sector valid */
        m.sp[l] = 0;
        m.dlru[l] = (uint8_t)l; /* LRU first: l3 l2 l1 l0 */
    }
    m.freec[0] = 0;
    gm_err_t err;
    assert_int_equal(dts_check(&m, &err), 0);
    /* 11: F reaches 2: victim l3 (A); A a candidate with RC 0; aging. */
    dts_out_t o = load(F, 1);
    assert_int_equal(o.outcome, DTS_MISS);
    assert_int_equal(o.pos, 3);
    assert_int_equal(o.evict_valid, 1);
    assert_int_equal(o.evict_addr, A << 12);
    assert_int_equal(m.tc[7], 0);
    assert_int_equal(m.trc[7], 0);
    assert_int_equal(m.tc[2], 1);
    assert_int_equal(m.trc[0], 0); /* H 1 -> 0 */
    /* 12: J misses; LFU candidates all RC 0: the oldest, w0 (H). */
    assert_int_equal(load(J, 1).outcome, DTS_BYPASS);
    assert_int_equal(m.ttag[0], J);
    /* 13: filter off: K inserts at once into w1 (G), victim l2 (B). */
    o = load(K, 0);
    assert_int_equal(o.outcome, DTS_MISS);
    assert_int_equal(o.pos, 2);
    assert_int_equal(m.ttag[1], K);
    assert_int_equal(m.tc[6], 0); /* B lost its line */
    /* 14: every line reserved, a candidate reaching T: RF, nothing moves. */
    m.sv[0] = m.sv[1] = 0;
    m.sp[0] = m.sp[1] = 1;
    dts_t before = m;
    o = load(J, 1); /* J: RC 0 -> 1, no */
    assert_int_equal(o.outcome, DTS_BYPASS);
    before = m;
    o = load(J, 1); /* RC 2: insert, but all reserved */
    assert_int_equal(o.outcome, DTS_RF);
    assert_int_equal(o.rf_cause, DTS_RF_RESERVED);
    before.ctr = m.ctr;
    assert_memory_equal(&before, &m, sizeof m);
}

/* Threshold 0 is the baseline: every load miss allocates, so hits and
 * misses follow a 4-way LRU cache exactly (G16). */
static void test_threshold0_is_lru(void **state)
{
    (void)state;
    init(4, 0);
    uint32_t lru[4][4];
    unsigned n[4] = {0};
    gm_rng_t r;
    gm_rng_seed(&r, 7);
    for (int k = 0; k < 200000; k++) {
        uint32_t set = (uint32_t)gm_rng_below(&r, 4), tag = 1 + (uint32_t)gm_rng_below(&r, 7);
        dts_in_t in = {.req_valid = 1, .req_addr = (tag << 9) | (set << 7), .req_first = 1,
                       .filter_en = 1, .mshr_ok = 1, .merge_ok = 1, .byp_ok = 1};
        dts_out_t o;
        dts_eval(&m, &in, &o);
        dts_tick(&m, &in);
        /* The reference: MRU first. */
        uint32_t *l = lru[set], i = 0;
        while (i < n[set] && l[i] != tag)
            i++;
        int ref_hit = i < n[set];
        if (!ref_hit) {
            if (n[set] < 4)
                n[set]++;
            i = n[set] - 1;
        }
        for (; i > 0; i--)
            l[i] = l[i - 1];
        l[0] = tag;
        int hit = o.outcome == DTS_HIT || o.outcome == DTS_HIT_RESERVED;
        assert_int_equal(hit, ref_hit);
        assert_int_not_equal(o.outcome, DTS_BYPASS);
        if (o.outcome == DTS_MISS) { /* the fill comes back at once */
            dts_in_t f = {.fill_valid = 1, .fill_addr = (tag << 9) | (set << 7)};
            dts_tick(&m, &f);
        }
    }
}

/* One access of sector `sec` (32 bytes) of line blk, set 0; `first`: the
 * request's first sector of the line. */
static dts_out_t sec_access(uint32_t blk, unsigned sec, int first, int store)
{
    dts_in_t in = {.req_valid = 1, .req_addr = blk << 12 | sec << 5, .req_first = (uint64_t)first,
                   .req_store = (uint64_t)store, .filter_en = 1, .mshr_ok = 1, .merge_ok = 1,
                   .byp_ok = 1};
    return step(&in);
}

static dts_out_t sec_fill(uint32_t blk, unsigned sec)
{
    dts_in_t in = {.fill_valid = 1, .fill_addr = blk << 12 | sec << 5};
    dts_out_t o;
    dts_eval(&m, &in, &o);
    dts_tick(&m, &in);
    return o;
}

/* Four sectors a line, T = 2: RC counts line references (a request's later
 * sectors add nothing and follow its decision); the insert fetches the
 * loaded sector only; a missing sector of the cached line is a
 * SECTOR_MISS; fills validate sectors; stores drop sectors and the line
 * goes with its last valid one, none pending. */
static void test_sectors(void **state)
{
    (void)state;
    init_sec(32, 2, 4);
    /* Request 1 reads sectors 0 and 1 of A: one reference, RC stays 0. */
    assert_int_equal(sec_access(A, 0, 1, 0).outcome, DTS_BYPASS);
    assert_int_equal(sec_access(A, 1, 0, 0).outcome, DTS_BYPASS);
    assert_int_equal(m.trc[7], 0);
    assert_int_equal(sec_access(A, 0, 1, 0).outcome, DTS_BYPASS); /* RC 1 */
    dts_out_t o = sec_access(A, 2, 1, 0);                          /* RC 2: insert */
    assert_int_equal(o.outcome, DTS_MISS);
    assert_int_equal(o.pos, 3);
    assert_int_equal(m.sp[3], 0x4);
    assert_int_equal(m.sv[3], 0);
    o = sec_access(A, 3, 0, 0); /* the same request's next sector */
    assert_int_equal(o.outcome, DTS_SECTOR_MISS);
    assert_int_equal(o.pos, 3);
    assert_int_equal(o.line_hit, 1);
    assert_int_equal(m.sp[3], 0xc);
    assert_int_equal(m.freec[0], 3); /* no second line */
    assert_int_equal(sec_access(A, 2, 1, 0).outcome, DTS_HIT_RESERVED);
    assert_int_equal(sec_fill(A, 2).fill_err, 0);
    assert_int_equal(m.sv[3], 0x4);
    assert_int_equal(m.sp[3], 0x8);
    assert_int_equal(sec_fill(A, 1).fill_err, 1); /* sector 1 was never fetched */
    assert_int_equal(sec_access(A, 2, 1, 0).outcome, DTS_HIT);
    assert_int_equal(sec_access(A, 0, 1, 0).outcome, DTS_SECTOR_MISS);
    assert_int_equal(m.trc[7], 2); /* a committed entry's RC does not count */
    /* A store drops its valid sector; the line stays (others pending). */
    o = sec_access(A, 2, 1, 1);
    assert_int_equal(o.st_drop, 1);
    assert_int_equal(o.evict_valid, 0);
    assert_int_equal(m.sv[3], 0);
    assert_int_equal(m.lv[3], 1);
    o = sec_access(A, 1, 1, 1); /* an invalid sector of a cached line */
    assert_int_equal(o.line_hit, 1);
    assert_int_equal(o.st_drop, 0);
    sec_fill(A, 3);
    sec_fill(A, 0);
    assert_int_equal(m.sv[3], 0x9);
    assert_int_equal(m.sp[3], 0);
    o = sec_access(A, 3, 1, 1);
    assert_int_equal(o.st_drop, 1);
    assert_int_equal(o.evict_valid, 0);
    o = sec_access(A, 0, 1, 1); /* the last valid sector: the line goes */
    assert_int_equal(o.st_drop, 1);
    assert_int_equal(o.evict_valid, 1);
    assert_int_equal(o.evict_addr, A << 12);
    assert_int_equal(m.lv[3], 0);
    assert_int_equal(m.freec[0], 4);
    assert_int_equal(m.tc[7], 0); /* A a candidate again, RC 0 */
    assert_int_equal(m.trc[7], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_steps_1_to_10),
        cmocka_unit_test(test_steps_11_to_14),
        cmocka_unit_test(test_threshold0_is_lru),
        cmocka_unit_test(test_sectors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
