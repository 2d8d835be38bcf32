/* Parboil SpMV (spmv_jds): y = A x with A in JDS (jagged diagonal) form.
 *
 * Synthetic matrix from the seed, banded like the FEM matrices Parboil
 * ships: the matrix has fixed diagonals at offsets d_0 = 0 and d_k uniform
 * in [-band, band]; row r has nnz + U(-2, 2) non-zeros (at least 1), the
 * k-th at column r + d_k + U(-16, 16), clamped to the matrix. JDS sorts the
 * rows by non-zero count (descending, stable: rows of equal count keep
 * their order), stores diagonal k (the k-th non-zero of every row)
 * contiguously, padded so each diagonal covers whole warps and starts on a
 * 32-element boundary; a padding entry points at the row's own column.
 * Thread ix (a sorted row) loops k < zcnt[ix / 32] (the warp's longest
 * row):
 *   index[jds_ptr[k] + ix], data[jds_ptr[k] + ix] (both coalesced),
 *   x[index] (a gather over a few lines: ~5 count classes interleave the
 *   warp's rows over ~160 matrix rows, plus the jitter),
 * then stores y[perm[ix]] after loading perm[ix]. jds_ptr and zcnt are in
 * constant memory (no L1D access). With the defaults this gives seed-000
 * Table 6's sv figures: ~3 requests and ~3 compute instructions per
 * memory instruction. */
#include <stdlib.h>

#include "workload/wl.h"

enum { P_ROWS, P_NNZ, P_BAND, P_TB };

static const wl_param_t sv_params[] = {
    {"rows", "matrix rows", 32768, 32, 4194304, 0, 0},
    {"nnz", "mean non-zeros per row", 16, 1, 256, 0, 0},
    {"band", "diagonal offsets within +-band", 512, 1, 4194304, 0, 0},
    {"tb", "threads per CTA", 128, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

typedef struct sv_args {
    uint64_t d_data, d_index, d_perm, d_x, d_y;
    uint32_t rows;
    const uint32_t *jds_ptr; /* start of each diagonal */
    const uint32_t *zcnt;    /* diagonals per warp of sorted rows */
    const uint32_t *col;     /* column of every JDS entry */
    const uint32_t *perm;    /* original row of sorted row ix */
} sv_args_t;

enum { SV_LD_INDEX, SV_LD_DATA, SV_LD_X, SV_LD_PERM, SV_ST_Y, SV_DONE };

typedef struct sv_ws {
    uint32_t ix[GM_WARP_SIZE];
    uint32_t act, k, pc;
} sv_ws_t;

static void sv_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const sv_args_t *a = kn->args;
    sv_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->act = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->ix[l] = wl_gx(kn, &w, l);
        if ((w.live >> l & 1) && s->ix[l] < a->rows)
            s->act |= 1u << l;
    }
    s->k = 0;
    s->pc = s->act ? SV_LD_INDEX : SV_DONE;
}

/* Lanes still inside their warp's diagonal count at k. */
static uint32_t sv_mask(const sv_args_t *a, const sv_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->act >> l & 1) && s->k < a->zcnt[s->ix[l] / 32])
            m |= 1u << l;
    return m;
}

static void sv_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const sv_args_t *a = kn->args;
    sv_ws_t *s = ws;
    uint32_t m = s->pc <= SV_LD_X ? sv_mask(a, s) : s->act;
    if (s->pc <= SV_LD_X && !m)
        s->pc = SV_LD_PERM;
    switch (s->pc) {
    case SV_LD_INDEX: /* in = d_index[jds_ptr[k] + ix] */
    case SV_LD_DATA:  /* d = d_data[jds_ptr[k] + ix] */
        wl_mem(o, GM_OP_LOAD, 4, s->pc == SV_LD_INDEX ? 4 : 2, m);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (m >> l & 1) ? (s->pc == SV_LD_INDEX ? a->d_index : a->d_data) +
                                            4ull * (a->jds_ptr[s->k] + s->ix[l])
                                      : 0;
        s->pc++;
        return;
    case SV_LD_X: /* t = x_vec[in] */
        wl_mem(o, GM_OP_LOAD, 4, 3, m);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (m >> l & 1) ? a->d_x + 4ull * a->col[a->jds_ptr[s->k] + s->ix[l]]
                                      : 0;
        s->k++;
        s->pc = SV_LD_INDEX;
        return;
    case SV_LD_PERM: /* d_perm[ix] */
        wl_mem(o, GM_OP_LOAD, 4, 2, s->act);
        wl_fill(o, a->d_perm, s->ix, 4);
        s->pc = SV_ST_Y;
        return;
    case SV_ST_Y: /* dst_vector[d_perm[ix]] = sum */
        wl_mem(o, GM_OP_STORE, 4, 2, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? a->d_y + 4ull * a->perm[s->ix[l]] : 0;
        s->pc = SV_DONE;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t sv_ops = {sizeof(sv_ws_t), sv_init, sv_next};

static int sv_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t rows = (uint32_t)p->v[P_ROWS], nnz = (uint32_t)p->v[P_NNZ],
             band = (uint32_t)p->v[P_BAND], tb = (uint32_t)p->v[P_TB];
    uint32_t warps = wl_ceil_div(rows, 32);
    sv_args_t *a = wl_host(b, sizeof *a);
    uint32_t *count = wl_host(b, 4ull * rows), *perm = wl_host(b, 4ull * rows);
    uint32_t *zcnt = wl_host(b, 4ull * warps);
    if (!a || !count || !perm || !zcnt)
        return -1;
    gm_rng_t r;
    wl_rng(b, &r, 2);
    uint32_t most = 0;
    for (uint32_t i = 0; i < rows; i++) {
        int64_t c = (int64_t)nnz + (int64_t)gm_rng_below(&r, 5) - 2;
        count[i] = (uint32_t)(c < 1 ? 1 : c);
        most = count[i] > most ? count[i] : most;
    }
    int64_t *diag = calloc(most, sizeof *diag);
    if (!diag)
        return wl_fail(b, NULL, "out of memory");
    for (uint32_t k = 1; k < most; k++)
        diag[k] = (int64_t)gm_rng_below(&r, 2ull * band + 1) - band;
    /* Stable counting sort by descending count. */
    uint32_t *bucket = calloc(most + 2, sizeof *bucket);
    if (!bucket) {
        free(diag);
        return wl_fail(b, NULL, "out of memory");
    }
    for (uint32_t i = 0; i < rows; i++)
        bucket[most - count[i] + 1]++;
    for (uint32_t c = 1; c <= most + 1; c++)
        bucket[c] += bucket[c - 1];
    for (uint32_t i = 0; i < rows; i++)
        perm[bucket[most - count[i]]++] = i;
    free(bucket);

    uint32_t *jds_ptr = wl_host(b, 4ull * (most + 1));
    if (!jds_ptr) {
        free(diag);
        return -1;
    }
    for (uint32_t w = 0; w < warps; w++)
        zcnt[w] = count[perm[32 * w]];
    /* Diagonal k spans the warps whose longest row has more than k entries. */
    uint32_t wk = warps;
    uint64_t entries = 0;
    for (uint32_t k = 0; k < most; k++) {
        while (wk && zcnt[wk - 1] <= k)
            wk--;
        entries += 32ull * wk;
        if (entries > (WL_HEAP_END - WL_HEAP_BASE) / 8) {
            free(diag);
            return wl_fail(b, NULL, "the matrix (%llu+ JDS entries) needs more than the "
                                    "32-bit address space",
                           (unsigned long long)entries);
        }
        jds_ptr[k + 1] = (uint32_t)entries;
    }
    uint32_t *col = wl_host(b, 4ull * jds_ptr[most]);
    if (!col) {
        free(diag);
        return -1;
    }
    for (uint32_t ix = 0; ix < rows; ix++) {
        uint32_t row = perm[ix];
        for (uint32_t k = 0; k < zcnt[ix / 32]; k++) {
            uint32_t c = row;
            if (k < count[row]) {
                int64_t v = (int64_t)row + diag[k] + (int64_t)gm_rng_below(&r, 33) - 16;
                c = (uint32_t)(v < 0 ? 0 : v >= rows ? rows - 1 : v);
            }
            col[jds_ptr[k] + ix] = c;
        }
    }
    free(diag);
    a->d_data = wl_array(b, 4ull * jds_ptr[most]);
    a->d_index = wl_array(b, 4ull * jds_ptr[most]);
    a->d_perm = wl_array(b, 4ull * rows);
    a->d_x = wl_array(b, 4ull * rows);
    a->d_y = wl_array(b, 4ull * rows);
    a->rows = rows;
    a->jds_ptr = jds_ptr;
    a->zcnt = zcnt;
    a->col = col;
    a->perm = perm;
    /* 16 registers (Table 6 sv: 75% RF at 1536 threads), no shared memory */
    wl_launch(b, &(wl_launch_t){"spmv_jds", &sv_ops, a, {wl_ceil_div(rows, tb), 1},
                                {tb, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_spmv = {"spmv", "sv", sv_params, sv_build};
