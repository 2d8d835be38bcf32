#include "cta_remap.h"

#include <string.h>

int cta_remap_init(cta_remap_t *m, const cta_remap_params_t *p, gm_err_t *err)
{
    (void)err; /* every parameter combination in range is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    cta_remap_reset(m);
    return 0;
}

void cta_remap_reset(cta_remap_t *m)
{
    m->busy = m->ov = m->err = 0;
    m->left = 0;
    m->v = m->bx = 0;
    m->by = 0;
    memset(&m->pend, 0, sizeof m->pend);
    for (uint32_t e = 0; e < CTA_REMAP_LUT_MAX; e++)
        m->lut[e] = e;
    memset(&m->ctr, 0, sizeof m->ctr);
}

/* What a restoring divider leaves for a zero divisor. */
static uint32_t quo(uint32_t a, uint32_t b) { return b ? a / b : 0xffffffffu; }
static uint32_t rem(uint32_t a, uint32_t b) { return b ? a % b : a; }

uint32_t cta_remap_inverse(uint32_t w, uint32_t i, uint32_t q, uint32_t r)
{
    return i * (q + 1) + w - (i > r ? i - r : 0);
}

void cta_remap_forward(uint32_t v, uint32_t q, uint32_t r, uint32_t *w, uint32_t *i)
{
    /* The first r clusters hold q+1 CTAs, the others q (erratum E1). */
    if ((uint64_t)v < (uint64_t)r * (q + 1)) {
        *i = v / (q + 1);
        *w = v % (q + 1);
    } else {
        *i = quo(v - r, q);
        *w = rem(v - r, q);
    }
}

static uint32_t lut_read(const uint32_t *lut, unsigned lut_aw, uint32_t a, uint8_t *err)
{
    if (a >> lut_aw)
        *err = 1;
    return lut[a & ((1u << lut_aw) - 1)];
}

cta_remap_res_t cta_remap_compute(const cta_remap_in_t *in, const uint32_t *lut,
                                  unsigned lut_aw)
{
    cta_remap_res_t r = {0};
    uint32_t u = (uint32_t)in->in_u, q = (uint32_t)in->cfg_q, rr = (uint32_t)in->cfg_r;
    uint32_t v;
    switch (in->cfg_mode) {
    case CTA_REMAP_REDIRECT:
        v = cta_remap_inverse(quo(u, (uint32_t)in->cfg_M), rem(u, (uint32_t)in->cfg_M), q, rr);
        r.divisions = 1;
        break;
    case CTA_REMAP_CLUSTER:
        v = cta_remap_inverse((uint32_t)in->in_w, (uint32_t)in->in_i, q, rr);
        break;
    case CTA_REMAP_LUT:
        v = lut_read(lut, lut_aw, u, &r.err);
        break;
    default:
        v = u;
        break;
    }
    r.v = v;
    r.err |= v >= (uint32_t)in->cfg_V;
    uint32_t gdx = (uint32_t)in->cfg_gdx, gdy = (uint32_t)in->cfg_gdy;
    uint32_t tw = (uint32_t)in->cfg_tw, th = (uint32_t)in->cfg_th, ntx = (uint32_t)in->cfg_ntx;
    uint32_t by;
    switch (in->cfg_index) {
    case CTA_INDEX_COL:
        r.bx = quo(v, gdy);
        by = rem(v, gdy);
        r.divisions += 1;
        break;
    case CTA_INDEX_TILE: {
        uint32_t a = tw * th, t = quo(v, a), s = rem(v, a);
        r.bx = rem(t, ntx) * tw + rem(s, tw);
        by = quo(t, ntx) * th + quo(s, tw);
        r.divisions += 3;
        break;
    }
    default: {
        /* ROW, or the ROW decode of the LUT's entry for v */
        uint32_t p = in->cfg_index == CTA_INDEX_LUT ? lut_read(lut, lut_aw, v, &r.err) : v;
        by = quo(p, gdx);
        r.bx = rem(p, gdx);
        r.divisions += 1;
        break;
    }
    }
    r.by = (uint16_t)by;
    return r;
}

unsigned cta_remap_latency(const cta_remap_params_t *p, unsigned divisions)
{
    return 1 + divisions * (p->DIV_IMPL ? 1u : 32u);
}

void cta_remap_eval(const cta_remap_t *m, const cta_remap_in_t *in, cta_remap_out_t *out)
{
    (void)in;
    out->in_ready = !m->busy;
    out->out_valid = m->ov;
    out->out_v = m->v;
    out->out_bx = m->bx;
    out->out_by = m->by;
    out->err_range = m->err;
}

void cta_remap_tick(cta_remap_t *m, const cta_remap_in_t *in)
{
    if (!m->busy) {
        if (in->in_valid) {
            m->pend = cta_remap_compute(in, m->lut, m->p.LUT_AW);
            m->left = (uint8_t)(cta_remap_latency(&m->p, m->pend.divisions) - 1);
            m->busy = 1;
            m->ctr.requests++;
        } else if (in->lut_we) {
            m->lut[in->lut_addr & ((1u << m->p.LUT_AW) - 1)] = (uint32_t)in->lut_wdata;
        }
        return;
    }
    if (m->ov) {
        if (in->out_ready) {
            m->ov = 0;
            m->busy = 0;
            m->ctr.results++;
        }
        return;
    }
    m->ctr.busy_cycles++;
    if (--m->left == 0) {
        m->ov = 1;
        m->v = m->pend.v;
        m->bx = m->pend.bx;
        m->by = m->pend.by;
        m->err |= m->pend.err;
        m->ctr.range_errors += m->pend.err;
    }
}

void cta_remap_counters(const cta_remap_t *m, cta_remap_counters_t *c) { *c = m->ctr; }

int cta_remap_idle(const cta_remap_t *m) { return !m->busy; }

#define GM_BLOCK cta_remap
#define GM_PORTS "cta_remap.ports"
#include "block_desc.h"
