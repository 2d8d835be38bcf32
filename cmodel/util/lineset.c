#include "util/lineset.h"

#include <stdio.h>
#include <stdlib.h>

enum { NPAGES = 1u << (32 - GM_LINESET_PAGE_LB), WORDS = (1u << GM_LINESET_PAGE_LB) / 64 };

static void *must(void *p)
{
    if (!p) {
        fprintf(stderr, "gmem: out of memory (a line set)\n");
        exit(1);
    }
    return p;
}

int gm_lineset_add(gm_lineset_t *s, uint32_t line)
{
    if (!s->page)
        s->page = must(calloc(NPAGES, sizeof *s->page));
    uint64_t **pg = &s->page[line >> GM_LINESET_PAGE_LB];
    if (!*pg)
        *pg = must(calloc(WORDS, sizeof **pg));
    uint32_t i = line & ((1u << GM_LINESET_PAGE_LB) - 1);
    uint64_t bit = 1ull << (i & 63), *w = &(*pg)[i >> 6];
    if (*w & bit)
        return 0;
    *w |= bit;
    return 1;
}

void gm_lineset_free(gm_lineset_t *s)
{
    if (s->page)
        for (uint32_t i = 0; i < NPAGES; i++)
            free(s->page[i]);
    free(s->page);
    s->page = NULL;
}
