/* Workloads: kernels whose warps generate instruction streams.
 *
 * A workload is a sequence of launches (run one after another), or, for
 * concurrent kernel execution, several streams whose kernels may share SMs.
 * Each kernel is an address generator written from its algorithm: a warp
 * program that, given its thread ids, yields memory instructions with the
 * 32 per-thread byte addresses, separated by compute gaps. Everything is
 * deterministic: the same spec and seed give the same streams. */
#ifndef GM_WORKLOAD_H
#define GM_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "util/err.h"

enum { GM_WARP_SIZE = 32 };

typedef enum gm_op {
    GM_OP_LOAD,   /* global load */
    GM_OP_STORE,  /* global store */
    GM_OP_EXIT    /* the warp is done (its last instruction) */
} gm_op_t;

typedef struct gm_inst {
    uint8_t op;           /* gm_op_t */
    uint8_t size;         /* bytes per thread: 1, 2, 4, 8 or 16 */
    uint8_t bypass_hint;  /* 1 = .cg (compiler asked to bypass L1D) */
    uint16_t gap;         /* compute (non-memory) instructions issued before it */
    uint32_t active;      /* active-thread mask */
    uint32_t pc;          /* the static instruction: a trace's PC; a built-in
                           * kernel's generator line (see wl_mem) */
    uint64_t addr[GM_WARP_SIZE]; /* byte address per thread (active lanes) */
} gm_inst_t;

typedef struct gm_kernel gm_kernel_t;

typedef struct gm_kernel_ops {
    /* Bytes of per-warp state the simulator allocates for warp_init/next. */
    size_t warp_state_size;
    /* Set up warp `warp` (0-based within the CTA) of CTA `cta` (linear id). */
    void (*warp_init)(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp);
    /* The warp's next instruction; after GM_OP_EXIT it is not called again. */
    void (*warp_next)(const gm_kernel_t *k, void *ws, gm_inst_t *out);
} gm_kernel_ops_t;

struct gm_kernel {
    char name[48];              /* e.g. "atax_k1" */
    uint32_t grid[3], block[3]; /* launch geometry (CTAs, threads per CTA) */
    uint32_t regs_per_thread;   /* occupancy inputs */
    uint32_t smem_per_cta;      /* bytes */
    const gm_kernel_ops_t *ops;
    const void *args;           /* the kernel's own parameters (owned by the workload) */
    uint32_t id;                /* 1.. in the order the workload was built (a trace's:
                                 * its kernelslist order); the stats' kernels[] key */
    uint64_t cuda_stream;       /* a trace's "-cuda stream id" (a stream handle), else the
                                 * stream's index */
};

typedef struct gm_workload gm_workload_t;

/* Parse a spec such as "atax:n=2048", "bfs:nodes=65536,degree=8",
 * "stride:stride=4096,iters=64" or "pair:bp+sv" and build its kernels.
 * Unknown names or keys, and values out of range, fail with a message
 * naming the spec, the key and the expected values (the CLI exits 2). */
gm_workload_t *gm_workload_create(const char *spec, uint64_t seed, gm_err_t *err);
void gm_workload_free(gm_workload_t *w);
/* Check a spec as gm_workload_create does, without building its kernels
 * (nor reading a trace's files); canon[0..n) gets its canonical text. */
int gm_workload_parse(const char *spec, char *canon, size_t n, gm_err_t *err);

/* Streams: 1 for a plain workload, 2..3 for concurrent pairs/triples. */
unsigned gm_workload_streams(const gm_workload_t *w);
/* Kernels of a stream, launched in order. */
unsigned gm_workload_kernels(const gm_workload_t *w, unsigned stream);
const gm_kernel_t *gm_workload_kernel(const gm_workload_t *w, unsigned stream,
                                      unsigned i);
/* 1 when the streams are one application's CUDA streams (a trace's): a
 * stream with no kernel left gives its share of the SMs to the others; 0
 * for the members of a pair or triple, which split the SMs evenly for the
 * whole run. */
int gm_workload_streams_share(const gm_workload_t *w);
/* Kernels of every stream; gm_kernel_t.id runs 1..this. */
unsigned gm_workload_kernels_total(const gm_workload_t *w);
/* The device arrays the workload allocated (each wl_array of a built-in
 * kernel), in allocation order: the regions a UVM model treats as
 * cudaMallocManaged calls. Bases are 256-byte aligned, so two arrays may
 * share a 4 KiB page. A trace declares none. */
typedef struct gm_alloc {
    uint64_t base, bytes;
} gm_alloc_t;
unsigned gm_workload_allocs(const gm_workload_t *w);
const gm_alloc_t *gm_workload_alloc(const gm_workload_t *w, unsigned i);

/* The canonical spec (every parameter spelled out), for stats. */
const char *gm_workload_spec(const gm_workload_t *w);

/* The built-in workload names with a one-line description and their
 * parameters, for `gmem list`. */
typedef struct gm_workload_info {
    const char *name;
    const char *suite; /* "polybench", "rodinia", "synthetic", "microbenchmark", "pair", ... */
    const char *doc;
    const char *params; /* e.g. "n=4096 (matrix size), tb=256 (threads per CTA)" */
} gm_workload_info_t;
extern const gm_workload_info_t gm_workload_list[]; /* NULL name ends it */

#endif
