/* UVMBench SVM (seed-001 Table 5.1 #30): the kernel-matrix computation of a
 * one-vs-one MNIST support-vector machine (kernel_kernel_matrix). UVMBench
 * trains one pair, digits 0 and 1: l = 5923 + 6742 = 12665 training
 * images of 785 bytes (784 pixels and a constant 1). CTAs of 32 x 32
 * threads; thread (i, j) = (blockIdx.x*32 + threadIdx.x, blockIdx.y*32 +
 * threadIdx.y) with i, j < l sums a 256 x 256 lookup table B over the
 * image pair and stores one entry of the RBF kernel matrix:
 *   for k < 785: X[i*785 + k] (one byte of 32 images: 32 lines),
 *                X[j*785 + k] (one byte, the same in every lane),
 *                B[X[i*785+k] * 256 + X[j*785+k]] (a gather)
 *   K[i*l + j] = expf(...)  (32 rows l floats apart)
 * The pixel bytes are data: here a pure function of (seed, image, k), zero
 * with probability 205/256 (about MNIST's 81 % of background pixels, ink
 * otherwise), k = 784 always 1. Managed arrays in UVMBench's order: K
 * (l*l floats), B (256*256 floats), X (l*785 bytes). Not modelled: the
 * SMO training kernel that then reads K (the second kernel of Table 5.1). */
#include "util/rng.h"
#include "workload/wl.h"

enum { SVM_L, SVM_FEAT };

static const wl_param_t svm_params[] = {
    {"l", "training images of the pair", 12665, 32, 30000, 0, 0},
    {"features", "bytes per image (pixels and the bias byte)", 785, 2, 4096, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { SVM_B = 32 };

typedef struct svm_args {
    uint64_t k, b, x, seed;
    uint32_t l, feat;
} svm_args_t;

typedef struct svm_ws {
    uint32_t i[GM_WARP_SIZE];
    uint32_t j, live, k, pc;
} svm_ws_t;

/* Image `img`'s byte k. */
static uint32_t svm_pixel(const svm_args_t *a, uint32_t img, uint32_t k)
{
    if (k + 1 == a->feat)
        return 1;
    uint64_t h = gm_mix64(a->seed ^ ((uint64_t)img << 16 | k));
    return (h & 0xff) < 205 ? 0 : (uint32_t)(h >> 8 & 0xff);
}

static void svm_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const svm_args_t *a = kn->args;
    svm_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->j = wl_gy(kn, &w, 0); /* a warp is one threadIdx.y row */
    s->live = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->i[l] = wl_gx(kn, &w, l);
        if ((w.live >> l & 1) && s->i[l] < a->l && s->j < a->l)
            s->live |= 1u << l;
    }
    s->k = s->pc = 0;
}

static void svm_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const svm_args_t *a = kn->args;
    svm_ws_t *s = ws;
    if (!s->live || s->pc == 3) {
        wl_exit(o, 2);
        return;
    }
    if (s->k == a->feat) { /* K[i*l + j] after expf */
        wl_mem(o, GM_OP_STORE, 4, 8, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->k + 4 * ((uint64_t)s->i[l] * a->l + s->j) : 0;
        s->pc = 3;
        return;
    }
    switch (s->pc) {
    case 0: /* X[offset_i + k] */
        wl_mem(o, GM_OP_LOAD, 1, 2, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->x + (uint64_t)s->i[l] * a->feat + s->k : 0;
        s->pc = 1;
        return;
    case 1: /* X[offset_j + k] */
        wl_mem(o, GM_OP_LOAD, 1, 0, s->live);
        wl_fill_same(o, a->x + (uint64_t)s->j * a->feat + s->k);
        s->pc = 2;
        return;
    default: { /* B[xi * 256 + xj], then the add and the loop test */
        uint32_t xj = svm_pixel(a, s->j, s->k);
        wl_mem(o, GM_OP_LOAD, 4, 2, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1)
                             ? a->b + 4ull * (svm_pixel(a, s->i[l], s->k) * 256 + xj)
                             : 0;
        s->pc = 0;
        s->k++;
        return;
    }
    }
}

static const gm_kernel_ops_t svm_ops = {sizeof(svm_ws_t), svm_init, svm_next};

static int svm_build(wl_builder_t *b, const wl_vals_t *p)
{
    svm_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->l = (uint32_t)p->v[SVM_L];
    a->feat = (uint32_t)p->v[SVM_FEAT];
    a->k = wl_array(b, 4ull * a->l * a->l);
    a->b = wl_array(b, 4ull * 256 * 256);
    a->x = wl_array(b, (uint64_t)a->l * a->feat);
    gm_rng_t r;
    wl_rng(b, &r, 0x53564d); /* "SVM": the images */
    a->seed = gm_rng_next(&r);
    uint32_t g = wl_ceil_div(a->l, SVM_B);
    wl_launch(b, &(wl_launch_t){"kernel_kernel_matrix", &svm_ops, a, {g, g}, {SVM_B, SVM_B},
                                24, 0});
    return 0;
}

const wl_def_t wl_svm = {"svm", NULL, svm_params, svm_build};
