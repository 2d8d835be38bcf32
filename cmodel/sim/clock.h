/* Clock domains (core, interconnect, L2, DRAM). Each domain's period is kept
 * in femtoseconds (integers, so every run interleaves edges identically);
 * step() advances to the next edge and says which domains tick there. */
#ifndef GM_SIM_CLOCK_H
#define GM_SIM_CLOCK_H

#include <stdint.h>

enum { GM_CLK_CORE, GM_CLK_ICNT, GM_CLK_L2, GM_CLK_DRAM, GM_NCLK };

typedef struct gm_clocks {
    uint64_t period_fs[GM_NCLK];
    uint64_t next_fs[GM_NCLK];
    uint64_t cycles[GM_NCLK]; /* edges so far */
} gm_clocks_t;

void gm_clocks_init(gm_clocks_t *c, const uint32_t mhz[GM_NCLK]);
/* The domains whose edge comes next, without advancing. */
unsigned gm_clocks_peek(const gm_clocks_t *c);
/* Advance to the next edge; returns a mask of (1 << GM_CLK_*) ticking now. */
unsigned gm_clocks_step(gm_clocks_t *c);

#endif
