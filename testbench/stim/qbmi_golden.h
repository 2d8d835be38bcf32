/* Hand-worked QBMI/RBMI sequences from seed-000 §6.3's rules, shared by the
 * qbmi golden stimulus (C and RTL in lockstep) and tests/unit/test_qbmi.c.
 *
 * A step repeats one input vector n times; its checks apply to the outputs
 * of its last cycle (start-of-cycle registers, before that cycle's edge).
 * -1 (or QG_ANY) means "not checked". grant_q is the QBMI grant, grant_r
 * the RBMI grant: the counters, rpm, quota set and quotas do not depend on
 * the mode, only the grant does.
 *
 * Working rules: an issue takes one from its kernel's quota; when a quota
 * reaches 0 every kernel adds its q in the same edge (saturating at 65535);
 * rpm = clamp((1024 + m/2) / m, 1, 32) at the 1024th request, m = memory
 * instructions counted since the last update including this cycle's; q =
 * lcm(rpm) / rpm_k one cycle after rpm changes; rr moves past the kernel
 * that issued; ties (and RBMI) go to the first candidate at or after rr. */
#ifndef GM_QBMI_GOLDEN_H
#define GM_QBMI_GOLDEN_H

#define QG_ANY (-1)
#define QG_NOQ {QG_ANY, QG_ANY, QG_ANY}

typedef struct qbmi_gstep {
    unsigned n;
    unsigned cand, issue, pulse;
    unsigned cnt[3];
    int grant_q, grant_r;   /* one-hot, or QG_ANY */
    int quota[3], rpm[3], q[3];
    int rpm_update;         /* expected on the last cycle */
    const char *why;
} qbmi_gstep_t;

/* Two kernels (K = 2). */
static const qbmi_gstep_t qbmi_golden_k2[] = {
    {1, 3, 0, 0, {0, 0, 0}, 1, 1, {1, 1, -1}, {1, 1, -1}, {1, 1, -1}, 0,
     "reset: rpm 1, q 1, quota 1; equal quotas, rr = 0: kernel 0"},
    {1, 3, 1, 0, {0, 0, 0}, 1, 1, {1, 1, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 0 issues: quota0 1 -> 0, so both add q: (1, 2); rr = 1"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 2, {1, 2, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 1 has the larger quota (QBMI); rr = 1 (RBMI)"},
    {127, 0, 1, 1, {8, 0, 0}, QG_ANY, QG_ANY, {1, 128, -1}, {1, 1, -1}, QG_NOQ, 0,
     "127 issues of kernel 0 with 8 requests each: each refreshes, quota1 += 1"},
    {1, 0, 1, 1, {8, 0, 0}, 0, 0, {1, 129, -1}, {1, 1, -1}, {1, 1, -1}, 1,
     "the 1024th request wraps: m = 1 + 128 = 129, rpm0 = 1088 / 129 = 8"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 2, {1, 130, -1}, {8, 1, -1}, {1, 1, -1}, 0,
     "rpm0 = 8 is visible; q still (1, 1): the lcm unit's register"},
    {1, 0, 0, 0, {0, 0, 0}, 0, 0, QG_NOQ, {8, 1, -1}, {1, 8, -1}, 0,
     "one cycle later q = (lcm 8 / 8, 8 / 1) = (1, 8)"},
    {511, 0, 2, 2, {0, 2, 0}, QG_ANY, QG_ANY, {49, 4, -1}, {8, 1, -1}, {1, 8, -1}, 0,
     "511 issues of kernel 1: the 130th refreshes (2, 8), then every 8th: 47 more"},
    {1, 0, 2, 2, {0, 2, 0}, 0, 0, {49, 3, -1}, {8, 1, -1}, {1, 8, -1}, 2,
     "the 512th: rpm1 = (1024 + 256) / 512 = 2; quota1 3 -> 2; rr = 0"},
    {1, 3, 0, 0, {0, 0, 0}, 1, 1, {49, 2, -1}, {8, 2, -1}, {1, 8, -1}, 0,
     "kernel 0 holds 49 against 2"},
    {1, 0, 0, 0, {0, 0, 0}, 0, 0, QG_NOQ, QG_NOQ, {1, 4, -1}, 0,
     "q = lcm(8, 2) / rpm = (1, 4): the higher Req/Minst gets the lower quota"},
    {47, 3, 1, 0, {0, 0, 0}, 1, 2, {3, 2, -1}, QG_NOQ, {1, 4, -1}, 0,
     "47 issues of kernel 0 (RBMI: rr = 1 after the first)"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 2, {2, 2, -1}, QG_NOQ, QG_NOQ, 0,
     "a tie at 2: rr = 1 picks kernel 1"},
    {1, 3, 2, 0, {0, 0, 0}, 2, 2, {2, 2, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 1 issues: (2, 1), rr = 0"},
    {1, 3, 0, 0, {0, 0, 0}, 1, 1, {2, 1, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 0 leads"},
    {1, 3, 1, 0, {0, 0, 0}, 1, 1, {2, 1, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 0 issues: (1, 1), rr = 1"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 2, {1, 1, -1}, QG_NOQ, QG_NOQ, 0,
     "a tie at 1: rr = 1 picks kernel 1"},
    {1, 3, 2, 0, {0, 0, 0}, 2, 2, {1, 1, -1}, QG_NOQ, QG_NOQ, 0,
     "kernel 1 issues: quota1 reaches 0, both add q: (2, 4); rr = 0"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 1, {2, 4, -1}, QG_NOQ, {1, 4, -1}, 0,
     "QBMI: kernel 1 (4 > 2); RBMI: rr = 0"},
    {16400, 0, 1, 0, {0, 0, 0}, 0, 0, {1, 65535, -1}, QG_NOQ, QG_NOQ, 0,
     "16400 issues of kernel 0: 16399 refreshes add 4 each; quota1 saturates"},
    {1, 3, 0, 0, {63, 63, 0}, 2, 2, {1, 65535, -1}, {8, 2, -1}, {1, 4, -1}, 0,
     "saturated at 65535; counts without req_gen_pulse are ignored"},
    {16, 0, 0, 1, {63, 0, 0}, QG_ANY, QG_ANY, QG_NOQ, {8, 2, -1}, QG_NOQ, 0,
     "1008 requests of kernel 0, no issue (minst_cnt0 saturated at 1023)"},
    {1, 0, 0, 1, {20, 0, 0}, 0, 0, QG_NOQ, {8, 2, -1}, {1, 4, -1}, 1,
     "1028: wrap (req_cnt0 = 4); m = 1023: rpm0 = (1024 + 511) / 1023 = 1"},
    {1, 0, 0, 0, {0, 0, 0}, 0, 0, QG_NOQ, {1, 2, -1}, {1, 4, -1}, 0,
     "rpm (1, 2)"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 2, {1, 65535, -1}, {1, 2, -1}, {2, 1, -1}, 0,
     "q = lcm(1, 2) / rpm = (2, 1)"},
};

/* Three kernels (K = 3). */
static const qbmi_gstep_t qbmi_golden_k3[] = {
    {1, 7, 7, 0, {0, 0, 0}, 1, 1, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 0,
     "reset; all three issue: every quota reaches 0 and adds 1; rr = 1"},
    {1, 7, 0, 0, {0, 0, 0}, 2, 2, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}, 0,
     "a three-way tie, rr = 1: kernel 1"},
    {63, 0, 1, 1, {16, 0, 0}, QG_ANY, QG_ANY, {1, 63, 63}, {1, 1, 1}, QG_NOQ, 0,
     "63 issues of kernel 0, 16 requests each: every one refreshes (+1 to all)"},
    {1, 0, 1, 1, {16, 0, 0}, 0, 0, {1, 64, 64}, {1, 1, 1}, {1, 1, 1}, 1,
     "the 64th: 1024 requests, m = 1 + 64, rpm0 = (1024 + 32) / 65 = 16; rr = 1"},
    {1, 7, 0, 0, {0, 0, 0}, 2, 2, {1, 65, 65}, {16, 1, 1}, {1, 1, 1}, 0,
     "kernels 1 and 2 tie at 65: rr = 1 picks kernel 1"},
    {1, 0, 0, 0, {0, 0, 0}, 0, 0, QG_NOQ, QG_NOQ, {1, 16, 16}, 0,
     "q = lcm(16, 1, 1) / rpm = (1, 16, 16)"},
    {84, 0, 2, 2, {0, 12, 0}, QG_ANY, QG_ANY, {3, 14, 97}, {16, 1, 1}, {1, 16, 16}, 0,
     "84 issues of kernel 1, 12 requests each: refreshes at the 65th and 81st"},
    {1, 0, 2, 2, {0, 16, 0}, 0, 0, {3, 13, 97}, {16, 1, 1}, {1, 16, 16}, 2,
     "1008 + 16: m = 1 + 85, rpm1 = (1024 + 43) / 86 = 12; quota1 -> 12; rr = 2"},
    {1, 7, 0, 0, {0, 0, 0}, 4, 4, {3, 12, 97}, {16, 12, 1}, {1, 16, 16}, 0,
     "kernel 2 leads with 97"},
    {1, 0, 0, 0, {0, 0, 0}, 0, 0, QG_NOQ, QG_NOQ, {3, 4, 48}, 0,
     "q = lcm(16, 12, 1) = 48 over rpm: (3, 4, 48)"},
    {113, 0, 4, 4, {0, 0, 9}, QG_ANY, QG_ANY, {6, 16, 33}, {16, 12, 1}, {3, 4, 48}, 0,
     "113 issues of kernel 2, 9 requests each: the 97th refreshes (6, 16, 48)"},
    {1, 0, 4, 4, {0, 0, 7}, 0, 0, {6, 16, 32}, {16, 12, 1}, {3, 4, 48}, 4,
     "1017 + 7: m = 1 + 114, rpm2 = (1024 + 57) / 115 = 9; rr = 0"},
    {1, 7, 0, 0, {0, 0, 0}, 4, 1, {6, 16, 31}, {16, 12, 9}, {3, 4, 48}, 0,
     "QBMI: kernel 2 (31); RBMI: rr = 0"},
    {1, 3, 0, 0, {0, 0, 0}, 2, 1, {6, 16, 31}, {16, 12, 9}, {9, 12, 16}, 0,
     "q = lcm(16, 12, 9) = 144 over rpm: (9, 12, 16)"},
    {1, 1, 0, 0, {0, 0, 0}, 1, 1, QG_NOQ, QG_NOQ, QG_NOQ, 0,
     "only kernel 0 is a candidate"},
    {15, 0, 4, 0, {0, 0, 0}, 0, 0, {6, 16, 17}, QG_NOQ, QG_NOQ, 0,
     "15 issues of kernel 2: quota2 = 16; rr = 0"},
    {1, 6, 0, 0, {0, 0, 0}, 2, 2, {6, 16, 16}, QG_NOQ, QG_NOQ, 0,
     "kernels 1 and 2 tie at 16: from rr = 0 kernel 1 comes first"},
    {1, 7, 0, 0, {0, 0, 0}, 2, 1, {6, 16, 16}, QG_NOQ, QG_NOQ, 0,
     "with kernel 0 too: still kernel 1 (QBMI); kernel 0 (RBMI)"},
    {1, 7, 2, 0, {0, 0, 0}, 2, 1, {6, 16, 16}, QG_NOQ, QG_NOQ, 0,
     "kernel 1 issues: (6, 15, 16); rr = 2"},
    {1, 7, 0, 0, {0, 0, 0}, 4, 4, {6, 15, 16}, QG_NOQ, QG_NOQ, 0,
     "kernel 2 leads; RBMI: rr = 2"},
    {1, 7, 4, 0, {0, 0, 0}, 4, 4, {6, 15, 16}, QG_NOQ, QG_NOQ, 0,
     "kernel 2 issues: (6, 15, 15); rr = 0"},
    {1, 6, 0, 0, {0, 0, 0}, 2, 2, {6, 15, 15}, QG_NOQ, QG_NOQ, 0,
     "a tie at 15 from rr = 0: kernel 1"},
    {5, 0, 1, 0, {0, 0, 0}, 0, 0, {2, 15, 15}, QG_NOQ, QG_NOQ, 0,
     "5 issues of kernel 0: quota0 = 1; rr = 1"},
    {1, 7, 1, 0, {0, 0, 0}, 2, 2, {1, 15, 15}, QG_NOQ, {9, 12, 16}, 0,
     "kernel 0 issues its last: all add q = (9, 12, 16)"},
    {1, 7, 0, 0, {0, 0, 0}, 4, 2, {9, 27, 31}, QG_NOQ, QG_NOQ, 0,
     "(0 + 9, 15 + 12, 15 + 16); QBMI: kernel 2; RBMI: rr = 1"},
};

#endif
