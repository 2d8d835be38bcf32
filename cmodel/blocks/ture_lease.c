/* ture_lease — TURE's lease unit (seed-001 §4.4.3 Eq. 4.2, §4.4.6, §9.4). */
#include "ture_lease.h"

#include <string.h>

enum { ACC_MAX = (1u << 18) - 1, N_MAX = 31 };

int ture_lease_init(ture_lease_t *m, const ture_lease_params_t *p, gm_err_t *err)
{
    (void)err; /* every parameter combination in range is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    ture_lease_reset(m);
    return 0;
}

void ture_lease_reset(ture_lease_t *m)
{
    ture_lease_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

static unsigned popcount16(unsigned x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static unsigned clamp_lease(unsigned x)
{
    return x == 0 ? 1 : x > TURE_LEASE_MAX ? TURE_LEASE_MAX : x;
}

/* The weighted lease before the clamp (16 bits: 1023 * 7 + 32767 + 4). */
static unsigned raw_next(unsigned alpha_sh, unsigned lease, unsigned lease_v, unsigned f)
{
    if (!lease_v)
        return f;
    unsigned half = alpha_sh ? 1u << (alpha_sh - 1) : 0;
    return ((lease << alpha_sh) - lease + f + half) >> alpha_sh;
}

unsigned ture_lease_next(unsigned alpha_sh, unsigned lease, unsigned lease_v, unsigned f)
{
    return clamp_lease(raw_next(alpha_sh, lease, lease_v, f));
}

unsigned ture_lease_f(const uint16_t *cnt, const uint16_t *div, unsigned n)
{
    unsigned sfx = 0;
    for (unsigned i = 0; i < n; i++)
        sfx += cnt[i] * 16u / popcount16(div[i]);
    return (sfx + 8 * n) / (16 * n);
}

/* One restoring step: the next dividend bit joins the remainder; the
 * quotient bit is whether the divisor fits. */
static void div_step(uint16_t *dq, uint8_t *rem, unsigned dy)
{
    unsigned t = ((unsigned)*rem << 1) | ((*dq >> 14) & 1u);
    unsigned ge = t >= dy;
    *rem = (uint8_t)(ge ? t - dy : t);
    *dq = (uint16_t)(((*dq << 1) | ge) & 0x7fffu);
}

/* The lease of group cur before the clamp, from the window's F and the
 * old lease's share, registered at the group's scan (hist, hv): the same
 * value raw_next gives, since only a reset can change that lease between
 * the scan and the write, and a reset clears hv too. */
static unsigned final_raw(const ture_lease_t *m, unsigned f)
{
    return m->hv ? (m->hist + f) >> m->p.ALPHA_SH : f;
}

static unsigned hist_of(const ture_lease_t *m, unsigned lease)
{
    unsigned a = m->p.ALPHA_SH;
    return (lease << a) - lease + (a ? 1u << (a - 1) : 0);
}

static int last_step(const ture_lease_t *m, unsigned ph) { return m->ph == ph && m->it == 0; }

/* A page's lifetime in group g: its lease once learned, LEASE_INIT before
 * (and for a group beyond NGRP). */
static unsigned group_life(const ture_lease_t *m, unsigned g)
{
    return g < m->p.NGRP && m->lease_v[g] ? m->lease[g] : m->p.LEASE_INIT;
}

void ture_lease_eval(const ture_lease_t *m, const ture_lease_in_t *in, ture_lease_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->ho_ready = m->ph == TURE_PH_IDLE;
    out->busy = m->ph != TURE_PH_IDLE || m->coll;
    out->done = m->done;
    if (last_step(m, TURE_PH_FDIV)) {
        uint16_t dq = m->dq;
        uint8_t rem = m->rem;
        div_step(&dq, &rem, m->dy);
        out->upd_valid = 1;
        out->upd_aid = m->cur;
        out->upd_lease = clamp_lease(final_raw(m, dq));
    }
    if (in->st_lease_aid < m->p.NGRP) {
        out->st_lease = m->lease[in->st_lease_aid];
        out->st_lease_v = m->lease_v[in->st_lease_aid];
    }
    unsigned life = group_life(m, (unsigned)in->q_aid);
    out->q_life = life;
    out->q_recall = life >> 1 ? life >> 1 : 1;
    unsigned rlife = group_life(m, (unsigned)in->r_aid);
    out->r_recall = rlife >> 1 ? rlife >> 1 : 1;
}

static void take(ture_lease_t *m, const ture_lease_in_t *in)
{
    if (in->ho_end) {
        m->ph = TURE_PH_SCAN;
        m->cur = 0;
        m->coll = 0;
        m->ctr.windows++;
        return;
    }
    if (in->ho_div == 0 || in->ho_aid >= m->p.NGRP) {
        m->ctr.dropped++;
        return;
    }
    m->ph = TURE_PH_EDIV;
    m->cur = (uint8_t)in->ho_aid;
    m->dq = (uint16_t)(in->ho_cnt << 4);
    m->dy = (uint8_t)popcount16((unsigned)in->ho_div);
    m->rem = 0;
    m->it = TURE_DIV_STEPS - 1;
    m->coll = 1;
}

/* The group scan moves to the next group, or ends the window. */
static void next_group(ture_lease_t *m)
{
    if (m->cur == m->p.NGRP - 1) {
        m->ph = TURE_PH_IDLE;
        m->done = 1;
    } else {
        m->cur++;
        m->ph = TURE_PH_SCAN;
    }
}

void ture_lease_tick(ture_lease_t *m, const ture_lease_in_t *in)
{
    unsigned cur0 = m->cur;
    m->ctr.busy_cycles += m->ph != TURE_PH_IDLE || m->coll;
    m->done = 0;
    switch (m->ph) {
    case TURE_PH_IDLE:
        if (in->ho_valid)
            take(m, in);
        break;
    case TURE_PH_EDIV:
        div_step(&m->dq, &m->rem, m->dy);
        if (m->it) {
            m->it--;
            break;
        }
        m->acc[m->cur] = m->acc[m->cur] + m->dq > ACC_MAX ? ACC_MAX : m->acc[m->cur] + m->dq;
        m->n[m->cur] += m->n[m->cur] < N_MAX;
        m->ph = TURE_PH_IDLE;
        m->ctr.entries++;
        break;
    case TURE_PH_SCAN:
        if (m->n[m->cur] == 0) {
            next_group(m);
            break;
        }
        m->dq = (uint16_t)((m->acc[m->cur] + 8u * m->n[m->cur]) >> 4);
        m->dy = m->n[m->cur];
        m->hist = (uint16_t)hist_of(m, m->lease[m->cur]);
        m->hv = m->lease_v[m->cur];
        m->rem = 0;
        m->it = TURE_DIV_STEPS - 1;
        m->ph = TURE_PH_FDIV;
        break;
    default: /* TURE_PH_FDIV */
        div_step(&m->dq, &m->rem, m->dy);
        if (m->it) {
            m->it--;
            break;
        }
        {
            unsigned g = m->cur, raw = final_raw(m, m->dq), l = clamp_lease(raw);
            m->ctr.clamped += l != raw;
            m->ctr.first_leases += !m->lease_v[g];
            m->lease[g] = (uint16_t)l;
            m->lease_v[g] = 1;
            m->acc[g] = 0;
            m->n[g] = 0;
            m->ctr.leases++;
        }
        next_group(m);
        break;
    }
    if (in->lrst_valid) {
        if (in->lrst_all || in->lrst_aid == cur0)
            m->hist = 0, m->hv = 0;
        for (unsigned g = 0; g < m->p.NGRP; g++)
            if (in->lrst_all || g == in->lrst_aid) {
                m->lease[g] = 0;
                m->lease_v[g] = 0;
            }
        m->ctr.resets++;
    }
}

void ture_lease_counters(const ture_lease_t *m, ture_lease_counters_t *c) { *c = m->ctr; }

int ture_lease_idle(const ture_lease_t *m)
{
    return m->ph == TURE_PH_IDLE && !m->done && !m->coll;
}

#define GM_BLOCK ture_lease
#define GM_PORTS "ture_lease.ports"
#include "block_desc.h"
