/* FR-FCFS (first ready, first come, first served), GPGPU-Sim's DRAM
 * scheduler: the oldest request that hits an open row gets its column
 * command; else the oldest request of each bank gets its row opened,
 * a row closing only when no queued request still hits it. */
#include "sim/plugin.h"

static int bank_has_hit(const gm_dram_t *d, uint32_t bank, int64_t row)
{
    for (uint32_t i = 0; i < d->queue.n; i++) {
        const gm_req_t *r = gm_dram_at(d, i);
        if (r->dbank == bank && (int64_t)r->row == row)
            return 1;
    }
    return 0;
}

static void cycle(void *self, gm_dram_t *d, uint64_t now)
{
    (void)self;
    for (uint32_t i = 0; i < d->queue.n; i++) {
        const gm_req_t *r = gm_dram_at(d, i);
        if (d->bank[r->dbank].open_row == (int64_t)r->row && gm_dram_column(d, i, now))
            return;
    }
    uint64_t seen = 0;
    for (uint32_t i = 0; i < d->queue.n; i++) {
        const gm_req_t *r = gm_dram_at(d, i);
        const gm_dram_bank_t *b = &d->bank[r->dbank];
        if (seen >> r->dbank & 1)
            continue;
        seen |= 1ull << r->dbank;
        if (b->open_row == (int64_t)r->row)
            continue; /* waiting on column timing */
        if (b->open_row < 0) {
            if (gm_dram_activate(d, i, now))
                return;
        } else if (!bank_has_hit(d, r->dbank, b->open_row) &&
                   gm_dram_precharge(d, r->dbank, now)) {
            return;
        }
    }
}

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)cfg;
    return c->dram.scheduler == GM_DRAM_FRFCFS;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    (void)err;
    if (site->kind == GM_SITE_DRAM)
        site->dram->sched = (gm_dram_sched_t){.cycle = cycle, .self = self};
    return 0;
}

const gm_plugin_t gm_plugin_frfcfs = {
    .name = "frfcfs",
    .doc = "DRAM scheduler: first ready, first come, first served (dram.scheduler=frfcfs)",
    .active = active,
    .attach = attach,
    /* it issues only through the channel's commands (gm_dram_next) */
    .next_event = gm_plug_no_event,
};
