/* Reading a GPGPU-Sim option file into -name value pairs, each with the
 * line it stands on (GPGPU-Sim's option_parser.cc reads it the same way,
 * but joins the lines first and so cannot say where a bad token is). */
#include <stdlib.h>
#include <string.h>

#include "gs_int.h"

typedef struct tok {
    char *text;
    unsigned line;
} tok_t;

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }

/* The tokens of text, comments dropped; a quoted token spanning lines is
 * joined with single spaces, as GPGPU-Sim joins it. */
static int tokenize(gs_t *g, const char *text, size_t len, tok_t **out, unsigned *nout)
{
    tok_t *t = NULL;
    unsigned n = 0, cap = 0, line = 1;
    const char *p = text, *end = text + len;
    char *open = NULL; /* a quoted token still open */
    unsigned open_line = 0;
    size_t open_len = 0;
    while (p < end) {
        if (*p == '#') {
            while (p < end && *p != '\n')
                p++;
            continue;
        }
        if (is_space(*p)) {
            line += *p == '\n';
            p++;
            continue;
        }
        if (*p == 0) {
            gm_errf(g->err, "%s:%u: a NUL byte: expected a text file of -option value lines",
                    g->file, line);
            goto fail;
        }
        const char *s = p;
        while (p < end && !is_space(*p) && *p != '#' && *p)
            p++;
        size_t w = (size_t)(p - s);
        if (open) { /* continue the quoted token */
            char *grown = realloc(open, open_len + 1 + w + 1);
            if (!grown) {
                free(open);
                goto oom;
            }
            open = grown;
            open[open_len++] = ' ';
            memcpy(open + open_len, s, w);
            open_len += w;
            open[open_len] = 0;
        } else if (*s == '"') {
            open = malloc(w + 1);
            if (!open)
                goto oom;
            memcpy(open, s, w);
            open[w] = 0;
            open_len = w;
            open_line = line;
        } else {
            open = NULL;
        }
        char *word;
        unsigned at = line;
        if (open) {
            if (open_len < 2 || open[open_len - 1] != '"')
                continue; /* not closed yet */
            memmove(open, open + 1, open_len - 2);
            open[open_len - 2] = 0;
            word = open;
            at = open_line;
            open = NULL;
        } else {
            word = malloc(w + 1);
            if (!word)
                goto oom;
            memcpy(word, s, w);
            word[w] = 0;
        }
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            tok_t *grown = realloc(t, cap * sizeof *t);
            if (!grown) {
                free(word);
                goto oom;
            }
            t = grown;
        }
        t[n++] = (tok_t){word, at};
    }
    if (open) {
        gm_errf(g->err, "%s:%u: a quoted value that is never closed: expected a closing '\"'",
                g->file, open_line);
        goto fail;
    }
    *out = t;
    *nout = n;
    return 0;
oom:
    open = NULL; /* freed where the allocation failed */
    gm_errf(g->err, "%s: out of memory", g->file);
fail:
    free(open);
    for (unsigned i = 0; i < n; i++)
        free(t[i].text);
    free(t);
    return -1;
}

int gs_read_options(gs_t *g, const char *text, size_t len)
{
    tok_t *t = NULL;
    unsigned n = 0;
    if (tokenize(g, text, len, &t, &n))
        return -1;
    g->opt = calloc(n / 2 + 1, sizeof *g->opt);
    int rc = -1;
    unsigned i = 0;
    if (!g->opt) {
        gm_errf(g->err, "%s: out of memory", g->file);
        goto out;
    }
    for (; i < n; i += 2) {
        const char *name = t[i].text;
        if (name[0] != '-' || !name[1] || name[1] == '-' || strchr(name, '=')) {
            gm_errf(g->err, "%s:%u: '%s': expected an option, -name value (e.g. -gpgpu_n_mem 6)",
                    g->file, t[i].line, name);
            goto out;
        }
        if (i + 1 >= n) {
            gm_errf(g->err, "%s:%u: %s: expected a value after it (every option is -name value)",
                    g->file, t[i].line, name);
            goto out;
        }
        g->opt[g->n++] = (gs_opt_t){t[i].text, t[i + 1].text, t[i].line, 0};
        t[i].text = t[i + 1].text = NULL;
    }
    rc = 0;
out:
    for (unsigned k = 0; k < n; k++)
        free(t[k].text);
    free(t);
    return rc;
}

void gs_free_options(gs_t *g)
{
    for (unsigned i = 0; i < g->n; i++) {
        free(g->opt[i].name);
        free(g->opt[i].value);
    }
    free(g->opt);
    g->opt = NULL;
    g->n = 0;
}
