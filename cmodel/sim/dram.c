#include "dram.h"

#include <stdlib.h>
#include <string.h>

enum { RET_CAP = 256, QUEUE_UNLIMITED = 4096 };

int gm_dram_init(gm_dram_t *d, const gm_dram_cfg_t *cfg, const gm_addr_map_t *map,
                 gm_req_pool_t *pool, gm_err_t *err)
{
    memset(d, 0, sizeof *d);
    d->cfg = cfg;
    d->map = map;
    d->pool = pool;
    d->queue_cap = cfg->queue ? cfg->queue : QUEUE_UNLIMITED;
    d->bank = calloc(cfg->banks, sizeof *d->bank);
    d->group = calloc(cfg->bank_groups, sizeof *d->group);
    if (!d->bank || !d->group || gm_fifo_init(&d->queue, d->queue_cap) ||
        gm_delay_init(&d->ret, RET_CAP)) {
        gm_dram_free(d);
        return gm_errf(err, "out of memory for a DRAM channel");
    }
    for (uint32_t b = 0; b < cfg->banks; b++) {
        d->bank[b].open_row = -1;
        d->bank[b].act_for = GM_NO_REQ;
        d->bank[b].group = b / (cfg->banks / cfg->bank_groups);
    }
    return 0;
}

void gm_dram_free(gm_dram_t *d)
{
    free(d->bank);
    free(d->group);
    gm_fifo_free(&d->queue);
    gm_delay_free(&d->ret);
    d->bank = NULL;
    d->group = NULL;
}

static uint32_t bursts(const gm_dram_cfg_t *cfg, uint32_t bytes)
{
    uint32_t beats = (bytes + cfg->bus_bytes - 1) / cfg->bus_bytes;
    return (beats + cfg->burst - 1) / cfg->burst;
}

/* Data-bus cycles of n bursts. */
static uint32_t bus_cycles(const gm_dram_cfg_t *cfg, uint32_t n)
{
    return (n * cfg->burst + cfg->data_ratio - 1) / cfg->data_ratio;
}

uint32_t gm_dram_burst_cycles(const gm_dram_cfg_t *cfg, uint32_t bytes)
{
    return bus_cycles(cfg, bursts(cfg, bytes));
}

void gm_dram_push(gm_dram_t *d, uint32_t id)
{
    gm_req_t *r = gm_req(d->pool, id);
    r->row = gm_addr_row(d->map, r->paddr);
    r->dbank = (uint16_t)gm_addr_bank(d->map, r->paddr);
    r->col = (uint16_t)gm_addr_col(d->map, r->paddr);
    gm_fifo_push(&d->queue, id);
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

int gm_dram_column(gm_dram_t *d, uint32_t i, uint64_t now)
{
    const gm_dram_cfg_t *c = d->cfg;
    uint32_t id = gm_fifo_at(&d->queue, i);
    gm_req_t *r = gm_req(d->pool, id);
    gm_dram_bank_t *b = &d->bank[r->dbank];
    gm_dram_group_t *g = &d->group[b->group];
    int wr = r->kind == GM_REQ_WRITEBACK;
    uint32_t n = bursts(c, r->bytes), bc = bus_cycles(c, n);
    uint64_t data_at = now + (wr ? c->tWL : c->tCL);
    if (now < b->next_col || now < d->next_col || now < g->next_col || data_at < d->bus_free)
        return 0;
    /* A read, or a write bringing a store's ack, returns through the pipe. */
    if ((!wr && now < d->rd_ok) || ((!wr || r->ack) && gm_delay_full(&d->ret)))
        return 0;
    /* GPGPU-Sim issues one column command per burst, tCCDL apart within
     * a group: the group is free for the next after all of them, and
     * precharges tRTPL after the last read burst. */
    d->next_col = b->next_col = now + c->tCCD;
    g->next_col = now + (uint64_t)n * c->tCCDL;
    if (!wr)
        g->next_pre = now + (uint64_t)(n ? n - 1 : 0) * c->tCCDL + c->tRTPL;
    d->bus_free = data_at + bc;
    d->st.busy_cycles += bc;
    if (b->act_for == id) {
        d->st.row_misses++;
        b->act_for = GM_NO_REQ; /* request ids are reused */
    } else {
        d->st.row_hits++;
    }
    gm_fifo_remove(&d->queue, i);
    if (wr) {
        b->next_pre = max64(b->next_pre, data_at + bc + c->tWR);
        d->rd_ok = max64(d->rd_ok, data_at + bc + c->tCDLR);
        d->st.writes++;
        if (d->kst)
            d->kst[r->kernel].dram_writes++;
        if (r->ack)
            gm_delay_push(&d->ret, id, data_at + bc + c->latency);
        else
            gm_req_release(d->pool, id);
    } else {
        d->st.reads++;
        if (d->kst)
            d->kst[r->kernel].dram_reads++;
        gm_delay_push(&d->ret, id, data_at + bc + c->latency);
    }
    return 1;
}

int gm_dram_activate(gm_dram_t *d, uint32_t i, uint64_t now)
{
    const gm_dram_cfg_t *c = d->cfg;
    uint32_t id = gm_fifo_at(&d->queue, i);
    const gm_req_t *r = gm_req(d->pool, id);
    gm_dram_bank_t *b = &d->bank[r->dbank];
    if (b->open_row >= 0 || now < b->next_act || now < d->next_rrd)
        return 0;
    b->open_row = r->row;
    b->act_for = id;
    b->next_col = now + c->tRCD;
    b->next_pre = max64(b->next_pre, now + c->tRAS);
    b->next_act = now + c->tRC;
    d->next_rrd = now + c->tRRD;
    d->st.activates++;
    return 1;
}

int gm_dram_precharge(gm_dram_t *d, uint32_t bank, uint64_t now)
{
    gm_dram_bank_t *b = &d->bank[bank];
    if (b->open_row < 0 || now < b->next_pre || now < d->group[b->group].next_pre)
        return 0;
    b->open_row = -1;
    b->next_act = max64(b->next_act, now + d->cfg->tRP);
    d->st.precharges++;
    d->st.row_conflicts++;
    return 1;
}

/* Each request's next command: a column on its open row, an activate in
 * a precharged bank, or its bank's precharge; the earliest cycle its
 * timing checks (gm_dram_column, _activate, _precharge) pass. */
uint64_t gm_dram_next(const gm_dram_t *d)
{
    const gm_dram_cfg_t *c = d->cfg;
    uint64_t t = UINT64_MAX;
    for (uint32_t i = 0; i < d->queue.n; i++) {
        const gm_req_t *r = gm_dram_at(d, i);
        const gm_dram_bank_t *b = &d->bank[r->dbank];
        uint64_t e;
        if (b->open_row == (int64_t)r->row) {
            int wr = r->kind == GM_REQ_WRITEBACK;
            uint64_t lat = wr ? c->tWL : c->tCL;
            e = max64(max64(b->next_col, d->next_col), d->group[b->group].next_col);
            e = max64(e, d->bus_free > lat ? d->bus_free - lat : 0);
            if (!wr)
                e = max64(e, d->rd_ok);
        } else if (b->open_row < 0) {
            e = max64(b->next_act, d->next_rrd);
        } else {
            e = max64(b->next_pre, d->group[b->group].next_pre);
        }
        if (e < t)
            t = e;
    }
    return t;
}

void gm_dram_cycle(gm_dram_t *d, uint64_t now)
{
    d->st.cycles++;
    d->st.queue_sum += d->queue.n;
    /* Most DRAM cycles find the queue empty: nothing to schedule. */
    if (d->queue.n)
        d->sched.cycle(d->sched.self, d, now);
}
