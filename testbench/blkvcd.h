/* The C side's VCD of one block: the hierarchy and names Verilator uses for
 * the same RTL (TOP with the ports, TOP.<block> with parameters, ports and
 * the state registers <name>_q), so both dumps open side by side. */
#ifndef GM_BLKVCD_H
#define GM_BLKVCD_H

#include <stdint.h>

#include "blocks/block.h"
#include "util/vcd.h"

typedef struct gm_blkvcd {
    const gm_block_desc_t *d;
    gm_vcd_t *v;
    int clk, rst;
    int *in, *out, *param, **state;
    void *out_tmp;
} gm_blkvcd_t;

int gm_blkvcd_open(gm_blkvcd_t *w, const gm_block_desc_t *d, const void *c_state,
                   const char *path, gm_err_t *err);
/* Values at time t: clock, reset, inputs, outputs re-evaluated from the
 * state and inputs, parameters and state. */
void gm_blkvcd_dump(gm_blkvcd_t *w, uint64_t t, int clk, int rst_n, const void *c_state,
                    const void *in);
int gm_blkvcd_close(gm_blkvcd_t *w, gm_err_t *err);

#endif
