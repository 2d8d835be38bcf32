/* dts_duel — SM dueling (seed-004 §1.10, integer form of [INTERP], margin a parameter). */
#include "dts_duel.h"

#include <string.h>

int dts_duel_init(dts_duel_t *m, const dts_duel_params_t *p, gm_err_t *err)
{
    (void)err;
    memset(m, 0, sizeof *m);
    m->p = *p;
    return 0;
}

void dts_duel_reset(dts_duel_t *m)
{
    dts_duel_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

int dts_duel_decide(const dts_duel_params_t *p, unsigned a0, unsigned m0, unsigned a1,
                    unsigned m1, int prev)
{
    if (!a0 || !a1)
        return prev;
    int64_t lhs = 100 * ((int64_t)m0 * a1 - (int64_t)m1 * a0);
    int64_t rhs = (int64_t)p->MARGIN * (p->REL ? (int64_t)m1 * a0 : (int64_t)a0 * a1);
    return !(lhs > rhs);
}

void dts_duel_eval(const dts_duel_t *m, const dts_duel_in_t *in, dts_duel_out_t *out)
{
    (void)in;
    memset(out, 0, sizeof *out);
    out->filter_en = m->en;
    out->decide = m->cyc == m->p.INTERVAL - 1;
}

void dts_duel_tick(dts_duel_t *m, const dts_duel_in_t *in)
{
    /* This cycle's events count in the interval it ends. */
    unsigned a0 = m->a0 + (unsigned)in->acc0, m0 = m->m0 + (unsigned)(in->acc0 && !in->hit0);
    unsigned a1 = m->a1 + (unsigned)in->acc1, m1 = m->m1 + (unsigned)(in->acc1 && !in->hit1);
    if (m->cyc == m->p.INTERVAL - 1) {
        int en = dts_duel_decide(&m->p, a0, m0, a1, m1, m->en);
        m->ctr.intervals++;
        m->ctr.switches += en != m->en;
        m->ctr.filter_intervals += (unsigned)en;
        m->en = (uint8_t)en;
        m->cyc = 0;
        m->a0 = m->m0 = m->a1 = m->m1 = 0;
        return;
    }
    m->cyc++;
    m->a0 = (uint16_t)a0;
    m->m0 = (uint16_t)m0;
    m->a1 = (uint16_t)a1;
    m->m1 = (uint16_t)m1;
}

void dts_duel_counters(const dts_duel_t *m, dts_duel_counters_t *c) { *c = m->ctr; }

/* Idle: its interval counter runs every cycle. */
int dts_duel_idle(const dts_duel_t *m)
{
    (void)m;
    return 0;
}

#define GM_BLOCK dts_duel
#define GM_PORTS "dts_duel.ports"
#include "block_desc.h"
