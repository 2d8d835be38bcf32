/* Internals shared by the workload files: the table that describes a
 * built-in (name, parameters, builder), the builder that lays out device
 * arrays and appends kernel launches, and small warp helpers.
 *
 * Device memory model: one bump allocator per workload hands out 256-byte
 * aligned bases from WL_HEAP_BASE upwards in a 32-bit address space, in the
 * order the benchmark's host code calls cudaMalloc. The streams of a pair or
 * triple share the allocator, so concurrent kernels never share data. */
#ifndef GM_WL_H
#define GM_WL_H

#include <stdint.h>

#include "util/rng.h"
#include "workload/fold.h"
#include "workload/workload.h"

enum {
    WL_MAX_PARAMS = 8,
    WL_MAX_STREAMS = 3,
    WL_ALIGN = 256,
};
#define WL_HEAP_BASE 0x10000000ull
#define WL_HEAP_END 0x100000000ull /* exclusive: 32-bit addresses */

/* ---- parameters */

typedef struct wl_param {
    const char *key;
    const char *doc;
    uint64_t def, lo, hi; /* inclusive range */
    uint64_t mult;        /* the value must be a multiple of this (0 = any) */
    int is_path;          /* a file or directory path instead of a number */
} wl_param_t;

typedef struct wl_builder wl_builder_t;

/* Parsed parameter values in the order of the def's table: numbers in v[],
 * path parameters in s[]. */
typedef struct wl_vals {
    uint64_t v[WL_MAX_PARAMS];
    const char *s[WL_MAX_PARAMS];
    uint64_t repeat; /* the generic repeat= key (1 when not given) */
} wl_vals_t;

/* Every built-in also takes repeat=N (WL_REPEAT_MAX at most): its launch
 * sequence N times back to back, the same kernels on the same arrays -- the
 * repeated kernel iterations of UVMBench (seed-001 5.1, item 4) for data
 * reuse. The canonical spec spells it only when N > 1, so a spec without it
 * reads as before. */
#define WL_REPEAT_KEY "repeat"
enum { WL_REPEAT_MAX = 1000 };

/* A built-in workload. Its suite, description and parameter text live in
 * gm_workload_list (workload.c); a unit test keeps them in step. */
typedef struct wl_def {
    const char *name;
    const char *alias; /* seed-000 Table 6 short name, or NULL */
    const wl_param_t *params; /* ends with a NULL key */
    int (*build)(wl_builder_t *b, const wl_vals_t *p);
} wl_def_t;

/* Every built-in, in listing order (NULL ends it). */
extern const wl_def_t *const wl_defs[];

/* The definitions, one per kernel file. */
extern const wl_def_t wl_atax, wl_bicg, wl_mvt, wl_gesummv;
extern const wl_def_t wl_gemm, wl_syrk, wl_syr2k, wl_2mm, wl_3mm;
extern const wl_def_t wl_2dconv, wl_3dconv, wl_fdtd2d;
extern const wl_def_t wl_corr, wl_covar, wl_gramschm;
extern const wl_def_t wl_bfs, wl_hotspot, wl_srad, wl_kmeans, wl_backprop,
    wl_pathfinder, wl_nw, wl_spmv;
extern const wl_def_t wl_streamcluster, wl_particlefilter, wl_histogram, wl_barneshut;
extern const wl_def_t wl_transpose, wl_lbm;
extern const wl_def_t wl_matrixmul, wl_asyncapi, wl_blackscholes, wl_alignedtypes, wl_sobolqrng,
    wl_fwt, wl_sortnet, wl_scan, wl_btree;
extern const wl_def_t wl_stream, wl_stride, wl_gather, wl_tiled, wl_rowscan;
extern const wl_def_t wl_addvect, wl_ra, wl_lr, wl_svm;
extern const wl_def_t wl_cnn, wl_bn, wl_uvmbfs;
extern const wl_def_t wl_chase, wl_listing3;
extern const wl_def_t wl_cfd, wl_lud, wl_cutcp, wl_tpacf;
extern const wl_def_t wl_dwt2d, wl_radixsort, wl_mergesort;
extern const wl_def_t wl_sgemm, wl_reduction, wl_scalarprod, wl_quasirandom, wl_binomialoptions;
extern const wl_def_t wl_srad1, wl_sssp, wl_heartwall, wl_hybridsort;
extern const wl_def_t wl_leukocyte, wl_fft;
extern const wl_def_t wl_gaussian, wl_myocyte;
extern const wl_def_t wl_trace, wl_traceg;

/* ---- the builder */

struct wl_builder {
    gm_workload_t *w;
    unsigned stream;      /* the stream wl_launch appends to */
    unsigned max_streams; /* a trace may fill several streams when alone */
    unsigned streams;     /* streams used (a build that uses more raises it) */
    uint64_t seed;    /* this stream's seed */
    const char *spec; /* the component spec, for messages */
    gm_err_t *err;
    int failed;       /* an error is already in *err */
};

/* A device array of `bytes`; its base is 256-byte aligned. Running out of
 * the 32-bit space marks the build failed (checked once after build). */
uint64_t wl_array(wl_builder_t *b, uint64_t bytes);
/* Host memory owned by the workload (zeroed), freed with it; NULL after a
 * failure (the builder is then marked failed). */
void *wl_host(wl_builder_t *b, size_t bytes);
/* Make p (from malloc) the workload's, freed with it; on failure p is freed
 * and -1 returned (the builder marked failed). */
int wl_adopt(wl_builder_t *b, void *p);

typedef struct wl_launch {
    const char *name;
    const gm_kernel_ops_t *ops;
    const void *args;
    uint32_t grid[3], block[3]; /* a dimension given as 0 is 1 */
    uint32_t regs, smem;
} wl_launch_t;
/* Append a kernel to the builder's stream. */
void wl_launch(wl_builder_t *b, const wl_launch_t *l);
/* The streams this build fills are one application's CUDA streams
 * (gm_workload_streams_share); only when the trace is the whole workload. */
void wl_streams_share(wl_builder_t *b);
/* The kernel wl_launch appended last came from this CUDA stream of a trace
 * (without it, a kernel's cuda_stream is its stream's index). */
void wl_launch_cuda_stream(wl_builder_t *b, uint64_t cuda_stream);

/* "SPEC: KEY: message"; returns -1 and marks the build failed. */
int wl_fail(wl_builder_t *b, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A deterministic generator for this stream's synthetic data. */
void wl_rng(const wl_builder_t *b, gm_rng_t *r, uint64_t salt);

static inline uint32_t wl_ceil_div(uint64_t a, uint64_t b)
{
    return (uint32_t)((a + b - 1) / b);
}

/* ---- warps */

/* Which lanes of a warp hold a thread of the CTA, and their coordinates. */
typedef struct wl_warp {
    uint32_t live;  /* lanes holding a thread (a partial last warp has fewer) */
    uint32_t bx, by; /* blockIdx */
    uint16_t tx[GM_WARP_SIZE], ty[GM_WARP_SIZE]; /* threadIdx */
} wl_warp_t;

void wl_warp_init(wl_warp_t *w, const gm_kernel_t *k, uint32_t cta, uint32_t warp);

/* Global thread coordinates: blockIdx * blockDim + threadIdx. */
static inline uint32_t wl_gx(const gm_kernel_t *k, const wl_warp_t *w, unsigned l)
{
    return w->bx * k->block[0] + w->tx[l];
}
static inline uint32_t wl_gy(const gm_kernel_t *k, const wl_warp_t *w, unsigned l)
{
    return w->by * k->block[1] + w->ty[l];
}

/* Fill the non-address fields of a memory instruction. Its PC is the line
 * of the generator that makes it: one static instruction, one line, as a
 * per-PC table in the hardware (a prefetcher's) would see it. */
static inline void wl_mem_at(gm_inst_t *o, gm_op_t op, unsigned size, unsigned gap,
                             uint32_t active, uint32_t pc)
{
    o->op = (uint8_t)op;
    o->size = (uint8_t)size;
    o->bypass_hint = 0;
    o->gap = (uint16_t)(gap > UINT16_MAX ? UINT16_MAX : gap);
    o->active = active;
    o->pc = pc;
}
#define wl_mem(o, op, size, gap, active) wl_mem_at(o, op, size, gap, active, __LINE__)

static inline void wl_exit(gm_inst_t *o, unsigned gap)
{
    wl_mem_at(o, GM_OP_EXIT, 0, gap, 0, 0);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = 0;
}

/* Addresses base + lane_index[l] * elem for the active lanes, 0 elsewhere. */
static inline void wl_fill(gm_inst_t *o, uint64_t base, const uint32_t *index,
                           unsigned elem)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + (uint64_t)index[l] * elem : 0;
}

/* Every active lane at one address (a broadcast). */
static inline void wl_fill_same(gm_inst_t *o, uint64_t addr)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? addr : 0;
}

/* ---- traces (trace.c): the compact record encoding, reused by traceg.c */

typedef struct wl_buf {
    uint8_t *p;
    size_t n, cap;
} wl_buf_t;

int wl_buf_put(wl_buf_t *b, const void *src, size_t n);
int wl_buf_varint(wl_buf_t *b, uint64_t v);
/* Append one instruction record; -1 when out of memory. */
int wl_trace_encode(wl_buf_t *b, const gm_inst_t *in);

/* A replayable set of recorded warps for one kernel: warp (cta, w) owns
 * bytes [begin[i], end[i]) of data, i = cta * warps_per_cta + w; every
 * address is stored plus `rebase`, or, with a fold (an Accel-Sim trace's
 * 64-bit addresses), as the trace gave it and folded when replayed. */
typedef struct wl_recorded {
    const uint8_t *data;
    const uint64_t *begin, *end;
    uint32_t warps_per_cta;
    uint64_t rebase;
    const wl_fold_t *fold;      /* NULL: none */
} wl_recorded_t;

extern const gm_kernel_ops_t wl_recorded_ops;

/* Check that [p, end) is a well-formed record stream ending with its only
 * EXIT; on error returns -1 with a message in *why. */
int wl_trace_check(const uint8_t *p, const uint8_t *end, char *why, size_t n);
/* The same, and *records gets the number of records. */
int wl_trace_check_n(const uint8_t *p, const uint8_t *end, uint64_t *records, char *why,
                     size_t n);

#endif
