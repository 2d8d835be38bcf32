/* `gmem stats-get --csv FILE... -- PATH...`: one CSV table over many stats
 * reports, a row per file, a column per path, for a spreadsheet or a
 * plotting script. Every file is read and every value found before a
 * line is printed: an error leaves stdout empty, not a table cut short
 * that a script could take for a whole one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "util/config.h"

/* A field as RFC 4180 has it: quoted (quotes doubled) when it holds a
 * comma, a quote, a line break or edge spaces, which a reader would
 * otherwise split or trim; as it is otherwise. */
static void csv_field(const char *s)
{
    size_t n = strlen(s);
    if (!strpbrk(s, ",\"\r\n") && !(n && (s[0] == ' ' || s[n - 1] == ' '))) {
        fputs(s, stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"')
            putchar('"');
        putchar(*s);
    }
    putchar('"');
}

/* A value as its cell: a string's text, anything else its compact JSON. */
static void csv_value(const cJSON *v)
{
    if (cJSON_IsString(v)) {
        csv_field(v->valuestring);
        return;
    }
    char *t = cJSON_PrintUnformatted(v);
    csv_field(t ? t : "?");
    cJSON_free(t);
}

int gm_stats_get_csv(int argc, char **argv)
{
    const char *missing = NULL;
    int i = 1, sep = -1;
    /* options first, then FILE... -- PATH... */
    for (; i < argc && !strncmp(argv[i], "--", 2) && argv[i][2]; i++) {
        if (!strcmp(argv[i], "--csv"))
            continue;
        if (!strncmp(argv[i], "--missing=", 10))
            missing = argv[i] + 10;
        else
            return gm_fail(GM_EXIT_USAGE, "stats-get: unknown option '%s' (expected --csv "
                                          "or --missing=VALUE)",
                           argv[i]);
    }
    int first = i;
    for (; i < argc; i++)
        if (!strcmp(argv[i], "--")) {
            sep = i;
            break;
        }
    if (sep < 0)
        return gm_fail(GM_EXIT_USAGE, "stats-get --csv: expected FILE... -- PATH... (the "
                                      "paths after a '--')");
    int nf = sep - first, np = argc - sep - 1;
    if (nf < 1 || np < 1)
        return gm_fail(GM_EXIT_USAGE, "stats-get --csv: expected at least one FILE before "
                                      "'--' and one PATH after it, got %d and %d",
                       nf, np);
    char **paths = argv + sep + 1;
    for (int p = 0; p < np; p++) {
        const char *why;
        cJSON *empty = cJSON_CreateObject();
        gm_json_at_path(empty, paths[p], &why);
        cJSON_Delete(empty);
        if (why)
            return gm_fail(GM_EXIT_USAGE, "stats-get: '%s': %s", paths[p], why);
    }
    cJSON **root = calloc((size_t)nf, sizeof *root);
    if (!root)
        return gm_fail(GM_EXIT_FAIL, "stats-get: out of memory");
    int rc = GM_EXIT_OK;
    gm_err_t err;
    for (int f = 0; f < nf && rc == GM_EXIT_OK; f++) {
        if (gm_json_load(argv[first + f], &root[f], &err)) {
            rc = gm_fail(GM_EXIT_USAGE, "%s", err.msg);
            break;
        }
        for (int p = 0; p < np && !missing; p++) {
            const char *why;
            if (!gm_json_at_path(root[f], paths[p], &why)) {
                rc = gm_fail(GM_EXIT_USAGE, "%s: no value at %s (--missing=VALUE fills "
                                            "it in)",
                             argv[first + f], paths[p]);
                break;
            }
        }
    }
    if (rc == GM_EXIT_OK) {
        csv_field("file");
        for (int p = 0; p < np; p++) {
            putchar(',');
            csv_field(paths[p]);
        }
        putchar('\n');
        for (int f = 0; f < nf; f++) {
            csv_field(argv[first + f]);
            for (int p = 0; p < np; p++) {
                const char *why;
                const cJSON *v = gm_json_at_path(root[f], paths[p], &why);
                putchar(',');
                if (v)
                    csv_value(v);
                else
                    csv_field(missing);
            }
            putchar('\n');
        }
    }
    for (int f = 0; f < nf; f++)
        cJSON_Delete(root[f]);
    free(root);
    return rc;
}
