#include "mshr_traffic.h"

#include <string.h>

/* Requests and probes go to blocks BLK0.., stray fills to STRAY0..+15. */
enum { BLK0 = 0x1000, STRAY0 = 0x900000 };

void mshr_traffic_init(mshr_traffic_t *t, uint64_t seed, uint32_t fill_lat)
{
    gm_rng_seed(&t->r, seed);
    t->fill_lat = fill_lat;
}

void mshr_traffic_phase(mshr_traffic_t *t, uint64_t cyc, uint32_t min_len, uint32_t spread)
{
    static const uint32_t req[] = {64, 512, 900, 1024};
    static const uint32_t fwd[] = {1024, 900, 512, 128};
    t->phase_end = cyc + min_len + gm_rng_below(&t->r, spread);
    t->p_req = req[gm_rng_below(&t->r, 4)];
    t->p_fwd = fwd[gm_rng_below(&t->r, 4)];
    t->p_fill_stray = gm_rng_chance(&t->r, 1, 4) ? 16 : 0;
}

void mshr_traffic_pool(mshr_traffic_t *t, uint32_t pool)
{
    t->pool = pool > MSHR_TRAFFIC_POOL_MAX ? MSHR_TRAFFIC_POOL_MAX : pool;
}

void mshr_traffic_gen(mshr_traffic_t *t, uint64_t cyc, mshr_in_t *in)
{
    if (gm_rng_chance(&t->r, (uint32_t)t->p_req, 1024)) {
        in->req_valid = 1;
        in->req_blk = BLK0 + gm_rng_below(&t->r, t->pool);
        in->req_info = t->seq & 0xffff;
        in->req_is_wr = gm_rng_chance(&t->r, 1, 8);
    }
    in->prb_blk = BLK0 + gm_rng_below(&t->r, t->pool);
    /* The oldest due fill goes back; sometimes a fill for nothing. */
    for (uint32_t i = 0; i < t->npend; i++) {
        if (t->pend[i].due <= cyc) {
            in->fill_valid = 1;
            in->fill_blk = t->pend[i].blk;
            t->pend[i] = t->pend[--t->npend];
            break;
        }
    }
    if (!in->fill_valid && gm_rng_chance(&t->r, (uint32_t)t->p_fill_stray, 1024)) {
        in->fill_valid = 1;
        in->fill_blk = STRAY0 + gm_rng_below(&t->r, 16);
    }
    if (in->req_valid && t->npend && gm_rng_chance(&t->r, 1, 16) && !in->fill_valid) {
        /* Request and fill of one block in the same cycle. */
        in->fill_valid = 1;
        in->fill_blk = in->req_blk;
    }
    in->fwd_ready = gm_rng_chance(&t->r, (uint32_t)t->p_fwd, 1024);
}

int mshr_traffic_accepted(mshr_traffic_t *t, uint64_t cyc, uint32_t id, uint32_t blk,
                          int primary, gm_err_t *err)
{
    if (t->out_live[id])
        return gm_errf(err, "request id %u reused while still recorded", id);
    t->out_live[id] = 1;
    t->out_blk[id] = blk;
    t->seq++;
    if (primary && t->npend < MSHR_TRAFFIC_MAXP) {
        t->pend[t->npend].blk = blk;
        t->pend[t->npend].due = cyc + 4 + gm_rng_below(&t->r, t->fill_lat);
        t->npend++;
    }
    return 0;
}

int mshr_traffic_released(mshr_traffic_t *t, uint32_t id, uint32_t blk, int last, gm_err_t *err)
{
    if (!t->out_live[id])
        return gm_errf(err, "released request %u was never recorded (or released twice)", id);
    if (t->out_blk[id] != blk)
        return gm_errf(err, "request %u released for block 0x%x, recorded for 0x%x", id, blk,
                       t->out_blk[id]);
    uint32_t b = blk - BLK0;
    if (b < MSHR_TRAFFIC_POOL_MAX) {
        /* Ids grow with arrival (mod 2^16): within an entry they come out
         * in order. */
        uint32_t prev = t->last_id[b];
        if (prev && ((id - prev) & 0x8000))
            return gm_errf(err, "request %u of block 0x%x released after %u", id, blk, prev);
        t->last_id[b] = last ? 0 : id;
    }
    t->out_live[id] = 0;
    return 0;
}
