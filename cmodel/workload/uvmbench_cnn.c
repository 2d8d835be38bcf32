/* UVMBench CNN (seed-001 Table 5.1 #10): a small MNIST network trained one
 * image at a time -- a 28x28 input, C1 (six 5x5 filters: 6x24x24), S1 (one
 * 4x4 filter at stride 4: 6x6x6) and a fully connected F layer (10).
 *
 * Every kernel is launched <<<64, 64>>> and splits a flat item space of N
 * items evenly over its 4096 threads: thread p takes items
 * [N p / 4096, N (p+1) / 4096), and item n is cut into digits i1 = n % r1,
 * i2 = n / r1 % r2, ... (the radices are the loop bounds of the kernel, e.g.
 * fp_preact_c1's 5, 5, 6, 24, 24). Each memory reference indexes its array
 * with a linear combination of the digits, so one table row per reference
 * describes a kernel. atomicAdd is a store (an atomic executes at the L2).
 *
 * Per training image: the forward pass (fp_preact_c1, fp_bias_c1, the step
 * function, the same for S1 and F), makeError <<<10, 1>>>, and the back
 * pass (bp_* for F, S1, C1, then apply_grad on the three weight arrays):
 * 23 launches. Per test image: the forward pass (9). UVMBench runs one
 * epoch: 60000 training and 10000 test images. Not modelled: the host's
 * writes between launches (setOutput copies the image into the input
 * layer, clear() zeroes outputs) and cublasSnrm2 on the 10 errors.
 *
 * Managed arrays, layer by layer (input, C1, S1, F) as the constructors
 * run: output, preact, bias, weight, d_output, d_preact, d_weight (O, O, N,
 * M N, O, O, M N floats); the input layer's three empty ones (N = 0) are
 * not allocated (cudaMallocManaged refuses a zero size). */
#include "workload/wl.h"

enum { CNN_IMAGES, CNN_TESTS };

static const wl_param_t cnn_params[] = {
    {"images", "training images (one epoch)", 60000, 0, 60000, 0, 0},
    {"tests", "test images (forward pass only)", 10000, 0, 10000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { CNN_DIGITS = 5, CNN_MAX_REFS = 3, CNN_T = 64 };
enum { LD = GM_OP_LOAD, ST = GM_OP_STORE };

typedef struct cnn_ref {
    uint8_t op, arr; /* arr: the kernel's pointer parameter, 0-based */
    uint16_t gap;
    uint16_t coef[CNN_DIGITS];
} cnn_ref_t;

/* A kernel: its digit radices (0 ends them; none = one digit of N items). */
typedef struct cnn_kdef {
    const char *name;
    uint16_t radix[CNN_DIGITS];
    uint8_t nrefs;
    cnn_ref_t refs[CNN_MAX_REFS];
} cnn_kdef_t;

/* The gaps: about two instructions per digit of index arithmetic before the
 * first reference, the multiply-add before a store, the exp of
 * step_function before its store. */
static const cnn_kdef_t k_fp_preact_c1 = {
    "fp_preact_c1", {5, 5, 6, 24, 24}, 3,
    {{LD, 2, 12, {5, 1, 25, 0, 0}}, {LD, 0, 2, {28, 1, 0, 28, 1}}, {ST, 1, 1, {0, 0, 576, 24, 1}}}};
static const cnn_kdef_t k_fp_bias_c1 = {
    "fp_bias_c1", {6, 24, 24}, 3,
    {{LD, 1, 8, {1, 0, 0}}, {LD, 0, 2, {576, 24, 1}}, {ST, 0, 1, {576, 24, 1}}}};
static const cnn_kdef_t k_step = {
    "apply_step_function", {0}, 2, {{LD, 0, 4, {1}}, {ST, 1, 8, {1}}}};
static const cnn_kdef_t k_fp_preact_s1 = {
    "fp_preact_s1", {4, 4, 6, 6, 6}, 3,
    {{LD, 2, 12, {4, 1, 0, 0, 0}}, {LD, 0, 3, {24, 1, 576, 96, 4}}, {ST, 1, 1, {0, 0, 36, 6, 1}}}};
static const cnn_kdef_t k_fp_bias_s1 = {
    "fp_bias_s1", {6, 6, 6}, 3, {{LD, 1, 8, {0}}, {LD, 0, 2, {36, 6, 1}}, {ST, 0, 1, {36, 6, 1}}}};
static const cnn_kdef_t k_fp_preact_f = {
    "fp_preact_f", {10, 6, 6, 6}, 3,
    {{LD, 2, 10, {216, 36, 6, 1}}, {LD, 0, 0, {0, 36, 6, 1}}, {ST, 1, 1, {1}}}};
static const cnn_kdef_t k_fp_bias_f = {
    "fp_bias_f", {0}, 3, {{LD, 1, 4, {1}}, {LD, 0, 0, {1}}, {ST, 0, 1, {1}}}};
static const cnn_kdef_t k_make_error = {"makeError", {0}, 2, {{LD, 1, 4, {1}}, {ST, 0, 3, {1}}}};
static const cnn_kdef_t k_bp_weight_f = {
    "bp_weight_f", {10, 6, 6, 6}, 3,
    {{LD, 1, 10, {1}}, {LD, 2, 0, {0, 36, 6, 1}}, {ST, 0, 1, {216, 36, 6, 1}}}};
static const cnn_kdef_t k_bp_bias_f = {
    "bp_bias_f", {0}, 3, {{LD, 1, 4, {1}}, {LD, 0, 0, {1}}, {ST, 0, 1, {1}}}};
static const cnn_kdef_t k_bp_output_s1 = {
    "bp_output_s1", {10, 6, 6, 6}, 3,
    {{LD, 1, 10, {216, 36, 6, 1}}, {LD, 2, 0, {1}}, {ST, 0, 1, {0, 36, 6, 1}}}};
static const cnn_kdef_t k_bp_preact_s1 = {
    "bp_preact_s1", {6, 6, 6}, 3,
    {{LD, 2, 8, {36, 6, 1}}, {LD, 1, 8, {36, 6, 1}}, {ST, 0, 3, {36, 6, 1}}}};
static const cnn_kdef_t k_bp_weight_s1 = {
    "bp_weight_s1", {4, 4, 6, 6, 6}, 3,
    {{LD, 1, 12, {0, 0, 36, 6, 1}}, {LD, 2, 3, {24, 1, 576, 96, 4}}, {ST, 0, 1, {4, 1, 0, 0, 0}}}};
static const cnn_kdef_t k_bp_bias_s1 = {
    "bp_bias_s1", {6, 6, 6}, 2, {{LD, 1, 8, {36, 6, 1}}, {ST, 0, 3, {0}}}};
static const cnn_kdef_t k_bp_output_c1 = {
    "bp_output_c1", {4, 4, 6, 6, 6}, 3,
    {{LD, 1, 12, {4, 1, 0, 0, 0}}, {LD, 2, 0, {0, 0, 36, 6, 1}}, {ST, 0, 4, {24, 1, 576, 96, 4}}}};
static const cnn_kdef_t k_bp_preact_c1 = {
    "bp_preact_c1", {6, 24, 24}, 3,
    {{LD, 2, 8, {576, 24, 1}}, {LD, 1, 8, {576, 24, 1}}, {ST, 0, 3, {576, 24, 1}}}};
static const cnn_kdef_t k_bp_weight_c1 = {
    "bp_weight_c1", {6, 5, 5, 24, 24}, 3,
    {{LD, 1, 12, {576, 0, 0, 24, 1}}, {LD, 2, 2, {0, 28, 1, 28, 1}}, {ST, 0, 2, {25, 5, 1, 0, 0}}}};
static const cnn_kdef_t k_bp_bias_c1 = {
    "bp_bias_c1", {6, 24, 24}, 2, {{LD, 1, 8, {576, 24, 1}}, {ST, 0, 3, {1}}}};
static const cnn_kdef_t k_apply_grad = {
    "apply_grad", {0}, 3, {{LD, 1, 4, {1}}, {LD, 0, 0, {1}}, {ST, 0, 1, {1}}}};

typedef struct cnn_args {
    const cnn_kdef_t *def;
    uint64_t base[3];
    uint32_t n; /* items: the product of the radices, or N of a flat kernel */
} cnn_args_t;

typedef struct cnn_ws {
    uint32_t next[GM_WARP_SIZE], end[GM_WARP_SIZE]; /* each lane's items */
    uint32_t r;
} cnn_ws_t;

static void cnn_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const cnn_args_t *a = k->args;
    cnn_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    uint64_t size = (uint64_t)k->grid[0] * k->block[0];
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t pos = wl_gx(k, &w, l);
        int live = w.live >> l & 1;
        s->next[l] = live ? (uint32_t)(a->n * pos / size) : 0;
        s->end[l] = live ? (uint32_t)(a->n * (pos + 1) / size) : 0;
    }
    s->r = 0;
}

static uint64_t cnn_index(const cnn_kdef_t *d, const cnn_ref_t *r, uint32_t n)
{
    if (!d->radix[0])
        return (uint64_t)r->coef[0] * n;
    uint64_t idx = 0;
    for (unsigned i = 0; i < CNN_DIGITS && d->radix[i]; i++) {
        idx += (uint64_t)r->coef[i] * (n % d->radix[i]);
        n /= d->radix[i];
    }
    return idx;
}

static void cnn_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const cnn_args_t *a = k->args;
    const cnn_kdef_t *d = a->def;
    cnn_ws_t *s = ws;
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if (s->next[l] < s->end[l])
            m |= 1u << l;
    if (!m) {
        wl_exit(o, 3);
        return;
    }
    const cnn_ref_t *r = &d->refs[s->r];
    wl_mem_at(o, (gm_op_t)r->op, 4, r->gap, m, 2000 + s->r);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (m >> l & 1) ? a->base[r->arr] + 4 * cnn_index(d, r, s->next[l]) : 0;
    if (++s->r == d->nrefs) {
        s->r = 0;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            s->next[l] += m >> l & 1;
    }
}

static const gm_kernel_ops_t cnn_ops = {sizeof(cnn_ws_t), cnn_init, cnn_next};

typedef struct cnn_layer {
    uint64_t output, preact, bias, weight, d_output, d_preact, d_weight;
    uint32_t m, n, o;
} cnn_layer_t;

static void cnn_layer(wl_builder_t *b, cnn_layer_t *l, uint32_t m, uint32_t n, uint32_t o)
{
    *l = (cnn_layer_t){0, 0, 0, 0, 0, 0, 0, m, n, o};
    l->output = wl_array(b, 4ull * o);
    l->preact = wl_array(b, 4ull * o);
    if (n)
        l->bias = wl_array(b, 4ull * n);
    if (m && n)
        l->weight = wl_array(b, 4ull * m * n);
    l->d_output = wl_array(b, 4ull * o);
    l->d_preact = wl_array(b, 4ull * o);
    if (m && n)
        l->d_weight = wl_array(b, 4ull * m * n);
}

/* The launches one image needs, built once and appended per image. */
typedef struct cnn_plan {
    const cnn_args_t *fwd[9], *bwd[14];
} cnn_plan_t;

static const cnn_args_t *cnn_args(wl_builder_t *b, const cnn_kdef_t *d, uint64_t a0,
                                  uint64_t a1, uint64_t a2, uint32_t flat_n)
{
    cnn_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return NULL;
    a->def = d;
    a->base[0] = a0;
    a->base[1] = a1;
    a->base[2] = a2;
    a->n = flat_n;
    if (d->radix[0]) {
        a->n = 1;
        for (unsigned i = 0; i < CNN_DIGITS && d->radix[i]; i++)
            a->n *= d->radix[i];
    }
    return a;
}

static void cnn_put(wl_builder_t *b, const cnn_args_t *a, uint32_t grid, uint32_t tb)
{
    wl_launch(b, &(wl_launch_t){a->def->name, &cnn_ops, a, {grid, 1}, {tb, 1}, 16, 0});
}

static int cnn_build(wl_builder_t *b, const wl_vals_t *p)
{
    cnn_layer_t in, c1, s1, f;
    cnn_layer(b, &in, 0, 0, 28 * 28);
    cnn_layer(b, &c1, 5 * 5, 6, 24 * 24 * 6);
    cnn_layer(b, &s1, 4 * 4, 1, 6 * 6 * 6);
    cnn_layer(b, &f, 6 * 6 * 6, 10, 10);
    cnn_plan_t pl = {
        {cnn_args(b, &k_fp_preact_c1, in.output, c1.preact, c1.weight, 0),
         cnn_args(b, &k_fp_bias_c1, c1.preact, c1.bias, 0, 0),
         cnn_args(b, &k_step, c1.preact, c1.output, 0, c1.o),
         cnn_args(b, &k_fp_preact_s1, c1.output, s1.preact, s1.weight, 0),
         cnn_args(b, &k_fp_bias_s1, s1.preact, s1.bias, 0, 0),
         cnn_args(b, &k_step, s1.preact, s1.output, 0, s1.o),
         cnn_args(b, &k_fp_preact_f, s1.output, f.preact, f.weight, 0),
         cnn_args(b, &k_fp_bias_f, f.preact, f.bias, 0, 10),
         cnn_args(b, &k_step, f.preact, f.output, 0, f.o)},
        {cnn_args(b, &k_make_error, f.d_preact, f.output, 0, 10),
         cnn_args(b, &k_bp_weight_f, f.d_weight, f.d_preact, s1.output, 0),
         cnn_args(b, &k_bp_bias_f, f.bias, f.d_preact, 0, 10),
         cnn_args(b, &k_bp_output_s1, s1.d_output, f.weight, f.d_preact, 0),
         cnn_args(b, &k_bp_preact_s1, s1.d_preact, s1.d_output, s1.preact, 0),
         cnn_args(b, &k_bp_weight_s1, s1.d_weight, s1.d_preact, c1.output, 0),
         cnn_args(b, &k_bp_bias_s1, s1.bias, s1.d_preact, 0, 0),
         cnn_args(b, &k_bp_output_c1, c1.d_output, s1.weight, s1.d_preact, 0),
         cnn_args(b, &k_bp_preact_c1, c1.d_preact, c1.d_output, c1.preact, 0),
         cnn_args(b, &k_bp_weight_c1, c1.d_weight, c1.d_preact, in.output, 0),
         cnn_args(b, &k_bp_bias_c1, c1.bias, c1.d_preact, 0, 0),
         cnn_args(b, &k_apply_grad, f.weight, f.d_weight, 0, f.m * f.n),
         cnn_args(b, &k_apply_grad, s1.weight, s1.d_weight, 0, s1.m * s1.n),
         cnn_args(b, &k_apply_grad, c1.weight, c1.d_weight, 0, c1.m * c1.n)}};
    if (b->failed)
        return -1;
    uint64_t images = p->v[CNN_IMAGES], tests = p->v[CNN_TESTS];
    if (images + tests == 0)
        return wl_fail(b, "images", "no image to run (images=0 and tests=0)");
    for (uint64_t i = 0; i < images; i++) {
        for (unsigned k = 0; k < 9; k++)
            cnn_put(b, pl.fwd[k], CNN_T, CNN_T);
        cnn_put(b, pl.bwd[0], 10, 1); /* makeError<<<10, 1>>> */
        for (unsigned k = 1; k < 14; k++)
            cnn_put(b, pl.bwd[k], CNN_T, CNN_T);
    }
    for (uint64_t i = 0; i < tests; i++)
        for (unsigned k = 0; k < 9; k++)
            cnn_put(b, pl.fwd[k], CNN_T, CNN_T);
    return 0;
}

const wl_def_t wl_cnn = {"cnn", NULL, cnn_params, cnn_build};
