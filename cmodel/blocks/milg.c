#include "milg.h"

#include <string.h>

int milg_init(milg_t *m, const milg_params_t *p, gm_err_t *err)
{
    (void)err; /* every parameter combination in range is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    milg_reset(m);
    return 0;
}

void milg_reset(milg_t *m)
{
    m->inflight = 0;
    m->max_inflight = 0;
    m->rf_cnt = 0;
    m->req_cnt = 0;
    m->mil = (uint8_t)m->p.MIL_MAX;
    memset(&m->ctr, 0, sizeof m->ctr);
}

unsigned milg_next_limit(const milg_params_t *p, unsigned mil,
                         unsigned max_inflight, unsigned rf_cnt)
{
    unsigned d = rf_cnt >> 10;
    if (d == 0)
        return p->ZERO_MODE ? mil : p->MIL_MAX;
    unsigned q = max_inflight / d;
    return q ? q : 1;
}

static unsigned req_inc(const milg_in_t *in)
{
    return in->req_pulse ? (unsigned)in->req_cnt_inc : 0;
}

static int update_now(const milg_t *m, const milg_in_t *in)
{
    return m->req_cnt + req_inc(in) >= MILG_REQ_WRAP;
}

void milg_eval(const milg_t *m, const milg_in_t *in, milg_out_t *out)
{
    out->mil = m->mil;
    out->issue_allow = m->inflight < m->mil;
    out->mil_update = update_now(m, in);
    out->inflight = m->inflight;
}

void milg_tick(milg_t *m, const milg_in_t *in)
{
    unsigned inflight = m->inflight;
    if (in->minst_issue && !in->minst_done && inflight < MILG_INF_MAX)
        inflight++;
    else if (in->minst_done && !in->minst_issue && inflight > 0)
        inflight--;

    if (update_now(m, in)) {
        m->mil = (uint8_t)milg_next_limit(&m->p, m->mil, m->max_inflight,
                                          m->rf_cnt);
        m->ctr.updates++;
        m->ctr.limiting_updates += (m->rf_cnt >> 10) != 0;
        m->rf_cnt = in->rsfail_pulse ? 1 : 0;
        m->max_inflight = (uint8_t)inflight;
    } else {
        if (in->rsfail_pulse && m->rf_cnt < MILG_RF_MAX)
            m->rf_cnt++;
        if (inflight > m->max_inflight)
            m->max_inflight = (uint8_t)inflight;
    }
    m->req_cnt = (uint16_t)((m->req_cnt + req_inc(in)) % MILG_REQ_WRAP);
    m->inflight = (uint8_t)inflight;

    m->ctr.issued += in->minst_issue != 0;
    m->ctr.completed += in->minst_done != 0;
    m->ctr.rf_events += in->rsfail_pulse != 0;
    m->ctr.requests += req_inc(in);
}

void milg_counters(const milg_t *m, milg_counters_t *c) { *c = m->ctr; }

int milg_quiet(const milg_t *m, const milg_in_t *in)
{
    return !in->minst_issue && !in->minst_done && !in->rsfail_pulse &&
           !(in->req_pulse && in->req_cnt_inc) && m->max_inflight >= m->inflight;
}

int milg_idle(const milg_t *m)
{
    return milg_quiet(m, &(const milg_in_t){0});
}

#define GM_BLOCK milg
#define GM_PORTS "milg.ports"
#include "block_desc.h"
