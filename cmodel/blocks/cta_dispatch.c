#include "cta_dispatch.h"

#include <string.h>

int cta_dispatch_init(cta_dispatch_t *m, const cta_dispatch_params_t *p, gm_err_t *err)
{
    (void)err; /* every parameter combination in range is legal */
    memset(m, 0, sizeof *m);
    m->p = *p;
    cta_dispatch_reset(m);
    return 0;
}

void cta_dispatch_reset(cta_dispatch_t *m)
{
    cta_dispatch_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    m->lfsr = 1;
}

uint16_t cta_dispatch_lfsr_next(uint16_t x)
{
    unsigned bit = ((x >> 15) ^ (x >> 13) ^ (x >> 12) ^ (x >> 10)) & 1u;
    return (uint16_t)(x << 1 | bit);
}

uint32_t cta_dispatch_jobs(const cta_dispatch_t *m, uint32_t i) { return m->q + (i < m->r); }

uint32_t cta_dispatch_base(const cta_dispatch_t *m, uint32_t i)
{
    return i * m->q + (i < m->r ? i : m->r);
}

/* The cycle's view: busy bits and counts with this cycle's retire applied. */
typedef struct view {
    uint32_t busy[CTA_DISP_MAX_SM];
    uint8_t act[CTA_DISP_MAX_SM];
    uint32_t can;       /* SMs that can take a CTA */
    int retire_hit;     /* the retire freed a busy slot */
} view_t;

typedef struct pick {
    int valid;
    uint32_t sm, slot, u, w;
} pick_t;

static uint32_t slot_mask(unsigned s) { return s >= 32 ? 0xffffffffu : (1u << s) - 1; }

static unsigned lowest(uint32_t x)
{
    unsigned b = 0;
    while (!(x >> b & 1))
        b++;
    return b;
}

static unsigned popcount(uint32_t x)
{
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static void make_view(const cta_dispatch_t *m, const cta_dispatch_in_t *in, view_t *v)
{
    unsigned n = m->p.N_SM;
    memcpy(v->busy, m->busy, sizeof v->busy);
    memcpy(v->act, m->act, sizeof v->act);
    v->retire_hit = 0;
    if (in->retire_valid && in->retire_sm < n && in->retire_slot < 32 &&
        (v->busy[in->retire_sm] >> in->retire_slot & 1)) {
        v->busy[in->retire_sm] &= ~(1u << in->retire_slot);
        v->act[in->retire_sm]--;
        v->retire_hit = 1;
    }
    v->can = 0;
    for (unsigned i = 0; i < n; i++)
        if (m->running && (in->sm_can_accept >> i & 1) && v->act[i] < m->active &&
            (~v->busy[i] & slot_mask(m->slots)))
            v->can |= 1u << i;
}

/* The SM k places after rr, among n. */
static unsigned rot(const cta_dispatch_t *m, unsigned k)
{
    unsigned s = m->rr + k;
    return s >= m->p.N_SM ? s - m->p.N_SM : s;
}

static pick_t do_pick(const cta_dispatch_t *m, const cta_dispatch_in_t *in, const view_t *v)
{
    pick_t pk = {0};
    unsigned n = m->p.N_SM;
    int left = m->next_u < m->V;
    uint32_t t = 0;
    switch (m->policy) {
    case CTA_POL_STRICT_RR:
        t = m->rr;
        pk.valid = left && (v->can >> t & 1);
        break;
    case CTA_POL_RR_THEN_DEMAND:
        pk.valid = left && v->can;
        if (pk.valid && m->fwd && !m->p.TIE)
            t = lowest(v->can);
        else
            for (unsigned k = n; k-- > 0;)
                if (v->can >> rot(m, k) & 1)
                    t = rot(m, k);
        break;
    case CTA_POL_RANDOM:
        pk.valid = left && v->can;
        if (pk.valid) {
            unsigned k = m->lfsr % popcount(v->can);
            uint32_t c = v->can;
            while (k--)
                c &= c - 1;
            t = lowest(c);
        }
        break;
    case CTA_POL_CLUSTER_STATIC:
        for (unsigned k = n; k-- > 0;) {
            unsigned i = rot(m, k);
            if (!m->running || !(in->sm_can_accept >> i & 1))
                continue;
            for (unsigned a = m->active; a-- > 0;)
                if (!(v->busy[i] >> a & 1) &&
                    m->agent_w[i * m->p.SLOTS + a] < cta_dispatch_jobs(m, i)) {
                    pk.valid = 1;
                    t = i;
                    pk.slot = a;
                    pk.w = m->agent_w[i * m->p.SLOTS + a];
                }
        }
        break;
    case CTA_POL_WAVE: /* cta_dispatch_wave() */
        break;
    default: /* CLUSTER_DYNAMIC */
        for (unsigned k = n; k-- > 0;) {
            unsigned i = rot(m, k);
            if ((v->can >> i & 1) && m->next_w[i] < cta_dispatch_jobs(m, i)) {
                pk.valid = 1;
                t = i;
                pk.w = m->next_w[i];
            }
        }
        break;
    }
    if (!pk.valid)
        return (pick_t){0};
    pk.sm = t;
    if (m->policy != CTA_POL_CLUSTER_STATIC)
        pk.slot = lowest(~v->busy[t] & slot_mask(m->slots));
    if (m->policy < CTA_POL_CLUSTER_STATIC)
        pk.u = m->next_u;
    return pk;
}

static int is_cluster(unsigned policy)
{
    return policy == CTA_POL_CLUSTER_STATIC || policy == CTA_POL_CLUSTER_DYNAMIC;
}

/* A WAVE launch this cycle: the wave has no per-kernel tables to load (no
 * clusters, no agents), so the launch is dispatched from in its own cycle. */
static int wave_launch(const cta_dispatch_t *m, const cta_dispatch_in_t *in)
{
    return !m->running && in->launch_valid && in->launch_policy == CTA_POL_WAVE;
}

int cta_dispatch_wave_on(const cta_dispatch_t *m, const cta_dispatch_in_t *in)
{
    if (!m->running && in->launch_valid)
        return in->launch_policy == CTA_POL_WAVE;
    return m->policy == CTA_POL_WAVE;
}

uint32_t cta_dispatch_wave(const cta_dispatch_t *m, const cta_dispatch_in_t *in, uint32_t *u0)
{
    int fire = wave_launch(m, in);
    uint32_t V = fire ? (uint32_t)in->launch_V : m->V;
    uint32_t left, mask = 0;
    *u0 = fire ? 0 : m->next_u;
    if (!fire && !(m->running && m->policy == CTA_POL_WAVE))
        return 0;
    left = V - *u0;
    for (unsigned k = 0; k < m->p.N_SM && left; k++) {
        unsigned i = rot(m, k);
        if (in->sm_can_accept >> i & 1) {
            mask |= 1u << i;
            left--;
        }
    }
    return mask;
}

void cta_dispatch_eval(const cta_dispatch_t *m, const cta_dispatch_in_t *in,
                       cta_dispatch_out_t *out)
{
    view_t v;
    out->launch_ready = !m->running;
    out->kernel_done = m->running && m->retired == m->V;
    out->disp_slot = 0;
    out->disp_w = 0;
    out->disp_i = 0;
    if (cta_dispatch_wave_on(m, in)) {
        uint32_t u0, mask = cta_dispatch_wave(m, in, &u0);
        out->disp_valid = mask != 0;
        out->disp_mask = mask;
        out->disp_sm = mask ? m->rr : 0;
        out->disp_u = mask ? u0 : 0;
        return;
    }
    make_view(m, in, &v);
    pick_t pk = do_pick(m, in, &v);
    out->disp_valid = pk.valid;
    out->disp_mask = pk.valid ? 1u << pk.sm : 0;
    out->disp_sm = pk.sm;
    out->disp_slot = pk.slot;
    out->disp_u = pk.u;
    out->disp_w = pk.w;
    out->disp_i = is_cluster(m->policy) ? pk.sm : 0;
}

static void launch(cta_dispatch_t *m, const cta_dispatch_in_t *in)
{
    unsigned n = m->p.N_SM;
    unsigned s = (unsigned)in->launch_slots, a = (unsigned)in->launch_active;
    if (s == 0 || s > m->p.SLOTS)
        s = m->p.SLOTS;
    if (a == 0 || a > s)
        a = s;
    m->running = 1;
    m->policy = in->launch_policy < CTA_POL_N ? (uint8_t)in->launch_policy : CTA_POL_STRICT_RR;
    m->slots = (uint8_t)s;
    m->active = (uint8_t)a;
    m->V = (uint32_t)in->launch_V;
    m->q = m->V / n;
    m->r = (uint8_t)(m->V % n);
    m->next_u = 0;
    m->rr = 0;
    m->fwd = 0;
    m->lfsr = in->launch_seed ? (uint16_t)in->launch_seed : 1;
    m->retired = 0;
    for (unsigned i = 0; i < n; i++) {
        m->next_w[i] = 0;
        m->ndisp[i] = 0;
        for (unsigned k = 0; k < m->p.SLOTS; k++)
            m->agent_w[i * m->p.SLOTS + k] = k;
    }
    m->ctr.launches++;
}

/* The wave's cycle: retires counted (a wave kernel holds no slots), the
 * launch, the wave taken when disp_ready, and the start SM one further
 * every cycle (free running: a WAVE launch keeps it). */
static void wave_tick(cta_dispatch_t *m, const cta_dispatch_in_t *in, const view_t *v)
{
    uint32_t u0, mask = cta_dispatch_wave(m, in, &u0);
    uint8_t rr = m->rr;
    memcpy(m->busy, v->busy, sizeof m->busy);
    memcpy(m->act, v->act, sizeof m->act);
    m->ctr.retires += v->retire_hit;
    if (m->running)
        m->retired += v->retire_hit;
    if (wave_launch(m, in))
        launch(m, in);
    if (mask && in->disp_ready) {
        for (uint32_t b = mask; b; b &= b - 1) {
            m->ndisp[lowest(b)]++;
            m->ctr.dispatches++;
        }
        m->next_u += popcount(mask);
    } else if (mask) {
        m->ctr.backpressure++;
    } else if (m->running && m->next_u < m->V) {
        m->ctr.stall_cycles++;
    }
    if (m->running && m->next_u == m->V)
        m->running = 0;
    m->rr = (uint8_t)(rr + 1u >= m->p.N_SM ? 0 : rr + 1u);
}

void cta_dispatch_tick(cta_dispatch_t *m, const cta_dispatch_in_t *in)
{
    view_t v;
    make_view(m, in, &v);
    if (cta_dispatch_wave_on(m, in)) {
        wave_tick(m, in, &v);
        return;
    }
    pick_t pk = do_pick(m, in, &v);
    unsigned n = m->p.N_SM;
    int done = m->running && m->retired == m->V;

    if (!m->running) {
        memcpy(m->busy, v.busy, sizeof m->busy);
        memcpy(m->act, v.act, sizeof m->act);
        m->ctr.retires += v.retire_hit;
        if (in->launch_valid)
            launch(m, in);
        return;
    }
    if (m->policy == CTA_POL_RR_THEN_DEMAND && !v.can)
        m->fwd = 1;
    if (pk.valid && in->disp_ready) {
        v.busy[pk.sm] |= 1u << pk.slot;
        v.act[pk.sm]++;
        m->ndisp[pk.sm]++;
        m->ctr.dispatches++;
        unsigned after = pk.sm + 1 >= n ? 0 : pk.sm + 1;
        switch (m->policy) {
        case CTA_POL_STRICT_RR:
            m->next_u++;
            m->rr = (uint8_t)after;
            break;
        case CTA_POL_RR_THEN_DEMAND:
            m->next_u++;
            if (!m->fwd || m->p.TIE)
                m->rr = (uint8_t)after;
            break;
        case CTA_POL_RANDOM:
            m->next_u++;
            m->lfsr = cta_dispatch_lfsr_next(m->lfsr);
            break;
        case CTA_POL_CLUSTER_STATIC:
            m->agent_w[pk.sm * m->p.SLOTS + pk.slot] += m->active;
            m->rr = (uint8_t)after;
            break;
        default:
            m->next_w[pk.sm]++;
            m->rr = (uint8_t)after;
            break;
        }
    } else if (pk.valid) {
        m->ctr.backpressure++;
    } else if (!done) {
        m->ctr.stall_cycles++;
    }
    memcpy(m->busy, v.busy, sizeof m->busy);
    memcpy(m->act, v.act, sizeof m->act);
    m->retired += v.retire_hit;
    m->ctr.retires += v.retire_hit;
    if (done)
        m->running = 0;
}

void cta_dispatch_counters(const cta_dispatch_t *m, cta_dispatch_counters_t *c) { *c = m->ctr; }

int cta_dispatch_idle(const cta_dispatch_t *m) { return !m->running; }

#define GM_BLOCK cta_dispatch
#define GM_PORTS "cta_dispatch.ports"
#include "block_desc.h"
