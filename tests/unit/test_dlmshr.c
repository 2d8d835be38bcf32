/* dlmshr against seed-001 §3.4 / §9.2 by hand (Fig 3.7 scale: 8 sets of 2
 * slots): entry-full, one chain of 16 slots, reserved heads, release order
 * and the ripple (2 cycles a set) and parallel deallocation; and LINK_EN=0
 * against the conventional mshr on random traffic, cycle by cycle. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/dlmshr.h"
#include "blocks/mshr.h"
#include "util/rng.h"

static dlmshr_t m;

static void init(unsigned nsets, unsigned nresv, unsigned dealloc, unsigned link, unsigned lat)
{
    dlmshr_params_t p = {.NSETS = nsets, .NRESV = nresv, .ACCESS_LAT = lat,
                         .DEALLOC_MODE = dealloc, .LINK_EN = link};
    gm_err_t err;
    assert_int_equal(dlmshr_init(&m, &p, &err), 0);
}

static dlmshr_out_t cyc(int req, uint32_t blk, uint32_t info, int fill, uint32_t fblk, int fwd)
{
    dlmshr_in_t in;
    dlmshr_out_t out;
    gm_err_t err;
    memset(&in, 0, sizeof in);
    in.req_valid = (uint64_t)req;
    in.req_blk = blk;
    in.req_info = info;
    in.prb_blk = blk;
    in.fill_valid = (uint64_t)fill;
    in.fill_blk = fblk;
    in.fwd_ready = (uint64_t)fwd;
    dlmshr_eval(&m, &in, &out);
    dlmshr_tick(&m, &in);
    if (dlmshr_check(&m, &err))
        fail_msg("%s", err.msg);
    return out;
}

static void test_entry_full(void **state)
{
    (void)state;
    init(8, 0, 0, 1, 1);
    for (uint32_t b = 0; b < 8; b++)
        assert_int_equal(cyc(1, 0x10 + b, b, 0, 0, 0).req_primary, 1);
    dlmshr_out_t o = cyc(1, 0x20, 9, 0, 0, 0);
    assert_int_equal(o.req_rf_cause, 1); /* ENTRY_FULL */
    assert_int_equal(o.st_nfree_set, 0);
    assert_int_equal(o.st_nentries, 8);
}

static void test_one_chain_of_sixteen(void **state)
{
    (void)state;
    init(8, 0, 0, 1, 1);
    /* 1 primary + 15 secondaries fill all 16 slots; the 16th fails. */
    assert_int_equal(cyc(1, 0xa, 0, 0, 0, 0).req_primary, 1);
    for (uint32_t k = 1; k < 16; k++) {
        dlmshr_out_t o = cyc(1, 0xa, k, 0, 0, 0);
        assert_int_equal(o.req_accept, 1);
        assert_int_equal(o.req_primary, 0);
    }
    dlmshr_out_t o = cyc(1, 0xa, 16, 0, 0, 0);
    assert_int_equal(o.req_rf_cause, 2); /* MERGE_FULL */
    assert_int_equal(o.st_used_slots, 16);
    assert_int_equal(o.st_nentries, 1);
    assert_int_equal(m.ctr.links, 7);
    /* Head S3, attached S8 ... the starved tail S9. */
    assert_int_equal(m.fsm[0], S3);
    assert_int_equal(m.fsm[m.tail[0]], S9);
}

static void test_reserved_heads(void **state)
{
    (void)state;
    init(8, 4, 0, 1, 1);
    /* The head comes from the reserved pool; only sets 4..7 link: 2 + 8. */
    assert_int_equal(cyc(1, 0xa, 0, 0, 0, 0).req_primary, 1);
    for (uint32_t k = 1; k < 10; k++)
        assert_int_equal(cyc(1, 0xa, k, 0, 0, 0).req_accept, 1);
    dlmshr_out_t o = cyc(1, 0xa, 10, 0, 0, 0);
    assert_int_equal(o.req_rf_cause, 2);
    assert_int_equal(m.hid[4], 0);
    assert_int_equal(m.hid[7], 0);
    /* Three more primaries still fit the reserved pool, the fourth not. */
    for (uint32_t b = 0; b < 3; b++)
        assert_int_equal(cyc(1, 0x20 + b, 20 + b, 0, 0, 0).req_primary, 1);
    assert_int_equal(cyc(1, 0x30, 30, 0, 0, 0).req_rf_cause, 1);
}

static void test_release_order_and_ripple(void **state)
{
    (void)state;
    init(8, 0, 0, 1, 1);
    for (uint32_t k = 0; k < 5; k++) /* 3 sets: 2 + 2 + 1 */
        cyc(1, 0xa, k, 0, 0, 0);
    cyc(0, 0, 0, 1, 0xa, 0);
    for (uint32_t k = 0; k < 5; k++) {
        dlmshr_out_t o = cyc(0, 0, 0, 0, 0, 1);
        assert_int_equal(o.fwd_valid, 1);
        assert_int_equal(o.fwd_info, k); /* head to tail, slot 0 then 1 */
        assert_int_equal(o.fwd_blk, 0xa);
        assert_int_equal(o.fwd_last, k == 4);
    }
    /* Ripple: the tail frees 2 cycles after its ret, then each earlier set
     * 2 cycles after its successor. */
    uint32_t free_at[3] = {0, 0, 0}, sets[3] = {0, m.nxt[0], m.nxt[m.nxt[0]]};
    for (uint32_t c = 1; c <= 10; c++) {
        cyc(0, 0, 0, 0, 0, 1);
        for (int i = 0; i < 3; i++)
            if (!free_at[i] && m.fsm[sets[i]] == S0)
                free_at[i] = c;
    }
    assert_int_equal(free_at[2], 2);
    assert_int_equal(free_at[1], 4);
    assert_int_equal(free_at[0], 6);
    assert_int_equal(m.nfree_link, 8);
}

static void test_parallel_release(void **state)
{
    (void)state;
    init(8, 0, 1, 1, 1);
    for (uint32_t k = 0; k < 5; k++)
        cyc(1, 0xa, k, 0, 0, 0);
    cyc(0, 0, 0, 1, 0xa, 0);
    for (uint32_t k = 0; k < 5; k++)
        cyc(0, 0, 0, 0, 0, 1);
    /* All three sets release together: S5/S10, then S0, nFreeSet += 3. */
    dlmshr_out_t o = cyc(0, 0, 0, 0, 0, 1);
    assert_int_equal(o.st_nfree_set, 5);
    assert_int_equal(m.fsm[0], S5);
    o = cyc(0, 0, 0, 0, 0, 1);
    assert_int_equal(o.st_nfree_set, 5);
    o = cyc(0, 0, 0, 0, 0, 1);
    assert_int_equal(o.st_nfree_set, 8);
}

static void test_access_latency(void **state)
{
    (void)state;
    init(8, 0, 0, 1, 2);
    dlmshr_out_t o = cyc(1, 0x42, 1, 0, 0, 0);
    assert_int_equal(o.req_primary, 1);
    assert_int_equal(o.miss_issue_valid, 0);
    o = cyc(0, 0, 0, 0, 0, 0);
    assert_int_equal(o.miss_issue_valid, 1); /* 2-cycle access (§3.7) */
    assert_int_equal(o.miss_issue_blk, 0x42);
}

/* LINK_EN=0, NRESV=0, ACCESS_LAT=1 is the conventional table with 2 slots
 * an entry: every output equal to mshr's, every cycle. */
static void test_link_off_is_conventional(void **state)
{
    static mshr_t c;
    mshr_params_t cp = {.NENT = 8, .NSLOT = 2, .ACCESS_LAT = 1};
    gm_err_t err;
    gm_rng_t r;
    (void)state;
    init(8, 0, 0, 0, 1);
    assert_int_equal(mshr_init(&c, &cp, &err), 0);
    gm_rng_seed(&r, 11);
    uint32_t pend[64], np = 0;
    for (uint32_t cyc_n = 0; cyc_n < 200000; cyc_n++) {
        dlmshr_in_t in;
        mshr_in_t ci;
        memset(&in, 0, sizeof in);
        in.req_valid = gm_rng_chance(&r, 3, 4);
        in.req_blk = 0x100 + (uint32_t)gm_rng_below(&r, 12);
        in.req_info = cyc_n;
        in.req_is_wr = gm_rng_chance(&r, 1, 8);
        in.prb_blk = 0x100 + (uint32_t)gm_rng_below(&r, 12);
        if (np && gm_rng_chance(&r, 1, 3)) {
            uint32_t k = (uint32_t)gm_rng_below(&r, np);
            in.fill_valid = 1;
            in.fill_blk = pend[k];
            pend[k] = pend[--np];
        }
        in.fwd_ready = gm_rng_chance(&r, 3, 4);
        memcpy(&ci, &in, sizeof ci); /* the same port list */
        dlmshr_out_t o;
        mshr_out_t co;
        dlmshr_eval(&m, &in, &o);
        mshr_eval(&c, &ci, &co);
        assert_int_equal(o.req_accept, co.req_accept);
        assert_int_equal(o.req_primary, co.req_primary);
        assert_int_equal(o.req_rf_cause, co.req_rf_cause);
        assert_int_equal(o.miss_issue_valid, co.miss_issue_valid);
        assert_int_equal(o.prb_hit, co.prb_hit);
        assert_int_equal(o.prb_full, co.prb_full);
        assert_int_equal(o.fill_err, co.fill_err);
        assert_int_equal(o.fwd_valid, co.fwd_valid);
        assert_int_equal(o.fwd_info, co.fwd_info);
        assert_int_equal(o.fwd_blk, co.fwd_blk);
        assert_int_equal(o.fwd_last, co.fwd_last);
        assert_int_equal(o.st_nentries, co.st_nentries);
        assert_int_equal(o.st_used_slots, co.st_used_slots);
        if (o.req_primary && np < 64)
            pend[np++] = (uint32_t)in.req_blk;
        dlmshr_tick(&m, &in);
        mshr_tick(&c, &ci);
        if (dlmshr_check(&m, &err))
            fail_msg("%s", err.msg);
    }
    assert_true(m.ctr.rf_merge_full > 1000 && m.ctr.rf_entry_full > 1000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_entry_full),
        cmocka_unit_test(test_one_chain_of_sixteen),
        cmocka_unit_test(test_reserved_heads),
        cmocka_unit_test(test_release_order_and_ripple),
        cmocka_unit_test(test_parallel_release),
        cmocka_unit_test(test_access_latency),
        cmocka_unit_test(test_link_off_is_conventional),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
