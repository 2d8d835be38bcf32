/* Rodinia Myocyte, CUDA version (Rodinia 3.1 myocyte; seed-004 Table 4.1
 * MYC, cache-insensitive: branch-heavy, few memory accesses, low IPC): a
 * cardiac myocyte model of 91 ODEs and 18 parameters integrated by an
 * embedded Runge-Kutta-Fehlberg 7(8) solver that runs on the host.
 *
 * Rodinia's run is `myocyte.out 100 1 0`: 100 ms of simulated time, one
 * instance, mode 0 (parallel inside the instance). Each time step makes
 * attempts until the error is within tolerance (at most 12); an attempt
 * evaluates the model 13 times, and each evaluation is one launch of
 * `kernel`, 2 CTAs of 32 threads in which only thread 0 works (the model
 * is sequential):
 *   CTA 0 (ECC, equations 0..45): loads params[15] and initvalu[0..39]
 *         except [21], then, between long stretches of arithmetic (59 exp,
 *         52 pow, 7 log, an fmod and the stimulus branches), stores
 *         finavalu[0..45] in the source's order;
 *   CTA 1 (CaM, three compartments c = 0, 1, 2, equations 46 + 15 c ..
 *         60 + 15 c): per compartment loads initvalu[35 + c] (its Ca), the
 *         compartment's params[5c+1 .. 5c+4], params[16] and [17], its 15
 *         values, computes, stores its 15 derivatives and then the
 *         compartment's flux at finavalu[c] (Rodinia 3.1 writes it there,
 *         not to d_com).
 * Values ECC stores and then reads back (the buffer sums) are taken to be
 * forwarded in registers, not reloaded. Device arrays in cudaMalloc order:
 * initvalu (91 floats), finavalu (91), params (18), com (3; no kernel
 * touches it). The host's copies between launches are not kernels and are
 * not modelled; mode 1 (one instance a thread, kernel_2) is not modelled.
 * How many attempts a step takes depends on the ODE values, which gmem
 * does not evaluate: `attempts` fixes it for every step (default 1, the
 * least Rodinia can make: 100 x 13 = 1300 launches). Compute between
 * memory instructions is estimated from the kernel's arithmetic, statement
 * by statement: 1 an add or multiply, 8 a float division, exp or log, 9
 * log10, 6 sqrt, 20 pow or fmod, 2 a branch; about 3600 instructions in
 * ECC and 730 a compartment in CaM, so one memory instruction in about 29
 * thread instructions of one active lane. */
#include "workload/wl.h"

enum { P_SPAN, P_INSTANCES, P_ATTEMPTS };
static const wl_param_t myc_params[] = {
    {"span", "simulated milliseconds (time steps; Rodinia's run: 100)", 100, 1, 100000, 0, 0},
    {"instances", "instances simulated one after another (Rodinia's run: 1)", 1, 1, 1000, 0, 0},
    {"attempts", "solver attempts per time step (data dependent in Rodinia, 1..12)", 1, 1, 12,
     0, 0},
    {NULL, NULL, 0, 0, 0, 0, 0}};

enum {
    MYC_EQ = 91,
    MYC_PARAMS = 18,
    MYC_EVALS = 13,   /* model evaluations per RKF 7(8) attempt */
    MYC_ECC_EQ = 46,
    MYC_CAM_EQ = 15,
    MYC_CAM0 = 46,    /* the first CaM compartment's first equation */
    MYC_CAM_NP = 5,   /* parameters a compartment owns */
    MYC_CAM_PARAMS = 6,
    MYC_CAM_LEN = 1 + MYC_CAM_PARAMS + 2 * MYC_CAM_EQ + 1, /* memory instructions */
};

/* ECC's initial values: all of 0..39 but 21 (Rodinia leaves it out). */
enum { MYC_ECC_LOADS = 39 };
/* ECC's stores in source order, with the compute before each. */
static const uint8_t myc_ecc_st[MYC_ECC_EQ] = {
    0,  1,  2,  11, 12, 7,  8,  39, 9,  10, 3,  4,  5,  6,  42, 44,
    43, 45, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
    27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 40, 41};
static const uint16_t myc_ecc_gap[MYC_ECC_EQ] = {
    533, 4,  4,  319, 227, 253, 9,  9,  70, 9,  300, 9,  5,  5,  249, 738,
    198, 20, 80, 29,  29,  155, 5,  5,  6,  6,  1,   6,  6,  5,  11,  5,
    5,   5,  7,  15,  35,  28,  10, 7,  31, 44, 25,  45, 1,  1};
enum { MYC_CAM_GAP = 704, MYC_FLUX_GAP = 12 };

typedef struct myc_args {
    uint64_t init, fina, params;
} myc_args_t;

typedef struct myc_ws {
    uint32_t cta, pc;
} myc_ws_t;

static void myc_init(const gm_kernel_t *k, void *ws, uint32_t cta, uint32_t warp)
{
    (void)k, (void)warp;
    *(myc_ws_t *)ws = (myc_ws_t){cta, 0};
}

/* One lane (thread 0) at element i of an array of floats. */
static void myc_one_at(gm_inst_t *o, gm_op_t op, unsigned gap, uint64_t base, uint32_t i,
                       uint32_t line)
{
    wl_mem_at(o, op, 4, gap, 1, line);
    wl_fill_same(o, base + 4ull * i);
}
#define myc_one(o, op, gap, base, i) myc_one_at(o, op, gap, base, i, __LINE__)

static void myc_ecc(const myc_args_t *a, uint32_t pc, gm_inst_t *o)
{
    if (pc == 0) { /* cycleLength; after the block and thread tests */
        myc_one(o, GM_OP_LOAD, 4, a->params, 15);
    } else if (pc <= MYC_ECC_LOADS) {
        myc_one(o, GM_OP_LOAD, 2, a->init, pc - 1 < 21 ? pc - 1 : pc);
    } else if (pc <= MYC_ECC_LOADS + MYC_ECC_EQ) {
        uint32_t i = pc - 1 - MYC_ECC_LOADS;
        myc_one(o, GM_OP_STORE, myc_ecc_gap[i], a->fina, myc_ecc_st[i]);
    } else {
        wl_exit(o, 2);
    }
}

static void myc_cam(const myc_args_t *a, uint32_t pc, gm_inst_t *o)
{
    uint32_t c = pc / MYC_CAM_LEN, f = pc % MYC_CAM_LEN;
    uint32_t eq = MYC_CAM0 + MYC_CAM_EQ * c;
    if (c >= 3) {
        wl_exit(o, 2);
        return;
    }
    if (f == 0) { /* the compartment's Ca from ECC's values, scaled */
        myc_one(o, GM_OP_LOAD, c ? 2 : 4, a->init, 35 + c);
    } else if (f <= MYC_CAM_PARAMS) { /* params[5c+1..5c+4], [16], [17] */
        uint32_t i = f <= 4 ? MYC_CAM_NP * c + f : 16 + (f - 5);
        myc_one(o, GM_OP_LOAD, 2, a->params, i);
    } else if (f <= MYC_CAM_PARAMS + MYC_CAM_EQ) {
        myc_one(o, GM_OP_LOAD, f == MYC_CAM_PARAMS + 1 ? 14 : 2, a->init,
                eq + f - 1 - MYC_CAM_PARAMS);
    } else if (f <= MYC_CAM_PARAMS + 2 * MYC_CAM_EQ) {
        uint32_t j = f - 1 - MYC_CAM_PARAMS - MYC_CAM_EQ;
        myc_one(o, GM_OP_STORE, j ? 1 : MYC_CAM_GAP, a->fina, eq + j);
    } else { /* the flux, at finavalu[com_offset] */
        myc_one(o, GM_OP_STORE, MYC_FLUX_GAP, a->fina, c);
    }
}

static void myc_next(const gm_kernel_t *k, void *ws, gm_inst_t *o)
{
    myc_ws_t *s = ws;
    uint32_t pc = s->pc++;
    if (s->cta == 0)
        myc_ecc(k->args, pc, o);
    else
        myc_cam(k->args, pc, o);
}

static const gm_kernel_ops_t myc_ops = {sizeof(myc_ws_t), myc_init, myc_next};

static int myc_build(wl_builder_t *b, const wl_vals_t *p)
{
    myc_args_t *a = wl_host(b, sizeof *a);
    if (!a)
        return -1;
    a->init = wl_array(b, 4 * MYC_EQ);
    a->fina = wl_array(b, 4 * MYC_EQ);
    a->params = wl_array(b, 4 * MYC_PARAMS);
    (void)wl_array(b, 4 * 3); /* d_com */
    uint64_t launches = p->v[P_INSTANCES] * p->v[P_SPAN] * p->v[P_ATTEMPTS] * MYC_EVALS;
    if (launches > 1000000)
        return wl_fail(b, "span", "instances x span x attempts x 13 is %llu launches; at most "
                                  "1000000",
                       (unsigned long long)launches);
    /* 63 registers: the ECC function keeps hundreds of temporaries live */
    for (uint64_t i = 0; i < launches; i++)
        wl_launch(b, &(wl_launch_t){"kernel", &myc_ops, a, {2}, {32}, 63, 0});
    return 0;
}

const wl_def_t wl_myocyte = {"myocyte", NULL, myc_params, myc_build};
