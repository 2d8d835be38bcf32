/* Parboil lbm (seed-001 LBM, memory-intensive in ch.2 and ch.3):
 * performStreamCollide_kernel of a D3Q19 lattice-Boltzmann step. The grid
 * is SoA: field e of cell (x, y, z) at TOTAL_PADDED_CELLS * e + x +
 * y * PADDED_X + z * PADDED_X * PADDED_Y (PADDED_X 128 for SIZE_X 120,
 * PADDED_Y = SIZE_Y, a margin plane at each z end). One CTA per (y, z)
 * row, of 128 threads here (the padded row; Parboil runs 120); each thread loads its cell's 19 distributions
 * and its flag field (20 loads, each a coalesced row of the field), and
 * stores the 19 post-collision values into the destination grid at the
 * neighbour each one streams to (x +- 1, y +- 1, z +- 1 and the 12
 * edges): 39 memory instructions a thread, no reuse within a step, the
 * two grids swapped between steps. */
#include "workload/affine.h"

enum { Z = AV_0, ZZ = AV_Y, X = AV_X };
enum { PX = 128 };
enum { LB_Y, LB_Z, LB_STEPS };
static const wl_param_t lbm_params[] = {
    {"y", "lattice rows (SIZE_Y)", 120, 2, 1024, 0, 0},
    {"z", "lattice planes (SIZE_Z)", 16, 2, 1024, 0, 0},
    {"steps", "time steps (one launch each)", 2, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { L_SRC, L_DST };
#define LDF(e) {GM_OP_LOAD, L_SRC, AP_ALL, {Z, ZZ, X}, {e, 0, 0}, 2}
/* field e streams to (dx, dy, dz): plane offset dz, in-row dx + dy * PX */
#define STF(e, dx, dy, dz) {GM_OP_STORE, L_DST, AP_ALL, {Z, ZZ, X}, {e, dz, (dx) + (dy) * PX}, 4}
static const aff_ref_t lbm_refs[] = {
    LDF(0),  LDF(1),  LDF(2),  LDF(3),  LDF(4),  LDF(5),  LDF(6),  LDF(7),  LDF(8),  LDF(9),
    LDF(10), LDF(11), LDF(12), LDF(13), LDF(14), LDF(15), LDF(16), LDF(17), LDF(18), LDF(19),
    /* C N S E W T B NE NW SE SW NT NB ST SB ET EB WT WB */
    STF(0, 0, 0, 0),   STF(1, 0, 1, 0),   STF(2, 0, -1, 0),  STF(3, 1, 0, 0),
    STF(4, -1, 0, 0),  STF(5, 0, 0, 1),   STF(6, 0, 0, -1),  STF(7, 1, 1, 0),
    STF(8, -1, 1, 0),  STF(9, 1, -1, 0),  STF(10, -1, -1, 0), STF(11, 0, 1, 1),
    STF(12, 0, 1, -1), STF(13, 0, -1, 1), STF(14, 0, -1, -1), STF(15, 1, 0, 1),
    STF(16, 1, 0, -1), STF(17, -1, 0, 1), STF(18, -1, 0, -1),
};
#undef LDF
#undef STF
static const aff_seg_t lbm_segs[] = {{0, 39, 0}};
static const aff_prog_t lbm = {lbm_refs, lbm_segs, 1, 20};

static int lbm_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t sy = (uint32_t)p->v[LB_Y], sz = (uint32_t)p->v[LB_Z];
    uint32_t steps = (uint32_t)p->v[LB_STEPS];
    uint64_t plane = (uint64_t)PX * sy;               /* cells per z plane */
    uint64_t cells = plane * (sz + 2);                /* a margin plane at each end */
    uint64_t grid[2] = {wl_array(b, 4 * 20 * cells), wl_array(b, 4 * 20 * cells)};
    for (uint32_t t = 0; t < steps; t++) {
        aff_kernel_t *a = aff_new(b, &lbm);
        if (!a)
            return -1;
        /* base at cell (0, 0, 1): the margin plane z = 0 takes the -1 streams */
        a->arr[L_SRC] = (aff_array_t){grid[t & 1] + 4 * plane, (uint32_t)cells, (uint32_t)plane};
        a->arr[L_DST] = (aff_array_t){grid[~t & 1] + 4 * plane, (uint32_t)cells, (uint32_t)plane};
        a->xhi = (uint32_t)plane;
        a->yhi = sz;
        /* a CTA per (y, z) row, 128 threads: x + y * 128 is the global
         * thread x, the padded row (Parboil's 120 threads leave the 8
         * padding cells of a row alone; here they run too) */
        wl_launch(b, &(wl_launch_t){"performStreamCollide_kernel", &aff_ops, a, {sy, sz},
                                    {PX, 1}, 39, 0});
    }
    return 0;
}

const wl_def_t wl_lbm = {"lbm", NULL, lbm_params, lbm_build};
