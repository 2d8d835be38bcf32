/* Shared by the libFuzzer harnesses (README.md, "Fuzzing"): the input as a
 * file the readers open by path (a memfd: a regular file in memory, no
 * disk traffic), and the input split into parts. Include it first. */
#ifndef GM_FUZZ_H
#define GM_FUZZ_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* memfd_create */
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "workload/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A path whose file holds data[0..size), the same file every call. */
static inline const char *fuzz_file(int slot, const void *data, size_t size)
{
    static int fd[4] = {-1, -1, -1, -1};
    static char path[4][64];
    if (fd[slot] < 0) {
        fd[slot] = memfd_create("gmem-fuzz", 0);
        if (fd[slot] < 0) {
            perror("memfd_create");
            abort();
        }
        snprintf(path[slot], sizeof path[slot], "/proc/self/fd/%d", fd[slot]);
    }
    if (ftruncate(fd[slot], 0))
        abort();
    for (size_t off = 0; off < size;) {
        ssize_t n = pwrite(fd[slot], (const char *)data + off, size - off, (off_t)off);
        if (n <= 0)
            abort();
        off += (size_t)n;
    }
    return path[slot];
}

/* The part of [*p, end) up to the separator line "\n%%\n" (which is
 * skipped), as a NUL-terminated copy; *p moves past it. NULL when *p is at
 * the end. */
static inline char *fuzz_part(const uint8_t **p, const uint8_t *end)
{
    if (*p >= end)
        return NULL;
    const uint8_t *s = *p, *q = s;
    size_t n = (size_t)(end - s);
    while (q + 4 <= end && memcmp(q, "\n%%\n", 4))
        q++;
    if (q + 4 <= end) {
        n = (size_t)(q - s) + 1; /* keep the line's newline */
        *p = q + 4;
    } else {
        *p = end;
    }
    char *out = malloc(n + 1);
    if (!out)
        abort();
    memcpy(out, s, n);
    out[n] = 0;
    return out;
}

/* A message must be a terminated string (an overrun shows here). */
static inline void fuzz_msg(const char *msg, size_t cap)
{
    if (strnlen(msg, cap) == cap)
        abort();
}

/* Runs every warp of every kernel of an accepted workload to its exit, so
 * the fuzzer reaches the per-instruction decoding too. */
static inline void fuzz_replay(const gm_workload_t *w)
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

#endif
