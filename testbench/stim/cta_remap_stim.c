/* Stimulus for cta_remap.
 * random:  phases of 200..5000 cycles, each with its own configuration:
 *          a grid (gdx x gdy, tiles that divide it or not), M = 1..32 with
 *          q, r from V (sometimes not: the unit must still agree), now and
 *          then a zero divisor; every mode and index method; ids mostly
 *          inside the grid, sometimes past it (err_range); request and
 *          out_ready rates of their own (results held under back-pressure);
 *          LUT writes between requests. The configuration also changes
 *          while a request runs: the unit holds the request's own.
 * golden:  the Fig. 8 MM example and the §10.1 vectors (Eq. 7/8, erratum
 *          E2's u = 4, |V| = 7 over 3 SMs, Fig. 7's column-major, tile-wise
 *          and arbitrary orders), each checked for its value and its
 *          latency 1 + divisions x DIVLAT. */
#include <stddef.h>

#include "blocks/cta_remap.h"
#include "stim.h"

enum {
    COV_MODE0, COV_MODE1, COV_MODE2, COV_MODE3,
    COV_IDX0, COV_IDX1, COV_IDX2, COV_IDX3,
    COV_ERR, COV_DIV0, COV_HELD, COV_LUTW, COV_CFG_BUSY,
    COV_N
};
static const char *const cov_names[COV_N] = {
    "IDENTITY requests", "REDIRECT requests", "CLUSTER requests", "LUT requests",
    "ROW decodes", "COL decodes", "TILE decodes", "LUT decodes",
    "results with err", "requests with a 0 divisor", "results held (no out_ready)",
    "LUT writes", "cfg changed while busy"};

typedef struct remap_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    uint64_t phase_end;
    unsigned aw;
    uint32_t p_req, p_ready, p_lutw, p_out;
    cta_remap_in_t cfg;   /* the phase's cfg_* */
    uint32_t V;
} remap_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    remap_rand_t *c = vctx;
    const cta_remap_params_t *p = params;
    (void)err;
    gm_rng_seed(&c->r, seed);
    c->aw = p->LUT_AW;
    return 0;
}

static uint32_t pick_dim(gm_rng_t *r)
{
    static const uint32_t dims[] = {1, 2, 3, 4, 5, 7, 8, 16, 31, 64, 100, 1000};
    if (gm_rng_chance(r, 1, 16))
        return (uint32_t)gm_rng_bits(r, 16);
    return dims[gm_rng_below(r, sizeof dims / sizeof dims[0])];
}

static void new_phase(remap_rand_t *c, uint64_t cyc)
{
    gm_rng_t *r = &c->r;
    cta_remap_in_t *f = &c->cfg;
    c->phase_end = cyc + 200 + gm_rng_below(r, 4800);
    uint32_t gdx = pick_dim(r), gdy = pick_dim(r) & 0xffff;
    c->V = gdx * gdy;
    f->cfg_mode = gm_rng_below(r, 4);
    f->cfg_index = gm_rng_below(r, 4);
    f->cfg_V = gm_rng_chance(r, 1, 16) ? (uint32_t)gm_rng_bits(r, 32) : c->V;
    f->cfg_M = 1 + gm_rng_below(r, 32);
    if (gm_rng_chance(r, 1, 32))
        f->cfg_M = gm_rng_below(r, 64); /* 0 and past 32: the divider's own edge */
    uint32_t M = (uint32_t)f->cfg_M ? (uint32_t)f->cfg_M : 1;
    f->cfg_q = (uint32_t)f->cfg_V / M;
    f->cfg_r = ((uint32_t)f->cfg_V % M) & 31;
    if (gm_rng_chance(r, 1, 16)) {
        f->cfg_q = gm_rng_bits(r, 32);
        f->cfg_r = gm_rng_bits(r, 5);
    }
    f->cfg_gdx = gm_rng_chance(r, 1, 32) ? 0 : gdx;
    f->cfg_gdy = gm_rng_chance(r, 1, 32) ? 0 : gdy;
    f->cfg_tw = gm_rng_chance(r, 1, 32) ? 0 : 1 + gm_rng_below(r, 8);
    f->cfg_th = gm_rng_chance(r, 1, 32) ? 0 : 1 + gm_rng_below(r, 8);
    if (gm_rng_chance(r, 1, 16))
        f->cfg_tw = gm_rng_bits(r, 8);
    f->cfg_ntx = f->cfg_tw ? gdx / (uint32_t)f->cfg_tw : gm_rng_bits(r, 8);
    static const uint32_t rates[] = {64, 256, 1024};
    c->p_req = rates[gm_rng_below(r, 3)];
    c->p_ready = rates[gm_rng_below(r, 3)];
    c->p_lutw = rates[gm_rng_below(r, 3)];
    c->p_out = gm_rng_chance(r, 1, 4) ? 128 : 8;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    remap_rand_t *c = vctx;
    cta_remap_in_t *in = vin;
    gm_rng_t *r = &c->r;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    *in = c->cfg;
    if (gm_rng_chance(r, 1, 64)) { /* noise on the cfg of a running request */
        in->cfg_mode = gm_rng_bits(r, 2);
        in->cfg_index = gm_rng_bits(r, 2);
        in->cfg_gdx = gm_rng_bits(r, 8);
        in->cfg_q = gm_rng_bits(r, 8);
    }
    in->in_valid = gm_rng_chance(r, c->p_req, 1024);
    uint32_t lim = c->V ? c->V : 1;
    in->in_u = gm_rng_chance(r, c->p_out, 1024) ? (uint32_t)gm_rng_bits(r, 32)
                                                 : (uint32_t)gm_rng_below(r, lim);
    in->in_w = gm_rng_below(r, (uint32_t)c->cfg.cfg_q + 2);
    in->in_i = gm_rng_below(r, c->cfg.cfg_M ? c->cfg.cfg_M : 32) & 31;
    in->out_ready = gm_rng_chance(r, c->p_ready, 1024);
    in->lut_we = gm_rng_chance(r, c->p_lutw, 1024);
    in->lut_addr = gm_rng_bits(r, 12);
    in->lut_wdata = gm_rng_chance(r, 7, 8) ? gm_rng_below(r, lim) : gm_rng_bits(r, 32);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    remap_rand_t *c = vctx;
    const cta_remap_in_t *in = vin;
    const cta_remap_out_t *o = vout;
    const cta_remap_t *m = c_state;
    (void)cyc;
    (void)err;
    if (in->in_valid && o->in_ready) {
        c->hits[COV_MODE0 + in->cfg_mode]++;
        c->hits[COV_IDX0 + in->cfg_index]++;
        c->hits[COV_DIV0] += !in->cfg_gdx || !in->cfg_gdy || !in->cfg_M || !in->cfg_tw;
    }
    c->hits[COV_LUTW] += o->in_ready && !in->in_valid && in->lut_we;
    c->hits[COV_HELD] += o->out_valid && !in->out_ready;
    c->hits[COV_ERR] += m->left == 1 && !m->ov && m->busy && m->pend.err;
    c->hits[COV_CFG_BUSY] += m->busy && (in->cfg_mode != c->cfg.cfg_mode);
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const remap_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 28, 0);
}

static const gm_stim_t remap_random = {
    "cta_remap", "random", "phased random configurations, every mode and index method",
    sizeof(remap_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden ---- */

typedef struct gvec {
    unsigned mode, index;
    uint32_t V, M, gdx, gdy, tw, th;
    uint32_t u, w, i;
    uint32_t v, bx, by;
    unsigned divisions;
    const char *why;
} gvec_t;

#define FIG8(mode, u, w, i, v, bx, by, d, why) {mode, CTA_INDEX_ROW, 6, 2, 3, 2, 0, 0, u, w, i, v, bx, by, d, why}
#define V7(u, v) {CTA_REMAP_REDIRECT, CTA_INDEX_ROW, 7, 3, 7, 1, 0, 0, u, 0, 0, v, v, 0, 2, \
                  "|V|=7, M=3: Listing 4's redirection, u -> v = 0,3,5,1,4,6,2"}
#define TILE(v, bx, by) {CTA_REMAP_IDENTITY, CTA_INDEX_TILE, 16, 4, 4, 4, 2, 2, v, 0, 0, v, bx, by, 3, \
                         "Fig. 7 tile-wise 4x4, 2x2 tiles"}
#define COL(v, bx, by) {CTA_REMAP_IDENTITY, CTA_INDEX_COL, 16, 4, 4, 4, 0, 0, v, 0, 0, v, bx, by, 1, \
                        "Fig. 7 column-major 4x4"}
#define ARB(v, bx, by) {CTA_REMAP_IDENTITY, CTA_INDEX_LUT, 16, 4, 4, 4, 0, 0, v, 0, 0, v, bx, by, 1, \
                        "Fig. 7 arbitrary 4x4 through the LUT"}

static const gvec_t vecs[] = {
    /* Fig. 8: M = 2, a 3 x 2 grid, |V| = 6, row-major (Y-partition). */
    FIG8(CTA_REMAP_CLUSTER, 0, 0, 1, 3, 0, 1, 1, "Fig. 8: (w=0, i=1) is CTA (0,1), v = 3"),
    FIG8(CTA_REMAP_CLUSTER, 0, 2, 1, 5, 2, 1, 1, "Fig. 8: (w=2, i=1) -> v = 1*(3+1)+2+min(0-1,0) = 5"),
    FIG8(CTA_REMAP_REDIRECT, 4, 0, 0, 2, 2, 0, 2, "Fig. 8 / E2: u = 4 -> (w=2, i=0) -> v = 2 = (2,0)"),
    FIG8(CTA_REMAP_REDIRECT, 1, 0, 0, 3, 0, 1, 2, "Fig. 8: u = 1 runs on SM 1 as cluster C1's first, CTA (0,1)"),
    FIG8(CTA_REMAP_IDENTITY, 4, 0, 0, 4, 1, 1, 1, "Fig. 8 baseline: u = 4 is CTA (1,1)"),
    V7(0, 0), V7(1, 3), V7(2, 5), V7(3, 1), V7(4, 4), V7(5, 6), V7(6, 2),
    TILE(0, 0, 0), TILE(1, 1, 0), TILE(2, 0, 1), TILE(3, 1, 1), TILE(4, 2, 0), TILE(5, 3, 0),
    TILE(6, 2, 1), TILE(7, 3, 1), TILE(8, 0, 2), TILE(11, 1, 3), TILE(13, 3, 2), TILE(15, 3, 3),
    COL(1, 0, 1), COL(4, 1, 0), COL(14, 3, 2),
    ARB(0, 2, 2), ARB(1, 3, 3), ARB(10, 0, 0), ARB(4, 1, 0), ARB(7, 3, 1), ARB(15, 3, 0),
    {CTA_REMAP_REDIRECT, CTA_INDEX_TILE, 16, 2, 4, 4, 2, 2, 3, 0, 0, 9, 1, 2, 4,
     "REDIRECT then TILE: u=3 -> (w=1, i=1) -> v = 9 -> (1,2); 4 divisions"},
};

/* Fig. 7's arbitrary grid, row by row: the order v of each position. */
static const uint8_t arbitrary[16] = {10, 4, 9, 15, 2, 12, 5, 7, 8, 3, 0, 13, 6, 11, 14, 1};

enum { G_LUT, G_ISSUE, G_WAIT };

typedef struct remap_gold {
    const cta_remap_params_t *p;
    unsigned st, vec, lut_i;
    uint64_t start;
} remap_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    remap_gold_t *c = vctx;
    const cta_remap_params_t *p = params;
    (void)seed;
    if (p->LUT_AW < 4)
        return gm_errf(err, "the golden vectors need a 16-entry LUT (LUT_AW >= 4)");
    c->p = p;
    return 0;
}

static void drive_cfg(const gvec_t *g, cta_remap_in_t *in)
{
    in->cfg_mode = g->mode;
    in->cfg_index = g->index;
    in->cfg_V = g->V;
    in->cfg_M = g->M;
    in->cfg_q = g->V / g->M;
    in->cfg_r = g->V % g->M;
    in->cfg_gdx = g->gdx;
    in->cfg_gdy = g->gdy;
    in->cfg_tw = g->tw;
    in->cfg_th = g->th;
    in->cfg_ntx = g->tw ? g->gdx / g->tw : 0;
    in->in_u = g->u;
    in->in_w = g->w;
    in->in_i = g->i;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    remap_gold_t *c = vctx;
    cta_remap_in_t *in = vin;
    (void)cyc;
    if (c->st == G_LUT) {
        /* The table maps the order v to its row-major position. */
        unsigned pos = 0;
        while (arbitrary[pos] != c->lut_i)
            pos++;
        in->lut_we = 1;
        in->lut_addr = c->lut_i;
        in->lut_wdata = pos;
        return 0;
    }
    if (c->vec >= sizeof vecs / sizeof vecs[0])
        return GM_STIM_END;
    drive_cfg(&vecs[c->vec], in);
    in->in_valid = c->st == G_ISSUE;
    in->out_ready = 1;
    return 0;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    remap_gold_t *c = vctx;
    const cta_remap_out_t *o = vout;
    (void)vin;
    (void)c_state;
    if (c->st == G_LUT) {
        if (++c->lut_i == 16)
            c->st = G_ISSUE;
        return 0;
    }
    const gvec_t *g = &vecs[c->vec];
    if (c->st == G_ISSUE) {
        if (!o->in_ready)
            return gm_errf(err, "vector %u (%s): in_ready 0 at cycle %llu", c->vec, g->why,
                           (unsigned long long)cyc);
        c->start = cyc;
        c->st = G_WAIT;
        return 0;
    }
    if (!o->out_valid)
        return 0;
    unsigned lat = cta_remap_latency(c->p, g->divisions);
    if (o->out_v != g->v || o->out_bx != g->bx || o->out_by != g->by || o->err_range ||
        cyc - c->start != lat)
        return gm_errf(err,
                       "vector %u (%s): v %llu bx %llu by %llu err %llu after %llu cycles; "
                       "expected v %u bx %u by %u err 0 after %u",
                       c->vec, g->why, (unsigned long long)o->out_v,
                       (unsigned long long)o->out_bx, (unsigned long long)o->out_by,
                       (unsigned long long)o->err_range,
                       (unsigned long long)(cyc - c->start), g->v, g->bx, g->by, lat);
    c->vec++;
    c->st = G_ISSUE;
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const remap_gold_t *c = vctx;
    if (c->vec < sizeof vecs / sizeof vecs[0])
        return gm_errf(err, "the run ended after %llu cycles, at vector %u of %zu",
                       (unsigned long long)cycles, c->vec, sizeof vecs / sizeof vecs[0]);
    return 0;
}

static const gm_stim_t remap_golden = {
    "cta_remap", "golden", "Fig. 8 MM example, Listing 4 over |V|=7, Fig. 7's orders (value and latency)",
    sizeof(remap_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const cta_remap_stims[] = {&remap_random, &remap_golden, NULL};
