#include "uvm_gmmu.h"

#include <stdlib.h>
#include <string.h>

int gm_uvm_gmmu_init(gm_uvm_gmmu_t *g, unsigned pf, unsigned ev, uint64_t fault_cycles,
                     uint32_t link_gbs, uint32_t core_mhz, gm_err_t *err)
{
    gm_uvm_mem_t m = g->m;
    memset(g, 0, sizeof *g);
    g->m = m;
    g->pf = &gm_uvm_prefetchers[pf];
    g->ev = &gm_uvm_evictors[ev];
    g->fault_cycles = fault_cycles;
    gm_uvm_pcie_init(&g->pcie, 1u << GM_UVM_PAGE_SHIFT, link_gbs, core_mhz);
    /* each queued page is in one transfer, each with at most one fault item */
    g->qcap = 2 * g->m.n + 2;
    g->q = calloc(g->qcap, sizeof *g->q);
    g->batch = calloc(g->m.n, sizeof *g->batch);
    if (!g->q || !g->batch)
        return gm_errf(err, "uvm: out of memory");
    if (ev == GM_UVM_TURE) {
        if (gm_uvm_ture_init(&g->ture, &g->m, err))
            return -1;
        g->m.ture = &g->ture;
    }
    g->st.oversub_onset = UINT64_MAX;
    return 0;
}

void gm_uvm_gmmu_free(gm_uvm_gmmu_t *g)
{
    free(g->q);
    free(g->batch);
    gm_uvm_ture_free(&g->ture);
    gm_uvm_mem_free(&g->m);
}

static unsigned size_bucket(uint32_t n)
{
    unsigned b = 0;
    while (b + 1 < GM_UVM_SIZE_BUCKETS && (2u << b) <= n)
        b++;
    return b;
}

void gm_uvm_gmmu_prelaunch(gm_uvm_gmmu_t *g)
{
    gm_uvm_mem_t *m = &g->m;
    for (uint32_t k = 0; k < m->nalloc; k++)
        for (uint32_t p = m->first[k]; p < m->end[k];) {
            uint32_t lo, hi;
            gm_uvm_mem_span(m, p, 9, &lo, &hi);
            uint32_t free = gm_uvm_mem_free_pages(m);
            if (hi - p > free)
                hi = p + free;
            if (hi == p)
                return;
            for (uint32_t q = p; q < hi; q++) {
                gm_uvm_mem_start(m, q);
                gm_uvm_mem_arrive(m, q, 0);
                if (m->ture)
                    gm_uvm_ture_arrive(m->ture, m, q);
            }
            g->st.prelaunch_pages += hi - p;
            g->st.prelaunch_cycles += gm_uvm_pcie_cycles(&g->pcie, hi - p);
            g->st.reads[size_bucket(hi - p)]++;
            p = hi;
        }
    if (m->nres > g->st.resident_max)
        g->st.resident_max = m->nres;
}

void gm_uvm_gmmu_fault(gm_uvm_gmmu_t *g, uint32_t i)
{
    gm_uvm_mem_t *m = &g->m;
    m->flags[i] |= GM_UVM_F_DEMAND;
    if (m->state[i] != GM_UVM_ABSENT) {
        g->st.faults_merged++;
        return;
    }
    m->state[i] = GM_UVM_BATCH;
    g->batch[g->nbatch++] = i;
    g->st.far_faults++;
}

static void evict_picked(gm_uvm_gmmu_t *g, uint64_t now);

void gm_uvm_gmmu_access(gm_uvm_gmmu_t *g, uint32_t i, uint64_t now)
{
    gm_uvm_touch(&g->m, i, now);
    if (g->ctrl)
        gm_uvm_ctrl_access(g->ctrl, i);
    if (g->m.ture) {
        g->m.npick = 0;
        gm_uvm_ture_access(g->m.ture, &g->m, i, now);
        if (g->m.npick)
            evict_picked(g, now); /* a full coalescing table's victim */
    }
    if (g->m.flags[i] & GM_UVM_F_PREF) {
        g->m.flags[i] &= (uint8_t)~GM_UVM_F_PREF;
        g->st.prefetched_touched++;
    }
}

int gm_uvm_gmmu_idle(const gm_uvm_gmmu_t *g) { return !g->busy && !g->qn && !g->nbatch; }

static void push(gm_uvm_gmmu_t *g, uint32_t first, uint32_t n)
{
    g->q[(g->qhead + g->qn++) % g->qcap] = (gm_uvm_item_t){first, n};
}

void gm_uvm_gmmu_push(gm_uvm_gmmu_t *g, uint32_t first, uint32_t n) { push(g, first, n); }

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

enum { F_FAULTED = 4 }; /* a page of this cycle's batch, while it is cut */

/* The batch's decisions: every fault in page order asks the prefetcher
 * (unless an earlier one's prefetch took its page), then the pages chosen
 * are cut into transfers. */
static void decide(gm_uvm_gmmu_t *g)
{
    gm_uvm_mem_t *m = &g->m;
    qsort(g->batch, g->nbatch, sizeof *g->batch, cmp_u32);
    if (g->ctrl) { /* the block decides, one fault at a time */
        gm_uvm_ctrl_faults(g->ctrl, g->batch, g->nbatch);
        g->nbatch = 0;
        return;
    }
    m->npick = 0;
    /* §4.5's eviction-only test: the prefetcher stops once oversubscribed */
    const gm_uvm_prefetcher_t *pf = g->pf;
    if (g->np_when_full && g->st.oversub_onset != UINT64_MAX)
        pf = &gm_uvm_prefetchers[GM_UVM_NP];
    for (uint32_t k = 0; k < g->nbatch; k++) {
        uint32_t f = g->batch[k];
        m->flags[f] |= F_FAULTED;
        if (m->state[f] == GM_UVM_BATCH)
            pf->fault(m, f);
    }
    g->nbatch = 0;
    qsort(m->pick, m->npick, sizeof *m->pick, cmp_u32);
    for (uint32_t k = 0; k < m->npick;) {
        uint32_t first = m->pick[k], n = 1;
        while (!(m->flags[m->pick[k + n - 1]] & F_FAULTED) && k + n < m->npick &&
               m->pick[k + n] == first + n && ((m->base + first + n) & (GM_UVM_TREE_PAGES - 1)))
            n++;
        uint32_t last = m->pick[k + n - 1];
        if (m->flags[last] & F_FAULTED) {
            m->flags[last] &= (uint8_t)~F_FAULTED;
            push(g, first, 0);
        }
        push(g, first, n);
        k += n;
    }
    m->npick = 0;
}

static void write_back(gm_uvm_gmmu_t *g, uint32_t n, uint64_t now)
{
    uint64_t c = gm_uvm_pcie_cycles(&g->pcie, n);
    g->w_until = (g->w_until > now ? g->w_until : now) + c;
    g->st.write_busy += c;
    g->st.writes[size_bucket(n)]++;
}

/* Evict the pages on the pick list, written back in runs of contiguous
 * pages. */
static void evict_picked(gm_uvm_gmmu_t *g, uint64_t now)
{
    gm_uvm_mem_t *m = &g->m;
    qsort(m->pick, m->npick, sizeof *m->pick, cmp_u32);
    g->st.victims++;
    for (uint32_t k = 0; k < m->npick;) {
        uint32_t n = 1;
        while (k + n < m->npick && m->pick[k + n] == m->pick[k] + n && n < GM_UVM_PCIE_MAX_PAGES)
            n++;
        for (uint32_t j = k; j < k + n; j++) {
            gm_uvm_mem_evict(m, m->pick[j]);
            if (g->shootdown)
                g->shootdown(g->sd_ctx, m->pick[j]);
        }
        g->st.evicted_pages += n;
        write_back(g, n, now);
        k += n;
    }
    m->npick = 0;
}

void gm_uvm_gmmu_evict_pick(gm_uvm_gmmu_t *g, uint64_t now) { evict_picked(g, now); }

/* Evict one victim of the policy (with the block, the system's own
 * fallback): 0 when it has none. */
static int evict_one(gm_uvm_gmmu_t *g, uint64_t now)
{
    gm_uvm_mem_t *m = &g->m;
    m->npick = 0;
    if (g->ctrl)
        gm_uvm_ctrl_fallback(g->ctrl, m);
    else
        g->ev->victim(m);
    if (!m->npick)
        return 0;
    evict_picked(g, now);
    return 1;
}

static void land(gm_uvm_gmmu_t *g, uint64_t at)
{
    gm_uvm_mem_t *m = &g->m;
    for (uint32_t p = g->cur.first; p < g->cur.first + g->cur.n; p++) {
        gm_uvm_mem_arrive(m, p, at);
        if (m->ture)
            gm_uvm_ture_arrive(m->ture, m, p);
        if (m->flags[p] & GM_UVM_F_DEMAND) {
            g->st.demand_pages++;
            m->flags[p] = 0;
        } else {
            g->st.prefetched_pages++;
            m->flags[p] = GM_UVM_F_PREF;
        }
    }
    if (m->nres > g->st.resident_max)
        g->st.resident_max = m->nres;
}

static void start(gm_uvm_gmmu_t *g, uint64_t now)
{
    gm_uvm_mem_t *m = &g->m;
    gm_uvm_item_t *h = &g->q[g->qhead];
    uint32_t n = h->n;
    if (n) {
        if (gm_uvm_mem_free_pages(m) < n && g->st.oversub_onset == UINT64_MAX)
            g->st.oversub_onset = now;
        while (gm_uvm_mem_free_pages(m) < n && evict_one(g, now))
            ;
        uint32_t free = gm_uvm_mem_free_pages(m);
        if (free == 0) { /* every page is pinned by a replay due next cycle */
            g->st.evict_waits++;
            return;
        }
        n = n < free ? n : free;
        for (uint32_t p = h->first; p < h->first + n; p++)
            gm_uvm_mem_start(m, p);
        /* on the lane from the next cycle, for its length */
        g->ready = now + gm_uvm_pcie_cycles(&g->pcie, n);
        g->st.read_busy += g->ready - now;
        g->st.reads[size_bucket(n)]++;
    } else {
        g->ready = now + g->fault_cycles;
    }
    g->cur = (gm_uvm_item_t){h->first, n};
    g->busy = 1;
    g->cur_last = n == h->n;
    if (n < h->n) { /* the rest waits for memory at the head */
        h->first += n;
        h->n -= n;
    } else {
        g->qhead = (g->qhead + 1) % g->qcap;
        g->qn--;
    }
}

void gm_uvm_gmmu_cycle(gm_uvm_gmmu_t *g, uint64_t now)
{
    if (g->busy && now >= g->ready) {
        g->busy = 0;
        land(g, now + 1);
        if (g->ctrl) {
            g->ctrl->landed_valid = g->cur.n > 0;
            g->ctrl->landed_first = g->cur.first;
            g->ctrl->landed_n = g->cur.n;
            if (g->cur_last)
                gm_uvm_ctrl_item_done(g->ctrl);
        }
    }
    if (g->nbatch)
        decide(g);
    if (g->ctrl)
        gm_uvm_ctrl_cycle(g->ctrl, g, now);
    if (!g->busy && g->qn)
        start(g, now);
}
