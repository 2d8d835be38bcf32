// Instantiated once per (block, parameter point) by a generated file that
// defines GM_VTOP (the Verilated class), GM_BLOCK, GM_PORTS, GM_POINT,
// GM_POINT_PARAMS and GM_RTL_OPS, and includes the Verilated headers. The
// port and state lists come from the block's .ports file, so nothing here
// is written per block.
#include <cstdint>
#include <cstring>

#include "verilated.h"
#include "verilated_vcd_c.h"

extern "C" {
#include "block.h"
#include "rtl_api.h"
}

extern "C" {
#include "block_types.h"
}

#define GM_T(suffix) GM_CAT(GM_BLOCK, suffix)
#define GM_ROOT_SIG(name) GM_CAT(GM_CAT(GM_BLOCK, __DOT__), GM_CAT(name, _q))
#define GM_PORT_I(name) GM_CAT(name, _i)
#define GM_PORT_O(name) GM_CAT(name, _o)

namespace {

struct Model {
    VerilatedContext ctx;
    GM_VTOP *top;
    VerilatedVcdC *vcd = nullptr;
    explicit Model(const gm_rtl_init_t *init)
    {
        ctx.traceEverOn(true); // must precede the model; costs nothing until a trace opens
        // The constructor gives every register its start (--x-initial
        // unique) from the thread's context: this one, with this model's
        // mode and seed. A new seed restarts Verilator's thread-local
        // generator, so the values depend on the seed alone, not on the
        // models made before.
        Verilated::threadContextp(&ctx);
        ctx.randReset(init ? init->mode : GM_RTL_X_ZEROS);
        if (init && init->mode == GM_RTL_X_RANDOM)
            ctx.randSeed(static_cast<int>(init->seed));
        top = new GM_VTOP{&ctx};
    }
    ~Model()
    {
        // A model's scopes unregister from the thread's current context, not
        // their own: that is the last context constructed, which may already
        // be freed (a use after free that deadlocked on its mutex).
        Verilated::threadContextp(&ctx);
        if (vcd) {
            vcd->close();
            delete vcd;
        }
        top->final();
        delete top;
    }
};

template <typename T> unsigned depth_of(const T &) { return 0; }
template <typename T, std::size_t N> unsigned depth_of(const VlUnpacked<T, N> &)
{
    return N;
}
template <typename T> uint64_t elem_of(const T &v, unsigned) { return (uint64_t)v; }
template <typename T, std::size_t N>
uint64_t elem_of(const VlUnpacked<T, N> &v, unsigned e)
{
    return e < N ? (uint64_t)v[e] : 0;
}

template <typename T> unsigned put_all(const T &x, uint64_t *v, unsigned k, unsigned cap)
{
    if (k < cap)
        v[k] = (uint64_t)x;
    return k + 1;
}
template <typename T, std::size_t N>
unsigned put_all(const VlUnpacked<T, N> &x, uint64_t *v, unsigned k, unsigned cap)
{
    for (std::size_t e = 0; e < N; e++, k++)
        if (k < cap)
            v[k] = (uint64_t)x[e];
    return k;
}

template <typename T> void set_elem(T &v, unsigned, uint64_t x) { v = (T)x; }
template <typename T, std::size_t N>
void set_elem(VlUnpacked<T, N> &v, unsigned e, uint64_t x)
{
    if (e < N)
        v[e] = (T)x;
}

template <std::size_t W> void wide_in(VlWide<W> &dst, const uint32_t *src)
{
    for (std::size_t i = 0; i < W; i++)
        dst[i] = src[i];
}
template <std::size_t W> void wide_out(uint32_t *dst, const VlWide<W> &src)
{
    for (std::size_t i = 0; i < W; i++)
        dst[i] = src[i];
}

gm_rtl_t *create(const gm_rtl_init_t *init)
{
    return reinterpret_cast<gm_rtl_t *>(new Model(init));
}
void destroy(gm_rtl_t *m) { delete reinterpret_cast<Model *>(m); }
GM_VTOP *top_of(gm_rtl_t *m) { return reinterpret_cast<Model *>(m)->top; }

void set_inputs(gm_rtl_t *m, const void *vin)
{
    GM_VTOP *top = top_of(m);
    const GM_T(_in_t) *in = static_cast<const GM_T(_in_t) *>(vin);
#define IN(name, width) top->GM_PORT_I(name) = in->name;
#define INW(name, width) wide_in(top->GM_PORT_I(name), in->name);
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)in;
}

void get_outputs(gm_rtl_t *m, void *vout)
{
    GM_VTOP *top = top_of(m);
    GM_T(_out_t) *out = static_cast<GM_T(_out_t) *>(vout);
#define OUT(name, width) out->name = (uint64_t)top->GM_PORT_O(name);
#define OUTW(name, width) wide_out(out->name, top->GM_PORT_O(name));
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)out;
}

void set_clk(gm_rtl_t *m, int clk) { top_of(m)->clk = clk ? 1 : 0; }
void set_rst_n(gm_rtl_t *m, int rst_n) { top_of(m)->rst_n = rst_n ? 1 : 0; }
void eval(gm_rtl_t *m) { top_of(m)->eval(); }

unsigned state_depth(gm_rtl_t *m, unsigned reg)
{
    GM_VTOP *top = top_of(m);
    unsigned i = 0;
    (void)top;
#define STATE(name, width) if (reg == i++) return depth_of(top->rootp->GM_ROOT_SIG(name));
#define STATE_ARR(name, width, depth) STATE(name, width)
#define STATE_EXPR(name, width, depth, expr) STATE(name, width)
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)i;
    return 0;
}

uint64_t state_get(gm_rtl_t *m, unsigned reg, unsigned elem)
{
    GM_VTOP *top = top_of(m);
    unsigned i = 0;
    (void)top;
    (void)elem;
#define STATE(name, width) if (reg == i++) return elem_of(top->rootp->GM_ROOT_SIG(name), elem);
#define STATE_ARR(name, width, depth) STATE(name, width)
#define STATE_EXPR(name, width, depth, expr) STATE(name, width)
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)i;
    return 0;
}

unsigned state_all(gm_rtl_t *m, uint64_t *v, unsigned cap)
{
    GM_VTOP *top = top_of(m);
    unsigned k = 0;
    (void)top;
    (void)v;
    (void)cap;
#define STATE(name, width) k = put_all(top->rootp->GM_ROOT_SIG(name), v, k, cap);
#define STATE_ARR(name, width, depth) STATE(name, width)
#define STATE_EXPR(name, width, depth, expr) STATE(name, width)
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    return k;
}

void state_set(gm_rtl_t *m, unsigned reg, unsigned elem, uint64_t v)
{
    GM_VTOP *top = top_of(m);
    unsigned i = 0;
    (void)top;
    (void)elem;
    (void)v;
#define STATE(name, width)                                                                  \
    if (reg == i++) {                                                                       \
        set_elem(top->rootp->GM_ROOT_SIG(name), elem, v);                                  \
        return;                                                                             \
    }
#define STATE_ARR(name, width, depth) STATE(name, width)
#define STATE_EXPR(name, width, depth, expr) STATE(name, width)
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    (void)i;
}

int trace_open(gm_rtl_t *vm, const char *path)
{
    Model *m = reinterpret_cast<Model *>(vm);
    if (m->vcd)
        return -1;
    m->ctx.traceEverOn(true);
    m->vcd = new VerilatedVcdC;
    m->top->trace(m->vcd, 99);
    m->vcd->open(path);
    return m->vcd->isOpen() ? 0 : -1;
}

void trace_dump(gm_rtl_t *vm, uint64_t t)
{
    Model *m = reinterpret_cast<Model *>(vm);
    if (m->vcd)
        m->vcd->dump(t);
}

void trace_close(gm_rtl_t *vm)
{
    Model *m = reinterpret_cast<Model *>(vm);
    if (m->vcd) {
        m->vcd->close();
        delete m->vcd;
        m->vcd = nullptr;
    }
}

const void *image(gm_rtl_t *m, size_t *size)
{
    GM_VTOP *top = top_of(m);
    *size = sizeof *top->rootp;
    return top->rootp;
}

} // namespace

extern "C" const gm_rtl_ops_t GM_RTL_OPS = {
    GM_STR(GM_BLOCK), GM_POINT, GM_POINT_PARAMS, create, destroy, set_inputs,
    get_outputs, set_clk, set_rst_n, eval, state_depth, state_get, state_all, state_set,
    trace_open, trace_dump, trace_close, image,
};
