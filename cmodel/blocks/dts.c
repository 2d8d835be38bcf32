/* dts — the decoupled tag store with locality filtering (seed-004 §1.7).
 * eval and tick share one decision on the start-of-cycle state. */
#include "dts.h"

#include <string.h>

typedef struct decision {
    unsigned outcome, cause;
    unsigned s, w;       /* set, tag way */
    uint32_t tag;
    int alloc_tag;       /* w takes the tag (tag miss) */
    int insert;          /* a data line is allocated */
    unsigned l;          /* the data line */
    int o;               /* the evicted line's owner tag way, or -1 */
    unsigned rc;         /* w's RC after the access */
    uint8_t sbit;        /* the request's sector in its line's masks */
    int line_hit;        /* the tag is committed: its line is in the data store */
    int st_drop;         /* a store drops its valid sector of line l */
    int store_evict;     /* ... and that was the line's last: l, owned by o, goes */
} decision_t;

static unsigned sb(const dts_t *m)
{
    unsigned b = 0;
    while ((1u << b) < m->p.SETS)
        b++;
    return b;
}

/* The bit of an address's sector in a line's sector masks (bit 0 when the
 * line is one sector). */
static uint8_t sector_bit(const dts_t *m, uint32_t addr)
{
    return (uint8_t)(1u << ((addr & ((1u << DTS_LB) - 1)) * m->p.SECTORS >> DTS_LB));
}

/* The data line a fill of `a` completes: the committed line of its tag
 * whose sector is pending; -1 if none (a fill nobody waits for). */
static int fill_line_of(const dts_t *m, uint32_t a)
{
    const unsigned W = m->p.TW;
    unsigned s = (a >> DTS_LB) & (m->p.SETS - 1);
    for (unsigned w = 0; w < W; w++) {
        unsigned i = s * W + w;
        if (m->tv[i] && m->tc[i] && m->ttag[i] == a >> (DTS_LB + sb(m)) &&
            (m->sp[s * m->p.DW + m->tpos[i]] & sector_bit(m, a)))
            return m->tpos[i];
    }
    return -1;
}

int dts_init(dts_t *m, const dts_params_t *p, gm_err_t *err)
{
    if (p->SECTORS & (p->SECTORS - 1))
        return gm_errf(err, "dts: SECTORS=%u is not 1, 2 or 4", p->SECTORS);
    if (p->SETS & (p->SETS - 1))
        return gm_errf(err, "dts: SETS=%u is not a power of two", p->SETS);
    if (p->TW <= p->DW)
        return gm_errf(err, "dts: TW=%u tag ways must exceed DW=%u data ways", p->TW, p->DW);
    memset(m, 0, sizeof *m);
    m->p = *p;
    dts_reset(m);
    return 0;
}

void dts_reset(dts_t *m)
{
    dts_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    for (unsigned s = 0; s < p.SETS; s++) {
        m->freec[s] = (uint8_t)p.DW;
        for (unsigned w = 0; w < p.TW; w++)
            m->tlru[s * p.TW + w] = (uint8_t)w;
        for (unsigned l = 0; l < p.DW; l++)
            m->dlru[s * p.DW + l] = (uint8_t)l;
    }
}

static int pass(const dts_t *m, unsigned rc, int filter_en)
{
    unsigned t = filter_en ? m->p.T : 0;
    return m->p.CMP_GT ? rc > t : rc >= t;
}

/* The data line an insert takes, or -1 (all reserved); *o gets its owner. */
static int data_line(const dts_t *m, unsigned s, int *o)
{
    const unsigned D = m->p.DW, W = m->p.TW;
    int l = -1;
    *o = -1;
    if (m->freec[s]) {
        for (unsigned k = 0; k < D; k++)
            if (!m->lv[s * D + k] && (l < 0 || !m->p.FREE_PICK))
                l = (int)k;
        return l;
    }
    for (unsigned k = 0; k < D; k++)
        if (!m->sp[s * D + k] && (l < 0 || m->dlru[s * D + k] > m->dlru[s * D + (unsigned)l]))
            l = (int)k;
    if (l >= 0)
        for (unsigned w = 0; w < W; w++)
            if (m->tv[s * W + w] && m->tc[s * W + w] && m->tpos[s * W + w] == (unsigned)l)
                *o = (int)w;
    return l;
}

static decision_t decide(const dts_t *m, const dts_in_t *in)
{
    decision_t d;
    memset(&d, 0, sizeof d);
    d.o = -1;
    if (!in->req_valid)
        return d;
    const unsigned W = m->p.TW, D = m->p.DW;
    d.s = ((uint32_t)in->req_addr >> DTS_LB) & (m->p.SETS - 1);
    d.tag = (uint32_t)in->req_addr >> (DTS_LB + sb(m));
    d.sbit = sector_bit(m, (uint32_t)in->req_addr);
    int t = -1;
    for (unsigned w = 0; w < W; w++)
        if (m->tv[d.s * W + w] && m->ttag[d.s * W + w] == d.tag)
            t = (int)w;
    d.line_hit = t >= 0 && m->tc[d.s * W + (unsigned)t];
    if (in->req_store) {
        /* Write-evict drops the stored sector if valid; the line goes with
         * its last valid sector unless a fetch for another is pending. */
        d.outcome = DTS_STORE;
        if (d.line_hit) {
            unsigned l = m->tpos[d.s * W + (unsigned)t];
            if (m->sv[d.s * D + l] & d.sbit) {
                d.st_drop = 1;
                d.l = l;
                d.o = t;
                d.store_evict = !(m->sv[d.s * D + l] & ~d.sbit) && !m->sp[d.s * D + l];
            }
        }
        return d;
    }
    unsigned rc;
    if (d.line_hit) {
        /* The line is cached: its sector is valid, on its way, or fetched
         * now (the locality filter has admitted the line). */
        d.w = (unsigned)t;
        d.l = m->tpos[d.s * W + d.w];
        if (m->sv[d.s * D + d.l] & d.sbit) {
            d.outcome = DTS_HIT;
        } else if (m->sp[d.s * D + d.l] & d.sbit) {
            d.outcome = in->merge_ok ? DTS_HIT_RESERVED : DTS_RF;
            d.cause = in->merge_ok ? 0 : DTS_RF_MSHR;
        } else {
            d.outcome = in->mshr_ok ? DTS_SECTOR_MISS : DTS_RF;
            d.cause = in->mshr_ok ? 0 : DTS_RF_MSHR;
        }
        d.rc = m->trc[d.s * W + d.w];
        return d;
    }
    if (t >= 0) {
        /* RC counts references to the line: a request's later sectors of
         * it follow its first's decision. */
        d.w = (unsigned)t;
        rc = m->trc[d.s * W + d.w] + (in->req_first ? 1u : 0u);
        if (rc > DTS_RCMAX)
            rc = DTS_RCMAX;
    } else {
        /* A free tag way, else the LFU candidate. */
        int v = -1;
        for (unsigned w = 0; w < W; w++)
            if (!m->tv[d.s * W + w] && (v < 0 || !m->p.FREE_PICK))
                v = (int)w;
        if (v < 0) {
            for (unsigned w = 0; w < W; w++) {
                unsigned i = d.s * W + w;
                if (m->tc[i])
                    continue; /* committed entries are never tag victims (G3) */
                if (v < 0) {
                    v = (int)w;
                    continue;
                }
                unsigned j = d.s * W + (unsigned)v;
                if (m->trc[i] < m->trc[j] ||
                    (m->trc[i] == m->trc[j] && !m->p.TAG_TIE && m->tlru[i] > m->tlru[j]))
                    v = (int)w;
            }
        }
        d.w = (unsigned)v;
        d.alloc_tag = 1;
        rc = m->p.RC_INIT;
    }
    d.rc = rc;
    if (pass(m, rc, (int)in->filter_en)) {
        int l = data_line(m, d.s, &d.o);
        if (l < 0) {
            d.outcome = DTS_RF;
            d.cause = DTS_RF_RESERVED;
        } else if (!in->mshr_ok) {
            d.outcome = DTS_RF;
            d.cause = DTS_RF_MSHR;
            d.o = -1;
        } else {
            d.outcome = DTS_MISS;
            d.insert = 1;
            d.l = (unsigned)l;
        }
        return d;
    }
    d.outcome = in->byp_ok ? DTS_BYPASS : DTS_RF;
    d.cause = in->byp_ok ? 0 : DTS_RF_BYPASS;
    return d;
}

void dts_eval(const dts_t *m, const dts_in_t *in, dts_out_t *out)
{
    memset(out, 0, sizeof *out);
    decision_t d = decide(m, in);
    const unsigned W = m->p.TW;
    out->outcome = d.outcome;
    out->rf_cause = d.cause;
    out->line_hit = (uint64_t)d.line_hit;
    out->st_drop = (uint64_t)d.st_drop;
    if (d.outcome == DTS_HIT || d.outcome == DTS_HIT_RESERVED || d.outcome == DTS_MISS ||
        d.outcome == DTS_SECTOR_MISS)
        out->pos = d.l;
    if ((d.insert || d.store_evict) && d.o >= 0) {
        out->evict_valid = 1;
        out->evict_addr = (m->ttag[d.s * W + (unsigned)d.o] << (DTS_LB + sb(m))) |
                          (d.s << DTS_LB);
    }
    if (in->fill_valid)
        out->fill_err = fill_line_of(m, (uint32_t)in->fill_addr) < 0;
    out->rsp_valid = m->s2_v;
    out->rsp_pos = m->s2_v ? m->s2_pos : 0;
    unsigned f = 0;
    for (unsigned s = 0; s < m->p.SETS; s++)
        f += m->freec[s];
    out->st_free = f;
}

static void touch(uint8_t *rank, unsigned n, unsigned k)
{
    unsigned old = rank[k];
    for (unsigned i = 0; i < n; i++)
        if (rank[i] < old)
            rank[i]++;
    rank[k] = 0;
}

/* One aging step of set s: every valid entry but w and o loses 1. */
static void age(dts_t *m, unsigned s, int w, int o)
{
    for (unsigned x = 0; x < m->p.TW; x++) {
        unsigned i = s * m->p.TW + x;
        if (m->tv[i] && (int)x != w && (int)x != o && m->trc[i])
            m->trc[i]--;
    }
}

void dts_tick(dts_t *m, const dts_in_t *in)
{
    const unsigned W = m->p.TW, D = m->p.DW;
    decision_t d = decide(m, in);
    /* The fill, on start-of-cycle state (a line reserved this cycle is
     * not filled before its miss left). */
    int fill_line = -1;
    unsigned fs = 0;
    uint8_t fbit = 0;
    if (in->fill_valid) {
        uint32_t a = (uint32_t)in->fill_addr;
        fs = (a >> DTS_LB) & (m->p.SETS - 1);
        fbit = sector_bit(m, a);
        fill_line = fill_line_of(m, a);
    }
    m->s2_v = d.outcome == DTS_HIT;
    m->s2_pos = m->s2_v ? (uint8_t)d.l : 0;
    uint8_t *tl = &m->tlru[d.s * W], *dl = &m->dlru[d.s * D];
    switch (d.outcome) {
    case DTS_HIT:
    case DTS_HIT_RESERVED:
    case DTS_SECTOR_MISS:
        touch(tl, W, d.w);
        touch(dl, D, d.l);
        m->ctr.loads++;
        if (d.outcome == DTS_HIT)
            m->ctr.hits++;
        else if (d.outcome == DTS_HIT_RESERVED)
            m->ctr.hits_reserved++;
        else
            m->sp[d.s * D + d.l] |= d.sbit; /* the line stays; its sector is fetched */
        break;
    case DTS_BYPASS:
    case DTS_MISS: {
        unsigned i = d.s * W + d.w;
        if (d.alloc_tag) {
            if (m->tv[i])
                m->ctr.tag_replacements++;
            m->tv[i] = 1;
            m->tc[i] = 0;
            m->ttag[i] = d.tag;
        }
        m->trc[i] = (uint8_t)d.rc;
        touch(tl, W, d.w);
        m->ctr.loads++;
        if (d.outcome == DTS_BYPASS) {
            m->ctr.bypasses++;
            break;
        }
        if (d.o >= 0) {
            unsigned oi = d.s * W + (unsigned)d.o;
            m->tc[oi] = 0;
            m->trc[oi] = 0;
            m->ctr.evictions++;
        } else {
            m->freec[d.s]--;
        }
        m->tc[i] = 1;
        m->tpos[i] = (uint8_t)d.l;
        m->lv[d.s * D + d.l] = 1;
        m->sv[d.s * D + d.l] = 0;
        m->sp[d.s * D + d.l] = d.sbit;
        touch(dl, D, d.l);
        age(m, d.s, (int)d.w, d.o);
        if (m->p.AGE2 && d.o >= 0)
            age(m, d.s, (int)d.w, d.o);
        m->ctr.misses++;
        break;
    }
    case DTS_RF:
        m->ctr.rfails++;
        break;
    case DTS_STORE:
        m->ctr.stores++;
        if (d.st_drop)
            m->sv[d.s * D + d.l] &= (uint8_t)~d.sbit;
        if (d.store_evict) {
            unsigned oi = d.s * W + (unsigned)d.o;
            m->lv[d.s * D + d.l] = 0;
            m->freec[d.s]++;
            m->tc[oi] = 0;
            m->trc[oi] = 0;
            age(m, d.s, -1, d.o);
            m->ctr.evictions++;
        }
        break;
    default:
        break;
    }
    if (fill_line >= 0) {
        m->sp[fs * D + (unsigned)fill_line] &= (uint8_t)~fbit;
        m->sv[fs * D + (unsigned)fill_line] |= fbit;
    }
}

void dts_counters(const dts_t *m, dts_counters_t *c) { *c = m->ctr; }

int dts_check(const dts_t *m, gm_err_t *err)
{
    const unsigned W = m->p.TW, D = m->p.DW;
    for (unsigned s = 0; s < m->p.SETS; s++) {
        unsigned fr = 0, tseen = 0, dseen = 0;
        const unsigned ns = (1u << m->p.SECTORS) - 1;
        for (unsigned l = 0; l < D; l++) {
            unsigned owners = 0, i = s * D + l;
            if ((m->sv[i] | m->sp[i]) & ~ns || (m->sv[i] & m->sp[i]) ||
                m->lv[i] != ((m->sv[i] | m->sp[i]) != 0))
                return gm_errf(err, "dts: set %u line %u: valid %u, sectors valid %#x pending %#x",
                               s, l, m->lv[i], m->sv[i], m->sp[i]);
            fr += !m->lv[s * D + l];
            dseen |= 1u << m->dlru[s * D + l];
            for (unsigned w = 0; w < W; w++)
                owners += m->tv[s * W + w] && m->tc[s * W + w] && m->tpos[s * W + w] == l;
            if (owners != m->lv[s * D + l])
                return gm_errf(err, "dts: set %u line %u (valid %u) has %u owners", s, l,
                               m->lv[s * D + l], owners);
        }
        for (unsigned w = 0; w < W; w++)
            tseen |= 1u << m->tlru[s * W + w];
        if (fr != m->freec[s])
            return gm_errf(err, "dts: set %u: FREE %u, %u lines free", s, m->freec[s], fr);
        if (tseen != (1u << W) - 1 || dseen != (1u << D) - 1)
            return gm_errf(err, "dts: set %u: LRU ranks are not a permutation", s);
    }
    return 0;
}

/* Idle: without a request or a fill only the S2 stage drains. */
int dts_idle(const dts_t *m)
{
    return !m->s2_v;
}

#define GM_BLOCK dts
#define GM_PORTS "dts.ports"
#include "block_desc.h"
