/* CUDA SDK quasirandomGenerator (seed-001 Table 3.1 QG), n points in
 * QRNG_DIMENSIONS = 3 (workload/ew.h):
 *   quasirandomGeneratorKernel, grid (128, 3) of 128 threads: thread g of
 *     dimension y writes points g, g + 16384, ... of its dimension's row
 *     (one coalesced store after the 31 table XORs of the Niederreiter
 *     sequence, the table in constant memory);
 *   inverseCNDKernel, 128 x 128 threads over all 3n outputs in place:
 *     a coalesced load, Moro's inverse normal CDF (about 40 operations),
 *     a store.
 * The SDK generates 2^20 points. */
#include "workload/ew.h"

enum { P_N };
static const wl_param_t quasirandom_params[] = {
    {"n", "points per dimension", 1048576, 32, 67108864, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { QG_DIMS = 3, QG_TB = 128, QG_GRID = 128 };
static const ew_ref_t qg_gen_refs[] = {{GM_OP_STORE, 0, 4, EW_ELEM, 0, 0, 2 * 31, 0, 0}};
static const ew_ref_t qg_cnd_refs[] = {{GM_OP_LOAD, 0, 4, EW_ELEM, 0, 0, 2, 0, 0},
                                       {GM_OP_STORE, 0, 4, EW_ELEM, 0, 0, 40, 0, 0}};

static int qg_launch(wl_builder_t *b, const char *name, const ew_ref_t *refs, uint32_t nrefs,
                     uint64_t base, uint64_t n, uint32_t gridy)
{
    ew_kernel_t *a = ew_new(b, refs, nrefs);
    if (!a)
        return -1;
    a->base[0] = base;
    a->esize[0] = 4;
    a->n = n;
    a->ystride = n;
    a->mode = EW_LINEAR;
    a->exit_gap = 2;
    wl_launch(b, &(wl_launch_t){name, &ew_ops, a, {QG_GRID, gridy}, {QG_TB}, 16, 0});
    return 0;
}

static int quasirandom_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[P_N];
    uint64_t out = wl_array(b, 4 * QG_DIMS * n);
    if (qg_launch(b, "quasirandomGeneratorKernel", qg_gen_refs, 1, out, n, QG_DIMS))
        return -1;
    return qg_launch(b, "inverseCNDKernel", qg_cnd_refs, 2, out, QG_DIMS * n, 1);
}

const wl_def_t wl_quasirandom = {"quasirandom", NULL, quasirandom_params, quasirandom_build};
