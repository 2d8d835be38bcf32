/* Stimulus for ccn_node: the node under test is node STIM_CID of a ring of N
 * C-model nodes, each with an L1 and an L2 beside it (ccn_world.c); the
 * ring's node STIM_CID gets exactly the inputs the engine applies to the C
 * model and the RTL, and its outputs are checked equal to the engine's C
 * outputs (the twin), so the RTL is held to the node's behaviour inside a
 * full ring. The world checks the ring's invariants every cycle (each
 * request answered exactly once with its line, none lost, shadow tags ==
 * the L1's valid lines).
 * random: every node misses on a shared pool of lines (so remote copies
 *         exist), invalidates now and then, and its fill port and L2 queue
 *         refuse at times; phases change the rates, the pool, and CCN-B /
 *         CCN-RT with short epochs (throttling on and off).
 * fig6:   seed-003 §8's working example with the §14.9 zero-load timings
 *         (see fig6_check). */
#include <stddef.h>
#include <string.h>

#include "blocks/ccn_node.h"
#include "ccn_world.h"
#include "stim.h"

typedef struct node_ctx {
    ccn_world_t w;
    ccn_node_params_t p;
    gm_rng_t r;
    uint64_t phase_end;
    uint32_t p_miss, p_inval, p_busy, pool, base;
    unsigned insn_max;
    int fig6_done;
    uint64_t hits_seen, ejects_seen, directs_seen, offs_seen;
} node_ctx_t;

static int ctx_init(node_ctx_t *c, const void *params, uint64_t seed, gm_err_t *err)
{
    c->p = *(const ccn_node_params_t *)params;
    gm_rng_seed(&c->r, seed);
    return ccn_world_init(&c->w, &c->p, c->p.N, err);
}

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    if (ctx_init(c, params, seed, err))
        return -1;
    c->w.lost_after = 20000;
    return 0;
}

static void new_phase(node_ctx_t *c, uint64_t cyc)
{
    static const uint32_t rates[] = {8, 64, 256, 512, 1024};
    unsigned lines = c->p.NSETS * c->p.NWAYS;
    c->phase_end = cyc + 2000 + gm_rng_below(&c->r, 20000);
    c->p_miss = rates[gm_rng_below(&c->r, 5)];
    c->p_inval = gm_rng_chance(&c->r, 1, 2) ? 16 : 0;
    c->p_busy = gm_rng_chance(&c->r, 1, 2) ? 0 : 128;
    /* Pools from a quarter of an L1 (much sharing) to four L1s (little). */
    c->pool = lines / 4 + (uint32_t)gm_rng_below(&c->r, 4 * lines);
    c->base = (uint32_t)gm_rng_bits(&c->r, 20) << 4;
    c->insn_max = 1 + (unsigned)gm_rng_below(&c->r, 64);
    c->w.rt_en = gm_rng_chance(&c->r, 1, 2);
    c->w.ccn_en = !gm_rng_chance(&c->r, 1, 16);
    c->w.ts = 200 + (unsigned)gm_rng_below(&c->r, 2000);
    c->w.tp = c->w.ts * (2 + (unsigned)gm_rng_below(&c->r, 8));
    c->w.hmin_den = gm_rng_chance(&c->r, 1, 2) ? 20 : 2; /* 5 %, or a strict 50 % */
}

static void copy_out(node_ctx_t *c, void *vin)
{
    memcpy(vin, &c->w.ins[c->p.STIM_CID], sizeof(ccn_node_in_t));
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    node_ctx_t *c = vctx;
    ccn_world_act_t a;
    gm_err_t err;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    ccn_world_act_none(&a);
    for (unsigned k = 0; k < c->p.N; k++) {
        if (gm_rng_chance(&c->r, c->p_miss, 1024))
            a.miss[k] = (c->base + (uint32_t)gm_rng_below(&c->r, c->pool)) & CCN_LA_MASK;
        if (gm_rng_chance(&c->r, c->p_inval, 1024))
            a.inval[k] = (c->base + (uint32_t)gm_rng_below(&c->r, c->pool)) & CCN_LA_MASK;
        a.insn[k] = (unsigned)gm_rng_below(&c->r, c->insn_max + 1);
        a.fill_busy[k] = gm_rng_chance(&c->r, c->p_busy, 1024);
        a.l2_busy[k] = gm_rng_chance(&c->r, c->p_busy, 1024);
    }
    /* A world invariant broken is reported by observe (gen cannot fail):
     * keep the message and stop feeding it. */
    if (ccn_world_step(&c->w, &a, &err)) {
        fprintf(stderr, "ccn_node stimulus: %s\n", err.msg);
        return GM_STIM_END;
    }
    copy_out(c, vin);
    return GM_STIM_CYCLE;
}

/* The engine's C model of the node must behave as the ring's node. */
static int twin_check(node_ctx_t *c, uint64_t cyc, const void *vout, gm_err_t *err)
{
    const ccn_node_out_t *o = vout, *t = &c->w.outs[c->p.STIM_CID];
    if (memcmp(o, t, sizeof *o))
        return gm_errf(err, "cycle %llu: node %u's outputs differ from its twin in the ring",
                       (unsigned long long)cyc, c->p.STIM_CID);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    const ccn_node_out_t *o = vout;
    (void)vin;
    (void)c_state;
    c->hits_seen += o->fill_valid && c->w.ins[c->p.STIM_CID].fill_ready;
    c->ejects_seen += o->home_eject_valid && c->w.ins[c->p.STIM_CID].home_eject_ready;
    c->offs_seen += !o->rt_enable;
    return twin_check(c, cyc, vout, err);
}

static int rand_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    if (c->w.cyc != cycles)
        return gm_errf(err, "the ring stopped at cycle %llu (a broken invariant, above)",
                       (unsigned long long)c->w.cyc);
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const node_ctx_t *c = vctx;
    (void)c_state;
    fprintf(out, "  coverage (node %u; ring totals):\n", c->p.STIM_CID);
    fprintf(out, "    %-34s %10llu\n", "responses filled here", (unsigned long long)c->hits_seen);
    fprintf(out, "    %-34s %10llu\n", "requests back home to L2", (unsigned long long)c->ejects_seen);
    fprintf(out, "    %-34s %10llu\n", "cycles throttled off", (unsigned long long)c->offs_seen);
    fprintf(out, "    %-34s %10llu\n", "ring: CCN hits", (unsigned long long)c->w.hits);
    fprintf(out, "    %-34s %10llu\n", "ring: full-circle misses", (unsigned long long)c->w.ejects);
    fprintf(out, "    %-34s %10llu\n", "ring: misses straight to L2", (unsigned long long)c->w.directs);
    if (c->w.hits)
        fprintf(out, "    %-34s %10.1f\n", "ring: mean remote-hit latency",
                (double)c->w.sum_hit_lat / (double)c->w.hits);
    return c->hits_seen && c->ejects_seen && c->offs_seen;
}

static const gm_stim_t node_random = {
    "ccn_node", "random", "node STIM_CID in a ring of N with L1s and L2; the ring's invariants",
    sizeof(node_ctx_t), rand_init, rand_gen, rand_observe, rand_finish, rand_coverage, NULL};

/* ---- fig6: seed-003 §8 on cores 0, 1 and 2, with §14.9's zero-load
 * timings for hop latency L = LINK_LAT and B = RESP_BEATS beats:
 *   cycle 0: core 1 fetches X from L2 (valid from cycle 20); core 2 misses
 *            on Y: it goes round the whole ring (N foreign... N - 1 lookups)
 *            and is sent to L2 at cycle 2 + N·L (17 for N = 15, L = 1).
 *   cycle 20: the windows end (t_S = 20 instructions): core 2 saw 1 request
 *            and no hit, so it is OFF; cores 0 and 1 saw none: ON.
 *   cycle 30: (1) core 0 misses on X: into CB0; (2) ReqQ-0 takes it at 31;
 *            (3) forwarded with no lookup at 32, on the link to core 1 at
 *            32 + L; (4) core 1's shadow tags hit at 32 + L; (5) core 1's L1
 *            data array is stolen at 33 + L and the response enters RespQ-1;
 *            (6) B beats to core 0; (7) filled into core 0's L1 at
 *            30 + 4 + L + B (9 for L = 1, B = 4).
 *   cycle 33: core 2, OFF, misses on Z: miss_to_ccn = 0, straight to L2 (not
 *            at 30: Y's L2 fill may hold core 2's tag port then).
 *   cycle 50: core 3 misses on Y, which only core 2 (throttled, but its
 *            shadow tags still serve) holds, N - 1 hops away: filled at
 *            50 + 4 + (N-1)(L + B) (124 for N = 15). */
enum { FIG_X = 0x1234, FIG_Y = 0x2345, FIG_Z = 0x3456 };

static int fig6_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    const ccn_node_params_t *p = params;
    if (p->N < 4)
        return gm_errf(err, "the Fig. 6 example needs a ring of at least 4 cores");
    if (p->FLOW)
        return gm_errf(err, "the Fig. 6 example's timings assume FLOW 0");
    if (ctx_init(c, params, seed, err))
        return -1;
    c->w.rt_en = 1;
    c->w.ts = 20;
    c->w.tp = 1000000;
    c->w.l2_lat = 20;
    return 0;
}

static uint64_t fig6_end(const node_ctx_t *c)
{
    return 50 + 4 + (uint64_t)(c->p.N - 1) * (c->p.LINK_LAT + c->p.RESP_BEATS) + 4;
}

static int fig6_gen(void *vctx, uint64_t cyc, void *vin)
{
    node_ctx_t *c = vctx;
    ccn_world_act_t a;
    gm_err_t err;
    if (cyc > fig6_end(c))
        return GM_STIM_END;
    ccn_world_act_none(&a);
    for (unsigned k = 0; k < c->p.N; k++)
        a.insn[k] = 1;
    if (cyc == 0) {
        a.install[1] = FIG_X;
        a.miss[2] = FIG_Y;
    }
    if (cyc == 30)
        a.miss[0] = FIG_X;
    if (cyc == 33)
        a.miss[2] = FIG_Z;
    if (cyc == 50)
        a.miss[3] = FIG_Y;
    if (ccn_world_step(&c->w, &a, &err)) {
        fprintf(stderr, "ccn_node fig6: %s\n", err.msg);
        return GM_STIM_END;
    }
    copy_out(c, vin);
    return GM_STIM_CYCLE;
}

#define FIG_EXPECT(cond, ...)                                                          \
    do {                                                                               \
        if (!(cond))                                                                   \
            return gm_errf(err, "Fig. 6, cycle %llu: " __VA_ARGS__);                   \
    } while (0)

static int fig6_check(node_ctx_t *c, uint64_t t, gm_err_t *err)
{
    const ccn_world_t *w = &c->w;
    const ccn_node_out_t *o = w->outs;
    unsigned n = c->p.N, L = c->p.LINK_LAT, B = c->p.RESP_BEATS;
    unsigned long long cy = (unsigned long long)t;
    uint64_t eject_y = 2 + (uint64_t)n * L, fill_x = 30 + 4 + L + B;
    uint64_t fill_y = 50 + 4 + (uint64_t)(n - 1) * (L + B);
    int x_set = (int)ccn_l1e_set(&w->l1[1], FIG_X);
    FIG_EXPECT((w->ejected[2] == FIG_Y) == (t == eject_y),
               "core 2's request for Y is sent home to L2 at %llu (δ_overhead), not now", cy,
               (unsigned long long)eject_y);
    if (t == eject_y)
        FIG_EXPECT(w->lat[2] == eject_y, "the full-ring miss took %llu cycles", cy,
                   (unsigned long long)w->lat[2]);
    if (t >= 20 && t < 40) {
        FIG_EXPECT(!o[2].rt_enable && o[0].rt_enable && o[1].rt_enable && !o[0].rt_sampling,
                   "after the window: core 2 OFF, cores 0 and 1 ON (%d %d %d)", cy,
                   (int)o[0].rt_enable, (int)o[1].rt_enable, (int)o[2].rt_enable);
        FIG_EXPECT(o[2].stat_off_epochs == 1, "core 2 counts one OFF window", cy);
    }
    if (t == 30)
        FIG_EXPECT(o[0].miss_to_ccn, "(1) core 0's miss on X goes to CB0", cy);
    FIG_EXPECT((w->direct[2] == FIG_Z) == (t == 33),
               "core 2 is throttled: its miss on Z goes straight to L2 at cycle 33", cy);
    if (t == 33)
        FIG_EXPECT(!o[2].miss_to_ccn, "core 2's miss_to_ccn is 0 while OFF", cy);
    if (t == 31)
        FIG_EXPECT(o[0].cb_count == 1 && o[0].reqq_count == 0, "(2) X waits in CB0", cy);
    if (t == 32)
        FIG_EXPECT(o[0].cb_count == 0 && o[0].reqq_count == 1,
                   "(3) X is at the head of ReqQ-0 (no lookup at home)", cy);
    if (t == 32 + L)
        FIG_EXPECT(o[0].req_out_valid && (o[0].req_out_flit & CCN_LA_MASK) == FIG_X,
                   "(4) X reaches core 1 after %u link cycle(s)", cy, L);
    FIG_EXPECT(o[1].l1_steal == (t == 33 + L),
               "(5) core 1's L1 data array is stolen once, at cycle %u", cy, 33 + L);
    if (t == 33 + L)
        FIG_EXPECT(o[1].l1_rd_set == (unsigned)x_set, "(5) the stolen read is X's set", cy);
    if (t > 33 + L && t < fill_x)
        FIG_EXPECT(o[1].rsp_out_valid || o[0].fill_valid == 0,
                   "(6) the response leaves RespQ-1 beat by beat", cy);
    FIG_EXPECT((w->filled[0] == FIG_X) == (t == fill_x),
               "(7) X is filled into core 0's L1 at cycle %llu (L_hit(1) = %u)", cy,
               (unsigned long long)fill_x, 4 + L + B);
    FIG_EXPECT((w->filled[3] == FIG_Y) == (t == fill_y),
               "Y (held by throttled core 2, %u hops away) is filled at core 3 at %llu", cy,
               n - 1, (unsigned long long)fill_y);
    if (t == fill_y)
        FIG_EXPECT(w->lat[3] == 4 + (uint64_t)(n - 1) * (L + B), "L_hit(%u) is %llu", cy,
                   n - 1, (unsigned long long)w->lat[3]);
    if (t == fill_y)
        c->fig6_done = 1;
    return 0;
}

static int fig6_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    (void)vin;
    (void)c_state;
    if (twin_check(c, cyc, vout, err))
        return -1;
    return fig6_check(c, cyc, err);
}

static int fig6_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    node_ctx_t *c = vctx;
    if (!c->fig6_done)
        return gm_errf(err, "the Fig. 6 example ended after %llu cycles before its last step",
                       (unsigned long long)cycles);
    return 0;
}

static const gm_stim_t node_fig6 = {
    "ccn_node", "fig6", "seed-003 §8 Fig. 6 with the §14.9 zero-load timings (golden)",
    sizeof(node_ctx_t), fig6_init, fig6_gen, fig6_observe, fig6_finish, NULL, NULL};

const gm_stim_t *const ccn_node_stims[] = {&node_random, &node_fig6, NULL};
