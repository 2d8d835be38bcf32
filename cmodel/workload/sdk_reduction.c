/* Two CUDA SDK reductions of seed-001 Table 3.1 (DL-MSHR's 30):
 *
 * reduction (RED), kernel 6 (reduce6) on n ints: `ctas` CTAs (the SDK's
 *   maxBlocks, 64) of 256 threads; thread t of CTA b sums elements
 *   b * 512 + t + k * (512 ctas) and the one 256 above it, k = 0, 1, ...
 *   (two coalesced lines a warp per step), reduces in shared memory, and
 *   thread 0 stores the CTA's partial sum; the partials are then reduced
 *   the same way by one CTA of 32 threads. The SDK times `launches` (100)
 *   repetitions of the pair on 16 M ints; the default here is 1 on 16 M.
 * scalarprod (SP, ScalarProd in ch.3), `vectors` dot products of
 *   `elements` floats (SDK: 256 x 4096), 128 CTAs of 256 threads: CTA b
 *   takes vectors b, b + 128, ...; for each, thread t accumulates the
 *   partial sums of ACCUM_N = 1024 slots (t, t + 256, ...), slot i summing
 *   A[v][i + 1024 j] * B[v][i + 1024 j] over j (loads 4 KB apart, each a
 *   coalesced line a warp), then the CTA reduces its 1024 partials in
 *   shared memory and thread 0 stores C[v]. */
#include "workload/wl.h"

enum { RD_TB = 256, RD_FINAL_TB = 32 };
enum { K_RED, K_SP };

typedef struct rd_args {
    uint32_t kind;
    uint64_t n;        /* K_RED: elements; K_SP: elements per vector */
    uint32_t vectors;  /* K_SP */
    uint64_t in, in2, out;
} rd_args_t;

typedef struct rd_ws {
    uint32_t cta, warp, pc;
} rd_ws_t;

static void rd_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k;
    rd_ws_t *s = ws;
    s->cta = cta;
    s->warp = warp;
    s->pc = 0;
}

/* A load of 32 consecutive 4-byte elements from `first`, lanes past `n`
 * inactive; 0 when none is left. */
static int rd_run(gm_inst_t *o, uint64_t base, uint64_t first, uint64_t n, unsigned gap)
{
    if (first >= n)
        return 0;
    uint32_t live = n - first >= 32 ? UINT32_MAX : (1u << (n - first)) - 1;
    wl_mem(o, GM_OP_LOAD, 4, gap, live);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (live >> l & 1) ? base + 4 * (first + l) : 0;
    return 1;
}

/* Thread 0's store of the result (a single active lane). */
static void rd_store0(gm_inst_t *o, uint64_t addr, unsigned gap)
{
    wl_mem(o, GM_OP_STORE, 4, gap, 1u);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = l ? 0 : addr;
}

static void rd_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const rd_args_t *a = k->args;
    rd_ws_t *s = ws;
    uint32_t pc = s->pc++, tb = k->block[0];
    if (a->kind == K_RED) {
        uint64_t grid = (uint64_t)2 * tb * k->grid[0];
        uint64_t first = (uint64_t)s->cta * 2 * tb + 32u * s->warp + (uint64_t)(pc / 2) * grid +
                         (pc % 2) * tb;
        uint64_t step0 = (uint64_t)s->cta * 2 * tb + 32u * s->warp + (uint64_t)(pc / 2) * grid;
        if (step0 < a->n) {
            if (rd_run(o, a->in, first, a->n, pc % 2 ? 1 : 2))
                return;
            /* `if (i + blockSize < n)` false for the whole warp: no second load */
            rd_next(k, ws, o);
            return;
        }
        uint64_t steps = 0;
        for (uint64_t e = (uint64_t)s->cta * 2 * tb + 32u * s->warp; e < a->n; e += grid)
            steps++;
        if (s->warp == 0 && pc == 2 * steps)
            rd_store0(o, a->out + 4ull * s->cta, 5 * 8); /* the 8-step tree in shared memory */
        else
            wl_exit(o, 2);
        return;
    }
    /* scalarProd: per vector of this CTA 4 slot rounds x (elements / 1024)
     * x (A, B), then warp 0's store */
    uint32_t per_slot = (uint32_t)(a->n / 1024), per_vec = (1024 / RD_TB) * per_slot * 2;
    uint32_t body = per_vec + (s->warp == 0);
    uint32_t v = s->cta + k->grid[0] * (pc / body), r = pc % body;
    if (v >= a->vectors) {
        wl_exit(o, 2);
        return;
    }
    if (r == per_vec) {
        rd_store0(o, a->out + 4ull * v, 5 * 10);
        return;
    }
    uint32_t slot = (r / (2 * per_slot)) * RD_TB + 32u * s->warp, j = r / 2 % per_slot;
    rd_run(o, r % 2 ? a->in2 : a->in, (uint64_t)v * a->n + slot + 1024ull * j,
           (uint64_t)a->vectors * a->n, r % 2 ? 1 : 2);
}

static const gm_kernel_ops_t rd_ops = {sizeof(rd_ws_t), rd_init, rd_next};

/* ---- reduction */

enum { P_N, P_CTAS, P_LAUNCHES };
static const wl_param_t reduction_params[] = {
    {"n", "ints summed", 16777216, 512, 268435456, 512, 0},
    {"ctas", "CTAs of the first kernel (the SDK's maxBlocks)", 64, 1, 65535, 0, 0},
    {"launches", "repetitions of the two kernels (the SDK times 100)", 1, 1, 100, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int reduction_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[P_N];
    uint32_t ctas = (uint32_t)p->v[P_CTAS];
    if ((uint64_t)ctas * 2 * RD_TB > n) /* the SDK's min(maxBlocks, n / 512) */
        ctas = (uint32_t)(n / (2 * RD_TB));
    uint64_t in = wl_array(b, 4 * n), out = wl_array(b, 4ull * ctas);
    rd_args_t *a = wl_host(b, 2 * sizeof *a);
    if (!a)
        return -1;
    a[0] = (rd_args_t){K_RED, n, 0, in, 0, out};
    a[1] = (rd_args_t){K_RED, ctas, 0, out, 0, out};
    for (uint64_t i = 0; i < p->v[P_LAUNCHES]; i++) {
        wl_launch(b, &(wl_launch_t){"reduce6", &rd_ops, &a[0], {ctas}, {RD_TB}, 14, 4 * RD_TB});
        wl_launch(b, &(wl_launch_t){"reduce6", &rd_ops, &a[1], {1}, {RD_FINAL_TB}, 14,
                                    4 * 2 * RD_FINAL_TB});
    }
    return 0;
}

const wl_def_t wl_reduction = {"reduction", NULL, reduction_params, reduction_build};

/* ---- scalarProd */

enum { P_VECTORS, P_ELEMENTS };
static const wl_param_t scalarprod_params[] = {
    {"vectors", "vector pairs", 256, 1, 65536, 0, 0},
    {"elements", "floats per vector", 4096, 1024, 1048576, 1024, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int scalarprod_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t vectors = (uint32_t)p->v[P_VECTORS];
    uint64_t elements = p->v[P_ELEMENTS], bytes = 4 * vectors * elements;
    /* the SDK's cudaMalloc order: A, B, C */
    uint64_t va = wl_array(b, bytes), vb = wl_array(b, bytes), vc = wl_array(b, 4ull * vectors);
    rd_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    *a = (rd_args_t){K_SP, elements, vectors, va, vb, vc};
    wl_launch(b, &(wl_launch_t){"scalarProdGPU", &rd_ops, a, {vectors < 128 ? vectors : 128},
                                {RD_TB}, 16, 4 * 1024});
    return 0;
}

const wl_def_t wl_scalarprod = {"scalarprod", NULL, scalarprod_params, scalarprod_build};
