/* Stimulus for dts.
 * random: loads and stores over a few sets and a tag pool larger than the
 *   tag ways (LFU replacement, aging, evictions), fills returning a random
 *   time after each MISS (and stray fills), random MSHR / merge / bypass
 *   back-pressure and filter phases; dts_check (FREE equals the free
 *   lines, every valid line has exactly one committed owner, LRU ranks are
 *   permutations, a line is allocated iff a sector of it is valid or
 *   pending) holds every cycle. A quarter of the requests are not their
 *   line's first sector (no RC increment); with SECTORS > 1 the addresses
 *   fall in every sector and the fills return each sector a MISS or
 *   SECTOR_MISS fetched; sector misses and stores dropping one sector of a
 *   line that stays are covered too.
 * golden: seed-004 §1.8, all 14 steps (T = 2, RC_INIT = 0, default knobs):
 *   outcomes, data lines, evictions and the tag entries' RC and ways after
 *   each step. Steps 1-10 run from reset. Steps 11-14 start from the
 *   example's assumed state, which no access sequence reaches (its tag and
 *   data LRU orders disagree), so it is loaded through the backdoor into
 *   both models; step 14's four reserved lines are then reached through the
 *   ports (two more inserts with the filter off) and its RESERVATION_FAIL
 *   is retried for three cycles with nothing changing. */
#include <string.h>

#include "blocks/dts.h"
#include "stim.h"

enum { MAXP = 256, COV_N = 12, COV_LINE = 10 };
static const char *const cov_names[COV_N] = {
    "HIT", "HIT_RESERVED", "MISS (insert)", "BYPASS", "RF all lines reserved", "RF MSHR",
    "RF bypass port", "LFU tag replacement", "data eviction", "store write-evict",
    "SECTOR_MISS", "store drops a sector"};

typedef struct dts_rand {
    gm_rng_t r;
    dts_params_t p;
    struct { uint32_t addr; uint64_t due; } pend[MAXP];
    uint32_t npend, sets, tags, phase_end, p_ok, filt;
    uint64_t hits[COV_N];
} dts_rand_t;

static int rnd_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    dts_rand_t *c = vctx;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->p = *(const dts_params_t *)params;
    return 0;
}

static int rnd_gen(void *vctx, uint64_t cyc, void *vin)
{
    dts_rand_t *c = vctx;
    dts_in_t *in = vin;
    if (cyc >= c->phase_end) {
        c->phase_end = (uint32_t)cyc + 300 + (uint32_t)gm_rng_below(&c->r, 3000);
        c->sets = 1 + (uint32_t)gm_rng_below(&c->r, c->p.SETS < 4 ? c->p.SETS : 4);
        c->tags = 2 + (uint32_t)gm_rng_below(&c->r, 14);
        c->p_ok = gm_rng_chance(&c->r, 1, 3) ? 512 : 1000;
        c->filt = (uint32_t)gm_rng_below(&c->r, 3); /* 0 off, 1 on, 2 random */
    }
    unsigned sb = 0;
    while ((1u << sb) < c->p.SETS)
        sb++;
    if (gm_rng_chance(&c->r, 3, 4)) {
        in->req_valid = 1;
        uint32_t set = (uint32_t)gm_rng_below(&c->r, c->sets);
        uint32_t tag = 1 + (uint32_t)gm_rng_below(&c->r, c->tags);
        in->req_addr = (tag << (7 + sb)) | (set << 7) | (uint32_t)gm_rng_below(&c->r, 128);
        in->req_store = gm_rng_chance(&c->r, 1, 10);
        in->req_first = gm_rng_chance(&c->r, 3, 4);
    }
    in->filter_en = c->filt == 2 ? gm_rng_below(&c->r, 2) : c->filt;
    in->mshr_ok = gm_rng_chance(&c->r, c->p_ok, 1024);
    in->merge_ok = gm_rng_chance(&c->r, c->p_ok, 1024);
    in->byp_ok = gm_rng_chance(&c->r, c->p_ok, 1024);
    for (uint32_t i = 0; i < c->npend; i++)
        if (c->pend[i].due <= cyc) {
            in->fill_valid = 1;
            in->fill_addr = c->pend[i].addr;
            c->pend[i] = c->pend[--c->npend];
            break;
        }
    if (!in->fill_valid && gm_rng_chance(&c->r, 1, 200)) {
        in->fill_valid = 1;
        in->fill_addr = gm_rng_bits(&c->r, 32);
    }
    return GM_STIM_CYCLE;
}

static int rnd_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                       const void *c_state, gm_err_t *err)
{
    dts_rand_t *c = vctx;
    const dts_in_t *in = vin;
    const dts_out_t *o = vout;
    const dts_t *m = c_state;
    if (dts_check(m, err))
        return -1;
    switch (o->outcome) {
    case DTS_HIT: c->hits[0]++; break;
    case DTS_HIT_RESERVED: c->hits[1]++; break;
    case DTS_MISS:
    case DTS_SECTOR_MISS:
        c->hits[o->outcome == DTS_MISS ? 2 : 10]++;
        if (c->npend < MAXP) {
            c->pend[c->npend].addr = (uint32_t)in->req_addr & ~(128u / c->p.SECTORS - 1);
            c->pend[c->npend].due = cyc + 2 + gm_rng_below(&c->r, 200);
            c->npend++;
        }
        if (o->evict_valid)
            c->hits[8]++;
        break;
    case DTS_BYPASS: c->hits[3]++; break;
    case DTS_RF: c->hits[3 + o->rf_cause]++; break;
    case DTS_STORE:
        if (o->evict_valid)
            c->hits[9]++;
        else if (o->st_drop)
            c->hits[11]++;
        break;
    default: break;
    }
    c->hits[7] = m->ctr.tag_replacements;
    return 0;
}

static int rnd_coverage(void *vctx, const void *c_state, FILE *out)
{
    const dts_rand_t *c = vctx;
    const dts_t *m = c_state;
    /* Threshold 0 (the baseline cache) never bypasses. */
    int t0 = m->p.T == 0 && !m->p.CMP_GT;
    /* A one-sector line has no sector of a cached line to miss or drop. */
    return gm_stim_cov_print(out, cov_names, c->hits, m->p.SECTORS > 1 ? COV_N : COV_LINE, 30,
                             t0 ? 1u << 3 | 1u << 6 : 0);
}

static const gm_stim_t dts_random = {
    "dts", "random", "random loads/stores/fills with back-pressure; invariants every cycle",
    sizeof(dts_rand_t), rnd_init, rnd_gen, rnd_observe, NULL, rnd_coverage, NULL};

/* ---- golden: §1.8 steps 1-10 ---- */

typedef struct gstep {
    int fill;           /* 1: a fill of `blk` instead of a load */
    uint32_t blk;       /* A = 1, B = 2, ... (tags of set 0) */
    int outcome, pos;   /* expected; pos -1: any */
    int way, rc, c;     /* the block's tag entry afterwards (-1: not checked) */
    const char *why;
    int nofilt;         /* filter_en = 0 (effective T = 0) */
    int cause;          /* the expected RF cause */
    uint32_t evict;     /* the block whose line is evicted, or 0 */
    int same;           /* nothing changes (a refused request) */
} gstep_t;

enum { A = 1, B, C, D, E, F, G, H, J, K };
static const gstep_t gold[] = {
    {0, A, DTS_BYPASS, -1, 7, 0, 0, "1 LD A: tag miss -> free w7, RC 0 < 2: BYPASS", 0, 0, 0, 0},
    {0, A, DTS_BYPASS, -1, 7, 1, 0, "2 LD A: candidate, RC 1: BYPASS", 0, 0, 0, 0},
    {0, A, DTS_MISS, 3, 7, 2, 1, "3 LD A: RC 2 >= 2: l3 (highest free), MISS", 0, 0, 0, 0},
    {0, A, DTS_HIT_RESERVED, 3, 7, 2, 1, "4 LD A: committed, l3 reserved: HIT_RESERVED", 0, 0, 0,
     0},
    {1, A, 0, -1, 7, 2, 1, "5 fill A: l3 valid", 0, 0, 0, 0},
    {0, A, DTS_HIT, 3, 7, 2, 1, "6 LD A: HIT", 0, 0, 0, 0},
    {0, B, DTS_BYPASS, -1, 6, 0, 0, "7 LD B: tag miss -> w6: BYPASS", 0, 0, 0, 0},
    {0, B, DTS_BYPASS, -1, 6, 1, 0, "8 LD B: RC 1: BYPASS", 0, 0, 0, 0},
    {0, C, DTS_BYPASS, -1, 5, 0, 0, "9 LD C: tag miss -> w5: BYPASS", 0, 0, 0, 0},
    {0, B, DTS_MISS, 2, 6, 2, 1, "10 LD B: RC 2: l2, MISS; A 2 -> 1, C stays 0", 0, 0, 0, 0},
    /* (the assumed state is loaded here) */
    {0, F, DTS_MISS, 3, 2, 2, 1, "11 LD F: RC 2: victim l3 (A), MISS", 0, 0, A, 0},
    {0, J, DTS_BYPASS, -1, 0, 0, 0, "12 LD J: LFU tie among RC 0 -> oldest w0 (H): BYPASS", 0,
     0, 0, 0},
    {0, K, DTS_MISS, 2, 1, 0, 1, "13 LD K, filter off: w1 (G), victim l2 (B), MISS", 1, 0, B, 0},
    {0, C, DTS_MISS, 1, 5, 1, 1, "14a LD C, filter off: victim l1 (D), MISS", 1, 0, D, 0},
    {0, A, DTS_MISS, 0, 7, 1, 1, "14b LD A, filter off: victim l0 (E), MISS", 1, 0, E, 0},
    {0, J, DTS_BYPASS, -1, 0, 1, 0, "14c LD J: RC 1: BYPASS", 0, 0, 0, 0},
    {0, J, DTS_RF, -1, 0, 1, 0, "14 LD J: RC 2 but all 4 lines reserved: RESERVATION_FAIL", 0,
     DTS_RF_RESERVED, 0, 1},
    {0, J, DTS_RF, -1, 0, 1, 0, "14 retried", 0, DTS_RF_RESERVED, 0, 1},
    {0, J, DTS_RF, -1, 0, 1, 0, "14 retried again", 0, DTS_RF_RESERVED, 0, 1},
};
enum { GOLD_N = sizeof gold / sizeof gold[0], GOLD_LOAD = 10 };

typedef struct dts_gold {
    unsigned step, sb;
    int hit_seen, loaded, pre_bad;
    gm_err_t pre_err; /* step 10's state, checked before the load replaces it */
    dts_t before; /* the state a refused request must leave as it was */
} dts_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    dts_gold_t *c = vctx;
    const dts_params_t *p = params;
    (void)seed;
    if (p->TW != 8 || p->DW != 4 || p->T != 2 || p->RC_INIT || p->CMP_GT || p->FREE_PICK ||
        p->AGE2 || p->TAG_TIE || p->SECTORS != 1)
        return gm_errf(err, "the §1.8 example needs TW=8 DW=4 T=2 and the default knobs "
                            "(use --point default)");
    while ((1u << c->sb) < p->SETS)
        c->sb++;
    return 0;
}

static void set_way(dts_t *m, unsigned w, uint32_t tag, unsigned cm, unsigned rc, unsigned pos,
                    unsigned age)
{
    m->tv[w] = 1;
    m->tc[w] = (uint8_t)cm;
    m->ttag[w] = tag;
    m->trc[w] = (uint8_t)rc;
    m->tpos[w] = (uint8_t)pos;
    m->tlru[w] = (uint8_t)age;
}

static int gold_check_state(dts_gold_t *c, const dts_t *m, gm_err_t *err);

/* Before step 11, set 0: committed w7 A->l3, w6 B->l2, w4 D->l1, w3 E->l0,
 * every line valid, FREE 0, data LRU (LRU first) l3 l2 l1 l0; candidates
 * w5 C 0, w2 F 1, w1 G 0, w0 H 1; tag LRU (oldest first) w0 w1 w5 w7 w3 w4
 * w6 w2 (rank 7 the oldest). */
static int gold_preload(void *vctx, uint64_t cyc, void *c_state)
{
    dts_gold_t *c = vctx;
    dts_t *m = c_state;
    (void)cyc;
    if (c->step != GOLD_LOAD || c->loaded)
        return 0;
    c->loaded = 1;
    c->pre_bad = gold_check_state(c, m, &c->pre_err) != 0;
    set_way(m, 7, A, 1, 1, 3, 4);
    set_way(m, 6, B, 1, 2, 2, 1);
    set_way(m, 4, D, 1, 2, 1, 2);
    set_way(m, 3, E, 1, 2, 0, 3);
    set_way(m, 5, C, 0, 0, 0, 5);
    set_way(m, 2, F, 0, 1, 0, 0);
    set_way(m, 1, G, 0, 0, 0, 6);
    set_way(m, 0, H, 0, 1, 0, 7);
    for (unsigned l = 0; l < 4; l++) {
        m->lv[l] = 1;
        m->sv[l] = 1; /* the one sector: filled */
        m->sp[l] = 0;
        m->dlru[l] = (uint8_t)l;
    }
    m->freec[0] = 0;
    return 1;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    dts_gold_t *c = vctx;
    dts_in_t *in = vin;
    (void)cyc;
    if (c->step == GOLD_N)
        return GM_STIM_END;
    const gstep_t *s = &gold[c->step];
    uint32_t a = s->blk << (7 + c->sb);
    in->filter_en = !s->nofilt;
    in->mshr_ok = in->merge_ok = in->byp_ok = 1;
    if (s->fill) {
        in->fill_valid = 1;
        in->fill_addr = a;
    } else {
        in->req_valid = 1;
        in->req_first = 1;
        in->req_addr = a;
    }
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    dts_gold_t *c = vctx;
    const dts_out_t *o = vout;
    const gstep_t *s = &gold[c->step];
    (void)vin;
    (void)cyc;
    /* The step-6 HIT reads l3 in S2, the cycle after (the +1 of the tag
     * probe); nothing else reads. */
    if ((int)o->rsp_valid != (c->step == 6) || (o->rsp_valid && o->rsp_pos != 3))
        return gm_errf(err, "step %s: S2 read %u of line %u", s->why, (unsigned)o->rsp_valid,
                       (unsigned)o->rsp_pos);
    c->hit_seen |= (int)o->rsp_valid;
    if ((s->fill && o->fill_err) || (!s->fill && (int)o->outcome != s->outcome) ||
        (s->pos >= 0 && (int)o->pos != s->pos) || (int)o->rf_cause != s->cause)
        return gm_errf(err, "step %s: outcome %u pos %u cause %u", s->why, (unsigned)o->outcome,
                       (unsigned)o->pos, (unsigned)o->rf_cause);
    if ((int)o->evict_valid != (s->evict != 0) ||
        (s->evict && o->evict_addr != (uint64_t)s->evict << (7 + c->sb)))
        return gm_errf(err, "step %s: evict %u addr %#x", s->why, (unsigned)o->evict_valid,
                       (unsigned)o->evict_addr);
    if (s->same)
        c->before = *(const dts_t *)c_state;
    c->step++;
    return 0;
}

static int same_state(const dts_t *a, const dts_t *b)
{
#define SAME(f) (memcmp(a->f, b->f, sizeof a->f) == 0)
    return SAME(tv) && SAME(tc) && SAME(ttag) && SAME(trc) && SAME(tpos) && SAME(tlru) &&
           SAME(lv) && SAME(sv) && SAME(sp) && SAME(dlru) && SAME(freec) && a->s2_v == b->s2_v &&
           a->s2_pos == b->s2_pos;
#undef SAME
}

/* The tag entries after each step, from the state the next step sees. */
static int gold_check_state(dts_gold_t *c, const dts_t *m, gm_err_t *err)
{
    if (c->step == 0)
        return 0;
    const gstep_t *s = &gold[c->step - 1];
    unsigned i = (unsigned)s->way; /* set 0 */
    if (!m->tv[i] || m->ttag[i] != s->blk || m->trc[i] != (unsigned)s->rc ||
        m->tc[i] != (unsigned)s->c)
        return gm_errf(err, "after step %s: w%d holds tag %u RC %u C %u", s->why, s->way,
                       m->ttag[i], m->trc[i], m->tc[i]);
    if (c->step == 10 && (m->trc[7] != 1 || m->trc[5] != 0 || m->freec[0] != 2))
        return gm_errf(err, "after step 10: A's RC %u (1), C's %u (0), FREE %u (2)", m->trc[7],
                       m->trc[5], m->freec[0]);
    if (c->step == 11 && (m->tc[7] || m->trc[7] || m->trc[0] || m->trc[5] || m->trc[1]))
        return gm_errf(err, "after step 11: A C %u RC %u (a candidate, 0); H %u C %u G %u (0)",
                       m->tc[7], m->trc[7], m->trc[0], m->trc[5], m->trc[1]);
    if (c->step == 13 && (m->tc[6] || m->trc[6]))
        return gm_errf(err, "after step 13: B C %u RC %u (a candidate, 0)", m->tc[6], m->trc[6]);
    if (s->same && !same_state(&c->before, m))
        return gm_errf(err, "step %s changed the state", s->why);
    return 0;
}

static int gold_observe_all(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                            const void *c_state, gm_err_t *err)
{
    dts_gold_t *c = vctx;
    if (c->pre_bad)
        return gm_errf(err, "%s", c->pre_err.msg);
    if (c->step != GOLD_LOAD && gold_check_state(c, c_state, err))
        return -1;
    return gold_observe(vctx, cyc, vin, vout, c_state, err);
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const dts_gold_t *c = vctx;
    (void)cycles;
    if (c->step != GOLD_N || !c->hit_seen)
        return gm_errf(err, "stopped at step %u", c->step);
    return 0;
}

static const gm_stim_t dts_golden = {
    "dts",         "golden",         "seed-004 §1.8, all 14 steps (point default)",
    sizeof(dts_gold_t), gold_init, gold_gen, gold_observe_all, gold_finish, NULL, gold_preload};

const gm_stim_t *const dts_stims[] = {&dts_random, &dts_golden, NULL};
