/* LonestarGPU SSSP (seed-004 Table 4.1 SSSP, the cache-unfriendly CNF set:
 * "irregular recursive traversal"), the topology-driven Bellman-Ford
 * version LonestarGPU ships as its base sssp.
 *
 * The graph is LonestarGPU's CSR: noutgoing[v] (out-degree), srcsrc[v]
 * (= v), psrc[v] (first edge, 1-based: edge 0 is unused), edgessrcdst[e]
 * and edgessrcwt[e] for e in 1..nedges, and dist[v], one unsigned each.
 * The input is an R-MAT graph, as the suite's rmat inputs (GTgraph's
 * generator): 2^scale nodes, `degree` x 2^scale directed edges, each edge
 * drawn by scale recursive quadrant choices with probabilities
 * (0.45, 0.15, 0.15, 0.25), duplicates and self loops kept, weights
 * uniform in 1..100; the source is node 0 (the recursion's heaviest node).
 * The seed does not name its SSSP input [INTERP: its §4.5 calls SSSP
 * irregular with power-law reuse, which an R-MAT graph gives].
 *
 * initialize: one thread per node stores dist[v] = INFINITY. Then, until
 * an iteration changes nothing (the host loop; its copies of *changed are
 * not memory traffic), drelax: 1024-thread CTAs (KernelConfig's maximum
 * threads per block, so MAXBLOCKSIZE / blockDim = 1: one node per thread);
 * thread v loads noutgoing[v], then for each edge k of v processedge: the
 * accessors' noutgoing[v], srcsrc[v] and psrc[v] (each edge iteration
 * reloads them: the loop body's atomicMin is a memory clobber), then
 * edgessrcdst[e], edgessrcwt[e] (e = psrc[v] + k), dist[v] and dist[dst];
 * if dist[v] + wt < dist[dst], atomicMin(&dist[dst], ...). A thread whose
 * node changed a distance stores *changed = true. Lanes loop over their
 * own out-degrees (the warp to its longest).
 *
 * Which relaxations fire depends on the order threads run. The host
 * replays each launch with its threads in node order, every update seen
 * at once (a legal serialization; CTAs dispatch in that order), and
 * records per iteration which edges' atomicMin ran. A global atomic
 * executes at the L2: a store with the bypass hint, as histogram's
 * atomic=1. The compute between loads (bounds checks, the add and the
 * compare) is an estimate from processedge's code, 1-3 instructions. */
#include <stdlib.h>

#include "workload/wl.h"

enum { P_SCALE, P_DEGREE, P_TB };

static const wl_param_t sssp_params[] = {
    {"scale", "log2 of the node count (R-MAT)", 16, 5, 22, 0, 0},
    {"degree", "edges per node (R-MAT edge factor)", 4, 1, 32, 0, 0},
    {"tb", "threads per CTA", 1024, 32, 1024, 32, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

#define SSSP_INF 1000000000u /* LonestarGPU's MYINFINITY */
#define SSSP_MAX_EDGES (1u << 25)

typedef struct sssp_graph {
    uint32_t nodes;
    const uint32_t *start; /* nodes + 1 CSR offsets, 0-based */
    const uint32_t *edge;  /* destinations, 0-based edge index */
    const uint8_t *fire;   /* launches x edges bits: atomicMin ran */
    uint64_t d_nout, d_srcsrc, d_psrc, d_dst, d_wt, d_dist, d_changed;
} sssp_graph_t;

typedef struct sssp_args {
    const sssp_graph_t *g;
    uint32_t iter; /* drelax's iteration; UINT32_MAX: initialize */
} sssp_args_t;

enum { S_INIT, S_NOUT, S_E_NOUT, S_E_SRCSRC, S_E_PSRC, S_E_DST, S_E_WT, S_E_DSRC, S_E_DDST,
       S_E_ATOMIC, S_CHANGED, S_DONE };

typedef struct sssp_ws {
    uint32_t v[GM_WARP_SIZE];
    uint32_t dst[GM_WARP_SIZE]; /* the current edge's destination */
    uint32_t act;     /* lanes holding a node */
    uint32_t wins;    /* lanes whose relaxation of the current edge wins */
    uint32_t changed; /* lanes whose node relaxed an edge */
    uint32_t k;       /* edge number within the node */
    uint32_t pc;
} sssp_ws_t;

static int fired(const sssp_graph_t *g, uint32_t iter, uint32_t e)
{
    uint64_t bit = (uint64_t)iter * g->start[g->nodes] + e;
    return g->fire[bit >> 3] >> (bit & 7) & 1;
}

static void sssp_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const sssp_args_t *a = kn->args;
    sssp_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->act = s->changed = s->k = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->v[l] = wl_gx(kn, &w, l);
        if ((w.live >> l & 1) && s->v[l] < a->g->nodes)
            s->act |= 1u << l;
    }
    s->pc = !s->act ? S_DONE : a->iter == UINT32_MAX ? S_INIT : S_NOUT;
}

/* Lanes still having an edge number k. */
static uint32_t with_edge(const sssp_graph_t *g, const sssp_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->act >> l & 1) && s->k < g->start[s->v[l] + 1] - g->start[s->v[l]])
            m |= 1u << l;
    return m;
}

static void sssp_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const sssp_args_t *a = kn->args;
    const sssp_graph_t *g = a->g;
    sssp_ws_t *s = ws;
    uint32_t m = s->pc >= S_E_NOUT && s->pc <= S_E_DDST ? with_edge(g, s) : s->act;
    uint32_t idx[GM_WARP_SIZE];
    uint64_t base = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        idx[l] = s->v[l];
    switch (s->pc) {
    case S_INIT: /* dist[v] = INFINITY */
        wl_mem(o, GM_OP_STORE, 4, 2, m);
        wl_fill(o, g->d_dist, idx, 4);
        s->pc = S_DONE;
        return;
    case S_NOUT: /* processnode's neighborsize */
        wl_mem(o, GM_OP_LOAD, 4, 3, m);
        wl_fill(o, g->d_nout, idx, 4);
        s->pc = with_edge(g, s) ? S_E_NOUT : S_DONE;
        return;
    case S_E_NOUT:
    case S_E_SRCSRC:
    case S_E_PSRC:
        base = s->pc == S_E_NOUT ? g->d_nout : s->pc == S_E_SRCSRC ? g->d_srcsrc : g->d_psrc;
        wl_mem(o, GM_OP_LOAD, 4, 1, m);
        wl_fill(o, base, idx, 4);
        s->pc++;
        return;
    case S_E_DST:
    case S_E_WT: /* edgessrcdst / edgessrcwt[psrc[v] + k], 1-based */
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            idx[l] = g->start[s->v[l]] + s->k + 1;
        wl_mem(o, GM_OP_LOAD, 4, 2, m);
        wl_fill(o, s->pc == S_E_DST ? g->d_dst : g->d_wt, idx, 4);
        s->pc++;
        return;
    case S_E_DSRC: /* dist[src] */
        wl_mem(o, GM_OP_LOAD, 4, 1, m);
        wl_fill(o, g->d_dist, idx, 4);
        s->pc++;
        return;
    case S_E_DDST: /* dist[dst] */
        s->wins = 0;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            if (!(m >> l & 1))
                continue;
            uint32_t e = g->start[s->v[l]] + s->k;
            s->dst[l] = g->edge[e];
            s->wins |= (uint32_t)fired(g, a->iter, e) << l;
        }
        wl_mem(o, GM_OP_LOAD, 4, 3, m);
        wl_fill(o, g->d_dist, s->dst, 4);
        if (s->wins) {
            s->pc = S_E_ATOMIC;
            return;
        }
        break;
    case S_E_ATOMIC: /* atomicMin(&dist[dst], ...) at the L2 */
        wl_mem(o, GM_OP_STORE, 4, 1, s->wins);
        o->bypass_hint = 1;
        wl_fill(o, g->d_dist, s->dst, 4);
        s->changed |= s->wins;
        break;
    case S_CHANGED: /* *changed = true */
        wl_mem(o, GM_OP_STORE, 1, 1, s->changed);
        wl_fill_same(o, g->d_changed);
        s->pc = S_DONE;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
    /* the edge is done: the next, or the node's end */
    s->k++;
    s->pc = with_edge(g, s) ? S_E_NOUT : s->changed ? S_CHANGED : S_DONE;
}

static const gm_kernel_ops_t sssp_ops = {sizeof(sssp_ws_t), sssp_init, sssp_next};

/* One R-MAT edge's endpoints: at each level a quadrant with probability
 * a, b, c, d = 45, 15, 15, 25 %, its two bits the source's and the
 * destination's. */
static void rmat_edge(gm_rng_t *r, unsigned scale, uint32_t *src, uint32_t *dst)
{
    uint32_t u = 0, v = 0;
    for (unsigned i = 0; i < scale; i++) {
        uint64_t q = gm_rng_below(r, 100);
        u = u << 1 | (q >= 60);
        v = v << 1 | (q >= 45 && q < 60) | (q >= 75);
    }
    *src = u;
    *dst = v;
}

/* Bellman-Ford in node order, recording which edges' atomicMin ran in each
 * iteration into fire (NULL: only count); returns the launches of drelax
 * (the last changes nothing), or 0 when max_iters is too few. */
static uint32_t host_sssp(uint32_t n, const uint32_t *start, const uint32_t *edge,
                          const uint32_t *wt, uint32_t *dist, uint8_t *fire, uint32_t max_iters)
{
    uint32_t ne = start[n];
    for (uint32_t v = 0; v < n; v++)
        dist[v] = SSSP_INF;
    dist[0] = 0;
    for (uint32_t it = 0; it < max_iters; it++) {
        int changed = 0;
        for (uint32_t v = 0; v < n; v++)
            for (uint32_t e = start[v]; e < start[v + 1]; e++) {
                uint32_t alt = dist[v] + wt[e], d = edge[e];
                if (alt < dist[d]) {
                    dist[d] = alt;
                    uint64_t bit = (uint64_t)it * ne + e;
                    if (fire)
                        fire[bit >> 3] |= (uint8_t)(1u << (bit & 7));
                    changed = 1;
                }
            }
        if (!changed)
            return it + 1;
    }
    return 0;
}

static int sssp_build(wl_builder_t *b, const wl_vals_t *p)
{
    unsigned scale = (unsigned)p->v[P_SCALE];
    uint32_t n = 1u << scale, deg = (uint32_t)p->v[P_DEGREE], tb = (uint32_t)p->v[P_TB];
    if ((uint64_t)n * deg > SSSP_MAX_EDGES)
        return wl_fail(b, "degree", "2^%u nodes x %u edges is over %u edges (the host builds the "
                       "graph and replays its relaxations)", scale, deg, SSSP_MAX_EDGES);
    uint32_t ne = n * deg;
    sssp_graph_t *g = wl_host(b, sizeof *g);
    uint32_t *start = wl_host(b, 4ull * (n + 1));
    uint32_t *edge = wl_host(b, 4ull * ne);
    if (!g || !start || !edge)
        return -1;
    uint32_t *src = malloc(4ull * ne), *dst = malloc(4ull * ne), *wt = malloc(4ull * ne),
             *wt_csr = malloc(4ull * ne), *dist = malloc(4ull * n);
    if (!src || !dst || !wt || !wt_csr || !dist) {
        free(src), free(dst), free(wt), free(wt_csr), free(dist);
        return wl_fail(b, NULL, "out of memory");
    }
    gm_rng_t r;
    wl_rng(b, &r, 1);
    for (uint32_t e = 0; e < ne; e++) {
        rmat_edge(&r, scale, &src[e], &dst[e]);
        wt[e] = 1 + (uint32_t)gm_rng_below(&r, 100);
        start[src[e] + 1]++;
    }
    for (uint32_t v = 0; v < n; v++)
        start[v + 1] += start[v];
    /* CSR by source, edges of a node in generation order */
    for (uint32_t e = 0; e < ne; e++) {
        uint32_t at = start[src[e]]++;
        edge[at] = dst[e];
        wt_csr[at] = wt[e];
    }
    for (uint32_t v = n; v > 0; v--)
        start[v] = start[v - 1];
    start[0] = 0;
    free(src), free(dst), free(wt);

    /* Count the iterations, then record them: Bellman-Ford settles within
     * n + 1 (R-MAT graphs need tens). */
    uint32_t iters = host_sssp(n, start, edge, wt_csr, dist, NULL, n + 1);
    uint8_t *fire = wl_host(b, ((uint64_t)iters * ne + 7) / 8);
    if (fire)
        host_sssp(n, start, edge, wt_csr, dist, fire, iters);
    free(wt_csr), free(dist);
    if (!fire)
        return -1;

    *g = (sssp_graph_t){.nodes = n, .start = start, .edge = edge, .fire = fire};
    g->d_nout = wl_array(b, 4ull * n);
    g->d_srcsrc = wl_array(b, 4ull * n);
    g->d_psrc = wl_array(b, 4ull * n);
    g->d_dst = wl_array(b, 4ull * (ne + 1));
    g->d_wt = wl_array(b, 4ull * (ne + 1));
    g->d_dist = wl_array(b, 4ull * n);
    g->d_changed = wl_array(b, 1);

    uint32_t grid = wl_ceil_div(n, tb);
    for (uint32_t it = 0; it <= iters; it++) {
        sssp_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        *a = (sssp_args_t){g, it == 0 ? UINT32_MAX : it - 1};
        wl_launch(b, &(wl_launch_t){it == 0 ? "initialize" : "drelax", &sssp_ops, a, {grid, 1},
                                    {tb, 1}, it == 0 ? 6 : 18, 0});
    }
    return 0;
}

const wl_def_t wl_sssp = {"sssp", NULL, sssp_params, sssp_build};
