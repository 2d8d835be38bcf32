/* --sample N: cumulative whole-GPU counters every N core cycles. Rows hold
 * running totals, not per-interval values, so a row alone is meaningful
 * (the last equals the report's figures) and a reader takes differences
 * for rates. */
#include "sample.h"

#include <stdlib.h>

#include "gpu.h"

const char *const gm_sample_columns[GM_SAMPLE_COLS] = {
    "cycle",      "warp_instructions", "thread_instructions", "l1d_accesses",
    "l1d_hits",   "l1d_reservation_fails", "l2_accesses",     "l2_hits",
    "dram_reads", "dram_writes",       "dram_row_hits"};

static void row_now(const gm_gpu_t *g, uint64_t *r)
{
    for (int c = 0; c < GM_SAMPLE_COLS; c++)
        r[c] = 0;
    r[0] = g->clk.cycles[GM_CLK_CORE];
    for (uint32_t i = 0; i < g->cfg.sm.count; i++) {
        const gm_gpu_sm_t *x = &g->sm[i];
        r[1] += x->sm.st.warp_insts;
        r[2] += x->sm.st.thread_insts;
        r[3] += x->l1d.c.st.accesses;
        r[4] += x->l1d.c.st.hits;
        for (int k = 0; k < GM_RF_NKIND; k++)
            r[5] += x->lsu.st.rf[k]; /* where they stall, as l1d.reservation_fails */
    }
    for (uint32_t b = 0; b < g->nbanks; b++) {
        r[6] += g->bank[b].l2.c.st.accesses;
        r[7] += g->bank[b].l2.c.st.hits;
    }
    for (uint32_t ch = 0; ch < g->cfg.l2.channels; ch++) {
        r[8] += g->dram[ch].st.reads;
        r[9] += g->dram[ch].st.writes;
        r[10] += g->dram[ch].st.row_hits;
    }
}

int gm_sample_start(gm_gpu_t *g, uint64_t every, uint64_t max_cycles, gm_err_t *err)
{
    gm_sampler_t *s = calloc(1, sizeof *s);
    uint64_t cap = gm_sample_rows(every, max_cycles);
    if (!s)
        return gm_errf(err, "out of memory");
    if (every < GM_SAMPLE_MIN_EVERY || cap > GM_SAMPLE_MAX_ROWS) {
        free(s);
        return gm_errf(err, "--sample %llu: out of range", (unsigned long long)every);
    }
    /* The whole bound at once: calloc's untouched pages cost nothing, and
     * the run loop never allocates. */
    s->row = cap ? calloc(cap, sizeof *s->row) : NULL;
    if (cap && !s->row) {
        free(s);
        return gm_errf(err, "out of memory");
    }
    s->every = every;
    s->cap = (uint32_t)cap;
    g->sampler = s;
    g->sample_at = (g->clk.cycles[GM_CLK_CORE] / every + 1) * every;
    return 0;
}

void gm_sample_take(gm_gpu_t *g)
{
    gm_sampler_t *s = g->sampler;
    g->sample_at += s->every;
    if (s->n < s->cap) /* a resumed run past max_cycles: the end row still comes */
        row_now(g, s->row[s->n++]);
}

void gm_sample_free(gm_gpu_t *g)
{
    if (g->sampler)
        free(g->sampler->row);
    free(g->sampler);
    g->sampler = NULL;
    g->sample_at = UINT64_MAX;
}

static cJSON *row_json(const uint64_t *r)
{
    cJSON *a = cJSON_CreateArray();
    for (int c = 0; a && c < GM_SAMPLE_COLS; c++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber((double)r[c]));
    return a;
}

cJSON *gm_sample_json(const gm_gpu_t *g)
{
    const gm_sampler_t *s = g->sampler;
    cJSON *o = cJSON_CreateObject();
    if (!o)
        return NULL;
    gm_stats_add_u(o, "interval", s->every);
    cJSON *cols = cJSON_AddArrayToObject(o, "columns");
    for (int c = 0; cols && c < GM_SAMPLE_COLS; c++)
        cJSON_AddItemToArray(cols, cJSON_CreateString(gm_sample_columns[c]));
    cJSON *rows = cJSON_AddArrayToObject(o, "rows");
    if (!cols || !rows) {
        cJSON_Delete(o);
        return NULL;
    }
    for (uint32_t i = 0; i < s->n; i++)
        cJSON_AddItemToArray(rows, row_json(s->row[i]));
    /* The end row, unless the run ended on a sampling cycle. */
    uint64_t end[GM_SAMPLE_COLS];
    row_now(g, end);
    if (!s->n || s->row[s->n - 1][0] != end[0])
        cJSON_AddItemToArray(rows, row_json(end));
    return o;
}
