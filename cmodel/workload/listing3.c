/* listing3 -- the inter-CTA locality feasibility microbenchmark of
 * seed-002 §2.2 (Listing 3), replicated: CTAS = sms x slots x turns CTAs
 * of one warp, thread 0 alone active, each loading one float of `input`
 * once; with staggered=1 CTA bid first spins delay x bid cycles (the
 * seed's DELAY = 1200), so an earlier CTA's line reaches the L1 before the
 * later CTAs of the same turnaround ask for it. The seed's counts: Fermi
 * 15 x 8 x 4 = 480, Kepler 15 x 16 x 4, Maxwell 16 x 32 x 2, Pascal
 * 20 x 32 x 2 (4/4/2/2 turnarounds).
 *
 * Two departures, both because a generator is not told where its CTA
 * runs: every CTA reads input[0] (the seed's idx = 32*smid only keeps SMs
 * from sharing L2 lines; each L1 still sees one line, fetched by its
 * first CTA and reused by the rest), and the kernel does not store
 * smids[bid] and ticks[bid] -- the model records each CTA's SM and cycles
 * itself (`cta.trace`, the cta plug-in). The spin is compute
 * instructions: memory instructions with no active lane, each carrying up
 * to 65535 instructions of gap, which the LSU retires at once. The load
 * is followed by one dependent compute instruction (tmp = input[idx] +
 * RANDOM_NUMBER), so the CTA ends only when its load is back. */
#include "workload/wl.h"

typedef struct l3_args {
    uint64_t input;
    uint64_t delay;     /* cycles a CTA id (staggered), 0: none */
} l3_args_t;

typedef struct l3_ws {
    uint64_t spin;      /* compute instructions left to spin */
    uint32_t loaded;
} l3_ws_t;

static void l3_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const l3_args_t *a = kn->args;
    l3_ws_t *s = ws;
    (void)warp;
    s->spin = a->delay * cta;
    s->loaded = 0;
}

static void l3_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const l3_args_t *a = kn->args;
    l3_ws_t *s = ws;
    if (s->spin) {
        unsigned g = s->spin > UINT16_MAX ? UINT16_MAX : (unsigned)s->spin;
        wl_mem(o, GM_OP_LOAD, 4, g, 0);
        wl_fill_same(o, 0);
        s->spin -= g;
        return;
    }
    if (s->loaded) {
        wl_exit(o, 1); /* the add on the loaded value */
        return;
    }
    wl_mem(o, GM_OP_LOAD, 4, 0, 1);
    wl_fill_same(o, a->input);
    s->loaded = 1;
}

static const gm_kernel_ops_t l3_ops = {sizeof(l3_ws_t), l3_init, l3_next};

enum { L3_SMS, L3_SLOTS, L3_TURNS, L3_STAGGERED, L3_DELAY };
static const wl_param_t l3_params[] = {
    {"sms", "SMs", 15, 1, 64, 0, 0},
    {"slots", "CTA slots a SM: CTAs a turnaround", 8, 1, 64, 0, 0},
    {"turns", "turnarounds", 4, 1, 64, 0, 0},
    {"staggered", "1 = CTA bid spins delay x bid cycles first", 0, 0, 1, 0, 0},
    {"delay", "the spin per CTA id, the seed's DELAY", 1200, 0, 100000, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

static int l3_build(wl_builder_t *b, const wl_vals_t *p)
{
    l3_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t ctas = (uint32_t)(p->v[L3_SMS] * p->v[L3_SLOTS] * p->v[L3_TURNS]);
    /* input holds 32 floats a SM, as the seed's idx = 32*smid needs. */
    a->input = wl_array(b, 128 * p->v[L3_SMS]);
    a->delay = p->v[L3_STAGGERED] ? p->v[L3_DELAY] : 0;
    wl_launch(b, &(wl_launch_t){"listing3", &l3_ops, a, {ctas, 1}, {GM_WARP_SIZE, 1}, 16, 0});
    return 0;
}

const wl_def_t wl_listing3 = {"listing3", NULL, l3_params, l3_build};
