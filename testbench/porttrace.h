/* Port traces: what one block instance saw during a system run — every
 * evaluation's inputs with the C model's outputs, and every clock edge — so
 * the run becomes a regression vector for that block: replayed against any
 * revision of its RTL (and of its C model) without re-running the system.
 *
 * File: the header "GMPT" v1 with the block, the instance path and its
 * parameters, then records: 'E' in[in_size] out[out_size] (an evaluation),
 * 'T' in[in_size] (a rising edge with these inputs). Little-endian, sizes of
 * the block's C port structs. */
#ifndef GM_PORTTRACE_H
#define GM_PORTTRACE_H

#include <stdint.h>
#include <stdio.h>

#include "blocks/block.h"
#include "util/err.h"

typedef struct gm_ptrace_hdr {
    char magic[4];
    uint32_t version;
    char block[32];
    char path[48];
    char params[512];
    uint32_t in_size, out_size;
} gm_ptrace_hdr_t;

FILE *gm_ptrace_create(const char *file, const gm_block_desc_t *d, const char *path,
                       const char *params, gm_err_t *err);
void gm_ptrace_eval(FILE *f, const gm_block_desc_t *d, const void *in, const void *out);
void gm_ptrace_tick(FILE *f, const gm_block_desc_t *d, const void *in);

/* Reading. */
int gm_ptrace_open(const char *file, FILE **f, gm_ptrace_hdr_t *h, gm_err_t *err);
/* Next record: 'E' or 'T' (in/out filled), 0 at the end, -1 if truncated. */
int gm_ptrace_next(FILE *f, const gm_ptrace_hdr_t *h, void *in, void *out);

#endif
