/* cap_gran against values worked by hand from seed-001 §4.3 and §9.4: the
 * granularity of Eq. 4.1 in integer form, the small-allocation cap, 512 KiB
 * under oversubscription, the region clipped to its allocation, absent
 * granules coalesced into runs (the demand run first), an eviction request
 * before a run that does not fit, the residency counters and the
 * oversubscription hysteresis. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/cap_gran.h"

static cap_gran_t m;
static cap_gran_in_t in;

static void init(void)
{
    cap_gran_params_t p = {.NALLOC = 16, .OS_CLEAR = 256};
    gm_err_t err;
    assert_int_equal(cap_gran_init(&m, &p, &err), 0);
    memset(&in, 0, sizeof in);
}

static cap_gran_out_t out(void)
{
    cap_gran_out_t o;
    cap_gran_eval(&m, &in, &o);
    return o;
}

/* One clock with `in`, then every pulse input cleared. */
static void clock(void)
{
    cap_gran_tick(&m, &in);
    uint64_t cap = in.cfg_cap_pages;
    memset(&in, 0, sizeof in);
    in.cfg_cap_pages = cap;
}

static void alloc(unsigned id, uint64_t base, uint32_t pages)
{
    in.alloc_we = 1, in.alloc_id = id, in.alloc_base_vpn = base, in.alloc_pages = pages;
    clock();
}

static void launch(void)
{
    in.kernel_launch = 1;
    clock();
}

static void test_eq41(void **state)
{
    (void)state;
    /* G = M_avail * M_req / (M_agg * 1.1): 231 * 1024 / (2048 * 1.1) = 105
     * pages = 420 KiB, rounded down to 256 KiB (code 2). */
    assert_int_equal(cap_gran_code(231, 1024, 2048), 2);
    /* 10*232*1024 = 2 375 680 < 11*128*2048 = 2 883 584: still 256 KiB;
     * 282 pages free give 2 887 680 >= 2 883 584: 512 KiB. */
    assert_int_equal(cap_gran_code(232, 1024, 2048), 2);
    assert_int_equal(cap_gran_code(281, 1024, 2048), 2);
    assert_int_equal(cap_gran_code(282, 1024, 2048), 3);
    /* plenty of room: 1 MiB, the most */
    assert_int_equal(cap_gran_code(262144, 1024, 2048), 4);
    /* memory full: 64 KiB, the least */
    assert_int_equal(cap_gran_code(0, 1024, 2048), 0);
    /* M_req = 220 KiB = 55 pages: candidates 64..128 KiB only */
    assert_int_equal(cap_gran_code(262144, 55, 55), 1);
    /* below 64 KiB the cap is 64 KiB */
    assert_int_equal(cap_gran_code(262144, 8, 8), 0);
    /* exactly 256 KiB of allocation: up to 256 KiB */
    assert_int_equal(cap_gran_code(262144, 64, 64), 2);
}

static void test_region(void **state)
{
    (void)state;
    /* 1 MiB at granule 0x507 of an allocation of 300 pages from page
     * 0x5060: granules 0x500..0x50f clipped to 0x506..0x50f. */
    cap_region_t r = cap_gran_region(0x5075, 4, 1, 0x5060, 300);
    assert_int_equal(r.lo, 0x506);
    assert_int_equal(r.n, 10);
    assert_int_equal(r.doff, 1);
    /* the allocation ends inside the block: 55 pages at 0x4000 end in
     * granule 0x403 */
    r = cap_gran_region(0x4008, 4, 1, 0x4000, 55);
    assert_int_equal(r.lo, 0x400);
    assert_int_equal(r.n, 4);
    assert_int_equal(r.doff, 0);
    /* aligned to T: 256 KiB around page 0x1025 is 0x1000..0x103f */
    r = cap_gran_region(0x1025, 2, 1, 0x1000, 1024);
    assert_int_equal(r.lo, 0x100);
    assert_int_equal(r.n, 4);
    assert_int_equal(r.doff, 2);
    /* outside the allocation, or no allocation: the demand granule */
    r = cap_gran_region(0x1500, 4, 1, 0x1000, 1024);
    assert_int_equal(r.lo, 0x150);
    assert_int_equal(r.n, 1);
    r = cap_gran_region(0x1025, 4, 0, 0x1000, 1024);
    assert_int_equal(r.lo, 0x102);
    assert_int_equal(r.n, 1);
}

static void test_runs(void **state)
{
    unsigned f;
    (void)state;
    /* absent 0,1,_,_,4..7 with the demand granule at 0: {0,1} first */
    assert_int_equal(cap_gran_run(0x00f3, 0, &f), 2);
    assert_int_equal(f, 0);
    /* the demand granule at 5: the run 4..7 */
    assert_int_equal(cap_gran_run(0x00f3, 5, &f), 4);
    assert_int_equal(f, 4);
    /* the demand granule present: the lowest run */
    assert_int_equal(cap_gran_run(0x00f0, 2, &f), 4);
    assert_int_equal(f, 4);
    assert_int_equal(cap_gran_run(0xffff, 9, &f), 16);
    assert_int_equal(f, 0);
    assert_int_equal(cap_gran_run(0, 0, &f), 0);
}

/* Serve the fault in progress: probes answered from `present` (bit i =
 * granule lo + i, lo = the region's first), evictions granted. Records the
 * runs; returns their number. */
static unsigned serve(uint16_t present, uint32_t *grn, unsigned *n, int *dem, int *ev)
{
    unsigned runs = 0;
    int asked = 0;
    for (int cyc = 0; cyc < 200; cyc++) {
        cap_gran_out_t o = out();
        in.ptw_ready = in.mig_ready = in.evreq_ready = 1;
        if (m.fsm == CAP_PWAIT) {
            in.ptw_rsp_valid = 1;
            in.ptw_present = present >> (m.pidx == 0 ? m.doff : (m.pidx - 1u < m.doff ? m.pidx - 1u : m.pidx)) & 1;
        }
        if (o.evreq_valid)
            asked = 1;
        if (o.mig_valid) {
            grn[runs] = (uint32_t)o.mig_grn;
            n[runs] = (unsigned)o.mig_ngrn;
            dem[runs] = (int)o.mig_demand;
            ev[runs++] = asked;
            asked = 0;
        }
        if (o.ff_done) {
            clock();
            return runs;
        }
        clock();
    }
    fail_msg("the fault never ended");
    return 0;
}

static void fault(uint64_t vpn, unsigned aid)
{
    assert_int_equal(out().ff_ready, 1);
    in.ff_valid = 1, in.ff_vpn = vpn, in.ff_aid = aid;
    clock();
}

static void test_fault_420k(void **state)
{
    uint32_t grn[16];
    unsigned n[16];
    int dem[16], ev[16];
    (void)state;
    init();
    in.cfg_cap_pages = 231;
    alloc(0, 0x1000, 1024);
    alloc(1, 0x2000, 1024);
    launch();
    assert_int_equal(m.m_agg, 2048);
    fault(0x1025, 0);
    /* 256 KiB: granules 0x100..0x103, one run of 4 with the demand */
    assert_int_equal(serve(0, grn, n, dem, ev), 1);
    assert_int_equal(grn[0], 0x100);
    assert_int_equal(n[0], 4);
    assert_int_equal(dem[0], 1);
    assert_int_equal(ev[0], 0);
    assert_int_equal(out().st_gcode, 2);
    assert_int_equal(m.a_gcode[0], 2);
    assert_int_equal(m.pend, 64);
    /* completion: resident 64, nothing pending */
    in.mig_done = 1, in.mig_done_ngrn = 4;
    clock();
    assert_int_equal(out().st_resident_pages, 64);
    assert_int_equal(m.pend, 0);
    assert_int_equal(cap_gran_avail(&m, 231), 167);
    /* kernel_launch clears the granularity registers */
    launch();
    assert_int_equal(m.a_gcode[0], 0);
}

static void test_oversub_512k(void **state)
{
    uint32_t grn[16];
    unsigned n[16];
    int dem[16], ev[16];
    (void)state;
    init();
    in.cfg_cap_pages = 74;
    alloc(0, 0x1000, 1024);
    alloc(1, 0x2000, 1024);
    launch();
    in.mig_done = 1, in.mig_done_ngrn = 4; /* 64 resident: 10 pages free */
    clock();
    /* 64 KiB needs 16 pages: an eviction request first, then oversub */
    fault(0x112c, 0);
    assert_int_equal(serve(0, grn, n, dem, ev), 1);
    assert_int_equal(grn[0], 0x112);
    assert_int_equal(n[0], 1);
    assert_int_equal(ev[0], 1);
    assert_int_equal(out().st_oversub, 1);
    assert_int_equal(m.ctr.oversub_entries, 1);
    /* oversubscribed: 512 KiB = granules 0x120..0x127 whatever Eq. 4.1
     * says; 0x122 and 0x123 present: runs {0x120, 0x121} and {0x124..0x127},
     * each behind an eviction request */
    fault(0x1208, 0);
    assert_int_equal(serve(0x000c, grn, n, dem, ev), 2);
    assert_int_equal(out().st_gcode, 3);
    assert_int_equal(grn[0], 0x120);
    assert_int_equal(n[0], 2);
    assert_int_equal(dem[0], 1);
    assert_int_equal(ev[0], 1);
    assert_int_equal(grn[1], 0x124);
    assert_int_equal(n[1], 4);
    assert_int_equal(dem[1], 0);
    assert_int_equal(ev[1], 1);
    /* hysteresis: 200 free pages keep it, 256 end it */
    in.cfg_cap_pages = 64 + 112 + 200;
    clock();
    assert_int_equal(out().st_oversub, 1);
    in.cfg_cap_pages = 64 + 112 + 256;
    clock();
    assert_int_equal(out().st_oversub, 0);
}

static void test_220k_and_clip(void **state)
{
    uint32_t grn[16];
    unsigned n[16];
    int dem[16], ev[16];
    (void)state;
    init();
    in.cfg_cap_pages = 262143;
    alloc(2, 0x4000, 55);
    alloc(3, 0x5060, 300);
    launch();
    /* 220 KiB caps at 128 KiB: granules 0x402, 0x403 (0x403 present) */
    fault(0x4028, 2);
    assert_int_equal(serve(0x2, grn, n, dem, ev), 1);
    assert_int_equal(out().st_gcode, 1);
    assert_int_equal(grn[0], 0x402);
    assert_int_equal(n[0], 1);
    /* 1 MiB clipped: 0x506..0x50f, absent but 0x509: runs 0x506..0x508
     * (with the demand 0x507) then 0x50a..0x50f */
    fault(0x5075, 3);
    assert_int_equal(serve(0x8, grn, n, dem, ev), 2);
    assert_int_equal(out().st_gcode, 4);
    assert_int_equal(grn[0], 0x506);
    assert_int_equal(n[0], 3);
    assert_int_equal(dem[0], 1);
    assert_int_equal(grn[1], 0x50a);
    assert_int_equal(n[1], 6);
    assert_int_equal(dem[1], 0);
    assert_int_equal(m.ctr.granules_demand, 4);
    assert_int_equal(m.ctr.granules_prefetch, 6);
}

static void test_latency(void **state)
{
    (void)state;
    init();
    in.cfg_cap_pages = 4096;
    alloc(0, 0x1000, 1024);
    launch();
    fault(0x1025, 0); /* the cycle the fault is taken */
    /* 1024 pages: 11 multiplier bits + an empty step, GCMP, GRAN */
    unsigned c = 1;
    while (!out().ptw_valid) {
        clock();
        c++;
    }
    assert_int_equal(c, 11 + 4);
}

static void test_counters_saturate(void **state)
{
    (void)state;
    init();
    in.ev_done = 1; /* nothing resident: stays 0 */
    clock();
    assert_int_equal(out().st_resident_pages, 0);
    in.mig_done = 1, in.mig_done_ngrn = 1; /* +16 then -16 in one cycle */
    in.ev_done = 1;
    clock();
    assert_int_equal(out().st_resident_pages, 0);
    m.resident = (1u << 28) - 8;
    in.mig_done = 1, in.mig_done_ngrn = 1;
    clock();
    assert_int_equal(out().st_resident_pages, (1u << 28) - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_eq41),
        cmocka_unit_test(test_region),
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_fault_420k),
        cmocka_unit_test(test_oversub_512k),
        cmocka_unit_test(test_220k_and_clip),
        cmocka_unit_test(test_latency),
        cmocka_unit_test(test_counters_saturate),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
