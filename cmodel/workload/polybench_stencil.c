/* PolyBench/GPU stencils: 2DCONV, 3DCONV, FDTD-2D.
 *
 * One output point per thread, x = column, y = row, 2-D CTAs of tbx x tby
 * (32 x 8 in the benchmark). Neighbours at column +-1 make a 32-wide warp
 * touch two lines per load; rows +-1 are other lines of the same columns.
 * About 2 compute instructions per memory instruction (one FMUL/FFMA and
 * address arithmetic per operand). */
#include "workload/affine.h"

enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };
enum { Z = AV_0, X = AV_X, Y = AV_Y, C = AV_C };

static int check_cta(wl_builder_t *b, uint32_t tbx, uint32_t tby)
{
    if (tbx * tby > 1024)
        return wl_fail(b, "tbx*tby", "%u threads per CTA, expected at most 1024",
                       tbx * tby);
    return 0;
}

static void launch2d(wl_builder_t *b, const char *name, aff_kernel_t *a, uint32_t nx,
                     uint32_t ny, uint32_t tbx, uint32_t tby, uint32_t regs)
{
    wl_launch(b, &(wl_launch_t){name, &aff_ops, a,
                                {wl_ceil_div(nx, tbx), wl_ceil_div(ny, tby)},
                                {tbx, tby}, regs, 0});
}

/* ---- 2DCONV: B[i][j] = sum of c * A[i+di][j+dj], di, dj in -1..1, for
 * 0 < i, j < n-1; operands in source order (row i-1 first). */
enum { P2_N, P2_TBX, P2_TBY };
static const wl_param_t conv2d_params[] = {
    {"n", "image size", 1024, 32, 16384, 0, 0},
    {"tbx", "CTA width", 32, 1, 1024, 0, 0},
    {"tby", "CTA height", 8, 1, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { C2_A, C2_B };
static const aff_ref_t conv2d_refs[] = {
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, -1, -1}, 10},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, -1, 0}, 1},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, -1, 1}, 1},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 0, -1}, 2},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 0, 1}, 1},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 1, -1}, 2},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 1, 0}, 1},
    {LD, C2_A, AP_ALL, {Z, Y, X}, {0, 1, 1}, 1},
    {ST, C2_B, AP_ALL, {Z, Y, X}, {0, 0, 0}, 9},
};
static const aff_seg_t conv2d_segs[] = {{0, 10, 0}};
static const aff_prog_t conv2d = {conv2d_refs, conv2d_segs, 1, 1};

static int conv2d_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P2_N], tbx = (uint32_t)p->v[P2_TBX],
             tby = (uint32_t)p->v[P2_TBY];
    if (check_cta(b, tbx, tby))
        return -1;
    aff_kernel_t *a = aff_new(b, &conv2d);
    if (!a)
        return -1;
    a->arr[C2_A] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    a->arr[C2_B] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    a->xlo = a->ylo = 1;
    a->xhi = a->yhi = n - 1;
    launch2d(b, "convolution2D_kernel", a, n, n, tbx, tby, 14);
    return 0;
}

const wl_def_t wl_2dconv = {"2dconv", NULL, conv2d_params, conv2d_build};

/* ---- 3DCONV: one launch per plane i = 1..n-2; x = k, y = j. The source
 * sums 15 terms of which 4 repeat an element already loaded in the same
 * expression: 11 distinct loads, in order of first appearance. */
enum { P3_N, P3_TBX, P3_TBY };
static const wl_param_t conv3d_params[] = {
    {"n", "volume size", 128, 32, 1024, 0, 0},
    {"tbx", "CTA width", 32, 1, 1024, 0, 0},
    {"tby", "CTA height", 8, 1, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { C3_A, C3_B };
static const aff_ref_t conv3d_refs[] = {
    {LD, C3_A, AP_ALL, {C, Y, X}, {-1, -1, -1}, 12},
    {LD, C3_A, AP_ALL, {C, Y, X}, {1, -1, -1}, 2},
    {LD, C3_A, AP_ALL, {C, Y, X}, {0, -1, 0}, 5},
    {LD, C3_A, AP_ALL, {C, Y, X}, {0, 0, 0}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {0, 1, 0}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {-1, -1, 1}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {1, -1, 1}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {-1, 0, 1}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {1, 0, 1}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {-1, 1, 1}, 1},
    {LD, C3_A, AP_ALL, {C, Y, X}, {1, 1, 1}, 1},
    {ST, C3_B, AP_ALL, {C, Y, X}, {0, 0, 0}, 6},
};
static const aff_seg_t conv3d_segs[] = {{0, 12, 0}};
static const aff_prog_t conv3d = {conv3d_refs, conv3d_segs, 1, 1};

static int conv3d_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P3_N], tbx = (uint32_t)p->v[P3_TBX],
             tby = (uint32_t)p->v[P3_TBY];
    if (check_cta(b, tbx, tby))
        return -1;
    aff_array_t A = {wl_array(b, 4ull * n * n * n), n * n, n};
    aff_array_t B = {wl_array(b, 4ull * n * n * n), n * n, n};
    for (uint32_t i = 1; i + 1 < n; i++) {
        aff_kernel_t *a = aff_new(b, &conv3d);
        if (!a)
            return -1;
        a->arr[C3_A] = A;
        a->arr[C3_B] = B;
        a->c = i;
        a->xlo = a->ylo = 1;
        a->xhi = a->yhi = n - 1;
        launch2d(b, "convolution3D_kernel", a, n, n, tbx, tby, 18);
    }
    return 0;
}

const wl_def_t wl_3dconv = {"3dconv", NULL, conv3d_params, conv3d_build};

/* ---- FDTD-2D: per time step t,
 *   step1: ey[0][j] = fict[t]; ey[i][j] -= 0.5 (hz[i][j] - hz[i-1][j]) (i > 0)
 *   step2: ex[i][j] -= 0.5 (hz[i][j] - hz[i][j-1])                    (j > 0)
 *   step3: hz[i][j] -= 0.7 (ex[i][j+1] - ex[i][j] + ey[i+1][j] - ey[i][j])
 *          (i < n-1, j < n-1)
 * The i == 0 branch of step1 diverges only in a warp spanning two rows. */
enum { PF_N, PF_TMAX, PF_TBX, PF_TBY };
static const wl_param_t fdtd_params[] = {
    {"n", "grid size", 1024, 32, 16384, 0, 0},
    {"tmax", "time steps", 4, 1, 1000, 0, 0},
    {"tbx", "CTA width", 32, 1, 1024, 0, 0},
    {"tby", "CTA height", 8, 1, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { FD_FICT, FD_EX, FD_EY, FD_HZ };
static const aff_ref_t fdtd1_refs[] = {
    {LD, FD_FICT, AP_Y0, {Z, Z, C}, {0, 0, 0}, 8},
    {ST, FD_EY, AP_Y0, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, FD_EY, AP_YNZ, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, FD_HZ, AP_YNZ, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, FD_HZ, AP_YNZ, {Z, Y, X}, {0, -1, 0}, 1},
    {ST, FD_EY, AP_YNZ, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_ref_t fdtd2_refs[] = {
    {LD, FD_EX, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, FD_HZ, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, FD_HZ, AP_ALL, {Z, Y, X}, {0, 0, -1}, 1},
    {ST, FD_EX, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_ref_t fdtd3_refs[] = {
    {LD, FD_HZ, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, FD_EX, AP_ALL, {Z, Y, X}, {0, 0, 1}, 1},
    {LD, FD_EX, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, FD_EY, AP_ALL, {Z, Y, X}, {0, 1, 0}, 2},
    {LD, FD_EY, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {ST, FD_HZ, AP_ALL, {Z, Y, X}, {0, 0, 0}, 4},
};
static const aff_seg_t fdtd1_segs[] = {{0, 6, 0}};
static const aff_seg_t fdtd2_segs[] = {{0, 4, 0}};
static const aff_seg_t fdtd3_segs[] = {{0, 6, 0}};
static const aff_prog_t fdtd1 = {fdtd1_refs, fdtd1_segs, 1, 1};
static const aff_prog_t fdtd2 = {fdtd2_refs, fdtd2_segs, 1, 1};
static const aff_prog_t fdtd3 = {fdtd3_refs, fdtd3_segs, 1, 1};

static int fdtd_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[PF_N], tmax = (uint32_t)p->v[PF_TMAX],
             tbx = (uint32_t)p->v[PF_TBX], tby = (uint32_t)p->v[PF_TBY];
    if (check_cta(b, tbx, tby))
        return -1;
    aff_array_t arr[4] = {{wl_array(b, 4ull * tmax), 0, 0},
                          {wl_array(b, 4ull * n * n), 0, n},
                          {wl_array(b, 4ull * n * n), 0, n},
                          {wl_array(b, 4ull * n * n), 0, n}};
    static const aff_prog_t *const progs[3] = {&fdtd1, &fdtd2, &fdtd3};
    static const char *const names[3] = {"fdtd_step1_kernel", "fdtd_step2_kernel",
                                         "fdtd_step3_kernel"};
    for (uint32_t t = 0; t < tmax; t++) {
        for (unsigned s = 0; s < 3; s++) {
            aff_kernel_t *a = aff_new(b, progs[s]);
            if (!a)
                return -1;
            for (unsigned i = 0; i < 4; i++)
                a->arr[i] = arr[i];
            a->c = t;
            a->xlo = s == 1 ? 1 : 0;
            a->xhi = s == 2 ? n - 1 : n;
            a->yhi = s == 2 ? n - 1 : n;
            launch2d(b, names[s], a, n, n, tbx, tby, 12);
        }
    }
    return 0;
}

const wl_def_t wl_fdtd2d = {"fdtd2d", NULL, fdtd_params, fdtd_build};
