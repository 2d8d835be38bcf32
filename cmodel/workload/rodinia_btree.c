/* Rodinia b+tree (seed-001 B+T, seed-004 BT: the cache-friendly set): the
 * findK and findRangeK kernels, one CTA of `order` (256) threads per query.
 *
 * The tree: Rodinia's knode {int location; int indices[257]; int
 * keys[257]; bool is_leaf; int num_keys} is 2068 bytes (keys at byte
 * 1032), the nodes in breadth-first order in one array. The keys 1..n
 * were inserted in order, so every node is split at half: `fill` (128)
 * keys a leaf, `fill` children an inner node. Slot t of an inner node
 * holds child t and the least key under it; slots past the last child
 * hold no key (never <= a query, as Rodinia's empty slots compare).
 * Records: one int per key, key k's at k - 1.
 *
 * findK, per inner level (height of them, root first), every warp:
 * currKnode[bid] (a broadcast), keys[thid] of the node (a coalesced
 * 128-byte run across two lines: 1032 is not line-aligned), the query
 * key[bid], then keys[thid+1] in the lanes whose keys[thid] <= key (the
 * && short-circuits); in the one lane whose slot brackets the key:
 * offset[bid], indices[thid] and the store of offset[bid]; and thread 0
 * (warp 0) copies offset[bid] to currKnode[bid]. At the leaf: currKnode,
 * keys[thid], the key, and in the lane that finds it indices[thid], the
 * record and the store of the answer.
 * findRangeK walks the start and the end key together (currKnode/offset
 * and lastKnode/offset_2), each level as above twice, then stores the
 * start record's index and the range's length.
 *
 * Inputs: Rodinia's command.txt asks `k 10000` and `j 6000 3000`: 10000
 * single keys and 6000 ranges of 3000, each uniform over the keys; the
 * tree is mil.txt's 1 M keys. Compute between the loads: the comparisons
 * and index arithmetic, 2 to 4 instructions. */
#include "util/rng.h"
#include "workload/wl.h"

enum { P_KEYS, P_FILL, P_K, P_J, P_RANGE };
static const wl_param_t btree_params[] = {
    {"keys", "keys in the tree", 1048576, 256, 16777216, 0, 0},
    {"fill", "keys a leaf holds, children an inner node (of 256 slots)", 128, 2, 256, 0, 0},
    {"k", "findK queries (CTAs)", 10000, 1, 1000000, 0, 0},
    {"j", "findRangeK queries (CTAs)", 6000, 0, 1000000, 0, 0},
    {"range", "keys per findRangeK range", 3000, 1, 16777216, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { BT_ORDER = 256, BT_NODE = 2068, BT_IDX = 4, BT_KEYS = 1032, BT_MAX_LEVELS = 24 };

typedef struct bt_tree {
    uint64_t nodes, records;
    uint32_t keys, fill, height;          /* height: inner levels */
    uint32_t first[BT_MAX_LEVELS + 1];    /* first node of each level, root = level 0 */
    uint32_t count[BT_MAX_LEVELS + 1];    /* nodes of each level */
    uint64_t span[BT_MAX_LEVELS + 1];     /* keys under one node of each level */
} bt_tree_t;

typedef struct bt_args {
    const bt_tree_t *t;
    const uint32_t *qkey;   /* findK: the key; findRangeK: the start (end = start + range) */
    uint32_t range, is_range;
    uint64_t qa, qb;        /* keysD (or startD, endD) */
    uint64_t cur, last, off, off2; /* currKnode, lastKnode, offset, offset_2: an int per CTA */
    uint64_t ans, recstart, reclen;
} bt_args_t;

/* The node of level l on the path to key k (0-based), its slot for k, and
 * how many slots it fills. */
typedef struct bt_step {
    uint32_t node, slot, used;
} bt_step_t;

static bt_step_t bt_step(const bt_tree_t *t, unsigned l, uint32_t k)
{
    uint32_t j = (uint32_t)(k / t->span[l]);        /* node index within the level */
    uint64_t below = l < t->height ? t->span[l + 1] : 1;
    uint64_t lo = (uint64_t)j * t->span[l];
    uint64_t left = t->keys - lo;                    /* keys under this node and after */
    uint64_t used = (left + below - 1) / below;
    if (used > t->fill)
        used = t->fill;
    return (bt_step_t){t->first[l] + j, (uint32_t)((k - lo) / below), (uint32_t)used};
}

typedef struct bt_ws {
    uint32_t warp, cta, lvl, pc, walk; /* walk 0: start (or the key), 1: end */
    uint32_t k[2];                     /* 0-based keys */
    uint32_t live;
} bt_ws_t;

static void bt_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const bt_args_t *a = kn->args;
    bt_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    s->live = w.live;
    s->warp = warp;
    s->cta = cta;
    s->lvl = s->pc = s->walk = 0;
    s->k[0] = a->qkey[cta];
    uint64_t e = (uint64_t)s->k[0] + a->range;
    s->k[1] = (uint32_t)(e < a->t->keys ? e : a->t->keys - 1);
}

/* Lanes of this warp whose slot is < lim (clipped to the warp). */
static uint32_t lanes_below(const bt_ws_t *s, uint32_t lim)
{
    uint32_t t0 = s->warp * GM_WARP_SIZE;
    if (lim <= t0)
        return 0;
    uint32_t n = lim - t0;
    return (n >= GM_WARP_SIZE ? 0xffffffffu : (1u << n) - 1) & s->live;
}

/* The lane holding slot t, as a mask (0 if another warp has it). */
static uint32_t lane_of(const bt_ws_t *s, uint32_t t)
{
    uint32_t t0 = s->warp * GM_WARP_SIZE;
    return t >= t0 && t < t0 + GM_WARP_SIZE ? (1u << (t - t0)) & s->live : 0;
}

static void emit_one(gm_inst_t *o, gm_op_t op, uint32_t m, uint64_t addr, unsigned gap,
                     uint32_t pc)
{
    wl_mem_at(o, op, 4, gap, m, pc);
    wl_fill_same(o, addr);
}

static void emit_keys(const bt_args_t *a, const bt_ws_t *s, gm_inst_t *o, uint32_t node,
                      uint32_t m, unsigned shift, uint32_t pc)
{
    wl_mem_at(o, GM_OP_LOAD, 4, 1, m, pc);
    uint64_t base = a->t->nodes + (uint64_t)node * BT_NODE + BT_KEYS;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (m >> l & 1) ? base + 4ull * (s->warp * GM_WARP_SIZE + l + shift) : 0;
}

/* One instruction of the walk's level; 1 when it emitted one, 0 when the
 * step had no lane (skipped), -1 when the level's block is done. */
static int walk_inst(const bt_args_t *a, bt_ws_t *s, gm_inst_t *o)
{
    const bt_tree_t *t = a->t;
    unsigned w = s->walk;
    uint32_t k = s->k[w];
    bt_step_t st = bt_step(t, s->lvl, k);
    uint64_t cur = (w ? a->last : a->cur) + 4ull * s->cta;
    uint64_t off = (w ? a->off2 : a->off) + 4ull * s->cta;
    uint64_t q = (w ? a->qb : a->qa) + 4ull * s->cta;
    uint32_t hit = lane_of(s, st.slot);
    uint64_t idx = t->nodes + (uint64_t)st.node * BT_NODE + BT_IDX + 4ull * st.slot;
    int leaf = s->lvl == t->height;
    switch (s->pc++) {
    case 0: emit_one(o, GM_OP_LOAD, s->live, cur, 2, 1); return 1;
    case 1: emit_keys(a, s, o, st.node, s->live, 0, 2); return 1;
    case 2: emit_one(o, GM_OP_LOAD, s->live, q, 0, 3); return 1;
    case 3:
        if (leaf)
            return 0;
        /* keys[thid] <= key: the used slots up to the key's */
        {
            uint32_t m = lanes_below(s, st.used) & lanes_below(s, st.slot + 1);
            if (!m)
                return 0;
            emit_keys(a, s, o, st.node, m, 1, 4);
        }
        return 1;
    case 4:
        if (!hit)
            return 0;
        if (leaf)
            emit_one(o, GM_OP_LOAD, hit, idx, 2, 5);
        else
            emit_one(o, GM_OP_LOAD, hit, off, 3, 6);
        return 1;
    case 5:
        if (!hit)
            return 0;
        if (leaf) {
            if (a->is_range && w)
                emit_one(o, GM_OP_LOAD, hit, a->recstart + 4ull * s->cta, 1, 7);
            else if (a->is_range)
                emit_one(o, GM_OP_STORE, hit, a->recstart + 4ull * s->cta, 1, 8);
            else
                emit_one(o, GM_OP_LOAD, hit, t->records + 4ull * k, 1, 9);
            return 1;
        }
        emit_one(o, GM_OP_LOAD, hit, idx, 1, 10);
        return 1;
    case 6:
        if (!hit)
            return 0;
        if (leaf) {
            if (a->is_range && !w)
                return 0; /* the start walk stored recstart already */
            emit_one(o, GM_OP_STORE, hit, (a->is_range ? a->reclen : a->ans) + 4ull * s->cta,
                     2, 11);
            return 1;
        }
        emit_one(o, GM_OP_STORE, hit, off, 1, 12);
        return 1;
    default:
        return -1;
    }
}

static void bt_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const bt_args_t *a = kn->args;
    bt_ws_t *s = ws;
    unsigned walks = a->is_range ? 2 : 1;
    while (s->lvl <= a->t->height) {
        if (s->walk < walks) {
            int r = walk_inst(a, s, o);
            if (r > 0)
                return;
            if (r < 0) {
                s->walk++;
                s->pc = 0;
            }
            continue;
        }
        /* thread 0 moves currKnode (and lastKnode) down a level */
        uint32_t t0 = s->warp == 0 ? 1u & s->live : 0;
        if (s->lvl < a->t->height && t0 && s->pc < 2 * walks) {
            unsigned w = s->pc / 2;
            uint64_t off = (w ? a->off2 : a->off) + 4ull * s->cta;
            uint64_t cur = (w ? a->last : a->cur) + 4ull * s->cta;
            if (s->pc++ % 2 == 0)
                emit_one(o, GM_OP_LOAD, t0, off, 1, 13);
            else
                emit_one(o, GM_OP_STORE, t0, cur, 0, 14);
            return;
        }
        s->lvl++;
        s->walk = 0;
        s->pc = 0;
    }
    wl_exit(o, 2);
}

static const gm_kernel_ops_t bt_ops = {sizeof(bt_ws_t), bt_init, bt_next};

static int bt_shape(wl_builder_t *b, bt_tree_t *t, uint32_t keys, uint32_t fill)
{
    t->keys = keys;
    t->fill = fill;
    /* levels from the leaves up, then numbered from the root */
    uint64_t span[BT_MAX_LEVELS + 1], count[BT_MAX_LEVELS + 1];
    unsigned n = 0;
    span[0] = fill;
    count[0] = (keys + fill - 1) / fill;
    while (count[n] > 1) {
        if (++n > BT_MAX_LEVELS)
            return wl_fail(b, "fill", "%u makes a tree deeper than %d levels", fill,
                           BT_MAX_LEVELS);
        span[n] = span[n - 1] * fill;
        count[n] = (count[n - 1] + fill - 1) / fill;
    }
    t->height = n;
    uint64_t first = 0;
    for (unsigned l = 0; l <= n; l++) {
        t->span[l] = span[n - l];
        t->count[l] = (uint32_t)count[n - l];
        t->first[l] = (uint32_t)first;
        first += count[n - l];
    }
    t->nodes = wl_array(b, first * BT_NODE);
    t->records = wl_array(b, 4ull * keys);
    return 0;
}

static int bt_kernel(wl_builder_t *b, const bt_tree_t *t, const char *name, uint32_t ctas,
                     uint32_t range, int is_range)
{
    bt_args_t *a = wl_host(b, sizeof *a);
    uint32_t *q = wl_host(b, 4ull * ctas);
    if (!a || !q)
        return -1;
    gm_rng_t r;
    wl_rng(b, &r, is_range ? 2 : 1);
    for (uint32_t i = 0; i < ctas; i++)
        q[i] = (uint32_t)gm_rng_below(&r, t->keys);
    uint64_t n4 = 4ull * ctas;
    *a = (bt_args_t){.t = t, .qkey = q, .range = range, .is_range = (uint32_t)is_range};
    /* the host's cudaMalloc order in Rodinia's main */
    a->cur = wl_array(b, n4);
    a->off = wl_array(b, n4);
    if (is_range) {
        a->last = wl_array(b, n4);
        a->off2 = wl_array(b, n4);
        a->qa = wl_array(b, n4);
        a->qb = wl_array(b, n4);
        a->recstart = wl_array(b, n4);
        a->reclen = wl_array(b, n4);
    } else {
        a->qa = wl_array(b, n4);
        a->ans = wl_array(b, n4);
    }
    wl_launch(b, &(wl_launch_t){name, &bt_ops, a, {ctas}, {BT_ORDER}, 18, 0});
    return 0;
}

static int btree_build(wl_builder_t *b, const wl_vals_t *p)
{
    bt_tree_t *t = wl_host(b, sizeof *t);
    if (!t || bt_shape(b, t, (uint32_t)p->v[P_KEYS], (uint32_t)p->v[P_FILL]))
        return -1;
    if (bt_kernel(b, t, "findK", (uint32_t)p->v[P_K], 0, 0))
        return -1;
    if (p->v[P_J] && bt_kernel(b, t, "findRangeK", (uint32_t)p->v[P_J],
                               (uint32_t)p->v[P_RANGE], 1))
        return -1;
    return 0;
}

const wl_def_t wl_btree = {"btree", NULL, btree_params, btree_build};
