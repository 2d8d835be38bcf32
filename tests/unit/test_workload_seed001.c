/* The seed-001 Table 2.3/3.1 stand-ins (dwt2d, radixsort, mergesort,
 * sgemm, reduction, scalarprod, quasirandom, binomialoptions, heartwall,
 * hybridsort) and seed-004's (srad1, sssp, leukocyte, fft, gaussian,
 * myocyte): each one's
 * defining address-stream property, checked over every warp of
 * a small instance (the generic checks -- determinism, legal sizes, heap
 * bounds -- are test_workload.c's small_specs). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "workload/wl.h"
#include "workload/workload.h"
#include "wl_check.h"

/* Calls visit(inst, cta, warp, index-in-warp, ctx) for every memory
 * instruction of kernel i of stream 0. */
typedef void (*visit_fn)(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                         void *ctx);

static void each_inst(const gm_workload_t *w, unsigned i, visit_fn visit, void *ctx)
{
    const gm_kernel_t *k = gm_workload_kernel(w, 0, i);
    assert_non_null(k);
    uint32_t ctas = k->grid[0] * k->grid[1] * k->grid[2];
    uint32_t wpc = (k->block[0] * k->block[1] * k->block[2] + 31) / 32;
    void *ws = malloc(k->ops->warp_state_size);
    assert_non_null(ws);
    for (uint32_t c = 0; c < ctas; c++)
        for (uint32_t wi = 0; wi < wpc; wi++) {
            gm_inst_t in;
            k->ops->warp_init(k, ws, c, wi);
            for (unsigned n = 0;; n++) {
                k->ops->warp_next(k, ws, &in);
                if (in.op == GM_OP_EXIT)
                    break;
                assert_true(n < 100000);
                visit(&in, c, wi, n, ctx);
            }
        }
    free(ws);
}

/* The nth instruction (n >= 1) of warp `warp` of CTA `cta` of kernel i of
 * stream 0. */
static gm_inst_t nth_inst(const gm_workload_t *w, unsigned i, uint32_t cta, uint32_t warp,
                          unsigned n)
{
    const gm_kernel_t *k = gm_workload_kernel(w, 0, i);
    assert_non_null(k);
    void *ws = malloc(k->ops->warp_state_size);
    assert_non_null(ws);
    gm_inst_t in;
    k->ops->warp_init(k, ws, cta, warp);
    for (unsigned j = 0; j < n; j++)
        k->ops->warp_next(k, ws, &in);
    free(ws);
    return in;
}

/* The address of the instruction's first active lane (lane 31's when none is). */
static uint64_t first_addr(const gm_inst_t *in)
{
    return in->addr[__builtin_ctz(in->active | 1u << 31)];
}

/* Per-element access counts of one array. */
typedef struct counts {
    uint64_t base;
    uint32_t elem, n;
    gm_op_t op;
    uint32_t *c;
    uint64_t outside; /* accesses of op outside the array */
} counts_t;

static counts_t counts_new(uint64_t base, uint32_t elem, uint32_t n, gm_op_t op)
{
    counts_t t = {base, elem, n, op, calloc(n, sizeof(uint32_t)), 0};
    assert_non_null(t.c);
    return t;
}

static void count_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                        void *ctx)
{
    (void)cta, (void)warp, (void)idx;
    counts_t *t = ctx;
    if (in->op != t->op)
        return;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t a = in->addr[l];
        if (a < t->base || a >= t->base + (uint64_t)t->elem * t->n) {
            t->outside++;
            continue;
        }
        assert_int_equal((a - t->base) % t->elem, 0);
        t->c[(a - t->base) / t->elem]++;
    }
}

/* Every element of the array accessed exactly `times` times. */
static void expect_each(const counts_t *t, uint32_t times)
{
    for (uint32_t i = 0; i < t->n; i++)
        if (t->c[i] != times)
            fail_msg("element %u accessed %u times, expected %u", i, t->c[i], times);
}

/* ---- dwt2d */

/* dwt2d:w=128,h=64,levels=2: rgb (128*64*3 B) at 0x10000000, the component
 * planes (3 x 32 KB) at 0x10006000, the output planes at 0x1001e000. */
enum { DW_W = 128, DW_H = 64 };
#define DW_RGB 0x10000000ull
#define DW_COMP 0x10006000ull
#define DW_OUT 0x1001e000ull

typedef struct dw_store {
    uint32_t bad_runs;
    counts_t out;
} dw_store_t;

/* A level-0 fdwt store: lanes 0, 2, ... 30 one 64 B run, lanes 1, 3, ...
 * 31 another w/2 ints right of it (the even and odd columns' subbands). */
static void dw_store_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                           void *ctx)
{
    dw_store_t *d = ctx;
    count_visit(in, cta, warp, idx, &d->out);
    if (in->op != GM_OP_STORE)
        return;
    assert_int_equal(in->active, UINT32_MAX);
    for (unsigned l = 0; l < 32; l += 2)
        if (in->addr[l] != in->addr[0] + 2 * l ||
            in->addr[l + 1] != in->addr[0] + 4 * (DW_W / 2) + 2 * l)
            d->bad_runs++;
}

static void test_dwt2d(void **state)
{
    (void)state;
    gm_workload_t *w = make("dwt2d:w=128,h=64,levels=2");
    /* copy, then 2 levels of each of 3 components */
    assert_int_equal(gm_workload_kernels(w, 0), 7);
    const gm_kernel_t *k1 = gm_workload_kernel(w, 0, 1);
    assert_int_equal(k1->grid[0], DW_W / 64);
    assert_int_equal(k1->grid[1], DW_H / 32);
    assert_int_equal(k1->block[0], 64);

    /* the copy reads each RGB byte once and writes every component once */
    counts_t rgb = counts_new(DW_RGB, 1, 3 * DW_W * DW_H, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &rgb);
    expect_each(&rgb, 1);
    assert_int_equal(rgb.outside, 0);
    counts_t comp = counts_new(DW_COMP, 4, 3 * DW_W * DW_H, GM_OP_STORE);
    each_inst(w, 0, count_visit, &comp);
    expect_each(&comp, 1);

    /* level 0 of red: every output written once, as two half-line runs */
    dw_store_t d = {0, counts_new(DW_OUT, 4, DW_W * DW_H, GM_OP_STORE)};
    each_inst(w, 1, dw_store_visit, &d);
    expect_each(&d.out, 1);
    assert_int_equal(d.out.outside, 0);
    assert_int_equal(d.bad_runs, 0);
    /* its loads: each 32-row strip reads its rows and two halo rows
     * either side (mirrored at the image edges) */
    counts_t in = counts_new(DW_COMP, 4, DW_W * DW_H, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &in);
    uint64_t loads = 0;
    for (uint32_t i = 0; i < DW_W * DW_H; i++)
        loads += in.c[i];
    assert_int_equal(loads, (uint64_t)DW_W * DW_H * (32 + 4) / 32);
    assert_int_equal(in.c[0 * DW_W], 1);  /* row 0: only its own strip */
    assert_int_equal(in.c[1 * DW_W], 2);  /* row 1: also the mirror of row -1 */
    assert_int_equal(in.c[32 * DW_W], 2); /* row 32: also the upper strip's halo */
    assert_int_equal(in.c[62 * DW_W], 2); /* row 62: also the mirror of row 64 */

    /* level 1 reads level 0's low-pass corner (64 x 32) back from the
     * output plane and writes into the component plane */
    counts_t l1 = counts_new(DW_OUT, 4, DW_W * DW_H, GM_OP_LOAD);
    each_inst(w, 2, count_visit, &l1);
    assert_int_equal(l1.outside, 0);
    for (uint32_t y = 0; y < DW_H; y++)
        for (uint32_t x = 0; x < DW_W; x++)
            assert_int_equal(l1.c[y * DW_W + x] != 0, y < DW_H / 2 && x < DW_W / 2);
    free(rgb.c), free(comp.c), free(d.out.c), free(in.c), free(l1.c);
    gm_workload_free(w);

    expect_error("dwt2d:w=64,levels=2", "not a multiple of 64 << (levels - 1) = 128");
    expect_error("dwt2d:w=128,h=8,levels=2", "not a multiple of 8 << (levels - 1) = 16");
}

/* ---- radixsort */

/* radixsort:n=4096,passes=2,ctas=3: keys0, keys1, vals0, vals1 (16 KB
 * each) from 0x10000000, the spine (16 x 3 words) after them. */
enum { RS_N = 4096, RS_CTAS = 3 };
#define RS_K0 0x10000000ull
#define RS_K1 0x10004000ull
#define RS_V1 0x1000c000ull
#define RS_SPINE 0x10010000ull

typedef struct rs_runs {
    counts_t keys;
    uint64_t runs, stores;
} rs_runs_t;

/* Count maximal +4 B runs in each key scatter. */
static void rs_runs_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                          void *ctx)
{
    rs_runs_t *r = ctx;
    count_visit(in, cta, warp, idx, &r->keys);
    if (in->op != GM_OP_STORE || in->addr[0] < RS_K1 || in->addr[0] >= RS_K1 + 4 * RS_N)
        return;
    r->stores++;
    r->runs++;
    for (unsigned l = 1; l < 32; l++)
        r->runs += in->addr[l] != in->addr[l - 1] + 4;
}

static void test_radixsort(void **state)
{
    (void)state;
    gm_workload_t *w = make("radixsort:n=4096,passes=2,ctas=3");
    assert_int_equal(gm_workload_kernels(w, 0), 6);
    /* upsweep: every key of keys0 read once, then the 3 x 16 counts */
    counts_t up = counts_new(RS_K0, 4, RS_N, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &up);
    expect_each(&up, 1);
    counts_t sp = counts_new(RS_SPINE, 4, 16 * RS_CTAS, GM_OP_STORE);
    each_inst(w, 0, count_visit, &sp);
    expect_each(&sp, 1);
    assert_int_equal(sp.outside, 0);
    /* spine: read and written once in place */
    counts_t sl = counts_new(RS_SPINE, 4, 16 * RS_CTAS, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &sl);
    expect_each(&sl, 1);

    /* downsweep: keys and values scattered into a permutation of keys1 and
     * vals1, the keys in digit runs: a warp store of 32 keys in digit
     * order spans few runs (8 tiles of 512 keys in 16 digits: 32 keys a
     * bin on average) */
    rs_runs_t *r = calloc(1, sizeof *r);
    assert_non_null(r);
    r->keys = counts_new(RS_K1, 4, RS_N, GM_OP_STORE);
    each_inst(w, 2, rs_runs_visit, r);
    expect_each(&r->keys, 1);
    counts_t vals = counts_new(RS_V1, 4, RS_N, GM_OP_STORE);
    each_inst(w, 2, count_visit, &vals);
    expect_each(&vals, 1);
    assert_int_equal(r->stores, RS_N / 32);
    /* at most 16 runs per tile start a new digit inside a store, plus one
     * per store: runs <= stores + 16 tiles' digit changes */
    assert_true(r->runs <= r->stores + (RS_N / 512) * 16);
    assert_true(r->runs > r->stores); /* but the scatter is not a copy */
    /* the second pass reads keys1 back and scatters into keys0 */
    counts_t up2 = counts_new(RS_K1, 4, RS_N, GM_OP_LOAD);
    each_inst(w, 3, count_visit, &up2);
    expect_each(&up2, 1);
    counts_t back = counts_new(RS_K0, 4, RS_N, GM_OP_STORE);
    each_inst(w, 5, count_visit, &back);
    expect_each(&back, 1);
    free(up.c), free(sp.c), free(sl.c), free(r->keys.c), free(vals.c), free(up2.c),
        free(back.c);
    free(r);
    gm_workload_free(w);

    /* keys only: no value arrays, the downsweep stores only keys */
    w = make("radixsort:n=1024,passes=1,values=0,ctas=1");
    counts_t k1 = counts_new(0x10001000ull, 4, 1024, GM_OP_STORE);
    each_inst(w, 2, count_visit, &k1);
    expect_each(&k1, 1);
    assert_int_equal(k1.outside, 0);
    free(k1.c);
    gm_workload_free(w);
}

/* ---- mergesort */

/* mergesort:n=4096: six key/value arrays of 16 KB from 0x10000000 (src
 * keys, src values, buf keys, buf values, dst keys, dst values), then
 * ranks A/B and limits A/B (128 B each). Two merge levels (1024, 2048):
 * the shared sort writes to dst, level 1024 merges dst -> buf, level 2048
 * buf -> dst. */
enum { MS_N = 4096 };
#define MS_SRC 0x10000000ull
#define MS_BUF 0x10008000ull
#define MS_DST 0x10010000ull

typedef struct ms_search {
    uint32_t stride;
    uint64_t in, probes, first_last, outside;
    unsigned per_side;
} ms_search_t;

/* generateSampleRanks: the probes of a lane stay within the other run,
 * and each lane's first probe is that run's last key. */
static void ms_search_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                            void *ctx)
{
    ms_search_t *s = ctx;
    unsigned r = idx % s->per_side, side = idx / s->per_side;
    if (in->op != GM_OP_LOAD || r == 0)
        return;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t g = (uint64_t)cta * 256 + 32 * warp + l, spp = s->stride / 128;
        uint64_t pair = g / spp;
        uint64_t other = s->in + 4 * (pair * 2 * s->stride + (1 - side) * s->stride);
        s->probes++;
        if (in->addr[l] < other || in->addr[l] >= other + 4ull * s->stride)
            s->outside++;
        if (r == 1 && in->addr[l] == other + 4ull * (s->stride - 1))
            s->first_last++;
    }
}

static void test_mergesort(void **state)
{
    (void)state;
    gm_workload_t *w = make("mergesort:n=4096");
    /* the shared sort, then 4 kernels per merge level */
    assert_int_equal(gm_workload_kernels(w, 0), 1 + 4 * 2);
    counts_t src = counts_new(MS_SRC, 4, 2 * MS_N, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &src);
    expect_each(&src, 1);
    counts_t sorted = counts_new(MS_DST, 4, 2 * MS_N, GM_OP_STORE);
    each_inst(w, 0, count_visit, &sorted);
    expect_each(&sorted, 1);

    /* level 1024: 4096 / 256 = 16 sample threads, each loads its two
     * samples and does 11 probes per side */
    ms_search_t s = {1024, MS_DST, 0, 0, 0, 11 + 2};
    each_inst(w, 1, ms_search_visit, &s);
    assert_int_equal(s.probes, 16 * 2 * 11);
    assert_int_equal(s.outside, 0);
    assert_int_equal(s.first_last, 16 * 2);

    /* each merge level writes every key and value once, each elementary
     * interval's 128 outputs inside its own 512 B window */
    counts_t m1 = counts_new(MS_BUF, 4, 2 * MS_N, GM_OP_STORE);
    each_inst(w, 4, count_visit, &m1);
    expect_each(&m1, 1);
    assert_int_equal(m1.outside, 0);
    counts_t m2 = counts_new(MS_DST, 4, 2 * MS_N, GM_OP_STORE);
    each_inst(w, 8, count_visit, &m2);
    expect_each(&m2, 1);
    const gm_kernel_t *mk = gm_workload_kernel(w, 0, 8);
    assert_int_equal(mk->grid[0], MS_N / 128);
    assert_int_equal(mk->block[0], 128);
    ms_search_t s2 = {2048, MS_BUF, 0, 0, 0, 12 + 2};
    each_inst(w, 5, ms_search_visit, &s2);
    assert_int_equal(s2.probes, 16 * 2 * 12);
    assert_int_equal(s2.outside, 0);
    free(src.c), free(sorted.c), free(m1.c), free(m2.c);
    gm_workload_free(w);

    expect_error("mergesort:n=3072", "not a power of two");
}

/* ---- sgemm */

typedef struct sg_shape {
    uint64_t b_base, a_base, b_end;
    uint32_t ldb, bad;
} sg_shape_t;

/* B^T loads are two 64 B runs ldb floats apart; A loads one 128 B line. */
static void sg_shape_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                           void *ctx)
{
    (void)cta, (void)warp, (void)idx;
    sg_shape_t *s = ctx;
    if (in->op != GM_OP_LOAD || in->addr[0] < s->a_base || in->addr[0] >= s->b_end)
        return;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t want = in->addr[0] + 4 * l;
        if (in->addr[0] >= s->b_base)
            want = in->addr[0] + 4 * (l % 16) + 4ull * s->ldb * (l / 16);
        s->bad += in->addr[l] != want;
    }
}

static void test_sgemm(void **state)
{
    (void)state;
    /* m=128, n=32, k=16: A (8 KB) at 0x10000000, B (2 KB) at 0x10002000,
     * C (16 KB) at 0x10002800 */
    gm_workload_t *w = make("sgemm:m=128,n=32,k=16");
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[0], 1);
    assert_int_equal(k->grid[1], 2);
    assert_int_equal(k->block[0] * k->block[1], 128);
    counts_t a = counts_new(0x10000000ull, 4, 128 * 16, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &a);
    expect_each(&a, 32 / 16); /* every CTA of the grid's row rereads A */
    counts_t b = counts_new(0x10002000ull, 4, 32 * 16, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &b);
    expect_each(&b, 128 / 128);
    counts_t cl = counts_new(0x10002800ull, 4, 128 * 32, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &cl);
    expect_each(&cl, 1);
    counts_t cs = counts_new(0x10002800ull, 4, 128 * 32, GM_OP_STORE);
    each_inst(w, 0, count_visit, &cs);
    expect_each(&cs, 1);
    assert_int_equal(cs.outside, 0);
    sg_shape_t sh = {0x10002000ull, 0x10000000ull, 0x10002800ull, 32, 0};
    each_inst(w, 0, sg_shape_visit, &sh);
    assert_int_equal(sh.bad, 0);
    free(a.c), free(b.c), free(cl.c), free(cs.c);
    gm_workload_free(w);
}

/* ---- reduction, scalarprod */

static void test_reduction(void **state)
{
    (void)state;
    /* n=4096, ctas=2: 16 KB of ints at 0x10000000, the 2 partials after */
    gm_workload_t *w = make("reduction:n=4096,ctas=2");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    counts_t in = counts_new(0x10000000ull, 4, 4096, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &in);
    expect_each(&in, 1);
    counts_t part = counts_new(0x10004000ull, 4, 2, GM_OP_STORE);
    each_inst(w, 0, count_visit, &part);
    expect_each(&part, 1);
    counts_t fin = counts_new(0x10004000ull, 4, 2, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &fin);
    expect_each(&fin, 1);
    counts_t res = counts_new(0x10004000ull, 4, 1, GM_OP_STORE);
    each_inst(w, 1, count_visit, &res);
    expect_each(&res, 1);
    assert_int_equal(res.outside, 0);
    free(in.c), free(part.c), free(fin.c), free(res.c);
    gm_workload_free(w);
    /* a grid larger than n / 512 is cut to it, as the SDK does */
    w = make("reduction:n=1024,ctas=64");
    assert_int_equal(gm_workload_kernel(w, 0, 0)->grid[0], 2);
    gm_workload_free(w);
}

typedef struct sp_stride {
    uint64_t last[8], bad, steps;
} sp_stride_t;

/* A warp's successive A loads within a slot round are 4 KB apart. */
static void sp_stride_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                            void *ctx)
{
    (void)cta;
    sp_stride_t *s = ctx;
    if (in->op != GM_OP_LOAD || in->addr[0] >= 0x10006000ull) /* A only */
        return;
    unsigned j = idx / 2 % 2; /* 2048 floats: 2 per slot */
    if (j == 1) {
        s->steps++;
        s->bad += in->addr[0] != s->last[warp] + 4096;
    }
    s->last[warp] = in->addr[0];
}

static void test_scalarprod(void **state)
{
    (void)state;
    /* 3 vectors of 2048 floats: A at 0x10000000, B at 0x10006000, C after */
    gm_workload_t *w = make("scalarprod:vectors=3,elements=2048");
    assert_int_equal(gm_workload_kernel(w, 0, 0)->grid[0], 3);
    counts_t a = counts_new(0x10000000ull, 4, 3 * 2048, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &a);
    expect_each(&a, 1);
    counts_t b = counts_new(0x10006000ull, 4, 3 * 2048, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &b);
    expect_each(&b, 1);
    counts_t c = counts_new(0x1000c000ull, 4, 3, GM_OP_STORE);
    each_inst(w, 0, count_visit, &c);
    expect_each(&c, 1);
    assert_int_equal(c.outside, 0);
    sp_stride_t st = {{0}, 0, 0};
    each_inst(w, 0, sp_stride_visit, &st);
    assert_int_equal(st.steps, 3 * 8 * 4);
    assert_int_equal(st.bad, 0);
    free(a.c), free(b.c), free(c.c);
    gm_workload_free(w);
}

/* ---- quasirandom, binomialoptions */

static void test_quasirandom(void **state)
{
    (void)state;
    gm_workload_t *w = make("quasirandom:n=20000");
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[1], 3);
    counts_t gen = counts_new(0x10000000ull, 4, 3 * 20000, GM_OP_STORE);
    each_inst(w, 0, count_visit, &gen);
    expect_each(&gen, 1); /* a grid of 16384 threads, 2 passes per row */
    counts_t ld = counts_new(0x10000000ull, 4, 3 * 20000, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &ld);
    expect_each(&ld, 1);
    counts_t st = counts_new(0x10000000ull, 4, 3 * 20000, GM_OP_STORE);
    each_inst(w, 1, count_visit, &st);
    expect_each(&st, 1);
    free(gen.c), free(ld.c), free(st.c);
    gm_workload_free(w);
}

typedef struct bo_own {
    uint64_t foreign;
} bo_own_t;

/* Every buffer access of CTA c lies in option c's own 2064 floats. */
static void bo_own_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                         void *ctx)
{
    (void)warp, (void)idx;
    bo_own_t *s = ctx;
    uint64_t lo = 0x10000000ull + 4ull * 2064 * cta, hi = lo + 4 * 2064;
    for (unsigned l = 0; l < 32; l++)
        if ((in->active >> l & 1) && in->addr[l] < 0x10000000ull + 4ull * 2064 * 2 &&
            (in->addr[l] < lo || in->addr[l] >= hi))
            s->foreign++;
}

static void test_binomialoptions(void **state)
{
    (void)state;
    gm_workload_t *w = make("binomialoptions:options=2");
    counts_t ld = counts_new(0x10000000ull, 4, 2 * 2064, GM_OP_LOAD);
    each_inst(w, 0, count_visit, &ld);
    /* each of the 64 sweeps (i = 2048 .. 32) starts at element 0 */
    assert_int_equal(ld.c[0], 64);
    assert_int_equal(ld.c[2064], 64);
    /* the tree's last level (element 2048) is read only by the first
     * sweep, the padding never */
    assert_int_equal(ld.c[2048], 1);
    for (uint32_t e = 2049; e < 2064; e++)
        assert_int_equal(ld.c[e], 0);
    /* the sweep at i reads 0..i: element 1000 by sweeps i >= 1000 (33 of
     * them, 2048 - 32 j >= 1000), once or twice each (windows overlap by
     * 32); at least once per sweep */
    assert_true(ld.c[1000] >= 33);
    /* the prices at the next 256-byte boundary past the 2 buffers */
    counts_t price = counts_new(0x10004100ull, 4, 2, GM_OP_STORE);
    each_inst(w, 0, count_visit, &price);
    expect_each(&price, 1);
    bo_own_t own = {0};
    each_inst(w, 0, bo_own_visit, &own);
    assert_int_equal(own.foreign, 0);
    free(ld.c), free(price.c);
    gm_workload_free(w);
}

/* ---- srad1 (seed-004 SD1) */

typedef struct s1_west {
    uint64_t bad, checked;
} s1_west_t;

/* srad's west load (its 7th reference) is the centre's (its 1st) one
 * column, Nr floats, to the left, except in column 0 where it clamps. */
static void s1_west_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                          void *ctx)
{
    (void)cta, (void)warp;
    static uint64_t centre[32];
    s1_west_t *s = ctx;
    if (idx == 0)
        memcpy(centre, in->addr, sizeof centre);
    if (idx != 6)
        return;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t ei = (centre[l] - 0x10000000ull) / 4;
        uint64_t want = ei / 40 ? centre[l] - 4 * 40 : centre[l];
        s->bad += in->addr[l] != want;
        s->checked++;
    }
}

static void test_srad1(void **state)
{
    (void)state;
    /* 40 x 20: I (3200 B) at 0x10000000 */
    gm_workload_t *w = make("srad1:rows=40,cols=20,iters=1");
    /* extract, prepare, 2 reduce passes (800 elements, then 2 partials),
     * srad, srad2, compress */
    assert_int_equal(gm_workload_kernels(w, 0), 7);
    assert_string_equal(gm_workload_kernel(w, 0, 3)->name, "reduce");
    assert_int_equal(gm_workload_kernel(w, 0, 3)->grid[0], 1);
    /* srad loads every pixel exactly 5 times: as a centre and as the
     * north, south, west and east neighbour of one pixel each (the edges
     * are their own clamped neighbours) */
    counts_t i = counts_new(0x10000000ull, 4, 800, GM_OP_LOAD);
    each_inst(w, 4, count_visit, &i);
    expect_each(&i, 5);
    s1_west_t west = {0, 0};
    each_inst(w, 4, s1_west_visit, &west);
    assert_int_equal(west.checked, 800);
    assert_int_equal(west.bad, 0);
    /* srad2 writes I once per pixel */
    counts_t st = counts_new(0x10000000ull, 4, 800, GM_OP_STORE);
    each_inst(w, 5, count_visit, &st);
    expect_each(&st, 1);
    free(i.c), free(st.c);
    gm_workload_free(w);
}

/* ---- sssp (seed-004 SSSP) */

/* sssp:scale=8,degree=3: 256 nodes, 768 edges; noutgoing, srcsrc, psrc
 * (1 KB each), edgessrcdst and edgessrcwt (769 words each), dist, changed,
 * each at the next 256-byte boundary from 0x10000000. */
enum { SS_N = 256, SS_E = 768 };
#define SS_AL(x) (((x) + 255) & ~255ull)
#define SS_NOUT 0x10000000ull
#define SS_DST (SS_NOUT + 3 * 1024)
#define SS_WT (SS_DST + SS_AL(4 * (SS_E + 1)))
#define SS_DIST (SS_WT + SS_AL(4 * (SS_E + 1)))
#define SS_CHANGED (SS_DIST + 1024)

typedef struct ss_relax {
    uint64_t atomics, changed, bad;
    uint64_t last_ddst[32];
    uint32_t last_mask;
} ss_relax_t;

/* An atomicMin goes to the L2 (bypass hint) at the dist[dst] its lanes
 * just loaded; *changed is one byte every lane stores. */
static void ss_relax_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                           void *ctx)
{
    (void)cta, (void)warp, (void)idx;
    ss_relax_t *r = ctx;
    uint64_t a0 = first_addr(in);
    if (in->op == GM_OP_LOAD && a0 >= SS_DIST && a0 < SS_DIST + 4 * SS_N) {
        memcpy(r->last_ddst, in->addr, sizeof r->last_ddst);
        r->last_mask = in->active;
        return;
    }
    if (in->op != GM_OP_STORE)
        return;
    if (a0 == SS_CHANGED) {
        r->changed++;
        return;
    }
    r->atomics++;
    r->bad += !in->bypass_hint || in->size != 4 || (in->active & ~r->last_mask);
    for (unsigned l = 0; l < 32; l++)
        if (in->active >> l & 1)
            r->bad += in->addr[l] != r->last_ddst[l];
}

static void test_sssp(void **state)
{
    (void)state;
    gm_workload_t *w = make("sssp:scale=8,degree=3,tb=128");
    unsigned kernels = gm_workload_kernels(w, 0);
    assert_true(kernels >= 4); /* initialize, >= 2 relaxing drelax, the last */
    assert_string_equal(gm_workload_kernel(w, 0, 0)->name, "initialize");
    assert_int_equal(gm_workload_kernel(w, 0, 1)->grid[0], SS_N / 128);
    counts_t init = counts_new(SS_DIST, 4, SS_N, GM_OP_STORE);
    each_inst(w, 0, count_visit, &init);
    expect_each(&init, 1);
    for (unsigned k = 1; k < kernels; k++) {
        assert_string_equal(gm_workload_kernel(w, 0, k)->name, "drelax");
        /* every edge slot 1..E of both edge arrays once, slot 0 never */
        counts_t dst = counts_new(SS_DST, 4, SS_E + 1, GM_OP_LOAD);
        counts_t wt = counts_new(SS_WT, 4, SS_E + 1, GM_OP_LOAD);
        each_inst(w, k, count_visit, &dst);
        each_inst(w, k, count_visit, &wt);
        assert_int_equal(dst.c[0], 0);
        assert_int_equal(wt.c[0], 0);
        for (unsigned e = 1; e <= SS_E; e++)
            if (dst.c[e] != 1 || wt.c[e] != 1)
                fail_msg("drelax %u: edge %u loaded %u and %u times", k, e, dst.c[e], wt.c[e]);
        /* noutgoing: once per node, and once more per edge */
        counts_t nout = counts_new(SS_NOUT, 4, SS_N, GM_OP_LOAD);
        each_inst(w, k, count_visit, &nout);
        uint64_t sum = 0;
        for (unsigned v = 0; v < SS_N; v++) {
            assert_true(nout.c[v] >= 1);
            sum += nout.c[v];
        }
        assert_int_equal(sum, SS_N + SS_E);
        /* the last launch relaxes nothing; every other relaxes something */
        ss_relax_t r = {0};
        each_inst(w, k, ss_relax_visit, &r);
        assert_int_equal(r.bad, 0);
        if (k == kernels - 1) {
            assert_int_equal(r.atomics, 0);
            assert_int_equal(r.changed, 0);
        } else {
            assert_true(r.atomics > 0);
            assert_true(r.changed > 0);
        }
        free(dst.c), free(wt.c), free(nout.c);
    }
    free(init.c);
    gm_workload_free(w);
    expect_error("sssp:scale=22,degree=16", "degree: 2^22 nodes x 16 edges is over 33554432 edges");
}

/* ---- heartwall (seed-001 HW, seed-004 HT) */

/* heartwall:frames=11,tsize=3,ssize=5: template 7 x 7, window 11 x 11,
 * outputs 17 x 17, padded 25 x 25. The frame (590 x 609 floats) at
 * 0x10000000; endoRow 0x1015ef00, endo tRowLoc 0x1015f100, epiRow
 * 0x10163300, endoT 0x10169b00, epiT 0x1016ab00; point 0's in2 at
 * 0x1016c300 and tMask at 0x10208600 (each scratch array a cudaMalloc per
 * point, the points' in2 first, then their conv, ...). */
enum { HW_R = 590, HW_C = 609, HW_T = 3, HW_S = 5, HW_N1 = 7, HW_N2 = 11, HW_NC = 17 };
#define HW_FRAME 0x10000000ull
#define HW_FRAME_END (HW_FRAME + 4ull * HW_R * HW_C)
#define HW_ENDO_ROW 0x1015ef00ull
#define HW_ENDO_TROW 0x1015f100ull
#define HW_EPI_ROW 0x10163300ull
#define HW_ENDO_T 0x10169b00ull
#define HW_EPI_T 0x1016ab00ull
#define HW_IN2_0 0x1016c300ull
#define HW_TMASK_0 0x10208600ull

/* The frame pixels each CTA loads: their row and column bounds and count. */
typedef struct hw_win {
    uint32_t lo_r[51], hi_r[51], lo_c[51], hi_c[51];
    uint64_t n[51], outside;
    uint64_t first_addr; /* CTA 0 warp 0's first frame load, lane 0 */
} hw_win_t;

static void hw_win_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                         void *ctx)
{
    (void)idx;
    hw_win_t *w = ctx;
    for (unsigned l = 0; l < 32; l++) {
        uint64_t a = in->addr[l];
        if (!(in->active >> l & 1) || in->op != GM_OP_LOAD || a < HW_FRAME ||
            a >= HW_ENDO_ROW)
            continue;
        if (a >= HW_FRAME_END) { /* the allocation's padding */
            w->outside++;
            continue;
        }
        uint32_t e = (uint32_t)((a - HW_FRAME) / 4), r = e % HW_R, c = e / HW_R;
        if (cta == 0 && warp == 0 && !w->first_addr)
            w->first_addr = a;
        if (!w->n[cta]++) {
            w->lo_r[cta] = w->hi_r[cta] = r;
            w->lo_c[cta] = w->hi_c[cta] = c;
        }
        w->lo_r[cta] = r < w->lo_r[cta] ? r : w->lo_r[cta];
        w->hi_r[cta] = r > w->hi_r[cta] ? r : w->hi_r[cta];
        w->lo_c[cta] = c < w->lo_c[cta] ? c : w->lo_c[cta];
        w->hi_c[cta] = c > w->hi_c[cta] ? c : w->hi_c[cta];
    }
}

/* Rodinia's first endo and epi points: (369, 408) and (390, 457). */
static void hw_expect_window(const hw_win_t *w, uint32_t half, uint32_t per_cta,
                             const uint32_t *row, const uint32_t *col)
{
    for (unsigned c = 0; c < 51; c++) {
        assert_int_equal(w->n[c], per_cta);
        /* 1-based MATLAB indices: the (2h+1)^2 square from row - h - 1 */
        assert_int_equal(w->hi_r[c] - w->lo_r[c], 2 * half);
        assert_int_equal(w->hi_c[c] - w->lo_c[c], 2 * half);
        if (row) {
            assert_int_equal(w->lo_r[c] + half + 1, row[c]);
            assert_int_equal(w->lo_c[c] + half + 1, col[c]);
        }
    }
    assert_int_equal(w->outside, 0);
}

/* The first template load of CTA 0 warp 0 in a tracking frame: the
 * template read back to front (rotated by 180 degrees for the
 * convolution), lane l at element 48 - l of point 0's 49. */
typedef struct hw_rot {
    int seen;
    uint64_t bad;
} hw_rot_t;

static void hw_rot_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                         void *ctx)
{
    (void)idx;
    hw_rot_t *r = ctx;
    if (cta || warp || r->seen || in->op != GM_OP_LOAD || in->addr[0] < HW_ENDO_T ||
        in->addr[0] >= HW_EPI_T)
        return;
    r->seen = 1;
    assert_int_equal(in->active, UINT32_MAX);
    for (unsigned l = 0; l < 32; l++)
        r->bad += in->addr[l] != HW_ENDO_T + 4ull * (48 - l);
}

static void test_heartwall(void **state)
{
    (void)state;
    gm_workload_t *w = make("heartwall:frames=11,tsize=3,ssize=5");
    /* a launch a frame, a CTA per point (20 endo + 31 epi), 256 threads */
    assert_int_equal(gm_workload_kernels(w, 0), 11);
    for (unsigned f = 0; f < 11; f++) {
        const gm_kernel_t *k = gm_workload_kernel(w, 0, f);
        assert_int_equal(k->grid[0] * k->grid[1] * k->grid[2], 51);
        assert_int_equal(k->block[0] * k->block[1] * k->block[2], 256);
    }

    /* frame 0: the 51 templates cut once from the frame, each around its
     * point; each point's start recorded once at tRowLoc[point * 104] */
    counts_t et = counts_new(HW_ENDO_T, 4, 20 * 49, GM_OP_STORE);
    each_inst(w, 0, count_visit, &et);
    expect_each(&et, 1);
    counts_t pt = counts_new(HW_EPI_T, 4, 31 * 49, GM_OP_STORE);
    each_inst(w, 0, count_visit, &pt);
    expect_each(&pt, 1);
    counts_t loc0 = counts_new(HW_ENDO_TROW, 4, 20 * 104, GM_OP_STORE);
    each_inst(w, 0, count_visit, &loc0);
    for (unsigned i = 0; i < 20 * 104; i++)
        assert_int_equal(loc0.c[i], i % 104 == 0);
    hw_win_t *tw = calloc(1, sizeof *tw);
    assert_non_null(tw);
    each_inst(w, 0, hw_win_visit, tw);
    uint32_t row0[51], col0[51];
    for (unsigned c = 0; c < 51; c++)
        row0[c] = tw->lo_r[c] + HW_T + 1, col0[c] = tw->lo_c[c] + HW_T + 1;
    assert_int_equal(row0[0], 369), assert_int_equal(col0[0], 408);
    assert_int_equal(row0[20], 390), assert_int_equal(col0[20], 457);
    hw_expect_window(tw, HW_T, 49, NULL, NULL);

    /* frame 1: the search window, the 11 x 11 square around the point,
     * each pixel once; CTA 0's first: row 369 - 5 - 1, column 408 - 5 - 1 */
    hw_win_t *sw = calloc(1, sizeof *sw);
    assert_non_null(sw);
    each_inst(w, 1, hw_win_visit, sw);
    hw_expect_window(sw, HW_S, 121, row0, col0);
    assert_int_equal(sw->first_addr, HW_FRAME + 4ull * ((408 - 6) * HW_R + 369 - 6));

    hw_rot_t rot = {0, 0};
    each_inst(w, 1, hw_rot_visit, &rot);
    assert_int_equal(rot.seen, 1);
    assert_int_equal(rot.bad, 0);
    /* the convolution loads each window pixel once per template pixel
     * (49), the padding and the squaring once more each */
    counts_t in2 = counts_new(HW_IN2_0, 4, 121, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &in2);
    expect_each(&in2, 49 + 2);
    /* the 10 x 10 mask convolution: the tMask element at (8, 8) is under
     * 10 x 10 outputs, the corner (0, 0) under 5 x 5 (offset 5) */
    counts_t tm = counts_new(HW_TMASK_0, 4, HW_NC * HW_NC, GM_OP_LOAD);
    each_inst(w, 1, count_visit, &tm);
    assert_int_equal(tm.c[8 * HW_NC + 8], 100);
    assert_int_equal(tm.c[0], 25);
    assert_int_equal(tm.c[HW_NC * HW_NC - 1], 6 * 6);
    /* thread 0 records frame 1's location once */
    counts_t loc1 = counts_new(HW_ENDO_TROW, 4, 20 * 104, GM_OP_STORE);
    each_inst(w, 1, count_visit, &loc1);
    for (unsigned i = 0; i < 20 * 104; i++)
        assert_int_equal(loc1.c[i], i % 104 == 1);

    /* frames 1..10 search around the start (the anchor moves only after
     * frame 10's tracking); frame 9 leaves the anchor and template alone */
    hw_win_t *w9 = calloc(1, sizeof *w9);
    assert_non_null(w9);
    each_inst(w, 9, hw_win_visit, w9);
    hw_expect_window(w9, HW_S, 121, row0, col0);
    counts_t r9 = counts_new(HW_ENDO_ROW, 4, 20, GM_OP_STORE);
    each_inst(w, 9, count_visit, &r9);
    expect_each(&r9, 0);
    counts_t t9 = counts_new(HW_ENDO_T, 4, 20 * 49, GM_OP_STORE);
    each_inst(w, 9, count_visit, &t9);
    expect_each(&t9, 0);

    /* frame 10 moves the anchor (every thread stores it) and blends each
     * template element once with the frame around the tracked location,
     * which has drifted at most one pixel a frame from the start */
    counts_t r10 = counts_new(HW_ENDO_ROW, 4, 20, GM_OP_STORE);
    each_inst(w, 10, count_visit, &r10);
    expect_each(&r10, 256);
    counts_t t10 = counts_new(HW_ENDO_T, 4, 20 * 49, GM_OP_STORE);
    each_inst(w, 10, count_visit, &t10);
    expect_each(&t10, 1);
    hw_win_t *w10 = calloc(1, sizeof *w10);
    assert_non_null(w10);
    each_inst(w, 10, hw_win_visit, w10);
    for (unsigned c = 0; c < 51; c++) /* the search window and the template */
        assert_int_equal(w10->n[c], 121 + 49);
    gm_workload_free(w);

    /* with t = s the blended template of frame 10 is the same square as
     * frame 11's search window: the anchor is frame 10's tracked location,
     * within 10 pixels of the start; frame 10's loads span the start's
     * window and that square */
    w = make("heartwall:frames=12,tsize=5,ssize=5");
    hw_win_t *s1 = calloc(1, sizeof *s1), *u10 = calloc(1, sizeof *u10),
             *s11 = calloc(1, sizeof *s11);
    assert_non_null(s1), assert_non_null(u10), assert_non_null(s11);
    each_inst(w, 1, hw_win_visit, s1);
    each_inst(w, 10, hw_win_visit, u10);
    each_inst(w, 11, hw_win_visit, s11);
    hw_expect_window(s1, HW_S, 121, row0, col0);
    hw_expect_window(s11, HW_S, 121, NULL, NULL);
    uint64_t moved = 0;
    for (unsigned c = 0; c < 51; c++) {
        uint32_t r = s11->lo_r[c] + HW_S + 1, cc = s11->lo_c[c] + HW_S + 1;
        assert_true(r + 10 >= row0[c] && r <= row0[c] + 10);
        assert_true(cc + 10 >= col0[c] && cc <= col0[c] + 10);
        moved += r != row0[c] || cc != col0[c];
        assert_int_equal(u10->n[c], 2 * 121);
        assert_int_equal(u10->lo_r[c], s1->lo_r[c] < s11->lo_r[c] ? s1->lo_r[c] : s11->lo_r[c]);
        assert_int_equal(u10->hi_r[c], s1->hi_r[c] > s11->hi_r[c] ? s1->hi_r[c] : s11->hi_r[c]);
        assert_int_equal(u10->lo_c[c], s1->lo_c[c] < s11->lo_c[c] ? s1->lo_c[c] : s11->lo_c[c]);
        assert_int_equal(u10->hi_c[c], s1->hi_c[c] > s11->hi_c[c] ? s1->hi_c[c] : s11->hi_c[c]);
    }
    assert_true(moved > 25); /* the points do drift */
    free(et.c), free(pt.c), free(loc0.c), free(in2.c), free(tm.c), free(loc1.c);
    free(r9.c), free(t9.c), free(r10.c), free(t10.c);
    free(tw), free(sw), free(w9), free(w10), free(s1), free(u10), free(s11);
    gm_workload_free(w);

    expect_error("heartwall:tsize=10,ssize=8", "ssize: 8 is less than tsize (10)");
    expect_error("heartwall:frames=105", "frames: 105 is out of range, expected an integer in 1..104");
}

/* ---- hybridsort (seed-001 HB) */

/* hybridsort:n=8192: B = 2 bucket CTAs; d_input and d_output (12288
 * floats each), d_offsets, d_indice, the pivots, l_offsets,
 * d_prefixoffsets (2 x 1024) and the histogram from 0x10000000. */
enum { HB_N = 8192, HB_B = 2, HB_DIV = 1024 };
#define HB_IN 0x10000000ull
#define HB_OUT (HB_IN + 4 * (HB_N + 4096))
#define HB_OFFSETS (HB_OUT + 4 * (HB_N + 4096))
#define HB_INDICE (HB_OFFSETS + 4096)
#define HB_PIV (HB_INDICE + 4 * HB_N)
#define HB_LOFF (HB_PIV + 4096)
#define HB_PREFIX (HB_LOFF + 4096)
#define HB_HIST (HB_PREFIX + 4 * HB_B * HB_DIV)

/* Every lane's pivot fetches walk bucketcount's search: 511, then each
 * step 256 >> k away from the last, ten fetches per element. */
typedef struct hb_search {
    uint32_t idx[32], k[32];
    uint64_t fetches, bad;
} hb_search_t;

static void hb_search_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned n,
                            void *ctx)
{
    (void)cta, (void)warp, (void)n;
    hb_search_t *s = ctx;
    uint64_t a0 = first_addr(in);
    if (in->op != GM_OP_LOAD || a0 < HB_PIV || a0 >= HB_PIV + 4096)
        return;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint32_t idx = (uint32_t)(in->addr[l] - HB_PIV) / 4;
        s->fetches++;
        if (s->k[l] == 0 || s->k[l] == 10) {
            s->bad += idx != 511;
            s->k[l] = 0;
        } else {
            uint32_t jump = 256u >> (s->k[l] - 1);
            s->bad += idx != s->idx[l] - jump && idx != s->idx[l] + jump;
        }
        s->idx[l] = idx;
        s->k[l]++;
    }
}

/* A merge pass: per lane, each iteration's next-A and next-B loads; one
 * of the two runs advances by one float4 per iteration. */
typedef struct hb_merge {
    uint64_t src, dst, n4;
    uint32_t cta, warp;
    uint64_t last_a[32], last_b[32], cur_a[32];
    uint32_t seen_a, seen_b, phase;
    uint64_t bad, steps;
} hb_merge_t;

static void hb_merge_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned n,
                           void *ctx)
{
    hb_merge_t *m = ctx;
    if (n == 0 || cta != m->cta || warp != m->warp) {
        m->cta = cta, m->warp = warp;
        m->seen_a = m->seen_b = 0;
        m->phase = 0;
    }
    if (in->op != GM_OP_LOAD || in->size != 16) {
        m->phase = 0;
        return;
    }
    /* loads come in pairs after the copy loop: heads, then next-A/next-B */
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t f = (in->addr[l] - m->src) / 16;
        if (m->phase == 0) {
            m->cur_a[l] = f;
        } else if (m->seen_a >> l & 1) {
            uint64_t da = (m->cur_a[l] + m->n4 - m->last_a[l]) % m->n4,
                     db = (f + m->n4 - m->last_b[l]) % m->n4;
            if (m->seen_b >> l & 1) {
                m->bad += da + db != 1;
            } else { /* the first next-A/next-B: one past the heads */
                m->bad += da != 1 || db != 1;
                m->seen_b |= 1u << l;
            }
            m->steps++;
            m->last_a[l] = m->cur_a[l], m->last_b[l] = f;
        } else {
            m->last_a[l] = m->cur_a[l], m->last_b[l] = f;
            m->seen_a |= 1u << l;
        }
    }
    m->phase ^= 1;
}

/* Replaying the stream on the data: bucketsort moves each element it
 * loaded to the slot it stores, mergeSortFirst sorts each float4 it
 * loaded, a merge thread stores the lowest four of its two registers and
 * keeps the highest, taking next the run whose load the following
 * iteration advances past, and mergepack copies. If the stream's
 * data-dependent choices are the kernels', the packed list is the input
 * sorted. The input is the builder's draw: stream 0's generator with
 * salt 1, 24-bit fractions. */
typedef struct hb_replay {
    float *list[2]; /* d_input, d_output */
    const float *val;
    int kind; /* 0 bucketsort, 1 mergeSortFirst, 2 mergeSortPass, 3 mergepack */
    int prev; /* the warp's last instruction: 0 a store, 1 a first load, 2 a pair */
    uint32_t elem[32];
    float x[32][4], a[32][4], b[32][4], na[32][4], nb[32][4];
    uint64_t ia[32], pa[32], started, waiting;
} hb_replay_t;

static float *hb_slot(hb_replay_t *r, uint64_t addr)
{
    if (addr >= HB_OUT && addr < HB_OUT + 4 * (HB_N + 4096))
        return r->list[1] + (addr - HB_OUT) / 4;
    assert_true(addr >= HB_IN && addr < HB_IN + 4 * (HB_N + 4096));
    return r->list[0] + (addr - HB_IN) / 4;
}

static void hb_sort4(float *v)
{
    for (unsigned i = 1; i < 4; i++)
        for (unsigned j = i; j > 0 && v[j - 1] > v[j]; j--) {
            float t = v[j];
            v[j] = v[j - 1], v[j - 1] = t;
        }
}

static void hb_replay_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned n,
                            void *ctx)
{
    (void)cta, (void)warp;
    hb_replay_t *r = ctx;
    if (n == 0)
        r->prev = 0, r->started = r->waiting = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t ad = in->addr[l];
        if (r->kind == 0) { /* bucketsort: input[e] loaded, then stored to its slot */
            if (in->op == GM_OP_LOAD && ad >= HB_IN && ad < HB_IN + 4 * HB_N)
                r->elem[l] = (uint32_t)(ad - HB_IN) / 4;
            else if (in->op == GM_OP_STORE)
                *hb_slot(r, ad) = r->val[r->elem[l]];
            continue;
        }
        if (r->kind == 1 || r->kind == 3) { /* load, (sort,) store */
            if (in->op == GM_OP_LOAD)
                memcpy(r->x[l], hb_slot(r, ad), in->size);
            else {
                if (r->kind == 1)
                    hb_sort4(r->x[l]);
                memcpy(hb_slot(r, ad), r->x[l], in->size);
            }
            continue;
        }
        float *m = hb_slot(r, ad);
        if (in->op == GM_OP_LOAD && r->prev != 1) { /* a copy's, or a pair's first */
            memcpy(r->x[l], m, 16);
            r->ia[l] = ad;
        } else if (in->op == GM_OP_LOAD) { /* a pair: the heads, or next-A, next-B */
            if (!(r->started >> l & 1)) {
                memcpy(r->a[l], r->x[l], 16);
                memcpy(r->b[l], m, 16);
                r->started |= 1ull << l;
            } else {
                if (r->waiting >> l & 1) /* the run whose next load moved on */
                    memcpy(r->a[l], r->ia[l] != r->pa[l] ? r->na[l] : r->nb[l], 16);
                r->pa[l] = r->ia[l];
                memcpy(r->na[l], r->x[l], 16);
                memcpy(r->nb[l], m, 16);
            }
        } else if (r->prev == 1) { /* a copy */
            memcpy(m, r->x[l], 16);
        } else if (r->prev == 2) { /* the lowest four out, the highest kept */
            float t[8];
            memcpy(t, r->a[l], 16);
            memcpy(t + 4, r->b[l], 16);
            for (unsigned i = 1; i < 8; i++)
                for (unsigned j = i; j > 0 && t[j - 1] > t[j]; j--) {
                    float u = t[j];
                    t[j] = t[j - 1], t[j - 1] = u;
                }
            memcpy(m, t, 16);
            memcpy(r->b[l], t + 4, 16);
            r->waiting |= 1ull << l;
        } else { /* after the loop: the highest four */
            memcpy(m, r->b[l], 16);
        }
    }
    r->prev = in->op == GM_OP_STORE ? 0 : r->prev == 1 ? 2 : 1;
}

static int hb_cmp(const void *p, const void *q)
{
    float x = *(const float *)p, y = *(const float *)q;
    return (x > y) - (x < y);
}

static void test_hybridsort(void **state)
{
    (void)state;
    gm_workload_t *w = make("hybridsort:n=8192");
    unsigned kernels = gm_workload_kernels(w, 0);
    static const char *const names[] = {"histogram1024Kernel", "bucketcount",
                                        "bucketprefixoffset", "bucketsort", "mergeSortFirst"};
    assert_true(kernels >= 7);
    for (unsigned k = 0; k < 5; k++)
        assert_string_equal(gm_workload_kernel(w, 0, k)->name, names[k]);
    assert_string_equal(gm_workload_kernel(w, 0, kernels - 1)->name, "mergepack");
    assert_int_equal(gm_workload_kernel(w, 0, 1)->grid[0], HB_B);
    assert_int_equal(gm_workload_kernel(w, 0, 1)->block[0], 32);

    /* histogram: every element once; every bin atomically added once per CTA */
    counts_t in = counts_new(HB_IN, 4, HB_N, GM_OP_LOAD);
    counts_t bins = counts_new(HB_HIST, 4, HB_DIV, GM_OP_STORE);
    each_inst(w, 0, count_visit, &in);
    each_inst(w, 0, count_visit, &bins);
    expect_each(&in, 1);
    expect_each(&bins, 64);
    gm_inst_t first = nth_inst(w, 1, 1, 0, 1); /* CTA 1 starts at element 32 */
    assert_int_equal(first.addr[0], HB_IN + 4 * 32);
    first = nth_inst(w, 1, 1, 0, 2); /* the search starts at pivot 511 */
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(first.addr[l], HB_PIV + 4 * 511);

    /* bucketcount: elements once, indices stored once, ten pivot fetches
     * on a search path each, the 2 x 1024 counts stored once */
    counts_t in2 = counts_new(HB_IN, 4, HB_N, GM_OP_LOAD);
    counts_t ind = counts_new(HB_INDICE, 4, HB_N, GM_OP_STORE);
    counts_t pre = counts_new(HB_PREFIX, 4, HB_B * HB_DIV, GM_OP_STORE);
    hb_search_t srch = {0};
    each_inst(w, 1, count_visit, &in2);
    each_inst(w, 1, count_visit, &ind);
    each_inst(w, 1, count_visit, &pre);
    each_inst(w, 1, hb_search_visit, &srch);
    expect_each(&in2, 1);
    expect_each(&ind, 1);
    expect_each(&pre, 1);
    assert_int_equal(srch.fetches, 10ull * HB_N);
    assert_int_equal(srch.bad, 0);

    /* bucketprefixoffset: each count loaded and stored once, d_offsets once */
    counts_t pl = counts_new(HB_PREFIX, 4, HB_B * HB_DIV, GM_OP_LOAD);
    counts_t ps = counts_new(HB_PREFIX, 4, HB_B * HB_DIV, GM_OP_STORE);
    counts_t off = counts_new(HB_OFFSETS, 4, HB_DIV, GM_OP_STORE);
    each_inst(w, 2, count_visit, &pl);
    each_inst(w, 2, count_visit, &ps);
    each_inst(w, 2, count_visit, &off);
    expect_each(&pl, 1), expect_each(&ps, 1), expect_each(&off, 1);

    /* mergeSortFirst reads the padded list d_output once per float4: n4 */
    counts_t f4 = counts_new(HB_OUT, 16, (HB_N + 4096) / 4, GM_OP_LOAD);
    each_inst(w, 4, count_visit, &f4);
    uint32_t n4 = 0;
    while (n4 < f4.n && f4.c[n4] == 1)
        n4++;
    for (uint32_t i = n4; i < f4.n; i++)
        assert_int_equal(f4.c[i], 0);
    assert_true(4 * n4 >= HB_N && 4 * n4 <= HB_N + 3 * HB_DIV);

    /* bucketsort: every element loaded with its index once, and stored
     * once into the padded list, no slot twice; the unwritten slots are
     * the null elements: fewer than four per division */
    counts_t in3 = counts_new(HB_IN, 4, HB_N, GM_OP_LOAD);
    counts_t ind3 = counts_new(HB_INDICE, 4, HB_N, GM_OP_LOAD);
    counts_t out = counts_new(HB_OUT, 4, 4 * n4, GM_OP_STORE);
    each_inst(w, 3, count_visit, &in3);
    each_inst(w, 3, count_visit, &ind3);
    each_inst(w, 3, count_visit, &out);
    expect_each(&in3, 1), expect_each(&ind3, 1);
    assert_int_equal(out.outside, 0);
    uint32_t written = 0;
    for (uint32_t i = 0; i < 4 * n4; i++) {
        assert_true(out.c[i] <= 1);
        written += out.c[i];
    }
    assert_int_equal(written, HB_N);

    /* the passes: each writes every float4 of the other list once, the
     * lists alternating (d_output first); next-A/next-B advance one run
     * per iteration; the thread count shrinks to one per division */
    unsigned passes = kernels - 6;
    uint64_t prev_threads = UINT64_MAX;
    for (unsigned p = 0; p < passes; p++) {
        const gm_kernel_t *k = gm_workload_kernel(w, 0, 5 + p);
        assert_string_equal(k->name, "mergeSortPass");
        uint64_t threads = (uint64_t)k->grid[0] * k->block[0];
        assert_true(threads < prev_threads);
        prev_threads = threads;
        uint64_t dst = p % 2 ? HB_IN : HB_OUT, src = p % 2 ? HB_OUT : HB_IN;
        counts_t st = counts_new(dst, 16, n4, GM_OP_STORE);
        each_inst(w, 5 + p, count_visit, &st);
        expect_each(&st, 1);
        assert_int_equal(st.outside, 0);
        hb_merge_t m = {.src = src, .dst = dst, .n4 = n4, .cta = UINT32_MAX};
        each_inst(w, 5 + p, hb_merge_visit, &m);
        assert_int_equal(m.bad, 0);
        assert_true(m.steps > 0);
        free(st.c);
    }
    assert_int_equal(prev_threads, 8 * 128); /* the last: 1024 threads over 8 CTAs */

    /* the stream, replayed on the input, sorts it */
    hb_replay_t *r = calloc(1, sizeof *r);
    float *val = malloc(4 * HB_N);
    r->list[0] = calloc(HB_N + 4096, 4);
    r->list[1] = calloc(HB_N + 4096, 4);
    assert_true(r && val && r->list[0] && r->list[1]);
    gm_rng_t g;
    gm_rng_seed(&g, 1 ^ 0xd1342543de82ef95ull);
    for (unsigned i = 0; i < HB_N; i++)
        val[i] = (float)gm_rng_bits(&g, 24) / 16777216.0f;
    r->val = val;
    for (unsigned k = 3; k < kernels; k++) {
        r->kind = k == 3 ? 0 : k == 4 ? 1 : k == kernels - 1 ? 3 : 2;
        each_inst(w, k, hb_replay_visit, r);
    }
    qsort(val, HB_N, sizeof *val, hb_cmp);
    const float *packed = r->list[passes % 2 ? 0 : 1];
    for (unsigned i = 0; i < HB_N; i++)
        if (packed[i] != val[i])
            fail_msg("packed[%u] = %g, the sorted input has %g", i, packed[i], val[i]);
    free(r->list[0]), free(r->list[1]), free(r), free(val);

    /* mergepack: the n sorted floats into the list the last pass read */
    counts_t pk = counts_new(passes % 2 ? HB_IN : HB_OUT, 4, HB_N, GM_OP_STORE);
    each_inst(w, kernels - 1, count_visit, &pk);
    expect_each(&pk, 1);
    assert_int_equal(pk.outside, 0);

    free(in.c), free(bins.c), free(in2.c), free(ind.c), free(pre.c), free(pl.c), free(ps.c);
    free(off.c), free(f4.c), free(in3.c), free(ind3.c), free(out.c), free(pk.c);
    gm_workload_free(w);
}

/* ---- leukocyte (seed-004 LFK) */

/* leukocyte:rows=50,cols=60,cells=3,frames=2,iters=3: 3000 pixels (12000
 * B) per detection matrix -- grad_x, grad_y, gicov, dilated -- then the
 * two pointer arrays (3 x 8 B), m and n (3 x 4 B), I_all and IMGVF_all
 * (3 cells x 41 x 81 floats), each at the next 256-byte boundary. */
#define LK_AL(x) (((x) + 255) & ~255ull)
enum { LK_R = 50, LK_C = 60, LK_CELLS = 3, LK_ITERS = 3, LK_MN = 41 * 81 };
#define LK_GICOV (0x10000000ull + 2 * LK_AL(4 * LK_R * LK_C))
#define LK_DIL (LK_GICOV + LK_AL(4 * LK_R * LK_C))
#define LK_IPTR (LK_DIL + LK_AL(4 * LK_R * LK_C))
#define LK_VPTR (LK_IPTR + 256)
#define LK_MARR (LK_VPTR + 256)
#define LK_NARR (LK_MARR + 256)
#define LK_IALL (LK_NARR + 256)
#define LK_VALL (LK_IALL + LK_AL(4 * LK_CELLS * LK_MN))

typedef struct lk_probe {
    uint64_t loads, bad, checked;
    uint32_t want_cta, want_warp, gap, mask_last;
    uint32_t per_warp[LK_CELLS][10]; /* I loads */
} lk_probe_t;

/* Detection: stores only; the dilation's store is row-major (lanes of a
 * column cols floats apart); the gap of the named warp. */
static void lk_detect_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                            void *ctx)
{
    (void)idx;
    lk_probe_t *p = ctx;
    p->loads += in->op == GM_OP_LOAD;
    if (cta == p->want_cta && warp == p->want_warp)
        p->gap = in->gap;
    for (unsigned l = 0; l + 1 < 32; l++) {
        if (!(in->active >> l & 1) || !(in->active >> (l + 1) & 1))
            continue;
        uint64_t a = in->addr[l], b = in->addr[l + 1];
        if (a < LK_DIL || (a - LK_DIL) / 4 / LK_C == LK_R - 1)
            continue; /* gicov, or a column's last row: the next lane wraps */
        p->checked++;
        p->bad += b != a + 4 * LK_C;
    }
}

/* Tracking: the I loads each warp makes, the last virtual block's lanes. */
static void lk_track_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                           void *ctx)
{
    (void)idx;
    lk_probe_t *p = ctx;
    uint64_t a0 = first_addr(in);
    if (in->op != GM_OP_LOAD)
        return;
    p->loads++;
    if (a0 >= LK_IPTR && a0 < LK_IALL) { /* a broadcast of the cell's entry */
        uint64_t want = a0 < LK_MARR ? (a0 & ~255ull) + 8 * cta : (a0 & ~255ull) + 4 * cta;
        p->bad += in->active != UINT32_MAX || in->size != (a0 < LK_MARR ? 8 : 4);
        for (unsigned l = 0; l < 32; l++)
            p->bad += in->addr[l] != want;
        return;
    }
    if (a0 < LK_IALL || a0 >= LK_VALL)
        return;
    p->per_warp[cta][warp]++;
    /* the element of lane l is threadIdx.x + 320 b of the cell's matrix */
    uint64_t e = (a0 - LK_IALL) / 4 - (uint64_t)cta * LK_MN;
    p->bad += (e - 32 * warp) % 320 != 0;
    if (e >= 3200) {
        p->checked++;
        if (warp == 3)
            p->mask_last = in->active;
    }
}

static void test_leukocyte(void **state)
{
    (void)state;
    gm_workload_t *w = make("leukocyte:rows=50,cols=60,cells=3,frames=2,iters=3");
    assert_int_equal(gm_workload_kernels(w, 0), 4);
    const gm_kernel_t *g = gm_workload_kernel(w, 0, 0), *d = gm_workload_kernel(w, 0, 1);
    assert_string_equal(g->name, "GICOV_kernel");
    assert_int_equal(g->grid[0], LK_C - 44); /* a CTA per column inside the border */
    assert_int_equal(g->block[0], LK_R - 44);
    assert_string_equal(d->name, "dilate_kernel");
    assert_int_equal(d->grid[0], 17); /* round(3000 / 176) = round(17.05) */
    assert_int_equal(d->block[0], 176);

    /* GICOV: every pixel 22 or more from the border stored once, no other */
    counts_t gs = counts_new(LK_GICOV, 4, LK_R * LK_C, GM_OP_STORE);
    each_inst(w, 0, count_visit, &gs);
    assert_int_equal(gs.outside, 0);
    for (uint32_t c = 0; c < LK_C; c++)
        for (uint32_t r = 0; r < LK_R; r++) {
            int in = r >= 22 && r < LK_R - 22 && c >= 22 && c < LK_C - 22;
            if (gs.c[c * LK_R + r] != (uint32_t)in)
                fail_msg("gicov (%u, %u) stored %u times", r, c, gs.c[c * LK_R + r]);
        }
    lk_probe_t p = {0};
    p.want_cta = p.want_warp = UINT32_MAX;
    each_inst(w, 0, lk_detect_visit, &p);
    assert_int_equal(p.loads, 0); /* the gradients are textures */

    /* dilate: thread t = c * rows + r (t < 17 * 176 = 2992) stores pixel
     * (r, c) at r * cols + c, once; the last 8 pixels are never computed */
    counts_t ds = counts_new(LK_DIL, 4, LK_R * LK_C, GM_OP_STORE);
    each_inst(w, 1, count_visit, &ds);
    assert_int_equal(ds.outside, 0);
    for (uint32_t c = 0; c < LK_C; c++)
        for (uint32_t r = 0; r < LK_R; r++)
            if (ds.c[r * LK_C + c] != (c * LK_R + r < 2992))
                fail_msg("dilated (%u, %u) stored %u times", r, c, ds.c[r * LK_C + c]);
    /* pixel (20, 20), thread 1020: CTA 5, warp 4, an interior lane: the
     * 25 disc rows of 25 terms, 441 fetches (the radius-12 disc), set-up:
     * 30 + 25 * 4 + 625 * 6 + 441 * 4 */
    p = (lk_probe_t){0};
    p.want_cta = 5, p.want_warp = 4;
    each_inst(w, 1, lk_detect_visit, &p);
    assert_int_equal(p.loads, 0);
    assert_int_equal(p.gap, 5644);
    assert_true(p.checked > 2000);
    assert_int_equal(p.bad, 0);
    /* CTA 0 warp 0: rows 0..31 of column 0, the disc's left half cut off:
     * a row of half-width h keeps h + 1 pixels, (441 + 25) / 2 = 233 */
    p = (lk_probe_t){0};
    p.want_cta = 0, p.want_warp = 0;
    each_inst(w, 1, lk_detect_visit, &p);
    assert_int_equal(p.gap, 30 + 100 + 3750 + 233 * 4);

    for (unsigned k = 2; k < 4; k++) {
        const gm_kernel_t *t = gm_workload_kernel(w, 0, k);
        assert_string_equal(t->name, "IMGVF_kernel");
        assert_int_equal(t->grid[0], LK_CELLS);
        assert_int_equal(t->block[0], 320);
        /* IMGVF copied in once and back once; I loaded once an iteration */
        counts_t vl = counts_new(LK_VALL, 4, LK_CELLS * LK_MN, GM_OP_LOAD);
        counts_t vs = counts_new(LK_VALL, 4, LK_CELLS * LK_MN, GM_OP_STORE);
        counts_t il = counts_new(LK_IALL, 4, LK_CELLS * LK_MN, GM_OP_LOAD);
        each_inst(w, k, count_visit, &vl);
        each_inst(w, k, count_visit, &vs);
        each_inst(w, k, count_visit, &il);
        expect_each(&vl, 1);
        expect_each(&vs, 1);
        expect_each(&il, LK_ITERS);
        assert_int_equal(vs.outside, 0);
        p = (lk_probe_t){0};
        each_inst(w, k, lk_track_visit, &p);
        assert_int_equal(p.bad, 0);
        /* per warp: 4 pointer and size loads, 11 or 10 IMGVF loads */
        uint64_t copies = 0;
        for (unsigned c = 0; c < LK_CELLS; c++)
            for (unsigned wi = 0; wi < 10; wi++) {
                /* the last virtual block holds elements 3200..3320: warps 0-3 */
                uint32_t want = (wi < 4 ? 11 : 10) * LK_ITERS;
                if (p.per_warp[c][wi] != want)
                    fail_msg("cell %u warp %u: %u I loads, expected %u", c, wi,
                             p.per_warp[c][wi], want);
                copies += wi < 4 ? 11 : 10;
            }
        assert_int_equal(p.loads, LK_CELLS * 10 * 4 + copies * (1 + LK_ITERS));
        assert_int_equal(p.mask_last, (1u << 25) - 1); /* 3296..3320 */
        assert_int_equal(p.checked, LK_CELLS * 4 * LK_ITERS);
        free(vl.c), free(vs.c), free(il.c);
    }
    free(gs.c), free(ds.c);
    gm_workload_free(w);
    expect_error("leukocyte:iters=501", "iters: 501 is out of range, expected an integer in 1..500");
    expect_error("leukocyte:rows=1068,cols=16384", "cols: rows * cols is 17498112 pixels");
}

/* ---- fft (seed-004 FFT) */

/* fft:batch=3: greal and gimag (3 x 1024 floats, 12 KB each) at
 * 0x10000000 and 0x10003000. */
#define FFT_RE 0x10000000ull
#define FFT_IM 0x10003000ull

typedef struct fft_probe {
    uint64_t insts, bad;
} fft_probe_t;

/* Instruction i of warp w of CTA v: loads 0-3 of the real part, 4-7 of
 * the imaginary, then the stores in the same order; k = i mod 4 covers
 * float4 index w * 32 + 64 k of the transform, lane l the l-th float4:
 * 512 contiguous bytes. */
static void fft_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                      void *ctx)
{
    fft_probe_t *p = ctx;
    p->insts++;
    uint64_t base = (idx / 4 % 2 ? FFT_IM : FFT_RE) +
                    4 * (cta * 1024ull + (idx % 4) * 256 + warp * 128);
    p->bad += in->op != (idx < 8 ? GM_OP_LOAD : GM_OP_STORE);
    p->bad += in->size != 16 || in->active != UINT32_MAX;
    for (unsigned l = 0; l < 32; l++)
        p->bad += in->addr[l] != base + 16 * l;
    p->bad += idx == 8 && in->gap < 500; /* the five passes in shared memory */
}

static void test_fft(void **state)
{
    (void)state;
    gm_workload_t *w = make("fft:batch=3");
    assert_int_equal(gm_workload_kernels(w, 0), 1);
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[0], 3);
    assert_int_equal(k->block[0], 64);
    assert_int_equal(k->smem_per_cta, 8704); /* 68 * 4 * 4 * 2 floats */
    /* every float4 of both parts loaded once and stored once: streaming */
    counts_t rl = counts_new(FFT_RE, 16, 3 * 256, GM_OP_LOAD);
    counts_t il = counts_new(FFT_IM, 16, 3 * 256, GM_OP_LOAD);
    counts_t rs = counts_new(FFT_RE, 16, 3 * 256, GM_OP_STORE);
    counts_t is = counts_new(FFT_IM, 16, 3 * 256, GM_OP_STORE);
    counts_t *all[] = {&rl, &il, &rs, &is};
    for (unsigned i = 0; i < 4; i++) {
        each_inst(w, 0, count_visit, all[i]);
        expect_each(all[i], 1);
    }
    assert_int_equal(rl.outside, 3 * 256); /* the imaginary part's */
    fft_probe_t p = {0, 0};
    each_inst(w, 0, fft_visit, &p);
    assert_int_equal(p.insts, 3 * 2 * 16);
    assert_int_equal(p.bad, 0);
    free(rl.c), free(il.c), free(rs.c), free(is.c);
    gm_workload_free(w);
    expect_error("fft:batch=0", "batch: 0 is out of range, expected an integer in 1..65535");
}

/* ---- gaussian (seed-004 GS) */

/* gaussian:size=10,tb=32,bxy=4: m (400 B) at 0x10000000, a at 0x10000200,
 * b (40 B) at 0x10000400; Fan2's grid is 3 x 3 CTAs of 16 threads. */
enum { GS_N = 10 };
#define GS_M 0x10000000ull
#define GS_A 0x10000200ull
#define GS_B 0x10000400ull

typedef struct gs_check {
    uint32_t t;          /* the launch's pivot step */
    uint64_t bad;        /* broadcasts not at their address, lanes out of bounds */
    uint64_t m_loads[GS_N]; /* Fan2's loads of m[r][t], per row r */
    uint32_t rhs_lanes;  /* lanes storing b */
} gs_check_t;

static void gs_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                     void *ctx)
{
    (void)cta, (void)warp, (void)idx;
    gs_check_t *g = ctx;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        uint64_t a = in->addr[l];
        if (a >= GS_M && a < GS_M + 4 * GS_N * GS_N && in->op == GM_OP_LOAD) {
            uint64_t e = (a - GS_M) / 4;
            g->bad += e % GS_N != g->t || e / GS_N <= g->t; /* only column t, below the pivot */
            g->m_loads[e / GS_N]++;
        }
        if (a >= GS_B && a < GS_B + 4 * GS_N) {
            uint64_t r = (a - GS_B) / 4;
            g->bad += r < g->t; /* rows above the pivot are done */
            g->rhs_lanes += in->op == GM_OP_STORE;
        }
    }
}

/* Fan1's second load is the pivot a[t][t] in every active lane. */
static void gs_pivot_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                           void *ctx)
{
    (void)cta, (void)warp;
    gs_check_t *g = ctx;
    if (idx != 1)
        return;
    for (unsigned l = 0; l < 32; l++)
        if (in->active >> l & 1)
            g->bad += in->addr[l] != GS_A + 4 * (g->t * GS_N + g->t);
}

static void test_gaussian(void **state)
{
    (void)state;
    gm_workload_t *w = make("gaussian:size=10,tb=32,bxy=4");
    /* two launches a pivot step, n - 1 steps */
    assert_int_equal(gm_workload_kernels(w, 0), 2 * (GS_N - 1));
    counts_t ma = counts_new(GS_M, 4, GS_N * GS_N, GM_OP_STORE);
    counts_t as = counts_new(GS_A, 4, GS_N * GS_N, GM_OP_STORE);
    counts_t bs = counts_new(GS_B, 4, GS_N, GM_OP_STORE);
    for (uint32_t t = 0; t + 1 < GS_N; t++) {
        const gm_kernel_t *f1 = gm_workload_kernel(w, 0, 2 * t);
        const gm_kernel_t *f2 = gm_workload_kernel(w, 0, 2 * t + 1);
        assert_string_equal(f1->name, "Fan1");
        assert_string_equal(f2->name, "Fan2");
        assert_int_equal(f1->grid[0] * f1->block[0], 32);
        assert_int_equal(f2->grid[0], 3);
        assert_int_equal(f2->grid[1], 3);
        assert_int_equal(f2->block[0] * f2->block[1], 16);
        gs_check_t g = {t, 0, {0}, 0};
        each_inst(w, 2 * t, count_visit, &ma);
        each_inst(w, 2 * t, gs_pivot_visit, &g);
        each_inst(w, 2 * t + 1, count_visit, &as);
        each_inst(w, 2 * t + 1, count_visit, &bs);
        each_inst(w, 2 * t + 1, gs_visit, &g);
        assert_int_equal(g.bad, 0);
        /* m[r][t] read once per updated column (n - t) and once more by
         * the y = 0 thread for b; b[r] stored once for every row below t */
        for (uint32_t r = 0; r < GS_N; r++)
            assert_int_equal(g.m_loads[r], r > t ? GS_N - t + 1 : 0);
        assert_int_equal(g.rhs_lanes, GS_N - 1 - t);
    }
    /* every multiplier below the diagonal written once, nothing else */
    for (uint32_t e = 0; e < GS_N * GS_N; e++)
        assert_int_equal(ma.c[e], e / GS_N > e % GS_N ? 1 : 0);
    /* a[r][c] is updated by steps 0 .. min(r - 1, c): min(r, c + 1) times */
    for (uint32_t e = 0; e < GS_N * GS_N; e++) {
        uint32_t r = e / GS_N, c = e % GS_N;
        assert_int_equal(as.c[e], r < c + 1 ? r : c + 1);
    }
    for (uint32_t r = 0; r < GS_N; r++) /* b[r] by steps 0 .. r - 1 */
        assert_int_equal(bs.c[r], r);
    /* and no store anywhere else: Fan1 writes only m, Fan2 only a and b */
    uint64_t a_total = 0, b_total = 0;
    for (uint32_t e = 0; e < GS_N * GS_N; e++)
        a_total += as.c[e];
    for (uint32_t r = 0; r < GS_N; r++)
        b_total += bs.c[r];
    assert_int_equal(ma.outside, 0);
    assert_int_equal(as.outside, b_total);
    assert_int_equal(bs.outside, a_total);
    free(ma.c), free(as.c), free(bs.c);

    /* Fan2 at t = 2, CTA (1, 0), lane 5: threadIdx (1, 1), x = 5, y = 1, so
     * row 8 and column 3; its third load is a[8][3] */
    gm_inst_t in = nth_inst(w, 5, 1, 0, 3);
    assert_int_equal(in.op, GM_OP_LOAD);
    assert_int_equal(in.addr[5], GS_A + 4 * (8 * GS_N + 3));
    /* x = 4..7 (rows 7..10; row 10 is off the matrix: x < n - 1 - t = 7
     * keeps x = 4..6), y = 0..3: lanes with tx < 3 */
    assert_int_equal(in.active, 0x7777);
    gm_workload_free(w);
    expect_error("gaussian:size=1", "size: 1 is out of range");
    expect_error("gaussian:tb=48", "tb");
}

/* ---- myocyte (seed-004 MYC) */

/* myocyte:span=3,instances=2,attempts=2: initvalu (91 floats) at
 * 0x10000000, finavalu at 0x10000200, params (18) at 0x10000400. */
#define MYC_INIT 0x10000000ull
#define MYC_FINA 0x10000200ull
#define MYC_PAR 0x10000400ull

typedef struct myc_check {
    uint64_t not_lane0, insts, gaps;
} myc_check_t;

static void myc_visit(const gm_inst_t *in, uint32_t cta, uint32_t warp, unsigned idx,
                      void *ctx)
{
    (void)cta, (void)warp, (void)idx;
    myc_check_t *m = ctx;
    m->not_lane0 += in->active != 1;
    m->insts++;
    m->gaps += in->gap;
}

static void test_myocyte(void **state)
{
    (void)state;
    gm_workload_t *w = make("myocyte:span=3,instances=2,attempts=2");
    /* 13 model evaluations an attempt */
    unsigned nk = gm_workload_kernels(w, 0);
    assert_int_equal(nk, 2 * 3 * 2 * 13);
    for (unsigned i = 0; i < nk; i += 37) {
        const gm_kernel_t *k = gm_workload_kernel(w, 0, i);
        assert_int_equal(k->grid[0] * k->grid[1] * k->grid[2], 2);
        assert_int_equal(k->block[0], 32);
        counts_t ld = counts_new(MYC_INIT, 4, 91, GM_OP_LOAD);
        counts_t st = counts_new(MYC_FINA, 4, 91, GM_OP_STORE);
        counts_t par = counts_new(MYC_PAR, 4, 18, GM_OP_LOAD);
        myc_check_t m = {0, 0, 0};
        each_inst(w, i, count_visit, &ld);
        each_inst(w, i, count_visit, &st);
        each_inst(w, i, count_visit, &par);
        each_inst(w, i, myc_visit, &m);
        /* thread 0 of each CTA alone, 86 (ECC) + 3 x 38 (CaM) accesses */
        assert_int_equal(m.not_lane0, 0);
        assert_int_equal(m.insts, 86 + 3 * 38);
        /* few memory accesses: one in 20 to 50 instructions */
        assert_in_range(m.gaps / m.insts, 20, 50);
        /* ECC reads 0..39 but 21; CaM its Ca (35..37) and 46..90 */
        for (uint32_t e = 0; e < 91; e++)
            assert_int_equal(ld.c[e], (e < 40 && e != 21) + (e >= 35 && e <= 37) + (e >= 46));
        /* every derivative stored once; finavalu[0..2] a second time: the
         * CaM fluxes Rodinia writes there */
        for (uint32_t e = 0; e < 91; e++)
            assert_int_equal(st.c[e], 1 + (e < 3));
        /* params: ECC's 15, each compartment's 5c+1..5c+4, 16 and 17 thrice */
        for (uint32_t p = 0; p < 18; p++)
            assert_int_equal(par.c[p], p >= 16 ? 3 : p == 15 || p % 5 != 0 ? 1 : 0);
        /* no load anywhere but initvalu and params, no store but finavalu */
        uint64_t ld_total = 0, par_total = 0;
        for (uint32_t e = 0; e < 91; e++)
            ld_total += ld.c[e];
        for (uint32_t p = 0; p < 18; p++)
            par_total += par.c[p];
        assert_int_equal(ld.outside, par_total);
        assert_int_equal(par.outside, ld_total);
        assert_int_equal(st.outside, 0);
        free(ld.c), free(st.c), free(par.c);
    }
    /* CaM's first access is its Ca, initvalu[35] */
    gm_inst_t in = nth_inst(w, 0, 1, 0, 1);
    assert_int_equal(in.op, GM_OP_LOAD);
    assert_int_equal(in.addr[0], MYC_INIT + 4 * 35);
    gm_workload_free(w);
    expect_error("myocyte:attempts=13", "attempts: 13 is out of range");
    expect_error("myocyte:span=100000,instances=1000", "at most 1000000");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dwt2d),
        cmocka_unit_test(test_radixsort),
        cmocka_unit_test(test_mergesort),
        cmocka_unit_test(test_sgemm),
        cmocka_unit_test(test_reduction),
        cmocka_unit_test(test_scalarprod),
        cmocka_unit_test(test_quasirandom),
        cmocka_unit_test(test_binomialoptions),
        cmocka_unit_test(test_srad1),
        cmocka_unit_test(test_sssp),
        cmocka_unit_test(test_heartwall),
        cmocka_unit_test(test_hybridsort),
        cmocka_unit_test(test_leukocyte),
        cmocka_unit_test(test_fft),
        cmocka_unit_test(test_gaussian),
        cmocka_unit_test(test_myocyte),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
