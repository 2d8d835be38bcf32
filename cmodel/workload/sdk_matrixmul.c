/* CUDA SDK matrixMul in its L1 D-cache form (seed-004 Fig 2.1(b), the
 * tiled-cache MM of its cache-friendly set): C = A B over n x n floats,
 * BLOCK_SIZE x BLOCK_SIZE CTAs (16 x 16 in the seed), one C element per
 * thread. The tile loop and its unrolled k loop read
 * A[a + WA*ty + k] and B[b + k*WB + tx] straight from global memory, so
 * in thread coordinates (row = by*16 + ty, col = bx*16 + tx, K = tile*16
 * + k) the references are A[row][K] and B[K][col] for K = 0..n-1, in
 * order; Csub stays in a register and is stored once. With 16-wide CTAs a
 * warp holds two rows: its A load touches 2 lines (seed-004 §2.3.1: "two
 * cache accesses are needed"), its B load half a line shared by the CTA's
 * 8 warps. Registers: 25, so 5 CTAs fit a GTX480 SM as the seed reports
 * ("register usage is the limiting factor ... 5 TBs"). Compute: one FMA
 * per k plus the unrolled loop's address arithmetic (1 per load). */
#include "workload/affine.h"

enum { P_N, P_BS };
static const wl_param_t matrixmul_params[] = {
    {"n", "matrix size (WA = HA = WB)", 256, 16, 4096, 16, 0},
    {"bs", "BLOCK_SIZE: CTAs of bs x bs threads", 16, 8, 32, 8, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { Z = AV_0, X = AV_X, Y = AV_Y, K = AV_K };
enum { MM_A, MM_B, MM_C };
static const aff_ref_t matrixmul_refs[] = {
    {GM_OP_LOAD, MM_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 1},
    {GM_OP_LOAD, MM_B, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {GM_OP_STORE, MM_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 4},
};
static const aff_seg_t matrixmul_segs[] = {{0, 2, 1}, {2, 1, 0}};
static const aff_prog_t matrixmul = {matrixmul_refs, matrixmul_segs, 2, 1};

static int matrixmul_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], bs = (uint32_t)p->v[P_BS];
    if (n % bs)
        return wl_fail(b, "n", "%u is not a multiple of bs=%u (the SDK's tiles cover the "
                               "matrix exactly)", n, bs);
    aff_kernel_t *a = aff_new(b, &matrixmul);
    if (!a)
        return -1;
    for (unsigned i = 0; i < 3; i++)
        a->arr[i] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    a->trips = n;
    a->xhi = a->yhi = n;
    wl_launch(b, &(wl_launch_t){"matrixMul", &aff_ops, a, {n / bs, n / bs}, {bs, bs}, 25, 0});
    return 0;
}

const wl_def_t wl_matrixmul = {"matrixmul", NULL, matrixmul_params, matrixmul_build};
