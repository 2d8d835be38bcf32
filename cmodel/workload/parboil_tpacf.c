/* Parboil tpacf (seed-003 Table I, μRC 19 %): gen_hists, the two-point
 * angular correlation histograms of an observed point set against S random
 * sets. The points are unit vectors stored as three float arrays (x, y, z),
 * each holding set 0 (the data) then the S random sets, n points a set.
 *
 * 2S + 1 CTAs of 256 threads: CTA 0 pairs the data with itself (DD), CTA
 * b = 1..S random set b with itself (RR), CTA S + b random set b with the
 * data (DR). Per chunk of 256 primary points (thread t loads point i + t:
 * x, y, z, coalesced) the CTA sweeps the secondary set in chunks of 256,
 * each thread loading one point into shared memory (x, y, z), then every
 * thread bins the chunk's angles against its point (a dot product and a
 * binary search of the bin edges, from constant memory; a shared-memory
 * histogram). A self pair starts its sweep at the primary chunk
 * (triangular); a DR CTA sweeps the whole data set for every chunk: every
 * DR CTA reads all of the data points, which is the remote reuse. At the
 * end warp 0 stores the CTA's 20 bins (8-byte counts).
 *
 * Table I's input is 10391 points (Parboil "large": 100 random sets); the
 * default here is 4096 points and 7 random sets, 15 CTAs, one for each SM
 * of a GTX480. Compute: about 20 instructions a pair (dot product, binary
 * search, shared-memory increment), 5120 a secondary chunk, divided by 4
 * (1280) so that a run takes seconds; tpacf stays compute-bound, as its
 * PerfX of 1.00 says. */
#include "workload/wl.h"

enum { P_POINTS, P_SETS };
static const wl_param_t tpacf_params[] = {
    {"points", "points a set", 4096, 256, 1048576, 256, 0},
    {"sets", "random sets S (2S + 1 CTAs)", 7, 1, 1000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { TP_BLOCK = 256, TP_BINS = 20, TP_CHUNK_GAP = 1280 };

typedef struct tp_args {
    uint32_t n, sets;
    uint64_t x, y, z, hist;
} tp_args_t;

typedef struct tp_ws {
    uint32_t cta, warp;
    uint32_t prim, sec;     /* primary and secondary set */
    uint32_t self;
    uint32_t i, j, d;       /* primary chunk, secondary chunk, dimension */
    uint32_t phase;         /* 0: primary loads, 1: secondary loads, 2: histogram, 3: done */
} tp_ws_t;

static void tp_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const tp_args_t *a = k->args;
    tp_ws_t *s = ws;
    s->cta = cta;
    s->warp = warp;
    s->self = cta <= a->sets;
    s->prim = s->self ? cta : cta - a->sets;
    s->sec = s->self ? cta : 0;
    s->i = s->j = s->d = s->phase = 0;
}

static void tp_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const tp_args_t *a = k->args;
    tp_ws_t *s = ws;
    const uint64_t dim[3] = {a->x, a->y, a->z};
    uint32_t chunks = a->n / TP_BLOCK;
    if (s->phase < 2) {
        uint32_t set = s->phase == 0 ? s->prim : s->sec;
        uint32_t chunk = s->phase == 0 ? s->i : s->j;
        /* a secondary chunk's first load waits for the previous chunk's binning */
        unsigned gap = s->phase == 1 && s->d == 0 && s->j != (s->self ? s->i : 0) ? TP_CHUNK_GAP
                                                                                 : 1;
        wl_mem(o, GM_OP_LOAD, 4, gap, UINT32_MAX);
        uint64_t first = (uint64_t)set * a->n + (uint64_t)chunk * TP_BLOCK + 32u * s->warp;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = dim[s->d] + 4 * (first + l);
        if (++s->d < 3)
            return;
        s->d = 0;
        if (s->phase == 0) {
            s->phase = 1;
            s->j = s->self ? s->i : 0;
        } else if (++s->j == chunks) {
            s->phase = ++s->i == chunks ? 2 : 0;
        }
        return;
    }
    if (s->phase == 2 && s->warp == 0) {
        wl_mem(o, GM_OP_STORE, 8, TP_CHUNK_GAP, (1u << TP_BINS) - 1);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = l < TP_BINS ? a->hist + 8 * ((uint64_t)s->cta * TP_BINS + l) : 0;
        s->phase = 3;
        return;
    }
    wl_exit(o, s->phase == 2 ? TP_CHUNK_GAP : 1);
    s->phase = 3;
}

static const gm_kernel_ops_t tp_ops = {sizeof(tp_ws_t), tp_init, tp_next};

static int tp_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_POINTS], sets = (uint32_t)p->v[P_SETS];
    uint64_t all = (uint64_t)n * (sets + 1);
    tp_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    /* cudaMalloc order of Parboil's tpacf: the histograms, then x, y, z */
    a->hist = wl_array(b, 8ull * TP_BINS * (2 * sets + 1));
    a->x = wl_array(b, 4 * all);
    a->y = wl_array(b, 4 * all);
    a->z = wl_array(b, 4 * all);
    a->n = n;
    a->sets = sets;
    wl_launch(b, &(wl_launch_t){"gen_hists", &tp_ops, a, {2 * sets + 1}, {TP_BLOCK}, 20,
                                TP_BLOCK * 12 + TP_BINS * 8 * 8});
    return 0;
}

const wl_def_t wl_tpacf = {"tpacf", NULL, tpacf_params, tp_build};
