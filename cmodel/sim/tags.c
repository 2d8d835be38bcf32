#include "tags.h"

#include <stdlib.h>

int gm_tags_init(gm_tags_t *t, uint32_t sets, uint32_t ways)
{
    t->sets = sets;
    t->ways = ways;
    t->l = calloc((size_t)sets * ways, sizeof *t->l);
    return t->l ? 0 : -1;
}

void gm_tags_free(gm_tags_t *t)
{
    free(t->l);
    t->l = NULL;
}

int gm_tags_find(gm_tags_t *t, uint32_t set, uint32_t addr)
{
    gm_line_t *s = gm_tags_set(t, set);
    for (uint32_t w = 0; w < t->ways; w++)
        if (s[w].addr == addr && s[w].state != GM_LINE_INVALID) /* the rare test first */
            return (int)w;
    return -1;
}

int gm_tags_victim(gm_tags_t *t, uint32_t set, int skip_reserved)
{
    gm_line_t *s = gm_tags_set(t, set);
    int best = -1;
    for (uint32_t w = 0; w < t->ways; w++) {
        if (s[w].state == GM_LINE_INVALID)
            return (int)w;
        if (skip_reserved && s[w].state == GM_LINE_RESERVED)
            continue;
        if (best < 0 || s[w].stamp < s[best].stamp)
            best = (int)w;
    }
    return best;
}
