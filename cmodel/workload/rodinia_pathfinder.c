/* Rodinia PathFinder (dynproc_kernel), a rows x cols wall of ints.
 *
 * 1-D CTAs of 256 threads. A launch advances `iteration` = min(ph, rows
 * left) rows: each CTA loads a 256-wide window of the previous row (its
 * 256 - 2 iteration interior plus a halo of `iteration` on each side),
 * then per step i reads wall[startStep + i][x] for the lanes still inside
 * the shrinking pyramid, and finally stores the interior:
 *   blkX = (256 - 2 iteration) bx - ph; thread tx owns column blkX + tx;
 *   load src[x] if 0 <= x < cols;
 *   step i: load wall[(startStep + i) cols + x] if tx in [i+1, 254-i] and x
 *           on the wall;
 *   store dst[x] for the lanes computed in the last step.
 * The result rows swap between launches. ~6 compute instructions per
 * memory instruction (seed-000 Table 6, pf): the min of three shared
 * neighbours and the syncs per step. */
#include "workload/wl.h"

enum { P_COLS, P_ROWS, P_PH };

static const wl_param_t pf_params[] = {
    {"cols", "columns", 100000, 256, 16777216, 0, 0},
    {"rows", "rows", 100, 2, 100000, 0, 0},
    {"ph", "pyramid height", 20, 1, 64, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { PF_BLOCK = 256 };

typedef struct pf_args {
    uint64_t wall, src, dst;
    uint32_t cols, border, iteration, start_step;
} pf_args_t;

enum { PF_LD_SRC, PF_LD_WALL, PF_ST, PF_DONE };

typedef struct pf_ws {
    uint32_t x[GM_WARP_SIZE];
    uint32_t tx0;   /* threadIdx.x of lane 0 */
    uint32_t valid; /* lanes whose column is on the wall */
    uint32_t last;  /* lanes computed in the last step */
    uint32_t i, pc;
} pf_ws_t;

/* Lanes inside the pyramid at step i. */
static uint32_t pf_step_mask(const pf_ws_t *s, uint32_t i)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t tx = s->tx0 + l;
        if ((s->valid >> l & 1) && tx >= i + 1 && tx + i + 2 <= PF_BLOCK)
            m |= 1u << l;
    }
    return m;
}

static void pf_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const pf_args_t *a = k->args;
    pf_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    int64_t blk_x = (int64_t)(PF_BLOCK - 2 * a->iteration) * w.bx - a->border;
    s->tx0 = w.tx[0];
    s->valid = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        int64_t x = blk_x + w.tx[l];
        int on = (w.live >> l & 1) && x >= 0 && x < a->cols;
        s->x[l] = on ? (uint32_t)x : 0;
        s->valid |= (uint32_t)on << l;
    }
    s->last = pf_step_mask(s, a->iteration - 1);
    s->i = 0;
    s->pc = s->valid ? PF_LD_SRC : PF_DONE;
}

static void pf_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const pf_args_t *a = k->args;
    pf_ws_t *s = ws;
    uint32_t m;
    switch (s->pc) {
    case PF_LD_SRC: /* prev[tx] = gpuSrc[xidx] */
        wl_mem(o, GM_OP_LOAD, 4, 12, s->valid);
        wl_fill(o, a->src, s->x, 4);
        s->pc = PF_LD_WALL;
        return;
    case PF_LD_WALL: /* result[tx] = shortest + gpuWall[cols*(startStep+i) + xidx] */
        while (s->i < a->iteration && !(m = pf_step_mask(s, s->i)))
            s->i++;
        if (s->i < a->iteration) {
            wl_mem(o, GM_OP_LOAD, 4, 6, m);
            wl_fill(o, a->wall + 4ull * a->cols * (a->start_step + s->i), s->x, 4);
            s->i++;
            return;
        }
        if (s->last) {
            wl_mem(o, GM_OP_STORE, 4, 6, s->last); /* gpuResults[xidx] = result[tx] */
            wl_fill(o, a->dst, s->x, 4);
            s->pc = PF_DONE;
            return;
        }
        break;
    default:
        break;
    }
    wl_exit(o, 2);
}

static const gm_kernel_ops_t pf_ops = {sizeof(pf_ws_t), pf_init, pf_next};

static int pf_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t cols = (uint32_t)p->v[P_COLS], rows = (uint32_t)p->v[P_ROWS],
             ph = (uint32_t)p->v[P_PH];
    uint64_t result[2] = {wl_array(b, 4ull * cols), wl_array(b, 4ull * cols)};
    uint64_t wall = wl_array(b, 4ull * cols * (rows - 1));
    uint32_t blocks = wl_ceil_div(cols, PF_BLOCK - 2 * ph);
    unsigned src = 1, dst = 0;
    for (uint32_t t = 0; t < rows - 1; t += ph) {
        unsigned tmp = src;
        src = dst;
        dst = tmp;
        pf_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        uint32_t left = rows - 1 - t;
        *a = (pf_args_t){wall, result[src], result[dst], cols, ph,
                         left < ph ? left : ph, t};
        /* 16 registers, 2 KB shared (Table 6 pf: 75% RF at 1536 threads). */
        wl_launch(b, &(wl_launch_t){"dynproc_kernel", &pf_ops, a, {blocks, 1},
                                    {PF_BLOCK, 1}, 16, 2048});
    }
    return 0;
}

const wl_def_t wl_pathfinder = {"pathfinder", "pf", pf_params, pf_build};
