#include "err.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int gm_errf(gm_err_t *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, fmt, ap);
        va_end(ap);
    }
    return -1;
}

int gm_err_prefix(gm_err_t *err, const char *fmt, ...)
{
    if (!err)
        return -1;
    char head[512], old[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    /* Truncation is acceptable for a message; keep the head and as much of
     * the old text as fits. */
    size_t n = strlen(head), cap = sizeof err->msg - 1;
    n = n < cap ? n : cap;
    memcpy(err->msg, head, n);
    if (n + 2 <= cap) {
        memcpy(err->msg + n, ": ", 2);
        n += 2;
    }
    size_t m = strnlen(old, sizeof old);
    m = m < cap - n ? m : cap - n;
    memcpy(err->msg + n, old, m);
    err->msg[n + m] = 0;
    return -1;
}
