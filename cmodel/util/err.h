/* Error reporting: functions return 0 on success or -1 after filling a
 * gm_err_t; the CLI edge prints the message and exits 2 (bad input) or 1. */
#ifndef GM_ERR_H
#define GM_ERR_H

#include <stddef.h>

typedef struct gm_err {
    char msg[1024];
} gm_err_t;

/* printf-style; always returns -1 so callers can `return gm_errf(...)`. */
int gm_errf(gm_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Prefix an existing message ("ctx: old message"); returns -1. */
int gm_err_prefix(gm_err_t *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Exit statuses shared by every command; a run stopped by a signal exits
 * GM_EXIT_SIGNAL + its number (130 for SIGINT), as a shell reports it. */
enum { GM_EXIT_OK = 0, GM_EXIT_FAIL = 1, GM_EXIT_USAGE = 2, GM_EXIT_MAX_CYCLES = 3,
       GM_EXIT_SIGNAL = 128 };

#endif
