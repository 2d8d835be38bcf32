/* Rodinia Needleman-Wunsch (needle_cuda_shared_1/2), (n+1) x (n+1) ints.
 *
 * The score matrix is cut into 16 x 16 blocks processed along
 * anti-diagonals: kernel 1 for diagonals 1..n/16 (grid = diagonal length),
 * kernel 2 for the rest, one 16-thread CTA (half a warp) per block. A CTA
 * loads its north-west corner (thread 0), the 16 x 16 reference block row
 * by row, its west column (thread t reads row t: 16 lines), its north row,
 * runs the 31-step wavefront in shared memory, then stores its 16 rows. */
#include "workload/wl.h"

enum { P_N };

static const wl_param_t nw_params[] = {
    {"n", "sequence length", 1024, 16, 16384, 16, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { NW_B = 16 };

typedef struct nw_args {
    uint64_t ref, matrix;
    uint32_t cols;     /* n + 1 */
    uint32_t diagonal; /* i of the host loop */
    uint32_t second;   /* 0: needle_cuda_shared_1, 1: _2 */
    uint32_t width;    /* n / 16 blocks per side */
} nw_args_t;

enum { NW_LD_NW, NW_LD_REF, NW_LD_WEST, NW_LD_NORTH, NW_ST, NW_DONE };

typedef struct nw_ws {
    uint32_t corner; /* index of the block's north-west cell */
    uint32_t live;
    uint32_t row, pc;
} nw_ws_t;

static void nw_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const nw_args_t *a = k->args;
    nw_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    uint32_t bx = w.bx, x, y;
    if (!a->second) {
        x = bx;
        y = a->diagonal - 1 - bx;
    } else {
        x = bx + a->width - a->diagonal;
        y = a->width - bx - 1;
    }
    s->corner = a->cols * NW_B * y + NW_B * x;
    s->live = w.live;
    s->row = 0;
    s->pc = NW_LD_NW;
}

static void nw_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const nw_args_t *a = k->args;
    nw_ws_t *s = ws;
    uint64_t cols = a->cols, c = s->corner;
    switch (s->pc) {
    case NW_LD_NW: /* if (tx == 0) temp[0][0] = matrix_cuda[index_nw] */
        wl_mem(o, GM_OP_LOAD, 4, 10, s->live & 1u);
        wl_fill_same(o, a->matrix + 4 * c);
        s->pc = NW_LD_REF;
        return;
    case NW_LD_REF: /* ref[ty][tx] = referrence[index + cols * ty] */
        wl_mem(o, GM_OP_LOAD, 4, 3, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1)
                             ? a->ref + 4 * (c + cols + 1 + l + cols * s->row)
                             : 0;
        if (++s->row == NW_B)
            s->pc = NW_LD_WEST;
        return;
    case NW_LD_WEST: /* temp[tx + 1][0] = matrix_cuda[index_w + cols * tx] */
        wl_mem(o, GM_OP_LOAD, 4, 3, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->matrix + 4 * (c + cols + cols * l) : 0;
        s->pc = NW_LD_NORTH;
        return;
    case NW_LD_NORTH: /* temp[0][tx + 1] = matrix_cuda[index_n] */
        wl_mem(o, GM_OP_LOAD, 4, 2, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->matrix + 4 * (c + 1 + l) : 0;
        s->row = 0;
        s->pc = NW_ST;
        return;
    case NW_ST: /* matrix_cuda[index + ty * cols] = temp[ty + 1][tx + 1] */
        /* the two wavefront loops (31 steps of max-of-three in shared
         * memory, ~12 instructions each) precede the first store */
        wl_mem(o, GM_OP_STORE, 4, s->row ? 3 : 31 * 12, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1)
                             ? a->matrix + 4 * (c + cols + 1 + l + cols * s->row)
                             : 0;
        if (++s->row == NW_B)
            s->pc = NW_DONE;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t nw_ops = {sizeof(nw_ws_t), nw_init, nw_next};

static int nw_launch(wl_builder_t *b, uint64_t ref, uint64_t matrix, uint32_t n,
                     uint32_t diagonal, uint32_t second)
{
    nw_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    *a = (nw_args_t){ref, matrix, n + 1, diagonal, second, n / NW_B};
    /* shared: temp[17][17] + ref[16][16] ints = 2180 bytes */
    wl_launch(b, &(wl_launch_t){second ? "needle_cuda_shared_2" : "needle_cuda_shared_1",
                                &nw_ops, a, {diagonal, 1}, {NW_B, 1}, 20, 2180});
    return 0;
}

static int nw_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], width = n / NW_B;
    uint64_t cells = (uint64_t)(n + 1) * (n + 1);
    uint64_t ref = wl_array(b, 4 * cells), matrix = wl_array(b, 4 * cells);
    for (uint32_t i = 1; i <= width; i++)
        if (nw_launch(b, ref, matrix, n, i, 0))
            return -1;
    for (uint32_t i = width - 1; i >= 1; i--)
        if (nw_launch(b, ref, matrix, n, i, 1))
            return -1;
    return 0;
}

const wl_def_t wl_nw = {"nw", NULL, nw_params, nw_build};
