/* The stats report: exact integer counters plus a few ratios derived from
 * them; the same inputs and seed give byte-identical output. */
#include "stats.h"

#include <stdio.h>
#include <string.h>

#include "blk.h"

double gm_stats_ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

void gm_stats_add_u(cJSON *o, const char *k, uint64_t v)
{
    cJSON_AddNumberToObject(o, k, (double)v);
}

void gm_stats_add_r(cJSON *o, const char *k, double v)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%.6f", v);
    cJSON_AddRawToObject(o, k, buf);
}

void gm_stats_add_rf(cJSON *o, const uint64_t rf[GM_RF_NKIND], uint64_t total)
{
    cJSON *r = cJSON_AddObjectToObject(o, "reservation_fails");
    gm_stats_add_u(r, "line", rf[GM_RF_LINE]);
    gm_stats_add_u(r, "mshr", rf[GM_RF_MSHR]);
    gm_stats_add_u(r, "miss_queue", rf[GM_RF_MISSQ]);
    gm_stats_add_u(r, "bypass_slots", rf[GM_RF_BYPASS]);
    gm_stats_add_u(r, "total", total);
}

static void add_u(cJSON *o, const char *k, uint64_t v) { gm_stats_add_u(o, k, v); }
static void add_r(cJSON *o, const char *k, double v) { gm_stats_add_r(o, k, v); }
static double ratio(uint64_t a, uint64_t b) { return gm_stats_ratio(a, b); }

/* hits, misses, sector misses (and merges) of one direction, per sector. */
static void sector_dir(cJSON *o, const char *k, const gm_sector_stats_t *s, int w)
{
    cJSON *d = cJSON_AddObjectToObject(o, k);
    uint64_t all = s->hits[w] + s->misses[w] + s->sector_misses[w] + s->merges[w];
    add_u(d, "hits", s->hits[w]);
    add_u(d, "misses", s->misses[w]);
    add_u(d, "sector_misses", s->sector_misses[w]);
    if (!w)
        add_u(d, "merges", s->merges[w]); /* stores never merge */
    add_r(d, "hit_rate", ratio(s->hits[w], all));
}

/* The same per request: every sector hit, some, none. */
static void request_dir(cJSON *o, const char *k, const gm_sector_stats_t *s, int w)
{
    cJSON *d = cJSON_AddObjectToObject(o, k);
    add_u(d, "hits", s->req_hits[w]);
    add_u(d, "partial", s->req_partial[w]);
    add_u(d, "misses", s->req_misses[w]);
    uint64_t all = s->req_hits[w] + s->req_partial[w] + s->req_misses[w];
    add_r(d, "hit_rate", ratio(s->req_hits[w], all));
}

/* A sectored cache's object (only then: an unsectored report is as it was). */
static void sectors_json(cJSON *o, const gm_sector_stats_t *s, uint32_t size)
{
    cJSON *x = cJSON_AddObjectToObject(o, "sectors");
    add_u(x, "size", size);
    sector_dir(x, "reads", s, 0);
    sector_dir(x, "writes", s, 1);
    cJSON *r = cJSON_AddObjectToObject(x, "requests");
    request_dir(r, "reads", s, 0);
    request_dir(r, "writes", s, 1);
    add_u(x, "fill_bytes", s->fill_bytes);
    add_u(x, "writeback_bytes", s->writeback_bytes);
}

static cJSON *cache_json(const gm_cache_stats_t *s, uint64_t rf_total, uint32_t sector)
{
    cJSON *o = cJSON_CreateObject();
    add_u(o, "accesses", s->accesses);
    add_u(o, "reads", s->reads);
    add_u(o, "writes", s->writes);
    add_u(o, "hits", s->hits);
    add_u(o, "misses", s->misses);
    add_u(o, "merges", s->merges);
    add_r(o, "hit_rate", ratio(s->hits, s->accesses));
    gm_stats_add_rf(o, s->rf, rf_total);
    add_r(o, "rf_per_access", ratio(rf_total, s->accesses));
    add_u(o, "port_stalls", s->port_stalls);
    add_u(o, "fills", s->fills);
    add_u(o, "footprint", s->footprint);
    add_u(o, "evictions", s->evictions);
    add_u(o, "writebacks", s->writebacks);
    if (sector)
        sectors_json(o, &s->sec, sector);
    return o;
}

/* Per block type, in the order of gm_blocks: instances and summed counters. */
static void blocks_json(const gm_registry_t *reg, cJSON *root)
{
    cJSON *blocks = cJSON_AddObjectToObject(root, "blocks");
    for (const gm_block_desc_t *const *d = gm_blocks; *d; d++) {
        uint64_t sums[64] = {0}, vals[64];
        uint32_t inst = 0;
        for (uint32_t i = 0; i < reg->n; i++) {
            if (reg->v[i]->d != *d || reg->v[i]->unreported)
                continue;
            inst++;
            (*d)->get_counters(reg->v[i]->st, vals);
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

cJSON *gm_stats_run_json(const gm_run_info_t *info, cJSON *config)
{
    cJSON *o = cJSON_CreateObject(), *sets = cJSON_CreateArray();
    if (!o || !sets || !config) {
        cJSON_Delete(o);
        cJSON_Delete(sets);
        cJSON_Delete(config);
        return NULL;
    }
    cJSON_AddStringToObject(o, "gmem_version", info->version);
    cJSON_AddStringToObject(o, "end", info->end);
    add_u(o, "max_cycles", info->max_cycles);
    cJSON_AddStringToObject(o, "config_file", info->config_file);
    for (unsigned i = 0; i < info->nsets; i++)
        cJSON_AddItemToArray(sets, cJSON_CreateString(info->sets[i]));
    cJSON_AddItemToObject(o, "sets", sets);
    cJSON_AddItemToObject(o, "config", config);
    return o;
}

cJSON *gm_stats_json(const gm_stats_in_t *in)
{
    cJSON *root = cJSON_CreateObject();
    const gm_sm_stats_t *sm = &in->sm;
    const gm_lsu_stats_t *lsu = &in->lsu;
    cJSON_AddStringToObject(root, "schema", "gmem-stats/1");
    cJSON_AddStringToObject(root, "config", in->config);
    cJSON_AddStringToObject(root, "workload", in->workload);
    add_u(root, "seed", in->seed);
    add_u(root, "cycles", in->cycles);
    add_u(root, "warp_instructions", sm->warp_insts);
    add_u(root, "thread_instructions", sm->thread_insts);
    add_r(root, "ipc", ratio(sm->thread_insts, in->cycles));
    add_r(root, "warp_ipc", ratio(sm->warp_insts, in->cycles));
    add_u(root, "kernels_completed", in->kernels_done);

    cJSON *o = cJSON_AddObjectToObject(root, "lsu");
    add_u(o, "memory_instructions", sm->mem_insts);
    add_u(o, "requests", lsu->requests);
    add_r(o, "requests_per_instruction", ratio(lsu->requests, sm->mem_insts));
    add_u(o, "bypassed", lsu->bypassed);
    add_u(o, "stall_cycles", lsu->stall_cycles);
    add_u(o, "icnt_stalls", lsu->icnt_stalls);
    add_u(o, "milg_gated", sm->gate_closed);
    add_r(o, "avg_load_latency", ratio(lsu->load_latency_sum, lsu->loads_done));

    gm_cache_stats_t l1 = in->l1d;
    uint64_t rf1 = 0, rf2 = 0;
    for (int k = 0; k < GM_RF_NKIND; k++) {
        l1.rf[k] = lsu->rf[k]; /* counted where they stall: the LSU */
        rf1 += l1.rf[k];
        rf2 += in->l2.rf[k];
    }
    cJSON_AddItemToObject(root, "l1d", cache_json(&l1, rf1, in->l1d_sector));
    add_r(cJSON_GetObjectItem(root, "l1d"), "rf_per_kilo_instruction",
          ratio(rf1 * 1000, sm->warp_insts));
    cJSON_AddItemToObject(root, "l2", cache_json(&in->l2, rf2, in->l2_sector));

    o = cJSON_AddObjectToObject(root, "icnt");
    add_u(o, "request_packets", in->req_packets);
    add_u(o, "request_flits", in->req_flits);
    add_u(o, "reply_packets", in->reply_packets);
    add_u(o, "reply_flits", in->reply_flits);

    const gm_dram_stats_t *d = &in->dram;
    o = cJSON_AddObjectToObject(root, "dram");
    add_u(o, "reads", d->reads);
    add_u(o, "writes", d->writes);
    add_u(o, "row_hits", d->row_hits);
    add_u(o, "row_misses", d->row_misses);
    add_u(o, "row_conflicts", d->row_conflicts);
    add_r(o, "row_hit_rate", ratio(d->row_hits, d->row_hits + d->row_misses));
    add_u(o, "activates", d->activates);
    add_r(o, "bus_utilization", ratio(d->busy_cycles, d->cycles));
    add_r(o, "avg_queue", ratio(d->queue_sum, d->cycles));
    cJSON *per = cJSON_AddArrayToObject(o, "requests_per_channel");
    for (uint32_t ch = 0; ch < in->channels; ch++)
        cJSON_AddItemToArray(per, cJSON_CreateNumber((double)in->channel_requests[ch]));
    blocks_json(in->reg, root);
    return root;
}
