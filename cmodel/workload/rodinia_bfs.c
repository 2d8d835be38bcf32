/* Rodinia BFS on a synthetic graph.
 *
 * Graph (from the seed): node v has an out-degree uniform in
 * [1, 2*degree-1] and each edge goes to a uniformly random node, stored in
 * CSR form (Rodinia's Node {int starting; int no_of_edges} array plus an
 * edge array). The search starts at node 0. The host runs the BFS once to
 * get every node's level; the kernels' data-dependent branches follow from
 * it: in iteration L, mask[v] is set iff level(v) == L, visited[v] iff
 * level(v) <= L, and updating_mask[v] iff level(v) == L + 1.
 *
 * Per iteration (Rodinia launches until no node was updated, so levels
 * 0..max, the last one finding nothing):
 *   Kernel:  tid = thread; if mask[tid]: mask[tid] = false; for each edge
 *            i of tid: id = edges[i]; if !visited[id]: cost[id] =
 *            cost[tid] + 1, updating_mask[id] = true
 *   Kernel2: if updating_mask[tid]: mask, visited, *over = true,
 *            updating_mask = false
 * Lanes iterate their own edge counts (SIMT: the warp loops to the
 * longest). The node's two fields load once before the loop. */
#include <stdlib.h>

#include "workload/wl.h"

enum { P_NODES, P_DEGREE, P_TB };

static const wl_param_t bfs_params[] = {
    {"nodes", "graph nodes", 65536, 32, 4194304, 0, 0},
    {"degree", "mean out-degree", 8, 1, 64, 0, 0},
    {"tb", "threads per CTA", 512, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

#define LEVEL_NONE UINT32_MAX

typedef struct bfs_graph {
    uint32_t nodes;
    const uint32_t *start; /* nodes + 1 CSR offsets */
    const uint32_t *edge;
    const uint32_t *level; /* BFS level, LEVEL_NONE if unreachable */
    uint64_t d_nodes, d_edges, d_mask, d_updating, d_visited, d_cost, d_over;
} bfs_graph_t;

typedef struct bfs_args {
    const bfs_graph_t *g;
    uint32_t level; /* this launch's iteration L */
} bfs_args_t;

enum {
    K1_LD_MASK, K1_ST_MASK, K1_LD_START, K1_LD_COUNT, K1_LD_EDGE, K1_LD_VISITED,
    K1_LD_COST, K1_ST_COST, K1_ST_UPDATING, K1_DONE
};

typedef struct bfs_ws {
    uint32_t tid[GM_WARP_SIZE];
    uint32_t id[GM_WARP_SIZE]; /* the neighbour of the current edge */
    uint32_t act;      /* lanes with tid < nodes */
    uint32_t frontier; /* lanes whose node is in this level */
    uint32_t fresh;    /* lanes whose neighbour is not yet visited */
    uint32_t k;        /* edge index within the node */
    uint32_t pc;
} bfs_ws_t;

static void bfs_lanes(const gm_kernel_t *kn, bfs_ws_t *s, uint32_t cta, uint32_t warp)
{
    const bfs_args_t *a = kn->args;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->act = s->frontier = s->fresh = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->tid[l] = wl_gx(kn, &w, l);
        s->id[l] = 0;
        if ((w.live >> l & 1) && s->tid[l] < a->g->nodes)
            s->act |= 1u << l;
    }
    s->k = 0;
}

static void bfs_k1_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    bfs_ws_t *s = ws;
    bfs_lanes(kn, s, cta, warp);
    s->pc = s->act ? K1_LD_MASK : K1_DONE;
}

/* Lanes of `from` still having an edge number k. */
static uint32_t with_edge(const bfs_graph_t *g, const bfs_ws_t *s, uint32_t from)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((from >> l & 1) && s->k < g->start[s->tid[l] + 1] - g->start[s->tid[l]])
            m |= 1u << l;
    return m;
}

static void per_lane(gm_inst_t *o, const uint32_t *idx, uint64_t base, unsigned elem,
                     unsigned off)
{
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? base + (uint64_t)idx[l] * elem + off : 0;
}

static void bfs_k1_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const bfs_args_t *a = kn->args;
    const bfs_graph_t *g = a->g;
    bfs_ws_t *s = ws;
    uint32_t m;
    for (;;) {
        switch (s->pc) {
        case K1_LD_MASK: /* g_graph_mask[tid] */
            wl_mem(o, GM_OP_LOAD, 1, 5, s->act);
            per_lane(o, s->tid, g->d_mask, 1, 0);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                if ((s->act >> l & 1) && g->level[s->tid[l]] == a->level)
                    s->frontier |= 1u << l;
            s->pc = s->frontier ? K1_ST_MASK : K1_DONE;
            return;
        case K1_ST_MASK:
            wl_mem(o, GM_OP_STORE, 1, 2, s->frontier);
            per_lane(o, s->tid, g->d_mask, 1, 0);
            s->pc = K1_LD_START;
            return;
        case K1_LD_START: /* g_graph_nodes[tid].starting */
        case K1_LD_COUNT: /* g_graph_nodes[tid].no_of_edges */
            wl_mem(o, GM_OP_LOAD, 4, s->pc == K1_LD_START ? 2 : 0, s->frontier);
            per_lane(o, s->tid, g->d_nodes, 8, s->pc == K1_LD_START ? 0 : 4);
            s->pc = s->pc == K1_LD_START ? K1_LD_COUNT : K1_LD_EDGE;
            return;
        case K1_LD_EDGE: /* id = g_graph_edges[i] */
            m = with_edge(g, s, s->frontier);
            if (!m) {
                s->pc = K1_DONE;
                break;
            }
            wl_mem(o, GM_OP_LOAD, 4, 3, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
                o->addr[l] = 0;
                if (m >> l & 1) {
                    uint32_t e = g->start[s->tid[l]] + s->k;
                    o->addr[l] = g->d_edges + 4ull * e;
                    s->id[l] = g->edge[e];
                }
            }
            s->pc = K1_LD_VISITED;
            return;
        case K1_LD_VISITED: /* g_graph_visited[id] */
            m = with_edge(g, s, s->frontier);
            wl_mem(o, GM_OP_LOAD, 1, 1, m);
            per_lane(o, s->id, g->d_visited, 1, 0);
            s->fresh = 0;
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                if ((m >> l & 1) && g->level[s->id[l]] > a->level)
                    s->fresh |= 1u << l;
            s->k += !s->fresh;
            s->pc = s->fresh ? K1_LD_COST : K1_LD_EDGE;
            return;
        case K1_LD_COST: /* g_cost[tid] */
            wl_mem(o, GM_OP_LOAD, 4, 1, s->fresh);
            per_lane(o, s->tid, g->d_cost, 4, 0);
            s->pc = K1_ST_COST;
            return;
        case K1_ST_COST: /* g_cost[id] = ... + 1 */
            wl_mem(o, GM_OP_STORE, 4, 1, s->fresh);
            per_lane(o, s->id, g->d_cost, 4, 0);
            s->pc = K1_ST_UPDATING;
            return;
        case K1_ST_UPDATING: /* g_updating_graph_mask[id] = true */
            wl_mem(o, GM_OP_STORE, 1, 0, s->fresh);
            per_lane(o, s->id, g->d_updating, 1, 0);
            s->k++;
            s->pc = K1_LD_EDGE;
            return;
        default:
            wl_exit(o, 1);
            return;
        }
    }
}

static const gm_kernel_ops_t bfs_k1_ops = {sizeof(bfs_ws_t), bfs_k1_init, bfs_k1_next};

enum { K2_LD_UPDATING, K2_ST_MASK, K2_ST_VISITED, K2_ST_OVER, K2_ST_UPDATING, K2_DONE };

static void bfs_k2_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    bfs_ws_t *s = ws;
    bfs_lanes(kn, s, cta, warp);
    s->pc = s->act ? K2_LD_UPDATING : K2_DONE;
}

static void bfs_k2_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const bfs_args_t *a = kn->args;
    const bfs_graph_t *g = a->g;
    bfs_ws_t *s = ws;
    switch (s->pc) {
    case K2_LD_UPDATING: /* g_updating_graph_mask[tid] */
        wl_mem(o, GM_OP_LOAD, 1, 5, s->act);
        per_lane(o, s->tid, g->d_updating, 1, 0);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->act >> l & 1) && g->level[s->tid[l]] == a->level + 1)
                s->fresh |= 1u << l;
        s->pc = s->fresh ? K2_ST_MASK : K2_DONE;
        return;
    case K2_ST_MASK:
    case K2_ST_VISITED:
    case K2_ST_UPDATING: {
        uint64_t base = s->pc == K2_ST_MASK      ? g->d_mask
                        : s->pc == K2_ST_VISITED ? g->d_visited
                                                 : g->d_updating;
        wl_mem(o, GM_OP_STORE, 1, 1, s->fresh);
        per_lane(o, s->tid, base, 1, 0);
        s->pc = s->pc == K2_ST_UPDATING ? K2_DONE : s->pc + 1;
        return;
    }
    case K2_ST_OVER: /* *g_over = true: every lane the same byte */
        wl_mem(o, GM_OP_STORE, 1, 1, s->fresh);
        wl_fill_same(o, g->d_over);
        s->pc = K2_ST_UPDATING;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t bfs_k2_ops = {sizeof(bfs_ws_t), bfs_k2_init, bfs_k2_next};

/* Levels by a host BFS from node 0; returns the deepest level. */
static uint32_t host_bfs(uint32_t n, const uint32_t *start, const uint32_t *edge,
                         uint32_t *level, uint32_t *queue)
{
    uint32_t head = 0, tail = 0, deepest = 0;
    for (uint32_t v = 0; v < n; v++)
        level[v] = LEVEL_NONE;
    level[0] = 0;
    queue[tail++] = 0;
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t e = start[v]; e < start[v + 1]; e++) {
            uint32_t u = edge[e];
            if (level[u] == LEVEL_NONE) {
                level[u] = level[v] + 1;
                deepest = level[u];
                queue[tail++] = u;
            }
        }
    }
    return deepest;
}

static int bfs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_NODES], deg = (uint32_t)p->v[P_DEGREE],
             tb = (uint32_t)p->v[P_TB];
    bfs_graph_t *g = wl_host(b, sizeof *g);
    uint32_t *start = wl_host(b, 4ull * (n + 1));
    uint32_t *level = wl_host(b, 4ull * n);
    if (!g || !start || !level)
        return -1;
    gm_rng_t r;
    wl_rng(b, &r, 1);
    for (uint32_t v = 0; v < n; v++)
        start[v + 1] = start[v] + 1 + (uint32_t)gm_rng_below(&r, 2ull * deg - 1);
    uint32_t ne = start[n];
    uint32_t *edge = wl_host(b, 4ull * ne);
    if (!edge)
        return -1;
    for (uint32_t e = 0; e < ne; e++)
        edge[e] = (uint32_t)gm_rng_below(&r, n);
    uint32_t *queue = malloc(4ull * n);
    if (!queue)
        return wl_fail(b, NULL, "out of memory");
    uint32_t deepest = host_bfs(n, start, edge, level, queue);
    free(queue);

    *g = (bfs_graph_t){.nodes = n, .start = start, .edge = edge, .level = level};
    g->d_nodes = wl_array(b, 8ull * n);
    g->d_edges = wl_array(b, 4ull * ne);
    g->d_mask = wl_array(b, n);
    g->d_updating = wl_array(b, n);
    g->d_visited = wl_array(b, n);
    g->d_cost = wl_array(b, 4ull * n);
    g->d_over = wl_array(b, 1);

    uint32_t grid = wl_ceil_div(n, tb);
    for (uint32_t L = 0; L <= deepest; L++) {
        bfs_args_t *a1 = wl_host(b, sizeof *a1), *a2 = wl_host(b, sizeof *a2);
        if (!a1 || !a2)
            return -1;
        *a1 = (bfs_args_t){g, L};
        *a2 = (bfs_args_t){g, L};
        wl_launch(b, &(wl_launch_t){"Kernel", &bfs_k1_ops, a1, {grid, 1}, {tb, 1}, 12, 0});
        wl_launch(b, &(wl_launch_t){"Kernel2", &bfs_k2_ops, a2, {grid, 1}, {tb, 1}, 8, 0});
    }
    return 0;
}

const wl_def_t wl_bfs = {"bfs", NULL, bfs_params, bfs_build};
