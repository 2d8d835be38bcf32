/* A GMMU around capture_ctrl, shared by its stimuli (capture_ctrl_stim.c)
 * and its unit test: the page table's residency of a window of CW_WIN 64 KiB
 * granules, the PTE lifetime memory lt[] of the window's pages (the
 * 1-cycle read port: a read returns the value before the same cycle's
 * write), migrations completed in order (each page's lifetime set to
 * q_life of its allocation as it arrives), evictions honoured in order
 * (ev_done one a cycle), probe answers and the global-LRU granule (the
 * resident granule accessed longest ago, lowest on a tie).
 *
 * Checks on the C outputs each cycle (world_observe):
 *   - an evicted granule is resident (and not already being evicted): a
 *     migrated granule is evicted at most once per residency;
 *   - a migration fits: 16 x (resident + being evicted + on its way + the
 *     run) <= cfg_cap_pages, unless the global LRU has said it has
 *     nothing left (lru_rsp_none) since the last migration;
 *   - a migrated granule is absent;
 *   - every lifetime read is answered by a write of (lt - 1) in the next
 *     cycle when lt > 0 (lt as the memory holds it after the read's cycle:
 *     the controller forwards its own write), and by none when lt = 0;
 *   - st_resident_pages = 16 x the granules resident or being evicted;
 *   - (with the C state) an OVERSUB or TABLE_FULL victim is the valid
 *     coalescing entry with the smallest stamp, ties to the lowest entry. */
#ifndef GM_CAPTURE_CTRL_WORLD_H
#define GM_CAPTURE_CTRL_WORLD_H

#include <stdint.h>
#include <string.h>

#include "blocks/capture_ctrl.h"
#include "util/err.h"
#include "util/rng.h"

enum { CW_GSH = 10, CW_WIN = 1 << CW_GSH, CW_PAGES = CW_WIN * 16, CW_Q = 64, CW_NA = 16 };
enum { CW_ABSENT, CW_FLIGHT, CW_RES, CW_EVICTING };

typedef struct cw_alloc {
    int v;
    uint32_t first, pages; /* page offsets in the window */
} cw_alloc_t;

typedef struct cw_mig {
    uint32_t grn, n; /* window granules */
    unsigned aid;
    uint64_t at;     /* not done before this cycle */
} cw_mig_t;

typedef struct cw_world {
    uint64_t hi;                 /* granule bits above the window */
    uint32_t cap;                /* cfg_cap_pages */
    uint8_t g[CW_WIN];           /* CW_* per granule */
    uint8_t gaid[CW_WIN];        /* the allocation a granule came in for */
    uint64_t last_use[CW_WIN];   /* cycle of the granule's last access + 1 */
    uint16_t lt[CW_PAGES];       /* the PTE lifetime field */
    cw_alloc_t a[CW_NA];
    uint32_t nres, nevict, nflight;
    cw_mig_t q[CW_Q];
    unsigned nq;
    uint32_t evq[CW_Q];
    unsigned nev;
    /* the lifetime read in flight */
    int rd_v;
    uint32_t rd_page;
    unsigned rd_data;
    /* the global-LRU answer */
    int lru_pend;
    uint64_t lru_at;
    int short_seen;
    unsigned faid;               /* the fault in service's allocation */
    /* the probe in flight */
    int probe_v;
    uint64_t probe_at;
    uint32_t probe_grn;
    /* counts for the tests */
    uint64_t migs, evictions, by_reason[4], lt_writes, recall_writes_seen;
} cw_world_t;

static inline uint32_t cw_grn(const cw_world_t *w, uint32_t win_grn)
{
    return (uint32_t)(w->hi << CW_GSH) | win_grn;
}

static inline int cw_in_win(const cw_world_t *w, uint64_t grn)
{
    return (grn >> CW_GSH) == w->hi;
}

static inline void cw_init(cw_world_t *w, uint64_t hi, uint32_t cap)
{
    memset(w, 0, sizeof *w);
    w->hi = hi & ((UINT64_C(1) << (32 - CW_GSH)) - 1);
    w->cap = cap;
}

/* The world's answers in cycle `cyc`: the lifetime read data, probe
 * responses, completions (done_ok: allowed this cycle) and the global
 * LRU. Readies, requests and accesses are the caller's. */
static inline void cw_drive(cw_world_t *w, uint64_t cyc, capture_ctrl_in_t *in, int done_ok)
{
    in->cfg_cap_pages = w->cap;
    if (w->rd_v)
        in->lt_rd_data = w->rd_data;
    if (w->probe_v && cyc >= w->probe_at) {
        in->ptw_rsp_valid = 1;
        in->ptw_present = w->g[w->probe_grn] != CW_ABSENT;
    }
    if (w->nq && done_ok && cyc >= w->q[0].at) {
        in->mig_done = 1;
        in->mig_done_ngrn = w->q[0].n;
        in->q_aid = w->q[0].aid;
    }
    if (w->nev && done_ok)
        in->ev_done = 1;
    if (w->lru_pend && cyc >= w->lru_at) {
        uint32_t best = CW_WIN;
        for (uint32_t i = 0; i < CW_WIN; i++)
            if (w->g[i] == CW_RES && (best == CW_WIN || w->last_use[i] < w->last_use[best]))
                best = i;
        in->lru_rsp_valid = 1;
        in->lru_rsp_none = best == CW_WIN;
        in->lru_rsp_grn = best == CW_WIN ? 0 : cw_grn(w, best);
    }
}

/* Whether an access to window page `page` finds it resident. */
static inline int cw_resident(const cw_world_t *w, uint32_t page)
{
    return w->g[page >> 4] == CW_RES;
}

static inline int cw_fail(gm_err_t *err, uint64_t cyc, const char *what)
{
    return gm_errf(err, "cycle %llu: %s", (unsigned long long)cyc, what);
}

/* The coalescing table's least recently updated valid entry (smallest
 * stamp, the lowest entry on a tie), or -1. */
static inline int cw_coal_lru(const ture_coal_t *c)
{
    int best = -1;
    for (unsigned i = 0; i < c->p.NCOAL; i++)
        if (c->v[i] && (best < 0 || c->stamp[i] < c->stamp[best]))
            best = (int)i;
    return best;
}

/* The checks on a cycle's C outputs, then the world's part of the edge.
 * m: the C state before the edge, or NULL. */
static inline int cw_observe(cw_world_t *w, uint64_t cyc, const capture_ctrl_in_t *in,
                             const capture_ctrl_out_t *o, const capture_ctrl_t *m,
                             gm_err_t *err)
{
    if (o->st_resident_pages != 16ull * (w->nres + w->nevict))
        return gm_errf(err, "cycle %llu: st_resident_pages %llu, the world has %u granules",
                       (unsigned long long)cyc, (unsigned long long)o->st_resident_pages,
                       w->nres + w->nevict);
    /* the lifetime read of the last cycle, answered now */
    if (w->rd_v) {
        unsigned lt = w->lt[w->rd_page];
        uint32_t vpn_lo = w->rd_page;
        int wr_it = o->lt_wr_valid && cw_in_win(w, o->lt_wr_vpn >> 4) &&
                    (uint32_t)(o->lt_wr_vpn & (CW_PAGES - 1)) == vpn_lo;
        if (lt > 0 && (!wr_it || o->lt_wr_data != lt - 1))
            return gm_errf(err, "cycle %llu: page 0x%x read with lifetime %u: expected a write "
                                "of %u, got valid %llu vpn 0x%llx data %llu",
                           (unsigned long long)cyc, vpn_lo, lt, lt - 1,
                           (unsigned long long)o->lt_wr_valid,
                           (unsigned long long)o->lt_wr_vpn, (unsigned long long)o->lt_wr_data);
        if (lt == 0 && o->lt_wr_valid)
            return cw_fail(err, cyc, "an expired page's read answered by a write");
        w->rd_v = 0;
    }
    if (o->ev_valid && m && (o->ev_reason == 1 || o->ev_reason == 2)) {
        int lru = cw_coal_lru(&m->coal);
        if (lru < 0 || m->coal.grn[lru] != (uint32_t)o->ev_grn)
            return gm_errf(err, "cycle %llu: eviction (reason %llu) of 0x%llx, the least "
                                "recently updated entry holds 0x%x",
                           (unsigned long long)cyc, (unsigned long long)o->ev_reason,
                           (unsigned long long)o->ev_grn, lru < 0 ? 0 : m->coal.grn[lru]);
    }
    if (o->ev_valid && in->ev_ready) {
        uint32_t g = (uint32_t)o->ev_grn & (CW_WIN - 1);
        if (!cw_in_win(w, o->ev_grn) || w->g[g] != CW_RES)
            return gm_errf(err, "cycle %llu: eviction of granule 0x%llx, which is %s",
                           (unsigned long long)cyc, (unsigned long long)o->ev_grn,
                           !cw_in_win(w, o->ev_grn) ? "outside the window"
                           : w->g[g] == CW_EVICTING ? "already being evicted"
                           : w->g[g] == CW_FLIGHT ? "on its way in" : "not resident");
        if (w->nev == CW_Q)
            return cw_fail(err, cyc, "the eviction queue overflowed");
        w->g[g] = CW_EVICTING;
        w->nres--;
        w->nevict++;
        w->evq[w->nev++] = g;
        w->evictions++;
        w->by_reason[o->ev_reason & 3]++;
    }
    if (o->lru_req_valid && in->lru_rsp_valid) {
        w->lru_pend = 0;
        w->short_seen |= (int)in->lru_rsp_none;
    }
    if (o->mig_valid && in->mig_ready) {
        uint32_t g0 = (uint32_t)o->mig_grn, n = (uint32_t)o->mig_ngrn;
        uint64_t need = 16ull * (w->nres + w->nevict + w->nflight + n);
        if (!w->short_seen && need > w->cap)
            return gm_errf(err, "cycle %llu: a run of %u granules migrated with %u resident, "
                                "%u leaving, %u on their way and room for %u pages",
                           (unsigned long long)cyc, n, w->nres, w->nevict, w->nflight, w->cap);
        if (w->nq == CW_Q)
            return cw_fail(err, cyc, "the migration queue overflowed");
        for (uint32_t i = 0; i < n; i++) {
            if (!cw_in_win(w, g0 + i) || w->g[(g0 + i) & (CW_WIN - 1)] != CW_ABSENT)
                return cw_fail(err, cyc, "a granule migrated that is not absent");
            w->g[(g0 + i) & (CW_WIN - 1)] = CW_FLIGHT;
        }
        w->nflight += n;
        w->q[w->nq++] = (cw_mig_t){g0 & (CW_WIN - 1), n, w->faid, cyc + 5};
        w->short_seen = 0;
        w->migs++;
    }
    if (o->lt_wr_valid) {
        if (!cw_in_win(w, o->lt_wr_vpn >> 4))
            return cw_fail(err, cyc, "a lifetime write outside the window");
        w->lt_writes++;
    }
    /* the edge: the read's value before this cycle's write, then the write */
    if (o->lt_rd_valid) {
        if (!cw_in_win(w, o->lt_rd_vpn >> 4))
            return cw_fail(err, cyc, "a lifetime read outside the window");
        w->rd_v = 1;
        w->rd_page = (uint32_t)o->lt_rd_vpn & (CW_PAGES - 1);
        w->rd_data = w->lt[w->rd_page];
        w->last_use[w->rd_page >> 4] = cyc + 1;
    }
    if (o->lt_wr_valid)
        w->lt[o->lt_wr_vpn & (CW_PAGES - 1)] = (uint16_t)o->lt_wr_data;
    if (in->mig_done) {
        cw_mig_t *q = &w->q[0];
        for (uint32_t i = 0; i < q->n; i++) {
            w->g[q->grn + i] = CW_RES;
            w->gaid[q->grn + i] = (uint8_t)q->aid;
            w->last_use[q->grn + i] = cyc + 1;
            for (uint32_t p = 0; p < 16; p++)
                w->lt[(q->grn + i) * 16 + p] = (uint16_t)o->q_life;
        }
        w->nres += q->n;
        w->nflight -= q->n;
        memmove(w->q, w->q + 1, --w->nq * sizeof w->q[0]);
    }
    if (in->ev_done) {
        w->g[w->evq[0]] = CW_ABSENT;
        w->nevict--;
        memmove(w->evq, w->evq + 1, --w->nev * sizeof w->evq[0]);
    }
    if (o->lru_req_valid && !in->lru_rsp_valid && !w->lru_pend) {
        w->lru_pend = 1;
        w->lru_at = cyc + 2;
    }
    if (in->ff_valid && o->ff_ready)
        w->faid = (unsigned)in->ff_aid;
    if (in->ptw_rsp_valid)
        w->probe_v = 0;
    if (o->ptw_valid && in->ptw_ready) {
        w->probe_v = 1;
        w->probe_grn = (uint32_t)(o->ptw_vpn >> 4) & (CW_WIN - 1);
        w->probe_at = cyc + 2;
    }
    return 0;
}

#endif
