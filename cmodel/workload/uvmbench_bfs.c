/* UVMBench BFS (seed-001 Table 5.1 #7: 6 kernels, 1024-thread CTAs): not
 * Rodinia's (workload `bfs`) but the bfs-cuda code UVMBench adopted, whose
 * main runs three searches from the same start vertex one after another:
 *   simple  simpleBfs per level: every vertex a thread; one whose
 *           distance is the level scans its edges and settles the
 *           neighbours not yet reached (distance, parent);
 *   queue   queueBfs per level: a thread per vertex of the current queue;
 *           a neighbour not yet reached gets atomicMin(distance) and, for
 *           the thread that won it, its parent and a slot of the next
 *           queue;
 *   scan    per level nextLayer (as simpleBfs, over the queue),
 *           countDegrees (children per queued vertex: parent[v] == edge),
 *           scanDegrees (a 1024-wide block scan of the counts) and
 *           assignVerticesNextQueue (each child to its scanned slot).
 * A search launches until its frontier is empty: levels 0..max distance.
 *
 * Graph: Rodinia's graphgen, as UVMBench's data/bfs inputs: vertex i draws
 * 2..4 uniform destinations, each edge stored both ways, adjacency in
 * insertion order (mean degree 6); readGraph's CSR. The host runs the
 * search once, so every data-dependent branch follows from the distances.
 * The races are resolved one way, in queue order: a neighbour reached by
 * several threads in a level is won by the first (vertex order, then edge
 * order) -- its parent edge and its slot in the next queue -- so both
 * queue searches see the same queues; in simpleBfs and nextLayer every
 * thread that reaches it writes. Left out: the flags and counters in
 * cudaMallocHost memory (changed, nextQueueSize, incrDegrees: host
 * memory, not managed), the loop bound is loaded once per vertex.
 * Managed arrays in initCuda's order: adjacencyList (edges), edgesOffset,
 * edgesSize, distance, parent, currentQueue, nextQueue, degrees (vertices
 * ints each); the two queues swap every level, across the searches. */
#include <stdlib.h>

#include "util/rng.h"
#include "workload/wl.h"

enum { UB_NODES, UB_START };

static const wl_param_t ubfs_params[] = {
    {"nodes", "graph vertices (graphgen's count)", 1048576, 32, 16777216, 0, 0},
    {"start", "start vertex (UVMBench's run: 5)", 5, 0, 16777215, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { UB_TB = 1024 };
#define UB_NONE UINT32_MAX

typedef struct ubfs_graph {
    uint32_t n;
    uint32_t *off, *deg, *adj; /* CSR */
    uint32_t *dist;            /* BFS distance, UB_NONE if unreachable */
    uint32_t *win;             /* the edge that wins the vertex (UB_NONE: start) */
    uint32_t *pos;             /* its slot in its level's queue */
    uint32_t *queue;           /* the levels' queues, one after another */
    uint32_t *lvl;             /* queue of level L: queue[lvl[L] .. lvl[L+1]) */
    uint32_t levels;
    uint64_t d_adj, d_off, d_size, d_dist, d_parent, d_degrees;
} ubfs_graph_t;

enum { K_SIMPLE, K_QUEUE, K_NEXT, K_COUNT, K_SCAN, K_ASSIGN };
static const char *const ubfs_names[] = {"simpleBfs",    "queueBfs",   "nextLayer",
                                         "countDegrees", "scanDegrees", "assignVerticesNextQueue"};

typedef struct ubfs_args {
    const ubfs_graph_t *g;
    uint32_t kind, level, qlen;
    uint64_t cur, next; /* the queue buffers as this level sees them */
} ubfs_args_t;

enum { S_HEAD, S_PREV, S_QUEUE, S_OFF, S_SIZE, S_ADJ, S_PEEK, S_ST1, S_ST2, S_ST3, S_TAIL,
       S_DONE };

typedef struct ubfs_ws {
    uint32_t thid[GM_WARP_SIZE], u[GM_WARP_SIZE], v[GM_WARP_SIZE];
    uint32_t live;  /* lanes past the kernel's guard */
    uint32_t work;  /* lanes that scan edges */
    uint32_t j, s;
    uint32_t first; /* lane whose threadIdx.x is 0 (assign skips its load) */
} ubfs_ws_t;

static void ubfs_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const ubfs_args_t *a = k->args;
    const ubfs_graph_t *g = a->g;
    ubfs_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    uint32_t bound = a->kind == K_SIMPLE ? g->n : a->qlen;
    s->live = s->work = 0;
    s->first = UB_NONE;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->thid[l] = wl_gx(k, &w, l);
        s->u[l] = s->v[l] = 0;
        if (!(w.live >> l & 1) || s->thid[l] >= bound)
            continue;
        s->live |= 1u << l;
        if (w.tx[l] == 0)
            s->first = l;
        uint32_t u = a->kind == K_SIMPLE ? s->thid[l] : g->queue[g->lvl[a->level] + s->thid[l]];
        s->u[l] = u;
        if (a->kind != K_SIMPLE || g->dist[u] == a->level)
            s->work |= 1u << l;
    }
    s->j = 0;
    s->s = S_HEAD;
}

/* Lanes whose vertex has an edge j. */
static uint32_t ubfs_edge_lanes(const ubfs_graph_t *g, const ubfs_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->work >> l & 1) && s->j < g->deg[s->u[l]])
            m |= 1u << l;
    return m;
}

/* Lanes of m whose neighbour v is settled in this level (dist == L + 1). */
static uint32_t ubfs_fresh(const ubfs_args_t *a, const ubfs_ws_t *s, uint32_t m)
{
    uint32_t r = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((m >> l & 1) && a->g->dist[s->v[l]] == a->level + 1)
            r |= 1u << l;
    return r;
}

/* Lanes of m whose edge won its neighbour (and, as a child, is not u). */
static uint32_t ubfs_won(const ubfs_args_t *a, const ubfs_ws_t *s, uint32_t m)
{
    uint32_t r = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((m >> l & 1) && a->g->win[s->v[l]] == a->g->off[s->u[l]] + s->j &&
            s->v[l] != s->u[l])
            r |= 1u << l;
    return r;
}

static void ubfs_lanes(gm_inst_t *o, uint64_t base, const uint32_t *idx, uint32_t add)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + 4ull * (idx[l] + add) : 0;
}

static void ubfs_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const ubfs_args_t *a = k->args;
    const ubfs_graph_t *g = a->g;
    ubfs_ws_t *s = ws;
    uint32_t m, idx[GM_WARP_SIZE];
    for (;;) {
        if (!s->live)
            s->s = S_DONE;
        switch (s->s) {
        case S_HEAD: /* simpleBfs: distance[thid]; scanDegrees: degrees[thid] */
            s->s = a->kind == K_ASSIGN ? S_PREV : S_QUEUE;
            if (a->kind != K_SIMPLE && a->kind != K_SCAN)
                continue;
            wl_mem(o, GM_OP_LOAD, 4, 4, s->live);
            ubfs_lanes(o, a->kind == K_SIMPLE ? g->d_dist : g->d_degrees, s->thid, 0);
            if (a->kind == K_SCAN)
                s->s = S_TAIL;
            return;
        case S_PREV: /* assign: sum = degrees[thid - 1] where threadIdx.x > 0 */
            s->s = S_QUEUE;
            m = s->first == UB_NONE ? s->live : s->live & ~(1u << s->first);
            if (!m)
                continue;
            wl_mem(o, GM_OP_LOAD, 4, 6, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (m >> l & 1) ? g->d_degrees + 4ull * (s->thid[l] - 1) : 0;
            return;
        case S_QUEUE: /* u = currentQueue[thid] */
            s->s = S_OFF;
            if (a->kind == K_SIMPLE)
                continue;
            wl_mem(o, GM_OP_LOAD, 4, 4, s->live);
            ubfs_lanes(o, a->cur, s->thid, 0);
            return;
        case S_OFF:
        case S_SIZE: /* edgesOffset[u], edgesSize[u] */
            if (!s->work) {
                s->s = S_TAIL;
                continue;
            }
            wl_mem(o, GM_OP_LOAD, 4, s->s == S_OFF ? 2 : 0, s->work);
            ubfs_lanes(o, s->s == S_OFF ? g->d_off : g->d_size, s->u, 0);
            s->s++;
            return;
        case S_ADJ: /* v = adjacencyList[i], i = offset + j */
            m = ubfs_edge_lanes(g, s);
            if (!m) {
                s->s = S_TAIL;
                continue;
            }
            wl_mem(o, GM_OP_LOAD, 4, 3, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
                idx[l] = (m >> l & 1) ? g->off[s->u[l]] + s->j : 0;
                if (m >> l & 1)
                    s->v[l] = g->adj[idx[l]];
            }
            ubfs_lanes(o, g->d_adj, idx, 0);
            s->s = S_PEEK;
            return;
        case S_PEEK: /* distance[v], or parent[v] when counting children */
            m = ubfs_edge_lanes(g, s);
            wl_mem(o, GM_OP_LOAD, 4, 1, m);
            ubfs_lanes(o, a->kind == K_COUNT || a->kind == K_ASSIGN ? g->d_parent : g->d_dist,
                       s->v, 0);
            s->s = S_ST1;
            return;
        case S_ST1: /* the first store of a taken branch */
            m = ubfs_edge_lanes(g, s);
            s->s = S_ST2;
            if (a->kind == K_COUNT)
                m = 0;
            else if (a->kind == K_ASSIGN)
                m = ubfs_won(a, s, m);
            else
                m = ubfs_fresh(a, s, m);
            if (!m)
                continue;
            wl_mem(o, GM_OP_STORE, 4, 2, m);
            if (a->kind == K_ASSIGN) { /* nextQueue[slot] = v */
                for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                    idx[l] = g->pos[s->v[l]];
                ubfs_lanes(o, a->next, idx, 0);
            } else { /* distance[v] = level + 1 (queueBfs: atomicMin) */
                ubfs_lanes(o, g->d_dist, s->v, 0);
            }
            return;
        case S_ST2: /* parent[v] = i */
            m = ubfs_edge_lanes(g, s);
            s->s = S_ST3;
            if (a->kind == K_SIMPLE || a->kind == K_NEXT)
                m = ubfs_fresh(a, s, m);
            else if (a->kind == K_QUEUE)
                m = ubfs_won(a, s, ubfs_fresh(a, s, m));
            else
                m = 0;
            if (!m)
                continue;
            wl_mem(o, GM_OP_STORE, 4, 0, m);
            ubfs_lanes(o, g->d_parent, s->v, 0);
            return;
        case S_ST3: /* queueBfs: nextQueue[atomicAdd(nextQueueSize)] = v */
            m = a->kind == K_QUEUE ? ubfs_won(a, s, ubfs_fresh(a, s, ubfs_edge_lanes(g, s))) : 0;
            s->s = S_ADJ;
            s->j++;
            if (!m)
                continue;
            wl_mem(o, GM_OP_STORE, 4, 3, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                idx[l] = g->pos[s->v[l]];
            ubfs_lanes(o, a->next, idx, 0);
            return;
        case S_TAIL: /* degrees[thid] = the count (countDegrees) or the scan */
            s->s = S_DONE;
            if (a->kind != K_COUNT && a->kind != K_SCAN)
                continue;
            wl_mem(o, GM_OP_STORE, 4, a->kind == K_SCAN ? 60 : 2, s->live);
            ubfs_lanes(o, g->d_degrees, s->thid, 0);
            return;
        default:
            wl_exit(o, 2);
            return;
        }
    }
}

static const gm_kernel_ops_t ubfs_ops = {sizeof(ubfs_ws_t), ubfs_init, ubfs_next};

/* graphgen: the draws of vertex i, replayed from one seed per pass. */
static void ubfs_draws(uint64_t seed, uint32_t n, uint32_t *deg, uint32_t *adj, uint32_t *fill)
{
    gm_rng_t r;
    gm_rng_seed(&r, seed);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t k = 2 + (uint32_t)gm_rng_below(&r, 3);
        for (uint32_t e = 0; e < k; e++) {
            uint32_t d = (uint32_t)gm_rng_below(&r, n);
            if (deg) {
                deg[i]++;
                deg[d]++;
            } else {
                adj[fill[i]++] = d;
                adj[fill[d]++] = i;
            }
        }
    }
}

/* The search once on the host: distances, queues, winners, slots. */
static int ubfs_host(wl_builder_t *b, ubfs_graph_t *g, uint32_t start)
{
    uint32_t n = g->n;
    g->dist = wl_host(b, 4ull * n);
    g->win = wl_host(b, 4ull * n);
    g->pos = wl_host(b, 4ull * n);
    g->queue = wl_host(b, 4ull * n);
    g->lvl = wl_host(b, 4ull * (n + 2));
    if (!g->dist || !g->win || !g->pos || !g->queue || !g->lvl)
        return -1;
    for (uint32_t v = 0; v < n; v++)
        g->dist[v] = g->win[v] = UB_NONE;
    uint32_t tail = 0;
    g->dist[start] = 0;
    g->pos[start] = 0;
    g->queue[tail++] = start;
    g->lvl[0] = 0;
    uint32_t L = 0;
    for (uint32_t head = 0; head < tail; L++) {
        uint32_t end = tail;
        g->lvl[L + 1] = end;
        for (uint32_t q = head; q < end; q++) {
            uint32_t u = g->queue[q];
            for (uint32_t i = g->off[u]; i < g->off[u] + g->deg[u]; i++) {
                uint32_t v = g->adj[i];
                if (g->dist[v] != UB_NONE)
                    continue;
                g->dist[v] = L + 1;
                g->win[v] = i;
                g->pos[v] = tail - end;
                g->queue[tail++] = v;
            }
        }
        head = end;
    }
    g->levels = L; /* levels 0..L-1 have non-empty queues */
    return 0;
}

static int ubfs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[UB_NODES], start = (uint32_t)p->v[UB_START];
    if (start >= n)
        return wl_fail(b, "start", "%u is not a vertex (nodes=%u)", start, n);
    ubfs_graph_t *g = wl_host(b, sizeof *g);
    if (!g)
        return -1;
    g->n = n;
    g->off = wl_host(b, 4ull * n);
    g->deg = wl_host(b, 4ull * n);
    uint32_t *fill = malloc(4ull * n);
    if (!g->off || !g->deg || !fill) {
        free(fill);
        return wl_fail(b, NULL, "out of memory (a graph of %u vertices)", n);
    }
    gm_rng_t r;
    wl_rng(b, &r, 0x55424653); /* "UBFS": the graph */
    uint64_t seed = gm_rng_next(&r);
    ubfs_draws(seed, n, g->deg, NULL, NULL);
    uint64_t edges = 0;
    for (uint32_t v = 0; v < n; v++) {
        g->off[v] = (uint32_t)edges;
        fill[v] = (uint32_t)edges;
        edges += g->deg[v];
    }
    g->adj = wl_host(b, 4 * edges);
    if (!g->adj) {
        free(fill);
        return -1;
    }
    ubfs_draws(seed, n, NULL, g->adj, fill);
    free(fill);
    if (ubfs_host(b, g, start))
        return -1;
    g->d_adj = wl_array(b, 4 * edges);
    g->d_off = wl_array(b, 4ull * n);
    g->d_size = wl_array(b, 4ull * n);
    g->d_dist = wl_array(b, 4ull * n);
    g->d_parent = wl_array(b, 4ull * n);
    uint64_t queues[2] = {wl_array(b, 4ull * n), wl_array(b, 4ull * n)};
    g->d_degrees = wl_array(b, 4ull * n);
    unsigned cur = 0; /* which buffer is currentQueue: swapped every level */
    for (unsigned search = 0; search < 3; search++)
        for (uint32_t L = 0; L < g->levels; L++) {
            uint32_t q = g->lvl[L + 1] - g->lvl[L];
            static const unsigned kinds[3][4] = {{K_SIMPLE}, {K_QUEUE}, {K_NEXT, K_COUNT, K_SCAN,
                                                                         K_ASSIGN}};
            for (unsigned i = 0; i < (search == 2 ? 4u : 1u); i++) {
                ubfs_args_t *a = wl_host(b, sizeof *a);
                if (!a)
                    return -1;
                *a = (ubfs_args_t){g, kinds[search][i], L, q, queues[cur], queues[!cur]};
                uint32_t threads = search == 0 ? n : q;
                wl_launch(b, &(wl_launch_t){ubfs_names[a->kind], &ubfs_ops, a,
                                            {threads / UB_TB + 1, 1}, {UB_TB, 1}, 20,
                                            a->kind == K_SCAN ? 4096 : 0});
            }
            if (search)
                cur = !cur;
        }
    return 0;
}

const wl_def_t wl_uvmbfs = {"uvmbfs", NULL, ubfs_params, ubfs_build};
