/* Rodinia SRAD v1 (seed-004 Table 4.1 SD1, cache-friendly): speckle-
 * reducing anisotropic diffusion of an Nr x Nc float image stored column
 * by column (element ei = row + Nr col), 512-thread CTAs, an element a
 * thread:
 *   extract            I = exp(I / 255), a load and a store;
 *   per iteration:
 *     prepare          sums = I, sums2 = I^2;
 *     reduce           the multi-pass sum of sums and sums2: pass p loads
 *                      every (512^p)-th element (mul apart: from the
 *                      second pass on a line per lane) and thread 0 stores
 *                      the CTA's two partials at its first element, until
 *                      one CTA is left;
 *     srad             loads I[ei], then each neighbour through the index
 *                      arrays (iN[row], iS[row]: a row above and below,
 *                      the same or the next line; jW[col], jE[col]: the
 *                      columns left and right, Nr floats away, loaded as
 *                      centres by the warps Nr / 32 before and after),
 *                      stores dN, dS, dW, dE and the coefficient c;
 *     srad2            loads c, c south and east (through iS and jE), the
 *                      four derivatives and I, stores I;
 *   compress           I = log(I) 255.
 * The west/east neighbours are the reuse that makes it cache-friendly:
 * an Nr-float column (2 KB at Nr = 502) apart, well inside a 16 KB L1D.
 * Rodinia's run is 502 x 458, 100 iterations; the default here is 2. */
#include "workload/wl.h"

enum { P_ROWS, P_COLS, P_ITERS };
static const wl_param_t srad1_params[] = {
    {"rows", "image rows (Nr)", 502, 2, 8192, 0, 0},
    {"cols", "image columns (Nc)", 458, 2, 8192, 0, 0},
    {"iters", "diffusion iterations", 2, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { S1_TB = 512 };
/* arrays, in the host's cudaMalloc order */
enum { A_I, A_IN, A_IS, A_JE, A_JW, A_DN, A_DS, A_DW, A_DE, A_C, A_SUMS, A_SUMS2, A_COUNT };
/* how a reference indexes its array */
enum {
    X_EI,   /* the thread's element */
    X_ROW,  /* row (an index array of rows) */
    X_COL,  /* col (an index array of columns) */
    X_N,    /* iN[row] + Nr col */
    X_S,    /* iS[row] + Nr col */
    X_W,    /* row + Nr jW[col] */
    X_E,    /* row + Nr jE[col] */
    X_RED,  /* ei * mul, for ei < the pass's element count */
    X_PART, /* blockIdx * 512 * mul, thread 0 only */
};

typedef struct s1_ref {
    uint8_t op, arr, x;
    uint16_t gap;
} s1_ref_t;

#define LD(a, x, g) {GM_OP_LOAD, a, x, g}
#define ST(a, x, g) {GM_OP_STORE, a, x, g}
static const s1_ref_t k_extract[] = {LD(A_I, X_EI, 2), ST(A_I, X_EI, 20)};
static const s1_ref_t k_prepare[] = {LD(A_I, X_EI, 2), ST(A_SUMS, X_EI, 1),
                                     ST(A_SUMS2, X_EI, 1)};
static const s1_ref_t k_reduce[] = {LD(A_SUMS, X_RED, 2), LD(A_SUMS2, X_RED, 1),
                                    ST(A_SUMS, X_PART, 9 * 6), ST(A_SUMS2, X_PART, 1)};
static const s1_ref_t k_srad[] = {
    LD(A_I, X_EI, 4),    LD(A_IN, X_ROW, 1), LD(A_I, X_N, 2),  LD(A_IS, X_ROW, 1),
    LD(A_I, X_S, 2),     LD(A_JW, X_COL, 1), LD(A_I, X_W, 2),  LD(A_JE, X_COL, 1),
    LD(A_I, X_E, 2),     ST(A_DN, X_EI, 30), ST(A_DS, X_EI, 1), ST(A_DW, X_EI, 1),
    ST(A_DE, X_EI, 1),   ST(A_C, X_EI, 1)};
static const s1_ref_t k_srad2[] = {
    LD(A_C, X_EI, 4),  LD(A_IS, X_ROW, 1), LD(A_C, X_S, 2),  LD(A_JE, X_COL, 1),
    LD(A_C, X_E, 2),   LD(A_DN, X_EI, 1),  LD(A_DS, X_EI, 1), LD(A_DW, X_EI, 1),
    LD(A_DE, X_EI, 1), LD(A_I, X_EI, 8),   ST(A_I, X_EI, 4)};
static const s1_ref_t k_compress[] = {LD(A_I, X_EI, 2), ST(A_I, X_EI, 20)};

typedef struct s1_args {
    const s1_ref_t *refs;
    uint32_t nrefs, rows, cols;
    uint64_t n;   /* elements this launch covers (X_RED: the pass's count) */
    uint64_t mul; /* X_RED / X_PART */
    uint64_t base[A_COUNT];
} s1_args_t;

typedef struct s1_ws {
    uint32_t cta, warp, pc;
} s1_ws_t;

static void s1_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k;
    *(s1_ws_t *)ws = (s1_ws_t){cta, warp, 0};
}

static uint64_t s1_index(const s1_args_t *a, uint8_t x, uint64_t ei, uint32_t cta)
{
    uint64_t row = ei % a->rows, col = ei / a->rows, nr = a->rows;
    uint64_t up = row ? row - 1 : 0, down = row + 1 < nr ? row + 1 : row;
    uint64_t left = col ? col - 1 : 0, right = col + 1 < a->cols ? col + 1 : col;
    switch (x) {
    case X_ROW: return row;
    case X_COL: return col;
    case X_N: return up + nr * col;
    case X_S: return down + nr * col;
    case X_W: return row + nr * left;
    case X_E: return row + nr * right;
    case X_RED: return ei * a->mul;
    case X_PART: return (uint64_t)cta * S1_TB * a->mul;
    default: return ei;
    }
}

static void s1_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const s1_args_t *a = k->args;
    s1_ws_t *s = ws;
    uint64_t first = (uint64_t)s->cta * S1_TB + 32u * s->warp;
    uint32_t pc = s->pc++;
    if (first >= a->n || pc >= a->nrefs) {
        wl_exit(o, 2);
        return;
    }
    const s1_ref_t *r = &a->refs[pc];
    uint32_t live = a->n - first >= 32 ? UINT32_MAX : (1u << (a->n - first)) - 1;
    if (r->x == X_PART) {
        if (s->warp != 0) { /* only thread 0 writes the partials */
            wl_exit(o, 2);
            return;
        }
        live = 1;
    }
    wl_mem(o, r->op, 4, r->gap, live);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (live >> l & 1)
                         ? a->base[r->arr] + 4 * s1_index(a, r->x, first + l, s->cta)
                         : 0;
}

static const gm_kernel_ops_t s1_ops = {sizeof(s1_ws_t), s1_init, s1_next};

static int s1_launch(wl_builder_t *b, const s1_args_t *proto, const char *name,
                     const s1_ref_t *refs, uint32_t nrefs, uint64_t n, uint64_t mul)
{
    s1_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    *a = *proto;
    a->refs = refs;
    a->nrefs = nrefs;
    a->n = n;
    a->mul = mul;
    wl_launch(b, &(wl_launch_t){name, &s1_ops, a, {wl_ceil_div(n, S1_TB)}, {S1_TB}, 20,
                                refs == k_reduce ? 2 * 4 * S1_TB : 0});
    return 0;
}

#define S1_LAUNCH(name, refs, n, mul)                                                         \
    s1_launch(b, &proto, name, refs, sizeof refs / sizeof refs[0], n, mul)

static int srad1_build(wl_builder_t *b, const wl_vals_t *p)
{
    s1_args_t proto = {0};
    proto.rows = (uint32_t)p->v[P_ROWS];
    proto.cols = (uint32_t)p->v[P_COLS];
    uint64_t ne = (uint64_t)proto.rows * proto.cols;
    for (unsigned i = 0; i < A_COUNT; i++) {
        uint64_t elems = i == A_IN || i == A_IS ? proto.rows
                         : i == A_JE || i == A_JW ? proto.cols
                                                  : ne;
        proto.base[i] = wl_array(b, 4 * elems);
    }
    if (S1_LAUNCH("extract", k_extract, ne, 1))
        return -1;
    for (uint64_t it = 0; it < p->v[P_ITERS]; it++) {
        if (S1_LAUNCH("prepare", k_prepare, ne, 1))
            return -1;
        /* Rodinia's loop: a pass over `no` elements mul apart, until one
         * CTA has reduced them all */
        uint64_t no = ne, mul = 1, blocks = wl_ceil_div(ne, S1_TB);
        for (;;) {
            if (S1_LAUNCH("reduce", k_reduce, no, mul))
                return -1;
            if (blocks == 1)
                break;
            no = blocks;
            mul *= S1_TB;
            blocks = wl_ceil_div(blocks, S1_TB);
        }
        if (S1_LAUNCH("srad", k_srad, ne, 1) || S1_LAUNCH("srad2", k_srad2, ne, 1))
            return -1;
    }
    return S1_LAUNCH("compress", k_compress, ne, 1);
}

const wl_def_t wl_srad1 = {"srad1", NULL, srad1_params, srad1_build};
