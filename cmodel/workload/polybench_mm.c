/* PolyBench/GPU matrix-matrix kernels: GEMM, SYRK, SYR2K, 2MM, 3MM.
 *
 * One output element per thread: x = column j, y = row i, 2-D CTAs of
 * tbx x tby (32 x 8 in the benchmark), grid ceil(n/tbx) x ceil(n/tby). A
 * warp of a 32-wide CTA is one row segment: A[i][k] is a broadcast (one
 * request), B[k][j] one coalesced line, A[j][k] (SYRK/SYR2K) 32 rows.
 * The output is the only store in the k loop, so it stays in a register and
 * is stored every iteration. About 2 compute instructions per memory
 * instruction (seed-000 Table 6: 3m 2). */
#include "workload/affine.h"

enum { P_N, P_TBX, P_TBY };

static const wl_param_t mm_params[] = {
    {"n", "matrix size", 256, 32, 4096, 0, 0},
    {"tbx", "CTA width", 32, 1, 1024, 0, 0},
    {"tby", "CTA height", 8, 1, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };
enum { Z = AV_0, X = AV_X, Y = AV_Y, K = AV_K };

typedef struct mm_geom {
    uint32_t n, tbx, tby;
} mm_geom_t;

static int mm_geom(wl_builder_t *b, const wl_vals_t *p, mm_geom_t *g)
{
    g->n = (uint32_t)p->v[P_N];
    g->tbx = (uint32_t)p->v[P_TBX];
    g->tby = (uint32_t)p->v[P_TBY];
    if (g->tbx * g->tby > 1024)
        return wl_fail(b, "tbx*tby", "%u threads per CTA, expected at most 1024",
                       g->tbx * g->tby);
    return 0;
}

/* 12 registers (Table 6, 3m: 56.2% register occupancy at 1536 threads). */
static int mm_launch(wl_builder_t *b, const char *name, const aff_prog_t *prog,
                     const aff_array_t *arr, unsigned narr, const mm_geom_t *g)
{
    aff_kernel_t *a = aff_new(b, prog);
    if (!a)
        return -1;
    for (unsigned i = 0; i < narr; i++)
        a->arr[i] = arr[i];
    a->trips = g->n;
    a->xhi = g->n;
    a->yhi = g->n;
    wl_launch(b, &(wl_launch_t){name, &aff_ops, a,
                                {wl_ceil_div(g->n, g->tbx), wl_ceil_div(g->n, g->tby)},
                                {g->tbx, g->tby}, 12, 0});
    return 0;
}

static void matrices(wl_builder_t *b, uint32_t n, aff_array_t *arr, unsigned count)
{
    for (unsigned i = 0; i < count; i++)
        arr[i] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
}

/* Output scaled by beta (load + store), then the k loop. */
static const aff_seg_t scale_loop3[] = {{0, 2, 0}, {2, 3, 1}};
/* Output zeroed (store), then the k loop. */
static const aff_seg_t zero_loop3[] = {{0, 1, 0}, {1, 3, 1}};

/* ---- GEMM: c[i][j] *= beta; c[i][j] += alpha a[i][k] b[k][j] */
enum { GM_A, GM_B, GM_C };
static const aff_ref_t gemm_refs[] = {
    {LD, GM_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {ST, GM_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, GM_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, GM_B, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, GM_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_prog_t gemm = {gemm_refs, scale_loop3, 2, 1};

static int gemm_build(wl_builder_t *b, const wl_vals_t *p)
{
    mm_geom_t g;
    aff_array_t arr[3];
    if (mm_geom(b, p, &g))
        return -1;
    matrices(b, g.n, arr, 3);
    return mm_launch(b, "gemm_kernel", &gemm, arr, 3, &g);
}

const wl_def_t wl_gemm = {"gemm", NULL, mm_params, gemm_build};

/* ---- SYRK: c[i][j] *= beta; c[i][j] += alpha a[i][k] a[j][k] */
enum { SK_A, SK_C };
static const aff_ref_t syrk_refs[] = {
    {LD, SK_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {ST, SK_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, SK_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, SK_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 1},
    {ST, SK_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_prog_t syrk = {syrk_refs, scale_loop3, 2, 1};

static int syrk_build(wl_builder_t *b, const wl_vals_t *p)
{
    mm_geom_t g;
    aff_array_t arr[2];
    if (mm_geom(b, p, &g))
        return -1;
    matrices(b, g.n, arr, 2);
    return mm_launch(b, "syrk_kernel", &syrk, arr, 2, &g);
}

const wl_def_t wl_syrk = {"syrk", NULL, mm_params, syrk_build};

/* ---- SYR2K: c[i][j] *= beta;
 * c[i][j] += alpha a[i][k] b[j][k] + alpha b[i][k] a[j][k] */
enum { S2_A, S2_B, S2_C };
static const aff_ref_t syr2k_refs[] = {
    {LD, S2_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {ST, S2_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, S2_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, S2_B, AP_ALL, {Z, X, K}, {0, 0, 0}, 1},
    {LD, S2_B, AP_ALL, {Z, Y, K}, {0, 0, 0}, 1},
    {LD, S2_A, AP_ALL, {Z, X, K}, {0, 0, 0}, 1},
    {ST, S2_C, AP_ALL, {Z, Y, X}, {0, 0, 0}, 5},
};
static const aff_seg_t syr2k_segs[] = {{0, 2, 0}, {2, 5, 1}};
static const aff_prog_t syr2k = {syr2k_refs, syr2k_segs, 2, 1};

static int syr2k_build(wl_builder_t *b, const wl_vals_t *p)
{
    mm_geom_t g;
    aff_array_t arr[3];
    if (mm_geom(b, p, &g))
        return -1;
    matrices(b, g.n, arr, 3);
    return mm_launch(b, "syr2k_kernel", &syr2k, arr, 3, &g);
}

const wl_def_t wl_syr2k = {"syr2k", NULL, mm_params, syr2k_build};

/* ---- 2MM: tmp = alpha A B (tmp zeroed first); D = beta D + tmp C */
enum { M2_TMP, M2_A, M2_B, M2_C, M2_D };
static const aff_ref_t mm2_1_refs[] = {
    {ST, M2_TMP, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, M2_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, M2_B, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, M2_TMP, AP_ALL, {Z, Y, X}, {0, 0, 0}, 4},
};
static const aff_ref_t mm2_2_refs[] = {
    {LD, M2_D, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {ST, M2_D, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, M2_TMP, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, M2_C, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, M2_D, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_prog_t mm2_1 = {mm2_1_refs, zero_loop3, 2, 1};
static const aff_prog_t mm2_2 = {mm2_2_refs, scale_loop3, 2, 1};

static int mm2_build(wl_builder_t *b, const wl_vals_t *p)
{
    mm_geom_t g;
    aff_array_t arr[5];
    if (mm_geom(b, p, &g))
        return -1;
    matrices(b, g.n, arr, 5);
    if (mm_launch(b, "mm2_kernel1", &mm2_1, arr, 5, &g))
        return -1;
    return mm_launch(b, "mm2_kernel2", &mm2_2, arr, 5, &g);
}

const wl_def_t wl_2mm = {"2mm", NULL, mm_params, mm2_build};

/* ---- 3MM: E = A B, F = C D, G = E F, each output zeroed first. */
enum { M3_A, M3_B, M3_C, M3_D, M3_E, M3_F, M3_G };
static const aff_ref_t mm3_1_refs[] = {
    {ST, M3_E, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, M3_A, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, M3_B, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, M3_E, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_ref_t mm3_2_refs[] = {
    {ST, M3_F, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, M3_C, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, M3_D, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, M3_F, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_ref_t mm3_3_refs[] = {
    {ST, M3_G, AP_ALL, {Z, Y, X}, {0, 0, 0}, 8},
    {LD, M3_E, AP_ALL, {Z, Y, K}, {0, 0, 0}, 2},
    {LD, M3_F, AP_ALL, {Z, K, X}, {0, 0, 0}, 1},
    {ST, M3_G, AP_ALL, {Z, Y, X}, {0, 0, 0}, 3},
};
static const aff_prog_t mm3_1 = {mm3_1_refs, zero_loop3, 2, 1};
static const aff_prog_t mm3_2 = {mm3_2_refs, zero_loop3, 2, 1};
static const aff_prog_t mm3_3 = {mm3_3_refs, zero_loop3, 2, 1};

static int mm3_build(wl_builder_t *b, const wl_vals_t *p)
{
    mm_geom_t g;
    aff_array_t arr[7];
    if (mm_geom(b, p, &g))
        return -1;
    matrices(b, g.n, arr, 7);
    if (mm_launch(b, "mm3_kernel1", &mm3_1, arr, 7, &g) ||
        mm_launch(b, "mm3_kernel2", &mm3_2, arr, 7, &g))
        return -1;
    return mm_launch(b, "mm3_kernel3", &mm3_3, arr, 7, &g);
}

const wl_def_t wl_3mm = {"3mm", "3m", mm_params, mm3_build};
