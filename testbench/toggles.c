#include "toggles.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "util/mkdirs.h"
#include "util/parse.h"

enum { MAX_GROUPS = 32, MAX_ONLY = 16 };

/* Up to 64 bits read at once: a state element, a narrow port, or one
 * 32-bit word of a wide port. */
typedef struct chunk {
    char kind;       /* 's' state, 'i' input, 'o' output */
    unsigned idx;    /* state register or port */
    unsigned elem;   /* array element, or the word of a wide port */
    unsigned width;  /* bits in this chunk */
    unsigned bit0;   /* the chunk's first bit in the per-bit arrays */
} chunk_t;

typedef struct group {
    const gm_block_desc_t *d;
    const gm_rtl_ops_t *ops; /* identifies the point (one netlist) */
    chunk_t *ch;
    unsigned nch, nbits;
    uint64_t *toggles, *high; /* per bit, summed over instances */
    uint64_t *writes;         /* per state register: cycles an element changed */
    uint64_t cycles;          /* instance-cycles in the window */
    unsigned instances;
} group_t;

struct gm_tgl {
    char dir[1024];
    char cmdline[2048];
    uint64_t from, to; /* [from, to) */
    char only[MAX_ONLY][48];
    unsigned nonly;
    group_t g[MAX_GROUPS];
    unsigned ng;
};

struct gm_tgl_inst {
    const gm_tgl_t *t;
    group_t *g;
    const gm_rtl_ops_t *ops;
    gm_rtl_t *m;
    uint64_t *prev; /* per chunk: the last sample */
    uint64_t *rise; /* per bit: the window cycle it last went to 1 */
    uint64_t last;  /* the last cycle counted */
    int counting, closed;
};

static int parse_window(const char *w, uint64_t *from, uint64_t *to, gm_err_t *err)
{
    char a[32], b[32];
    const char *colon = strchr(w, ':');
    if (!colon || (size_t)(colon - w) >= sizeof a || strlen(colon + 1) >= sizeof b)
        return gm_errf(err, "--toggle-window expects START:END, got '%s'", w);
    memcpy(a, w, (size_t)(colon - w));
    a[colon - w] = 0;
    snprintf(b, sizeof b, "%s", colon + 1);
    if (gm_parse_u64(a, 10, from) || gm_parse_u64(b, 10, to) || *to <= *from)
        return gm_errf(err, "--toggle-window expects START:END with START < END, got '%s'", w);
    return 0;
}

gm_tgl_t *gm_tgl_new(const char *dir, const char *window, const char *only,
                     const char *cmdline, gm_err_t *err)
{
    gm_tgl_t *t = calloc(1, sizeof *t);
    if (!t) {
        gm_errf(err, "out of memory");
        return NULL;
    }
    snprintf(t->dir, sizeof t->dir, "%s", dir);
    snprintf(t->cmdline, sizeof t->cmdline, "%s", cmdline ? cmdline : "");
    t->to = UINT64_MAX;
    if (window && parse_window(window, &t->from, &t->to, err)) {
        free(t);
        return NULL;
    }
    if (only) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", only);
        for (char *save = NULL, *s = strtok_r(buf, ",", &save); s;
             s = strtok_r(NULL, ",", &save)) {
            if (t->nonly == MAX_ONLY) {
                gm_errf(err, "--toggle-instances: at most %d names", MAX_ONLY);
                free(t);
                return NULL;
            }
            snprintf(t->only[t->nonly++], sizeof t->only[0], "%s", s);
        }
    }
    return t;
}

void gm_tgl_free(gm_tgl_t *t)
{
    if (!t)
        return;
    for (unsigned i = 0; i < t->ng; i++) {
        free(t->g[i].ch);
        free(t->g[i].toggles);
        free(t->g[i].high);
        free(t->g[i].writes);
    }
    free(t);
}

static unsigned state_width(const gm_block_desc_t *d, unsigned r)
{
    return d->state[r].width;
}

/* The chunks of a (block, point): state registers in .ports order, then
 * inputs, then outputs. The RTL gives the state's shape. */
static int layout(group_t *g, gm_rtl_t *m, gm_err_t *err)
{
    const gm_block_desc_t *d = g->d;
    unsigned n = 0;
    for (int pass = 0; pass < 2; pass++) {
        unsigned k = 0, bit = 0;
        for (unsigned r = 0; r < d->n_state; r++) {
            unsigned depth = g->ops->state_depth(m, r), w = state_width(d, r);
            if (w > 64)
                return gm_errf(err, "%s: state %s is %u bits wide (at most 64 are read)",
                               d->name, d->state[r].name, w);
            for (unsigned e = 0; e < (depth ? depth : 1); e++, k++) {
                if (pass)
                    g->ch[k] = (chunk_t){'s', r, depth ? e : UINT32_MAX, w, bit};
                bit += w;
            }
        }
        for (int io = 0; io < 2; io++) {
            const gm_port_desc_t *p = io ? d->out : d->in;
            unsigned np = io ? d->n_out : d->n_in;
            for (unsigned i = 0; i < np; i++) {
                unsigned words = p[i].wide ? (p[i].width + 31) / 32 : 1;
                for (unsigned j = 0; j < words; j++, k++) {
                    unsigned w = p[i].wide ? p[i].width - 32 * j : p[i].width;
                    if (p[i].wide && w > 32)
                        w = 32;
                    if (pass)
                        g->ch[k] = (chunk_t){io ? 'o' : 'i', i, p[i].wide ? j : UINT32_MAX, w, bit};
                    bit += w;
                }
            }
        }
        if (!pass) {
            n = k;
            g->ch = calloc(n, sizeof *g->ch);
            g->toggles = calloc(bit ? bit : 1, sizeof *g->toggles);
            g->high = calloc(bit ? bit : 1, sizeof *g->high);
            g->writes = calloc(d->n_state + 1, sizeof *g->writes);
            if (!g->ch || !g->toggles || !g->high || !g->writes)
                return gm_errf(err, "out of memory");
        }
        g->nbits = bit;
    }
    g->nch = n;
    return 0;
}

static int wanted(const gm_tgl_t *t, const char *path)
{
    if (!t->nonly)
        return 1;
    for (unsigned i = 0; i < t->nonly; i++)
        if (!strcmp(t->only[i], path))
            return 1;
    return 0;
}

static uint64_t read_chunk(const gm_tgl_inst_t *x, const chunk_t *c, const void *in,
                           const void *out)
{
    const gm_block_desc_t *d = x->g->d;
    uint64_t v;
    if (c->kind == 's') {
        v = x->ops->state_get(x->m, c->idx, c->elem == UINT32_MAX ? 0 : c->elem);
    } else {
        const gm_port_desc_t *p = c->kind == 'i' ? &d->in[c->idx] : &d->out[c->idx];
        const void *vals = c->kind == 'i' ? in : out;
        v = p->wide ? gm_port_cwords(p, vals)[c->elem] : gm_port_get(p, vals);
    }
    return c->width < 64 ? v & ((UINT64_C(1) << c->width) - 1) : v;
}

int gm_tgl_attach(gm_tgl_t *t, const char *path, const gm_block_desc_t *d,
                  const gm_rtl_ops_t *ops, gm_rtl_t *m, const void *in, const void *out,
                  gm_tgl_inst_t **xp, gm_err_t *err)
{
    *xp = NULL;
    if (!wanted(t, path))
        return 0;
    group_t *g = NULL;
    for (unsigned i = 0; i < t->ng && !g; i++)
        if (t->g[i].ops == ops)
            g = &t->g[i];
    if (!g) {
        if (t->ng == MAX_GROUPS)
            return gm_errf(err, "--toggles: more than %d block parameter points", MAX_GROUPS);
        g = &t->g[t->ng++];
        g->d = d;
        g->ops = ops;
        if (layout(g, m, err))
            return -1;
    }
    gm_tgl_inst_t *x = calloc(1, sizeof *x);
    if (x) {
        x->prev = calloc(g->nch, sizeof *x->prev);
        x->rise = calloc(g->nbits ? g->nbits : 1, sizeof *x->rise);
    }
    if (!x || !x->prev || !x->rise) {
        if (x) {
            free(x->prev);
            free(x->rise);
        }
        free(x);
        return gm_errf(err, "out of memory");
    }
    x->t = t;
    x->g = g;
    x->ops = ops;
    x->m = m;
    g->instances++;
    for (unsigned k = 0; k < g->nch; k++)
        x->prev[k] = read_chunk(x, &g->ch[k], in, out);
    *xp = x;
    return 0;
}

/* The window closes after `last`: every bit still 1 was high through it. */
static void close_window(gm_tgl_inst_t *x)
{
    group_t *g = x->g;
    if (x->counting && !x->closed) {
        for (unsigned k = 0; k < g->nch; k++)
            for (uint64_t v = x->prev[k]; v; v &= v - 1) {
                unsigned b = g->ch[k].bit0 + (unsigned)__builtin_ctzll(v);
                g->high[b] += x->last + 1 - x->rise[b];
            }
    }
    x->closed = 1;
}

void gm_tgl_edge(gm_tgl_inst_t *x, uint64_t cycle, const void *in, const void *out)
{
    const gm_tgl_t *t = x->t;
    group_t *g = x->g;
    if (x->closed || cycle + 1 < t->from)
        return;
    if (cycle < t->from) { /* the cycle before the window: its baseline */
        for (unsigned k = 0; k < g->nch; k++)
            x->prev[k] = read_chunk(x, &g->ch[k], in, out);
        return;
    }
    if (!x->counting) { /* a bit already 1 is high from the window's start */
        for (unsigned k = 0; k < g->nch; k++)
            for (uint64_t v = x->prev[k]; v; v &= v - 1)
                x->rise[g->ch[k].bit0 + (unsigned)__builtin_ctzll(v)] = cycle;
        x->counting = 1;
    }
    unsigned written = UINT32_MAX; /* the last state register seen to change */
    for (unsigned k = 0; k < g->nch; k++) {
        const chunk_t *c = &g->ch[k];
        uint64_t v = read_chunk(x, c, in, out);
        if (c->kind == 's' && v != x->prev[k] && written != c->idx) {
            written = c->idx;
            g->writes[c->idx]++;
        }
        for (uint64_t diff = v ^ x->prev[k]; diff; diff &= diff - 1) {
            unsigned i = (unsigned)__builtin_ctzll(diff), b = c->bit0 + i;
            g->toggles[b]++;
            if ((v >> i) & 1)
                x->rise[b] = cycle;
            else
                g->high[b] += cycle - x->rise[b];
        }
        x->prev[k] = v;
    }
    x->last = cycle;
    g->cycles++;
    if (cycle + 1 >= t->to)
        close_window(x);
}

void gm_tgl_detach(gm_tgl_inst_t *x)
{
    if (!x)
        return;
    close_window(x);
    free(x->prev);
    free(x->rise);
    free(x);
}

/* The name the mapped netlist gives a bit (yosys, synth/run.sh): a
 * register bit is its flop's Q net, "<reg>_q[<elem>][<bit>]" for an array,
 * "<reg>_q[<bit>]" for a vector; a port bit "<port>_i[<bit>]"; one-bit
 * vectors and ports lose the bit index. */
static void bit_name(const group_t *g, const chunk_t *c, unsigned i, char *buf, size_t n)
{
    const gm_block_desc_t *d = g->d;
    if (c->kind == 's') {
        const char *r = d->state[c->idx].name;
        if (c->elem != UINT32_MAX && c->width > 1)
            snprintf(buf, n, "%s_q[%u][%u]", r, c->elem, i);
        else if (c->elem != UINT32_MAX)
            snprintf(buf, n, "%s_q[%u]", r, c->elem);
        else if (c->width > 1)
            snprintf(buf, n, "%s_q[%u]", r, i);
        else
            snprintf(buf, n, "%s_q", r);
        return;
    }
    const gm_port_desc_t *p = c->kind == 'i' ? &d->in[c->idx] : &d->out[c->idx];
    unsigned bit = (c->elem == UINT32_MAX ? 0 : 32 * c->elem) + i;
    if (p->width > 1)
        snprintf(buf, n, "%s_%c[%u]", p->name, c->kind, bit);
    else
        snprintf(buf, n, "%s_%c", p->name, c->kind);
}

static int write_group(const gm_tgl_t *t, const group_t *g, const char *path, gm_err_t *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return gm_errf(err, "%s: cannot write", path);
    char win[64];
    if (t->to == UINT64_MAX)
        snprintf(win, sizeof win, "cycles %" PRIu64 "..end", t->from);
    else
        snprintf(win, sizeof win, "cycles %" PRIu64 "..%" PRIu64, t->from, t->to - 1);
    fprintf(f, "# toggle counts of %s at point %s (%s), for synth/power.awk\n", g->d->name,
            g->ops->point, g->ops->params);
    fprintf(f, "# from: %s\n", t->cmdline);
    fprintf(f, "# window: %s of each instance's clock, %u instance%s pooled\n", win,
            g->instances, g->instances == 1 ? "" : "s");
    fprintf(f, "# pooled: counts and cycles are sums over the instances, so the rates are\n"
               "# the mean instance's\n");
    fprintf(f, "# <net> <toggles> <cycles high>: registers as the edge leaves them, inputs\n"
               "# as it samples them, outputs as driven before it; one sample a cycle\n"
               "# sram <array> - <cycles written>: an array's cycles in which an element\n"
               "# changed (a write of the value held is not seen); reads come from the\n"
               "# macro's read enable in the netlist\n");
    fprintf(f, "cycles %" PRIu64 "\n", g->cycles);
    char name[160];
    for (unsigned k = 0; k < g->nch; k++) {
        const chunk_t *c = &g->ch[k];
        for (unsigned i = 0; i < c->width; i++) {
            bit_name(g, c, i, name, sizeof name);
            fprintf(f, "%s %" PRIu64 " %" PRIu64 "\n", name, g->toggles[c->bit0 + i],
                    g->high[c->bit0 + i]);
        }
    }
    /* chunks of one register are consecutive: an array's first chunk names it */
    for (unsigned k = 0; k < g->nch; k++) {
        const chunk_t *c = &g->ch[k];
        if (c->kind == 's' && c->elem == 0)
            fprintf(f, "sram %s_q - %" PRIu64 "\n", g->d->state[c->idx].name, g->writes[c->idx]);
    }
    if (fclose(f))
        return gm_errf(err, "%s: write failed", path);
    return 0;
}

int gm_tgl_write(gm_tgl_t *t, FILE *report, gm_err_t *err)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/x", t->dir);
    gm_mkdirs(path);
    unsigned written = 0;
    for (unsigned i = 0; i < t->ng; i++) {
        const group_t *g = &t->g[i];
        if (!g->cycles)
            continue;
        snprintf(path, sizeof path, "%s/%s.%s.tgl", t->dir, g->d->name, g->ops->point);
        if (write_group(t, g, path, err))
            return -1;
        fprintf(report, "toggles %-10s %s: %u instances, %" PRIu64 " cycles -> %s\n",
                g->d->name, g->ops->point, g->instances, g->cycles, path);
        written++;
    }
    if (!written)
        return gm_errf(err, "--toggles: no instance ran a cycle of the window%s",
                       t->nonly ? " (check --toggle-instances)" : "");
    return 0;
}
