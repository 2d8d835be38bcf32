/* A configuration file and the bases it builds on (README.md,
 * "Configurations").
 *
 * A file either gives every field of the schema or names, with "base",
 * the configuration it starts from and gives only what differs: no value
 * ever comes from a built-in default without the file saying so (a config
 * with no `sm` section used to run on the defaults' 15 SMs without a
 * word). The one exception is decided by the schema: a plug-in section
 * whose `enable` defaults to false may be left out, which is that
 * mechanism off with its defaults -- what --print-config then shows.
 *
 * "base": NAME (no '/', not ending in .json) is a shipped configuration,
 * found as `--config NAME` finds it (<home>/configs/NAME.json); anything
 * else is a path, relative to the directory of the file that names it.
 * The chain is applied from its root up, each file's values on top of the
 * one below by JSON path (an object merges key by key, any other value
 * replaces), each applied under its own name so an error names the file
 * that holds the value.
 *
 * "cite": {"l1d.c.sets": "SOURCE", ...} says where a file's numbers come
 * from: each key is the dotted path of a field of the schema (any file of
 * the chain may cite, its own values or its base's), each value a
 * non-empty string. It is checked and then set aside: it changes nothing
 * a run does, and neither --print-config nor a report's run.config holds
 * it (a report is the numbers, the file is their provenance). */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "plugin.h"
#include "util/home.h"

typedef struct link {
    char path[1024];
    dev_t dev;
    ino_t ino;
    cJSON *json;
} link_t;

/* A field that may be left out: a plug-in's section, when its `enable`
 * defaults to false (every one today: bpg, dts, milg, l2.cart,
 * l1d.prefetch), and a cache's `sector`, whose default 0 is what every
 * configuration written before it existed meant (whole lines). */
static int optional_section(const char *path)
{
    if (!strcmp(path, "$.l1d.c.sector") || !strcmp(path, "$.l2.c.sector"))
        return 1;
    if (strncmp(path, "$.", 2))
        return 0;
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++) {
        if (!(*p)->section || strcmp((*p)->section, path + 2) || !(*p)->schema)
            continue;
        const gm_schema_t *s = (*p)->schema;
        for (unsigned i = 0; i < s->n; i++)
            if (!strcmp(s->fields[i].key, "enable"))
                return s->fields[i].type == GM_F_BOOL && s->fields[i].def == 0;
    }
    return 0;
}

/* The file `base` names, seen from the file `from`; -1 if too long. */
static int resolve(const char *from, const char *base, char *out, size_t n, int *shipped)
{
    size_t len = strlen(base);
    int r;
    *shipped = !strchr(base, '/') && !(len >= 5 && !strcmp(base + len - 5, ".json"));
    const char *slash = strrchr(from, '/');
    if (*shipped)
        r = snprintf(out, n, "%s/configs/%s.json", gm_home(), base);
    else if (base[0] == '/' || !slash)
        r = snprintf(out, n, "%s", base);
    else
        r = snprintf(out, n, "%.*s/%s", (int)(slash - from), from, base);
    return r < 0 || (size_t)r >= n ? -1 : 0;
}

/* "a -> b -> c" of chain[0..n), then `last` */
static void chain_text(const link_t *chain, unsigned n, const char *last, char *out,
                       size_t size)
{
    size_t used = 0;
    out[0] = 0;
    for (unsigned i = 0; i < n && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s -> ", chain[i].path);
    if (used < size)
        snprintf(out + used, size - used, "%s", last);
}

/* The file's "base" as a string (NULL: none), checked: one of them, a
 * non-empty string. */
static int base_of(const link_t *l, const char **base, gm_err_t *err)
{
    const cJSON *b = NULL;
    *base = NULL;
    if (!cJSON_IsObject(l->json))
        return 0; /* gm_cfg_apply says "expected an object" */
    for (const cJSON *it = l->json->child; it; it = it->next) {
        if (strcmp(it->string, "base"))
            continue;
        if (b)
            return gm_errf(err, "%s: $.base: duplicate key", l->path);
        b = it;
    }
    if (!b)
        return 0;
    if (!cJSON_IsString(b) || !b->valuestring[0])
        return gm_errf(err, "%s: $.base: expected a string: the name of a shipped "
                            "configuration (\"fermi-gtx480\") or a path relative to "
                            "this file's directory (\"./mine.json\")",
                       l->path);
    *base = b->valuestring;
    return 0;
}

/* Whether `path` ("l1d.c.sets") names a field of the schema. */
static int schema_has(const char *path)
{
    const gm_schema_t *s = gm_gpu_schema();
    const char *p = path;
    for (;;) {
        size_t n = strcspn(p, ".");
        const gm_field_t *f = NULL;
        for (unsigned i = 0; s && i < s->n && !f; i++)
            if (strlen(s->fields[i].key) == n && !strncmp(s->fields[i].key, p, n))
                f = &s->fields[i];
        if (!f)
            return 0;
        if (!p[n])
            return 1;
        s = f->type == GM_F_OBJECT ? f->sub : NULL;
        p += n + 1;
    }
}

/* Check the file's "cite" (if any) and take it out of its JSON. */
static int take_cite(const link_t *l, gm_err_t *err)
{
    if (!cJSON_IsObject(l->json))
        return 0;
    cJSON *c = cJSON_GetObjectItemCaseSensitive(l->json, "cite");
    if (!c)
        return 0;
    if (!cJSON_IsObject(c))
        return gm_errf(err, "%s: $.cite: expected an object mapping a field's path "
                            "(\"dram.tCL\") to its source (a string)",
                       l->path);
    for (const cJSON *it = c->child; it; it = it->next) {
        if (!it->string[0] || !schema_has(it->string))
            return gm_errf(err, "%s: $.cite['%s']: not a configuration field; expected a "
                                "dotted path such as \"l1d.c.sets\" (`gmem help config` "
                                "lists them)",
                           l->path, it->string);
        if (!cJSON_IsString(it) || !it->valuestring[0])
            return gm_errf(err, "%s: $.cite['%s']: expected the source as a non-empty string",
                           l->path, it->string);
    }
    cJSON_DeleteItemFromObjectCaseSensitive(l->json, "cite");
    return 0;
}

/* Load chain[n]'s file; it is the config (n == 0) or the base chain[n-1]
 * names, already resolved into chain[n].path. */
static int load_link(link_t *chain, unsigned n, gm_err_t *err)
{
    link_t *l = &chain[n];
    struct stat st;
    if (gm_json_load(l->path, &l->json, err))
        return -1;
    if (stat(l->path, &st))
        return gm_errf(err, "%s: cannot stat", l->path);
    l->dev = st.st_dev;
    l->ino = st.st_ino;
    return 0;
}

/* The next link's path from chain[n-1]'s base, checked: the file exists,
 * the chain has room, and it does not come back to a file of the chain. */
static int next_link(link_t *chain, unsigned n, const char *base, gm_err_t *err)
{
    const link_t *from = &chain[n - 1];
    link_t *l = &chain[n];
    char text[768], path[sizeof l->path];
    struct stat st;
    int shipped;
    if (n > GM_CONFIG_MAX_BASES) {
        chain_text(chain, n, base, text, sizeof text);
        return gm_errf(err, "%s: $.base: more than %d bases deep (%s)", from->path,
                       GM_CONFIG_MAX_BASES, text);
    }
    /* into a buffer of its own: from and l are elements of one array */
    if (resolve(from->path, base, path, sizeof path, &shipped))
        return gm_errf(err, "%s: $.base: \"%.100s...\": a path too long", from->path, base);
    memcpy(l->path, path, sizeof path);
    if (stat(l->path, &st)) {
        if (shipped)
            return gm_errf(err, "%s: $.base: \"%s\": no shipped configuration of that name "
                                "(%s; `gmem list configs` lists them; a file of this "
                                "directory is named as \"%s.json\")",
                           from->path, base, l->path, base);
        return gm_errf(err, "%s: $.base: \"%s\": no such file (%s, relative to the "
                            "directory of %s)",
                       from->path, base, l->path, from->path);
    }
    for (unsigned i = 0; i < n; i++)
        if (chain[i].dev == st.st_dev && chain[i].ino == st.st_ino) {
            chain_text(chain, n, l->path, text, sizeof text);
            return gm_errf(err, "%s: $.base: \"%s\" closes a cycle (%s)",
                           from->path, base, text);
        }
    return 0;
}

int gm_gpu_config_read(const char *file, gm_gpu_config_t *c, gm_err_t *err)
{
    link_t chain[GM_CONFIG_MAX_BASES + 1];
    unsigned n = 0;
    int rc = -1;
    char missing[256];
    const char *base = NULL;
    for (unsigned i = 0; i <= GM_CONFIG_MAX_BASES; i++)
        chain[i].json = NULL;
    if (strlen(file) >= sizeof chain[0].path)
        return gm_errf(err, "%.100s...: a path too long", file);
    snprintf(chain[0].path, sizeof chain[0].path, "%s", file);
    for (;;) {
        if (n > 0 && next_link(chain, n, base, err))
            goto out;
        if (load_link(chain, n, err))
            goto out;
        n++;
        if (base_of(&chain[n - 1], &base, err))
            goto out;
        if (!base)
            break;
    }
    gm_gpu_config_defaults(c);
    for (unsigned i = n; i-- > 0;) {
        cJSON_DeleteItemFromObjectCaseSensitive(chain[i].json, "base");
        if (take_cite(&chain[i], err))
            goto out;
        if (gm_cfg_apply(chain[i].json, chain[i].path, "$", gm_gpu_schema(), c, err))
            goto out;
        if (i == n - 1 && gm_cfg_first_missing(chain[i].json, gm_gpu_schema(), "$",
                                               optional_section, missing, sizeof missing)) {
            gm_errf(err, "%s: %s: missing: a configuration gives every field, or names the "
                         "one it builds on with \"base\" (e.g. \"base\": \"fermi-gtx480\") "
                         "and gives what differs",
                    chain[i].path, missing);
            goto out;
        }
    }
    rc = 0;
out:
    for (unsigned i = 0; i <= GM_CONFIG_MAX_BASES; i++)
        cJSON_Delete(chain[i].json);
    return rc;
}
