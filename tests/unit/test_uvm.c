/* The UVM model's pure parts (sim/uvm_pcie, uvm_mem, uvm_policy,
 * uvm_gmmu) without a GPU: the PCIe curve at hand-worked sizes, the page
 * a region boundary splits, the tree prefetcher on seed-001 §4.2's worked
 * example, CAP's granularity (the seed's 420 KiB example, the small-
 * allocation cap, oversubscription's 512 KiB), TURE's Eq. 4.2, lifetimes, recall, full
 * table and eviction batch, RP's range, SE/NE/TE victims on hand-built LRU stamps, a far
 * fault's timing through the GMMU, a merge, and a capacity of one page
 * that still serves every fault. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/ture_lease.h"
#include "sim/uvm_gmmu.h"

#define BASE 0x10000000u /* 2 MiB aligned */

static void mem_of(gm_uvm_mem_t *m, const gm_alloc_t *a, unsigned n)
{
    gm_err_t err;
    assert_int_equal(gm_uvm_mem_init(m, a, n, 1, &err), 0);
}

/* Hand-worked from UVM Smart's fit at 1481 MHz, 16 GB/s: GB/s = 24/pi *
 * atan(0.07292 KiB); cycles = bytes * 1.481e9 / (GB/s * 2^30).
 *   4 KiB: atan(0.29168) = 0.283804, 2.16812 GB/s, 2605.7 cycles
 *   64 KiB: atan(4.66688) = 1.359712, 10.38744 GB/s, 8702.2 cycles
 *   2 MiB: atan(149.34) = 1.564100, 11.94885 GB/s, 242080.1 cycles */
static void test_pcie_curve(void **st)
{
    (void)st;
    gm_uvm_pcie_t p;
    gm_uvm_pcie_init(&p, 4096, 16, 1481);
    assert_int_equal(gm_uvm_pcie_cycles(&p, 1), 2605);
    assert_int_equal(gm_uvm_pcie_cycles(&p, 16), 8702);
    assert_int_equal(gm_uvm_pcie_cycles(&p, 512), 242080);
    /* bandwidth only grows with size; 1 MiB is within 0.5 % of 2 MiB's */
    for (uint32_t n = 2; n <= GM_UVM_PCIE_MAX_PAGES; n++)
        assert_true(gm_uvm_pcie_gbs(n * 4096ull, 16) > gm_uvm_pcie_gbs((n - 1) * 4096ull, 16));
    assert_true(gm_uvm_pcie_gbs(1u << 20, 16) > 0.995 * gm_uvm_pcie_gbs(2u << 20, 16));
    /* a 64 KiB transfer is 4.8x as fast a byte as sixteen 4 KiB ones */
    assert_true(16 * gm_uvm_pcie_cycles(&p, 1) > 4 * gm_uvm_pcie_cycles(&p, 16));
}

/* Region 1 starts inside region 0's second page: that page is region 0's. */
static void test_straddle(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a[] = {{BASE, 5000}, {BASE + 5120, 8192}};
    mem_of(&m, a, 2);
    assert_int_equal(m.managed, 4);
    assert_int_equal(m.first[0], 0);
    assert_int_equal(m.end[0], 2);
    assert_int_equal(m.first[1], 2);
    assert_int_equal(m.end[1], 4);
    assert_int_equal(m.alloc[gm_uvm_mem_index(&m, BASE + 5200)], 0);
    assert_int_equal(m.alloc[gm_uvm_mem_index(&m, BASE + 8192)], 1);
    assert_int_equal(gm_uvm_mem_index(&m, BASE + 16384), GM_UVM_NONE);
    assert_int_equal(gm_uvm_mem_index(&m, BASE - 1), GM_UVM_NONE);
    gm_uvm_mem_free(&m);
}

static uint32_t fault(gm_uvm_mem_t *m, unsigned pf, uint32_t f)
{
    m->npick = 0;
    m->state[f] = GM_UVM_BATCH;
    gm_uvm_prefetchers[pf].fault(m, f);
    return m->npick;
}

/* seed-001 §4.2: a 512 KiB tree of 8 leaves; faults in leaves 0, 2, 4, 6
 * each load their leaf only (no node above half: pairs 1/2, quads 2/4,
 * the root 4/8); the 5th, in leaf 1, fills pair (0,1), so quad 0-3 is at
 * 3/4 > 50 % and gets leaf 3, and the root at 6/8 gets 5 and 7: with its
 * own leaf, the remaining 3 (well, 4 leaves of 16 pages). */
static void test_tp_worked_example(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 512 * 1024};
    mem_of(&m, &a, 1);
    for (uint32_t leaf = 0; leaf < 8; leaf += 2) {
        assert_int_equal(fault(&m, GM_UVM_TP, leaf * 16 + 3), 16);
        for (uint32_t k = 0; k < 16; k++)
            assert_int_equal(m.pick[k] / 16, leaf);
    }
    assert_int_equal(fault(&m, GM_UVM_TP, 16 + 7), 64);
    unsigned got = 0;
    for (uint32_t k = 0; k < 64; k++)
        got |= 1u << (m.pick[k] / 16);
    assert_int_equal(got, 0xaa); /* leaves 1, 3, 5, 7 */
    for (uint32_t p = 0; p < 128; p++)
        assert_int_equal(m.state[p], GM_UVM_QUEUED);
    gm_uvm_mem_free(&m);
}

/* A region starting mid-leaf (abs pages 8..47): leaf 0 holds 8 of its
 * pages, leaves 1 and 2 sixteen each, leaf 3 none. A fault in leaf 0
 * takes its 8; one in leaf 2 takes 16, and node 0-3 is then at 2 of its
 * 3 leaves > 50 %: leaf 1 follows. */
static void test_tp_unaligned(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE + 8 * 4096, 40 * 4096};
    mem_of(&m, &a, 1);
    assert_int_equal(fault(&m, GM_UVM_TP, 2), 8);
    assert_int_equal(fault(&m, GM_UVM_TP, 30), 32);
    for (uint32_t p = 0; p < 40; p++)
        assert_int_equal(m.state[p], GM_UVM_QUEUED);
    gm_uvm_mem_free(&m);
}

/* CAP (seed-001 §4.3), hand-worked with M_agg = 1024 pages (two 2 MiB
 * regions) and M_req = 512: with avail 231 pages Eq. 4.1 gives G = 231 x
 * 512 / (1024 x 1.1) = 105 pages (420 KiB), rounded down to 256 KiB: the
 * seed's own example. 10*231*512 = 1 182 720 < 11*128*1024 = 1 441 792 but
 * >= 11*64*1024 = 720 896. A fault at page 100 (granule 6) covers granules
 * 4..7 (pages 64..127); granule 4's probe page 64 is present, so it is
 * skipped whole, and granule 7 keeps its present page 115: 16 + 16 + 15. */
static void test_cap_granularity(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a[] = {{BASE, 2u << 20}, {BASE + (2u << 20), 2u << 20}};
    mem_of(&m, a, 2);
    m.capacity = 231;
    m.state[64] = GM_UVM_RESIDENT;
    m.state[115] = GM_UVM_RESIDENT;
    assert_int_equal(fault(&m, GM_UVM_CAP, 100), 47);
    assert_int_equal(m.cap_gran[2], 1);
    for (uint32_t k = 0; k < m.npick; k++)
        assert_true(m.pick[k] >= 80 && m.pick[k] < 128 && m.pick[k] != 115);
    assert_int_equal(m.state[100], GM_UVM_QUEUED);
    assert_int_equal(m.queued, 47);
    assert_int_equal(m.cap_oversub, 0);
    gm_uvm_mem_free(&m);

    /* 220 KiB (55 pages) with memory to spare: capped at 128 KiB, so a
     * fault at page 40 takes granules 2..3 clipped to the region: 32..54. */
    gm_alloc_t b = {BASE, 220 * 1024};
    mem_of(&m, &b, 1);
    m.capacity = 262144;
    assert_int_equal(fault(&m, GM_UVM_CAP, 40), 23);
    assert_int_equal(m.cap_gran[1], 1);
    gm_uvm_mem_free(&m);
}

/* CAP's oversubscription mode on one 2 MiB region (M_req = M_agg = 512).
 * Capacity 40: the first fault finds avail 40, 10*40 >= 11*32 but not
 * 11*64: 128 KiB (pages 0..31). The second finds 8 pages free: 64 KiB, 16
 * pages > 8, so the mode is entered. The third takes 512 KiB whatever the
 * equation says (granules 16..23). With 300 pages free again (>= 256) the
 * mode ends and Eq. 4.1 picks 1 MiB: pages 384..511 (256..383 queued). */
static void test_cap_oversub(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 2u << 20};
    mem_of(&m, &a, 1);
    m.capacity = 40;
    assert_int_equal(fault(&m, GM_UVM_CAP, 0), 32);
    assert_int_equal(m.cap_oversub, 0);
    assert_int_equal(fault(&m, GM_UVM_CAP, 200), 16);
    assert_int_equal(m.cap_oversub, 1);
    assert_int_equal(m.cap_oversub_entries, 1);
    assert_int_equal(fault(&m, GM_UVM_CAP, 300), 128);
    assert_int_equal(m.pick[0], 300); /* the demand granule first */
    for (uint32_t k = 0; k < m.npick; k++)
        assert_true(m.pick[k] >= 256 && m.pick[k] < 384);
    assert_int_equal(m.cap_gran[3], 1);
    m.capacity = m.queued + 300;
    assert_int_equal(fault(&m, GM_UVM_CAP, 400), 128);
    assert_int_equal(m.cap_oversub, 0);
    assert_int_equal(m.cap_gran[4], 1);
    for (uint32_t k = 0; k < m.npick; k++)
        assert_true(m.pick[k] >= 384 && m.pick[k] < 512);
    gm_uvm_mem_free(&m);
}

/* TURE's Eq. 4.2 (spec §4.4.6), the ture_lease block's closed form the
 * model calls, worked by hand: entries {cnt 30, 4 pages}
 * and {cnt 10, 2 pages} give Sfx = 120 + 80 = 200, F = (200 + 16) / 32 = 6;
 * weighted with an old lease of 10: (10 + 6 + 1) >> 1 = 8; a cold block
 * (1 access over 16 pages) rounds to 0 and is clamped to 1; a hot page
 * saturates at 1023. */
static void test_ture_lease_eq(void **st)
{
    (void)st;
    const uint16_t cnt[2] = {30, 10}, div[2] = {0x000f, 0x0003};
    unsigned f = ture_lease_f(cnt, div, 2);
    assert_int_equal(ture_lease_next(GM_TURE_ALPHA_SH, 0, 0, f), 6);
    assert_int_equal(ture_lease_next(GM_TURE_ALPHA_SH, 10, 1, f), 8);
    const uint16_t cold_c = 1, cold_d = 0xffff, hot_c = 1023, hot_d = 0x0001;
    assert_int_equal(ture_lease_next(GM_TURE_ALPHA_SH, 0, 0, ture_lease_f(&cold_c, &cold_d, 1)), 1);
    assert_int_equal(ture_lease_next(GM_TURE_ALPHA_SH, 0, 0, ture_lease_f(&hot_c, &hot_d, 1)), 1023);
}

static void make_resident(gm_uvm_mem_t *m, uint32_t p)
{
    gm_uvm_mem_start(m, p);
    gm_uvm_mem_arrive(m, p, 0);
    if (m->ture)
        gm_uvm_ture_arrive(m->ture, m, p);
}

/* A window's sample becomes the lease (pages 0 and 1 four times each in
 * the open window: cnt 8 over 2 pages, 64 in Q.4, F = 72 / 16 = 4); a page
 * arriving after gets 4 accesses of life, expires into the coalescing
 * table at the 4th, and its next access recalls it with half the lease
 * (2); a table of 256 granules that takes a 257th evicts the least
 * recently updated one's pages; the evictor takes the 4 least recently
 * updated entries, then the global LRU page's granule. */
static void test_ture_life(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_uvm_ture_t t;
    gm_err_t err;
    gm_alloc_t a = {BASE, 260u * 65536};
    mem_of(&m, &a, 1);
    assert_int_equal(gm_uvm_ture_init(&t, &m, &err), 0);
    m.ture = &t;
    for (uint32_t k = 0; k < 8; k++)
        gm_uvm_ture_access(&t, &m, k & 1, 10 + k); /* not resident: sampled only */
    gm_uvm_ture_access(&t, &m, 0, GM_TURE_D);   /* the window has closed */
    assert_int_equal(t.windows, 1);
    assert_int_equal(t.lease_v[0], 1);
    assert_int_equal(t.lease[0], 4);
    make_resident(&m, 2);
    assert_int_equal(t.lt[2], 4);
    uint64_t now = 3000; /* the window is shut: nothing sampled */
    for (int k = 0; k < 3; k++)
        gm_uvm_ture_access(&t, &m, 2, now++);
    assert_int_equal(t.occ, 0);
    gm_uvm_ture_access(&t, &m, 2, now++);
    assert_int_equal(t.occ, 1);
    assert_int_equal(t.coal[0].grn, (BASE >> 16));
    assert_int_equal(t.coal[0].bits, 1u << 2);
    gm_uvm_ture_access(&t, &m, 2, now++);
    assert_int_equal(t.occ, 0);
    assert_int_equal(t.recalls, 1);
    assert_int_equal(t.lt[2], 2);

    /* 256 granules expire in order (lease 1 from here: one access each) */
    t.lease[0] = 1;
    for (uint32_t g = 0; g < 257; g++)
        make_resident(&m, g * 16 + 3);
    m.npick = 0;
    for (uint32_t g = 0; g < 256; g++)
        gm_uvm_ture_access(&t, &m, g * 16 + 3, now++);
    assert_int_equal(t.occ, 256);
    assert_int_equal(m.npick, 0);
    gm_uvm_ture_access(&t, &m, 256 * 16 + 3, now++);
    assert_int_equal(t.full_evictions, 1);
    assert_int_equal(m.npick, 2); /* granule 0's resident pages: 2 and 3 */
    assert_int_equal(m.pick[0] + m.pick[1], 5);
    for (uint32_t k = 0; k < m.npick; k++)
        gm_uvm_mem_evict(&m, m.pick[k]);

    /* the evictor: granules 1..4, the 4 least recently updated */
    m.npick = 0;
    gm_uvm_ture_victim(&m);
    assert_int_equal(m.npick, 4);
    for (uint32_t k = 0; k < 4; k++)
        assert_int_equal(m.pick[k], (k + 1) * 16 + 3);
    assert_int_equal(t.occ, 252);
    for (uint32_t k = 0; k < m.npick; k++)
        gm_uvm_mem_evict(&m, m.pick[k]);
    /* empty all but four entries (granules 253..256), recall two of them;
     * then 2 granules come from the table, 2 from the global LRU */
    while (t.occ > 4) {
        m.npick = 0;
        gm_uvm_ture_victim(&m);
        for (uint32_t k = 0; k < m.npick; k++)
            gm_uvm_mem_evict(&m, m.pick[k]);
    }
    gm_uvm_ture_access(&t, &m, 253 * 16 + 3, now++);
    gm_uvm_ture_access(&t, &m, 254 * 16 + 3, now++);
    assert_int_equal(t.occ, 2);
    m.stamp[253 * 16 + 3] = m.stamp[254 * 16 + 3] = 10;
    make_resident(&m, 258 * 16);
    make_resident(&m, 259 * 16);
    m.stamp[259 * 16] = 1; /* older than 258's */
    m.stamp[258 * 16] = 2;
    m.npick = 0;
    gm_uvm_ture_victim(&m);
    assert_int_equal(t.occ, 0);
    assert_int_equal(t.fallback_granules, 2);
    assert_int_equal(m.npick, 4);
    assert_int_equal(m.pick[0], 255 * 16 + 3);
    assert_int_equal(m.pick[1], 256 * 16 + 3);
    assert_int_equal(m.pick[2], 259 * 16);
    assert_int_equal(m.pick[3], 258 * 16);
    gm_uvm_ture_free(&t);
    gm_uvm_mem_free(&m);
}

/* NP takes the page alone; SP its aligned 64 KiB block, clipped to the
 * region and skipping pages already present. */
static void test_np_sp(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE + 8 * 4096, 64 * 1024}; /* pages 8..23: two half blocks */
    mem_of(&m, &a, 1);
    assert_int_equal(fault(&m, GM_UVM_NP, 3), 1);
    assert_int_equal(m.pick[0], 3);
    m.state[5] = GM_UVM_RESIDENT;
    assert_int_equal(fault(&m, GM_UVM_SP, 2), 6); /* pages 0..7 of the span less 3 and 5 */
    assert_int_equal(fault(&m, GM_UVM_SP, 12), 8); /* the next block: pages 8..15 */
    gm_uvm_mem_free(&m);
}

/* Fig 4.12's fixed sizes: SP over a 256 KiB block. */
static void test_sp_size(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 1u << 20};
    mem_of(&m, &a, 1);
    m.sp_shift = 6;
    assert_int_equal(fault(&m, GM_UVM_SP, 100), 64);
    for (uint32_t k = 0; k < 64; k++)
        assert_true(m.pick[k] >= 64 && m.pick[k] < 128);
    gm_uvm_mem_free(&m);
}

static void test_rp_in_range(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 4u << 20};
    mem_of(&m, &a, 1);
    unsigned two = 0;
    for (int k = 0; k < 200; k++) {
        memset(m.state, GM_UVM_ABSENT, m.n);
        uint32_t n = fault(&m, GM_UVM_RP, 700);
        assert_int_equal(m.pick[0], 700);
        if (n == 2) {
            two++;
            assert_true(m.pick[1] >= 512 && m.pick[1] < 1024);
        }
    }
    assert_true(two > 190); /* the random page is the faulting one 1 time in 512 */
    gm_uvm_mem_free(&m);
}

static void resident(gm_uvm_mem_t *m, uint32_t p, uint64_t stamp)
{
    m->state[p] = GM_UVM_MOVING;
    m->moving++;
    gm_uvm_mem_arrive(m, p, stamp);
}

static uint32_t victim(gm_uvm_mem_t *m, unsigned ev, uint32_t *lo, uint32_t *hi)
{
    m->npick = 0;
    gm_uvm_evictors[ev].victim(m);
    *lo = UINT32_MAX;
    *hi = 0;
    for (uint32_t k = 0; k < m->npick; k++) {
        *lo = m->pick[k] < *lo ? m->pick[k] : *lo;
        *hi = m->pick[k] + 1 > *hi ? m->pick[k] + 1 : *hi;
    }
    return m->npick;
}

static void test_se_ne_victims(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 4u << 20};
    mem_of(&m, &a, 1);
    uint32_t lo, hi;
    /* SE: blocks 0..2 resident, page 20 the LRU page -> block 1 */
    for (uint32_t p = 0; p < 48; p++)
        resident(&m, p, 100 + p);
    m.stamp[20] = 5;
    assert_int_equal(victim(&m, GM_UVM_SE, &lo, &hi), 16);
    assert_int_equal(lo, 16);
    assert_int_equal(hi, 32);
    /* pinned (a replay waits on it): passed by, block 0 is next; its
     * pinned page stays */
    m.pin[20] = 1;
    m.pin[3] = 1;
    assert_int_equal(victim(&m, GM_UVM_SE, &lo, &hi), 15);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 16);
    /* NE: the 2 MiB range whose newest access is the oldest: range 1
     * (pages 512..527, newest 65) before range 0 (newest 147) */
    for (uint32_t p = 512; p < 528; p++)
        resident(&m, p, 50 + p - 512);
    assert_int_equal(victim(&m, GM_UVM_NE, &lo, &hi), 16);
    assert_int_equal(lo, 512);
    assert_int_equal(hi, 528);
    m.stamp[515] = 1000; /* now range 0 is the older */
    assert_int_equal(victim(&m, GM_UVM_NE, &lo, &hi), 46);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 48);
    gm_uvm_mem_free(&m);
}

/* TE: the LRU leaf, then up the tree every node with more than half of
 * its leaves evicted. A full 2 MiB tree loses one leaf; a tree holding
 * leaves 0..3 only loses all four (node 0-7 is then 5/8 evicted). */
static void test_te_victims(void **st)
{
    (void)st;
    gm_uvm_mem_t m;
    gm_alloc_t a = {BASE, 2u << 20};
    mem_of(&m, &a, 1);
    uint32_t lo, hi;
    for (uint32_t p = 0; p < 512; p++)
        resident(&m, p, 1000 + p);
    for (uint32_t p = 96; p < 112; p++) /* leaf 6 the LRU one */
        m.stamp[p] = 10 + p;
    assert_int_equal(victim(&m, GM_UVM_TE, &lo, &hi), 16);
    assert_int_equal(lo, 96);
    assert_int_equal(hi, 112);
    for (uint32_t p = 64; p < 512; p++)
        gm_uvm_mem_evict(&m, p);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t p = l * 16; p < l * 16 + 16; p++)
            m.stamp[p] = 10 * (l + 1); /* leaf 0 the oldest */
    assert_int_equal(victim(&m, GM_UVM_TE, &lo, &hi), 64);
    assert_int_equal(lo, 0);
    assert_int_equal(hi, 64);
    gm_uvm_mem_free(&m);
}

static void gmmu_of(gm_uvm_gmmu_t *g, uint32_t bytes, unsigned pf, unsigned ev, uint32_t cap)
{
    gm_err_t err;
    gm_alloc_t a = {BASE, bytes};
    memset(g, 0, sizeof *g);
    mem_of(&g->m, &a, 1);
    if (cap)
        g->m.capacity = cap;
    assert_int_equal(gm_uvm_gmmu_init(g, pf, ev, 66645, 16, 1481, &err), 0);
}

/* A far fault at the end of cycle 10 (its walk done): 45 us = 66645
 * cycles of handling, then 2605 cycles of a 4 KiB transfer; resident
 * from cycle 10 + 66645 + 2605 + 1. A second fault on it merges. */
static void test_fault_timing(void **st)
{
    (void)st;
    gm_uvm_gmmu_t g;
    gmmu_of(&g, 64 * 1024, GM_UVM_NP, GM_UVM_SE, 0);
    gm_uvm_gmmu_fault(&g, 3);
    uint64_t c = 10;
    for (; g.m.state[3] != GM_UVM_RESIDENT; c++) {
        if (c == 500)
            gm_uvm_gmmu_fault(&g, 3);
        gm_uvm_gmmu_cycle(&g, c);
    }
    assert_int_equal(c, 10 + 66645 + 2605 + 1);
    assert_int_equal(g.st.far_faults, 1);
    assert_int_equal(g.st.faults_merged, 1);
    assert_int_equal(g.st.demand_pages, 1);
    assert_int_equal(g.st.read_busy, 2605);
    assert_true(gm_uvm_gmmu_idle(&g));
    gm_uvm_gmmu_free(&g);
}

/* One page of device memory, SP: the block's pages come one at a time,
 * each evicting the last; the faulting page arrives pinned, holds the
 * lane (evict_waits) until its replay unpins it, and every page is moved
 * with never more than one resident. */
static void test_one_page_capacity(void **st)
{
    (void)st;
    gm_uvm_gmmu_t g;
    gmmu_of(&g, 64 * 1024, GM_UVM_SP, GM_UVM_SE, 1);
    gm_uvm_gmmu_fault(&g, 5);
    g.m.pin[5]++;
    uint64_t c = 0;
    for (; c < 10000000 && !(gm_uvm_gmmu_idle(&g) && g.m.pin[5] == 0); c++) {
        gm_uvm_gmmu_cycle(&g, c);
        assert_true(g.m.nres + g.m.moving <= 1);
        if (g.m.pin[5] && g.m.state[5] == GM_UVM_RESIDENT && g.st.evict_waits > 3)
            g.m.pin[5]--; /* the replay */
    }
    assert_true(gm_uvm_gmmu_idle(&g));
    assert_int_equal(g.st.demand_pages + g.st.prefetched_pages, 16);
    assert_int_equal(g.st.evicted_pages, 15);
    assert_true(g.st.evict_waits > 0);
    assert_int_equal(g.st.resident_max, 1);
    gm_uvm_gmmu_free(&g);
}

static void settle(gm_uvm_gmmu_t *g, uint64_t *c)
{
    while (!gm_uvm_gmmu_idle(g))
        gm_uvm_gmmu_cycle(g, (*c)++);
}

/* §4.5's eviction-only test: SP fills the 16 pages of memory, the next
 * fault finds it full (the onset) and still prefetches, after which a
 * fault moves its own page only. */
static void test_np_when_full(void **st)
{
    (void)st;
    gm_uvm_gmmu_t g;
    uint64_t c = 0;
    gmmu_of(&g, 256 * 1024, GM_UVM_SP, GM_UVM_SE, 16);
    g.np_when_full = 1;
    gm_uvm_gmmu_fault(&g, 3);
    settle(&g, &c);
    assert_int_equal(g.st.prefetched_pages, 15);
    assert_int_equal(g.st.oversub_onset, UINT64_MAX);
    gm_uvm_gmmu_fault(&g, 20);
    settle(&g, &c);
    assert_true(g.st.oversub_onset != UINT64_MAX);
    assert_int_equal(g.st.prefetched_pages, 30);
    gm_uvm_gmmu_fault(&g, 40);
    settle(&g, &c);
    assert_int_equal(g.st.prefetched_pages, 30);
    assert_int_equal(g.st.demand_pages, 3);
    assert_int_equal(g.st.resident_max, 16);
    gm_uvm_gmmu_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pcie_curve),
        cmocka_unit_test(test_straddle),
        cmocka_unit_test(test_tp_worked_example),
        cmocka_unit_test(test_tp_unaligned),
        cmocka_unit_test(test_np_sp),
        cmocka_unit_test(test_cap_granularity),
        cmocka_unit_test(test_cap_oversub),
        cmocka_unit_test(test_ture_lease_eq),
        cmocka_unit_test(test_ture_life),
        cmocka_unit_test(test_sp_size),
        cmocka_unit_test(test_rp_in_range),
        cmocka_unit_test(test_se_ne_victims),
        cmocka_unit_test(test_te_victims),
        cmocka_unit_test(test_fault_timing),
        cmocka_unit_test(test_one_page_capacity),
        cmocka_unit_test(test_np_when_full),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
