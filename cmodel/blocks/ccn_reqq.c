#include "ccn_reqq.h"

#include <string.h>

int ccn_reqq_init(ccn_reqq_t *m, const ccn_reqq_params_t *p, gm_err_t *err)
{
    if (p->IDX_W && p->NSETS != 1u << p->IDX_W)
        return gm_errf(err, "NSETS %u is not 2^IDX_W = %u (IDX_W 0 takes any NSETS)",
                       p->NSETS, 1u << p->IDX_W);
    memset(m, 0, sizeof *m);
    m->p = *p;
    ccn_reqq_reset(m);
    return 0;
}

void ccn_reqq_reset(ccn_reqq_t *m)
{
    memset(m->q, 0, sizeof m->q);
    m->head = m->tail = m->count = 0;
    memset(m->lv, 0, sizeof m->lv);
    memset(m->lf, 0, sizeof m->lf);
    memset(&m->ctr, 0, sizeof m->ctr);
}

unsigned ccn_reqq_set(const ccn_reqq_params_t *p, uint32_t la)
{
    return p->IDX_W ? la & ((1u << p->IDX_W) - 1) : la % p->NSETS;
}

uint32_t ccn_reqq_tag(const ccn_reqq_params_t *p, uint32_t la) { return la >> p->IDX_W; }

/* Everything a cycle decides, from the start-of-cycle state and inputs. */
typedef struct step {
    int arr, arr_home, room, bypass, hv, h_home, lkp, hit, take, fwd, pop, enq_fwd, inj;
    uint32_t af, hf;
    uint8_t mv[CCN_LINK_MAX];
} step_t;

static void decide(const ccn_reqq_t *m, const ccn_reqq_in_t *in, step_t *s)
{
    unsigned my = (unsigned)in->my_cid, qd = m->p.Q_DEPTH, L = m->p.LINK_LAT;
    memset(s, 0, sizeof *s);
    s->af = (uint32_t)in->fwd_in_flit & 0x7fffffffu;
    s->arr = in->fwd_in_valid != 0;
    s->arr_home = s->arr && ccn_flit_cid(s->af) == my;
    s->room = m->count < qd;
    if (m->count) {
        s->hv = 1;
        s->hf = m->q[m->head];
    } else if (s->arr && !s->arr_home) {
        s->hv = s->bypass = 1;
        s->hf = s->af;
    }
    s->h_home = s->hv && ccn_flit_cid(s->hf) == my;
    s->lkp = s->hv && !s->h_home;
    /* The link moves from its far end: a stage advances into a stage that
     * is empty or advancing itself. */
    for (int i = (int)L - 1; i >= 0; i--) {
        int next_free = i == (int)L - 1 ? in->fwd_out_ready != 0 : !m->lv[i + 1] || s->mv[i + 1];
        s->mv[i] = (uint8_t)(m->lv[i] && next_free);
    }
    int stage0_free = !m->lv[0] || s->mv[0];
    s->hit = s->lkp && in->st_lkp_gnt && in->st_lkp_hit;
    s->take = s->hit && in->hit_stage_ready;
    s->fwd = s->hv && stage0_free && (s->h_home || (s->lkp && in->st_lkp_gnt && !in->st_lkp_hit));
    s->pop = (s->fwd || s->take) && m->count;
    s->enq_fwd = s->arr && !s->arr_home && s->room && !(s->bypass && (s->fwd || s->take));
    int free_ok = m->p.FLOW ? m->count < qd : m->count + 2u <= qd;
    s->inj = in->inj_valid && !(s->arr && !s->arr_home && s->room) && free_ok;
}

void ccn_reqq_eval(const ccn_reqq_t *m, const ccn_reqq_in_t *in, ccn_reqq_out_t *out)
{
    step_t s;
    decide(m, in, &s);
    unsigned L = m->p.LINK_LAT;
    uint32_t la = ccn_flit_la(s.hf);
    out->fwd_in_ready = (uint64_t)(s.arr_home ? in->home_eject_ready != 0 : s.room);
    out->inj_accept = (uint64_t)s.inj;
    out->home_eject_valid = (uint64_t)s.arr_home;
    out->home_eject_la = s.arr_home ? ccn_flit_la(s.af) : 0;
    out->home_eject_smp = s.arr_home ? ccn_flit_smp(s.af) : 0;
    out->st_lkp_valid = (uint64_t)s.lkp;
    out->st_lkp_set = s.lkp ? ccn_reqq_set(&m->p, la) : 0;
    out->st_lkp_tag = s.lkp ? ccn_reqq_tag(&m->p, la) : 0;
    out->hit_req_valid = (uint64_t)s.hit;
    out->hit_req_set = s.hit ? ccn_reqq_set(&m->p, la) : 0;
    out->hit_req_way = s.hit ? in->st_lkp_way : 0;
    out->hit_req_src = s.hit ? ccn_flit_cid(s.hf) : 0;
    out->hit_req_la = s.hit ? la : 0;
    out->hit_req_smp = s.hit ? ccn_flit_smp(s.hf) : 0;
    out->fwd_out_valid = m->lv[L - 1];
    out->fwd_out_flit = m->lv[L - 1] ? 0x80000000u | m->lf[L - 1] : 0;
    out->count = m->count;
}

void ccn_reqq_tick(ccn_reqq_t *m, const ccn_reqq_in_t *in)
{
    step_t s;
    decide(m, in, &s);
    unsigned L = m->p.LINK_LAT, qd = m->p.Q_DEPTH;
    uint8_t lv[CCN_LINK_MAX];
    uint32_t lf[CCN_LINK_MAX];
    memcpy(lv, m->lv, sizeof lv);
    memcpy(lf, m->lf, sizeof lf);
    /* From the far end, so a stage that fills as it empties ends full. */
    for (int i = (int)L - 1; i >= 0; i--) {
        if (!s.mv[i])
            continue;
        lv[i] = 0;
        if (i + 1 < (int)L) {
            lv[i + 1] = 1;
            lf[i + 1] = m->lf[i];
        }
    }
    if (s.fwd) {
        lv[0] = 1;
        lf[0] = s.hf;
    }
    memcpy(m->lv, lv, sizeof lv);
    memcpy(m->lf, lf, sizeof lf);

    m->ctr.occupancy += m->count;
    if (s.pop)
        m->head = ccn_next(m->head, qd);
    if (s.enq_fwd || s.inj) {
        m->q[m->tail] = s.enq_fwd ? s.af : (uint32_t)in->inj_flit & 0x7fffffffu;
        m->tail = ccn_next(m->tail, qd);
    }
    m->count = (uint8_t)(m->count + (s.enq_fwd || s.inj) - s.pop);

    m->ctr.arrivals += s.arr && !s.arr_home && s.room;
    m->ctr.injected += (uint64_t)s.inj;
    m->ctr.ejected += s.arr_home && in->home_eject_ready;
    m->ctr.lookups += s.lkp && in->st_lkp_gnt;
    m->ctr.port_conflicts += s.lkp && !in->st_lkp_gnt;
    m->ctr.hits += (uint64_t)s.take;
    m->ctr.hit_blocked += s.hit && !s.take;
    m->ctr.forwards += (uint64_t)s.fwd;
}

void ccn_reqq_counters(const ccn_reqq_t *m, ccn_reqq_counters_t *c) { *c = m->ctr; }

int ccn_reqq_idle(const ccn_reqq_t *m)
{
    for (unsigned i = 0; i < m->p.LINK_LAT; i++)
        if (m->lv[i])
            return 0;
    return m->count == 0;
}

#define GM_BLOCK ccn_reqq
#define GM_PORTS "ccn_reqq.ports"
#include "block_desc.h"
