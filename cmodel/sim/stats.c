/* The stats report: one JSON object, schema "gmem-stats/1". Numbers are
 * exact integer counters plus a few ratios derived from them; the same
 * inputs and seed give byte-identical output. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu.h"

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

static void add_u(cJSON *o, const char *k, uint64_t v) { cJSON_AddNumberToObject(o, k, (double)v); }

/* Ratios rounded to 6 decimals, so the text never depends on the last bits
 * of a double. */
static void add_r(cJSON *o, const char *k, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", v);
    cJSON_AddRawToObject(o, k, buf);
}

static cJSON *cache_json(const gm_cache_stats_t *s, uint64_t rf_total)
{
    cJSON *o = cJSON_CreateObject();
    add_u(o, "accesses", s->accesses);
    add_u(o, "reads", s->reads);
    add_u(o, "writes", s->writes);
    add_u(o, "hits", s->hits);
    add_u(o, "misses", s->misses);
    add_u(o, "merges", s->merges);
    add_r(o, "hit_rate", ratio(s->hits, s->accesses));
    cJSON *rf = cJSON_AddObjectToObject(o, "reservation_fails");
    add_u(rf, "line", s->rf[GM_RF_LINE]);
    add_u(rf, "mshr", s->rf[GM_RF_MSHR]);
    add_u(rf, "miss_queue", s->rf[GM_RF_MISSQ]);
    add_u(rf, "bypass_slots", s->rf[GM_RF_BYPASS]);
    add_u(rf, "total", rf_total);
    add_r(o, "rf_per_access", ratio(rf_total, s->accesses));
    add_u(o, "port_stalls", s->port_stalls);
    add_u(o, "fills", s->fills);
    add_u(o, "evictions", s->evictions);
    add_u(o, "writebacks", s->writebacks);
    return o;
}

static void cache_add(gm_cache_stats_t *t, const gm_cache_stats_t *s)
{
    const uint64_t *a = (const uint64_t *)s;
    uint64_t *b = (uint64_t *)t;
    for (size_t i = 0; i < sizeof *s / sizeof(uint64_t); i++)
        b[i] += a[i];
}

/* Per block type: instances and summed counters. */
static void blocks_json(const gm_gpu_t *g, cJSON *root)
{
    const gm_blk_t *all[4096];
    uint32_t n = 0;
    all[n++] = &g->pmap;
    if (g->duel.d)
        all[n++] = &g->duel;
    for (uint32_t i = 0; i < g->cfg.sm.count && n + 10 < 4096; i++) {
        const gm_sm_t *sm = &g->sm[i];
        all[n++] = &sm->l1d.hash;
        all[n++] = &sm->l1d.mshr;
        for (uint32_t s = 0; s < g->nstreams; s++)
            if (sm->milg[s].d)
                all[n++] = &sm->milg[s];
        if (sm->bpg.d)
            all[n++] = &sm->bpg;
        if (sm->l1d.dts.d)
            all[n++] = &sm->l1d.dts;
    }
    for (uint32_t b = 0; b < g->nbanks && n + 3 < 4096; b++) {
        all[n++] = &g->bank[b].hash;
        all[n++] = &g->bank[b].mshr;
        if (g->bank[b].cart.d)
            all[n++] = &g->bank[b].cart;
    }
    cJSON *blocks = cJSON_AddObjectToObject(root, "blocks");
    for (const gm_block_desc_t *const *d = gm_blocks; *d; d++) {
        uint64_t sums[64] = {0}, vals[64];
        uint32_t inst = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (all[i]->d != *d)
                continue;
            inst++;
            (*d)->get_counters(all[i]->st, vals);
            for (unsigned c = 0; c < (*d)->n_counters && c < 64; c++)
                sums[c] += vals[c];
        }
        if (!inst)
            continue;
        cJSON *o = cJSON_AddObjectToObject(blocks, (*d)->name);
        add_u(o, "instances", inst);
        for (unsigned c = 0; c < (*d)->n_counters && c < 64; c++)
            add_u(o, (*d)->counters[c], sums[c]);
    }
}

int gm_gpu_write_stats(const gm_gpu_t *g, FILE *f, gm_err_t *err)
{
    cJSON *root = cJSON_CreateObject();
    uint64_t cycles = g->clk.cycles[GM_CLK_CORE];
    gm_sm_stats_t sm;
    gm_cache_stats_t l1, l2;
    memset(&sm, 0, sizeof sm);
    memset(&l1, 0, sizeof l1);
    memset(&l2, 0, sizeof l2);
    for (uint32_t i = 0; i < g->cfg.sm.count; i++) {
        const uint64_t *a = (const uint64_t *)&g->sm[i].st;
        uint64_t *b = (uint64_t *)&sm;
        for (size_t k = 0; k < sizeof sm / sizeof(uint64_t); k++)
            b[k] += a[k];
        cache_add(&l1, &g->sm[i].l1d.st);
    }
    for (uint32_t b = 0; b < g->nbanks; b++)
        cache_add(&l2, &g->bank[b].st);

    cJSON_AddStringToObject(root, "schema", "gmem-stats/1");
    cJSON_AddStringToObject(root, "config", g->cfg.name);
    cJSON_AddStringToObject(root, "workload", gm_workload_spec(g->wl));
    add_u(root, "seed", g->seed);
    add_u(root, "cycles", cycles);
    add_u(root, "warp_instructions", sm.warp_insts);
    add_u(root, "thread_instructions", sm.thread_insts);
    add_r(root, "ipc", ratio(sm.thread_insts, cycles));
    add_r(root, "warp_ipc", ratio(sm.warp_insts, cycles));
    add_u(root, "kernels_completed", g->kernels_done);

    cJSON *lsu = cJSON_AddObjectToObject(root, "lsu");
    add_u(lsu, "memory_instructions", sm.mem_insts);
    add_u(lsu, "requests", sm.requests);
    add_r(lsu, "requests_per_instruction", ratio(sm.requests, sm.mem_insts));
    add_u(lsu, "bypassed", sm.bypassed);
    add_u(lsu, "stall_cycles", sm.lsu_stall_cycles);
    add_u(lsu, "icnt_stalls", sm.icnt_stalls);
    add_u(lsu, "milg_gated", sm.milg_gated);
    add_r(lsu, "avg_load_latency", ratio(sm.load_latency_sum, sm.loads_done));

    uint64_t rf1 = 0, rf2 = 0;
    for (int k = 0; k < GM_RF_NKIND; k++) {
        rf1 += l1.rf[k];
        rf2 += l2.rf[k];
    }
    cJSON_AddItemToObject(root, "l1d", cache_json(&l1, rf1));
    add_r(cJSON_GetObjectItem(root, "l1d"), "rf_per_kilo_instruction",
          ratio(rf1 * 1000, sm.warp_insts));
    cJSON_AddItemToObject(root, "l2", cache_json(&l2, rf2));

    cJSON *ic = cJSON_AddObjectToObject(root, "icnt");
    add_u(ic, "request_packets", g->req_net.packets);
    add_u(ic, "request_flits", g->req_net.flits);
    add_u(ic, "reply_packets", g->reply_net.packets);
    add_u(ic, "reply_flits", g->reply_net.flits);

    gm_dram_stats_t d;
    memset(&d, 0, sizeof d);
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        const uint64_t *a = (const uint64_t *)&g->dram[ch].st;
        uint64_t *b = (uint64_t *)&d;
        for (size_t k = 0; k < sizeof d / sizeof(uint64_t); k++)
            b[k] += a[k];
    }
    cJSON *dr = cJSON_AddObjectToObject(root, "dram");
    add_u(dr, "reads", d.reads);
    add_u(dr, "writes", d.writes);
    add_u(dr, "row_hits", d.row_hits);
    add_u(dr, "row_misses", d.row_misses);
    add_u(dr, "row_conflicts", d.row_conflicts);
    add_r(dr, "row_hit_rate", ratio(d.row_hits, d.row_hits + d.row_misses));
    add_u(dr, "activates", d.activates);
    add_r(dr, "bus_utilization", ratio(d.busy_cycles, d.cycles));
    add_r(dr, "avg_queue", ratio(d.queue_sum, d.cycles));
    cJSON *per = cJSON_AddArrayToObject(dr, "requests_per_channel");
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++)
        cJSON_AddItemToArray(per, cJSON_CreateNumber(
                                      (double)(g->dram[ch].st.reads + g->dram[ch].st.writes)));
    blocks_json(g, root);

    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return gm_errf(err, "out of memory");
    int rc = fputs(text, f) < 0 || fputc('\n', f) == EOF ? -1 : 0;
    free(text);
    return rc ? gm_errf(err, "cannot write the stats") : 0;
}
