/* Synthetic access patterns, each one warp program over 4-byte elements
 * with `gap` compute instructions before every memory instruction:
 *   stream  -- thread g reads a[g + k T] (T = all threads) and writes
 *              b[g + k T]: one 128-byte line per warp access, no reuse;
 *   stride  -- every warp access is one full line, successive accesses of
 *              all warps `stride` bytes apart (wrapping over `span`): with
 *              a power-of-two stride every line falls in one cache set and
 *              one memory partition (set and partition camping);
 *   gather  -- thread g loads idx[g + k T] (coalesced), then one element
 *              at a random index of an n-element table;
 *   tiled   -- each CTA sweeps its own `tile` bytes `reps` times
 *              (coalesced; shared=1 gives all CTAs one tile);
 *   rowscan -- seed-000 7.4 item 1: thread g loads row g,
 *              base + g*row + j*4 for j < cols: 32 lines per warp access,
 *              each reused by the next 31 (intra-warp locality). */
#include "util/rng.h"
#include "workload/wl.h"

typedef struct syn_args {
    uint64_t a, b;         /* arrays */
    uint64_t n;            /* elements (stream, gather table), bytes (stride span, tile) */
    uint64_t threads;      /* all threads of the grid */
    uint64_t stride, seed; /* stride: bytes; gather: hash seed */
    uint32_t iters;        /* accesses per thread (or per warp for stride) */
    uint32_t cols;         /* rowscan: elements per row */
    uint32_t store, shared;
    uint16_t gap;
} syn_args_t;

typedef struct syn_ws {
    uint64_t g[GM_WARP_SIZE]; /* global thread id (tiled: thread in CTA) */
    uint64_t gwarp;           /* global warp id */
    uint64_t k; /* accesses (or (sweep, chunk) pairs) done */
    uint32_t cta, live, pc;
} syn_ws_t;

static void syn_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    syn_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    uint32_t wpc = wl_ceil_div(kn->block[0], GM_WARP_SIZE);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        s->g[l] = (uint64_t)cta * kn->block[0] + w.tx[l];
    s->gwarp = (uint64_t)cta * wpc + warp;
    s->cta = cta;
    s->live = w.live;
    s->k = s->pc = 0;
}

/* ---- stream */

static void stream_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const syn_args_t *a = kn->args;
    syn_ws_t *s = ws;
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && s->g[l] + s->k * a->threads < a->n)
            m |= 1u << l;
    if (!m) {
        wl_exit(o, 1);
        return;
    }
    wl_mem(o, s->pc ? GM_OP_STORE : GM_OP_LOAD, 4, a->gap, m);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (m >> l & 1) ? (s->pc ? a->b : a->a) +
                                        4 * (s->g[l] + s->k * a->threads)
                                  : 0;
    if (s->pc || !a->store) {
        s->pc = 0;
        s->k++;
    } else {
        s->pc = 1;
    }
}

static const gm_kernel_ops_t stream_ops = {sizeof(syn_ws_t), syn_init, stream_next};

enum { ST_N, ST_TB, ST_CTAS, ST_STORE, ST_GAP };
static const wl_param_t stream_params[] = {
    {"n", "elements", 1048576, 32, 268435456, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"ctas", "CTAs, 0 = one element per thread", 0, 0, 1048576, 0, 0},
    {"store", "also write b", 1, 0, 1, 0, 0},
    {"gap", "compute per memory instruction", 4, 0, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int stream_build(wl_builder_t *b, const wl_vals_t *p)
{
    syn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t tb = (uint32_t)p->v[ST_TB];
    uint32_t ctas = p->v[ST_CTAS] ? (uint32_t)p->v[ST_CTAS] : wl_ceil_div(p->v[ST_N], tb);
    a->n = p->v[ST_N];
    a->threads = (uint64_t)ctas * tb;
    a->store = (uint32_t)p->v[ST_STORE];
    a->gap = (uint16_t)p->v[ST_GAP];
    a->a = wl_array(b, 4 * a->n);
    a->b = a->store ? wl_array(b, 4 * a->n) : 0;
    wl_launch(b, &(wl_launch_t){"stream", &stream_ops, a, {ctas, 1}, {tb, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_stream = {"stream", NULL, stream_params, stream_build};

/* ---- stride */

static void stride_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const syn_args_t *a = kn->args;
    syn_ws_t *s = ws;
    if (s->k == a->iters || !s->live) {
        wl_exit(o, 1);
        return;
    }
    uint64_t line = ((s->gwarp * a->iters + s->k) * a->stride) % a->n;
    wl_mem(o, GM_OP_LOAD, 4, a->gap, s->live);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (s->live >> l & 1) ? a->a + line + 4 * l : 0;
    s->k++;
}

static const gm_kernel_ops_t stride_ops = {sizeof(syn_ws_t), syn_init, stride_next};

enum { SR_STRIDE, SR_ITERS, SR_SPAN, SR_TB, SR_CTAS, SR_GAP };
static const wl_param_t stride_params[] = {
    {"stride", "bytes between successive accesses", 4096, 128, 16777216, 128, 0},
    {"iters", "accesses per warp", 256, 1, 65536, 0, 0},
    {"span", "bytes the addresses wrap over", 16777216, 4096, 1073741824, 128, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"ctas", "CTAs", 120, 1, 65536, 0, 0},
    {"gap", "compute per memory instruction", 2, 0, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int stride_build(wl_builder_t *b, const wl_vals_t *p)
{
    syn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->stride = p->v[SR_STRIDE];
    a->iters = (uint32_t)p->v[SR_ITERS];
    a->n = p->v[SR_SPAN];
    a->gap = (uint16_t)p->v[SR_GAP];
    a->a = wl_array(b, a->n);
    wl_launch(b, &(wl_launch_t){"stride", &stride_ops, a, {(uint32_t)p->v[SR_CTAS], 1},
                                {(uint32_t)p->v[SR_TB], 1}, 16, 0});
    return 0;
}

const wl_def_t wl_stride = {"stride", NULL, stride_params, stride_build};

/* ---- gather */

static void gather_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const syn_args_t *a = kn->args;
    syn_ws_t *s = ws;
    if (s->k == a->iters || !s->live) {
        wl_exit(o, 1);
        return;
    }
    wl_mem(o, GM_OP_LOAD, 4, a->gap, s->live);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t i = s->g[l] + (uint64_t)s->k * a->threads;
        uint64_t addr = s->pc ? a->b + 4 * (gm_mix64(a->seed + i * 0x9e3779b97f4a7c15ull) % a->n)
                              : a->a + 4 * i;
        o->addr[l] = (s->live >> l & 1) ? addr : 0;
    }
    s->k += s->pc;
    s->pc ^= 1;
}

static const gm_kernel_ops_t gather_ops = {sizeof(syn_ws_t), syn_init, gather_next};

enum { GA_N, GA_ITERS, GA_TB, GA_CTAS, GA_GAP };
static const wl_param_t gather_params[] = {
    {"n", "table elements", 4194304, 32, 268435456, 0, 0},
    {"iters", "gathers per thread", 16, 1, 65536, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"ctas", "CTAs", 120, 1, 65536, 0, 0},
    {"gap", "compute per memory instruction", 2, 0, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int gather_build(wl_builder_t *b, const wl_vals_t *p)
{
    syn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t tb = (uint32_t)p->v[GA_TB], ctas = (uint32_t)p->v[GA_CTAS];
    a->n = p->v[GA_N];
    a->iters = (uint32_t)p->v[GA_ITERS];
    a->threads = (uint64_t)ctas * tb;
    a->gap = (uint16_t)p->v[GA_GAP];
    a->seed = b->seed;
    a->a = wl_array(b, 4 * a->threads * a->iters); /* the index array */
    a->b = wl_array(b, 4 * a->n);                  /* the table */
    wl_launch(b, &(wl_launch_t){"gather", &gather_ops, a, {ctas, 1}, {tb, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_gather = {"gather", NULL, gather_params, gather_build};

/* ---- tiled */

/* Lanes of the warp inside chunk `chunk` (tb elements) of the tile. */
static uint32_t tiled_mask(const syn_args_t *a, const syn_ws_t *s, uint64_t tb,
                           uint64_t chunk)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t t = s->g[l] - (uint64_t)s->cta * tb; /* thread within the CTA */
        if ((s->live >> l & 1) && 4 * (chunk * tb + t) < a->n)
            m |= 1u << l;
    }
    return m;
}

static void tiled_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const syn_args_t *a = kn->args;
    syn_ws_t *s = ws;
    uint64_t tb = kn->block[0], chunks = (a->n + 4 * tb - 1) / (4 * tb);
    uint64_t total = (uint64_t)a->iters * chunks; /* s->k counts (sweep, chunk) */
    uint64_t base = a->a + (a->shared ? 0 : s->cta * a->n);
    uint32_t m = 0;
    while (s->k < total && !(m = tiled_mask(a, s, tb, s->k % chunks)))
        s->k++; /* a tile shorter than the CTA leaves some warps idle */
    if (s->k >= total) {
        wl_exit(o, 1);
        return;
    }
    uint64_t chunk = s->k % chunks;
    wl_mem(o, GM_OP_LOAD, 4, a->gap, m);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t t = s->g[l] - (uint64_t)s->cta * tb;
        o->addr[l] = (m >> l & 1) ? base + 4 * (chunk * tb + t) : 0;
    }
    s->k++;
}

static const gm_kernel_ops_t tiled_ops = {sizeof(syn_ws_t), syn_init, tiled_next};

enum { TI_TILE, TI_REPS, TI_SHARED, TI_TB, TI_CTAS, TI_GAP };
static const wl_param_t tiled_params[] = {
    {"tile", "bytes per CTA", 16384, 128, 16777216, 128, 0},
    {"reps", "sweeps", 16, 1, 65536, 0, 0},
    {"shared", "1 = all CTAs sweep one tile", 0, 0, 1, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"ctas", "CTAs", 120, 1, 65536, 0, 0},
    {"gap", "compute per memory instruction", 2, 0, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int tiled_build(wl_builder_t *b, const wl_vals_t *p)
{
    syn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t ctas = (uint32_t)p->v[TI_CTAS];
    a->n = p->v[TI_TILE];
    a->iters = (uint32_t)p->v[TI_REPS];
    a->shared = (uint32_t)p->v[TI_SHARED];
    a->gap = (uint16_t)p->v[TI_GAP];
    a->a = wl_array(b, a->shared ? a->n : a->n * ctas);
    wl_launch(b, &(wl_launch_t){"tiled", &tiled_ops, a, {ctas, 1},
                                {(uint32_t)p->v[TI_TB], 1}, 16, 0});
    return 0;
}

const wl_def_t wl_tiled = {"tiled", NULL, tiled_params, tiled_build};

/* ---- rowscan */

static void rowscan_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const syn_args_t *a = kn->args;
    syn_ws_t *s = ws;
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && s->g[l] < a->n)
            m |= 1u << l;
    if (!m || s->k == a->cols) {
        wl_exit(o, 1);
        return;
    }
    wl_mem(o, GM_OP_LOAD, 4, a->gap, m);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (m >> l & 1) ? a->a + s->g[l] * a->stride + 4ull * s->k : 0;
    s->k++;
}

static const gm_kernel_ops_t rowscan_ops = {sizeof(syn_ws_t), syn_init, rowscan_next};

enum { RS_ROWS, RS_ROW, RS_COLS, RS_TB, RS_GAP };
static const wl_param_t rowscan_params[] = {
    {"rows", "rows, one per thread", 16384, 32, 4194304, 0, 0},
    {"row", "bytes per row", 4096, 4, 16777216, 4, 0},
    {"cols", "elements scanned per row", 64, 1, 65536, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"gap", "compute per memory instruction", 2, 0, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int rowscan_build(wl_builder_t *b, const wl_vals_t *p)
{
    syn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t tb = (uint32_t)p->v[RS_TB];
    a->n = p->v[RS_ROWS];
    a->stride = p->v[RS_ROW];
    a->cols = (uint32_t)p->v[RS_COLS];
    a->gap = (uint16_t)p->v[RS_GAP];
    if (4ull * a->cols > a->stride)
        return wl_fail(b, "cols", "%u elements do not fit a %llu-byte row (at most %llu)",
                       a->cols, (unsigned long long)a->stride,
                       (unsigned long long)(a->stride / 4));
    a->a = wl_array(b, a->n * a->stride);
    wl_launch(b, &(wl_launch_t){"rowscan", &rowscan_ops, a, {wl_ceil_div(a->n, tb), 1},
                                {tb, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_rowscan = {"rowscan", NULL, rowscan_params, rowscan_build};
