/* The lockstep engine (DESIGN §4): one loop for every block. Each cycle it
 * applies the same inputs to the C model and to the Verilated RTL, compares
 * every output, ticks both, and compares the state registers. A mismatch
 * stops the run; the engine then re-runs the window before it (stimulus is
 * deterministic) comparing state every cycle, to name the first diverging
 * register, and writes both sides' VCDs of that window. */
#ifndef GM_LOCKSTEP_H
#define GM_LOCKSTEP_H

#include <stdint.h>
#include <stdio.h>

#include "blocks/block.h"
#include "rtl_api.h"
#include "rtl_init.h"
#include "stim.h"
#include "util/err.h"

typedef struct gm_lockstep_opts {
    const gm_block_desc_t *desc;
    const gm_rtl_ops_t *rtl;
    const gm_stim_t *stim;
    const char *point;           /* parameter point name */
    const char *point_file;      /* its JSON, or NULL and: */
    const char *params_text;     /* "NAME=VALUE ..." (port-trace replay) */
    uint64_t cycles;
    uint64_t seed;
    int64_t fault_cycle;         /* -1: no fault injection; else one RTL output
                                    bit flips at that cycle (a run that ends
                                    before it says so: result.fault_injected) */
    const char *vcd_prefix;      /* whole-run VCDs PREFIX.c.vcd/.rtl.vcd, or NULL */
    const char *mismatch_prefix; /* VCD window written on a mismatch */
    unsigned window;             /* cycles of history before a mismatch */
    int coverage;                /* print the stimulus' coverage report */
    gm_rtl_xopts_t x;            /* the RTL's registers before reset (seeded
                                    by `seed` unless x says) */
    FILE *out;                   /* reports */
} gm_lockstep_opts_t;

typedef struct gm_lockstep_result {
    uint64_t cycles;         /* cycles completed */
    uint64_t mismatches;     /* 0, or 1: the run stops at the first */
    uint64_t mismatch_cycle;
    int golden_failed;
    int coverage_full;
    int fault_injected;      /* opts.fault_cycle was reached (and flipped) */
} gm_lockstep_result_t;

/* 0 when the run happened (see r), -1 on a setup error (err). */
int gm_lockstep_run(const gm_lockstep_opts_t *o, gm_lockstep_result_t *r,
                    gm_err_t *err);

#endif
