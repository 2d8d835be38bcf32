/* `gmem run`: simulate a workload on a GPU configuration. The pure build
 * calls it as is; the cosim build adds in-system RTL lockstep (--rtl). */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "corun.h"
#include "interrupt.h"
#include "sim/gpu.h"
#include "sim/plugin.h"

const char gm_run_usage[] =
    "usage: gmem run --config FILE --workload SPEC [--stats FILE] [--max-cycles N]\n"
    "                [--seed S] [--sample N] [--per-sm] [--icta] [--icta-hw]\n"
    "                [--no-skip | --skip-report]\n"
    "                [--isolated [--isolated-cache DIR] [--isolated-config FILE]]\n"
    "       gmem run --config FILE [--set PATH=VALUE ...] --print-config\n"
    "\n"
    "Runs the cycle-level GPU memory model (configs/ *.json) on a workload\n"
    "(`gmem list workloads` shows the built-in ones and their parameters; e.g.\n"
    "atax:n=2048, pair:bp+sv). Prints a summary; --stats writes the full JSON\n"
    "report (schema gmem-stats/1), ending with the run's provenance (\"run\":\n"
    "gmem_version, end, max_cycles, config_file, sets, the resolved config).\n"
    "The same inputs and seed give the same stats byte for byte.\n"
    "\n"
    "options:\n"
    "  --config FILE     GPU configuration: a file, or the name of a shipped one\n"
    "                    (fermi-gtx480: configs/fermi-gtx480.json, from any directory;\n"
    "                    default: default). It gives every field, or names the one\n"
    "                    it builds on (\"base\": \"fermi-gtx480\") and gives what differs\n"
    "  --set PATH=VALUE  override one configuration value, e.g. --set l1d.c.alloc=on_fill\n"
    "                    or --set part.func=xor (repeatable; checked like the file)\n"
    "  --workload SPEC   workload (required)\n"
    "  --stats FILE      write the JSON stats here ('-' for stdout): created before\n"
    "                    the run, replaced in one step when it ends\n"
    "  --max-cycles N    stop after N core cycles, N >= 1 (default 50000000); a run\n"
    "                    stopped by it says so on stderr and exits 3\n"
    "  --seed S          seed for workloads with random data (default 1)\n"
    "  --sample N        add \"samples\" to the stats: whole-GPU counters, cumulative,\n"
    "                    every N core cycles and at the end (N >= 100; at most\n"
    "                    100000 rows: N >= --max-cycles / 100000, else exit 2)\n"
    "  --per-sm          add \"sms\" to the stats: each SM's instructions, L1D\n"
    "                    counters and CTAs (they sum to the whole-GPU figures)\n"
    "  --no-skip         simulate every clock edge: no fast-forward over the cycles\n"
    "                    in which nothing can act, and every idle SM and L2 bank\n"
    "                    checked again each cycle (the stats are the same either\n"
    "                    way; for checking that, and timing it)\n"
    "  --skip-report     after the summary, the core cycles the fast-forward skipped\n"
    "  --isolated        a pair or triple with a fixed window (ck.window): run each\n"
    "                    member alone on the whole GPU for the same window first and\n"
    "                    add its isolated and co-run IPC, the normalized IPCs, STP and\n"
    "                    ANTT to the stats' \"ck\" object; with ck.policy ws or smk_pw\n"
    "                    and no ck.tbsK / ck.quotaK given, also profile the sweet\n"
    "                    point / the quotas from the members alone\n"
    "  --isolated-cache DIR  keep the runs alone in DIR (keyed by the binary, the\n"
    "                    resolved configuration, the member, the window and the seed)\n"
    "  --isolated-config FILE  the configuration of the runs alone (default: the\n"
    "                    run's own, with its --set list); ck.window is the run's\n"
    "  --icta            the inter-CTA reuse profiler (seed-002 Fig. 3; --set\n"
    "                    icta.enable=true): per kernel, first touch, intra- and\n"
    "                    inter-CTA reuse of the lines the LSUs send, and the L1D\n"
    "                    hits on lines another CTA brought; printed after the run\n"
    "                    and in the stats (\"icta\")\n"
    "  --icta-hw         --icta and, beside it, the hardware tracker (block\n"
    "                    icta_profiler, seed-002 §10.5; --set icta.tracker=true):\n"
    "                    its counts, evictions and error next to the exact ones\n"
    "  --print-config    print the configuration as resolved (the file on the\n"
    "                    \"base\" it names, if any, with the --set overrides: every\n"
    "                    field, as JSON) and exit 0 without running; no --workload\n"
    "                    needed\n"
    "\n"
    "Ctrl-C (SIGINT) or SIGTERM stops the run at the next clock edge; it writes\n"
    "its stats (run.end: interrupted) and exits 128 + the signal (130, 143); a\n"
    "second signal ends it at once.\n"
    "Exit status: 0 the workload finished, 1 a failed run (the model stalled:\n"
    "its stats say run.end: stalled), 2 bad input or usage, 3 stopped by\n"
    "--max-cycles, 130/143 interrupted.\n";

int gm_run_parse(int argc, char **argv, gm_run_opts_t *o)
{
    memset(o, 0, sizeof *o);
    o->max_cycles = 50000000;
    o->seed = 1;
    if (gm_wants_help(argc, argv)) {
        fputs(gm_run_usage, stdout);
        return -1;
    }
    static const char *const opts[] = {"--config", "--set", "--workload", "--stats",
                                       "--max-cycles", "--seed", "--sample",
                                       "--isolated-cache", "--isolated-config", NULL};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--print-config")) {
            o->print_config = 1;
            continue;
        }
        if (!strcmp(a, "--per-sm")) {
            o->per_sm = 1;
            continue;
        }
        if (!strcmp(a, "--no-skip")) {
            o->no_skip = 1;
            continue;
        }
        if (!strcmp(a, "--skip-report")) {
            o->skip_report = 1;
            continue;
        }
        if (!strcmp(a, "--isolated")) {
            o->isolated = 1;
            continue;
        }
        if (!strcmp(a, "--icta")) {
            if (o->nsets == 32)
                return gm_fail(GM_EXIT_USAGE, "run: at most 32 --set options");
            o->icta = 1;
            o->sets[o->nsets++] = "icta.enable=true";
            continue;
        }
        if (!strcmp(a, "--icta-hw")) {
            if (o->nsets + 2 > 32)
                return gm_fail(GM_EXIT_USAGE, "run: at most 32 --set options");
            o->icta = 1;
            o->sets[o->nsets++] = "icta.enable=true";
            o->sets[o->nsets++] = "icta.tracker=true";
            continue;
        }
        unsigned k = 0;
        while (opts[k] && strcmp(opts[k], a))
            k++;
        if (!opts[k])
            return gm_fail(GM_EXIT_USAGE, "run: unknown option '%s' (see --help)", a);
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
        else if (!strcmp(a, "--isolated-cache"))
            o->isolated_cache = argv[++i];
        else if (!strcmp(a, "--isolated-config"))
            o->isolated_config = argv[++i];
        else if (!strcmp(a, "--max-cycles")) {
            if (gm_opt_u64("run", a, argv[++i], &o->max_cycles))
                return GM_EXIT_USAGE;
            if (o->max_cycles == 0)
                return gm_fail(GM_EXIT_USAGE, "run: --max-cycles must be at least 1");
        } else if (!strcmp(a, "--sample")) {
            if (gm_opt_u64("run", a, argv[++i], &o->sample))
                return GM_EXIT_USAGE;
            if (o->sample < GM_SAMPLE_MIN_EVERY)
                return gm_fail(GM_EXIT_USAGE, "run: --sample must be at least %d (core cycles)",
                               GM_SAMPLE_MIN_EVERY);
        } else {
            if (gm_opt_u64("run", a, argv[++i], &o->seed))
                return GM_EXIT_USAGE;
        }
    }
    /* Refused up front, not cut short: a table that stopped early would
     * look like a run that ended early. */
    if (o->sample && gm_sample_rows(o->sample, o->max_cycles) > GM_SAMPLE_MAX_ROWS)
        return gm_fail(GM_EXIT_USAGE,
                       "run: --sample %" PRIu64 " gives up to %" PRIu64 " samples in "
                       "--max-cycles %" PRIu64 "; at most %d: raise N to %" PRIu64
                       " or lower --max-cycles",
                       o->sample, gm_sample_rows(o->sample, o->max_cycles), o->max_cycles,
                       GM_SAMPLE_MAX_ROWS,
                       o->max_cycles / (GM_SAMPLE_MAX_ROWS + 1) + 1); /* the smallest that fits */
    if ((o->isolated_cache || o->isolated_config) && !o->isolated)
        return gm_fail(GM_EXIT_USAGE, "run: --isolated-cache and --isolated-config go with "
                                      "--isolated");
    if (!o->spec && !o->print_config)
        return gm_fail(GM_EXIT_USAGE, "run: --workload SPEC is required (see gmem list workloads)");
    if (o->config) {
        o->config = gm_find_config(o->config, o->defcfg, sizeof o->defcfg);
    } else {
        snprintf(o->defcfg, sizeof o->defcfg, "%s/configs/default.json", gm_home());
        o->config = o->defcfg;
    }
    return 0;
}

/* ---- the stats file: created before the run, written atomically */

typedef struct stats_out {
    FILE *f;
    const char *path;
    char tmp[1100]; /* the temporary file renamed to path at the end ("" if none) */
} stats_out_t;

static int stats_open(stats_out_t *s, const char *path, const char *config)
{
    struct stat st, cs;
    memset(s, 0, sizeof *s);
    s->path = path;
    if (!strcmp(path, "-")) {
        s->f = stdout;
        return 0;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return gm_fail(GM_EXIT_USAGE, "run: --stats %s: is a directory", path);
        if (stat(config, &cs) == 0 && st.st_dev == cs.st_dev && st.st_ino == cs.st_ino)
            return gm_fail(GM_EXIT_USAGE, "run: --stats %s is the configuration file", path);
        if (!S_ISREG(st.st_mode)) { /* a device or FIFO: written in place */
            s->f = fopen(path, "w");
            if (!s->f)
                return gm_fail(GM_EXIT_USAGE, "run: --stats %s: %s", path, strerror(errno));
            return 0;
        }
    }
    if (snprintf(s->tmp, sizeof s->tmp, "%s.tmp-XXXXXX", path) >= (int)sizeof s->tmp)
        return gm_fail(GM_EXIT_USAGE, "run: --stats %s: path too long", path);
    int fd = mkstemp(s->tmp);
    if (fd < 0) {
        s->tmp[0] = 0;
        return gm_fail(GM_EXIT_USAGE, "run: --stats %s: cannot create: %s", path,
                       strerror(errno));
    }
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    s->f = fdopen(fd, "w");
    if (!s->f) {
        close(fd);
        unlink(s->tmp);
        s->tmp[0] = 0;
        return gm_fail(GM_EXIT_USAGE, "run: --stats %s: %s", path, strerror(errno));
    }
    return 0;
}

/* Close the stats file; ok: its contents are complete (rename it into
 * place), else drop it. Returns an exit status. */
static int stats_close(stats_out_t *s, int ok)
{
    int status = GM_EXIT_OK;
    if (!s->f || s->f == stdout)
        return status;
    if (fclose(s->f) != 0 && ok) {
        status = gm_fail(GM_EXIT_FAIL, "run: %s: %s", s->path, strerror(errno));
        ok = 0;
    }
    s->f = NULL;
    if (!s->tmp[0])
        return status;
    if (ok && rename(s->tmp, s->path) != 0)
        status = gm_fail(GM_EXIT_FAIL, "run: %s: %s", s->path, strerror(errno));
    else if (!ok)
        unlink(s->tmp);
    if (status != GM_EXIT_OK)
        unlink(s->tmp);
    return status;
}

/* --print-config: every field, so the output is itself a complete config. */
static int print_config(const gm_gpu_config_t *cfg)
{
    cJSON *j = gm_cfg_to_json(gm_gpu_schema(), cfg);
    char *text = j ? cJSON_Print(j) : NULL;
    cJSON_Delete(j);
    if (!text)
        return gm_fail(GM_EXIT_FAIL, "run: out of memory");
    int ok = puts(text) >= 0 && fflush(stdout) == 0;
    free(text);
    return ok ? GM_EXIT_OK
              : gm_fail(GM_EXIT_FAIL, "run: --print-config: cannot write: %s", strerror(errno));
}

/* A run that did not finish its workload says why on stderr, with its exit
 * status: --max-cycles 3, a signal 128 + its number. */
static int say_end(const gm_run_opts_t *o, const gm_gpu_t *g, gm_run_end_t end)
{
    char buf[32];
    int sig = gm_interrupted;
    if (end == GM_END_MAX_CYCLES)
        return gm_fail(GM_EXIT_MAX_CYCLES,
                       "run: stopped by --max-cycles %" PRIu64 " before the workload "
                       "finished; the numbers cover those cycles only (exit status %d)",
                       o->max_cycles, GM_EXIT_MAX_CYCLES);
    if (end == GM_END_INTERRUPTED)
        return gm_fail(GM_EXIT_SIGNAL + sig,
                       "run: interrupted by %s at cycle %" PRIu64 "%s%s (exit status %d)",
                       gm_signal_name(sig, buf, sizeof buf), g->clk.cycles[GM_CLK_CORE],
                       o->stats ? ", stats written to " : "", o->stats ? o->stats : "",
                       GM_EXIT_SIGNAL + sig);
    return GM_EXIT_OK;
}

static void summary(const gm_gpu_t *g, gm_run_end_t end)
{
    gm_stats_in_t in;
    gm_gpu_stats(g, &in, NULL);
    uint64_t cyc = in.cycles;
    printf("run %s on %s: %" PRIu64 " cycles%s, IPC %.3f, L1D hit rate %.3f\n",
           gm_workload_spec(g->wl), g->cfg.name, cyc,
           end == GM_END_MAX_CYCLES ? " (max reached)" : end == GM_END_INTERRUPTED ? " (interrupted)" : "",
           cyc ? (double)in.sm.thread_insts / (double)cyc : 0.0,
           in.l1d.accesses ? (double)in.l1d.hits / (double)in.l1d.accesses : 0.0);
}

static int run_corun(const gm_run_opts_t *o, const gm_blk_hooks_t *hooks, int quiet,
                     const gm_gpu_config_t *c, gm_corun_t *cr);
static double num(const cJSON *o, const char *k)
{
    return cJSON_GetObjectItem(o, k)->valuedouble;
}

/* The hardware tracker's lines (with --icta-hw): its counts and its error
 * against the exact profiler's, per kernel launch and in all. */
static void icta_hw_report(const cJSON *o)
{
    const cJSON *t = cJSON_GetObjectItem(o, "tracker"), *k;
    if (!t)
        return;
    printf("icta-hw: %-5s %12s %12s %12s %7s %12s %12s %8s\n", "launch", "first", "intra-CTA",
           "inter-CTA", "inter%", "evictions", "+first", "error");
    cJSON_ArrayForEach(k, cJSON_GetObjectItem(o, "kernels")) {
        const cJSON *kt = cJSON_GetObjectItem(k, "tracker");
        printf("icta-hw: %-5.0f %12.0f %12.0f %12.0f %6.1f%% %12.0f %12.0f %+7.1f%%\n",
               num(k, "launch"), num(kt, "first_touch"), num(kt, "intra_cta"),
               num(kt, "inter_cta"), 100 * num(kt, "inter_share"), num(kt, "evictions"),
               num(kt, "first_excess"), 100 * num(kt, "inter_share_error"));
    }
    printf("icta-hw: %-5s %12.0f %12.0f %12.0f %6.1f%% %12.0f %12.0f %+7.1f%% (%.0f sets x %.0f "
           "ways, %.0f-bit CTAs, %.0f-byte blocks; exact inter %.1f%%; up to %.0f accesses a "
           "core cycle)\n",
           "all", num(t, "first_touch"), num(t, "intra_cta"), num(t, "inter_cta"),
           100 * num(t, "inter_share"), num(t, "evictions"), num(t, "first_excess"),
           100 * num(t, "inter_share_error"), num(t, "sets"), num(t, "ways"), num(t, "cta_w"),
           (double)(1u << (unsigned)num(t, "gran_log2")), 100 * num(o, "inter_share"),
           num(t, "max_accesses_per_cycle"));
}

/* The profiler's report, one line a kernel launch and the total. */
static void icta_report(const gm_gpu_t *g)
{
    const gm_plugin_t *pl = gm_plugin_find("icta");
    for (uint32_t p = 0; p < g->nplug; p++) {
        if (g->plug[p] != pl)
            continue;
        cJSON *root = cJSON_CreateObject();
        if (!root)
            return;
        pl->stats(g->plug_self[p], root);
        const cJSON *o = cJSON_GetObjectItem(root, "icta"), *k;
        printf("icta: %-8s %12s %12s %12s %7s %12s %12s\n", "launch", "first", "intra-CTA",
               "inter-CTA", "inter%", "L1D hits", "inter-CTA");
        cJSON_ArrayForEach(k, cJSON_GetObjectItem(o, "kernels"))
            printf("icta: %-8.0f %12.0f %12.0f %12.0f %6.1f%% %12.0f %12.0f\n",
                   cJSON_GetObjectItem(k, "launch")->valuedouble,
                   cJSON_GetObjectItem(k, "first_touch")->valuedouble,
                   cJSON_GetObjectItem(k, "intra_cta")->valuedouble,
                   cJSON_GetObjectItem(k, "inter_cta")->valuedouble,
                   100 * cJSON_GetObjectItem(k, "inter_share")->valuedouble,
                   cJSON_GetObjectItem(k, "l1d_hits")->valuedouble,
                   cJSON_GetObjectItem(k, "l1d_hits_inter_cta")->valuedouble);
        printf("icta: %-8s %12.0f %12.0f %12.0f %6.1f%% %12.0f %12.0f (mean over kernels %.1f%%; "
               "seed-002: 45%% over 33 applications)\n",
               "all", cJSON_GetObjectItem(o, "first_touch")->valuedouble,
               cJSON_GetObjectItem(o, "intra_cta")->valuedouble,
               cJSON_GetObjectItem(o, "inter_cta")->valuedouble,
               100 * cJSON_GetObjectItem(o, "inter_share")->valuedouble,
               cJSON_GetObjectItem(o, "l1d_hits")->valuedouble,
               cJSON_GetObjectItem(o, "l1d_hits_inter_cta")->valuedouble,
               100 * cJSON_GetObjectItem(o, "inter_share_kernel_mean")->valuedouble);
        icta_hw_report(o);
        cJSON_Delete(root);
    }
}

int gm_run_exec(const gm_run_opts_t *o, const gm_blk_hooks_t *hooks, int quiet)
{
    gm_err_t err;
    gm_gpu_config_t cfg;
    if (gm_gpu_config_load(o->config, o->sets, o->nsets, &cfg, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    if (o->print_config)
        return print_config(&cfg);
    gm_corun_t *cr = NULL;
    if (o->isolated) {
        if (!(cr = calloc(1, sizeof *cr)))
            return gm_fail(GM_EXIT_FAIL, "run: out of memory");
        int st = gm_corun_prepare(o, &cfg, cr);
        /* the co-run takes what the profiling derived (ck.tbsK, ck.quotaK) */
        if (!st && gm_gpu_config_load(o->config, cr->sets, cr->nsets, &cfg, &err))
            st = gm_fail(GM_EXIT_USAGE, "%s", err.msg);
        if (st) {
            gm_corun_free(cr);
            free(cr);
            return st;
        }
    }
    int status = run_corun(o, hooks, quiet, &cfg, cr);
    if (cr)
        gm_corun_free(cr);
    free(cr);
    return status;
}

static int run_corun(const gm_run_opts_t *o, const gm_blk_hooks_t *hooks, int quiet,
                     const gm_gpu_config_t *c, gm_corun_t *cr)
{
    gm_err_t err;
    gm_gpu_config_t cfg = *c;
    gm_workload_t *wl = gm_workload_create(o->spec, o->seed, &err);
    if (!wl)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    const char *stats = quiet ? NULL : o->stats;
    stats_out_t so = {0};
    if (stats && stats_open(&so, stats, o->config)) {
        gm_workload_free(wl);
        return GM_EXIT_USAGE;
    }
    gm_interrupt_catch(so.tmp);
    gm_gpu_t *g = calloc(1, sizeof *g);
    if (!g || gm_gpu_init(g, &cfg, wl, o->seed, &err) ||
        (hooks && gm_gpu_attach(g, hooks, &err))) {
        if (g)
            gm_gpu_free(g);
        free(g);
        gm_workload_free(wl);
        stats_close(&so, 0);
        gm_interrupt_release();
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    }
    if (o->sample && gm_sample_start(g, o->sample, o->max_cycles, &err)) {
        gm_gpu_free(g);
        free(g);
        gm_workload_free(wl);
        stats_close(&so, 0);
        gm_interrupt_release();
        return gm_fail(GM_EXIT_USAGE, "run: %s", err.msg);
    }
    g->per_sm = o->per_sm;
    g->no_skip = o->no_skip;
    g->interrupt = &gm_interrupted;
    gm_run_end_t end = gm_gpu_run(g, o->max_cycles);
    int status = GM_EXIT_OK;
    if (end == GM_END_STALLED)
        status = gm_fail(GM_EXIT_FAIL, "run: %s", g->stall);
    if (stats) {
        int ok = 1;
        gm_run_info_t info = {.version = gm_version, .config_file = o->config,
                              .sets = o->sets, .nsets = o->nsets,
                              .max_cycles = o->max_cycles, .end = gm_run_end_name(end),
                              .extend = cr ? gm_corun_stats : NULL, .extend_ctx = cr};
        if (gm_gpu_write_stats(g, &info, so.f, &err)) {
            status = gm_fail(GM_EXIT_FAIL, "run: %s: %s", stats, err.msg);
            ok = 0;
        }
        int st = stats_close(&so, ok);
        if (st != GM_EXIT_OK)
            status = st;
    }
    gm_interrupt_release();
    if (!quiet && (!stats || strcmp(stats, "-"))) {
        summary(g, end);
        if (o->skip_report)
            printf("fast-forward: %" PRIu64 " of %" PRIu64 " core cycles skipped\n",
                   g->ff_skipped, g->clk.cycles[GM_CLK_CORE]);
        if (o->icta)
            icta_report(g);
    }
    if (!quiet && status == GM_EXIT_OK)
        status = say_end(o, g, end);
    gm_gpu_free(g);
    free(g);
    gm_workload_free(wl);
    return status;
}
