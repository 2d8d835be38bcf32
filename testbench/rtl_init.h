/* What the RTL's registers hold before reset. The models are verilated with
 * --x-initial unique --x-assign unique: Verilator gives every variable (and
 * every X the RTL would produce) its value when the model is constructed,
 * chosen by the model's context at run time, as Verilator's plusargs say:
 * +verilator+rand+reset+0 zeros, 1 ones, 2 random from +verilator+seed+N.
 * Zeros -- Verilator's usual start -- hide a register the reset forgets,
 * since the C model resets it to 0 too; random values make the state check
 * right after reset, or a later output, catch it. Lockstep starts random
 * by default. */
#ifndef GM_RTL_INIT_H
#define GM_RTL_INIT_H

#include <stddef.h>
#include <stdint.h>

#include "rtl_api.h"
#include "util/err.h"

typedef struct gm_rtl_xopts {
    int mode;        /* GM_RTL_X_*; GM_RTL_X_RANDOM unless a plusarg says */
    uint64_t seed;   /* +verilator+seed+N, when seed_given */
    int seed_given;
} gm_rtl_xopts_t;

void gm_rtl_xopts_default(gm_rtl_xopts_t *x);
/* An argument `+verilator+rand+reset+N` (N 0..2) or `+verilator+seed+N`
 * (N 1..2^31-1, as Verilator takes them): 1 when taken into x, 0 when arg
 * is not a +verilator+ argument, -1 (err) for a bad value or another
 * +verilator+ argument. */
int gm_rtl_xopt(const char *arg, gm_rtl_xopts_t *x, gm_err_t *err);
/* One model's start: the run's mode, and a Verilator seed made from the
 * run's seed (the +verilator+seed+ one, else `run_seed`: the run's --seed)
 * and the model's name (block/point, or the instance path), so instances
 * of one run start differently while a re-run of the same instance -- the
 * mismatch window's -- starts exactly the same. */
gm_rtl_init_t gm_rtl_xinit(const gm_rtl_xopts_t *x, uint64_t run_seed, const char *name);
/* "random (+verilator+rand+reset+2 +verilator+seed+N)" and the like, the
 * plusargs that reproduce the run's start. */
void gm_rtl_xdescribe(const gm_rtl_xopts_t *x, uint64_t run_seed, char *buf, size_t n);

#endif
