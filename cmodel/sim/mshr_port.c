#include "mshr_port.h"

#include <string.h>

#include "blocks/mshr.h"

int gm_mshr_port_init(gm_blk_t *b, const gm_cache_cfg_t *c, const char *path,
                      const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    mshr_params_t p;
    memset(&p, 0, sizeof p);
    p.NENT = c->mshr_entries;
    p.NSLOT = c->mshr_merge;
    p.ACCESS_LAT = 1;
    if (c->mshr_entries > MSHR_MAX_ENT || c->mshr_merge > MSHR_MAX_SLOT)
        return gm_errf(err, "%s: %u entries x %u slots exceed the mshr block's %u x %u", path,
                       c->mshr_entries, c->mshr_merge, MSHR_MAX_ENT, MSHR_MAX_SLOT);
    return gm_blk_init(b, &mshr_desc, &p, path, hooks, err);
}

void gm_mshr_port_cycle(gm_blk_t *b, gm_mshr_io_t *io)
{
    mshr_in_t *in = b->in;
    const mshr_out_t *out = b->out;
    in->req_valid = (uint64_t)io->req;
    in->req_blk = io->req ? io->req_blk : 0;
    in->req_info = io->req ? io->req_info : 0;
    in->req_is_wr = io->req ? (uint64_t)io->req_wr : 0;
    in->prb_blk = in->req_blk;
    in->fill_valid = (uint64_t)io->fill;
    in->fill_blk = io->fill ? io->fill_blk : 0;
    in->fwd_ready = (uint64_t)io->fwd_ready;
    gm_blk_eval(b);
    io->busy = io->req && !out->req_ready;
    io->accept = io->req && out->req_accept;
    io->primary = io->req && out->req_primary;
    io->rf = io->req && out->req_rf;
    io->issue = (int)out->miss_issue_valid;
    io->issue_blk = (uint32_t)out->miss_issue_blk;
    io->fwd = out->fwd_valid && io->fwd_ready;
    io->fwd_info = (uint32_t)out->fwd_info;
    io->used = (uint32_t)out->st_nentries;
    gm_blk_tick(b);
}
