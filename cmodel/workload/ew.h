/* Element-wise kernels: the warp program of CUDA SDK kernels whose every
 * memory instruction reads or writes an element picked by a closed-form
 * index of the thread -- grid-stride loops (BlackScholes, asyncAPI,
 * alignedTypes, SobolQRNG), scan's strided block sums, and the butterflies
 * of fastWalshTransform and the bitonic sort (sdk_elementwise.c,
 * sdk_butterfly.c).
 *
 * Thread g = blockIdx.x * blockDim.x + threadIdx.x (1-D CTAs) runs
 * iterations k = 0, 1, ... while its element e < n:
 *   EW_LINEAR     e = g + k * T       (T = every thread of the grid in x;
 *                                      one iteration when T >= n)
 *   EW_BUTTERFLY  e = R g - (R-1) (g & (stride-1)), one iteration: the
 *                 first element of g's R-point butterfly, whose j-th
 *                 element is e + j * stride
 * and, in each, the references in order; reference r touches element
 *   blockIdx.y * ystride + e * scale + add + j * stride
 * (EW_CTA references: blockIdx.x * scale + add instead of e) of its
 * array, `size` bytes at byte offset `off` of the element. */
#ifndef GM_EW_H
#define GM_EW_H

#include "workload/wl.h"

enum { EW_LINEAR, EW_BUTTERFLY };
enum { EW_ELEM, EW_CTA };
enum { EW_MAX_ARRAYS = 8 };

typedef struct ew_ref {
    uint8_t op, arr, size, kind; /* GM_OP_*, array, bytes per thread, EW_ELEM | EW_CTA */
    uint8_t off, j;              /* byte offset in the element; butterfly point */
    uint16_t gap;                /* compute instructions before it */
    uint32_t scale;              /* 0 counts as 1 */
    uint32_t add;
} ew_ref_t;

typedef struct ew_kernel {
    uint64_t base[EW_MAX_ARRAYS];
    uint32_t esize[EW_MAX_ARRAYS]; /* bytes per element of each array */
    uint64_t n;                    /* elements per row (per blockIdx.y) */
    uint64_t ystride;              /* elements between rows */
    uint32_t mode, radix, stride;  /* EW_LINEAR | EW_BUTTERFLY; R; butterfly stride */
    const ew_ref_t *refs;
    uint32_t nrefs;
    uint16_t exit_gap;
} ew_kernel_t;

extern const gm_kernel_ops_t ew_ops;

/* A zeroed launch record owned by the workload. */
ew_kernel_t *ew_new(wl_builder_t *b, const ew_ref_t *refs, uint32_t nrefs);

#endif
