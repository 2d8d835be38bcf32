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
 *
 * Addresses: the trace's 64-bit device addresses are folded into the
 * model's 32-bit space from 0x10000000 (workload/fold.h: the touched
 * regions laid out densely, every bit below the 2 MiB -- else 64 KiB --
 * alignment kept); a trace whose distinct touched 64 KiB pages exceed the
 * space is refused at the line that touches one too many.
 *
 * Streams: "-cuda stream id = N" puts the kernel on CUDA stream N. The
 * kernels of one stream run in list order, each once its predecessor has
 * ended; kernels of different streams run concurrently on shared SMs
 * (Accel-Sim's rule). gmem runs at most 3 streams (a trace inside a pair
 * or triple: 1), so the distinct ids, in order of first appearance, take
 * the model's streams round-robin -- ids sharing one run in list order.
 * MemcpyHtoD lines are skipped: the copies are not timed and warm no cache.
 *
 * Compressed traces: a listed file whose name ends in ".xz" (Accel-Sim's
 * post-processing writes kernel-N.traceg.xz and lists it so; Accel-Sim
 * itself reads it through `xz -dc`) is decompressed as it is read, with
 * liblzma, in bounded memory (at most 256 MiB of decoder state); a cut or
 * corrupt stream is refused naming the file and the compressed byte.
 * A listed file must lie in the directory (no "..", no link leading out
 * of it). */
#define _GNU_SOURCE /* realpath, fopencookie */
#include <errno.h>
#include <lzma.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

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
    wl_pages_t *pages; /* the 64 KiB pages imported accesses touch, all kernels */
    uint64_t fsize;    /* bytes of the file (an .xz: a bound on its decompressed bytes) */
    unsigned long long stream; /* -cuda stream id */
    struct tg_xz *xz;  /* an .xz file's decoder, or NULL */
} tg_t;

/* ---- .xz files: a FILE whose reads decompress (fopencookie), so the line
 * reader is the same for both. */

enum { TG_XZ_MEMLIMIT = 256u << 20, TG_XZ_RATIO = 1024 };

typedef struct tg_xz {
    FILE *in;
    uint64_t size;     /* compressed bytes */
    lzma_stream s;
    int eof, done;
    char msg[200];     /* why a read failed */
    uint8_t buf[1 << 16];
} tg_xz_t;

static const char *lzma_why(lzma_ret r)
{
    switch (r) {
    case LZMA_FORMAT_ERROR: return "not an xz file (bad magic bytes)";
    case LZMA_OPTIONS_ERROR: return "unsupported xz options";
    case LZMA_DATA_ERROR: return "corrupt xz data";
    case LZMA_BUF_ERROR: return "the xz stream is truncated";
    case LZMA_MEMLIMIT_ERROR: return "the xz stream needs more than 256 MiB to decode";
    case LZMA_MEM_ERROR: return "out of memory";
    default: return "xz decoding failed";
    }
}

static ssize_t xz_read(void *cookie, char *out, size_t n)
{
    tg_xz_t *x = cookie;
    if (x->msg[0])
        return -1;
    if (x->done || !n)
        return 0;
    x->s.next_out = (uint8_t *)out;
    x->s.avail_out = n;
    while (x->s.avail_out == n) {
        if (!x->s.avail_in && !x->eof) {
            size_t got = fread(x->buf, 1, sizeof x->buf, x->in);
            if (ferror(x->in)) {
                snprintf(x->msg, sizeof x->msg, "read error at compressed byte %llu",
                         (unsigned long long)x->s.total_in);
                return -1;
            }
            x->eof = got == 0;
            x->s.next_in = x->buf;
            x->s.avail_in = got;
        }
        lzma_ret r = lzma_code(&x->s, x->eof ? LZMA_FINISH : LZMA_RUN);
        if (r == LZMA_STREAM_END) {
            x->done = 1;
            break;
        }
        if (r != LZMA_OK) {
            snprintf(x->msg, sizeof x->msg, "%s at compressed byte %llu of %llu", lzma_why(r),
                     (unsigned long long)x->s.total_in, (unsigned long long)x->size);
            return -1;
        }
        if (x->s.total_out > GM_MAX_TRACEG_BYTES) {
            snprintf(x->msg, sizeof x->msg, "decompresses to more than the %llu-byte limit",
                     (unsigned long long)GM_MAX_TRACEG_BYTES);
            return -1;
        }
    }
    return (ssize_t)(n - x->s.avail_out);
}

static int xz_close(void *cookie)
{
    tg_xz_t *x = cookie;
    lzma_end(&x->s);
    fclose(x->in);
    free(x);
    return 0;
}

/* Wrap the open compressed file `in`; NULL (in closed) when out of memory. */
static FILE *xz_open(FILE *in, uint64_t size, tg_xz_t **out)
{
    tg_xz_t *x = calloc(1, sizeof *x);
    if (!x) {
        fclose(in);
        return NULL;
    }
    x->in = in;
    x->size = size;
    x->s = (lzma_stream)LZMA_STREAM_INIT;
    /* Concatenated streams decode as one, as `xz -dc` does. */
    if (lzma_stream_decoder(&x->s, TG_XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
        fclose(in);
        free(x);
        return NULL;
    }
    cookie_io_functions_t io = {.read = xz_read, .close = xz_close};
    FILE *f = fopencookie(x, "r", io);
    if (!f) {
        xz_close(x);
        return NULL;
    }
    *out = x;
    return f;
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);
    return n >= m && !strcmp(s + n - m, tail);
}

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
    } else if (!strncmp(l, "-cuda stream id", 15)) {
        if (sscanf(v, "%llu", &t->stream) != 1)
            return tg_err(t, "expected a decimal stream id");
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
        if (in.addr[l] > UINT64_MAX - size + 1)
            return tg_err(t, "an access past the end of the 64-bit address space");
        if (wl_pages_add(t->pages, in.addr[l], size))
            return tg_err(t, "the trace touches more than %zu distinct 64 KiB pages (%zu MiB): "
                             "more than the model's address space 0x%llx..0x%llx holds",
                          t->pages->cap, t->pages->cap >> 4,
                          (unsigned long long)WL_HEAP_BASE, (unsigned long long)WL_HEAP_END - 1);
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

/* The trace's CUDA streams as the model's: ids in order of first
 * appearance, dealt round-robin over the streams the builder may fill. */
typedef struct tg_streams {
    unsigned long long *id;
    unsigned n, cap;
} tg_streams_t;

static int stream_of(wl_builder_t *b, tg_streams_t *s, unsigned long long id, unsigned *lane)
{
    unsigned i = 0;
    while (i < s->n && s->id[i] != id)
        i++;
    if (i == s->n) {
        if (s->n == s->cap) {
            unsigned cap = s->cap ? 2 * s->cap : 8;
            unsigned long long *more = realloc(s->id, cap * sizeof *more);
            if (!more)
                return wl_fail(b, NULL, "out of memory");
            s->id = more;
            s->cap = cap;
        }
        s->id[s->n++] = id;
    }
    *lane = i % b->max_streams;
    return 0;
}

/* Import one kernel file; on success *rec_out is its replay record. */
static int read_kernel(wl_builder_t *b, const char *path, wl_recorded_t **rec_out,
                       wl_pages_t *pages, tg_streams_t *streams)
{
    FILE *f;
    uint64_t fsize;
    gm_err_t e;
    if (gm_file_open(path, GM_MAX_TRACEG_BYTES, &f, &fsize, &e))
        return wl_fail(b, "dir", "%s", e.msg);
    tg_t t = {.b = b, .path = path, .cur = TG_NONE, .cta = -1, .pages = pages,
              .fsize = fsize};
    if (ends_with(path, ".xz")) {
        f = xz_open(f, fsize, &t.xz);
        if (!f)
            return wl_fail(b, NULL, "out of memory");
        /* Only a bound for the warps' check: the decompressed size is not
         * known before the end. */
        t.fsize = fsize > GM_MAX_TRACEG_BYTES / TG_XZ_RATIO ? GM_MAX_TRACEG_BYTES
                                                            : fsize * TG_XZ_RATIO;
    }
    snprintf(t.name, sizeof t.name, "%s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    char *line = NULL;
    size_t cap = 0;
    int in_body = 0, rc = 0;
    long got;
    while (!rc && (got = gm_file_line(f, &line, &cap, GM_MAX_LINE_BYTES)) != -1) {
        t.line++;
        if (got == -3) {
            if (t.xz && t.xz->msg[0])
                rc = wl_fail(b, "dir", "%s: %s (decompressed line %u)", path, t.xz->msg,
                             t.line);
            else
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
    /* A stream cut at a line's end reads as an end of file: the decoder
     * says whether it really ended. */
    if (!rc && t.xz && t.xz->msg[0])
        rc = wl_fail(b, "dir", "%s: %s", path, t.xz->msg);
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
    *rec = (wl_recorded_t){data, t.begin, t.end, (uint32_t)t.wpc, 0, NULL};
    unsigned lane, home = b->stream;
    if (stream_of(b, streams, t.stream, &lane))
        return -1;
    b->stream = home + lane;
    wl_launch(b, &(wl_launch_t){t.name, &wl_recorded_ops, rec,
                                {t.grid[0], t.grid[1], t.grid[2]},
                                {t.block[0], t.block[1], t.block[2]}, t.regs, t.smem});
    wl_launch_cuda_stream(b, t.stream);
    b->stream = home;
    if (lane + 1 > b->streams)
        b->streams = lane + 1;
    *rec_out = rec;
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
    tg_streams_t streams = {0};
    wl_pages_t pages;
    /* No more distinct pages than the whole space holds can fit at all. */
    int rc = real_dir ? 0 : wl_fail(b, "dir", "%s: %s", dir, strerror(errno));
    if (wl_pages_init(&pages, (WL_HEAP_END - WL_HEAP_BASE) >> WL_PAGE_SHIFT) && !rc)
        rc = wl_fail(b, NULL, "out of memory");
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
             read_kernel(b, path, &recs[nrec], &pages, &streams);
        nrec += !rc;
    }
    free(line);
    free(path);
    free(real_dir);
    fclose(f);
    if (!rc && nrec == 0)
        rc = wl_fail(b, "dir", "%s lists no kernel-N.traceg file", list);
    free(streams.id);
    wl_streams_share(b);
    if (!rc) {
        /* The fold starts above what the workload holds already (the other
         * member of a pair), 2 MiB aligned, and the heap moves past it. */
        uint64_t heap = wl_array(b, 0), base = (heap + (2u << 20) - 1) & ~(uint64_t)((2u << 20) - 1);
        wl_fold_t *fold = wl_host(b, sizeof *fold);
        int plan = !fold || base >= WL_HEAP_END ? -1 : wl_fold_plan(&pages, base, WL_HEAP_END, fold);
        if (!fold)
            rc = -1;
        else if (plan == -2 || (plan == 0 && wl_adopt(b, fold->r)))
            rc = wl_fail(b, NULL, "out of memory");
        else if (plan == -1)
            rc = wl_fail(b, "dir", "%s: the regions the trace touches do not fit the space "
                                   "0x%llx..0x%llx left for it, even 64 KiB aligned",
                         list, (unsigned long long)base, (unsigned long long)WL_HEAP_END - 1);
        if (!rc && fold->n) {
            const wl_region_t *r = &fold->r[fold->n - 1];
            wl_array(b, r->base + (r->last - r->lo + 1) - heap);
        }
        for (unsigned i = 0; !rc && i < nrec; i++)
            recs[i]->fold = fold;
    }
    wl_pages_free(&pages);
    free(list);
    free(recs);
    return rc ? -1 : 0;
}

static const wl_param_t traceg_params[] = {
    {"dir", "an Accel-Sim trace directory", 0, 0, 0, 0, 1},
    {NULL, NULL, 0, 0, 0, 0, 0}};

const wl_def_t wl_traceg = {"traceg", NULL, traceg_params, traceg_build};
