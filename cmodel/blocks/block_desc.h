/* Generates the run-time descriptor X_desc of a block from its .ports file.
 * Include at the end of X.c with GM_BLOCK and GM_PORTS defined. */
#include <stddef.h>

#include "block.h"

#define GM_T(suffix) GM_CAT(GM_BLOCK, suffix)
#define GM_PT GM_T(_params_t)

/* Parameter values as local constants, so depths and STATE_EXPR
 * expressions can name them. */
#define GM_PARAM_LOCALS(stp)                                                   \
    const GM_PT *gm_p_ = &(stp)->p;                                            \
    (void)gm_p_;

static const gm_param_desc_t GM_T(_params_)[] = {
#define PARAM(name, def, min, max, doc)                                        \
    {#name, def, min, max, doc, offsetof(GM_PT, name)},
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    {NULL, 0, 0, 0, NULL, 0}};

static const gm_port_desc_t GM_T(_in_ports_)[] = {
#define IN(name, width) {#name, width, offsetof(GM_T(_in_t), name), 0},
#define INW(name, width) {#name, width, offsetof(GM_T(_in_t), name), 1},
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    {NULL, 0, 0, 0}};

static const gm_port_desc_t GM_T(_out_ports_)[] = {
#define OUT(name, width) {#name, width, offsetof(GM_T(_out_t), name), 0},
#define OUTW(name, width) {#name, width, offsetof(GM_T(_out_t), name), 1},
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    {NULL, 0, 0, 0}};

static const gm_state_desc_t GM_T(_state_)[] = {
#define STATE(name, width) {#name, width},
#define STATE_ARR(name, width, depth) {#name, width},
#define STATE_EXPR(name, width, depth, expr) {#name, width},
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    {NULL, 0}};

static const char *const GM_T(_counter_names_)[] = {
#define COUNTER(name, doc) #name,
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    NULL};

static const char *const GM_T(_counter_docs_)[] = {
#define COUNTER(name, doc) doc,
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    NULL};

#define GM_COUNT(arr) (unsigned)(sizeof(arr) / sizeof((arr)[0]) - 1)

static unsigned GM_T(_state_depth_)(const void *vst, unsigned reg)
{
    const GM_T(_t) *st = vst;
    unsigned i = 0;
    (void)i;
    (void)reg;
    GM_PARAM_LOCALS(st)
#define PARAM(name, def, min, max, doc)                                        \
    const uint32_t name = gm_p_->name;                                         \
    (void)name;
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
#define STATE(name, width)                                                     \
    if (reg == i++)                                                            \
        return 0;
#define STATE_ARR(name, width, depth)                                          \
    if (reg == i++)                                                            \
        return (unsigned)(depth);
#define STATE_EXPR(name, width, depth, expr)                                   \
    if (reg == i++)                                                            \
        return (unsigned)(depth);
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    return 0;
}

static uint64_t GM_T(_state_get_)(const void *vst, unsigned reg, unsigned e)
{
    const GM_T(_t) *st = vst;
    unsigned i = 0;
    (void)i;
    (void)reg;
    (void)e;
    GM_PARAM_LOCALS(st)
#define PARAM(name, def, min, max, doc)                                        \
    const uint32_t name = gm_p_->name;                                         \
    (void)name;
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
#define STATE(name, width)                                                     \
    if (reg == i++)                                                            \
        return (uint64_t)st->name;
#define STATE_ARR(name, width, depth)                                          \
    if (reg == i++)                                                            \
        return (uint64_t)st->name[e];
#define STATE_EXPR(name, width, depth, expr)                                   \
    if (reg == i++)                                                            \
        return (uint64_t)(expr);
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    return 0;
}

static void GM_T(_get_counters_)(const void *vst, uint64_t *vals)
{
    GM_T(_counters_t) c;
    unsigned i = 0;
    GM_T(_counters)((const GM_T(_t) *)vst, &c);
#define COUNTER(name, doc) vals[i++] = c.name;
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)i;
    (void)vals;
}

static int GM_T(_init_)(void *st, const void *p, gm_err_t *err)
{
    return GM_T(_init)(st, p, err);
}
static void GM_T(_reset_)(void *st) { GM_T(_reset)(st); }
static void GM_T(_eval_)(const void *st, const void *in, void *out)
{
    GM_T(_eval)(st, in, out);
}
static void GM_T(_tick_)(void *st, const void *in) { GM_T(_tick)(st, in); }
static int GM_T(_idle_)(const void *st) { return GM_T(_idle)(st); }

const gm_block_desc_t GM_T(_desc) = {
    GM_STR(GM_BLOCK),
    sizeof(GM_T(_t)),
    sizeof(GM_PT),
    sizeof(GM_T(_in_t)),
    sizeof(GM_T(_out_t)),
    offsetof(GM_T(_t), p),
    GM_T(_params_),
    GM_COUNT(GM_T(_params_)),
    GM_T(_in_ports_),
    GM_COUNT(GM_T(_in_ports_)),
    GM_T(_out_ports_),
    GM_COUNT(GM_T(_out_ports_)),
    GM_T(_state_),
    GM_COUNT(GM_T(_state_)),
    GM_T(_counter_names_),
    GM_T(_counter_docs_),
    GM_COUNT(GM_T(_counter_names_)),
    GM_T(_init_),
    GM_T(_reset_),
    GM_T(_eval_),
    GM_T(_tick_),
    GM_T(_state_depth_),
    GM_T(_state_get_),
    GM_T(_get_counters_),
    GM_T(_idle_),
};

#undef GM_COUNT
#undef GM_PARAM_LOCALS
#undef GM_PT
#undef GM_T
