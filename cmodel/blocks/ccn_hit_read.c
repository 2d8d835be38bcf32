#include "ccn_hit_read.h"

#include <string.h>

int ccn_hit_read_init(ccn_hit_read_t *m, const ccn_hit_read_params_t *p, gm_err_t *err)
{
    (void)err;
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_hit_read_reset(m);
    return 0;
}

void ccn_hit_read_reset(ccn_hit_read_t *m)
{
    m->sv = m->rd_done = 0;
    m->s_set = m->s_way = 0;
    m->s_hdr = 0;
    memset(m->hold, 0, sizeof m->hold);
    memset(&m->ctr, 0, sizeof m->ctr);
}

static int ready(const ccn_hit_read_t *m, const ccn_hit_read_in_t *in)
{
    return !m->sv || (!m->p.STRICT && in->rsp_inj_accept);
}

void ccn_hit_read_eval(const ccn_hit_read_t *m, const ccn_hit_read_in_t *in,
                       ccn_hit_read_out_t *out)
{
    int steal = m->sv && !m->rd_done;
    out->hit_stage_ready = (uint64_t)ready(m, in);
    out->l1_steal = (uint64_t)steal;
    out->l1_rd_set = steal ? m->s_set : 0;
    out->l1_rd_way = steal ? m->s_way : 0;
    out->rsp_inj_valid = m->sv;
    out->rsp_inj_hdr = m->sv ? m->s_hdr : 0;
    if (!m->sv)
        memset(out->rsp_inj_data, 0, sizeof out->rsp_inj_data);
    else
        memcpy(out->rsp_inj_data, steal ? in->l1_rd_data : m->hold, sizeof out->rsp_inj_data);
}

void ccn_hit_read_tick(ccn_hit_read_t *m, const ccn_hit_read_in_t *in)
{
    int take = in->hit_valid && ready(m, in);
    int leave = m->sv && in->rsp_inj_accept;
    m->ctr.steals += m->sv && !m->rd_done;
    m->ctr.responses += (uint64_t)leave;
    m->ctr.refused_cycles += m->sv && !leave;
    if (m->sv && !leave && !m->rd_done) {
        memcpy(m->hold, in->l1_rd_data, sizeof m->hold);
        m->rd_done = 1;
    }
    if (leave)
        m->sv = 0;
    if (take) {
        m->sv = 1;
        m->rd_done = 0;
        m->s_set = (uint8_t)(in->hit_set & 0x7f);
        m->s_way = (uint8_t)(in->hit_way & 7);
        m->s_hdr = ((uint32_t)(in->hit_smp & 1) << 30) | ((uint32_t)(in->hit_src & 15) << 26) |
                   ((uint32_t)in->hit_la & CCN_LA_MASK);
        m->ctr.hits_taken++;
    }
}

void ccn_hit_read_counters(const ccn_hit_read_t *m, ccn_hit_read_counters_t *c)
{
    *c = m->ctr;
}

int ccn_hit_read_idle(const ccn_hit_read_t *m) { return !m->sv; }

#define GM_BLOCK ccn_hit_read
#define GM_PORTS "ccn_hit_read.ports"
#include "block_desc.h"
