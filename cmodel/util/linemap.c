#include "util/linemap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint32_t slot_of(const gm_linemap_t *m, uint32_t key)
{
    uint32_t i = (key * 2654435761u) & (m->cap - 1);
    while (m->key[i] && m->key[i] != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

static void grow(gm_linemap_t *m)
{
    gm_linemap_t o = *m;
    m->cap = o.cap ? o.cap * 2 : 4096;
    m->key = calloc(m->cap, sizeof *m->key);
    m->val = calloc(m->cap, sizeof *m->val);
    if (!m->key || !m->val) {
        fprintf(stderr, "gmem: out of memory (a line map of %u entries)\n", m->cap);
        exit(1);
    }
    m->n = 0;
    for (uint32_t i = 0; i < o.cap; i++)
        if (o.key[i]) {
            uint32_t j = slot_of(m, o.key[i]);
            m->key[j] = o.key[i];
            m->val[j] = o.val[i];
            m->n++;
        }
    free(o.key);
    free(o.val);
}

uint32_t gm_linemap_swap(gm_linemap_t *m, uint32_t line, uint32_t v)
{
    if (2 * (m->n + 1) > m->cap)
        grow(m);
    uint32_t i = slot_of(m, line + 1);
    uint32_t old = m->key[i] ? m->val[i] : 0;
    if (!m->key[i]) {
        m->key[i] = line + 1;
        m->n++;
    }
    m->val[i] = v;
    return old;
}

uint32_t gm_linemap_get(const gm_linemap_t *m, uint32_t line)
{
    if (!m->cap)
        return 0;
    uint32_t i = slot_of(m, line + 1);
    return m->key[i] ? m->val[i] : 0;
}

void gm_linemap_clear(gm_linemap_t *m)
{
    if (m->cap)
        memset(m->key, 0, m->cap * sizeof *m->key);
    m->n = 0;
}

void gm_linemap_free(gm_linemap_t *m)
{
    free(m->key);
    free(m->val);
    *m = (gm_linemap_t){0};
}
