/* The block contract (DESIGN §3). A block X is described once, in
 * cmodel/blocks/X.ports, as an X-macro list:
 *
 *   PARAM(name, default, min, max, "doc")   a Verilog parameter (32-bit)
 *   IN(name, width) / OUT(name, width)      a port of 1..64 bits
 *   INW(name, width) / OUTW(name, width)    a port wider than 64 bits
 *   STATE(name, width)                      a register: C st->name, RTL name_q
 *   STATE_ARR(name, width, depth)           an array: C st->name[e], RTL name_q[e]
 *   STATE_EXPR(name, width, depth, expr)    an array whose C element e is expr
 *   COUNTER(name, "doc")                    an event counter of the C model
 *
 * Depths and STATE_EXPR expressions may use parameter names, `st` (the
 * block state) and `e` (the element index). From this one list come the C
 * types (block_types.h), the run-time descriptor below (block_desc.h), the
 * VCD signals and the Verilator adapter (testbench/rtl_adapter.h).
 *
 * C API of a block X (no globals, no allocation after init):
 *   int  X_init(X_t *, const X_params_t *, gm_err_t *)  validate + reset
 *   void X_reset(X_t *)
 *   void X_eval(const X_t *, const X_in_t *, X_out_t *) combinational, pure
 *   void X_tick(X_t *, const X_in_t *)                  one rising edge
 *   void X_counters(const X_t *, X_counters_t *)
 *   int  X_idle(const X_t *)  1 when a cycle without requests (every valid
 *        input 0, the other inputs held) would change no state or counter,
 *        so the system may skip the cycle (0 is always safe)
 * X_t holds its parameters in a member `p` and its counters in `ctr`. */
#ifndef GM_BLOCK_H
#define GM_BLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "../util/err.h"

#define GM_CAT_(a, b) a##b
#define GM_CAT(a, b) GM_CAT_(a, b)
#define GM_STR_(a) #a
#define GM_STR(a) GM_STR_(a)
#define GM_WORDS(w) (((w) + 31) / 32)

typedef struct gm_param_desc {
    const char *name;
    uint32_t def, min, max;
    const char *doc;
    size_t offset; /* of the uint32_t in X_params_t */
} gm_param_desc_t;

typedef struct gm_port_desc {
    const char *name; /* without the _i/_o suffix */
    unsigned width;
    size_t offset;    /* in X_in_t / X_out_t */
    int wide;         /* stored as uint32_t words, else as one uint64_t */
} gm_port_desc_t;

typedef struct gm_state_desc {
    const char *name; /* without the _q suffix */
    unsigned width;
} gm_state_desc_t;

typedef struct gm_block_desc {
    const char *name;
    size_t state_size, params_size, in_size, out_size;
    size_t params_in_state; /* offsetof(X_t, p): the resolved parameters */
    const gm_param_desc_t *params;
    unsigned n_params;
    const gm_port_desc_t *in;
    unsigned n_in;
    const gm_port_desc_t *out;
    unsigned n_out;
    const gm_state_desc_t *state;
    unsigned n_state;
    const char *const *counters;
    const char *const *counter_docs;
    unsigned n_counters;
    int (*init)(void *st, const void *params, gm_err_t *err);
    void (*reset)(void *st);
    void (*eval)(const void *st, const void *in, void *out);
    void (*tick)(void *st, const void *in);
    /* 0 for a scalar register, else the number of array elements. */
    unsigned (*state_depth)(const void *st, unsigned reg);
    uint64_t (*state_get)(const void *st, unsigned reg, unsigned elem);
    void (*get_counters)(const void *st, uint64_t *vals);
    int (*idle)(const void *st);
} gm_block_desc_t;

/* All blocks, NULL-terminated (generated from cmodel/blocks/ *.ports). */
extern const gm_block_desc_t *const gm_blocks[];
const gm_block_desc_t *gm_block_find(const char *name);

/* Parameters: defaults, and a parameter-point file
 * {"doc": "...", "params": {"NAME": value, ...}} with every value checked. */
void gm_params_defaults(const gm_block_desc_t *b, void *params);
int gm_params_load(const gm_block_desc_t *b, const char *file, void *params,
                   gm_err_t *err);
/* A new, initialised instance (parameters from a point file, or defaults
 * when file is NULL; "auto" parameters resolved). free() it when done. */
void *gm_block_new(const gm_block_desc_t *b, const char *file, gm_err_t *err);
/* Parameters from "NAME=VALUE NAME=VALUE" (the form RTL models and port
 * traces carry); names not given keep their defaults. */
int gm_params_parse(const gm_block_desc_t *b, const char *text, void *params,
                    gm_err_t *err);
/* The resolved parameters of an instance as "NAME=VALUE ..." text. */
void gm_params_format(const gm_block_desc_t *b, const void *params, char *buf, size_t n);
uint32_t gm_param_get(const gm_block_desc_t *b, const void *params, unsigned i);

/* Port values as uint64_t (narrow ports) or words (wide ports). */
uint64_t gm_port_get(const gm_port_desc_t *p, const void *vals);
void gm_port_set(const gm_port_desc_t *p, void *vals, uint64_t v);
uint32_t *gm_port_words(const gm_port_desc_t *p, void *vals);
const uint32_t *gm_port_cwords(const gm_port_desc_t *p, const void *vals);
/* Clear the bits above each port's width. */
void gm_ports_mask(const gm_port_desc_t *ports, unsigned n, void *vals);
/* Index of the first port whose bits beyond its width are set, or -1. */
int gm_ports_overflow(const gm_port_desc_t *ports, unsigned n, const void *vals);
/* Format a port value as hex ("0x..") into buf. */
void gm_port_format(const gm_port_desc_t *p, const void *vals, char *buf,
                    size_t n);

#endif
