/* Affine loop kernels: most PolyBench/GPU kernels are a guard on the thread
 * coordinates, a few straight-line memory references, one loop over k, and
 * an epilogue, where every address is an affine function of the global
 * thread coordinates (x, y), the loop counter k and a per-launch constant c.
 * Such a kernel is written as a table of references (one per memory
 * instruction, in program order) grouped into segments.
 *
 * How a source statement becomes references (nvcc without __restrict__,
 * where any two float pointers may alias):
 *   - operands load in source order; a repeated element in one expression
 *     loads once;
 *   - X[i] += e loads e's operands, then X[i], then stores X[i];
 *   - inside a loop whose only store is to X[i], X[i] stays in a register
 *     (loaded before the loop if it is read there, stored every iteration,
 *     because a later aliasing load must see it); with more than one store
 *     in the loop every read reloads. */
#ifndef GM_AFFINE_H
#define GM_AFFINE_H

#include "workload/wl.h"

enum aff_var {
    AV_0, /* the constant 0 */
    AV_X, /* global thread x: blockIdx.x * blockDim.x + threadIdx.x */
    AV_Y, /* global thread y */
    AV_K, /* the loop counter */
    AV_C  /* the launch's constant (a plane, a column, a time step) */
};

enum aff_pred {
    AP_ALL, /* every lane that passed the guard */
    AP_Y0,  /* only lanes with y == 0 (a branch on the row) */
    AP_YNZ  /* only lanes with y != 0 */
};

/* One memory instruction: arr[(v0+o0)*plane + (v1+o1)*row + (v2+o2)]. */
typedef struct aff_ref {
    uint8_t op;   /* GM_OP_LOAD or GM_OP_STORE */
    uint8_t arr;  /* index into aff_kernel_t.arr */
    uint8_t pred; /* enum aff_pred */
    uint8_t v[3]; /* enum aff_var for the plane, row and column terms */
    int32_t o[3];
    uint16_t gap; /* compute instructions issued before it */
} aff_ref_t;

/* refs[first .. first+count), run once or, with loop, once per k. */
typedef struct aff_seg {
    uint8_t first, count, loop;
} aff_seg_t;

typedef struct aff_prog {
    const aff_ref_t *refs;
    const aff_seg_t *segs;
    unsigned nsegs;
    uint16_t exit_gap; /* compute after the last memory instruction */
} aff_prog_t;

typedef struct aff_array {
    uint64_t base;
    uint32_t plane, row; /* strides in elements */
} aff_array_t;

enum { AFF_MAX_ARRAYS = 8 };

/* One launch. Elements are 4-byte floats. */
typedef struct aff_kernel {
    const aff_prog_t *prog;
    aff_array_t arr[AFF_MAX_ARRAYS];
    uint32_t trips;    /* loop trip count */
    uint32_t c;        /* value of AV_C */
    uint32_t xlo, xhi; /* guard: xlo <= x < xhi && ylo <= y < yhi */
    uint32_t ylo, yhi;
} aff_kernel_t;

extern const gm_kernel_ops_t aff_ops;

/* A fresh launch record owned by the workload (guard open in y). */
aff_kernel_t *aff_new(wl_builder_t *b, const aff_prog_t *prog);

#endif
