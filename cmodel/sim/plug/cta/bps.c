/* BPS in the system. The seed marks a kernel's streaming loads by hand,
 * one `ld.global.cg` per load (§4.3 (II)), and gives no rule for which
 * loads stream; here a configuration names the streaming device arrays
 * (bits of `arrays`, in the workload's allocation order) and every load
 * whose first active lane falls in a named array takes the LSU's bypass
 * path -- the built-in kernels read one array per load instruction, so
 * naming the array is naming its loads. Stores are left alone (.cg is a
 * load qualifier; the L1D does not keep stores past write-evict anyway). */
#include "bps.h"

#include <stdlib.h>

#define S cta_bps_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "BPS: streaming loads bypass the L1D (ld.global.cg)"),
    GM_FIELD_UINT(S, arrays, 0, 0, UINT32_MAX,
        "bit k: the workload's device array k (allocation order) is streamed"),
};
#undef S
const gm_schema_t cta_bps_schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct bps_range {
    uint64_t lo, hi;
} bps_range_t;

struct cta_bps {
    bps_range_t r[32];
    unsigned n;
    uint64_t marked, loads;
};

cta_bps_t *cta_bps_new(const gm_plug_env_t *env, const cta_bps_cfg_t *p, gm_err_t *err)
{
    cta_bps_t *b = calloc(1, sizeof *b);
    if (!b) {
        gm_errf(err, "cta.bps: out of memory");
        return NULL;
    }
    unsigned have = env->wl ? gm_workload_allocs(env->wl) : 0;
    for (unsigned k = 0; k < 32; k++) {
        if (!(p->arrays >> k & 1))
            continue;
        if (k >= have) {
            gm_errf(err, "$.cta.bps.arrays: bit %u names device array %u, but the workload "
                         "allocates %u", k, k, have);
            free(b);
            return NULL;
        }
        const gm_alloc_t *a = gm_workload_alloc(env->wl, k);
        b->r[b->n++] = (bps_range_t){a->base, a->base + a->bytes};
    }
    return b;
}

static void on_bypass(void *self, void *vev)
{
    cta_bps_t *b = self;
    gm_bypass_ev_t *ev = vev;
    const gm_inst_t *in = &ev->mi->in;
    if (in->op != GM_OP_LOAD || !in->active)
        return;
    b->loads++;
    unsigned lane = 0;
    while (!(in->active >> lane & 1))
        lane++;
    uint64_t a = in->addr[lane];
    for (unsigned i = 0; i < b->n; i++)
        if (a >= b->r[i].lo && a < b->r[i].hi) {
            ev->bypass = 1;
            b->marked++;
            return;
        }
}

int cta_bps_attach(cta_bps_t *b, const gm_site_t *site, gm_err_t *err)
{
    if (site->kind != GM_SITE_SM)
        return 0;
    return gm_hooks_add(&site->lsu->hook.bypass, on_bypass, b, site->name, err);
}

void cta_bps_stats(const cta_bps_t *b, cJSON *cta)
{
    cJSON *o = cJSON_AddObjectToObject(cta, "bps");
    gm_stats_add_u(o, "loads", b->loads);
    gm_stats_add_u(o, "marked_cg", b->marked);
}

void cta_bps_free(cta_bps_t *b) { free(b); }
