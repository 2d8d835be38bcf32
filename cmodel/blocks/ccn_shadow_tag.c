#include "ccn_shadow_tag.h"

#include <string.h>

int ccn_shadow_tag_init(ccn_shadow_tag_t *m, const ccn_shadow_tag_params_t *p, gm_err_t *err)
{
    (void)err; /* every in-range combination is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_shadow_tag_reset(m);
    return 0;
}

/* Tags are cleared too, not only V: a register left at its power-up value
 * would differ between C and RTL in the state comparison. */
void ccn_shadow_tag_reset(ccn_shadow_tag_t *m)
{
    memset(m->v, 0, sizeof m->v);
    memset(m->tag, 0, sizeof m->tag);
    memset(&m->ctr, 0, sizeof m->ctr);
}

static uint32_t tag_mask(const ccn_shadow_tag_t *m)
{
    return (uint32_t)((1ull << m->p.TAG_W) - 1);
}

static int granted(const ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in)
{
    return !(m->p.ST_PORTS == 1 && in->upd_valid);
}

/* Matching ways of the looked-up set as a bit mask. */
static unsigned matches(const ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in)
{
    unsigned hits = 0;
    if (in->lkp_set >= m->p.NSETS)
        return 0;
    uint32_t t = (uint32_t)in->lkp_tag & tag_mask(m);
    for (unsigned w = 0; w < m->p.NWAYS; w++) {
        unsigned e = (unsigned)in->lkp_set * m->p.NWAYS + w;
        hits |= (unsigned)(m->v[e] && m->tag[e] == t) << w;
    }
    return hits;
}

void ccn_shadow_tag_eval(const ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in,
                         ccn_shadow_tag_out_t *out)
{
    unsigned hits = in->lkp_valid && granted(m, in) ? matches(m, in) : 0;
    unsigned way = 0;
    while (hits && !(hits >> way & 1u))
        way++;
    out->lkp_gnt = (uint64_t)granted(m, in);
    out->lkp_hit = hits != 0;
    out->lkp_way = way;
    out->err_multi = (hits & (hits - 1)) != 0;
}

void ccn_shadow_tag_tick(ccn_shadow_tag_t *m, const ccn_shadow_tag_in_t *in)
{
    if (in->lkp_valid) {
        unsigned hits = granted(m, in) ? matches(m, in) : 0;
        m->ctr.lookups += (uint64_t)granted(m, in);
        m->ctr.port_conflicts += (uint64_t)!granted(m, in);
        m->ctr.hits += hits != 0;
        m->ctr.multi += (hits & (hits - 1)) != 0;
    }
    if (in->upd_valid) {
        m->ctr.updates++;
        if (in->upd_set < m->p.NSETS && in->upd_way < m->p.NWAYS) {
            unsigned e = (unsigned)in->upd_set * m->p.NWAYS + (unsigned)in->upd_way;
            m->v[e] = (uint8_t)(in->upd_v & 1u);
            m->tag[e] = (uint32_t)in->upd_tag & tag_mask(m);
        }
    }
}

void ccn_shadow_tag_counters(const ccn_shadow_tag_t *m, ccn_shadow_tag_counters_t *c)
{
    *c = m->ctr;
}

int ccn_shadow_tag_idle(const ccn_shadow_tag_t *m) { (void)m; return 1; }

#define GM_BLOCK ccn_shadow_tag
#define GM_PORTS "ccn_shadow_tag.ports"
#include "block_desc.h"
