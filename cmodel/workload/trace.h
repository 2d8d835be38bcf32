/* Recording workloads: gm_trace_write runs every warp of every kernel of a
 * workload and stores its instruction stream in the compact gmem trace
 * format (see trace.c); `trace:file=PATH` replays it as a workload, and
 * `traceg:dir=PATH` imports an Accel-Sim trace directory. */
#ifndef GM_TRACE_H
#define GM_TRACE_H

#include "util/err.h"
#include "workload/workload.h"

/* 0 on success; -1 with a message naming the path. */
int gm_trace_write(const gm_workload_t *w, const char *path, gm_err_t *err);

#endif
