/* CUDA SDK histogram256, the data-cache version (seed-000 Table 2 HST,
 * after its reference [35]: the SDK kernel with its per-warp
 * sub-histograms moved from shared to global memory, so they live in the
 * L1D).
 *
 * histogram256Kernel: 240 CTAs of 192 threads (6 warps), as the SDK
 * launches it. Each warp owns a 256-bin sub-histogram (1 KB, 8 lines) in
 * d_WarpHist, its CTA's 6 of them 1536 words. The kernel clears its CTA's
 * 1536 words (8 coalesced stores per warp), then for pos = global thread
 * id, stepping by all 46080 threads, loads the word d_Data[pos]
 * (coalesced) and adds each of its 4 bytes to the warp's sub-histogram;
 * then sums the 6 warps' counts of each bin (bin = tid and tid + 192 < 256:
 * 6 coalesced loads) into d_PartialHistograms[blockIdx * 256 + bin].
 * mergeHistogram256Kernel: 256 CTAs (one per bin) of 256 threads; thread t
 * < 240 loads d_PartialHistograms[bin + t*256] (1 KB apart: 32 lines per
 * warp load), a shared-memory tree (compute), thread 0 stores the bin.
 *
 * Adding a byte, atomic=0 (the default): the SDK of the CUDA 4 era
 * (USE_SMEM_ATOMICS 0) has no atomics there but a tagged read-modify-write
 * that a warp repeats until every lane's write stuck: each round loads
 * the bin, stores count+1 tagged with the lane, and loads it again; of
 * lanes hitting one bin the last lane's store wins (the model takes the
 * highest lane, as a simulator applying lanes in order would), the others
 * go round again -- as many rounds as the most frequent bin among the
 * warp's bytes, each round three instructions over the warp's 8 lines.
 * atomic=1: the later SDKs' atomicAdd, one instruction per byte. A global
 * atomic executes at the L2, not in the L1D: gmem models it as a store
 * with the bypass hint (the LSU sends it around the L1D), 4 bytes, one
 * request per line its lanes touch.
 *
 * Data: uniformly random bytes (the SDK fills d_Data with rand() % 256).
 * Left out: histogram64 (the SDK runs it first) and the host's checks;
 * shared-memory work counts into the gaps. Registers (estimates): 12 for
 * both kernels; shared memory 0 (the sub-histograms are global) and 1 KB
 * for the merge kernel's tree.
 *
 * The SDK histograms 64 MB. The default here is 4 MB (1/16): each thread
 * loops over 22-23 words, every warp fills its sub-histogram, and an SM's
 * 8 CTAs keep 48 KB of sub-histograms (3x its 16 KB L1D) as in the
 * benchmark; the run stays about 2 s.
 */
#include "util/rng.h"
#include "workload/wl.h"

enum { P_BYTES, P_ATOMIC };

static const wl_param_t hst_params[] = {
    {"bytes", "bytes of input data", 4194304, 4, 268435456, 4, 0},
    {"atomic", "0 = tagged read-modify-write as in SDK 4, 1 = atomicAdd at the L2", 0, 0, 1, 0,
     0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    HST_CTAS = 240, HST_WARPS = 6, HST_TB = HST_WARPS * GM_WARP_SIZE, HST_BINS = 256,
    HST_CTA_WORDS = HST_WARPS * HST_BINS, MERGE_TB = 256
};

typedef struct hst_args {
    uint64_t data, hist, partial, warphist;
    uint32_t words, atomic;
    uint64_t seed;
} hst_args_t;

enum { H_ST_CLEAR, H_LD_DATA, H_LD_BIN, H_ST_BIN, H_LD_CHECK, H_LD_SUM, H_ST_PART, H_DONE };

typedef struct hst_ws {
    uint32_t tid[GM_WARP_SIZE];
    uint32_t word[GM_WARP_SIZE];
    uint32_t cta, warp, pos0; /* pos0: lane 0's first data position */
    uint32_t iter, byte, i, pass;
    uint32_t live, loop, left; /* lanes; lanes in this loop iteration; lanes still adding */
    uint32_t pc;
} hst_ws_t;

/* The input word at pos: four random bytes. */
static uint32_t hst_word(const hst_args_t *a, uint32_t pos)
{
    return (uint32_t)gm_mix64(a->seed + 0x9e3779b97f4a7c15ull * (pos + 1ull));
}

static void hst_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    hst_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->tid[l] = w.tx[l];
        s->word[l] = 0;
    }
    s->live = w.live;
    s->cta = cta;
    s->warp = warp;
    s->pos0 = cta * HST_TB + warp * GM_WARP_SIZE;
    s->iter = s->byte = s->i = s->pass = 0;
    s->loop = s->left = 0;
    s->pc = H_ST_CLEAR;
}

static uint32_t hst_bin(const hst_ws_t *s, unsigned l)
{
    return s->word[l] >> (8 * s->byte) & 0xff;
}

/* Lanes of `m` whose store to their bin lands last: the highest lane of
 * each bin. */
static uint32_t hst_winners(const hst_ws_t *s, uint32_t m)
{
    uint32_t won = 0;
    for (int l = GM_WARP_SIZE - 1; l >= 0; l--) {
        if (!(m >> l & 1))
            continue;
        int taken = 0;
        for (int h = l + 1; h < GM_WARP_SIZE && !taken; h++)
            taken = (won >> h & 1) && hst_bin(s, (unsigned)h) == hst_bin(s, (unsigned)l);
        if (!taken)
            won |= 1u << l;
    }
    return won;
}

/* Start the loop iteration s->iter: its lanes and words. */
static void hst_iteration(const hst_args_t *a, hst_ws_t *s)
{
    uint32_t base = s->pos0 + s->iter * HST_CTAS * HST_TB;
    s->loop = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && (uint64_t)base + l < a->words) {
            s->loop |= 1u << l;
            s->word[l] = hst_word(a, base + l);
        }
    s->byte = 0;
    s->i = 0;
    s->pc = s->loop ? H_LD_DATA : H_LD_SUM;
}

/* The next byte of the word, or the next loop iteration. */
static void hst_next_byte(const hst_args_t *a, hst_ws_t *s)
{
    if (++s->byte < 4) {
        s->left = s->loop;
        s->pc = H_LD_BIN;
        return;
    }
    s->iter++;
    hst_iteration(a, s);
}

static void hst_bins(gm_inst_t *o, const hst_args_t *a, const hst_ws_t *s)
{
    uint64_t sub = a->warphist + 4ull * (s->cta * HST_CTA_WORDS + s->warp * HST_BINS);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (o->active >> l & 1) ? sub + 4ull * hst_bin(s, l) : 0;
}

/* The merge lanes of pass p: bin = tid + 192 p < 256. */
static uint32_t hst_merge_lanes(const hst_ws_t *s)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        if ((s->live >> l & 1) && s->tid[l] + HST_TB * s->pass < HST_BINS)
            m |= 1u << l;
    return m;
}

static void hst_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hst_args_t *a = kn->args;
    hst_ws_t *s = ws;
    uint32_t m;
    for (;;) {
        switch (s->pc) {
        case H_ST_CLEAR: /* s_Hist[threadIdx.x + i * 192] = 0, i < 8 */
            wl_mem(o, GM_OP_STORE, 4, 2, s->live);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (s->live >> l & 1)
                                 ? a->warphist + 4ull * (s->cta * HST_CTA_WORDS + s->tid[l] +
                                                         s->i * HST_TB)
                                 : 0;
            if (++s->i == HST_CTA_WORDS / HST_TB) {
                s->iter = 0;
                hst_iteration(a, s);
            }
            return;
        case H_LD_DATA: /* data = d_Data[pos] */
            wl_mem(o, GM_OP_LOAD, 4, 4, s->loop);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (s->loop >> l & 1)
                                 ? a->data + 4ull * (s->pos0 + s->iter * HST_CTAS * HST_TB + l)
                                 : 0;
            s->left = s->loop;
            s->pc = H_LD_BIN;
            return;
        case H_LD_BIN: /* count = s_WarpHist[data] (atomic: atomicAdd) */
            if (a->atomic) {
                wl_mem(o, GM_OP_STORE, 4, 3, s->left);
                o->bypass_hint = 1;
                hst_bins(o, a, s);
                hst_next_byte(a, s);
                return;
            }
            wl_mem(o, GM_OP_LOAD, 4, 3, s->left);
            hst_bins(o, a, s);
            s->pc = H_ST_BIN;
            return;
        case H_ST_BIN: /* s_WarpHist[data] = tag | (count + 1) */
            wl_mem(o, GM_OP_STORE, 4, 3, s->left);
            hst_bins(o, a, s);
            s->pc = H_LD_CHECK;
            return;
        case H_LD_CHECK: /* while (s_WarpHist[data] != count) */
            wl_mem(o, GM_OP_LOAD, 4, 0, s->left);
            hst_bins(o, a, s);
            s->left &= ~hst_winners(s, s->left);
            if (s->left)
                s->pc = H_LD_BIN;
            else
                hst_next_byte(a, s);
            return;
        case H_LD_SUM: /* sum += s_Hist[bin + i * 256] & TAG_MASK, i < 6 */
            m = hst_merge_lanes(s);
            if (!m) {
                s->pc = H_DONE;
                break;
            }
            wl_mem(o, GM_OP_LOAD, 4, s->i ? 2 : 6, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (m >> l & 1) ? a->warphist +
                                                4ull * (s->cta * HST_CTA_WORDS + s->tid[l] +
                                                        HST_TB * s->pass + s->i * HST_BINS)
                                          : 0;
            if (++s->i == HST_WARPS)
                s->pc = H_ST_PART;
            return;
        case H_ST_PART: /* d_PartialHistograms[blockIdx.x * 256 + bin] = sum */
            m = hst_merge_lanes(s);
            wl_mem(o, GM_OP_STORE, 4, 2, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (m >> l & 1) ? a->partial + 4ull * (s->cta * HST_BINS + s->tid[l] +
                                                                 HST_TB * s->pass)
                                          : 0;
            s->pass++;
            s->i = 0;
            s->pc = H_LD_SUM;
            return;
        default:
            wl_exit(o, 1);
            return;
        }
    }
}

static const gm_kernel_ops_t hst_ops = {sizeof(hst_ws_t), hst_init, hst_next};

/* ---- mergeHistogram256Kernel */

static void merge_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hst_args_t *a = kn->args;
    hst_ws_t *s = ws;
    uint32_t m = 0;
    if (s->pc == 0) { /* sum += d_PartialHistograms[blockIdx.x + i * 256], i = tid < 240 */
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->live >> l & 1) && s->tid[l] < HST_CTAS)
                m |= 1u << l;
        s->pc = 1;
        if (m) {
            wl_mem(o, GM_OP_LOAD, 4, 6, m);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = (m >> l & 1)
                                 ? a->partial + 4ull * (s->cta + (uint64_t)s->tid[l] * HST_BINS)
                                 : 0;
            return;
        }
    }
    if (s->pc == 1 && s->warp == 0) { /* the tree (8 steps), then thread 0 */
        wl_mem(o, GM_OP_STORE, 4, 8 * 5, 1); /* d_Histogram[blockIdx.x] = data[0] */
        wl_fill_same(o, a->hist + 4ull * s->cta);
        s->pc = 2;
        return;
    }
    wl_exit(o, s->pc == 1 ? 8 * 5 : 1);
    s->pc = 2;
}

static void merge_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    hst_init(kn, ws, cta, warp);
    ((hst_ws_t *)ws)->pc = 0;
}

static const gm_kernel_ops_t merge_ops = {sizeof(hst_ws_t), merge_init, merge_next};

static int hst_build(wl_builder_t *b, const wl_vals_t *p)
{
    hst_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint64_t bytes = p->v[P_BYTES];
    a->words = (uint32_t)(bytes / 4);
    a->atomic = (uint32_t)p->v[P_ATOMIC];
    gm_rng_t r;
    wl_rng(b, &r, 5);
    a->seed = gm_rng_next(&r);
    a->data = wl_array(b, bytes);                       /* d_Data */
    a->hist = wl_array(b, 4ull * HST_BINS);             /* d_Histogram */
    a->partial = wl_array(b, 4ull * HST_CTAS * HST_BINS); /* d_PartialHistograms */
    a->warphist = wl_array(b, 4ull * HST_CTAS * HST_CTA_WORDS);
    wl_launch(b, &(wl_launch_t){"histogram256Kernel", &hst_ops, a, {HST_CTAS}, {HST_TB}, 12,
                                0});
    wl_launch(b, &(wl_launch_t){"mergeHistogram256Kernel", &merge_ops, a, {HST_BINS},
                                {MERGE_TB}, 12, 4 * MERGE_TB});
    return 0;
}

const wl_def_t wl_histogram = {"histogram", NULL, hst_params, hst_build};
