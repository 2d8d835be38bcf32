/* LonestarGPU Barnes-Hut (seed-000 Table 2 BH): the force-calculation
 * kernel of Burtscher and Pingali's CUDA BarnesHut (v2.0, the Fermi-era
 * version LonestarGPU ships), `steps` launches over one tree.
 *
 * The tree: bodies are nodes 0..n-1, cells are allocated downwards from
 * the root, node nnodes (nnodes = max(2n, 1024 * 15 SMs) rounded up to a
 * warp multiple, minus 1); childd[8*cell + j] holds the child in octant j
 * (x, y, z above the cell's centre give bits 0, 1, 2), massd/posxd/posyd/
 * poszd one float per node (a cell's centre of mass once summarized). The
 * host builds what the benchmark's tree-building, summarization and sort
 * kernels leave: bodies inserted one by one (a full slot holding a body
 * splits into new cells until the two bodies part), cells summarized
 * with their non-null children moved to the front, and sortd listing the
 * bodies in tree order. The bodies are a Plummer sphere as the benchmark
 * generates them (radius from the inverted cumulative mass, a uniform
 * direction, scaled by 3 pi / 16), from gmem's seeded generator.
 *
 * ForceCalculationKernel: 256-thread CTAs, blocks = 5 per SM (`ctas`),
 * thread k handles bodies k, k + 256 * ctas, ...: it loads sortd[k] and
 * its body's posx/posy/posz (gathers: bodies' indices are in insertion
 * order, their tree order is not), then walks the tree with its warp: the
 * warp keeps one stack (node, next child) per level in shared memory,
 * lane 0 advancing it, so every lane loads the same childd[8*node + pos]
 * and, for a child n >= 0, the same posx[n], posy[n], posz[n] (one request
 * each). A body, or a cell that every lane finds far enough (d^2 + eps^2
 * >= dq[level] = (radius * 2^-level)^2 / theta^2, theta = 0.5; the __all
 * vote), is accumulated with massd[n]; otherwise the warp descends into it.
 * A null child ends the node's list (children are compacted). Then, for
 * step > 0, velx[i] += (ax - accx[i]) * dthf per dimension, and accx[i],
 * accy[i], accz[i] are stored. velx..accz and sortd alias the unused low
 * part of childd, at multiples of n rounded to 32 (as v2.0 lays them out).
 *
 * Left out: the other kernels of a time step (bounding box, tree
 * building, summarization, sort, integration) and so the bodies' motion:
 * every launch walks the same tree. Shared-memory stack and dq accesses
 * count into the compute gaps. Registers: 24 (__launch_bounds__(256, 5) on
 * Fermi's 32 K registers), shared memory 3080 bytes (pos, node and dq for
 * 8 warps of 32 levels, step and maxdepth).
 *
 * LonestarGPU's bh takes the body count and time steps on its command
 * line (its inputs run tens of thousands of bodies and more, over many
 * steps). The default here, 8192 bodies (32 of the 75 CTAs get bodies)
 * and one force launch, keeps a Fermi run to about 3 s: a warp loads
 * ~2000 child pointers (~9700 loads with the children's positions and
 * masses), and the tree (512 KB of childd allocated, four 64 KB node
 * arrays) is far beyond a 16 KB L1D and within a 2 MB one.
 */
#include <math.h>
#include <stdlib.h>

#include "workload/wl.h"

enum { P_BODIES, P_STEPS, P_CTAS };

static const wl_param_t bh_params[] = {
    {"bodies", "bodies", 8192, 32, 1048576, 0, 0},
    {"steps", "force-kernel launches, the first without the velocity update", 1, 1, 100, 0,
     0},
    {"ctas", "CTAs: FACTOR5 = 5 per SM of a 15-SM GTX 480", 75, 1, 65536, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { BH_TB = 256, BH_SMS = 15, BH_MAXDEPTH = 32 };

typedef struct bh_tree {
    uint32_t n, nnodes;
    const int32_t *child;        /* (nnodes+1) * 8 */
    const float *px, *py, *pz;   /* (nnodes+1): body position or centre of mass */
    const uint32_t *sort;        /* n */
    float dq[BH_MAXDEPTH];
    uint32_t maxdepth;
    uint64_t d_child, d_mass, d_posx, d_posy, d_posz;
    uint64_t d_velx, d_vely, d_velz, d_accx, d_accy, d_accz, d_sort;
} bh_tree_t;

typedef struct bh_args {
    const bh_tree_t *t;
    uint32_t step;
} bh_args_t;

enum {
    BH_LD_SORT, BH_LD_PX, BH_LD_PY, BH_LD_PZ, BH_LD_CHILD, BH_LD_NX, BH_LD_NY, BH_LD_NZ,
    BH_LD_MASS, BH_LD_VEL, BH_LD_ACC, BH_ST_VEL, BH_ST_ACC, BH_DONE
};

typedef struct bh_ws {
    uint32_t k0;     /* lane 0's first body position */
    uint32_t stride; /* all threads of the grid */
    uint32_t iter;
    uint32_t act;    /* lanes with a body this iteration */
    uint32_t body[GM_WARP_SIZE];
    float bx[GM_WARP_SIZE], by[GM_WARP_SIZE], bz[GM_WARP_SIZE];
    int32_t node[BH_MAXDEPTH];
    uint8_t pos[BH_MAXDEPTH];
    int32_t depth, n;
    uint32_t dim, pc;
} bh_ws_t;

static void bh_iteration(const bh_tree_t *t, bh_ws_t *s)
{
    uint64_t k = (uint64_t)s->k0 + (uint64_t)s->iter * s->stride;
    s->act = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if (k + l < t->n) {
            s->act |= 1u << l;
            s->body[l] = t->sort[k + l];
            s->bx[l] = t->px[s->body[l]];
            s->by[l] = t->py[s->body[l]];
            s->bz[l] = t->pz[s->body[l]];
        }
    s->pc = s->act ? BH_LD_SORT : BH_DONE;
}

static void bh_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const bh_args_t *a = kn->args;
    bh_ws_t *s = ws;
    s->k0 = cta * BH_TB + warp * GM_WARP_SIZE;
    s->stride = kn->grid[0] * BH_TB;
    s->iter = 0;
    bh_iteration(a->t, s);
}

static void bh_bodies(gm_inst_t *o, const bh_ws_t *s, uint64_t base)
{
    wl_fill(o, base, s->body, 4);
}

/* Every lane finds cell n far enough at stack level `level`. */
static int bh_all_far(const bh_tree_t *t, const bh_ws_t *s, int32_t n, int32_t level)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if (!(s->act >> l & 1))
            continue;
        float dx = t->px[n] - s->bx[l], dy = t->py[n] - s->by[l], dz = t->pz[n] - s->bz[l];
        float d2 = dx * dx + (dy * dy + (dz * dz + 0.0025f));
        if (!(d2 >= t->dq[level]))
            return 0;
    }
    return 1;
}

static void bh_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const bh_args_t *a = kn->args;
    const bh_tree_t *t = a->t;
    bh_ws_t *s = ws;
    static const unsigned vec_gap[3] = {4, 1, 1};
    for (;;) {
        switch (s->pc) {
        case BH_LD_SORT: /* i = sortd[k] */
            wl_mem(o, GM_OP_LOAD, 4, s->iter ? 4 : 12, s->act);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (s->act >> l & 1)
                                 ? t->d_sort + 4ull * (s->k0 + (uint64_t)s->iter * s->stride + l)
                                 : 0;
            s->pc = BH_LD_PX;
            return;
        case BH_LD_PX: /* px = posxd[i], py, pz */
        case BH_LD_PY:
        case BH_LD_PZ:
            wl_mem(o, GM_OP_LOAD, 4, s->pc == BH_LD_PX ? 1 : 0, s->act);
            bh_bodies(o, s, s->pc == BH_LD_PX   ? t->d_posx
                            : s->pc == BH_LD_PY ? t->d_posy
                                                : t->d_posz);
            if (s->pc++ == BH_LD_PZ) { /* push the root */
                s->depth = 0;
                s->node[0] = (int32_t)t->nnodes;
                s->pos[0] = 0;
            }
            return;
        case BH_LD_CHILD: /* n = childd[node[depth]*8 + pos[depth]]; pos[depth]++ */
            if (s->depth < 0) {
                s->dim = 0;
                s->pc = a->step ? BH_LD_VEL : BH_ST_ACC;
                break;
            }
            if (s->pos[s->depth] == 8) { /* done with this level */
                s->depth--;
                break;
            }
            wl_mem(o, GM_OP_LOAD, 4, 8, s->act);
            wl_fill_same(o, t->d_child + 4ull * (8ull * s->node[s->depth] + s->pos[s->depth]));
            s->n = t->child[8ll * s->node[s->depth] + s->pos[s->depth]];
            s->pos[s->depth]++;
            if (s->n >= 0) {
                s->pc = BH_LD_NX;
            } else if (s->depth > 0) { /* early out: the rest are null too */
                s->depth--;
            }
            return;
        case BH_LD_NX: /* dx = posxd[n] - px, dy, dz */
        case BH_LD_NY:
        case BH_LD_NZ:
            wl_mem(o, GM_OP_LOAD, 4, s->pc == BH_LD_NX ? 2 : 0, s->act);
            wl_fill_same(o, (s->pc == BH_LD_NX   ? t->d_posx
                             : s->pc == BH_LD_NY ? t->d_posy
                                                 : t->d_posz) +
                                4ull * s->n);
            if (s->pc++ != BH_LD_NZ)
                return;
            if ((uint32_t)s->n < t->n || bh_all_far(t, s, s->n, s->depth)) {
                s->pc = BH_LD_MASS;
            } else { /* push the cell */
                s->depth++;
                s->node[s->depth] = s->n;
                s->pos[s->depth] = 0;
                s->pc = BH_LD_CHILD;
            }
            return;
        case BH_LD_MASS: /* tmp = massd[n] * rsqrt(d2)^3; ax += dx * tmp ... */
            wl_mem(o, GM_OP_LOAD, 4, 10, s->act);
            wl_fill_same(o, t->d_mass + 4ull * s->n);
            s->pc = BH_LD_CHILD;
            return;
        case BH_LD_VEL: /* velxd[i] += (ax - accxd[i]) * dthfd, per dimension */
        case BH_LD_ACC:
        case BH_ST_VEL: {
            uint64_t vel[3] = {t->d_velx, t->d_vely, t->d_velz};
            uint64_t acc[3] = {t->d_accx, t->d_accy, t->d_accz};
            wl_mem(o, s->pc == BH_ST_VEL ? GM_OP_STORE : GM_OP_LOAD, 4,
                   s->pc == BH_LD_VEL ? vec_gap[s->dim] : 2, s->act);
            bh_bodies(o, s, s->pc == BH_LD_ACC ? acc[s->dim] : vel[s->dim]);
            if (s->pc++ == BH_ST_VEL) {
                s->pc = ++s->dim < 3 ? BH_LD_VEL : BH_ST_ACC;
                if (s->dim == 3)
                    s->dim = 0;
            }
            return;
        }
        case BH_ST_ACC: { /* accxd[i] = ax, accy, accz */
            uint64_t acc[3] = {t->d_accx, t->d_accy, t->d_accz};
            wl_mem(o, GM_OP_STORE, 4, vec_gap[s->dim], s->act);
            bh_bodies(o, s, acc[s->dim]);
            if (++s->dim == 3) {
                s->iter++;
                bh_iteration(t, s);
            }
            return;
        }
        default:
            wl_exit(o, 1);
            return;
        }
    }
}

static const gm_kernel_ops_t bh_ops = {sizeof(bh_ws_t), bh_init, bh_next};

/* ---- the tree, built on the host */

static unsigned bh_octant(const float *cx, const float *cy, const float *cz, uint32_t c,
                          float x, float y, float z)
{
    return (cx[c] < x) | (cy[c] < y) << 1 | (cz[c] < z) << 2;
}

static double bh_uniform(gm_rng_t *r) { return (double)gm_rng_bits(r, 53) / 9007199254740992.0; }

static int bh_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_BODIES], steps = (uint32_t)p->v[P_STEPS],
             ctas = (uint32_t)p->v[P_CTAS];
    uint32_t nnodes = 2 * n > 1024 * BH_SMS ? 2 * n : 1024 * BH_SMS;
    nnodes = (nnodes + 31) / 32 * 32 - 1;
    uint64_t nodes = (uint64_t)nnodes + 1;
    bh_tree_t *t = wl_host(b, sizeof *t);
    int32_t *child = wl_host(b, 4 * 8 * nodes);
    float *px = wl_host(b, 4 * nodes), *py = wl_host(b, 4 * nodes), *pz = wl_host(b, 4 * nodes);
    uint32_t *sort = wl_host(b, 4ull * n);
    bh_args_t *args = wl_host(b, sizeof *args * steps);
    float *mass = malloc(4 * nodes);
    uint32_t *count = malloc(4 * nodes), *start = malloc(4 * nodes);
    if (!t || !child || !px || !py || !pz || !sort || !args || !mass || !count || !start) {
        free(mass), free(count), free(start);
        return b->failed ? -1 : wl_fail(b, NULL, "out of memory");
    }

    /* Plummer sphere */
    gm_rng_t r;
    wl_rng(b, &r, 6);
    const double rsc = 3 * 3.14159265358979323846 / 16;
    for (uint32_t i = 0; i < n; i++) {
        double rad = 1.0 / sqrt(pow(bh_uniform(&r) * 0.999, -2.0 / 3.0) - 1), x, y, z, sq;
        do {
            x = bh_uniform(&r) * 2 - 1;
            y = bh_uniform(&r) * 2 - 1;
            z = bh_uniform(&r) * 2 - 1;
            sq = x * x + y * y + z * z;
        } while (sq > 1.0 || sq == 0.0);
        double scale = rsc * rad / sqrt(sq);
        px[i] = (float)(x * scale);
        py[i] = (float)(y * scale);
        pz[i] = (float)(z * scale);
        mass[i] = 1.0f / n;
    }

    /* bounding box, root */
    float minx = px[0], maxx = px[0], miny = py[0], maxy = py[0], minz = pz[0], maxz = pz[0];
    for (uint32_t i = 1; i < n; i++) {
        minx = fminf(minx, px[i]), maxx = fmaxf(maxx, px[i]);
        miny = fminf(miny, py[i]), maxy = fmaxf(maxy, py[i]);
        minz = fminf(minz, pz[i]), maxz = fmaxf(maxz, pz[i]);
    }
    float radius = fmaxf(fmaxf(maxx - minx, maxy - miny), maxz - minz) * 0.5f;
    for (uint64_t c = 0; c < 8 * nodes; c++)
        child[c] = -1;
    px[nnodes] = (minx + maxx) * 0.5f;
    py[nnodes] = (miny + maxy) * 0.5f;
    pz[nnodes] = (minz + maxz) * 0.5f;

    /* insert the bodies; cells' px/py/pz hold their centres meanwhile */
    uint32_t bottom = nnodes, maxdepth = 1;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t node = nnodes, depth = 1;
        float rr = radius;
        unsigned j = bh_octant(px, py, pz, node, px[i], py[i], pz[i]);
        int32_t ch = child[8ull * node + j];
        while (ch >= (int32_t)n) {
            node = (uint32_t)ch;
            depth++;
            rr *= 0.5f;
            j = bh_octant(px, py, pz, node, px[i], py[i], pz[i]);
            ch = child[8ull * node + j];
        }
        while (ch >= 0) { /* a body: split until the two part */
            if (--bottom <= n || depth + 1 >= BH_MAXDEPTH) {
                free(mass), free(count), free(start);
                return wl_fail(b, "bodies", "the octree of %u bodies needs more cells or "
                                            "levels than the kernel allows", n);
            }
            uint32_t cell = bottom;
            depth++;
            float h = rr * 0.5f;
            px[cell] = px[node] - h + (float)(j & 1) * rr;
            py[cell] = py[node] - h + (float)(j >> 1 & 1) * rr;
            pz[cell] = pz[node] - h + (float)(j >> 2 & 1) * rr;
            rr = h;
            child[8ull * node + j] = (int32_t)cell;
            child[8ull * cell + bh_octant(px, py, pz, cell, px[ch], py[ch], pz[ch])] = ch;
            node = cell;
            j = bh_octant(px, py, pz, node, px[i], py[i], pz[i]);
            ch = child[8ull * node + j];
        }
        child[8ull * node + j] = (int32_t)i;
        maxdepth = depth > maxdepth ? depth : maxdepth;
    }

    /* summarize (children have lower indices than their cell), compact */
    for (uint32_t c = 0; c < n; c++)
        count[c] = 1;
    for (uint32_t c = bottom; c <= nnodes; c++) {
        double m = 0, x = 0, y = 0, z = 0;
        uint32_t cnt = 0, k = 0;
        for (unsigned j = 0; j < 8; j++) {
            int32_t ch = child[8ull * c + j];
            if (ch < 0)
                continue;
            m += mass[ch];
            x += (double)px[ch] * mass[ch];
            y += (double)py[ch] * mass[ch];
            z += (double)pz[ch] * mass[ch];
            cnt += count[ch];
            child[8ull * c + j] = -1;
            child[8ull * c + k++] = ch;
        }
        mass[c] = (float)m;
        px[c] = (float)(x / m);
        py[c] = (float)(y / m);
        pz[c] = (float)(z / m);
        count[c] = cnt;
    }
    /* sort: bodies in tree order (parents have higher indices) */
    start[nnodes] = 0;
    for (uint32_t c = nnodes + 1; c-- > bottom;) {
        uint32_t st = start[c];
        for (unsigned j = 0; j < 8; j++) {
            int32_t ch = child[8ull * c + j];
            if (ch >= (int32_t)n) {
                start[ch] = st;
                st += count[ch];
            } else if (ch >= 0) {
                sort[st++] = (uint32_t)ch;
            }
        }
    }
    free(mass), free(count), free(start);

    *t = (bh_tree_t){.n = n, .nnodes = nnodes, .child = child, .px = px, .py = py,
                     .pz = pz, .sort = sort, .maxdepth = maxdepth};
    t->dq[0] = radius * radius * (1.0f / (0.5f * 0.5f));
    for (unsigned l = 1; l < BH_MAXDEPTH; l++)
        t->dq[l] = t->dq[l - 1] * 0.25f;

    /* device arrays, v2.0's order and aliases */
    wl_array(b, 4); /* errd */
    t->d_child = wl_array(b, 4 * 8 * nodes);
    t->d_mass = wl_array(b, 4 * nodes);
    t->d_posx = wl_array(b, 4 * nodes);
    t->d_posy = wl_array(b, 4 * nodes);
    t->d_posz = wl_array(b, 4 * nodes);
    wl_array(b, 4 * nodes); /* countd */
    wl_array(b, 4 * nodes); /* startd */
    uint64_t inc = 4ull * ((n + 31) / 32 * 32);
    t->d_velx = t->d_child + 0 * inc;
    t->d_vely = t->d_child + 1 * inc;
    t->d_velz = t->d_child + 2 * inc;
    t->d_accx = t->d_child + 3 * inc;
    t->d_accy = t->d_child + 4 * inc;
    t->d_accz = t->d_child + 5 * inc;
    t->d_sort = t->d_child + 6 * inc;
    for (unsigned i = 0; i < 6; i++) /* maxx .. minz, one per CTA of BoundingBoxKernel */
        wl_array(b, 4 * BH_SMS);
    for (uint32_t s = 0; s < steps; s++) {
        args[s] = (bh_args_t){t, s};
        wl_launch(b, &(wl_launch_t){"ForceCalculationKernel", &bh_ops, &args[s], {ctas},
                                    {BH_TB}, 24, 3080});
    }
    return 0;
}

const wl_def_t wl_barneshut = {"barneshut", NULL, bh_params, bh_build};
