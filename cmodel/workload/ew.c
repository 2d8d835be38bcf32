/* The interpreter for element-wise kernels (see ew.h). */
#include "workload/ew.h"

typedef struct ew_ws {
    uint64_t g[GM_WARP_SIZE];
    uint32_t live, bx, by;
    uint32_t k, r;
} ew_ws_t;

static void ew_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    ew_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++)
        s->g[l] = (uint64_t)w.bx * kn->block[0] + w.tx[l];
    s->live = w.live;
    s->bx = w.bx;
    s->by = w.by;
    s->k = s->r = 0;
}

static uint64_t elem_of(const ew_kernel_t *a, const gm_kernel_t *kn, const ew_ws_t *s,
                        unsigned l)
{
    uint64_t g = s->g[l];
    if (a->mode == EW_BUTTERFLY)
        return a->radix * g - (a->radix - 1) * (g & (a->stride - 1));
    return g + (uint64_t)s->k * kn->grid[0] * kn->block[0];
}

static void ew_next(const gm_kernel_t *kn, void *ws, gm_inst_t *o)
{
    const ew_kernel_t *a = kn->args;
    ew_ws_t *s = ws;
    uint32_t m = 0;
    if (a->mode == EW_LINEAR || s->k == 0)
        for (unsigned l = 0; l < GM_WARP_SIZE; l++)
            if ((s->live >> l & 1) && elem_of(a, kn, s, l) < a->n)
                m |= 1u << l;
    if (!m) {
        wl_exit(o, a->exit_gap);
        return;
    }
    const ew_ref_t *r = &a->refs[s->r];
    uint64_t scale = r->scale ? r->scale : 1;
    wl_mem_at(o, (gm_op_t)r->op, r->size, r->gap, m, 1000 + s->r);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        uint64_t e = r->kind == EW_CTA ? s->bx : elem_of(a, kn, s, l);
        uint64_t idx = s->by * a->ystride + e * scale + r->add + (uint64_t)r->j * a->stride;
        o->addr[l] = (m >> l & 1) ? a->base[r->arr] + idx * a->esize[r->arr] + r->off : 0;
    }
    if (++s->r == a->nrefs) {
        s->r = 0;
        s->k++;
    }
}

const gm_kernel_ops_t ew_ops = {sizeof(ew_ws_t), ew_init, ew_next};

ew_kernel_t *ew_new(wl_builder_t *b, const ew_ref_t *refs, uint32_t nrefs)
{
    ew_kernel_t *a = wl_host(b, sizeof *a);
    if (!a)
        return NULL;
    a->refs = refs;
    a->nrefs = nrefs;
    a->radix = 1;
    a->stride = 1;
    return a;
}
