/* CUDA SDK transpose, transposeNaive (seed-001 Table 2.3 TRP, CART's best
 * benchmark): odata[x * n + y] = idata[y * n + x] over an n x n float
 * matrix, 32 x 8 CTAs (TILE_DIM 32, BLOCK_ROWS 8), one element per thread
 * (the SDK's thread loops over 4 rows of its 32 x 32 tile; here the grid
 * has 4 times the rows of CTAs: the same lines, the same per-warp
 * pattern). A warp's load is one 128 B line; its store is 32 lines n * 4
 * bytes apart: with a 256-byte channel interleave all in one channel
 * (partition camping), and the CTAs in flight store to different DRAM
 * rows of its banks, which reordering at the L2 groups by row. */
#include "workload/affine.h"

enum { Z = AV_0, X = AV_X, Y = AV_Y };
enum { TR_N };
static const wl_param_t transpose_params[] = {
    {"n", "matrix size", 2048, 32, 16384, 32, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

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
    aff_kernel_t *a = aff_new(b, &transpose);
    if (!a)
        return -1;
    a->arr[T_IN] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    a->arr[T_OUT] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    a->xhi = a->yhi = n;
    wl_launch(b, &(wl_launch_t){"transposeNaive", &aff_ops, a, {n / 32, n / 8}, {32, 8}, 10, 0});
    return 0;
}

const wl_def_t wl_transpose = {"transpose", NULL, transpose_params, transpose_build};
