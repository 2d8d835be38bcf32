/* CUDA SDK scan (SCN, seed-001 Table 2.3/3.1), scanExclusiveLarge over n
 * uints in three kernels of 256-thread CTAs, each CTA owning 1024
 * elements:
 *   scanExclusiveShared  each thread loads a uint4 (16 B: a warp's load is
 *                        4 lines), scans in shared memory, stores a uint4;
 *   scanExclusiveShared2 thread i < n/1024 adds the last element of chunk
 *                        i of the result and of the input (two loads 4 KB
 *                        apart lane to lane: 32 lines a warp), scans the
 *                        chunk sums in shared memory, stores one uint;
 *   uniformUpdate        each CTA's chunk sum (one broadcast load) added
 *                        to its uint4s (a 16 B load and store a thread).
 * The SDK tests arrays up to 256 K elements in batches; the default here
 * is one 4 M-element array (n/1024 = 4096 chunk sums, so the second
 * kernel is its own pass over 16 CTAs). */
#include "workload/ew.h"

static const wl_param_t scan_params[] = {
    {"n", "uints scanned", 4194304, 1024, 268435456, 1024, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum { SC_DST, SC_SRC, SC_BUF };
static const ew_ref_t scan1_refs[] = {
    {GM_OP_LOAD, SC_SRC, 16, EW_ELEM, 0, 0, 4, 0, 0},
    {GM_OP_STORE, SC_DST, 16, EW_ELEM, 0, 0, 40, 0, 0}};
/* element size 4 here: index 1023 + 1024 i */
static const ew_ref_t scan2_refs[] = {
    {GM_OP_LOAD, SC_DST, 4, EW_ELEM, 0, 0, 4, 1024, 1023},
    {GM_OP_LOAD, SC_SRC, 4, EW_ELEM, 0, 0, 0, 1024, 1023},
    {GM_OP_STORE, SC_BUF, 4, EW_ELEM, 0, 0, 40, 0, 0}};
static const ew_ref_t update_refs[] = {
    {GM_OP_LOAD, SC_BUF, 4, EW_CTA, 0, 0, 3, 0, 0},
    {GM_OP_LOAD, SC_DST, 16, EW_ELEM, 0, 0, 1, 0, 0},
    {GM_OP_STORE, SC_DST, 16, EW_ELEM, 0, 0, 4, 0, 0}};

static int scan_launch(wl_builder_t *b, const char *name, const ew_ref_t *refs, uint32_t nrefs,
                       const uint64_t *base, uint32_t esize_dst_src, uint64_t n,
                       uint32_t ctas)
{
    ew_kernel_t *a = ew_new(b, refs, nrefs);
    if (!a)
        return -1;
    for (unsigned i = 0; i < 3; i++)
        a->base[i] = base[i];
    a->esize[SC_DST] = a->esize[SC_SRC] = esize_dst_src;
    a->esize[SC_BUF] = 4;
    a->n = n;
    a->mode = EW_LINEAR;
    a->exit_gap = 2;
    wl_launch(b, &(wl_launch_t){name, &ew_ops, a, {ctas}, {256}, 16, 2048});
    return 0;
}

static int scan_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[0], chunks = n / 1024;
    uint64_t base[3];
    base[SC_DST] = wl_array(b, 4 * n);
    base[SC_SRC] = wl_array(b, 4 * n);
    base[SC_BUF] = wl_array(b, 4 * chunks);
    if (scan_launch(b, "scanExclusiveShared", scan1_refs, 2, base, 16, n / 4,
                    (uint32_t)chunks) ||
        scan_launch(b, "scanExclusiveShared2", scan2_refs, 3, base, 4, chunks,
                    wl_ceil_div(chunks, 256)))
        return -1;
    return scan_launch(b, "uniformUpdate", update_refs, 3, base, 16, n / 4, (uint32_t)chunks);
}

const wl_def_t wl_scan = {"scan", NULL, scan_params, scan_build};
