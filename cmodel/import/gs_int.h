/* Inside the GPGPU-Sim importer (gpgpusim.h): the options as read, the
 * import's state, and the parts each file provides. */
#ifndef GM_IMPORT_GS_INT_H
#define GM_IMPORT_GS_INT_H

#include <stdint.h>

#include "gpgpusim.h"
#include "util/config.h"

typedef struct gs_opt {
    char *name;     /* "-gpgpu_n_mem" */
    char *value;    /* the value token, quotes removed */
    unsigned line;  /* where the option's name stands */
    int used;       /* a mapping took it */
} gs_opt_t;

/* The option being mapped: its text, or GPGPU-Sim's default (line 0). */
typedef struct gs_val {
    const char *name, *value;
    unsigned line;  /* 0: not in the file, GPGPU-Sim's default */
} gs_val_t;

enum { GS_MAX_SOURCES = 96 };

typedef struct gs {
    const char *file;
    gs_opt_t *opt;
    unsigned n;
    cJSON *cfg;     /* the gmem fields set so far, by JSON path */
    gs_val_t cur;   /* the option being mapped (get() sets it) */
    struct { char path[48]; gs_val_t from; } src[GS_MAX_SOURCES]; /* who set a field */
    unsigned nsrc;
    double mhz[4];  /* core, icnt, l2, dram clocks */
    gm_gs_report_fn report;
    void *ctx;
    gm_gs_counts_t counts;
    gm_err_t *err;
} gs_t;

/* gs_file.c: the option file as GPGPU-Sim reads it: '#' to the end of a
 * line is a comment, tokens are separated by white space, a token that
 * opens with '"' runs to the token that closes it (across lines), and the
 * tokens pair up as -name value. */
int gs_read_options(gs_t *g, const char *text, size_t len);
void gs_free_options(gs_t *g);

/* gpgpusim.c: reporting and setting gmem fields. */
void gs_report(gs_t *g, const gs_val_t *v, const char *kind, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
int gs_fail(gs_t *g, const gs_val_t *v, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Set a gmem field (path "l1d.c.sets"), checked against its schema range
 * (a value outside it fails naming the option). */
int gs_put_uint(gs_t *g, const gs_val_t *v, const char *path, uint64_t x);
int gs_put_str(gs_t *g, const char *path, const char *s);
int gs_put_bool(gs_t *g, const char *path, int b);
int gs_is_set(const gs_t *g, const char *path);
/* s whole as 1..9 decimal digits (no sign, space or base prefix, so any
 * value fits): 0 and *x, else -1. */
int gs_decimal(const char *s, unsigned long *x);

/* gs_rest.c: every option no mapping took, reported as unmapped with its
 * reason; every gmem field of schema s (at path) no option set, reported
 * with its value in cfg (plug-in sections skipped: gmem's own mechanisms). */
void gs_report_left(gs_t *g);
void gs_report_defaults(gs_t *g, const gm_schema_t *s, const char *path, const void *cfg);

/* gs_cache.c: a -gpgpu_cache:dl1 / dl2 geometry string onto l1d.c / l2.c. */
/* 1 when a -gpgpu_cache value is of type S (sectored) */
int gs_cache_sectored(const char *value);
/* the 4.x form: a leading type, N or S (3.x strings have none) */
int gs_cache_typed(const char *value);
/* sector: 32 when both caches are type S (gmem's one sector size), else 0 */
int gs_map_cache(gs_t *g, const gs_val_t *v, int l2, unsigned sector);

/* gs_addr.c: the DRAM address mapping onto part.chunk_lb and dram.addr_map;
 * mapping is -gpgpu_mem_addr_mapping (NULL: not given), mask
 * -gpgpu_mem_address_mask. */
int gs_map_addr(gs_t *g, const gs_val_t *mapping, const gs_val_t *mask, unsigned channels);

#endif
