#include "porttrace.h"

#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "util/crc32.h"
#include "util/file.h"

_Static_assert(sizeof(gm_ptrace_hdr_t) == 632, "the .gmpt header is 632 bytes");

struct gm_ptrace {
    FILE *f;
    char *file;
    gm_ptrace_hdr_t h;
    uint32_t crc;
    uint64_t records, bytes;
    int failed;
};

gm_ptrace_t *gm_ptrace_create(const char *file, const gm_block_desc_t *d, const char *path,
                              const char *params, gm_err_t *err)
{
    gm_ptrace_t *t = calloc(1, sizeof *t);
    if (!t || !(t->file = strdup(file))) {
        free(t);
        gm_errf(err, "%s: out of memory", file);
        return NULL;
    }
    gm_ptrace_hdr_t *h = &t->h;
    memcpy(h->magic, "GMPT", 4);
    h->version = GM_PTRACE_VERSION;
    snprintf(h->block, sizeof h->block, "%s", d->name);
    snprintf(h->path, sizeof h->path, "%s", path);
    snprintf(h->params, sizeof h->params, "%s", params);
    h->in_size = (uint32_t)d->in_size;
    h->out_size = (uint32_t)d->out_size;
    t->f = fopen(file, "wb");
    /* the header as it stands until gm_ptrace_close: it says no records */
    if (!t->f || fwrite(h, sizeof *h, 1, t->f) != 1) {
        gm_errf(err, "%s: %s", file, strerror(errno));
        if (t->f)
            fclose(t->f);
        free(t->file);
        free(t);
        return NULL;
    }
    return t;
}

static void put(gm_ptrace_t *t, const void *p, size_t n)
{
    if (fwrite(p, 1, n, t->f) != n)
        t->failed = 1;
    t->crc = gm_crc32(t->crc, p, n);
    t->bytes += n;
}

void gm_ptrace_eval(gm_ptrace_t *t, const void *in, const void *out)
{
    put(t, "E", 1);
    put(t, in, t->h.in_size);
    put(t, out, t->h.out_size);
    t->records++;
}

void gm_ptrace_tick(gm_ptrace_t *t, const void *in)
{
    put(t, "T", 1);
    put(t, in, t->h.in_size);
    t->records++;
}

int gm_ptrace_close(gm_ptrace_t *t, gm_err_t *err)
{
    if (!t)
        return 0;
    t->h.records = t->records;
    t->h.body_bytes = t->bytes;
    t->h.crc = t->crc;
    t->h.hdr_crc = gm_crc32(0, &t->h, offsetof(gm_ptrace_hdr_t, hdr_crc));
    errno = 0;
    int bad = t->failed || fseek(t->f, 0, SEEK_SET) || fwrite(&t->h, sizeof t->h, 1, t->f) != 1;
    bad |= fclose(t->f) != 0;
    int rc = 0;
    if (bad) {
        rc = gm_errf(err, "%s: write failed (%s); removed", t->file,
                     errno ? strerror(errno) : "short write");
        remove(t->file);
    }
    free(t->file);
    free(t);
    return rc;
}

/* ---- reading */

static int bad(const char *file, gm_err_t *err, uint64_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int bad(const char *file, gm_err_t *err, uint64_t at, const char *fmt, ...)
{
    char what[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    return gm_errf(err, "%s: not a valid gmem port trace (%s at byte %llu)", file, what,
                   (unsigned long long)at);
}

/* Walk the body: record kinds and sizes, count, length and checksum. */
static int verify(FILE *f, const char *file, const gm_ptrace_hdr_t *h, uint64_t size,
                  gm_err_t *err)
{
    const uint64_t start = sizeof *h;
    if (h->body_bytes != size - start)
        return bad(file, err, size, "%s: the header says %llu body bytes, the file has %llu",
                   h->body_bytes > size - start ? "truncated" : "trailing bytes",
                   (unsigned long long)h->body_bytes, (unsigned long long)(size - start));
    static unsigned char buf[1 << 16];
    uint64_t at = start, records = 0, need = 0; /* bytes left of the current record */
    uint32_t crc = 0;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        crc = gm_crc32(crc, buf, n);
        for (size_t i = 0; i < n;) {
            if (need) {
                size_t k = need < n - i ? (size_t)need : n - i;
                need -= k;
                i += k;
                continue;
            }
            if (buf[i] == 'E')
                need = (uint64_t)h->in_size + h->out_size;
            else if (buf[i] == 'T')
                need = h->in_size;
            else
                return bad(file, err, at + i, "record %llu: kind 0x%02x, expected 'E' or 'T'",
                           (unsigned long long)records + 1, buf[i]);
            records++;
            i++;
        }
        at += n;
    }
    if (ferror(f))
        return gm_errf(err, "%s: read error: %s", file, strerror(errno));
    if (at != size)
        return gm_errf(err, "%s: changed size while being read", file);
    if (need)
        return bad(file, err, size, "record %llu cut %llu bytes short",
                   (unsigned long long)records, (unsigned long long)need);
    if (crc != h->crc)
        return bad(file, err, offsetof(gm_ptrace_hdr_t, crc),
                   "altered: the CRC-32 of bytes %llu..%llu is 0x%08x, the header says 0x%08x",
                   (unsigned long long)start, (unsigned long long)size, crc, h->crc);
    if (records != h->records)
        return bad(file, err, offsetof(gm_ptrace_hdr_t, records),
                   "the header says %llu records, the body holds %llu",
                   (unsigned long long)h->records, (unsigned long long)records);
    return 0;
}

int gm_ptrace_open(const char *file, FILE **fp, gm_ptrace_hdr_t *h, gm_err_t *err)
{
    FILE *f;
    uint64_t size;
    if (gm_file_open(file, GM_MAX_PTRACE_BYTES, &f, &size, err))
        return -1;
    if (size < 8 || fread(h, 8, 1, f) != 1 || memcmp(h->magic, "GMPT", 4)) {
        fclose(f);
        return gm_errf(err, "%s: not a gmem port trace (no GMPT magic at byte 0)", file);
    }
    if (h->version != GM_PTRACE_VERSION) {
        fclose(f);
        return gm_errf(err, "%s: not a gmem port trace of version %d (version %u at byte 4%s)",
                       file, GM_PTRACE_VERSION, h->version,
                       h->version == 1 ? ": recorded before traces had a checksum; record "
                                         "it again" : "");
    }
    if (size < sizeof *h || fread((char *)h + 8, sizeof *h - 8, 1, f) != 1) {
        fclose(f);
        return bad(file, err, size, "truncated header: %llu of %zu bytes",
                   (unsigned long long)size, sizeof *h);
    }
    int rc = 0;
    uint32_t hc = gm_crc32(0, h, offsetof(gm_ptrace_hdr_t, hdr_crc));
    if (hc != h->hdr_crc)
        rc = bad(file, err, offsetof(gm_ptrace_hdr_t, hdr_crc),
                 "altered header: the CRC-32 of bytes 0..%zu is 0x%08x, the header says 0x%08x",
                 offsetof(gm_ptrace_hdr_t, hdr_crc), hc, h->hdr_crc);
    h->block[sizeof h->block - 1] = 0;
    h->path[sizeof h->path - 1] = 0;
    h->params[sizeof h->params - 1] = 0;
    if (!rc && (h->in_size == 0 || h->in_size > GM_PTRACE_MAX_PORTS ||
                h->out_size > GM_PTRACE_MAX_PORTS))
        rc = bad(file, err, offsetof(gm_ptrace_hdr_t, in_size),
                 "port structs of %u/%u bytes (1..%d)", h->in_size, h->out_size,
                 GM_PTRACE_MAX_PORTS);
    if (!rc)
        rc = verify(f, file, h, size, err);
    if (!rc && fseek(f, (long)sizeof *h, SEEK_SET))
        rc = gm_errf(err, "%s: cannot rewind: %s", file, strerror(errno));
    if (rc) {
        fclose(f);
        return -1;
    }
    *fp = f;
    return 0;
}

int gm_ptrace_next(FILE *f, const gm_ptrace_hdr_t *h, void *in, void *out)
{
    int c = fgetc(f);
    if (c == EOF)
        return 0;
    if (c == 'E') /* (fread of 0 bytes reads 0 items: a block without outputs) */
        return fread(in, h->in_size, 1, f) == 1 &&
                       (h->out_size == 0 || fread(out, h->out_size, 1, f) == 1)
                   ? 'E'
                   : -1;
    if (c == 'T')
        return fread(in, h->in_size, 1, f) == 1 ? 'T' : -1;
    return -1;
}
