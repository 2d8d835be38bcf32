#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file.h"

static void store_uint(void *p, size_t size, uint64_t v)
{
    switch (size) {
    case 1: *(uint8_t *)p = (uint8_t)v; break;
    case 2: *(uint16_t *)p = (uint16_t)v; break;
    case 4: *(uint32_t *)p = (uint32_t)v; break;
    default: *(uint64_t *)p = v; break;
    }
}

static uint64_t load_uint(const void *p, size_t size)
{
    switch (size) {
    case 1: return *(const uint8_t *)p;
    case 2: return *(const uint16_t *)p;
    case 4: return *(const uint32_t *)p;
    default: return *(const uint64_t *)p;
    }
}

void gm_cfg_defaults(const gm_schema_t *s, void *obj)
{
    for (unsigned i = 0; i < s->n; i++) {
        const gm_field_t *f = &s->fields[i];
        char *p = (char *)obj + f->offset;
        switch (f->type) {
        case GM_F_UINT: store_uint(p, f->size, f->def); break;
        case GM_F_BOOL:
        case GM_F_ENUM: *(int *)p = (int)f->def; break;
        case GM_F_STRING:
            snprintf(p, f->size, "%s", f->str_def ? f->str_def : "");
            break;
        case GM_F_OBJECT: gm_cfg_defaults(f->sub, p); break;
        }
    }
}

int gm_json_parse(const char *buf, size_t len, const char *name, cJSON **out, gm_err_t *err)
{
    const char *nul = memchr(buf, 0, len);
    if (nul)
        return gm_errf(err, "%s: a NUL byte at byte %zu: not a JSON text", name,
                       (size_t)(nul - buf));
    const char *end = NULL;
    cJSON *j = cJSON_ParseWithOpts(buf, &end, 1);
    if (!j) {
        unsigned line = 1, col = 1;
        const char *stop = end && end >= buf && end <= buf + len ? end : buf;
        for (const char *p = buf; p < stop; p++) {
            if (*p == '\n')
                line++, col = 1;
            else
                col++;
        }
        return gm_errf(err, "%s:%u:%u: invalid JSON near '%.20s'", name, line, col, stop);
    }
    *out = j;
    return 0;
}

int gm_json_load_max(const char *path, uint64_t max, cJSON **out, gm_err_t *err)
{
    char *buf;
    size_t len;
    if (gm_file_read(path, max, &buf, &len, err))
        return -1;
    int rc = gm_json_parse(buf, len, path, out, err);
    free(buf);
    return rc;
}

int gm_json_load(const char *path, cJSON **out, gm_err_t *err)
{
    return gm_json_load_max(path, GM_MAX_JSON_BYTES, out, err);
}

int gm_json_uint(const cJSON *v, const char *file, const char *path,
                 uint64_t min, uint64_t max, uint64_t *out, gm_err_t *err)
{
    double d = v->valuedouble;
    if (!cJSON_IsNumber(v) || d != floor(d) || d < 0 || d > 9007199254740992.0)
        return gm_errf(err, "%s: %s: expected an integer in %llu..%llu", file,
                       path, (unsigned long long)min, (unsigned long long)max);
    uint64_t x = (uint64_t)d;
    if (x < min || x > max)
        return gm_errf(err, "%s: %s: %llu is out of range, expected %llu..%llu",
                       file, path, (unsigned long long)x,
                       (unsigned long long)min, (unsigned long long)max);
    *out = x;
    return 0;
}

static const gm_field_t *find_field(const gm_schema_t *s, const char *key)
{
    for (unsigned i = 0; i < s->n; i++)
        if (strcmp(s->fields[i].key, key) == 0)
            return &s->fields[i];
    return NULL;
}

static void list_keys(const gm_schema_t *s, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < s->n && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", i ? ", " : "",
                                 s->fields[i].key);
}

static void list_names(const char *const *names, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; names[i] && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s\"%s\"",
                                 i ? ", " : "", names[i]);
}

int gm_cfg_apply(const cJSON *json, const char *file, const char *path,
                 const gm_schema_t *s, void *obj, gm_err_t *err)
{
    char sub[256], keys[512];
    if (!cJSON_IsObject(json))
        return gm_errf(err, "%s: %s: expected an object", file, path);
    for (const cJSON *it = json->child; it; it = it->next) {
        snprintf(sub, sizeof sub, "%s.%s", path, it->string);
        for (const cJSON *dup = json->child; dup != it; dup = dup->next)
            if (strcmp(dup->string, it->string) == 0)
                return gm_errf(err, "%s: %s: duplicate key", file, sub);
        const gm_field_t *f = find_field(s, it->string);
        if (!f) {
            list_keys(s, keys, sizeof keys);
            return gm_errf(err, "%s: %s: unknown key (expected one of: %s)",
                           file, sub, keys);
        }
        char *p = (char *)obj + f->offset;
        uint64_t x;
        switch (f->type) {
        case GM_F_UINT:
            if (gm_json_uint(it, file, sub, f->min, f->max, &x, err))
                return -1;
            store_uint(p, f->size, x);
            break;
        case GM_F_BOOL:
            if (!cJSON_IsBool(it))
                return gm_errf(err, "%s: %s: expected true or false", file, sub);
            *(int *)p = cJSON_IsTrue(it);
            break;
        case GM_F_ENUM: {
            int found = -1;
            if (cJSON_IsString(it))
                for (int k = 0; f->names[k]; k++)
                    if (strcmp(f->names[k], it->valuestring) == 0)
                        found = k;
            if (found < 0) {
                list_names(f->names, keys, sizeof keys);
                return gm_errf(err, "%s: %s: expected one of %s", file, sub,
                               keys);
            }
            *(int *)p = found;
            break;
        }
        case GM_F_STRING:
            if (!cJSON_IsString(it))
                return gm_errf(err, "%s: %s: expected a string", file, sub);
            if (strlen(it->valuestring) >= f->size)
                return gm_errf(err, "%s: %s: string longer than %zu characters",
                               file, sub, f->size - 1);
            memcpy(p, it->valuestring, strlen(it->valuestring) + 1);
            break;
        case GM_F_OBJECT:
            if (gm_cfg_apply(it, file, sub, f->sub, p, err))
                return -1;
            break;
        }
    }
    return 0;
}

int gm_cfg_first_missing(const cJSON *json, const gm_schema_t *s, const char *path,
                         int (*optional)(const char *path), char *out, size_t n)
{
    char sub[256];
    for (unsigned i = 0; i < s->n; i++) {
        const gm_field_t *f = &s->fields[i];
        snprintf(sub, sizeof sub, "%s.%s", path, f->key);
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(json, f->key);
        if (!v) {
            if (optional && optional(sub))
                continue;
            snprintf(out, n, "%s", sub);
            return 1;
        }
        if (f->type == GM_F_OBJECT && cJSON_IsObject(v) &&
            gm_cfg_first_missing(v, f->sub, sub, optional, out, n))
            return 1;
    }
    return 0;
}

int gm_cfg_load(const char *file, const gm_schema_t *s, void *obj,
                gm_err_t *err)
{
    cJSON *j;
    gm_cfg_defaults(s, obj);
    if (gm_json_load(file, &j, err))
        return -1;
    int rc = gm_cfg_apply(j, file, "$", s, obj, err);
    cJSON_Delete(j);
    return rc;
}

cJSON *gm_cfg_to_json(const gm_schema_t *s, const void *obj)
{
    cJSON *o = cJSON_CreateObject();
    for (unsigned i = 0; i < s->n; i++) {
        const gm_field_t *f = &s->fields[i];
        const char *p = (const char *)obj + f->offset;
        switch (f->type) {
        case GM_F_UINT:
            cJSON_AddNumberToObject(o, f->key, (double)load_uint(p, f->size));
            break;
        case GM_F_BOOL: cJSON_AddBoolToObject(o, f->key, *(const int *)p); break;
        case GM_F_ENUM:
            cJSON_AddStringToObject(o, f->key, f->names[*(const int *)p]);
            break;
        case GM_F_STRING: cJSON_AddStringToObject(o, f->key, p); break;
        case GM_F_OBJECT:
            cJSON_AddItemToObject(o, f->key, gm_cfg_to_json(f->sub, p));
            break;
        }
    }
    return o;
}
