/* FCFS: the DRAM channel serves its requests strictly in arrival order --
 * the oldest request's column command if its row is open, else its row
 * opened (its bank's open row closed first). The baseline FR-FCFS is
 * measured against. */
#include "sim/plugin.h"

static void cycle(void *self, gm_dram_t *d, uint64_t now)
{
    (void)self;
    if (!d->queue.n)
        return;
    const gm_req_t *r = gm_dram_at(d, 0);
    const gm_dram_bank_t *b = &d->bank[r->dbank];
    if (b->open_row == (int64_t)r->row)
        gm_dram_column(d, 0, now);
    else if (b->open_row < 0)
        gm_dram_activate(d, 0, now);
    else
        gm_dram_precharge(d, r->dbank, now);
}

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)cfg;
    return c->dram.scheduler == GM_DRAM_FCFS;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    (void)err;
    if (site->kind == GM_SITE_DRAM)
        site->dram->sched = (gm_dram_sched_t){.cycle = cycle, .self = self};
    return 0;
}

const gm_plugin_t gm_plugin_fcfs = {
    .name = "fcfs",
    .doc = "DRAM scheduler: first come, first served (dram.scheduler=fcfs)",
    .active = active,
    .attach = attach,
    /* it issues only through the channel's commands (gm_dram_next) */
    .next_event = gm_plug_no_event,
};
