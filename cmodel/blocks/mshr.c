#include "mshr.h"

#include <stdio.h>
#include <string.h>

int mshr_init(mshr_t *m, const mshr_params_t *p, gm_err_t *err)
{
    (void)err; /* the parameter ranges are the only constraints */
    memset(m, 0, sizeof *m);
    m->p = *p;
    mshr_reset(m);
    return 0;
}

void mshr_reset(mshr_t *m)
{
    mshr_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    for (uint32_t e = 0; e < p.NENT; e++)
        m->freemap[e / 64] |= 1ull << (e % 64);
}

_Static_assert((int)MSHR_MAX_ENT <= (int)GM_ADDR_CAM_MAX, "every entry fits the CAM");

/* The valid, unfilled entry holding blk, or -1 (at most one exists). */
static int find(const mshr_t *m, uint32_t blk)
{
    return gm_addr_cam_find(&m->cam, m->ent_blk, blk);
}

/* The lowest free entry, or -1 (the map has no bits at or above NENT). */
static int free_entry(const mshr_t *m)
{
    for (uint32_t w = 0, nw = (m->p.NENT + 63) / 64; w < nw; w++)
        if (m->freemap[w])
            return (int)(w * 64 + (uint32_t)__builtin_ctzll(m->freemap[w]));
    return -1;
}

typedef struct decision {
    int hit, e;          /* matching entry, or the free one for a primary */
    int accept, primary, cause;
} decision_t;

/* Inlined: its result stays in registers (it runs up to twice a cycle). */
static inline __attribute__((always_inline)) decision_t decide(const mshr_t *m, uint32_t blk)
{
    decision_t d;
    d.e = find(m, blk);
    d.hit = d.e >= 0;
    d.accept = d.primary = 0;
    d.cause = MSHR_RF_NONE;
    if (d.hit) {
        if (m->ent_cnt[d.e] < m->p.NSLOT)
            d.accept = 1;
        else
            d.cause = MSHR_RF_MERGE_FULL;
    } else {
        d.e = free_entry(m);
        if (d.e >= 0)
            d.accept = d.primary = 1;
        else
            d.cause = MSHR_RF_ENTRY_FULL;
    }
    return d;
}


void mshr_eval(const mshr_t *m, const mshr_in_t *in, mshr_out_t *out)
{
    /* Every output is assigned once (no memset: this runs every cycle of
     * every cache). */
    decision_t d = {0, -1, 0, 0, MSHR_RF_NONE};
    if (in->req_valid)
        d = decide(m, (uint32_t)in->req_blk);
    out->req_ready = 1;
    out->req_accept = (uint64_t)d.accept;
    out->req_primary = (uint64_t)d.primary;
    out->req_rf = in->req_valid && !d.accept;
    out->req_rf_cause = (uint64_t)d.cause;
    if (m->p.ACCESS_LAT == 1) {
        out->miss_issue_valid = out->req_primary;
        out->miss_issue_blk = out->req_primary ? in->req_blk : 0;
    } else {
        unsigned k = m->p.ACCESS_LAT - 2;
        out->miss_issue_valid = m->pipe_v[k];
        out->miss_issue_blk = m->pipe_blk[k];
    }
    decision_t pd = in->req_valid && in->prb_blk == in->req_blk ? d
                                                                : decide(m, (uint32_t)in->prb_blk);
    out->prb_hit = (uint64_t)pd.hit;
    out->prb_full = !pd.accept;
    out->fill_ready = 1;
    out->fill_err = in->fill_valid && find(m, (uint32_t)in->fill_blk) < 0;
    if (m->rq_n) {
        uint32_t e = m->rq[m->rq_head];
        uint32_t s = e * m->p.NSLOT + m->ent_rd[e];
        out->fwd_valid = 1;
        out->fwd_blk = m->ent_blk[e];
        out->fwd_info = m->slot_info[s];
        out->fwd_is_wr = m->slot_wr[s];
        out->fwd_last = m->ent_rd[e] + 1u == m->ent_cnt[e];
    } else {
        out->fwd_valid = out->fwd_blk = out->fwd_info = out->fwd_is_wr = out->fwd_last = 0;
    }
    out->st_nentries = m->nent;
    out->st_used_slots = m->used;
}

void mshr_tick(mshr_t *m, const mshr_in_t *in)
{
    const uint32_t N = m->p.NENT, S = m->p.NSLOT;
    /* Decisions on the start-of-cycle state. */
    decision_t d = {0, -1, 0, 0, 0};
    if (in->req_valid)
        d = decide(m, (uint32_t)in->req_blk);
    int fill_e = in->fill_valid ? find(m, (uint32_t)in->fill_blk) : -1;
    int fwd_e = m->rq_n && in->fwd_ready ? m->rq[m->rq_head] : -1;

    m->ctr.slot_cycles += m->used;
    for (unsigned k = MSHR_PIPE - 1; k > 0; k--) {
        m->pipe_v[k] = m->pipe_v[k - 1];
        m->pipe_blk[k] = m->pipe_blk[k - 1];
    }
    m->pipe_v[0] = (uint8_t)d.primary;
    m->pipe_blk[0] = d.primary ? (uint32_t)in->req_blk : 0;

    if (fwd_e >= 0) {
        m->ctr.forwards++;
        m->used--;
        if (++m->ent_rd[fwd_e] == m->ent_cnt[fwd_e]) {
            m->freemap[fwd_e / 64] |= 1ull << (fwd_e % 64);
            m->nent--;
            m->ent_v[fwd_e] = m->ent_f[fwd_e] = 0;
            m->ent_cnt[fwd_e] = m->ent_rd[fwd_e] = 0;
            m->ent_blk[fwd_e] = 0;
            m->rq_head = (uint8_t)((m->rq_head + 1) % N);
            m->rq_n--;
        }
    }
    if (in->req_valid) {
        if (d.accept) {
            uint32_t e = (uint32_t)d.e;
            if (d.primary) {
                m->ent_v[e] = 1;
                m->ent_f[e] = 0;
                m->ent_blk[e] = (uint32_t)in->req_blk;
                m->ent_cnt[e] = 0;
                m->ent_rd[e] = 0;
                m->freemap[e / 64] &= ~(1ull << (e % 64));
                m->nent++;
                gm_addr_cam_add(&m->cam, m->ent_blk, e);
                m->ctr.primaries++;
            } else {
                m->ctr.merges++;
            }
            m->slot_info[e * S + m->ent_cnt[e]] = (uint32_t)in->req_info;
            m->slot_wr[e * S + m->ent_cnt[e]] = (uint8_t)in->req_is_wr;
            m->ent_cnt[e]++;
            m->used++;
        } else if (d.cause == MSHR_RF_ENTRY_FULL) {
            m->ctr.rf_entry_full++;
        } else {
            m->ctr.rf_merge_full++;
        }
    }
    if (in->fill_valid) {
        if (fill_e >= 0) {
            gm_addr_cam_remove(&m->cam, m->ent_blk, (uint32_t)fill_e);
            m->ent_f[fill_e] = 1;
            m->rq[(m->rq_head + m->rq_n) % N] = (uint8_t)fill_e;
            m->rq_n++;
            m->ctr.fills++;
        } else {
            m->ctr.fill_errors++;
        }
    }
}

void mshr_counters(const mshr_t *m, mshr_counters_t *c) { *c = m->ctr; }

int mshr_quiet(const mshr_t *m, const mshr_in_t *in)
{
    if (in->req_valid || in->fill_valid || m->nent || m->rq_n)
        return 0;
    for (unsigned k = 0; k < MSHR_PIPE; k++)
        if (m->pipe_v[k])
            return 0;
    return 1;
}

int mshr_check(const mshr_t *m, gm_err_t *err)
{
    uint32_t filled = 0;
    for (uint32_t e = 0; e < m->p.NENT; e++) {
        if (!m->ent_v[e]) {
            if (m->ent_f[e] || m->ent_cnt[e] || m->ent_rd[e])
                return gm_errf(err, "mshr: free entry %u holds state", e);
            continue;
        }
        if (m->ent_cnt[e] == 0 || m->ent_cnt[e] > m->p.NSLOT || m->ent_rd[e] >= m->ent_cnt[e])
            return gm_errf(err, "mshr: entry %u has %u slots, %u released", e, m->ent_cnt[e],
                           m->ent_rd[e]);
        if (m->ent_rd[e] && !m->ent_f[e])
            return gm_errf(err, "mshr: entry %u released slots before its fill", e);
        filled += m->ent_f[e];
        for (uint32_t o = e + 1; o < m->p.NENT; o++)
            if (m->ent_v[o] && !m->ent_f[o] && !m->ent_f[e] && m->ent_blk[o] == m->ent_blk[e])
                return gm_errf(err, "mshr: entries %u and %u both pending on block 0x%x", e, o,
                               m->ent_blk[e]);
    }
    uint32_t nent = 0, used = 0;
    for (uint32_t e = 0; e < m->p.NENT; e++) {
        nent += m->ent_v[e];
        used += m->ent_v[e] ? (uint32_t)(m->ent_cnt[e] - m->ent_rd[e]) : 0;
        if (!!(m->freemap[e / 64] >> (e % 64) & 1) == !!m->ent_v[e])
            return gm_errf(err, "mshr: the free map disagrees on entry %u", e);
        if (m->ent_v[e] && !m->ent_f[e] && find(m, m->ent_blk[e]) != (int)e)
            return gm_errf(err, "mshr: pending entry %u is not found by its block", e);
    }
    if (nent != m->nent || used != m->used)
        return gm_errf(err, "mshr: counts %u/%u, the entries say %u/%u", m->nent, m->used,
                       nent, used);
    if (filled != m->rq_n)
        return gm_errf(err, "mshr: %u filled entries but %u queued for release", filled,
                       m->rq_n);
    return 0;
}

int mshr_idle(const mshr_t *m)
{
    return mshr_quiet(m, &(const mshr_in_t){0});
}

int mshr_tick_idle(mshr_t *m)
{
    if (m->rq_n)
        return 0;
    for (unsigned k = 0; k < MSHR_PIPE; k++)
        if (m->pipe_v[k])
            return 0; /* (an empty stage's block is 0 too: the shift changes nothing) */
    m->ctr.slot_cycles += m->used;
    return 1;
}

int mshr_tick_idle_n(mshr_t *m, uint64_t n)
{
    if (m->rq_n)
        return 0;
    for (unsigned k = 0; k < MSHR_PIPE; k++)
        if (m->pipe_v[k])
            return 0;
    m->ctr.slot_cycles += (uint64_t)m->used * n;
    return 1;
}

#define GM_BLOCK mshr
#define GM_PORTS "mshr.ports"
#include "block_desc.h"
