/* icta_profiler — a set-associative, LRU approximation of the exact
 * block -> last-CTA map of seed-002 INTERP-1 (§10.5's RTL tracker). */
#include "icta_profiler.h"

#include <string.h>

#define CNT_MASK ((UINT64_C(1) << IPF_CNT_W) - 1)

static int pow2(unsigned x) { return x && !(x & (x - 1)); }

static int valid(const icta_profiler_t *m, unsigned set, unsigned way)
{
    return (m->v[set] >> way) & 1;
}

int icta_profiler_init(icta_profiler_t *m, const icta_profiler_params_t *p, gm_err_t *err)
{
    if (!pow2(p->SETS) || p->SETS < 2 || p->SETS > IPF_MAX_SETS)
        return gm_errf(err, "icta_profiler: SETS=%u must be a power of two in 2..%u", p->SETS,
                       IPF_MAX_SETS);
    if (!pow2(p->WAYS) || p->WAYS > IPF_MAX_WAYS || p->CTA_W < 1 || p->CTA_W > 32)
        return gm_errf(err, "icta_profiler: WAYS=%u (1, 2, 4 or 8) or CTA_W=%u (1..32) out of "
                            "range",
                       p->WAYS, p->CTA_W);
    memset(m, 0, sizeof *m);
    m->p = *p;
    while ((1u << m->set_w) < p->SETS)
        m->set_w++;
    icta_profiler_reset(m);
    return 0;
}

/* Tags, CTAs and ages of invalid ways are don't-care (the RTL leaves them
 * unreset); zeroing them here changes nothing observable. */
void icta_profiler_reset(icta_profiler_t *m)
{
    memset(m->v, 0, sizeof m->v);
    memset(m->age, 0, sizeof m->age);
    memset(m->tag, 0, sizeof m->tag);
    memset(m->last_cta, 0, sizeof m->last_cta);
    m->cnt_first = m->cnt_intra = m->cnt_inter = m->cnt_evict = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

unsigned icta_profiler_gran(uint64_t cfg_gran_log2)
{
    unsigned g = (unsigned)(cfg_gran_log2 & 7);
    return g < IPF_MIN_GRAN ? IPF_MIN_GRAN : g;
}

void icta_profiler_look(const icta_profiler_t *m, const icta_profiler_in_t *in, ipf_look_t *l)
{
    memset(l, 0, sizeof *l);
    l->counted = in->acc_valid && !in->clear && (!in->acc_is_store || in->cfg_count_stores);
    if (!l->counted)
        return;
    const unsigned W = m->p.WAYS;
    uint64_t addr = in->acc_addr & ((UINT64_C(1) << IPF_ADDR_W) - 1);
    uint64_t blk = addr >> icta_profiler_gran(in->cfg_gran_log2);
    l->set = (unsigned)(blk & (m->p.SETS - 1));
    l->tag = blk >> m->set_w;
    l->cta = (uint32_t)(in->acc_cta & ((UINT64_C(1) << m->p.CTA_W) - 1));
    const unsigned base = l->set * W;
    int inv = -1, lru = -1;
    for (unsigned w = 0; w < W; w++) {
        unsigned i = base + w;
        int v = valid(m, l->set, w);
        if (v && m->tag[i] == l->tag && !l->hit) {
            l->hit = 1;
            l->way = w;
        }
        if (!v && inv < 0)
            inv = (int)w;
        if (v && m->age[i] == W - 1 && lru < 0)
            lru = (int)w;
    }
    if (l->hit) {
        l->cls = m->last_cta[base + l->way] == l->cta ? IPF_INTRA : IPF_INTER;
        return;
    }
    l->cls = IPF_FIRST;
    /* With no invalid way the ages are a permutation: the LRU exists. */
    l->way = inv >= 0 ? (unsigned)inv : (unsigned)(lru >= 0 ? lru : 0);
    l->evict = inv < 0;
}

void icta_profiler_eval(const icta_profiler_t *m, const icta_profiler_in_t *in,
                        icta_profiler_out_t *out)
{
    ipf_look_t l;
    icta_profiler_look(m, in, &l);
    memset(out, 0, sizeof *out);
    out->cnt_first = m->cnt_first;
    out->cnt_intra = m->cnt_intra;
    out->cnt_inter = m->cnt_inter;
    out->cnt_evict = m->cnt_evict;
    out->cls = l.cls;
    out->hit = (unsigned)l.hit;
    out->way = l.way;
    out->evict = (unsigned)l.evict;
    out->prev_cta = l.hit ? m->last_cta[l.set * m->p.WAYS + l.way] : 0;
}

void icta_profiler_tick(icta_profiler_t *m, const icta_profiler_in_t *in)
{
    ipf_look_t l;
    icta_profiler_look(m, in, &l);
    if (in->clear) {
        memset(m->v, 0, sizeof m->v);
        m->ctr.clears++;
        return;
    }
    if (in->acc_valid) {
        m->ctr.accesses++;
        m->ctr.stores_skipped += !l.counted;
    }
    if (!l.counted)
        return;
    const unsigned W = m->p.WAYS, base = l.set * W, i = base + l.way;
    unsigned old = l.hit ? m->age[i] : W - 1;
    for (unsigned w = 0; w < W; w++)
        if (valid(m, l.set, w) && m->age[base + w] < old)
            m->age[base + w]++;
    m->age[i] = 0;
    m->v[l.set] |= (uint8_t)(1u << l.way);
    m->tag[i] = l.tag;
    m->last_cta[i] = l.cta;
    switch (l.cls) {
    case IPF_FIRST:
        m->cnt_first = (m->cnt_first + 1) & CNT_MASK;
        m->ctr.first_touch++;
        break;
    case IPF_INTRA:
        m->cnt_intra = (m->cnt_intra + 1) & CNT_MASK;
        m->ctr.intra_cta++;
        break;
    default:
        m->cnt_inter = (m->cnt_inter + 1) & CNT_MASK;
        m->ctr.inter_cta++;
        break;
    }
    if (l.evict) {
        m->cnt_evict = (m->cnt_evict + 1) & CNT_MASK;
        m->ctr.evictions++;
    }
}

void icta_profiler_counters(const icta_profiler_t *m, icta_profiler_counters_t *c)
{
    *c = m->ctr;
}

int icta_profiler_check(const icta_profiler_t *m, gm_err_t *err)
{
    const unsigned W = m->p.WAYS;
    for (unsigned s = 0; s < m->p.SETS; s++) {
        unsigned k = 0, seen = 0;
        while (k < W && valid(m, s, k))
            k++;
        for (unsigned w = k; w < W; w++)
            if (valid(m, s, w))
                return gm_errf(err, "icta_profiler: set %u: way %u valid above invalid way %u",
                               s, w, k);
        for (unsigned w = 0; w < k; w++) {
            unsigned i = s * W + w;
            if (m->age[i] >= k)
                return gm_errf(err, "icta_profiler: set %u way %u: age %u with %u valid", s, w,
                               m->age[i], k);
            seen |= 1u << m->age[i];
            for (unsigned x = w + 1; x < k; x++)
                if (m->tag[i] == m->tag[s * W + x])
                    return gm_errf(err, "icta_profiler: set %u holds tag 0x%llx twice", s,
                                   (unsigned long long)m->tag[i]);
        }
        if (seen != (1u << k) - 1)
            return gm_errf(err, "icta_profiler: set %u: ages are not a permutation", s);
    }
    return 0;
}

/* Only an access changes the tracker. */
int icta_profiler_idle(const icta_profiler_t *m)
{
    (void)m;
    return 1;
}

#define GM_BLOCK icta_profiler
#define GM_PORTS "icta_profiler.ports"
#include "block_desc.h"
