/* The report's "sms": per SM what the whole-GPU report sums, so the sum
 * over SMs of each field is the report's figure (tests/cli/per_sm.sh). */
#include "per_sm.h"

#include "gpu.h"

cJSON *gm_per_sm_json(const gm_gpu_t *g)
{
    cJSON *a = cJSON_CreateArray();
    for (uint32_t i = 0; a && i < g->cfg.sm.count; i++) {
        const gm_sm_stats_t *sm = &g->sm[i].sm.st;
        const gm_lsu_stats_t *lsu = &g->sm[i].lsu.st;
        const gm_cache_stats_t *c = &g->sm[i].l1d.c.st;
        cJSON *o = cJSON_CreateObject();
        if (!o) {
            cJSON_Delete(a);
            return NULL;
        }
        cJSON_AddItemToArray(a, o);
        gm_stats_add_u(o, "sm", i);
        gm_stats_add_u(o, "ctas", sm->ctas);
        gm_stats_add_u(o, "warp_instructions", sm->warp_insts);
        gm_stats_add_u(o, "thread_instructions", sm->thread_insts);
        gm_stats_add_u(o, "memory_instructions", sm->mem_insts);
        cJSON *l = cJSON_AddObjectToObject(o, "l1d");
        gm_stats_add_u(l, "accesses", c->accesses);
        gm_stats_add_u(l, "hits", c->hits);
        gm_stats_add_u(l, "misses", c->misses);
        gm_stats_add_u(l, "merges", c->merges);
        /* Counted where they stall, the LSU, as the report's l1d ones are. */
        uint64_t total = 0;
        for (int k = 0; k < GM_RF_NKIND; k++)
            total += lsu->rf[k];
        gm_stats_add_rf(l, lsu->rf, total);
    }
    return a;
}
