/* Rodinia ParticleFilter (seed-000 Table 2 PTF, Table 4 PTL): the "float"
 * CUDA version (ex_particle_CUDA_float_seq.cu of Rodinia 3.x, whose arrays
 * are doubles), per frame k = 1 .. frames-1 its four kernels, 512-thread
 * CTAs (16 warps, as the seed notes), one thread per particle i:
 *
 * likelihood_kernel: arrayX[i] = xj[i], arrayY[i] = yj[i], weights[i] =
 *   1/N; each coordinate moves by a Gaussian step (d_randn: two d_randu,
 *   each a load and a store of seed[i]); then for y < countOnes (the 69
 *   pixels of a radius-5 disk) objxy[2y+1], objxy[2y] (broadcasts) and the
 *   store ind[i*countOnes + y]; then calcLikelihoodSum reads ind[i*countOnes
 *   + x] back and the video byte I[ind] for x < countOnes. ind rows are 276
 *   bytes apart: every ind access of a warp touches 32 lines, each reused
 *   by the next ~32 iterations of its lane (a row-per-thread scan); the
 *   store does not allocate, the first load of each line misses. Then
 *   likelihood[i], weights[i] *= exp(likelihood[i]), a shared-memory
 *   reduction (compute) and partial_sums[blockIdx] from thread 0.
 * sum_kernel: thread 0 alone adds partial_sums[0 .. blocks-1] into
 *   partial_sums[0].
 * normalize_weights_kernel: thread 0 of each CTA reads partial_sums[0];
 *   weights[i] /= sum; thread 0 of the grid then builds the whole CDF
 *   serially (weights[x] load, CDF[x] store for every x) and u[0]; thread
 *   0 of each CTA reads u[0]; u[i] = u[0] + i/N.
 * find_index_kernel: u[i] (hoisted: the loop stores nothing), then CDF[x]
 *   for x = 0, 1, ... until CDF[x] >= u[i]: every lane still searching
 *   reads the same element (one request), the warp runs to its last lane's
 *   index, and every warp walks the CDF from its start: N * index / 32
 *   loads per frame over an 8N-byte array. Then arrayX[index],
 *   arrayY[index] (gathers) and the stores xj[i], yj[i].
 *
 * The data-dependent parts come from running the filter on the host, as
 * the benchmark does on the GPU: the synthetic video (a radius-5 disk,
 * intensity 228 on 100, moving +1/-2 pixels a frame, Gaussian noise of
 * sigma 5, laid out I[x*IszY*Nfr + y*Nfr + k]), particles starting at the
 * frame centre, the likelihoods, normalized weights, CDF and the
 * systematic resampling's indices; dev_round_double truncates (its
 * post-increment returns the old value), and so does the model. Random
 * numbers come from gmem's seeded generator instead of the benchmark's
 * per-particle LCG seeded with time(0)*i.
 *
 * Left out: shared-memory traffic (the reduction buffer, u1 and
 * sumWeights) counts into compute gaps; values the compiler keeps in
 * registers are not reloaded (the double loads of arrayX/arrayY/weights
 * after the int stores to ind and seed, under C's type-based aliasing;
 * seed[i] after its store); the host's cudaMemcpy traffic and the video
 * generation. Rodinia 2.x's 4-byte float version differs (no xj copy,
 * weights times likelihood without exp) and is not modelled. Registers are
 * estimates (no ptxas output at hand): likelihood 32 (2 CTAs of 512 per
 * Fermi SM), the others 16; shared memory 4 KB (likelihood's buffer of 512
 * doubles), 16 bytes (normalize's u1, sumWeights).
 *
 * The default is Rodinia's run-script input, 128 x 128 x 10 frames and
 * 1000 particles (two CTAs, on 2 of the 15 SMs), unscaled: it runs in
 * about 1.5 s. At that size the likelihood kernel's ind rows (16 warps x
 * 32 rows x 276 bytes per CTA) are what a bigger L1D helps (2.3x on that
 * kernel with 2 MB); find_index's walk hits 97 % even in 16 KB (the warps
 * of an SM walk the 8 KB CDF nearly together), and normalize is bound by
 * its serial CDF loop. find_index grows as N^2 (with 8192 particles it is
 * a third of the run, still ~95 % hits).
 */
#include <math.h>
#include <stdlib.h>

#include "workload/wl.h"

enum { P_PARTICLES, P_FRAMES, P_X, P_Y };

static const wl_param_t pf_params[] = {
    {"particles", "particles, one thread each", 1000, 32, 1048576, 0, 0},
    {"frames", "video frames; frames-1 filter steps of 4 kernels", 10, 2, 1000, 0, 0},
    {"x", "video width IszX", 128, 16, 4096, 0, 0},
    {"y", "video height IszY", 128, 16, 4096, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { PF_TB = 512, PF_RADIUS = 5, PF_DIAM = 2 * PF_RADIUS - 1 };

typedef struct pf_data {
    uint64_t arrayX, arrayY, xj, yj, cdf, u, likelihood, weights, video, objxy, ind,
        seed, psums;
    uint32_t n, blocks, ones, iszy, nfr, max_size;
    int32_t off[PF_DIAM * PF_DIAM][2]; /* objxy pairs: [0] = y offset, [1] = x offset */
} pf_data_t;

/* One filter step: each particle's truncated position and its resampled
 * index. */
typedef struct pf_args {
    const pf_data_t *d;
    uint32_t k;
    const int32_t *px, *py;
    const uint32_t *index;
} pf_args_t;

typedef struct pf_ws {
    uint32_t i[GM_WARP_SIZE];
    uint32_t act;  /* lanes with i < N */
    uint32_t lead; /* lane 0 of warp 0 (thread 0 of the CTA) */
    uint32_t cta, warp, pc, y, x;
} pf_ws_t;

static void pf_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const pf_args_t *a = kn->args;
    pf_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->act = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->i[l] = cta * PF_TB + w.tx[l];
        if ((w.live >> l & 1) && s->i[l] < a->d->n)
            s->act |= 1u << l;
    }
    s->lead = warp == 0 ? 1 : 0;
    s->cta = cta;
    s->warp = warp;
    s->pc = s->y = s->x = 0;
}

static void pf_lanes(gm_inst_t *o, const pf_ws_t *s, uint64_t base, unsigned elem)
{
    wl_fill(o, base, s->i, elem);
}

/* The video byte lane l's particle reads for disk pixel y. */
static uint32_t pf_pixel(const pf_args_t *a, uint32_t i, uint32_t y)
{
    const pf_data_t *d = a->d;
    int64_t ix = (int64_t)a->px[i] + d->off[y][1], iy = (int64_t)a->py[i] + d->off[y][0];
    int64_t v = ix * d->iszy * d->nfr + iy * d->nfr + a->k;
    if (v < 0)
        v = -v;
    return v >= d->max_size ? 0 : (uint32_t)v;
}

/* ---- likelihood_kernel */

enum {
    LK_LD_XJ, LK_ST_AX, LK_LD_YJ, LK_ST_AY, LK_ST_W, LK_RANDN, LK_ST_MOVE, LK_LD_OBJX,
    LK_LD_OBJY, LK_ST_IND, LK_LD_IND, LK_LD_I, LK_ST_LIK, LK_ST_W2, LK_ST_PSUM, LK_DONE
};

static void lk_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const pf_args_t *a = kn->args;
    const pf_data_t *d = a->d;
    pf_ws_t *s = ws;
    uint32_t c = d->ones;
    if (!s->act && s->pc < LK_ST_PSUM)
        s->pc = LK_ST_PSUM;
    switch (s->pc) {
    case LK_LD_XJ: /* arrayX[i] = xj[i]; arrayY[i] = yj[i] */
    case LK_LD_YJ:
        wl_mem(o, GM_OP_LOAD, 8, s->pc == LK_LD_XJ ? 6 : 0, s->act);
        pf_lanes(o, s, s->pc == LK_LD_XJ ? d->xj : d->yj, 8);
        s->pc++;
        return;
    case LK_ST_AX:
    case LK_ST_AY:
        wl_mem(o, GM_OP_STORE, 8, 0, s->act);
        pf_lanes(o, s, s->pc == LK_ST_AX ? d->arrayX : d->arrayY, 8);
        s->pc++;
        return;
    case LK_ST_W: /* weights[i] = 1 / N */
        wl_mem(o, GM_OP_STORE, 8, 8, s->act);
        pf_lanes(o, s, d->weights, 8);
        s->pc = LK_RANDN;
        s->x = 0;
        return;
    case LK_RANDN: /* d_randn: two d_randu, each seed[i] loaded then stored */
        wl_mem(o, s->x & 1 ? GM_OP_STORE : GM_OP_LOAD, 4, s->x & 1 ? 6 : 2, s->act);
        pf_lanes(o, s, d->seed, 4);
        if (++s->x % 4 == 0)
            s->pc = LK_ST_MOVE;
        return;
    case LK_ST_MOVE: /* arrayX[i] (then arrayY[i]) += step: log, cos, sqrt */
        wl_mem(o, GM_OP_STORE, 8, 40, s->act);
        pf_lanes(o, s, s->x == 4 ? d->arrayX : d->arrayY, 8);
        s->pc = s->x == 4 ? LK_RANDN : LK_LD_OBJX;
        s->y = 0;
        return;
    case LK_LD_OBJX: /* objxy[y*2 + 1], objxy[y*2]: broadcasts */
    case LK_LD_OBJY:
        wl_mem(o, GM_OP_LOAD, 4, s->pc == LK_LD_OBJX ? 3 : 0, s->act);
        wl_fill_same(o, d->objxy + 4ull * (2 * s->y + (s->pc == LK_LD_OBJX)));
        s->pc++;
        return;
    case LK_ST_IND: /* ind[i*countOnes + y] = |indX*IszY*Nfr + indY*Nfr + k| */
        wl_mem(o, GM_OP_STORE, 4, 8, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? d->ind + 4 * ((uint64_t)s->i[l] * c + s->y) : 0;
        s->pc = ++s->y < c ? LK_LD_OBJX : LK_LD_IND;
        s->x = 0;
        return;
    case LK_LD_IND: /* ind[index*numOnes + x] */
        wl_mem(o, GM_OP_LOAD, 4, s->x ? 9 : 4, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? d->ind + 4 * ((uint64_t)s->i[l] * c + s->x) : 0;
        s->pc = LK_LD_I;
        return;
    case LK_LD_I: /* I[ind[...]] (both reads of it are one load) */
        wl_mem(o, GM_OP_LOAD, 1, 1, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? d->video + pf_pixel(a, s->i[l], s->x) : 0;
        s->pc = ++s->x < c ? LK_LD_IND : LK_ST_LIK;
        return;
    case LK_ST_LIK: /* likelihood[i] = sum / countOnes */
        wl_mem(o, GM_OP_STORE, 8, 12, s->act);
        pf_lanes(o, s, d->likelihood, 8);
        s->pc = LK_ST_W2;
        return;
    case LK_ST_W2: /* weights[i] *= exp(likelihood[i]) */
        wl_mem(o, GM_OP_STORE, 8, 20, s->act);
        pf_lanes(o, s, d->weights, 8);
        s->pc = LK_ST_PSUM;
        return;
    case LK_ST_PSUM: /* the shared-memory tree (9 steps), then thread 0 */
        if (s->lead) {
            wl_mem(o, GM_OP_STORE, 8, 9 * 6, 1);
            wl_fill_same(o, d->psums + 8ull * s->cta);
            s->pc = LK_DONE;
            return;
        }
        wl_exit(o, 9 * 6);
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

/* ---- sum_kernel: thread 0 alone */

static void sum_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const pf_args_t *a = kn->args;
    pf_ws_t *s = ws;
    if (s->cta || !s->lead || s->pc == 2) {
        wl_exit(o, 2);
        return;
    }
    if (s->pc == 0) { /* sum += partial_sums[x] */
        wl_mem(o, GM_OP_LOAD, 8, s->x ? 3 : 8, 1);
        wl_fill_same(o, a->d->psums + 8ull * s->x);
        if (++s->x == a->d->blocks)
            s->pc = 1;
        return;
    }
    wl_mem(o, GM_OP_STORE, 8, 2, 1); /* partial_sums[0] = sum */
    wl_fill_same(o, a->d->psums);
    s->pc = 2;
}

/* ---- normalize_weights_kernel */

enum {
    NW_LD_SUM, NW_LD_W, NW_ST_W, NW_ST_CDF0, NW_LD_WX, NW_ST_CDFX, NW_LD_SEED, NW_ST_SEED,
    NW_ST_U0, NW_LD_U0, NW_ST_U, NW_DONE
};

static void nw_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const pf_args_t *a = kn->args;
    const pf_data_t *d = a->d;
    pf_ws_t *s = ws;
    int first = s->lead && s->cta == 0; /* the warp of thread i == 0 */
    for (;;) {
        switch (s->pc) {
        case NW_LD_SUM: /* thread 0: sumWeights = partial_sums[0] */
            s->pc = NW_LD_W;
            if (!s->lead)
                break;
            wl_mem(o, GM_OP_LOAD, 8, 4, 1);
            wl_fill_same(o, d->psums);
            return;
        case NW_LD_W: /* weights[i] = weights[i] / sumWeights */
        case NW_ST_W:
            if (!s->act) {
                s->pc = NW_LD_U0;
                break;
            }
            wl_mem(o, s->pc == NW_LD_W ? GM_OP_LOAD : GM_OP_STORE, 8,
                   s->pc == NW_LD_W ? 2 : 10, s->act);
            pf_lanes(o, s, d->weights, 8);
            s->pc = s->pc == NW_ST_W ? (first ? NW_ST_CDF0 : NW_LD_U0) : NW_ST_W;
            return;
        case NW_ST_CDF0: /* cdfCalc: CDF[0] = weights[0] (still in a register) */
            wl_mem(o, GM_OP_STORE, 8, 2, 1);
            wl_fill_same(o, d->cdf);
            s->x = 1;
            s->pc = s->x < d->n ? NW_LD_WX : NW_LD_SEED;
            return;
        case NW_LD_WX: /* CDF[x] = weights[x] + CDF[x-1] */
        case NW_ST_CDFX:
            wl_mem(o, s->pc == NW_LD_WX ? GM_OP_LOAD : GM_OP_STORE, 8,
                   s->pc == NW_LD_WX ? 3 : 1, 1);
            wl_fill_same(o, (s->pc == NW_LD_WX ? d->weights : d->cdf) + 8ull * s->x);
            if (s->pc == NW_LD_WX)
                s->pc = NW_ST_CDFX;
            else
                s->pc = ++s->x < d->n ? NW_LD_WX : NW_LD_SEED;
            return;
        case NW_LD_SEED: /* u[0] = d_randu(seed, 0) / N */
        case NW_ST_SEED:
            wl_mem(o, s->pc == NW_LD_SEED ? GM_OP_LOAD : GM_OP_STORE, 4,
                   s->pc == NW_LD_SEED ? 2 : 6, 1);
            wl_fill_same(o, d->seed);
            s->pc++;
            return;
        case NW_ST_U0:
            wl_mem(o, GM_OP_STORE, 8, 12, 1);
            wl_fill_same(o, d->u);
            s->pc = NW_LD_U0;
            return;
        case NW_LD_U0: /* thread 0: u1 = u[0] */
            s->pc = NW_ST_U;
            if (!s->lead)
                break;
            wl_mem(o, GM_OP_LOAD, 8, 2, 1);
            wl_fill_same(o, d->u);
            return;
        case NW_ST_U: /* u[i] = u1 + i / N */
            s->pc = NW_DONE;
            if (!s->act)
                break;
            wl_mem(o, GM_OP_STORE, 8, 10, s->act);
            pf_lanes(o, s, d->u, 8);
            return;
        default:
            wl_exit(o, 1);
            return;
        }
    }
}

/* ---- find_index_kernel */

enum { FI_LD_U, FI_LD_CDF, FI_LD_AX, FI_LD_AY, FI_ST_XJ, FI_ST_YJ, FI_DONE };

static void fi_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const pf_args_t *a = kn->args;
    const pf_data_t *d = a->d;
    pf_ws_t *s = ws;
    uint32_t m;
    if (!s->act)
        s->pc = FI_DONE;
    switch (s->pc) {
    case FI_LD_U: /* u[i], hoisted out of the search */
        wl_mem(o, GM_OP_LOAD, 8, 4, s->act);
        pf_lanes(o, s, d->u, 8);
        s->pc = FI_LD_CDF;
        s->x = 0;
        return;
    case FI_LD_CDF: /* CDF[x] >= u[i]: the lanes still searching */
        m = 0;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->act >> l & 1) && a->index[s->i[l]] >= s->x)
                m |= 1u << l;
        wl_mem(o, GM_OP_LOAD, 8, 3, m);
        wl_fill_same(o, d->cdf + 8ull * s->x);
        s->x++;
        m = 0;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->act >> l & 1) && a->index[s->i[l]] >= s->x)
                m = 1;
        if (!m)
            s->pc = FI_LD_AX;
        return;
    case FI_LD_AX: /* xj[i] = arrayX[index]; yj[i] = arrayY[index] */
    case FI_LD_AY:
        wl_mem(o, GM_OP_LOAD, 8, s->pc == FI_LD_AX ? 4 : 0, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1) ? (s->pc == FI_LD_AX ? d->arrayX : d->arrayY) +
                                                 8ull * a->index[s->i[l]]
                                           : 0;
        s->pc++;
        return;
    case FI_ST_XJ:
    case FI_ST_YJ:
        wl_mem(o, GM_OP_STORE, 8, 1, s->act);
        pf_lanes(o, s, s->pc == FI_ST_XJ ? d->xj : d->yj, 8);
        s->pc++;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t lk_ops = {sizeof(pf_ws_t), pf_init, lk_next};
static const gm_kernel_ops_t sum_ops = {sizeof(pf_ws_t), pf_init, sum_next};
static const gm_kernel_ops_t nw_ops = {sizeof(pf_ws_t), pf_init, nw_next};
static const gm_kernel_ops_t fi_ops = {sizeof(pf_ws_t), pf_init, fi_next};

/* ---- the filter on the host */

static double pf_uniform(gm_rng_t *r) /* in (0, 1) */
{
    return ((double)gm_rng_bits(r, 52) + 0.5) / 4503599627370496.0;
}

static double pf_normal(gm_rng_t *r) /* Box-Muller, as the benchmark's randn */
{
    double u = pf_uniform(r), v = pf_uniform(r);
    return sqrt(-2 * log(u)) * cos(2 * 3.14159265358979323846 * v);
}

/* The synthetic video: the disk's centre in every frame (frame k >= 1 at
 * first index y0 - 2(k-1), second index x0 + (k-1), as the benchmark
 * writes it), dilated by the radius-5 disk, 228 on 100, plus noise. */
static void pf_video(uint8_t *I, uint32_t iszx, uint32_t iszy, uint32_t nfr, gm_rng_t *r)
{
    uint64_t plane = (uint64_t)iszy * nfr, max_size = (uint64_t)iszx * plane;
    int64_t x0 = iszy / 2, y0 = iszx / 2;
    for (uint32_t k = 0; k < nfr; k++) {
        uint64_t pos = (uint64_t)x0 * plane + (uint64_t)y0 * nfr; /* frame 0 */
        if (k > 0) {
            int64_t xk = llabs(x0 + (k - 1)), yk = llabs(y0 - 2 * (int64_t)(k - 1));
            pos = (uint64_t)yk * plane + (uint64_t)xk * nfr + k;
            if (pos >= max_size)
                pos = 0;
        }
        int64_t cx = (int64_t)(pos / plane), cy = (int64_t)(pos / nfr % iszy);
        uint64_t kk = pos % nfr;
        for (int64_t x = cx - PF_RADIUS; x < cx + PF_RADIUS; x++)
            for (int64_t y = cy - PF_RADIUS; y < cy + PF_RADIUS; y++)
                if (x >= 0 && x < iszx && y >= 0 && y < iszy &&
                    (x - cx) * (x - cx) + (y - cy) * (y - cy) < PF_RADIUS * PF_RADIUS)
                    I[(uint64_t)x * plane + (uint64_t)y * nfr + kk] = 1;
    }
    for (uint64_t p = 0; p < max_size; p++)
        I[p] = (uint8_t)((I[p] ? 228 : 100) + (int)(5 * pf_normal(r)));
}

static int pf_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_PARTICLES], nfr = (uint32_t)p->v[P_FRAMES],
             iszx = (uint32_t)p->v[P_X], iszy = (uint32_t)p->v[P_Y];
    uint64_t max_size = (uint64_t)iszx * iszy * nfr;
    if (max_size > UINT32_MAX / 2)
        return wl_fail(b, NULL, "the video (%llu bytes) is too large",
                       (unsigned long long)max_size);
    pf_data_t *d = wl_host(b, sizeof *d);
    if (!d)
        return -1;
    d->n = n;
    d->blocks = wl_ceil_div(n, PF_TB);
    d->iszy = iszy;
    d->nfr = nfr;
    d->max_size = (uint32_t)max_size;
    d->ones = 0;
    for (int x = 0; x < PF_DIAM; x++) /* the disk's offsets, row by row */
        for (int y = 0; y < PF_DIAM; y++) {
            int dx = x - (PF_RADIUS - 1), dy = y - (PF_RADIUS - 1);
            if (dx * dx + dy * dy < PF_RADIUS * PF_RADIUS) {
                d->off[d->ones][0] = dy;
                d->off[d->ones][1] = dx;
                d->ones++;
            }
        }

    uint8_t *I = calloc(max_size, 1);
    double *xj = malloc(8ull * n), *yj = malloc(8ull * n), *ax = malloc(8ull * n),
           *ay = malloc(8ull * n), *w = malloc(8ull * n);
    if (!I || !xj || !yj || !ax || !ay || !w) {
        free(I), free(xj), free(yj), free(ax), free(ay), free(w);
        return wl_fail(b, NULL, "out of memory");
    }
    gm_rng_t r;
    wl_rng(b, &r, 4);
    pf_video(I, iszx, iszy, nfr, &r);
    for (uint32_t i = 0; i < n; i++) {
        xj[i] = iszy / 2;
        yj[i] = iszx / 2;
    }
    pf_args_t *args = wl_host(b, sizeof *args * (nfr - 1));
    if (!args) {
        free(I), free(xj), free(yj), free(ax), free(ay), free(w);
        return -1;
    }
    for (uint32_t k = 1; k < nfr; k++) {
        int32_t *px = wl_host(b, 4ull * n), *py = wl_host(b, 4ull * n);
        uint32_t *index = wl_host(b, 4ull * n);
        if (!px || !py || !index)
            break;
        pf_args_t *a = &args[k - 1];
        *a = (pf_args_t){d, k, px, py, index};
        double sum = 0;
        for (uint32_t i = 0; i < n; i++) {
            ax[i] = xj[i] + 1.0 + 5.0 * pf_normal(&r);
            ay[i] = yj[i] - 2.0 + 2.0 * pf_normal(&r);
            px[i] = (int32_t)ax[i]; /* dev_round_double truncates */
            py[i] = (int32_t)ay[i];
            double lik = 0;
            for (uint32_t y = 0; y < d->ones; y++) {
                double v = I[pf_pixel(a, i, y)];
                lik += ((v - 100) * (v - 100) - (v - 228) * (v - 228)) / 50.0;
            }
            w[i] = exp(lik / d->ones) / n;
            sum += w[i];
        }
        double cdf = 0, u1 = pf_uniform(&r) / n;
        uint32_t x = 0;
        for (uint32_t i = 0; i < n; i++) { /* the CDF is monotonic, u[i] rises */
            double u = u1 + (double)i / n;
            while (x < n && cdf + w[x] / sum < u)
                cdf += w[x++] / sum;
            index[i] = x < n ? x : n - 1;
        }
        for (uint32_t i = 0; i < n; i++) {
            xj[i] = ax[index[i]];
            yj[i] = ay[index[i]];
        }
    }
    free(I), free(xj), free(yj), free(ax), free(ay), free(w);
    if (b->failed)
        return -1;

    d->arrayX = wl_array(b, 8ull * n);
    d->arrayY = wl_array(b, 8ull * n);
    d->xj = wl_array(b, 8ull * n);
    d->yj = wl_array(b, 8ull * n);
    d->cdf = wl_array(b, 8ull * n);
    d->u = wl_array(b, 8ull * n);
    d->likelihood = wl_array(b, 8ull * n);
    d->weights = wl_array(b, 8ull * n);
    d->video = wl_array(b, max_size);
    d->objxy = wl_array(b, 4ull * 2 * d->ones);
    d->ind = wl_array(b, 4ull * d->ones * n);
    d->seed = wl_array(b, 4ull * n);
    d->psums = wl_array(b, 8ull * n);
    for (uint32_t k = 1; k < nfr; k++) {
        const pf_args_t *a = &args[k - 1];
        uint32_t g = d->blocks;
        wl_launch(b, &(wl_launch_t){"likelihood_kernel", &lk_ops, a, {g}, {PF_TB}, 32,
                                    8 * PF_TB});
        wl_launch(b, &(wl_launch_t){"sum_kernel", &sum_ops, a, {g}, {PF_TB}, 16, 0});
        wl_launch(b, &(wl_launch_t){"normalize_weights_kernel", &nw_ops, a, {g}, {PF_TB}, 16,
                                    16});
        wl_launch(b, &(wl_launch_t){"find_index_kernel", &fi_ops, a, {g}, {PF_TB}, 16, 0});
    }
    return 0;
}

const wl_def_t wl_particlefilter = {"particlefilter", NULL, pf_params, pf_build};
