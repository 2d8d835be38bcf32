/* Rodinia HotSpot (calculate_temp), an n x n grid of floats.
 *
 * 16 x 16 CTAs. Each launch advances `iteration` = min(ph, steps left) time
 * steps inside shared memory, so a CTA loads a tile with a halo of
 * `iteration` cells and writes back only its (16 - 2 iteration)^2 interior:
 *   blkY = (16 - 2 iteration) by - ph, blkX likewise; thread (tx, ty) owns
 *   cell (blkY + ty, blkX + tx);
 *   load temp_src[cell] then power[cell] if the cell is on the grid;
 *   store temp_dst[cell] if tx, ty in [iteration, 15 - iteration] and the
 *   cell is on the grid.
 * A warp is two 16-float half rows (2..4 lines per load after the halo
 * shift: seed-000 Table 6 hs Req/Minst 3). The temperature buffers swap
 * between launches. Compute per memory instruction ~7 (Table 6, hs): the
 * stencil's shared-memory work scales with the pyramid height. */
#include "workload/wl.h"

enum { P_N, P_PH, P_STEPS };

static const wl_param_t hs_params[] = {
    {"n", "grid size", 512, 16, 16384, 0, 0},
    {"ph", "pyramid height", 2, 1, 7, 0, 0},
    {"steps", "simulated time steps", 8, 1, 10000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { HS_BLOCK = 16 };

typedef struct hs_args {
    uint64_t src, dst, power;
    uint32_t n, border, iteration;
} hs_args_t;

enum { HS_LD_TEMP, HS_LD_POWER, HS_ST_TEMP, HS_DONE };

typedef struct hs_ws {
    uint32_t cell[GM_WARP_SIZE]; /* row-major index of the lane's cell */
    uint32_t on_grid, computed;
    uint32_t pc;
} hs_ws_t;

static void hs_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const hs_args_t *a = k->args;
    hs_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    int64_t small = HS_BLOCK - 2 * (int64_t)a->iteration, n = a->n;
    int64_t blk_y = small * w.by - a->border, blk_x = small * w.bx - a->border;
    int64_t it = a->iteration;
    s->on_grid = s->computed = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        int64_t tx = w.tx[l], ty = w.ty[l], y = blk_y + ty, x = blk_x + tx;
        int on = (w.live >> l & 1) && y >= 0 && y < n && x >= 0 && x < n;
        s->cell[l] = on ? (uint32_t)(y * n + x) : 0;
        s->on_grid |= (uint32_t)on << l;
        /* the interior of the pyramid that is also on the grid */
        if (on && tx >= it && tx <= HS_BLOCK - 1 - it && ty >= it &&
            ty <= HS_BLOCK - 1 - it)
            s->computed |= 1u << l;
    }
    s->pc = s->on_grid ? HS_LD_TEMP : HS_DONE;
}

static void hs_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const hs_args_t *a = k->args;
    hs_ws_t *s = ws;
    switch (s->pc) {
    case HS_LD_TEMP: /* temp_on_cuda[ty][tx] = temp_src[index] */
        wl_mem(o, GM_OP_LOAD, 4, 10, s->on_grid);
        wl_fill(o, a->src, s->cell, 4);
        s->pc = HS_LD_POWER;
        return;
    case HS_LD_POWER: /* power_on_cuda[ty][tx] = power[index] */
        wl_mem(o, GM_OP_LOAD, 4, 1, s->on_grid);
        wl_fill(o, a->power, s->cell, 4);
        s->pc = s->computed ? HS_ST_TEMP : HS_DONE;
        return;
    case HS_ST_TEMP: /* temp_dst[index] = temp_t[ty][tx], after the pyramid */
        wl_mem(o, GM_OP_STORE, 4, 5 * a->iteration, s->computed);
        wl_fill(o, a->dst, s->cell, 4);
        s->pc = HS_DONE;
        return;
    default: /* a warp without an interior cell still computes the pyramid */
        wl_exit(o, s->on_grid && !s->computed ? 5 * a->iteration : 1);
        return;
    }
}

static const gm_kernel_ops_t hs_ops = {sizeof(hs_ws_t), hs_init, hs_next};

static int hs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], ph = (uint32_t)p->v[P_PH],
             steps = (uint32_t)p->v[P_STEPS];
    uint64_t temp[2] = {wl_array(b, 4ull * n * n), wl_array(b, 4ull * n * n)};
    uint64_t power = wl_array(b, 4ull * n * n);
    uint32_t small = HS_BLOCK - 2 * ph, blocks = wl_ceil_div(n, small);
    unsigned src = 1, dst = 0;
    for (uint32_t t = 0; t < steps; t += ph) {
        unsigned tmp = src;
        src = dst;
        dst = tmp;
        hs_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        uint32_t left = steps - t;
        *a = (hs_args_t){temp[src], temp[dst], power, n, ph, left < ph ? left : ph};
        /* 36 registers, 3 KB shared: Table 6 hs (98.4% RF at 3.5 CTAs). */
        wl_launch(b, &(wl_launch_t){"calculate_temp", &hs_ops, a, {blocks, blocks},
                                    {HS_BLOCK, HS_BLOCK}, 36, 3072});
    }
    return 0;
}

const wl_def_t wl_hotspot = {"hotspot", "hs", hs_params, hs_build};
