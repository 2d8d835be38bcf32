/* `gmem-cosim cosim BLOCK`: lockstep a block's C model against its RTL at
 * every parameter point (configs/blocks/BLOCK/ *.json). */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "lockstep.h"
#include "util/mkdirs.h"

static const char usage_text[] =
    "usage: gmem-cosim cosim BLOCK [options]\n"
    "\n"
    "Runs BLOCK's C model and its Verilated RTL in lockstep at every parameter\n"
    "point in configs/blocks/BLOCK/ and compares every output every cycle and\n"
    "the state registers. A mismatch stops the run with a report (cycle, port,\n"
    "both values, first diverging state register, last inputs, VCD window);\n"
    "exit status 1. Bad arguments exit 2.\n"
    "\n"
    "options:\n"
    "  --cycles N         cycles per parameter point (default 100000)\n"
    "  --seed S           stimulus seed (default 1)\n"
    "  --point NAME       only this parameter point\n"
    "  --stim NAME        stimulus (default random); --stim list lists them\n"
    "  --vcd PREFIX       write PREFIX.c.vcd and PREFIX.rtl.vcd of the whole run\n"
    "                     (point default; other points PREFIX.<point>.*.vcd)\n"
    "  --inject-fault C   flip one RTL output bit at cycle C: the run must fail\n"
    "                     (exit 1); a run that ends before cycle C exits 2:\n"
    "                     the fault was never injected\n"
    "  --window N         cycles of history in a mismatch VCD window (default 64)\n"
    "  --mismatch-vcd P   prefix of the mismatch VCD window\n"
    "                     (default build/mismatch/BLOCK.POINT)\n"
    "  --coverage         print the stimulus' coverage report; exit 1 if incomplete\n"
    "  +verilator+rand+reset+N  the RTL's registers before reset: 0 zeros, 1 ones,\n"
    "                     2 random (default), seeded by --seed unless:\n"
    "  +verilator+seed+N  the seed of the random start (1..2147483647)\n";

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static const gm_rtl_ops_t *find_rtl(const char *block, const char *point)
{
    for (const gm_rtl_ops_t *const *m = gm_rtl_models; *m; m++)
        if (!strcmp((*m)->block, block) && !strcmp((*m)->point, point))
            return *m;
    return NULL;
}

static void list_stims(const char *block)
{
    printf("stimuli of %s:\n", block);
    for (const gm_stim_t *const *const *set = gm_stim_sets; *set; set++)
        for (const gm_stim_t *const *s = *set; *s; s++)
            if (!strcmp((*s)->block, block))
                printf("  %-16s %s\n", (*s)->name, (*s)->doc);
}

int gm_cmd_cosim(int argc, char **argv)
{
    gm_lockstep_opts_t o;
    const char *block = NULL, *only = NULL, *stim_name = "random";
    const char *vcd = NULL, *mism = NULL;
    uint64_t v;
    memset(&o, 0, sizeof o);
    o.cycles = 100000;
    o.seed = 1;
    o.fault_cycle = -1;
    o.window = 64;
    o.out = stdout;
    gm_rtl_xopts_default(&o.x);

    if (gm_wants_help(argc, argv)) {
        fputs(usage_text, stdout);
        return GM_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has = i + 1 < argc;
        gm_err_t xerr;
        int xo = gm_rtl_xopt(a, &o.x, &xerr);
        if (xo < 0)
            return gm_fail(GM_EXIT_USAGE, "cosim: %s", xerr.msg);
        if (xo > 0)
            continue;
        if (!strcmp(a, "--coverage")) {
            o.coverage = 1;
        } else if (a[0] == '-' && !has) {
            static const char *const valued[] = {"--cycles", "--seed", "--inject-fault",
                                                 "--window", "--point", "--stim", "--vcd",
                                                 "--mismatch-vcd", NULL};
            unsigned k = 0;
            while (valued[k] && strcmp(valued[k], a))
                k++;
            return valued[k]
                       ? gm_fail(GM_EXIT_USAGE, "cosim: %s needs a value (see --help)", a)
                       : gm_fail(GM_EXIT_USAGE, "cosim: unknown option '%s' (see --help)", a);
        } else if (!strcmp(a, "--cycles")) {
            if (gm_opt_u64("cosim", a, argv[++i], &o.cycles))
                return GM_EXIT_USAGE;
        } else if (!strcmp(a, "--seed")) {
            if (gm_opt_u64("cosim", a, argv[++i], &o.seed))
                return GM_EXIT_USAGE;
        } else if (!strcmp(a, "--inject-fault")) {
            if (gm_opt_u64("cosim", a, argv[++i], &v))
                return GM_EXIT_USAGE;
            o.fault_cycle = (int64_t)v;
        } else if (!strcmp(a, "--window")) {
            if (gm_opt_u64("cosim", a, argv[++i], &v))
                return GM_EXIT_USAGE;
            o.window = (unsigned)v;
        } else if (!strcmp(a, "--point")) {
            only = argv[++i];
        } else if (!strcmp(a, "--stim")) {
            stim_name = argv[++i];
        } else if (!strcmp(a, "--vcd")) {
            vcd = argv[++i];
        } else if (!strcmp(a, "--mismatch-vcd")) {
            mism = argv[++i];
        } else if (a[0] == '-') {
            return gm_fail(GM_EXIT_USAGE, "cosim: unknown option '%s' (see --help)", a);
        } else if (!block) {
            block = a;
        } else {
            return gm_fail(GM_EXIT_USAGE, "cosim: unexpected argument '%s'", a);
        }
    }
    if (!block)
        return gm_fail(GM_EXIT_USAGE, "cosim: missing BLOCK (see gmem list)");
    o.desc = gm_block_find(block);
    if (!o.desc) {
        char names[512];
        size_t used = 0;
        names[0] = 0;
        for (const gm_block_desc_t *const *b = gm_blocks; *b && used < sizeof names; b++)
            used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
                                     b == gm_blocks ? "" : ", ", (*b)->name);
        return gm_fail(GM_EXIT_USAGE, "cosim: unknown block '%s' (blocks: %s)", block, names);
    }
    if (!strcmp(stim_name, "list")) {
        list_stims(block);
        return GM_EXIT_OK;
    }
    o.stim = gm_stim_find(block, stim_name);
    if (!o.stim)
        return gm_fail(GM_EXIT_USAGE,
                       "cosim: block %s has no stimulus '%s' (see --stim list)", block,
                       stim_name);

    /* The parameter points: every JSON file of the block's folder. */
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/configs/blocks/%s", gm_home(), block);
    DIR *dp = opendir(dir);
    if (!dp)
        return gm_fail(GM_EXIT_USAGE, "cosim: %s: %s", dir, strerror(errno));
    char *points[256];
    int np = 0;
    for (struct dirent *e; (e = readdir(dp)) && np < 256;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json") &&
            (!only || (strlen(only) == len - 5 && !strncmp(only, e->d_name, len - 5))))
            points[np++] = strndup(e->d_name, len - 5);
    }
    closedir(dp);
    if (np == 0)
        return gm_fail(GM_EXIT_USAGE, "cosim: %s: no parameter point%s%s", dir,
                       only ? " named " : "s", only ? only : "");
    qsort(points, (size_t)np, sizeof points[0], cmp_str);

    int status = GM_EXIT_OK;
    uint64_t mismatches = 0, max_cycles = 0;
    if (np > 1) {
        printf("cosim %s: %d parameter points:", block, np);
        for (int i = 0; i < np; i++)
            printf(" %s", points[i]);
        printf("\n");
    }
    for (int i = 0; i < np && status != GM_EXIT_USAGE; i++) {
        char file[1200], vcdp[1200], mp[1200];
        gm_err_t err;
        gm_lockstep_result_t r;
        snprintf(file, sizeof file, "%s/%s.json", dir, points[i]);
        o.point = points[i];
        o.point_file = file;
        o.rtl = find_rtl(block, points[i]);
        if (!o.rtl) {
            status = gm_fail(GM_EXIT_USAGE,
                             "cosim: no RTL model for %s/%s in this binary; run `make cosim`",
                             block, points[i]);
            break;
        }
        if (vcd) {
            if (!strcmp(points[i], "default"))
                snprintf(vcdp, sizeof vcdp, "%s", vcd);
            else
                snprintf(vcdp, sizeof vcdp, "%s.%s", vcd, points[i]);
            gm_mkdirs(vcdp);
        }
        o.vcd_prefix = vcd ? vcdp : NULL;
        if (mism)
            snprintf(mp, sizeof mp, "%s%s%s", mism, np > 1 ? "." : "", np > 1 ? points[i] : "");
        else
            snprintf(mp, sizeof mp, "%s/build/mismatch/%s.%s", gm_home(), block, points[i]);
        gm_mkdirs(mp);
        o.mismatch_prefix = mp;
        if (gm_lockstep_run(&o, &r, &err)) {
            status = gm_fail(GM_EXIT_USAGE, "cosim %s/%s: %s", block, points[i], err.msg);
            break;
        }
        /* A clean run that never reached the fault's cycle checked nothing
         * the fault was to show: it must not look like a caught fault, nor
         * like a pass. */
        if (o.fault_cycle >= 0 && !r.fault_injected && !r.mismatches && !r.golden_failed) {
            status = gm_fail(GM_EXIT_USAGE,
                             "cosim %s/%s: --inject-fault %" PRId64 ": the fault was never "
                             "injected: the run ended after %" PRIu64 " cycles (give --cycles "
                             "above %" PRId64 ")",
                             block, points[i], o.fault_cycle, r.cycles, o.fault_cycle);
            break;
        }
        if (np > 1)
            printf("  point %s: %" PRIu64 " cycles, %" PRIu64 " mismatches%s\n", points[i],
                   r.cycles, r.mismatches, r.golden_failed ? ", golden check FAILED" : "");
        mismatches += r.mismatches;
        max_cycles = r.cycles > max_cycles ? r.cycles : max_cycles;
        if (r.mismatches || r.golden_failed)
            status = GM_EXIT_FAIL;
        if (o.coverage && !r.coverage_full && !r.mismatches && !r.golden_failed) {
            printf("  point %s: coverage incomplete (rows at 0 above)\n", points[i]);
            status = GM_EXIT_FAIL;
        }
    }
    for (int i = 0; i < np; i++)
        free(points[i]);
    if (status == GM_EXIT_USAGE)
        return status;
    printf("cosim %s: %" PRIu64 " cycles, %" PRIu64 " mismatches\n", block, max_cycles,
           mismatches);
    return status;
}
