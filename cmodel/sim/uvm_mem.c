#include "uvm_mem.h"

#include <stdlib.h>
#include <string.h>

int gm_uvm_mem_init(gm_uvm_mem_t *m, const gm_alloc_t *a, unsigned nalloc, uint64_t seed,
                    gm_err_t *err)
{
    memset(m, 0, sizeof *m);
    if (nalloc == 0)
        return gm_errf(err, "the workload declares no device arrays (cudaMallocManaged "
                            "regions): unified memory needs a built-in workload, not a trace");
    if (nalloc >= UINT16_MAX)
        return gm_errf(err, "%u device arrays: at most %u", nalloc, UINT16_MAX - 1);
    uint64_t lo = UINT64_MAX, hi = 0;
    for (unsigned k = 0; k < nalloc; k++) {
        if (!a[k].bytes)
            continue;
        uint64_t p0 = a[k].base >> GM_UVM_PAGE_SHIFT;
        uint64_t p1 = (a[k].base + a[k].bytes - 1) >> GM_UVM_PAGE_SHIFT;
        lo = p0 < lo ? p0 : lo;
        hi = p1 > hi ? p1 : hi;
    }
    if (lo == UINT64_MAX)
        return gm_errf(err, "the workload's device arrays are all empty");
    m->base = (uint32_t)lo;
    m->n = (uint32_t)(hi - lo + 1);
    m->nalloc = nalloc;
    m->first = calloc(nalloc, sizeof *m->first);
    m->end = calloc(nalloc, sizeof *m->end);
    m->alloc = malloc(m->n * sizeof *m->alloc);
    m->state = calloc(m->n, 1);
    m->flags = calloc(m->n, 1);
    m->pin = calloc(m->n, sizeof *m->pin);
    m->stamp = calloc(m->n, sizeof *m->stamp);
    m->res = calloc(m->n, sizeof *m->res);
    m->pos = calloc(m->n, sizeof *m->pos);
    m->pick = calloc(m->n, sizeof *m->pick);
    if (!m->first || !m->end || !m->alloc || !m->state || !m->flags || !m->pin || !m->stamp ||
        !m->res || !m->pos || !m->pick) {
        gm_uvm_mem_free(m);
        return gm_errf(err, "uvm: out of memory for %u pages", m->n);
    }
    memset(m->alloc, 0xff, m->n * sizeof *m->alloc);
    for (unsigned k = 0; k < nalloc; k++) {
        m->first[k] = m->end[k] = 0;
        if (!a[k].bytes)
            continue;
        uint32_t p0 = (uint32_t)((a[k].base >> GM_UVM_PAGE_SHIFT) - lo);
        uint32_t p1 = (uint32_t)(((a[k].base + a[k].bytes - 1) >> GM_UVM_PAGE_SHIFT) - lo) + 1;
        while (p0 < p1 && m->alloc[p0] != UINT16_MAX) /* the earlier region's page */
            p0++;
        m->first[k] = p0;
        m->end[k] = p0;
        for (uint32_t p = p0; p < p1 && m->alloc[p] == UINT16_MAX; p++) {
            m->alloc[p] = (uint16_t)k;
            m->end[k] = p + 1;
            m->managed++;
        }
    }
    m->capacity = m->managed;
    m->sp_shift = 4;
    m->rng = seed ? seed : 0x9e3779b97f4a7c15ull;
    return 0;
}

void gm_uvm_mem_free(gm_uvm_mem_t *m)
{
    free(m->first);
    free(m->end);
    free(m->alloc);
    free(m->state);
    free(m->flags);
    free(m->pin);
    free(m->stamp);
    free(m->res);
    free(m->pos);
    free(m->pick);
    memset(m, 0, sizeof *m);
}

uint32_t gm_uvm_mem_index(const gm_uvm_mem_t *m, uint32_t addr)
{
    uint32_t p = (addr >> GM_UVM_PAGE_SHIFT) - m->base;
    if ((addr >> GM_UVM_PAGE_SHIFT) < m->base || p >= m->n || m->alloc[p] == UINT16_MAX)
        return GM_UVM_NONE;
    return p;
}

void gm_uvm_mem_span(const gm_uvm_mem_t *m, uint32_t i, unsigned shift, uint32_t *lo,
                     uint32_t *hi)
{
    uint32_t k = m->alloc[i];
    uint64_t abs = (uint64_t)m->base + i;
    uint64_t s0 = abs >> shift << shift, s1 = s0 + (1ull << shift);
    uint64_t a0 = (uint64_t)m->base + m->first[k], a1 = (uint64_t)m->base + m->end[k];
    *lo = (uint32_t)((s0 > a0 ? s0 : a0) - m->base);
    *hi = (uint32_t)((s1 < a1 ? s1 : a1) - m->base);
}

void gm_uvm_mem_start(gm_uvm_mem_t *m, uint32_t i)
{
    if (m->state[i] == GM_UVM_QUEUED) /* prelaunch moves ABSENT pages */
        m->queued--;
    m->state[i] = GM_UVM_MOVING;
    m->moving++;
}

void gm_uvm_mem_arrive(gm_uvm_mem_t *m, uint32_t i, uint64_t now)
{
    m->state[i] = GM_UVM_RESIDENT;
    m->moving--;
    m->stamp[i] = now;
    m->pos[i] = m->nres;
    m->res[m->nres++] = i;
}

void gm_uvm_mem_evict(gm_uvm_mem_t *m, uint32_t i)
{
    m->state[i] = GM_UVM_ABSENT;
    m->flags[i] = 0;
    uint32_t last = m->res[--m->nres];
    m->res[m->pos[i]] = last;
    m->pos[last] = m->pos[i];
}

void gm_uvm_mem_take(gm_uvm_mem_t *m, uint32_t i)
{
    m->state[i] = GM_UVM_QUEUED;
    m->queued++;
    m->pick[m->npick++] = i;
}

uint64_t gm_uvm_mem_rand(gm_uvm_mem_t *m)
{
    uint64_t x = m->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    m->rng = x;
    return x;
}
