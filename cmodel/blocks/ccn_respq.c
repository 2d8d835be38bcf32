#include "ccn_respq.h"

#include <string.h>

int ccn_respq_init(ccn_respq_t *m, const ccn_respq_params_t *p, gm_err_t *err)
{
    if (p->RESP_BEATS == 3)
        return gm_errf(err, "RESP_BEATS 3 does not divide a 1024-bit line (1, 2 or 4)");
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_respq_reset(m);
    return 0;
}

void ccn_respq_reset(ccn_respq_t *m)
{
    ccn_respq_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

/* Words a beat carries. */
static unsigned bw(const ccn_respq_t *m) { return CCN_LINE_WORDS / m->p.RESP_BEATS; }

typedef struct step {
    int loc, acc, first, home, last, head_v, send, pop, fill;
    unsigned beat;
} step_t;

static void decide(const ccn_respq_t *m, const ccn_respq_in_t *in, step_t *s)
{
    unsigned qd = m->p.Q_DEPTH;
    memset(s, 0, sizeof *s);
    s->loc = in->loc_valid && (m->p.FLOW ? m->count < qd : m->count + 2u <= qd);
    s->first = !m->dv;
    s->home = s->first ? ccn_flit_cid((uint32_t)in->in_hdr) == (in->my_cid & 15u) : m->dhome;
    s->fill = m->fv && in->fill_ready;
    int ready = !s->first ? 1 : s->home ? !m->fv || in->fill_ready : m->count < qd && !s->loc;
    s->acc = in->in_beat_valid && ready;
    s->last = in->in_beat_last != 0;
    s->beat = s->first ? 0 : m->dbeat;
    s->head_v = m->count && m->qr[m->head];
    s->send = s->head_v && in->out_ready;
    s->pop = s->send && m->sbeat == m->p.RESP_BEATS - 1;
}

void ccn_respq_eval(const ccn_respq_t *m, const ccn_respq_in_t *in, ccn_respq_out_t *out)
{
    step_t s;
    decide(m, in, &s);
    unsigned w = bw(m);
    out->loc_accept = (uint64_t)s.loc;
    out->in_ready = !s.first ? 1 : s.home ? (!m->fv || in->fill_ready) : (m->count < m->p.Q_DEPTH && !s.loc);
    out->fill_valid = m->fv;
    out->fill_la = m->fv ? ccn_flit_la(m->fh) : 0;
    out->fill_smp = m->fv ? ccn_flit_smp(m->fh) : 0;
    memset(out->fill_data, 0, sizeof out->fill_data);
    if (m->fv)
        memcpy(out->fill_data, m->fd, sizeof m->fd);
    out->out_beat_valid = (uint64_t)s.head_v;
    out->out_hdr = s.head_v ? 0x80000000u | m->qh[m->head] : 0;
    memset(out->out_beat_data, 0, sizeof out->out_beat_data);
    if (s.head_v)
        memcpy(out->out_beat_data, &m->qd[m->head * CCN_LINE_WORDS + m->sbeat * w],
               w * sizeof(uint32_t));
    out->out_beat_last = s.head_v && m->sbeat == m->p.RESP_BEATS - 1;
    out->count = m->count;
}

void ccn_respq_tick(ccn_respq_t *m, const ccn_respq_in_t *in)
{
    step_t s;
    decide(m, in, &s);
    unsigned w = bw(m), qd = m->p.Q_DEPTH;
    m->ctr.occupancy += m->count;
    m->ctr.local_refused += in->loc_valid && !s.loc;
    m->ctr.fill_wait += m->fv && !in->fill_ready;

    /* The head's beat, and its departure after the last. */
    if (s.send)
        m->sbeat = (uint8_t)(s.pop ? 0 : m->sbeat + 1);
    if (s.pop) {
        m->head = ccn_next(m->head, qd);
        m->ctr.sent++;
    }
    if (s.fill) {
        m->fv = 0;
        m->ctr.fills++;
    }
    unsigned tail = m->tail;
    int reserve = s.acc && s.first && !s.home;
    if (s.loc) {
        m->qh[tail] = (uint32_t)in->loc_hdr & 0x7fffffffu;
        m->qr[tail] = 1;
        memcpy(&m->qd[tail * CCN_LINE_WORDS], in->loc_data, sizeof in->loc_data);
        m->ctr.local_in++;
    }
    if (s.acc) {
        uint32_t *dst;
        if (s.first && s.home) {
            m->fh = (uint32_t)in->in_hdr & 0x7fffffffu;
            m->ctr.home_in++;
        }
        if (reserve) {
            m->qh[tail] = (uint32_t)in->in_hdr & 0x7fffffffu;
            m->qr[tail] = 0;
            m->dslot = (uint8_t)tail;
            m->ctr.fwd_in++;
        }
        dst = s.home ? m->fd : &m->qd[(reserve ? tail : m->dslot) * CCN_LINE_WORDS];
        memcpy(dst + s.beat * w, in->in_beat_data, w * sizeof(uint32_t));
        if (s.last) {
            m->dv = 0;
            if (s.home)
                m->fv = 1;
            else
                m->qr[reserve ? tail : m->dslot] = 1;
        } else {
            m->dv = 1;
            m->dhome = (uint8_t)s.home;
            m->dbeat = (uint8_t)((s.beat + 1) & 3);
        }
    }
    if (s.loc || reserve)
        m->tail = ccn_next(tail, qd);
    m->count = (uint8_t)(m->count + (s.loc || reserve) - s.pop);
}

void ccn_respq_counters(const ccn_respq_t *m, ccn_respq_counters_t *c) { *c = m->ctr; }

int ccn_respq_idle(const ccn_respq_t *m) { return !m->count && !m->dv && !m->fv; }

#define GM_BLOCK ccn_respq
#define GM_PORTS "ccn_respq.ports"
#include "block_desc.h"
