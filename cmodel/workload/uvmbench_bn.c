/* UVMBench BN (seed-001 Table 5.1 #9): Bayesian-network structure learning
 * by order sampling (the SJTU GPU code). Two kernels, 256-thread CTAs:
 *
 * genScoreKernel (preprocessing, once): thread `id` < S (S = the parent
 *   sets of at most 4 of the other nodes-1 nodes, sum of C(nodes-1, k) for
 *   k <= 4) takes the id-th set -- the empty set, then the singletons, the
 *   pairs, .. each size in lexicographic order of the labels 1..nodes-1 --
 *   and for every node scores it: for each of the 2^parN states of the
 *   parents, over every sample t1 it loads data[t1][parent t2] for t2 =
 *   0, 1, .. until one differs from the state (a data-dependent break),
 *   then, if all matched, data[t1][node] to count it; then four log-gamma
 *   loads LG[N0], LG[N1], LG[1 + N0 + N1], LG[1] and localscore[node * S
 *   + id] += ls. A parent label p stands for node p - 1 below `node`, p at
 *   or above it. The warp runs its lanes in lockstep: a lane whose set has
 *   fewer states, or whose match broke, idles.
 * computeKernel (per sampling iteration, one launch per node): thread id
 *   < total = sum of C(posN, k), k <= 4, over the posN nodes the current
 *   order puts before `node`, loads the nodes-byte parent mask (each byte a
 *   broadcast), then the local score of its parent set, and the CTA's
 *   reduction winner stores its 4 parents (thread 0 the CTA's score).
 *
 * The data (binary, "synthesized" in UVMBench) are a hash of (seed,
 * sample, node): exactly what the kernels read, so every break and count
 * is computed, not guessed. Simplified: the host's order proposal (swaps
 * accepted by score) is a fresh seeded random order per iteration, and
 * the CTA's winning lane (an argmax over real scores) is a seeded pick.
 * Managed arrays in UVMBench's order: data (samples x nodes ints),
 * localscore (nodes x S floats), LG (samples + 2 floats), the per-CTA
 * scores (S/256 + 1 floats), the parent mask (nodes bytes), the per-CTA
 * parents (4 ints each). UVMBench's default is its data45: 45 nodes, 600
 * samples, ITER = 100. */
#include "util/rng.h"
#include "workload/wl.h"

enum { BN_NODES, BN_SAMPLES, BN_ITERS };

static const wl_param_t bn_params[] = {
    {"nodes", "network nodes (NODE_N)", 45, 5, 64, 0, 0},
    {"samples", "data samples (DATA_N)", 600, 1, 100000, 0, 0},
    {"iters", "order-sampling iterations (ITER; a computeKernel per node each)", 100, 0, 10000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { BN_TB = 256, BN_MAXPAR = 4, BN_MAXNODES = 64 };

/* C(n, k) for the small arguments here (n < 64, k <= 4). */
static uint32_t bn_choose(uint32_t n, uint32_t k)
{
    if (k > n)
        return 0;
    uint64_t r = 1;
    for (uint32_t i = 0; i < k; i++)
        r = r * (n - i) / (i + 1);
    return (uint32_t)r;
}

/* Parent sets of at most 4 of n labels. */
static uint32_t bn_sets(uint32_t n)
{
    uint32_t s = 0;
    for (uint32_t k = 0; k <= BN_MAXPAR; k++)
        s += bn_choose(n, k);
    return s;
}

/* The id-th set of labels 1..n (see the header); returns its size. */
static unsigned bn_unrank(uint32_t n, uint32_t id, uint8_t *out)
{
    unsigned k = 0;
    while (id >= bn_choose(n, k)) {
        id -= bn_choose(n, k);
        k++;
    }
    uint32_t c = 1;
    for (unsigned pos = 0; pos < k; pos++, c++) {
        uint32_t cnt;
        while (id >= (cnt = bn_choose(n - c, k - pos - 1))) {
            id -= cnt;
            c++;
        }
        out[pos] = (uint8_t)c;
    }
    return k;
}

/* The inverse: the id of the ascending labels set[0..k). */
static uint32_t bn_rank(uint32_t n, const uint8_t *set, unsigned k)
{
    uint32_t id = 0;
    for (unsigned i = 0; i < k; i++)
        id += bn_choose(n, i);
    uint32_t c = 1;
    for (unsigned pos = 0; pos < k; pos++, c++)
        for (; c < set[pos]; c++)
            id += bn_choose(n - c, k - pos - 1);
    return id;
}

typedef struct bn_args {
    uint64_t data, ls, lg, scores, parent, resp, seed;
    uint32_t nodes, samples, sets;
    /* computeKernel: its node, the nodes before it (ascending), a pick seed */
    uint32_t node, posn, total;
    uint8_t pre[BN_MAXNODES];
} bn_args_t;

/* Sample t1's value of node v: 0 or 1. */
static uint32_t bn_bit(const bn_args_t *a, uint32_t t1, uint32_t v)
{
    return (uint32_t)(gm_mix64(a->seed ^ ((uint64_t)t1 << 8 | v)) & 1);
}

/* ---- genScoreKernel */

typedef struct bn_gs_ws {
    uint8_t lab[GM_WARP_SIZE][BN_MAXPAR], parn[GM_WARP_SIZE];
    uint32_t id[GM_WARP_SIZE];
    uint32_t nij[GM_WARP_SIZE][2];
    uint32_t live, broken;
    uint32_t node, t, t1, t2, phase;
} bn_gs_ws_t;

enum { GS_MATCH, GS_COUNT, GS_LG0, GS_LG1, GS_LGSUM, GS_LGCONST, GS_LD_LS, GS_ST_LS };

static void bn_gs_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const bn_args_t *a = k->args;
    bn_gs_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->live = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->id[l] = wl_gx(k, &w, l);
        s->parn[l] = 0;
        if ((w.live >> l & 1) && s->id[l] < a->sets) {
            s->live |= 1u << l;
            s->parn[l] = (uint8_t)bn_unrank(a->nodes - 1, s->id[l], s->lab[l]);
        }
        s->nij[l][0] = s->nij[l][1] = 0;
    }
    s->broken = 0;
    s->node = s->t = s->t1 = s->t2 = 0;
    s->phase = GS_MATCH;
}

/* Lanes still in the state loop at state t. */
static uint32_t bn_gs_states(const bn_gs_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && s->t < (1u << s->parn[l]))
            m |= 1u << l;
    return m;
}

/* The node a parent label stands for, beside `node`. */
static uint32_t bn_label_node(uint32_t label, uint32_t node)
{
    return label - 1 < node ? label - 1 : label;
}

static void bn_gs_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const bn_args_t *a = k->args;
    bn_gs_ws_t *s = ws;
    for (;;) {
        uint32_t act = s->node < a->nodes ? bn_gs_states(s) : 0;
        if (!act) { /* this node's states are done: the next node */
            if (s->node >= a->nodes || ++s->node == a->nodes) {
                s->node = a->nodes;
                wl_exit(o, 4);
                return;
            }
            s->t = s->t1 = s->t2 = 0;
            s->phase = GS_MATCH;
            continue;
        }
        uint64_t row = a->data + 4ull * s->t1 * a->nodes;
        switch (s->phase) {
        case GS_MATCH: { /* data[t1][pre[parent[t2]]] != state[t2]: break */
            uint32_t m = 0;
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                if ((act >> l & 1) && !(s->broken >> l & 1) && s->t2 < s->parn[l])
                    m |= 1u << l;
            if (!m) {
                s->phase = GS_COUNT;
                continue;
            }
            wl_mem(o, GM_OP_LOAD, 4, 3, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
                if (!(m >> l & 1)) {
                    o->addr[l] = 0;
                    continue;
                }
                uint32_t v = bn_label_node(s->lab[l][s->t2], s->node);
                o->addr[l] = row + 4ull * v;
                if (bn_bit(a, s->t1, v) != (s->t >> s->t2 & 1))
                    s->broken |= 1u << l;
            }
            s->t2++;
            return;
        }
        case GS_COUNT: { /* Nij[data[t1][node]]++ for the lanes that matched */
            uint32_t m = act & ~s->broken;
            uint32_t v = bn_bit(a, s->t1, s->node);
            s->broken = 0;
            s->t2 = 0;
            s->phase = ++s->t1 == a->samples ? GS_LG0 : GS_MATCH;
            if (!m)
                continue;
            wl_mem(o, GM_OP_LOAD, 4, 2, m);
            wl_fill_same(o, row + 4ull * s->node);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                s->nij[l][v] += m >> l & 1;
            return;
        }
        case GS_LG0:
        case GS_LG1:
        case GS_LGSUM:
        case GS_LGCONST: { /* ls = sum LG[Nij] - LG[1 + sum Nij] + LG[1] */
            wl_mem(o, GM_OP_LOAD, 4, s->phase == GS_LG0 ? 4 : 2, act);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
                uint32_t i = s->phase == GS_LG0    ? s->nij[l][0]
                             : s->phase == GS_LG1  ? s->nij[l][1]
                             : s->phase == GS_LGSUM ? 1 + s->nij[l][0] + s->nij[l][1]
                                                    : 1;
                o->addr[l] = (act >> l & 1) ? a->lg + 4ull * i : 0;
            }
            s->phase++;
            return;
        }
        default: /* localscore[node * S + id] += ls */
            wl_mem(o, s->phase == GS_LD_LS ? GM_OP_LOAD : GM_OP_STORE, 4, 2, act);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] =
                    (act >> l & 1) ? a->ls + 4ull * ((uint64_t)s->node * a->sets + s->id[l]) : 0;
            if (s->phase++ == GS_ST_LS) { /* the next state */
                s->t++;
                s->t1 = s->t2 = 0;
                s->phase = GS_MATCH;
                for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                    s->nij[l][0] = s->nij[l][1] = 0;
            }
            return;
        }
    }
}

static const gm_kernel_ops_t bn_gs_ops = {sizeof(bn_gs_ws_t), bn_gs_init, bn_gs_next};

/* ---- computeKernel */

typedef struct bn_ck_ws {
    uint32_t idx[GM_WARP_SIZE]; /* localscore element of each lane's set */
    uint32_t live, work;        /* lanes of the CTA; lanes with id < total */
    uint32_t bid, i, pc;
    int32_t winner_lane;        /* the reduction's winner in this warp, or -1 */
    uint8_t first;              /* this warp holds thread 0 */
} bn_ck_ws_t;

enum { CK_PARENT, CK_LS, CK_SCORE, CK_RESP, CK_DONE };

static void bn_ck_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const bn_args_t *a = k->args;
    bn_ck_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->live = w.live;
    s->work = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t id = wl_gx(k, &w, l);
        s->idx[l] = 0;
        if (!(w.live >> l & 1) || id >= a->total)
            continue;
        uint8_t comb[BN_MAXPAR], lab[BN_MAXPAR];
        unsigned n = bn_unrank(a->posn, id, comb);
        for (unsigned i = 0; i < n; i++) { /* the node, as a label beside `node` */
            uint32_t v = a->pre[comb[i] - 1];
            lab[i] = (uint8_t)(v > a->node ? v : v + 1);
        }
        s->idx[l] = a->node * a->sets + bn_rank(a->nodes - 1, lab, n);
        s->work |= 1u << l;
    }
    s->bid = cta;
    /* the winner: a seeded thread among the CTA's working ones (at least 1) */
    uint32_t first_id = cta * BN_TB, busy = a->total > first_id ? a->total - first_id : 1;
    uint32_t win = (uint32_t)(gm_mix64(a->seed ^ ((uint64_t)a->node << 32 | cta)) %
                              (busy < BN_TB ? busy : BN_TB));
    s->winner_lane = win / GM_WARP_SIZE == warp ? (int32_t)(win % GM_WARP_SIZE) : -1;
    s->first = warp == 0;
    s->i = 0;
    s->pc = CK_PARENT;
}

static void bn_ck_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const bn_args_t *a = k->args;
    bn_ck_ws_t *s = ws;
    for (;;) {
        switch (s->pc) {
        case CK_PARENT: /* D_parent[i] for every node: one byte, every lane */
            if (s->i == a->nodes) {
                s->pc = CK_LS;
                continue;
            }
            wl_mem(o, GM_OP_LOAD, 1, 3, s->live);
            wl_fill_same(o, a->parent + s->i++);
            return;
        case CK_LS: /* ls = D_localscore[index] after findComb and findindex */
            s->pc = CK_SCORE;
            if (!s->work)
                continue;
            wl_mem(o, GM_OP_LOAD, 4, 40, s->work);
            wl_fill(o, a->ls, s->idx, 4);
            return;
        case CK_SCORE: /* thread 0: D_Score[bid] after the 8-step reduction */
            s->pc = CK_RESP;
            s->i = 0;
            if (!s->first)
                continue;
            wl_mem(o, GM_OP_STORE, 4, 40, 1);
            wl_fill_same(o, a->scores + 4ull * s->bid);
            return;
        case CK_RESP: /* the winner: D_resP[bid * 4 + i], i < 4 */
            if (s->winner_lane < 0 || s->i == BN_MAXPAR) {
                s->pc = CK_DONE;
                continue;
            }
            wl_mem(o, GM_OP_STORE, 4, s->i ? 1 : 12, 1u << s->winner_lane);
            wl_fill_same(o, a->resp + 4ull * (s->bid * BN_MAXPAR + s->i++));
            return;
        default:
            wl_exit(o, 2);
            return;
        }
    }
}

static const gm_kernel_ops_t bn_ck_ops = {sizeof(bn_ck_ws_t), bn_ck_init, bn_ck_next};

static int bn_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t nodes = (uint32_t)p->v[BN_NODES], samples = (uint32_t)p->v[BN_SAMPLES];
    bn_args_t base = {0};
    base.nodes = nodes;
    base.samples = samples;
    base.sets = bn_sets(nodes - 1);
    uint32_t blocks = base.sets / BN_TB + 1;
    base.data = wl_array(b, 4ull * samples * nodes);
    base.ls = wl_array(b, 4ull * nodes * base.sets);
    base.lg = wl_array(b, 4ull * (samples + 2));
    base.scores = wl_array(b, 4ull * blocks);
    base.parent = wl_array(b, nodes);
    base.resp = wl_array(b, 4ull * BN_MAXPAR * blocks);
    gm_rng_t r;
    wl_rng(b, &r, 0x424e); /* "BN": the data, the orders, the winners */
    base.seed = gm_rng_next(&r);
    bn_args_t *gs = wl_host(b, sizeof *gs);
    if (!gs)
        return -1;
    *gs = base;
    wl_launch(b, &(wl_launch_t){"genScoreKernel", &bn_gs_ops, gs, {blocks, 1}, {BN_TB, 1}, 40, 0});
    uint8_t order[BN_MAXNODES];
    for (uint64_t it = 0; it < p->v[BN_ITERS]; it++) {
        for (uint32_t i = 0; i < nodes; i++) /* a random order: Fisher-Yates */
            order[i] = (uint8_t)i;
        for (uint32_t i = nodes - 1; i > 0; i--) {
            uint32_t j = (uint32_t)gm_rng_below(&r, i + 1);
            uint8_t t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        for (uint32_t node = 0; node < nodes; node++) {
            bn_args_t *a = wl_host(b, sizeof *a);
            if (!a)
                return -1;
            *a = base;
            a->node = node;
            a->seed = gm_rng_next(&r);
            uint32_t pos = 0;
            while (order[pos] != node)
                pos++;
            for (uint32_t v = 0; v < nodes; v++) /* the nodes before it, ascending */
                for (uint32_t q = 0; q < pos; q++)
                    if (order[q] == v)
                        a->pre[a->posn++] = (uint8_t)v;
            a->total = bn_sets(a->posn);
            wl_launch(b, &(wl_launch_t){"computeKernel", &bn_ck_ops, a,
                                        {a->total / BN_TB + 1, 1}, {BN_TB, 1}, 40,
                                        BN_TB * 4});
        }
    }
    return 0;
}

const wl_def_t wl_bn = {"bn", NULL, bn_params, bn_build};
