/* Stimulus for ccn_reqq.
 * random: an upstream link holding a flit until fwd_in_ready (foreign
 *         requests and this core's own coming home), a CB holding its head
 *         until inj_accept, and shadow tags, data-read stage, L2 port and
 *         downstream link answering at phased random rates. Every request
 *         carries a unique line address, so a scoreboard checks on the C
 *         outputs: each request taken in leaves exactly once (a hit taken
 *         by the data-read stage or a flit taken by the downstream link),
 *         in FIFO order, home returns are ejected and never enqueued, this
 *         core's own requests are never looked up, and the input rules use
 *         the start-of-cycle count (fwd_in_ready = count < Q_DEPTH, inject
 *         only without a foreign arrival and with the flow rule's room). */
#include <stddef.h>
#include <string.h>

#include "blocks/ccn_reqq.h"
#include "stim.h"

enum { COV_HIT, COV_BLOCKED, COV_CONFLICT, COV_EJECT, COV_EJECT_WAIT, COV_FULL,
       COV_BYPASS_FWD, COV_N };
static const char *const cov_names[COV_N] = {
    "hit taken", "hit head blocked", "lookup refused (port)", "home return ejected",
    "home return waited for L2", "queue full", "arrival forwarded at once"};

enum { SB_MAX = 64 };

typedef struct rq_rand {
    gm_rng_t r;
    ccn_reqq_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t p_arr, p_home, p_inj, p_gnt, p_hit, p_hsr, p_out, p_ej;
    uint32_t next_la;
    unsigned cid; /* this run's core id (the my_cid strap), from the seed */
    int up_v, cb_v;        /* the upstream link register and the CB head */
    uint32_t up_f, cb_f;
    uint32_t order[SB_MAX]; /* line addresses in the node, in FIFO order */
    unsigned n;
} rq_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    rq_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_reqq_params_t *)params;
    gm_rng_seed(&c->r, seed);
    c->cid = (unsigned)gm_rng_below(&c->r, 16);
    c->next_la = 1;
    return 0;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    rq_rand_t *c = vctx;
    ccn_reqq_in_t *in = vin;
    if (cyc >= c->phase_end) {
        static const uint32_t rates[] = {0, 128, 512, 900, 1024};
        c->phase_end = cyc + 100 + gm_rng_below(&c->r, 3000);
        c->p_arr = rates[gm_rng_below(&c->r, 5)];
        c->p_home = rates[gm_rng_below(&c->r, 3)];
        c->p_inj = rates[gm_rng_below(&c->r, 5)];
        c->p_gnt = rates[2 + gm_rng_below(&c->r, 3)];
        c->p_hit = rates[gm_rng_below(&c->r, 4)];
        c->p_hsr = rates[1 + gm_rng_below(&c->r, 4)];
        c->p_out = rates[gm_rng_below(&c->r, 5)];
        c->p_ej = rates[1 + gm_rng_below(&c->r, 4)];
    }
    if (!c->up_v && gm_rng_chance(&c->r, c->p_arr, 1024)) {
        unsigned cid = gm_rng_chance(&c->r, c->p_home, 1024)
                           ? c->cid
                           : (c->cid + 1 + (unsigned)gm_rng_below(&c->r, 15)) % 16;
        c->up_v = 1;
        c->up_f = ccn_flit((unsigned)gm_rng_bits(&c->r, 1), cid, c->next_la++);
    }
    if (!c->cb_v && gm_rng_chance(&c->r, c->p_inj, 1024)) {
        c->cb_v = 1;
        c->cb_f = ccn_flit((unsigned)gm_rng_bits(&c->r, 1), c->cid, c->next_la++);
    }
    in->my_cid = c->cid;
    in->fwd_in_valid = (uint64_t)c->up_v;
    in->fwd_in_flit = c->up_v ? c->up_f : gm_rng_bits(&c->r, 31); /* noise when idle */
    in->inj_valid = (uint64_t)c->cb_v;
    in->inj_flit = c->cb_v ? c->cb_f : 0;
    in->home_eject_ready = gm_rng_chance(&c->r, c->p_ej, 1024);
    in->st_lkp_gnt = gm_rng_chance(&c->r, c->p_gnt, 1024);
    in->st_lkp_hit = gm_rng_chance(&c->r, c->p_hit, 1024);
    in->st_lkp_way = gm_rng_bits(&c->r, 3);
    in->hit_stage_ready = gm_rng_chance(&c->r, c->p_hsr, 1024);
    in->fwd_out_ready = gm_rng_chance(&c->r, c->p_out, 1024);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    rq_rand_t *c = vctx;
    const ccn_reqq_in_t *in = vin;
    const ccn_reqq_out_t *o = vout;
    (void)c_state;
    unsigned qd = c->p.Q_DEPTH;
    int arr_home = c->up_v && ccn_flit_cid(c->up_f) == c->cid;
    int arr_foreign = c->up_v && !arr_home;
    unsigned long long cy = (unsigned long long)cyc;
    if (o->home_eject_valid != (uint64_t)arr_home ||
        (arr_home && o->home_eject_la != ccn_flit_la(c->up_f)))
        return gm_errf(err, "cycle %llu: home_eject %llu la 0x%llx for upstream flit 0x%08x",
                       cy, (unsigned long long)o->home_eject_valid,
                       (unsigned long long)o->home_eject_la, c->up_v ? c->up_f : 0);
    int want_ready = arr_home ? (int)in->home_eject_ready : o->count < qd;
    int room = c->p.FLOW ? o->count < qd : o->count + 2 <= qd;
    int want_inj = c->cb_v && !(arr_foreign && o->count < qd) && room;
    if (o->fwd_in_ready != (uint64_t)want_ready || o->inj_accept != (uint64_t)want_inj)
        return gm_errf(err, "cycle %llu: fwd_in_ready %llu inj_accept %llu, the start-of-cycle "
                       "rules say %d %d (count %llu)", cy,
                       (unsigned long long)o->fwd_in_ready, (unsigned long long)o->inj_accept,
                       want_ready, want_inj, (unsigned long long)o->count);
    if (o->st_lkp_valid && o->hit_req_valid && o->hit_req_src == c->cid)
        return gm_errf(err, "cycle %llu: this core's own request looked up", cy);
    /* The scoreboard holds the link's flits (oldest first), then the
     * FIFO's: the link ones are those beyond the FIFO's count. */
    unsigned n_link = c->n - (unsigned)o->count;
    if (c->n < o->count)
        return gm_errf(err, "cycle %llu: count %llu, only %u requests taken in", cy,
                       (unsigned long long)o->count, c->n);
    int bypass_taken = 0;
    if (o->hit_req_valid && in->hit_stage_ready) {
        c->hits[COV_HIT]++;
        if (o->count == 0) { /* the arriving flit itself */
            if (!arr_foreign || o->hit_req_la != ccn_flit_la(c->up_f))
                return gm_errf(err, "cycle %llu: hit for la 0x%llx with an empty FIFO", cy,
                               (unsigned long long)o->hit_req_la);
            bypass_taken = 1;
        } else {
            if (c->order[n_link] != o->hit_req_la)
                return gm_errf(err, "cycle %llu: hit for la 0x%llx, the FIFO head is 0x%x",
                               cy, (unsigned long long)o->hit_req_la, c->order[n_link]);
            memmove(c->order + n_link, c->order + n_link + 1,
                    (c->n - n_link - 1) * sizeof c->order[0]);
            c->n--;
        }
    }
    if (o->fwd_out_valid && in->fwd_out_ready) {
        if (!n_link || c->order[0] != ccn_flit_la((uint32_t)o->fwd_out_flit))
            return gm_errf(err, "cycle %llu: flit 0x%08llx left; %s", cy,
                           (unsigned long long)o->fwd_out_flit,
                           n_link ? "not the oldest on the link" : "the link held nothing");
        memmove(c->order, c->order + 1, (c->n - 1) * sizeof c->order[0]);
        c->n--;
    }
    if (arr_foreign && o->fwd_in_ready && !bypass_taken) {
        c->order[c->n++] = ccn_flit_la(c->up_f);
        c->hits[COV_BYPASS_FWD] += o->count == 0 && o->st_lkp_valid && in->st_lkp_gnt &&
                                   !in->st_lkp_hit;
    }
    if (o->inj_accept)
        c->order[c->n++] = ccn_flit_la(c->cb_f);
    c->hits[COV_BLOCKED] += o->hit_req_valid && !in->hit_stage_ready;
    c->hits[COV_CONFLICT] += o->st_lkp_valid && !in->st_lkp_gnt;
    c->hits[COV_EJECT] += arr_home && in->home_eject_ready;
    c->hits[COV_EJECT_WAIT] += arr_home && !in->home_eject_ready;
    c->hits[COV_FULL] += o->count == qd;
    if (c->up_v && o->fwd_in_ready)
        c->up_v = 0;
    if (c->cb_v && o->inj_accept)
        c->cb_v = 0;
    if (c->n > qd + c->p.LINK_LAT + 1)
        return gm_errf(err, "cycle %llu: %u requests inside, more than the node holds", cy, c->n);
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const rq_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t rq_random = {
    "ccn_reqq", "random", "upstream, CB, tags, data stage and links at phased rates; scoreboard",
    sizeof(rq_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_reqq_stims[] = {&rq_random, NULL};
