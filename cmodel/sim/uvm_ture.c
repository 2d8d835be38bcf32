#include "uvm_ture.h"

#include "blocks/ture_lease.h"
#include "uvm_policy.h"

#include <stdlib.h>
#include <string.h>

int gm_uvm_ture_init(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, gm_err_t *err)
{
    memset(t, 0, sizeof *t);
    t->lt = calloc(m->n ? m->n : 1, sizeof *t->lt);
    t->lease = calloc(m->nalloc ? m->nalloc : 1, sizeof *t->lease);
    t->lease_v = calloc(m->nalloc ? m->nalloc : 1, 1);
    if (!t->lt || !t->lease || !t->lease_v)
        return gm_errf(err, "uvm: out of memory");
    return 0;
}

void gm_uvm_ture_free(gm_uvm_ture_t *t)
{
    free(t->lt);
    free(t->lease);
    free(t->lease_v);
    memset(t, 0, sizeof *t);
}

static uint16_t life(const gm_uvm_ture_t *t, uint32_t k)
{
    return t->lease_v[k] ? t->lease[k] : GM_TURE_LEASE_INIT;
}

/* Every window that closed at or before `now` and is not yet processed. */
static void windows_upto(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, uint64_t now)
{
    while (t->window * GM_TURE_S + GM_TURE_D <= now) {
        uint16_t cnt[GM_TURE_NSAMP], div[GM_TURE_NSAMP];
        for (uint32_t k = 0; k < m->nalloc; k++) {
            unsigned n = 0;
            for (unsigned s = 0; s < GM_TURE_NSAMP; s++)
                if (t->samp[s].v && t->samp[s].gid == k) {
                    cnt[n] = t->samp[s].cnt;
                    div[n++] = t->samp[s].div;
                }
            if (!n)
                continue;
            /* the ture_lease block's closed form, alpha = 1/2 */
            t->lease[k] = (uint16_t)ture_lease_next(GM_TURE_ALPHA_SH, t->lease[k], t->lease_v[k],
                                                    ture_lease_f(cnt, div, n));
            t->lease_v[k] = 1;
            t->lease_sum += t->lease[k];
            t->leases++;
        }
        memset(t->samp, 0, sizeof t->samp);
        t->windows++;
        t->window++;
    }
}

static void sample(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, uint32_t i)
{
    uint16_t gid = m->alloc[i], tag = (uint16_t)(((uint64_t)m->base + i) >> 4);
    unsigned fr = GM_TURE_NSAMP;
    for (unsigned s = 0; s < GM_TURE_NSAMP; s++) {
        gm_ture_samp_t *e = &t->samp[s];
        if (e->v && e->gid == gid && e->tag == tag) {
            if (e->cnt < 1023)
                e->cnt++;
            e->div |= (uint16_t)(1u << ((m->base + i) & 15));
            t->sampled++;
            return;
        }
        if (!e->v && fr == GM_TURE_NSAMP)
            fr = s;
    }
    if (fr == GM_TURE_NSAMP) {
        t->samp_ignored++;
        return;
    }
    t->samp[fr] = (gm_ture_samp_t){1, gid, tag, (uint16_t)(1u << ((m->base + i) & 15)), 1};
    t->sampled++;
}

static int find(const gm_uvm_ture_t *t, uint32_t grn)
{
    for (int e = 0; e < GM_TURE_NCOAL; e++)
        if (t->coal[e].v && t->coal[e].grn == grn)
            return e;
    return -1;
}

/* The least recently updated entry, the lowest on a tie; -1 if empty. */
static int oldest(const gm_uvm_ture_t *t)
{
    int b = -1;
    for (int e = 0; e < GM_TURE_NCOAL; e++)
        if (t->coal[e].v && (b < 0 || t->coal[e].stamp < t->coal[b].stamp))
            b = e;
    return b;
}

/* The resident, unpinned pages of the 64 KiB granule holding managed page
 * i, in i's region. Each is marked ABSENT at once (the GMMU evicts the
 * pick list next, and gm_uvm_mem_evict does not read the state), so
 * neither a later granule of the same batch nor the LRU scan takes a page
 * twice. */
static void pick_granule(gm_uvm_mem_t *m, uint32_t i)
{
    uint32_t lo, hi;
    gm_uvm_mem_span(m, i, 4, &lo, &hi);
    for (uint32_t p = lo; p < hi; p++)
        if (m->state[p] == GM_UVM_RESIDENT && !m->pin[p]) {
            m->pick[m->npick++] = p;
            m->state[p] = GM_UVM_ABSENT;
        }
}

/* A managed page of absolute granule grn (its first in the span), or
 * GM_UVM_NONE. */
static uint32_t page_of(const gm_uvm_mem_t *m, uint32_t grn)
{
    for (uint32_t b = 0; b < 16; b++) {
        int64_t p = (int64_t)grn * 16 + b - m->base;
        if (p >= 0 && p < (int64_t)m->n && m->alloc[p] != UINT16_MAX)
            return (uint32_t)p;
    }
    return GM_UVM_NONE;
}

static void evict_entry(gm_uvm_ture_t *t, gm_uvm_mem_t *m, int e)
{
    uint32_t i = page_of(m, t->coal[e].grn);
    if (i != GM_UVM_NONE)
        pick_granule(m, i);
    t->coal[e].v = 0;
    t->occ--;
}

static void insert(gm_uvm_ture_t *t, gm_uvm_mem_t *m, uint32_t i)
{
    uint32_t grn = (uint32_t)(((uint64_t)m->base + i) >> 4);
    int e = find(t, grn);
    if (e < 0) {
        if (t->occ == GM_TURE_NCOAL) {
            e = oldest(t);
            evict_entry(t, m, e);
            t->full_evictions++;
        } else {
            for (e = 0; t->coal[e].v; e++)
                ;
        }
        t->coal[e] = (gm_ture_coal_t){1, grn, 0, 0};
        t->occ++;
    }
    t->coal[e].bits |= (uint16_t)(1u << ((m->base + i) & 15));
    t->coal[e].stamp = ++t->stamp_ctr;
    t->expired++;
}

void gm_uvm_ture_arrive(gm_uvm_ture_t *t, const gm_uvm_mem_t *m, uint32_t i)
{
    t->lt[i] = life(t, m->alloc[i]);
}

void gm_uvm_ture_access(gm_uvm_ture_t *t, gm_uvm_mem_t *m, uint32_t i, uint64_t now)
{
    windows_upto(t, m, now);
    if (now % GM_TURE_S < GM_TURE_D)
        sample(t, m, i);
    if (m->state[i] != GM_UVM_RESIDENT)
        return;
    if (t->lt[i] > 0) {
        if (--t->lt[i] == 0)
            insert(t, m, i);
        return;
    }
    uint32_t grn = (uint32_t)(((uint64_t)m->base + i) >> 4);
    int e = find(t, grn);
    if (e < 0)
        return;
    uint16_t r = life(t, m->alloc[i]) >> 1;
    for (uint32_t b = 0; b < 16; b++)
        if (t->coal[e].bits >> b & 1) {
            int64_t p = (int64_t)grn * 16 + b - m->base;
            t->lt[p] = r ? r : 1;
        }
    t->coal[e].v = 0;
    t->occ--;
    t->recalls++;
}

void gm_uvm_ture_victim(gm_uvm_mem_t *m)
{
    gm_uvm_ture_t *t = m->ture;
    for (unsigned b = 0; b < GM_TURE_BATCH; b++) {
        int e = oldest(t);
        if (e >= 0) {
            evict_entry(t, m, e);
            t->oversub_granules++;
            continue;
        }
        uint32_t p = gm_uvm_lru_page(m);
        if (p == GM_UVM_NONE)
            return;
        pick_granule(m, p);
        t->fallback_granules++;
    }
}
