/* CUDA SDK transpose, transposeNaive (seed-001 Table 2.3 TRP, CART's best
 * benchmark): odata[x * n + y] = idata[y * n + x] over an n x n float
 * matrix, 32 x 8 CTAs (TILE_DIM 32, BLOCK_ROWS 8), one element per thread
 * (the SDK's thread loops over 4 rows of its 32 x 32 tile; here the grid
 * has 4 times the rows of CTAs: the same lines, the same per-warp
 * pattern). A warp's load is one 128 B line; its store is 32 lines n * 4
 * bytes apart: with a 256-byte channel interleave all in one channel
 * (partition camping), and the CTAs in flight store to different DRAM
 * rows of its banks, which reordering at the L2 groups by row.
 *
 * kernels=1 runs the SDK sample's kernels in turn, each once (the sample
 * times each NUM_REPS = 100 times): copy, copySharedMem, transposeNaive,
 * transposeCoalesced, transposeNoBankConflicts, transposeCoarseGrained,
 * transposeFineGrained, transposeDiagonal. Seen from global memory they
 * are four patterns, each a load then a store of one element a thread on
 * the same 32 x 8 CTAs: copy (out[y][x] = in[y][x]: copy, copySharedMem
 * and fine-grained, which transposes within a tile only), naive, tiled
 * (a 32 x 32 tile read a row a warp and written a row a warp at the
 * transposed tile's place: coalesced, no-bank-conflicts and
 * coarse-grained) and diagonal (tiled, CTA (bx, by) taking tile
 * ((bx + by) mod G, bx) of the G x G tiles, the SDK's remedy for partition
 * camping). The shared-memory round trip and barrier of the tiled kernels
 * are compute instructions before the store. */
#include "workload/affine.h"

enum { Z = AV_0, X = AV_X, Y = AV_Y };
enum { TR_N, TR_KERNELS };
static const wl_param_t transpose_params[] = {
    {"n", "matrix size", 2048, 32, 16384, 32, 0},
    {"kernels", "0: transposeNaive; 1: the SDK sample's eight kernels in turn", 0, 0, 1, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

/* ---- the SDK sample's kernels (kernels=1) */

enum { TP_COPY, TP_NAIVE, TP_TILED, TP_DIAGONAL };

typedef struct tp_args {
    uint64_t in, out;
    uint32_t n, pattern;
} tp_args_t;

typedef struct tp_ws {
    uint32_t bx, by, ty, step;
} tp_ws_t;

static void tp_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    tp_ws_t *s = ws;
    s->bx = cta % k->grid[0];
    s->by = cta / k->grid[0];
    s->ty = warp; /* a 32 x 8 CTA: warp w is threadIdx.y = w */
    s->step = 0;
}

static void tp_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const tp_args_t *a = k->args;
    tp_ws_t *s = ws;
    uint64_t n = a->n, g = n / 32;
    /* the tile this warp's row belongs to, and its row r in the tile */
    uint64_t tx = s->bx, ty = s->by / 4, r = (s->by % 4) * 8 + s->ty;
    if (a->pattern == TP_DIAGONAL) {
        uint64_t d = (tx + ty) % g;
        ty = tx;
        tx = d;
    }
    uint64_t row = ty * 32 + r, col = tx * 32; /* the element lane 0 reads */
    if (s->step == 0) {
        wl_mem(o, GM_OP_LOAD, 4, 6, 0xffffffffu);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = a->in + 4 * (row * n + col + l);
    } else if (s->step == 1) {
        int tiled = a->pattern >= TP_TILED;
        wl_mem(o, GM_OP_STORE, 4, tiled ? 4 : 2, 0xffffffffu);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            uint64_t e = a->pattern == TP_COPY    ? row * n + col + l
                         : a->pattern == TP_NAIVE ? (col + l) * n + row
                                                  : (tx * 32 + r) * n + ty * 32 + l;
            o->addr[l] = a->out + 4 * e;
        }
    } else {
        wl_exit(o, 1);
    }
    s->step++;
}

static const gm_kernel_ops_t tp_ops = {sizeof(tp_ws_t), tp_init, tp_next};

static int transpose_sdk(wl_builder_t *b, uint32_t n, uint64_t in, uint64_t out)
{
    static const struct {
        const char *name;
        uint32_t pattern;
    } k[] = {{"copy", TP_COPY},
             {"copySharedMem", TP_COPY},
             {"transposeNaive", TP_NAIVE},
             {"transposeCoalesced", TP_TILED},
             {"transposeNoBankConflicts", TP_TILED},
             {"transposeCoarseGrained", TP_TILED},
             {"transposeFineGrained", TP_COPY},
             {"transposeDiagonal", TP_DIAGONAL}};
    for (unsigned i = 0; i < sizeof k / sizeof k[0]; i++) {
        tp_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        *a = (tp_args_t){in, out, n, k[i].pattern};
        /* the SDK's tiled kernels hold a 32 x 33 float tile in shared memory */
        uint32_t smem = k[i].pattern >= TP_TILED ? 32 * 33 * 4 : 0;
        wl_launch(b, &(wl_launch_t){k[i].name, &tp_ops, a, {n / 32, n / 8}, {32, 8}, 10, smem});
    }
    return 0;
}

enum { T_IN, T_OUT };
static const aff_ref_t transpose_refs[] = {
    {GM_OP_LOAD, T_IN, AP_ALL, {Z, Y, X}, {0, 0, 0}, 6},
    {GM_OP_STORE, T_OUT, AP_ALL, {Z, X, Y}, {0, 0, 0}, 2},
};
static const aff_seg_t transpose_segs[] = {{0, 2, 0}};
static const aff_prog_t transpose = {transpose_refs, transpose_segs, 1, 1};

static int transpose_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[TR_N];
    uint64_t in = wl_array(b, 4ull * n * n), out = wl_array(b, 4ull * n * n);
    if (p->v[TR_KERNELS])
        return transpose_sdk(b, n, in, out);
    aff_kernel_t *a = aff_new(b, &transpose);
    if (!a)
        return -1;
    a->arr[T_IN] = (aff_array_t){in, 0, n};
    a->arr[T_OUT] = (aff_array_t){out, 0, n};
    a->xhi = a->yhi = n;
    wl_launch(b, &(wl_launch_t){"transposeNaive", &aff_ops, a, {n / 32, n / 8}, {32, 8}, 10, 0});
    return 0;
}

const wl_def_t wl_transpose = {"transpose", NULL, transpose_params, transpose_build};
