/* CUDA SDK element-wise kernels of seed-001's memory-intensive sets
 * (Table 2.3 / 3.1), each a grid-stride or one-element-per-thread loop
 * (workload/ew.h):
 *
 * asyncapi (AA): increment_kernel, g_data[idx] += inc over n ints, CTAs of
 *   512 threads, one element per thread: a coalesced load and store.
 * blackscholes (BS): BlackScholesGPU of the CUDA 4 SDK, 480 CTAs of 128
 *   threads looping over the options: loads S, X, T, about 70 instructions
 *   of CND/exp/log/sqrt, stores the call and put prices. Compute is set so
 *   instructions per L2 miss come out near Table 2.3's 476 (75 thread
 *   instructions per option over 5/32 of a line each). The SDK launches it
 *   512 times over 4 M options; here `launches` (1) of them.
 * alignedtypes (AT): testKernel, 64 CTAs of 256 threads copying `bytes`
 *   of each of the SDK's twelve element types in turn (one launch each):
 *   uint8, uint16, the misaligned RGBA8/LA32/RGB32/RGBA32 structs (one
 *   load and store per field: 1 B or 4 B at the struct's stride), the
 *   aligned RGBA8 (4 B), I32, LA32 (8 B), RGB32 (aligned 16: an 8 B and a
 *   4 B access), RGBA32 (16 B) and RGBA32_2 (two 16 B). The SDK copies
 *   about 50 MB per type; the default here is 4 MiB.
 * sobolqrng (SQ): sobolGPU over n_vectors x n_dimensions (100000 x 100 in
 *   the SDK), grid (32, dims) of 64-thread CTAs, each thread storing every
 *   (64 * 32)-th output of its dimension (one coalesced store after about
 *   12 instructions of Gray-code XORs). Left out: the 32 direction numbers
 *   a CTA reads once into shared memory (under 1 % of its accesses). */
#include <stdio.h>

#include "workload/ew.h"

#define LD(arr, size, off, gap) {GM_OP_LOAD, arr, size, EW_ELEM, off, 0, gap, 0, 0}
#define ST(arr, size, off, gap) {GM_OP_STORE, arr, size, EW_ELEM, off, 0, gap, 0, 0}

static int launch_ew(wl_builder_t *b, const char *name, const ew_ref_t *refs, uint32_t nrefs,
                     const uint64_t *base, uint32_t esize, uint64_t n, uint32_t grid,
                     uint32_t gridy, uint32_t tb, uint32_t regs, uint16_t exit_gap)
{
    ew_kernel_t *a = ew_new(b, refs, nrefs);
    if (!a)
        return -1;
    for (unsigned i = 0; i < EW_MAX_ARRAYS; i++) {
        a->base[i] = base[i];
        a->esize[i] = esize;
    }
    a->n = n;
    a->ystride = n;
    a->mode = EW_LINEAR;
    a->exit_gap = exit_gap;
    wl_launch(b, &(wl_launch_t){name, &ew_ops, a, {grid, gridy}, {tb, 1}, regs, 0});
    return 0;
}

/* ---- asyncAPI */

static const wl_param_t asyncapi_params[] = {
    {"n", "ints incremented", 16777216, 512, 268435456, 512, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};
static const ew_ref_t asyncapi_refs[] = {LD(0, 4, 0, 4), ST(0, 4, 0, 1)};

static int asyncapi_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[0];
    uint64_t base[EW_MAX_ARRAYS] = {wl_array(b, 4 * n)};
    return launch_ew(b, "increment_kernel", asyncapi_refs, 2, base, 4, n,
                     (uint32_t)(n / 512), 1, 512, 4, 1);
}

const wl_def_t wl_asyncapi = {"asyncapi", NULL, asyncapi_params, asyncapi_build};

/* ---- BlackScholes */

enum { BS_S, BS_X, BS_T, BS_CALL, BS_PUT };
static const wl_param_t blackscholes_params[] = {
    {"options", "options priced per launch", 4000000, 32, 67108864, 0, 0},
    {"launches", "kernel launches (the SDK runs 512)", 1, 1, 512, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};
static const ew_ref_t blackscholes_refs[] = {
    LD(BS_S, 4, 0, 4), LD(BS_X, 4, 0, 1), LD(BS_T, 4, 0, 1),
    ST(BS_CALL, 4, 0, 62), ST(BS_PUT, 4, 0, 2)};

static int blackscholes_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[0];
    uint64_t base[EW_MAX_ARRAYS] = {0};
    /* the host's cudaMalloc order: call, put, then the three inputs */
    base[BS_CALL] = wl_array(b, 4 * n);
    base[BS_PUT] = wl_array(b, 4 * n);
    base[BS_S] = wl_array(b, 4 * n);
    base[BS_X] = wl_array(b, 4 * n);
    base[BS_T] = wl_array(b, 4 * n);
    for (uint64_t i = 0; i < p->v[1]; i++)
        if (launch_ew(b, "BlackScholesGPU", blackscholes_refs, 5, base, 4, n, 480, 1, 128, 16,
                      2))
            return -1;
    return 0;
}

const wl_def_t wl_blackscholes = {"blackscholes", NULL, blackscholes_params,
                                  blackscholes_build};

/* ---- alignedTypes */

static const wl_param_t alignedtypes_params[] = {
    {"bytes", "bytes copied per element type", 4194304, 4096, 268435456, 32, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

typedef struct at_type {
    const char *name;
    uint32_t size;          /* sizeof: the element stride */
    uint32_t nrefs;         /* loads then as many stores */
    const ew_ref_t *refs;
} at_type_t;

#define AT_COPY1(sz) {LD(0, sz, 0, 3), ST(1, sz, 0, 1)}
static const ew_ref_t at_u8[] = AT_COPY1(1), at_u16[] = AT_COPY1(2), at_u32[] = AT_COPY1(4),
                      at_u64[] = AT_COPY1(8), at_u128[] = AT_COPY1(16);
static const ew_ref_t at_rgba8m[] = {LD(0, 1, 0, 3), LD(0, 1, 1, 0), LD(0, 1, 2, 0),
                                     LD(0, 1, 3, 0), ST(1, 1, 0, 1), ST(1, 1, 1, 0),
                                     ST(1, 1, 2, 0), ST(1, 1, 3, 0)};
static const ew_ref_t at_la32m[] = {LD(0, 4, 0, 3), LD(0, 4, 4, 0), ST(1, 4, 0, 1),
                                    ST(1, 4, 4, 0)};
static const ew_ref_t at_rgb32m[] = {LD(0, 4, 0, 3), LD(0, 4, 4, 0), LD(0, 4, 8, 0),
                                     ST(1, 4, 0, 1), ST(1, 4, 4, 0), ST(1, 4, 8, 0)};
static const ew_ref_t at_rgba32m[] = {LD(0, 4, 0, 3),  LD(0, 4, 4, 0), LD(0, 4, 8, 0),
                                      LD(0, 4, 12, 0), ST(1, 4, 0, 1), ST(1, 4, 4, 0),
                                      ST(1, 4, 8, 0),  ST(1, 4, 12, 0)};
static const ew_ref_t at_rgb32[] = {LD(0, 8, 0, 3), LD(0, 4, 8, 0), ST(1, 8, 0, 1),
                                    ST(1, 4, 8, 0)};
static const ew_ref_t at_rgba32x2[] = {LD(0, 16, 0, 3), LD(0, 16, 16, 0), ST(1, 16, 0, 1),
                                       ST(1, 16, 16, 0)};
#define AT_T(name, size, refs) {name, size, sizeof refs / sizeof refs[0], refs}
static const at_type_t at_types[] = {
    AT_T("uint8", 1, at_u8),         AT_T("uint16", 2, at_u16),
    AT_T("RGBA8_misaligned", 4, at_rgba8m), AT_T("LA32_misaligned", 8, at_la32m),
    AT_T("RGB32_misaligned", 12, at_rgb32m), AT_T("RGBA32_misaligned", 16, at_rgba32m),
    AT_T("RGBA8", 4, at_u32),        AT_T("I32", 4, at_u32),
    AT_T("LA32", 8, at_u64),         AT_T("RGB32", 16, at_rgb32),
    AT_T("RGBA32", 16, at_u128),     AT_T("RGBA32_2", 32, at_rgba32x2)};

static int alignedtypes_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t bytes = p->v[0];
    uint64_t base[EW_MAX_ARRAYS] = {wl_array(b, bytes), wl_array(b, bytes)};
    for (unsigned t = 0; t < sizeof at_types / sizeof at_types[0]; t++) {
        const at_type_t *ty = &at_types[t];
        char name[40];
        snprintf(name, sizeof name, "testKernel<%s>", ty->name);
        if (launch_ew(b, name, ty->refs, ty->nrefs, base, ty->size, bytes / ty->size, 64, 1,
                      256, 10, 1))
            return -1;
    }
    return 0;
}

const wl_def_t wl_alignedtypes = {"alignedtypes", NULL, alignedtypes_params,
                                  alignedtypes_build};

/* ---- SobolQRNG */

static const wl_param_t sobolqrng_params[] = {
    {"vectors", "n_vectors (outputs per dimension)", 100000, 32, 16777216, 0, 0},
    {"dims", "n_dimensions", 100, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};
static const ew_ref_t sobolqrng_refs[] = {ST(0, 4, 0, 12)};

static int sobolqrng_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t nv = p->v[0], dims = p->v[1];
    uint64_t base[EW_MAX_ARRAYS] = {wl_array(b, 4 * nv * dims)};
    return launch_ew(b, "sobolGPU", sobolqrng_refs, 1, base, 4, nv, 32, (uint32_t)dims, 64, 16,
                     2);
}

const wl_def_t wl_sobolqrng = {"sobolqrng", NULL, sobolqrng_params, sobolqrng_build};
