/* Rodinia CFD (euler3d, the float version; seed-003 Table I "cfd", the
 * application CCN helps most): one iteration of the unstructured-grid
 * Euler solver, cuda_compute_step_factor then three Runge-Kutta stages of
 * cuda_compute_flux and cuda_time_step, a thread per element, 192-thread
 * CTAs (block_length), every array structure-of-arrays over nelr (the
 * element count rounded up to 192): value v of element i at i + v * nelr.
 *
 * compute_flux loads its element's five variables (density, momentum x y
 * z, energy), then per face j = 0..3: elements_surrounding_elements[i + j
 * nelr], the face normal's three components normals[i + (j + d*4) nelr],
 * and, in the lanes whose neighbour nb is an element (nb >= 0; -1 is a
 * wall, -2 the far field, both from constant memory), the neighbour's five
 * variables[nb + v nelr] -- the gather through the connectivity array that
 * reads the lines of elements other CTAs (on other SMs) own; then it
 * stores five fluxes. step_factor loads the five variables and areas[i]
 * and stores step_factors[i]; time_step loads step_factors[i] and per
 * variable old_variables and fluxes, storing variables.
 *
 * The mesh: Rodinia reads fvcorr.domn.097K or missile.domn.0.2M, which
 * gmem does not have. In their place a structured stand-in with the same
 * four faces an element: cell (x, y, z) of an nx x ny x nz block, faces
 * x-1, x+1, y+s and z+s with s = +1 where x + y + z is even and -1 where
 * odd (a checkerboard, as the tetrahedra of a split cube alternate); x-1
 * off the block is a wall (-1), any other face off it the far field (-2).
 * An unstructured mesh's numbering keeps neighbours near in index but
 * rarely next to each other: the cells are numbered in row order and the
 * numbers then shuffled (seeded) within consecutive windows of `window`
 * elements (0: row order, every x and y neighbour in the same or the next
 * line). Padding elements past nel copy element nel-1, as Rodinia's reader
 * pads. The default 64 x 64 x 48 = 196608 elements is
 * Table I's 200000. The iteration's copy of variables into old_variables
 * is a device memcpy, not a kernel: not modelled. Compute between the
 * loads is an estimate from the kernel's arithmetic (the flux of one face
 * is about 40 instructions). */
#include "workload/wl.h"

#include "util/rng.h"

enum { P_NX, P_NY, P_NZ, P_ITERS, P_WINDOW };
static const wl_param_t cfd_params[] = {
    {"nx", "mesh elements along x", 64, 2, 1024, 0, 0},
    {"ny", "mesh elements along y", 64, 1, 1024, 0, 0},
    {"nz", "mesh elements along z", 48, 1, 1024, 0, 0},
    {"iters", "solver iterations (each: step factor, 3 x (flux, time step))", 1, 1, 100, 0, 0},
    {"window", "element numbers shuffled within windows of this many (0 = row order)", 8192, 0,
     1048576, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { CFD_BLOCK = 192, CFD_NNB = 4, CFD_NVAR = 5, CFD_NDIM = 3, CFD_RK = 3 };
enum { K_STEP, K_FLUX, K_TIME };

typedef struct cfd_args {
    uint32_t kind, nel, nelr;
    const int32_t *nb;    /* nb[4 e + j]: face j of element e */
    uint64_t areas, ese, normals, vars, old_vars, fluxes, step;
} cfd_args_t;

typedef struct cfd_ws {
    uint32_t elem[GM_WARP_SIZE];
    int32_t nb[GM_WARP_SIZE][CFD_NNB];
    uint32_t live;
    uint32_t pc;
} cfd_ws_t;

/* Face j of cell p (row order): a cell, -1 (wall) or -2 (far field). */
static int64_t cfd_face(const uint32_t dim[3], uint64_t p, unsigned j)
{
    uint64_t x = p % dim[0], y = p / dim[0] % dim[1], z = p / dim[0] / dim[1];
    int64_t c[3] = {(int64_t)x, (int64_t)y, (int64_t)z};
    unsigned axis = j < 2 ? 0 : j - 1;
    int64_t d = j == 0 ? -1 : j == 1 ? 1 : (x + y + z) % 2 ? -1 : 1;
    c[axis] += d;
    if (c[axis] < 0 || c[axis] >= (int64_t)dim[axis])
        return j == 0 ? -1 : -2;
    return c[0] + (int64_t)dim[0] * (c[1] + (int64_t)dim[1] * c[2]);
}

static void cfd_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const cfd_args_t *a = k->args;
    cfd_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->live = w.live;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t i = wl_gx(k, &w, l);
        s->elem[l] = i;
        for (unsigned j = 0; j < CFD_NNB; j++)
            s->nb[l][j] = a->nb[CFD_NNB * (i < a->nel ? i : a->nel - 1) + j];
    }
    s->pc = 0;
}

/* Lane addresses base + (index + v * nelr) * 4 for the active lanes. */
static void cfd_soa(gm_inst_t *o, uint64_t base, const uint32_t *index, uint32_t v,
                    uint32_t nelr)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + 4 * ((uint64_t)index[l] + (uint64_t)v * nelr)
                                          : 0;
}

/* compute_flux: 5 own loads, per face 4 + 5 gathers, then 5 stores. */
enum { FL_OWN = 0, FL_FACE = CFD_NVAR, FL_FACE_LEN = 4 + CFD_NVAR,
       FL_STORE = FL_FACE + CFD_NNB * FL_FACE_LEN, FL_END = FL_STORE + CFD_NVAR };

static void cfd_flux(const cfd_args_t *a, cfd_ws_t *s, gm_inst_t *o)
{
    uint32_t pc = s->pc;
    if (pc < FL_FACE) {
        wl_mem(o, GM_OP_LOAD, 4, pc ? 1 : 2, s->live);
        cfd_soa(o, a->vars, s->elem, pc, a->nelr);
    } else if (pc < FL_STORE) {
        unsigned j = (pc - FL_FACE) / FL_FACE_LEN, f = (pc - FL_FACE) % FL_FACE_LEN;
        if (f == 0) { /* nb = elements_surrounding_elements[i + j*nelr] */
            wl_mem(o, GM_OP_LOAD, 4, 2, s->live);
            cfd_soa(o, a->ese, s->elem, j, a->nelr);
        } else if (f < 4) { /* normals[i + (j + (f-1)*NNB)*nelr] */
            wl_mem(o, GM_OP_LOAD, 4, 1, s->live);
            cfd_soa(o, a->normals, s->elem, j + (f - 1) * CFD_NNB, a->nelr);
        } else {
            uint32_t nb[GM_WARP_SIZE], act = 0;
            for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
                nb[l] = s->nb[l][j] >= 0 ? (uint32_t)s->nb[l][j] : 0;
                act |= (uint32_t)(s->live >> l & 1 && s->nb[l][j] >= 0) << l;
            }
            if (!act) { /* no lane has an element there: skip its gathers */
                s->pc = FL_FACE + (j + 1) * FL_FACE_LEN;
                cfd_flux(a, s, o);
                return;
            }
            wl_mem(o, GM_OP_LOAD, 4, 1, act);
            cfd_soa(o, a->vars, nb, f - 4, a->nelr);
        }
    } else if (pc < FL_END) { /* after the last face's flux arithmetic */
        wl_mem(o, GM_OP_STORE, 4, pc == FL_STORE ? 40 : 1, s->live);
        cfd_soa(o, a->fluxes, s->elem, pc - FL_STORE, a->nelr);
    } else {
        wl_exit(o, 1);
        return;
    }
    /* the flux arithmetic of a face follows its last gather */
    if (pc >= FL_FACE && pc < FL_STORE && (pc - FL_FACE) % FL_FACE_LEN == 0 && pc > FL_FACE)
        o->gap = 40;
    s->pc = pc + 1;
}

static void cfd_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const cfd_args_t *a = k->args;
    cfd_ws_t *s = ws;
    uint32_t pc = s->pc;
    if (a->kind == K_FLUX) {
        cfd_flux(a, s, o);
        return;
    }
    if (a->kind == K_STEP) { /* 5 variables, areas, store step_factors */
        if (pc < CFD_NVAR) {
            wl_mem(o, GM_OP_LOAD, 4, 1, s->live);
            cfd_soa(o, a->vars, s->elem, pc, a->nelr);
        } else if (pc == CFD_NVAR) {
            wl_mem(o, GM_OP_LOAD, 4, 1, s->live);
            cfd_soa(o, a->areas, s->elem, 0, a->nelr);
        } else if (pc == CFD_NVAR + 1) {
            wl_mem(o, GM_OP_STORE, 4, 20, s->live); /* speed of sound: a sqrt */
            cfd_soa(o, a->step, s->elem, 0, a->nelr);
        } else {
            wl_exit(o, 1);
            return;
        }
        s->pc++;
        return;
    }
    /* time_step: step_factors, then per variable old, flux, store */
    if (pc == 0) {
        wl_mem(o, GM_OP_LOAD, 4, 1, s->live);
        cfd_soa(o, a->step, s->elem, 0, a->nelr);
    } else if (pc <= 3 * CFD_NVAR) {
        uint32_t v = (pc - 1) / 3, f = (pc - 1) % 3;
        wl_mem(o, f == 2 ? GM_OP_STORE : GM_OP_LOAD, 4, f == 2 ? 2 : 1, s->live);
        cfd_soa(o, f == 0 ? a->old_vars : f == 1 ? a->fluxes : a->vars, s->elem, v, a->nelr);
    } else {
        wl_exit(o, 1);
        return;
    }
    s->pc++;
}

static const gm_kernel_ops_t cfd_ops = {sizeof(cfd_ws_t), cfd_init, cfd_next};

static int cfd_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t nx = (uint32_t)p->v[P_NX], ny = (uint32_t)p->v[P_NY], nz = (uint32_t)p->v[P_NZ];
    uint64_t nel = (uint64_t)nx * ny * nz;
    if (nel > (1u << 24))
        return wl_fail(b, "nz", "nx * ny * nz is %llu elements; at most 16777216",
                       (unsigned long long)nel);
    uint32_t nelr = CFD_BLOCK * wl_ceil_div(nel, CFD_BLOCK);
    uint32_t dim[3] = {nx, ny, nz}, win = (uint32_t)p->v[P_WINDOW];
    uint32_t *num = wl_host(b, 4 * nel), *cell = wl_host(b, 4 * nel); /* number <-> cell */
    int32_t *nb = wl_host(b, 4 * CFD_NNB * nel);
    if (!num || !cell || !nb)
        return -1;
    for (uint32_t e = 0; e < nel; e++)
        cell[e] = e;
    gm_rng_t r;
    wl_rng(b, &r, 1);
    for (uint32_t w0 = 0; win > 1 && w0 < nel; w0 += win) { /* Fisher-Yates a window */
        uint32_t len = nel - w0 < win ? (uint32_t)nel - w0 : win;
        for (uint32_t k = len - 1; k > 0; k--) {
            uint32_t m = (uint32_t)gm_rng_below(&r, k + 1u), t = cell[w0 + k];
            cell[w0 + k] = cell[w0 + m];
            cell[w0 + m] = t;
        }
    }
    for (uint32_t e = 0; e < nel; e++)
        num[cell[e]] = e;
    for (uint32_t e = 0; e < nel; e++)
        for (unsigned j = 0; j < CFD_NNB; j++) {
            int64_t f = cfd_face(dim, cell[e], j);
            nb[CFD_NNB * e + j] = f < 0 ? (int32_t)f : (int32_t)num[f];
        }
    /* cudaMalloc order of euler3d.cu's main */
    uint64_t areas = wl_array(b, 4ull * nelr);
    uint64_t ese = wl_array(b, 4ull * nelr * CFD_NNB);
    uint64_t normals = wl_array(b, 4ull * nelr * CFD_NDIM * CFD_NNB);
    uint64_t vars = wl_array(b, 4ull * nelr * CFD_NVAR);
    uint64_t old_vars = wl_array(b, 4ull * nelr * CFD_NVAR);
    uint64_t fluxes = wl_array(b, 4ull * nelr * CFD_NVAR);
    uint64_t step = wl_array(b, 4ull * nelr);
    static const char *const names[] = {"cuda_compute_step_factor", "cuda_compute_flux",
                                        "cuda_time_step"};
    /* registers: the flux kernel's float3s and the face loop */
    static const uint32_t regs[] = {16, 63, 16};
    for (uint64_t it = 0; it < p->v[P_ITERS]; it++)
        for (unsigned k = 0; k < 1 + 2 * CFD_RK; k++) {
            uint32_t kind = k == 0 ? K_STEP : k % 2 ? K_FLUX : K_TIME;
            cfd_args_t *a = wl_host(b, sizeof *a);
            if (!a)
                return -1;
            *a = (cfd_args_t){kind, (uint32_t)nel, nelr, nb, areas, ese, normals, vars, old_vars, fluxes, step};
            wl_launch(b, &(wl_launch_t){names[kind], &cfd_ops, a, {nelr / CFD_BLOCK},
                                        {CFD_BLOCK}, regs[kind], 0});
        }
    return 0;
}

const wl_def_t wl_cfd = {"cfd", NULL, cfd_params, cfd_build};
