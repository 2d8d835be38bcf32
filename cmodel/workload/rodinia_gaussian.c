/* Rodinia Gaussian elimination, CUDA version (Rodinia 3.1 gaussian.cu;
 * seed-004 Table 4.1 GS, cache-insensitive): forward elimination of an
 * n x n float system a x = b, row-major (a[r][c] at r n + c), with the
 * multipliers in a second n x n array m; cudaMalloc order m, a, b.
 *
 * Per pivot step t = 0 .. n-2 the host launches two kernels:
 *   Fan1  1-D CTAs of `tb` threads (Rodinia's MAXBLOCKSIZE 512), ceil(n /
 *         tb) of them; thread i < n-1-t works on row r = i+1+t: loads
 *         a[r][t] (a column: lanes n floats apart), then the pivot a[t][t]
 *         (a broadcast), stores m[r][t] = their quotient;
 *   Fan2  2-D CTAs of bxy x bxy threads (Rodinia 3.1's BLOCK_SIZE_XY is 4:
 *         16-thread CTAs, half a warp), a ceil(n / bxy)^2 grid; thread
 *         (x, y) = blockIdx * bxy + threadIdx with x < n-1-t and y < n-t
 *         updates a[r][c], r = x+1+t, c = y+t: loads m[r][t], a[t][c] and
 *         a[r][c] (the operands in the order the expression reads them),
 *         stores a[r][c]; the threads with y = 0 then update the right-
 *         hand side: reload m[r][t] (the store to a may alias it), load
 *         b[t] and b[r], store b[r].
 * threadIdx.x runs fastest in a warp and walks rows, so a Fan2 warp at bxy
 * = 4 touches four rows, 16 bytes of each. The back substitution runs on
 * the host and is not modelled. The matrix values do not change any
 * address. Rodinia's run script solves matrix4.txt (n = 4), then `-s 16`
 * (n = 16, a matrix built on the host); the default is the larger, n = 16
 * (15 steps, 30 launches); n=4 has matrix4's geometry. Compute between
 * memory instructions is estimated from the kernel's arithmetic: about 8
 * instructions of bound test and row address before the first load, 10
 * for the float division, 12 for Fan2's two bound tests and 2-D indices,
 * 2 to 3 for a multiply-subtract or an address. */
#include "workload/wl.h"

enum { P_SIZE, P_TB, P_BXY };
static const wl_param_t gs_params[] = {
    {"size", "matrix size n (Rodinia's run: 4, then 16)", 16, 2, 2048, 0, 0},
    {"tb", "Fan1 threads per CTA (MAXBLOCKSIZE)", 512, 32, 1024, 32, 0},
    {"bxy", "Fan2 CTA side (BLOCK_SIZE_XY; Rodinia 3.1: 4)", 4, 1, 32, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { K_FAN1, K_FAN2 };

typedef struct gs_args {
    uint32_t kind, n, t;
    uint64_t m, a, b;
} gs_args_t;

typedef struct gs_ws {
    uint32_t row[GM_WARP_SIZE], col[GM_WARP_SIZE]; /* r and c of each lane */
    uint32_t act;  /* lanes inside the bounds */
    uint32_t rhs;  /* Fan2 lanes with y = 0 */
    uint32_t pc;
} gs_ws_t;

static void gs_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const gs_args_t *a = k->args;
    gs_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->act = s->rhs = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t x = wl_gx(k, &w, l), y = a->kind == K_FAN2 ? wl_gy(k, &w, l) : 0;
        int in = (w.live >> l & 1) && x < a->n - 1 - a->t && y < a->n - a->t;
        s->row[l] = in ? x + 1 + a->t : 0;
        s->col[l] = in ? y + a->t : 0;
        s->act |= (uint32_t)in << l;
        s->rhs |= (uint32_t)(in && y == 0) << l;
    }
    s->pc = 0;
}

/* Lane addresses base + 4 (row[l] n + col[l]) for the active lanes. */
static void gs_fill(gm_inst_t *o, uint64_t base, uint32_t n, const uint32_t *row,
                    const uint32_t *col)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1)
                         ? base + 4 * ((uint64_t)(row ? row[l] : 0) * n + (col ? col[l] : 0))
                         : 0;
}

static void gs_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const gs_args_t *a = k->args;
    gs_ws_t *s = ws;
    uint32_t pc = s->pc++, n = a->n;
    uint64_t pivot_row = 4ull * a->t * n; /* byte offset of row t */
    uint64_t col_t = 4ull * a->t;
    if (!s->act) {
        wl_exit(o, 4);
        return;
    }
    if (a->kind == K_FAN1) {
        switch (pc) {
        case 0: /* a[r][t] */
            wl_mem(o, GM_OP_LOAD, 4, 8, s->act);
            gs_fill(o, a->a + col_t, n, s->row, NULL);
            return;
        case 1: /* the pivot a[t][t] */
            wl_mem(o, GM_OP_LOAD, 4, 2, s->act);
            wl_fill_same(o, a->a + pivot_row + col_t);
            return;
        case 2: /* m[r][t] */
            wl_mem(o, GM_OP_STORE, 4, 10, s->act);
            gs_fill(o, a->m + col_t, n, s->row, NULL);
            return;
        default:
            wl_exit(o, 1);
            return;
        }
    }
    switch (pc) {
    case 0: /* m[r][t] */
        wl_mem(o, GM_OP_LOAD, 4, 12, s->act);
        gs_fill(o, a->m + col_t, n, s->row, NULL);
        return;
    case 1: /* a[t][c] */
        wl_mem(o, GM_OP_LOAD, 4, 2, s->act);
        gs_fill(o, a->a + pivot_row, n, NULL, s->col);
        return;
    case 2: /* a[r][c] */
        wl_mem(o, GM_OP_LOAD, 4, 2, s->act);
        gs_fill(o, a->a, n, s->row, s->col);
        return;
    case 3:
        wl_mem(o, GM_OP_STORE, 4, 3, s->act);
        gs_fill(o, a->a, n, s->row, s->col);
        return;
    default:
        break;
    }
    if (!s->rhs || pc > 7) {
        wl_exit(o, 1);
        return;
    }
    switch (pc) {
    case 4: /* m[r][t] again */
        wl_mem(o, GM_OP_LOAD, 4, 3, s->rhs);
        gs_fill(o, a->m + col_t, n, s->row, NULL);
        return;
    case 5: /* b[t] */
        wl_mem(o, GM_OP_LOAD, 4, 1, s->rhs);
        wl_fill_same(o, a->b + col_t);
        return;
    case 6: /* b[r] */
        wl_mem(o, GM_OP_LOAD, 4, 1, s->rhs);
        gs_fill(o, a->b, 1, s->row, NULL);
        return;
    default: /* b[r] */
        wl_mem(o, GM_OP_STORE, 4, 2, s->rhs);
        gs_fill(o, a->b, 1, s->row, NULL);
        return;
    }
}

static const gm_kernel_ops_t gs_ops = {sizeof(gs_ws_t), gs_init, gs_next};

static int gs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_SIZE], tb = (uint32_t)p->v[P_TB],
             bxy = (uint32_t)p->v[P_BXY];
    uint64_t m = wl_array(b, 4ull * n * n);
    uint64_t a = wl_array(b, 4ull * n * n);
    uint64_t rhs = wl_array(b, 4ull * n);
    uint32_t g1 = wl_ceil_div(n, tb), g2 = wl_ceil_div(n, bxy);
    for (uint32_t t = 0; t + 1 < n; t++)
        for (uint32_t kind = K_FAN1; kind <= K_FAN2; kind++) {
            gs_args_t *ar = wl_host(b, sizeof *ar);
            if (!ar)
                return -1;
            *ar = (gs_args_t){kind, n, t, m, a, rhs};
            if (kind == K_FAN1)
                wl_launch(b, &(wl_launch_t){"Fan1", &gs_ops, ar, {g1}, {tb}, 8, 0});
            else
                wl_launch(b, &(wl_launch_t){"Fan2", &gs_ops, ar, {g2, g2}, {bxy, bxy}, 12,
                                            0});
        }
    return 0;
}

const wl_def_t wl_gaussian = {"gaussian", NULL, gs_params, gs_build};
