/* cta_dispatch against orders worked out by hand from seed-002 §10.2 and
 * INTERP-4..6 on 3 SMs x 2 slots: the cluster sizes and bases (Eq. 7's
 * q+1 / q split), round robin then demand (TIE 0), dynamic cluster
 * binding with one active CTA a SM, the LFSR's sequence, the launch's
 * clamping of slots and the active limit, and WAVE (gmem's default: a
 * CTA to every accepting SM a cycle from a start that steps every cycle,
 * dispatching in its launch's cycle). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "blocks/cta_dispatch.h"

static cta_dispatch_t m;
static cta_dispatch_in_t in;

static void init(unsigned tie)
{
    cta_dispatch_params_t p = {.N_SM = 3, .SLOTS = 2, .TIE = tie};
    gm_err_t err;
    assert_int_equal(cta_dispatch_init(&m, &p, &err), 0);
    in = (cta_dispatch_in_t){.sm_can_accept = 0xffffffffu, .disp_ready = 1};
}

static void launch(unsigned policy, uint32_t V, unsigned slots, unsigned active)
{
    cta_dispatch_in_t l = {.launch_valid = 1, .launch_V = V, .launch_policy = policy,
                           .launch_slots = slots, .launch_active = active};
    cta_dispatch_tick(&m, &l);
}

/* One cycle with an optional retire; the pick of that cycle. */
static cta_dispatch_out_t cycle(int rsm, int rslot)
{
    cta_dispatch_out_t o;
    in.retire_valid = rsm >= 0;
    in.retire_sm = rsm >= 0 ? (unsigned)rsm : 0;
    in.retire_slot = rslot >= 0 ? (unsigned)rslot : 0;
    cta_dispatch_eval(&m, &in, &o);
    cta_dispatch_tick(&m, &in);
    return o;
}

static void expect(cta_dispatch_out_t o, unsigned sm, unsigned slot, uint64_t uw, int cluster)
{
    assert_true(o.disp_valid);
    assert_int_equal(o.disp_sm, sm);
    assert_int_equal(o.disp_slot, slot);
    assert_int_equal(cluster ? o.disp_w : o.disp_u, uw);
    if (cluster)
        assert_int_equal(o.disp_i, sm);
}

static void test_clusters(void **state)
{
    (void)state;
    init(0);
    launch(CTA_POL_CLUSTER_DYNAMIC, 7, 0, 0);
    /* |V| = 7 over 3: q = 2, r = 1: C0 = {0,1,2}, C1 = {3,4}, C2 = {5,6}. */
    assert_int_equal(cta_dispatch_jobs(&m, 0), 3);
    assert_int_equal(cta_dispatch_jobs(&m, 1), 2);
    assert_int_equal(cta_dispatch_jobs(&m, 2), 2);
    assert_int_equal(cta_dispatch_base(&m, 0), 0);
    assert_int_equal(cta_dispatch_base(&m, 1), 3);
    assert_int_equal(cta_dispatch_base(&m, 2), 5);
    assert_int_equal(m.slots, 2); /* 0: every slot */
    assert_int_equal(m.active, 2);
}

static void test_rr_then_demand(void **state)
{
    (void)state;
    init(0);
    launch(CTA_POL_RR_THEN_DEMAND, 8, 2, 2);
    /* First wave: round robin over the SMs until every slot is taken. */
    expect(cycle(-1, -1), 0, 0, 0, 0);
    expect(cycle(-1, -1), 1, 0, 1, 0);
    expect(cycle(-1, -1), 2, 0, 2, 0);
    expect(cycle(-1, -1), 0, 1, 3, 0);
    expect(cycle(-1, -1), 1, 1, 4, 0);
    expect(cycle(-1, -1), 2, 1, 5, 0);
    assert_false(m.fwd);
    assert_false(cycle(-1, -1).disp_valid); /* full: the first wave is done */
    assert_true(m.fwd);
    /* Demand: SM 2 frees slot 0 and takes u = 6 the same cycle. */
    expect(cycle(2, 0), 2, 0, 6, 0);
    /* SM 1 frees slot 1: the lowest SM with room, SM 1, takes u = 7. */
    expect(cycle(1, 1), 1, 1, 7, 0);
    assert_false(cycle(0, 0).disp_valid); /* every CTA named */
    assert_int_equal(m.ndisp[0], 2);
    assert_int_equal(m.ndisp[1], 3);
    assert_int_equal(m.ndisp[2], 3);
}

static void test_cluster_dynamic_throttled(void **state)
{
    (void)state;
    init(0);
    launch(CTA_POL_CLUSTER_DYNAMIC, 7, 2, 1); /* one active CTA a SM (TOT) */
    expect(cycle(-1, -1), 0, 0, 0, 1); /* v = 0 */
    expect(cycle(-1, -1), 1, 0, 0, 1); /* v = 3 */
    expect(cycle(-1, -1), 2, 0, 0, 1); /* v = 5 */
    assert_false(cycle(-1, -1).disp_valid); /* each SM at its limit of 1 */
    expect(cycle(1, 0), 1, 0, 1, 1);     /* v = 4 on SM 1, its slot refilled */
    assert_false(cycle(1, 0).disp_valid); /* C1 done; SM 0 and 2 still busy */
    expect(cycle(0, 0), 0, 0, 1, 1);     /* v = 1 */
    expect(cycle(2, 0), 2, 0, 1, 1);     /* v = 6 */
    expect(cycle(0, 0), 0, 0, 2, 1);     /* v = 2, C0's last */
    cta_dispatch_out_t o = cycle(0, 0);
    assert_false(o.disp_valid);
    assert_false(o.kernel_done);          /* 6 of 7 retired before this edge */
    o = cycle(2, 0);
    assert_false(o.kernel_done);
    o = cycle(-1, -1);
    assert_true(o.kernel_done);           /* the 7th retired: done, idle next */
    assert_false(o.launch_ready);
    cta_dispatch_eval(&m, &in, &o);
    assert_true(o.launch_ready);
}

static void test_lfsr(void **state)
{
    (void)state;
    /* x^16 + x^14 + x^13 + x^11 + 1, shifting left. */
    assert_int_equal(cta_dispatch_lfsr_next(0xace1), 0x59c3);
    assert_int_equal(cta_dispatch_lfsr_next(0x59c3), 0xb387);
    assert_int_equal(cta_dispatch_lfsr_next(0xb387), 0x670f);
    uint16_t x = 1;
    unsigned period = 0;
    do {
        x = cta_dispatch_lfsr_next(x);
        period++;
    } while (x != 1 && period < 70000);
    assert_int_equal(period, 65535); /* maximal length */
}

static void test_launch_clamps(void **state)
{
    (void)state;
    init(0);
    launch(7, 5, 40, 9); /* an unknown policy, too many slots and agents */
    assert_int_equal(m.policy, CTA_POL_STRICT_RR);
    assert_int_equal(m.slots, 2);
    assert_int_equal(m.active, 2);
    assert_int_equal(m.lfsr, 1); /* seed 0 loads 1 */
}

/* WAVE on 3 SMs, 7 CTAs: the launch cycle dispatches; the start SM steps
 * every cycle (idle ones too); SMs that do not accept are passed over;
 * the last CTAs cut a wave short; free once all are dispatched. */
static void test_wave(void **state)
{
    (void)state;
    init(0);
    cta_dispatch_out_t o;
    cycle(-1, -1); /* idle under the reset policy (STRICT_RR): rr stays 0 */
    in.launch_valid = 1;
    in.launch_V = 7;
    in.launch_policy = CTA_POL_WAVE;
    cta_dispatch_eval(&m, &in, &o);
    assert_true(o.launch_ready && o.disp_valid);
    assert_int_equal(o.disp_sm, 0);
    assert_int_equal(o.disp_u, 0);
    assert_int_equal(o.disp_mask, 7);
    cta_dispatch_tick(&m, &in);
    in.launch_valid = 0;
    in.sm_can_accept = 5; /* SMs 0 and 2 */
    o = cycle(-1, -1);    /* from SM1: SM2 u=3, SM0 u=4 */
    assert_int_equal(o.disp_sm, 1);
    assert_int_equal(o.disp_u, 3);
    assert_int_equal(o.disp_mask, 5);
    assert_false(o.launch_ready);
    in.sm_can_accept = 0;
    o = cycle(-1, -1);    /* nothing accepts: no wave, rr still steps (2 -> 0) */
    assert_false(o.disp_valid);
    assert_int_equal(o.disp_mask, 0);
    in.sm_can_accept = 0xffffffffu;
    in.disp_ready = 0;
    o = cycle(-1, -1);    /* held: SM0 u=5, SM1 u=6 offered, not taken */
    assert_int_equal(o.disp_mask, 3);
    assert_int_equal(o.disp_u, 5);
    in.disp_ready = 1;
    o = cycle(-1, -1);    /* from SM1: SM1 u=5, SM2 u=6, and SM0 gets none */
    assert_int_equal(o.disp_sm, 1);
    assert_int_equal(o.disp_u, 5);
    assert_int_equal(o.disp_mask, 6);
    o = cycle(0, 0);      /* free, no kernel_done; a retire of a free slot ignored */
    assert_true(o.launch_ready);
    assert_false(o.disp_valid || o.kernel_done);
    cta_dispatch_counters_t c;
    cta_dispatch_counters(&m, &c);
    assert_int_equal(c.dispatches, 7);
    assert_int_equal(c.backpressure, 1);
    assert_int_equal(c.stall_cycles, 1);
    assert_int_equal(c.retires, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clusters),
        cmocka_unit_test(test_rr_then_demand),
        cmocka_unit_test(test_cluster_dynamic_throttled),
        cmocka_unit_test(test_lfsr),
        cmocka_unit_test(test_launch_clamps),
        cmocka_unit_test(test_wave),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
