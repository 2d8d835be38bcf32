/* The .gmpt port-trace reader (replay): the input as a file, then the same
 * with its header's body length, record count and checksums made to agree
 * with the body, so the fuzzer reaches the record walk; an accepted trace
 * is read record by record as replay does, against its block's ports. */
#include "fuzz.h"

#include <stddef.h>

#include "blocks/block.h"
#include "porttrace.h"
#include "util/crc32.h"

static int load(const uint8_t *data, size_t size, gm_err_t *err)
{
    FILE *f;
    gm_ptrace_hdr_t h;
    if (gm_ptrace_open(fuzz_file(0, data, size), &f, &h, err)) {
        fuzz_msg(err->msg, sizeof err->msg);
        return -1;
    }
    const gm_block_desc_t *d = gm_block_find(h.block);
    if (d && (h.in_size != d->in_size || h.out_size != d->out_size))
        d = NULL; /* replay refuses it */
    void *in = malloc(h.in_size), *out = malloc(h.out_size ? h.out_size : 1);
    int k;
    while ((k = gm_ptrace_next(f, &h, in, out)) > 0)
        if (d && k == 'E') {
            char a[160];
            for (unsigned i = 0; i < d->n_out; i++)
                gm_port_format(&d->out[i], out, a, sizeof a);
        }
    if (k < 0)
        abort(); /* a checked trace never ends mid-record */
    free(in);
    free(out);
    fclose(f);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gm_err_t err;
    const size_t hs = sizeof(gm_ptrace_hdr_t);
    if (load(data, size, &err) == 0 || size < hs)
        return 0;
    uint8_t *fixed = malloc(size);
    if (!fixed)
        abort();
    memcpy(fixed, data, size);
    gm_ptrace_hdr_t h;
    memcpy(&h, fixed, hs);
    h.body_bytes = size - hs;
    h.crc = gm_crc32(0, fixed + hs, size - hs);
    for (int round = 0; round < 2; round++) {
        h.hdr_crc = gm_crc32(0, &h, offsetof(gm_ptrace_hdr_t, hdr_crc));
        memcpy(fixed, &h, hs);
        if (load(fixed, size, &err) == 0)
            break;
        const char *holds = strstr(err.msg, "records, the body holds ");
        if (!holds)
            break;
        h.records = strtoull(holds + 24, NULL, 10);
    }
    free(fixed);
    return 0;
}
