/* Traces: the record encoding, gm_trace_write + trace:file= round trips
 * (a recorded workload replays identical instruction streams), corrupt
 * files, and the Accel-Sim .traceg import of the hand-written sample in
 * tests/golden/traceg/sample, whose expected streams are worked out below
 * line by line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "workload/trace.h"
#include "workload/wl.h"
#include "workload/workload.h"
#include "wl_check.h"

/* the trace tests' generators are seeded 7 */
static gm_workload_t *make_t(const char *spec) { return make_seeded(spec, 7); }

static char tmpdir[512];

static const char *tmp_path(const char *name)
{
    static char buf[4][640];
    static unsigned next;
    char *p = buf[next++ % 4];
    snprintf(p, sizeof buf[0], "%s/%s", tmpdir, name);
    return p;
}

static int setup(void **state)
{
    (void)state;
    const char *t = getenv("TMP");
    snprintf(tmpdir, sizeof tmpdir, "%s/gmem-wltrace-%ld", t && *t ? t : "/tmp",
             (long)getpid());
    mkdir(tmpdir, 0700);
    return 0;
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* data[0..n) as the whole of the file at path */
static void write_bytes(const char *path, const uint8_t *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    fclose(f);
}

static void expect_same_inst(const gm_inst_t *a, const gm_inst_t *b, const char *where)
{
    if (a->op != b->op || a->size != b->size || a->bypass_hint != b->bypass_hint ||
        a->gap != b->gap || a->active != b->active || a->pc != b->pc)
        fail_msg("%s: op/size/bypass/gap/mask/pc %u/%u/%u/%u/%08x/%u vs %u/%u/%u/%u/%08x/%u",
                 where, a->op, a->size, a->bypass_hint, a->gap, a->active, a->pc, b->op,
                 b->size, b->bypass_hint, b->gap, b->active, b->pc);
    for (unsigned l = 0; l < 32; l++)
        if ((a->active >> l & 1) && a->addr[l] != b->addr[l])
            fail_msg("%s: lane %u address 0x%llx vs 0x%llx", where, l,
                     (unsigned long long)a->addr[l], (unsigned long long)b->addr[l]);
}

/* Same launches and, warp by warp, the same instructions. */
static void expect_same_streams(const gm_workload_t *a, const gm_workload_t *b)
{
    assert_int_equal(gm_workload_streams(a), gm_workload_streams(b));
    for (unsigned s = 0; s < gm_workload_streams(a); s++) {
        assert_int_equal(gm_workload_kernels(a, s), gm_workload_kernels(b, s));
        for (unsigned i = 0; i < gm_workload_kernels(a, s); i++) {
            const gm_kernel_t *ka = gm_workload_kernel(a, s, i), *kb = gm_workload_kernel(b, s, i);
            assert_string_equal(ka->name, kb->name);
            for (unsigned d = 0; d < 3; d++) {
                assert_int_equal(ka->grid[d], kb->grid[d]);
                assert_int_equal(ka->block[d], kb->block[d]);
            }
            assert_int_equal(ka->regs_per_thread, kb->regs_per_thread);
            assert_int_equal(ka->smem_per_cta, kb->smem_per_cta);
            void *wa = malloc(ka->ops->warp_state_size), *wb = malloc(kb->ops->warp_state_size);
            assert_non_null(wa);
            assert_non_null(wb);
            uint32_t ctas = ka->grid[0] * ka->grid[1] * ka->grid[2];
            uint32_t wpc = (ka->block[0] * ka->block[1] * ka->block[2] + 31) / 32;
            for (uint32_t c = 0; c < ctas; c++)
                for (uint32_t w = 0; w < wpc; w++) {
                    gm_inst_t ia, ib;
                    char where[160];
                    unsigned n = 0;
                    ka->ops->warp_init(ka, wa, c, w);
                    kb->ops->warp_init(kb, wb, c, w);
                    do {
                        ka->ops->warp_next(ka, wa, &ia);
                        kb->ops->warp_next(kb, wb, &ib);
                        snprintf(where, sizeof where, "stream %u kernel %u (%s) cta %u warp %u "
                                 "inst %u", s, i, ka->name, c, w, n++);
                        expect_same_inst(&ia, &ib, where);
                    } while (ia.op != GM_OP_EXIT);
                }
            free(wa);
            free(wb);
        }
    }
}

/* ---- the record encoding */

static void roundtrip_inst(const gm_inst_t *in, size_t *bytes)
{
    wl_buf_t b = {0};
    gm_inst_t ex = {.op = GM_OP_EXIT, .gap = 9};
    assert_int_equal(wl_trace_encode(&b, in), 0);
    *bytes = b.n;
    assert_int_equal(wl_trace_encode(&b, &ex), 0);
    char why[128];
    assert_int_equal(wl_trace_check(b.p, b.p + b.n, why, sizeof why), 0);
    uint64_t begin = 0, end = b.n;
    wl_recorded_t rec = {b.p, &begin, &end, 1, 0, NULL};
    gm_kernel_t k = {.name = "t", .grid = {1, 1, 1}, .block = {32, 1, 1},
                     .ops = &wl_recorded_ops, .args = &rec};
    void *ws = malloc(wl_recorded_ops.warp_state_size);
    gm_inst_t out;
    k.ops->warp_init(&k, ws, 0, 0);
    k.ops->warp_next(&k, ws, &out);
    expect_same_inst(in, &out, "decoded");
    for (unsigned l = 0; l < 32; l++)
        if (!(in->active >> l & 1))
            assert_int_equal(out.addr[l], 0);
    k.ops->warp_next(&k, ws, &out);
    assert_int_equal(out.op, GM_OP_EXIT);
    assert_int_equal(out.gap, 9);
    free(ws);
    free(b.p);
}

static void test_encoding(void **state)
{
    (void)state;
    gm_inst_t in = {.op = GM_OP_LOAD, .size = 4, .gap = 3, .active = UINT32_MAX};
    size_t n;
    for (unsigned l = 0; l < 32; l++)
        in.addr[l] = 0x10000000 + 4 * l;
    roundtrip_inst(&in, &n);
    assert_int_equal(n, 9); /* head, gap, PC, 5-byte base, stride */

    /* a partial mask with a lane-index stride (lanes 3, 7, 8 of a 64-byte stride) */
    memset(&in, 0, sizeof in);
    in = (gm_inst_t){.op = GM_OP_STORE, .size = 16, .bypass_hint = 1, .gap = 65535,
                     .active = (1u << 3) | (1u << 7) | (1u << 8)};
    in.addr[3] = 0x2000;
    in.addr[7] = 0x2000 + 4 * 64;
    in.addr[8] = 0x2000 + 5 * 64;
    roundtrip_inst(&in, &n);

    /* negative stride, 64-bit addresses */
    in = (gm_inst_t){.op = GM_OP_LOAD, .size = 8, .active = 0xf0f0f0f0};
    for (unsigned l = 0; l < 32; l++)
        in.addr[l] = (in.active >> l & 1) ? 0x7f0000001000ull - 8ull * l : 0;
    roundtrip_inst(&in, &n);

    /* irregular addresses: deltas, including a wrap below the base */
    in = (gm_inst_t){.op = GM_OP_LOAD, .size = 1, .gap = 200, .active = 0x80018001};
    in.addr[0] = 0x5000;
    in.addr[15] = 0x10;
    in.addr[16] = 0xffffffff00000000ull;
    in.addr[31] = 0x5001;
    roundtrip_inst(&in, &n);

    /* one lane; no lane */
    in = (gm_inst_t){.op = GM_OP_LOAD, .size = 2, .active = 1u << 31};
    in.addr[31] = 0x1234;
    roundtrip_inst(&in, &n);
    in = (gm_inst_t){.op = GM_OP_STORE, .size = 4, .active = 0};
    roundtrip_inst(&in, &n);

    /* malformed streams */
    char why[128];
    static const uint8_t no_exit[] = {0x10, 0x00, 0x00, 0x01, 0x80, 0x01, 0x02};
    assert_int_equal(wl_trace_check(no_exit, no_exit + sizeof no_exit, why, sizeof why), -1);
    assert_non_null(strstr(why, "without EXIT"));
    static const uint8_t early_exit[] = {0x02, 0x00, 0x02, 0x00};
    assert_int_equal(wl_trace_check(early_exit, early_exit + 4, why, sizeof why), -1);
    assert_non_null(strstr(why, "EXIT before the end"));
    static const uint8_t bad_size[] = {0x28, 0x00, 0x01, 0x00, 0x00, 0x02, 0x00};
    assert_int_equal(wl_trace_check(bad_size, bad_size + sizeof bad_size, why, sizeof why), -1);
    assert_non_null(strstr(why, "access size 2^5"));
    static const uint8_t cut[] = {0x50, 0x00, 0xff};
    assert_int_equal(wl_trace_check(cut, cut + sizeof cut, why, sizeof why), -1);
    assert_non_null(strstr(why, "truncated"));
    static const uint8_t bad_op[] = {0x03, 0x00};
    assert_int_equal(wl_trace_check(bad_op, bad_op + 2, why, sizeof why), -1);
    assert_non_null(strstr(why, "bad header byte 0x03"));
}

/* ---- round trips */

static const char *const specs[] = {
    "atax:n=96,tb=64", "gesummv:n=64", "syr2k:n=40,tbx=16,tby=4", "3mm:n=40",
    "2dconv:n=70", "3dconv:n=34", "fdtd2d:n=48,tmax=2,tbx=16", "corr:m=40,n=36,tb=32",
    "covar:m=40,n=36", "gramschm:n=40,tb=32", "bfs:nodes=300,degree=3,tb=64",
    "hotspot:n=40,ph=2,steps=3", "srad:n=48,iters=1", "kmeans:points=300,features=5,tex=0",
    "backprop:in=256", "pathfinder:cols=600,rows=7,ph=3", "nw:n=48",
    "spmv:rows=300,nnz=5,band=20,tb=64", "stream:n=5000,tb=100", "stride:iters=8,ctas=4",
    "gather:n=1000,iters=3,ctas=4", "tiled:tile=4096,reps=2,ctas=3",
    "rowscan:rows=100,cols=8,tb=64", "pair:ax:n=64+sv:rows=200",
    "triple:hs:n=32,steps=2+pf:cols=300,rows=3+bp:in=64", NULL};

static void test_round_trip(void **state)
{
    (void)state;
    const char *path = tmp_path("rt.gmt");
    char spec[700];
    snprintf(spec, sizeof spec, "trace:file=%s", path);
    for (unsigned i = 0; specs[i]; i++) {
        gm_err_t err = {{0}};
        gm_workload_t *w = make_t(specs[i]);
        if (gm_trace_write(w, path, &err))
            fail_msg("%s: %s", specs[i], err.msg);
        gm_workload_t *r = make_t(spec);
        assert_string_equal(gm_workload_spec(r), spec);
        expect_same_streams(w, r);
        gm_workload_free(r);
        gm_workload_free(w);
    }
    remove(path);
}

static int same_file(const char *a, const char *b)
{
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    int same = fa && fb;
    while (same) {
        int ca = fgetc(fa), cb = fgetc(fb);
        same = ca == cb;
        if (ca == EOF)
            break;
    }
    if (fa)
        fclose(fa);
    if (fb)
        fclose(fb);
    return same;
}

/* Recording a replay gives the same file; a 2-stream trace replays as a
 * pair but cannot itself be part of one. */
static void test_trace_of_trace(void **state)
{
    (void)state;
    const char *p1 = tmp_path("a.gmt"), *p2 = tmp_path("b.gmt");
    char spec[700];
    gm_err_t err;
    gm_workload_t *w = make_t("pair:gemm:n=40+bfs:nodes=100");
    assert_int_equal(gm_trace_write(w, p1, &err), 0);
    assert_int_equal(gm_trace_write(w, p2, &err), 0); /* the writer is deterministic */
    assert_true(same_file(p1, p2));
    snprintf(spec, sizeof spec, "trace:file=%s", p1);
    gm_workload_t *r = make_t(spec);
    assert_int_equal(gm_workload_streams(r), 2);
    assert_int_equal(gm_trace_write(r, p2, &err), 0);
    gm_workload_free(r);
    /* the second file records the replay's spec; compare from the streams on */
    snprintf(spec, sizeof spec, "trace:file=%s", p2);
    r = make_t(spec);
    expect_same_streams(w, r);
    gm_workload_free(r);
    gm_workload_free(w);

    char pair[1500];
    snprintf(pair, sizeof pair, "pair:ax:n=64+trace:file=%s", p1);
    expect_error(pair, "a 2-stream trace cannot be part of a pair or triple");
    w = make_t("gemm:n=40");
    assert_int_equal(gm_trace_write(w, p2, &err), 0);
    snprintf(pair, sizeof pair, "pair:ax:n=64+trace:file=%s", p2);
    r = make_t(pair);
    assert_int_equal(gm_workload_streams(r), 2);
    gm_workload_free(r);
    gm_workload_free(w);

    w = make_t("ax:n=64");
    assert_int_equal(gm_trace_write(w, "/nonexistent/dir/x.gmt", &err), -1);
    assert_non_null(strstr(err.msg, "/nonexistent/dir/x.gmt: cannot open for writing"));
    gm_workload_free(w);
    remove(p1);
    remove(p2);
}

/* Records atax:n=64 to `path` and reads the file back into `data`
 * (static storage of the caller); returns its length. */
static size_t record_atax(const char *path, uint8_t *data, size_t cap)
{
    gm_err_t err;
    gm_workload_t *w = make_t("atax:n=64");
    assert_int_equal(gm_trace_write(w, path, &err), 0);
    gm_workload_free(w);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(data, 1, cap, f);
    fclose(f);
    assert_true(n > 1000 && n < cap);
    return n;
}

static void test_corrupt_traces(void **state)
{
    (void)state;
    const char *good = tmp_path("good.gmt"), *bad = tmp_path("bad.gmt");
    char spec[700];
    static uint8_t data[1 << 20];
    size_t n = record_atax(good, data, sizeof data);
    snprintf(spec, sizeof spec, "trace:file=%s", bad);

    write_bytes(bad, data, n / 2); /* cut in the middle */
    expect_error(spec, "not a valid gmem trace");

    data[n] = 0; /* trailing bytes (n < sizeof data: record_atax checks) */
    write_bytes(bad, data, n + 1);
    expect_error(spec, "not a valid gmem trace (trailing bytes");

    data[0] = 'X'; /* magic */
    write_bytes(bad, data, n);
    expect_error(spec, "not a gmem trace (no GMTRACE1 magic at byte 0)");
    data[0] = 'G';

    data[8] = 9; /* version */
    write_bytes(bad, data, n);
    expect_error(spec, "trace version 9 at byte 8, expected 3");
    data[8] = 2; /* the previous format */
    write_bytes(bad, data, n);
    expect_error(spec, "trace version 2 at byte 8, expected 3 (record it again)");
    data[8] = 3;

    write_file(bad, "");
    expect_error(spec, "no GMTRACE1 magic");
    remove(good);
    remove(bad);
}

/* A trace cut at every length is refused with the file and a byte offset
 * (never read past its buffer: this binary runs under AddressSanitizer). */
static void test_truncated_everywhere(void **state)
{
    (void)state;
    const char *good = tmp_path("whole.gmt"), *bad = tmp_path("cut.gmt");
    char spec[700];
    gm_err_t err;
    static uint8_t data[1 << 20];
    size_t n = record_atax(good, data, sizeof data);
    snprintf(spec, sizeof spec, "trace:file=%s", bad);
    for (size_t len = 0; len < n; len++) {
        write_bytes(bad, data, len);
        gm_workload_t *r = gm_workload_create(spec, 1, &err);
        if (r) {
            gm_workload_free(r);
            fail_msg("a trace cut to %zu of %zu bytes was accepted", len, n);
        }
        if (!strstr(err.msg, bad) || !strstr(err.msg, "at byte "))
            fail_msg("cut to %zu bytes: \"%s\" names no file and byte offset", len, err.msg);
    }
    remove(good);
    remove(bad);
}

/* Every single-bit flip, in the header or the body, is refused naming the
 * file (the header's length, record count and CRC-32 of the body): every
 * bit of the header and 3000 random bits of the body. */
static void test_bit_flips(void **state)
{
    (void)state;
    const char *good = tmp_path("orig.gmt"), *bad = tmp_path("flip.gmt");
    char spec[700];
    gm_err_t err;
    static uint8_t data[1 << 20];
    size_t n = record_atax(good, data, sizeof data);
    snprintf(spec, sizeof spec, "trace:file=%s", bad);
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (unsigned i = 0; i < 29 * 8 + 3000; i++) {
        size_t bit;
        if (i < 29 * 8) {
            bit = i;
        } else {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            bit = 29 * 8 + (size_t)(x % ((n - 29) * 8));
        }
        data[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        write_bytes(bad, data, n);
        data[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        gm_workload_t *r = gm_workload_create(spec, 1, &err);
        if (r) {
            gm_workload_free(r);
            fail_msg("flipping bit %zu (byte %zu) of %zu bytes was accepted", bit % 8,
                     bit / 8, n);
        }
        if (!strstr(err.msg, bad) || !strstr(err.msg, "byte "))
            fail_msg("bit %zu of byte %zu: \"%s\" names no file and byte", bit % 8, bit / 8,
                     err.msg);
    }
    remove(good);
    remove(bad);
}

/* ---- Accel-Sim import */

#define SAMPLE GM_SOURCE_DIR "/tests/golden/traceg/sample"

/* The sample's lowest accessed address, 0x7f5a3c000000, lands at 0x10000000. */
static uint64_t R(uint64_t a) { return a - 0x7f5a3c000000ull + 0x10000000ull; }

typedef struct want {
    uint8_t op, size, bypass;
    uint16_t gap;
    uint32_t active;
    uint64_t addr[4]; /* the first active lanes */
    uint32_t pc;      /* checked when not 0 */
} want_t;

static void expect_warp(const gm_workload_t *w, unsigned k, uint32_t cta, uint32_t warp,
                        const want_t *want, unsigned n)
{
    const gm_kernel_t *kn = gm_workload_kernel(w, 0, k);
    void *ws = malloc(kn->ops->warp_state_size);
    kn->ops->warp_init(kn, ws, cta, warp);
    for (unsigned i = 0; i < n; i++) {
        gm_inst_t in;
        kn->ops->warp_next(kn, ws, &in);
        assert_int_equal(in.op, want[i].op);
        assert_int_equal(in.gap, want[i].gap);
        if (in.op == GM_OP_EXIT)
            continue;
        assert_int_equal(in.size, want[i].size);
        assert_int_equal(in.bypass_hint, want[i].bypass);
        assert_int_equal(in.active, want[i].active);
        if (want[i].pc)
            assert_int_equal(in.pc, want[i].pc);
        for (unsigned l = 0, j = 0; l < 32 && j < 4; l++)
            if (in.active >> l & 1)
                assert_int_equal(in.addr[l], want[i].addr[j++]);
    }
    free(ws);
}

static void test_traceg_sample(void **state)
{
    (void)state;
    gm_workload_t *w = make_t("traceg:dir=" SAMPLE);
    assert_int_equal(gm_workload_streams(w), 1);
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    const gm_kernel_t *k1 = gm_workload_kernel(w, 0, 0), *k2 = gm_workload_kernel(w, 0, 1);
    assert_string_equal(k1->name, "_Z6vecaddPfS_S_i");
    assert_int_equal(k1->grid[0], 2);
    assert_int_equal(k1->block[0], 64);
    assert_int_equal(k1->regs_per_thread, 16);
    assert_int_equal(k1->smem_per_cta, 512);
    assert_string_equal(k2->name, "_Z5localv");
    assert_int_equal(k2->grid[0], 1);
    assert_int_equal(k2->grid[1], 2);
    assert_int_equal(k2->block[0], 32);
    assert_int_equal(k2->regs_per_thread, 40);

    /* CTA 0 warp 0: IMAD.MOV and S2R are compute (gap 2); LDG.E base+stride;
     * LDS is shared memory (gap 1); LDG.E.64 base+deltas 8 8 -16 on lanes
     * 0-3; FADD (gap 1); STG.E list on lanes 0, 2; ATOMG (one lane,
     * base+deltas, bypass); a predicated-off LDG counts as compute, so EXIT
     * has gap 1. */
    const want_t w00[] = {
        {GM_OP_LOAD, 4, 0, 2, UINT32_MAX,
         {R(0x7f5a3c000000), R(0x7f5a3c000004), R(0x7f5a3c000008), R(0x7f5a3c00000c)}, 0x20},
        {GM_OP_LOAD, 8, 0, 1, 0xf,
         {R(0x7f5a3c000400), R(0x7f5a3c000408), R(0x7f5a3c000410), R(0x7f5a3c000400)}, 0x40},
        {GM_OP_STORE, 4, 0, 1, 0x5, {R(0x7f5a3c000800), R(0x7f5a3c000900)}, 0x60},
        {GM_OP_STORE, 4, 1, 0, 0x1, {R(0x7f5a3c000c00)}, 0x70},
        {GM_OP_EXIT, 0, 0, 1, 0, {0}, 0},
    };
    expect_warp(w, 0, 0, 0, w00, 5);
    /* warp 1: LDG.E.U8 listing lanes 0 and 31, BRA */
    const want_t w01[] = {
        {GM_OP_LOAD, 1, 0, 0, 0x80000001, {R(0x7f5a3c000010), R(0x7f5a3c000011)}, 0x20},
        {GM_OP_EXIT, 0, 0, 1, 0, {0}, 0},
    };
    expect_warp(w, 0, 0, 1, w01, 2);
    /* CTA 1: STG.E.128 on lanes 0-15, 16 bytes apart; warp 1 is absent */
    const want_t w10[] = {
        {GM_OP_STORE, 16, 0, 0, 0xffff,
         {R(0x7f5a3c001000), R(0x7f5a3c001010), R(0x7f5a3c001020), R(0x7f5a3c001030)}, 0},
        {GM_OP_EXIT, 0, 0, 0, 0, {0}, 0},
    };
    expect_warp(w, 0, 1, 0, w10, 2);
    const want_t exit_only[] = {{GM_OP_EXIT, 0, 0, 0, 0, {0}, 0}};
    expect_warp(w, 0, 1, 1, exit_only, 1);
    /* kernel 2 (tracer version 2 with line numbers): block (0,1,0) = CTA 1
     * loads local memory; block (0,0,0) only exits */
    const want_t k2w[] = {
        {GM_OP_LOAD, 4, 0, 0, UINT32_MAX,
         {R(0x7f5a52000000), R(0x7f5a52000004), R(0x7f5a52000008), R(0x7f5a5200000c)}, 0},
        {GM_OP_EXIT, 0, 0, 0, 0, {0}, 0},
    };
    expect_warp(w, 1, 1, 0, k2w, 2);
    expect_warp(w, 1, 0, 0, exit_only, 1);

    /* through our own format and back: the same streams */
    const char *path = tmp_path("tg.gmt");
    char spec[700];
    gm_err_t err;
    assert_int_equal(gm_trace_write(w, path, &err), 0);
    snprintf(spec, sizeof spec, "trace:file=%s", path);
    gm_workload_t *r = make_t(spec);
    expect_same_streams(w, r);
    gm_workload_free(r);
    remove(path);
    gm_workload_free(w);

    w = make_t("pair:traceg:dir=" SAMPLE "+ax:n=64");
    assert_int_equal(gm_workload_streams(w), 2);
    gm_workload_free(w);
}

static const char header[] = "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
                             "-accelsim tracer version = 4\n\n";

/* The kernel file is kernel-1.traceg, or kernel-1.traceg.xz when the list
 * names that. */
static void bad_traceg(const char *list, const char *kernel, const char *msg)
{
    const char *dir = tmp_path("tg");
    char path[700], spec[700], name[64] = "kernel-1.traceg";
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    write_file(path, list);
    if (!strncmp(list, "kernel-1.traceg.xz\n", 19))
        snprintf(name, sizeof name, "kernel-1.traceg.xz");
    snprintf(path, sizeof path, "%s/%s", dir, name);
    write_file(path, kernel);
    snprintf(spec, sizeof spec, "traceg:dir=%s", dir);
    expect_error(spec, msg);
    remove(path);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    remove(path);
    rmdir(dir);
}

static void test_traceg_errors(void **state)
{
    (void)state;
    char k[1024];
    /* a file listed as .xz is decompressed: one that is not xz is refused */
    bad_traceg("kernel-1.traceg.xz\n", "-grid dim = (1,1,1)\n",
               "kernel-1.traceg.xz: not an xz file (bad magic bytes) at compressed byte");
    bad_traceg("MemcpyHtoD,0x1,4\n", "", "lists no kernel-N.traceg file");
    bad_traceg("kernel-1.traceg\n", "-block dim = (32,1,1)\n#x\n", "the header has no grid dim");
    bad_traceg("kernel-2.traceg\n", "", "kernel-2.traceg: cannot open: No such file");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                          "0000 ffffffff 0 EXIT 0 0 0\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "kernel-1.traceg:10: the warp has 1 instructions, "
                                       "insts said 2");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                          "0000 ffffffff 1 R1 LDG.E 1 R2 4 3 0x10 0\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "kernel-1.traceg:9: expected address mode 0, 1 or 2");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                          "0000 00000005 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "base+stride needs a contiguous active mask");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                          "0000 00000003 1 R1 LDG.E 1 R2 4 0 0x10\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "expected one hex address per active lane");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "expected thread block = x,y,z inside the grid");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\n#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "warp id past the CTA's warps");
    snprintf(k, sizeof k, "%s0000 ffffffff 0 EXIT 0 0 0\n", header);
    bad_traceg("kernel-1.traceg\n", k, "an instruction outside #BEGIN_TB/#END_TB");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n", header);
    bad_traceg("kernel-1.traceg\n", k, "the file ends inside a thread block");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
                          "0000 ffffffff 1 R1 LDG.E 1 R2 4 1 0x10 4 0\nwarp = 0\ninsts = 0\n"
                          "#END_TB\n", header);
    bad_traceg("kernel-1.traceg\n", k, "the warp appears twice");
    snprintf(k, sizeof k, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                          "0000 ffffffff 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n"
                          "0010 ffffffff 1 R1 LDG.E 1 R2 4 1 0x200000010 4 0\n#END_TB\n",
             header);
    /* more distinct 64 KiB pages than the whole space holds: refused at
     * the line that adds one too many (61440 pages: 1920 lines of 32) */
    size_t cap = 200000, n = 0;
    char *big = malloc(cap);
    assert_non_null(big);
    n += (size_t)snprintf(big + n, cap - n, "%s#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n"
                                            "insts = 1921\n", header);
    for (unsigned i = 0; i < 1921; i++)
        n += (size_t)snprintf(big + n, cap - n, "0000 ffffffff 1 R1 LDG.E 1 R2 4 1 0x%llx 65536 0\n",
                              0x7f0000000000ull + (unsigned long long)i * (32ull << 20));
    snprintf(big + n, cap - n, "#END_TB\n");
    bad_traceg("kernel-1.traceg\n", big,
               "kernel-1.traceg:1929: the trace touches more than 61440 distinct 64 KiB pages "
               "(3840 MiB): more than the model's address space 0x10000000..0xffffffff holds");
    free(big);
}

/* Addresses more than 4 GB apart fold into two regions laid out densely
 * from 0x10000000, each keeping its bits below 2 MiB; two CUDA streams
 * become two of the model's streams. */
static void test_traceg_fold_streams(void **state)
{
    (void)state;
    const char *dir = tmp_path("tgf");
    char path[700], spec[700], k[2048];
    mkdir(dir, 0700);
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    write_file(path, "MemcpyHtoD,0x7f0000000000,16\nkernel-1.traceg\nkernel-2.traceg\n"
                     "kernel-3.traceg\n");
    const char *body = "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n"
                       "0000 00000003 1 R1 LDG.E 1 R2 4 0 0x%llx 0x%llx 0\n"
                       "0010 ffffffff 0 EXIT 0 0 0\n#END_TB\n";
    const unsigned long long addr[3][2] = {{0x7f3a40000010ull, 0x7f3a40212344ull},
                                           {0x7fc2a0000040ull, 0x7fc2a0000080ull},
                                           {0x7f3a40000020ull, 0x7fc2a01fffc0ull}};
    const unsigned long long stream[3] = {0, 94558744539504ull, 0};
    for (unsigned i = 0; i < 3; i++) {
        int n = snprintf(k, sizeof k, "-grid dim = (1,1,1)\n-block dim = (32,1,1)\n"
                                      "-cuda stream id = %llu\n-accelsim tracer version = 4\n\n",
                         stream[i]);
        snprintf(k + n, sizeof k - (size_t)n, body, addr[i][0], addr[i][1]);
        snprintf(path, sizeof path, "%s/kernel-%u.traceg", dir, i + 1);
        write_file(path, k);
    }
    snprintf(spec, sizeof spec, "traceg:dir=%s", dir);
    gm_workload_t *w = make_t(spec);
    assert_int_equal(gm_workload_streams(w), 2);
    assert_int_equal(gm_workload_kernels(w, 0), 2);
    assert_int_equal(gm_workload_kernels(w, 1), 1);
    assert_int_equal(gm_workload_kernels_total(w), 3);
    const gm_kernel_t *k1 = gm_workload_kernel(w, 0, 0), *k2 = gm_workload_kernel(w, 1, 0),
                      *k3 = gm_workload_kernel(w, 0, 1);
    assert_int_equal(k1->id, 1);
    assert_int_equal(k2->id, 2);
    assert_int_equal(k3->id, 3);
    assert_int_equal(k2->cuda_stream, 94558744539504ull);
    assert_int_equal(k3->cuda_stream, 0);
    /* regions: 0x7f3a40000000 (two 2 MiB granules) -> 0x10000000,
     * 0x7fc2a0000000 (one) -> 0x10400000 */
    const want_t w1[] = {{GM_OP_LOAD, 4, 0, 0, 3, {0x10000010, 0x10212344}, 0},
                         {GM_OP_EXIT, 0, 0, 0, 0, {0}, 0}};
    expect_warp(w, 0, 0, 0, w1, 2);
    const want_t w3[] = {{GM_OP_LOAD, 4, 0, 0, 3, {0x10000020, 0x105fffc0}, 0},
                         {GM_OP_EXIT, 0, 0, 0, 0, {0}, 0}};
    expect_warp(w, 1, 0, 0, w3, 2);
    const gm_kernel_t *kn = k2;
    void *ws = malloc(kn->ops->warp_state_size);
    gm_inst_t in;
    kn->ops->warp_init(kn, ws, 0, 0);
    kn->ops->warp_next(kn, ws, &in);
    assert_int_equal(in.addr[0], 0x10400040);
    assert_int_equal(in.addr[1], 0x10400080);
    free(ws);
    gm_workload_free(w);
    /* in a pair the trace has one stream: its kernels run in list order,
     * and the other member's arrays lie above the fold */
    snprintf(spec, sizeof spec, "pair:traceg:dir=%s+stream", dir);
    w = make_t(spec);
    assert_int_equal(gm_workload_streams(w), 2);
    assert_int_equal(gm_workload_kernels(w, 0), 3);
    kn = gm_workload_kernel(w, 1, 0);
    ws = malloc(kn->ops->warp_state_size);
    kn->ops->warp_init(kn, ws, 0, 0);
    do
        kn->ops->warp_next(kn, ws, &in);
    while (in.op == GM_OP_EXIT ? 0 : !in.active);
    if (in.op != GM_OP_EXIT)
        for (unsigned l = 0; l < 32; l++)
            if (in.active >> l & 1)
                assert_true(in.addr[l] >= 0x10600000);
    free(ws);
    gm_workload_free(w);
    for (unsigned i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/kernel-%u.traceg", dir, i + 1);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/kernelslist.g", dir);
    remove(path);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_encoding),       cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_trace_of_trace), cmocka_unit_test(test_corrupt_traces),
        cmocka_unit_test(test_truncated_everywhere), cmocka_unit_test(test_bit_flips),
        cmocka_unit_test(test_traceg_sample),  cmocka_unit_test(test_traceg_errors),
        cmocka_unit_test(test_traceg_fold_streams),
    };
    int rc = cmocka_run_group_tests(tests, setup, NULL);
    rmdir(tmpdir);
    return rc;
}
