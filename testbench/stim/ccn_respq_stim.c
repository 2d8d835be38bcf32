/* Stimulus for ccn_respq.
 * random: an upstream node sending packets beat by beat while in_ready
 *         (for other cores, and for this one), a local data-read stage
 *         offering responses until loc_accept, and the L1 fill port and the
 *         downstream link ready at phased rates. Every packet has a unique
 *         line address and the line is a function of it, so a scoreboard
 *         checks on the C outputs: each packet leaves exactly once, whole
 *         (every beat the right words, the header on each), in the order
 *         its slot was taken; each packet for this core is filled once with
 *         its line; a local response waits unless count <= Q_DEPTH - 2
 *         (bubble) and beats the upstream packet's first beat. */
#include <stddef.h>
#include <string.h>

#include "blocks/ccn_line.h"
#include "blocks/ccn_respq.h"
#include "stim.h"

enum { COV_FILL, COV_FILL_WAIT, COV_LOC_REFUSED, COV_LOC_BEATS_FWD, COV_FULL, COV_BACKPRESS,
       COV_N };
static const char *const cov_names[COV_N] = {
    "response filled at home", "fill waited for the L1", "local response refused",
    "local response beat a first beat", "queue full", "downstream stalled mid-packet"};

enum { SB_MAX = 16 };

typedef struct rs_rand {
    gm_rng_t r;
    ccn_respq_params_t p;
    uint64_t phase_end, hits[COV_N];
    uint32_t p_up, p_home, p_loc, p_fill, p_out;
    uint32_t next_la;
    unsigned cid; /* this run's core id (the my_cid strap), from the seed */
    int up_v, loc_v;
    unsigned up_beat;
    uint32_t up_hdr, loc_hdr;
    uint32_t order[SB_MAX];
    unsigned n;
    uint32_t home_la;  /* the last packet for this core whose first beat went in */
    int home_pending;  /* ... and whose fill has not happened */
    unsigned out_beat; /* beats seen of the packet leaving */
} rs_rand_t;

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    rs_rand_t *c = vctx;
    (void)err;
    c->p = *(const ccn_respq_params_t *)params;
    gm_rng_seed(&c->r, seed);
    c->cid = (unsigned)gm_rng_below(&c->r, 16);
    c->next_la = 1;
    return 0;
}

static uint32_t hdr_of(unsigned smp, unsigned dst, uint32_t la)
{
    return ccn_flit(smp, dst, la) & 0x7fffffffu;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    rs_rand_t *c = vctx;
    ccn_respq_in_t *in = vin;
    unsigned my = c->cid, bw = 32 / c->p.RESP_BEATS;
    if (cyc >= c->phase_end) {
        static const uint32_t rates[] = {0, 128, 512, 900, 1024};
        c->phase_end = cyc + 100 + gm_rng_below(&c->r, 3000);
        c->p_up = rates[gm_rng_below(&c->r, 5)];
        c->p_home = rates[gm_rng_below(&c->r, 4)];
        c->p_loc = rates[gm_rng_below(&c->r, 5)];
        c->p_fill = rates[1 + gm_rng_below(&c->r, 4)];
        c->p_out = rates[gm_rng_below(&c->r, 5)];
    }
    if (!c->up_v && gm_rng_chance(&c->r, c->p_up, 1024)) {
        unsigned dst = gm_rng_chance(&c->r, c->p_home, 1024)
                           ? my : (my + 1 + (unsigned)gm_rng_below(&c->r, 15)) % 16;
        c->up_v = 1;
        c->up_beat = 0;
        c->up_hdr = hdr_of((unsigned)gm_rng_bits(&c->r, 1), dst, c->next_la++);
    }
    if (!c->loc_v && gm_rng_chance(&c->r, c->p_loc, 1024)) {
        c->loc_v = 1;
        c->loc_hdr = hdr_of((unsigned)gm_rng_bits(&c->r, 1),
                            (my + 1 + (unsigned)gm_rng_below(&c->r, 15)) % 16, c->next_la++);
    }
    in->my_cid = c->cid;
    in->loc_valid = (uint64_t)c->loc_v;
    in->loc_hdr = c->loc_v ? c->loc_hdr : 0;
    if (c->loc_v)
        ccn_line_fill(ccn_flit_la(c->loc_hdr), in->loc_data);
    in->in_beat_valid = (uint64_t)c->up_v;
    in->in_hdr = c->up_v ? 0x80000000u | c->up_hdr : 0;
    if (c->up_v)
        for (unsigned w = 0; w < bw; w++)
            in->in_beat_data[w] = ccn_line_word(ccn_flit_la(c->up_hdr), c->up_beat * bw + w);
    in->in_beat_last = c->up_v && c->up_beat == c->p.RESP_BEATS - 1;
    in->fill_ready = gm_rng_chance(&c->r, c->p_fill, 1024);
    in->out_ready = gm_rng_chance(&c->r, c->p_out, 1024);
    return GM_STIM_CYCLE;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    rs_rand_t *c = vctx;
    const ccn_respq_in_t *in = vin;
    const ccn_respq_out_t *o = vout;
    unsigned qd = c->p.Q_DEPTH, bw = 32 / c->p.RESP_BEATS, my = c->cid;
    unsigned long long cy = (unsigned long long)cyc;
    (void)c_state;
    int room = c->p.FLOW ? o->count < qd : o->count + 2 <= qd;
    if (o->loc_accept != (uint64_t)(c->loc_v && room))
        return gm_errf(err, "cycle %llu: loc_accept %llu, the flow rule says %d", cy,
                       (unsigned long long)o->loc_accept, c->loc_v && room);
    if (o->fill_valid) {
        uint32_t line[32];
        ccn_line_fill(c->home_la, line);
        if (!c->home_pending || o->fill_la != c->home_la ||
            memcmp(o->fill_data, line, sizeof line))
            return gm_errf(err, "cycle %llu: fill of la 0x%llx; expected %s 0x%x with its line",
                           cy, (unsigned long long)o->fill_la,
                           c->home_pending ? "la" : "no fill, last", c->home_la);
        if (in->fill_ready) {
            c->home_pending = 0;
            c->hits[COV_FILL]++;
        } else {
            c->hits[COV_FILL_WAIT]++;
        }
    }
    if (o->out_beat_valid) {
        uint32_t la = ccn_flit_la((uint32_t)o->out_hdr);
        if (!c->n || c->order[0] != la)
            return gm_errf(err, "cycle %llu: sending la 0x%x, expected %s 0x%x", cy, la,
                           c->n ? "the oldest," : "nothing; last", c->n ? c->order[0] : 0);
        for (unsigned w = 0; w < 32; w++) {
            uint32_t want = w < bw ? ccn_line_word(la, c->out_beat * bw + w) : 0;
            if (o->out_beat_data[w] != want)
                return gm_errf(err, "cycle %llu: la 0x%x beat %u word %u is 0x%08x, not 0x%08x",
                               cy, la, c->out_beat, w, o->out_beat_data[w], want);
        }
        if (o->out_beat_last != (c->out_beat == c->p.RESP_BEATS - 1))
            return gm_errf(err, "cycle %llu: last flag on beat %u", cy, c->out_beat);
        if (in->out_ready) {
            if (o->out_beat_last) {
                memmove(c->order, c->order + 1, (c->n - 1) * sizeof c->order[0]);
                c->n--;
                c->out_beat = 0;
            } else {
                c->out_beat++;
            }
        } else if (c->out_beat) {
            c->hits[COV_BACKPRESS]++;
        }
    }
    c->hits[COV_LOC_REFUSED] += c->loc_v && !o->loc_accept;
    c->hits[COV_FULL] += o->count == qd;
    if (o->loc_accept) {
        c->order[c->n++] = ccn_flit_la(c->loc_hdr);
        c->loc_v = 0;
        c->hits[COV_LOC_BEATS_FWD] += c->up_v && c->up_beat == 0 &&
                                      ccn_flit_cid(c->up_hdr) != my && o->count < qd;
    }
    if (c->up_v && o->in_ready) {
        if (c->up_beat == 0) {
            if (ccn_flit_cid(c->up_hdr) == my) {
                c->home_la = ccn_flit_la(c->up_hdr);
                c->home_pending = 1;
            } else {
                c->order[c->n++] = ccn_flit_la(c->up_hdr);
            }
        }
        if (++c->up_beat == c->p.RESP_BEATS)
            c->up_v = 0;
    }
    if (c->n > qd)
        return gm_errf(err, "cycle %llu: %u packets held, more than %u slots", cy, c->n, qd);
    return 0;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const rs_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 34,
                             c->p.RESP_BEATS == 1 ? 1u << COV_BACKPRESS : 0);
}

static const gm_stim_t rs_random = {
    "ccn_respq", "random", "upstream packets, local responses, fills and stalls; scoreboard",
    sizeof(rs_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

const gm_stim_t *const ccn_respq_stims[] = {&rs_random, NULL};
