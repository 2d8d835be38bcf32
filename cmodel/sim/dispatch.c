/* CTA dispatch (dispatch.h). The block path asks every SM whether it takes
 * a CTA of the kernel now (sm_can_accept), runs the block, and places the
 * wave it names on its SMs in its order, CTA u + k on the k-th of them.
 *
 * The stream path stays apart for what the block cannot express:
 *   - two or three kernel streams at once: each SM takes the first stream,
 *     from its own rotating preference, that has a CTA left and fits its
 *     even share; whether a stream has a CTA left changes in the middle of
 *     a wave, and a TB-partition plug-in (the admit hook) chooses the
 *     stream from what is left at that SM's turn. The block dispatches one
 *     kernel at a time.
 *   - more than 32 SMs: the block's SM ports are 32 bits wide.
 * Both paths take the SMs in the same order and give one CTA to an SM a
 * cycle, so a single stream would be placed identically by either (the
 * tests/system/dispatch.sh runs check that every statistic agrees). */
#include "dispatch.h"

#include <string.h>

#include "blocks/cta_dispatch.h"
#include "gpu.h"

const char *gm_dispatch_stream_path(uint32_t nstreams, uint32_t nsm, int admit_hooks)
{
    if (nstreams > 1)
        return "concurrent kernel streams";
    if (admit_hooks)
        return "a TB-partition plug-in at the admit hook";
    if (nsm > CTA_DISP_MAX_SM)
        return "more SMs than the block's 32";
    return NULL;
}

int gm_dispatch_init(gm_dispatch_t *d, gm_registry_t *reg, gm_gpu_sm_t *sm, uint32_t nsm,
                     gm_grid_t *grid, int admit_hooks, gm_err_t *err)
{
    memset(d, 0, sizeof *d);
    d->sm = sm;
    d->nsm = nsm;
    d->grid = grid;
    if (gm_dispatch_stream_path(grid->nstreams, nsm, admit_hooks))
        return 0;
    /* The SMs own their slots and resources: a WAVE kernel holds none of
     * the block's, so one slot (the smallest tables) does; the RTL points
     * wave15, wave16, wave20 and wave28 are the configs' SM counts. */
    cta_dispatch_params_t p = {.N_SM = nsm, .SLOTS = 1, .TIE = 0};
    if (!(d->blk = gm_blk_new(reg, &cta_dispatch_desc, &p, "dispatch", err)))
        return -1;
    /* Its counters would repeat the SMs' (sm.ctas): the stats keep their shape. */
    d->blk->unreported = 1;
    return 0;
}

void gm_dispatch_kernel_started(gm_dispatch_t *d, uint32_t s)
{
    if (d->blk && s == 0)
        d->pending = 1;
}

/* The old loop for concurrent streams: one try an SM, from rr on. */
static void stream_cycle(gm_dispatch_t *d)
{
    int pending = 0;
    for (uint32_t s = 0; s < d->grid->nstreams; s++)
        pending |= d->grid->s[s].k && d->grid->s[s].next_cta < d->grid->s[s].ctas_total;
    for (uint32_t k = 0; pending && k < d->nsm; k++)
        gm_sm_try_dispatch(&d->sm[(d->rr + k) % d->nsm].sm);
    d->rr = (d->rr + 1) % d->nsm;
}

/* The block's idle cycle: nothing launched, offered or retired. Only the
 * start SM moves in such a cycle, by one: it comes back every nsm cycles, so
 * k % nsm idle cycles of the block leave it where k would (the block's
 * stall counter, kept out of the stats, sees only those). */
static void step_idle(gm_dispatch_t *d, uint64_t k)
{
    cta_dispatch_in_t *in = d->blk->in;
    for (uint32_t j = 0; j < (uint32_t)(k % d->nsm); j++) {
        memset(in, 0, sizeof *in);
        in->disp_ready = 1;
        gm_blk_eval(d->blk);
        gm_blk_tick(d->blk);
    }
}

/* Idle cycles are owed rather than run while nothing watches the block
 * (no RTL beside it, no port trace): most of a kernel's cycles have no CTA
 * left to place, and the block's only change in them is where its start
 * SM points. They are paid before its next cycle that can act. */
static int owes(const gm_dispatch_t *d) { return !d->blk->rtl; }

void gm_dispatch_cycle(gm_dispatch_t *d)
{
    if (!d->blk) {
        stream_cycle(d);
        return;
    }
    const gm_grid_stream_t *st = &d->grid->s[0];
    int launch = d->pending && st->k;
    uint32_t accept = 0;
    if (st->k && st->next_cta < st->ctas_total)
        for (uint32_t i = 0; i < d->nsm; i++)
            if (gm_sm_offer(&d->sm[i].sm, 0, &d->named[i]))
                accept |= 1u << i;
    if (!launch && !accept && owes(d)) {
        d->owed++;
        return;
    }
    step_idle(d, d->owed);
    d->owed = 0;
    cta_dispatch_in_t *in = d->blk->in;
    memset(in, 0, sizeof *in);
    if (launch) {
        in->launch_valid = 1;
        in->launch_V = st->ctas_total;
        in->launch_policy = CTA_POL_WAVE;
    }
    in->sm_can_accept = accept;
    in->disp_ready = 1;
    gm_blk_eval(d->blk);
    const cta_dispatch_out_t *out = d->blk->out;
    if (in->launch_valid && out->launch_ready)
        d->pending = 0;
    uint32_t u = (uint32_t)out->disp_u;
    for (uint32_t k = 0; out->disp_valid && k < d->nsm; k++) {
        uint32_t i = ((uint32_t)out->disp_sm + k) % d->nsm;
        if (!(out->disp_mask >> i & 1))
            continue;
        gm_sm_place(&d->sm[i].sm, 0, d->named[i] == UINT32_MAX ? u : d->named[i]);
        u++;
    }
    gm_blk_tick(d->blk);
}

void gm_dispatch_skip(gm_dispatch_t *d, uint64_t k)
{
    if (!d->blk) {
        d->rr = (uint32_t)((d->rr + k % d->nsm) % d->nsm);
        return;
    }
    if (owes(d))
        d->owed += k;
    else
        step_idle(d, k);
}
