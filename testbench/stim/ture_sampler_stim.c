/* Stimulus for ture_sampler.
 * random:  phases of 200..20K cycles, each with its own event rate, number
 *          of allocations (1..16) and blocks in play (one hot block every
 *          cycle: its counter saturates in a long window; a few; many: the
 *          sampler fills and new blocks are ignored), tags that alias in their low 16 bits, and a
 *          lease-unit ready rate (always, sometimes, or stalled past the
 *          window's reopening). A scoreboard written from the spec's words
 *          (its own timer and entry list, §4.4.6) checks every C output
 *          every cycle: window edges, acc_ready, which events are sampled,
 *          and each handed-over entry with its count and page bits.
 * golden:  hand-worked windows (see the script below), at any point with
 *          NSAMP >= 4, SAMP_D >= NSAMP + 6 and SAMP_S >= SAMP_D + NSAMP + 8. */
#include <stddef.h>
#include <string.h>

#include "blocks/ture_sampler.h"
#include "stim.h"

/* ---- the scoreboard: the spec's sampler as a list in allocation order
 * (entries are allocated lowest-free and handed over lowest-first, so the
 * list order is the entry order). */

typedef struct sb_ent {
    unsigned aid, tag, cnt, div;
} sb_ent_t;

typedef struct sb {
    unsigned D, S, n_max, timer, hand, n, head;
    sb_ent_t e[TURE_SAMP_MAX];
} sb_t;

static void sb_init(sb_t *s, const ture_sampler_params_t *p)
{
    memset(s, 0, sizeof *s);
    s->D = p->SAMP_D;
    s->S = p->SAMP_S;
    s->n_max = p->NSAMP;
}

static int sb_step(sb_t *s, uint64_t cyc, const ture_sampler_in_t *in,
                   const ture_sampler_out_t *o, gm_err_t *err)
{
    unsigned open = s->timer < s->D;
    unsigned ready = !(open && s->hand);
    int sampled = 0;
    if (o->st_samp_active != open || o->acc_ready != ready || o->ho_valid != s->hand)
        return gm_errf(err, "cycle %llu: st_samp_active %llu acc_ready %llu ho_valid %llu; "
                            "the spec says %u %u %u (timer %u)",
                       (unsigned long long)cyc, (unsigned long long)o->st_samp_active,
                       (unsigned long long)o->acc_ready, (unsigned long long)o->ho_valid, open,
                       ready, s->hand, s->timer);
    if (s->hand) {
        int end = s->head == s->n;
        const sb_ent_t *h = &s->e[s->head];
        if (o->ho_end != (uint64_t)end ||
            (!end && (o->ho_aid != h->aid || o->ho_cnt != h->cnt || o->ho_div != h->div)))
            return gm_errf(err, "cycle %llu: offered end %llu aid %llu cnt %llu div 0x%llx; "
                                "expected end %d aid %u cnt %u div 0x%x",
                           (unsigned long long)cyc, (unsigned long long)o->ho_end,
                           (unsigned long long)o->ho_aid, (unsigned long long)o->ho_cnt,
                           (unsigned long long)o->ho_div, end, end ? 0 : h->aid,
                           end ? 0 : h->cnt, end ? 0 : h->div);
    }
    if (in->acc_valid && open && !s->hand) {
        unsigned aid = (unsigned)in->acc_aid, tag = ture_blk_tag(in->acc_vpn);
        unsigned bit = 1u << (in->acc_vpn & 15), i;
        for (i = 0; i < s->n && !(s->e[i].aid == aid && s->e[i].tag == tag); i++)
            ;
        if (i == s->n && s->n < s->n_max)
            s->e[s->n++] = (sb_ent_t){aid, tag, 0, 0};
        if (i < s->n) {
            s->e[i].cnt += s->e[i].cnt < TURE_CNT_MAX;
            s->e[i].div |= bit;
            sampled = 1;
        }
    }
    if (o->acc_sampled != (uint64_t)sampled)
        return gm_errf(err, "cycle %llu: acc_sampled %llu, the spec says %d",
                       (unsigned long long)cyc, (unsigned long long)o->acc_sampled, sampled);
    if (s->hand && in->ho_ready) {
        if (s->head == s->n)
            s->hand = 0, s->head = s->n = 0;
        else
            s->head++;
    }
    if (s->timer == s->D - 1)
        s->hand = 1;
    s->timer = s->timer == s->S - 1 ? 0 : s->timer + 1;
    return 0;
}

/* ---- random */

enum {
    COV_SAMPLED, COV_ALLOC, COV_IGNORED, COV_SAT, COV_ALIAS, COV_HANDED_FULL,
    COV_END_EMPTY, COV_STALL, COV_HAND_ACROSS_END, COV_N
};
static const char *const cov_names[COV_N] = {
    "event sampled", "entry allocated", "new block ignored (full)", "counter saturated",
    "tags alias (granules differ)", "hand-over of a full sampler", "end marker of an empty window",
    "acc_ready = 0 (late hand-over)", "hand-over across a window end"};

typedef struct samp_rand {
    gm_rng_t r;
    sb_t sb;
    ture_sampler_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t p_acc, p_ready, naid, nblk, stall_until;
    uint64_t grn_base;
    int alias; /* this cycle's event is in a granule 2^16 away from its block */
} samp_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    samp_rand_t *c = vctx;
    (void)err;
    c->p = *(const ture_sampler_params_t *)params;
    gm_rng_seed(&c->r, seed);
    sb_init(&c->sb, &c->p);
    return 0;
}

static void new_phase(samp_rand_t *c, uint64_t cyc)
{
    static const uint32_t acc_rates[] = {0, 16, 128, 512, 1024};
    static const uint32_t ready_rates[] = {1024, 1024, 512, 64, 8};
    c->phase_end = cyc + 200 + gm_rng_below(&c->r, 20000);
    c->p_acc = acc_rates[gm_rng_below(&c->r, 5)];
    c->p_ready = ready_rates[gm_rng_below(&c->r, 5)];
    c->naid = 1 + (uint32_t)gm_rng_below(&c->r, gm_rng_chance(&c->r, 1, 2) ? 3 : 16);
    c->nblk = 1 + (uint32_t)gm_rng_below(&c->r, gm_rng_chance(&c->r, 1, 2) ? 3 : 40);
    c->grn_base = gm_rng_bits(&c->r, 32);
    if (gm_rng_chance(&c->r, 1, 8)) {
        /* Hot: one block every cycle, to saturate where a window allows. */
        c->p_acc = 1024;
        c->naid = c->nblk = 1;
        c->p_ready = 1024;
    }
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    samp_rand_t *c = vctx;
    ture_sampler_in_t *in = vin;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    in->acc_valid = gm_rng_chance(&c->r, c->p_acc, 1024);
    in->acc_aid = gm_rng_below(&c->r, c->naid);
    /* Blocks of a phase: granule base + b, or base + b + k * 2^16 (the same
     * 16-bit tag in another granule). */
    uint64_t b = gm_rng_below(&c->r, c->nblk);
    uint64_t alias = gm_rng_chance(&c->r, 1, 8) ? (gm_rng_below(&c->r, 4) << 16) : 0;
    uint64_t grn = (c->grn_base + b + alias) & 0xffffffffu;
    c->alias = alias != 0;
    in->acc_vpn = (grn << 4) | gm_rng_below(&c->r, 16);
    /* Now and then the lease unit stalls for a long while (past the window's
     * reopening, even past a whole period at the small point). */
    if (cyc >= c->stall_until && gm_rng_chance(&c->r, 1, 20000))
        c->stall_until = (uint32_t)cyc + (uint32_t)gm_rng_below(&c->r, 2 * c->p.SAMP_S);
    in->ho_ready = cyc >= c->stall_until && gm_rng_chance(&c->r, c->p_ready, 1024);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    samp_rand_t *c = vctx;
    const ture_sampler_in_t *in = vin;
    const ture_sampler_out_t *o = vout;
    const ture_sampler_t *m = c_state;
    if (ture_sampler_check(m, err))
        return -1;
    c->hits[COV_SAMPLED] += o->acc_sampled;
    if (o->acc_sampled) {
        unsigned tag = ture_blk_tag(in->acc_vpn), hit = 0;
        for (unsigned e = 0; e < m->p.NSAMP; e++)
            hit |= m->v[e] && m->aid[e] == in->acc_aid && m->tag[e] == tag;
        c->hits[COV_ALLOC] += !hit;
        for (unsigned e = 0; hit && e < m->p.NSAMP; e++)
            if (m->v[e] && m->aid[e] == in->acc_aid && m->tag[e] == tag)
                c->hits[COV_SAT] += m->cnt[e] == TURE_CNT_MAX;
    } else if (in->acc_valid && o->st_samp_active && o->acc_ready) {
        c->hits[COV_IGNORED]++;
    }
    c->hits[COV_ALIAS] += o->acc_sampled && c->alias;
    if (o->ho_valid && in->ho_ready && !o->ho_end && m->v[m->p.NSAMP - 1] && m->v[0])
        c->hits[COV_HANDED_FULL]++;
    c->hits[COV_END_EMPTY] += o->ho_end && in->ho_ready && c->sb.n == 0;
    c->hits[COV_STALL] += !o->acc_ready;
    c->hits[COV_HAND_ACROSS_END] += m->hand && m->timer == m->p.SAMP_D - 1;
    return sb_step(&c->sb, cyc, in, o, err);
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const samp_rand_t *c = vctx;
    const ture_sampler_t *m = c_state;
    /* A window of 1000 one-event cycles cannot reach 1023, so saturation is
     * reachable only where SAMP_D > 1022. */
    uint64_t optional = m->p.SAMP_D > 1022 ? 0 : 1u << COV_SAT;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 34, optional);
}

static const gm_stim_t samp_random = {
    "ture_sampler", "random",
    "phased events over few/many allocations and blocks, aliasing tags, stalled hand-overs; "
    "a scoreboard from the spec",
    sizeof(samp_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden. Window 0 (cycles 0..D-1), worked by hand from §4.4.6:
 *   0  aid 3 vpn 0x00050  granule 0x5, page 0: allocates e0      cnt 1 div 0x0001
 *   1  aid 3 vpn 0x00053  page 3                                  cnt 2 div 0x0009
 *   2  aid 3 vpn 0x100050 granule 0x10005: tag 0x0005 aliases e0  cnt 3 (page 0 again)
 *   3  aid 4 vpn 0x00050  another allocation: allocates e1        cnt 1 div 0x0001
 *   4  aid 3 vpn 0x0005f  page 15                                 e0 cnt 4 div 0x8009
 *   5.. aid 1 vpn (0x100+i)<<4 | i, i = 2..N-1: e2..e(N-1)         cnt 1 div 1 << i
 *   then aid 1 vpn 0x1027: e2 again, page 7                       e2 cnt 2 div 0x0084
 *   then aid 1 vpn 0x2000: a new block, the sampler is full: ignored
 *   D-1 aid 3 vpn 0x00055 the last open cycle: sampled            e0 cnt 5 div 0x8029
 *   D   aid 3 vpn 0x00055 closed: taken, not sampled; the hand-over starts
 * Hand-over: ho_ready held 0 for 3 cycles (the offer of e0 waits), then e0,
 * e1, ..., e(N-1) one a cycle and the end marker; then no offer.
 * Window 1 (S..S+D-1): opens at S; aid 9 vpn 0x7 is sampled at S+1 (a fresh
 * e0: the sampler was cleared). Its hand-over is held until 2S+2, so at 2S
 * the window is open but acc_ready = 0 and an event is not taken; e0 goes
 * at 2S+2, the end marker at 2S+3, and at 2S+4 an event is sampled again. */

typedef struct samp_gold {
    unsigned D, S, N;
} samp_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    samp_gold_t *c = vctx;
    const ture_sampler_params_t *p = params;
    (void)seed;
    /* Window 0's script ends at cycle NSAMP + 4, before the last open cycle;
     * its hand-over ends before the period does. */
    if (p->NSAMP < 4 || p->SAMP_D < p->NSAMP + 6 || p->SAMP_S < p->SAMP_D + p->NSAMP + 8)
        return gm_errf(err, "the golden script needs NSAMP >= 4, SAMP_D >= NSAMP + 6 and "
                            "SAMP_S >= SAMP_D + NSAMP + 8");
    c->D = p->SAMP_D;
    c->S = p->SAMP_S;
    c->N = p->NSAMP;
    return 0;
}

static void acc(ture_sampler_in_t *in, unsigned aid, uint64_t vpn)
{
    in->acc_valid = 1;
    in->acc_aid = aid;
    in->acc_vpn = vpn;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    const samp_gold_t *c = vctx;
    ture_sampler_in_t *in = vin;
    uint64_t D = c->D, S = c->S, N = c->N, fill_end = 5 + (N - 2);
    if (cyc >= 2 * S + 10)
        return GM_STIM_END;
    if (cyc == 0 || cyc == 4 || cyc == D - 1 || cyc == D)
        acc(in, 3, cyc == 0 ? 0x50 : cyc == 4 ? 0x5f : 0x55);
    else if (cyc == 1)
        acc(in, 3, 0x53);
    else if (cyc == 2)
        acc(in, 3, 0x100050);
    else if (cyc == 3)
        acc(in, 4, 0x50);
    else if (cyc >= 5 && cyc < fill_end)
        acc(in, 1, ((0x100 + (cyc - 3)) << 4) | (cyc - 3));
    else if (cyc == fill_end)
        acc(in, 1, 0x1027);
    else if (cyc == fill_end + 1)
        acc(in, 1, 0x2000);
    else if (cyc == S + 1 || cyc == 2 * S || cyc == 2 * S + 4)
        acc(in, 9, 0x7);
    in->ho_ready = (cyc >= D + 3 && cyc < S) || cyc >= 2 * S + 2;
    return GM_STIM_CYCLE;
}

typedef struct gexp {
    int ready, sampled, active, ho_valid, ho_end, aid, cnt, div; /* -1: any */
} gexp_t;

static gexp_t gold_expect(const samp_gold_t *c, uint64_t cyc)
{
    uint64_t D = c->D, S = c->S, N = c->N, fill_end = 5 + (N - 2);
    gexp_t x = {-1, -1, -1, -1, -1, -1, -1, -1};
    static const gexp_t e0 = {1, 0, 0, 1, 0, 3, 5, 0x8029}, e1 = {1, 0, 0, 1, 0, 4, 1, 0x0001};
    if (cyc < fill_end + 1)
        x = (gexp_t){1, 1, 1, 0, 0, 0, 0, 0};
    else if (cyc == fill_end + 1)
        x = (gexp_t){1, 0, 1, 0, 0, 0, 0, 0};
    else if (cyc == D - 1)
        x = (gexp_t){1, 1, 1, 0, 0, 0, 0, 0};
    else if (cyc >= D && cyc <= D + 3)
        x = e0, x.sampled = 0; /* the offer waits for ho_ready */
    else if (cyc == D + 4)
        x = e1;
    else if (cyc > D + 4 && cyc < D + 3 + N) {
        unsigned i = (unsigned)(cyc - D - 3);
        x = (gexp_t){1, 0, 0, 1, 0, 1, i == 2 ? 2 : 1, (int)((1u << i) | (i == 2 ? 0x80 : 0))};
    } else if (cyc == D + 3 + N)
        x = (gexp_t){1, 0, 0, 1, 1, 0, 0, 0};
    else if (cyc == D + 4 + N || cyc == S - 1)
        x = (gexp_t){1, 0, 0, 0, 0, 0, 0, 0};
    else if (cyc == S || cyc == S + 2)
        x = (gexp_t){1, 0, 1, 0, 0, 0, 0, 0};
    else if (cyc == S + 1)
        x = (gexp_t){1, 1, 1, 0, 0, 0, 0, 0};
    else if (cyc == S + D)
        x = (gexp_t){1, 0, 0, 1, 0, 9, 1, 0x0080};
    else if (cyc == 2 * S || cyc == 2 * S + 1)
        x = (gexp_t){0, 0, 1, 1, 0, 9, 1, 0x0080};
    else if (cyc == 2 * S + 2)
        x = (gexp_t){0, 0, 1, 1, 0, 9, 1, 0x0080};
    else if (cyc == 2 * S + 3)
        x = (gexp_t){0, 0, 1, 1, 1, 0, 0, 0};
    else if (cyc == 2 * S + 4)
        x = (gexp_t){1, 1, 1, 0, 0, 0, 0, 0};
    return x;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    const samp_gold_t *c = vctx;
    const ture_sampler_out_t *o = vout;
    gexp_t x = gold_expect(c, cyc);
    (void)vin;
    (void)c_state;
    const int got[8] = {(int)o->acc_ready,  (int)o->acc_sampled, (int)o->st_samp_active,
                        (int)o->ho_valid,   (int)o->ho_end,      (int)o->ho_aid,
                        (int)o->ho_cnt,     (int)o->ho_div};
    const int want[8] = {x.ready, x.sampled, x.active, x.ho_valid, x.ho_end, x.aid, x.cnt, x.div};
    static const char *const names[8] = {"acc_ready", "acc_sampled", "st_samp_active",
                                         "ho_valid",  "ho_end",      "ho_aid",
                                         "ho_cnt",    "ho_div"};
    for (int i = 0; i < 8; i++)
        if (want[i] >= 0 && got[i] != want[i])
            return gm_errf(err, "cycle %llu: %s = 0x%x, worked by hand: 0x%x",
                           (unsigned long long)cyc, names[i], got[i], want[i]);
    return 0;
}

static const gm_stim_t samp_golden = {
    "ture_sampler", "golden",
    "hand-worked windows: allocation, aliasing, a full sampler, the hand-over order, a late "
    "hand-over stalling the next window",
    sizeof(samp_gold_t), gold_init, gold_gen, gold_observe, NULL, NULL, NULL};

const gm_stim_t *const ture_sampler_stims[] = {&samp_random, &samp_golden, NULL};
