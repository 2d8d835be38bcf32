#include "uvm_policy.h"

#include "blocks/cap_gran.h"
#include "uvm_ture.h"

/* ---- prefetchers ---- */

static void take_absent(gm_uvm_mem_t *m, uint32_t lo, uint32_t hi)
{
    for (uint32_t p = lo; p < hi; p++)
        if (m->state[p] == GM_UVM_ABSENT)
            gm_uvm_mem_take(m, p);
}

static void np_fault(gm_uvm_mem_t *m, uint32_t f)
{
    gm_uvm_mem_take(m, f);
}

static void rp_fault(gm_uvm_mem_t *m, uint32_t f)
{
    uint32_t lo, hi;
    gm_uvm_mem_take(m, f);
    gm_uvm_mem_span(m, f, 9, &lo, &hi);
    uint32_t r = lo + (uint32_t)(gm_uvm_mem_rand(m) % (hi - lo));
    if (m->state[r] == GM_UVM_ABSENT)
        gm_uvm_mem_take(m, r);
}

/* f and the absent pages of its aligned block of 2^shift pages */
static void block_fault(gm_uvm_mem_t *m, uint32_t f, unsigned shift)
{
    uint32_t lo, hi;
    gm_uvm_mem_take(m, f);
    gm_uvm_mem_span(m, f, shift, &lo, &hi);
    take_absent(m, lo, hi);
}

static void sp_fault(gm_uvm_mem_t *m, uint32_t f) { block_fault(m, f, m->sp_shift); }

/* The tree of f's 2 MiB range: for each of its 32 leaf slots, whether it
 * holds pages of f's region (exist) and whether none of them is ABSENT. */
typedef struct tree {
    int64_t t0;                           /* index of the range's first page slot
                                           * (below 0 when the span starts mid-range) */
    uint32_t lo, hi;                      /* f's region's pages in the range */
    uint8_t exist[GM_UVM_TREE_LEAVES], valid[GM_UVM_TREE_LEAVES];
} tree_t;

static void leaf_span(const tree_t *t, unsigned l, uint32_t *lo, uint32_t *hi)
{
    int64_t a = t->t0 + (int64_t)l * GM_UVM_LEAF_PAGES, b = a + GM_UVM_LEAF_PAGES;
    *lo = a > (int64_t)t->lo ? (uint32_t)a : t->lo;
    *hi = b < (int64_t)t->hi ? (uint32_t)(b < 0 ? 0 : b) : t->hi;
    if (*hi < *lo)
        *hi = *lo;
}

static void tree_load(const gm_uvm_mem_t *m, uint32_t f, tree_t *t, int valid_is_resident)
{
    gm_uvm_mem_span(m, f, 9, &t->lo, &t->hi);
    t->t0 = (int64_t)((((uint64_t)m->base + f) >> 9 << 9)) - (int64_t)m->base;
    for (unsigned l = 0; l < GM_UVM_TREE_LEAVES; l++) {
        uint32_t lo, hi;
        leaf_span(t, l, &lo, &hi);
        t->exist[l] = lo < hi;
        int any_res = 0, all_present = 1;
        for (uint32_t p = lo; p < hi; p++) {
            any_res |= m->state[p] == GM_UVM_RESIDENT;
            all_present &= m->state[p] != GM_UVM_ABSENT;
        }
        t->valid[l] = t->exist[l] && (valid_is_resident ? any_res : all_present);
    }
}

static void tp_fault(gm_uvm_mem_t *m, uint32_t f)
{
    block_fault(m, f, 4);
    tree_t t;
    tree_load(m, f, &t, 0);
    for (unsigned w = 2; w <= GM_UVM_TREE_LEAVES; w *= 2)
        for (unsigned n0 = 0; n0 < GM_UVM_TREE_LEAVES; n0 += w) {
            unsigned ex = 0, va = 0;
            for (unsigned l = n0; l < n0 + w; l++) {
                ex += t.exist[l];
                va += t.valid[l];
            }
            if (va == ex || 2 * va <= ex)
                continue;
            for (unsigned l = n0; l < n0 + w; l++)
                if (t.exist[l] && !t.valid[l]) {
                    uint32_t lo, hi;
                    leaf_span(&t, l, &lo, &hi);
                    take_absent(m, lo, hi);
                    t.valid[l] = 1;
                }
        }
}

static void cap_fault(gm_uvm_mem_t *m, uint32_t f)
{
    uint32_t used = m->nres + m->moving + m->queued;
    uint32_t avail = used >= m->capacity ? 0 : m->capacity - used;
    if (avail >= GM_UVM_CAP_OS_CLEAR)
        m->cap_oversub = 0;
    uint32_t k = m->alloc[f], req = m->end[k] - m->first[k];
    unsigned code = m->cap_oversub ? 3 : cap_gran_code(avail, req, m->managed);
    m->cap_gran[code]++;
    uint64_t abs_first = (uint64_t)m->base + m->first[k];
    cap_region_t r = cap_gran_region((uint64_t)m->base + f, code, 1, abs_first, req);
    uint32_t q0 = m->queued;
    for (unsigned j = 0; j < r.n; j++) {
        unsigned g = j == 0 ? r.doff : (j <= r.doff ? j - 1 : j); /* demand first */
        int64_t lo = (int64_t)(r.lo + g) * GM_UVM_LEAF_PAGES - m->base;
        int64_t hi = lo + GM_UVM_LEAF_PAGES;
        if (lo < (int64_t)m->first[k])
            lo = m->first[k];
        if (hi > (int64_t)m->end[k])
            hi = m->end[k];
        if (g != r.doff && m->state[lo] != GM_UVM_ABSENT)
            continue;
        if (g == r.doff && m->state[f] == GM_UVM_BATCH)
            gm_uvm_mem_take(m, f);
        take_absent(m, (uint32_t)lo, (uint32_t)hi);
    }
    if (m->queued - q0 > avail && !m->cap_oversub) {
        m->cap_oversub = 1;
        m->cap_oversub_entries++;
    }
}

const gm_uvm_prefetcher_t gm_uvm_prefetchers[GM_UVM_NPREF] = {
    [GM_UVM_NP] = {"NP", np_fault},
    [GM_UVM_RP] = {"RP", rp_fault},
    [GM_UVM_SP] = {"SP", sp_fault},
    [GM_UVM_TP] = {"TP", tp_fault},
    [GM_UVM_CAP] = {"CAP", cap_fault},
};

/* ---- evictors ---- */

static int evictable(const gm_uvm_mem_t *m, uint32_t p)
{
    return m->state[p] == GM_UVM_RESIDENT && !m->pin[p];
}

static void pick_evictable(gm_uvm_mem_t *m, uint32_t lo, uint32_t hi)
{
    for (uint32_t p = lo; p < hi; p++)
        if (evictable(m, p))
            m->pick[m->npick++] = p;
}

static void re_victim(gm_uvm_mem_t *m)
{
    if (!m->nres)
        return;
    uint32_t r = (uint32_t)(gm_uvm_mem_rand(m) % m->nres);
    for (uint32_t k = 0; k < m->nres; k++) {
        uint32_t p = m->res[(r + k) % m->nres];
        if (!m->pin[p]) {
            m->pick[m->npick++] = p;
            return;
        }
    }
}

uint32_t gm_uvm_lru_page(const gm_uvm_mem_t *m)
{
    uint32_t best = GM_UVM_NONE;
    for (uint32_t p = 0; p < m->n; p++)
        if (evictable(m, p) && (best == GM_UVM_NONE || m->stamp[p] < m->stamp[best]))
            best = p;
    return best;
}

static void se_victim(gm_uvm_mem_t *m)
{
    uint32_t p = gm_uvm_lru_page(m), lo, hi;
    if (p == GM_UVM_NONE)
        return;
    gm_uvm_mem_span(m, p, 4, &lo, &hi);
    pick_evictable(m, lo, hi);
}

/* The aligned span of 2^shift pages (clipped to its region) with an
 * evictable page whose newest resident stamp is the oldest; the lowest
 * such span on a tie. Spans are walked region by region. */
static void lru_span(gm_uvm_mem_t *m, unsigned shift, uint32_t *blo, uint32_t *bhi)
{
    uint64_t best = UINT64_MAX;
    *blo = *bhi = 0;
    for (uint32_t k = 0; k < m->nalloc; k++)
        for (uint32_t p = m->first[k]; p < m->end[k];) {
            uint32_t lo, hi;
            gm_uvm_mem_span(m, p, shift, &lo, &hi);
            uint64_t newest = 0;
            int any = 0;
            for (uint32_t q = lo; q < hi; q++) {
                if (m->state[q] == GM_UVM_RESIDENT && m->stamp[q] >= newest)
                    newest = m->stamp[q];
                any |= evictable(m, q);
            }
            if (any && (newest < best || (newest == best && lo < *blo))) {
                best = newest;
                *blo = lo;
                *bhi = hi;
            }
            p = hi;
        }
}

static void ne_victim(gm_uvm_mem_t *m)
{
    uint32_t lo, hi;
    lru_span(m, 9, &lo, &hi);
    pick_evictable(m, lo, hi);
}

static void te_victim(gm_uvm_mem_t *m)
{
    uint32_t lo, hi;
    lru_span(m, 4, &lo, &hi);
    if (lo == hi)
        return;
    pick_evictable(m, lo, hi);
    tree_t t;
    tree_load(m, lo, &t, 1);
    unsigned leaf = (unsigned)(((int64_t)lo - t.t0) / GM_UVM_LEAF_PAGES);
    t.valid[leaf] = 0; /* its pages are on their way out */
    for (unsigned w = 2; w <= GM_UVM_TREE_LEAVES; w *= 2) {
        unsigned n0 = leaf / w * w, ex = 0, gone = 0;
        for (unsigned l = n0; l < n0 + w; l++) {
            ex += t.exist[l];
            gone += t.exist[l] && !t.valid[l];
        }
        if (2 * gone <= ex || gone == ex)
            continue;
        for (unsigned l = n0; l < n0 + w; l++)
            if (t.exist[l] && t.valid[l]) {
                uint32_t a, b;
                leaf_span(&t, l, &a, &b);
                pick_evictable(m, a, b);
                t.valid[l] = 0;
            }
    }
}

const gm_uvm_evictor_t gm_uvm_evictors[GM_UVM_NEVICT] = {
    [GM_UVM_RE] = {"RE", re_victim},
    [GM_UVM_SE] = {"SE", se_victim},
    [GM_UVM_NE] = {"NE", ne_victim},
    [GM_UVM_TE] = {"TE", te_victim},
    [GM_UVM_TURE] = {"TURE", gm_uvm_ture_victim},
};
