#include "cta_succ_prefetch.h"

#include <string.h>

int cta_succ_prefetch_init(cta_succ_prefetch_t *m, const cta_succ_prefetch_params_t *p,
                           gm_err_t *err)
{
    (void)err; /* the parameter ranges are the only limits */
    memset(m, 0, sizeof *m);
    m->p = *p;
    cta_succ_prefetch_reset(m);
    return 0;
}

void cta_succ_prefetch_reset(cta_succ_prefetch_t *m)
{
    cta_succ_prefetch_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

uint32_t cta_succ_prefetch_next_w(const cta_succ_prefetch_in_t *in, int *exists)
{
    uint64_t step = in->cfg_succ ? 1 : in->cfg_A;
    uint64_t w = in->disp_w + step; /* 33 bits: a wrap is past every cluster */
    uint64_t jobs = in->cfg_q + (in->disp_i < in->cfg_r ? 1 : 0);
    *exists = w < jobs;
    return (uint32_t)w;
}

uint64_t cta_succ_prefetch_addr(const cta_succ_prefetch_in_t *in, uint32_t bx, uint32_t by,
                                uint32_t k)
{
    uint64_t a = in->cfg_desc_base + (uint64_t)bx * in->cfg_desc_sx +
                 (uint64_t)by * in->cfg_desc_sy + (uint64_t)k * in->cfg_desc_stride;
    return a & CSP_ADDR_MASK;
}

static int succ_valid(const cta_succ_prefetch_in_t *in)
{
    int exists;
    cta_succ_prefetch_next_w(in, &exists);
    return in->cfg_en && in->disp_valid && in->cfg_desc_cnt != 0 && exists;
}

/* The SM that issues this cycle: the first at or after rr with an entry. */
static int issuer(const cta_succ_prefetch_t *m)
{
    for (uint32_t j = 0; j < m->p.N_SM; j++) {
        uint32_t s = (m->rr + j) % m->p.N_SM;
        if (m->count[s])
            return (int)s;
    }
    return -1;
}

void cta_succ_prefetch_eval(const cta_succ_prefetch_t *m, const cta_succ_prefetch_in_t *in,
                            cta_succ_prefetch_out_t *out)
{
    int exists;
    out->succ_w = cta_succ_prefetch_next_w(in, &exists);
    out->succ_valid = succ_valid(in);
    int s = issuer(m);
    out->pf_valid = s >= 0;
    out->pf_sm = s >= 0 ? (uint64_t)s : 0;
    out->pf_addr = 0;
    if (s >= 0) {
        uint64_t first = m->first[(uint32_t)s * m->p.DEPTH + m->head[s]];
        out->pf_addr = (first + (uint64_t)m->k[s] * in->cfg_desc_stride) & CSP_ADDR_MASK;
    }
}

void cta_succ_prefetch_tick(cta_succ_prefetch_t *m, const cta_succ_prefetch_in_t *in)
{
    uint32_t D = m->p.DEPTH;
    int s = issuer(m);
    int pop = -1;
    m->ctr.taps += in->disp_valid != 0;
    if (s >= 0 && in->pf_ready) {
        m->ctr.issued++;
        if ((uint32_t)m->k[s] + 1 >= in->cfg_desc_cnt) {
            pop = s;
            m->k[s] = 0;
        } else {
            m->k[s]++;
        }
        m->rr = (uint8_t)(((uint32_t)s + 1) % m->p.N_SM);
    } else if (s >= 0) {
        m->ctr.stalls++;
    }

    if (in->disp_valid && !succ_valid(in)) {
        m->ctr.no_succ++;
    } else if (succ_valid(in) && in->disp_sm < m->p.N_SM) {
        uint32_t t = (uint32_t)in->disp_sm;
        if (m->count[t] == D) {
            m->ctr.fifo_drops++;
        } else {
            m->first[t * D + (m->head[t] + m->count[t]) % D] =
                cta_succ_prefetch_addr(in, (uint32_t)in->succ_bx, (uint32_t)in->succ_by, 0);
            m->count[t]++;
            m->ctr.queued++;
        }
    }
    if (pop >= 0) {
        m->head[pop] = (uint8_t)((m->head[pop] + 1) % D);
        m->count[pop]--;
    }
}

void cta_succ_prefetch_counters(const cta_succ_prefetch_t *m, cta_succ_prefetch_counters_t *c)
{
    *c = m->ctr;
}

int cta_succ_prefetch_idle(const cta_succ_prefetch_t *m) { return issuer(m) < 0; }

#define GM_BLOCK cta_succ_prefetch
#define GM_PORTS "cta_succ_prefetch.ports"
#include "block_desc.h"
