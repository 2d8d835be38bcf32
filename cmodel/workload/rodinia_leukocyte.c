/* Rodinia Leukocyte (CUDA; seed-004 Table 4.1 LFK, cache-insensitive):
 * detecting white blood cells in the first frame of an intravital video,
 * then tracking them through the following frames.
 *
 * Detection, on the cropped first frame of rows x cols pixels (Rodinia:
 * rows 110..328 of its 640 x 480 video, 219 x 640), every matrix
 * column-major (pixel (r, c) at c * rows + r):
 *   GICOV_kernel: a CTA per column c in [22, cols - 22), a thread per row
 *     r in [22, rows - 22) (cols - 44 CTAs of rows - 44 threads); the
 *     thread samples both gradient images at 150 points on each of 7
 *     circles and stores the best score, gicov[c * rows + r] -- the only
 *     global access: the gradients are read through textures and the
 *     circle offsets, sines and cosines come from constant memory, so
 *     those reads are compute here;
 *   dilate_kernel: 176-thread CTAs, round(rows * cols / 176) of them,
 *     thread t on pixel (r, c) = (t mod rows, t / rows); the maximum of
 *     the GICOV matrix (a texture) over the 25 x 25 disc of radius 12
 *     (constant memory) around it, stored at dilated[r * cols + c] -- the
 *     result is row-major, so the 32 lanes of a warp store to 32 lines
 *     cols floats apart. The kernel has no bound check: the grid's
 *     rounding may give threads past the image, masked off here instead
 *     of writing past the array (Rodinia's default rounds down: the last
 *     64 pixels are never computed).
 * Tracking, `frames` launches of IMGVF_kernel (Rodinia runs 10), one CTA
 *   of 320 threads per cell, each on its cell's 41 x 81 sub-image (a
 *   radius-10 cell's window: 81 columns by 41 rows, row-major, the
 *   matrices of all cells packed back to back in I_all and IMGVF_all in
 *   cell order). Each warp loads its cell's two matrix pointers and two
 *   dimensions (broadcasts), copies IMGVF into shared memory (11 virtual
 *   320-thread blocks over the 3321 elements, lane t on element t + 320
 *   b), then per iteration and virtual block updates the element from its
 *   eight shared-memory neighbours -- eight Heaviside terms, each an atan
 *   -- and one global load of I at the element, then reduces the total
 *   change in shared memory; at the end it stores IMGVF back. So the
 *   tracking's global reads are the pointers, one pass over IMGVF and
 *   one over I per iteration: few against its arithmetic (seed-004 says
 *   LFK has no global reads; the CUDA source does these).
 *
 * Not modelled or assumed: the host work between kernels (the spline
 * snake evolution, the sub-image extraction); per frame Rodinia frees and
 * allocates the tracking arrays again -- here they are allocated once and
 * reused, as an allocator returning the freed blocks would; every cell's
 * window lies inside the frame (none clipped at an edge). The cell count
 * Rodinia's detection finds in its video is not in the source: `cells`
 * defaults to 36. IMGVF iterates until the mean change falls under 1e-5
 * or 500 iterations; how many depends on the pixels, so every cell runs
 * `iters`. Defaults scaled for run time: 2 tracking frames of 100
 * iterations (Rodinia: 10 frames of up to 500 each).
 *
 * Compute between memory instructions, estimated from the kernels'
 * arithmetic: a GICOV sample point ~27 instructions (offset loads and
 * index arithmetic, two texture fetches, the running mean and variance
 * with a division), ~40 a circle's finish; a dilation term ~6 (its bounds
 * and the structuring element's test) plus ~4 a fetched pixel, the warp
 * running to its longest lane; an IMGVF element ~300 (nine shared loads,
 * eight Heaviside terms of ~28 with the atan, the update and buffer
 * writes), a convergence reduction ~70. */
#include "workload/wl.h"

enum { P_ROWS, P_COLS, P_CELLS, P_FRAMES, P_ITERS };
static const wl_param_t lk_params[] = {
    {"rows", "rows of the cropped first frame (Rodinia 219)", 219, 45, 1068, 0, 0},
    {"cols", "columns of the cropped first frame (Rodinia 640)", 640, 45, 16384, 0, 0},
    {"cells", "cells tracked (a CTA each)", 36, 1, 1024, 0, 0},
    {"frames", "tracking frames, an IMGVF launch each (Rodinia 10)", 2, 0, 100, 0, 0},
    {"iters", "IMGVF iterations per cell and frame (Rodinia: until converged, at most 500)",
     100, 1, 500, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    LK_MAXR = 22,       /* MAX_RAD + 2: GICOV's untouched border */
    LK_NPOINTS = 150,
    LK_NCIRCLES = 7,
    LK_STREL_R = 12,    /* the dilation disc's radius */
    LK_STREL = 2 * LK_STREL_R + 1,
    LK_DIL_TB = 176,
    LK_TB = 320,        /* IMGVF threads per CTA */
    LK_M = 41, LK_N = 81, LK_MN = LK_M * LK_N,
    LK_VBLOCKS = (LK_MN + LK_TB - 1) / LK_TB,
};

/* Compute estimates (see the head comment). */
enum {
    LK_GICOV_GAP = 10 + LK_NCIRCLES * (LK_NPOINTS * 27 + 40),
    LK_DIL_SETUP = 30, LK_DIL_ROW = 4, LK_DIL_TERM = 6, LK_DIL_FETCH = 4,
    LK_PTR_GAP = 3, LK_COPY_GAP = 25, LK_ELEM_GAP = 300, LK_IDLE_GAP = 17,
    LK_REDUCE_GAP = 70,
};

enum { K_GICOV, K_DILATE, K_IMGVF };

typedef struct lk_args {
    uint32_t kind, rows, cols, cells, iters;
    uint64_t gicov, dilated;
    uint64_t i_ptrs, imgvf_ptrs, m_arr, n_arr, i_all, imgvf_all;
} lk_args_t;

enum { PH_PTR, PH_COPY, PH_ITER, PH_SAVE, PH_DONE };

typedef struct lk_ws {
    uint32_t live, cta, tid0; /* tid0: threadIdx.x of lane 0 */
    uint32_t phase, step, iter, pend;
} lk_ws_t;

static void lk_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    lk_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    *s = (lk_ws_t){w.live, cta, warp * GM_WARP_SIZE, PH_PTR, 0, 0, 0};
}

/* The dilation's instructions for the thread on pixel (r, c): the outer
 * loop over the disc's rows, the inner loop over the rows inside the
 * image, and a fetch per disc pixel inside it. */
static uint32_t lk_dilate_cost(uint32_t rows, uint32_t cols, uint32_t r, uint32_t c)
{
    uint32_t cost = LK_DIL_SETUP + LK_STREL * LK_DIL_ROW;
    for (int32_t di = -LK_STREL_R; di <= LK_STREL_R; di++) {
        int64_t y = (int64_t)r + di;
        if (y < 0 || y >= rows)
            continue;
        int32_t half = 0; /* the disc's half-width in this row */
        while ((half + 1) * (half + 1) + di * di <= LK_STREL_R * LK_STREL_R)
            half++;
        int64_t lo = (int64_t)c - half, hi = (int64_t)c + half;
        lo = lo < 0 ? 0 : lo;
        hi = hi >= cols ? cols - 1 : hi;
        cost += LK_STREL * LK_DIL_TERM + (uint32_t)(hi - lo + 1) * LK_DIL_FETCH;
    }
    return cost;
}

static void lk_detect(const lk_args_t *a, lk_ws_t *s, gm_inst_t *o)
{
    if (s->phase != PH_PTR || !s->live) {
        wl_exit(o, 2);
        return;
    }
    s->phase = PH_DONE;
    if (a->kind == K_GICOV) { /* thread (column bx + 22, row tx + 22) */
        wl_mem(o, GM_OP_STORE, 4, LK_GICOV_GAP, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->gicov + 4 * ((uint64_t)(s->cta + LK_MAXR) *
                                                                  a->rows + s->tid0 + l + LK_MAXR)
                                           : 0;
        return;
    }
    uint64_t first = (uint64_t)s->cta * LK_DIL_TB + s->tid0, pixels = (uint64_t)a->rows * a->cols;
    uint32_t act = 0, gap = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t t = first + l;
        if (!(s->live >> l & 1) || t >= pixels) {
            o->addr[l] = 0;
            continue;
        }
        uint32_t r = (uint32_t)(t % a->rows), c = (uint32_t)(t / a->rows);
        uint32_t cost = lk_dilate_cost(a->rows, a->cols, r, c);
        gap = cost > gap ? cost : gap;
        act |= 1u << l;
        o->addr[l] = a->dilated + 4 * ((uint64_t)r * a->cols + c);
    }
    if (!act) {
        wl_exit(o, 2);
        return;
    }
    wl_mem(o, GM_OP_STORE, 4, gap, act);
}

/* Lanes whose element of virtual block b is inside the matrix. */
static uint32_t lk_vmask(const lk_ws_t *s, uint32_t b)
{
    uint32_t first = s->tid0 + LK_TB * b;
    if (first >= LK_MN)
        return 0;
    uint32_t n = LK_MN - first;
    return s->live & (n >= 32 ? UINT32_MAX : (1u << n) - 1);
}

static void lk_elems(gm_inst_t *o, uint64_t base, const lk_ws_t *s, uint32_t b)
{
    uint64_t first = base + 4 * ((uint64_t)s->cta * LK_MN + s->tid0 + LK_TB * b);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? first + 4 * l : 0;
}

static void lk_track(const lk_args_t *a, lk_ws_t *s, gm_inst_t *o)
{
    for (;;) {
        switch (s->phase) {
        case PH_PTR: { /* IMGVF_array[cell], I_array[cell], m_array[cell], n_array[cell] */
            static const uint8_t size[4] = {8, 8, 4, 4};
            uint64_t base[4] = {a->imgvf_ptrs, a->i_ptrs, a->m_arr, a->n_arr};
            uint32_t r = s->step;
            if (++s->step == 4)
                s->phase = PH_COPY, s->step = 0;
            /* four static loads */
            wl_mem_at(o, GM_OP_LOAD, size[r], LK_PTR_GAP, s->live, __LINE__ * 4 + r);
            wl_fill_same(o, base[r] + (uint64_t)size[r] * s->cta);
            return;
        }
        case PH_COPY:
        case PH_SAVE: { /* IMGVF[e] into shared memory / back from it */
            uint32_t b = s->step, m = lk_vmask(s, b);
            gm_op_t op = s->phase == PH_COPY ? GM_OP_LOAD : GM_OP_STORE;
            if (++s->step == LK_VBLOCKS) {
                s->step = 0;
                s->phase = s->phase == PH_COPY ? PH_ITER : PH_DONE;
            }
            s->pend += LK_COPY_GAP;
            if (!m)
                continue;
            if (op == GM_OP_LOAD)
                wl_mem(o, GM_OP_LOAD, 4, s->pend, m);
            else
                wl_mem(o, GM_OP_STORE, 4, s->pend, m);
            s->pend = 0;
            lk_elems(o, a->imgvf_all, s, b);
            return;
        }
        case PH_ITER: { /* vI = I[e] after the element's neighbour update */
            uint32_t b = s->step, m = lk_vmask(s, b);
            if (++s->step == LK_VBLOCKS) {
                s->step = 0;
                if (++s->iter == a->iters)
                    s->phase = PH_SAVE;
            }
            if (!m) { /* no element here: only the buffer bookkeeping and the sync */
                s->pend += LK_IDLE_GAP + (s->step ? 0 : LK_REDUCE_GAP);
                continue;
            }
            wl_mem(o, GM_OP_LOAD, 4, s->pend + LK_ELEM_GAP, m);
            s->pend = s->step ? 0 : LK_REDUCE_GAP;
            lk_elems(o, a->i_all, s, b);
            return;
        }
        default:
            wl_exit(o, s->pend + 2);
            return;
        }
    }
}

static void lk_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const lk_args_t *a = k->args;
    if (a->kind == K_IMGVF)
        lk_track(a, ws, o);
    else
        lk_detect(a, ws, o);
}

static const gm_kernel_ops_t lk_ops = {sizeof(lk_ws_t), lk_init, lk_next};

static int lk_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t rows = (uint32_t)p->v[P_ROWS], cols = (uint32_t)p->v[P_COLS];
    uint32_t cells = (uint32_t)p->v[P_CELLS];
    uint64_t pixels = (uint64_t)rows * cols;
    if (pixels > (1u << 24))
        return wl_fail(b, "cols", "rows * cols is %llu pixels; at most 16777216",
                       (unsigned long long)pixels);
    /* cudaMalloc order: GICOV_CUDA's gradients (textures) and result, then
     * dilate_CUDA's result, then IMGVF_cuda_init's arrays */
    wl_array(b, 4 * pixels);
    wl_array(b, 4 * pixels);
    uint64_t gicov = wl_array(b, 4 * pixels);
    uint64_t dilated = wl_array(b, 4 * pixels);
    uint64_t i_ptrs = wl_array(b, 8ull * cells), imgvf_ptrs = wl_array(b, 8ull * cells);
    uint64_t m_arr = wl_array(b, 4ull * cells), n_arr = wl_array(b, 4ull * cells);
    uint64_t i_all = wl_array(b, 4ull * LK_MN * cells);
    uint64_t imgvf_all = wl_array(b, 4ull * LK_MN * cells);

    uint32_t frames = (uint32_t)p->v[P_FRAMES];
    for (uint32_t k = 0; k < 2 + frames; k++) {
        lk_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        uint32_t kind = k == 0 ? K_GICOV : k == 1 ? K_DILATE : K_IMGVF;
        *a = (lk_args_t){kind, rows, cols, cells, (uint32_t)p->v[P_ITERS], gicov, dilated,
                         i_ptrs, imgvf_ptrs, m_arr, n_arr, i_all, imgvf_all};
        if (kind == K_GICOV)
            wl_launch(b, &(wl_launch_t){"GICOV_kernel", &lk_ops, a, {cols - 2 * LK_MAXR},
                                        {rows - 2 * LK_MAXR}, 20, 0});
        else if (kind == K_DILATE)
            wl_launch(b, &(wl_launch_t){"dilate_kernel", &lk_ops, a,
                                        {(uint32_t)((pixels + LK_DIL_TB / 2) / LK_DIL_TB)},
                                        {LK_DIL_TB}, 16, 0});
        else /* the shared matrix, the 320-float buffer and the converged flag */
            wl_launch(b, &(wl_launch_t){"IMGVF_kernel", &lk_ops, a, {cells}, {LK_TB}, 32,
                                        4 * (LK_MN + LK_TB + 1)});
    }
    return 0;
}

const wl_def_t wl_leukocyte = {"leukocyte", NULL, lk_params, lk_build};
