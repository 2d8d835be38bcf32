/* ture_sampler — TURE's periodic sliding-window sampler (seed-001 §4.4.3,
 * §4.4.6, §9.4). */
#include "ture_sampler.h"

#include <string.h>

int ture_sampler_init(ture_sampler_t *m, const ture_sampler_params_t *p, gm_err_t *err)
{
    if (p->SAMP_D >= p->SAMP_S)
        return gm_errf(err, "$.params.SAMP_D: %u must be below SAMP_S (%u): the window "
                            "must close once a period, or no lease is ever learned",
                       p->SAMP_D, p->SAMP_S);
    memset(m, 0, sizeof *m);
    m->p = *p;
    ture_sampler_reset(m);
    return 0;
}

void ture_sampler_reset(ture_sampler_t *m)
{
    ture_sampler_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

static int window_open(const ture_sampler_t *m) { return m->timer < m->p.SAMP_D; }

static int acc_ready(const ture_sampler_t *m) { return !(window_open(m) && m->hand); }

/* The entry an event of (aid, tag) updates, or allocates, or -1 (ignored). */
static int pick(const ture_sampler_t *m, unsigned aid, unsigned tag, int *alloc)
{
    int free_e = -1;
    for (unsigned e = 0; e < m->p.NSAMP; e++) {
        if (m->v[e] && m->aid[e] == aid && m->tag[e] == tag) {
            *alloc = 0;
            return (int)e;
        }
        if (!m->v[e] && free_e < 0)
            free_e = (int)e;
    }
    *alloc = free_e >= 0;
    return free_e;
}

/* The lowest valid entry (the one a hand-over offers), or -1. */
static int lowest_valid(const ture_sampler_t *m)
{
    for (unsigned e = 0; e < m->p.NSAMP; e++)
        if (m->v[e])
            return (int)e;
    return -1;
}

static int samples(const ture_sampler_t *m, const ture_sampler_in_t *in, int *e, int *alloc)
{
    *e = -1;
    *alloc = 0;
    if (!in->acc_valid || !window_open(m) || m->hand)
        return 0;
    *e = pick(m, (unsigned)in->acc_aid, ture_blk_tag(in->acc_vpn), alloc);
    return *e >= 0;
}

void ture_sampler_eval(const ture_sampler_t *m, const ture_sampler_in_t *in,
                       ture_sampler_out_t *out)
{
    int e, alloc;
    memset(out, 0, sizeof *out);
    out->acc_ready = (uint64_t)acc_ready(m);
    out->acc_sampled = (uint64_t)samples(m, in, &e, &alloc);
    out->st_samp_active = (uint64_t)window_open(m);
    if (!m->hand)
        return;
    out->ho_valid = 1;
    int h = lowest_valid(m);
    if (h < 0) {
        out->ho_end = 1;
        return;
    }
    out->ho_aid = m->aid[h];
    out->ho_cnt = m->cnt[h];
    out->ho_div = m->div[h];
}

void ture_sampler_tick(ture_sampler_t *m, const ture_sampler_in_t *in)
{
    int e, alloc;
    int ready = acc_ready(m);
    int taken = in->acc_valid && ready;
    int closing = m->timer == m->p.SAMP_D - 1;

    if (samples(m, in, &e, &alloc)) {
        unsigned bit = 1u << (in->acc_vpn & 15u);
        if (alloc) {
            m->v[e] = 1;
            m->aid[e] = (uint8_t)in->acc_aid;
            m->tag[e] = (uint16_t)ture_blk_tag(in->acc_vpn);
            m->cnt[e] = 1;
            m->div[e] = (uint16_t)bit;
            m->ctr.allocated++;
        } else {
            m->ctr.saturated += m->cnt[e] == TURE_CNT_MAX;
            if (m->cnt[e] < TURE_CNT_MAX)
                m->cnt[e]++;
            m->div[e] |= (uint16_t)bit;
        }
        m->ctr.sampled++;
    } else if (in->acc_valid && window_open(m) && !m->hand) {
        m->ctr.ignored_full++;
    }

    if (m->hand && in->ho_ready) {
        int h = lowest_valid(m);
        if (h < 0) {
            m->hand = 0;
        } else {
            m->v[h] = 0;
            m->ctr.handed++;
        }
    }
    /* The closing edge starts a hand-over unless one is still running (its
     * end marker would otherwise be lost); the same edge's ho_ready already
     * acted on the old one above. */
    if (closing && !m->hand) {
        m->hand = 1;
        m->ctr.windows++;
    }
    m->ctr.accesses += (uint64_t)taken;
    m->ctr.stall_cycles += !ready;
    m->timer = (uint16_t)(m->timer == m->p.SAMP_S - 1 ? 0 : m->timer + 1);
}

void ture_sampler_counters(const ture_sampler_t *m, ture_sampler_counters_t *c)
{
    *c = m->ctr;
}

static unsigned popcount16(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

int ture_sampler_check(const ture_sampler_t *m, gm_err_t *err)
{
    int seen_free = 0;
    for (unsigned e = 0; e < m->p.NSAMP; e++) {
        if (!m->v[e]) {
            seen_free = 1;
            continue;
        }
        if (seen_free && !m->hand)
            return gm_errf(err, "ture_sampler: entry %u valid above a free entry", e);
        unsigned pc = popcount16(m->div[e]);
        if (pc == 0 || m->cnt[e] < pc || m->cnt[e] > TURE_CNT_MAX)
            return gm_errf(err, "ture_sampler: entry %u has cnt %u with %u pages", e,
                           m->cnt[e], pc);
        for (unsigned f = e + 1; f < m->p.NSAMP; f++)
            if (m->v[f] && m->aid[f] == m->aid[e] && m->tag[f] == m->tag[e])
                return gm_errf(err, "ture_sampler: entries %u and %u hold the same block", e, f);
    }
    if (m->timer >= m->p.SAMP_S)
        return gm_errf(err, "ture_sampler: timer %u outside 0..%u", m->timer, m->p.SAMP_S - 1);
    return 0;
}

int ture_sampler_idle(const ture_sampler_t *m)
{
    (void)m;
    return 0;
}

#define GM_BLOCK ture_sampler
#define GM_PORTS "ture_sampler.ports"
#include "block_desc.h"
