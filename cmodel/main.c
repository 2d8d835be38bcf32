/* gmem — bit-accurate C models of GPU memory-architecture blocks, their RTL
 * in lockstep, and their cost. This file only dispatches commands. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/err.h"

/* `git describe` of the checkout it was built from, set by the Makefile. */
#ifndef GM_VERSION
#define GM_VERSION "unknown"
#endif

static const gm_cmd_t commands[] = {
    {"run", "simulate a workload on a GPU configuration", gm_cmd_run},
    {"record", "write a workload's instruction streams as a .gmt trace", gm_cmd_record},
    {"list", "list configurations, workloads, blocks and parameter points", gm_cmd_list},
    {"cosim", "lockstep a block's C model against its RTL (gmem-cosim)", gm_cmd_cosim},
    {"replay", "replay a recorded port trace against a block's RTL (gmem-cosim)", gm_cmd_replay},
    {"block-params", "print a block's resolved parameters for a point", gm_cmd_block_params},
    {"diff-stats", "compare two stats reports, difference by difference", gm_cmd_diff_stats},
    {"stats-get", "print values of a stats report by JSON path", gm_cmd_stats_get},
    {"import-gpgpusim", "write a gmem configuration from a GPGPU-Sim option file",
     gm_cmd_import_gpgpusim},
    {"check-ports", "check an RTL module's ports against the block's .ports", gm_cmd_check_ports},
};

static void usage(FILE *f)
{
    fputs("gmem — GPU memory-architecture blocks: bit-accurate C models, RTL in\n"
          "lockstep, synthesis cost.\n\n"
          "usage: gmem <command> [options]\n\ncommands:\n", f);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-15s %s\n", commands[i].name, commands[i].summary);
    fputs("\n`gmem <command> --help` describes a command; `gmem --version` the build;\n"
          "`gmem help config` every configuration field (docs/config.md),\n"
          "`gmem help stats` every stats path (docs/stats.md).\n"
          "Exit status: 0 ok, 1 a check failed (mismatch, failed run), 2 bad input\n"
          "or usage, 3 a run stopped by --max-cycles, 128 + N a run stopped by\n"
          "signal N (130: Ctrl-C).\n", f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return GM_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0)
        return gm_cmd_help(argc - 1, argv + 1, usage);
    if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0) {
        usage(stdout);
        return GM_EXIT_OK;
    }
    gm_version = GM_VERSION;
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("gmem %s\n", gm_version);
        return GM_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(commands[i].name, name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    gm_fail(GM_EXIT_USAGE, "unknown command '%s' (try: gmem help)", name);
    return GM_EXIT_USAGE;
}
