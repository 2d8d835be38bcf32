/* Workloads: the spec parser (every error message), the listing, launch
 * geometry, determinism, and per-kernel instruction streams worked out by
 * hand from each benchmark's algorithm. */
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

/* ---- helpers */

/* One warp's instruction stream, generated on demand. */
typedef struct warp_run {
    const gm_kernel_t *k;
    void *ws;
} warp_run_t;

static warp_run_t warp_start(const gm_workload_t *w, unsigned stream, unsigned kernel,
                             uint32_t cta, uint32_t warp)
{
    warp_run_t r = {gm_workload_kernel(w, stream, kernel), NULL};
    assert_non_null(r.k);
    r.ws = malloc(r.k->ops->warp_state_size);
    assert_non_null(r.ws);
    r.k->ops->warp_init(r.k, r.ws, cta, warp);
    return r;
}

static gm_inst_t warp_step(warp_run_t *r)
{
    gm_inst_t in;
    memset(&in, 0xa5, sizeof in);
    r->k->ops->warp_next(r->k, r->ws, &in);
    return in;
}

static void warp_end(warp_run_t *r) { free(r->ws); }

/* Memory instructions until EXIT (the EXIT not counted). */
static unsigned warp_count(const gm_workload_t *w, unsigned s, unsigned k, uint32_t cta,
                           uint32_t warp)
{
    warp_run_t r = warp_start(w, s, k, cta, warp);
    unsigned n = 0;
    while (warp_step(&r).op != GM_OP_EXIT)
        n++;
    warp_end(&r);
    return n;
}

static void expect_inst(gm_inst_t in, gm_op_t op, unsigned size, uint32_t active, uint64_t a0)
{
    assert_int_equal(in.op, op);
    assert_int_equal(in.size, size);
    assert_int_equal(in.active, active);
    unsigned first = 0;
    while (first < 32 && !(active >> first & 1))
        first++;
    assert_int_equal(in.addr[first], a0);
    for (unsigned l = 0; l < 32; l++)
        if (!(active >> l & 1))
            assert_int_equal(in.addr[l], 0);
}

typedef struct totals {
    uint64_t hash, insts, lanes;
} totals_t;

static void mix(uint64_t *h, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++) {
        *h ^= (v >> (8 * i)) & 0xff;
        *h *= 0x100000001b3ull;
    }
}

/* FNV-1a over every instruction of every warp (with its position). */
static totals_t totals(const gm_workload_t *w)
{
    totals_t t = {0xcbf29ce484222325ull, 0, 0};
    for (unsigned s = 0; s < gm_workload_streams(w); s++)
        for (unsigned i = 0; i < gm_workload_kernels(w, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(w, s, i);
            uint64_t ctas = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
            uint32_t wpc = (k->block[0] * k->block[1] * k->block[2] + 31) / 32;
            void *ws = malloc(k->ops->warp_state_size);
            assert_non_null(ws);
            mix(&t.hash, ((uint64_t)s << 32) | i);
            for (uint64_t c = 0; c < ctas; c++)
                for (uint32_t wi = 0; wi < wpc; wi++) {
                    gm_inst_t in;
                    k->ops->warp_init(k, ws, (uint32_t)c, wi);
                    unsigned guard = 0;
                    do {
                        k->ops->warp_next(k, ws, &in);
                        /* every memory instruction has a lane and a legal size */
                        if (in.op != GM_OP_EXIT) {
                            assert_true(in.op == GM_OP_LOAD || in.op == GM_OP_STORE);
                            assert_true(in.active != 0);
                            assert_true(in.size == 1 || in.size == 2 || in.size == 4 ||
                                        in.size == 8 || in.size == 16);
                            for (unsigned l = 0; l < 32; l++)
                                if (in.active >> l & 1) /* 32-bit, inside the heap */
                                    assert_true(in.addr[l] >= WL_HEAP_BASE &&
                                                in.addr[l] + in.size <= WL_HEAP_END);
                        }
                        mix(&t.hash, in.op | (uint64_t)in.size << 8 |
                                         (uint64_t)in.bypass_hint << 16 |
                                         (uint64_t)in.gap << 24 | (uint64_t)in.active << 32);
                        for (unsigned l = 0; l < 32; l++)
                            if (in.active >> l & 1)
                                mix(&t.hash, in.addr[l]);
                        t.insts++;
                        t.lanes += (unsigned)__builtin_popcount(in.active);
                        assert_true(++guard < 10000000u);
                    } while (in.op != GM_OP_EXIT);
                }
            free(ws);
        }
    return t;
}

/* Small instances of every built-in (sanitized runs stay fast). */
static const char *const small_specs[] = {
    "atax:n=96,tb=64", "bicg:n=96,tb=64", "mvt:n=96,tb=64", "gesummv:n=96,tb=64",
    "gemm:n=40,tbx=16,tby=4", "syrk:n=40", "syr2k:n=40", "2mm:n=40", "3mm:n=40",
    "2dconv:n=70", "3dconv:n=34", "fdtd2d:n=48,tmax=2", "corr:m=40,n=36,tb=32",
    "covar:m=40,n=36,tb=32", "gramschm:n=40,tb=32", "bfs:nodes=300,degree=3,tb=64",
    "hotspot:n=40,ph=2,steps=3", "srad:n=48,iters=1", "kmeans:points=300,features=5",
    "kmeans:points=300,features=5,clusters=3,tex=0", "backprop:in=256",
    "pathfinder:cols=600,rows=7,ph=3", "nw:n=48", "spmv:rows=300,nnz=5,band=20,tb=64",
    "stream:n=5000,tb=128", "stream:n=5000,ctas=3,store=0", "stride:iters=8,ctas=4",
    "gather:n=1000,iters=3,ctas=4", "tiled:tile=4096,reps=2,ctas=3",
    "tiled:tile=512,reps=2,ctas=2,shared=1", "rowscan:rows=100,cols=8,tb=64",
    "pair:ax:n=64+sv:rows=200", "triple:hs:n=32,steps=2+pf:cols=300,rows=3+bp:in=64",
    "streamcluster:points=300,dim=5,centers=4,launches=2",
    "particlefilter:particles=300,frames=3,x=32,y=32",
    "histogram:bytes=40000", "histogram:bytes=40000,atomic=1",
    "barneshut:bodies=300,steps=2,ctas=2", "transpose:n=96", "lbm:y=3,z=2,steps=2",
    "matrixmul:n=32", "asyncapi:n=2048", "blackscholes:options=1000,launches=2",
    "alignedtypes:bytes=4096", "fwt:log2n=14", "scan:n=4096", "sobolqrng:vectors=300,dims=3",
    "sortnet:n=4096", "btree:keys=1024,fill=16,k=3,j=2,range=100",
    "addvect:n=1000", "ra:n=3000", "ra:n=500,every=3,tb=64", "atax:n=64,repeat=2",
    "lr:instances=300,features=4,iters=2", "svm:l=40,features=6",
    "cnn:images=1,tests=1",
    "bn:nodes=8,samples=20,iters=2",
    "uvmbfs:nodes=500",
    "cfd:nx=5,ny=3,nz=2,window=7", "lud:n=48", "cutcp:rx=2,ry=2,rz=2", "tpacf:points=256,sets=1",
    "dwt2d:w=128,h=16,levels=2", "radixsort:n=2048,passes=2,ctas=3", "mergesort:n=4096",
    "sgemm:m=128,n=32,k=16", "reduction:n=4096,ctas=3", "scalarprod:vectors=3,elements=2048",
    "quasirandom:n=5000", "binomialoptions:options=2",
    "srad1:rows=40,cols=20,iters=1", "sssp:scale=8,degree=3,tb=128",
    "heartwall:frames=11,tsize=3,ssize=5",
    "hybridsort:n=5000",
    "leukocyte:rows=50,cols=60,cells=3,frames=2,iters=3", "fft:batch=3",
    "gaussian:size=37,tb=32,bxy=5", "myocyte:span=2,attempts=2",
    NULL};

/* ---- the parser */

static void test_parse_errors(void **state)
{
    (void)state;
    expect_error("", "empty workload spec");
    expect_error("atx", "unknown workload 'atx' (known: atax, bicg, mvt, gesummv,");
    expect_error("atx", "; Table-6 short names: ax, 3m, hs, ks, bp, pf, sv)");
    expect_error(":n=5", ":n=5: missing workload name");
    expect_error("atax:n=abc", "atax:n=abc: n: expected an integer in 32..16384");
    expect_error("atax:n=", "atax:n=: n: expected an integer in 32..16384");
    expect_error("atax:n=12x", "atax:n=12x: n: expected an integer in 32..16384");
    expect_error("atax:n=99999999999999999999999", "n: expected an integer in 32..16384");
    expect_error("atax:n=70000", "atax:n=70000: n: 70000 is out of range, expected an "
                                 "integer in 32..16384");
    expect_error("atax:n=16", "n: 16 is out of range");
    expect_error("atax:m=5", "atax:m=5: unknown parameter 'm' (expected: n, tb)");
    expect_error("atax:n", "atax:n: 'n': expected key=value");
    expect_error("atax:=5", "atax:=5: '=5': expected key=value");
    expect_error("atax:", "atax:: expected key=value after ':'");
    expect_error("atax:n=64,", "atax:n=64,: expected key=value after ','");
    expect_error("atax:n=64,n=128", "atax:n=64,n=128: n: given twice");
    expect_error("srad:n=100", "srad:n=100: n: 100 is out of range, expected a multiple "
                               "of 16 in 16..16384");
    expect_error("stride:stride=100", "stride: 100 is out of range, expected a multiple "
                                      "of 128 in 128..16777216");
    expect_error("gemm:tbx=64,tby=32",
                 "gemm:tbx=64,tby=32: tbx*tby: 2048 threads per CTA, expected at most 1024");
    expect_error("2dconv:tbx=1024,tby=2", "tbx*tby: 2048 threads per CTA");
    expect_error("rowscan:row=64,cols=32",
                 "rowscan:row=64,cols=32: cols: 32 elements do not fit a 64-byte row (at "
                 "most 16)");
    expect_error("rowscan:rows=4194304,row=16777216",
                 "rowscan:rows=4194304,row=16777216: the arrays need more than the 32-bit "
                 "address space");
    expect_error("pathfinder:ph=65", "pathfinder:ph=65: ph: 65 is out of range");
    expect_error("pair", "pair: expected pair:A+B");
    expect_error("triple", "triple: expected triple:A+B+C");
    expect_error("pair:bp", "pair:bp: expected 2 workloads joined by '+', got 1");
    expect_error("pair:bp+sv+ks", "pair:bp+sv+ks: expected 2 workloads joined by '+', got 3");
    expect_error("triple:bp+sv", "triple:bp+sv: expected 3 workloads joined by '+', got 2");
    expect_error("pair:+sv", "pair:+sv: workload 1 is empty");
    expect_error("pair:bp+", "pair:bp+: workload 2 is empty");
    expect_error("pair:bp+atax:n=abc",
                 "pair:bp+atax:n=abc: atax:n=abc: n: expected an integer in 32..16384");
    expect_error("pair:bp+pair:x", "pair:bp+pair:x: pair:x: a pair or triple cannot be nested");
    expect_error("pair:bp+zz", "pair:bp+zz: unknown workload 'zz'");
    expect_error("trace", "trace: file: required (a path)");
    expect_error("trace:file=", "trace:file=: file: expected a path");
    expect_error("trace:file=/nonexistent/x.gmt",
                 "trace:file=/nonexistent/x.gmt: file: /nonexistent/x.gmt: cannot open: No such file");
    expect_error("traceg:dir=/nonexistent",
                 "traceg:dir=/nonexistent: dir: /nonexistent/kernelslist.g: cannot open: No such file");
}

/* gm_workload_parse: the checks and canonical text of gm_workload_create,
 * without building kernels or reading files. */
static void test_parse_only(void **state)
{
    (void)state;
    char canon[512];
    gm_err_t err;
    assert_int_equal(gm_workload_parse("pair:ax:n=0x40+sv", canon, sizeof canon, &err), 0);
    gm_workload_t *w = gm_workload_create("pair:ax:n=0x40+sv", 1, &err);
    assert_non_null(w);
    assert_string_equal(canon, gm_workload_spec(w));
    gm_workload_free(w);
    assert_int_equal(gm_workload_parse("trace:file=/nonexistent/x.gmt", canon, sizeof canon,
                                       &err), 0);
    assert_string_equal(canon, "trace:file=/nonexistent/x.gmt");
    assert_int_equal(gm_workload_parse("atax:n=1", canon, sizeof canon, &err), -1);
    assert_non_null(strstr(err.msg, "atax:n=1: n: 1 is out of range"));
    assert_int_equal(gm_workload_parse("pair:ax", canon, sizeof canon, &err), -1);
    assert_non_null(strstr(err.msg, "expected 2 workloads"));
}

static void test_parse_values(void **state)
{
    (void)state;
    gm_workload_t *w = make("atax:n=0x100");
    assert_string_equal(gm_workload_spec(w), "atax:n=256,tb=256");
    gm_workload_free(w);
    w = make("stream:n=1M,tb=128");
    assert_string_equal(gm_workload_spec(w), "stream:n=1048576,tb=128,ctas=0,store=1,gap=4");
    gm_workload_free(w);
    w = make("tiled:tile=8k");
    assert_string_equal(gm_workload_spec(w), "tiled:tile=8192,reps=16,shared=0,tb=256,"
                                             "ctas=120,gap=2");
    gm_workload_free(w);
    /* Table 6 short names resolve to the full names */
    w = make("pair:bp+sv");
    assert_string_equal(gm_workload_spec(w),
                        "pair:backprop:in=65536+spmv:rows=32768,nnz=16,band=512,tb=128");
    assert_int_equal(gm_workload_streams(w), 2);
    gm_workload_free(w);
    w = make("triple:ax:n=64+3m:n=32+ks:points=64");
    assert_int_equal(gm_workload_streams(w), 3);
    assert_string_equal(gm_workload_spec(w), "triple:atax:n=64,tb=256+3mm:n=32,tbx=32,"
                                             "tby=8+kmeans:points=64,features=34,"
                                             "clusters=5,iters=1,tex=1");
    assert_null(gm_workload_kernel(w, 3, 0));
    assert_null(gm_workload_kernel(w, 0, 2));
    assert_int_equal(gm_workload_kernels(w, 3), 0);
    gm_workload_free(w);
}

/* The listing text of a built-in's parameters, from its table. */
static void params_text(const wl_def_t *d, char *out, size_t n)
{
    size_t k = 0;
    out[0] = 0;
    for (const wl_param_t *p = d->params; p->key && k < n; p++) {
        k += (size_t)snprintf(out + k, n - k, "%s", p == d->params ? "" : ", ");
        if (p->is_path) {
            k += (size_t)snprintf(out + k, n - k, "%s=PATH (%s, required)", p->key, p->doc);
            continue;
        }
        k += (size_t)snprintf(out + k, n - k, "%s=%llu (%s, ", p->key,
                              (unsigned long long)p->def, p->doc);
        if (p->mult > 1)
            k += (size_t)snprintf(out + k, n - k, "multiple of %llu, ",
                                  (unsigned long long)p->mult);
        k += (size_t)snprintf(out + k, n - k, "%llu..%llu)", (unsigned long long)p->lo,
                              (unsigned long long)p->hi);
    }
}

/* gm_workload_list documents every built-in, its parameters exactly as
 * their tables define them. */
static void test_listing(void **state)
{
    (void)state;
    unsigned n = 0;
    for (unsigned i = 0; wl_defs[i]; i++, n++) {
        const wl_def_t *d = wl_defs[i];
        const gm_workload_info_t *info = NULL;
        for (unsigned j = 0; gm_workload_list[j].name; j++)
            if (!strcmp(gm_workload_list[j].name, d->name))
                info = &gm_workload_list[j];
        if (!info)
            fail_msg("%s is not in gm_workload_list", d->name);
        assert_non_null(info->suite);
        assert_non_null(info->doc);
        if (d->alias) { /* the short name is shown in the description */
            char tag[16];
            snprintf(tag, sizeof tag, "[%s]", d->alias);
            assert_non_null(strstr(info->doc, tag));
        }
        char want[1024];
        params_text(d, want, sizeof want);
        assert_string_equal(info->params, want);
    }
    unsigned listed = 0;
    for (unsigned j = 0; gm_workload_list[j].name; j++)
        listed++;
    assert_int_equal(listed, n + 2); /* + pair, triple */
    assert_string_equal(gm_workload_list[n].name, "pair");
    assert_string_equal(gm_workload_list[n + 1].name, "triple");
}

/* ---- determinism and geometry */

static void test_determinism(void **state)
{
    (void)state;
    for (unsigned i = 0; small_specs[i]; i++) {
        gm_workload_t *a = make(small_specs[i]), *b = make(small_specs[i]);
        totals_t ta = totals(a), tb = totals(b);
        if (ta.hash != tb.hash || ta.insts != tb.insts)
            fail_msg("%s: two builds differ", small_specs[i]);
        assert_true(ta.lanes > 0);
        /* re-running a workload's warps gives the same streams again */
        totals_t tc = totals(a);
        assert_true(tc.hash == ta.hash);
        gm_workload_free(a);
        gm_workload_free(b);
    }
    /* synthetic data comes from the seed */
    static const char *const seeded[] = {"bfs:nodes=300,degree=3", "spmv:rows=300,nnz=5",
                                         "gather:n=1000,iters=3,ctas=4",
                                         "streamcluster:points=300,dim=5,centers=4",
                                         "particlefilter:particles=300,frames=3,x=32,y=32",
                                         "histogram:bytes=40000",
                                         "barneshut:bodies=300,ctas=2",
                                         "ra:n=3000",
                                         "svm:l=40,features=6",
                                         "bn:nodes=8,samples=20,iters=2",
                                         "uvmbfs:nodes=500",
                                         NULL};
    for (unsigned i = 0; seeded[i]; i++) {
        gm_err_t err;
        gm_workload_t *a = gm_workload_create(seeded[i], 1, &err);
        gm_workload_t *b = gm_workload_create(seeded[i], 2, &err);
        assert_non_null(a);
        assert_non_null(b);
        if (totals(a).hash == totals(b).hash)
            fail_msg("%s: seeds 1 and 2 give the same stream", seeded[i]);
        gm_workload_free(a);
        gm_workload_free(b);
    }
}

static void expect_geom(const gm_kernel_t *k, const char *name, uint32_t gx, uint32_t gy,
                        uint32_t bx, uint32_t by, uint32_t regs, uint32_t smem)
{
    assert_non_null(k);
    assert_string_equal(k->name, name);
    assert_int_equal(k->grid[0], gx);
    assert_int_equal(k->grid[1], gy);
    assert_int_equal(k->grid[2], 1);
    assert_int_equal(k->block[0], bx);
    assert_int_equal(k->block[1], by);
    assert_int_equal(k->block[2], 1);
    assert_int_equal(k->regs_per_thread, regs);
    assert_int_equal(k->smem_per_cta, smem);
}

static void test_geometry(void **state)
{
    (void)state;
    gm_workload_t *w = make("atax:n=1000,tb=128");
    assert_int_equal(gm_workload_streams(w), 1);
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    expect_geom(gm_workload_kernel(w, 0, 0), "atax_kernel1", 8, 1, 128, 1, 12, 0);
    expect_geom(gm_workload_kernel(w, 0, 1), "atax_kernel2", 8, 1, 128, 1, 12, 0);
    gm_workload_free(w);

    w = make("gemm:n=100,tbx=16,tby=4");
    expect_geom(gm_workload_kernel(w, 0, 0), "gemm_kernel", 7, 25, 16, 4, 12, 0);
    gm_workload_free(w);

    w = make("3dconv:n=40");
    assert_int_equal(gm_workload_kernels(w, 0), 38); /* planes 1..38 */
    expect_geom(gm_workload_kernel(w, 0, 37), "convolution3D_kernel", 2, 5, 32, 8, 18, 0);
    gm_workload_free(w);

    w = make("fdtd2d:n=64,tmax=3");
    assert_int_equal(gm_workload_kernels(w, 0), 9);
    expect_geom(gm_workload_kernel(w, 0, 4), "fdtd_step2_kernel", 2, 8, 32, 8, 12, 0);
    gm_workload_free(w);

    w = make("corr:m=300,n=40,tb=64");
    assert_int_equal(gm_workload_kernels(w, 0), 4);
    expect_geom(gm_workload_kernel(w, 0, 2), "reduce_kernel", 10, 5, 32, 8, 12, 0);
    expect_geom(gm_workload_kernel(w, 0, 3), "corr_kernel", 5, 1, 64, 1, 16, 0);
    gm_workload_free(w);

    w = make("gramschm:n=64,tb=32");
    assert_int_equal(gm_workload_kernels(w, 0), 192);
    expect_geom(gm_workload_kernel(w, 0, 0), "gramschmidt_kernel1", 1, 1, 32, 1, 12, 0);
    expect_geom(gm_workload_kernel(w, 0, 2), "gramschmidt_kernel3", 2, 1, 32, 1, 12, 0);
    gm_workload_free(w);

    /* hotspot: 16 - 2*2 = 12-cell interior, ceil(64/12) = 6; steps 5 with
     * ph 2 -> launches of 2, 2, 1 */
    w = make("hotspot:n=64,ph=2,steps=5");
    assert_int_equal(gm_workload_kernels(w, 0), 3);
    expect_geom(gm_workload_kernel(w, 0, 2), "calculate_temp", 6, 6, 16, 16, 36, 3072);
    gm_workload_free(w);

    /* nw: 64/16 = 4 blocks per side: diagonals 1..4 then 3..1 */
    w = make("nw:n=64");
    assert_int_equal(gm_workload_kernels(w, 0), 7);
    static const uint32_t nw_grid[7] = {1, 2, 3, 4, 3, 2, 1};
    for (unsigned i = 0; i < 7; i++)
        expect_geom(gm_workload_kernel(w, 0, i),
                    i < 4 ? "needle_cuda_shared_1" : "needle_cuda_shared_2", nw_grid[i], 1,
                    16, 1, 20, 2180);
    gm_workload_free(w);

    w = make("backprop:in=256");
    expect_geom(gm_workload_kernel(w, 0, 0), "bpnn_layerforward_CUDA", 1, 16, 16, 16, 12, 1088);
    expect_geom(gm_workload_kernel(w, 0, 1), "bpnn_adjust_weights_cuda", 1, 16, 16, 16, 22, 0);
    gm_workload_free(w);

    /* kmeans: ceil(1000/256) = 4 CTAs, a 2 x 2 square */
    w = make("kmeans:points=1000,iters=2");
    assert_int_equal(gm_workload_kernels(w, 0), 3);
    expect_geom(gm_workload_kernel(w, 0, 0), "invert_mapping", 4, 1, 256, 1, 8, 0);
    expect_geom(gm_workload_kernel(w, 0, 2), "kmeansPoint", 2, 2, 256, 1, 12, 0);
    gm_workload_free(w);

    /* pathfinder: 256 - 2*20 = 216 columns per CTA; rows 100 -> 99 steps
     * in 5 launches */
    w = make("pathfinder:cols=1000");
    assert_int_equal(gm_workload_kernels(w, 0), 5);
    expect_geom(gm_workload_kernel(w, 0, 4), "dynproc_kernel", 5, 1, 256, 1, 16, 2048);
    gm_workload_free(w);

    w = make("srad:n=64,iters=3");
    assert_int_equal(gm_workload_kernels(w, 0), 6);
    expect_geom(gm_workload_kernel(w, 0, 0), "srad_cuda_1", 4, 4, 16, 16, 20, 6144);
    expect_geom(gm_workload_kernel(w, 0, 5), "srad_cuda_2", 4, 4, 16, 16, 19, 5120);
    gm_workload_free(w);

    w = make("spmv:rows=1000,tb=96");
    expect_geom(gm_workload_kernel(w, 0, 0), "spmv_jds", 11, 1, 96, 1, 16, 0);
    gm_workload_free(w);

    /* streamcluster: 512-thread CTAs, one launch per pgain call */
    w = make("streamcluster:points=1000,dim=4,launches=3");
    assert_int_equal(gm_workload_kernels(w, 0), 3);
    expect_geom(gm_workload_kernel(w, 0, 2), "kernel_compute_cost", 2, 1, 512, 1, 16, 0);
    gm_workload_free(w);

    /* particlefilter: 4 kernels per step, frames - 1 steps */
    w = make("particlefilter:particles=1000,frames=4,x=32,y=32");
    assert_int_equal(gm_workload_kernels(w, 0), 12);
    expect_geom(gm_workload_kernel(w, 0, 4), "likelihood_kernel", 2, 1, 512, 1, 32, 4096);
    expect_geom(gm_workload_kernel(w, 0, 5), "sum_kernel", 2, 1, 512, 1, 16, 0);
    expect_geom(gm_workload_kernel(w, 0, 6), "normalize_weights_kernel", 2, 1, 512, 1, 16, 16);
    expect_geom(gm_workload_kernel(w, 0, 7), "find_index_kernel", 2, 1, 512, 1, 16, 0);
    gm_workload_free(w);

    /* histogram: the SDK's 240 x 192 whatever the input, then 256 x 256 */
    w = make("histogram:bytes=4000");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    expect_geom(gm_workload_kernel(w, 0, 0), "histogram256Kernel", 240, 1, 192, 1, 12, 0);
    expect_geom(gm_workload_kernel(w, 0, 1), "mergeHistogram256Kernel", 256, 1, 256, 1, 12,
                1024);
    gm_workload_free(w);

    w = make("barneshut:bodies=1000,steps=2");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    expect_geom(gm_workload_kernel(w, 0, 1), "ForceCalculationKernel", 75, 1, 256, 1, 24, 3080);
    gm_workload_free(w);

    w = make("pair:ax:n=64+pf:cols=300,rows=5,ph=2");
    assert_int_equal(gm_workload_streams(w), 2);
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    assert_int_equal(gm_workload_kernels(w, 1), 2);
    /* the two streams' arrays do not overlap: pathfinder's first array
     * follows atax's last (tmp, 64 floats at 0x10004200) */
    warp_run_t r = warp_start(w, 1, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffc, 0x10004300);
    warp_end(&r);
    gm_workload_free(w);
}

/* ---- hand-worked streams */

/* ATAX, n = 100, tb = 64. Arrays: A at 0x10000000 (40000 bytes), x at
 * 0x10009d00, y at 0x10009f00, tmp at 0x1000a100 (each 400 bytes, bases
 * rounded up to 256). kernel1: thread i stores tmp[i] = 0, then for each j
 * loads A[i][j], x[j] and stores tmp[i]. */
static void test_atax(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, X = 0x10009d00, TMP = 0x1000a100;
    gm_workload_t *w = make("atax:n=100,tb=64");
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, TMP);
    assert_int_equal(in.addr[31], TMP + 4 * 31);
    for (unsigned j = 0; j < 2; j++) {
        in = warp_step(&r); /* A[i][j]: 32 rows, 400 bytes apart */
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, A + 4 * j);
        assert_int_equal(in.gap, 2);
        for (unsigned l = 0; l < 32; l++)
            assert_int_equal(in.addr[l], A + 400 * l + 4 * j);
        in = warp_step(&r); /* x[j]: a broadcast */
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, X + 4 * j);
        assert_int_equal(in.addr[17], X + 4 * j);
        in = warp_step(&r);
        expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, TMP);
    }
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 1 + 3 * 100);
    /* CTA 1, warp 1 holds threads 96..127: only i = 96..99 pass i < n */
    r = warp_start(w, 0, 0, 1, 1);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xf, TMP + 4 * 96);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xf, A + 400 * 96);
    assert_int_equal(in.addr[3], A + 400 * 99);
    warp_end(&r);
    /* kernel2: thread j loads A[i][j] for i = 0.. (one row segment: coalesced) */
    r = warp_start(w, 0, 1, 0, 1);
    in = warp_step(&r); /* y[j] = 0 */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, A + 4 * 32);
    assert_int_equal(in.addr[31], A + 4 * 63);
    in = warp_step(&r); /* tmp[0] */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, TMP);
    warp_end(&r);
    gm_workload_free(w);
}

/* GEMM, n = 64 (16 KiB matrices: a 0x10000000, b 0x10004000, c 0x10008000),
 * CTA 32 x 8: warp 3 of CTA (1, 2) is row i = 2*8 + 3 = 19, columns 32..63. */
static void test_gemm(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, B = 0x10004000, C = 0x10008000;
    gm_workload_t *w = make("gemm:n=64");
    uint32_t cta = 1 + 2 * 2; /* (bx, by) = (1, 2), grid 2 x 8 */
    warp_run_t r = warp_start(w, 0, 0, cta, 3);
    gm_inst_t in = warp_step(&r); /* c[i][j] *= beta */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, C + 4 * (19 * 64 + 32));
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, C + 4 * (19 * 64 + 32));
    in = warp_step(&r); /* a[i][0]: broadcast */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, A + 4 * (19 * 64));
    assert_int_equal(in.addr[31], A + 4 * (19 * 64));
    in = warp_step(&r); /* b[0][j]: one line */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, B + 4 * 32);
    assert_int_equal(in.addr[31], B + 4 * 63);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, cta, 3), 2 + 3 * 64);
    gm_workload_free(w);
}

/* 2DCONV, n = 64: the guard 0 < i, j < 63. */
static void test_conv2d(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, B = 0x10004000;
    gm_workload_t *w = make("2dconv:n=64");
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 0); /* row 0: nothing */
    warp_run_t r = warp_start(w, 0, 0, 0, 1);      /* row 1, columns 0..31 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffe, A + 4 * (0 * 64 + 0)); /* A[0][0] for j=1 */
    for (unsigned t = 1; t < 9; t++)
        in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffe, A + 4 * (2 * 64 + 2)); /* A[2][2] */
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xfffffffe, B + 4 * (64 + 1));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    /* CTA (1, 0), row 1, columns 32..63: column 63 is out */
    r = warp_start(w, 0, 0, 1, 1);
    in = warp_step(&r);
    assert_int_equal(in.active, 0x7fffffff);
    warp_end(&r);
    gm_workload_free(w);
}

/* transposeNaive, n = 64: grid 2 x 8 of 32 x 8 CTAs; CTA (1, 2), warp 3 is
 * row y = 19, columns x = 32..63: it loads one line of in[19][*] and
 * stores out[x][19], 32 addresses 256 bytes apart. */
static void test_transpose(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, B = 0x10004000;
    gm_workload_t *w = make("transpose:n=64");
    warp_run_t r = warp_start(w, 0, 0, 2 * 2 + 1, 3);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, A + 4 * (19 * 64 + 32));
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(in.addr[l], A + 4 * (19 * 64 + 32 + l));
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffffffff, B + 4 * (32 * 64 + 19));
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(in.addr[l], B + 4 * ((32 + l) * 64 + 19));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);
    expect_error("transpose:n=100", "n: 100 is out of range, expected a multiple of 32");
}

/* The SDK sample's eight kernels (kernels=1), n = 64 (2 x 2 tiles): the
 * same warp, CTA (1, 2) warp 3, is row 19 of tile (1, 0). Copy stores
 * where it loads, naive as transposeNaive, the tiled kernels write the row
 * whole at tile (0, 1)'s place, and the diagonal one reads tile
 * ((1 + 0) mod 2, 1) = (1, 1) and writes its row at the same place. */
static void test_transpose_sdk(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, B = 0x10004000;
    static const char *const name[8] = {"copy", "copySharedMem", "transposeNaive",
                                        "transposeCoalesced", "transposeNoBankConflicts",
                                        "transposeCoarseGrained", "transposeFineGrained",
                                        "transposeDiagonal"};
    /* per kernel: lane 0's load and store elements, and the store's lane stride */
    static const uint64_t ld[8] = {19 * 64 + 32, 19 * 64 + 32, 19 * 64 + 32, 19 * 64 + 32,
                                   19 * 64 + 32, 19 * 64 + 32, 19 * 64 + 32, 51 * 64 + 32};
    static const uint64_t st[8] = {19 * 64 + 32, 19 * 64 + 32, 32 * 64 + 19, 51 * 64,
                                   51 * 64,      51 * 64,      19 * 64 + 32, 51 * 64 + 32};
    static const uint64_t stride[8] = {1, 1, 64, 1, 1, 1, 1, 1};
    gm_workload_t *w = make("transpose:n=64,kernels=1");
    assert_int_equal(gm_workload_kernels(w, 0), 8);
    for (unsigned k = 0; k < 8; k++) {
        assert_string_equal(gm_workload_kernel(w, 0, k)->name, name[k]);
        warp_run_t r = warp_start(w, 0, k, 2 * 2 + 1, 3);
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, A + 4 * ld[k]);
        for (unsigned l = 0; l < 32; l++)
            assert_int_equal(in.addr[l], A + 4 * (ld[k] + l));
        in = warp_step(&r);
        expect_inst(in, GM_OP_STORE, 4, 0xffffffff, B + 4 * st[k]);
        for (unsigned l = 0; l < 32; l++)
            assert_int_equal(in.addr[l], B + 4 * (st[k] + l * stride[k]));
        assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
        warp_end(&r);
    }
    gm_workload_free(w);
    expect_error("transpose:kernels=2", "kernels: 2 is out of range");
}

/* SDK matrixMul, D-cache version, n = 32, 16 x 16 CTAs: CTA (1, 0), warp
 * 1 holds rows 2 and 3, columns 16..31. Its A load is two lines (A[2][0],
 * A[3][0]: two broadcasts), its B load half a line (B[0][16..31]); 32
 * k steps, then the one store of C. */
static void test_matrixmul(void **state)
{
    (void)state;
    const uint64_t A = 0x10000000, B = A + 4096, C = B + 4096;
    gm_workload_t *w = make("matrixmul:n=32");
    warp_run_t r = warp_start(w, 0, 0, 1, 1);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, A + 4 * 64);
    assert_int_equal(in.addr[15], A + 4 * 64);
    assert_int_equal(in.addr[16], A + 4 * 96);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, B + 4 * 16);
    assert_int_equal(in.addr[31], B + 4 * 31);
    for (unsigned i = 2; i < 64; i++)
        in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, B + 4 * (31 * 32 + 16));
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffffffff, C + 4 * (2 * 32 + 16));
    assert_int_equal(in.addr[16], C + 4 * (3 * 32 + 16));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);
    expect_error("matrixmul:n=40", "n: 40 is out of range, expected a multiple of 16");
    expect_error("matrixmul:n=48,bs=32", "n: 48 is not a multiple of bs=32");
}

/* The element-wise SDK kernels (workload/ew.h). */
static void test_sdk_elementwise(void **state)
{
    (void)state;
    /* alignedTypes, 4 KB per type: launch 4 copies RGB32_misaligned, 12 B
     * elements as three 4 B fields; thread l's fields at 12 l, 12 l + 4,
     * 12 l + 8, loaded then stored; 341 elements, so the 64 x 256 threads
     * need one iteration and warp 10 (threads 320..351) has 21 lanes. */
    const uint64_t in = 0x10000000, out = in + 4096;
    gm_workload_t *w = make("alignedtypes:bytes=4096");
    assert_int_equal(gm_workload_kernels(w, 0), 12);
    warp_run_t r = warp_start(w, 0, 4, 0, 0);
    assert_string_equal(r.k->name, "testKernel<RGB32_misaligned>");
    for (unsigned f = 0; f < 3; f++) {
        gm_inst_t i = warp_step(&r);
        expect_inst(i, GM_OP_LOAD, 4, 0xffffffff, in + 4 * f);
        assert_int_equal(i.addr[5], in + 12 * 5 + 4 * f);
    }
    for (unsigned f = 0; f < 3; f++)
        expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xffffffff, out + 4 * f);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    r = warp_start(w, 0, 4, 1, 2);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, (1u << 21) - 1, in + 12 * 320);
    warp_end(&r);
    /* RGBA32_2: two 16 B loads at 32 B stride */
    r = warp_start(w, 0, 11, 0, 0);
    gm_inst_t i = warp_step(&r);
    expect_inst(i, GM_OP_LOAD, 16, 0xffffffff, in);
    assert_int_equal(i.addr[1], in + 32);
    expect_inst(warp_step(&r), GM_OP_LOAD, 16, 0xffffffff, in + 16);
    warp_end(&r);
    gm_workload_free(w);

    /* BlackScholes, 1000 options over 480 x 128 threads: one iteration, and
     * only the first 1000 threads (warp 3 of CTA 7 has threads 992..1023:
     * 8 lanes); S, X, T loaded, call and put stored. */
    w = make("blackscholes:options=1000");
    const uint64_t call = 0x10000000, put = call + 4096, S = put + 4096, X = S + 4096,
                   T = X + 4096;
    r = warp_start(w, 0, 0, 7, 3);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xff, S + 4 * 992);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xff, X + 4 * 992);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xff, T + 4 * 992);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xff, call + 4 * 992);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xff, put + 4 * 992);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);

    /* SobolQRNG, 300 vectors x 3 dims: CTA (1, 2) (id 2 * 32 + 1), warp 1
     * stores outputs 96..127 of dimension 2; the grid stride is 2048, so
     * one iteration. */
    w = make("sobolqrng:vectors=300,dims=3");
    r = warp_start(w, 0, 0, 2 * 32 + 1, 1);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xffffffff, 0x10000000 + 4 * (600 + 96));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);
}

/* Butterflies and strided sums. sortnet n = 4096 (keys and values, 16 KB
 * each: skey, sval, dkey, dval): launch 1 is bitonicMergeGlobal at size
 * 2048, stride 1024; CTA 6, warp 0 are comparators g = 1536..1567, whose
 * pos = 2g - (g & 1023) = 2560 + l: keys at 2560 + l and 3584 + l.
 * scan n = 4096: launch 1 (scanExclusiveShared2) has 4 chunk sums; lanes
 * 0..3 load dst[1023 + 1024 l] and src[...], then store buf[l]. */
static void test_sdk_butterfly(void **state)
{
    (void)state;
    const uint64_t dkey = 0x10000000 + 2 * 16384, dval = dkey + 16384;
    gm_workload_t *w = make("sortnet:n=4096");
    assert_int_equal(gm_workload_kernels(w, 0), 6);
    warp_run_t r = warp_start(w, 0, 1, 6, 0);
    assert_string_equal(r.k->name, "bitonicMergeGlobal");
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, dkey + 4 * 2560);
    assert_int_equal(in.addr[31], dkey + 4 * 2591);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffffffff, dval + 4 * 2560);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffffffff, dkey + 4 * 3584);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffffffff, dval + 4 * 3584);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xffffffff, dkey + 4 * 2560);
    warp_end(&r);
    /* launch 4: size 4096, stride 1024; comparator g = 1536 + l is at
     * 2g - (g & 1023) = 2560 + l again, but launch 3 (stride 2048) puts
     * g = 1536 + l at 2g - (g & 2047) = 1536 + l */
    r = warp_start(w, 0, 3, 6, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffffffff, dkey + 4 * 1536);
    warp_end(&r);
    gm_workload_free(w);

    const uint64_t dst = 0x10000000, src = dst + 16384, buf = src + 16384;
    w = make("scan:n=4096");
    r = warp_start(w, 0, 1, 0, 0);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xf, dst + 4 * 1023);
    assert_int_equal(in.addr[3], dst + 4 * (1023 + 3 * 1024));
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xf, src + 4 * 1023);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0xf, buf);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    /* uniformUpdate, CTA 2: the chunk sum buf[2] to every lane, then a 16 B
     * load and store of uint4 512 + l */
    r = warp_start(w, 0, 2, 2, 0);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, buf + 8);
    assert_int_equal(in.addr[31], buf + 8);
    expect_inst(warp_step(&r), GM_OP_LOAD, 16, 0xffffffff, dst + 16 * 512);
    warp_end(&r);
    gm_workload_free(w);
}

/* b+tree, 1024 keys, 16 a node: 64 leaves (nodes 5..68), 4 inner nodes
 * (1..4), the root (0); 69 nodes of 2068 bytes, then the records. Warp 0
 * of a findK CTA walks key k (0-based; the query is random, so the test
 * reads k from the record load and checks the path against it): per
 * inner level currKnode, keys[0..31], the key, keys[thid+1] in the lanes
 * up to k's slot, offset/indices/offset in k's slot's lane, thread 0's
 * offset -> currKnode; at the leaf currKnode, keys, key, indices, the
 * record, the answer. Warp 1 (slots 32..63, none used) only loads. */
static void test_btree(void **state)
{
    (void)state;
    const uint64_t nodes = 0x10000000, rec = nodes + 142848, cur = rec + 4096, off = cur + 256,
                   qa = off + 256, ans = qa + 256;
    gm_workload_t *w = make("btree:keys=1024,fill=16,k=3,j=2,range=100");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    gm_inst_t seq[32];
    unsigned n = 0;
    warp_run_t r = warp_start(w, 0, 0, 1, 0);
    do
        seq[n] = warp_step(&r);
    while (seq[n++].op != GM_OP_EXIT && n < 32);
    warp_end(&r);
    assert_int_equal(n, 25);
    assert_int_equal(seq[22].op, GM_OP_LOAD);
    uint64_t k = (seq[22].addr[__builtin_ctz(seq[22].active)] - rec) / 4;
    assert_true(k < 1024);
    const uint32_t node[3] = {0, 1 + (uint32_t)(k / 256), 5 + (uint32_t)(k / 16)};
    const uint32_t slot[3] = {(uint32_t)(k / 256), (uint32_t)(k % 256 / 16), (uint32_t)(k % 16)};
    for (unsigned l = 0; l < 3; l++) {
        const gm_inst_t *x = &seq[9 * l];
        uint64_t keys = nodes + 2068ull * node[l] + 1032, idx = nodes + 2068ull * node[l] + 4;
        assert_int_equal(x[0].active, 0xffffffff);
        expect_inst(x[1], GM_OP_LOAD, 4, 0xffffffff, keys);
        assert_int_equal(x[1].addr[31], keys + 4 * 31);
        expect_inst(x[0], GM_OP_LOAD, 4, 0xffffffff, cur + 4);
        expect_inst(x[2], GM_OP_LOAD, 4, 0xffffffff, qa + 4);
        if (l < 2) {
            expect_inst(x[3], GM_OP_LOAD, 4, (2u << slot[l]) - 1, keys + 4);
            assert_int_equal(x[4].active, 1u << slot[l]);
            assert_int_equal(x[4].addr[slot[l]], off + 4);
            expect_inst(x[5], GM_OP_LOAD, 4, 1u << slot[l], idx + 4 * slot[l]);
            assert_int_equal(x[5].addr[slot[l]], idx + 4 * slot[l]);
            assert_int_equal(x[6].op, GM_OP_STORE);
            assert_int_equal(x[6].addr[slot[l]], off + 4);
            expect_inst(x[7], GM_OP_LOAD, 4, 1, off + 4);
            expect_inst(x[8], GM_OP_STORE, 4, 1, cur + 4);
        } else {
            assert_int_equal(x[3].active, 1u << slot[l]);
            assert_int_equal(x[3].addr[slot[l]], idx + 4 * slot[l]);
            assert_int_equal(x[5].op, GM_OP_STORE);
            assert_int_equal(x[5].addr[slot[l]], ans + 4);
        }
    }
    assert_int_equal(warp_count(w, 0, 0, 1, 1), 9);
    /* findRangeK: two walks, 3 loads each per level in warp 1 */
    assert_int_equal(warp_count(w, 0, 1, 0, 1), 18);
    gm_workload_free(w);
}

/* lbm, y = 4, z = 2, one step: CTA (1, 1) is row y = 1 of plane z = 1,
 * warp 2 its cells x = 64..95. Fields are 128 * 4 * 4 cells apart (4
 * planes: z = 0, 1 and the two margins); the cell's index is x + 128 y +
 * 512 (z + 1). It loads field 0 and field 19 at the cell, stores field 0
 * at the cell and field 18 (WB) at x - 1, z - 1 of the other grid. */
static void test_lbm(void **state)
{
    (void)state;
    const uint64_t cells = 128 * 4 * 4, src = 0x10000000, dst = src + 4 * 20 * cells;
    gm_workload_t *w = make("lbm:y=4,z=2,steps=1");
    warp_run_t r = warp_start(w, 0, 0, 1 * 4 + 1, 2);
    const uint64_t cell = 64 + 128 * 1 + 512 * 2;
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, src + 4 * cell);
    for (unsigned t = 1; t < 20; t++)
        in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffffff, src + 4 * (19 * cells + cell));
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffffffff, dst + 4 * cell);
    for (unsigned t = 1; t < 19; t++)
        in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffffffff, dst + 4 * (18 * cells + cell - 1 - 512));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);
}

/* 3DCONV, n = 32: launch p is plane i = p + 1; the first load is
 * A[i-1][j-1][k-1], the fourth A[i][j][k]. */
static void test_conv3d(void **state)
{
    (void)state;
    gm_workload_t *w = make("3dconv:n=32");
    warp_run_t r = warp_start(w, 0, 4, 0, 2); /* plane 5, row j = 2, k = 0..31 */
    gm_inst_t in = warp_step(&r);
    uint32_t inner = 0x7ffffffe; /* 0 < k < 31 */
    expect_inst(in, GM_OP_LOAD, 4, inner, 0x10000000 + 4 * (4 * 1024 + 1 * 32 + 0));
    warp_step(&r);
    warp_step(&r);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, inner, 0x10000000 + 4 * (5 * 1024 + 2 * 32 + 1));
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 4, 0, 2), 12);
    gm_workload_free(w);
}

/* FDTD-2D step1 on row 0 stores fict[t] into ey[0][j]; other rows update. */
static void test_fdtd(void **state)
{
    (void)state;
    /* n = 64, tmax = 2: fict at 0x10000000 (8 bytes), ex 0x10000100,
     * ey 0x10004100, hz 0x10008100 */
    gm_workload_t *w = make("fdtd2d:n=64,tmax=2");
    warp_run_t r = warp_start(w, 0, 3, 0, 0); /* t = 1, row 0 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000004); /* fict[1] */
    assert_int_equal(in.addr[31], 0x10000004);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10004100);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    r = warp_start(w, 0, 3, 0, 1); /* row 1 */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10004100 + 4 * 64); /* ey[1][0] */
    warp_step(&r);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10008100); /* hz[0][0] */
    warp_end(&r);
    /* a 16-wide CTA puts rows 0 and 1 in one warp: both branches run */
    gm_workload_free(w);
    w = make("fdtd2d:n=64,tmax=1,tbx=16,tby=8");
    r = warp_start(w, 0, 0, 0, 0);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0x0000ffff, 0x10000000); /* fict[0], row 0 lanes */
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0x0000ffff, 0x10004100);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffff0000, 0x10004100 + 4 * 64);
    warp_end(&r);
    gm_workload_free(w);
}

/* CORR's correlation kernel, m = 40: thread j1 < 39 owns row j1 and loops
 * j2 = j1+1 .. 39, so warp 1 (j1 = 32..38 live) runs 7 j2 iterations, the
 * last with lane 0 (j1 = 32) alone. */
static void test_corr_kernel(void **state)
{
    (void)state;
    /* m = 40, n = 36: data 5760 bytes at 0x10000000, symmat 6400 bytes at
     * 0x10001700 */
    const uint64_t DATA = 0x10000000, SYM = 0x10001700;
    gm_workload_t *w = make("corr:m=40,n=36,tb=64");
    warp_run_t r = warp_start(w, 0, 3, 0, 1);
    gm_inst_t in = warp_step(&r); /* symmat[j1][j1] = 1 */
    expect_inst(in, GM_OP_STORE, 4, 0x7f, SYM + 4 * (32 * 40 + 32));
    unsigned iters = 0;
    uint32_t last = 0;
    for (;;) {
        in = warp_step(&r);
        if (in.op == GM_OP_EXIT)
            break;
        /* symmat[j1][j2] = 0, then n times: data[i][j1], data[i][j2], store */
        expect_inst(in, GM_OP_STORE, 4, in.active, SYM + 4 * (32 * 40 + 33 + iters));
        for (unsigned i = 0; i < 36; i++) {
            in = warp_step(&r);
            expect_inst(in, GM_OP_LOAD, 4, in.active, DATA + 4 * (i * 40 + 32));
            in = warp_step(&r);
            expect_inst(in, GM_OP_LOAD, 4, in.active, DATA + 4 * (i * 40 + 33 + iters));
            in = warp_step(&r);
            assert_int_equal(in.op, GM_OP_STORE);
        }
        in = warp_step(&r); /* symmat[j2][j1] */
        expect_inst(in, GM_OP_STORE, 4, in.active, SYM + 4 * ((33 + iters) * 40 + 32));
        last = in.active;
        iters++;
    }
    assert_int_equal(iters, 7);
    assert_int_equal(last, 0x1);
    warp_end(&r);
    gm_workload_free(w);
}

/* GRAMSCHM kernel1 runs in one thread: a[i][k] down column k. */
static void test_gramschm(void **state)
{
    (void)state;
    gm_workload_t *w = make("gramschm:n=32,tb=32");
    warp_run_t r = warp_start(w, 0, 3 * 5, 0, 0); /* k = 5 */
    for (unsigned i = 0; i < 32; i++) {
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, 0x1, 0x10000000 + 4 * (i * 32 + 5));
    }
    gm_inst_t in = warp_step(&r); /* r[5][5], R at 0x10001000 */
    expect_inst(in, GM_OP_STORE, 4, 0x1, 0x10001000 + 4 * (5 * 32 + 5));
    warp_end(&r);
    /* kernel3 for k = 5 runs threads j = 6..31 */
    r = warp_start(w, 0, 3 * 5 + 2, 0, 0);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffffffc0, 0x10001000 + 4 * (5 * 32 + 6));
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 3 * 31 + 2, 0, 0), 0); /* k = 31: no j > k */
    gm_workload_free(w);
}

/* BFS: iteration 0 expands node 0 only; every reachable node is expanded
 * exactly once over all iterations. */
static void test_bfs(void **state)
{
    (void)state;
    gm_workload_t *w = make("bfs:nodes=200,degree=4,tb=64");
    /* nodes 1600 bytes at 0x10000000; edges follow */
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r); /* mask[tid] for tid 0..31; the edges end below it */
    assert_int_equal(in.op, GM_OP_LOAD);
    assert_int_equal(in.size, 1);
    assert_int_equal(in.active, UINT32_MAX);
    const uint64_t mask_base = in.addr[0];
    in = warp_step(&r); /* mask[0] = false: lane 0 only */
    assert_int_equal(in.op, GM_OP_STORE);
    assert_int_equal(in.active, 1);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000000); /* nodes[0].starting */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000004); /* nodes[0].no_of_edges */
    /* node 0's edges in order: edges[k], visited[id], and for a fresh
     * neighbour cost[0], cost[id], updating_mask[id] */
    unsigned edges = 0;
    for (in = warp_step(&r); in.op != GM_OP_EXIT; in = warp_step(&r))
        if (in.size == 4 && in.op == GM_OP_LOAD && in.addr[0] >= 0x10000700 &&
            in.addr[0] < mask_base) {
            expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000700 + 4 * edges);
            edges++;
        }
    assert_true(edges >= 1 && edges <= 7); /* out-degree in 1..2*4-1 */
    warp_end(&r);

    unsigned kernels = gm_workload_kernels(w, 0);
    assert_true(kernels % 2 == 0 && kernels >= 4);
    static unsigned char expanded[200];
    unsigned total = 0, updated = 0;
    for (unsigned k = 0; k < kernels; k++) {
        const gm_kernel_t *kn = gm_workload_kernel(w, 0, k);
        assert_string_equal(kn->name, k % 2 ? "Kernel2" : "Kernel");
        for (uint32_t c = 0; c < kn->grid[0]; c++)
            for (uint32_t wi = 0; wi < 2; wi++) {
                r = warp_start(w, 0, k, c, wi);
                in = warp_step(&r);
                in = warp_step(&r); /* Kernel: the mask store; Kernel2: a store */
                if (in.op == GM_OP_STORE)
                    for (unsigned l = 0; l < 32; l++)
                        if (in.active >> l & 1) {
                            unsigned tid = c * 64 + wi * 32 + l;
                            if (k % 2 == 0) {
                                assert_int_equal(expanded[tid], 0);
                                expanded[tid] = 1;
                                total++;
                            } else {
                                updated++;
                            }
                        }
                warp_end(&r);
            }
    }
    assert_int_equal(updated + 1, total); /* every expanded node but the source was discovered */
    assert_true(total > 100);             /* a mean degree of 4 reaches most nodes */
    gm_workload_free(w);
}

/* HotSpot, n = 64, ph = 2: CTA (0,0) starts at cell (-2, -2). */
static void test_hotspot(void **state)
{
    (void)state;
    gm_workload_t *w = make("hotspot:n=64,ph=2,steps=2");
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 0); /* rows -2, -1 */
    warp_run_t r = warp_start(w, 0, 0, 0, 1);      /* rows 0, 1 (ty 2, 3) */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffcfffc, 0x10000000); /* temp[0][0] */
    assert_int_equal(in.addr[18], 0x10000000 + 4 * 64);      /* ty 3, tx 2 = cell (1, 0) */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffcfffc, 0x10008000); /* power */
    in = warp_step(&r); /* interior tx, ty in 2..13, into the other buffer */
    expect_inst(in, GM_OP_STORE, 4, 0x3ffc3ffc, 0x10004000);
    assert_int_equal(in.gap, 10);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 7), 2); /* ty 14, 15: halo only, no store */
    gm_workload_free(w);
}

/* PathFinder, cols = 1000, rows = 5, ph = 2: launches at steps 0 and 2.
 * result[0] 0x10000000, result[1] 0x10001000, wall 0x10002000 (4000-byte
 * rows, bases rounded up to 256). */
static void test_pathfinder(void **state)
{
    (void)state;
    gm_workload_t *w = make("pathfinder:cols=1000,rows=5,ph=2");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    warp_run_t r = warp_start(w, 0, 1, 0, 0); /* second launch, CTA 0: x = tx - 2 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffc, 0x10001000); /* src = result[1] */
    in = warp_step(&r); /* wall row 2 */
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffc, 0x10002000 + 4 * 2000);
    in = warp_step(&r); /* wall row 3 */
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffc, 0x10002000 + 4 * 3000);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xfffffffc, 0x10000000);
    warp_end(&r);
    /* the last warp of a CTA: tx 224..255, interior ends at tx 253 */
    r = warp_start(w, 0, 1, 0, 7);
    in = warp_step(&r);
    assert_int_equal(in.active, UINT32_MAX);
    in = warp_step(&r); /* step 0: tx <= 254 */
    assert_int_equal(in.active, 0x7fffffff);
    in = warp_step(&r); /* step 1: tx <= 253 */
    assert_int_equal(in.active, 0x3fffffff);
    warp_end(&r);
    gm_workload_free(w);
}

/* NW, n = 32 (33 x 33 ints): the first launch's only block is (0, 0). */
static void test_nw(void **state)
{
    (void)state;
    const uint64_t REF = 0x10000000, M = 0x10001200; /* 4356 bytes each */
    gm_workload_t *w = make("nw:n=32");
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0x1, M); /* north-west corner */
    for (unsigned row = 0; row < 16; row++) {
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, 0xffff, REF + 4 * (33 + 1 + 33 * row));
    }
    in = warp_step(&r); /* west column: thread t reads row t + 1 */
    expect_inst(in, GM_OP_LOAD, 4, 0xffff, M + 4 * 33);
    assert_int_equal(in.addr[15], M + 4 * (33 + 33 * 15));
    in = warp_step(&r); /* north row */
    expect_inst(in, GM_OP_LOAD, 4, 0xffff, M + 4);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 1 + 16 + 2 + 16);
    /* needle_cuda_shared_2's single launch handles block (1, 1) */
    r = warp_start(w, 0, 2, 0, 0);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0x1, M + 4 * (33 * 16 + 16));
    warp_end(&r);
    gm_workload_free(w);
}

/* SRAD v2, n = 32: 2 x 2 CTAs. J = 0x10000080 (a 128-byte guard row before
 * the image), C = 0x10001180. */
static void test_srad(void **state)
{
    (void)state;
    const uint64_t J = 0x10000080, C = 0x10001180;
    gm_workload_t *w = make("srad:n=32,iters=1");
    warp_run_t r = warp_start(w, 0, 0, 0, 0); /* CTA (0,0), rows 0, 1 */
    gm_inst_t in = warp_step(&r);               /* north row: one row up */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J - 4 * 32);
    assert_int_equal(in.addr[16], J - 4 * 32); /* ty 1 reads the same row */
    in = warp_step(&r);                        /* south row: row 16 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J + 4 * 32 * 16);
    in = warp_step(&r); /* by == 0: north replaced by row 0 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J);
    in = warp_step(&r); /* west column: column -1 of rows 0, 1 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J - 4);
    assert_int_equal(in.addr[16], J + 4 * 31);
    in = warp_step(&r); /* east column 16 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J + 4 * 16);
    in = warp_step(&r); /* bx == 0: west replaced by column 0 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J);
    in = warp_step(&r); /* the tile */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, J);
    assert_int_equal(in.addr[17], J + 4 * 33);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, C);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 7 + 5);
    assert_int_equal(warp_count(w, 0, 0, 3, 0), 7 + 5); /* CTA (1,1): south, east edges */
    assert_int_equal(warp_count(w, 0, 1, 0, 0), 8 + 1); /* srad_cuda_2, no edges */
    assert_int_equal(warp_count(w, 0, 1, 3, 0), 10 + 1);
    gm_workload_free(w);
}

/* K-means invert_mapping: thread p reads input[p*features + i] (a row per
 * thread) and writes output[p + points*i]. */
static void test_kmeans(void **state)
{
    (void)state;
    /* points 256, features 34: input 34816 bytes at 0x10000000, output at
     * 0x10008800 */
    gm_workload_t *w = make("kmeans:points=256,features=34");
    warp_run_t r = warp_start(w, 0, 0, 0, 1);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4 * 34 * 32);
    assert_int_equal(in.addr[1], 0x10000000 + 4 * 34 * 33);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10008800 + 4 * 32);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4 * (34 * 32 + 1));
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 1), 2 * 34);
    /* kmeansPoint (texture reads): only the membership store */
    assert_int_equal(warp_count(w, 0, 1, 0, 1), 1);
    gm_workload_free(w);
}

/* Back propagation, in = 64: layerforward's first load is by the tx == 0
 * lanes (lanes 0 and 16 of a warp). */
static void test_backprop(void **state)
{
    (void)state;
    /* input 260 bytes at 0x10000000, output_hidden 68 at 0x10000200,
     * weights 65*17*4 = 4420 at 0x10000300 */
    const uint64_t IN = 0x10000000, W = 0x10000300;
    gm_workload_t *w = make("backprop:in=64");
    warp_run_t r = warp_start(w, 0, 0, 1, 0); /* CTA by = 1, ty 0 and 1 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0x00010001, IN + 4 * 17);
    assert_int_equal(in.addr[16], IN + 4 * 18);
    in = warp_step(&r); /* w[17*16*by + 17*ty + tx + 1 + 17] */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, W + 4 * (17 * 16 + 1 + 17));
    assert_int_equal(in.addr[16], W + 4 * (17 * 16 + 17 + 1 + 17));
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 1, 0, 0), 9 + 7); /* CTA 0 row 0 extra */
    assert_int_equal(warp_count(w, 0, 1, 0, 1), 9);
    gm_workload_free(w);
}

/* SpMV: the JDS index and data loads of a warp are one line each. */
static void test_spmv(void **state)
{
    (void)state;
    gm_workload_t *w = make("spmv:rows=256,nnz=4,band=8,tb=64");
    warp_run_t r = warp_start(w, 0, 0, 1, 1); /* rows 96..127 */
    gm_inst_t in = warp_step(&r);
    assert_int_equal(in.op, GM_OP_LOAD);
    assert_int_equal(in.active, UINT32_MAX);
    assert_int_equal(in.addr[0] % 128, 0);
    assert_int_equal(in.addr[31], in.addr[0] + 124);
    gm_inst_t data = warp_step(&r); /* d_data precedes d_index, same offsets */
    assert_int_equal(data.active, UINT32_MAX);
    assert_true(data.addr[0] < in.addr[0]);
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(in.addr[l] - data.addr[l], in.addr[0] - data.addr[0]);
    warp_end(&r);
    /* 3 loads per diagonal, then perm and the store. Rows hold 4 +- 2
     * entries; sorted by count, the first warp's rows all have 6, the
     * last warp's 2. */
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 3 * 6 + 2);
    assert_int_equal(warp_count(w, 0, 0, 3, 1), 3 * 2 + 2);
    gm_workload_free(w);
}

/* StreamCluster, 100 points of 3 dimensions, K = 2: work_mem (3 * 101
 * floats) at 0x10000000, center_table 0x10000500, switch_membership
 * 0x10000700, the 32-byte Points 0x10000800, coord_d 0x10001500. Warp 1
 * (points 32..63) reads coord_d[d*100 + tid] and coord_d[d*100 + x] for
 * d < 3, weight and cost of its Point, then each lane takes one side of
 * the x_cost < cost branch. */
static void test_streamcluster(void **state)
{
    (void)state;
    const uint64_t WM = 0x10000000, CT = 0x10000500, SW = 0x10000700, P = 0x10000800,
                   CO = 0x10001500;
    gm_workload_t *w = make("streamcluster:points=100,dim=3,centers=2,launches=1");
    warp_run_t r = warp_start(w, 0, 0, 0, 1);
    uint64_t x = 0;
    for (unsigned d = 0; d < 3; d++) {
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, CO + 4 * (100 * d + 32));
        assert_int_equal(in.addr[31], CO + 4 * (100 * d + 63));
        in = warp_step(&r); /* the candidate's coordinate: one address */
        assert_int_equal(in.active, UINT32_MAX);
        for (unsigned l = 1; l < 32; l++)
            assert_int_equal(in.addr[l], in.addr[0]);
        if (d == 0)
            x = (in.addr[0] - CO) / 4;
        assert_true(x < 100);
        assert_int_equal(in.addr[0], CO + 4 * (100 * d + x));
    }
    gm_inst_t in = warp_step(&r); /* p[tid].weight */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, P + 32 * 32);
    assert_int_equal(in.addr[31], P + 32 * 63);
    in = warp_step(&r); /* p[tid].cost */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, P + 32 * 32 + 24);
    uint32_t gain = 0, lose = 0;
    unsigned n = 2 * 3 + 2;
    for (in = warp_step(&r); in.op != GM_OP_EXIT; in = warp_step(&r), n++) {
        unsigned l0 = (unsigned)__builtin_ctz(in.active);
        uint64_t a = in.addr[l0];
        if (in.op == GM_OP_STORE && in.size == 1) { /* switch_membership[tid] = 1 */
            gain = in.active;
            assert_int_equal(a, SW + 32 + l0);
        } else if (in.size == 8) { /* p[tid].assign */
            lose = in.active;
            assert_int_equal(a, P + 32 * (32 + l0) + 16);
        } else if (a < CT) { /* lower[K] or lower[center_table[assign]] */
            for (unsigned l = 0; l < 32; l++) {
                if (!(in.active >> l & 1))
                    continue;
                uint64_t col = in.addr[l] - (WM + 12 * (32 + l));
                assert_true(in.active == gain ? col == 8 : col == 0 || col == 4);
            }
        } else { /* center_table[assign]: one of the 2 centres' entries */
            assert_int_equal(in.active, lose);
            assert_true(a >= CT && a < CT + 400);
        }
    }
    assert_int_equal(gain | lose, UINT32_MAX);
    assert_int_equal(gain & lose, 0);
    assert_int_equal(n, 8 + (gain ? 3 : 0) + (lose ? 4 : 0));
    warp_end(&r);
    /* warp 3 holds points 96..99 */
    r = warp_start(w, 0, 0, 0, 3);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xf, CO + 4 * 96);
    warp_end(&r);
    gm_workload_free(w);
}

/* ParticleFilter, 600 particles, 32 x 32 x 3 video: 8-byte arrays of 600
 * (0x1300 apart) arrayX 0x10000000, arrayY 0x10001300, xj 0x10002600, yj
 * 0x10003900, CDF 0x10004c00, u 0x10005f00, likelihood 0x10007200, weights
 * 0x10008500; I (3072 bytes) 0x10009800, objxy 0x1000a400, ind (69 * 600
 * ints) 0x1000a700, seed 0x10032e00, partial_sums 0x10033800. */
static void test_particlefilter(void **state)
{
    (void)state;
    const uint64_t AX = 0x10000000, AY = 0x10001300, XJ = 0x10002600, YJ = 0x10003900,
                   CDF = 0x10004c00, U = 0x10005f00, W = 0x10008500, I = 0x10009800,
                   OBJ = 0x1000a400, IND = 0x1000a700, SEED = 0x10032e00, PS = 0x10033800;
    gm_workload_t *w = make("particlefilter:particles=600,frames=3,x=32,y=32");
    assert_int_equal(gm_workload_kernels(w, 0), 8);
    /* likelihood, CTA 1 warp 2: particles 576..599 (lanes 0..23) */
    const uint32_t M = 0x00ffffff;
    warp_run_t r = warp_start(w, 0, 0, 1, 2);
    expect_inst(warp_step(&r), GM_OP_LOAD, 8, M, XJ + 8 * 576);
    expect_inst(warp_step(&r), GM_OP_STORE, 8, M, AX + 8 * 576);
    expect_inst(warp_step(&r), GM_OP_LOAD, 8, M, YJ + 8 * 576);
    expect_inst(warp_step(&r), GM_OP_STORE, 8, M, AY + 8 * 576);
    expect_inst(warp_step(&r), GM_OP_STORE, 8, M, W + 8 * 576);
    for (unsigned c = 0; c < 2; c++) {
        for (unsigned k = 0; k < 4; k++) /* two d_randu: seed[i] load, store */
            expect_inst(warp_step(&r), k & 1 ? GM_OP_STORE : GM_OP_LOAD, 4, M, SEED + 4 * 576);
        expect_inst(warp_step(&r), GM_OP_STORE, 8, M, (c ? AY : AX) + 8 * 576);
    }
    for (unsigned y = 0; y < 69; y++) {
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, M, OBJ + 4 * (2 * y + 1));
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, M, OBJ + 4 * (2 * y));
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_STORE, 4, M, IND + 4 * (576 * 69 + y));
        assert_int_equal(in.addr[23], IND + 4 * (599 * 69 + y)); /* a row per thread */
    }
    for (unsigned x = 0; x < 69; x++) {
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, M, IND + 4 * (576 * 69 + x));
        gm_inst_t in = warp_step(&r); /* a video byte */
        assert_int_equal(in.size, 1);
        for (unsigned l = 0; l < 24; l++)
            assert_true(in.addr[l] >= I && in.addr[l] < I + 3072);
    }
    expect_inst(warp_step(&r), GM_OP_STORE, 8, M, 0x10007200 + 8 * 576); /* likelihood */
    expect_inst(warp_step(&r), GM_OP_STORE, 8, M, W + 8 * 576);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 1, 0), 362 + 1); /* + partial_sums[1] */
    assert_int_equal(warp_count(w, 0, 0, 1, 3), 0);       /* particles 608.. > N */
    /* sum_kernel: thread 0 alone, 2 partial sums */
    assert_int_equal(warp_count(w, 0, 1, 0, 0), 3);
    assert_int_equal(warp_count(w, 0, 1, 0, 1), 0);
    assert_int_equal(warp_count(w, 0, 1, 1, 0), 0);
    /* normalize: thread 0 builds the CDF (599 loads and stores after CDF[0]) */
    assert_int_equal(warp_count(w, 0, 2, 0, 0), 1 + 2 + 1 + 2 * 599 + 3 + 1 + 1);
    assert_int_equal(warp_count(w, 0, 2, 1, 0), 5);
    assert_int_equal(warp_count(w, 0, 2, 1, 1), 3);
    assert_int_equal(warp_count(w, 0, 2, 1, 3), 0);
    r = warp_start(w, 0, 2, 0, 0);
    for (unsigned k = 0; k < 4; k++)
        warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 8, 1, W + 8);   /* weights[1] */
    expect_inst(warp_step(&r), GM_OP_STORE, 8, 1, CDF + 8); /* CDF[1] */
    warp_end(&r);
    /* find_index: every warp walks CDF[0], CDF[1], ... with its searching
     * lanes; a lane's resampled index is the last element it read */
    for (uint32_t c = 0; c < 2; c++)
        for (uint32_t wi = 0; wi < 16; wi++) {
            if (c * 512 + wi * 32 >= 600) {
                assert_int_equal(warp_count(w, 0, 3, c, wi), 0);
                continue;
            }
            r = warp_start(w, 0, 3, c, wi);
            gm_inst_t in = warp_step(&r);
            uint32_t live = in.active;
            assert_int_equal(in.addr[__builtin_ctz(live)],
                             U + 8 * (c * 512 + wi * 32 + (uint32_t)__builtin_ctz(live)));
            uint32_t last[32] = {0}, prev = live;
            unsigned x = 0;
            for (in = warp_step(&r); in.op == GM_OP_LOAD && in.addr[__builtin_ctz(in.active)] ==
                                                                CDF + 8 * x;
                 in = warp_step(&r), x++) {
                assert_int_equal(in.active & ~prev, 0); /* lanes only leave */
                for (unsigned l = 0; l < 32; l++)
                    if (in.active >> l & 1)
                        last[l] = x;
                prev = in.active;
            }
            assert_true(x >= 1 && x <= 600);
            for (unsigned k = 0; k < 2; k++, in = warp_step(&r)) /* arrayX/Y[index] */
                for (unsigned l = 0; l < 32; l++)
                    if (live >> l & 1)
                        assert_int_equal(in.addr[l], (k ? AY : AX) + 8ull * last[l]);
            expect_inst(in, GM_OP_STORE, 8, live, XJ + 8 * (c * 512 + wi * 32));
            expect_inst(warp_step(&r), GM_OP_STORE, 8, live, YJ + 8 * (c * 512 + wi * 32));
            assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
            warp_end(&r);
        }
    gm_workload_free(w);
    (void)PS;
}

/* Histogram, 100000 bytes (25000 words): d_Data 0x10000000, d_Histogram
 * 0x10018700, d_PartialHistograms 0x10018b00, the sub-histograms
 * 0x10054b00 (1536 words per CTA, 256 per warp). */
static void test_histogram(void **state)
{
    (void)state;
    const uint64_t DATA = 0x10000000, HIST = 0x10018700, PART = 0x10018b00, WH = 0x10054b00;
    gm_workload_t *w = make("histogram:bytes=100000");
    warp_run_t r = warp_start(w, 0, 0, 2, 1);
    for (unsigned i = 0; i < 8; i++) { /* clear the CTA's 1536 words */
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, WH + 4 * (2 * 1536 + 32 + 192 * i));
        assert_int_equal(in.addr[31], WH + 4 * (2 * 1536 + 63 + 192 * i));
    }
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, DATA + 4 * (2 * 192 + 32));
    const uint64_t SUB = WH + 4 * (2 * 1536 + 256);
    for (unsigned byte = 0; byte < 4; byte++) {
        /* rounds of load, store, load until every lane's store stuck: as
         * many as the most frequent bin */
        gm_inst_t in = warp_step(&r);
        unsigned most = 0;
        for (unsigned l = 0; l < 32; l++) {
            unsigned same = 0;
            for (unsigned h = 0; h < 32; h++)
                same += in.addr[h] == in.addr[l];
            most = same > most ? same : most;
            assert_true(in.addr[l] >= SUB && in.addr[l] < SUB + 1024);
        }
        uint32_t left = in.active;
        assert_int_equal(left, UINT32_MAX);
        for (unsigned round = 0; round < most; round++) {
            if (round)
                in = warp_step(&r);
            assert_int_equal(in.op, GM_OP_LOAD);
            assert_true((in.active & ~left) == 0 && in.active);
            left = in.active;
            gm_inst_t st = warp_step(&r), chk = warp_step(&r);
            assert_int_equal(st.op, GM_OP_STORE);
            assert_int_equal(chk.op, GM_OP_LOAD);
            assert_int_equal(st.active, left);
            assert_int_equal(chk.active, left);
        }
    }
    warp_end(&r);
    /* CTA 200 has no data: clear, then the merge, 6 loads and a store per
     * pass; warps 0 and 1 also take bins 192..255 */
    assert_int_equal(warp_count(w, 0, 0, 200, 1), 8 + 2 * 7);
    assert_int_equal(warp_count(w, 0, 0, 200, 5), 8 + 7);
    r = warp_start(w, 0, 0, 200, 1);
    for (unsigned i = 0; i < 8; i++)
        warp_step(&r);
    for (unsigned i = 0; i < 6; i++)
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX,
                    WH + 4 * (200 * 1536 + 32 + 256 * i));
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, PART + 4 * (200 * 256 + 32));
    for (unsigned i = 0; i < 6; i++)
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX,
                    WH + 4 * (200 * 1536 + 224 + 256 * i));
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, PART + 4 * (200 * 256 + 224));
    warp_end(&r);
    /* CTA 130 warp 1: positions 24992.. -- 8 words left */
    r = warp_start(w, 0, 0, 130, 1);
    for (unsigned i = 0; i < 8; i++)
        warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xff, DATA + 4 * 24992);
    warp_end(&r);
    /* the merge kernel: bin 5 over the 240 partial histograms */
    r = warp_start(w, 0, 1, 5, 7);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffff, PART + 4 * (5 + 224 * 256));
    assert_int_equal(in.addr[15], PART + 4 * (5 + 239 * 256));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    r = warp_start(w, 0, 1, 5, 0);
    warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 1, HIST + 4 * 5);
    warp_end(&r);
    gm_workload_free(w);

    /* atomic=1: one L2 atomic (a store with the bypass hint) per byte */
    w = make("histogram:bytes=100000,atomic=1");
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 8 + 1 + 4 + 2 * 7);
    r = warp_start(w, 0, 0, 0, 0);
    for (unsigned i = 0; i < 9; i++)
        assert_int_equal(warp_step(&r).bypass_hint, 0);
    for (unsigned b = 0; b < 4; b++) {
        in = warp_step(&r);
        assert_int_equal(in.op, GM_OP_STORE);
        assert_int_equal(in.bypass_hint, 1);
        for (unsigned l = 0; l < 32; l++)
            assert_true(in.addr[l] >= WH && in.addr[l] < WH + 1024);
    }
    assert_int_equal(warp_step(&r).bypass_hint, 0);
    warp_end(&r);
    gm_workload_free(w);
}

/* Barnes-Hut, 500 bodies, 2 CTAs: nnodes = 1024 * 15 - 1 = 15359; errd
 * 0x10000000, childd (15360 * 8 ints) 0x10000100, massd 0x10078100, posxd
 * 0x10087100, posyd 0x10096100, poszd 0x100a5100; velx..accz and sortd
 * alias childd at multiples of 512 ints. */
static void test_barneshut(void **state)
{
    (void)state;
    const uint64_t CH = 0x10000100, MASS = 0x10078100, PX = 0x10087100, PY = 0x10096100,
                   PZ = 0x100a5100, INC = 4 * 512;
    gm_workload_t *w = make("barneshut:bodies=500,steps=2,ctas=2");
    warp_run_t r = warp_start(w, 0, 0, 1, 3); /* bodies 352..383 in tree order */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, CH + 6 * INC + 4 * 352);
    uint64_t body[32];
    for (unsigned d = 0; d < 3; d++) {
        gm_inst_t in = warp_step(&r);
        uint64_t base = d == 0 ? PX : d == 1 ? PY : PZ;
        for (unsigned l = 0; l < 32; l++) {
            assert_true(in.addr[l] >= base && in.addr[l] < base + 4 * 500);
            if (d == 0)
                body[l] = (in.addr[l] - PX) / 4;
            assert_int_equal(in.addr[l], base + 4 * body[l]);
        }
    }
    gm_inst_t in = warp_step(&r); /* the root's first child: every lane alike */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, CH + 4 * 8 * 15359);
    for (unsigned l = 1; l < 32; l++)
        assert_int_equal(in.addr[l], in.addr[0]);
    /* the walk: child loads, each non-null child's x, y, z (then its mass
     * if taken), all broadcasts; then the three acceleration stores */
    unsigned children = 1, masses = 0;
    for (in = warp_step(&r); in.addr[0] < CH + 3 * INC || in.addr[0] >= CH + 6 * INC;
         in = warp_step(&r)) {
        assert_int_equal(in.op, GM_OP_LOAD);
        assert_int_equal(in.active, UINT32_MAX);
        for (unsigned l = 1; l < 32; l++)
            assert_int_equal(in.addr[l], in.addr[0]);
        if (in.addr[0] >= PX && in.addr[0] < PY) {
            uint64_t node = (in.addr[0] - PX) / 4;
            expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, PY + 4 * node);
            expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, PZ + 4 * node);
        } else if (in.addr[0] >= MASS && in.addr[0] < PX) {
            masses++;
        } else {
            assert_true(in.addr[0] >= CH + 4 * 8 * 500 && in.addr[0] < MASS);
            children++;
        }
    }
    assert_true(masses >= 8 && children > masses);
    for (unsigned d = 0; d < 3; d++, in = warp_step(&r)) {
        assert_int_equal(in.op, GM_OP_STORE);
        for (unsigned l = 0; l < 32; l++)
            assert_int_equal(in.addr[l], CH + (3 + d) * INC + 4 * body[l]);
    }
    assert_int_equal(in.op, GM_OP_EXIT);
    warp_end(&r);
    /* the second launch walks the same tree and updates the velocities:
     * 3 x (velx load, accx load, velx store) more */
    assert_int_equal(warp_count(w, 0, 1, 1, 3), warp_count(w, 0, 0, 1, 3) + 9);
    /* bodies 480..499: lanes 0..19; the other CTA-1 warps past 500 exit */
    r = warp_start(w, 0, 0, 1, 7);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xfffff, CH + 6 * INC + 4 * 480);
    warp_end(&r);
    gm_workload_free(w);
}

/* The n-th memory instruction of one warp, for kernels not covered above:
 * op, mask and two lanes' addresses, all from the kernels' index
 * expressions and the 256-byte-aligned array layout. */
typedef struct probe {
    const char *spec;
    unsigned kernel;
    uint32_t cta, warp;
    unsigned n;
    uint8_t op;
    uint32_t active;
    unsigned la;
    uint64_t aa;
    unsigned lb;
    uint64_t ab;
} probe_t;

enum { L = GM_OP_LOAD, S = GM_OP_STORE };
#define ALL UINT32_MAX

static const probe_t probes[] = {
    /* BICG n=64: A 0x10000000, r 0x10004000, s 0x10004100, p 0x10004200, q 0x10004300 */
    {"bicg:n=64", 0, 0, 1, 0, S, ALL, 0, 0x10004180, 31, 0x100041fc}, /* s[j] = 0 */
    {"bicg:n=64", 0, 0, 1, 1, L, ALL, 0, 0x10004000, 31, 0x10004000}, /* r[0] */
    {"bicg:n=64", 0, 0, 1, 2, L, ALL, 0, 0x10000080, 31, 0x100000fc}, /* A[0][j] */
    {"bicg:n=64", 1, 0, 1, 1, L, ALL, 0, 0x10002000, 1, 0x10002100},  /* A[i][0] */
    {"bicg:n=64", 1, 0, 1, 2, L, ALL, 0, 0x10004200, 9, 0x10004200},  /* p[0] */
    /* MVT n=64: a, x1 0x10004000, x2 0x10004100, y_1 0x10004200, y_2 0x10004300 */
    {"mvt:n=64", 0, 0, 0, 0, L, ALL, 0, 0x10004000, 31, 0x1000407c}, /* x1[i] */
    {"mvt:n=64", 0, 0, 0, 1, L, ALL, 0, 0x10000000, 2, 0x10000200},  /* a[i][0] */
    {"mvt:n=64", 0, 0, 0, 2, L, ALL, 0, 0x10004200, 5, 0x10004200},  /* y_1[0] */
    {"mvt:n=64", 1, 0, 0, 1, L, ALL, 0, 0x10000000, 31, 0x1000007c}, /* a[0][i] */
    {"mvt:n=64", 1, 0, 0, 5, L, ALL, 0, 0x10004304, 7, 0x10004304},  /* y_2[1] */
    /* GESUMMV n=64: A, B 0x10004000, tmp 0x10008000, x 0x10008100, y 0x10008200 */
    {"gesummv:n=64", 0, 0, 0, 0, L, ALL, 1, 0x10000100, 31, 0x10001f00}, /* A[i][0] */
    {"gesummv:n=64", 0, 0, 0, 2, L, ALL, 1, 0x10008004, 31, 0x1000807c}, /* tmp[i] */
    {"gesummv:n=64", 0, 0, 0, 4, L, ALL, 1, 0x10004100, 31, 0x10005f00}, /* B[i][0] */
    {"gesummv:n=64", 0, 0, 0, 5, L, ALL, 1, 0x10008100, 31, 0x10008100}, /* x[0] again */
    {"gesummv:n=64", 0, 0, 0, 7, S, ALL, 1, 0x10008204, 31, 0x1000827c}, /* y[i] */
    {"gesummv:n=64", 0, 0, 0, 8, L, ALL, 0, 0x10000004, 1, 0x10000104}, /* A[i][1] */
    /* SYRK n=64: a 0x10000000, c 0x10004000; CTA 0 warp 0 is row i = 0 */
    {"syrk:n=64", 0, 0, 0, 2, L, ALL, 0, 0x10000000, 31, 0x10000000}, /* a[0][0] */
    {"syrk:n=64", 0, 0, 0, 3, L, ALL, 0, 0x10000000, 31, 0x10001f00}, /* a[j][0] */
    {"syrk:n=64", 0, 0, 0, 6, L, ALL, 0, 0x10000004, 31, 0x10001f04}, /* a[j][1] */
    /* SYR2K n=64: a, b 0x10004000, c 0x10008000; a[i][k] b[j][k] b[i][k] a[j][k] */
    {"syr2k:n=64", 0, 0, 1, 2, L, ALL, 0, 0x10000100, 31, 0x10000100},
    {"syr2k:n=64", 0, 0, 1, 3, L, ALL, 0, 0x10004000, 31, 0x10005f00},
    {"syr2k:n=64", 0, 0, 1, 4, L, ALL, 0, 0x10004100, 31, 0x10004100},
    {"syr2k:n=64", 0, 0, 1, 5, L, ALL, 0, 0x10000000, 31, 0x10001f00},
    {"syr2k:n=64", 0, 0, 1, 6, S, ALL, 0, 0x10008100, 31, 0x1000817c},
    /* 2MM n=64: tmp, A, B, C, D 16 KiB apart */
    {"2mm:n=64", 0, 0, 0, 1, L, ALL, 0, 0x10004000, 31, 0x10004000}, /* A[0][0] */
    {"2mm:n=64", 0, 0, 0, 2, L, ALL, 0, 0x10008000, 31, 0x1000807c}, /* B[0][j] */
    {"2mm:n=64", 1, 0, 0, 0, L, ALL, 0, 0x10010000, 31, 0x1001007c}, /* D[0][j] */
    {"2mm:n=64", 1, 0, 0, 2, L, ALL, 0, 0x10000000, 31, 0x10000000}, /* tmp[0][0] */
    {"2mm:n=64", 1, 0, 0, 3, L, ALL, 0, 0x1000c000, 31, 0x1000c07c}, /* C[0][j] */
    /* 3MM n=64: A..G 16 KiB apart; kernel3 G = E F */
    {"3mm:n=64", 2, 0, 0, 0, S, ALL, 0, 0x10018000, 31, 0x1001807c},
    {"3mm:n=64", 2, 0, 0, 1, L, ALL, 0, 0x10010000, 31, 0x10010000},
    {"3mm:n=64", 2, 0, 0, 2, L, ALL, 0, 0x10014000, 31, 0x1001407c},
    /* FDTD-2D n=64: ex 0x10000100, ey 0x10004100, hz 0x10008100 */
    {"fdtd2d:n=64,tmax=2", 1, 0, 0, 0, L, 0xfffffffe, 1, 0x10000104, 31, 0x1000017c},
    {"fdtd2d:n=64,tmax=2", 1, 0, 0, 2, L, 0xfffffffe, 1, 0x10008100, 31, 0x10008178},
    {"fdtd2d:n=64,tmax=2", 2, 0, 0, 1, L, ALL, 0, 0x10000104, 31, 0x10000180},
    {"fdtd2d:n=64,tmax=2", 2, 0, 0, 3, L, ALL, 0, 0x10004200, 31, 0x1000427c},
    {"fdtd2d:n=64,tmax=2", 2, 1, 0, 5, S, 0x7fffffff, 0, 0x10008180, 30, 0x100081f8},
    /* COVAR m=40, n=36, tb=32: data 0x10000000, symmat 0x10001700, mean 0x10003000 */
    {"covar:m=40,n=36,tb=32", 0, 0, 0, 0, S, ALL, 0, 0x10003000, 31, 0x1000307c},
    {"covar:m=40,n=36,tb=32", 0, 0, 0, 1, L, ALL, 0, 0x10000000, 31, 0x1000007c},
    {"covar:m=40,n=36,tb=32", 1, 0, 1, 1, L, ALL, 0, 0x100000a0, 31, 0x1000011c},
    {"covar:m=40,n=36,tb=32", 2, 1, 0, 0, S, 0xff, 0, 0x10002b80, 7, 0x10002ffc},
    /* GRAMSCHM n=32: A, R 0x10001000, Q 0x10002000; kernel2 for k = 5 */
    {"gramschm:n=32,tb=32", 16, 0, 0, 0, L, ALL, 0, 0x10000014, 1, 0x10000094},
    {"gramschm:n=32,tb=32", 16, 0, 0, 1, L, ALL, 0, 0x10001294, 31, 0x10001294},
    {"gramschm:n=32,tb=32", 16, 0, 0, 2, S, ALL, 0, 0x10002014, 31, 0x10002f94},
    /* K-means with tex=0: feature_d 0x10008800, membership 0x10011000 */
    {"kmeans:points=256,tex=0", 1, 0, 1, 0, L, ALL, 0, 0x10008880, 31, 0x100088fc},
    {"kmeans:points=256,tex=0", 1, 0, 1, 1, L, ALL, 0, 0x10008c80, 31, 0x10008cfc},
    {"kmeans:points=256,tex=0", 1, 0, 1, 170, S, ALL, 0, 0x10011080, 31, 0x100110fc},
    {NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}};

static void test_probes(void **state)
{
    (void)state;
    for (const probe_t *p = probes; p->spec; p++) {
        gm_workload_t *w = make(p->spec);
        warp_run_t r = warp_start(w, 0, p->kernel, p->cta, p->warp);
        gm_inst_t in;
        for (unsigned i = 0; i <= p->n; i++)
            in = warp_step(&r);
        warp_end(&r);
        if (in.op != p->op || in.active != p->active || in.addr[p->la] != p->aa ||
            in.addr[p->lb] != p->ab)
            fail_msg("%s kernel %u cta %u warp %u inst %u: op %u mask %08x lane %u 0x%llx "
                     "lane %u 0x%llx", p->spec, p->kernel, p->cta, p->warp, p->n, in.op,
                     in.active, p->la, (unsigned long long)in.addr[p->la], p->lb,
                     (unsigned long long)in.addr[p->lb]);
        gm_workload_free(w);
    }
}

/* ---- access-pattern properties of the synthetic kernels */

static unsigned distinct_lines(const gm_inst_t *in)
{
    uint64_t seen[32];
    unsigned n = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(in->active >> l & 1))
            continue;
        unsigned j = 0;
        while (j < n && seen[j] != in->addr[l] >> 7)
            j++;
        if (j == n)
            seen[n++] = in->addr[l] >> 7;
    }
    return n;
}

/* chase: one thread, dependent loads (a compute instruction before every
 * load after the first), stride order wrapping at the footprint, or one
 * random cycle through every element; offset and cg as given. */
static void test_chase(void **state)
{
    (void)state;
    gm_workload_t *w = make("chase:footprint=512,stride=128,loads=6,offset=256,cg=1");
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[0] * k->grid[1] * k->grid[2], 1);
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    for (unsigned i = 0; i < 6; i++) {
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000000 + 256 + 128 * (i % 4));
        assert_int_equal(in.gap, i ? 1 : 0);
        assert_int_equal(in.bypass_hint, 1);
    }
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);

    /* random: the first n loads visit every element once, then it repeats */
    enum { N = 64 };
    w = make("chase:footprint=8192,stride=128,loads=128,random=1");
    r = warp_start(w, 0, 0, 0, 0);
    uint64_t first[N];
    unsigned seen[N] = {0};
    for (unsigned i = 0; i < 2 * N; i++) {
        gm_inst_t in = warp_step(&r);
        uint64_t e = (in.addr[0] - 0x10000000) / 128;
        assert_true(e < N);
        if (i < N) {
            first[i] = e;
            seen[e]++;
        } else {
            assert_int_equal(e, first[i - N]);
        }
    }
    for (unsigned e = 0; e < N; e++)
        assert_int_equal(seen[e], 1);
    warp_end(&r);
    gm_workload_free(w);

    expect_error("chase:footprint=1000,stride=128", "footprint: 1000 is not a multiple of "
                                                     "stride (128)");
    expect_error("chase:footprint=268435456,stride=4,random=1",
                 "random: a random chain has at most 4194304 elements");
}

/* listing3 (seed-002 Listing 3): sms x slots x turns CTAs of one warp,
 * lane 0 loading input[0] once, then the dependent add before it ends;
 * staggered: CTA bid first spins delay x bid compute instructions, in
 * no-lane memory instructions of at most 65535 each. */
static void test_listing3(void **state)
{
    (void)state;
    gm_workload_t *w = make("listing3");
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[0] * k->grid[1] * k->grid[2], 480); /* Fermi: 15 x 8 x 4 */
    assert_int_equal(k->block[0], 32);
    assert_int_equal(gm_workload_allocs(w), 1);
    assert_int_equal(gm_workload_alloc(w, 0)->bytes, 15 * 128);
    warp_run_t r = warp_start(w, 0, 0, 479, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000000);
    assert_int_equal(in.gap, 0);
    in = warp_step(&r);
    assert_int_equal(in.op, GM_OP_EXIT);
    assert_int_equal(in.gap, 1);
    warp_end(&r);
    gm_workload_free(w);

    w = make("listing3:sms=20,slots=32,turns=2,staggered=1");
    k = gm_workload_kernel(w, 0, 0);
    assert_int_equal(k->grid[0], 1280); /* Pascal: 20 x 32 x 2 */
    r = warp_start(w, 0, 0, 100, 0);    /* 120000 = 65535 + 54465 */
    in = warp_step(&r);
    assert_int_equal(in.op, GM_OP_LOAD);
    assert_int_equal(in.active, 0);
    assert_int_equal(in.gap, 65535);
    in = warp_step(&r);
    assert_int_equal(in.active, 0);
    assert_int_equal(in.gap, 54465);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 1, 0x10000000);
    assert_int_equal(in.gap, 0);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    r = warp_start(w, 0, 0, 0, 0); /* CTA 0 spins nothing */
    assert_int_equal(warp_step(&r).active, 1);
    warp_end(&r);
    gm_workload_free(w);
}

static void test_patterns(void **state)
{
    (void)state;
    /* stream: one 128-byte line per warp access */
    gm_workload_t *w = make("stream:n=4096,tb=128");
    warp_run_t r = warp_start(w, 0, 0, 3, 2);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4 * (3 * 128 + 64));
    assert_int_equal(distinct_lines(&in), 1);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10004000 + 4 * (3 * 128 + 64));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);

    /* rowscan: 32 lines per access (one per row), the same lines again next */
    w = make("rowscan:rows=64,row=4096,cols=4,tb=64");
    r = warp_start(w, 0, 0, 0, 1);
    in = warp_step(&r);
    assert_int_equal(distinct_lines(&in), 32);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4096 * 32);
    gm_inst_t next = warp_step(&r);
    for (unsigned l = 0; l < 32; l++) {
        assert_int_equal(next.addr[l], in.addr[l] + 4);
        assert_int_equal(next.addr[l] >> 7, in.addr[l] >> 7);
    }
    warp_end(&r);
    gm_workload_free(w);

    /* stride: full-line accesses, stride bytes apart, wrapped over span */
    w = make("stride:stride=4096,iters=8,span=65536,ctas=2");
    r = warp_start(w, 0, 0, 1, 3); /* global warp 11: accesses 88..95 */
    for (unsigned k = 0; k < 8; k++) {
        in = warp_step(&r);
        assert_int_equal(distinct_lines(&in), 1);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX,
                    0x10000000 + ((11 * 8 + k) * 4096) % 65536);
        assert_int_equal(in.addr[31], in.addr[0] + 124);
    }
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);

    /* gather: a coalesced index load, then random table elements */
    w = make("gather:n=1000,iters=4,ctas=2,tb=64");
    r = warp_start(w, 0, 0, 0, 0);
    for (unsigned k = 0; k < 4; k++) {
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4 * 128 * k);
        in = warp_step(&r); /* the table follows the 2048-byte index array */
        for (unsigned l = 0; l < 32; l++)
            assert_true(in.addr[l] >= 0x10000800 && in.addr[l] < 0x10000800 + 4000 &&
                        in.addr[l] % 4 == 0);
        assert_true(distinct_lines(&in) > 8);
    }
    warp_end(&r);
    gm_workload_free(w);

    /* tiled: CTA c sweeps [c*tile, (c+1)*tile) reps times */
    w = make("tiled:tile=1024,reps=3,ctas=2,tb=64");
    r = warp_start(w, 0, 0, 1, 1);
    for (unsigned k = 0; k < 3 * 4; k++) {
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000400 + 4 * ((k % 4) * 64 + 32));
    }
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    gm_workload_free(w);
}

/* ---- UVM stand-ins (seed-001 ch. 4-5) */

/* ADDVECT: thread g loads x[g] and y[g], stores y[g]; n=1000 over 256-thread CTAs. */
static void test_addvect(void **state)
{
    (void)state;
    gm_workload_t *w = make("addvect:n=1000");
    assert_int_equal(gm_workload_kernels(w, 0), 1);
    expect_geom(gm_workload_kernel(w, 0, 0), "add", 4, 1, 256, 1, 10, 0);
    /* x at the heap base; y 4000 bytes later, rounded up to 256: 0x10001000 */
    warp_run_t r = warp_start(w, 0, 0, 1, 2); /* threads 320..351 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000000 + 4 * 320);
    assert_int_equal(in.addr[31], 0x10000000 + 4 * 351);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10001000 + 4 * 320);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, 0x10001000 + 4 * 320);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT); /* one grid-stride iteration */
    warp_end(&r);
    /* the last warp holds threads 992..1023, of which 992..999 are in range */
    r = warp_start(w, 0, 0, 3, 7);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xff, 0x10000000 + 4 * 992);
    warp_end(&r);
    gm_workload_free(w);
}

/* RA: only threads g % 100 == 0 work: input[g], then table[t] and output[t]
 * at one random t in [0, n). */
static void test_ra(void **state)
{
    (void)state;
    gm_workload_t *w = make("ra:n=1000");
    expect_geom(gm_workload_kernel(w, 0, 0), "kernel", 4, 1, 256, 1, 10, 0);
    const uint64_t input = 0x10000000, output = 0x10001000, table = 0x10002000;
    warp_run_t r = warp_start(w, 0, 0, 0, 3); /* threads 96..127: 100 is lane 4 */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 1u << 4, input + 400);
    gm_inst_t t = warp_step(&r), o = warp_step(&r);
    expect_inst(t, GM_OP_LOAD, 4, 1u << 4, t.addr[4]);
    expect_inst(o, GM_OP_STORE, 4, 1u << 4, o.addr[4]);
    assert_true(t.addr[4] >= table && t.addr[4] < table + 4000 && t.addr[4] % 4 == 0);
    assert_int_equal(o.addr[4] - output, t.addr[4] - table); /* the same index */
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    /* threads 32..63 hold no multiple of 100: the warp only exits */
    assert_int_equal(warp_count(w, 0, 0, 0, 1), 0);
    /* 10 working threads (0, 100, .., 900), 3 instructions each, distinct indices
     * (a uniform draw: 10 of 1000 collide with probability under 5 %, and this
     * seed's do not) */
    unsigned insts = 0, working = 0;
    uint64_t idx[10];
    for (uint32_t c = 0; c < 4; c++)
        for (uint32_t wi = 0; wi < 8; wi++) {
            unsigned n = warp_count(w, 0, 0, c, wi);
            insts += n;
            if (n) {
                r = warp_start(w, 0, 0, c, wi);
                warp_step(&r);
                t = warp_step(&r);
                for (unsigned l = 0; l < 32; l++)
                    if (t.active >> l & 1)
                        idx[working++] = (t.addr[l] - table) / 4;
                warp_end(&r);
            }
        }
    assert_int_equal(insts, 30);
    assert_int_equal(working, 10);
    for (unsigned i = 0; i < 10; i++)
        for (unsigned j = i + 1; j < 10; j++)
            assert_true(idx[i] != idx[j]);
    gm_workload_free(w);
    w = make("ra:n=1000,every=1"); /* every thread works: a warp's 32 lanes */
    r = warp_start(w, 0, 0, 0, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, input);
    warp_end(&r);
    gm_workload_free(w);
}

/* repeat=N runs a workload's launch sequence N times on the same arrays. */
static void test_repeat(void **state)
{
    (void)state;
    gm_workload_t *w = make("atax:n=64,repeat=3"), *once = make("atax:n=64");
    assert_string_equal(gm_workload_spec(w), "atax:n=64,tb=256,repeat=3");
    assert_string_equal(gm_workload_spec(once), "atax:n=64,tb=256");
    assert_int_equal(gm_workload_kernels(w, 0), 6);
    assert_int_equal(gm_workload_kernels_total(w), 6);
    assert_int_equal(gm_workload_allocs(w), gm_workload_allocs(once));
    for (unsigned i = 0; i < 6; i++) {
        const gm_kernel_t *k = gm_workload_kernel(w, 0, i);
        assert_int_equal(k->id, i + 1);
        assert_string_equal(k->name, i % 2 ? "atax_kernel2" : "atax_kernel1");
        assert_ptr_equal(k->args, gm_workload_kernel(w, 0, i % 2)->args);
    }
    /* the repeated streams are the first pass's, instruction for instruction */
    assert_true(totals(w).insts == 3 * totals(once).insts);
    gm_workload_free(w);
    gm_workload_free(once);

    w = make("atax:n=64,repeat=1"); /* 1 is the default: not spelled */
    assert_string_equal(gm_workload_spec(w), "atax:n=64,tb=256");
    gm_workload_free(w);
    w = make("pair:ra:n=1000,repeat=2+addvect:n=512");
    assert_string_equal(gm_workload_spec(w),
                        "pair:ra:n=1000,tb=256,every=100,repeat=2+addvect:n=512,tb=256");
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    assert_int_equal(gm_workload_kernels(w, 1), 1);
    gm_workload_free(w);
    char canon[128];
    gm_err_t err = {{0}};
    assert_int_equal(gm_workload_parse("addvect:repeat=4", canon, sizeof canon, &err), 0);
    assert_string_equal(canon, "addvect:n=1048576,tb=256,repeat=4");
    expect_error("atax:n=64,repeat=0", "atax:n=64,repeat=0: repeat: expected an integer in "
                                       "1..1000 (launch sequences)");
    expect_error("atax:repeat=1001", "repeat: expected an integer in 1..1000");
    expect_error("atax:repeat=x", "repeat: expected an integer in 1..1000");
    expect_error("atax:repeat=2,repeat=2", "atax:repeat=2,repeat=2: repeat: given twice");
    expect_error("atax:repeat=2,", "expected key=value after ','");
}

/* LR at m = 300 instances, f = 4 + 1 features: X 6000 B, class 600 B (at
 * 0x10001800), w 20 B (0x10001b00), cost 1200 B (0x10001c00), prod 20 B
 * (0x10002100); per step gemv_n, ComputeCost, gemv_t, axpy. */
static void test_lr(void **state)
{
    (void)state;
    gm_workload_t *w = make("lr:instances=300,features=4,iters=2");
    const uint64_t x = 0x10000000, cls = 0x10001800, wt = 0x10001b00, cost = 0x10001c00,
                   prod = 0x10002100;
    assert_int_equal(gm_workload_allocs(w), 5);
    assert_int_equal(gm_workload_alloc(w, 4)->base, prod);
    assert_int_equal(gm_workload_kernels(w, 0), 8);
    expect_geom(gm_workload_kernel(w, 0, 0), "gemv_n", 3, 1, 128, 1, 16, 0);
    expect_geom(gm_workload_kernel(w, 0, 1), "ComputeCost", 3, 1, 128, 1, 16, 0);
    expect_geom(gm_workload_kernel(w, 0, 2), "gemv_t", 5, 1, 128, 1, 16, 512);
    expect_geom(gm_workload_kernel(w, 0, 7), "axpy", 1, 1, 128, 1, 16, 0);
    /* gemv_n, rows 160..191: X[j][i] = x + 4 (300 j + i) and w[j] per j, then cost[i] */
    warp_run_t r = warp_start(w, 0, 0, 1, 1);
    for (unsigned j = 0; j < 5; j++) {
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, x + 4 * (300 * j + 160));
        assert_int_equal(in.addr[31], x + 4 * (300 * j + 191));
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, wt + 4 * j);
        assert_int_equal(in.addr[31], wt + 4 * j);
    }
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, cost + 4 * 160);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    r = warp_start(w, 0, 0, 2, 1); /* rows 288..319: 288..299 exist */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xfff, x + 4 * 288);
    warp_end(&r);
    /* ComputeCost: cost[i], the 2-byte class[i], cost[i] */
    r = warp_start(w, 0, 1, 0, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, cost);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 2, UINT32_MAX, cls);
    assert_int_equal(in.addr[31], cls + 62);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, cost);
    warp_end(&r);
    /* gemv_t, column 2: rows t, t + 128, t + 256 (< 300), then thread 0 stores prod[2] */
    r = warp_start(w, 0, 2, 2, 0);
    for (unsigned k = 0; k < 3; k++) {
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, x + 4 * (600 + 128 * k));
        expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, cost + 4 * 128 * k);
    }
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 1, prod + 8);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 2, 2, 1), 6); /* rows 288..299 in its third pass */
    r = warp_start(w, 0, 2, 2, 1);
    for (unsigned k = 0; k < 4; k++)
        warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xfff, x + 4 * (600 + 288));
    warp_end(&r);
    /* axpy over the 5 weights */
    r = warp_start(w, 0, 3, 0, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0x1f, prod);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0x1f, wt);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 0x1f, wt);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 3, 0, 1), 0);
    gm_workload_free(w);
    w = make("lr:instances=100,features=1,iters=1"); /* ComputeCost: one CTA of m threads */
    expect_geom(gm_workload_kernel(w, 0, 1), "ComputeCost", 1, 1, 100, 1, 16, 0);
    gm_workload_free(w);
}

/* SVM at l = 40 images of 6 bytes: K 6400 B, B 256 KiB (0x10001900), X at
 * 0x10041900. */
static void test_svm(void **state)
{
    (void)state;
    gm_workload_t *w = make("svm:l=40,features=6");
    const uint64_t kmat = 0x10000000, bt = 0x10001900, x = 0x10041900;
    assert_int_equal(gm_workload_allocs(w), 3);
    assert_int_equal(gm_workload_alloc(w, 1)->base, bt);
    assert_int_equal(gm_workload_alloc(w, 2)->base, x);
    assert_int_equal(gm_workload_alloc(w, 2)->bytes, 240);
    expect_geom(gm_workload_kernel(w, 0, 0), "kernel_kernel_matrix", 2, 2, 32, 32, 24, 0);
    /* CTA (1, 1), warp 5: j = 37, i = 32..39 */
    warp_run_t r = warp_start(w, 0, 0, 3, 5);
    for (unsigned k = 0; k < 6; k++) {
        gm_inst_t in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 1, 0xff, x + 32 * 6 + k);
        assert_int_equal(in.addr[7], x + 39 * 6 + k);
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 1, 0xff, x + 37 * 6 + k);
        assert_int_equal(in.addr[7], x + 37 * 6 + k);
        in = warp_step(&r);
        expect_inst(in, GM_OP_LOAD, 4, 0xff, in.addr[0]);
        for (unsigned l = 0; l < 8; l++)
            assert_true(in.addr[l] >= bt && in.addr[l] < bt + 262144 && in.addr[l] % 4 == 0);
        if (k == 5) /* the bias byte is 1 in every image: B[1][1] */
            assert_int_equal(in.addr[3], bt + 4 * 257);
    }
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xff, kmat + 4 * (32 * 40 + 37));
    assert_int_equal(in.addr[1], kmat + 4 * (33 * 40 + 37));
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 2, 8), 0); /* j = 40 is past the images */
    gm_workload_free(w);
    /* about 80 % of the pixels are background: B's row xi = 0 */
    w = make("svm:l=64,features=8");
    unsigned zero = 0, all = 0;
    for (uint32_t wi = 0; wi < 32; wi++) {
        r = warp_start(w, 0, 0, 0, wi);
        for (unsigned k = 0; k < 7; k++) {
            warp_step(&r);
            warp_step(&r);
            in = warp_step(&r);
            for (unsigned l = 0; l < 32; l++, all++)
                zero += (in.addr[l] - 0x10004000) / 4 / 256 == 0; /* B after K's 16 KiB */
        }
        warp_end(&r);
    }
    assert_true(zero * 100 > all * 70 && zero * 100 < all * 90);
    gm_workload_free(w);
}

/* CNN: 25 arrays (the input layer's 4, 7 per layer), 23 launches per
 * training image and 9 per test image; each kernel's items split evenly
 * over 4096 threads and cut into digits. */
static void test_cnn(void **state)
{
    (void)state;
    gm_workload_t *w = make("cnn:images=1,tests=1");
    static const uint64_t bytes[25] = {3136, 3136, 3136, 3136,
                                       13824, 13824, 24, 600, 13824, 13824, 600,
                                       864, 864, 4, 64, 864, 864, 64,
                                       40, 40, 40, 8640, 40, 40, 8640};
    assert_int_equal(gm_workload_allocs(w), 25);
    for (unsigned i = 0; i < 25; i++) {
        assert_int_equal(gm_workload_alloc(w, i)->bytes, bytes[i]);
        if (i) /* bump allocation, 256-byte aligned */
            assert_int_equal(gm_workload_alloc(w, i)->base,
                             (gm_workload_alloc(w, i - 1)->base + bytes[i - 1] + 255) & ~255ull);
    }
    uint64_t in_out = gm_workload_alloc(w, 0)->base, c1_out = gm_workload_alloc(w, 4)->base,
             c1_pre = gm_workload_alloc(w, 5)->base, c1_w = gm_workload_alloc(w, 7)->base,
             s1_dw = gm_workload_alloc(w, 17)->base, s1_dpre = gm_workload_alloc(w, 16)->base,
             f_out = gm_workload_alloc(w, 18)->base, f_dpre = gm_workload_alloc(w, 23)->base;
    static const char *const names[32] = {
        "fp_preact_c1", "fp_bias_c1", "apply_step_function", "fp_preact_s1", "fp_bias_s1",
        "apply_step_function", "fp_preact_f", "fp_bias_f", "apply_step_function",
        "makeError", "bp_weight_f", "bp_bias_f", "bp_output_s1", "bp_preact_s1",
        "bp_weight_s1", "bp_bias_s1", "bp_output_c1", "bp_preact_c1", "bp_weight_c1",
        "bp_bias_c1", "apply_grad", "apply_grad", "apply_grad",
        "fp_preact_c1", "fp_bias_c1", "apply_step_function", "fp_preact_s1", "fp_bias_s1",
        "apply_step_function", "fp_preact_f", "fp_bias_f", "apply_step_function"};
    assert_int_equal(gm_workload_kernels(w, 0), 32);
    for (unsigned i = 0; i < 32; i++)
        expect_geom(gm_workload_kernel(w, 0, i), names[i], i == 9 ? 10 : 64, 1,
                    i == 9 ? 1 : 64, 1, 16, 0);
    /* fp_preact_c1 over 5*5*6*24*24 = 86400 items: thread 0 takes 0..20, thread 1
     * 21..41 (n = 21: i1 = 1, i2 = 4: weight[0][1][4], input[1][4], preact[0][0][0]);
     * threads 0..31 hold 675 = 32*21 + 3 items, so the warp runs 22 passes */
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, c1_w);
    assert_int_equal(in.addr[1], c1_w + 4 * 9);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, in_out);
    assert_int_equal(in.addr[1], in_out + 4 * 32);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, c1_pre); /* the atomicAdd */
    assert_int_equal(in.addr[1], c1_pre);
    warp_end(&r);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 66);
    /* bp_weight_s1, 4*4*6*6*6 = 3456 items, 0.84 a thread: thread 0 has none,
     * threads 1, 2, 3 items 0, 1, 2 (i2 = 0, 1, 2): d_preact[0][0][0],
     * p_output[0][i2][0] = 24 i2, d_weight[0][i2][0] = 4 i2 */
    r = warp_start(w, 0, 14, 0, 0);
    in = warp_step(&r);
    assert_int_equal(in.active & 0xf, 0xe);
    expect_inst(in, GM_OP_LOAD, 4, in.active, s1_dpre);
    assert_int_equal(in.addr[3], s1_dpre);
    in = warp_step(&r);
    assert_int_equal(in.addr[1], c1_out);
    assert_int_equal(in.addr[2], c1_out + 4 * 24);
    assert_int_equal(in.addr[3], c1_out + 4 * 48);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, in.active, s1_dw);
    assert_int_equal(in.addr[2], s1_dw + 4 * 4);
    assert_int_equal(in.addr[3], s1_dw + 4 * 8);
    warp_end(&r);
    /* makeError<<<10, 1>>>: thread 3 sets err[3] from output[3] */
    r = warp_start(w, 0, 9, 3, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 1, f_out + 12);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, 1, f_dpre + 12);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    /* every kernel's first reference covers each of its items exactly once */
    static const uint32_t items[23] = {86400, 3456, 3456, 3456, 216, 216, 2160, 10,
                                       10,    10,   2160, 10,  2160, 216, 3456, 216,
                                       3456,  3456, 86400, 3456, 2160, 16, 150};
    for (unsigned k = 0; k < 23; k++) {
        const gm_kernel_t *kn = gm_workload_kernel(w, 0, k);
        uint64_t lanes = 0;
        for (uint32_t c = 0; c < kn->grid[0]; c++)
            for (uint32_t wi = 0; wi < (kn->block[0] + 31) / 32; wi++) {
                r = warp_start(w, 0, k, c, wi);
                while ((in = warp_step(&r)).op != GM_OP_EXIT)
                    if (in.pc == 2000)
                        lanes += (unsigned)__builtin_popcount(in.active);
                warp_end(&r);
            }
        if (lanes != items[k])
            fail_msg("%s (launch %u): %llu items, expected %u", kn->name, k,
                     (unsigned long long)lanes, items[k]);
    }
    gm_workload_free(w);
    expect_error("cnn:images=0,tests=0", "cnn:images=0,tests=0: images: no image to run");
}

/* The UVM stand-ins at their benchmark sizes (README "UVMBench stand-ins"):
 * one allocation per cudaMallocManaged, each of the size the benchmark's
 * host code asks for; UVMBench's defaults, then the UVM Smart runs of the
 * chapter-4 set. Launch counts (iters, images) do not change the arrays. */
static void test_uvm_footprints(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        unsigned allocs;
        uint64_t largest, total;
    } fp[] = {
        {"2dconv:n=4096", 2, 64ull << 20, 128ull << 20},
        {"3dconv:n=256", 2, 64ull << 20, 128ull << 20},
        {"addvect", 2, 4ull << 20, 8ull << 20},
        {"pathfinder:cols=100000,rows=100,ph=20", 3, 39600000, 40400000},
        {"atax:n=4096", 4, 64ull << 20, (64ull << 20) + 3 * 16384},
        {"mvt:n=4096", 5, 64ull << 20, (64ull << 20) + 4 * 16384},
        {"hotspot:n=512,ph=2,steps=2", 3, 1ull << 20, 3ull << 20},
        {"srad:n=2048,iters=2", 6, 16793600, 2 * 16793600 + 4 * (16ull << 20)},
        {"fdtd2d:n=2048,tmax=500", 4, 16ull << 20, 2000 + 3 * (16ull << 20)},
        {"ra", 3, 4ull << 20, 12ull << 20},
        {"backprop:in=65536", 6, 4456516, 9437460},
        {"lr:iters=1", 5, 100100000, 100100000 + 50000 + 2 * 4004 + 100000},
        {"svm", 3, 641608900, 641608900 + 262144 + 9942025},
        {"cnn:images=1,tests=0", 25, 13824, 90132},
        {"uvmbfs", 8, 25182096, 25182096 + 7 * (4ull << 20)},
        {"bn:iters=0", 6, 26997480, 27119653},
        /* UVM Smart (GPGPU-Sim) runs */
        {"2dconv:n=1024", 2, 4ull << 20, 8ull << 20},
        {"atax:n=1200", 4, 5760000, 5760000 + 3 * 4800},
        {"fdtd2d:n=1200,tmax=5", 4, 5760000, 20 + 3 * 5760000},
        {"pathfinder:cols=50000,rows=200,ph=10", 3, 39800000, 40200000},
        {"hotspot:n=1024,ph=2,steps=8", 3, 4ull << 20, 12ull << 20},
        {"srad:n=1024,iters=4", 6, 4202496, 2 * 4202496 + 4 * (4ull << 20)},
        {"backprop:in=131056", 6, 8911876, 18872340},
        {"bfs:nodes=262144,degree=6,tb=512", 7, 6299432, 10231593},
        /* 3DCONV and MVT are not in UVM Smart: gmem's defaults */
        {"3dconv:n=128", 2, 8ull << 20, 16ull << 20},
        {"mvt:n=2048", 5, 16ull << 20, (16ull << 20) + 4 * 8192},
    };
    for (unsigned i = 0; i < sizeof fp / sizeof fp[0]; i++) {
        gm_workload_t *w = make(fp[i].spec);
        uint64_t largest = 0, total = 0;
        for (unsigned j = 0; j < gm_workload_allocs(w); j++) {
            uint64_t b = gm_workload_alloc(w, j)->bytes;
            total += b;
            largest = b > largest ? b : largest;
        }
        if (gm_workload_allocs(w) != fp[i].allocs || largest != fp[i].largest ||
            total != fp[i].total)
            fail_msg("%s: %u allocations, largest %llu, total %llu; expected %u, %llu, %llu",
                     fp[i].spec, gm_workload_allocs(w), (unsigned long long)largest,
                     (unsigned long long)total, fp[i].allocs,
                     (unsigned long long)fp[i].largest, (unsigned long long)fp[i].total);
        gm_workload_free(w);
    }
}

/* BN at 8 nodes, 3 samples: 99 parent sets of the 7 other nodes (1 + 7 +
 * 21 + 35 + 35); data 96 B, localscore 8 x 99 floats (0x10000100), LG 5
 * floats (0x10000e00), scores (0x10000f00), parent mask (0x10001000), the
 * CTA's parents (0x10001100). The data bits are hashed, so what depends
 * on them is checked by invariants that hold for any data. */
static void test_bn(void **state)
{
    (void)state;
    gm_workload_t *w = make("bn:nodes=8,samples=3,iters=1");
    const uint64_t data = 0x10000000, ls = 0x10000100, lg = 0x10000e00, scores = 0x10000f00,
                   parent = 0x10001000, resp = 0x10001100;
    static const uint64_t bytes[6] = {96, 3168, 20, 4, 8, 16};
    assert_int_equal(gm_workload_allocs(w), 6);
    for (unsigned i = 0; i < 6; i++)
        assert_int_equal(gm_workload_alloc(w, i)->bytes, bytes[i]);
    assert_int_equal(gm_workload_alloc(w, 1)->base, ls);
    assert_int_equal(gm_workload_alloc(w, 5)->base, resp);
    assert_int_equal(gm_workload_kernels(w, 0), 9);
    expect_geom(gm_workload_kernel(w, 0, 0), "genScoreKernel", 1, 1, 256, 1, 40, 0);
    expect_geom(gm_workload_kernel(w, 0, 8), "computeKernel", 1, 1, 256, 1, 40, 1024);

    /* genScoreKernel, threads 0..31: set 0 is empty, 1..7 the singletons
     * {1}..{7}, 8.. the pairs {1,2}, {1,3}, .., 29.. the triples; at node 0
     * label p is node p. The first load: every lane with a parent reads
     * data[0][its first parent]. */
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xfffffffe, data + 4 * 1);
    assert_int_equal(in.addr[7], data + 4 * 7);
    assert_int_equal(in.addr[9], data + 4 * 1);  /* {1,3} */
    assert_int_equal(in.addr[15], data + 4 * 2); /* {2,3} */
    /* the whole warp: a lane with k parents scores 2^k states per node,
     * each ending with LG[1] and localscore[node][id] += ls; over a node's
     * states a lane counts each sample exactly once; the empty set
     * counts all 3 samples in its one state, so LG[1 + 3] */
    unsigned stores[32] = {0}, counted[32] = {0};
    unsigned parn[32];
    for (unsigned l = 0; l < 32; l++)
        parn[l] = l == 0 ? 0 : l < 8 ? 1 : l < 29 ? 2 : 3;
    int lg_sum_checked = 0;
    gm_inst_t prev = in;
    while ((in = warp_step(&r)).op != GM_OP_EXIT) {
        if (in.op == GM_OP_STORE) {
            for (unsigned l = 0; l < 32; l++)
                if (in.active >> l & 1) {
                    uint64_t node = (in.addr[l] - ls) / 4 / 99;
                    assert_int_equal(in.addr[l], ls + 4 * (node * 99 + l));
                    stores[l]++;
                    if (stores[l] % (1u << parn[l]) == 0) { /* the node's last state */
                        assert_int_equal(counted[l], 3);
                        counted[l] = 0;
                    }
                }
        } else if (in.addr[__builtin_ctz(in.active)] < ls) {
            /* a data load: data[t1][node] counts (a parent is never the
             * node itself); the lane's node is its stores so far / 2^k */
            for (unsigned l = 0; l < 32; l++)
                if (in.active >> l & 1)
                    counted[l] += (in.addr[l] - data) / 4 % 8 == stores[l] >> parn[l];
        } else if (in.addr[0] == lg + 16 && prev.addr[0] >= lg && prev.addr[0] < lg + 20 &&
                   in.active & 1 && stores[0] == 0) {
            lg_sum_checked = 1; /* lane 0's LG[1 + N0 + N1] at node 0 */
        }
        prev = in;
    }
    warp_end(&r);
    assert_true(lg_sum_checked);
    for (unsigned l = 0; l < 32; l++)
        assert_int_equal(stores[l], 8u << parn[l]);

    /* computeKernel per node: the order puts posN = 0..7 nodes before them,
     * so the launches take 1 + 2 + 4 + 8 + 16 + 31 + 57 + 99 = 218 sets in
     * all, the last node's 99 being every set: its whole localscore row. */
    unsigned sets = 0, full = 0, alone = 0;
    for (unsigned k = 1; k < 9; k++) {
        uint8_t seen[99] = {0};
        unsigned launch = 0, winners = 0, node = 99;
        for (uint32_t wi = 0; wi < 8; wi++) {
            r = warp_start(w, 0, k, 0, wi);
            for (unsigned i = 0; i < 8; i++)
                expect_inst(warp_step(&r), GM_OP_LOAD, 1, UINT32_MAX, parent + i);
            while ((in = warp_step(&r)).op != GM_OP_EXIT) {
                if (in.op == GM_OP_LOAD) {
                    for (unsigned l = 0; l < 32; l++)
                        if (in.active >> l & 1) {
                            uint64_t e = (in.addr[l] - ls) / 4;
                            if (node == 99)
                                node = (unsigned)(e / 99);
                            assert_int_equal(e / 99, node);
                            assert_int_equal(seen[e % 99]++, 0);
                            launch++;
                        }
                } else if (in.addr[__builtin_ctz(in.active)] == scores) {
                    expect_inst(in, GM_OP_STORE, 4, 1, scores);
                    assert_int_equal(wi, 0);
                } else {
                    assert_int_equal(__builtin_popcount(in.active), 1);
                    assert_int_equal(in.addr[__builtin_ctz(in.active)], resp + 4 * (winners++ % 4));
                }
            }
            warp_end(&r);
        }
        assert_int_equal(winners, 4);
        sets += launch;
        full += launch == 99;
        alone += launch == 1;
    }
    assert_int_equal(sets, 218);
    assert_int_equal(full, 1);
    assert_int_equal(alone, 1);
    gm_workload_free(w);
}

/* UVMBench's BFS on a 3000-vertex graphgen graph from vertex 5: the three
 * searches, level by level; addresses worked from the array bases, the
 * data-dependent ones checked against the search's invariants. */
static void test_uvmbfs(void **state)
{
    (void)state;
    gm_workload_t *w = make("uvmbfs:nodes=3000");
    assert_int_equal(gm_workload_allocs(w), 8);
    uint64_t base[8];
    for (unsigned i = 0; i < 8; i++) {
        base[i] = gm_workload_alloc(w, i)->base;
        if (i)
            assert_int_equal(gm_workload_alloc(w, i)->bytes, 4 * 3000);
    }
    uint64_t edges = gm_workload_alloc(w, 0)->bytes / 4; /* both ways: 2 x (2..4) x 3000 */
    assert_true(edges >= 12000 && edges <= 24000 && edges % 2 == 0);
    const uint64_t adj = base[0], off = base[1], size = base[2], dist = base[3],
                   parent = base[4];
    unsigned kernels = gm_workload_kernels(w, 0);
    assert_int_equal(kernels % 6, 0);
    unsigned levels = kernels / 6;
    assert_true(levels >= 4 && levels <= 20);
    expect_geom(gm_workload_kernel(w, 0, 0), "simpleBfs", 3, 1, 1024, 1, 20, 0);
    expect_geom(gm_workload_kernel(w, 0, levels), "queueBfs", 1, 1, 1024, 1, 20, 0);
    static const char *const scan[4] = {"nextLayer", "countDegrees", "scanDegrees",
                                        "assignVerticesNextQueue"};
    for (unsigned i = 0; i < 4 * levels; i++)
        assert_string_equal(gm_workload_kernel(w, 0, 2 * levels + i)->name, scan[i % 4]);
    expect_geom(gm_workload_kernel(w, 0, 2 * levels + 2), "scanDegrees", 1, 1, 1024, 1, 20,
                4096);

    /* queueBfs at level 0: only thread 0, vertex 5, from the first queue
     * buffer; its edges in order; every neighbour it reaches first gets the
     * next queue's slots 0, 1, 2, .. in order */
    warp_run_t r = warp_start(w, 0, levels, 0, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 1, base[5]);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 1, off + 20);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 1, size + 20);
    gm_inst_t in;
    uint64_t first_edge = 0, j = 0, slot = 0, v = 0;
    while ((in = warp_step(&r)).op != GM_OP_EXIT) {
        assert_int_equal(in.active, 1);
        if (in.op == GM_OP_LOAD && in.addr[0] < off) { /* adjacencyList[i] */
            if (j == 0)
                first_edge = (in.addr[0] - adj) / 4;
            assert_int_equal(in.addr[0], adj + 4 * (first_edge + j++));
        } else if (in.op == GM_OP_LOAD) { /* distance[v] */
            v = (in.addr[0] - dist) / 4;
            assert_true(in.addr[0] >= dist && v < 3000);
        } else if (in.addr[0] >= base[6]) { /* nextQueue[slot] = v */
            assert_int_equal(in.addr[0], base[6] + 4 * slot++);
        } else { /* atomicMin(distance[v]), parent[v] */
            assert_true(in.addr[0] == dist + 4 * v || in.addr[0] == parent + 4 * v);
        }
    }
    warp_end(&r);
    assert_true(j >= 2 && slot >= 1 && slot <= j);
    /* every search settles each reached vertex once: over the queueBfs
     * launches as many nextQueue stores as parent stores, and the
     * assignVerticesNextQueue launches fill the same slots level by level */
    uint64_t q_slots = 0, q_parents = 0, a_slots = 0;
    for (unsigned L = 0; L < levels; L++) {
        unsigned kq = levels + L, ka = 2 * levels + 4 * L + 3;
        uint64_t nq = L % 2 ? base[5] : base[6]; /* the buffers swap every level */
        uint64_t na = (levels + L) % 2 ? base[5] : base[6];
        uint64_t lq = 0, la = 0;
        for (unsigned pass = 0; pass < 2; pass++) {
            const gm_kernel_t *kn = gm_workload_kernel(w, 0, pass ? ka : kq);
            for (uint32_t c = 0; c < kn->grid[0]; c++)
                for (uint32_t wi = 0; wi < 32; wi++) {
                    r = warp_start(w, 0, pass ? ka : kq, c, wi);
                    while ((in = warp_step(&r)).op != GM_OP_EXIT) {
                        if (in.op != GM_OP_STORE)
                            continue;
                        for (unsigned l = 0; l < 32; l++) {
                            if (!(in.active >> l & 1))
                                continue;
                            if (in.addr[l] >= (pass ? na : nq) &&
                                in.addr[l] < (pass ? na : nq) + 12000)
                                *(pass ? &la : &lq) += 1;
                            else if (!pass && in.addr[l] >= parent && in.addr[l] < parent + 12000)
                                q_parents++;
                        }
                    }
                    warp_end(&r);
                }
        }
        assert_int_equal(lq, la);
        q_slots += lq;
        a_slots += la;
    }
    assert_int_equal(q_slots, q_parents);
    assert_int_equal(q_slots, a_slots);
    assert_true(q_slots > 2900 && q_slots < 3000); /* nearly every vertex but the start */
    gm_workload_free(w);
    expect_error("uvmbfs:nodes=64,start=64", "uvmbfs:nodes=64,start=64: start: 64 is not a "
                                             "vertex (nodes=64)");
}

/* Every device array is an allocation, in order, at its aligned base. */
static void test_allocs(void **state)
{
    (void)state;
    gm_workload_t *w = make("pathfinder:cols=1000,rows=10,ph=2");
    assert_int_equal(gm_workload_allocs(w), 3);
    const uint64_t base[3] = {0x10000000, 0x10001000, 0x10002000};
    const uint64_t bytes[3] = {4000, 4000, 36000};
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(gm_workload_alloc(w, i)->base, base[i]);
        assert_int_equal(gm_workload_alloc(w, i)->bytes, bytes[i]);
    }
    assert_null(gm_workload_alloc(w, 3));
    gm_workload_free(w);
}

/* ---- seed-003 Table I stand-ins */

/* CFD, a 4 x 2 x 2 mesh in row order: nel 16, nelr 192. areas 0x10000000,
 * ese 0x10000300, normals 0x10000f00, variables 0x10003300, old_variables
 * 0x10004200, fluxes 0x10005100, step_factors 0x10006000. Kernels: step,
 * then flux/time three times. */
static void test_cfd(void **state)
{
    (void)state;
    gm_workload_t *w = make("cfd:nx=4,ny=2,nz=2,window=0");
    assert_int_equal(gm_workload_kernels(w, 0), 7);
    assert_int_equal(gm_workload_kernel(w, 0, 1)->grid[0], 1);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 7);      /* 5 variables, areas, store */
    assert_int_equal(warp_count(w, 0, 2, 0, 0), 1 + 15); /* step, 5 x (old, flux, store) */
    assert_int_equal(warp_count(w, 0, 1, 0, 0), 5 + 4 * 9 + 5);
    warp_run_t r = warp_start(w, 0, 1, 0, 0); /* flux, lanes = elements 0..31 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10003300); /* density[i] */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10003300 + 192 * 4); /* momentum.x */
    for (int i = 0; i < 3; i++)
        warp_step(&r);
    in = warp_step(&r); /* face 0: ese[i] */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000300);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000f00); /* normals[i + 0 nelr] */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000f00 + 4 * 192 * 4); /* + NNB nelr */
    warp_step(&r);
    /* face 0 is x - 1: a wall at x = 0 (lanes 0, 4, 8, 12); lanes 16..31 are
     * padding copies of element 15 (x 3), whose x - 1 is element 14 */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, 0xffffeeee, 0x10003300); /* lane 1: element 0 */
    assert_int_equal(in.addr[7], 0x10003300 + 4 * 6);
    assert_int_equal(in.addr[16], 0x10003300 + 4 * 14);
    for (int i = 0; i < 4; i++)
        warp_step(&r);
    in = warp_step(&r); /* face 1's ese, after face 0's flux */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000300 + 192 * 4);
    assert_int_equal(in.gap, 40);
    for (int i = 0; i < 3 + 5; i++)
        warp_step(&r);
    for (int i = 0; i < 4; i++) /* face 2: y + s, s = +1 where x + y + z is even */
        warp_step(&r);
    in = warp_step(&r); /* element 0 (even) -> 4; element 5 (1,1,0) -> y 2: far field */
    assert_int_equal(in.addr[0], 0x10003300 + 4 * 4);
    assert_int_equal(in.active >> 5 & 1, 0);
    assert_int_equal(in.active >> 1 & 1, 0); /* element 1 (odd) -> y -1: off the block */
    for (int i = 0; i < 4; i++)
        warp_step(&r);
    for (int i = 0; i < 4; i++)
        warp_step(&r);
    in = warp_step(&r); /* face 3: z + s; 0 -> 8, 15 (3,1,1 odd) -> 7 */
    assert_int_equal(in.addr[0], 0x10003300 + 4 * 8);
    assert_int_equal(in.addr[15], 0x10003300 + 4 * 7);
    for (int i = 0; i < 4; i++)
        warp_step(&r);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10005100); /* fluxes */
    assert_int_equal(in.gap, 40);
    warp_end(&r);
    r = warp_start(w, 0, 2, 0, 0); /* time step */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10006000);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10004200);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10005100);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, 0x10003300);
    warp_end(&r);
    gm_workload_free(w);

    /* Shuffled numbering: the faces still pair up (x + 1 of e is f, then
     * x - 1 of f is e), and the numbers are no longer in row order. */
    w = make("cfd:nx=4,ny=2,nz=2,window=16");
    r = warp_start(w, 0, 1, 0, 0);
    gm_inst_t f0 = {0}, f1 = {0};
    for (unsigned i = 0; i < 5 + 4 + 1; i++)
        f0 = warp_step(&r);
    for (unsigned i = 0; i < 4 + 4 + 1; i++)
        f1 = warp_step(&r);
    warp_end(&r);
    unsigned moved = 0, pairs = 0;
    for (unsigned l = 0; l < 16; l++) {
        if (!(f1.active >> l & 1))
            continue;
        uint32_t f = (uint32_t)(f1.addr[l] - 0x10003300) / 4;
        assert_true(f < 16 && (f0.active >> f & 1));
        assert_int_equal(f0.addr[f], 0x10003300 + 4 * l);
        pairs++;
        moved += f != l + 1;
    }
    assert_int_equal(pairs, 12); /* 16 cells less the 4 at x = 3 */
    assert_true(moved > 0);
    gm_workload_free(w);
}

/* LUD, n = 64: m at 0x10000000, 256-byte rows. Steps at 0, 16, 32 (three
 * kernels each) and the last diagonal at 48. */
static void test_lud(void **state)
{
    (void)state;
    gm_workload_t *w = make("lud:n=64");
    assert_int_equal(gm_workload_kernels(w, 0), 10);
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 16 + 15);
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffff, 0x10000000);
    for (int i = 1; i < 15; i++)
        warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffff, 0x10000f00); /* row 15 */
    gm_inst_t in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, 0xffff, 0x10000100); /* row 1, after the factoring */
    assert_int_equal(in.gap, 128);
    warp_end(&r);
    /* perimeter at 0, CTA 1: the blocks at column 32 and row 32 */
    const gm_kernel_t *k = gm_workload_kernel(w, 0, 1);
    assert_int_equal(k->grid[0], 3);
    assert_int_equal(k->block[0], 32);
    assert_int_equal(warp_count(w, 0, 1, 1, 0), 79);
    r = warp_start(w, 0, 1, 1, 0);
    gm_inst_t seq[79];
    for (int i = 0; i < 79; i++)
        seq[i] = warp_step(&r);
    warp_end(&r);
    expect_inst(seq[0], GM_OP_LOAD, 4, 0xffff, 0x10000000);      /* dia row 0 */
    expect_inst(seq[8], GM_OP_LOAD, 4, 0xffff, 0x10000080);      /* peri_row row 0 */
    expect_inst(seq[24], GM_OP_LOAD, 4, 0xffff0000, 0x10000800); /* dia row 8 */
    expect_inst(seq[32], GM_OP_LOAD, 4, 0xffff0000, 0x10002000); /* peri_col row 32 */
    expect_inst(seq[48], GM_OP_STORE, 4, 0xffff, 0x10000180);    /* peri_row row 1 */
    expect_inst(seq[63], GM_OP_STORE, 4, 0xffff0000, 0x10002000);
    /* internal at 0, CTA (1, 2) = 7, warp 1 (ty 2, 3): row 48, column 32 */
    k = gm_workload_kernel(w, 0, 2);
    assert_int_equal(k->grid[0], 3);
    assert_int_equal(k->grid[1], 3);
    r = warp_start(w, 0, 2, 7, 1);
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000280); /* peri_row m[2][32] */
    assert_int_equal(in.addr[16], 0x10000380);              /* m[3][32] */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10003200); /* m[50][0] */
    in = warp_step(&r);
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10003280);
    assert_int_equal(in.gap, 32);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, 0x10003280);
    assert_int_equal(warp_step(&r).op, GM_OP_EXIT);
    warp_end(&r);
    assert_int_equal(gm_workload_kernel(w, 0, 8)->grid[0], 1); /* internal at 32 */
    r = warp_start(w, 0, 9, 0, 0);                              /* the last diagonal */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, 0xffff, 0x100030c0);
    warp_end(&r);
    gm_workload_free(w);
}

/* cutcp, 2 x 1 x 1 regions: the lattice (4 KB) at 0x10000000, the bins
 * (8 x 7 x 7 of 128 bytes, padded by 3) at 0x10001000. The neighbour list
 * has 7^3 - 8 = 335 offsets (the 8 far corners out): 11 batches of 32. */
static void test_cutcp(void **state)
{
    (void)state;
    gm_workload_t *w = make("cutcp:rx=2,ry=1,rz=1");
    assert_int_equal(warp_count(w, 0, 0, 0, 0), 11 * 8 + 4);
    assert_int_equal(warp_count(w, 0, 0, 0, 1), 4);
    warp_run_t r = warp_start(w, 0, 0, 0, 0);
    gm_inst_t in = warp_step(&r);
    /* first offsets (-2..2, -3, -3) then (-3..3, -2, -3): bins x 1..5 of row
     * y 0, then x 0 of row y 1 (bin 8) */
    expect_inst(in, GM_OP_LOAD, 16, UINT32_MAX, 0x10001080);
    assert_int_equal(in.addr[4], 0x10001000 + 128 * 5);
    assert_int_equal(in.addr[5], 0x10001000 + 128 * 8);
    expect_inst(warp_step(&r), GM_OP_LOAD, 16, UINT32_MAX, 0x10001090); /* atom 1 */
    for (int i = 2; i < 8; i++)
        warp_step(&r);
    in = warp_step(&r); /* batch 1 after batch 0's arithmetic */
    assert_int_equal(in.gap, 32 * 80);
    for (int i = 9; i < 80; i++)
        warp_step(&r);
    in = warp_step(&r); /* the last batch: 335 - 320 bins */
    assert_int_equal(in.active, 0x7fff);
    for (int i = 81; i < 88; i++)
        warp_step(&r);
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10000000);
    assert_int_equal(in.gap, 15 * 80);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, 0x10000200); /* + 128 floats */
    warp_end(&r);
    r = warp_start(w, 0, 0, 0, 1); /* warp 1 computes every bin, then stores */
    in = warp_step(&r);
    expect_inst(in, GM_OP_STORE, 4, UINT32_MAX, 0x10000080);
    assert_int_equal(in.gap, 335 * 80);
    warp_end(&r);
    r = warp_start(w, 0, 0, 1, 0); /* region x 1: bins one to the right */
    expect_inst(warp_step(&r), GM_OP_LOAD, 16, UINT32_MAX, 0x10001100);
    warp_end(&r);
    r = warp_start(w, 0, 0, 1, 1);
    expect_inst(warp_step(&r), GM_OP_STORE, 4, UINT32_MAX, 0x10000880);
    warp_end(&r);
    gm_workload_free(w);
}

/* tpacf, 512 points, 2 random sets: hist at 0x10000000 (800 bytes), x at
 * 0x10000400, y 0x10001c00, z 0x10003400 (3 sets of 2 KB each). CTAs: 0
 * DD, 1 and 2 RR, 3 and 4 DR (random set 1, 2 against the data). */
static void test_tpacf(void **state)
{
    (void)state;
    gm_workload_t *w = make("tpacf:points=512,sets=2");
    assert_int_equal(gm_workload_kernel(w, 0, 0)->grid[0], 5);
    assert_int_equal(warp_count(w, 0, 0, 4, 1), 2 * (3 + 2 * 3));
    warp_run_t r = warp_start(w, 0, 0, 4, 1); /* DR of set 2, warp 1 */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10001480); /* x[1024 + 32] */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10002c80); /* y */
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10004480); /* z */
    gm_inst_t in = warp_step(&r); /* the data's chunk 0 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000480);
    assert_int_equal(in.gap, 1);
    warp_step(&r);
    warp_step(&r);
    in = warp_step(&r); /* chunk 1, after binning chunk 0 */
    expect_inst(in, GM_OP_LOAD, 4, UINT32_MAX, 0x10000880);
    assert_int_equal(in.gap, 1280);
    warp_step(&r);
    warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10001880); /* x[1024+256+32] */
    warp_step(&r);
    warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10000480); /* the data again */
    warp_end(&r);
    /* RR of set 1, warp 0: triangular, 3 + 6 + 3 + 3 loads, then the bins */
    assert_int_equal(warp_count(w, 0, 0, 1, 0), 15 + 1);
    r = warp_start(w, 0, 0, 1, 0);
    expect_inst(warp_step(&r), GM_OP_LOAD, 4, UINT32_MAX, 0x10000c00);
    for (int i = 1; i < 15; i++)
        warp_step(&r);
    expect_inst(warp_step(&r), GM_OP_STORE, 8, 0xfffff, 0x100000a0);
    warp_end(&r);
    gm_workload_free(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_errors), cmocka_unit_test(test_parse_values),
        cmocka_unit_test(test_parse_only),
        cmocka_unit_test(test_listing),      cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_geometry),     cmocka_unit_test(test_atax),
        cmocka_unit_test(test_gemm),         cmocka_unit_test(test_conv2d),
        cmocka_unit_test(test_conv3d),       cmocka_unit_test(test_fdtd),
        cmocka_unit_test(test_transpose),    cmocka_unit_test(test_transpose_sdk),
        cmocka_unit_test(test_lbm),
        cmocka_unit_test(test_matrixmul),    cmocka_unit_test(test_sdk_elementwise),
        cmocka_unit_test(test_sdk_butterfly), cmocka_unit_test(test_btree),
        cmocka_unit_test(test_corr_kernel),  cmocka_unit_test(test_gramschm),
        cmocka_unit_test(test_bfs),          cmocka_unit_test(test_hotspot),
        cmocka_unit_test(test_pathfinder),   cmocka_unit_test(test_nw),
        cmocka_unit_test(test_srad),         cmocka_unit_test(test_kmeans),
        cmocka_unit_test(test_backprop),     cmocka_unit_test(test_spmv),
        cmocka_unit_test(test_probes),       cmocka_unit_test(test_patterns),
        cmocka_unit_test(test_chase),
        cmocka_unit_test(test_listing3),
        cmocka_unit_test(test_streamcluster), cmocka_unit_test(test_particlefilter),
        cmocka_unit_test(test_histogram),    cmocka_unit_test(test_barneshut),
        cmocka_unit_test(test_allocs),
        cmocka_unit_test(test_addvect),      cmocka_unit_test(test_ra),
        cmocka_unit_test(test_repeat),
        cmocka_unit_test(test_lr),           cmocka_unit_test(test_svm),
        cmocka_unit_test(test_cnn),
        cmocka_unit_test(test_bn),
        cmocka_unit_test(test_uvmbfs),
        cmocka_unit_test(test_uvm_footprints),
        cmocka_unit_test(test_cfd),          cmocka_unit_test(test_lud),
        cmocka_unit_test(test_cutcp),        cmocka_unit_test(test_tpacf),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
