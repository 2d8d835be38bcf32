/* `gmem run`: simulate a workload on a GPU configuration. The pure build
 * calls it as is; the cosim build adds in-system RTL lockstep (--rtl). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sim/gpu.h"

const char gm_run_usage[] =
    "usage: gmem run --config FILE --workload SPEC [--stats FILE] [--max-cycles N]\n"
    "                [--seed S]\n"
    "\n"
    "Runs the cycle-level GPU memory model (configs/ *.json) on a workload\n"
    "(`gmem list workloads` shows the built-in ones and their parameters; e.g.\n"
    "atax:n=2048, pair:bp+sv). Prints a summary; --stats writes the full JSON\n"
    "report (schema gmem-stats/1). The same inputs and seed give the same\n"
    "stats byte for byte.\n"
    "\n"
    "options:\n"
    "  --config FILE     GPU configuration (default configs/default.json)\n"
    "  --set PATH=VALUE  override one configuration value, e.g. --set l1d.c.alloc=on_fill\n"
    "                    or --set part.func=xor (repeatable; checked like the file)\n"
    "  --workload SPEC   workload (required)\n"
    "  --stats FILE      write the JSON stats here ('-' for stdout)\n"
    "  --max-cycles N    stop after N core cycles (default 50000000)\n"
    "  --seed S          seed for workloads with random data (default 1)\n";

int gm_run_parse(int argc, char **argv, gm_run_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->max_cycles = 50000000;
    o->seed = 1;
    if (gm_wants_help(argc, argv)) {
        fputs(gm_run_usage, stdout);
        return -1;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (i + 1 >= argc)
            return gm_fail(GM_EXIT_USAGE, "run: %s needs a value (see --help)", a);
        if (!strcmp(a, "--config"))
            o->config = argv[++i];
        else if (!strcmp(a, "--set")) {
            if (o->nsets == 32)
                return gm_fail(GM_EXIT_USAGE, "run: at most 32 --set options");
            o->sets[o->nsets++] = argv[++i];
        }
        else if (!strcmp(a, "--workload"))
            o->spec = argv[++i];
        else if (!strcmp(a, "--stats"))
            o->stats = argv[++i];
        else if (!strcmp(a, "--max-cycles")) {
            if (gm_opt_u64("run", a, argv[++i], &o->max_cycles))
                return GM_EXIT_USAGE;
        } else if (!strcmp(a, "--seed")) {
            if (gm_opt_u64("run", a, argv[++i], &o->seed))
                return GM_EXIT_USAGE;
        } else
            return gm_fail(GM_EXIT_USAGE, "run: unknown option '%s' (see --help)", a);
    }
    if (!o->spec)
        return gm_fail(GM_EXIT_USAGE, "run: --workload SPEC is required (see gmem list workloads)");
    if (!o->config) {
        snprintf(o->defcfg, sizeof o->defcfg, "%s/configs/default.json", gm_home());
        o->config = o->defcfg;
    }
    return 0;
}

static void summary(const gm_gpu_t *g, int capped)
{
    gm_stats_in_t in;
    gm_gpu_stats(g, &in, NULL);
    uint64_t cyc = in.cycles;
    printf("run %s on %s: %" PRIu64 " cycles%s, IPC %.3f, L1D hit rate %.3f\n",
           gm_workload_spec(g->wl), g->cfg.name, cyc, capped ? " (max reached)" : "",
           cyc ? (double)in.sm.thread_insts / (double)cyc : 0.0,
           in.l1d.accesses ? (double)in.l1d.hits / (double)in.l1d.accesses : 0.0);
}

int gm_run_exec(const gm_run_opts_t *o, const gm_blk_hooks_t *hooks, int quiet)
{
    gm_err_t err;
    gm_gpu_config_t cfg;
    if (gm_gpu_config_load(o->config, o->sets, o->nsets, &cfg, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    gm_workload_t *wl = gm_workload_create(o->spec, o->seed, &err);
    if (!wl)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    gm_gpu_t *g = calloc(1, sizeof *g);
    if (!g || gm_gpu_init(g, &cfg, wl, o->seed, &err) ||
        (hooks && gm_gpu_attach(g, hooks, &err))) {
        if (g)
            gm_gpu_free(g);
        free(g);
        gm_workload_free(wl);
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    }
    int capped = gm_gpu_run(g, o->max_cycles);
    int status = GM_EXIT_OK;
    if (capped < 0)
        status = gm_fail(GM_EXIT_FAIL, "run: %s", g->stall);
    const char *stats = quiet ? NULL : o->stats;
    if (stats) {
        FILE *f = strcmp(stats, "-") ? fopen(stats, "w") : stdout;
        if (!f) {
            status = gm_fail(GM_EXIT_USAGE, "run: %s: %s", stats, strerror(errno));
        } else {
            if (gm_gpu_write_stats(g, f, &err))
                status = gm_fail(GM_EXIT_FAIL, "run: %s: %s", stats, err.msg);
            if (f != stdout && fclose(f))
                status = gm_fail(GM_EXIT_FAIL, "run: %s: %s", stats, strerror(errno));
        }
    }
    if (!quiet && (!stats || strcmp(stats, "-")))
        summary(g, capped > 0);
    gm_gpu_free(g);
    free(g);
    gm_workload_free(wl);
    return status;
}
