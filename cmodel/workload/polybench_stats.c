/* PolyBench/GPU CORR and COVAR (data mining).
 *
 * data is n rows x m columns (row stride m). The column kernels (mean, std)
 * give one column per thread, so a warp reads 32 consecutive columns of a
 * row: coalesced. The reduce kernel is 2-D (32 x 8, one element per
 * thread). The correlation/covariance kernel gives row j1 of the m x m
 * result to thread j1; its j2 loop starts at j1 (+1 for CORR), so the warp
 * loses one lane per iteration at the end, and its result stores
 * symmat[j1][j2] hit 32 rows: uncoalesced. */
#include "workload/affine.h"

enum { P_M, P_N, P_TB };

static const wl_param_t stats_params[] = {
    {"m", "columns", 256, 32, 4096, 0, 0},
    {"n", "rows", 256, 32, 4096, 0, 0},
    {"tb", "threads per CTA of the 1-D kernels", 256, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };
enum { Z = AV_0, X = AV_X, Y = AV_Y, K = AV_K };
enum { ST_DATA, ST_MEAN, ST_STD };

/* mean[j] = 0; mean[j] += data[i][j]; mean[j] /= N */
static const aff_ref_t mean_refs[] = {
    {ST, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6},
    {LD, ST_DATA, AP_ALL, {Z, K, X}, {0, 0, 0}, 2},
    {ST, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 3},
    {ST, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 8},
};
static const aff_seg_t mean_segs[] = {{0, 1, 0}, {1, 2, 1}, {3, 1, 0}};
static const aff_prog_t mean_prog = {mean_refs, mean_segs, 3, 1};

/* std[j] = 0; std[j] += (data[i][j] - mean[j])^2; std[j] = sqrt(std[j]/N).
 * The final std[j] <= EPS -> 1 store depends on the data; it is taken as
 * not taken (stores to the same element merge into one). */
static const aff_ref_t std_refs[] = {
    {ST, ST_STD, AP_ALL, {Z, Z, X}, {0, 0, 0}, 6},
    {LD, ST_DATA, AP_ALL, {Z, K, X}, {0, 0, 0}, 2},
    {LD, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 0},
    {ST, ST_STD, AP_ALL, {Z, Z, X}, {0, 0, 0}, 4},
    {ST, ST_STD, AP_ALL, {Z, Z, X}, {0, 0, 0}, 20},
};
static const aff_seg_t std_segs[] = {{0, 1, 0}, {1, 3, 1}, {4, 1, 0}};
static const aff_prog_t std_prog = {std_refs, std_segs, 3, 2};

/* CORR: data[i][j] -= mean[j]; data[i][j] /= sqrt(N) std[j] */
static const aff_ref_t corr_reduce_refs[] = {
    {LD, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 8},
    {LD, ST_DATA, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {ST, ST_DATA, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {LD, ST_STD, AP_ALL, {Z, Z, X}, {0, 0, 0}, 0},
    {ST, ST_DATA, AP_ALL, {Z, Y, X}, {0, 0, 0}, 10},
};
static const aff_seg_t corr_reduce_segs[] = {{0, 5, 0}};
static const aff_prog_t corr_reduce = {corr_reduce_refs, corr_reduce_segs, 1, 1};

/* COVAR: data[i][j] -= mean[j] */
static const aff_ref_t covar_reduce_refs[] = {
    {LD, ST_MEAN, AP_ALL, {Z, Z, X}, {0, 0, 0}, 8},
    {LD, ST_DATA, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
    {ST, ST_DATA, AP_ALL, {Z, Y, X}, {0, 0, 0}, 1},
};
static const aff_seg_t covar_reduce_segs[] = {{0, 3, 0}};
static const aff_prog_t covar_reduce = {covar_reduce_refs, covar_reduce_segs, 1, 1};

typedef struct stats_dims {
    uint32_t m, n, tb;
    aff_array_t arr[3];
} stats_dims_t;

static int column_kernel(wl_builder_t *b, const char *name, const aff_prog_t *prog,
                         const stats_dims_t *d)
{
    aff_kernel_t *a = aff_new(b, prog);
    if (!a)
        return -1;
    for (unsigned i = 0; i < 3; i++)
        a->arr[i] = d->arr[i];
    a->trips = d->n;
    a->xhi = d->m;
    wl_launch(b, &(wl_launch_t){name, &aff_ops, a, {wl_ceil_div(d->m, d->tb), 1},
                                {d->tb, 1}, 14, 0});
    return 0;
}

/* The benchmark fixes the reduce kernel's CTA at 32 x 8. */
static int reduce_kernel(wl_builder_t *b, const aff_prog_t *prog, const stats_dims_t *d)
{
    aff_kernel_t *a = aff_new(b, prog);
    if (!a)
        return -1;
    for (unsigned i = 0; i < 3; i++)
        a->arr[i] = d->arr[i];
    a->xhi = d->m;
    a->yhi = d->n;
    wl_launch(b, &(wl_launch_t){"reduce_kernel", &aff_ops, a,
                                {wl_ceil_div(d->m, 32), wl_ceil_div(d->n, 8)}, {32, 8},
                                12, 0});
    return 0;
}

/* ---- the correlation / covariance kernel (lane-dependent loop bounds) */

typedef struct sym_args {
    uint64_t data, symmat;
    uint32_t m, n;
    uint32_t first; /* j2 starts at j1 + first: 1 for CORR, 0 for COVAR */
} sym_args_t;

enum { SYM_DIAG, SYM_ZERO, SYM_LD1, SYM_LD2, SYM_ACC, SYM_MIRROR };

typedef struct sym_ws {
    uint32_t j1[GM_WARP_SIZE];
    uint32_t act;  /* lanes past the guard */
    uint32_t t, i; /* j2 = j1 + first + t; the inner loop counter */
    uint32_t pc;
} sym_ws_t;

static void sym_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const sym_args_t *a = k->args;
    sym_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    /* CORR runs j1 < m-1 (the last row is set on the host), COVAR j1 < m. */
    uint32_t limit = a->m - a->first;
    s->act = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->j1[l] = wl_gx(k, &w, l);
        if ((w.live >> l & 1) && s->j1[l] < limit)
            s->act |= 1u << l;
    }
    s->t = s->i = 0;
    s->pc = a->first ? SYM_DIAG : SYM_ZERO;
}

static void sym_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const sym_args_t *a = k->args;
    sym_ws_t *s = ws;
    uint32_t m = a->m, off = a->first + s->t, mask = 0;
    if (s->act && s->pc != SYM_DIAG)
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->act >> l & 1) && s->j1[l] + off < m)
                mask |= 1u << l;
    if (!s->act || (s->pc != SYM_DIAG && !mask)) {
        wl_exit(o, 1);
        return;
    }
    switch (s->pc) {
    case SYM_DIAG: /* symmat[j1][j1] = 1 */
        wl_mem(o, GM_OP_STORE, 4, 6, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? a->symmat + 4ull * (s->j1[l] * (m + 1ull)) : 0;
        s->pc = SYM_ZERO;
        return;
    case SYM_ZERO: /* symmat[j1][j2] = 0 */
    case SYM_ACC:  /* symmat[j1][j2] += data[i][j1] * data[i][j2] */
        wl_mem(o, GM_OP_STORE, 4, 3, mask);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (mask >> l & 1)
                             ? a->symmat + 4ull * ((uint64_t)s->j1[l] * m + s->j1[l] + off)
                             : 0;
        if (s->pc == SYM_ZERO) {
            s->i = 0;
            s->pc = SYM_LD1;
        } else {
            s->pc = ++s->i < a->n ? SYM_LD1 : SYM_MIRROR;
        }
        return;
    case SYM_LD1: /* data[i][j1] */
    case SYM_LD2: /* data[i][j2] */
        wl_mem(o, GM_OP_LOAD, 4, s->pc == SYM_LD1 ? 2 : 1, mask);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            uint64_t col = s->j1[l] + (s->pc == SYM_LD2 ? off : 0);
            o->addr[l] = (mask >> l & 1) ? a->data + 4ull * ((uint64_t)s->i * m + col) : 0;
        }
        s->pc = s->pc == SYM_LD1 ? SYM_LD2 : SYM_ACC;
        return;
    default: /* SYM_MIRROR: symmat[j2][j1] = symmat[j1][j2] */
        wl_mem(o, GM_OP_STORE, 4, 2, mask);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (mask >> l & 1)
                             ? a->symmat + 4ull * ((uint64_t)(s->j1[l] + off) * m + s->j1[l])
                             : 0;
        s->t++;
        s->pc = SYM_ZERO;
        return;
    }
}

static const gm_kernel_ops_t sym_ops = {sizeof(sym_ws_t), sym_init, sym_next};

static int sym_kernel(wl_builder_t *b, const char *name, const stats_dims_t *d,
                      uint64_t symmat, uint32_t first)
{
    sym_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    *a = (sym_args_t){d->arr[ST_DATA].base, symmat, d->m, d->n, first};
    wl_launch(b, &(wl_launch_t){name, &sym_ops, a, {wl_ceil_div(d->m, d->tb), 1},
                                {d->tb, 1}, 16, 0});
    return 0;
}

static void dims(const wl_vals_t *p, stats_dims_t *d)
{
    d->m = (uint32_t)p->v[P_M];
    d->n = (uint32_t)p->v[P_N];
    d->tb = (uint32_t)p->v[P_TB];
}

/* ---- CORR: mean, std, reduce, corr */
static int corr_build(wl_builder_t *b, const wl_vals_t *p)
{
    stats_dims_t d;
    dims(p, &d);
    uint32_t rows = d.m > d.n ? d.m : d.n;
    d.arr[ST_DATA] = (aff_array_t){wl_array(b, 4ull * d.m * d.n), 0, d.m};
    uint64_t symmat = wl_array(b, 4ull * d.m * rows);
    d.arr[ST_STD] = (aff_array_t){wl_array(b, 4ull * d.m), 0, 0};
    d.arr[ST_MEAN] = (aff_array_t){wl_array(b, 4ull * d.m), 0, 0};
    if (column_kernel(b, "mean_kernel", &mean_prog, &d) ||
        column_kernel(b, "std_kernel", &std_prog, &d) || reduce_kernel(b, &corr_reduce, &d))
        return -1;
    return sym_kernel(b, "corr_kernel", &d, symmat, 1);
}

const wl_def_t wl_corr = {"corr", NULL, stats_params, corr_build};

/* ---- COVAR: mean, reduce, covar */
static int covar_build(wl_builder_t *b, const wl_vals_t *p)
{
    stats_dims_t d;
    dims(p, &d);
    d.arr[ST_DATA] = (aff_array_t){wl_array(b, 4ull * d.m * d.n), 0, d.m};
    uint64_t symmat = wl_array(b, 4ull * d.m * d.m);
    d.arr[ST_MEAN] = (aff_array_t){wl_array(b, 4ull * d.m), 0, 0};
    d.arr[ST_STD] = d.arr[ST_MEAN]; /* unused by COVAR's programs */
    if (column_kernel(b, "mean_kernel", &mean_prog, &d) ||
        reduce_kernel(b, &covar_reduce, &d))
        return -1;
    return sym_kernel(b, "covar_kernel", &d, symmat, 0);
}

const wl_def_t wl_covar = {"covar", NULL, stats_params, covar_build};
