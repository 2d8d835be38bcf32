/* UVMBench LR (seed-001 Table 5.1 #23): logistic-regression training by
 * batch gradient descent on a document-level sentiment set (aclImdb,
 * `features` word counts of each of `instances` reviews, plus a bias
 * column). Each of `iters` steps (MAX_ITER, 1000 in UVMBench) runs
 *   cost = X w             cublasSgemv N over the instances x (features+1)
 *                          matrix, stored transposed: X[j][i] at j*m + i
 *   ComputeCost            cost[i] = sigmoid(cost[i]) - class[i], 128-thread
 *                          CTAs (the one kernel of Table 5.1)
 *   prod = X^T cost        cublasSgemv T
 *   w += -rate/m * prod    cublasSaxpy
 * The three cuBLAS calls are library kernels whose code UVMBench does not
 * carry; here each is the plain algorithm in 128-thread CTAs:
 *   gemv_n  thread i (< m) loops j < f: X[j*m + i] (coalesced), w[j]
 *           (one broadcast), then stores cost[i];
 *   gemv_t  CTA j (< f): thread t loops i = t, t + 128, .. < m: X[j*m + i],
 *           cost[i]; after a shared-memory reduction thread 0 stores
 *           prod[j];
 *   axpy    thread j (< f): prod[j], w[j], stores w[j].
 * Managed arrays, in UVMBench's order: the transposed feature matrix
 * (m * f floats), the class labels (m uint16), the weights (f), the cost
 * (m), the product (f); f = features + 1. */
#include "workload/wl.h"

enum { LR_M, LR_FEAT, LR_ITERS };

static const wl_param_t lr_params[] = {
    {"instances", "training instances (reviews)", 25000, 32, 4194304, 0, 0},
    {"features", "word features (a bias column is added)", 1000, 1, 65535, 0, 0},
    {"iters", "gradient-descent steps (MAX_ITER)", 1000, 1, 100000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LR_TB = 128 };
enum { LR_GEMV_N, LR_COST, LR_GEMV_T, LR_AXPY };

typedef struct lr_args {
    uint64_t x, cls, w, cost, prod;
    uint32_t m, f, kind;
} lr_args_t;

typedef struct lr_ws {
    uint32_t g[GM_WARP_SIZE]; /* gemv_t: threadIdx.x; else the global thread */
    uint32_t live, col;       /* col: gemv_t's column (blockIdx.x) */
    uint32_t k, pc;
    uint8_t first;            /* gemv_t: this warp holds thread 0 */
} lr_ws_t;

static void lr_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const lr_args_t *a = k->args;
    lr_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    uint32_t bound = a->kind == LR_GEMV_N || a->kind == LR_COST ? a->m : a->f;
    s->live = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->g[l] = a->kind == LR_GEMV_T ? w.tx[l] : wl_gx(k, &w, l);
        if ((w.live >> l & 1) && (a->kind == LR_GEMV_T || s->g[l] < bound))
            s->live |= 1u << l;
    }
    s->col = w.bx;
    s->first = warp == 0;
    s->k = s->pc = 0;
}

static void lr_fill(gm_inst_t *o, uint64_t base, const uint32_t *g, uint64_t add,
                    unsigned elem)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + (add + g[l]) * elem : 0;
}

/* gemv_t: lanes whose row t + 128 k is still below m. */
static uint32_t lr_rows_left(const lr_args_t *a, const lr_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && (uint64_t)s->g[l] + (uint64_t)LR_TB * s->k < a->m)
            m |= 1u << l;
    return m;
}

static void lr_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const lr_args_t *a = k->args;
    lr_ws_t *s = ws;
    uint32_t m;
    if (!s->live) {
        wl_exit(o, 2);
        return;
    }
    switch (a->kind) {
    case LR_GEMV_N:
        if (s->k < a->f) {
            if (s->pc == 0) { /* X[j][i] */
                wl_mem(o, GM_OP_LOAD, 4, 2, s->live);
                lr_fill(o, a->x, s->g, (uint64_t)s->k * a->m, 4);
                s->pc = 1;
            } else { /* w[j], the same word in every lane */
                wl_mem(o, GM_OP_LOAD, 4, 0, s->live);
                wl_fill_same(o, a->w + 4ull * s->k);
                s->pc = 0;
                s->k++;
            }
            return;
        }
        if (s->pc == 0) { /* cost[i] = the dot product */
            wl_mem(o, GM_OP_STORE, 4, 2, s->live);
            lr_fill(o, a->cost, s->g, 0, 4);
            s->pc = 1;
            return;
        }
        break;
    case LR_COST:
        if (s->pc < 3) {
            static const uint16_t gap[3] = {4, 0, 12}; /* index; ; expf, divide, sub */
            wl_mem(o, s->pc == 2 ? GM_OP_STORE : GM_OP_LOAD, s->pc == 1 ? 2 : 4, gap[s->pc],
                   s->live);
            lr_fill(o, s->pc == 1 ? a->cls : a->cost, s->g, 0, s->pc == 1 ? 2 : 4);
            s->pc++;
            return;
        }
        break;
    case LR_GEMV_T:
        m = lr_rows_left(a, s);
        if (m && s->pc < 2) { /* X[j][i], then cost[i] */
            wl_mem(o, GM_OP_LOAD, 4, s->pc ? 0 : 2, m);
            if (s->pc)
                lr_fill(o, a->cost, s->g, (uint64_t)LR_TB * s->k, 4);
            else
                lr_fill(o, a->x, s->g, (uint64_t)s->col * a->m + (uint64_t)LR_TB * s->k, 4);
            if (++s->pc == 2) {
                s->pc = 0;
                s->k++;
            }
            return;
        }
        if (s->first && s->pc != 2) { /* prod[j] after the 7-level tree reduction */
            wl_mem(o, GM_OP_STORE, 4, 28, 1);
            wl_fill_same(o, a->prod + 4ull * s->col);
            s->pc = 2;
            return;
        }
        break;
    default: /* LR_AXPY: w[j] += alpha prod[j] */
        if (s->pc < 3) {
            static const uint16_t gap[3] = {4, 0, 1};
            wl_mem(o, s->pc == 2 ? GM_OP_STORE : GM_OP_LOAD, 4, gap[s->pc], s->live);
            lr_fill(o, s->pc == 0 ? a->prod : a->w, s->g, 0, 4);
            s->pc++;
            return;
        }
        break;
    }
    wl_exit(o, 2);
}

static const gm_kernel_ops_t lr_ops = {sizeof(lr_ws_t), lr_init, lr_next};

static int lr_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t m = (uint32_t)p->v[LR_M], f = (uint32_t)p->v[LR_FEAT] + 1;
    uint64_t x = wl_array(b, 4ull * m * f), cls = wl_array(b, 2ull * m);
    uint64_t w = wl_array(b, 4ull * f), cost = wl_array(b, 4ull * m),
             prod = wl_array(b, 4ull * f);
    static const char *const names[4] = {"gemv_n", "ComputeCost", "gemv_t", "axpy"};
    const lr_args_t *args[4];
    for (uint32_t kind = 0; kind < 4; kind++) {
        lr_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        *a = (lr_args_t){x, cls, w, cost, prod, m, f, kind};
        args[kind] = a;
    }
    uint32_t grid[4] = {wl_ceil_div(m, LR_TB), wl_ceil_div(m, LR_TB), f, wl_ceil_div(f, LR_TB)};
    /* ComputeCost takes one CTA of m threads when m <= 128 */
    uint32_t tb[4] = {LR_TB, m > LR_TB ? LR_TB : m, LR_TB, LR_TB};
    for (uint64_t it = 0; it < p->v[LR_ITERS]; it++)
        for (unsigned kind = 0; kind < 4; kind++)
            wl_launch(b, &(wl_launch_t){names[kind], &lr_ops, args[kind], {grid[kind], 1},
                                        {tb[kind], 1}, 16, kind == LR_GEMV_T ? 512 : 0});
    return 0;
}

const wl_def_t wl_lr = {"lr", NULL, lr_params, lr_build};
