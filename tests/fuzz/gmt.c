/* The .gmt trace reader (trace:file=): the input as a file, then the same
 * with its header's body length and CRC-32 made to agree with the body
 * (and, when only the record count differs, that too), so the fuzzer
 * reaches the body's parser and not only the checksum; an accepted trace
 * is replayed warp by warp. */
#include "fuzz.h"

#include "util/crc32.h"
#include "workload/workload.h"

enum { HEADER = 29 };

static void put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static void replay(const gm_workload_t *w)
{
    for (unsigned s = 0; s < gm_workload_streams(w); s++)
        for (unsigned i = 0; i < gm_workload_kernels(w, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(w, s, i);
            uint64_t ctas = (uint64_t)k->grid[0] * k->grid[1] * k->grid[2];
            uint64_t wpc = ((uint64_t)k->block[0] * k->block[1] * k->block[2] + 31) / 32;
            void *ws = malloc(k->ops->warp_state_size ? k->ops->warp_state_size : 1);
            for (uint64_t c = 0; c < ctas; c++)
                for (uint64_t wi = 0; wi < wpc; wi++) {
                    gm_inst_t in;
                    k->ops->warp_init(k, ws, (uint32_t)c, (uint32_t)wi);
                    do
                        k->ops->warp_next(k, ws, &in);
                    while (in.op != GM_OP_EXIT);
                }
            free(ws);
        }
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
    replay(w);
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
