#include "porttrace.h"

#include <errno.h>
#include <string.h>

FILE *gm_ptrace_create(const char *file, const gm_block_desc_t *d, const char *path,
                       const char *params, gm_err_t *err)
{
    gm_ptrace_hdr_t h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, "GMPT", 4);
    h.version = 1;
    snprintf(h.block, sizeof h.block, "%s", d->name);
    snprintf(h.path, sizeof h.path, "%s", path);
    snprintf(h.params, sizeof h.params, "%s", params);
    h.in_size = (uint32_t)d->in_size;
    h.out_size = (uint32_t)d->out_size;
    FILE *f = fopen(file, "wb");
    if (!f || fwrite(&h, sizeof h, 1, f) != 1) {
        gm_errf(err, "%s: %s", file, strerror(errno));
        if (f)
            fclose(f);
        return NULL;
    }
    return f;
}

void gm_ptrace_eval(FILE *f, const gm_block_desc_t *d, const void *in, const void *out)
{
    fputc('E', f);
    fwrite(in, d->in_size, 1, f);
    fwrite(out, d->out_size, 1, f);
}

void gm_ptrace_tick(FILE *f, const gm_block_desc_t *d, const void *in)
{
    fputc('T', f);
    fwrite(in, d->in_size, 1, f);
}

int gm_ptrace_open(const char *file, FILE **fp, gm_ptrace_hdr_t *h, gm_err_t *err)
{
    FILE *f = fopen(file, "rb");
    if (!f)
        return gm_errf(err, "%s: %s", file, strerror(errno));
    if (fread(h, sizeof *h, 1, f) != 1 || memcmp(h->magic, "GMPT", 4) || h->version != 1) {
        fclose(f);
        return gm_errf(err, "%s: not a gmem port trace (expected a GMPT v1 header)", file);
    }
    h->block[sizeof h->block - 1] = 0;
    h->path[sizeof h->path - 1] = 0;
    h->params[sizeof h->params - 1] = 0;
    *fp = f;
    return 0;
}

int gm_ptrace_next(FILE *f, const gm_ptrace_hdr_t *h, void *in, void *out)
{
    int c = fgetc(f);
    if (c == EOF)
        return 0;
    if (c == 'E')
        return fread(in, h->in_size, 1, f) == 1 && fread(out, h->out_size, 1, f) == 1 ? 'E' : -1;
    if (c == 'T')
        return fread(in, h->in_size, 1, f) == 1 ? 'T' : -1;
    return -1;
}
