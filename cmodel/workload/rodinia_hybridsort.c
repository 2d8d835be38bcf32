/* Rodinia hybridsort, CUDA version (seed-001 Table 3.1 HB; seed-003
 * Table I "Hybrid Sort, 4194304 floating points"): a bucket sort into 1024
 * divisions, then a merge sort of each division in float4 chunks.
 *
 * Input: n floats uniform in [0, 1), drawn from the seed as 24-bit
 * fractions (k / 2^24, exact in a float), as Rodinia's "r" input
 * (rand() / RAND_MAX). Rodinia's default is 4194304 (1 << 22) elements;
 * the default here is 1048576 (a quarter) for run time; n=4194304 is
 * allowed (about 100 s on configs/dlmshr-ch3.json). Rodinia
 * sorts the list TEST = 4 times; this is one sort (repeat=4 for all four).
 *
 * Device arrays in the host's cudaMalloc order: d_input and d_output
 * ((n + 4096) floats each), d_offsets, d_indice (n ints), l_pivotpoints,
 * l_offsets, d_prefixoffsets (B x 1024 ints), the histogram's result.
 * Kernels, in launch order (B = ceil(n / 4096) bucket blocks):
 *   histogram1024Kernel <<<64, 96>>>: grid-stride load of every element
 *     (bin counted in per-warp shared histograms), then a global atomicAdd
 *     per bin per CTA (a store with the bypass hint: atomics run at the L2).
 *   bucketcount <<<B, 32>>>: grid-stride over elements: load the element,
 *     a binary search over the 1024 pivots (ten texture fetches, the
 *     path decided by the element), a shared-memory counter bump, store
 *     indice[tid]; then the CTA's 1024 counts to d_prefixoffsets.
 *   bucketprefixoffset <<<8, 128>>>: thread d walks division d's counts
 *     across the B blocks (load, store the running sum), then d_offsets[d].
 *   bucketsort <<<B, 32>>>: load l_offsets and the CTA's prefix offsets
 *     into shared memory, then per element load it and its indice and
 *     store it at its division's start + the CTA's prefix + its rank.
 *   mergeSortFirst <<<ceil(n4 / 256), 256>>>: sort each float4 in
 *     registers (d_output -> d_input); n4 = float4s after padding each
 *     division to a multiple of 4 with zeros (the null elements).
 *   mergeSortPass, nrElems = 2, 4, ... until one thread per division:
 *     thread t of division d merges two sorted runs of nrElems/2 float4s
 *     from the source list (one at A, one at B = A + nrElems/2), loading
 *     the next float4 of both runs every iteration (texture fetches, read
 *     past a run's end and wrapped at the list's end as the texture's
 *     addressing does) and storing one float4; the run whose next head
 *     is smaller advances. A thread with no second run copies. 208
 *     threads per CTA (fewer over 8 CTAs when under 8 CTAs' worth).
 *     Source and destination swap each pass.
 *   mergepack <<<(ceil(4 L / 256), 1024), 256>>> (L = the largest
 *     division in float4s): copy each division past its null elements
 *     into the unpadded output, one float per thread.
 * The host's work (min/max, pivots from the histogram by Rodinia's
 * calcPivotPoints, the divisions' padded offsets) is done at build time;
 * so is every data-dependent address: the bucket search paths, each
 * element's scatter position (ranks in a CTA counted iteration by
 * iteration, lanes in ascending order -- the shared counter's tagged
 * retry loop leaves the winner open; this fixes it), and every merge
 * thread's choices, by running the passes on the data.
 * The kernels' __constant__ start addresses are not memory traffic.
 *
 * Compute per memory instruction is estimated from the kernels' code:
 * the float4 merge step (two four-way min/max networks and two 4-element
 * sorting networks, about 64 instructions) before its store, the pivot
 * step's compare-select-add (3), the histogram bin's convert and shared
 * retry loop (about 16), the bucket rank's retry loop and shift (12). */
#include <stdlib.h>
#include <string.h>

#include "workload/wl.h"

enum { P_N };

static const wl_param_t hs_params[] = {
    {"n", "elements to sort", 1048576, 1024, 4194304, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    DIV = 1024,            /* DIVISIONS: buckets, pivots, histogram bins */
    BAND = 128,            /* BUCKET_BAND: elements per bucket thread */
    HIST_CTAS = 64,
    HIST_TB = 96,
    PREFIX_TB = 128,
    FIRST_TB = 256,
    PASS_TB = 208,
    PACK_TB = 256,
};

typedef struct hs_data {
    uint32_t n, blocks, n4, largest4;
    const float *val;       /* the input */
    const float *piv;       /* DIV pivots */
    const uint32_t *pos;    /* n: the float slot bucketsort stores each element to */
    const uint32_t *start4; /* DIV + 1: divisions' starts in float4s (constStartAddr) */
    const uint32_t *fin;    /* DIV + 1: unpadded starts (finalStartAddr) */
    const uint32_t *nul;    /* DIV: null elements heading each sorted division */
    const uint8_t *bits;    /* per pass, n4 bits: at A + i, iteration i took run B */
    uint64_t d_in, d_out, d_offsets, d_indice, d_piv, d_loff, d_prefix, d_hist;
} hs_data_t;

typedef struct hs_args {
    const hs_data_t *h;
    uint32_t pass, nr, tpd; /* mergeSortPass: index, nrElems, threadsPerDiv */
    uint64_t src, dst;      /* the merge kernels' lists */
} hs_args_t;

typedef struct hs_ws {
    uint32_t gid[GM_WARP_SIZE]; /* global thread id (x) */
    uint32_t tx[GM_WARP_SIZE];
    uint32_t idx[GM_WARP_SIZE]; /* pivot search position */
    uint32_t a[GM_WARP_SIZE], b[GM_WARP_SIZE], end[GM_WARP_SIZE]; /* runs, division end */
    uint32_t ai[GM_WARP_SIZE], bi[GM_WARP_SIZE], it[GM_WARP_SIZE];
    uint32_t live, copy, merge, run; /* lane masks */
    uint32_t bx, by, j, k, step;
} hs_ws_t;

static void hs_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    hs_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    memset(s, 0, sizeof *s);
    s->live = w.live;
    s->bx = w.bx;
    s->by = w.by;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->gid[l] = wl_gx(kn, &w, l);
        s->tx[l] = w.tx[l];
    }
}

static void put(gm_inst_t *o, gm_op_t op, unsigned size, unsigned gap, uint32_t m,
                const uint64_t *addr, uint32_t pc)
{
    wl_mem_at(o, op, size, gap, m, pc);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (m >> l & 1) ? addr[l] : 0;
}

/* ---- histogram1024Kernel */

static void hist_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_data_t *h = ((const hs_args_t *)kn->args)->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t m = 0;
    if (s->step == 0) {
        uint64_t stride = (uint64_t)HIST_CTAS * HIST_TB;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            uint64_t e = s->gid[l] + s->j * stride;
            if ((s->live >> l & 1) && e < h->n)
                m |= 1u << l;
            ad[l] = h->d_in + 4 * e;
        }
        if (m) {
            put(o, GM_OP_LOAD, 4, 16, m, ad, __LINE__);
            s->j++;
            return;
        }
        s->step = 1;
        s->j = 0;
    }
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t bin = s->tx[l] + s->j * HIST_TB;
        if ((s->live >> l & 1) && bin < DIV)
            m |= 1u << l;
        ad[l] = h->d_hist + 4ull * bin;
    }
    if (!m) {
        wl_exit(o, 1);
        return;
    }
    put(o, GM_OP_STORE, 4, 8, m, ad, __LINE__); /* atomicAdd: three warps' bins summed */
    o->bypass_hint = 1;
    s->j++;
}

static const gm_kernel_ops_t hist_ops = {sizeof(hs_ws_t), hs_init, hist_next};

/* ---- bucketcount and bucketsort: B CTAs of one warp, grid-stride */

/* Lanes whose element of iteration j exists; el[] gets the element ids. */
static uint32_t band(const hs_data_t *h, const hs_ws_t *s, uint32_t *el)
{
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t e = s->gid[l] + (uint64_t)s->j * h->blocks * 32;
        el[l] = (uint32_t)e;
        if ((s->live >> l & 1) && e < h->n)
            m |= 1u << l;
    }
    return m;
}

enum { C_ELEM, C_PIVOT, C_INDICE, C_COUNTS };

static void count_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_data_t *h = ((const hs_args_t *)kn->args)->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t el[GM_WARP_SIZE];
    uint32_t m = band(h, s, el);
    if (s->step == C_ELEM && !m) {
        s->step = C_COUNTS;
        s->j = 0;
    }
    switch (s->step) {
    case C_ELEM: /* input[tid] */
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            ad[l] = h->d_in + 4ull * el[l];
            s->idx[l] = DIV / 2 - 1;
        }
        put(o, GM_OP_LOAD, 4, 3, m, ad, __LINE__);
        s->k = 0;
        s->step = C_PIVOT;
        return;
    case C_PIVOT: /* tex1Dfetch(texPivot, idx), then idx moves by 256 >> k */
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            ad[l] = h->d_piv + 4ull * s->idx[l];
        put(o, GM_OP_LOAD, 4, 3, m, ad, __LINE__);
        if (s->k == 9) {
            s->step = C_INDICE;
            return;
        }
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if (m >> l & 1) {
                uint32_t jump = (DIV / 4) >> s->k;
                s->idx[l] = h->val[el[l]] < h->piv[s->idx[l]] ? s->idx[l] - jump
                                                                : s->idx[l] + jump;
            }
        s->k++;
        return;
    case C_INDICE:
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            ad[l] = h->d_indice + 4ull * el[l];
        put(o, GM_OP_STORE, 4, 12, m, ad, __LINE__);
        s->j++;
        s->step = C_ELEM;
        return;
    default: /* the CTA's 1024 counts, 32 lanes at a time */
        if (s->j == DIV / 32) {
            wl_exit(o, 1);
            return;
        }
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            ad[l] = h->d_prefix + 4ull * ((uint64_t)s->bx * DIV + s->j * 32 + s->tx[l]);
        put(o, GM_OP_STORE, 4, 2, s->live, ad, __LINE__);
        s->j++;
        return;
    }
}

static const gm_kernel_ops_t count_ops = {sizeof(hs_ws_t), hs_init, count_next};

enum { S_LOFF, S_PREFIX, S_ELEM, S_INDICE, S_OUT };

static void sort_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_data_t *h = ((const hs_args_t *)kn->args)->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t el[GM_WARP_SIZE];
    if (s->step == S_LOFF && s->j == DIV / 32) {
        s->step = S_ELEM;
        s->j = 0;
    }
    uint32_t m = s->step >= S_ELEM ? band(h, s, el) : s->live;
    if (!m) {
        wl_exit(o, 1);
        return;
    }
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t i = s->j * 32 + s->tx[l];
        switch (s->step) {
        case S_LOFF: ad[l] = h->d_loff + 4ull * (i & (DIV - 1)); break;
        case S_PREFIX: ad[l] = h->d_prefix + 4ull * ((uint64_t)s->bx * DIV + i); break;
        case S_ELEM: ad[l] = h->d_in + 4ull * el[l]; break;
        case S_INDICE: ad[l] = h->d_indice + 4ull * el[l]; break;
        default: ad[l] = (m >> l & 1) ? h->d_out + 4ull * h->pos[el[l]] : 0; break;
        }
    }
    switch (s->step) {
    case S_LOFF:
        put(o, GM_OP_LOAD, 4, 2, m, ad, __LINE__);
        s->step = S_PREFIX;
        return;
    case S_PREFIX:
        put(o, GM_OP_LOAD, 4, 0, m, ad, __LINE__);
        s->j++;
        s->step = S_LOFF;
        return;
    case S_ELEM:
        put(o, GM_OP_LOAD, 4, 3, m, ad, __LINE__);
        s->step = S_INDICE;
        return;
    case S_INDICE:
        put(o, GM_OP_LOAD, 4, 0, m, ad, __LINE__);
        s->step = S_OUT;
        return;
    default: /* output[s_offset[division] + rank] */
        put(o, GM_OP_STORE, 4, 6, m, ad, __LINE__);
        s->j++;
        s->step = S_ELEM;
        return;
    }
}

static const gm_kernel_ops_t sort_ops = {sizeof(hs_ws_t), hs_init, sort_next};

/* ---- bucketprefixoffset: thread d down division d's column */

static void prefix_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_data_t *h = ((const hs_args_t *)kn->args)->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    if (s->step == 2) {
        wl_exit(o, 1);
        return;
    }
    int last = s->j == h->blocks;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        ad[l] = last ? h->d_offsets + 4ull * s->gid[l]
                     : h->d_prefix + 4ull * ((uint64_t)s->j * DIV + s->gid[l]);
    if (last) { /* d_offsets[d] = the division's total */
        put(o, GM_OP_STORE, 4, 1, s->live, ad, __LINE__);
        s->step = 2;
    } else if (s->step == 0) {
        put(o, GM_OP_LOAD, 4, 3, s->live, ad, __LINE__);
        s->step = 1;
    } else {
        put(o, GM_OP_STORE, 4, 1, s->live, ad, __LINE__);
        s->step = 0;
        s->j++;
    }
}

static const gm_kernel_ops_t prefix_ops = {sizeof(hs_ws_t), hs_init, prefix_next};

/* ---- mergeSortFirst */

static void first_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_args_t *a = kn->args;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if ((s->live >> l & 1) && s->gid[l] < a->h->n4)
            m |= 1u << l;
        ad[l] = (s->step == 0 ? a->src : a->dst) + 16ull * s->gid[l];
    }
    if (!m || s->step == 2) {
        wl_exit(o, 1);
        return;
    }
    if (s->step == 0)
        put(o, GM_OP_LOAD, 16, 4, m, ad, __LINE__);
    else /* after sortElem's network */
        put(o, GM_OP_STORE, 16, 26, m, ad, __LINE__);
    s->step++;
}

static const gm_kernel_ops_t first_ops = {sizeof(hs_ws_t), hs_init, first_next};

/* ---- mergeSortPass */

static int took_b(const hs_data_t *h, uint32_t pass, uint32_t at)
{
    uint64_t bit = (uint64_t)pass * h->n4 + at;
    return h->bits[bit >> 3] >> (bit & 7) & 1;
}

static void pass_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const hs_args_t *a = kn->args;
    const hs_data_t *h = a->h;
    hs_ws_t *s = ws;
    hs_init(kn, ws, cta, warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t d = s->gid[l] / a->tpd;
        if (!(s->live >> l & 1) || d >= DIV)
            continue;
        s->a[l] = h->start4[d] + (s->gid[l] - d * a->tpd) * a->nr;
        s->b[l] = s->a[l] + a->nr / 2;
        s->end[l] = h->start4[d + 1];
        if (s->a[l] >= s->end[l])
            continue;
        if (s->b[l] >= s->end[l])
            s->copy |= 1u << l;
        else
            s->merge |= 1u << l;
    }
    s->run = s->merge;
}

enum { M_COPY_LD, M_COPY_ST, M_HEAD_A, M_HEAD_B, M_NEXT_A, M_NEXT_B, M_OUT, M_TAIL, M_DONE };

static void pass_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_args_t *a = kn->args;
    const hs_data_t *h = a->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t half = a->nr / 2, m = 0;
    if (s->step == M_COPY_LD) {
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->copy >> l & 1) && s->j < s->end[l] - s->a[l])
                m |= 1u << l;
        if (!m)
            s->step = s->merge ? M_HEAD_A : M_DONE;
    }
    if (s->step == M_NEXT_A && !s->run)
        s->step = M_TAIL;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t f; /* the float4 this lane touches */
        switch (s->step) {
        case M_COPY_LD:
        case M_COPY_ST: f = s->a[l] + s->j; break;
        case M_HEAD_A: f = s->a[l]; break;
        case M_HEAD_B: f = s->b[l]; break;
        case M_NEXT_A: f = (s->a[l] + s->ai[l] + 1) % h->n4; break;
        case M_NEXT_B: f = (s->b[l] + s->bi[l] + 1) % h->n4; break;
        default: f = s->a[l] + s->it[l]; break;
        }
        int store = s->step == M_COPY_ST || s->step == M_OUT || s->step == M_TAIL;
        ad[l] = (store ? a->dst : a->src) + 16ull * f;
    }
    switch (s->step) {
    case M_COPY_LD:
        put(o, GM_OP_LOAD, 16, 4, m, ad, __LINE__);
        s->k = m;
        s->step = M_COPY_ST;
        return;
    case M_COPY_ST:
        put(o, GM_OP_STORE, 16, 1, s->k, ad, __LINE__);
        s->j++;
        s->step = M_COPY_LD;
        return;
    case M_HEAD_A:
        put(o, GM_OP_LOAD, 16, 8, s->merge, ad, __LINE__);
        s->step = M_HEAD_B;
        return;
    case M_HEAD_B:
        put(o, GM_OP_LOAD, 16, 1, s->merge, ad, __LINE__);
        s->step = M_NEXT_A;
        return;
    case M_NEXT_A:
        put(o, GM_OP_LOAD, 16, 6, s->run, ad, __LINE__);
        s->step = M_NEXT_B;
        return;
    case M_NEXT_B:
        put(o, GM_OP_LOAD, 16, 1, s->run, ad, __LINE__);
        s->step = M_OUT;
        return;
    case M_OUT: /* the lowest four of a and b, after the merge network */
        put(o, GM_OP_STORE, 16, 64, s->run, ad, __LINE__);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            if (!(s->run >> l & 1))
                continue;
            int left_a = s->ai[l] + 1 < half;
            int left_b = s->bi[l] + 1 < half && s->b[l] + s->bi[l] + 1 < s->end[l];
            uint32_t at = s->a[l] + s->it[l];
            s->it[l]++;
            if (left_a && left_b) {
                if (took_b(h, a->pass, at))
                    s->bi[l]++;
                else
                    s->ai[l]++;
            } else if (left_a) {
                s->ai[l]++;
            } else if (left_b) {
                s->bi[l]++;
            } else {
                s->run &= ~(1u << l);
            }
        }
        s->step = M_NEXT_A;
        return;
    case M_TAIL: /* the highest four, after the loop */
        put(o, GM_OP_STORE, 16, 2, s->merge, ad, __LINE__);
        s->step = M_DONE;
        return;
    default:
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t pass_ops = {sizeof(hs_ws_t), pass_init, pass_next};

/* ---- mergepack: CTA (x, d) packs floats x*256.. of division d */

static void pack_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const hs_args_t *a = kn->args;
    const hs_data_t *h = a->h;
    hs_ws_t *s = ws;
    uint64_t ad[GM_WARP_SIZE];
    uint32_t d = s->by, m = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint32_t i = s->gid[l];
        if ((s->live >> l & 1) && h->fin[d] + (uint64_t)i < h->fin[d + 1])
            m |= 1u << l;
        ad[l] = s->step == 0 ? a->src + 4ull * ((uint64_t)h->start4[d] * 4 + h->nul[d] + i)
                             : a->dst + 4ull * ((uint64_t)h->fin[d] + i);
    }
    if (!m || s->step == 2) {
        wl_exit(o, 1);
        return;
    }
    if (s->step == 0)
        put(o, GM_OP_LOAD, 4, 6, m, ad, __LINE__);
    else
        put(o, GM_OP_STORE, 4, 0, m, ad, __LINE__);
    s->step++;
}

static const gm_kernel_ops_t pack_ops = {sizeof(hs_ws_t), hs_init, pack_next};

/* ---- the host side */

/* calcPivotPoints: walk the histogram, cutting a pivot wherever a
 * division's worth (n / DIV) of elements has accumulated, interpolating
 * inside a bin; unfilled pivots repeat the last. Rodinia stops the
 * program when the cuts overflow; here the cutting stops. */
static void pivots(const uint32_t *hist, uint32_t n, float mn, float mx, float *piv)
{
    float width = (mx - mn) / (float)DIV, per = (float)n / (float)DIV;
    float starts = mn, ends = mn + width, need = per;
    unsigned p = 0;
    for (unsigned i = 0; i < DIV - 1; i++) {
        float c = (float)hist[i];
        while (c > need && p < DIV) {
            piv[p++] = starts + need / c * width;
            starts += need / c * width;
            c -= need;
            need = per;
        }
        need -= c;
        starts = ends;
        ends += width;
    }
    for (; p < DIV; p++)
        piv[p] = p ? piv[p - 1] : mx;
}

/* The division an element falls in, by bucketcount's search. */
static uint32_t division_of(const float *piv, float v)
{
    uint32_t idx = DIV / 2 - 1;
    for (uint32_t jump = DIV / 4; jump >= 1; jump /= 2)
        idx = v < piv[idx] ? idx - jump : idx + jump;
    return v < piv[idx] ? idx : idx + 1;
}

/* The lowest four of sorted quads x and y into lo, the highest into hi,
 * each sorted (getLowest/getHighest, then sortElem on each). */
static void merge4(const float *x, const float *y, float *lo, float *hi)
{
    float t[8];
    unsigned i = 0, j = 0;
    for (unsigned k = 0; k < 8; k++)
        t[k] = j == 4 || (i < 4 && x[i] <= y[j]) ? x[i++] : y[j++];
    memcpy(lo, t, sizeof t / 2);
    memcpy(hi, t + 4, sizeof t / 2);
}

static int cmp_float(const void *p, const void *q)
{
    float x = *(const float *)p, y = *(const float *)q;
    return (x > y) - (x < y);
}

/* One mergeSortPass over `in` into `out`, recording each merge step's
 * choice at bit A + step of `bits`. */
static void host_pass(const hs_data_t *h, uint32_t nr, uint32_t tpd, const float *in, float *out,
                      uint8_t *bits)
{
    uint32_t half = nr / 2;
    for (uint32_t d = 0; d < DIV; d++)
        for (uint32_t t = 0; t < tpd; t++) {
            uint32_t A = h->start4[d] + t * nr, B = A + half, end = h->start4[d + 1];
            if (A >= end)
                break;
            if (B >= end) {
                memcpy(out + 4ull * A, in + 4ull * A, 16ull * (end - A));
                continue;
            }
            float a[4], b[4], lo[4];
            uint32_t ai = 0, bi = 0, it = 0;
            memcpy(a, in + 4ull * A, 16);
            memcpy(b, in + 4ull * B, 16);
            for (;;) {
                const float *na = in + 4ull * ((A + ai + 1) % h->n4);
                const float *nb = in + 4ull * ((B + bi + 1) % h->n4);
                merge4(a, b, lo, b);
                memcpy(out + 4ull * (A + it), lo, 16);
                int left_a = ai + 1 < half, left_b = bi + 1 < half && B + bi + 1 < end;
                int take_b = left_b && (!left_a || !(na[0] < nb[0]));
                if (!left_a && !left_b)
                    break;
                if (take_b)
                    bits[(A + it) >> 3] |= (uint8_t)(1u << ((A + it) & 7));
                memcpy(a, take_b ? nb : na, 16);
                ai += !take_b;
                bi += take_b;
                it++;
            }
            memcpy(out + 4ull * (A + it + 1), b, 16);
        }
}

/* Bucket phase on the host: divisions, ranks and scatter positions. */
static int host_buckets(wl_builder_t *b, hs_data_t *h, float *val, float *piv, uint32_t *pos,
                        uint32_t *start4, uint32_t *fin, uint32_t *nul)
{
    uint32_t n = h->n;
    float mn = val[0], mx = val[0];
    for (uint32_t i = 1; i < n; i++) {
        mn = val[i] < mn ? val[i] : mn;
        mx = val[i] > mx ? val[i] : mx;
    }
    uint32_t hist[DIV] = {0};
    for (uint32_t i = 0; i < n; i++) {
        /* the kernel's bin; the maximum wraps to bin 0 as its & 0x3FF does */
        uint32_t bin = mx > mn ? (uint32_t)((val[i] - mn) / (mx - mn) * (float)DIV) : 0;
        hist[bin & (DIV - 1)]++;
    }
    pivots(hist, n, mn, mx, piv);

    uint32_t *cnt = calloc((size_t)h->blocks * DIV, sizeof *cnt);
    uint32_t *div = malloc(4ull * n);
    if (!cnt || !div) {
        free(cnt), free(div);
        return wl_fail(b, NULL, "out of memory");
    }
    uint64_t threads = (uint64_t)h->blocks * 32;
    uint32_t size[DIV] = {0};
    for (uint64_t e = 0; e < n; e++) { /* e's CTA is (e / 32) % B; ranks in e order */
        uint32_t blk = (uint32_t)(e % threads / 32), d = division_of(piv, val[e]);
        div[e] = d;
        pos[e] = cnt[(size_t)blk * DIV + d]++;
        size[d]++;
    }
    /* bucketprefixoffset's running sums, then the host's padded starts */
    for (uint32_t d = 0; d < DIV; d++) {
        uint32_t sum = 0;
        for (uint32_t k = 0; k < h->blocks; k++) {
            uint32_t x = cnt[(size_t)k * DIV + d];
            cnt[(size_t)k * DIV + d] = sum;
            sum += x;
        }
        nul[d] = (4 - size[d] % 4) % 4;
        start4[d + 1] = start4[d] + (size[d] + nul[d]) / 4;
        fin[d + 1] = fin[d] + size[d];
        if ((size[d] + nul[d]) / 4 > h->largest4)
            h->largest4 = (size[d] + nul[d]) / 4;
    }
    for (uint64_t e = 0; e < n; e++) {
        uint32_t blk = (uint32_t)(e % threads / 32);
        pos[e] += 4 * start4[div[e]] + cnt[(size_t)blk * DIV + div[e]];
    }
    h->n4 = start4[DIV];
    free(cnt), free(div);
    return 0;
}

static uint32_t passes_of(uint32_t largest4)
{
    uint32_t p = 0;
    for (uint32_t nr = 2;; nr *= 2) {
        p++;
        if ((largest4 + nr - 1) / nr <= 1)
            return p;
    }
}

static int hs_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_N];
    hs_data_t *h = wl_host(b, sizeof *h);
    float *val = wl_host(b, 4ull * n), *piv = wl_host(b, 4ull * DIV);
    uint32_t *pos = wl_host(b, 4ull * n), *start4 = wl_host(b, 4ull * (DIV + 1)),
             *fin = wl_host(b, 4ull * (DIV + 1)), *nul = wl_host(b, 4ull * DIV);
    if (!h || !val || !piv || !pos || !start4 || !fin || !nul)
        return -1;
    h->n = n;
    h->blocks = wl_ceil_div(n, 32 * BAND);
    gm_rng_t r;
    wl_rng(b, &r, 1);
    for (uint32_t i = 0; i < n; i++)
        val[i] = (float)gm_rng_bits(&r, 24) / 16777216.0f;
    if (host_buckets(b, h, val, piv, pos, start4, fin, nul))
        return -1;
    h->val = val, h->piv = piv, h->pos = pos, h->start4 = start4, h->fin = fin, h->nul = nul;

    uint32_t passes = passes_of(h->largest4);
    uint8_t *bits = wl_host(b, ((uint64_t)passes * h->n4 + 7) / 8 + 1);
    float *x = malloc(16ull * h->n4), *y = malloc(16ull * h->n4);
    if (!bits || !x || !y) {
        free(x), free(y);
        return bits ? wl_fail(b, NULL, "out of memory") : -1;
    }
    memset(x, 0, 16ull * h->n4); /* the null elements: cudaMemset's zeros */
    for (uint32_t i = 0; i < n; i++)
        x[pos[i]] = val[i];
    for (uint32_t f = 0; f < h->n4; f++)
        qsort(x + 4ull * f, 4, sizeof *x, cmp_float);
    /* the passes' choices, each pass's bits n4 apart (byte-aligned when
     * n4 is a multiple of 8; otherwise shifted in through a scratch row) */
    uint8_t *row = calloc((h->n4 + 7) / 8, 1);
    if (!row) {
        free(x), free(y);
        return wl_fail(b, NULL, "out of memory");
    }
    for (uint32_t q = 0, nr = 2; q < passes; q++, nr *= 2) {
        memset(row, 0, (h->n4 + 7) / 8);
        host_pass(h, nr, (h->largest4 + nr - 1) / nr, x, y, row);
        for (uint32_t f = 0; f < h->n4; f++)
            if (row[f >> 3] >> (f & 7) & 1) {
                uint64_t bit = (uint64_t)q * h->n4 + f;
                bits[bit >> 3] |= (uint8_t)(1u << (bit & 7));
            }
        float *t = x;
        x = y, y = t;
    }
    free(row), free(x), free(y);
    h->bits = bits;

    h->d_in = wl_array(b, 4ull * (n + 4 * DIV));
    h->d_out = wl_array(b, 4ull * (n + 4 * DIV));
    h->d_offsets = wl_array(b, 4ull * DIV);
    h->d_indice = wl_array(b, 4ull * n);
    h->d_piv = wl_array(b, 4ull * DIV);
    h->d_loff = wl_array(b, 4ull * DIV);
    h->d_prefix = wl_array(b, 4ull * h->blocks * DIV);
    h->d_hist = wl_array(b, 4ull * DIV);

    hs_args_t *base = wl_host(b, sizeof *base), *first = wl_host(b, sizeof *first);
    if (!base || !first)
        return -1;
    *base = (hs_args_t){.h = h};
    *first = (hs_args_t){.h = h, .src = h->d_out, .dst = h->d_in};
    wl_launch(b, &(wl_launch_t){"histogram1024Kernel", &hist_ops, base, {HIST_CTAS, 1},
                                {HIST_TB, 1}, 14, 3 * 4 * DIV});
    wl_launch(b, &(wl_launch_t){"bucketcount", &count_ops, base, {h->blocks, 1}, {32, 1}, 16,
                                4 * DIV});
    wl_launch(b, &(wl_launch_t){"bucketprefixoffset", &prefix_ops, base, {DIV / PREFIX_TB, 1},
                                {PREFIX_TB, 1}, 10, 0});
    wl_launch(b, &(wl_launch_t){"bucketsort", &sort_ops, base, {h->blocks, 1}, {32, 1}, 12,
                                4 * DIV});
    wl_launch(b, &(wl_launch_t){"mergeSortFirst", &first_ops, first,
                                {wl_ceil_div(h->n4, FIRST_TB), 1}, {FIRST_TB, 1}, 16, 0});
    uint64_t src = h->d_out, dst = h->d_in; /* swapped before each pass */
    for (uint32_t q = 0, nr = 2; q < passes; q++, nr *= 2) {
        hs_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        uint64_t t = src;
        src = dst, dst = t;
        uint32_t tpd = (h->largest4 + nr - 1) / nr, need = tpd * DIV;
        uint32_t tb = PASS_TB, grid = wl_ceil_div(need, tb);
        if (grid < 8) {
            grid = 8;
            tb = wl_ceil_div(need, 8);
        }
        *a = (hs_args_t){h, q, nr, tpd, src, dst};
        wl_launch(b, &(wl_launch_t){"mergeSortPass", &pass_ops, a, {grid, 1}, {tb, 1}, 32, 0});
    }
    hs_args_t *pack = wl_host(b, sizeof *pack);
    if (!pack)
        return -1;
    *pack = (hs_args_t){.h = h, .src = dst, .dst = src};
    wl_launch(b, &(wl_launch_t){"mergepack", &pack_ops, pack,
                                {wl_ceil_div(4ull * h->largest4, PACK_TB), DIV}, {PACK_TB, 1},
                                8, 0});
    return 0;
}

const wl_def_t wl_hybridsort = {"hybridsort", NULL, hs_params, hs_build};
