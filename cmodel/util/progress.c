#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void gm_progress_start(gm_progress_t *p, const char *label, uint64_t total)
{
    p->label = label;
    p->total = total;
    p->cycle = NULL;
    p->calls = 0;
    p->active = isatty(STDERR_FILENO);
    p->start = p->last = p->active ? now_s() : 0;
}

void gm_progress_update(gm_progress_t *p, uint64_t done)
{
    if (!p->active || (++p->calls & 0xffff) != 0)
        return;
    double t = now_s();
    /* Stay silent for the first two seconds: short runs print nothing. */
    if (t - p->start < 2.0 || t - p->last < 0.25)
        return;
    p->last = t;
    uint64_t cycles = p->cycle ? *p->cycle : done;
    double rate = (double)cycles / (t - p->start);
    if (p->total)
        fprintf(stderr, "\r%s: %llu/%llu (%.0f%%)", p->label, (unsigned long long)done,
                (unsigned long long)p->total, 100.0 * (double)done / (double)p->total);
    else
        fprintf(stderr, "\r%s: %llu", p->label, (unsigned long long)done);
    if (p->cycle)
        fprintf(stderr, ", cycle %llu", (unsigned long long)cycles);
    fprintf(stderr, " (%.2f M cycles/s)   ", rate * 1e-6);
    fflush(stderr);
}

void gm_progress_end(gm_progress_t *p)
{
    if (p->active && p->last > p->start)
        fprintf(stderr, "\r%*s\r", 72, "");
}
