/* `gmem run --isolated`: the co-run metrics of a pair or triple (seed-000
 * §6.5). Each member runs alone on the whole GPU for the same fixed window
 * as the co-run (ck.window, relaunching a member that finishes), and the
 * report gets each member's isolated and co-run IPC, their ratio (the
 * normalized IPC), STP (the sum) and ANTT (the mean of the inverses).
 * The same isolated runs give Warped-Slicer its scalability curves and
 * SMK-(P+W) its quotas when the configuration asks for them. Isolated runs
 * are cached on disk by everything that decides them. */
#ifndef GM_CORUN_H
#define GM_CORUN_H

#include <stdint.h>

#include <cjson/cJSON.h>

#include "cli.h"
#include "sim/gpu.h"

enum { GM_CORUN_MAX = 3, GM_CURVE_MAX = 64 };

typedef struct gm_corun {
    unsigned n;                            /* members */
    char *member[GM_CORUN_MAX];            /* each member's canonical spec */
    uint64_t window;
    double ipc_iso[GM_CORUN_MAX];          /* thread instructions per cycle, alone */
    uint64_t warp_iso[GM_CORUN_MAX];       /* warp instructions over the window, alone */
    int ws;                                /* the sweet point was profiled */
    unsigned ncurve[GM_CORUN_MAX];
    double curve[GM_CORUN_MAX][GM_CURVE_MAX]; /* IPC alone with 1.. CTAs per SM */
    uint32_t partition[GM_CORUN_MAX];
    double predicted_stp;
    int quotas;                            /* smk_pw quotas were derived */
    uint32_t quota[GM_CORUN_MAX];
    const char *sets[64];                  /* the run's --set list plus what was derived */
    unsigned nsets;
    char own[8][64];                       /* storage of the derived --set texts */
    unsigned nown;
} gm_corun_t;

/* Run the members alone (or take them from the cache), profile them for
 * ws/smk_pw if asked, and give the --set list the co-run is to use. An
 * exit status: GM_EXIT_OK, or a message printed and GM_EXIT_USAGE (bad
 * input) / GM_EXIT_FAIL / 128 + a signal. */
int gm_corun_prepare(const gm_run_opts_t *o, const gm_gpu_config_t *cfg, gm_corun_t *cr);
/* Add the metrics to the report's "ck" object (created if missing). */
void gm_corun_stats(void *cr, const struct gm_gpu *g, cJSON *root);
void gm_corun_free(gm_corun_t *cr);

#endif
