/* The gmem command line: one function per command, dispatched by main.c.
 * Each returns an exit status (GM_EXIT_*); errors go to stderr as
 * "gmem: <message>". */
#ifndef GM_CLI_H
#define GM_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "util/home.h"

typedef struct gm_cmd {
    const char *name;
    const char *summary;
    int (*run)(int argc, char **argv);
} gm_cmd_t;

int gm_cmd_list(int argc, char **argv);
int gm_cmd_block_params(int argc, char **argv);
int gm_cmd_check_ports(int argc, char **argv);
int gm_cmd_cosim(int argc, char **argv);
int gm_cmd_run(int argc, char **argv);
int gm_cmd_record(int argc, char **argv);
int gm_cmd_replay(int argc, char **argv);
int gm_cmd_diff_stats(int argc, char **argv);
int gm_cmd_stats_get(int argc, char **argv);
int gm_cmd_import_gpgpusim(int argc, char **argv);
/* `gmem help [TOPIC]`: no topic prints the commands (usage). */
int gm_cmd_help(int argc, char **argv, void (*usage)(FILE *));

/* `run` itself, in two steps the pure and the cosim build share. */
struct gm_blk_hooks;
typedef struct gm_run_opts {
    const char *config, *spec, *stats;
    const char *sets[32];     /* --set PATH=VALUE overrides */
    unsigned nsets;
    uint64_t max_cycles, seed;
    int print_config;         /* print the resolved configuration, run nothing */
    uint64_t sample;          /* --sample N: a "samples" row every N core cycles (0: off) */
    int per_sm;               /* --per-sm: the report gets "sms" */
    int no_skip;              /* --no-skip: simulate every clock edge (no fast-forward) */
    int skip_report;          /* --skip-report: the summary says how many were skipped */
    int isolated;             /* --isolated: STP/ANTT against each member alone (corun.h) */
    const char *isolated_cache, *isolated_config;
    int icta;                 /* --icta: the inter-CTA reuse profiler on, its report printed */
    char defcfg[1024];
} gm_run_opts_t;
extern const char gm_run_usage[];
/* 0: parsed; -1: --help printed; else an exit status (bad usage). */
int gm_run_parse(int argc, char **argv, gm_run_opts_t *o);
/* Build and run the machine; hooks: in-system RTL lockstep (NULL: none);
 * quiet: no summary or stats (a re-run). Returns an exit status. */
int gm_run_exec(const gm_run_opts_t *o, const struct gm_blk_hooks *hooks, int quiet);

/* `git describe` of the build (main() sets it; "unknown" in the unit tests,
 * which link the commands without main.c). */
extern const char *gm_version;

/* Shared helpers for commands. */
int gm_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int gm_wants_help(int argc, char **argv);
/* An option's value as an unsigned integer (gm_parse_u64 in base 0), else
 * "CMD: OPT expects a non-negative integer, got 'VAL'" and GM_EXIT_USAGE. */
int gm_opt_u64(const char *cmd, const char *opt, const char *val, uint64_t *v);
/* The JSON value at a path "$.a.b" or "a.b" (array elements as a.b[3]);
 * NULL when there is none, with *why set when the path itself is not one
 * (empty, an empty key, a bad index), else *why NULL. */
struct cJSON;
const struct cJSON *gm_json_at_path(const struct cJSON *root, const char *path,
                                    const char **why);
/* stats-get --csv (cmd_stats_csv.c): argv as gm_cmd_stats_get has it. */
int gm_stats_get_csv(int argc, char **argv);
/* Where configs/ lives: gm_home() (util/home.h). */
/* A configuration by path or name: `name` if it exists, else a shipped
 * one: NAME -> <home>/configs/NAME.json, a relative path -> <home>/path;
 * `name` itself when none exists (its open then says why). */
const char *gm_find_config(const char *name, char *buf, size_t n);

#endif
