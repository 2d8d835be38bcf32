/* Parboil cutcp (seed-003 Table I, μRC 78 %: the most remote reuse of
 * all): cuda_cutoff_potential_lattice6overlap, the cutoff Coulombic
 * potential on a lattice of 0.5 Å spacing.
 *
 * The lattice is cut into regions of 8 x 8 x 8 points (4 Å, one atom bin
 * a side); a CTA of 8 x 2 x 8 = 128 threads computes one region, each
 * thread four points. One launch per z slab of regions, the grid the slab's
 * regions (x, y). The atoms sit in bins of BIN_DEPTH = 8 float4 (x, y, z,
 * q; one 128-byte line a bin), in a bin array padded by c = 3 bins a side
 * so every neighbour of a region is a bin. The CTA walks the neighbour
 * list -- every bin offset (i, j, k) in [-3, 3]^3 whose nearest point can
 * lie within the 12 Å cutoff of the region, i.e. sum of max(|d| - 1, 0)^2
 * <= 9: 7^3 less the far corners -- in batches of BIN_CACHE_MAXLEN = 32:
 * thread t < 32 (warp 0) loads bin t of the batch into shared memory, 8
 * float4 loads of 32 different lines, then all warps compute the batch
 * (8 atoms x 4 points per bin). Regions next to each other -- CTAs on other
 * SMs at the same time -- read almost the same bins: that is the remote
 * reuse. At the end every thread stores its four points (a region is 512
 * floats, thread t's at t + 128 u).
 *
 * Table I's input is 96604 atoms on a 208^3 lattice (26^3 regions); the
 * default here is 8 x 8 x 8 regions (64^3 points). Compute: about 10
 * instructions an atom and point (distance, cutoff test, rsqrt, sum), 320 a
 * bin, divided by 4 (80 a bin) so that a run takes seconds; cutcp stays
 * compute-bound, as its PerfX of 1.00 says. */
#include <stdlib.h>
#include <string.h>

#include "workload/wl.h"

enum { P_RX, P_RY, P_RZ };
static const wl_param_t cutcp_params[] = {
    {"rx", "lattice regions (8 points, 4 A) along x", 8, 1, 256, 0, 0},
    {"ry", "regions along y", 8, 1, 256, 0, 0},
    {"rz", "regions along z (one launch each)", 8, 1, 256, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { CP_PAD = 3, CP_DEPTH = 8, CP_BIN = CP_DEPTH * 16, CP_BATCH = 32, CP_MAXNBR = 343,
       CP_REGION = 512, CP_THREADS = 128, CP_PTS = 4, CP_BIN_GAP = 80 };

typedef struct cp_args {
    uint32_t rx, ry, z, nnbr;
    uint32_t bx, by;      /* padded bin array dimensions (x, y) */
    uint64_t bins, lattice;
    int8_t nbr[CP_MAXNBR][3];
} cp_args_t;

typedef struct cp_ws {
    uint32_t bx, by;      /* the region (blockIdx) */
    uint32_t warp, pc, batch;
} cp_ws_t;

static void cp_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const cp_args_t *a = k->args;
    cp_ws_t *s = ws;
    s->bx = cta % a->rx;
    s->by = cta / a->rx;
    s->warp = warp;
    s->pc = s->batch = 0;
}

/* The bin a neighbour offset names, as a byte address of its first atom. */
static uint64_t cp_bin(const cp_args_t *a, const cp_ws_t *s, uint32_t n)
{
    uint64_t x = s->bx + CP_PAD + a->nbr[n][0], y = s->by + CP_PAD + a->nbr[n][1],
             z = a->z + CP_PAD + a->nbr[n][2];
    return a->bins + CP_BIN * (x + a->bx * (y + (uint64_t)a->by * z));
}

static void cp_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const cp_args_t *a = k->args;
    cp_ws_t *s = ws;
    uint32_t batches = wl_ceil_div(a->nnbr, CP_BATCH);
    if (s->warp == 0 && s->batch < batches) {
        /* warp 0: atom slot pc of each bin of the batch */
        uint32_t first = s->batch * CP_BATCH, n = a->nnbr - first;
        if (n > CP_BATCH)
            n = CP_BATCH;
        uint32_t act = n == 32 ? UINT32_MAX : (1u << n) - 1;
        /* the previous batch's arithmetic comes before the next loads */
        unsigned gap = s->pc == 0 && s->batch ? CP_BATCH * CP_BIN_GAP : 1;
        wl_mem(o, GM_OP_LOAD, 16, gap, act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = l < n ? cp_bin(a, s, first + l) + 16u * s->pc : 0;
        if (++s->pc == CP_DEPTH) {
            s->pc = 0;
            s->batch++;
        }
        return;
    }
    if (s->pc < CP_PTS) {
        /* the other warps compute every batch before their first store */
        unsigned gap = s->pc ? 1
                       : s->warp == 0 ? (a->nnbr - (batches - 1) * CP_BATCH) * CP_BIN_GAP
                                      : a->nnbr * CP_BIN_GAP;
        wl_mem(o, GM_OP_STORE, 4, gap, UINT32_MAX);
        uint64_t region = CP_REGION * ((uint64_t)s->bx + a->rx * ((uint64_t)s->by + a->ry * a->z));
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = a->lattice + 4 * (region + 32 * s->warp + l + CP_THREADS * s->pc);
        s->pc++;
        return;
    }
    wl_exit(o, 1);
}

static const gm_kernel_ops_t cp_ops = {sizeof(cp_ws_t), cp_init, cp_next};

static int cp_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t rx = (uint32_t)p->v[P_RX], ry = (uint32_t)p->v[P_RY], rz = (uint32_t)p->v[P_RZ];
    uint32_t bx = rx + 2 * CP_PAD, by = ry + 2 * CP_PAD, bz = rz + 2 * CP_PAD;
    /* cudaMalloc order of Parboil's cutcp: the lattice, then the bins */
    uint64_t lattice = wl_array(b, 4ull * CP_REGION * rx * ry * rz);
    uint64_t bins = wl_array(b, (uint64_t)CP_BIN * bx * by * bz);
    int8_t nbr[CP_MAXNBR][3];
    uint32_t nnbr = 0;
    for (int dz = -CP_PAD; dz <= CP_PAD; dz++)
        for (int dy = -CP_PAD; dy <= CP_PAD; dy++)
            for (int dx = -CP_PAD; dx <= CP_PAD; dx++) {
                int ex = abs(dx) - 1, ey = abs(dy) - 1, ez = abs(dz) - 1;
                ex = ex < 0 ? 0 : ex;
                ey = ey < 0 ? 0 : ey;
                ez = ez < 0 ? 0 : ez;
                if (ex * ex + ey * ey + ez * ez > CP_PAD * CP_PAD)
                    continue;
                nbr[nnbr][0] = (int8_t)dx;
                nbr[nnbr][1] = (int8_t)dy;
                nbr[nnbr][2] = (int8_t)dz;
                nnbr++;
            }
    for (uint32_t z = 0; z < rz; z++) {
        cp_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        a->rx = rx;
        a->ry = ry;
        a->z = z;
        a->nnbr = nnbr;
        a->bx = bx;
        a->by = by;
        a->bins = bins;
        a->lattice = lattice;
        memcpy(a->nbr, nbr, sizeof nbr);
        wl_launch(b, &(wl_launch_t){"cuda_cutoff_potential_lattice6overlap", &cp_ops, a,
                                    {rx, ry}, {8, 2, 8}, 28, 4096 + 32 * CP_BIN});
    }
    return 0;
}

const wl_def_t wl_cutcp = {"cutcp", NULL, cutcp_params, cp_build};
