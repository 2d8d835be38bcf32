/* Reading input files with bounds: only a regular file (not a directory, a
 * device such as /dev/zero, or a FIFO) of at most a documented size, read
 * whole or streamed with a bounded line length.
 *
 * The limits, per kind of input:
 *   JSON (configs, parameter points, stats reports)   GM_MAX_JSON_BYTES    16 MiB
 *   Yosys netlists (check-ports)                      GM_MAX_NETLIST_BYTES 1 GiB
 *   .gmt traces (read whole)                          GM_MAX_TRACE_BYTES   2 GiB
 *   Accel-Sim kernelslist.g                           GM_MAX_KLIST_BYTES   1 MiB
 *   Accel-Sim .traceg (streamed)                      GM_MAX_TRACEG_BYTES  64 GiB,
 *                                                     lines of at most GM_MAX_LINE_BYTES 64 KiB
 *   .gmpt port traces (streamed)                      GM_MAX_PTRACE_BYTES  64 GiB */
#ifndef GM_FILE_H
#define GM_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "err.h"

#define GM_MAX_JSON_BYTES (16ull << 20)
#define GM_MAX_NETLIST_BYTES (1ull << 30)
#define GM_MAX_TRACE_BYTES (2ull << 30)
#define GM_MAX_KLIST_BYTES (1ull << 20)
#define GM_MAX_TRACEG_BYTES (64ull << 30)
#define GM_MAX_PTRACE_BYTES (64ull << 30)
#define GM_MAX_LINE_BYTES (64u << 10)

/* Open a regular file of at most `max` bytes for reading; *size gets its
 * size. Errors name the path: "cannot open: <why>", "is a directory",
 * "not a regular file (a character device)", "N bytes, more than the
 * M-byte limit". */
int gm_file_open(const char *path, uint64_t max, FILE **f, uint64_t *size, gm_err_t *err);

/* The whole file (checked as by gm_file_open), in memory from malloc with
 * a NUL after its *size bytes. */
int gm_file_read(const char *path, uint64_t max, char **data, size_t *size, gm_err_t *err);

/* The next line of f without its end of line, at most `max` bytes, in a
 * buffer that grows as getline's does. Returns its length, -1 at the end of
 * the file, -2 for a longer line (the rest of it unread), -3 on a read
 * error. */
long gm_file_line(FILE *f, char **buf, size_t *cap, size_t max);

#endif
