/* Stimulus for shadow_tags.
 * random: updates over every set (sampled or not, and out-of-range sets),
 *   tags from a pool a little larger than the ways so hits, fills and LRU
 *   evictions all happen, in phases of reuse distance. An independent
 *   reference, a most-recently-used list per sampled slot, must agree with
 *   every `sampled` and `shadow_hit`; shadow_tags_check (ages a
 *   permutation, no tag twice) holds every cycle. */
#include <string.h>

#include "blocks/shadow_tags.h"
#include "stim.h"

enum { COV_N = 5 };
static const char *const cov_names[COV_N] = {
    "sampled miss, fills an invalid way", "sampled miss, evicts the LRU way", "shadow hit",
    "update to an unsampled set", "hit on the LRU way (age WAYS-1)"};

typedef struct sht_rand {
    gm_rng_t r;
    shadow_tags_params_t p;
    uint32_t mru[SHT_MAX_SAMP][SHT_MAX_WAYS]; /* reference: MRU first */
    uint32_t n[SHT_MAX_SAMP];
    uint32_t pool, p_upd, phase_end;
    uint64_t hits[COV_N];
} sht_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    sht_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const shadow_tags_params_t *)params;
    return 0;
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    sht_rand_t *c = vctx;
    shadow_tags_in_t *in = vin;
    if (cyc >= c->phase_end) {
        c->phase_end = (uint32_t)cyc + 100 + (uint32_t)gm_rng_below(&c->r, 2000);
        c->pool = c->p.WAYS - 1 + (uint32_t)gm_rng_below(&c->r, 2 * c->p.WAYS + 2);
        c->p_upd = gm_rng_chance(&c->r, 1, 4) ? 256 : 1000;
    }
    if (gm_rng_chance(&c->r, c->p_upd, 1024)) {
        in->upd_valid = 1;
        /* Mostly sampled sets, some others, a few beyond SETS. */
        uint32_t set;
        if (gm_rng_chance(&c->r, 3, 4)) {
            uint32_t slot = (uint32_t)gm_rng_below(&c->r, c->p.NSAMP);
            set = c->p.SAMPLE_MODE == 1 ? slot : slot * (c->p.SETS / c->p.NSAMP);
        } else {
            set = (uint32_t)gm_rng_below(&c->r, c->p.SETS + 4) & 0xff;
        }
        in->upd_set = set;
        in->upd_tag = 0x4000 + (set << 8) + (uint32_t)gm_rng_below(&c->r, c->pool);
    } else {
        in->upd_set = gm_rng_below(&c->r, 256);
        in->upd_tag = gm_rng_bits(&c->r, 32);
    }
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    sht_rand_t *c = vctx;
    const shadow_tags_in_t *in = vin;
    const shadow_tags_out_t *o = vout;
    const shadow_tags_t *m = c_state;
    (void)cyc;
    if (shadow_tags_check(m, err))
        return -1;
    int s = in->upd_valid ? shadow_tags_slot(&c->p, (unsigned)in->upd_set) : -1;
    if ((s >= 0) != (int)o->sampled)
        return gm_errf(err, "set %u: sampled %u, the reference says %d",
                       (unsigned)in->upd_set, (unsigned)o->sampled, s >= 0);
    if (s < 0) {
        if (in->upd_valid)
            c->hits[3]++;
        return 0;
    }
    uint32_t *l = c->mru[s], t = (uint32_t)in->upd_tag, k = 0;
    while (k < c->n[s] && l[k] != t)
        k++;
    int ref_hit = k < c->n[s];
    if (ref_hit != (int)o->shadow_hit)
        return gm_errf(err, "slot %d tag 0x%x: shadow_hit %u, the LRU reference says %d", s, t,
                       (unsigned)o->shadow_hit, ref_hit);
    if (ref_hit) {
        c->hits[2]++;
        if (k == c->p.WAYS - 1)
            c->hits[4]++;
    } else {
        c->hits[c->n[s] < c->p.WAYS ? 0 : 1]++;
        if (c->n[s] < c->p.WAYS)
            c->n[s]++;
        k = c->n[s] - 1;
    }
    for (; k > 0; k--)
        l[k] = l[k - 1];
    l[0] = t;
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const sht_rand_t *c = vctx;
    (void)c_state;
    /* With every set sampled there is no unsampled set in range. */
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 36,
                             c->p.NSAMP == c->p.SETS ? 1u << 3 : 0);
}

static const gm_stim_t sht_random = {
    "shadow_tags", "random", "random updates checked against an MRU-list LRU reference",
    sizeof(sht_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

const gm_stim_t *const shadow_tags_stims[] = {&sht_random, NULL};
