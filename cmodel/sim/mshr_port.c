#include "mshr_port.h"

#include <string.h>

#include "blocks/dlmshr.h"
#include "blocks/mshr.h"

/* The DL-MSHR gets the conventional table's slot budget (entries x merge
 * slots, as seed-001 §3.8 compares them), half its sets reserved for heads
 * (Opt. 4) and the extra access cycle of §3.7. */
static int dl_params(const gm_cache_cfg_t *c, const char *path, dlmshr_params_t *p,
                     gm_err_t *err)
{
    uint32_t slots = c->mshr_entries * c->mshr_merge;
    if (slots % 2 || slots / 2 < 2 || slots / 2 > DL_MAX_SETS)
        return gm_errf(err, "%s: a DL-MSHR of %u entries x %u slots needs an even slot count "
                            "of 4..%u (sets of 2 slots)",
                       path, c->mshr_entries, c->mshr_merge, 2 * DL_MAX_SETS);
    memset(p, 0, sizeof *p);
    p->NSETS = slots / 2;
    p->NRESV = p->NSETS / 2;
    p->ACCESS_LAT = 2;
    p->DEALLOC_MODE = 0;
    p->LINK_EN = 1;
    return 0;
}

int gm_mshr_port_init(gm_blk_t *b, const gm_cache_cfg_t *c, const char *path,
                      const gm_blk_hooks_t *hooks, gm_err_t *err)
{
    if (c->mshr == GM_MSHR_DL) {
        dlmshr_params_t p;
        if (dl_params(c, path, &p, err))
            return -1;
        return gm_blk_init(b, &dlmshr_desc, &p, path, hooks, err);
    }
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

/* The two blocks share their port names (seed-001 §9.2: the DL-MSHR keeps
 * the conventional MSHR's signals), so one body serves both. */
#define GM_MSHR_DRIVE(T)                                                                   \
    static void drive_##T(gm_blk_t *b, gm_mshr_io_t *io)                                   \
    {                                                                                      \
        T##_in_t *in = b->in;                                                              \
        const T##_out_t *out = b->out;                                                     \
        in->req_valid = (uint64_t)io->req;                                                 \
        in->req_blk = io->req ? io->req_blk : 0;                                           \
        in->req_info = io->req ? io->req_info : 0;                                         \
        in->req_is_wr = io->req ? (uint64_t)io->req_wr : 0;                                \
        in->prb_blk = in->req_blk;                                                         \
        in->fill_valid = (uint64_t)io->fill;                                               \
        in->fill_blk = io->fill ? io->fill_blk : 0;                                        \
        in->fwd_ready = (uint64_t)io->fwd_ready;                                           \
        T##_eval(b->st, in, b->out); /* direct: the hot path of every cache */            \
        if (b->rtl)                                                                        \
            b->hooks->eval(b, b->hooks->ctx);                                              \
        io->busy = io->req && !out->req_ready;                                             \
        io->accept = io->req && out->req_accept;                                           \
        io->primary = io->req && out->req_primary;                                         \
        io->rf = io->req && out->req_rf;                                                   \
        io->issue = (int)out->miss_issue_valid;                                            \
        io->issue_blk = (uint32_t)out->miss_issue_blk;                                     \
        io->fwd = out->fwd_valid && io->fwd_ready;                                         \
        io->fwd_info = (uint32_t)out->fwd_info;                                            \
        io->used = (uint32_t)out->st_nentries;                                             \
        T##_tick(b->st, in);                                                               \
        if (b->rtl)                                                                        \
            b->hooks->tick(b, b->hooks->ctx);                                              \
    }
GM_MSHR_DRIVE(mshr)
GM_MSHR_DRIVE(dlmshr)

void gm_mshr_port_cycle(gm_blk_t *b, gm_mshr_io_t *io)
{
    if (b->d == &dlmshr_desc)
        drive_dlmshr(b, io);
    else
        drive_mshr(b, io);
}

int gm_mshr_port_quiet(const gm_blk_t *b)
{
    static const mshr_in_t no_in;
    static const dlmshr_in_t no_dl_in;
    return b->d == &dlmshr_desc ? dlmshr_quiet(b->st, &no_dl_in) : mshr_quiet(b->st, &no_in);
}
