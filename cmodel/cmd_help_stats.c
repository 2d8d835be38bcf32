/* `gmem help stats [--from S.json] [--markdown]`: the stats reference.
 * Alone it prints every documented path (stats_doc.c). With --from it
 * walks a real report and prints every path the report holds, with its
 * type and description, then the documented paths the report lacks
 * (written only by some runs) -- docs/stats.md is this for a reference
 * run (make docs) -- and fails (exit 1) on a path that is not documented
 * or holds another type than documented, so the writer, which builds the
 * report field by field, cannot grow a path the reference lacks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "help.h"
#include "stats_doc.h"
#include "util/config.h"

enum { MAX_DOCS = 2048 };

typedef struct walk {
    const gm_stats_doc_t *docs;
    unsigned n;
    unsigned char *seen; /* per doc: the report has it */
    int md, bad;
    int mute;            /* checking a second or later array element: no rows */
    const char *file;
} walk_t;

static const gm_stats_doc_t *find(const walk_t *w, const char *path, unsigned *at)
{
    for (unsigned i = 0; i < w->n; i++)
        if (!strcmp(w->docs[i].path, path)) {
            *at = i;
            return &w->docs[i];
        }
    return NULL;
}

/* Whether a value has the documented type (an integer a whole number). */
static int type_ok(const char *type, const cJSON *v)
{
    if (!strncmp(type, "array", 5))
        return cJSON_IsArray(v);
    if (!strcmp(type, "string"))
        return cJSON_IsString(v);
    if (!strcmp(type, "boolean"))
        return cJSON_IsBool(v);
    if (!strcmp(type, "integer"))
        return cJSON_IsNumber(v) && v->valuedouble == (double)(long long)v->valuedouble;
    if (!strcmp(type, "number"))
        return cJSON_IsNumber(v);
    return 0;
}

static const char *observed(const cJSON *v)
{
    return cJSON_IsArray(v)    ? "array"
           : cJSON_IsString(v) ? "string"
           : cJSON_IsBool(v)   ? "boolean"
           : cJSON_IsNumber(v) ? "number"
           : cJSON_IsNull(v)   ? "null"
                               : "object";
}

static void row(int md, const char *path, const char *type, const char *doc, const char *when)
{
    if (md && when)
        printf("| `%s` | %s | %s | %s |\n", path, type, when, doc);
    else if (md)
        printf("| `%s` | %s | %s |\n", path, type, doc);
    else if (when)
        printf("%s  %s  (written: %s)\n    %s\n", path, type, when, doc);
    else
        printf("%s  %s\n    %s\n", path, type, doc);
}

static void walk_elements(walk_t *w, const cJSON *a, const char *path);

static void walk(walk_t *w, const cJSON *o, const char *path)
{
    for (const cJSON *x = o->child; x; x = x->next) {
        char sub[256];
        snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", x->string);
        if (cJSON_IsObject(x)) {
            walk(w, x, sub);
            continue;
        }
        unsigned at;
        const gm_stats_doc_t *d = find(w, sub, &at);
        if (!d) {
            gm_fail(GM_EXIT_FAIL, "help stats: %s: %s (%s) is not documented "
                                  "(cmodel/stats_doc.c)",
                    w->file, sub, observed(x));
            w->bad = 1;
            continue;
        }
        w->seen[at] = 1;
        if (!type_ok(d->type, x)) {
            gm_fail(GM_EXIT_FAIL, "help stats: %s: %s holds a %s, documented as %s",
                    w->file, sub, observed(x), d->type);
            w->bad = 1;
        }
        if (!w->mute)
            row(w->md, sub, d->type, d->doc, NULL);
        if (!strcmp(d->type, "array of object") && cJSON_IsArray(x))
            walk_elements(w, x, sub);
    }
}

/* An array of objects (sms): every element's paths are checked, as
 * "sms[].ctas", and listed once, from the first element. */
static void walk_elements(walk_t *w, const cJSON *a, const char *path)
{
    char sub[256 + 2]; /* walk's path and "[]" */
    snprintf(sub, sizeof sub, "%s[]", path);
    int mute = w->mute;
    for (const cJSON *e = a->child; e; e = e->next) {
        if (!cJSON_IsObject(e)) {
            gm_fail(GM_EXIT_FAIL, "help stats: %s: %s holds a %s, documented as an object",
                    w->file, sub, observed(e));
            w->bad = 1;
            continue;
        }
        walk(w, e, sub);
        w->mute = 1;
    }
    w->mute = mute;
}

static const char intro[] =
    "Every path of a stats report (`gmem run --stats FILE`, schema\n"
    "gmem-stats/1) with its JSON type and meaning; `gmem stats-get FILE PATH`\n"
    "reads one, `gmem stats-get --csv` a table over many reports. Counts\n"
    "cover the whole run, every instance summed; cycles are core cycles\n"
    "unless said. blocks.* come from each block's counters\n"
    "(cmodel/blocks/X.ports), run.config.* is the configuration as resolved\n"
    "(`gmem help config`).\n";

int gm_help_stats(const char *from, int md)
{
    gm_stats_doc_t *docs = calloc(MAX_DOCS, sizeof *docs);
    unsigned char *seen = calloc(MAX_DOCS, 1);
    cJSON *root = NULL;
    gm_err_t err;
    int rc = GM_EXIT_OK;
    if (!docs || !seen) {
        rc = gm_fail(GM_EXIT_FAIL, "help stats: out of memory");
        goto out;
    }
    unsigned n = gm_stats_docs(docs, MAX_DOCS);
    if (n > MAX_DOCS)
        abort(); /* MAX_DOCS is sized for the build's tables */
    if (from && gm_json_load(from, &root, &err)) {
        rc = gm_fail(GM_EXIT_USAGE, "%s", err.msg);
        goto out;
    }
    if (from && !cJSON_IsObject(root)) {
        rc = gm_fail(GM_EXIT_USAGE, "%s: expected a stats report (a JSON object)", from);
        goto out;
    }
    if (md)
        puts("# gmem stats reference\n\n"
             "<!-- generated by `gmem help stats --markdown --from REPORT` (make docs) "
             "from a reference run; do not edit -->\n");
    fputs(intro, stdout);
    if (from) {
        if (md)
            puts("\nThe paths of a report of the reference run (`make docs`: the\n"
                 "fermi-gtx480 configuration, every plug-in at its default), in the\n"
                 "report's order:\n\n| path | type | description |\n|---|---|---|");
        else
            printf("\nThe paths of %s:\n\n", from);
        walk_t w = {docs, n, seen, md, 0, 0, from};
        walk(&w, root, "");
        rc = w.bad ? GM_EXIT_FAIL : GM_EXIT_OK;
    }
    if (md)
        printf("\n%s\n\n| path | type | written when | description |\n|---|---|---|---|\n",
               from ? "Paths that only some runs write (a block type the run made, a "
                      "plug-in that was on, a `gmem run` option such as --per-sm):"
                    : "Every documented path:");
    else
        printf("\n%s\n\n", from ? "Paths only some runs write:" : "Every documented path:");
    for (unsigned i = 0; i < n; i++)
        if (!seen[i])
            row(md, docs[i].path, docs[i].type, docs[i].doc,
                docs[i].when[0] ? docs[i].when : "every run");
out:
    cJSON_Delete(root);
    free(docs);
    free(seen);
    return rc;
}
