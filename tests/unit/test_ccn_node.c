/* ccn_node on a C ring of 15 (ccn_ring), against seed-003 §14.9's zero-load
 * timings worked by hand: a remote hit d hops away fills the requester's L1
 * 4 + d + d·B cycles after the miss (B = 4: 9 at d = 1, 29 at d = 5, 74 at
 * d = 14; B = 1: 14 at d = 5); a full-ring miss reaches L2 after 17
 * cycles (δ_overhead); a pending (reserved) remote copy is not shared; a
 * tag write in the lookup's cycle costs one cycle on a single-ported shadow
 * array; 2-cycle links double the request hops. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "blocks/ccn_line.h"
#include "blocks/ccn_ring.h"

static ccn_ring_t ring;
static ccn_l1e_t l1[CCN_RING_MAX];
static ccn_node_in_t ins[CCN_RING_MAX];
static ccn_node_out_t outs[CCN_RING_MAX];

static void rd(void *ctx, unsigned k, unsigned set, unsigned way, uint32_t *line)
{
    (void)ctx;
    ccn_l1e_read(&l1[k], set, way, line);
}

static void setup(unsigned beats, unsigned link, unsigned ports)
{
    ccn_node_params_t p = {.N = 15, .Q_DEPTH = 8, .NSETS = 32, .IDX_W = 5, .NWAYS = 4,
                           .ST_PORTS = ports, .LINK_LAT = link, .RESP_BEATS = beats, .FLOW = 0};
    gm_err_t err;
    assert_int_equal(ccn_ring_init(&ring, &p, 15, &err), 0);
    for (unsigned k = 0; k < 15; k++)
        ccn_l1e_init(&l1[k], &p);
}

static void clear_inputs(void)
{
    memset(ins, 0, sizeof ins);
    for (unsigned k = 0; k < 15; k++) {
        ins[k].cfg_ccn_en = 1;
        ins[k].home_eject_ready = 1;
        ins[k].fill_ready = 1;
    }
}

static void cycle(void)
{
    ccn_ring_eval(&ring, ins, outs, rd, NULL);
    ccn_ring_tick(&ring, ins);
}

/* Core k's L1 gets la (reserve, then fill: VALID from the cycle after). */
static void install(unsigned k, uint32_t la, int valid)
{
    ccn_upd_t u;
    clear_inputs();
    assert_true(ccn_l1e_reserve(&l1[k], la, &u));
    ccn_l1e_apply(&u, &ins[k]);
    cycle();
    if (!valid)
        return;
    clear_inputs();
    assert_true(ccn_l1e_fill(&l1[k], la, &u));
    ccn_l1e_apply(&u, &ins[k]);
    cycle();
}

/* Core h misses on la at cycle 0; returns the cycle its fill (kind 1) or
 * its hand-off to L2 (kind 2) happens. `poke` names a core whose L1 writes
 * an unrelated tag at cycle poke_at (a port conflict), or -1. */
static unsigned miss(unsigned h, uint32_t la, int *kind, int poke, unsigned poke_at)
{
    ccn_upd_t u;
    for (unsigned t = 0; t < 400; t++) {
        clear_inputs();
        if (t == 0) {
            ins[h].miss_valid = 1;
            ins[h].miss_la = la;
            assert_true(ccn_l1e_reserve(&l1[h], la, &u));
            ccn_l1e_apply(&u, &ins[h]);
        }
        if (poke >= 0 && t == poke_at) {
            ins[poke].upd_valid = 1;
            ins[poke].upd_set = 31;
            ins[poke].upd_tag = 0x77;
        }
        ccn_ring_eval(&ring, ins, outs, rd, NULL);
        if (t == 0)
            assert_int_equal(outs[h].miss_to_ccn, 1);
        if (outs[h].fill_valid) {
            uint32_t line[32];
            ccn_line_fill(la, line);
            assert_int_equal(outs[h].fill_la, la);
            assert_memory_equal(outs[h].fill_data, line, sizeof line);
            *kind = 1;
            ccn_ring_tick(&ring, ins);
            return t;
        }
        if (outs[h].home_eject_valid) {
            assert_int_equal(outs[h].home_eject_la, la);
            *kind = 2;
            ccn_ring_tick(&ring, ins);
            return t;
        }
        ccn_ring_tick(&ring, ins);
    }
    fail_msg("no answer in 400 cycles");
    return 0;
}

static void test_remote_hit_latency(void **state)
{
    static const struct { unsigned beats, h, s, want; } cases[] = {
        {4, 0, 1, 9}, {4, 3, 8, 29}, {4, 7, 6, 74}, {1, 10, 0, 14}, {4, 14, 0, 9},
    };
    (void)state;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int kind = 0;
        setup(cases[i].beats, 1, 1);
        install(cases[i].s, 0x4321, 1);
        assert_int_equal(miss(cases[i].h, 0x4321, &kind, -1, 0), cases[i].want);
        assert_int_equal(kind, 1);
        ccn_node_counters_t c;
        ccn_node_counters(&ring.node[cases[i].s], &c);
        assert_int_equal(c.remote_hits_served, 1);
        assert_int_equal(c.l1_steal_cycles, 1);
    }
}

static void test_full_ring_miss_and_pending_copy(void **state)
{
    int kind = 0;
    (void)state;
    setup(4, 1, 1);
    assert_int_equal(miss(5, 0x999, &kind, -1, 0), 17);
    assert_int_equal(kind, 2);
    /* Core 6 holds 0x888 reserved (pending a fill): not shared. */
    install(6, 0x888, 0);
    assert_int_equal(miss(5, 0x888, &kind, -1, 0), 17);
    assert_int_equal(kind, 2);
    ccn_node_counters_t c;
    ccn_node_counters(&ring.node[5], &c);
    assert_int_equal(c.home_returns_to_l2, 2);
    assert_int_equal(c.req_injected, 2);
    ccn_node_counters(&ring.node[6], &c);
    assert_int_equal(c.lookups, 2);
}

static void test_port_conflict_and_link_latency(void **state)
{
    int kind = 0;
    (void)state;
    /* The lookup at core 1 (d = 1) is in cycle 3: a tag write then delays it. */
    setup(4, 1, 1);
    install(1, 0x4321, 1);
    assert_int_equal(miss(0, 0x4321, &kind, 1, 3), 10);
    setup(4, 1, 2); /* 1R1W: no delay */
    install(1, 0x4321, 1);
    assert_int_equal(miss(0, 0x4321, &kind, 1, 3), 9);
    /* Two-cycle hops: L_hit(d) = 4 + d·(2 + B); the full ring 2 + 15·2. */
    setup(4, 2, 1);
    install(3, 0x4321, 1);
    assert_int_equal(miss(0, 0x4321, &kind, -1, 0), 4 + 3 * 6);
    assert_int_equal(miss(0, 0x5555, &kind, -1, 0), 32);
    assert_int_equal(kind, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_remote_hit_latency),
        cmocka_unit_test(test_full_ring_miss_and_pending_copy),
        cmocka_unit_test(test_port_conflict_and_link_latency),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
