#include "block.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/config.h"

const gm_block_desc_t *gm_block_find(const char *name)
{
    for (const gm_block_desc_t *const *b = gm_blocks; *b; b++)
        if (strcmp((*b)->name, name) == 0)
            return *b;
    return NULL;
}

static uint32_t *param_slot(const gm_block_desc_t *b, void *params, unsigned i)
{
    return (uint32_t *)((char *)params + b->params[i].offset);
}

uint32_t gm_param_get(const gm_block_desc_t *b, const void *params, unsigned i)
{
    return *(const uint32_t *)((const char *)params + b->params[i].offset);
}

void gm_params_defaults(const gm_block_desc_t *b, void *params)
{
    memset(params, 0, b->params_size);
    for (unsigned i = 0; i < b->n_params; i++)
        *param_slot(b, params, i) = b->params[i].def;
}

int gm_params_load(const gm_block_desc_t *b, const char *file, void *params,
                   gm_err_t *err)
{
    cJSON *j;
    gm_params_defaults(b, params);
    if (gm_json_load(file, &j, err))
        return -1;
    int rc = 0;
    if (!cJSON_IsObject(j)) {
        rc = gm_errf(err, "%s: $: expected an object {\"doc\": ..., \"params\": {...}}",
                     file);
        goto out;
    }
    for (const cJSON *it = j->child; it && rc == 0; it = it->next) {
        if (strcmp(it->string, "doc") == 0) {
            if (!cJSON_IsString(it))
                rc = gm_errf(err, "%s: $.doc: expected a string", file);
        } else if (strcmp(it->string, "params") == 0) {
            if (!cJSON_IsObject(it))
                rc = gm_errf(err, "%s: $.params: expected an object", file);
        } else {
            rc = gm_errf(err, "%s: $.%s: unknown key (expected one of: doc, params)",
                         file, it->string);
        }
    }
    const cJSON *ps = cJSON_GetObjectItemCaseSensitive(j, "params");
    for (const cJSON *it = ps ? ps->child : NULL; it && rc == 0; it = it->next) {
        char path[160];
        snprintf(path, sizeof path, "$.params.%s", it->string);
        unsigned i;
        for (i = 0; i < b->n_params; i++)
            if (strcmp(b->params[i].name, it->string) == 0)
                break;
        if (i == b->n_params) {
            char keys[512];
            size_t used = 0;
            keys[0] = 0;
            for (unsigned k = 0; k < b->n_params && used < sizeof keys; k++)
                used += (size_t)snprintf(keys + used, sizeof keys - used, "%s%s",
                                         k ? ", " : "", b->params[k].name);
            rc = gm_errf(err, "%s: %s: unknown parameter of block %s (expected one of: %s)",
                         file, path, b->name, keys);
            break;
        }
        uint64_t v;
        rc = gm_json_uint(it, file, path, b->params[i].min, b->params[i].max, &v,
                          err);
        if (rc == 0)
            *param_slot(b, params, i) = (uint32_t)v;
    }
out:
    cJSON_Delete(j);
    return rc;
}

uint64_t gm_port_get(const gm_port_desc_t *p, const void *vals)
{
    const char *base = (const char *)vals + p->offset;
    if (!p->wide)
        return *(const uint64_t *)base;
    const uint32_t *w = (const uint32_t *)base;
    return (uint64_t)w[0] | (uint64_t)w[1] << 32;
}

void gm_port_set(const gm_port_desc_t *p, void *vals, uint64_t v)
{
    char *base = (char *)vals + p->offset;
    if (!p->wide) {
        *(uint64_t *)base = p->width < 64 ? v & ((1ull << p->width) - 1) : v;
        return;
    }
    uint32_t *w = (uint32_t *)base;
    memset(w, 0, GM_WORDS(p->width) * sizeof *w);
    w[0] = (uint32_t)v;
    w[1] = (uint32_t)(v >> 32);
}

uint32_t *gm_port_words(const gm_port_desc_t *p, void *vals)
{
    return (uint32_t *)((char *)vals + p->offset);
}

const uint32_t *gm_port_cwords(const gm_port_desc_t *p, const void *vals)
{
    return (const uint32_t *)((const char *)vals + p->offset);
}

void gm_ports_mask(const gm_port_desc_t *ports, unsigned n, void *vals)
{
    for (unsigned i = 0; i < n; i++) {
        const gm_port_desc_t *p = &ports[i];
        if (!p->wide) {
            if (p->width < 64)
                *(uint64_t *)((char *)vals + p->offset) &= (1ull << p->width) - 1;
        } else if (p->width % 32) {
            gm_port_words(p, vals)[GM_WORDS(p->width) - 1] &=
                (1u << (p->width % 32)) - 1;
        }
    }
}

int gm_ports_overflow(const gm_port_desc_t *ports, unsigned n, const void *vals)
{
    for (unsigned i = 0; i < n; i++) {
        const gm_port_desc_t *p = &ports[i];
        if (!p->wide) {
            if (p->width < 64 && gm_port_get(p, vals) >> p->width)
                return (int)i;
        } else if (p->width % 32 &&
                   gm_port_cwords(p, vals)[GM_WORDS(p->width) - 1] >>
                       (p->width % 32)) {
            return (int)i;
        }
    }
    return -1;
}

void gm_port_format(const gm_port_desc_t *p, const void *vals, char *buf,
                    size_t n)
{
    if (!p->wide) {
        snprintf(buf, n, "0x%llx", (unsigned long long)gm_port_get(p, vals));
        return;
    }
    const uint32_t *w = gm_port_cwords(p, vals);
    size_t used = (size_t)snprintf(buf, n, "0x");
    for (unsigned i = GM_WORDS(p->width); i-- > 0 && used < n;)
        used += (size_t)snprintf(buf + used, n - used, "%08x", w[i]);
}

/* Create, initialise (which resolves "auto" parameters) and return a block
 * instance for a parameter-point file (NULL file = defaults). */
void *gm_block_new(const gm_block_desc_t *b, const char *file, gm_err_t *err)
{
    void *params = calloc(1, b->params_size);
    void *st = calloc(1, b->state_size);
    if (!params || !st) {
        gm_errf(err, "out of memory");
        goto fail;
    }
    if (file) {
        if (gm_params_load(b, file, params, err))
            goto fail;
    } else {
        gm_params_defaults(b, params);
    }
    if (b->init(st, params, err)) {
        if (file)
            gm_err_prefix(err, "%s", file);
        goto fail;
    }
    free(params);
    return st;
fail:
    free(params);
    free(st);
    return NULL;
}


int gm_params_parse(const gm_block_desc_t *b, const char *text, void *params,
                    gm_err_t *err)
{
    gm_params_defaults(b, params);
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        const char *eq = strchr(p, '=');
        if (!eq)
            return gm_errf(err, "%s parameters \"%s\": expected NAME=VALUE", b->name, text);
        unsigned i;
        for (i = 0; i < b->n_params; i++)
            if (strlen(b->params[i].name) == (size_t)(eq - p) &&
                !strncmp(b->params[i].name, p, (size_t)(eq - p)))
                break;
        if (i == b->n_params)
            return gm_errf(err, "%s parameters \"%s\": unknown parameter '%.*s'", b->name,
                           text, (int)(eq - p), p);
        char *end;
        unsigned long v = strtoul(eq + 1, &end, 10);
        if (end == eq + 1 || v < b->params[i].min || v > b->params[i].max)
            return gm_errf(err, "%s parameters \"%s\": %s out of range %u..%u", b->name,
                           text, b->params[i].name, b->params[i].min, b->params[i].max);
        *param_slot(b, params, i) = (uint32_t)v;
        p = end;
    }
    return 0;
}

void gm_params_format(const gm_block_desc_t *b, const void *params, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < b->n_params && used < n; i++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s=%u", i ? " " : "",
                                 b->params[i].name, gm_param_get(b, params, i));
}
