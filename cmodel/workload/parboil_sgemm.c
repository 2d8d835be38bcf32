/* Parboil sgemm (seed-001 Table 2.3/3.1 SG, compute-intensive, 9957
 * instructions per L2 miss): C = alpha A B^T + beta C, column-major,
 * the register-tiled mysgemmNT. CTAs of 16 x 8 threads own a 128 x 16
 * tile of C, each thread a 16-element row of it in registers: for every
 * 8 columns of k the CTA stages an 8 x 16 tile of B^T in shared memory
 * (thread (tx, ty) loads B[n0 + tx + (i + ty) ldb]: a warp's load is two
 * 64 B runs ldb apart), then each thread loads A[m + (i + j) lda] for
 * j = 0..7 (a coalesced line a warp) and does 16 multiply-adds with each;
 * at the end every thread reads and writes its 16 elements of C (coalesced
 * columns). A is reread by every CTA of a row of the grid (n / 16 times),
 * B^T by every CTA of a column. */
#include "workload/wl.h"

enum { P_M, P_N, P_K };
static const wl_param_t sgemm_params[] = {
    {"m", "rows of A and C", 512, 128, 8192, 128, 0},
    {"n", "columns of C (rows of B)", 512, 16, 8192, 16, 0},
    {"k", "columns of A and B", 512, 8, 8192, 8, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { SG_TN = 16, SG_TH = 8, SG_TM = SG_TN * SG_TH };

typedef struct sg_args {
    uint32_t m, n, k;
    uint64_t a, b, c;
} sg_args_t;

typedef struct sg_ws {
    uint32_t bx, by, warp, pc;
} sg_ws_t;

static void sg_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    sg_ws_t *s = ws;
    s->bx = cta % k->grid[0];
    s->by = cta / k->grid[0];
    s->warp = warp;
    s->pc = 0;
}

static void sg_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const sg_args_t *a = k->args;
    sg_ws_t *s = ws;
    uint32_t pc = s->pc++, body = 1 + SG_TH, steps = a->k / SG_TH;
    uint64_t m0 = (uint64_t)s->bx * SG_TM + 32u * s->warp, n0 = (uint64_t)s->by * SG_TN;
    if (pc < steps * body) {
        uint64_t i = (uint64_t)(pc / body) * SG_TH;
        uint32_t r = pc % body;
        if (r == 0) { /* the B^T tile: rows (i + ty), ty = 2 warp, 2 warp + 1 */
            wl_mem(o, GM_OP_LOAD, 4, 2, UINT32_MAX);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = a->b + 4 * (n0 + l % SG_TN + (i + 2u * s->warp + l / SG_TN) * a->n);
        } else { /* A's column i + j, after the previous 16 multiply-adds */
            wl_mem(o, GM_OP_LOAD, 4, r == 1 ? 4 : SG_TN, UINT32_MAX);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = a->a + 4 * (m0 + l + (i + r - 1) * a->m);
        }
        return;
    }
    pc -= steps * body;
    if (pc >= 2 * SG_TN) {
        wl_exit(o, 1);
        return;
    }
    /* C[m + (n0 + q) ldc] = beta C + alpha c[q] */
    wl_mem(o, pc % 2 ? GM_OP_STORE : GM_OP_LOAD, 4, pc == 0 ? SG_TN : 2, UINT32_MAX);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = a->c + 4 * (m0 + l + (n0 + pc / 2) * a->m);
}

static const gm_kernel_ops_t sg_ops = {sizeof(sg_ws_t), sg_init, sg_next};

static int sgemm_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t m = (uint32_t)p->v[P_M], n = (uint32_t)p->v[P_N], kk = (uint32_t)p->v[P_K];
    sg_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    /* the host's order: A, B, C (one statement each: initializers are
     * evaluated in no set order) */
    uint64_t aa = wl_array(b, 4ull * m * kk);
    uint64_t bb = wl_array(b, 4ull * n * kk);
    uint64_t cc = wl_array(b, 4ull * m * n);
    *a = (sg_args_t){m, n, kk, aa, bb, cc};
    wl_launch(b, &(wl_launch_t){"mysgemmNT", &sg_ops, a, {m / SG_TM, n / SG_TN},
                                {SG_TN, SG_TH}, 32, 4 * SG_TH * SG_TN});
    return 0;
}

const wl_def_t wl_sgemm = {"sgemm", NULL, sgemm_params, sgemm_build};
