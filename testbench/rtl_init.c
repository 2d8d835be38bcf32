#include "rtl_init.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "util/parse.h"
#include "util/rng.h"

enum { SEED_MAX = 0x7fffffff }; /* Verilator's seeds are positive ints */

void gm_rtl_xopts_default(gm_rtl_xopts_t *x)
{
    memset(x, 0, sizeof *x);
    x->mode = GM_RTL_X_RANDOM;
}

/* The digits after `prefix` in arg, within [lo, hi]. */
static int plus_value(const char *arg, const char *prefix, uint64_t lo, uint64_t hi,
                      uint64_t *v, gm_err_t *err)
{
    const char *s = arg + strlen(prefix);
    if (!*s || strspn(s, "0123456789") != strlen(s) || gm_parse_u64(s, 10, v) || *v < lo ||
        *v > hi)
        return gm_errf(err, "%s: %sN takes N from %" PRIu64 " to %" PRIu64, arg, prefix, lo,
                       hi);
    return 0;
}

int gm_rtl_xopt(const char *arg, gm_rtl_xopts_t *x, gm_err_t *err)
{
    static const char reset[] = "+verilator+rand+reset+", seed[] = "+verilator+seed+";
    uint64_t v;
    if (!strncmp(arg, reset, sizeof reset - 1)) {
        if (plus_value(arg, reset, 0, 2, &v, err))
            return -1;
        x->mode = (int)v;
        return 1;
    }
    if (!strncmp(arg, seed, sizeof seed - 1)) {
        if (plus_value(arg, seed, 1, SEED_MAX, &v, err))
            return -1;
        x->seed = v;
        x->seed_given = 1;
        return 1;
    }
    if (!strncmp(arg, "+verilator+", 11)) {
        gm_errf(err, "%s: only +verilator+rand+reset+N and +verilator+seed+N are taken", arg);
        return -1;
    }
    return 0;
}

gm_rtl_init_t gm_rtl_xinit(const gm_rtl_xopts_t *x, uint64_t run_seed, const char *name)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a of the name */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 0x100000001b3ull;
    uint64_t base = x->seed_given ? x->seed : run_seed;
    gm_rtl_init_t in;
    in.mode = x->mode;
    in.seed = (uint32_t)(gm_mix64(base ^ gm_mix64(h)) % SEED_MAX) + 1;
    return in;
}

void gm_rtl_xdescribe(const gm_rtl_xopts_t *x, uint64_t run_seed, char *buf, size_t n)
{
    static const char *const what[] = {"zeros", "ones", "random"};
    if (x->mode == GM_RTL_X_RANDOM)
        if (x->seed_given)
            snprintf(buf, n, "random (+verilator+rand+reset+2 +verilator+seed+%" PRIu64 ")",
                     x->seed);
        else
            snprintf(buf, n, "random (+verilator+rand+reset+2, seeded by --seed %" PRIu64 ")",
                     run_seed);
    else
        snprintf(buf, n, "%s (+verilator+rand+reset+%d)", what[x->mode], x->mode);
}
