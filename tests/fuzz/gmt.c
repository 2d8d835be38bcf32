/* The .gmt trace reader (trace:file=): the input as a file, then the same
 * with its header's body length and CRC-32 made to agree with the body
 * (and, when only the record count differs, that too), so the fuzzer
 * reaches the body's parser and not only the checksum; an accepted trace
 * is replayed warp by warp. */
#include "fuzz.h"

#include "util/crc32.h"

enum { HEADER = 29 };

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static int load(const uint8_t *data, size_t size, gm_err_t *err)
{
    char spec[64];
    snprintf(spec, sizeof spec, "trace:file=%s", fuzz_file(0, data, size));
    gm_workload_t *w = gm_workload_create(spec, 1, err);
    if (!w) {
        fuzz_msg(err->msg, sizeof err->msg);
        return -1;
    }
    fuzz_replay(w);
    gm_workload_free(w);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gm_err_t err;
    if (load(data, size, &err) == 0 || size < HEADER)
        return 0;
    uint8_t *fixed = malloc(size);
    if (!fixed)
        abort();
    memcpy(fixed, data, size);
    put_le(fixed + 17, size - HEADER, 8);
    put_le(fixed + 25, gm_crc32(0, fixed + HEADER, size - HEADER), 4);
    if (load(fixed, size, &err)) {
        const char *holds = strstr(err.msg, "records, the body holds ");
        if (holds) {
            put_le(fixed + 9, strtoull(holds + 24, NULL, 10), 8);
            load(fixed, size, &err);
        }
    }
    free(fixed);
    return 0;
}
