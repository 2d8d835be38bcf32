/* CUDA SDK butterflies of seed-001's memory-intensive sets: the global
 * passes of fastWalshTransform (FWT) and of sortingNetworks' bitonic sort
 * (SN), whose thread g works on elements e, e + stride, ... with
 * e = R g - (R-1) (g & (stride-1)) (workload/ew.h): each of its warp's
 * accesses is one coalesced run, the R runs `stride` elements apart --
 * R DRAM rows per warp once the stride passes a row.
 *
 * fwt: fwtBatchGPU as the SDK runs it -- the transform of the data, of the
 *   kernel, the pointwise modulate, the inverse transform of the data --
 *   over 2^log2n floats. A transform is fwtBatch2Kernel (radix 4, 256
 *   threads per CTA, blockIdx.y the segment) for log2N = log2n, log2n-2,
 *   ... while log2N > 11, then fwtBatch1Kernel on the 2^10 or 2^11 float
 *   segments left (one CTA of N/4 threads each, which loads its segment
 *   into shared memory with 4 coalesced loads, transforms it there and
 *   stores it with 4). The SDK's default log2n is 23; here 20.
 * sortnet: bitonicSort for an n-key array with values (SHARED_SIZE_LIMIT
 *   1024): bitonicSortShared1 (CTAs of 512 threads, each loading and
 *   storing the keys and values at tid and tid + 512 of its CTA's 1024),
 *   then per merge size 2048 .. n the bitonicMergeGlobal passes for the
 *   strides >= 1024 (radix 2: keyA, valA, keyB, valB loaded, compared,
 *   stored) and one bitonicMergeShared (the Shared1 pattern) for the rest.
 *   The SDK sorts 1 M keys; here 256 K by default. */
#include "workload/ew.h"

#define LDJ(arr, j, gap) {GM_OP_LOAD, arr, 4, EW_ELEM, 0, j, gap, 0, 0}
#define STJ(arr, j, gap) {GM_OP_STORE, arr, 4, EW_ELEM, 0, j, gap, 0, 0}
#define LDA(arr, add, gap) {GM_OP_LOAD, arr, 4, EW_ELEM, 0, 0, gap, 0, add}
#define STA(arr, add, gap) {GM_OP_STORE, arr, 4, EW_ELEM, 0, 0, gap, 0, add}

static ew_kernel_t *bf_new(wl_builder_t *b, const ew_ref_t *refs, uint32_t nrefs,
                           const uint64_t *base, uint64_t n, uint64_t ystride)
{
    ew_kernel_t *a = ew_new(b, refs, nrefs);
    if (!a)
        return NULL;
    for (unsigned i = 0; i < EW_MAX_ARRAYS; i++) {
        a->base[i] = base[i];
        a->esize[i] = 4;
    }
    a->n = n;
    a->ystride = ystride;
    a->mode = EW_LINEAR;
    a->exit_gap = 2;
    return a;
}

/* ---- fastWalshTransform */

static const wl_param_t fwt_params[] = {
    {"log2n", "log2 of the floats transformed", 20, 12, 26, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static const ew_ref_t fwt2_refs[] = {LDJ(0, 0, 6), LDJ(0, 1, 0), LDJ(0, 2, 0), LDJ(0, 3, 0),
                                     STJ(0, 0, 8), STJ(0, 1, 0), STJ(0, 2, 0), STJ(0, 3, 0)};
static const ew_ref_t fwt1_refs[] = {LDA(0, 0, 3), LDA(0, 0, 0), LDA(0, 0, 0), LDA(0, 0, 0),
                                     STA(0, 0, 40), STA(0, 0, 0), STA(0, 0, 0),
                                     STA(0, 0, 0)};
static const ew_ref_t modulate_refs[] = {LDA(0, 0, 3), LDA(1, 0, 0), STA(0, 0, 2)};

static int fwt_batch(wl_builder_t *b, uint64_t data, unsigned log2n)
{
    uint64_t base[EW_MAX_ARRAYS] = {data};
    uint32_t n = 1u << log2n, m = 1;
    for (; log2n > 11; log2n -= 2, n >>= 2, m <<= 2) {
        ew_kernel_t *a = bf_new(b, fwt2_refs, 8, base, n, n);
        if (!a)
            return -1;
        a->mode = EW_BUTTERFLY;
        a->radix = 4;
        a->stride = n / 4;
        wl_launch(b, &(wl_launch_t){"fwtBatch2Kernel", &ew_ops, a, {n / 4 / 256, m}, {256, 1},
                                    16, 0});
    }
    /* fwtBatch1Kernel: thread t of segment y loads t, t + N/4, t + N/2,
     * t + 3N/4 (pos += blockDim.x), one CTA per segment */
    ew_ref_t *r = wl_host(b, sizeof fwt1_refs);
    if (!r)
        return -1;
    for (unsigned i = 0; i < 8; i++) {
        r[i] = fwt1_refs[i];
        r[i].add = (i % 4) * (n / 4);
    }
    ew_kernel_t *a = bf_new(b, r, 8, base, n / 4, n);
    if (!a)
        return -1;
    wl_launch(b, &(wl_launch_t){"fwtBatch1Kernel", &ew_ops, a, {1, m}, {n / 4, 1}, 16,
                                4 * n});
    return 0;
}

static int fwt_build(wl_builder_t *b, const wl_vals_t *p)
{
    unsigned log2n = (unsigned)p->v[0];
    uint64_t n = 1ull << log2n;
    uint64_t data = wl_array(b, 4 * n), kern = wl_array(b, 4 * n);
    if (fwt_batch(b, data, log2n) || fwt_batch(b, kern, log2n))
        return -1;
    uint64_t base[EW_MAX_ARRAYS] = {data, kern};
    ew_kernel_t *a = bf_new(b, modulate_refs, 3, base, n, n);
    if (!a)
        return -1;
    wl_launch(b, &(wl_launch_t){"modulateKernel", &ew_ops, a, {128}, {256}, 8, 0});
    return fwt_batch(b, data, log2n);
}

const wl_def_t wl_fwt = {"fwt", NULL, fwt_params, fwt_build};

/* ---- sortingNetworks, bitonic */

enum { SN_SKEY, SN_SVAL, SN_DKEY, SN_DVAL, SN_LIMIT = 1024 };
static const wl_param_t sortnet_params[] = {
    {"n", "keys sorted (a power of two)", 262144, 2048, 16777216, 1024, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

/* Shared1 reads the source arrays, the shared merge the destination ones */
static const ew_ref_t sn_shared1_refs[] = {
    LDA(SN_SKEY, 0, 4), LDA(SN_SVAL, 0, 0), LDA(SN_SKEY, 512, 0), LDA(SN_SVAL, 512, 0),
    STA(SN_DKEY, 0, 60), STA(SN_DVAL, 0, 0), STA(SN_DKEY, 512, 0), STA(SN_DVAL, 512, 0)};
static const ew_ref_t sn_shared_refs[] = {
    LDA(SN_DKEY, 0, 4), LDA(SN_DVAL, 0, 0), LDA(SN_DKEY, 512, 0), LDA(SN_DVAL, 512, 0),
    STA(SN_DKEY, 0, 60), STA(SN_DVAL, 0, 0), STA(SN_DKEY, 512, 0), STA(SN_DVAL, 512, 0)};
static const ew_ref_t sn_global_refs[] = {
    LDJ(SN_DKEY, 0, 6), LDJ(SN_DVAL, 0, 0), LDJ(SN_DKEY, 1, 0), LDJ(SN_DVAL, 1, 0),
    STJ(SN_DKEY, 0, 6), STJ(SN_DVAL, 0, 0), STJ(SN_DKEY, 1, 0), STJ(SN_DVAL, 1, 0)};

static int sn_shared(wl_builder_t *b, const char *name, const ew_ref_t *refs,
                     const uint64_t *base, uint32_t n)
{
    ew_kernel_t *a = bf_new(b, refs, 8, base, 512, SN_LIMIT);
    if (!a)
        return -1;
    wl_launch(b, &(wl_launch_t){name, &ew_ops, a, {1, n / SN_LIMIT}, {512, 1}, 16,
                                8 * SN_LIMIT});
    return 0;
}

static int sortnet_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[0];
    if (n & (n - 1))
        return wl_fail(b, "n", "%u is not a power of two (bitonic sort)", n);
    uint64_t base[EW_MAX_ARRAYS];
    for (unsigned i = 0; i < 4; i++)
        base[i] = wl_array(b, 4ull * n);
    if (sn_shared(b, "bitonicSortShared1", sn_shared1_refs, base, n))
        return -1;
    for (uint32_t size = 2 * SN_LIMIT; size <= n; size <<= 1) {
        for (uint32_t stride = size / 2; stride >= SN_LIMIT; stride >>= 1) {
            ew_kernel_t *a = bf_new(b, sn_global_refs, 8, base, n, n);
            if (!a)
                return -1;
            a->mode = EW_BUTTERFLY;
            a->radix = 2;
            a->stride = stride;
            wl_launch(b, &(wl_launch_t){"bitonicMergeGlobal", &ew_ops, a, {n / 512}, {256}, 16,
                                        0});
        }
        if (sn_shared(b, "bitonicMergeShared", sn_shared_refs, base, n))
            return -1;
    }
    return 0;
}

const wl_def_t wl_sortnet = {"sortnet", NULL, sortnet_params, sortnet_build};
