/* The gmem command line: one function per command, dispatched by main.c.
 * Each returns an exit status (GM_EXIT_*); errors go to stderr as
 * "gmem: <message>". */
#ifndef GM_CLI_H
#define GM_CLI_H

#include <stdio.h>

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
int gm_cmd_replay(int argc, char **argv);

/* `run` itself; the pure and the cosim build wrap it (hooks: in-system RTL
 * lockstep, NULL in the pure build; report: printed after the run, non-zero
 * makes the exit status 1). */
struct gm_blk_hooks;
int gm_run_main(int argc, char **argv, const struct gm_blk_hooks *hooks,
                int (*report)(FILE *out));

/* Shared helpers for commands. */
int gm_fail(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int gm_wants_help(int argc, char **argv);
/* Where configs/ lives: GM_SOURCE_DIR at build time, or $GMEM_HOME. */
const char *gm_home(void);

#endif
