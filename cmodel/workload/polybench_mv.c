/* PolyBench/GPU matrix-vector kernels: ATAX, BICG, MVT, GESUMMV.
 *
 * Each thread owns one row (A[i][*], uncoalesced across a warp: 32 rows,
 * 32 lines per load) or one column (A[*][j], one line per warp load) and
 * loops over the other dimension. 1-D CTAs of tb threads, grid ceil(n/tb).
 * Compute per iteration: address arithmetic, one FFMA and the loop test,
 * about 2 instructions per memory instruction (seed-000 Table 6: ax 2). */
#include "workload/affine.h"

enum { P_N, P_TB };

static const wl_param_t mv_params[] = {
    {"n", "matrix size", 2048, 32, 16384, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };
enum { Z = AV_0, X = AV_X, K = AV_K };

/* 12 registers: 56.2% register occupancy at 1536 threads (Table 6, ax). */
static int mv_launch(wl_builder_t *b, const char *name, const aff_prog_t *prog,
                     const aff_array_t *arr, unsigned narr, uint32_t n, uint32_t tb)
{
    aff_kernel_t *a = aff_new(b, prog);
    if (!a)
        return -1;
    for (unsigned i = 0; i < narr; i++)
        a->arr[i] = arr[i];
    a->trips = n;
    a->xlo = 0;
    a->xhi = n;
    wl_launch(b, &(wl_launch_t){name, &aff_ops, a, {wl_ceil_div(n, tb), 1}, {tb, 1}, 12, 0});
    return 0;
}

static void matrix_vectors(wl_builder_t *b, uint32_t n, aff_array_t *arr,
                           unsigned nmat, unsigned nvec)
{
    for (unsigned i = 0; i < nmat; i++)
        arr[i] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    for (unsigned i = nmat; i < nmat + nvec; i++)
        arr[i] = (aff_array_t){wl_array(b, 4ull * n), 0, 0};
}

/* ---- ATAX: tmp = A x (row per thread), y = A^T tmp (column per thread). */
enum { ATAX_A, ATAX_X, ATAX_Y, ATAX_TMP };
static const aff_ref_t atax1_refs[] = {
    {ST, ATAX_TMP, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6}, /* tmp[i] = 0 */
    {LD, ATAX_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 2},   /* A[i][j] */
    {LD, ATAX_X, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1},   /* x[j] */
    {ST, ATAX_TMP, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3}, /* tmp[i] += */
};
static const aff_ref_t atax2_refs[] = {
    {ST, ATAX_Y, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6},   /* y[j] = 0 */
    {LD, ATAX_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 2},   /* A[i][j] */
    {LD, ATAX_TMP, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1}, /* tmp[i] */
    {ST, ATAX_Y, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3},   /* y[j] += */
};
static const aff_seg_t init_loop3[] = {{0, 1, 0}, {1, 3, 1}};
static const aff_prog_t atax1 = {atax1_refs, init_loop3, 2, 2};
static const aff_prog_t atax2 = {atax2_refs, init_loop3, 2, 2};

static int atax_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], tb = (uint32_t)p->v[P_TB];
    aff_array_t arr[4];
    matrix_vectors(b, n, arr, 1, 3); /* A, x, y, tmp as the benchmark allocates */
    if (mv_launch(b, "atax_kernel1", &atax1, arr, 4, n, tb))
        return -1;
    return mv_launch(b, "atax_kernel2", &atax2, arr, 4, n, tb);
}

const wl_def_t wl_atax = {"atax", "ax", mv_params, atax_build};

/* ---- BICG: s = r^T A (column per thread), q = A p (row per thread). */
enum { BICG_A, BICG_R, BICG_S, BICG_P, BICG_Q };
static const aff_ref_t bicg1_refs[] = {
    {ST, BICG_S, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6}, /* s[j] = 0 */
    {LD, BICG_R, AP_ALL, {Z, Z, K}, {0, 0, 0}, 2}, /* r[i] */
    {LD, BICG_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 1}, /* A[i][j] */
    {ST, BICG_S, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3}, /* s[j] += */
};
static const aff_ref_t bicg2_refs[] = {
    {ST, BICG_Q, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6}, /* q[i] = 0 */
    {LD, BICG_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 2}, /* A[i][j] */
    {LD, BICG_P, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1}, /* p[j] */
    {ST, BICG_Q, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3}, /* q[i] += */
};
static const aff_prog_t bicg1 = {bicg1_refs, init_loop3, 2, 2};
static const aff_prog_t bicg2 = {bicg2_refs, init_loop3, 2, 2};

static int bicg_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], tb = (uint32_t)p->v[P_TB];
    aff_array_t arr[5];
    matrix_vectors(b, n, arr, 1, 4); /* A, r, s, p, q */
    if (mv_launch(b, "bicg_kernel1", &bicg1, arr, 5, n, tb))
        return -1;
    return mv_launch(b, "bicg_kernel2", &bicg2, arr, 5, n, tb);
}

const wl_def_t wl_bicg = {"bicg", NULL, mv_params, bicg_build};

/* ---- MVT: x1 += A y1 (row per thread), x2 += A^T y2 (column per thread).
 * No initialisation: x[i] is loaded once, then kept in a register. */
enum { MVT_A, MVT_X1, MVT_X2, MVT_Y1, MVT_Y2 };
static const aff_ref_t mvt1_refs[] = {
    {LD, MVT_X1, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6}, /* x1[i] */
    {LD, MVT_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 2},  /* a[i][j] */
    {LD, MVT_Y1, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1}, /* y_1[j] */
    {ST, MVT_X1, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3}, /* x1[i] += */
};
static const aff_ref_t mvt2_refs[] = {
    {LD, MVT_X2, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6}, /* x2[i] */
    {LD, MVT_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 2},  /* a[j][i] */
    {LD, MVT_Y2, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1}, /* y_2[j] */
    {ST, MVT_X2, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3}, /* x2[i] += */
};
static const aff_prog_t mvt1 = {mvt1_refs, init_loop3, 2, 2};
static const aff_prog_t mvt2 = {mvt2_refs, init_loop3, 2, 2};

static int mvt_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], tb = (uint32_t)p->v[P_TB];
    aff_array_t arr[5];
    matrix_vectors(b, n, arr, 1, 4); /* a, x1, x2, y_1, y_2 */
    if (mv_launch(b, "mvt_kernel1", &mvt1, arr, 5, n, tb))
        return -1;
    return mv_launch(b, "mvt_kernel2", &mvt2, arr, 5, n, tb);
}

const wl_def_t wl_mvt = {"mvt", NULL, mv_params, mvt_build};

/* ---- GESUMMV: tmp[i] += A[i][j] x[j]; y[i] += B[i][j] x[j] per j, then
 * y[i] = alpha tmp[i] + beta y[i]. Two stores per iteration, so nothing
 * stays in a register: every read reloads (8 memory instructions). */
enum { GS_A, GS_B, GS_TMP, GS_X, GS_Y };
static const aff_ref_t gesummv_refs[] = {
    {LD, GS_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 2},   /* A[i][j] */
    {LD, GS_X, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1},   /* x[j] */
    {LD, GS_TMP, AP_ALL, {Z, Z, X}, {0, 0, 0}, 0}, /* tmp[i] */
    {ST, GS_TMP, AP_ALL, {Z, Z, X}, {0, 0, 0}, 2}, /* tmp[i] += */
    {LD, GS_B, AP_ALL, {Z, X, K}, {0, 0, 0}, 1},   /* B[i][j] */
    {LD, GS_X, AP_ALL, {Z, Z, K}, {0, 0, 0}, 1},   /* x[j] */
    {LD, GS_Y, AP_ALL, {Z, Z, X}, {0, 0, 0}, 0},   /* y[i] */
    {ST, GS_Y, AP_ALL, {Z, Z, X}, {0, 0, 0}, 5},   /* y[i] +=; loop test */
    {LD, GS_TMP, AP_ALL, {Z, Z, X}, {0, 0, 0}, 1}, /* tmp[i] */
    {ST, GS_Y, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3},   /* y[i] = alpha.. */
};
static const aff_seg_t gesummv_segs[] = {{0, 8, 1}, {8, 2, 0}};
static const aff_prog_t gesummv = {gesummv_refs, gesummv_segs, 2, 1};

static int gesummv_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], tb = (uint32_t)p->v[P_TB];
    aff_array_t arr[5];
    matrix_vectors(b, n, arr, 2, 3); /* A, B, tmp, x, y */
    return mv_launch(b, "gesummv_kernel", &gesummv, arr, 5, n, tb);
}

const wl_def_t wl_gesummv = {"gesummv", NULL, mv_params, gesummv_build};
