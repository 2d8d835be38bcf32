/* Commands on stats reports: diff-stats and stats-get. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/config.h"

/* ---- diff-stats: two stats reports, difference by difference ---- */

static int diff_json(const cJSON *a, const cJSON *b, const char *path, int *n)
{
    char sub[512];
    if (cJSON_IsObject(a) && cJSON_IsObject(b)) {
        for (const cJSON *x = a->child; x; x = x->next) {
            snprintf(sub, sizeof sub, "%s.%s", path, x->string);
            const cJSON *y = cJSON_GetObjectItemCaseSensitive(b, x->string);
            if (!y) {
                printf("  %s: only in the first\n", sub);
                (*n)++;
            } else {
                diff_json(x, y, sub, n);
            }
        }
        for (const cJSON *y = b->child; y; y = y->next)
            if (!cJSON_GetObjectItemCaseSensitive(a, y->string)) {
                printf("  %s.%s: only in the second\n", path, y->string);
                (*n)++;
            }
        return *n;
    }
    if (cJSON_IsArray(a) && cJSON_IsArray(b) &&
        cJSON_GetArraySize(a) == cJSON_GetArraySize(b)) {
        for (int i = 0; i < cJSON_GetArraySize(a); i++) {
            snprintf(sub, sizeof sub, "%s[%d]", path, i);
            diff_json(cJSON_GetArrayItem(a, i), cJSON_GetArrayItem(b, i), sub, n);
        }
        return *n;
    }
    if (!cJSON_Compare(a, b, 1)) {
        char *ta = cJSON_PrintUnformatted(a), *tb = cJSON_PrintUnformatted(b);
        printf("  %s: %s -> %s\n", path, ta ? ta : "?", tb ? tb : "?");
        cJSON_free(ta);
        cJSON_free(tb);
        (*n)++;
    }
    return *n;
}

int gm_cmd_diff_stats(int argc, char **argv)
{
    static const char usage[] =
        "usage: gmem diff-stats A.json B.json\n\n"
        "Compares two stats reports (or any JSON) value by value and prints each\n"
        "difference as a JSON path with both values. Exit 0 if identical, 1 if\n"
        "they differ, 2 on unreadable input.\n";
    if (gm_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return GM_EXIT_OK;
    }
    if (argc != 3) {
        fputs(usage, stderr);
        return gm_fail(GM_EXIT_USAGE, "diff-stats: expected two files, got %d", argc - 1);
    }
    cJSON *a, *b;
    gm_err_t err;
    if (gm_json_load(argv[1], &a, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    if (gm_json_load(argv[2], &b, &err)) {
        cJSON_Delete(a);
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    }
    int n = 0;
    diff_json(a, b, "$", &n);
    cJSON_Delete(a);
    cJSON_Delete(b);
    if (n)
        printf("%d difference%s\n", n, n == 1 ? "" : "s");
    return n ? GM_EXIT_FAIL : GM_EXIT_OK;
}

/* The value at a path "$.a.b" or "a.b" (array elements as a.b[3]); NULL
 * with *why set for a path that is not one (empty, an empty key, a bad
 * index). The whole path is checked whatever the document holds, so a
 * malformed path is named as such, not as a value some file lacks. */
const cJSON *gm_json_at_path(const cJSON *root, const char *path, const char **why)
{
    char buf[256];
    *why = NULL;
    const char *p = path[0] == '$' ? path + 1 : path;
    if (*p == '.')
        p++;
    if (!*p) {
        *why = "an empty path (give a key, e.g. ipc or l1d.hit_rate)";
        return NULL;
    }
    if (strlen(p) >= sizeof buf) {
        *why = "a path longer than 255 characters";
        return NULL;
    }
    memcpy(buf, p, strlen(p) + 1);
    const cJSON *o = root;
    for (char *k = buf;;) {
        char *dot = strchr(k, '.');
        if (dot)
            *dot = 0;
        char *br = strchr(k, '[');
        long idx = -1;
        if (br) {
            char *end;
            idx = strtol(br + 1, &end, 10);
            if (end == br + 1 || *end != ']' || end[1] || idx < 0) {
                *why = "expected KEY[N] with a non-negative index N";
                return NULL;
            }
            *br = 0;
        }
        if (!*k) {
            *why = "an empty key";
            return NULL;
        }
        o = o ? cJSON_GetObjectItemCaseSensitive(o, k) : NULL;
        if (o && idx >= 0)
            o = idx <= 0x7fffffff ? cJSON_GetArrayItem(o, (int)idx) : NULL;
        if (!dot)
            break;
        k = dot + 1;
    }
    return o;
}

int gm_cmd_stats_get(int argc, char **argv)
{
    static const char usage[] =
        "usage: gmem stats-get FILE PATH [PATH...]\n"
        "       gmem stats-get --csv [--missing=VALUE] FILE... -- PATH...\n\n"
        "Prints the value at each JSON path of a stats report, one per line,\n"
        "e.g. gmem stats-get s.json ipc l1d.hit_rate dram.row_hit_rate.\n"
        "A path is \"a.b\" or \"$.a.b\", an array element a.b[3].\n"
        "A path that does not exist is an error naming file and path (exit 2).\n\n"
        "--csv: a CSV table over many reports: a header (file, then each path),\n"
        "then a row per FILE, in the order given; strings and JSON values with\n"
        "commas or quotes are quoted (RFC 4180). A path missing from a file is\n"
        "an error (exit 2, nothing printed) unless --missing=VALUE, which puts\n"
        "VALUE in its cell (--missing= leaves it empty), e.g.\n"
        "  gmem stats-get --csv runs/*.json -- config ipc l1d.hit_rate\n";
    if (gm_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return GM_EXIT_OK;
    }
    if (argc > 1 && (!strcmp(argv[1], "--csv") || !strncmp(argv[1], "--missing=", 10)))
        return gm_stats_get_csv(argc, argv);
    if (argc < 3) {
        fputs(usage, stderr);
        return gm_fail(GM_EXIT_USAGE, "stats-get: expected FILE and at least one PATH");
    }
    cJSON *root;
    gm_err_t err;
    if (gm_json_load(argv[1], &root, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    int rc = GM_EXIT_OK;
    for (int i = 2; i < argc && rc == GM_EXIT_OK; i++) {
        const char *why;
        const cJSON *v = gm_json_at_path(root, argv[i], &why);
        if (!v) {
            rc = why ? gm_fail(GM_EXIT_USAGE, "stats-get: '%s': %s", argv[i], why)
                     : gm_fail(GM_EXIT_USAGE, "%s: no value at %s", argv[1], argv[i]);
            break;
        }
        char *t = cJSON_PrintUnformatted(v);
        if (cJSON_IsString(v))
            puts(v->valuestring);
        else
            puts(t ? t : "?");
        cJSON_free(t);
    }
    cJSON_Delete(root);
    return rc;
}
