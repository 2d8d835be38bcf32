/* Rodinia Heartwall, CUDA version (seed-001 Table 3.1 HW, compute-
 * intensive, 5189 instructions per L2 miss; seed-004 Table 4.1 HT, cache-
 * friendly): tracking 20 endocardial and 31 epicardial points of a mouse
 * heart through an ultrasound video of 104 frames of 609 x 590 pixels (read
 * here as 609 columns by 590 rows), one float a pixel, column-major (pixel
 * (row, col) at col * 590 + row).
 *
 * One launch of `kernel` per frame, 51 CTAs (a point each) of 256 threads
 * (8 warps). Every phase is a CTA-stride loop (element i by thread i mod
 * 256) over one of the point's own global scratch arrays, allocated per
 * point in the host's cudaMalloc order; sizes for template half-width t
 * (Rodinia 25) and search half-width s (40): template 51 x 51, search
 * window 81 x 81, convolution 131 x 131, padded cumulative sums 183 x 183.
 *   frame 0:  thread 0 records the point's start; the template (2t+1)^2
 *             is cut from the frame around it into the point's slot of
 *             endoT / epiT (every iteration rereads the point's row and
 *             column: the store may alias them);
 *   frame f:  the search window (2s+1)^2 around the point's anchor row
 *             and column (both read first) copied to in2; the template
 *             read back to front (rotated, into shared memory); the full
 *             2-D convolution, each output lane looping over its overlap
 *             of template and window, one in2 load per multiply-add (the
 *             lanes of a warp run their own trip counts, SIMT: the warp
 *             loops to the longest); twice (for in2, then in2 squared) the
 *             pad into 183 x 183 zeros, the per-column cumulative sum
 *             (a thread a column walking its rows), two row selections
 *             and a subtraction, the per-row cumulative sum (a thread a
 *             row walking its columns), two column selections and a
 *             subtraction; the deviation; the template's squares and its
 *             column and row sums (a thread a column, then a row); the
 *             normalisation and correlation over 131 x 131; the template
 *             mask (one store an element), its 10 x 10 mask convolution
 *             (one tMask load per term), the maximum search (a thread a
 *             column of mask_conv) and thread 0's store of the tracked
 *             row and column;
 *   every 10th frame additionally: the anchor moves to the tracked
 *             location and the template is blended with the frame around
 *             it (template and frame loaded, template stored).
 * Pixel values do not change the addresses; only where the points go
 * does. The tracked location of each point takes a deterministic step of
 * -1, 0 or +1 rows and columns a frame (drawn from the seed), clamped so
 * the search window stays inside the frame. Rodinia's run processes 20
 * frames; the default here is 2 (frame 0's set-up and one tracking
 * frame, the one that carries all the work) for run time; t and s are
 * parameters (Rodinia's values by default) so tests can run small
 * instances. Compute between memory instructions is estimated from the
 * kernel's arithmetic: about 24 instructions of index division and
 * modulo before an element's first load, 6 a convolution term (a shared
 * load, a multiply-add, index steps, the loop test), 4 a mask term. */
#include "workload/wl.h"

enum { P_FRAMES, P_TSIZE, P_SSIZE };
static const wl_param_t hw_params[] = {
    {"frames", "video frames processed (Rodinia's run: 20)", 2, 1, 104, 0, 0},
    {"tsize", "template half-width t (template 2t+1 square; Rodinia 25)", 25, 1, 25, 0, 0},
    {"ssize", "search half-width s (window 2s+1 square, at least t; Rodinia 40)", 40, 1, 40,
     0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    HW_TB = 256,
    HW_ENDO = 20,
    HW_EPI = 31,
    HW_POINTS = HW_ENDO + HW_EPI,
    HW_VIDEO_FRAMES = 104, /* the tracked-location arrays hold every frame */
    HW_ROWS = 590,
    HW_COLS = 609,
    HW_MASK = 10, /* maxMove: the mask convolution's square */
    HW_UPDATE = 10, /* the template is updated every 10th frame */
};

/* Rodinia's starting points (its main.cu's endo/epi Row and Col tables). */
static const uint16_t hw_row0[HW_POINTS] = {
    369, 400, 429, 452, 476, 486, 479, 458, 433, 404, 374, 346, 318, 294, 277, 269, 275,
    287, 311, 339, 390, 419, 448, 474, 501, 519, 535, 542, 543, 538, 528, 511, 491, 466,
    438, 406, 376, 347, 318, 291, 275, 259, 256, 252, 252, 257, 266, 283, 305, 331, 360};
static const uint16_t hw_col0[HW_POINTS] = {
    408, 406, 397, 383, 354, 322, 294, 270, 250, 237, 235, 241, 254, 273, 300, 328, 356,
    383, 401, 411, 457, 454, 446, 431, 411, 388, 361, 331, 301, 273, 243, 218, 196, 178,
    166, 157, 155, 165, 177, 197, 218, 248, 276, 304, 333, 361, 391, 415, 434, 448, 455};

/* device arrays; the first five are the point's endo or epi ones */
enum {
    A_FRAME, A_ROW, A_COL, A_TROW, A_TCOL, A_T,
    A_IN2, A_CONV, A_PAD, A_PADSEL, A_CUMH, A_CUMHSEL, A_SUB2, A_IN2SQR, A_SQRSUB2,
    A_INSQR, A_TMASK, A_MCONV, A_COUNT
};
#define HW_FIRST_SCRATCH A_IN2

/* how a reference indexes its array, for element (or thread) e, step k */
enum {
    X_E,       /* e */
    X_PT,      /* the point's own entry of Row / Col */
    X_LOC,     /* tracked location, this frame */
    X_LOCPREV, /* tracked location, the frame before */
    X_WIN,     /* the frame pixel of search-window element e */
    X_TWIN,    /* the frame pixel of template element e around the location */
    X_T,       /* template element e */
    X_TROT,    /* template element e1 - 1 - e (rotated by 180 degrees) */
    X_PAD,     /* the in2 element under padded element e; none in the border */
    X_SELA,    /* rows n1.. of the padded array, column e / nc */
    X_SELB,    /* rows 0.. of the padded array */
    X_CUMV,    /* column e, row k of the padded array */
    X_CUMH,    /* row e, column k of the nc-row array */
    X_SELC,    /* columns n1.. of the nc-row array */
    X_TCOL,    /* template column e, row k */
    X_TROW,    /* in_sqr row e, column k */
    X_MAX,     /* mask_conv column e, row k */
};

enum { K_WARP, K_LANE0, K_ELEM, K_SCAN, K_CONV, K_MCONV };
enum { C_ONE, C_E1, C_E2, C_EC, C_ESEL, C_EP, C_NP, C_NC, C_N1 }; /* counts */

typedef struct hw_ref {
    uint8_t op, arr, x;
    uint16_t gap;
} hw_ref_t;

typedef struct hw_phase {
    uint8_t kind, count, steps; /* steps: K_SCAN's loop length (a count) */
    uint8_t nrefs;
    hw_ref_t refs[5]; /* K_CONV / K_MCONV: the references after the loop */
} hw_phase_t;

#define LD(a, x, g) {GM_OP_LOAD, a, x, g}
#define ST(a, x, g) {GM_OP_STORE, a, x, g}
enum {
    PH_INIT_LOC, PH_INIT_T, PH_ANCHOR, PH_IN2, PH_ROT, PH_CONV, PH_PAD1, PH_PAD2, PH_CUMV,
    PH_SELA, PH_SELB, PH_SUB1, PH_CUMH, PH_SELC, PH_SELD1, PH_SELD2, PH_SUB21, PH_SUB22,
    PH_SQR, PH_DEV, PH_TSQR, PH_TSUM, PH_TSQSUM, PH_SCALE, PH_CONVSUB, PH_CORR, PH_PREV,
    PH_TMASK, PH_MCONV, PH_MAX, PH_FINAL, PH_UPLOC, PH_UPT
};
static const hw_phase_t hw_phases[] = {
    [PH_INIT_LOC] = {K_LANE0, C_ONE, 0, 4, {LD(A_ROW, X_PT, 4), ST(A_TROW, X_LOC, 1),
                                           LD(A_COL, X_PT, 1), ST(A_TCOL, X_LOC, 1)}},
    [PH_INIT_T] = {K_ELEM, C_E1, 0, 4, {LD(A_ROW, X_PT, 20), LD(A_COL, X_PT, 1),
                                        LD(A_FRAME, X_TWIN, 6), ST(A_T, X_T, 2)}},
    [PH_ANCHOR] = {K_WARP, C_ONE, 0, 2, {LD(A_ROW, X_PT, 4), LD(A_COL, X_PT, 1)}},
    [PH_IN2] = {K_ELEM, C_E2, 0, 2, {LD(A_FRAME, X_WIN, 24), ST(A_IN2, X_E, 2)}},
    [PH_ROT] = {K_ELEM, C_E1, 0, 1, {LD(A_T, X_TROT, 24)}},
    [PH_CONV] = {K_CONV, C_EC, 0, 1, {ST(A_CONV, X_E, 2)}},
    [PH_PAD1] = {K_ELEM, C_EP, 0, 2, {LD(A_IN2, X_PAD, 28), ST(A_PAD, X_E, 2)}},
    [PH_PAD2] = {K_ELEM, C_EP, 0, 2, {LD(A_IN2SQR, X_PAD, 28), ST(A_PAD, X_E, 2)}},
    [PH_CUMV] = {K_SCAN, C_NP, C_NP, 2, {LD(A_PAD, X_CUMV, 2), ST(A_PAD, X_CUMV, 1)}},
    [PH_SELA] = {K_ELEM, C_ESEL, 0, 2, {LD(A_PAD, X_SELA, 24), ST(A_PADSEL, X_E, 2)}},
    [PH_SELB] = {K_ELEM, C_ESEL, 0, 2, {LD(A_PAD, X_SELB, 24), ST(A_CUMH, X_E, 2)}},
    [PH_SUB1] = {K_ELEM, C_ESEL, 0, 3, {LD(A_PADSEL, X_E, 4), LD(A_CUMH, X_E, 1),
                                        ST(A_CUMH, X_E, 2)}},
    [PH_CUMH] = {K_SCAN, C_NC, C_NP, 2, {LD(A_CUMH, X_CUMH, 2), ST(A_CUMH, X_CUMH, 1)}},
    [PH_SELC] = {K_ELEM, C_EC, 0, 2, {LD(A_CUMH, X_SELC, 24), ST(A_CUMHSEL, X_E, 2)}},
    [PH_SELD1] = {K_ELEM, C_EC, 0, 2, {LD(A_CUMH, X_E, 24), ST(A_SUB2, X_E, 2)}},
    [PH_SELD2] = {K_ELEM, C_EC, 0, 2, {LD(A_CUMH, X_E, 24), ST(A_SQRSUB2, X_E, 2)}},
    [PH_SUB21] = {K_ELEM, C_EC, 0, 3, {LD(A_CUMHSEL, X_E, 4), LD(A_SUB2, X_E, 1),
                                       ST(A_SUB2, X_E, 2)}},
    [PH_SUB22] = {K_ELEM, C_EC, 0, 3, {LD(A_CUMHSEL, X_E, 4), LD(A_SQRSUB2, X_E, 1),
                                       ST(A_SQRSUB2, X_E, 2)}},
    [PH_SQR] = {K_ELEM, C_E2, 0, 2, {LD(A_IN2, X_E, 4), ST(A_IN2SQR, X_E, 2)}},
    [PH_DEV] = {K_ELEM, C_EC, 0, 3, {LD(A_SUB2, X_E, 4), LD(A_SQRSUB2, X_E, 1),
                                     ST(A_SQRSUB2, X_E, 20)}},
    [PH_TSQR] = {K_ELEM, C_E1, 0, 2, {LD(A_T, X_T, 4), ST(A_INSQR, X_E, 2)}},
    [PH_TSUM] = {K_SCAN, C_N1, C_N1, 1, {LD(A_T, X_TCOL, 3)}},
    [PH_TSQSUM] = {K_SCAN, C_N1, C_N1, 1, {LD(A_INSQR, X_TROW, 3)}},
    [PH_SCALE] = {K_ELEM, C_EC, 0, 2, {LD(A_SQRSUB2, X_E, 10), ST(A_SQRSUB2, X_E, 2)}},
    [PH_CONVSUB] = {K_ELEM, C_EC, 0, 3, {LD(A_CONV, X_E, 4), LD(A_SUB2, X_E, 1),
                                         ST(A_CONV, X_E, 20)}},
    [PH_CORR] = {K_ELEM, C_EC, 0, 3, {LD(A_CONV, X_E, 4), LD(A_SQRSUB2, X_E, 1),
                                      ST(A_SQRSUB2, X_E, 20)}},
    [PH_PREV] = {K_WARP, C_ONE, 0, 4, {LD(A_TROW, X_LOCPREV, 4), LD(A_ROW, X_PT, 1),
                                       LD(A_TCOL, X_LOCPREV, 1), LD(A_COL, X_PT, 1)}},
    [PH_TMASK] = {K_ELEM, C_EC, 0, 1, {ST(A_TMASK, X_E, 6)}},
    [PH_MCONV] = {K_MCONV, C_EC, 0, 2, {LD(A_SQRSUB2, X_E, 2), ST(A_MCONV, X_E, 2)}},
    [PH_MAX] = {K_SCAN, C_NC, C_NC, 1, {LD(A_MCONV, X_MAX, 6)}},
    /* thread 0 first scans the 131 partial maxima in shared memory */
    [PH_FINAL] = {K_LANE0, C_ONE, 0, 4, {LD(A_ROW, X_PT, 4 * 131), LD(A_COL, X_PT, 1),
                                         ST(A_TROW, X_LOC, 20), ST(A_TCOL, X_LOC, 1)}},
    [PH_UPLOC] = {K_WARP, C_ONE, 0, 4, {LD(A_TROW, X_LOC, 4), ST(A_ROW, X_PT, 1),
                                        LD(A_TCOL, X_LOC, 1), ST(A_COL, X_PT, 1)}},
    [PH_UPT] = {K_ELEM, C_E1, 0, 5, {LD(A_ROW, X_PT, 20), LD(A_COL, X_PT, 1),
                                     LD(A_T, X_T, 6), LD(A_FRAME, X_TWIN, 1),
                                     ST(A_T, X_T, 6)}},
};

static const uint8_t hw_prog0[] = {PH_INIT_LOC, PH_INIT_T};
static const uint8_t hw_prog[] = {
    PH_ANCHOR, PH_IN2, PH_ROT, PH_CONV,
    PH_PAD1, PH_CUMV, PH_SELA, PH_SELB, PH_SUB1, PH_CUMH, PH_SELC, PH_SELD1, PH_SUB21,
    PH_SQR,
    PH_PAD2, PH_CUMV, PH_SELA, PH_SELB, PH_SUB1, PH_CUMH, PH_SELC, PH_SELD2, PH_SUB22,
    PH_DEV, PH_TSQR, PH_TSUM, PH_TSQSUM, PH_SCALE, PH_CONVSUB, PH_CORR,
    PH_PREV, PH_TMASK, PH_MCONV, PH_MAX, PH_FINAL,
    PH_UPLOC, PH_UPT}; /* the last two only every 10th frame */
enum { HW_PROG_UPDATE = 2 };

/* Everything the launches share: sizes, every point's array bases and
 * tracked locations. */
typedef struct hw_data {
    uint32_t t, s, n1, n2, nc, np, frames;
    uint32_t count[C_N1 + 1];
    uint64_t base[HW_POINTS][A_COUNT];
    uint16_t *row, *col; /* [point * frames + f]: tracked location */
} hw_data_t;

typedef struct hw_args {
    const hw_data_t *d;
    const uint8_t *prog;
    uint32_t nprog, frame;
} hw_args_t;

typedef struct hw_ws {
    uint32_t pt, warp, it, k, pend;
    uint16_t ph, r, a, b, amax;
    uint8_t stage, set;
    /* K_CONV / K_MCONV: each lane's 1-based output (ic, jc), its outer
     * loop's first index and trips, its inner loop's */
    uint16_t ic[GM_WARP_SIZE], jc[GM_WARP_SIZE];
    uint16_t olo[GM_WARP_SIZE], on[GM_WARP_SIZE], ilo[GM_WARP_SIZE], in[GM_WARP_SIZE];
} hw_ws_t;

static void hw_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k;
    hw_ws_t *s = ws;
    *s = (hw_ws_t){0};
    s->pt = cta;
    s->warp = warp;
}

/* Rodinia indexes a point's entries by its number within its set. */
static uint32_t hw_pn(uint32_t pt)
{
    return pt < HW_ENDO ? pt : pt - HW_ENDO;
}

/* The frame whose tracked location is the anchor of frame f's search. */
static uint32_t hw_anchor_frame(uint32_t f)
{
    return f == 0 ? 0 : (f - 1) / HW_UPDATE * HW_UPDATE;
}

/* The element index reference x makes for element e at step k, or -1 when
 * the lane does not access (a padding border element). */
static int64_t hw_index(const hw_args_t *a, uint32_t pt, uint8_t x, uint64_t e, uint64_t k)
{
    const hw_data_t *d = a->d;
    uint64_t n1 = d->n1, n2 = d->n2, nc = d->nc, np = d->np, pn = hw_pn(pt);
    const uint16_t *row = d->row + (uint64_t)pt * d->frames, *col = d->col + (uint64_t)pt * d->frames;
    switch (x) {
    case X_PT: return (int64_t)pn;
    case X_LOC: return (int64_t)(pn * HW_VIDEO_FRAMES + a->frame);
    case X_LOCPREV: return (int64_t)(pn * HW_VIDEO_FRAMES + a->frame - 1);
    case X_WIN: {
        uint32_t f = hw_anchor_frame(a->frame);
        return (int64_t)((col[f] - d->s - 1 + e / n2) * HW_ROWS + row[f] - d->s - 1 + e % n2);
    }
    case X_TWIN:
        return (int64_t)((col[a->frame] - d->t - 1 + e / n1) * HW_ROWS + row[a->frame] - d->t -
                         1 + e % n1);
    case X_T: return (int64_t)(pn * n1 * n1 + e);
    case X_TROT: return (int64_t)(pn * n1 * n1 + n1 * n1 - 1 - e);
    case X_PAD: {
        uint64_t r = e % np, c = e / np;
        if (r < n1 || r >= n1 + n2 || c < n1 || c >= n1 + n2)
            return -1;
        return (int64_t)((c - n1) * n2 + r - n1);
    }
    case X_SELA: return (int64_t)(e / nc * np + e % nc + n1);
    case X_SELB: return (int64_t)(e / nc * np + e % nc);
    case X_CUMV: return (int64_t)(e * np + k);
    case X_CUMH: return (int64_t)(e + k * nc);
    case X_SELC: return (int64_t)((e / nc + n1) * nc + e % nc);
    case X_TCOL: return (int64_t)(pn * n1 * n1 + e * n1 + k);
    case X_TROW: return (int64_t)(e + n1 * k);
    case X_MAX: return (int64_t)(e * nc + k);
    default: return (int64_t)e;
    }
}

/* Emit ref for lanes `live` at elements first + lane; false when no lane
 * accesses (its compute then carries into the next instruction). */
static int hw_emit(const hw_args_t *a, hw_ws_t *s, const hw_ref_t *r, uint32_t live,
                   uint64_t first, uint64_t k, gm_inst_t *o)
{
    uint32_t act = 0;
    uint64_t base = a->d->base[s->pt][r->arr];
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        int64_t i = (live >> l & 1) ? hw_index(a, s->pt, r->x, first + l, k) : -1;
        o->addr[l] = i < 0 ? 0 : base + 4 * (uint64_t)i;
        act |= (uint32_t)(i >= 0) << l;
    }
    s->pend += r->gap;
    if (!act)
        return 0;
    wl_mem(o, r->op, 4, s->pend, act);
    s->pend = 0;
    return 1;
}

static uint32_t hw_live(uint32_t count, uint64_t first)
{
    if (first >= count)
        return 0;
    return count - first >= 32 ? UINT32_MAX : (1u << (count - first)) - 1;
}

/* Each lane's loop bounds for output element first + l (1-based ic, jc in
 * the nc x nc output): the convolution of template and window (outer over
 * template columns, inner over template rows overlapping) or of the
 * tMask with the 10 x 10 mask centred (offset 5, as Rodinia rounds). */
static void hw_nest_set(const hw_data_t *d, hw_ws_t *s, int mask, uint32_t live, uint64_t first)
{
    uint32_t nc = d->nc, lo_n = mask ? HW_MASK : d->n2, hi = mask ? nc : d->n1;
    uint32_t off = mask ? HW_MASK / 2 : 0;
    s->amax = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if (!(live >> l & 1)) {
            s->on[l] = s->in[l] = 0;
            continue;
        }
        uint32_t e = (uint32_t)(first + l), ic = e % nc + 1, jc = e / nc + 1;
        uint32_t i = ic + off, j = jc + off;
        uint32_t ja1 = j + 1 > lo_n ? j + 1 - lo_n : 1, ja2 = j < hi ? j : hi;
        uint32_t ia1 = i + 1 > lo_n ? i + 1 - lo_n : 1, ia2 = i < hi ? i : hi;
        s->ic[l] = (uint16_t)ic;
        s->jc[l] = (uint16_t)jc;
        s->olo[l] = (uint16_t)ja1;
        s->on[l] = (uint16_t)(ja2 + 1 - ja1);
        s->ilo[l] = (uint16_t)ia1;
        s->in[l] = (uint16_t)(ia2 + 1 - ia1);
        if (s->on[l] > s->amax)
            s->amax = s->on[l];
    }
}

/* The nest's next term (a, b): lanes whose outer loop is still at a and
 * whose inner loop has not ended; 0 once every lane has left the nest. */
static int hw_nest_next(const hw_args_t *a, hw_ws_t *s, int mask, gm_inst_t *o)
{
    const hw_data_t *d = a->d;
    while (s->a < s->amax) {
        uint32_t act = 0;
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            act |= (uint32_t)(s->a < s->on[l] && s->b < s->in[l]) << l;
        if (!act) {
            s->a++, s->b = 0;
            continue;
        }
        uint64_t base = d->base[s->pt][mask ? A_TMASK : A_IN2];
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            uint64_t ja = (uint64_t)s->olo[l] + s->a, ia = (uint64_t)s->ilo[l] + s->b;
            uint64_t i = mask ? d->nc * (ja - 1) + ia - 1
                              : d->n2 * (s->jc[l] - ja) + s->ic[l] - ia;
            o->addr[l] = (act >> l & 1) ? base + 4 * i : 0;
        }
        wl_mem(o, GM_OP_LOAD, 4, s->pend + (mask ? 4 : 6), act);
        s->pend = 0;
        s->b++;
        return 1;
    }
    return 0;
}

static void hw_next_phase(hw_ws_t *s)
{
    s->ph++;
    s->it = s->k = 0;
    s->r = s->a = s->b = 0;
    s->stage = s->set = 0;
}

static void hw_next(const gm_kernel_t *kern, void *ws, gm_inst_t *o)
{
    const hw_args_t *a = kern->args;
    const hw_data_t *d = a->d;
    hw_ws_t *s = ws;
    for (;;) {
        if (s->ph >= a->nprog) {
            wl_exit(o, s->pend + 2);
            return;
        }
        const hw_phase_t *p = &hw_phases[a->prog[s->ph]];
        uint64_t first = (uint64_t)s->it * HW_TB + 32u * s->warp;
        uint32_t live = hw_live(d->count[p->count], first);
        if (p->kind == K_WARP || p->kind == K_LANE0) {
            live = p->kind == K_WARP ? UINT32_MAX : s->warp == 0 ? 1u : 0u;
            if (!live || s->r >= p->nrefs) {
                hw_next_phase(s);
                continue;
            }
            if (hw_emit(a, s, &p->refs[s->r++], live, 0, 0, o))
                return;
            continue;
        }
        if (!live) {
            hw_next_phase(s);
            continue;
        }
        if (p->kind == K_ELEM) {
            const hw_ref_t *r = &p->refs[s->r];
            if (++s->r == p->nrefs)
                s->r = 0, s->it++;
            if (hw_emit(a, s, r, live, first, 0, o))
                return;
            continue;
        }
        if (p->kind == K_SCAN) {
            const hw_ref_t *r = &p->refs[s->r];
            uint32_t k = s->k;
            if (++s->r == p->nrefs) {
                s->r = 0;
                if (++s->k == d->count[p->steps])
                    s->k = 0, s->it++;
            }
            if (hw_emit(a, s, r, live, first, k, o))
                return;
            continue;
        }
        /* K_CONV, K_MCONV: the nest, then the element's references */
        int mask = p->kind == K_MCONV;
        if (!s->set) {
            hw_nest_set(d, s, mask, live, first);
            s->set = 1;
            s->a = s->b = 0;
            s->stage = 0;
            s->pend += 30; /* the element's index division and loop bounds */
        }
        if (s->stage == 0) {
            if (hw_nest_next(a, s, mask, o))
                return;
            s->stage = 1;
        }
        const hw_ref_t *r = &p->refs[s->stage - 1];
        if (s->stage++ == p->nrefs)
            s->it++, s->set = 0;
        if (hw_emit(a, s, r, live, first, 0, o))
            return;
    }
}

static const gm_kernel_ops_t hw_ops = {sizeof(hw_ws_t), hw_init, hw_next};

/* A step of -1, 0 or +1 a frame, kept where the search window fits. */
static uint16_t hw_step(uint64_t seed, uint32_t pt, uint32_t f, uint32_t axis, uint16_t v,
                        uint32_t lo, uint32_t hi)
{
    uint64_t z = gm_mix64(seed ^ ((uint64_t)pt << 40) ^ ((uint64_t)f << 8) ^ axis);
    int32_t n = (int32_t)v + (int32_t)(z % 3) - 1;
    return (uint16_t)(n < (int32_t)lo ? lo : n > (int32_t)hi ? hi : (uint32_t)n);
}

static int hw_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t frames = (uint32_t)p->v[P_FRAMES], t = (uint32_t)p->v[P_TSIZE];
    uint32_t sz = (uint32_t)p->v[P_SSIZE];
    if (sz < t)
        return wl_fail(b, "ssize", "%u is less than tsize (%u): the search window must hold "
                       "the template", sz, t);
    hw_data_t *d = wl_host(b, sizeof *d);
    uint16_t *rc = wl_host(b, 2 * sizeof(uint16_t) * HW_POINTS * frames);
    if (!d || !rc)
        return -1;
    d->t = t, d->s = sz, d->frames = frames;
    d->n1 = 2 * t + 1, d->n2 = 2 * sz + 1;
    d->nc = d->n1 + d->n2 - 1, d->np = d->n2 + 2 * d->n1;
    d->count[C_ONE] = 1;
    d->count[C_E1] = d->n1 * d->n1;
    d->count[C_E2] = d->n2 * d->n2;
    d->count[C_EC] = d->nc * d->nc;
    d->count[C_ESEL] = d->nc * d->np;
    d->count[C_EP] = d->np * d->np;
    d->count[C_NP] = d->np;
    d->count[C_NC] = d->nc;
    d->count[C_N1] = d->n1;
    d->row = rc, d->col = rc + HW_POINTS * frames;
    for (uint32_t pt = 0; pt < HW_POINTS; pt++) {
        d->row[pt * frames] = hw_row0[pt];
        d->col[pt * frames] = hw_col0[pt];
        for (uint32_t f = 1; f < frames; f++) {
            uint32_t i = pt * frames + f;
            d->row[i] = hw_step(b->seed, pt, f, 0, d->row[i - 1], sz + 1, HW_ROWS - sz);
            d->col[i] = hw_step(b->seed, pt, f, 1, d->col[i - 1], sz + 1, HW_COLS - sz);
        }
    }

    /* main.cu's cudaMalloc order: the frame, the endo then the epi point
     * arrays, the two template sets, then each scratch array for every
     * point in turn */
    uint64_t frame = wl_array(b, 4ull * HW_ROWS * HW_COLS);
    uint64_t set[2][4];
    for (unsigned e = 0; e < 2; e++) {
        uint64_t pts = e ? HW_EPI : HW_ENDO;
        set[e][0] = wl_array(b, 4 * pts);
        set[e][1] = wl_array(b, 4 * pts);
        set[e][2] = wl_array(b, 4 * pts * HW_VIDEO_FRAMES);
        set[e][3] = wl_array(b, 4 * pts * HW_VIDEO_FRAMES);
    }
    uint64_t tmpl[2];
    tmpl[0] = wl_array(b, 4ull * d->count[C_E1] * HW_ENDO);
    tmpl[1] = wl_array(b, 4ull * d->count[C_E1] * HW_EPI);
    static const uint8_t scratch_count[A_COUNT] = {
        [A_IN2] = C_E2, [A_CONV] = C_EC, [A_PAD] = C_EP, [A_PADSEL] = C_ESEL,
        [A_CUMH] = C_ESEL, [A_CUMHSEL] = C_EC, [A_SUB2] = C_EC, [A_IN2SQR] = C_E2,
        [A_SQRSUB2] = C_EC, [A_INSQR] = C_E1, [A_TMASK] = C_EC, [A_MCONV] = C_EC};
    for (uint32_t pt = 0; pt < HW_POINTS; pt++) {
        unsigned e = pt >= HW_ENDO;
        d->base[pt][A_FRAME] = frame;
        for (unsigned i = 0; i < 4; i++)
            d->base[pt][A_ROW + i] = set[e][i];
        d->base[pt][A_T] = tmpl[e];
    }
    for (unsigned arr = HW_FIRST_SCRATCH; arr < A_COUNT; arr++)
        for (uint32_t pt = 0; pt < HW_POINTS; pt++)
            d->base[pt][arr] = wl_array(b, 4ull * d->count[scratch_count[arr]]);

    /* the rotated template, the partial sums and the 131 partial maxima */
    uint32_t smem = 4 * (d->count[C_E1] + 2 * d->n1 + 2 * d->nc + 3);
    for (uint32_t f = 0; f < frames; f++) {
        hw_args_t *a = wl_host(b, sizeof *a);
        if (!a)
            return -1;
        a->d = d;
        a->frame = f;
        if (f == 0) {
            a->prog = hw_prog0;
            a->nprog = sizeof hw_prog0;
        } else {
            a->prog = hw_prog;
            a->nprog = sizeof hw_prog - (f % HW_UPDATE ? HW_PROG_UPDATE : 0);
        }
        wl_launch(b, &(wl_launch_t){"heartwall", &hw_ops, a, {HW_POINTS}, {HW_TB}, 28, smem});
    }
    return 0;
}

const wl_def_t wl_heartwall = {"heartwall", NULL, hw_params, hw_build};
