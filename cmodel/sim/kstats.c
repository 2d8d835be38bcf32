/* The report's "kernels" (kstats.h says what is charged to whom). */
#include "kstats.h"

#include <stdlib.h>

#include "gpu.h"

/* A cache's counts, in the order of the whole-GPU report's; the hit rate
 * goes after whatever the caller adds. */
static cJSON *add_cache(cJSON *o, const char *name, const gm_kcache_t *k)
{
    cJSON *l = cJSON_AddObjectToObject(o, name);
    gm_stats_add_u(l, "accesses", k->accesses);
    gm_stats_add_u(l, "hits", k->hits);
    gm_stats_add_u(l, "misses", k->misses);
    gm_stats_add_u(l, "merges", k->merges);
    return l;
}

cJSON *gm_kernels_json(const gm_gpu_t *g)
{
    cJSON *a = cJSON_CreateArray();
    uint64_t now = g->clk.cycles[GM_CLK_CORE];
    unsigned n = gm_workload_kernels_total(g->wl);
    /* Kernels by id: walk the streams once to find each id's kernel. */
    const gm_kernel_t **by_id = calloc(n ? n : 1, sizeof *by_id);
    uint32_t *stream_of = calloc(n ? n : 1, sizeof *stream_of);
    if (!a || !by_id || !stream_of) {
        cJSON_Delete(a);
        free(by_id);
        free(stream_of);
        return NULL;
    }
    for (uint32_t s = 0; s < gm_workload_streams(g->wl); s++)
        for (unsigned i = 0; i < gm_workload_kernels(g->wl, s); i++) {
            const gm_kernel_t *k = gm_workload_kernel(g->wl, s, i);
            by_id[k->id - 1] = k;
            stream_of[k->id - 1] = s;
        }
    for (unsigned i = 0; i < n; i++) {
        const gm_kernel_t *k = by_id[i];
        const gm_kstat_t *x = &g->kst[i];
        cJSON *o = cJSON_CreateObject();
        if (!o || !cJSON_AddItemToArray(a, o)) {
            cJSON_Delete(o);
            cJSON_Delete(a);
            a = NULL;
            break;
        }
        /* A kernel cut short by the run's end runs to the report's cycle;
         * one that never started starts and ends there. */
        uint64_t start = x->started ? x->start : now, end = x->ended ? x->end : now;
        gm_stats_add_u(o, "id", k->id);
        cJSON_AddStringToObject(o, "name", k->name);
        gm_stats_add_u(o, "stream", stream_of[i]);
        gm_stats_add_u(o, "cuda_stream", k->cuda_stream);
        cJSON_AddStringToObject(o, "state", x->ended ? "completed" : x->started ? "running"
                                                                              : "waiting");
        gm_stats_add_u(o, "ctas", (uint64_t)k->grid[0] * k->grid[1] * k->grid[2]);
        gm_stats_add_u(o, "start_cycle", start);
        gm_stats_add_u(o, "end_cycle", end);
        gm_stats_add_u(o, "cycles", end - start);
        gm_stats_add_u(o, "warp_instructions", x->warp_insts);
        gm_stats_add_u(o, "thread_instructions", x->thread_insts);
        gm_stats_add_u(o, "memory_instructions", x->mem_insts);
        gm_stats_add_r(o, "ipc", gm_stats_ratio(x->thread_insts, end - start));
        cJSON *l = add_cache(o, "l1d", &x->l1d);
        gm_stats_add_u(l, "reservation_fails", x->l1d_rf);
        gm_stats_add_r(l, "hit_rate", gm_stats_ratio(x->l1d.hits, x->l1d.accesses));
        l = add_cache(o, "l2", &x->l2);
        gm_stats_add_r(l, "hit_rate", gm_stats_ratio(x->l2.hits, x->l2.accesses));
        l = cJSON_AddObjectToObject(o, "dram");
        gm_stats_add_u(l, "reads", x->dram_reads);
        gm_stats_add_u(l, "writes", x->dram_writes);
    }
    free(by_id);
    free(stream_of);
    return a;
}
