/* The stimulus sets, generated from testbench/stim/ *_stim.c by the build
 * (build/gen/stims.inc): each file defines <block>_stims[]. */
#include <string.h>

#include "stim.h"

#define GM_STIM_SET(b) extern const gm_stim_t *const b##_stims[];
#include "stims.inc"
#undef GM_STIM_SET

const gm_stim_t *const *const gm_stim_sets[] = {
#define GM_STIM_SET(b) b##_stims,
#include "stims.inc"
#undef GM_STIM_SET
    NULL};

const gm_stim_t *gm_stim_find(const char *block, const char *name)
{
    for (const gm_stim_t *const *const *set = gm_stim_sets; *set; set++)
        for (const gm_stim_t *const *s = *set; *s; s++)
            if (strcmp((*s)->block, block) == 0 && strcmp((*s)->name, name) == 0)
                return *s;
    return NULL;
}

int gm_stim_cov_print(FILE *out, const char *const *names, const uint64_t *hits, int n,
                      int width, uint64_t optional)
{
    int full = 1;
    fprintf(out, "  coverage:\n");
    for (int i = 0; i < n; i++) {
        fprintf(out, "    %-*s %10llu\n", width, names[i], (unsigned long long)hits[i]);
        if (!(optional >> i & 1))
            full &= hits[i] > 0;
    }
    return full;
}
