/* PolyBench/GPU GRAMSCHM (Gram-Schmidt QR), n x n, three kernels per
 * column k:
 *   kernel1: one thread (tid 0 of one CTA) sums a[i][k]^2 over i and
 *            stores r[k][k] = sqrt(sum) -- a single-lane column walk;
 *   kernel2: thread i stores q[i][k] = a[i][k] / r[k][k] (column k: one
 *            line per lane, uncoalesced);
 *   kernel3: thread j > k computes r[k][j] = sum_i q[i][k] a[i][j], then
 *            a[i][j] -= q[i][k] r[k][j] (rows: coalesced; q[i][k]: a
 *            broadcast). The second loop stores a, so r[k][j] reloads. */
#include "workload/affine.h"

enum { P_N, P_TB };

static const wl_param_t gs_params[] = {
    {"n", "matrix size", 256, 32, 4096, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };
enum { Z = AV_0, X = AV_X, K = AV_K, C = AV_C };
enum { GS_A, GS_R, GS_Q };

static const aff_ref_t gs1_refs[] = {
    {LD, GS_A, AP_ALL, {Z, K, C}, {0, 0, 0}, 3},  /* a[i][k] */
    {ST, GS_R, AP_ALL, {Z, C, C}, {0, 0, 0}, 12}, /* r[k][k] = sqrt */
};
static const aff_seg_t gs1_segs[] = {{0, 1, 1}, {1, 1, 0}};
static const aff_prog_t gs1 = {gs1_refs, gs1_segs, 2, 1};

static const aff_ref_t gs2_refs[] = {
    {LD, GS_A, AP_ALL, {Z, X, C}, {0, 0, 0}, 6},  /* a[i][k] */
    {LD, GS_R, AP_ALL, {Z, C, C}, {0, 0, 0}, 1},  /* r[k][k] */
    {ST, GS_Q, AP_ALL, {Z, X, C}, {0, 0, 0}, 10}, /* q[i][k] = / */
};
static const aff_seg_t gs2_segs[] = {{0, 3, 0}};
static const aff_prog_t gs2 = {gs2_refs, gs2_segs, 1, 1};

static const aff_ref_t gs3_refs[] = {
    {ST, GS_R, AP_ALL, {Z, C, X}, {0, 0, 0}, 7}, /* r[k][j] = 0 */
    {LD, GS_Q, AP_ALL, {Z, K, C}, {0, 0, 0}, 2}, /* q[i][k] */
    {LD, GS_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 1}, /* a[i][j] */
    {ST, GS_R, AP_ALL, {Z, C, X}, {0, 0, 0}, 3}, /* r[k][j] += */
    {LD, GS_Q, AP_ALL, {Z, K, C}, {0, 0, 0}, 2}, /* q[i][k] */
    {LD, GS_R, AP_ALL, {Z, C, X}, {0, 0, 0}, 0}, /* r[k][j] */
    {LD, GS_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 1}, /* a[i][j] */
    {ST, GS_A, AP_ALL, {Z, K, X}, {0, 0, 0}, 3}, /* a[i][j] -= */
};
static const aff_seg_t gs3_segs[] = {{0, 1, 0}, {1, 3, 1}, {4, 4, 1}};
static const aff_prog_t gs3 = {gs3_refs, gs3_segs, 3, 1};

static int gs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], tb = (uint32_t)p->v[P_TB];
    aff_array_t arr[3];
    for (unsigned i = 0; i < 3; i++) /* A, R, Q */
        arr[i] = (aff_array_t){wl_array(b, 4ull * n * n), 0, n};
    static const aff_prog_t *const progs[3] = {&gs1, &gs2, &gs3};
    static const char *const names[3] = {"gramschmidt_kernel1", "gramschmidt_kernel2",
                                         "gramschmidt_kernel3"};
    for (uint32_t k = 0; k < n; k++) {
        for (unsigned s = 0; s < 3; s++) {
            aff_kernel_t *a = aff_new(b, progs[s]);
            if (!a)
                return -1;
            for (unsigned i = 0; i < 3; i++)
                a->arr[i] = arr[i];
            a->c = k;
            a->trips = n;
            a->xlo = s == 2 ? k + 1 : 0;
            a->xhi = s == 0 ? 1 : n;
            uint32_t grid = s == 0 ? 1 : wl_ceil_div(n, tb);
            wl_launch(b, &(wl_launch_t){names[s], &aff_ops, a, {grid, 1}, {tb, 1}, 12, 0});
        }
    }
    return 0;
}

const wl_def_t wl_gramschm = {"gramschm", NULL, gs_params, gs_build};
