/* qbmi against values worked out by hand from seed-000 §6.3 / §10.9: the
 * rpm rounding and clamp, the quota sets for K = 2 and 3 (against a
 * brute-force lcm over every rpm combination), the refresh, 16-bit
 * saturation, max-quota grants with round-robin ties, RBMI, and the two
 * hand-worked sequences of qbmi_golden.h in both modes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "../../testbench/stim/qbmi_golden.h"
#include "blocks/qbmi.h"

static qbmi_t m;

static void init(unsigned k, unsigned mode)
{
    qbmi_params_t p = {.K = k, .MODE = mode};
    gm_err_t err;
    assert_int_equal(qbmi_init(&m, &p, &err), 0);
}

static qbmi_in_t inputs(unsigned cand, unsigned issue, unsigned pulse, unsigned c0,
                        unsigned c1, unsigned c2)
{
    return (qbmi_in_t){cand, issue, pulse, c0 | c1 << 6 | (uint64_t)c2 << 12};
}

static unsigned grant(unsigned cand)
{
    qbmi_in_t in = inputs(cand, 0, 0, 0, 0, 0);
    qbmi_out_t o;
    qbmi_eval(&m, &in, &o);
    return (unsigned)o.mem_grant;
}

static void issue(unsigned k)
{
    qbmi_in_t in = inputs(0, 1u << k, 0, 0, 0, 0);
    qbmi_tick(&m, &in);
}

static void test_rpm_rounding(void **state)
{
    (void)state;
    /* round(1024 / m) = (1024 + m / 2) / m, clamped to 1..32. */
    assert_int_equal(qbmi_rpm_of(129), 8);   /* 8.43 */
    assert_int_equal(qbmi_rpm_of(512), 2);   /* 2.5 rounds up: 1280 / 512 */
    assert_int_equal(qbmi_rpm_of(85), 12);   /* 12.05 */
    assert_int_equal(qbmi_rpm_of(114), 9);   /* 8.98 */
    assert_int_equal(qbmi_rpm_of(1023), 1);  /* 1.001 */
    assert_int_equal(qbmi_rpm_of(683), 1);   /* 1.499 */
    assert_int_equal(qbmi_rpm_of(682), 2);   /* 1.501 */
    assert_int_equal(qbmi_rpm_of(32), 32);   /* exactly 32 */
    assert_int_equal(qbmi_rpm_of(31), 32);   /* 33.03: clamped */
    assert_int_equal(qbmi_rpm_of(1), 32);
    assert_int_equal(qbmi_rpm_of(0), 32);    /* requests with no instruction */
}

static unsigned lcm_search(unsigned a, unsigned b, unsigned c)
{
    for (unsigned l = 1;; l++)
        if (l % a == 0 && l % b == 0 && l % c == 0)
            return l;
}

static void test_quota_sets(void **state)
{
    (void)state;
    uint16_t q[3];
    /* Two kernels: g = gcd; Q0 = rpm1 / g, Q1 = rpm0 / g. */
    qbmi_quota_set(2, (const uint8_t[]){8, 2}, q);
    assert_int_equal(q[0], 1);
    assert_int_equal(q[1], 4);
    qbmi_quota_set(2, (const uint8_t[]){12, 18}, q);
    assert_int_equal(q[0], 3);
    assert_int_equal(q[1], 2);
    qbmi_quota_set(2, (const uint8_t[]){32, 31}, q);
    assert_int_equal(q[0], 31);
    assert_int_equal(q[1], 32);
    /* Three: l = lcm; Q_k = l / rpm_k. */
    qbmi_quota_set(3, (const uint8_t[]){16, 12, 9}, q);
    assert_int_equal(q[0], 9);
    assert_int_equal(q[1], 12);
    assert_int_equal(q[2], 16);
    qbmi_quota_set(3, (const uint8_t[]){32, 31, 29}, q); /* l = 28768, the largest */
    assert_int_equal(q[0], 899);
    assert_int_equal(q[1], 928);
    assert_int_equal(q[2], 992);
    /* Every combination against a search for the least common multiple. */
    for (unsigned a = 1; a <= 32; a++)
        for (unsigned b = 1; b <= 32; b++)
            for (unsigned c = 1; c <= 32; c++) {
                unsigned l = lcm_search(a, b, c);
                qbmi_quota_set(3, (const uint8_t[]){(uint8_t)a, (uint8_t)b, (uint8_t)c}, q);
                assert_int_equal(q[0] * a, l);
                assert_int_equal(q[1] * b, l);
                assert_int_equal(q[2] * c, l);
                assert_true(q[0] <= 992 && q[1] <= 992 && q[2] <= 992);
            }
}

static void test_reset_and_refresh(void **state)
{
    (void)state;
    init(2, QBMI_MODE_QBMI);
    assert_int_equal(m.rpm[0], 1);
    assert_int_equal(m.q[1], 1);
    assert_int_equal(m.quota[0], 1);
    assert_int_equal(grant(0), 0);
    assert_int_equal(grant(3), 1);   /* a tie, rr = 0 */
    assert_int_equal(grant(2), 2);   /* only kernel 1 */
    issue(0);                        /* quota0 reaches 0: all add q */
    assert_int_equal(m.quota[0], 1);
    assert_int_equal(m.quota[1], 2);
    assert_int_equal(m.ctr.refreshes, 1);
    assert_int_equal(m.rr, 1);
    assert_int_equal(grant(3), 2);   /* the larger quota */
    assert_true(qbmi_idle(&m));
}

static void test_rpm_update_on_wrap(void **state)
{
    (void)state;
    init(2, QBMI_MODE_QBMI);
    qbmi_in_t in = inputs(0, 2, 2, 0, 40, 0);
    for (int i = 0; i < 25; i++)     /* 25 x 40 = 1000 requests, 25 issues */
        qbmi_tick(&m, &in);
    assert_int_equal(m.req_cnt[1], 1000);
    assert_int_equal(m.minst_cnt[1], 25);
    in = inputs(0, 0, 2, 0, 30, 0);  /* 1030: wrap, req_cnt = 6 */
    qbmi_out_t o;
    qbmi_eval(&m, &in, &o);
    assert_int_equal(o.rpm_update, 2);
    qbmi_tick(&m, &in);
    assert_int_equal(m.req_cnt[1], 6);
    assert_int_equal(m.minst_cnt[1], 0);
    assert_int_equal(m.rpm[1], 32);  /* 1024 / 25 = 41: clamped */
    assert_int_equal(m.q[1], 1);     /* the lcm unit's register lags a cycle */
    assert_false(qbmi_idle(&m));
    in = inputs(0, 0, 0, 0, 0, 0);
    qbmi_tick(&m, &in);
    assert_int_equal(m.q[0], 32);    /* lcm(1, 32) / 1 */
    assert_int_equal(m.q[1], 1);
    assert_true(qbmi_idle(&m));
    assert_int_equal(m.ctr.rpm_updates, 1);
}

static void test_saturation(void **state)
{
    (void)state;
    init(2, QBMI_MODE_QBMI);
    m.rpm[0] = 32;                   /* rpm (32, 1): q = (1, 32) */
    m.q[1] = 32;
    for (int i = 0; i < 2100; i++)
        issue(0);                    /* every issue refreshes: quota1 += 32 */
    assert_int_equal(m.q[1], 32);
    assert_int_equal(m.quota[0], 1);
    assert_int_equal(m.quota[1], 65535);
    /* 1 + 32 n > 65535 from the 2048th refresh on. */
    assert_int_equal(m.ctr.saturations, 2100 - 2047);
    assert_int_equal(m.minst_cnt[0], 1023);        /* saturating */
    assert_int_equal(grant(3), 2);
}

static void test_ties_and_rbmi(void **state)
{
    (void)state;
    init(3, QBMI_MODE_QBMI);
    m.quota[0] = 5;
    m.quota[1] = 9;
    m.quota[2] = 9;
    assert_int_equal(grant(7), 2);   /* tie 1 vs 2 from rr = 0 */
    m.rr = 2;
    assert_int_equal(grant(7), 4);   /* from rr = 2 */
    assert_int_equal(grant(5), 4);
    assert_int_equal(grant(1), 1);
    m.quota[0] = 10;
    assert_int_equal(grant(7), 1);   /* max wins whatever rr says */
    init(3, QBMI_MODE_RBMI);
    m.quota[0] = 100;
    assert_int_equal(grant(7), 1);   /* RBMI ignores quotas */
    issue(0);
    assert_int_equal(grant(7), 2);
    assert_int_equal(grant(5), 4);   /* kernel 1 not ready: the next one */
    issue(2);
    assert_int_equal(grant(7), 1);   /* wraps around */
    qbmi_in_t in = inputs(7, 6, 0, 0, 0, 0); /* two issue: past the lower */
    qbmi_tick(&m, &in);
    assert_int_equal(m.rr, 2);
}

static void run_script(const qbmi_gstep_t *s, unsigned n, unsigned k, unsigned mode)
{
    init(k, mode);
    for (unsigned i = 0; i < n; i++) {
        qbmi_in_t in = inputs(s[i].cand, s[i].issue, s[i].pulse, s[i].cnt[0], s[i].cnt[1],
                              s[i].cnt[2]);
        qbmi_out_t o;
        for (unsigned c = 0; c < s[i].n; c++) {
            qbmi_eval(&m, &in, &o);
            if (c + 1 < s[i].n)
                qbmi_tick(&m, &in);
        }
        int g = mode == QBMI_MODE_RBMI ? s[i].grant_r : s[i].grant_q;
        if (g >= 0)
            assert_int_equal(o.mem_grant, g);
        assert_int_equal(o.rpm_update, s[i].rpm_update);
        for (unsigned j = 0; j < k; j++) {
            if (s[i].quota[j] >= 0)
                assert_int_equal(o.quota >> (16 * j) & 0xffff, s[i].quota[j]);
            if (s[i].rpm[j] >= 0)
                assert_int_equal(o.rpm >> (6 * j) & 63, s[i].rpm[j]);
            if (s[i].q[j] >= 0)
                assert_int_equal(o.qset >> (16 * j) & 0xffff, s[i].q[j]);
        }
        qbmi_tick(&m, &in);
    }
}

static void test_golden_k2(void **state)
{
    (void)state;
    unsigned n = sizeof qbmi_golden_k2 / sizeof qbmi_golden_k2[0];
    run_script(qbmi_golden_k2, n, 2, QBMI_MODE_QBMI);
    assert_int_equal(m.req_cnt[0], 4);     /* 1028 wrapped */
    assert_int_equal(m.ctr.rpm_updates, 3);
    run_script(qbmi_golden_k2, n, 2, QBMI_MODE_RBMI);
}

static void test_golden_k3(void **state)
{
    (void)state;
    unsigned n = sizeof qbmi_golden_k3 / sizeof qbmi_golden_k3[0];
    run_script(qbmi_golden_k3, n, 3, QBMI_MODE_QBMI);
    run_script(qbmi_golden_k3, n, 3, QBMI_MODE_RBMI);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rpm_rounding),
        cmocka_unit_test(test_quota_sets),
        cmocka_unit_test(test_reset_and_refresh),
        cmocka_unit_test(test_rpm_update_on_wrap),
        cmocka_unit_test(test_saturation),
        cmocka_unit_test(test_ties_and_rbmi),
        cmocka_unit_test(test_golden_k2),
        cmocka_unit_test(test_golden_k3),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
