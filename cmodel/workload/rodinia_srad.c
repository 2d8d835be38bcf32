/* Rodinia SRAD v2 (srad_cuda_1, srad_cuda_2), an n x n float image.
 *
 * 16 x 16 CTAs, one pixel per thread; a warp is two 16-pixel half rows.
 * srad_cuda_1 loads the tile's north and south neighbour rows (every
 * thread of a column loads the same element), west and east neighbour
 * columns (every thread of a row the same element), with replacement
 * loads on the image border, then the tile itself; it stores the
 * diffusion coefficient C and the four derivatives. srad_cuda_2 loads J,
 * C's south row and east column, C, the four derivatives, and stores J.
 *
 * The kernel reads one row before the image (by = 0) and one row past it
 * (last by) before replacing those values: J and C get a guard row on each
 * side so those addresses stay inside their own allocation. */
#include "workload/wl.h"

enum { P_N, P_ITERS };

static const wl_param_t srad_params[] = {
    {"n", "image size", 512, 16, 16384, 16, 0},
    {"iters", "iterations", 2, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { SR_B = 16 };

typedef struct srad_args {
    uint64_t j, c, e, w, s, n; /* J and C point past their guard row */
    uint32_t cols;
} srad_args_t;

/* The memory instructions of both kernels, in program order. */
enum {
    K1_LD_N, K1_LD_S, K1_LD_N_EDGE, K1_LD_S_EDGE, K1_LD_W, K1_LD_E, K1_LD_W_EDGE,
    K1_LD_E_EDGE, K1_LD_J, K1_ST_C, K1_ST_E, K1_ST_W, K1_ST_S, K1_ST_N, K1_END
};
enum {
    K2_LD_J, K2_LD_CS, K2_LD_CS_EDGE, K2_LD_CE, K2_LD_CE_EDGE, K2_LD_C, K2_LD_N,
    K2_LD_S, K2_LD_W, K2_LD_E, K2_ST_J, K2_END
};

typedef struct srad_ws {
    int64_t tile;  /* cols * 16 * by + 16 * bx */
    uint32_t tx[GM_WARP_SIZE], ty[GM_WARP_SIZE];
    uint32_t live, bx, by, gx, gy;
    uint32_t pc;
} srad_ws_t;

static void srad_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const srad_args_t *a = k->args;
    srad_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->tx[l] = w.tx[l];
        s->ty[l] = w.ty[l];
    }
    s->live = w.live;
    s->bx = w.bx;
    s->by = w.by;
    s->gx = k->grid[0];
    s->gy = k->grid[1];
    s->tile = (int64_t)a->cols * SR_B * w.by + SR_B * w.bx;
    s->pc = 0;
}

/* Element index of instruction `pc` for lane l (kernel 1 or 2). */
static int64_t srad_index(const srad_ws_t *s, int64_t cols, int kernel2, unsigned pc,
                          unsigned l)
{
    int64_t tx = s->tx[l], ty = s->ty[l], t = s->tile;
    int64_t south_edge = cols * SR_B * (s->gy - 1) + SR_B * s->bx + cols * (SR_B - 1) + tx;
    int64_t east_edge = cols * SR_B * s->by + SR_B * (s->gx - 1) + cols * ty + SR_B - 1;
    if (kernel2) {
        switch (pc) {
        case K2_LD_CS: return t + cols * SR_B + tx;
        case K2_LD_CS_EDGE: return south_edge;
        case K2_LD_CE: return t + cols * ty + SR_B;
        case K2_LD_CE_EDGE: return east_edge;
        default: return t + cols * ty + tx;
        }
    }
    switch (pc) {
    case K1_LD_N: return t + tx - cols;
    case K1_LD_S: return t + cols * SR_B + tx;
    case K1_LD_N_EDGE: return SR_B * s->bx + tx;
    case K1_LD_S_EDGE: return south_edge;
    case K1_LD_W: return t + cols * ty - 1;
    case K1_LD_E: return t + cols * ty + SR_B;
    case K1_LD_W_EDGE: return cols * SR_B * s->by + cols * ty;
    case K1_LD_E_EDGE: return east_edge;
    default: return t + cols * ty + tx;
    }
}

/* Whether the border-replacement load at pc runs in this CTA. */
static int srad_taken(const srad_ws_t *s, int kernel2, unsigned pc)
{
    if (kernel2)
        return pc == K2_LD_CS_EDGE ? s->by == s->gy - 1
             : pc == K2_LD_CE_EDGE ? s->bx == s->gx - 1
                                   : 1;
    switch (pc) {
    case K1_LD_N_EDGE: return s->by == 0;
    case K1_LD_S_EDGE: return s->by != 0 && s->by == s->gy - 1;
    case K1_LD_W_EDGE: return s->bx == 0;
    case K1_LD_E_EDGE: return s->bx != 0 && s->bx == s->gx - 1;
    default: return 1;
    }
}

static uint64_t srad_base(const srad_args_t *a, int kernel2, unsigned pc)
{
    if (kernel2) {
        switch (pc) {
        case K2_LD_J: case K2_ST_J: return a->j;
        case K2_LD_N: return a->n;
        case K2_LD_S: return a->s;
        case K2_LD_W: return a->w;
        case K2_LD_E: return a->e;
        default: return a->c;
        }
    }
    switch (pc) {
    case K1_ST_C: return a->c;
    case K1_ST_E: return a->e;
    case K1_ST_W: return a->w;
    case K1_ST_S: return a->s;
    case K1_ST_N: return a->n;
    default: return a->j;
    }
}

/* Compute before each instruction: index arithmetic first, the diffusion
 * coefficient (divisions, the border case chain) before the C store, the
 * divergence and update before the J store. */
static const uint16_t k1_gap[K1_END] = {12, 1, 2, 2, 2, 1, 2, 2, 2, 40, 1, 1, 1, 1};
static const uint16_t k2_gap[K2_END] = {10, 2, 2, 2, 2, 2, 12, 1, 1, 1, 8};

static void srad_next(const gm_kernel_t *k, void *ws, gm_inst_t *o, int kernel2)
{
    const srad_args_t *a = k->args;
    srad_ws_t *s = ws;
    unsigned end = kernel2 ? K2_END : K1_END;
    while (s->pc < end && !srad_taken(s, kernel2, s->pc))
        s->pc++;
    if (s->pc >= end) {
        wl_exit(o, 1);
        return;
    }
    unsigned pc = s->pc++;
    int store = kernel2 ? pc == K2_ST_J : pc >= K1_ST_C;
    wl_mem(o, store ? GM_OP_STORE : GM_OP_LOAD, 4, kernel2 ? k2_gap[pc] : k1_gap[pc],
           s->live);
    uint64_t base = srad_base(a, kernel2, pc);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (s->live >> l & 1)
                         ? base + (uint64_t)(srad_index(s, a->cols, kernel2, pc, l) * 4)
                         : 0;
}

static void srad1_next(const gm_kernel_t *k, void *ws, gm_inst_t *o) { srad_next(k, ws, o, 0); }
static void srad2_next(const gm_kernel_t *k, void *ws, gm_inst_t *o) { srad_next(k, ws, o, 1); }

static const gm_kernel_ops_t srad1_ops = {sizeof(srad_ws_t), srad_init, srad1_next};
static const gm_kernel_ops_t srad2_ops = {sizeof(srad_ws_t), srad_init, srad2_next};

static int srad_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N], iters = (uint32_t)p->v[P_ITERS];
    uint64_t img = 4ull * n * n, guard = 4ull * n;
    srad_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->j = wl_array(b, img + 2 * guard) + guard;
    a->c = wl_array(b, img + 2 * guard) + guard;
    a->e = wl_array(b, img);
    a->w = wl_array(b, img);
    a->s = wl_array(b, img);
    a->n = wl_array(b, img);
    a->cols = n;
    uint32_t g = n / SR_B;
    for (uint32_t i = 0; i < iters; i++) {
        /* shared: 6 (kernel 1) and 5 (kernel 2) 16 x 16 float tiles */
        wl_launch(b, &(wl_launch_t){"srad_cuda_1", &srad1_ops, a, {g, g}, {SR_B, SR_B},
                                    20, 6 * 1024});
        wl_launch(b, &(wl_launch_t){"srad_cuda_2", &srad2_ops, a, {g, g}, {SR_B, SR_B},
                                    19, 5 * 1024});
    }
    return 0;
}

const wl_def_t wl_srad = {"srad", NULL, srad_params, srad_build};
