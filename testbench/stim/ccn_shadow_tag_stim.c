/* Stimulus for ccn_shadow_tag.
 * random: tag writes and lookups over a few tags per set (so lookups hit),
 *         sets and ways sometimes beyond the geometry, and now and then a
 *         duplicated line (err_multi). A mirror of the array checks every
 *         lookup on the C outputs: the grant rule of the port, hit = a
 *         VALID copy written before this cycle (update-first order), the
 *         lowest matching way, and a second match flagged. */
#include <stddef.h>
#include <string.h>

#include "blocks/ccn_shadow_tag.h"
#include "stim.h"

enum { COV_HIT, COV_MISS_PENDING, COV_CONFLICT, COV_MULTI, COV_OOR, COV_N };
static const char *const cov_names[COV_N] = {
    "lookup hit", "miss on a reserved (V=0) copy", "port conflict",
    "two ways matched", "set or way beyond the geometry"};

typedef struct st_rand {
    gm_rng_t r;
    ccn_shadow_tag_params_t p;
    uint8_t v[CCN_ST_MAX];
    uint32_t tag[CCN_ST_MAX];
    uint64_t hits[COV_N];
    uint32_t p_upd, p_lkp;
    uint64_t phase_end;
} st_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    st_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_shadow_tag_params_t *)params;
    gm_rng_seed(&c->r, seed);
    return 0;
}

static uint64_t pick_set(st_rand_t *c)
{
    return gm_rng_chance(&c->r, 1, 64) ? gm_rng_below(&c->r, 128)
                                       : gm_rng_below(&c->r, c->p.NSETS);
}

/* Tags from a pool of 4 per run, above and below the TAG_W mask. */
static uint64_t pick_tag(st_rand_t *c)
{
    uint64_t t = 0x15a5a5 + 0x100001 * gm_rng_below(&c->r, 4);
    return gm_rng_chance(&c->r, 1, 16) ? gm_rng_bits(&c->r, 26) : t;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    st_rand_t *c = vctx;
    ccn_shadow_tag_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t rates[] = {0, 128, 512, 1024};
        c->phase_end = cyc + 100 + gm_rng_below(&c->r, 2000);
        c->p_upd = rates[gm_rng_below(&c->r, 4)];
        c->p_lkp = rates[1 + gm_rng_below(&c->r, 3)];
    }
    in->upd_valid = gm_rng_chance(&c->r, c->p_upd, 1024);
    in->upd_set = pick_set(c);
    in->upd_way = gm_rng_chance(&c->r, 1, 64) ? gm_rng_below(&c->r, 8)
                                              : gm_rng_below(&c->r, c->p.NWAYS);
    in->upd_tag = pick_tag(c);
    in->upd_v = gm_rng_chance(&c->r, 2, 3);
    in->lkp_valid = gm_rng_chance(&c->r, c->p_lkp, 1024);
    in->lkp_set = pick_set(c);
    in->lkp_tag = pick_tag(c);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    st_rand_t *c = vctx;
    const ccn_shadow_tag_in_t *in = vin;
    const ccn_shadow_tag_out_t *o = vout;
    uint32_t mask = (uint32_t)((1ull << c->p.TAG_W) - 1);
    unsigned nw = c->p.NWAYS;
    (void)c_state;
    int gnt = !(c->p.ST_PORTS == 1 && in->upd_valid);
    unsigned hits = 0, pend = 0;
    if (in->lkp_valid && gnt && in->lkp_set < c->p.NSETS)
        for (unsigned w = 0; w < nw; w++) {
            unsigned e = (unsigned)in->lkp_set * nw + w;
            int same = c->tag[e] == ((uint32_t)in->lkp_tag & mask);
            hits |= (unsigned)(c->v[e] && same) << w;
            pend |= !c->v[e] && same;
        }
    unsigned way = 0;
    while (hits && !(hits >> way & 1u))
        way++;
    if (o->lkp_gnt != (uint64_t)gnt || o->lkp_hit != (hits != 0) ||
        (hits && o->lkp_way != way) || o->err_multi != ((hits & (hits - 1)) != 0))
        return gm_errf(err, "cycle %llu: gnt %llu hit %llu way %llu multi %llu; the mirror "
                       "says gnt %d hit %d way %u multi %d", (unsigned long long)cyc,
                       (unsigned long long)o->lkp_gnt, (unsigned long long)o->lkp_hit,
                       (unsigned long long)o->lkp_way, (unsigned long long)o->err_multi, gnt,
                       hits != 0, way, (hits & (hits - 1)) != 0);
    c->hits[COV_HIT] += hits != 0;
    c->hits[COV_MISS_PENDING] += !hits && pend;
    c->hits[COV_CONFLICT] += in->lkp_valid && !gnt;
    c->hits[COV_MULTI] += (hits & (hits - 1)) != 0;
    c->hits[COV_OOR] += (in->upd_valid && (in->upd_set >= c->p.NSETS || in->upd_way >= nw)) ||
                        (in->lkp_valid && in->lkp_set >= c->p.NSETS);
    if (in->upd_valid && in->upd_set < c->p.NSETS && in->upd_way < nw) {
        unsigned e = (unsigned)in->upd_set * nw + (unsigned)in->upd_way;
        c->v[e] = (uint8_t)in->upd_v;
        c->tag[e] = (uint32_t)in->upd_tag & mask;
    }
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const st_rand_t *c = vctx;
    int full = 1;
    (void)c_state;
    fprintf(out, "  coverage:\n");
    for (int i = 0; i < COV_N; i++) {
        int need = !(i == COV_CONFLICT && c->p.ST_PORTS == 2);
        fprintf(out, "    %-32s %10llu%s\n", cov_names[i], (unsigned long long)c->hits[i],
                need ? "" : " (1R1W: none possible)");
        full &= !need || c->hits[i] > 0;
    }
    return full;
}

static const gm_stim_t st_random = {
    "ccn_shadow_tag", "random", "tag writes and lookups checked against a mirror",
    sizeof(st_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_shadow_tag_stims[] = {&st_random, NULL};
