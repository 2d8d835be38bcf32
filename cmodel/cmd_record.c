/* `gmem record`: write a workload's instruction streams as a .gmt trace
 * (workload/trace.c), to replay with --workload trace:file=FILE. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "workload/trace.h"

static const char usage[] =
    "usage: gmem record --workload SPEC [--seed S] -o FILE.gmt\n"
    "\n"
    "Runs every warp of every kernel of a workload (`gmem list workloads`)\n"
    "and writes its instruction streams as a gmem trace (format version 3,\n"
    "with a record count and a CRC-32 of the body), replayed exactly by\n"
    "`gmem run --workload trace:file=FILE.gmt`. The file is replaced in one\n"
    "step when it is complete.\n"
    "\n"
    "options:\n"
    "  --workload SPEC   workload (required)\n"
    "  --seed S          seed for workloads with random data (default 1)\n"
    "  -o FILE           the trace to write (required)\n";

int gm_cmd_record(int argc, char **argv)
{
    const char *spec = NULL, *out = NULL;
    uint64_t seed = 1;
    if (gm_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return GM_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int known = !strcmp(a, "--workload") || !strcmp(a, "--seed") || !strcmp(a, "-o") ||
                    !strcmp(a, "--output");
        if (!known)
            return gm_fail(GM_EXIT_USAGE, "record: unknown option '%s' (see --help)", a);
        if (i + 1 >= argc)
            return gm_fail(GM_EXIT_USAGE, "record: %s needs a value (see --help)", a);
        const char *v = argv[++i];
        if (!strcmp(a, "--workload"))
            spec = v;
        else if (!strcmp(a, "--seed")) {
            if (gm_opt_u64("record", a, v, &seed))
                return GM_EXIT_USAGE;
        } else
            out = v;
    }
    if (!spec)
        return gm_fail(GM_EXIT_USAGE, "record: --workload SPEC is required (see --help)");
    if (!out)
        return gm_fail(GM_EXIT_USAGE, "record: -o FILE is required (see --help)");
    gm_err_t err;
    gm_workload_t *w = gm_workload_create(spec, seed, &err);
    if (!w)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-%ld", out, (long)getpid()) >= (int)sizeof tmp) {
        gm_workload_free(w);
        return gm_fail(GM_EXIT_USAGE, "record: %s: path too long", out);
    }
    int rc = gm_trace_write(w, tmp, &err);
    if (rc) {
        /* the message names the temporary file; say the real one */
        gm_workload_free(w);
        return gm_fail(GM_EXIT_USAGE, "record: %s: %s", out,
                       strncmp(err.msg, tmp, strlen(tmp)) ? err.msg
                                                         : err.msg + strlen(tmp) + 2);
    }
    if (rename(tmp, out)) {
        int e = errno;
        remove(tmp);
        gm_workload_free(w);
        return gm_fail(GM_EXIT_USAGE, "record: %s: %s", out, strerror(e));
    }
    unsigned kernels = 0;
    for (unsigned s = 0; s < gm_workload_streams(w); s++)
        kernels += gm_workload_kernels(w, s);
    printf("record %s: %u stream%s, %u kernel%s -> %s\n", gm_workload_spec(w),
           gm_workload_streams(w), gm_workload_streams(w) == 1 ? "" : "s", kernels,
           kernels == 1 ? "" : "s", out);
    gm_workload_free(w);
    return GM_EXIT_OK;
}
