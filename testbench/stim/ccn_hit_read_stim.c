/* Stimulus for ccn_hit_read.
 * random: hits offered at phased rates, the RespQ accepting at phased
 *         rates, and the L1 data input changing every cycle. Checked on the
 *         C outputs: each hit taken steals exactly one L1 cycle (at its set
 *         and way, the cycle after it was taken) and leaves as exactly one
 *         accepted response with its header and the line read in that
 *         stolen cycle, even after refusals. */
#include <stddef.h>
#include <string.h>

#include "blocks/ccn_hit_read.h"
#include "stim.h"

enum { COV_REFUSED, COV_BACK_TO_BACK, COV_HELD_RESENT, COV_N };
static const char *const cov_names[COV_N] = {
    "response refused", "hit taken as one leaves", "held line sent later"};

typedef struct hr_rand {
    gm_rng_t r;
    ccn_hit_read_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t p_hit, p_acc;
    /* the hit in the stage as the stimulus expects it */
    int busy, read, refused;
    uint32_t hdr, set, way, line[CCN_LINE_WORDS];
} hr_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    hr_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_hit_read_params_t *)params;
    gm_rng_seed(&c->r, seed);
    return 0;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    hr_rand_t *c = vctx;
    ccn_hit_read_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t rates[] = {0, 128, 512, 900, 1024};
        c->phase_end = cyc + 100 + gm_rng_below(&c->r, 3000);
        c->p_hit = rates[1 + gm_rng_below(&c->r, 4)];
        c->p_acc = rates[gm_rng_below(&c->r, 5)];
    }
    in->hit_valid = gm_rng_chance(&c->r, c->p_hit, 1024);
    in->hit_set = gm_rng_bits(&c->r, 7);
    in->hit_way = gm_rng_bits(&c->r, 3);
    in->hit_src = gm_rng_bits(&c->r, 4);
    in->hit_la = gm_rng_bits(&c->r, 26);
    in->hit_smp = gm_rng_bits(&c->r, 1);
    for (unsigned w = 0; w < CCN_LINE_WORDS; w++)
        in->l1_rd_data[w] = (uint32_t)gm_rng_next(&c->r);
    in->rsp_inj_accept = gm_rng_chance(&c->r, c->p_acc, 1024);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    hr_rand_t *c = vctx;
    const ccn_hit_read_in_t *in = vin;
    const ccn_hit_read_out_t *o = vout;
    (void)c_state;
    int steal = c->busy && !c->read;
    if (o->l1_steal != (uint64_t)steal || o->rsp_inj_valid != (uint64_t)c->busy ||
        (steal && (o->l1_rd_set != c->set || o->l1_rd_way != c->way)))
        return gm_errf(err, "cycle %llu: steal %llu valid %llu, expected steal %d valid %d",
                       (unsigned long long)cyc, (unsigned long long)o->l1_steal,
                       (unsigned long long)o->rsp_inj_valid, steal, c->busy);
    if (c->busy) {
        const uint32_t *want = steal ? in->l1_rd_data : c->line;
        if (o->rsp_inj_hdr != c->hdr || memcmp(o->rsp_inj_data, want, sizeof c->line))
            return gm_errf(err, "cycle %llu: response header 0x%08llx or line differs from "
                           "the hit's (0x%08x) and its stolen read", (unsigned long long)cyc,
                           (unsigned long long)o->rsp_inj_hdr, c->hdr);
    }
    int leave = c->busy && in->rsp_inj_accept;
    int ready = !c->busy || (!c->p.STRICT && in->rsp_inj_accept);
    if (o->hit_stage_ready != (uint64_t)ready)
        return gm_errf(err, "cycle %llu: hit_stage_ready %llu, expected %d",
                       (unsigned long long)cyc, (unsigned long long)o->hit_stage_ready, ready);
    c->hits[COV_REFUSED] += c->busy && !leave;
    c->hits[COV_HELD_RESENT] += leave && c->read;
    c->hits[COV_BACK_TO_BACK] += leave && in->hit_valid && ready;
    if (steal && !leave) {
        memcpy(c->line, in->l1_rd_data, sizeof c->line);
        c->read = 1;
    }
    if (leave)
        c->busy = 0;
    if (in->hit_valid && ready) {
        c->busy = 1;
        c->read = 0;
        c->set = (uint32_t)in->hit_set;
        c->way = (uint32_t)in->hit_way;
        c->hdr = ((uint32_t)in->hit_smp << 30) | ((uint32_t)in->hit_src << 26) |
                 (uint32_t)in->hit_la;
    }
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const hr_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 28,
                             c->p.STRICT ? 1u << COV_BACK_TO_BACK : 0);
}

static const gm_stim_t hr_random = {
    "ccn_hit_read", "random", "hits and RespQ refusals; one steal and one response per hit",
    sizeof(hr_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_hit_read_stims[] = {&hr_random, NULL};
