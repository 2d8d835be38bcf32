/* CUDA SDK binomialOptions (seed-001 Table 3.1 BO): a CTA of 256 threads
 * (CACHE_SIZE) prices one European option on a NUM_STEPS = 2048 binomial
 * tree kept in a global per-option buffer of 2048 + 16 floats:
 *   the 2049 leaf values stored, thread t writing leaves t, t + 256, ...;
 *   then for i = 2048, 2016, ... 32 (CACHE_DELTA = 2 x TIME_STEPS = 32
 *   tree levels a sweep) and for c = 0, 224, ... < i (CACHE_STEP =
 *   CACHE_SIZE - CACHE_DELTA): threads t <= min(255, i - c) load buffer
 *   element c + t, the CTA steps the tree 32 levels back in shared memory
 *   (16 double steps, about 12 operations each), threads t <= that bound
 *   minus 32 store element c + t back;
 *   thread 0 stores the option's price.
 * Every load and store is a coalesced run of one option's buffer, which
 * the CTA rereads 64 times: the reuse is within the CTA, 8 KB a CTA. The
 * SDK prices 1024 options (MAX_OPTIONS); the default here is 128, each
 * CTA's stream the same. */
#include "workload/wl.h"

enum { P_OPTIONS };
static const wl_param_t binomial_params[] = {
    {"options", "options priced (a CTA each)", 128, 1, 65535, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    BO_STEPS = 2048,
    BO_TB = 256,
    BO_DELTA = 32,
    BO_STEP = BO_TB - BO_DELTA,
    BO_BUF = BO_STEPS + 16,
};

typedef struct bo_args {
    uint64_t buf, price;
} bo_args_t;

/* phase 0: leaf stores (round r); 1: a sweep's load; 2: its store;
 * 3: the price; 4: done */
typedef struct bo_ws {
    uint32_t cta, warp, phase, r, i, c;
} bo_ws_t;

static void bo_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k;
    *(bo_ws_t *)ws = (bo_ws_t){cta, warp, 0, 0, BO_STEPS, 0};
}

/* The lanes t = 32 warp + l with t <= bound. */
static uint32_t bo_upto(uint32_t warp, int64_t bound)
{
    int64_t n = bound - 32 * (int64_t)warp + 1;
    if (n <= 0)
        return 0;
    return n >= 32 ? UINT32_MAX : (1u << n) - 1;
}

static void bo_run(gm_inst_t *o, const bo_args_t *a, const bo_ws_t *s, gm_op_t op, uint32_t live,
                   uint64_t first, unsigned gap)
{
    wl_mem(o, op, 4, gap, live);
    uint64_t base = a->buf + 4ull * ((uint64_t)s->cta * BO_BUF + first + 32u * s->warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        o->addr[l] = (live >> l & 1) ? base + 4 * l : 0;
}

static void bo_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const bo_args_t *a = k->args;
    bo_ws_t *s = ws;
    for (;;) {
        if (s->phase == 0) { /* leaves r * 256 + t <= 2048 */
            uint32_t r = s->r++;
            if (r * BO_TB > BO_STEPS) {
                s->phase = 1;
                continue;
            }
            uint32_t live = bo_upto(s->warp, (int64_t)BO_STEPS - r * BO_TB);
            if (!live)
                continue;
            bo_run(o, a, s, GM_OP_STORE, live, r * BO_TB, 20); /* exp of the payoff */
            return;
        }
        if (s->phase == 1 || s->phase == 2) {
            if (s->c >= s->i) { /* next sweep */
                s->c = 0;
                s->i -= BO_DELTA;
                if (s->i == 0)
                    s->phase = 3;
                continue;
            }
            uint32_t start = s->i - s->c < BO_TB - 1 ? s->i - s->c : BO_TB - 1;
            int64_t bound = s->phase == 1 ? start : (int64_t)start - BO_DELTA;
            uint32_t live = bo_upto(s->warp, bound);
            uint32_t c = s->c, load = s->phase == 1;
            if (!load)
                s->c += BO_STEP;
            s->phase = load ? 2 : 1;
            if (!live)
                continue;
            /* a store follows the 16 double tree steps in shared memory */
            bo_run(o, a, s, load ? GM_OP_LOAD : GM_OP_STORE, live, c, load ? 2 : 16 * 12);
            return;
        }
        if (s->phase == 3) {
            s->phase = 4;
            if (s->warp != 0)
                continue;
            wl_mem(o, GM_OP_STORE, 4, 2, 1u);
            for (unsigned l = 0; l < GM_WARP_SIZE; l++)
                o->addr[l] = l ? 0 : a->price + 4ull * s->cta;
            return;
        }
        wl_exit(o, 1);
        return;
    }
}

static const gm_kernel_ops_t bo_ops = {sizeof(bo_ws_t), bo_init, bo_next};

static int binomial_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint32_t n = (uint32_t)p->v[P_OPTIONS];
    bo_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    /* d_CallBuffer is a __device__ array; d_CallValue the results */
    a->buf = wl_array(b, 4ull * BO_BUF * n);
    a->price = wl_array(b, 4ull * n);
    wl_launch(b, &(wl_launch_t){"binomialOptionsKernel", &bo_ops, a, {n}, {BO_TB}, 20,
                                2 * 4 * (BO_TB + 1)});
    return 0;
}

const wl_def_t wl_binomialoptions = {"binomialoptions", NULL, binomial_params, binomial_build};
