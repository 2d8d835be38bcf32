/* Typed configuration from JSON (cJSON). A schema is a table of fields with
 * their defaults and legal ranges: defaults live in that one table, and every
 * error names the file and the JSON path of the offending value. */
#ifndef GM_CONFIG_H
#define GM_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include <cjson/cJSON.h>

#include "err.h"

typedef enum gm_ftype {
    GM_F_UINT,   /* unsigned integer stored in 1, 2, 4 or 8 bytes */
    GM_F_BOOL,   /* true/false, stored as int */
    GM_F_ENUM,   /* one of `names`, stored as int (the index) */
    GM_F_STRING, /* stored in char[size] */
    GM_F_OBJECT  /* nested schema, stored inline at `offset` */
} gm_ftype_t;

typedef struct gm_schema gm_schema_t;

typedef struct gm_field {
    const char *key;
    gm_ftype_t type;
    size_t offset;
    size_t size;
    uint64_t def, min, max;   /* UINT range; BOOL/ENUM default in def */
    const char *const *names; /* ENUM: NULL-terminated */
    const gm_schema_t *sub;   /* OBJECT */
    const char *str_def;      /* STRING default */
    const char *doc;          /* what the field is, in hardware terms */
    const char *unit;         /* UINT: "MHz", "bytes", "L2 cycles"; NULL: none */
} gm_field_t;

struct gm_schema {
    const gm_field_t *fields;
    unsigned n;
};

/* Helpers to write schema tables. */
#define GM_FIELD_UINT(S, m, d, lo, hi, doc_)                                   \
    GM_FIELD_UINT_U(S, m, d, lo, hi, NULL, doc_)
/* An integer with a unit: `gmem help config` prints it in a column of its
 * own, so the description need not repeat it. */
#define GM_FIELD_UINT_U(S, m, d, lo, hi, unit_, doc_)                          \
    {#m, GM_F_UINT, offsetof(S, m), sizeof(((S *)0)->m), d, lo, hi, NULL,      \
     NULL, NULL, doc_, unit_}
#define GM_FIELD_BOOL(S, m, d, doc_)                                           \
    {#m, GM_F_BOOL, offsetof(S, m), sizeof(int), d, 0, 1, NULL, NULL, NULL,    \
     doc_, NULL}
#define GM_FIELD_ENUM(S, m, d, names_, doc_)                                   \
    {#m, GM_F_ENUM, offsetof(S, m), sizeof(int), d, 0, 0, names_, NULL, NULL,  \
     doc_, NULL}
#define GM_FIELD_STR(S, m, d, doc_)                                            \
    {#m, GM_F_STRING, offsetof(S, m), sizeof(((S *)0)->m), 0, 0, 0, NULL,      \
     NULL, d, doc_, NULL}
#define GM_FIELD_OBJ(S, m, sub_, doc_)                                         \
    {#m, GM_F_OBJECT, offsetof(S, m), sizeof(((S *)0)->m), 0, 0, 0, NULL,      \
     sub_, NULL, doc_, NULL}

/* Fill every field of `obj` with its default. */
void gm_cfg_defaults(const gm_schema_t *s, void *obj);

/* Parse a JSON file (a regular file of at most GM_MAX_JSON_BYTES, see
 * util/file.h); a syntax error names file, line and column. */
int gm_json_load(const char *path, cJSON **out, gm_err_t *err);
/* The same with another size limit. */
int gm_json_load_max(const char *path, uint64_t max, cJSON **out, gm_err_t *err);
/* Parse buf[0..len) (buf[len] must be 0); `name` labels messages. */
int gm_json_parse(const char *buf, size_t len, const char *name, cJSON **out, gm_err_t *err);

/* Apply a JSON object onto `obj` (already holding defaults). `file` and
 * `path` (e.g. "$" or "$.l1d") only label error messages. */
int gm_cfg_apply(const cJSON *json, const char *file, const char *path,
                 const gm_schema_t *s, void *obj, gm_err_t *err);

/* Defaults, then the file's values. */
int gm_cfg_load(const char *file, const gm_schema_t *s, void *obj,
                gm_err_t *err);

/* Whether `json` gives every field of `s`: 0 if it does, else 1 with the
 * JSON path of the first field it leaves out (schema order, depth first,
 * e.g. "$.sm" or "$.l1d.c.xor_shift") in out[0..n). A field for which
 * optional(path) is 1 (an object: whole) may be left out (NULL: none may). A value
 * of the wrong type is not looked into: gm_cfg_apply names it. */
int gm_cfg_first_missing(const cJSON *json, const gm_schema_t *s, const char *path,
                         int (*optional)(const char *path), char *out, size_t n);

/* The effective values of `obj` as JSON (for stats and `--dump-config`). */
cJSON *gm_cfg_to_json(const gm_schema_t *s, const void *obj);

/* Read an unsigned integer JSON value with range check (shared helper). */
int gm_json_uint(const cJSON *v, const char *file, const char *path,
                 uint64_t min, uint64_t max, uint64_t *out, gm_err_t *err);

#endif
