/* The address folding of a trace (fold.h says what and why). */
#include "workload/fold.h"

#include <stdlib.h>
#include <string.h>

int wl_pages_init(wl_pages_t *s, size_t cap)
{
    memset(s, 0, sizeof *s);
    size_t slots = 16;
    while (slots < 2 * cap) /* at most half full: short probes */
        slots *= 2;
    s->slot = calloc(slots, sizeof *s->slot);
    s->cap = cap;
    s->mask = slots - 1;
    return s->slot ? 0 : -1;
}

void wl_pages_free(wl_pages_t *s)
{
    free(s->slot);
    memset(s, 0, sizeof *s);
}

static int add_page(wl_pages_t *s, uint64_t page)
{
    uint64_t key = page + 1;
    if (key == s->last)
        return 0;
    s->last = key;
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ull) >> 20) & s->mask;
    while (s->slot[i]) {
        if (s->slot[i] == key)
            return 0;
        i = (i + 1) & s->mask;
    }
    if (s->n == s->cap)
        return 1;
    s->slot[i] = key;
    s->n++;
    return 0;
}

int wl_pages_add(wl_pages_t *s, uint64_t a, uint64_t size)
{
    uint64_t first = a >> WL_PAGE_SHIFT, last = (a + (size ? size - 1 : 0)) >> WL_PAGE_SHIFT;
    for (uint64_t p = first; p <= last; p++)
        if (add_page(s, p))
            return 1;
    return 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Granules of 2^shift bytes from the sorted pages (distinct, sorted). */
static size_t granules(const uint64_t *pages, size_t n, unsigned shift, uint64_t *g)
{
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = pages[i] >> (shift - WL_PAGE_SHIFT);
        if (!m || g[m - 1] != x)
            g[m++] = x;
    }
    return m;
}

/* Plan at one alignment: 0 when it fits. */
static int plan_at(const uint64_t *g, size_t m, unsigned shift, uint64_t base, uint64_t end,
                   uint64_t *gaps, wl_fold_t *f)
{
    uint64_t cap = (end - base) >> shift, need = m;
    if (need > cap)
        return -1;
    /* The gaps (empty granules between touched ones), smallest first:
     * closing them in that order, the largest threshold t that fits. */
    size_t ng = m ? m - 1 : 0;
    for (size_t i = 0; i < ng; i++)
        gaps[i] = g[i + 1] - g[i] - 1;
    qsort(gaps, ng, sizeof *gaps, cmp_u64);
    uint64_t t = 0;
    for (size_t i = 0; i < ng;) {
        size_t j = i;
        uint64_t add = 0;
        while (j < ng && gaps[j] == gaps[i]) { /* equal gaps go together: no tie to break */
            add += gaps[j++];
            if (add > cap)
                break; /* does not fit; and the sum cannot wrap */
        }
        if (add > cap - need)
            break;
        need += add;
        t = gaps[i];
        i = j;
    }
    size_t nr = 0;
    for (size_t i = 0; i < m; i++)
        nr += !i || g[i] - g[i - 1] - 1 > t;
    f->r = malloc((nr ? nr : 1) * sizeof *f->r);
    if (!f->r)
        return -2;
    f->n = 0;
    f->align_shift = shift;
    uint64_t at = base;
    for (size_t i = 0; i < m; i++) {
        if (!i || g[i] - g[i - 1] - 1 > t) {
            if (f->n)
                at += f->r[f->n - 1].last - f->r[f->n - 1].lo + 1;
            f->r[f->n++] = (wl_region_t){g[i] << shift, ((g[i] + 1) << shift) - 1, at};
        } else {
            f->r[f->n - 1].last = ((g[i] + 1) << shift) - 1;
        }
    }
    return 0;
}

int wl_fold_plan(wl_pages_t *s, uint64_t base, uint64_t end, wl_fold_t *f)
{
    memset(f, 0, sizeof *f);
    size_t n = 0;
    for (size_t i = 0; i <= s->mask; i++)
        if (s->slot[i])
            s->slot[n++] = s->slot[i] - 1;
    memset(s->slot + n, 0, (s->mask + 1 - n) * sizeof *s->slot);
    s->n = 0; /* the set is now a sorted list, no longer a set */
    s->last = 0;
    qsort(s->slot, n, sizeof *s->slot, cmp_u64);
    uint64_t *g = malloc((n ? n : 1) * sizeof *g), *gaps = malloc((n ? n : 1) * sizeof *gaps);
    int rc = g && gaps ? -1 : -2;
    static const unsigned shifts[] = {21, WL_PAGE_SHIFT}; /* 2 MiB, then 64 KiB */
    for (unsigned k = 0; rc == -1 && k < 2; k++) {
        size_t m = granules(s->slot, n, shifts[k], g);
        rc = plan_at(g, m, shifts[k], base, end, gaps, f);
    }
    free(g);
    free(gaps);
    return rc;
}
