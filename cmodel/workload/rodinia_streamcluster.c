/* Rodinia StreamCluster (seed-000 Table 2 SC, Table 4 STC): the CUDA
 * version's pgain kernel, kernel_compute_cost, `launches` times.
 *
 * Modelled from Rodinia's streamcluster_cuda.cu (CUDA port of PARSEC's
 * streamcluster): the host transposes the points' coordinates into
 * coord_d[d * num + p] (dimension-major), so the distance loop of thread
 * tid = point p reads coord_d[d*num + tid] (coalesced, one line per warp
 * load, each line used once per launch) and coord_d[d*num + x] for the
 * candidate centre x (every lane the same address) for d < dim. Then it
 * reads its Point record (struct {float weight; float *coord; long assign;
 * float cost;}, 32 bytes on a 64-bit host, so a warp load touches 8 lines)
 * and either
 *   x_cost < cost: switch_membership[tid] = 1 (byte store), then
 *                  work_mem[tid*stride + K] += ...   (load, store), or
 *   otherwise:     p[tid].assign (8 bytes), center_table[assign] (a gather
 *                  over the K centres' entries), then
 *                  work_mem[tid*stride + center_table[assign]] += ...
 * with stride = K + 1 floats: a warp's work_mem accesses span 32 * stride
 * * 4 bytes (16 lines with K = 15). Both sides of the branch issue with
 * their lanes. Launch geometry as Rodinia: 512-thread CTAs, one thread per
 * point. Allocation order as pgain's first call: work_mem_d, then
 * center_table_d, switch_membership_d, p, coord_d.
 *
 * Data: coordinates uniform in [0,1) (Rodinia's SimStream draws them so),
 * weights 1; K centres drawn at random, every point assigned to its
 * nearest centre (cost = squared distance, as d_dist computes it); each
 * launch's candidate x is a random point, and a lane takes the x_cost <
 * cost side iff its point is closer to x than to its centre.
 *
 * Left out: the host's work between launches (the gain sums, opening x and
 * closing centres: the centres and assignments stay as drawn, so every
 * launch sees the same K), the cudaMemcpy/cudaMemset traffic, and pkmedian's
 * other phases (pspeedy, the sampling) which run on the host. Compute gaps:
 * about 2 instructions per load in the distance loop (address increments,
 * FSUB, FFMA, loop test). Registers: 16 (an estimate; any count up to 21
 * leaves Fermi's 3 CTAs of 512 threads per SM), no shared memory.
 *
 * Rodinia's run script uses 65536 points of 256 dimensions (64 MB of
 * coordinates) and thousands of pgain calls. The default here keeps the
 * 65536 points (128 CTAs: every SM full, 3 CTAs of 16 warps, several
 * waves) and takes 128 dimensions and one launch, a Fermi run of a few
 * seconds. Fewer points leave SMs idle and hide the contention: at 64
 * dimensions a 2 MB L1D gains 1.4x with 16384 points (32 CTAs), 2.5x
 * with 65536. More
 * launches repeat the first: CTAs go to SMs round-robin from a pointer
 * that moves every cycle, so a launch rarely finds its coordinates in the
 * L1D the previous one filled.
 */
#include <stdlib.h>

#include "workload/wl.h"

enum { P_POINTS, P_DIM, P_CENTERS, P_LAUNCHES };

static const wl_param_t sc_params[] = {
    {"points", "points, one thread each", 65536, 32, 4194304, 0, 0},
    {"dim", "dimensions per point", 128, 1, 1024, 0, 0},
    {"centers", "open centres K, work_mem stride K+1", 15, 1, 1024, 0, 0},
    {"launches", "pgain calls, one launch each", 1, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { SC_TB = 512, SC_POINT_BYTES = 32 };

typedef struct sc_data {
    uint64_t work_mem, center_table, switch_mem, p, coord;
    uint32_t num, dim, k;
    const uint32_t *assign;   /* point index of each point's centre */
    const uint32_t *ctable;   /* center_table[point] (centres only) */
} sc_data_t;

typedef struct sc_args {
    const sc_data_t *d;
    uint32_t x;             /* the candidate centre */
    const uint32_t *closer; /* bit p: point p is closer to x than to its centre */
} sc_args_t;

enum {
    SC_LD_OWN, SC_LD_X, SC_LD_WEIGHT, SC_LD_COST, SC_ST_SWITCH, SC_LD_LOWER_K,
    SC_ST_LOWER_K, SC_LD_ASSIGN, SC_LD_CTABLE, SC_LD_LOWER_C, SC_ST_LOWER_C, SC_DONE
};

typedef struct sc_ws {
    uint32_t tid[GM_WARP_SIZE];
    uint32_t act, gain; /* live lanes; lanes taking x_cost < cost */
    uint32_t d, pc;
} sc_ws_t;

static void sc_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const sc_args_t *a = kn->args;
    sc_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->act = s->gain = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->tid[l] = cta * SC_TB + w.tx[l];
        if ((w.live >> l & 1) && s->tid[l] < a->d->num) {
            s->act |= 1u << l;
            if (a->closer[s->tid[l] / 32] >> (s->tid[l] % 32) & 1)
                s->gain |= 1u << l;
        }
    }
    s->d = 0;
    s->pc = s->act ? SC_LD_OWN : SC_DONE;
}

static void sc_lanes(gm_inst_t *o, const sc_ws_t *s, uint64_t base, uint64_t scale,
                     uint64_t off)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + scale * s->tid[l] + off : 0;
}

static void sc_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const sc_args_t *a = kn->args;
    const sc_data_t *d = a->d;
    sc_ws_t *s = ws;
    uint32_t lose = s->act & ~s->gain;
    uint64_t stride = 4ull * (d->k + 1);
    for (;;) {
        switch (s->pc) {
        case SC_LD_OWN: /* coord_d[(i*num) + p1], p1 = tid */
            wl_mem(o, GM_OP_LOAD, 4, s->d ? 3 : 8, s->act);
            sc_lanes(o, s, d->coord + 4ull * s->d * d->num, 4, 0);
            s->pc = SC_LD_X;
            return;
        case SC_LD_X: /* coord_d[(i*num) + p2], p2 = x: a broadcast */
            wl_mem(o, GM_OP_LOAD, 4, 1, s->act);
            wl_fill_same(o, d->coord + 4ull * ((uint64_t)s->d * d->num + a->x));
            s->pc = ++s->d < d->dim ? SC_LD_OWN : SC_LD_WEIGHT;
            return;
        case SC_LD_WEIGHT: /* p[tid].weight */
            wl_mem(o, GM_OP_LOAD, 4, 3, s->act);
            sc_lanes(o, s, d->p, SC_POINT_BYTES, 0);
            s->pc = SC_LD_COST;
            return;
        case SC_LD_COST: /* p[tid].cost */
            wl_mem(o, GM_OP_LOAD, 4, 2, s->act);
            sc_lanes(o, s, d->p, SC_POINT_BYTES, 24);
            s->pc = s->gain ? SC_ST_SWITCH : SC_LD_ASSIGN;
            return;
        case SC_ST_SWITCH: /* switch_membership_d[tid] = 1 */
            wl_mem(o, GM_OP_STORE, 1, 2, s->gain);
            sc_lanes(o, s, d->switch_mem, 1, 0);
            s->pc = SC_LD_LOWER_K;
            return;
        case SC_LD_LOWER_K: /* lower[K] += x_cost - cost */
        case SC_ST_LOWER_K:
            wl_mem(o, s->pc == SC_LD_LOWER_K ? GM_OP_LOAD : GM_OP_STORE, 4, 2, s->gain);
            sc_lanes(o, s, d->work_mem, stride, 4ull * d->k);
            s->pc = s->pc == SC_LD_LOWER_K ? SC_ST_LOWER_K : SC_LD_ASSIGN;
            return;
        case SC_LD_ASSIGN: /* p[tid].assign (a long) */
            if (!lose) {
                s->pc = SC_DONE;
                break;
            }
            wl_mem(o, GM_OP_LOAD, 8, 2, lose);
            sc_lanes(o, s, d->p, SC_POINT_BYTES, 16);
            s->pc = SC_LD_CTABLE;
            return;
        case SC_LD_CTABLE: /* center_table_d[p[tid].assign] */
            wl_mem(o, GM_OP_LOAD, 4, 1, lose);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (lose >> l & 1)
                                 ? d->center_table + 4ull * d->assign[s->tid[l]]
                                 : 0;
            s->pc = SC_LD_LOWER_C;
            return;
        case SC_LD_LOWER_C: /* lower[center_table[assign]] += cost - x_cost */
        case SC_ST_LOWER_C:
            wl_mem(o, s->pc == SC_LD_LOWER_C ? GM_OP_LOAD : GM_OP_STORE, 4, 2, lose);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (lose >> l & 1)
                                 ? d->work_mem + stride * s->tid[l] +
                                       4ull * d->ctable[d->assign[s->tid[l]]]
                                 : 0;
            s->pc = s->pc == SC_LD_LOWER_C ? SC_ST_LOWER_C : SC_DONE;
            return;
        default:
            wl_exit(o, 1);
            return;
        }
    }
}

static const gm_kernel_ops_t sc_ops = {sizeof(sc_ws_t), sc_init, sc_next};

static float sc_dist(const float *coord, uint32_t dim, uint32_t p, uint32_t q)
{
    float r = 0;
    for (uint32_t i = 0; i < dim; i++) {
        float t = coord[(uint64_t)p * dim + i] - coord[(uint64_t)q * dim + i];
        r += t * t;
    }
    return r;
}

static int sc_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t num = (uint32_t)p->v[P_POINTS], dim = (uint32_t)p->v[P_DIM],
             k = (uint32_t)p->v[P_CENTERS], launches = (uint32_t)p->v[P_LAUNCHES];
    if (k > num)
        return wl_fail(b, "centers", "%u centres for %u points", k, num);
    sc_data_t *d = wl_host(b, sizeof *d);
    uint32_t *assign = wl_host(b, 4ull * num), *ctable = wl_host(b, 4ull * num);
    uint32_t words = wl_ceil_div(num, 32);
    uint32_t *closer = wl_host(b, 4ull * words * launches);
    sc_args_t *args = wl_host(b, sizeof *args * launches);
    if (!d || !assign || !ctable || !closer || !args)
        return -1;
    float *coord = malloc(4ull * num * dim), *cost = malloc(4ull * num);
    uint32_t *centre = malloc(4ull * k);
    uint8_t *is_centre = calloc(num, 1);
    if (!coord || !cost || !centre || !is_centre) {
        free(coord);
        free(cost);
        free(centre);
        free(is_centre);
        return wl_fail(b, NULL, "out of memory");
    }
    gm_rng_t r;
    wl_rng(b, &r, 3);
    for (uint64_t i = 0; i < (uint64_t)num * dim; i++)
        coord[i] = (float)gm_rng_bits(&r, 24) / (float)(1u << 24);
    for (uint32_t c = 0; c < k;) { /* K distinct centres */
        uint32_t q = (uint32_t)gm_rng_below(&r, num);
        if (!is_centre[q])
            is_centre[q] = 1, c++;
    }
    for (uint32_t q = 0, c = 0; q < num; q++) /* center_table: count++ in point order */
        if (is_centre[q])
            ctable[q] = c, centre[c++] = q;
    for (uint32_t q = 0; q < num; q++) {
        assign[q] = centre[0];
        cost[q] = sc_dist(coord, dim, q, centre[0]);
        for (uint32_t c = 1; c < k; c++) {
            float t = sc_dist(coord, dim, q, centre[c]);
            if (t < cost[q])
                cost[q] = t, assign[q] = centre[c];
        }
    }
    for (uint32_t l = 0; l < launches; l++) {
        uint32_t x = (uint32_t)gm_rng_below(&r, num);
        uint32_t *bits = closer + (uint64_t)l * words;
        for (uint32_t q = 0; q < num; q++)
            if (sc_dist(coord, dim, q, x) < cost[q])
                bits[q / 32] |= 1u << (q % 32);
        args[l] = (sc_args_t){d, x, bits};
    }
    free(coord);
    free(cost);
    free(centre);
    free(is_centre);

    *d = (sc_data_t){.num = num, .dim = dim, .k = k, .assign = assign, .ctable = ctable};
    d->work_mem = wl_array(b, 4ull * (k + 1) * (num + 1));
    d->center_table = wl_array(b, 4ull * num);
    d->switch_mem = wl_array(b, num);
    d->p = wl_array(b, (uint64_t)SC_POINT_BYTES * num);
    d->coord = wl_array(b, 4ull * num * dim);
    for (uint32_t l = 0; l < launches; l++)
        wl_launch(b, &(wl_launch_t){"kernel_compute_cost", &sc_ops, &args[l],
                                    {wl_ceil_div(num, SC_TB), 1}, {SC_TB, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_streamcluster = {"streamcluster", NULL, sc_params, sc_build};
