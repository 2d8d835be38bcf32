#include "vcd.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct vcd_var {
    unsigned width;
    unsigned nwords;
    uint32_t *last;     /* last written value */
    char id[8];
    int written;        /* any value written yet */
} vcd_var_t;

struct gm_vcd {
    FILE *f;
    char *path;
    vcd_var_t *vars;
    int nvars, cap;
    int in_defs;
    uint64_t now;
    int time_written;   /* "#now" already emitted */
    int depth;
};

static void make_id(char *out, int n)
{
    /* Base-94 over the printable ASCII range, as VCD allows. */
    int i = 0;
    do {
        out[i++] = (char)('!' + n % 94);
        n /= 94;
    } while (n && i < 7);
    out[i] = 0;
}

gm_vcd_t *gm_vcd_open(const char *path, const char *timescale, gm_err_t *err)
{
    gm_vcd_t *v = calloc(1, sizeof *v);
    if (!v) {
        gm_errf(err, "%s: out of memory", path);
        return NULL;
    }
    v->f = fopen(path, "w");
    if (!v->f) {
        gm_errf(err, "%s: cannot open for writing: %s", path, strerror(errno));
        free(v);
        return NULL;
    }
    v->path = strdup(path);
    v->in_defs = 1;
    fprintf(v->f, "$version gmem libvcd $end\n$timescale %s $end\n", timescale);
    return v;
}

void gm_vcd_scope(gm_vcd_t *v, const char *name)
{
    fprintf(v->f, "%*s$scope module %s $end\n", v->depth + 1, "", name);
    v->depth++;
}

void gm_vcd_upscope(gm_vcd_t *v)
{
    v->depth--;
    fprintf(v->f, "%*s$upscope $end\n", v->depth + 1, "");
}

int gm_vcd_var(gm_vcd_t *v, const char *name, unsigned width, int alias_of)
{
    const char *id;
    int handle = alias_of;
    if (alias_of < 0) {
        if (v->nvars == v->cap) {
            int cap = v->cap ? v->cap * 2 : 64;
            vcd_var_t *nv = realloc(v->vars, (size_t)cap * sizeof *nv);
            if (!nv)
                abort(); /* setup-time allocation only; nothing sane to do */
            v->vars = nv;
            v->cap = cap;
        }
        vcd_var_t *x = &v->vars[v->nvars];
        memset(x, 0, sizeof *x);
        x->width = width;
        x->nwords = (width + 31) / 32;
        x->last = calloc(x->nwords, sizeof *x->last);
        if (!x->last)
            abort();
        make_id(x->id, v->nvars);
        handle = v->nvars++;
    }
    id = v->vars[handle].id;
    if (width == 1)
        fprintf(v->f, "%*s$var wire 1 %s %s $end\n", v->depth + 1, "", id, name);
    else
        fprintf(v->f, "%*s$var wire %u %s %s [%u:0] $end\n", v->depth + 1, "",
                width, id, name, width - 1);
    return handle;
}

void gm_vcd_enddefs(gm_vcd_t *v)
{
    fputs("$enddefinitions $end\n", v->f);
    v->in_defs = 0;
    v->time_written = 0;
}

void gm_vcd_time(gm_vcd_t *v, uint64_t t)
{
    if (t != v->now || !v->time_written) {
        v->now = t;
        v->time_written = 0;
    }
}

static void emit(gm_vcd_t *v, vcd_var_t *x, const uint32_t *w)
{
    if (x->written && memcmp(x->last, w, x->nwords * sizeof *w) == 0)
        return;
    if (!v->time_written) {
        fprintf(v->f, "#%llu\n", (unsigned long long)v->now);
        v->time_written = 1;
    }
    memcpy(x->last, w, x->nwords * sizeof *w);
    x->written = 1;
    if (x->width == 1) {
        fprintf(v->f, "%c%s\n", (w[0] & 1) ? '1' : '0', x->id);
        return;
    }
    fputc('b', v->f);
    for (unsigned i = x->width; i-- > 0;)
        fputc((w[i / 32] >> (i % 32)) & 1 ? '1' : '0', v->f);
    fprintf(v->f, " %s\n", x->id);
}

void gm_vcd_value(gm_vcd_t *v, int var, uint64_t value)
{
    vcd_var_t *x = &v->vars[var];
    if (x->width < 64)
        value &= (1ull << x->width) - 1;
    uint32_t w[2] = {(uint32_t)value, (uint32_t)(value >> 32)};
    if (x->nwords <= 2) {
        emit(v, x, w);
        return;
    }
    uint32_t *wide = calloc(x->nwords, sizeof *wide);
    if (!wide)
        abort();
    wide[0] = w[0];
    wide[1] = w[1];
    emit(v, x, wide);
    free(wide);
}

void gm_vcd_value_wide(gm_vcd_t *v, int var, const uint32_t *words)
{
    vcd_var_t *x = &v->vars[var];
    unsigned top = x->width % 32;
    if (top == 0) {
        emit(v, x, words);
        return;
    }
    /* Mask the unused bits of the top word so stale bits never show. */
    uint32_t *w = malloc(x->nwords * sizeof *w);
    if (!w)
        abort();
    memcpy(w, words, x->nwords * sizeof *w);
    w[x->nwords - 1] &= (1u << top) - 1;
    emit(v, x, w);
    free(w);
}

int gm_vcd_close(gm_vcd_t *v, gm_err_t *err)
{
    int rc = 0;
    if (!v)
        return 0;
    if (ferror(v->f))
        rc = gm_errf(err, "%s: write error", v->path);
    if (fclose(v->f) != 0 && rc == 0)
        rc = gm_errf(err, "%s: %s", v->path, strerror(errno));
    for (int i = 0; i < v->nvars; i++)
        free(v->vars[i].last);
    free(v->vars);
    free(v->path);
    free(v);
    return rc;
}
