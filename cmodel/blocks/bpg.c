/* bpg — the Bypassing Parameter Generator (seed-000 §4.4, §10.6-10.8). */
#include "bpg.h"

#include <string.h>

uint32_t bpg_cube_q16(unsigned l, unsigned d)
{
    uint32_t d3 = d * d * d;
    return (l * l * l * 65536u + d3 / 2) / d3;
}

static shadow_tags_params_t sh_params(const bpg_params_t *p)
{
    shadow_tags_params_t s = {.SETS = p->SETS, .NSAMP = p->NSAMP, .WAYS = p->WAYS,
                              .SAMPLE_MODE = p->SAMPLE_MODE};
    return s;
}

int bpg_init(bpg_t *m, const bpg_params_t *p, gm_err_t *err)
{
    memset(m, 0, sizeof *m);
    m->p = *p;
    shadow_tags_params_t sp = sh_params(p);
    for (unsigned i = 0; i < BPG_NCALC; i++)
        if (shadow_tags_init(&m->sh[i], &sp, err))
            return -1;
    bpg_reset(m);
    return 0;
}

void bpg_reset(bpg_t *m)
{
    for (unsigned i = 0; i < BPG_NCALC; i++) {
        shadow_tags_reset(&m->sh[i]);
        m->hit_cnt[i] = 0;
        m->cube[i] = 0;
    }
    m->rf_cnt = m->acc_cnt = 0;
    m->n = 1;
    m->lmax_r = BPG_NCALC;
    m->bypass_en_r = m->mode_tb_r = m->started_r = 0;
    memset(&m->ctr, 0, sizeof m->ctr);
}

unsigned bpg_select(const bpg_t *m, int32_t adj[BPG_NCALC])
{
    unsigned lcur = m->bypass_en_r ? m->lmax_r : (m->n < BPG_NCALC ? m->n : BPG_NCALC);
    unsigned best = 1;
    int32_t bv = INT32_MIN;
    for (unsigned i = 0; i < BPG_NCALC; i++) {
        unsigned L = i + 1;
        adj[i] = INT32_MIN;
        if (L > m->n)
            continue;
        uint64_t cube = m->p.RF_RESCALE ? bpg_cube_q16(L, lcur) : m->cube[i];
        uint64_t est = ((uint64_t)m->rf_cnt * cube) >> 16 >> m->p.RF_SCALE_SHIFT;
        adj[i] = (int32_t)m->hit_cnt[i] - (int32_t)(est >> m->p.E_SHIFT);
        if (adj[i] >= bv) { /* ties to the larger L */
            bv = adj[i];
            best = L;
        }
    }
    return best;
}

static int id_of(const bpg_t *m, unsigned wid, unsigned tb) { return (int)(m->mode_tb_r ? tb : wid); }

static int is_update(const bpg_t *m, const bpg_in_t *in)
{
    return !in->launch && in->acc_valid && m->acc_cnt == m->p.INTERVAL - 1;
}

void bpg_eval(const bpg_t *m, const bpg_in_t *in, bpg_out_t *out)
{
    memset(out, 0, sizeof *out);
    out->lmax = m->lmax_r;
    out->bypass_en = m->bypass_en_r;
    out->mode_tb = m->mode_tb_r;
    out->started = m->started_r;
    out->update = (uint64_t)is_update(m, in);
    if (out->update) {
        int32_t adj[BPG_NCALC];
        unsigned l = bpg_select(m, adj), cap = m->n < BPG_NCALC ? m->n : BPG_NCALC;
        out->g_valid = 1;
        out->g_mode_tb = m->mode_tb_r;
        out->g_lmax = l;
        out->g_bypass_en = l < cap;
    }
    int id = id_of(m, (unsigned)in->q_wid, (unsigned)in->q_tb);
    out->route_bypass = in->q_cg || (m->p.START_MODE == 1 && !m->started_r) ||
                        (m->bypass_en_r && id >= (int)m->lmax_r);
}

void bpg_tick(bpg_t *m, const bpg_in_t *in)
{
    if (in->launch) {
        unsigned ntb = (unsigned)in->n_active_tb, wpt = (unsigned)in->warps_per_tb;
        bpg_counters_t keep = m->ctr; /* statistics outlive a launch */
        bpg_reset(m);
        m->ctr = keep;
        m->mode_tb_r = ntb > 1;
        m->n = (uint8_t)(m->mode_tb_r ? ntb : (wpt ? wpt : 1));
        for (unsigned i = 0; i < BPG_NCALC; i++)
            m->cube[i] = i + 1 <= m->n ? bpg_cube_q16(i + 1, m->n) : 0;
        return;
    }
    bpg_out_t o;
    bpg_eval(m, in, &o);
    uint16_t hits[BPG_NCALC];
    memcpy(hits, m->hit_cnt, sizeof hits);
    if (in->acc_valid) {
        m->ctr.accesses++;
        int id = id_of(m, (unsigned)in->acc_wid, (unsigned)in->acc_tb);
        shadow_tags_in_t si = {.upd_valid = 1, .upd_set = in->acc_set, .upd_tag = in->acc_tag};
        for (int i = id; i < BPG_NCALC; i++) {
            shadow_tags_out_t so;
            shadow_tags_eval(&m->sh[i], &si, &so);
            shadow_tags_tick(&m->sh[i], &si);
            if (so.shadow_hit && hits[i] < BPG_HIT_MAX)
                hits[i]++;
        }
    }
    uint16_t rf = m->rf_cnt;
    if (in->rf_pulse) {
        m->ctr.rf_events++;
        if (rf < BPG_RF_MAX)
            rf++;
    }
    if (o.update) {
        m->ctr.updates++;
        m->ctr.lmax_sum += o.g_lmax;
        if (o.g_bypass_en)
            m->ctr.bypass_updates++;
        for (unsigned i = 0; i < BPG_NCALC; i++)
            hits[i] >>= 1;
        rf >>= 1;
        m->acc_cnt = 0;
        if (!m->p.GLOBAL) {
            m->lmax_r = (uint8_t)o.g_lmax;
            m->bypass_en_r = (uint8_t)o.g_bypass_en;
            m->started_r = 1;
        }
    } else if (in->acc_valid) {
        m->acc_cnt++;
    }
    if (m->p.GLOBAL && in->g_in_valid) {
        m->lmax_r = (uint8_t)in->g_in_lmax;
        m->bypass_en_r = (uint8_t)in->g_in_bypass_en;
        m->mode_tb_r = (uint8_t)in->g_in_mode_tb;
        m->started_r = 1;
    }
    memcpy(m->hit_cnt, hits, sizeof hits);
    m->rf_cnt = rf;
}

void bpg_counters(const bpg_t *m, bpg_counters_t *c) { *c = m->ctr; }

/* Idle: only a launch, an access, a fail or a broadcast changes it. */
int bpg_idle(const bpg_t *m)
{
    (void)m;
    return 1;
}

#define GM_BLOCK bpg
#define GM_PORTS "bpg.ports"
#include "block_desc.h"
