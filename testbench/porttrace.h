/* Port traces: what one block instance saw during a system run — every
 * evaluation's inputs with the C model's outputs, and every clock edge — so
 * the run becomes a regression vector for that block: replayed against any
 * revision of its RTL (and of its C model) without re-running the system.
 *
 * File, version 2: the 632-byte header gm_ptrace_hdr_t ("GMPT", version,
 * the block, the instance path and its parameters, the port struct sizes,
 * the record count, the body's length, the CRC-32 of the body and one of
 * the header itself, written when the trace is closed), then the body, records: 'E' in[in_size]
 * out[out_size] (an evaluation), 'T' in[in_size] (a rising edge with these
 * inputs). Little-endian, sizes of the block's C port structs. A file whose
 * length, records, checksum or count disagree with its header is refused
 * before anything is replayed, naming the byte offset. Version 1 (magic and
 * version only) is not read. */
#ifndef GM_PORTTRACE_H
#define GM_PORTTRACE_H

#include <stdint.h>
#include <stdio.h>

#include "blocks/block.h"
#include "util/err.h"

enum { GM_PTRACE_VERSION = 2, GM_PTRACE_MAX_PORTS = 1 << 20 };

typedef struct gm_ptrace_hdr {
    char magic[4];
    uint32_t version;
    char block[32];
    char path[48];
    char params[512];
    uint32_t in_size, out_size;
    uint64_t records;    /* 'E' and 'T' records in the body */
    uint64_t body_bytes; /* bytes after the header */
    uint32_t crc;        /* CRC-32 (util/crc32.h) of the body */
    uint32_t hdr_crc;    /* CRC-32 of the header's bytes before this field */
} gm_ptrace_hdr_t;

/* Writing: create, a record per evaluation and edge, close (which writes
 * the header's count, length and checksum; a trace not closed is refused
 * when read). */
typedef struct gm_ptrace gm_ptrace_t;
gm_ptrace_t *gm_ptrace_create(const char *file, const gm_block_desc_t *d, const char *path,
                              const char *params, gm_err_t *err);
void gm_ptrace_eval(gm_ptrace_t *t, const void *in, const void *out);
void gm_ptrace_tick(gm_ptrace_t *t, const void *in);
/* 0, or -1 with a message naming the file (which is then removed). */
int gm_ptrace_close(gm_ptrace_t *t, gm_err_t *err);

/* Reading: a regular file of at most GM_MAX_PTRACE_BYTES (util/file.h);
 * the whole file is checked against its header before gm_ptrace_open
 * returns, and *f is left at the first record. */
int gm_ptrace_open(const char *file, FILE **f, gm_ptrace_hdr_t *h, gm_err_t *err);
/* Next record: 'E' or 'T' (in/out filled), 0 at the end, -1 if truncated. */
int gm_ptrace_next(FILE *f, const gm_ptrace_hdr_t *h, void *in, void *out);

#endif
