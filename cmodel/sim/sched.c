#include "sched.h"

#include "config.h"

/* Greedy-then-oldest: the warp issued last, while it can go on, then the
 * others oldest first (the list is kept in dispatch order). */
static uint32_t order_gto(const gm_sched_t *s, const gm_warp_t *warps, uint16_t *cand)
{
    uint32_t n = 0;
    if (s->last >= 0 && warps[s->last].live && !warps[s->last].exited)
        cand[n++] = (uint16_t)s->last;
    for (uint32_t i = 0; i < s->n; i++)
        if ((int32_t)s->order[i] != s->last)
            cand[n++] = s->order[i];
    return n;
}

/* Loose round-robin: start after the warp issued last. */
static uint32_t order_lrr(const gm_sched_t *s, uint16_t *cand)
{
    uint32_t start = 0;
    for (uint32_t i = 0; i < s->n; i++)
        if ((int32_t)s->order[i] == s->last)
            start = i + 1;
    for (uint32_t i = 0; i < s->n; i++)
        cand[i] = s->order[(start + i) % s->n];
    return s->n;
}

uint32_t gm_sched_order(const gm_sched_t *s, int policy, const gm_warp_t *warps,
                        uint16_t *cand)
{
    return policy == GM_SCHED_LRR ? order_lrr(s, cand) : order_gto(s, warps, cand);
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
