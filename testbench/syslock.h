/* Lockstep inside the full system (DESIGN §4): block instances named by
 * `--rtl LIST|all` get their Verilated RTL next to their C model. Every
 * evaluation drives the RTL with the same inputs and compares its outputs
 * with the C outputs the system uses; every edge clocks both and (sparsely)
 * compares state. The first mismatch stops the run; a re-run of the whole
 * system (it is deterministic) then compares state every edge in the
 * window before it and writes both sides' VCDs of that instance. The same
 * hooks record port traces (--record-ports). */
#ifndef GM_SYSLOCK_H
#define GM_SYSLOCK_H

#include <stdint.h>
#include <stdio.h>

#include "rtl_init.h"
#include "toggles.h"
#include "sim/blk.h"

enum { GM_SYSLOCK_MAX_TYPES = 32 };

typedef struct gm_syslock_type {
    const gm_block_desc_t *d;
    uint64_t instances, cycles, evals;
    uint64_t clocked;    /* edges the RTL ran (the rest: at a fixed point) */
} gm_syslock_type_t;

typedef struct gm_syslock_event {
    int kind;            /* 0 none, 1 output, 2 state */
    char path[48];
    int after_reset;     /* state right after the reset, before any edge */
    uint64_t cycle;      /* the instance's own clock edges */
    uint64_t core_cycle; /* the system's core cycle */
    unsigned order;      /* the instance's attach order */
    unsigned port, reg, elem;
    char c_val[160], rtl_val[160];
} gm_syslock_event_t;

typedef struct gm_syslock {
    /* what to back with RTL */
    char rtl[16][32];
    unsigned nrtl;
    int all;
    gm_rtl_xopts_t x;          /* the RTL's registers before reset */
    uint64_t run_seed;         /* seeds them unless x has a seed */
    /* recording */
    const char *record_dir;
    char record[16][48];       /* instance paths or block names; empty = every RTL instance */
    unsigned nrecord;
    gm_tgl_t *tgl;             /* --toggles: count the RTL's activity (or NULL) */
    unsigned threads;          /* --rtl-threads: workers replaying the RTL (0: in-line) */
    /* the re-run of a mismatch: trace and check one instance closely */
    const char *trace_path;
    uint64_t trace_from;       /* instance cycle to start the VCDs */
    const char *trace_prefix;
    /* results */
    gm_syslock_type_t types[GM_SYSLOCK_MAX_TYPES];
    unsigned ntypes;
    gm_syslock_event_t first;  /* the stopping mismatch */
    gm_syslock_event_t first_state; /* first state divergence (re-run) */
    uint64_t max_state_every;  /* the sparsest state check of any instance */
    int stop;                  /* the system checks this every cycle */
    const uint64_t *core_now;  /* set by the system */
    gm_blk_hooks_t hooks;
    /* in flight */
    struct gm_pool *pool;      /* the workers (syslock_pipe.h), or NULL */
    unsigned ninst, nlive;
    int wstop;                 /* a worker's mismatch (atomic) */
} gm_syslock_t;

/* `list`: comma-separated block names, or "all". Registers start random
 * (ls->x), seeded by ls->run_seed: set both after this. */
int gm_syslock_init(gm_syslock_t *ls, const char *list, gm_err_t *err);
/* The lockstep summary, per block type; returns 1 on a mismatch. */
int gm_syslock_report(const gm_syslock_t *ls, FILE *out);

#endif
