/* FFT of the AMD APP SDK (its OpenCL FFT sample's `forward` kernel, the
 * CUDA port seed-004 ch.2 studies as fft1k and Table 4.1 runs as FFT, a CI
 * application): a batch of 1024-point complex single-precision FFTs, one
 * per 64-thread CTA, radix 4 in five passes, the real and imaginary parts
 * in two separate float arrays, transform v at element v * 1024 of each.
 *
 * Thread me (0..63) of CTA v:
 *   pass 1 loads four float4 of the real part, float4 index me + 64 k
 *     (elements 4 me + 256 k .. +3), k = 0..3, then four of the imaginary
 *     part the same way -- each warp load 32 consecutive float4, 512 B: a
 *     fully used run of four lines, every element loaded once;
 *   passes 1-5: a radix-4 butterfly on its four float4s, the twiddles
 *     (native sine and cosine), and the exchange through the 8.5 KB shared
 *     array (68 * 4 * 4 * 2 floats, bank-conflict-free offsets such as
 *     (me << 2) + (me >> 3)) with barriers -- shared memory, so compute
 *     here;
 *   pass 5 stores its four real then four imaginary float4 at the places
 *     it loaded from (in place).
 * So the global traffic streams: every element loaded once and stored
 * once, and the L1D sees no reuse ("global data is only loaded into
 * shared memory", seed-004 §4).
 *
 * Seed-004 runs 4096 transforms ((4096, 1) CTAs of (64, 1) threads,
 * "4k x 1k"); that is the default. 8704 B of shared memory and 56
 * registers a thread (seed-004 ch.6's FFT). Compute between memory
 * instructions, estimated from the kernel's arithmetic: 1-2 address
 * increments between the loads and between the stores; ~170 instructions
 * for pass 1's butterfly, float4 twiddles and 32 shared stores, ~230 for
 * each of passes 2-4 (32 shared loads, a butterfly of 64 flops, three
 * scalar twiddles, 32 shared stores, two barriers), ~100 for pass 5's
 * loads and butterfly: ~960 before the first store. */
#include "workload/wl.h"

enum { P_BATCH };
static const wl_param_t fft_params[] = {
    {"batch", "1024-point transforms (a CTA each; seed-004: 4096)", 4096, 1, 65535, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    FFT_N = 1024,
    FFT_TB = 64,
    FFT_VEC = 4,            /* float4s per thread per part */
    FFT_INSTS = 4 * FFT_VEC, /* 8 loads, then 8 stores */
    FFT_FIRST_GAP = 4, FFT_STEP_GAP = 2, FFT_COMPUTE_GAP = 960,
};

typedef struct fft_args {
    uint64_t re, im;
} fft_args_t;

typedef struct fft_ws {
    uint64_t first; /* byte offset of lane 0's float4 in load 0 */
    uint32_t live, n;
} fft_ws_t;

static void fft_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    fft_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->first = 4 * ((uint64_t)cta * FFT_N + FFT_VEC * w.tx[0]);
    s->live = w.live;
    s->n = 0;
}

static void fft_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const fft_args_t *a = k->args;
    fft_ws_t *s = ws;
    uint32_t n = s->n;
    if (n == FFT_INSTS) {
        wl_exit(o, 1);
        return;
    }
    s->n++;
    /* n = 0..7 loads, 8..15 stores; within each, four real then four imaginary */
    uint32_t part = n / FFT_VEC % 2, kk = n % FFT_VEC;
    int store = n >= 2 * FFT_VEC;
    unsigned gap = n == 0 ? FFT_FIRST_GAP : n == 2 * FFT_VEC ? FFT_COMPUTE_GAP : FFT_STEP_GAP;
    /* the kernel's sixteen accesses are unrolled: a static instruction each */
    wl_mem_at(o, store ? GM_OP_STORE : GM_OP_LOAD, 16, gap, s->live, __LINE__ * 16 + n);
    uint64_t base = (part ? a->im : a->re) + s->first + 4ull * kk * FFT_TB * FFT_VEC;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (s->live >> l & 1) ? base + 16ull * l : 0;
}

static const gm_kernel_ops_t fft_ops = {sizeof(fft_ws_t), fft_init, fft_next};

static int fft_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t batch = (uint32_t)p->v[P_BATCH];
    fft_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->re = wl_array(b, 4ull * FFT_N * batch);
    a->im = wl_array(b, 4ull * FFT_N * batch);
    wl_launch(b, &(wl_launch_t){"fft1k", &fft_ops, a, {batch}, {FFT_TB}, 56,
                                68 * 4 * 4 * 2 * 4});
    return 0;
}

const wl_def_t wl_fft = {"fft", NULL, fft_params, fft_build};
