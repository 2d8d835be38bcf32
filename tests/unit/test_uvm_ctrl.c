/* The GMMU as the capture_ctrl block's environment (sim/uvm_ctrl.h)
 * without a GPU: one 256 KiB region (4 granules) in 16 MiB of device
 * memory, so CAP's Eq. 4.1 picks the region's own size (the cap: 64
 * pages). A far fault goes through the block's set-up, four probes and one
 * migration of the whole region after the fault's 45 us; a fault in the
 * same cycle on a page that migration takes is covered; every arriving
 * page gets LEASE_INIT (1023) from q_life and the block counts the 64
 * pages resident; an access decrements its page's lifetime through the
 * block's read-modify-write; the system's fallback evicts the global-LRU
 * page's granule and owes the block an ev_done. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/capture_ctrl.h"
#include "sim/uvm_gmmu.h"

#define BASE 0x10000000u /* 2 MiB aligned */

typedef struct env {
    gm_uvm_gmmu_t g;
    gm_uvm_ctrl_t c;
    gm_registry_t reg;
    uint64_t now;
} env_t;

static void env_of(env_t *e)
{
    gm_err_t err;
    gm_alloc_t a = {BASE, 256 * 1024};
    memset(e, 0, sizeof *e);
    assert_int_equal(gm_uvm_mem_init(&e->g.m, &a, 1, 1, &err), 0);
    e->g.m.capacity = 4096;
    assert_int_equal(gm_uvm_gmmu_init(&e->g, GM_UVM_CAP, GM_UVM_TURE, 66645, 16, 1481, &err), 0);
    gm_uvm_ture_free(&e->g.ture); /* the block replaces the model's TURE */
    e->g.m.ture = NULL;
    assert_int_equal(gm_uvm_ctrl_init(&e->c, &e->reg, &e->g.m, 1, &err), 0);
    e->g.ctrl = &e->c;
    gm_uvm_ctrl_cta(&e->c, 1); /* the first kernel's first CTA */
}

static void env_free(env_t *e)
{
    gm_uvm_ctrl_free(&e->c);
    gm_uvm_gmmu_free(&e->g);
    gm_registry_free(&e->reg);
}

static void run_until_resident(env_t *e, uint32_t page)
{
    while (e->g.m.state[page] != GM_UVM_RESIDENT && e->now < 1000000)
        gm_uvm_gmmu_cycle(&e->g, e->now++);
    assert_int_equal(e->g.m.state[page], GM_UVM_RESIDENT);
}

static void test_fault_migrates_region(void **st)
{
    (void)st;
    env_t e;
    env_of(&e);
    gm_uvm_gmmu_fault(&e.g, 5);
    gm_uvm_gmmu_fault(&e.g, 40); /* same cycle, same region */
    run_until_resident(&e, 5);
    /* the fault's handling, then one 256 KiB transfer, after the block's
     * set-up, multiply, compares and four probes (tens of cycles) */
    uint64_t lane = 66645 + gm_uvm_pcie_cycles(&e.g.pcie, 64);
    assert_true(e.now > lane + 1);
    assert_true(e.now < lane + 200);
    for (uint32_t p = 0; p < 64; p++) {
        assert_int_equal(e.g.m.state[p], GM_UVM_RESIDENT);
        assert_int_equal(e.c.lt[p], 1023);
    }
    assert_int_equal(e.g.st.far_faults, 2);
    assert_int_equal(e.c.st.faults_handed, 1);
    assert_int_equal(e.c.st.faults_covered, 1);
    assert_int_equal(e.c.st.probes, 4);
    assert_int_equal(e.c.st.probes_present, 0);
    assert_int_equal(e.c.st.mig_commands, 1);
    assert_int_equal(e.c.st.mig_granules, 4);
    assert_int_equal(e.c.st.mig_pages, 64);
    assert_int_equal(e.c.st.gran[2], 1); /* 256 KiB */
    assert_int_equal(e.g.st.demand_pages, 2);
    assert_int_equal(e.g.st.prefetched_pages, 62);
    assert_int_equal(e.g.st.reads[6], 1); /* one 256K transfer */
    for (int k = 0; k < 4; k++)
        gm_uvm_gmmu_cycle(&e.g, e.now++);
    assert_int_equal(((const capture_ctrl_out_t *)e.c.b->out)->st_resident_pages, 64);
    env_free(&e);
}

static void test_access_decrements_lifetime(void **st)
{
    (void)st;
    env_t e;
    env_of(&e);
    gm_uvm_gmmu_fault(&e.g, 7);
    run_until_resident(&e, 7);
    assert_true(gm_uvm_ctrl_acc_room(&e.c));
    gm_uvm_gmmu_access(&e.g, 7, e.now);
    gm_uvm_gmmu_access(&e.g, 7, e.now);
    for (int k = 0; k < 8; k++)
        gm_uvm_gmmu_cycle(&e.g, e.now++);
    assert_int_equal(e.c.st.acc_events, 2);
    assert_int_equal(e.c.lt[7], 1021);
    assert_int_equal(e.c.lt[8], 1023);
    env_free(&e);
}

static void test_fallback_evicts_lru_granule(void **st)
{
    (void)st;
    env_t e;
    env_of(&e);
    gm_uvm_gmmu_fault(&e.g, 0);
    run_until_resident(&e, 0);
    for (uint32_t p = 0; p < 64; p++)
        e.g.m.stamp[p] = 100 + (p ^ 32); /* page 32 the oldest: granule 2 */
    e.g.m.npick = 0;
    assert_int_equal(gm_uvm_ctrl_fallback(&e.c, &e.g.m), 1);
    assert_int_equal(e.g.m.npick, 16);
    assert_int_equal(e.g.m.pick[0], 32);
    assert_int_equal(e.g.m.pick[15], 47);
    assert_int_equal(e.c.st.sys_fallbacks, 1);
    assert_int_equal(e.c.st.sys_fallback_pages, 16);
    assert_int_equal(e.c.ev_owed, 1);
    e.g.m.npick = 0;
    env_free(&e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fault_migrates_region),
        cmocka_unit_test(test_access_decrements_lifetime),
        cmocka_unit_test(test_fallback_evicts_lru_granule),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
