/* CUDA SDK mergeSort (seed-001 Table 2.3/3.1 MS, memory-intensive, 1436
 * instructions per L2 miss), ascending, uint keys with uint values:
 *   mergeSortShared, n/1024 CTAs of 512 threads: each thread loads 2 keys
 *     and 2 values (512 apart), the CTA sorts its 1024 in shared memory
 *     (an odd-even merge network, about 55 stages) and stores them back;
 *   then per stride s = 1024, 2048, ..., n/2, merging pairs of sorted
 *   s-runs A and B with SAMPLE_STRIDE 128:
 *     generateSampleRanks, a thread per sample pair: loads A's i-th sample
 *       (every 128th key: a line per lane) and binary-searches B for its
 *       rank (log2 s + 1 probes: the first is B's last key, the same for
 *       every lane), stores it, then the same for B's i-th sample in A;
 *     mergeRanksAndIndices, for A and for B: each rank loaded, searched
 *       among the other side's s/128 ranks, stored into the limits array;
 *     mergeElementaryIntervals, a 128-thread CTA per elementary interval
 *       (2 s / 128 of them per pair): two lanes load its limits in A and
 *       B, lanes < lenA load A's keys and values, lanes < lenB B's, and
 *       every element is stored at its merged position.
 * Keys are uniform random, so a sample at position p of one run ranks near
 * p in the other (here p plus a draw below 128), the samples of A and B
 * alternate and an elementary interval holds 64 keys of each run, which
 * interleave in an order drawn per interval (each output slot written
 * once). The SDK sorts 4 M keys; the default here is 256 K. */
#include "workload/wl.h"

enum { P_N };
static const wl_param_t mergesort_params[] = {
    {"n", "keys sorted (a power of two)", 262144, 2048, 16777216, 1024, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { MS_SHARED = 1024, MS_SAMPLE = 128, MS_HALF = MS_SAMPLE / 2, MS_RANK_TB = 256 };
enum { K_SHARED, K_RANKS, K_LIMITS_A, K_LIMITS_B, K_MERGE };

typedef struct ms_args {
    uint32_t kind, stride;
    uint64_t seed, n;
    uint64_t in_k, in_v, out_k, out_v;
    uint64_t ranks_a, ranks_b, limits_a, limits_b;
} ms_args_t;

typedef struct ms_ws {
    uint32_t cta, warp, pc;
    uint8_t pos_a[GM_WARP_SIZE], pos_b[GM_WARP_SIZE]; /* K_MERGE: merged slots */
} ms_ws_t;

/* A deterministic draw below `below` for (kernel seed, item). */
static uint32_t ms_draw(const ms_args_t *a, uint64_t item, uint32_t below)
{
    return (uint32_t)(gm_mix64(a->seed ^ ((uint64_t)a->stride << 36) ^ item) % below);
}

/* Slot of each of the interval's 64 A keys and 64 B keys in its 128
 * outputs: a random merge, each step taking A with probability
 * (A left) / (both left). */
static void ms_interleave(const ms_args_t *a, uint32_t interval, uint32_t warp, ms_ws_t *s)
{
    uint32_t left_a = MS_HALF, left_b = MS_HALF, ia = 0, ib = 0;
    for (uint32_t slot = 0; slot < 2 * MS_HALF; slot++) {
        uint64_t item = (uint64_t)interval * 2 * MS_HALF + slot + (1ull << 34);
        int take_a = ms_draw(a, item, left_a + left_b) < left_a;
        uint32_t *i = take_a ? &ia : &ib;
        uint8_t *pos = take_a ? s->pos_a : s->pos_b;
        if (*i / GM_WARP_SIZE == warp)
            pos[*i % GM_WARP_SIZE] = (uint8_t)slot;
        ++*i;
        if (take_a)
            left_a--;
        else
            left_b--;
    }
}

static void ms_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    ms_ws_t *s = ws;
    s->cta = cta;
    s->warp = warp;
    s->pc = 0;
    if (((const ms_args_t *)k->args)->kind == K_MERGE && warp < MS_HALF / GM_WARP_SIZE)
        ms_interleave(k->args, cta, warp, s);
}

/* The SDK's binary search over a sorted run of len keys for a key whose
 * answer is `target`: probe `step` (a power of two, len down to 1) of
 * it reads data[min(pos + step, len) - 1] and moves pos there when that
 * does not pass the target. */
static uint32_t ms_probe(uint32_t len, uint32_t target, uint32_t step_index)
{
    uint32_t pos = 0;
    for (uint32_t step = len, i = 0;; step >>= 1, i++) {
        uint32_t np = pos + step < len ? pos + step : len;
        if (i == step_index)
            return np - 1;
        if (np <= target)
            pos = np;
    }
}

static uint32_t ms_log2(uint32_t v)
{
    uint32_t l = 0;
    while (v > 1)
        v >>= 1, l++;
    return l;
}

/* Lanes whose thread of the sample-rank grids exists (n / 256 threads). */
static uint32_t ms_live(const ms_args_t *a, const ms_ws_t *s)
{
    uint64_t first = (uint64_t)s->cta * MS_RANK_TB + 32u * s->warp, threads = a->n / (2 * MS_SAMPLE);
    if (first >= threads)
        return 0;
    return threads - first >= 32 ? UINT32_MAX : (1u << (threads - first)) - 1;
}

static void ms_lanes(gm_inst_t *o, gm_op_t op, unsigned gap, uint32_t live, uint64_t base,
                     const uint64_t *elem)
{
    wl_mem(o, op, 4, gap, live);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (live >> l & 1) ? base + 4 * elem[l] : 0;
}

/* generateSampleRanks: per side (A then B) the sample, the search, the
 * rank's store. Thread g handles sample i = g % (s / 128) of pair
 * g / (s / 128). */
static int ms_ranks(const ms_args_t *a, const ms_ws_t *s, uint32_t pc, gm_inst_t *o)
{
    uint32_t probes = ms_log2(a->stride) + 1, per_side = probes + 2, live = ms_live(a, s);
    if (pc >= 2 * per_side || !live)
        return 0;
    uint32_t side = pc / per_side, r = pc % per_side, spp = a->stride / MS_SAMPLE;
    uint64_t elem[GM_WARP_SIZE];
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t g = (uint64_t)s->cta * MS_RANK_TB + 32u * s->warp + l;
        uint64_t pair = g / spp, i = g % spp, base = pair * 2 * a->stride;
        uint64_t own = base + side * a->stride, other = base + (1 - side) * a->stride;
        uint32_t target = (uint32_t)(i * MS_SAMPLE) + ms_draw(a, 2 * g + side, MS_SAMPLE);
        if (r == 0)
            elem[l] = own + i * MS_SAMPLE;
        else if (r <= probes)
            elem[l] = other + ms_probe(a->stride, target, r - 1);
        else
            elem[l] = pair * spp + i;
    }
    if (r == 0)
        ms_lanes(o, GM_OP_LOAD, 2, live, a->in_k, elem);
    else if (r <= probes)
        ms_lanes(o, GM_OP_LOAD, 4, live, a->in_k, elem);
    else
        ms_lanes(o, GM_OP_STORE, 2, live, side ? a->ranks_b : a->ranks_a, elem);
    return 1;
}

/* mergeRanksAndIndices for one side: the rank, its search among the
 * other side's s/128 ranks of the pair, the limit's store. */
static int ms_limits(const ms_args_t *a, const ms_ws_t *s, uint32_t pc, gm_inst_t *o)
{
    uint32_t spp = a->stride / MS_SAMPLE, probes = ms_log2(spp) + 1, live = ms_live(a, s);
    if (pc >= probes + 2 || !live)
        return 0;
    int side_b = a->kind == K_LIMITS_B;
    uint64_t elem[GM_WARP_SIZE];
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t g = (uint64_t)s->cta * MS_RANK_TB + 32u * s->warp + l;
        uint64_t pair = g / spp, i = g % spp;
        uint32_t target = (uint32_t)i + ms_draw(a, 2 * g + (uint64_t)side_b + (1ull << 33), 2);
        if (target > spp)
            target = spp;
        if (pc == 0)
            elem[l] = g;
        else if (pc <= probes)
            elem[l] = pair * spp + ms_probe(spp, target, pc - 1);
        else
            elem[l] = pair * 2 * spp + i + target;
    }
    uint64_t own = side_b ? a->ranks_b : a->ranks_a, other = side_b ? a->ranks_a : a->ranks_b;
    if (pc == 0)
        ms_lanes(o, GM_OP_LOAD, 2, live, own, elem);
    else if (pc <= probes)
        ms_lanes(o, GM_OP_LOAD, 4, live, other, elem);
    else
        ms_lanes(o, GM_OP_STORE, 2, live, side_b ? a->limits_b : a->limits_a, elem);
    return 1;
}

/* mergeElementaryIntervals: interval j of its pair reads A[64 j ..] and
 * B[64 j ..] and writes the 128 slots from 128 j of the pair's output. */
static int ms_merge(const ms_args_t *a, const ms_ws_t *s, uint32_t pc, gm_inst_t *o)
{
    uint32_t per_pair = 2 * a->stride / MS_SAMPLE;
    uint64_t pair = s->cta / per_pair, j = s->cta % per_pair, base = pair * 2 * a->stride;
    uint64_t elem[GM_WARP_SIZE];
    uint32_t lead = s->warp == 0 ? 2 : 0; /* the interval's limits in A and B */
    if (pc < lead) {
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            elem[l] = s->cta + l;
        ms_lanes(o, GM_OP_LOAD, 2, 0x3u, pc ? a->limits_b : a->limits_a, elem);
        return 1;
    }
    pc -= lead;
    if (s->warp >= MS_HALF / GM_WARP_SIZE || pc >= 8)
        return 0;
    uint32_t side = pc / 2 % 2; /* loads: A key, A value, B key, B value */
    if (pc < 4) {
        uint64_t first = base + side * a->stride + j * MS_HALF + 32u * s->warp;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            elem[l] = first + l;
        ms_lanes(o, GM_OP_LOAD, pc == 0 ? 8 : 1, UINT32_MAX, pc % 2 ? a->in_v : a->in_k, elem);
        return 1;
    }
    const uint8_t *pos = side ? s->pos_b : s->pos_a;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        elem[l] = base + j * 2 * MS_HALF + pos[l];
    ms_lanes(o, GM_OP_STORE, pc == 4 ? 16 : 1, UINT32_MAX, pc % 2 ? a->out_v : a->out_k, elem);
    return 1;
}

static void ms_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const ms_args_t *a = k->args;
    ms_ws_t *s = ws;
    uint32_t pc = s->pc++;
    int more;
    if (a->kind == K_SHARED) { /* keys t, t + 512, values t, t + 512, sort, stores */
        more = pc < 8;
        if (more) {
            uint64_t elem[GM_WARP_SIZE], first = (uint64_t)s->cta * MS_SHARED + 32u * s->warp +
                                                 (pc % 2) * (MS_SHARED / 2);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                elem[l] = first + l;
            uint64_t base = pc < 4 ? (pc < 2 ? a->in_k : a->in_v) : (pc < 6 ? a->out_k : a->out_v);
            ms_lanes(o, pc < 4 ? GM_OP_LOAD : GM_OP_STORE, pc == 4 ? 55 * 6 : 2, UINT32_MAX, base,
                     elem);
        }
    } else if (a->kind == K_RANKS) {
        more = ms_ranks(a, s, pc, o);
    } else if (a->kind == K_MERGE) {
        more = ms_merge(a, s, pc, o);
    } else {
        more = ms_limits(a, s, pc, o);
    }
    if (!more)
        wl_exit(o, 2);
}

static const gm_kernel_ops_t ms_ops = {sizeof(ms_ws_t), ms_init, ms_next};

static int mergesort_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[P_N];
    if (n & (n - 1))
        return wl_fail(b, "n", "%llu is not a power of two", (unsigned long long)n);
    uint32_t levels = ms_log2((uint32_t)(n / MS_SHARED));
    uint64_t src_k = wl_array(b, 4 * n), src_v = wl_array(b, 4 * n);
    uint64_t buf_k = wl_array(b, 4 * n), buf_v = wl_array(b, 4 * n);
    uint64_t dst_k = wl_array(b, 4 * n), dst_v = wl_array(b, 4 * n);
    uint64_t ranks_a = wl_array(b, 4 * n / MS_SAMPLE), ranks_b = wl_array(b, 4 * n / MS_SAMPLE);
    uint64_t lim_a = wl_array(b, 4 * n / MS_SAMPLE), lim_b = wl_array(b, 4 * n / MS_SAMPLE);
    gm_rng_t rng;
    wl_rng(b, &rng, 0x4d455247u);
    ms_args_t *a = wl_host(b, (1 + 4 * (size_t)levels) * sizeof *a);
    if (!a)
        return -1;
    /* the shared-memory sort writes where an even number of merges leaves
     * the result in dst */
    uint64_t ik = levels & 1 ? buf_k : dst_k, iv = levels & 1 ? buf_v : dst_v;
    uint64_t ok = levels & 1 ? dst_k : buf_k, ov = levels & 1 ? dst_v : buf_v;
    a[0] = (ms_args_t){K_SHARED, MS_SHARED, 0, n, src_k, src_v, ik, iv, 0, 0, 0, 0};
    wl_launch(b, &(wl_launch_t){"mergeSortSharedKernel", &ms_ops, &a[0],
                                {(uint32_t)(n / MS_SHARED)}, {MS_SHARED / 2}, 16,
                                8 * MS_SHARED});
    ms_args_t *k = &a[1];
    for (uint64_t stride = MS_SHARED; stride < n; stride <<= 1) {
        ms_args_t common = {K_RANKS, (uint32_t)stride, gm_rng_next(&rng), n, ik, iv, ok, ov,
                            ranks_a, ranks_b, lim_a, lim_b};
        uint32_t samples = (uint32_t)(n / (2 * MS_SAMPLE));
        static const struct {
            uint32_t kind;
            const char *name;
        } steps[] = {{K_RANKS, "generateSampleRanksKernel"},
                     {K_LIMITS_A, "mergeRanksAndIndicesKernel"},
                     {K_LIMITS_B, "mergeRanksAndIndicesKernel"},
                     {K_MERGE, "mergeElementaryIntervalsKernel"}};
        for (unsigned i = 0; i < 4; i++, k++) {
            *k = common;
            k->kind = steps[i].kind;
            int merge = k->kind == K_MERGE;
            wl_launch(b, &(wl_launch_t){steps[i].name, &ms_ops, k,
                                        {merge ? (uint32_t)(n / MS_SAMPLE)
                                               : wl_ceil_div(samples, MS_RANK_TB)},
                                        {merge ? MS_SAMPLE : MS_RANK_TB}, 20,
                                        merge ? 4 * 2 * MS_SAMPLE * 2 : 0});
        }
        uint64_t t = ik;
        ik = ok, ok = t;
        t = iv;
        iv = ov, ov = t;
    }
    return 0;
}

const wl_def_t wl_mergesort = {"mergesort", NULL, mergesort_params, mergesort_build};
