/* The two microbenchmarks of GPGPU-Sim UVM Smart's managed-memory set that
 * seed-001 chapter 4 evaluates beside the Rodinia and PolyBench kernels
 * (ADDVECT and RA); UVMBench (chapter 5) has neither, so their sizes and
 * geometry are UVM Smart's (benchmarks/Managed/AddVectors and ra).
 *
 * addvect: add(n, x, y), y[i] = x[i] + y[i] in a grid-stride loop; the
 *   host launches ceil(n / 256) CTAs of 256 threads, so each thread runs
 *   one iteration: two coalesced loads and a store. Two managed arrays, x
 *   then y, of n floats (n = 2^20: 4 MiB each).
 * ra: random access. Thread g = blockIdx.x * 256 + threadIdx.x works only
 *   when g % 100 == 0: it loads input[g], turns the float's fraction into
 *   a table index t in [0, n) and does output[t] = table[t] * input[g].
 *   The input holds rand() / RAND_MAX, so t is uniform: here
 *   t = mix64(seed + g * phi) % n, a pure function of the thread. At most
 *   one lane of a warp works (32 < 100), so every instruction is one
 *   sector and the table and output accesses land on random pages.
 *   Managed arrays: input, output, table, n floats each. */
#include "util/rng.h"
#include "workload/ew.h"

/* ---- addvect */

enum { AV_N, AV_TB };

static const wl_param_t addvect_params[] = {
    {"n", "floats per vector", 1048576, 32, 268435456, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

/* index arithmetic before x[i]; the FADD before the store */
static const ew_ref_t addvect_refs[] = {
    {GM_OP_LOAD, 0, 4, EW_ELEM, 0, 0, 5, 0, 0},  /* x[i] */
    {GM_OP_LOAD, 1, 4, EW_ELEM, 0, 0, 0, 0, 0},  /* y[i] */
    {GM_OP_STORE, 1, 4, EW_ELEM, 0, 0, 1, 0, 0}, /* y[i] = x[i] + y[i] */
};

static int addvect_build(wl_builder_t *b, const wl_vals_t *p)
{
    uint64_t n = p->v[AV_N];
    uint32_t tb = (uint32_t)p->v[AV_TB];
    ew_kernel_t *a = ew_new(b, addvect_refs, 3);
    if (!a)
        return -1;
    a->base[0] = wl_array(b, 4 * n); /* x */
    a->base[1] = wl_array(b, 4 * n); /* y */
    a->esize[0] = a->esize[1] = 4;
    a->n = n;
    a->ystride = n;
    a->mode = EW_LINEAR;
    a->exit_gap = 3; /* the stride add and the loop test */
    wl_launch(b, &(wl_launch_t){"add", &ew_ops, a, {wl_ceil_div(n, tb), 1}, {tb, 1}, 10, 0});
    return 0;
}

const wl_def_t wl_addvect = {"addvect", NULL, addvect_params, addvect_build};

/* ---- ra */

enum { RA_N, RA_TB, RA_EVERY };

static const wl_param_t ra_params[] = {
    {"n", "floats per array (table entries)", 1048576, 32, 268435456, 0, 0},
    {"tb", "threads per CTA", 256, 32, 1024, 0, 0},
    {"every", "one working thread in every", 100, 1, 65536, 0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

typedef struct ra_args {
    uint64_t input, output, table, n, seed;
    uint32_t every;
} ra_args_t;

typedef struct ra_ws {
    uint64_t g[GM_WARP_SIZE];
    uint32_t live; /* lanes whose thread works */
    uint32_t pc;
} ra_ws_t;

/* The table index thread g draws from its input value. */
static uint64_t ra_index(const ra_args_t *a, uint64_t g)
{
    return gm_mix64(a->seed + g * 0x9e3779b97f4a7c15ull) % a->n;
}

static void ra_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    const ra_args_t *a = k->args;
    ra_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, k, cta, warp);
    s->live = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->g[l] = wl_gx(k, &w, l);
        if ((w.live >> l & 1) && s->g[l] < a->n && s->g[l] % a->every == 0)
            s->live |= 1u << l;
    }
    s->pc = 0;
}

static void ra_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    const ra_args_t *a = k->args;
    ra_ws_t *s = ws;
    if (!s->live || s->pc == 3) {
        wl_exit(o, s->live ? 1 : 4); /* idle warps only test the guard */
        return;
    }
    switch (s->pc++) {
    case 0: /* in_f = input[x_id] */
        wl_mem(o, GM_OP_LOAD, 4, 6, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->input + 4 * s->g[l] : 0;
        return;
    case 1: /* t[0] = table[table_index]: floor, subtract, scale, convert */
        wl_mem(o, GM_OP_LOAD, 4, 5, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->table + 4 * ra_index(a, s->g[l]) : 0;
        return;
    default: /* output[table_index] = t[0] * in_f */
        wl_mem(o, GM_OP_STORE, 4, 1, s->live);
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            o->addr[l] = (s->live >> l & 1) ? a->output + 4 * ra_index(a, s->g[l]) : 0;
        return;
    }
}

static const gm_kernel_ops_t ra_ops = {sizeof(ra_ws_t), ra_init, ra_next};

static int ra_build(wl_builder_t *b, const wl_vals_t *p)
{
    ra_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    uint32_t tb = (uint32_t)p->v[RA_TB];
    a->n = p->v[RA_N];
    a->every = (uint32_t)p->v[RA_EVERY];
    a->input = wl_array(b, 4 * a->n);
    a->output = wl_array(b, 4 * a->n);
    a->table = wl_array(b, 4 * a->n);
    gm_rng_t r;
    wl_rng(b, &r, 0x5241); /* "RA": the input values */
    a->seed = gm_rng_next(&r);
    wl_launch(b, &(wl_launch_t){"kernel", &ra_ops, a, {wl_ceil_div(a->n, tb), 1}, {tb, 1}, 10,
                                0});
    return 0;
}

const wl_def_t wl_ra = {"ra", NULL, ra_params, ra_build};
