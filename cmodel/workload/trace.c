/* gmem traces: a compact binary record of a workload's warp instruction
 * streams, its writer, and its reader (the `trace:file=PATH` workload).
 *
 * File, version 3: a fixed 29-byte header, then the body.
 *   bytes 0-7    "GMTRACE1"         magic
 *   byte 8       version: 3         (1 had no PCs, 2 no header integrity;
 *                                    neither is read any more)
 *   bytes 9-16   record count       every instruction record of the body,
 *                                   EXITs included (u64, little-endian)
 *   bytes 17-24  body length        bytes after the header (u64, little-endian)
 *   bytes 25-28  CRC-32 of the body (IEEE, zlib's crc32; u32, little-endian)
 * A file whose length, checksum or record count disagrees with its header
 * is refused, naming the byte offset.
 * Body (every integer an unsigned LEB128 varint, so it has no byte order):
 *   spec length, spec bytes        the recorded workload's canonical spec
 *   streams
 *   per stream: kernels
 *   per kernel: name length, name bytes, grid x y z, block x y z, regs,
 *               smem, then for every warp (CTA-major, then warp) its
 *               record length in bytes and its records.
 * Record (one per warp instruction, the last one EXIT):
 *   byte 0: bits 0-1 op (0 load, 1 store, 2 exit), bit 2 bypass_hint,
 *           bits 3-5 log2(size), bit 6 all 32 lanes active,
 *           bit 7 address mode (0 base + lane*stride, 1 base + deltas)
 *   gap
 *   loads and stores: the PC, the active mask unless bit 6; then, if any lane is
 *   active, the first active lane's address, and either the stride
 *   (zigzag), lane l at base + (l - first)*stride, or per further active
 *   lane the zigzag difference to the previous active lane's address.
 * A coalesced 32-lane load costs 9 bytes. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/crc32.h"
#include "util/file.h"
#include "workload/trace.h"
#include "workload/wl.h"

static const char magic[8] = {'G', 'M', 'T', 'R', 'A', 'C', 'E', '1'};
enum { TRACE_VERSION = 3, HEADER_BYTES = 29 };

enum {
    R_OP = 0x03,
    R_BYPASS = 0x04,
    R_SIZE_SHIFT = 3,
    R_SIZE = 0x38,
    R_FULL = 0x40,
    R_DELTAS = 0x80,
};

/* ---- growable buffer and varints */

int wl_buf_put(wl_buf_t *b, const void *src, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->n + n)
            cap *= 2;
        uint8_t *p = realloc(b->p, cap);
        if (!p)
            return -1;
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->n, src, n);
    b->n += n;
    return 0;
}

int wl_buf_varint(wl_buf_t *b, uint64_t v)
{
    uint8_t tmp[10];
    size_t n = 0;
    do {
        tmp[n] = (uint8_t)(v & 0x7f);
        v >>= 7;
        tmp[n++] |= v ? 0x80 : 0;
    } while (v);
    return wl_buf_put(b, tmp, n);
}

static uint64_t zigzag(int64_t v)
{
    uint64_t u = (uint64_t)v;
    return (u << 1) ^ (0 - (u >> 63));
}
static int64_t unzigzag(uint64_t v) { return (int64_t)(v >> 1) ^ -(int64_t)(v & 1); }

/* Unchecked: for streams wl_trace_check accepted. */
static uint64_t get_varint(const uint8_t **pp)
{
    const uint8_t *p = *pp;
    uint64_t v = 0;
    for (unsigned shift = 0;; shift += 7) {
        uint8_t c = *p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80))
            break;
    }
    *pp = p;
    return v;
}

/* Checked: -1 if the varint runs past end or exceeds 64 bits. */
static int read_varint(const uint8_t **pp, const uint8_t *end, uint64_t *out)
{
    const uint8_t *p = *pp;
    uint64_t v = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        if (p == end)
            return -1;
        uint8_t c = *p++;
        if (shift == 63 && c > 1)
            return -1;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) {
            *pp = p;
            *out = v;
            return 0;
        }
    }
    return -1;
}

/* ---- records */

static unsigned log2_size(unsigned size)
{
    unsigned s = 0;
    while ((1u << s) < size)
        s++;
    return s;
}

int wl_trace_encode(wl_buf_t *b, const gm_inst_t *in)
{
    uint8_t head = (uint8_t)(in->op & R_OP);
    if (in->op == GM_OP_EXIT)
        return wl_buf_put(b, &head, 1) || wl_buf_varint(b, in->gap);
    uint32_t act = in->active;
    head |= (uint8_t)((in->bypass_hint ? R_BYPASS : 0) |
                      (log2_size(in->size) << R_SIZE_SHIFT) |
                      (act == UINT32_MAX ? R_FULL : 0));
    unsigned first = 0, second = 0;
    while (first < GM_WARP_SIZE && !(act >> first & 1))
        first++;
    for (second = first + 1; second < GM_WARP_SIZE && !(act >> second & 1); second++)
        ;
    uint64_t stride = 0;
    int strided = 1;
    if (second < GM_WARP_SIZE) {
        uint64_t d = in->addr[second] - in->addr[first];
        uint64_t span = second - first;
        stride = (uint64_t)((int64_t)d / (int64_t)span);
        for (unsigned l = first; l < GM_WARP_SIZE && strided; l++)
            if ((act >> l & 1) && in->addr[l] != in->addr[first] + (l - first) * stride)
                strided = 0;
    }
    if (!strided)
        head |= R_DELTAS;
    if (wl_buf_put(b, &head, 1) || wl_buf_varint(b, in->gap) || wl_buf_varint(b, in->pc))
        return -1;
    if (act != UINT32_MAX && wl_buf_varint(b, act))
        return -1;
    if (!act)
        return 0;
    if (wl_buf_varint(b, in->addr[first]))
        return -1;
    if (strided)
        return wl_buf_varint(b, zigzag((int64_t)stride));
    uint64_t prev = in->addr[first];
    for (unsigned l = first + 1; l < GM_WARP_SIZE; l++) {
        if (!(act >> l & 1))
            continue;
        if (wl_buf_varint(b, zigzag((int64_t)(in->addr[l] - prev))))
            return -1;
        prev = in->addr[l];
    }
    return 0;
}

/* Decode one record from a checked stream. */
static const uint8_t *decode(const uint8_t *p, uint64_t rebase, gm_inst_t *o)
{
    uint8_t head = *p++;
    o->op = head & R_OP;
    o->gap = (uint16_t)get_varint(&p);
    if (o->op == GM_OP_EXIT) {
        o->size = 0;
        o->bypass_hint = 0;
        o->active = 0;
        o->pc = 0;
        memset(o->addr, 0, sizeof o->addr);
        return p;
    }
    o->pc = (uint32_t)get_varint(&p);
    o->size = (uint8_t)(1u << ((head & R_SIZE) >> R_SIZE_SHIFT));
    o->bypass_hint = (head & R_BYPASS) ? 1 : 0;
    uint32_t act = (head & R_FULL) ? UINT32_MAX : (uint32_t)get_varint(&p);
    o->active = act;
    if (!act) {
        memset(o->addr, 0, sizeof o->addr);
        return p;
    }
    unsigned first = 0;
    while (!(act >> first & 1))
        first++;
    uint64_t base = get_varint(&p);
    if (!(head & R_DELTAS)) {
        uint64_t stride = (uint64_t)unzigzag(get_varint(&p));
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (act >> l & 1) ? base + (l - first) * stride - rebase : 0;
        return p;
    }
    uint64_t a = base;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        if (!(act >> l & 1)) {
            o->addr[l] = 0;
            continue;
        }
        if (l != first)
            a += (uint64_t)unzigzag(get_varint(&p));
        o->addr[l] = a - rebase;
    }
    return p;
}

int wl_trace_check(const uint8_t *p, const uint8_t *end, char *why, size_t n)
{
    uint64_t records;
    return wl_trace_check_n(p, end, &records, why, n);
}

int wl_trace_check_n(const uint8_t *p, const uint8_t *end, uint64_t *records, char *why,
                     size_t n)
{
    uint64_t v, count = 0;
    while (p < end) {
        uint8_t head = *p++;
        unsigned op = head & R_OP;
        count++;
        if (op > GM_OP_EXIT || (op == GM_OP_EXIT && (head & ~R_OP))) {
            snprintf(why, n, "record %llu: bad header byte 0x%02x",
                     (unsigned long long)count, head);
            return -1;
        }
        if (read_varint(&p, end, &v) || v > UINT16_MAX)
            goto bad;
        if (op == GM_OP_EXIT) {
            if (p != end) {
                snprintf(why, n, "record %llu: EXIT before the end of the warp",
                         (unsigned long long)count);
                return -1;
            }
            *records = count;
            return 0;
        }
        if (((head & R_SIZE) >> R_SIZE_SHIFT) > 4) {
            snprintf(why, n, "record %llu: access size 2^%u bytes",
                     (unsigned long long)count, (head & R_SIZE) >> R_SIZE_SHIFT);
            return -1;
        }
        uint64_t act = UINT32_MAX;
        if (read_varint(&p, end, &v) || v > UINT32_MAX)
            goto bad;
        if (!(head & R_FULL) && (read_varint(&p, end, &act) || act > UINT32_MAX))
            goto bad;
        if (!act)
            continue;
        if (read_varint(&p, end, &v))
            goto bad;
        unsigned more = (head & R_DELTAS) ? (unsigned)__builtin_popcount((uint32_t)act) - 1 : 1;
        for (unsigned i = 0; i < more; i++)
            if (read_varint(&p, end, &v))
                goto bad;
    }
    snprintf(why, n, "the warp's records end without EXIT");
    return -1;
bad:
    snprintf(why, n, "record %llu: truncated or malformed", (unsigned long long)count);
    return -1;
}

/* ---- replay */

typedef struct rec_ws {
    const uint8_t *p;
} rec_ws_t;

static const uint8_t exit_record[2] = {GM_OP_EXIT, 0};

static void rec_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const wl_recorded_t *r = k->args;
    rec_ws_t *s = ws;
    uint64_t i = (uint64_t)cta * r->warps_per_cta + warp;
    s->p = r->begin[i] == r->end[i] ? exit_record : r->data + r->begin[i];
}

static void rec_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const wl_recorded_t *r = k->args;
    rec_ws_t *s = ws;
    s->p = decode(s->p, r->rebase, o);
    if (r->fold)
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if (o->active >> l & 1)
                o->addr[l] = wl_fold_addr(r->fold, o->addr[l]);
}

const gm_kernel_ops_t wl_recorded_ops = {sizeof(rec_ws_t), rec_init, rec_next};

/* ---- writer */

static int put_kernel_header(wl_buf_t *b, const gm_kernel_t *k)
{
    size_t len = strnlen(k->name, sizeof k->name);
    int rc = wl_buf_varint(b, len) || wl_buf_put(b, k->name, len);
    for (unsigned d = 0; d < 3; d++)
        rc = rc || wl_buf_varint(b, k->grid[d]);
    for (unsigned d = 0; d < 3; d++)
        rc = rc || wl_buf_varint(b, k->block[d]);
    return rc || wl_buf_varint(b, k->regs_per_thread) || wl_buf_varint(b, k->smem_per_cta);
}

typedef struct writer {
    FILE *f;
    wl_buf_t out;
    uint64_t records, bytes;
    uint32_t crc;
} writer_t;

static int flush(writer_t *w)
{
    int rc = w->out.n && fwrite(w->out.p, 1, w->out.n, w->f) != w->out.n;
    w->crc = gm_crc32(w->crc, w->out.p, w->out.n);
    w->bytes += w->out.n;
    w->out.n = 0;
    return rc;
}

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint64_t get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void header(uint8_t *h, uint64_t records, uint64_t bytes, uint32_t crc)
{
    memcpy(h, magic, sizeof magic);
    h[8] = TRACE_VERSION;
    put_le(h + 9, records, 8);
    put_le(h + 17, bytes, 8);
    put_le(h + 25, crc, 4);
}

int gm_trace_write(const gm_workload_t *wl, const char *path, gm_err_t *err)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return gm_errf(err, "%s: cannot open for writing: %s", path, strerror(errno));
    writer_t w = {.f = f};
    wl_buf_t *out = &w.out, warp = {0};
    void *ws = NULL;
    uint8_t h[HEADER_BYTES];
    const char *spec = gm_workload_spec(wl);
    header(h, 0, 0, 0); /* filled in at the end */
    errno = 0;
    int rc = fwrite(h, 1, sizeof h, f) != sizeof h ||
             wl_buf_varint(out, strlen(spec)) || wl_buf_put(out, spec, strlen(spec)) ||
             wl_buf_varint(out, gm_workload_streams(wl));
    for (unsigned s = 0; !rc && s < gm_workload_streams(wl); s++) {
        rc = wl_buf_varint(out, gm_workload_kernels(wl, s));
        for (unsigned i = 0; !rc && i < gm_workload_kernels(wl, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(wl, s, i);
            uint64_t ctas = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
            uint32_t wpc = wl_ceil_div((uint64_t)k->block[0] * k->block[1] * k->block[2],
                                       GM_WARP_SIZE);
            free(ws);
            ws = malloc(k->ops->warp_state_size ? k->ops->warp_state_size : 1);
            rc = !ws || put_kernel_header(out, k);
            for (uint64_t c = 0; !rc && c < ctas; c++) {
                for (uint32_t wi = 0; !rc && wi < wpc; wi++) {
                    gm_inst_t in;
                    warp.n = 0;
                    k->ops->warp_init(k, ws, (uint32_t)c, wi);
                    do {
                        k->ops->warp_next(k, ws, &in);
                        rc = wl_trace_encode(&warp, &in);
                        w.records++;
                    } while (!rc && in.op != GM_OP_EXIT);
                    rc = rc || wl_buf_varint(out, warp.n) || wl_buf_put(out, warp.p, warp.n);
                    if (!rc && out->n > (1u << 20))
                        rc = flush(&w);
                }
            }
        }
    }
    rc = rc || flush(&w);
    header(h, w.records, w.bytes, w.crc);
    const char *why = NULL;
    if (!rc && (fseek(f, 0, SEEK_SET) || fwrite(h, 1, sizeof h, f) != sizeof h)) {
        rc = 1;
        why = "cannot go back to the header (write to a regular file)";
    }
    free(ws);
    free(out->p);
    free(warp.p);
    if (fclose(f) != 0)
        rc = 1;
    if (rc) {
        remove(path);
        return gm_errf(err, "%s: write failed (%s)", path,
                       why ? why : errno ? strerror(errno) : "out of memory");
    }
    return 0;
}

/* ---- reader: the trace:file=PATH workload */

static int read_file(wl_builder_t *b, const char *path, uint8_t **data, size_t *size)
{
    char *buf;
    gm_err_t e;
    if (gm_file_read(path, GM_MAX_TRACE_BYTES, &buf, size, &e))
        return wl_fail(b, "file", "%s", e.msg);
    /* keep the bytes for the workload's lifetime */
    if (wl_adopt(b, buf))
        return -1;
    *data = (uint8_t *)buf;
    return 0;
}

typedef struct reader {
    wl_builder_t *b;
    const char *path;
    const uint8_t *base, *p, *end;
    uint64_t records; /* instruction records read */
} reader_t;

static int corrupt(reader_t *r, const char *what)
{
    return wl_fail(r->b, "file", "%s: not a valid gmem trace (%s at byte %zu)", r->path,
                   what, (size_t)(r->p - r->base));
}

static int get(reader_t *r, uint64_t *v, uint64_t max, const char *what)
{
    if (read_varint(&r->p, r->end, v) || *v > max)
        return corrupt(r, what);
    return 0;
}

/* A length or count bounded by the bytes that remain after it is read. */
static int get_len(reader_t *r, uint64_t *v, const char *what)
{
    const uint8_t *at = r->p;
    if (read_varint(&r->p, r->end, v) || *v > (uint64_t)(r->end - r->p)) {
        r->p = at;
        return corrupt(r, what);
    }
    return 0;
}

static int read_kernel(reader_t *r, unsigned stream)
{
    uint64_t len, dim[6], regs, smem;
    char name[48];
    if (get_len(r, &len, "kernel name"))
        return -1;
    snprintf(name, sizeof name, "%.*s", (int)len, (const char *)r->p);
    r->p += len;
    for (unsigned d = 0; d < 6; d++)
        if (get(r, &dim[d], UINT32_MAX, "launch geometry") ||
            (dim[d] == 0 && corrupt(r, "zero launch dimension")))
            return -1;
    if (get(r, &regs, 65535, "registers") || get(r, &smem, UINT32_MAX, "shared memory"))
        return -1;
    if (dim[3] * dim[4] > 1024 || dim[3] * dim[4] * dim[5] > 1024)
        return corrupt(r, "more than 1024 threads per CTA");
    /* every warp needs at least 3 bytes (a length and an EXIT record), and
     * CTA ids are 32-bit */
    uint64_t room = (uint64_t)(r->end - r->p) / 3, ctas = dim[0] * dim[1];
    if (ctas > room || dim[2] > room / ctas || ctas * dim[2] > UINT32_MAX)
        return corrupt(r, "more CTAs than the file holds");
    ctas *= dim[2];
    uint64_t wpc = (dim[3] * dim[4] * dim[5] + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
    uint64_t warps = ctas * wpc;
    if (warps > room)
        return corrupt(r, "more warps than the file holds");
    wl_recorded_t *rec = wl_host(r->b, sizeof *rec);
    uint64_t *begin = wl_host(r->b, 8 * warps), *end = wl_host(r->b, 8 * warps);
    if (!rec || !begin || !end)
        return -1;
    for (uint64_t i = 0; i < warps; i++) {
        char why[128];
        if (get_len(r, &len, "warp length"))
            return -1;
        begin[i] = (uint64_t)(r->p - r->base);
        end[i] = begin[i] + len;
        uint64_t n;
        if (wl_trace_check_n(r->p, r->p + len, &n, why, sizeof why))
            return wl_fail(r->b, "file", "%s: not a valid gmem trace (kernel %s, warp %llu "
                                         "at byte %llu: %s)", r->path, name,
                           (unsigned long long)i, (unsigned long long)begin[i], why);
        r->p += len;
        r->records += n;
    }
    *rec = (wl_recorded_t){r->base, begin, end, (uint32_t)wpc, 0, NULL};
    unsigned keep = r->b->stream;
    r->b->stream = stream;
    wl_launch(r->b, &(wl_launch_t){name, &wl_recorded_ops, rec,
                                   {(uint32_t)dim[0], (uint32_t)dim[1], (uint32_t)dim[2]},
                                   {(uint32_t)dim[3], (uint32_t)dim[4], (uint32_t)dim[5]},
                                   (uint32_t)regs, (uint32_t)smem});
    r->b->stream = keep;
    return r->b->failed ? -1 : 0;
}

static int trace_build(wl_builder_t *b, const wl_vals_t *p)
{
    const char *path = p->s[0];
    uint8_t *data;
    size_t size;
    if (read_file(b, path, &data, &size))
        return -1;
    reader_t r = {b, path, data, data, data + size, 0};
    uint64_t len, streams, kernels;
    if (size < sizeof magic || memcmp(data, magic, sizeof magic))
        return wl_fail(b, "file", "%s: not a gmem trace (no GMTRACE1 magic at byte 0)", path);
    r.p += sizeof magic;
    if (size == sizeof magic)
        return corrupt(&r, "truncated header");
    if (data[8] != TRACE_VERSION)
        return wl_fail(b, "file", "%s: trace version %u at byte 8, expected %d%s", path,
                       data[8], TRACE_VERSION,
                       data[8] && data[8] < TRACE_VERSION ? " (record it again)" : "");
    if (size < HEADER_BYTES) {
        r.p = r.end;
        return corrupt(&r, "truncated header");
    }
    uint64_t records = get_le(data + 9, 8), body = get_le(data + 17, 8);
    uint32_t crc = (uint32_t)get_le(data + 25, 4);
    if (body != size - HEADER_BYTES) {
        char what[160];
        r.p = r.end;
        snprintf(what, sizeof what, "%s: the header says %llu body bytes, the file has %llu",
                 body > size - HEADER_BYTES ? "truncated" : "trailing bytes",
                 (unsigned long long)body, (unsigned long long)(size - HEADER_BYTES));
        return corrupt(&r, what);
    }
    uint32_t got = gm_crc32(0, data + HEADER_BYTES, size - HEADER_BYTES);
    if (got != crc)
        return wl_fail(b, "file", "%s: not a valid gmem trace (altered: the CRC-32 of bytes "
                                  "%d..%zu is 0x%08x, the header at byte 25 says 0x%08x)",
                       path, HEADER_BYTES, size, got, crc);
    r.p = data + HEADER_BYTES;
    if (get_len(&r, &len, "spec"))
        return -1;
    /* A recorded Accel-Sim trace's streams are CUDA streams, as they were */
    if (len >= 7 && !memcmp(r.p, "traceg:", 7))
        wl_streams_share(b);
    r.p += len;
    if (get(&r, &streams, WL_MAX_STREAMS, "stream count") ||
        (streams == 0 && corrupt(&r, "no streams")))
        return -1;
    if (streams > b->max_streams)
        return wl_fail(b, "file", "%s: a %llu-stream trace cannot be part of a pair or "
                                  "triple", path, (unsigned long long)streams);
    for (unsigned s = 0; s < streams; s++) {
        if (get_len(&r, &kernels, "kernel count") ||
            (kernels == 0 && corrupt(&r, "a stream without kernels")))
            return -1;
        for (uint64_t k = 0; k < kernels; k++)
            if (read_kernel(&r, b->stream + s))
                return -1;
    }
    if (r.p != r.end)
        return corrupt(&r, "trailing bytes");
    if (r.records != records) {
        char what[160];
        r.p = data + 9;
        snprintf(what, sizeof what, "the header says %llu records, the body holds %llu",
                 (unsigned long long)records, (unsigned long long)r.records);
        return corrupt(&r, what);
    }
    b->streams = (unsigned)streams;
    return 0;
}

static const wl_param_t trace_params[] = {
    {"file", "a trace written by gm_trace_write", 0, 0, 0, 0, 1},
    {NULL, NULL, 0, 0, 0, 0, 0}};

const wl_def_t wl_trace = {"trace", NULL, trace_params, trace_build};
