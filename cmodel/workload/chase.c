/* chase -- a pointer-chase latency microbenchmark (the technique of Mei
 * and Chu's and Jia et al.'s GPU memory-hierarchy studies): one thread
 * (one warp with lane 0 active) follows a chain of pointers, each load's
 * address being the value the previous load returned, so no two loads
 * overlap and the report's lsu.avg_load_latency is the load-to-use
 * latency of whatever level holds the chain.
 *
 * The chain is the host-built array the real benchmark fills before the
 * launch: footprint/stride elements `stride` bytes apart, element i
 * pointing at element i+1 (the last at the first), or with random=1 at
 * the next element of one random cycle through all of them (Sattolo's
 * algorithm), which defeats DRAM row-buffer locality. The dependence is
 * the compute instruction between two loads (gap 1): the SM issues it
 * only when the warp's loads are back (sm.c), as the address arithmetic
 * on the loaded pointer must wait.
 *
 * The ladder: a footprint within the L1D gives L1 hits after the first
 * pass; cg=1 (ld.global.cg) sends every load past the L1D, so a footprint
 * within the L2 gives L2 hits; one beyond the L2 (with a stride that
 * keeps every line in one L2 bank, stride = chunk x channels) gives DRAM
 * accesses. `offset` moves the array's start, so with part.func "mod"
 * the chain's channel -- and so its half of the L2 -- is chosen: the
 * chain runs on SM 0 (the only CTA), whose near half holds the first
 * half of the channels. */
#include "util/rng.h"
#include "workload/wl.h"

typedef struct chase_args {
    uint64_t base;      /* the array, plus the offset */
    uint64_t stride;    /* bytes between elements */
    uint64_t n;         /* elements */
    uint64_t loads;     /* dependent loads */
    const uint32_t *next; /* random=1: element i points at next[i]; NULL: i + 1 */
    uint32_t cg;        /* 1: ld.global.cg (bypass the L1D) */
} chase_args_t;

typedef struct chase_ws {
    uint64_t at;   /* the element the next load reads */
    uint64_t done; /* loads issued */
    uint32_t live;
} chase_ws_t;

static void chase_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    (void)kn;
    (void)cta;
    (void)warp;
    chase_ws_t *s = ws;
    s->at = s->done = 0;
    s->live = 1; /* lane 0: one thread */
}

static void chase_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const chase_args_t *a = kn->args;
    chase_ws_t *s = ws;
    if (s->done == a->loads) {
        wl_exit(o, 1); /* the last pointer is used before the thread ends */
        return;
    }
    /* gap 1 after the first: the address arithmetic on the loaded pointer */
    wl_mem(o, GM_OP_LOAD, 4, s->done ? 1 : 0, s->live);
    o->bypass_hint = (uint8_t)a->cg;
    wl_fill_same(o, a->base + s->at * a->stride);
    s->at = a->next ? a->next[s->at] : (s->at + 1 == a->n ? 0 : s->at + 1);
    s->done++;
}

static const gm_kernel_ops_t chase_ops = {sizeof(chase_ws_t), chase_init, chase_next};

enum { CH_FOOTPRINT, CH_STRIDE, CH_LOADS, CH_OFFSET, CH_CG, CH_RANDOM };
/* a random chain's table is built on the host: at most this many elements */
#define CHASE_MAX_RANDOM (1u << 22)
static const wl_param_t chase_params[] = {
    {"footprint", "bytes the chain spans: stride x its elements", 16384, 4, 268435456, 4, 0},
    {"stride", "bytes between successive elements", 128, 4, 16777216, 4, 0},
    {"loads", "dependent loads", 4096, 1, 16777216, 0, 0},
    {"offset", "bytes between the array's 256-byte aligned base and the chain's start", 0, 0,
     16777216, 4, 0},
    {"cg", "1 = ld.global.cg, past the L1D", 0, 0, 1, 0, 0},
    {"random", "1 = one random cycle through the elements instead of stride order", 0, 0, 1,
     0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

/* One random cycle through n elements (Sattolo: every element is visited
 * once before the chain comes back to the first). */
static uint32_t *random_cycle(wl_builder_t *b, uint64_t n)
{
    uint32_t *next = wl_host(b, n * sizeof *next), *order = wl_host(b, n * sizeof *order);
    if (!next || !order)
        return NULL;
    gm_rng_t r;
    wl_rng(b, &r, 0xc4a5e);
    for (uint64_t i = 0; i < n; i++)
        order[i] = (uint32_t)i;
    for (uint64_t i = n - 1; i > 0; i--) {
        uint64_t j = gm_rng_below(&r, i);
        uint32_t t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (uint64_t i = 0; i < n; i++)
        next[order[i]] = order[(i + 1) % n];
    return next;
}

static int chase_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t footprint = p->v[CH_FOOTPRINT], stride = p->v[CH_STRIDE];
    if (footprint % stride)
        return wl_fail(b, "footprint", "%llu is not a multiple of stride (%llu)",
                       (unsigned long long)footprint, (unsigned long long)stride);
    chase_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->n = footprint / stride;
    a->stride = stride;
    a->loads = p->v[CH_LOADS];
    a->cg = (uint32_t)p->v[CH_CG];
    if (p->v[CH_RANDOM]) {
        if (a->n > CHASE_MAX_RANDOM)
            return wl_fail(b, "random", "a random chain has at most %u elements "
                                        "(footprint/stride is %llu)",
                           CHASE_MAX_RANDOM, (unsigned long long)a->n);
        if (!(a->next = random_cycle(b, a->n)))
            return -1;
    }
    a->base = wl_array(b, p->v[CH_OFFSET] + footprint) + p->v[CH_OFFSET];
    wl_launch(b, &(wl_launch_t){"chase", &chase_ops, a, {1, 1}, {GM_WARP_SIZE, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_chase = {"chase", NULL, chase_params, chase_build};
