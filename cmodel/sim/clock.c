#include "clock.h"

#include <string.h>

void gm_clocks_init(gm_clocks_t *c, const uint32_t mhz[GM_NCLK])
{
    memset(c, 0, sizeof *c);
    for (int i = 0; i < GM_NCLK; i++)
        c->period_fs[i] = 1000000000ull / mhz[i];
}

unsigned gm_clocks_step(gm_clocks_t *c)
{
    uint64_t t = UINT64_MAX;
    for (int i = 0; i < GM_NCLK; i++)
        if (c->next_fs[i] < t)
            t = c->next_fs[i];
    unsigned mask = 0;
    for (int i = 0; i < GM_NCLK; i++)
        if (c->next_fs[i] == t) {
            mask |= 1u << i;
            c->next_fs[i] += c->period_fs[i];
            c->cycles[i]++;
        }
    return mask;
}

unsigned gm_clocks_peek(const gm_clocks_t *c)
{
    uint64_t t = UINT64_MAX;
    unsigned mask = 0;
    for (int i = 0; i < GM_NCLK; i++)
        if (c->next_fs[i] < t)
            t = c->next_fs[i];
    for (int i = 0; i < GM_NCLK; i++)
        if (c->next_fs[i] == t)
            mask |= 1u << i;
    return mask;
}
