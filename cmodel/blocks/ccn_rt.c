#include "ccn_rt.h"

#include <string.h>

enum { CNT_MAX = 0xffffff };

static uint32_t sat_max(const ccn_rt_t *m) { return (uint32_t)((1ull << m->p.CNT_W) - 1); }

int ccn_rt_init(ccn_rt_t *m, const ccn_rt_params_t *p, gm_err_t *err)
{
    (void)err;
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_rt_reset(m);
    return 0;
}

void ccn_rt_reset(ccn_rt_t *m)
{
    m->state = CCN_RT_SAMPLE;
    m->ecnt = m->n_total = m->n_hits = 0;
    m->epochs = m->off_epochs = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

/* No evidence (nothing injected) is no evidence against cooperation. */
int ccn_rt_keep(uint32_t n_total, uint32_t n_hits, unsigned num, unsigned den)
{
    return n_total == 0 || (uint64_t)n_hits * den >= (uint64_t)n_total * num;
}

void ccn_rt_eval(const ccn_rt_t *m, const ccn_rt_in_t *in, ccn_rt_out_t *out)
{
    out->rt_enable = in->cfg_ccn_en && (!in->cfg_rt_en || m->state != CCN_RT_OFF);
    out->rt_sampling = m->state == CCN_RT_SAMPLE;
    out->stat_epochs = m->epochs;
    out->stat_off_epochs = m->off_epochs;
}

static uint32_t sat_inc(uint32_t v, int inc, uint32_t max) { return v + (inc && v < max); }

void ccn_rt_tick(ccn_rt_t *m, const ccn_rt_in_t *in)
{
    uint32_t e = m->ecnt + (uint32_t)in->insn_inc; /* < 2^25 */
    m->ctr.off_cycles += in->cfg_ccn_en && in->cfg_rt_en && m->state == CCN_RT_OFF;
    if (m->state == CCN_RT_SAMPLE) {
        m->n_total = sat_inc(m->n_total, in->cb_push != 0, sat_max(m));
        m->n_hits = sat_inc(m->n_hits, in->ccn_hit_rsp && in->ccn_hit_smp, sat_max(m));
        if (e >= in->cfg_ts) {
            int keep = ccn_rt_keep(m->n_total, m->n_hits, (unsigned)in->cfg_hmin_num,
                                   (unsigned)in->cfg_hmin_den);
            m->state = keep ? CCN_RT_ON : CCN_RT_OFF;
            m->off_epochs += !keep;
            m->ctr.decisions_on += (uint64_t)keep;
            m->ctr.decisions_off += (uint64_t)!keep;
        }
    }
    if (e >= in->cfg_tp) {
        e -= (uint32_t)in->cfg_tp;
        m->n_total = m->n_hits = 0;
        m->state = CCN_RT_SAMPLE;
        m->epochs++;
    }
    m->ecnt = e & CNT_MAX;
}

void ccn_rt_counters(const ccn_rt_t *m, ccn_rt_counters_t *c) { *c = m->ctr; }

/* insn_inc = 0 and no events still counts an OFF cycle: never skip. */
int ccn_rt_idle(const ccn_rt_t *m) { (void)m; return 0; }

#define GM_BLOCK ccn_rt
#define GM_PORTS "ccn_rt.ports"
#include "block_desc.h"
