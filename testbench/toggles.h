/* Switching activity from in-system lockstep (`gmem-cosim run --rtl B
 * --toggles DIR`), for synth/power.awk: per bit of every STATE register
 * (read from the Verilated RTL) and of every port, the cycles in which it
 * changed and the cycles it was 1, over a window of each instance's own
 * clock edges.
 *
 * One sample a cycle, at the rising edge: a register as the edge leaves it,
 * an input as the edge samples it, an output as the RTL drove it just
 * before the edge (its last evaluation of the cycle). Zero-delay, cycle
 * level: glitches inside a cycle are not counted (power.awk derives the
 * gates' activity from these nets by propagation).
 *
 * Instances of the same block at the same parameter point (one netlist)
 * are pooled: toggles, cycles high and cycles are sums over them, so the
 * rates power.awk takes (count / cycles) are the mean instance's, and the
 * power it computes is that of one average instance -- the scope of the
 * seeds' per-MSHR mW. */
#ifndef GM_TOGGLES_H
#define GM_TOGGLES_H

#include <stdint.h>
#include <stdio.h>

#include "blocks/block.h"
#include "rtl_api.h"
#include "util/err.h"

typedef struct gm_tgl gm_tgl_t;
typedef struct gm_tgl_inst gm_tgl_inst_t;

/* dir: where <block>.<point>.tgl go; window: "START:END" in the instance's
 * cycles, END exclusive (NULL: the whole run); only: comma-separated
 * instance paths to count (NULL: every --rtl instance); cmdline: recorded
 * in each file's header. */
gm_tgl_t *gm_tgl_new(const char *dir, const char *window, const char *only,
                     const char *cmdline, gm_err_t *err);
void gm_tgl_free(gm_tgl_t *t);

/* A new instance right after its reset: *xp, or NULL when `only` leaves
 * it out. in/out: the ports during the reset, the baseline of a window
 * starting at cycle 0. */
int gm_tgl_attach(gm_tgl_t *t, const char *path, const gm_block_desc_t *d,
                  const gm_rtl_ops_t *ops, gm_rtl_t *m, const void *in, const void *out,
                  gm_tgl_inst_t **xp, gm_err_t *err);
/* The rising edge ending the instance's cycle `cycle` (0 first): in = the
 * inputs the edge sampled, out = the RTL's outputs before it; the state is
 * read from m after it. */
void gm_tgl_edge(gm_tgl_inst_t *x, uint64_t cycle, const void *in, const void *out);
/* The instance ends (its run did): its open window closes. */
void gm_tgl_detach(gm_tgl_inst_t *x);

/* Writes DIR/<block>.<point>.tgl for every counted (block, point) and a
 * line per file to `report`; an error when nothing was counted. */
int gm_tgl_write(gm_tgl_t *t, FILE *report, gm_err_t *err);

#endif
