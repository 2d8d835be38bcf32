/* Rodinia Back Propagation: bpnn_layerforward_CUDA then
 * bpnn_adjust_weights_cuda, `in` input nodes, 16 hidden nodes.
 *
 * Both kernels run a (1, in/16) grid of 16 x 16 CTAs; thread (tx, ty) of
 * CTA by works on weight row 16 by + ty + 1, column tx + 1 of the
 * (in+1) x 17 weight matrix (row stride 17 floats: each 16-float half row
 * of a warp straddles lines, seed-000 Table 6 bp Req/Minst 2).
 *   layerforward: input[16 by + ty + 1] (tx == 0 lanes), w[index], the
 *     shared-memory product and 4-step reduction, w[index] = result,
 *     partial_sum[by*16 + ty] (tx == 0 lanes);
 *   adjust_weights: w[index] += eta delta[tx+1] ly[16 by + ty + 1] +
 *     momentum oldw[index]; oldw[index] = the same (everything reloads
 *     after the store to w); CTA 0's row 0 also updates w[tx+1], oldw[tx+1].
 * ~6 compute instructions per memory instruction overall (Table 6, bp). */
#include "workload/wl.h"

enum { P_IN };

static const wl_param_t bp_params[] = {
    {"in", "input nodes", 65536, 16, 4194304, 16, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { BP_B = 16, BP_HID = 16 };

typedef struct bp_args {
    uint64_t input, weights, partial, delta, prev_weights;
} bp_args_t;

/* One memory instruction: which array, which index expression, and which
 * lanes execute it. */
enum { A_IN, A_W, A_PART, A_DELTA, A_OLDW };  /* input/ly, w, partial sums, delta, oldw */
enum { IX_IN, IX_W, IX_PART, IX_DX, IX_W0 }; /* see bp_index */
typedef struct bp_step {
    uint8_t op, array, index;
    uint8_t first_row_only; /* only ty == 0 of CTA by == 0 */
    uint8_t tx0_only;       /* only lanes with tx == 0 */
    uint16_t gap;
} bp_step_t;

static const bp_step_t forward_steps[] = {
    {GM_OP_LOAD, A_IN, IX_IN, 0, 1, 10},     /* input_node[ty] = input_cuda[index_in] */
    {GM_OP_LOAD, A_W, IX_W, 0, 0, 3},        /* weight_matrix = input_hidden_cuda[index] */
    {GM_OP_STORE, A_W, IX_W, 0, 0, 40},      /* input_hidden_cuda[index] = ... */
    {GM_OP_STORE, A_PART, IX_PART, 0, 1, 3}, /* hidden_partial_sum[by*hid + ty] */
};
static const bp_step_t adjust_steps[] = {
    {GM_OP_LOAD, A_DELTA, IX_DX, 0, 0, 8},  /* delta[index_x] */
    {GM_OP_LOAD, A_IN, IX_IN, 0, 0, 0},     /* ly[index_y] */
    {GM_OP_LOAD, A_OLDW, IX_W, 0, 0, 1},    /* oldw[index] */
    {GM_OP_LOAD, A_W, IX_W, 0, 0, 2},       /* w[index] */
    {GM_OP_STORE, A_W, IX_W, 0, 0, 2},      /* w[index] += */
    {GM_OP_LOAD, A_DELTA, IX_DX, 0, 0, 0},  /* reloads after the store */
    {GM_OP_LOAD, A_IN, IX_IN, 0, 0, 0},
    {GM_OP_LOAD, A_OLDW, IX_W, 0, 0, 0},
    {GM_OP_STORE, A_OLDW, IX_W, 0, 0, 3},   /* oldw[index] = */
    {GM_OP_LOAD, A_DELTA, IX_DX, 1, 0, 3},  /* if (ty == 0 && by == 0) */
    {GM_OP_LOAD, A_OLDW, IX_W0, 1, 0, 1},
    {GM_OP_LOAD, A_W, IX_W0, 1, 0, 1},
    {GM_OP_STORE, A_W, IX_W0, 1, 0, 2},
    {GM_OP_LOAD, A_DELTA, IX_DX, 1, 0, 0},
    {GM_OP_LOAD, A_OLDW, IX_W0, 1, 0, 0},
    {GM_OP_STORE, A_OLDW, IX_W0, 1, 0, 2},
};

typedef struct bp_kernel {
    const bp_args_t *a;
    const bp_step_t *steps;
    unsigned nsteps;
} bp_kernel_t;

typedef struct bp_ws {
    uint32_t tx[GM_WARP_SIZE], ty[GM_WARP_SIZE];
    uint32_t live, by, pc;
} bp_ws_t;

static void bp_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    bp_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->tx[l] = w.tx[l];
        s->ty[l] = w.ty[l];
    }
    s->live = w.live;
    s->by = w.by;
    s->pc = 0;
}

static uint64_t bp_index(const bp_ws_t *s, unsigned ix, unsigned l)
{
    uint64_t tx = s->tx[l], ty = s->ty[l], by = s->by, h = BP_HID + 1;
    switch (ix) {
    case IX_IN: return BP_B * by + ty + 1;
    case IX_W: return h * BP_B * by + h * ty + tx + 1 + h;
    case IX_PART: return by * BP_HID + ty;
    case IX_DX: return tx + 1;
    default: return tx + 1; /* IX_W0: w[index_x] */
    }
}

static void bp_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const bp_kernel_t *kk = k->args;
    bp_ws_t *s = ws;
    const uint64_t base[5] = {kk->a->input, kk->a->weights, kk->a->partial, kk->a->delta,
                              kk->a->prev_weights};
    while (s->pc < kk->nsteps) {
        const bp_step_t *st = &kk->steps[s->pc++];
        uint32_t m = s->live;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((st->tx0_only && s->tx[l] != 0) ||
                (st->first_row_only && (s->ty[l] != 0 || s->by != 0)))
                m &= ~(1u << l);
        if (!m)
            continue;
        wl_mem(o, (gm_op_t)st->op, 4, st->gap, m);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (m >> l & 1) ? base[st->array] + 4 * bp_index(s, st->index, l) : 0;
        return;
    }
    wl_exit(o, 1);
}

static const gm_kernel_ops_t bp_ops = {sizeof(bp_ws_t), bp_init, bp_next};

static int bp_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t in = (uint32_t)p->v[P_IN], blocks = in / BP_B;
    uint64_t weights = 4ull * (in + 1) * (BP_HID + 1);
    bp_args_t *a = wl_host(b, sizeof *a);
    bp_kernel_t *fw = wl_host(b, sizeof *fw), *adj = wl_host(b, sizeof *adj);
    if (!a || !fw || !adj)
        return -1;
    a->input = wl_array(b, 4ull * (in + 1));
    wl_array(b, 4ull * (BP_HID + 1)); /* output_hidden_cuda (host-side use) */
    a->weights = wl_array(b, weights);
    a->partial = wl_array(b, 4ull * blocks * BP_B);
    a->delta = wl_array(b, 4ull * (BP_HID + 1));
    a->prev_weights = wl_array(b, weights);
    *fw = (bp_kernel_t){a, forward_steps, sizeof forward_steps / sizeof *forward_steps};
    *adj = (bp_kernel_t){a, adjust_steps, sizeof adjust_steps / sizeof *adjust_steps};
    /* layerforward: 12 registers, input_node[16] + weight_matrix[16][16]
     * floats = 1088 B shared (Table 6 bp); adjust_weights: 22 registers
     * (seed-004 Table 3.3, BP2). */
    wl_launch(b, &(wl_launch_t){"bpnn_layerforward_CUDA", &bp_ops, fw, {1, blocks},
                                {BP_B, BP_B}, 12, 1088});
    wl_launch(b, &(wl_launch_t){"bpnn_adjust_weights_cuda", &bp_ops, adj, {1, blocks},
                                {BP_B, BP_B}, 22, 0});
    return 0;
}

const wl_def_t wl_backprop = {"backprop", "bp", bp_params, bp_build};
