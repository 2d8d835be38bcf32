/* The interpreter for affine loop kernels (see affine.h). */
#include "workload/affine.h"

typedef struct aff_ws {
    uint32_t gx[GM_WARP_SIZE], gy[GM_WARP_SIZE];
    uint32_t pm[3]; /* active lanes per predicate; pm[AP_ALL] = the guard */
    uint32_t k;     /* loop counter */
    uint16_t seg, ref;
} aff_ws_t;

static void aff_init(const gm_kernel_t *kn, void *ws, uint32_t cta, uint32_t warp)
{
    const aff_kernel_t *a = kn->args;
    aff_ws_t *s = ws;
    wl_warp_t w;
    wl_warp_init(&w, kn, cta, warp);
    uint32_t act = 0, y0 = 0;
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        s->gx[l] = wl_gx(kn, &w, l);
        s->gy[l] = wl_gy(kn, &w, l);
        if ((w.live >> l & 1) && s->gx[l] >= a->xlo && s->gx[l] < a->xhi &&
            s->gy[l] >= a->ylo && s->gy[l] < a->yhi) {
            act |= 1u << l;
            if (s->gy[l] == 0)
                y0 |= 1u << l;
        }
    }
    s->pm[AP_ALL] = act;
    s->pm[AP_Y0] = y0;
    s->pm[AP_YNZ] = act & ~y0;
    s->k = 0;
    s->seg = 0;
    s->ref = 0;
    /* A warp with no thread past the guard only computes the guard. */
    if (!act)
        s->seg = (uint16_t)a->prog->nsegs;
}

static int64_t uniform_term(unsigned v, int32_t o, uint32_t k, uint32_t c)
{
    int64_t x = v == AV_K ? k : v == AV_C ? c : 0;
    return x + o;
}

static void emit(const aff_kernel_t *a, const aff_ws_t *s, const aff_ref_t *r,
                 uint32_t mask, gm_inst_t *out)
{
    const aff_array_t *ar = &a->arr[r->arr];
    const int64_t stride[3] = {ar->plane, ar->row, 1};
    int64_t uni = 0, cx = 0, cy = 0;
    for (unsigned d = 0; d < 3; d++) {
        if (r->v[d] == AV_X) {
            cx += stride[d];
            uni += (int64_t)r->o[d] * stride[d];
        } else if (r->v[d] == AV_Y) {
            cy += stride[d];
            uni += (int64_t)r->o[d] * stride[d];
        } else {
            uni += uniform_term(r->v[d], r->o[d], s->k, a->c) * stride[d];
        }
    }
    wl_mem(out, (gm_op_t)r->op, 4, r->gap, mask);
    for (unsigned l = 0; l < GM_WARP_SIZE; l++) {
        int64_t idx = uni + cx * s->gx[l] + cy * s->gy[l];
        out->addr[l] = (mask >> l & 1) ? ar->base + (uint64_t)idx * 4 : 0;
    }
}

static void aff_next(const gm_kernel_t *kn, void *ws, gm_inst_t *out)
{
    const aff_kernel_t *a = kn->args;
    const aff_prog_t *p = a->prog;
    aff_ws_t *s = ws;
    while (s->seg < p->nsegs) {
        const aff_seg_t *g = &p->segs[s->seg];
        if (g->loop && a->trips == 0) {
            s->seg++;
            continue;
        }
        if (s->ref < g->count) {
            const aff_ref_t *r = &p->refs[g->first + s->ref++];
            uint32_t mask = s->pm[r->pred];
            if (mask) {
                emit(a, s, r, mask, out);
                return;
            }
            continue; /* no lane takes this branch: the warp skips it */
        }
        s->ref = 0;
        if (g->loop && ++s->k < a->trips)
            continue;
        s->k = 0;
        s->seg++;
    }
    wl_exit(out, p->exit_gap);
}

const gm_kernel_ops_t aff_ops = {sizeof(aff_ws_t), aff_init, aff_next};

aff_kernel_t *aff_new(wl_builder_t *b, const aff_prog_t *prog)
{
    aff_kernel_t *a = wl_host(b, sizeof *a);
    if (!a)
        return NULL;
    a->prog = prog;
    a->ylo = 0;
    a->yhi = UINT32_MAX;
    return a;
}
