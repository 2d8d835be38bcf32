/* The C interface to a Verilated RTL model of a block at one parameter
 * point. Each (block, point) is verilated separately (parameters are -G
 * flags) and wrapped by rtl_adapter.h into one of these. */
#ifndef GM_RTL_API_H
#define GM_RTL_API_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gm_rtl gm_rtl_t;

/* The registers' values before reset (testbench/rtl_init.h): Verilator's
 * +verilator+rand+reset+MODE, and +verilator+seed+SEED for MODE 2. */
enum { GM_RTL_X_ZEROS = 0, GM_RTL_X_ONES = 1, GM_RTL_X_RANDOM = 2 };
typedef struct gm_rtl_init {
    int mode;      /* GM_RTL_X_* */
    uint32_t seed; /* 1..2^31-1 */
} gm_rtl_init_t;

typedef struct gm_rtl_ops {
    const char *block;
    const char *point;
    const char *params; /* "NAME=VALUE ..." the model was verilated with */
    /* A model whose registers start as init says (NULL: zeros). */
    gm_rtl_t *(*create)(const gm_rtl_init_t *init);
    void (*destroy)(gm_rtl_t *m);
    /* Inputs/outputs use the block's C structs X_in_t / X_out_t. */
    void (*set_inputs)(gm_rtl_t *m, const void *in);
    void (*get_outputs)(gm_rtl_t *m, void *out);
    void (*set_clk)(gm_rtl_t *m, int clk);
    void (*set_rst_n)(gm_rtl_t *m, int rst_n);
    void (*eval)(gm_rtl_t *m);
    /* STATE registers in .ports order: 0 = scalar, else array depth. */
    unsigned (*state_depth)(gm_rtl_t *m, unsigned reg);
    uint64_t (*state_get)(gm_rtl_t *m, unsigned reg, unsigned elem);
    /* Every state element in that order (as state_get gives them) into v,
     * at most cap of them; returns how many there are. */
    unsigned (*state_all)(gm_rtl_t *m, uint64_t *v, unsigned cap);
    /* A backdoor write of one state element (takes effect at the next
     * eval). Honoured only for registers declared public_flat_rw. */
    void (*state_set)(gm_rtl_t *m, unsigned reg, unsigned elem, uint64_t v);
    /* Verilator VCD tracing of the whole model. */
    int (*trace_open)(gm_rtl_t *m, const char *path);
    void (*trace_dump)(gm_rtl_t *m, uint64_t time);
    void (*trace_close)(gm_rtl_t *m);
    /* The model's whole evaluated state as bytes: Verilator's root object,
     * which holds every port, signal, register and trigger. The model is a
     * function of these bytes and its inputs, so two equal images with equal
     * inputs behave alike from there on (syslock.c skips on that). */
    const void *(*image)(gm_rtl_t *m, size_t *size);
} gm_rtl_ops_t;

/* Every RTL model linked into this binary, NULL-terminated (generated). */
extern const gm_rtl_ops_t *const gm_rtl_models[];

#ifdef __cplusplus
}
#endif

#endif
