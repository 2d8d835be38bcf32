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
    if (gm_wants_help(argc, argv) || argc != 3) {
        puts("usage: gmem diff-stats A.json B.json\n\n"
             "Compares two stats reports (or any JSON) value by value and prints each\n"
             "difference as a JSON path with both values. Exit 0 if identical, 1 if\n"
             "they differ, 2 on unreadable input.");
        return gm_wants_help(argc, argv) ? GM_EXIT_OK : GM_EXIT_USAGE;
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

/* The value at a path "$.a.b" or "a.b" (array elements as a.b[3]). */
static const cJSON *at_path(const cJSON *root, const char *path)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path[0] == '$' ? path + 1 : path);
    const cJSON *o = root;
    char *save = NULL;
    for (char *k = strtok_r(buf, ".", &save); k && o; k = strtok_r(NULL, ".", &save)) {
        char *br = strchr(k, '[');
        int idx = -1;
        if (br) {
            idx = atoi(br + 1);
            *br = 0;
        }
        o = cJSON_GetObjectItemCaseSensitive(o, k);
        if (o && idx >= 0)
            o = cJSON_GetArrayItem(o, idx);
    }
    return o;
}

int gm_cmd_stats_get(int argc, char **argv)
{
    if (gm_wants_help(argc, argv) || argc < 3) {
        puts("usage: gmem stats-get FILE PATH [PATH...]\n\n"
             "Prints the value at each JSON path of a stats report, one per line,\n"
             "e.g. gmem stats-get s.json ipc l1d.hit_rate dram.row_hit_rate.\n"
             "A path that does not exist is an error (exit 2).");
        return gm_wants_help(argc, argv) ? GM_EXIT_OK : GM_EXIT_USAGE;
    }
    cJSON *root;
    gm_err_t err;
    if (gm_json_load(argv[1], &root, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    int rc = GM_EXIT_OK;
    for (int i = 2; i < argc && rc == GM_EXIT_OK; i++) {
        const cJSON *v = at_path(root, argv[i]);
        if (!v) {
            rc = gm_fail(GM_EXIT_USAGE, "%s: no value at %s", argv[1], argv[i]);
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
