/* `gmem import-gpgpusim`: a GPGPU-Sim option file (gpgpusim.config) into a
 * gmem configuration (README.md, "Coming from GPGPU-Sim").
 *
 * The result is a root configuration giving every field, so it does not
 * move when a shipped configuration changes. Each field comes from one of
 * three places, and the report says which for every one that is not a
 * plain copy of the file: the option in the file; GPGPU-Sim's own default
 * for an option the file leaves out (what GPGPU-Sim would simulate); or,
 * for a field no GPGPU-Sim option describes, gmem's schema default. An
 * option (or a part of one, such as a cache's sector type) whose meaning
 * gmem has no field for is reported as unmapped and never approximated
 * into a field of a different meaning. */
#ifndef GM_IMPORT_GPGPUSIM_H
#define GM_IMPORT_GPGPUSIM_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "util/err.h"

/* One report line ("FILE:LINE: unmapped: -opt VALUE: why", without a
 * newline); ctx is the caller's. */
typedef void (*gm_gs_report_fn)(void *ctx, const char *line);

typedef struct gm_gs_counts {
    unsigned options;   /* option lines read */
    unsigned mapped;    /* options mapped whole */
    unsigned unmapped;  /* unmapped options or parts of options reported */
    unsigned defaults;  /* gmem fields no GPGPU-Sim option gives */
} gm_gs_counts_t;

/* Import text[0..len) (text[len] == 0), read from `file` (it labels every
 * message), into *out: a complete gmem configuration named `name`, checked
 * by gmem's loader rules. Returns 0, or -1 with err = "FILE:LINE: -opt
 * VALUE: what was expected" (bad syntax, a malformed value, a value out of
 * GPGPU-Sim's or gmem's range). */
int gm_gpgpusim_import(const char *text, size_t len, const char *file, const char *name,
                       cJSON **out, gm_gs_report_fn report, void *ctx, gm_gs_counts_t *counts,
                       gm_err_t *err);

#endif
