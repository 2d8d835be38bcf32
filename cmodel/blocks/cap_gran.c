#include "cap_gran.h"

#include <string.h>

#define PAGES_MAX ((1u << 28) - 1)
#define VPN_MASK ((UINT64_C(1) << 36) - 1)

int cap_gran_init(cap_gran_t *m, const cap_gran_params_t *p, gm_err_t *err)
{
    (void)err; /* the .ports ranges are the only limits */
    memset(m, 0, sizeof *m);
    m->p = *p;
    cap_gran_reset(m);
    return 0;
}

void cap_gran_reset(cap_gran_t *m)
{
    cap_gran_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

uint32_t cap_gran_avail(const cap_gran_t *m, uint32_t cap_pages)
{
    uint64_t used = (uint64_t)m->resident + m->pend;
    return cap_pages > used ? (uint32_t)(cap_pages - used) : 0;
}

unsigned cap_gran_code(uint32_t avail, uint32_t req_pages, uint32_t m_agg)
{
    return cap_gran_code_prod((uint64_t)avail * req_pages, req_pages, m_agg);
}

unsigned cap_gran_code_prod(uint64_t prod, uint32_t req_pages, uint32_t m_agg)
{
    /* The small-allocation cap: no granularity above M_req rounded down to
     * a candidate (64 KiB even below 64 KiB). */
    unsigned cap = 0;
    while (cap < 4 && (16u << (cap + 1)) <= req_pages)
        cap++;
    uint64_t lhs = UINT64_C(10) * prod;
    for (int c = (int)cap; c > 0; c--)
        if (lhs >= (UINT64_C(11) * m_agg) << (4 + c))
            return (unsigned)c;
    return 0;
}

cap_region_t cap_gran_region(uint64_t vpn, unsigned code, int valid, uint64_t base,
                             uint32_t pages)
{
    uint32_t dg = (uint32_t)(vpn >> 4);
    uint32_t ngrn = 1u << code;
    uint32_t start = dg & ~(ngrn - 1);
    cap_region_t r = {dg, 1, 0};
    if (!valid || pages == 0)
        return r;
    uint64_t alo = base >> 4, ahi = (base + pages - 1) >> 4;
    if (dg < alo || dg > ahi)
        return r;
    uint64_t lo = start > alo ? start : alo;
    uint64_t hi = (uint64_t)start + ngrn - 1;
    if (hi > ahi)
        hi = ahi;
    r.lo = (uint32_t)lo;
    r.n = (unsigned)(hi - lo + 1);
    r.doff = dg - r.lo;
    return r;
}

unsigned cap_gran_run(uint16_t todo, unsigned doff, unsigned *first)
{
    if (!todo)
        return 0;
    unsigned f, l;
    if (todo >> doff & 1) {
        f = doff;
        while (f > 0 && (todo >> (f - 1) & 1))
            f--;
    } else {
        f = 0;
        while (!(todo >> f & 1))
            f++;
    }
    l = f;
    while (l < 15 && (todo >> (l + 1) & 1))
        l++;
    *first = f;
    return l - f + 1;
}

/* The region offset of probe k: the demand granule, then the rest ascending. */
static unsigned probe_off(const cap_gran_t *m, unsigned k)
{
    if (k == 0)
        return m->doff;
    return k - 1 < m->doff ? k - 1 : k;
}

typedef struct run {
    unsigned first, n;
    int need_ev;
} run_t;

static run_t cur_run(const cap_gran_t *m, const cap_gran_in_t *in)
{
    run_t r = {0, 0, 0};
    if (m->fsm != CAP_MIG)
        return r;
    r.n = cap_gran_run(m->todo, m->doff, &r.first);
    r.need_ev = r.n && cap_gran_avail(m, (uint32_t)in->cfg_cap_pages) < 16u * r.n;
    return r;
}

void cap_gran_eval(const cap_gran_t *m, const cap_gran_in_t *in, cap_gran_out_t *out)
{
    memset(out, 0, sizeof *out);
    run_t r = cur_run(m, in);
    out->ff_ready = m->fsm == CAP_IDLE;
    out->ff_done = m->fsm == CAP_DONE;
    if (m->fsm == CAP_PREQ) {
        out->ptw_valid = 1;
        out->ptw_vpn = ((uint64_t)(m->rlo + probe_off(m, m->pidx)) << 4) & VPN_MASK;
    }
    if (r.n) {
        int ask = r.need_ev && !m->evd;
        out->evreq_valid = ask;
        out->mig_valid = !ask;
        out->mig_grn = m->rlo + r.first;
        out->mig_ngrn = r.n;
        out->mig_demand = m->doff >= r.first && m->doff < r.first + r.n;
    }
    out->st_oversub = m->oversub;
    out->st_resident_pages = m->resident;
    out->st_gcode = m->gcode;
}

static void table_tick(cap_gran_t *m, const cap_gran_in_t *in)
{
    if (in->alloc_id < m->p.NALLOC) {
        unsigned id = (unsigned)in->alloc_id;
        if (in->alloc_we) {
            m->a_v[id] = 1;
            m->a_base[id] = in->alloc_base_vpn & VPN_MASK;
            m->a_pages[id] = (uint32_t)in->alloc_pages;
            m->a_gcode[id] = 0;
        } else if (in->alloc_free) {
            m->a_v[id] = 0;
        }
    }
    if (in->kernel_launch) {
        uint32_t sum = 0;
        for (unsigned i = 0; i < m->p.NALLOC; i++) {
            sum += m->a_v[i] ? m->a_pages[i] : 0;
            m->a_gcode[i] = 0;
        }
        m->m_agg = sum;
    }
}

static int entry_valid(const cap_gran_t *m)
{
    return m->aid < m->p.NALLOC && m->a_v[m->aid];
}

static uint32_t entry_pages(const cap_gran_t *m)
{
    return entry_valid(m) ? m->a_pages[m->aid] : 0;
}

static void gcmp_step(cap_gran_t *m)
{
    unsigned code = m->oversub ? 3 : cap_gran_code_prod(m->mul_acc, entry_pages(m), m->m_agg);
    m->gcode = (uint8_t)code;
    if (m->aid < m->p.NALLOC)
        m->a_gcode[m->aid] = (uint8_t)code;
    uint64_t *hist[5] = {&m->ctr.gran_64k, &m->ctr.gran_128k, &m->ctr.gran_256k,
                         &m->ctr.gran_512k, &m->ctr.gran_1m};
    (*hist[code])++;
    m->fsm = CAP_GRAN;
}

static void gran_step(cap_gran_t *m)
{
    int valid = entry_valid(m);
    cap_region_t r = cap_gran_region(m->vpn, m->gcode, valid,
                                     valid ? m->a_base[m->aid] : 0, entry_pages(m));
    m->rlo = r.lo;
    m->rn = (uint8_t)r.n;
    m->doff = (uint8_t)r.doff;
    m->pidx = 0;
    m->present = 0;
    m->todo = 0;
    m->evd = 0;
    m->fsm = CAP_PREQ;
}

static uint32_t sat_add(uint32_t a, uint32_t b)
{
    uint64_t s = (uint64_t)a + b;
    return s > PAGES_MAX ? PAGES_MAX : (uint32_t)s;
}

static uint32_t floor_sub(uint32_t a, uint32_t b) { return a > b ? a - b : 0; }

void cap_gran_tick(cap_gran_t *m, const cap_gran_in_t *in)
{
    uint32_t avail = cap_gran_avail(m, (uint32_t)in->cfg_cap_pages);
    run_t r = cur_run(m, in);
    int mig_hs = r.n && !(r.need_ev && !m->evd) && in->mig_ready;
    int set_os = r.n && r.need_ev;

    /* The FSM reads the table and M_agg as registered, before this cycle's
     * writes. */
    switch (m->fsm) {
    case CAP_IDLE:
        if (in->ff_valid) {
            m->vpn = in->ff_vpn & VPN_MASK;
            m->aid = (uint8_t)in->ff_aid;
            m->mul_a = avail;
            m->mul_b = entry_pages(m);
            m->mul_acc = 0;
            m->ctr.faults++;
            m->fsm = CAP_GMUL;
        }
        break;
    case CAP_GMUL:
        if (m->mul_b) {
            if (m->mul_b & 1)
                m->mul_acc += m->mul_a;
            m->mul_a <<= 1;
            m->mul_b >>= 1;
        } else {
            m->fsm = CAP_GCMP;
        }
        break;
    case CAP_GCMP:
        gcmp_step(m);
        break;
    case CAP_GRAN:
        gran_step(m);
        break;
    case CAP_PREQ:
        if (in->ptw_ready) {
            m->ctr.probes++;
            m->fsm = CAP_PWAIT;
        }
        break;
    case CAP_PWAIT:
        if (in->ptw_rsp_valid) {
            if (in->ptw_present)
                m->present |= (uint16_t)(1u << probe_off(m, m->pidx));
            m->pidx++;
            if (m->pidx < m->rn) {
                m->fsm = CAP_PREQ;
            } else {
                uint16_t mask = (uint16_t)((1u << m->rn) - 1);
                m->todo = (uint16_t)(~m->present & mask);
                m->fsm = m->todo ? CAP_MIG : CAP_DONE;
            }
        }
        break;
    case CAP_MIG:
        if (!r.n) {
            m->fsm = CAP_DONE;
        } else if (r.need_ev && !m->evd) {
            if (in->evreq_ready) {
                m->evd = 1;
                m->ctr.evict_requests++;
            }
        } else if (mig_hs) {
            m->todo &= (uint16_t)~(((1u << r.n) - 1) << r.first);
            m->evd = 0;
            m->ctr.migrations++;
            if (m->doff >= r.first && m->doff < r.first + r.n)
                m->ctr.granules_demand += r.n;
            else
                m->ctr.granules_prefetch += r.n;
            if (!m->todo)
                m->fsm = CAP_DONE;
        }
        break;
    default: /* CAP_DONE */
        m->fsm = CAP_IDLE;
        break;
    }

    table_tick(m, in);

    if (set_os) {
        m->ctr.oversub_entries += !m->oversub;
        m->oversub = 1;
    } else if (in->kernel_launch || avail >= m->p.OS_CLEAR) {
        m->oversub = 0;
    }

    uint32_t done = in->mig_done ? 16u * (uint32_t)in->mig_done_ngrn : 0;
    m->pend = floor_sub(sat_add(m->pend, mig_hs ? 16u * r.n : 0), done);
    m->resident = sat_add(m->resident, done);
    if (in->ev_done)
        m->resident = floor_sub(m->resident, 16);
}

void cap_gran_counters(const cap_gran_t *m, cap_gran_counters_t *c) { *c = m->ctr; }

int cap_gran_idle(const cap_gran_t *m) { return m->fsm == CAP_IDLE && !m->oversub; }

#define GM_BLOCK cap_gran
#define GM_PORTS "cap_gran.ports"
#include "block_desc.h"
