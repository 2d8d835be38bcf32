#include "ccn_cb.h"

#include <string.h>

int ccn_cb_init(ccn_cb_t *m, const ccn_cb_params_t *p, gm_err_t *err)
{
    (void)err; /* every in-range combination is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_cb_reset(m);
    return 0;
}

void ccn_cb_reset(ccn_cb_t *m)
{
    memset(m->ent, 0, sizeof m->ent);
    m->head = m->tail = m->count = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

static int to_ccn(const ccn_cb_t *m, const ccn_cb_in_t *in)
{
    return in->rt_enable && m->count < m->p.Q_DEPTH;
}

void ccn_cb_eval(const ccn_cb_t *m, const ccn_cb_in_t *in, ccn_cb_out_t *out)
{
    uint32_t e = m->ent[m->head];
    out->miss_to_ccn = (uint64_t)to_ccn(m, in);
    out->inj_valid = m->count != 0;
    out->inj_flit = m->count ? ccn_flit(e >> 26, (unsigned)in->my_cid, e) : 0;
    out->cb_count = m->count;
}

void ccn_cb_tick(ccn_cb_t *m, const ccn_cb_in_t *in)
{
    int push = in->miss_valid && to_ccn(m, in);
    int pop = in->inj_accept && m->count != 0;
    if (push) {
        m->ent[m->tail] = ((uint32_t)(in->rt_sampling & 1u) << 26) |
                          ((uint32_t)in->miss_la & CCN_LA_MASK);
        m->tail = ccn_next(m->tail, m->p.Q_DEPTH);
    }
    if (pop)
        m->head = ccn_next(m->head, m->p.Q_DEPTH);
    m->count = (uint8_t)(m->count + push - pop);

    m->ctr.pushes += (uint64_t)push;
    m->ctr.pops += (uint64_t)pop;
    m->ctr.full_deflects += in->miss_valid && in->rt_enable && !push;
    m->ctr.rt_bypasses += in->miss_valid && !in->rt_enable;
}

void ccn_cb_counters(const ccn_cb_t *m, ccn_cb_counters_t *c) { *c = m->ctr; }

/* A waiting head is offered to the ReqQ every cycle, but only the ReqQ's
 * accept moves it; without a miss or an accept nothing changes. */
int ccn_cb_idle(const ccn_cb_t *m) { (void)m; return 1; }

#define GM_BLOCK ccn_cb
#define GM_PORTS "ccn_cb.ports"
#include "block_desc.h"
