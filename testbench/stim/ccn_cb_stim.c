/* Stimulus for ccn_cb.
 * random: phases of 200..3000 cycles, each with its own miss, accept and
 *         throttle rates, so the buffer fills (deflections), drains, and
 *         pushes and pops in the same cycle. A scoreboard checks the
 *         invariants on the C outputs (lockstep then holds the RTL to
 *         them): every accepted miss leaves as exactly one flit, in order,
 *         with its smp bit and this core's id; nothing else leaves; the
 *         routing decision uses the start-of-cycle occupancy. */
#include <stddef.h>

#include "blocks/ccn_cb.h"
#include "stim.h"

enum { COV_FULL_DEFLECT, COV_PUSH_POP, COV_WRAP, COV_DRAIN, COV_N };
static const char *const cov_names[COV_N] = {
    "miss deflected by a full CB", "push and pop in one cycle",
    "tail wrapped past Q_DEPTH", "drained to empty"};

typedef struct cb_rand {
    gm_rng_t r;
    ccn_cb_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t p_miss, p_acc, p_en;
    unsigned cid; /* this run's core id (the my_cid strap), from the seed */
    uint32_t sb[CCN_QMAX]; /* the expected queue: {smp, la} */
    unsigned sb_head, sb_n;
} cb_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cb_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_cb_params_t *)params;
    gm_rng_seed(&c->r, seed);
    c->cid = (unsigned)gm_rng_below(&c->r, 16);
    return 0;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    cb_rand_t *c = vctx;
    ccn_cb_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t rates[] = {0, 64, 256, 512, 900, 1024};
        c->phase_end = cyc + 200 + gm_rng_below(&c->r, 2800);
        c->p_miss = rates[gm_rng_below(&c->r, 6)];
        c->p_acc = rates[gm_rng_below(&c->r, 6)];
        c->p_en = gm_rng_chance(&c->r, 1, 5) ? 512 : 1024;
    }
    in->my_cid = c->cid;
    in->miss_valid = gm_rng_chance(&c->r, c->p_miss, 1024);
    in->miss_la = gm_rng_next(&c->r) & CCN_LA_MASK;
    in->rt_enable = gm_rng_chance(&c->r, c->p_en, 1024);
    in->rt_sampling = gm_rng_chance(&c->r, 1, 2);
    /* The ReqQ accepts only a valid head, but a stray accept must be
     * harmless: drive it sometimes on an empty buffer too. */
    in->inj_accept = gm_rng_chance(&c->r, c->p_acc, 1024);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    cb_rand_t *c = vctx;
    const ccn_cb_in_t *in = vin;
    const ccn_cb_out_t *o = vout;
    const ccn_cb_t *m = c_state;
    unsigned q = c->p.Q_DEPTH;
    if (o->cb_count != c->sb_n || o->inj_valid != (c->sb_n != 0))
        return gm_errf(err, "cycle %llu: count %llu, scoreboard holds %u",
                       (unsigned long long)cyc, (unsigned long long)o->cb_count, c->sb_n);
    if (o->miss_to_ccn != (in->rt_enable && c->sb_n < q))
        return gm_errf(err, "cycle %llu: miss_to_ccn %llu with rt_enable %llu, %u of %u held",
                       (unsigned long long)cyc, (unsigned long long)o->miss_to_ccn,
                       (unsigned long long)in->rt_enable, c->sb_n, q);
    int pop = in->inj_accept && c->sb_n;
    int push = in->miss_valid && o->miss_to_ccn;
    if (c->sb_n) {
        uint32_t e = c->sb[c->sb_head];
        if (o->inj_flit != ccn_flit(e >> 26, c->cid, e))
            return gm_errf(err, "cycle %llu: head flit 0x%08llx, expected 0x%08x (lost, "
                           "duplicated or reordered)", (unsigned long long)cyc,
                           (unsigned long long)o->inj_flit, ccn_flit(e >> 26, c->cid, e));
    } else if (o->inj_flit) {
        return gm_errf(err, "cycle %llu: flit 0x%08llx from an empty buffer",
                       (unsigned long long)cyc, (unsigned long long)o->inj_flit);
    }
    c->hits[COV_FULL_DEFLECT] += in->miss_valid && in->rt_enable && c->sb_n == q;
    c->hits[COV_PUSH_POP] += push && pop;
    c->hits[COV_WRAP] += push && m->tail == q - 1;
    c->hits[COV_DRAIN] += pop && c->sb_n == 1 && !push;
    if (pop) {
        c->sb_head = (c->sb_head + 1) % q;
        c->sb_n--;
    }
    if (push) {
        c->sb[(c->sb_head + c->sb_n) % q] =
            ((uint32_t)in->rt_sampling << 26) | ((uint32_t)in->miss_la & CCN_LA_MASK);
        c->sb_n++;
    }
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const cb_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t cb_random = {
    "ccn_cb", "random", "phased miss/accept/throttle rates with an in-order scoreboard",
    sizeof(cb_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_cb_stims[] = {&cb_random, NULL};
