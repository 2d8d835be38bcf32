/* Rodinia LUD (lud_cuda; seed-003 Table I, μRC 28 %): blocked LU
 * decomposition of an n x n float matrix in place, BLOCK_SIZE 16. For each
 * block step at offset o = 0, 16, ... (n - 32):
 *   lud_diagonal, 1 CTA of 16 threads: loads the 16 rows of the diagonal
 *     block (thread t column t), factors it in shared memory, stores rows
 *     1..15 back;
 *   lud_perimeter, n/16 - o/16 - 1 CTAs of 32 threads: threads 0..15 load
 *     diagonal rows 0..7 and the 16 rows of the perimeter block right of
 *     the diagonal (blockIdx.x + 1 blocks along), threads 16..31 diagonal
 *     rows 8..15 and the 16 rows of the block below; the two halves of the
 *     warp diverge, so each half's loop is its own instructions, 16 lanes
 *     each; then they store the row block's rows 1..15 and the column
 *     block's 16 rows;
 *   lud_internal, (n/16 - o/16 - 1)^2 CTAs of 16 x 16: thread (tx, ty)
 *     loads the perimeter row's m[o + ty][col + tx] and the perimeter
 *     column's m[row + ty][o + tx], then reads and writes m[row + ty][col +
 *     tx] (row, col = o + 16 (blockIdx + 1)). A warp is two 16-float rows.
 *     Every CTA of a block column reads the same perimeter-row block and
 *     every CTA of a block row the same perimeter-column block: CTAs on
 *     different SMs read the same lines, the remote reuse.
 * and a last lud_diagonal at o = n - 16. Table I's input is 2048 x 2048;
 * compute per memory instruction is an estimate from the kernels' loops
 * (the internal kernel's 16 multiply-adds, the diagonal's 16 x 16 / 2). */
#include "workload/wl.h"

enum { P_N };
static const wl_param_t lud_params[] = {
    {"n", "matrix size", 2048, 32, 8192, 16, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { LUD_B = 16 };
enum { K_DIAG, K_PERI, K_INT };

typedef struct lud_args {
    uint32_t kind, n, off;
    uint64_t m;
} lud_args_t;

typedef struct lud_ws {
    uint32_t bx, by, warp, pc;
} lud_ws_t;

static void lud_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    lud_ws_t *s = ws;
    s->bx = cta % k->grid[0];
    s->by = cta / k->grid[0];
    s->warp = warp;
    s->pc = 0;
}

/* Lanes lo..lo+15 at m[row][col + lane - lo], the other lanes inactive. */
static void lud_row(gm_inst_t *o, const lud_args_t *a, unsigned lo, uint64_t row, uint64_t col)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? a->m + 4 * (row * a->n + col + l - lo) : 0;
}

static void lud_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const lud_args_t *a = k->args;
    lud_ws_t *s = ws;
    uint32_t pc = s->pc++, o0 = a->off, lo16 = 0xffffu, hi16 = 0xffff0000u;
    if (a->kind == K_DIAG) {
        if (pc < LUD_B) { /* shadow[i][tx] = m[(o + i) n + o + tx] */
            wl_mem(o, GM_OP_LOAD, 4, 1, lo16);
            lud_row(o, a, 0, o0 + pc, o0);
        } else if (pc < 2 * LUD_B - 1) { /* rows 1..15 back, after the factoring */
            wl_mem(o, GM_OP_STORE, 4, pc == LUD_B ? LUD_B * LUD_B / 2 : 1, lo16);
            lud_row(o, a, 0, o0 + pc - LUD_B + 1, o0);
        } else {
            wl_exit(o, 1);
        }
        return;
    }
    if (a->kind == K_PERI) {
        uint64_t far = o0 + LUD_B * ((uint64_t)s->bx + 1);
        if (pc < LUD_B / 2) { /* threads 0..15: dia rows 0..7 */
            wl_mem(o, GM_OP_LOAD, 4, 1, lo16);
            lud_row(o, a, 0, o0 + pc, o0);
        } else if (pc < LUD_B / 2 + LUD_B) { /* peri_row: the block right */
            wl_mem(o, GM_OP_LOAD, 4, 1, lo16);
            lud_row(o, a, 0, o0 + pc - LUD_B / 2, far);
        } else if (pc < LUD_B + LUD_B) { /* threads 16..31: dia rows 8..15 */
            wl_mem(o, GM_OP_LOAD, 4, 1, hi16);
            lud_row(o, a, 16, o0 + pc - LUD_B, o0);
        } else if (pc < 3 * LUD_B) { /* peri_col: the block below */
            wl_mem(o, GM_OP_LOAD, 4, 1, hi16);
            lud_row(o, a, 16, far + pc - 2 * LUD_B, o0);
        } else if (pc < 4 * LUD_B - 1) { /* peri_row rows 1..15 back */
            wl_mem(o, GM_OP_STORE, 4, pc == 3 * LUD_B ? LUD_B * LUD_B / 2 : 1, lo16);
            lud_row(o, a, 0, o0 + pc - 3 * LUD_B + 1, far);
        } else if (pc < 5 * LUD_B - 1) { /* peri_col's 16 rows back */
            wl_mem(o, GM_OP_STORE, 4, 1, hi16);
            lud_row(o, a, 16, far + pc - (4 * LUD_B - 1), o0);
        } else {
            wl_exit(o, 1);
        }
        return;
    }
    /* internal: warp w holds ty = 2w (lanes 0..15) and 2w + 1 (16..31) */
    uint64_t row = o0 + LUD_B * ((uint64_t)s->by + 1), col = o0 + LUD_B * ((uint64_t)s->bx + 1);
    uint64_t ty = 2u * s->warp;
    uint64_t r0, c0;
    gm_op_t op = GM_OP_LOAD;
    unsigned gap = 1;
    switch (pc) {
    case 0: r0 = o0 + ty; c0 = col; gap = 2; break; /* peri_row */
    case 1: r0 = row + ty; c0 = o0; break;          /* peri_col */
    case 2: r0 = row + ty; c0 = col; gap = 2 * LUD_B; break; /* m -= sum */
    case 3: r0 = row + ty; c0 = col; op = GM_OP_STORE; break;
    default: wl_exit(o, 1); return;
    }
    wl_mem(o, op, 4, gap, UINT32_MAX);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = a->m + 4 * ((r0 + l / LUD_B) * a->n + c0 + l % LUD_B);
}

static const gm_kernel_ops_t lud_ops = {sizeof(lud_ws_t), lud_init, lud_next};

static int lud_launch(wl_builder_t *b, uint32_t kind, uint32_t n, uint32_t off, uint64_t m)
{
    static const char *const names[] = {"lud_diagonal", "lud_perimeter", "lud_internal"};
    lud_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    *a = (lud_args_t){kind, n, off, m};
    uint32_t rest = (n - off) / LUD_B - 1;
    wl_launch_t l = {names[kind], &lud_ops, a, {1}, {LUD_B}, 16, 0};
    if (kind == K_PERI) {
        l.grid[0] = rest;
        l.block[0] = 2 * LUD_B;
        l.smem = 3 * LUD_B * LUD_B * 4;
    } else if (kind == K_INT) {
        l.grid[0] = l.grid[1] = rest;
        l.block[0] = l.block[1] = LUD_B;
        l.smem = 2 * LUD_B * LUD_B * 4;
    } else {
        l.smem = LUD_B * LUD_B * 4;
    }
    wl_launch(b, &l);
    return 0;
}

static int lud_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N];
    uint64_t m = wl_array(b, 4ull * n * n);
    uint32_t off = 0;
    for (; off < n - LUD_B; off += LUD_B)
        if (lud_launch(b, K_DIAG, n, off, m) || lud_launch(b, K_PERI, n, off, m) ||
            lud_launch(b, K_INT, n, off, m))
            return -1;
    return lud_launch(b, K_DIAG, n, off, m);
}

const wl_def_t wl_lud = {"lud", NULL, lud_params, lud_build};
