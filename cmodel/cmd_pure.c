/* Commands as the pure-C build provides them: no RTL models, so `cosim`
 * points to build/gmem-cosim and `run` has no --rtl. The cosim build links
 * testbench/cmd_cosim.c instead of this file. */
#include <stdio.h>

#include "cli.h"
#include "util/err.h"

int gm_cmd_run(int argc, char **argv)
{
    gm_run_opts_t o;
    int rc = gm_run_parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? GM_EXIT_OK : rc;
    return gm_run_exec(&o, NULL, 0);
}


int gm_cmd_cosim(int argc, char **argv)
{
    if (gm_wants_help(argc, argv)) {
        puts("usage: gmem-cosim cosim BLOCK [options]\n\n"
             "Lockstep of a block's C model against its Verilated RTL. This pure-C\n"
             "build has no RTL models: run `make cosim` and use build/gmem-cosim\n"
             "(`build/gmem-cosim cosim --help` lists the options).");
        return GM_EXIT_OK;
    }
    return gm_fail(GM_EXIT_USAGE,
                   "cosim: this is the pure-C build without RTL models; run "
                   "`make cosim` and use build/gmem-cosim");
}

int gm_cmd_replay(int argc, char **argv)
{
    if (gm_wants_help(argc, argv)) {
        puts("usage: gmem-cosim replay FILE\n\n"
             "Replays a port trace against a block's RTL. This pure-C build has no\n"
             "RTL models: run `make cosim` and use build/gmem-cosim.");
        return GM_EXIT_OK;
    }
    return gm_fail(GM_EXIT_USAGE,
                   "replay: this is the pure-C build without RTL models; run `make cosim` "
                   "and use build/gmem-cosim");
}
