/* Rodinia dwt2d (seed-001 Table 2.3/3.1 DW, memory-intensive, 530
 * instructions per L2 miss): the forward CDF 5/3 wavelet (-f -5) of an RGB
 * image over `levels` levels.
 *   c_CopySrcToComponents, 256-thread CTAs, a pixel a thread: the CTA's
 *     768 interleaved RGB bytes staged through shared memory (three 1-byte
 *     loads a thread, blockDim apart), then the pixel's three components
 *     stored as ints to their own planes;
 *   fdwt53, per component and level, on the w x h low-pass corner of the
 *     previous level (row stride the image width throughout): CTAs of 64
 *     threads own a 64-column strip of up to 32 rows, a column a thread,
 *     sliding an 8-row window down it. A warp loads one 128 B row segment
 *     per row (two mirrored halo rows above the strip, two below), lifts
 *     the window in shared memory and stores it deinterleaved into the four
 *     subbands: even columns to the left half, odd to the right (two 64 B
 *     runs w/2 floats apart per warp store), even rows to the top half, odd
 *     to the bottom. Level l + 1 reads level l's output and writes into
 *     level l's input plane (the two planes of a component ping-pong).
 * Left out: the horizontal halo columns a few threads of each CTA load
 * (2 of 64 columns each side) and the device-to-device copies that put the
 * LL bands back. Rodinia's input is rgb.bmp, 1024 x 1024, 3 levels. */
#include "workload/wl.h"

enum { P_W, P_H, P_LEVELS };
static const wl_param_t dwt2d_params[] = {
    {"w", "image width (64 << (levels - 1) divides it)", 1024, 64, 8192, 64, 0},
    {"h", "image height (8 << (levels - 1) divides it)", 1024, 8, 8192, 8, 0},
    {"levels", "decomposition levels", 3, 1, 7, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { DW_TB = 64, DW_STRIP = 32, DW_WIN = 8, DW_HALO = 2, DW_COPY_TB = 256 };
enum { K_COPY, K_FDWT };

typedef struct dwt_args {
    uint32_t kind;
    uint32_t stride;    /* row stride of every plane, in ints (the image width) */
    uint32_t w, h;      /* this level's region */
    uint64_t src, dst;  /* K_COPY: the RGB bytes and the red plane */
    uint64_t plane;     /* K_COPY: bytes between the component planes */
} dwt_args_t;

typedef struct dwt_ws {
    uint32_t bx, by, warp, pc;
} dwt_ws_t;

static void dwt_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    dwt_ws_t *s = ws;
    s->bx = cta % k->grid[0];
    s->by = cta / k->grid[0];
    s->warp = warp;
    s->pc = 0;
}

/* Whole-sample symmetric extension at the image edges, as the 5/3 lifting
 * reads it. */
static uint32_t dwt_mirror(int64_t y, uint32_t h)
{
    if (y < 0)
        y = -y;
    if (y >= (int64_t)h)
        y = 2 * (int64_t)h - 2 - y;
    return (uint32_t)y;
}

static void dwt_copy_next(const dwt_args_t *a, const dwt_ws_t *s, gm_inst_t *o)
{
    uint64_t pix = (uint64_t)s->bx * DW_COPY_TB + 32u * s->warp;
    uint32_t pc = s->pc;
    if (pc < 3) { /* sData[tid + j * blockDim] = src[3 * blockStart + tid + j * blockDim] */
        wl_mem(o, GM_OP_LOAD, 1, 2, UINT32_MAX);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = a->src + 3ull * s->bx * DW_COPY_TB + pc * DW_COPY_TB + 32u * s->warp + l;
    } else if (pc < 6) { /* r, g, b planes, each minus 128 */
        wl_mem(o, GM_OP_STORE, 4, pc == 3 ? 6 : 2, UINT32_MAX);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = a->dst + (pc - 3) * a->plane + 4 * (pix + l);
    } else {
        wl_exit(o, 1);
    }
}

/* The strip's program: two halo rows above, then per 8-row window its
 * loads (the last window also the two halo rows below) and its stores. */
static void dwt_fdwt_next(const dwt_args_t *a, const dwt_ws_t *s, gm_inst_t *o)
{
    uint32_t y0 = s->by * DW_STRIP;
    uint32_t rows = a->h - y0 < DW_STRIP ? a->h - y0 : DW_STRIP;
    uint32_t wins = rows / DW_WIN, x0 = s->bx * DW_TB + 32u * s->warp;
    uint32_t pc = s->pc, q = pc - DW_HALO, i, r;
    int64_t row = 0;
    int kind = 0; /* 1 load, 2 store, 0 exit */
    unsigned gap = 2;
    if (pc < DW_HALO) {
        row = (int64_t)y0 - DW_HALO + pc, kind = 1;
    } else if (q < (wins - 1) * 2 * DW_WIN) {
        i = q / (2 * DW_WIN), r = q % (2 * DW_WIN);
        kind = r < DW_WIN ? 1 : 2;
        row = y0 + DW_WIN * i + (r < DW_WIN ? r : r - DW_WIN);
    } else if ((r = q - (wins - 1) * 2 * DW_WIN) < 2 * DW_WIN + DW_HALO) {
        i = wins - 1; /* the last window also loads the halo below */
        if (r < DW_WIN)
            row = y0 + DW_WIN * i + r, kind = 1;
        else if (r < DW_WIN + DW_HALO)
            row = (int64_t)y0 + rows + (r - DW_WIN), kind = 1;
        else
            row = y0 + DW_WIN * i + (r - DW_WIN - DW_HALO), kind = 2;
    }
    /* the vertical and horizontal lifting steps between a window's loads
     * and its stores: about 6 operations per sample each way */
    if (kind == 2 && (row - y0) % DW_WIN == 0)
        gap = 12 * DW_WIN;
    if (kind == 1) {
        uint32_t y = dwt_mirror(row, a->h);
        wl_mem(o, GM_OP_LOAD, 4, gap, UINT32_MAX);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = a->src + 4 * ((uint64_t)y * a->stride + x0 + l);
    } else if (kind == 2) {
        uint32_t y = (uint32_t)row;
        uint64_t oy = (y & 1) ? a->h / 2 + y / 2 : y / 2;
        wl_mem(o, GM_OP_STORE, 4, gap, UINT32_MAX);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            uint32_t x = x0 + l;
            uint64_t ox = (x & 1) ? a->w / 2 + x / 2 : x / 2;
            o->addr[l] = a->dst + 4 * (oy * a->stride + ox);
        }
    } else {
        wl_exit(o, 1);
    }
}

static void dwt_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const dwt_args_t *a = k->args;
    dwt_ws_t *s = ws;
    if (a->kind == K_COPY)
        dwt_copy_next(a, s, o);
    else
        dwt_fdwt_next(a, s, o);
    s->pc++;
}

static const gm_kernel_ops_t dwt_ops = {sizeof(dwt_ws_t), dwt_init, dwt_next};

static int dwt2d_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t w = (uint32_t)p->v[P_W], h = (uint32_t)p->v[P_H];
    uint32_t levels = (uint32_t)p->v[P_LEVELS];
    if (w % ((uint32_t)DW_TB << (levels - 1)))
        return wl_fail(b, "w", "%u is not a multiple of 64 << (levels - 1) = %u", w,
                       (uint32_t)DW_TB << (levels - 1));
    if (h % ((uint32_t)DW_WIN << (levels - 1)))
        return wl_fail(b, "h", "%u is not a multiple of 8 << (levels - 1) = %u", h,
                       (uint32_t)DW_WIN << (levels - 1));
    uint64_t pixels = (uint64_t)w * h, plane = 4 * pixels;
    uint64_t rgb = wl_array(b, 3 * pixels);
    /* d_r, d_g, d_b in one allocation, then the three output planes */
    uint64_t comp = wl_array(b, 3 * plane), out = wl_array(b, 3 * plane);
    dwt_args_t *a = wl_host(b, (1 + 3 * (size_t)levels) * sizeof *a);
    if (!a)
        return -1;
    a[0] = (dwt_args_t){K_COPY, w, w, h, rgb, comp, plane};
    wl_launch(b, &(wl_launch_t){"c_CopySrcToComponents", &dwt_ops, &a[0],
                                {(uint32_t)(pixels / DW_COPY_TB)}, {DW_COPY_TB}, 10,
                                3 * DW_COPY_TB});
    for (uint32_t c = 0; c < 3; c++)
        for (uint32_t l = 0; l < levels; l++) {
            dwt_args_t *k = &a[1 + c * levels + l];
            uint64_t in = comp + c * plane, o = out + c * plane;
            uint32_t lw = w >> l, lh = h >> l;
            *k = (dwt_args_t){K_FDWT, w, lw, lh, l & 1 ? o : in, l & 1 ? in : o, 0};
            wl_launch(b, &(wl_launch_t){"fdwt53Kernel", &dwt_ops, k,
                                        {lw / DW_TB, wl_ceil_div(lh, DW_STRIP)}, {DW_TB}, 24,
                                        (DW_WIN + 2 * DW_HALO) * (DW_TB + 2 * DW_HALO) * 4});
        }
    return 0;
}

const wl_def_t wl_dwt2d = {"dwt2d", NULL, dwt2d_params, dwt2d_build};
