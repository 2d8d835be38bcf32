/* CUDA SDK radixSortThrust (seed-001 Table 2.3/3.1 RST, memory-intensive,
 * 425 instructions per L2 miss): thrust::sort_by_key on n uint keys with
 * uint values, which Thrust of the CUDA 4 era runs as the b40c radix sort,
 * 4 bits a pass, 8 passes for 32-bit keys, ping-ponging between two key
 * and two value buffers. Each pass is three kernels:
 *   upsweep: `ctas` CTAs of 128 threads, each owning a contiguous run of
 *     512-key tiles; every thread loads 4 keys a tile (coalesced, 128 keys
 *     apart) and counts their digits in shared memory; lanes 0..15 of warp
 *     0 then store the CTA's 16 digit counts into the digit-major spine
 *     (spine[d * ctas + cta]: 16 stores `ctas` words apart);
 *   spine: one CTA of 128 threads scans the 16 x ctas spine in place;
 *   downsweep: the same CTAs load their 16 spine offsets, then per tile
 *     load its keys and values, rank them in shared memory, and scatter
 *     them: thread t writes the tile's t-th key in digit order (and then
 *     its value) to that digit's running offset. A warp's 32 stores thus
 *     fall in one or a few digit runs (the tile's bins average 32 keys),
 *     each run continuing where the previous tile of the bin stopped.
 * Keys are uniform random, so the next digit of a key is independent of
 * the order the earlier passes left; each tile's digit histogram is drawn
 * at build time per pass, and the scatter offsets follow from them
 * exactly (every output slot is written once per pass). */
#include "workload/wl.h"

enum { P_N, P_PASSES, P_VALUES, P_CTAS };
static const wl_param_t radixsort_params[] = {
    {"n", "keys sorted", 1048576, 512, 16777216, 512, 0},
    {"passes", "4-bit digit passes (8 for 32-bit keys)", 8, 1, 8, 0, 0},
    {"values", "1 = key-value pairs, 0 = keys only", 1, 0, 1, 0, 0},
    {"ctas", "CTAs of the upsweep and downsweep grids", 120, 1, 65535, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { RS_TB = 128, RS_PER = 4, RS_TILE = RS_TB * RS_PER, RS_DIGITS = 16 };
enum { K_UP, K_SPINE, K_DOWN };

typedef struct rs_args {
    uint32_t kind, tiles, ctas, values;
    uint64_t in_k, in_v, out_k, out_v, spine;
    const uint16_t *hist; /* [tile][digit]: the tile's digit counts */
    const uint32_t *goff; /* [tile][digit]: where the tile's run of the digit starts */
} rs_args_t;

typedef struct rs_ws {
    uint32_t cta, warp, pc;
} rs_ws_t;

static void rs_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k;
    rs_ws_t *s = ws;
    s->cta = cta;
    s->warp = warp;
    s->pc = 0;
}

/* Lanes 0..15 of warp 0 at the CTA's spine column (the 16 digit counts). */
static void rs_spine_col(gm_inst_t *o, const rs_args_t *a, uint32_t cta, gm_op_t op, unsigned gap)
{
    wl_mem(o, op, 4, gap, 0xffffu);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = l < RS_DIGITS ? a->spine + 4ull * ((uint64_t)l * a->ctas + cta) : 0;
}

/* Coalesced key (or value) load j of tile t for this warp. */
static void rs_tile_load(gm_inst_t *o, uint64_t base, uint32_t t, uint32_t j, uint32_t warp,
                         unsigned gap)
{
    wl_mem(o, GM_OP_LOAD, 4, gap, UINT32_MAX);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = base + 4ull * ((uint64_t)t * RS_TILE + j * RS_TB + 32u * warp + l);
}

/* Store j of tile t: lane l writes the tile's (j * 128 + 32 warp + l)-th
 * key in digit order at its digit's offset. */
static void rs_scatter(gm_inst_t *o, const rs_args_t *a, uint64_t base, uint32_t t, uint32_t j,
                       uint32_t warp, unsigned gap)
{
    const uint16_t *h = a->hist + (uint64_t)t * RS_DIGITS;
    const uint32_t *g = a->goff + (uint64_t)t * RS_DIGITS;
    uint32_t r = j * RS_TB + 32u * warp, d = 0, start = 0;
    while (start + h[d] <= r)
        start += h[d++];
    wl_mem(o, GM_OP_STORE, 4, gap, UINT32_MAX);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++, r++) {
        while (start + h[d] <= r)
            start += h[d++];
        o->addr[l] = base + 4ull * (g[d] + (r - start));
    }
}

static void rs_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const rs_args_t *a = k->args;
    rs_ws_t *s = ws;
    uint32_t pc = s->pc++;
    if (a->kind == K_SPINE) {
        uint32_t n = RS_DIGITS * a->ctas, rounds = wl_ceil_div(n, RS_TB);
        uint32_t i = pc / 2, first = i * RS_TB + 32u * s->warp;
        if (i >= rounds || first >= n) {
            wl_exit(o, 2);
            return;
        }
        uint32_t live = n - first >= 32 ? UINT32_MAX : (1u << (n - first)) - 1;
        wl_mem(o, pc % 2 ? GM_OP_STORE : GM_OP_LOAD, 4, pc % 2 ? 12 : 2, live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (live >> l & 1) ? a->spine + 4ull * (first + l) : 0;
        return;
    }
    uint32_t t0 = (uint32_t)((uint64_t)s->cta * a->tiles / a->ctas);
    uint32_t t1 = (uint32_t)((uint64_t)(s->cta + 1) * a->tiles / a->ctas);
    uint32_t body = a->kind == K_UP ? RS_PER : 2 * RS_PER * (1 + a->values);
    uint32_t lead = a->kind == K_DOWN && s->warp == 0; /* the spine offsets first */
    if (lead && pc == 0) {
        rs_spine_col(o, a, s->cta, GM_OP_LOAD, 2);
        return;
    }
    pc -= lead;
    uint32_t t = t0 + pc / body, r = pc % body;
    if (t >= t1) {
        if (a->kind == K_UP && s->warp == 0 && pc == (t1 - t0) * body)
            rs_spine_col(o, a, s->cta, GM_OP_STORE, 8);
        else
            wl_exit(o, 2);
        return;
    }
    if (a->kind == K_UP) { /* digit extraction and a shared-memory count per key */
        rs_tile_load(o, a->in_k, t, r, s->warp, 6);
        return;
    }
    /* downsweep: keys, values, then (after the local ranking) their scatter */
    uint32_t nv = a->values ? RS_PER : 0;
    if (r < RS_PER)
        rs_tile_load(o, a->in_k, t, r, s->warp, 2);
    else if (r < RS_PER + nv)
        rs_tile_load(o, a->in_v, t, r - RS_PER, s->warp, 1);
    else if (r < 2 * RS_PER + nv)
        rs_scatter(o, a, a->out_k, t, r - RS_PER - nv, s->warp, r == RS_PER + nv ? 40 : 3);
    else
        rs_scatter(o, a, a->out_v, t, r - 2 * RS_PER - nv, s->warp, 2);
}

static const gm_kernel_ops_t rs_ops = {sizeof(rs_ws_t), rs_init, rs_next};

/* Per tile, the digit histogram of the pass, and where each of its digit
 * runs lands: all smaller digits, then this digit's runs of earlier tiles. */
static void rs_offsets(uint64_t seed, uint32_t pass, uint32_t tiles, uint16_t *hist,
                       uint32_t *goff)
{
    uint32_t total[RS_DIGITS] = {0}, base[RS_DIGITS];
    for (uint32_t t = 0; t < tiles; t++)
        for (uint32_t i = 0; i < RS_TILE; i++) {
            uint64_t key = gm_mix64(seed ^ ((uint64_t)pass << 40) ^ ((uint64_t)t * RS_TILE + i));
            uint32_t d = (uint32_t)(key & (RS_DIGITS - 1));
            hist[(uint64_t)t * RS_DIGITS + d]++;
            total[d]++;
        }
    for (uint32_t d = 0, sum = 0; d < RS_DIGITS; sum += total[d++])
        base[d] = sum;
    for (uint32_t t = 0; t < tiles; t++)
        for (uint32_t d = 0; d < RS_DIGITS; d++) {
            goff[(uint64_t)t * RS_DIGITS + d] = base[d];
            base[d] += hist[(uint64_t)t * RS_DIGITS + d];
        }
}

static int radixsort_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[P_N];
    uint32_t passes = (uint32_t)p->v[P_PASSES], values = (uint32_t)p->v[P_VALUES];
    uint32_t tiles = (uint32_t)(n / RS_TILE);
    uint32_t ctas = p->v[P_CTAS] < tiles ? (uint32_t)p->v[P_CTAS] : tiles;
    uint64_t keys[2], vals[2] = {0, 0};
    keys[0] = wl_array(b, 4 * n);
    keys[1] = wl_array(b, 4 * n);
    if (values) {
        vals[0] = wl_array(b, 4 * n);
        vals[1] = wl_array(b, 4 * n);
    }
    uint64_t spine = wl_array(b, 4ull * RS_DIGITS * ctas);
    gm_rng_t rng;
    wl_rng(b, &rng, 0x52535453u);
    uint64_t seed = gm_rng_next(&rng);
    uint64_t cells = (uint64_t)tiles * RS_DIGITS;
    rs_args_t *a = wl_host(b, 3 * (size_t)passes * sizeof *a);
    uint16_t *hist = wl_host(b, (size_t)(passes * cells) * sizeof *hist);
    uint32_t *goff = wl_host(b, (size_t)(passes * cells) * sizeof *goff);
    if (!a || !hist || !goff)
        return -1;
    for (uint32_t q = 0; q < passes; q++) {
        uint16_t *h = hist + q * cells;
        uint32_t *g = goff + q * cells;
        rs_offsets(seed, q, tiles, h, g);
        uint32_t i = q & 1;
        rs_args_t common = {K_UP, tiles, ctas, values, keys[i], vals[i], keys[!i], vals[!i],
                            spine, h, g};
        for (uint32_t kind = K_UP; kind <= K_DOWN; kind++) {
            static const char *const names[] = {"RakingReduction", "SrtsScanSpine",
                                                "ScanScatterDigits"};
            rs_args_t *k = &a[3 * q + kind];
            *k = common;
            k->kind = kind;
            wl_launch(b, &(wl_launch_t){names[kind], &rs_ops, k, {kind == K_SPINE ? 1 : ctas},
                                        {RS_TB}, 32, kind == K_DOWN ? 4 * RS_TILE * 2 : 1024});
        }
    }
    return 0;
}

const wl_def_t wl_radixsort = {"radixsort", NULL, radixsort_params, radixsort_build};
