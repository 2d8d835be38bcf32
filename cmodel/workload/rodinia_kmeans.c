/* Rodinia K-means: invert_mapping, then kmeansPoint `iters` times.
 *
 * invert_mapping transposes the points x features input (row-major) so
 * that kmeansPoint's feature reads coalesce:
 *   for i < features: output[p + points*i] = input[p*features + i]
 * thread p reads its own row: a row-per-thread strided scan, 32 lines per
 * load (with 34 features 136 bytes apart), stores coalesced -- seed-000
 * Table 6 ks: Req/Minst 17, Cinst/Minst 3.
 * kmeansPoint computes each point's nearest centre; in Rodinia the
 * features come through a texture (tex1Dfetch) and the centres from
 * constant memory, neither of which is an L1D access, so with tex=1 the
 * only global access is the membership store after
 * clusters * features * ~4 instructions. tex=0 turns the feature reads into
 * global loads (coalesced: features[p + j*points]).
 * Launch geometry as Rodinia: 256-thread CTAs, the CTA count rounded up to
 * a square (kmeansPoint uses the square as a 2-D grid). */
#include "workload/wl.h"

enum { P_POINTS, P_FEATURES, P_CLUSTERS, P_ITERS, P_TEX };

static const wl_param_t km_params[] = {
    {"points", "points", 32768, 32, 4194304, 0, 0},
    {"features", "features per point", 34, 1, 256, 0, 0},
    {"clusters", "centres", 5, 1, 64, 0, 0},
    {"iters", "kmeansPoint launches", 1, 1, 100, 0, 0},
    {"tex", "1 = features via the texture cache, 0 = global loads", 1, 0, 1, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { KM_TB = 256 };

typedef struct km_args {
    uint64_t input, output, membership;
    uint32_t points, features, clusters, tex;
} km_args_t;

typedef struct km_ws {
    uint32_t p[GM_WARP_SIZE];
    uint32_t act;
    uint32_t i, j, pc; /* feature (invert); centre, feature (point) */
} km_ws_t;

static void km_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const km_args_t *a = k->args;
    km_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->act = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        /* point_id = (gridDim.x * blockIdx.y + blockIdx.x) * 256 + threadIdx.x */
        s->p[l] = cta * KM_TB + w.tx[l];
        if ((w.live >> l & 1) && s->p[l] < a->points)
            s->act |= 1u << l;
    }
    s->i = s->j = s->pc = 0;
}

static void invert_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const km_args_t *a = k->args;
    km_ws_t *s = ws;
    if (!s->act || s->i == a->features) {
        wl_exit(o, 1);
        return;
    }
    if (s->pc == 0) { /* input[point_id * nfeatures + i] */
        wl_mem(o, GM_OP_LOAD, 4, s->i ? 3 : 6, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1)
                             ? a->input + 4 * ((uint64_t)s->p[l] * a->features + s->i)
                             : 0;
        s->pc = 1;
    } else { /* output[point_id + npoints * i] */
        wl_mem(o, GM_OP_STORE, 4, 3, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1)
                             ? a->output + 4 * (s->p[l] + (uint64_t)a->points * s->i)
                             : 0;
        s->pc = 0;
        s->i++;
    }
}

static void point_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const km_args_t *a = k->args;
    km_ws_t *s = ws;
    if (!s->act || s->pc == 2) {
        wl_exit(o, 1);
        return;
    }
    if (!a->tex && s->pc == 0) { /* features[point_id + j * npoints] */
        wl_mem(o, GM_OP_LOAD, 4, s->i || s->j ? 4 : 8, s->act);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->act >> l & 1)
                             ? a->output + 4 * (s->p[l] + (uint64_t)a->points * s->j)
                             : 0;
        if (++s->j == a->features) {
            s->j = 0;
            if (++s->i == a->clusters)
                s->pc = 1;
        }
        return;
    }
    /* membership[point_id] = index, after the distance loop */
    unsigned gap = a->tex ? 8 + 4 * a->clusters * a->features + 6 * a->clusters : 6;
    wl_mem(o, GM_OP_STORE, 4, gap, s->act);
    wl_fill(o, a->membership, s->p, 4);
    s->pc = 2;
}

static const gm_kernel_ops_t invert_ops = {sizeof(km_ws_t), km_init, invert_next};
static const gm_kernel_ops_t point_ops = {sizeof(km_ws_t), km_init, point_next};

static int km_build(wl_builder_t *b, const wl_vals_t *p)
{
    km_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->points = (uint32_t)p->v[P_POINTS];
    a->features = (uint32_t)p->v[P_FEATURES];
    a->clusters = (uint32_t)p->v[P_CLUSTERS];
    a->tex = (uint32_t)p->v[P_TEX];
    uint64_t table = 4ull * a->points * a->features;
    a->input = wl_array(b, table);  /* feature_flipped_d */
    a->output = wl_array(b, table); /* feature_d */
    a->membership = wl_array(b, 4ull * a->points);
    wl_array(b, 4ull * a->clusters * a->features); /* clusters_d (constant copy used) */
    uint32_t blocks = wl_ceil_div(a->points, KM_TB), side = 1;
    while (side * side < blocks)
        side++;
    wl_launch(b, &(wl_launch_t){"invert_mapping", &invert_ops, a, {side * side, 1},
                                {KM_TB, 1}, 8, 0});
    for (uint32_t i = 0; i < p->v[P_ITERS]; i++)
        wl_launch(b, &(wl_launch_t){"kmeansPoint", &point_ops, a, {side, side},
                                    {KM_TB, 1}, 12, 0});
    return 0;
}

const wl_def_t wl_kmeans = {"kmeans", "ks", km_params, km_build};
