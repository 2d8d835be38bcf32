#include "sched.h"

#include "config.h"

void gm_sched_begin(gm_sched_it_t *it, const gm_sched_t *s, int policy, const gm_warp_t *warps)
{
    it->s = s;
    it->policy = policy;
    it->i = 0;
    it->first = -1;
    it->start = 0;
    if (policy == GM_SCHED_LRR) {
        /* Loose round-robin: start after the warp issued last. */
        for (uint32_t k = 0; k < s->n; k++)
            if ((int32_t)s->order[k] == s->last)
                it->start = k + 1;
    } else if (s->last >= 0 && warps[s->last].live && !warps[s->last].exited) {
        /* Greedy-then-oldest: the warp issued last while it can go on. */
        it->first = s->last;
    }
}

int32_t gm_sched_next(gm_sched_it_t *it)
{
    const gm_sched_t *s = it->s;
    if (it->policy == GM_SCHED_LRR) {
        if (it->i >= s->n)
            return -1;
        uint32_t j = it->start + it->i++;
        return s->order[j < s->n ? j : j - s->n];
    }
    if (it->first >= 0 && it->i == 0) {
        it->i = 1;
        return it->first;
    }
    /* ... then the others, oldest first (the list is in dispatch order). */
    for (;;) {
        uint32_t k = it->i - (it->first >= 0 ? 1 : 0);
        if (k >= s->n)
            return -1;
        it->i++;
        if ((int32_t)s->order[k] != it->first)
            return s->order[k];
    }
}

void gm_sched_add(gm_sched_t *s, uint16_t warp) { s->order[s->n++] = warp; }

void gm_sched_remove(gm_sched_t *s, uint16_t warp)
{
    uint32_t j = 0;
    for (uint32_t i = 0; i < s->n; i++)
        if (s->order[i] != warp)
            s->order[j++] = s->order[i];
    s->n = j;
}
