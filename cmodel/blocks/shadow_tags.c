/* shadow_tags — a set-sampled shadow tag array with true LRU (seed-000
 * §4.4: "the same structure as the L1D tag store"). */
#include "shadow_tags.h"

#include <string.h>

static int pow2(unsigned x) { return x && !(x & (x - 1)); }

int shadow_tags_init(shadow_tags_t *m, const shadow_tags_params_t *p, gm_err_t *err)
{
    if (!pow2(p->SETS) || !pow2(p->NSAMP) || p->NSAMP > p->SETS)
        return gm_errf(err, "shadow_tags: SETS=%u and NSAMP=%u must be powers of two with "
                            "NSAMP <= SETS", p->SETS, p->NSAMP);
    memset(m, 0, sizeof *m);
    m->p = *p;
    shadow_tags_reset(m);
    return 0;
}

void shadow_tags_reset(shadow_tags_t *m)
{
    shadow_tags_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    for (unsigned i = 0; i < p.NSAMP * p.WAYS; i++)
        m->age[i] = (uint8_t)(i % p.WAYS);
}

int shadow_tags_slot(const shadow_tags_params_t *p, unsigned set)
{
    unsigned ratio = p->SETS / p->NSAMP;
    if (set >= p->SETS)
        return -1;
    if (p->SAMPLE_MODE == 1)
        return set < p->NSAMP ? (int)set : -1;
    return set % ratio == 0 ? (int)(set / ratio) : -1;
}

/* The way holding tag in slot s, or -1. */
static int find(const shadow_tags_t *m, int s, uint32_t tag)
{
    for (unsigned w = 0; w < m->p.WAYS; w++) {
        unsigned i = (unsigned)s * m->p.WAYS + w;
        if (m->v[i] && m->tag[i] == tag)
            return (int)w;
    }
    return -1;
}

void shadow_tags_eval(const shadow_tags_t *m, const shadow_tags_in_t *in,
                      shadow_tags_out_t *out)
{
    memset(out, 0, sizeof *out);
    int s = in->upd_valid ? shadow_tags_slot(&m->p, (unsigned)in->upd_set) : -1;
    if (s < 0)
        return;
    out->sampled = 1;
    int w = find(m, s, (uint32_t)in->upd_tag);
    if (w >= 0) {
        out->shadow_hit = 1;
        out->hit_way = (unsigned)w;
    }
}

void shadow_tags_tick(shadow_tags_t *m, const shadow_tags_in_t *in)
{
    if (!in->upd_valid)
        return;
    m->ctr.updates++;
    int s = shadow_tags_slot(&m->p, (unsigned)in->upd_set);
    if (s < 0)
        return;
    m->ctr.sampled_updates++;
    const unsigned W = m->p.WAYS, base = (unsigned)s * W;
    int w = find(m, s, (uint32_t)in->upd_tag);
    if (w >= 0) {
        m->ctr.hits++;
    } else {
        /* The lowest invalid way, else the oldest. */
        for (unsigned k = 0; k < W && w < 0; k++)
            if (!m->v[base + k])
                w = (int)k;
        for (unsigned k = 0; k < W && w < 0; k++)
            if (m->age[base + k] == W - 1)
                w = (int)k;
        m->ctr.fills++;
        if (m->v[base + (unsigned)w])
            m->ctr.evictions++;
        m->v[base + (unsigned)w] = 1;
        m->tag[base + (unsigned)w] = (uint32_t)in->upd_tag;
    }
    unsigned old = m->age[base + (unsigned)w];
    for (unsigned k = 0; k < W; k++)
        if (m->age[base + k] < old)
            m->age[base + k]++;
    m->age[base + (unsigned)w] = 0;
}

void shadow_tags_counters(const shadow_tags_t *m, shadow_tags_counters_t *c) { *c = m->ctr; }

int shadow_tags_check(const shadow_tags_t *m, gm_err_t *err)
{
    const unsigned W = m->p.WAYS;
    for (unsigned s = 0; s < m->p.NSAMP; s++) {
        unsigned seen = 0;
        for (unsigned w = 0; w < W; w++) {
            unsigned i = s * W + w;
            seen |= 1u << m->age[i];
            for (unsigned k = w + 1; k < W; k++)
                if (m->v[i] && m->v[s * W + k] && m->tag[i] == m->tag[s * W + k])
                    return gm_errf(err, "shadow_tags: slot %u holds tag 0x%x twice", s, m->tag[i]);
        }
        if (seen != (1u << W) - 1)
            return gm_errf(err, "shadow_tags: slot %u ages are not a permutation", s);
    }
    return 0;
}

/* Idle: only an update changes it. */
int shadow_tags_idle(const shadow_tags_t *m)
{
    (void)m;
    return 1;
}

#define GM_BLOCK shadow_tags
#define GM_PORTS "shadow_tags.ports"
#include "block_desc.h"
