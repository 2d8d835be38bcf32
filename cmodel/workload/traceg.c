/* Accel-Sim trace import: `traceg:dir=PATH` reads PATH/kernelslist.g and
 * the kernel-N.traceg files it lists (the text traces of Accel-Sim's NVBit
 * tracer after post-processing), in order, as one stream of kernels.
 *
 * kernelslist.g: lines starting with "kernel" name a trace file relative to
 * the directory; MemcpyHtoD and other lines are skipped.
 * kernel-N.traceg: "-key = value" header lines (grid dim, block dim, nregs,
 * shmem, kernel name, accelsim tracer version, enable lineinfo, shmem
 * base_addr), then blocks of
 *   #BEGIN_TB / thread block = x,y,z / warp = w / insts = n / n lines / ...
 *   / #END_TB
 * with one instruction per line:
 *   [tb_x tb_y tb_z warp (tracer version < 3)] [line (lineinfo)] PC mask
 *   dest_num dests... opcode src_num srcs... mem_width
 *   [address_mode addresses] [immediate]
 * address_mode 0 lists one hex address per active lane, 1 gives a hex base
 * and a decimal stride for a contiguous run of active lanes, 2 gives a hex
 * base and one decimal delta per further active lane (to the previous one).
 *
 * Imported as global loads: LDG, LD, LDL, and LDGSTS's global side; as
 * stores: STG, ST, STL; atomics (ATOM, ATOMG, RED) as stores with
 * bypass_hint = 1 (they execute at L2). Every other instruction -- ALU,
 * shared memory (LDS, STS, ATOMS, LDSM), constant, texture, a memory
 * instruction with no active lane, LDGSTS's shared side -- counts into the
 * next memory instruction's gap; the warp's EXIT ends its stream. The
 * access size comes from the opcode (.64 -> 8 bytes, .128 -> 16, .U8/.S8
 * -> 1, .U16/.S16 -> 2, else 4), as Accel-Sim does (it reads U but not S).
 * Addresses are rebased so that the lowest accessed 64 KiB page lands at
 * 0x10000000; a trace spanning more than the 32-bit space is refused.
 * Compressed (.xz) traces are not read: decompress them first. A listed
 * file must lie in the directory (no "..", no link leading out of it). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/file.h"
#include "workload/wl.h"

enum { TG_MAX_WARPS = 1 << 26 };
#define TG_NONE UINT64_MAX
#define TG_SHARED_WINDOW (16ull << 20)

typedef struct tg {
    wl_builder_t *b;
    const char *path;
    unsigned line;
    /* header */
    char name[48];
    uint32_t grid[3], block[3], regs, smem;
    int version, lineinfo, have_grid, have_block;
    uint64_t shmem_base;
    /* body */
    wl_buf_t data;
    uint64_t *begin, *end;
    uint64_t warps, wpc;
    uint64_t cur;      /* index of the warp being read, TG_NONE outside one */
    int64_t cta;       /* current CTA, -1 before "thread block =" */
    uint64_t expect, count, gap;
    uint64_t lo, hi;   /* address range of imported accesses */
    uint64_t fsize;    /* bytes of the file */
} tg_t;

static int tg_err(tg_t *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int tg_err(tg_t *t, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return wl_fail(t->b, "dir", "%s:%u: %s", t->path, t->line, msg);
}

/* Next whitespace-separated token; NULL at the end of the line. */
static const char *token(const char **pp, size_t *len)
{
    const char *p = *pp;
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
    if (!*p)
        return NULL;
    const char *s = p;
    while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
    *len = (size_t)(p - s);
    *pp = p;
    return s;
}

static int number(const char *s, size_t len, int base, int sign, uint64_t *out)
{
    char tmp[32], *end;
    if (!s || len == 0 || len >= sizeof tmp)
        return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    if (!sign && tmp[0] == '-')
        return -1;
    errno = 0;
    if (sign)
        *out = (uint64_t)strtoll(tmp, &end, base);
    else
        *out = strtoull(tmp, &end, base);
    return *end || errno ? -1 : 0;
}

/* ---- header */

static int header_line(tg_t *t, const char *l)
{
    const char *eq = strchr(l, '=');
    if (!eq)
        return 0;
    const char *v = eq + 1;
    while (*v == ' ')
        v++;
    unsigned a, b, c;
    if (!strncmp(l, "-grid dim", 9) || !strncmp(l, "-block dim", 10)) {
        if (sscanf(v, "(%u,%u,%u)", &a, &b, &c) != 3 || !a || !b || !c)
            return tg_err(t, "expected (x,y,z) with positive dimensions");
        uint32_t *d = l[1] == 'g' ? t->grid : t->block;
        d[0] = a;
        d[1] = b;
        d[2] = c;
        *(l[1] == 'g' ? &t->have_grid : &t->have_block) = 1;
    } else if (!strncmp(l, "-kernel name", 12)) {
        size_t n = strcspn(v, "\r\n");
        snprintf(t->name, sizeof t->name, "%.*s", (int)n, v);
    } else if (!strncmp(l, "-nregs", 6)) {
        sscanf(v, "%u", &t->regs);
    } else if (!strncmp(l, "-shmem =", 8)) {
        sscanf(v, "%u", &t->smem);
    } else if (!strncmp(l, "-accelsim tracer version", 24)) {
        sscanf(v, "%d", &t->version);
    } else if (!strncmp(l, "-enable lineinfo", 16)) {
        sscanf(v, "%d", &t->lineinfo);
    } else if (!strncmp(l, "-shmem base_addr", 16)) {
        unsigned long long x;
        if (sscanf(v, "%llx", &x) == 1)
            t->shmem_base = x;
    }
    return 0;
}

static int start_body(tg_t *t)
{
    if (!t->have_grid || !t->have_block)
        return tg_err(t, "the header has no %s", t->have_grid ? "block dim" : "grid dim");
    uint64_t threads = (uint64_t)t->block[0] * t->block[1] * t->block[2];
    if (threads > 1024)
        return tg_err(t, "more than 1024 threads per CTA");
    uint64_t ctas = (uint64_t)t->grid[0] * t->grid[1] * t->grid[2];
    t->wpc = (threads + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
    if (ctas > TG_MAX_WARPS || ctas * t->wpc > TG_MAX_WARPS)
        return tg_err(t, "too many warps to import (at most 2^26)");
    /* Every warp Accel-Sim traces takes more than a byte of the file */
    if (ctas * t->wpc > t->fsize)
        return tg_err(t, "%llu warps in a %llu-byte file", (unsigned long long)(ctas * t->wpc),
                      (unsigned long long)t->fsize);
    t->warps = ctas * t->wpc;
    t->begin = wl_host(t->b, 8 * t->warps);
    t->end = wl_host(t->b, 8 * t->warps);
    if (!t->begin || !t->end)
        return -1;
    for (uint64_t i = 0; i < t->warps; i++)
        t->begin[i] = t->end[i] = 0; /* absent warp: exits at once */
    return 0;
}

/* ---- body */

static int finish_warp(tg_t *t)
{
    if (t->cur == TG_NONE)
        return 0;
    if (t->count != t->expect)
        return tg_err(t, "the warp has %llu instructions, insts said %llu",
                      (unsigned long long)t->count, (unsigned long long)t->expect);
    gm_inst_t ex = {.op = GM_OP_EXIT, .gap = (uint16_t)(t->gap > UINT16_MAX ? UINT16_MAX : t->gap)};
    if (wl_trace_encode(&t->data, &ex))
        return wl_fail(t->b, NULL, "out of memory");
    t->end[t->cur] = t->data.n;
    t->cur = TG_NONE;
    return 0;
}

static int start_warp(tg_t *t, unsigned w)
{
    if (finish_warp(t))
        return -1;
    if (t->cta < 0)
        return tg_err(t, "warp before \"thread block =\"");
    if (w >= t->wpc)
        return tg_err(t, "warp id past the CTA's warps");
    uint64_t i = (uint64_t)t->cta * t->wpc + w;
    if (t->end[i])
        return tg_err(t, "the warp appears twice");
    t->cur = i;
    t->begin[i] = t->data.n;
    t->expect = t->count = t->gap = 0;
    return 0;
}

/* Size from the opcode's modifiers (".64", ".U8", ...); 4 by default. */
static unsigned op_size(const char *op, size_t len)
{
    const char *p = op, *end = op + len;
    while (p < end) {
        const char *dot = memchr(p, '.', (size_t)(end - p));
        if (!dot)
            break;
        p = dot + 1;
        const char *q = p + ((*p == 'U' || *p == 'S') ? 1 : 0);
        unsigned bits = 0, digits = 0;
        while (q < end && *q >= '0' && *q <= '9' && digits < 5) {
            bits = bits * 10 + (unsigned)(*q++ - '0');
            digits++;
        }
        if (digits && (q == end || *q == '.'))
            return bits / 8;
    }
    return 4;
}

enum { K_COMPUTE, K_LOAD, K_STORE, K_ATOMIC, K_ASYNC };

static int op_kind(const char *op, size_t len)
{
    size_t n = strcspn(op, ".");
    n = n < len ? n : len;
    static const struct {
        const char *name;
        int kind;
    } table[] = {{"LDG", K_LOAD},    {"LD", K_LOAD},       {"LDL", K_LOAD},
                 {"STG", K_STORE},   {"ST", K_STORE},      {"STL", K_STORE},
                 {"ATOM", K_ATOMIC}, {"ATOMG", K_ATOMIC},  {"RED", K_ATOMIC},
                 {"LDGSTS", K_ASYNC}};
    for (unsigned i = 0; i < sizeof table / sizeof *table; i++)
        if (strlen(table[i].name) == n && !memcmp(table[i].name, op, n))
            return table[i].kind;
    return K_COMPUTE;
}

static int skip_tokens(tg_t *t, const char **p, uint64_t n, const char *what)
{
    size_t len;
    for (uint64_t i = 0; i < n; i++)
        if (!token(p, &len))
            return tg_err(t, "the line ends inside its %s", what);
    return 0;
}

static int instruction(tg_t *t, const char *p)
{
    size_t len;
    const char *tok;
    uint64_t pc, mask, n, width, mode;
    if (t->cur == TG_NONE)
        return tg_err(t, "an instruction outside a warp");
    t->count++;
    if (skip_tokens(t, &p, (t->version < 3 ? 4 : 0) + (t->lineinfo ? 1 : 0), "prefix"))
        return -1;
    tok = token(&p, &len);
    if (number(tok, len, 16, 0, &pc) || pc > UINT32_MAX)
        return tg_err(t, "expected a hex PC");
    tok = token(&p, &len);
    if (number(tok, len, 16, 0, &mask) || mask > UINT32_MAX)
        return tg_err(t, "expected a hex active mask");
    tok = token(&p, &len);
    if (number(tok, len, 10, 0, &n) || n > 64 || skip_tokens(t, &p, n, "destinations"))
        return t->b->failed ? -1 : tg_err(t, "expected the destination count");
    const char *op = token(&p, &len);
    size_t oplen = len;
    if (!op)
        return tg_err(t, "missing opcode");
    tok = token(&p, &len);
    if (number(tok, len, 10, 0, &n) || n > 64 || skip_tokens(t, &p, n, "sources"))
        return t->b->failed ? -1 : tg_err(t, "expected the source count");
    tok = token(&p, &len);
    if (number(tok, len, 10, 0, &width))
        return tg_err(t, "expected mem_width");
    int kind = width ? op_kind(op, oplen) : K_COMPUTE;
    if (oplen == 4 && !memcmp(op, "EXIT", 4))
        return 0; /* becomes the warp's EXIT record */
    if (kind == K_COMPUTE || mask == 0) {
        t->gap++;
        return 0;
    }

    gm_inst_t in = {.op = kind == K_LOAD || kind == K_ASYNC ? GM_OP_LOAD : GM_OP_STORE,
                    .bypass_hint = kind == K_ATOMIC,
                    .active = (uint32_t)mask,
                    .pc = (uint32_t)pc};
    unsigned size = op_size(op, oplen);
    if (size != 1 && size != 2 && size != 4 && size != 8 && size != 16)
        return tg_err(t, "unsupported access size in the opcode");
    in.size = (uint8_t)size;
    tok = token(&p, &len);
    if (number(tok, len, 10, 0, &mode) || mode > 2)
        return tg_err(t, "expected address mode 0, 1 or 2");
    unsigned first = 0, last = 0;
    while (!(mask >> first & 1))
        first++;
    for (unsigned l = first; l < GM_WARP_SIZE; l++)
        if (mask >> l & 1)
            last = l;
    if (mode == 0) {
        for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
            if (!(mask >> l & 1))
                continue;
            tok = token(&p, &len);
            if (number(tok, len, 16, 0, &in.addr[l]))
                return tg_err(t, "expected one hex address per active lane");
        }
    } else {
        uint64_t base, step;
        tok = token(&p, &len);
        if (number(tok, len, 16, 0, &base))
            return tg_err(t, "expected a hex base address");
        if (mode == 1) {
            if ((uint32_t)(mask >> first) != (uint32_t)((1ull << (last - first + 1)) - 1))
                return tg_err(t, "base+stride needs a contiguous active mask");
            tok = token(&p, &len);
            if (number(tok, len, 10, 1, &step))
                return tg_err(t, "expected a decimal stride");
            for (unsigned l = first; l <= last; l++)
                in.addr[l] = base + (l - first) * step;
        } else {
            in.addr[first] = base;
            for (unsigned l = first + 1, prev = first; l < GM_WARP_SIZE; l++) {
                if (!(mask >> l & 1))
                    continue;
                tok = token(&p, &len);
                if (number(tok, len, 10, 1, &step))
                    return tg_err(t, "expected one decimal delta per further active lane");
                in.addr[l] = in.addr[prev] + step;
                prev = l;
            }
        }
    }
    /* LDGSTS is traced once per side; its shared-memory side is not L1D traffic */
    if (kind == K_ASYNC && t->shmem_base && in.addr[first] >= t->shmem_base &&
        in.addr[first] - t->shmem_base < TG_SHARED_WINDOW) {
        t->gap++;
        return 0;
    }
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if (!(mask >> l & 1))
            continue;
        if (in.addr[l] > UINT64_MAX - size)
            return tg_err(t, "an access past the end of the 64-bit address space");
        t->lo = in.addr[l] < t->lo ? in.addr[l] : t->lo;
        t->hi = in.addr[l] + size > t->hi ? in.addr[l] + size : t->hi;
    }
    in.gap = (uint16_t)(t->gap > UINT16_MAX ? UINT16_MAX : t->gap);
    t->gap = 0;
    if (wl_trace_encode(&t->data, &in))
        return wl_fail(t->b, NULL, "out of memory");
    return 0;
}

static int body_line(tg_t *t, const char *l)
{
    unsigned x, y, z;
    unsigned long long n;
    if (!strncmp(l, "#BEGIN_TB", 9)) {
        if (t->cta != -1 || t->cur != TG_NONE)
            return tg_err(t, "#BEGIN_TB inside a thread block");
        t->cta = -2; /* inside, id not seen yet */
        return 0;
    }
    if (!strncmp(l, "#END_TB", 7)) {
        if (t->cta == -1)
            return tg_err(t, "#END_TB without #BEGIN_TB");
        t->cta = -1;
        return finish_warp(t);
    }
    if (l[0] == '#')
        return 0;
    if (!strncmp(l, "thread block", 12)) {
        if (t->cta != -2)
            return tg_err(t, "\"thread block\" outside #BEGIN_TB");
        if (sscanf(l, "thread block = %u,%u,%u", &x, &y, &z) != 3 || x >= t->grid[0] ||
            y >= t->grid[1] || z >= t->grid[2])
            return tg_err(t, "expected thread block = x,y,z inside the grid");
        t->cta = (int64_t)x + (int64_t)t->grid[0] * (y + (int64_t)t->grid[1] * z);
        return 0;
    }
    if (!strncmp(l, "warp", 4) && sscanf(l, "warp = %llu", &n) == 1)
        return start_warp(t, n > UINT32_MAX ? UINT32_MAX : (unsigned)n);
    if (!strncmp(l, "insts", 5) && sscanf(l, "insts = %llu", &n) == 1) {
        if (t->cur == TG_NONE)
            return tg_err(t, "insts outside a warp");
        t->expect = n;
        return 0;
    }
    if (t->cta == -1)
        return tg_err(t, "an instruction outside #BEGIN_TB/#END_TB");
    return instruction(t, l);
}

/* Import one kernel file; on success *rec_out is its replay record. */
static int read_kernel(wl_builder_t *b, const char *path, wl_recorded_t **rec_out,
                       uint64_t *lo, uint64_t *hi)
{
    FILE *f;
    uint64_t fsize;
    gm_err_t e;
    if (gm_file_open(path, GM_MAX_TRACEG_BYTES, &f, &fsize, &e))
        return wl_fail(b, "dir", "%s", e.msg);
    tg_t t = {.b = b, .path = path, .cur = TG_NONE, .cta = -1, .lo = UINT64_MAX,
              .fsize = fsize};
    snprintf(t.name, sizeof t.name, "%s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    char *line = NULL;
    size_t cap = 0;
    int in_body = 0, rc = 0;
    long got;
    while (!rc && (got = gm_file_line(f, &line, &cap, GM_MAX_LINE_BYTES)) != -1) {
        t.line++;
        if (got == -3) {
            rc = tg_err(&t, "read error");
            break;
        }
        if (got == -2) {
            rc = tg_err(&t, "a line longer than %u bytes", GM_MAX_LINE_BYTES);
            break;
        }
        if (line[strspn(line, " \t\r\n")] == 0)
            continue;
        if (!in_body && line[0] == '-') {
            rc = header_line(&t, line);
        } else if (!in_body) {
            in_body = 1;
            rc = start_body(&t) || body_line(&t, line);
        } else {
            rc = body_line(&t, line);
        }
    }
    free(line);
    fclose(f);
    if (!rc && !in_body)
        rc = start_body(&t); /* a header-only file: every warp exits at once */
    if (!rc && (t.cta != -1 || t.cur != TG_NONE))
        rc = tg_err(&t, "the file ends inside a thread block");
    if (rc) {
        free(t.data.p);
        return -1;
    }
    uint8_t *data = wl_host(b, t.data.n);
    wl_recorded_t *rec = wl_host(b, sizeof *rec);
    if (!data || !rec) {
        free(t.data.p);
        return -1;
    }
    if (t.data.n)
        memcpy(data, t.data.p, t.data.n);
    free(t.data.p);
    *rec = (wl_recorded_t){data, t.begin, t.end, (uint32_t)t.wpc, 0};
    wl_launch(b, &(wl_launch_t){t.name, &wl_recorded_ops, rec,
                                {t.grid[0], t.grid[1], t.grid[2]},
                                {t.block[0], t.block[1], t.block[2]}, t.regs, t.smem});
    *rec_out = rec;
    *lo = t.lo < *lo ? t.lo : *lo;
    *hi = t.hi > *hi ? t.hi : *hi;
    return b->failed ? -1 : 0;
}

/* A ".." component: the path could leave the directory. */
static int has_dotdot(const char *p)
{
    for (const char *c = p; *c;) {
        size_t n = strcspn(c, "/");
        if (n == 2 && c[0] == '.' && c[1] == '.')
            return 1;
        c += n;
        while (*c == '/')
            c++;
    }
    return 0;
}

/* The file a kernelslist line names (symbolic links followed) lies in the
 * trace directory. A missing file is left to read_kernel to report. */
static int inside(wl_builder_t *b, const char *list, unsigned lineno, const char *real_dir,
                  const char *path)
{
    char *real = realpath(path, NULL);
    if (!real)
        return 0;
    size_t n = strlen(real_dir);
    int ok = !strncmp(real, real_dir, n) && (real[n] == '/' || !strcmp(real_dir, "/"));
    int rc = ok ? 0 : wl_fail(b, "dir", "%s:%u: %s is %s, outside the trace directory %s",
                              list, lineno, path, real, real_dir);
    free(real);
    return rc;
}

static int traceg_build(wl_builder_t *b, const wl_vals_t *p)
{
    const char *dir = p->s[0];
    size_t dlen = strlen(dir);
    char *list = malloc(dlen + 32);
    if (!list)
        return wl_fail(b, NULL, "out of memory");
    snprintf(list, dlen + 32, "%s/kernelslist.g", dir);
    FILE *f;
    uint64_t fsize;
    gm_err_t e;
    if (gm_file_open(list, GM_MAX_KLIST_BYTES, &f, &fsize, &e)) {
        wl_fail(b, "dir", "%s", e.msg);
        free(list);
        return -1;
    }
    char *line = NULL, *path = NULL, *real_dir = realpath(dir, NULL);
    size_t cap = 0;
    unsigned nrec = 0, caprec = 0, lineno = 0;
    wl_recorded_t **recs = NULL;
    uint64_t lo = UINT64_MAX, hi = 0;
    int rc = real_dir ? 0 : wl_fail(b, "dir", "%s: %s", dir, strerror(errno));
    long got;
    while (!rc && (got = gm_file_line(f, &line, &cap, GM_MAX_LINE_BYTES)) != -1) {
        lineno++;
        if (got < 0) {
            rc = wl_fail(b, "dir", "%s:%u: %s", list, lineno,
                         got == -2 ? "line too long" : "read error");
            break;
        }
        line[strcspn(line, "\r\n")] = 0;
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
            line[--n] = 0;
        if (strncmp(line, "kernel", 6))
            continue;
        if (n >= 3 && !strcmp(line + n - 3, ".xz")) {
            rc = wl_fail(b, "dir", "%s:%u: %s is xz-compressed: decompress it first "
                                   "(xz -d) and list the .traceg", list, lineno, line);
            break;
        }
        if (has_dotdot(line)) {
            rc = wl_fail(b, "dir", "%s:%u: %s leaves the trace directory (a '..' "
                                   "component); list files inside it", list, lineno, line);
            break;
        }
        if (nrec == caprec) {
            wl_recorded_t **more = realloc(recs, (caprec * 2 + 8) * sizeof *recs);
            if (!more) {
                rc = wl_fail(b, NULL, "out of memory");
                break;
            }
            recs = more;
            caprec = caprec * 2 + 8;
        }
        free(path);
        path = malloc(dlen + n + 2);
        if (!path) {
            rc = wl_fail(b, NULL, "out of memory");
            break;
        }
        snprintf(path, dlen + n + 2, "%s/%s", dir, line);
        rc = inside(b, list, lineno, real_dir, path) ||
             read_kernel(b, path, &recs[nrec], &lo, &hi);
        nrec += !rc;
    }
    free(line);
    free(path);
    free(real_dir);
    fclose(f);
    if (!rc && nrec == 0)
        rc = wl_fail(b, "dir", "%s lists no kernel-N.traceg file", list);
    free(list);
    if (!rc && lo <= hi) {
        uint64_t page = lo & ~(uint64_t)0xffff;
        if (hi - page > WL_HEAP_END - WL_HEAP_BASE)
            rc = wl_fail(b, "dir", "the trace's addresses span 0x%llx..0x%llx, more than "
                                   "the 32-bit space", (unsigned long long)lo,
                         (unsigned long long)hi);
        for (unsigned i = 0; !rc && i < nrec; i++)
            recs[i]->rebase = page - WL_HEAP_BASE;
    }
    free(recs);
    return rc ? -1 : 0;
}

static const wl_param_t traceg_params[] = {
    {"dir", "an Accel-Sim trace directory", 0, 0, 0, 0, 1},
    {NULL, NULL, 0, 0, 0, 0, 0}};

const wl_def_t wl_traceg = {"traceg", NULL, traceg_params, traceg_build};
