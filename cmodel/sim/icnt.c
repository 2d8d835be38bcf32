#include "icnt.h"

#include <stdlib.h>
#include <string.h>

int gm_icnt_init(gm_icnt_t *n, uint32_t nsrc, uint32_t ndst, uint32_t flit,
                 uint32_t latency, uint32_t in_cap, uint32_t out_cap, gm_err_t *err)
{
    memset(n, 0, sizeof *n);
    n->nsrc = nsrc;
    n->ndst = ndst;
    n->flit = flit;
    n->latency = latency;
    n->speedup = 1;
    n->src = calloc(nsrc, sizeof *n->src);
    n->out = calloc(ndst, sizeof *n->out);
    n->dst_busy = calloc(ndst, sizeof *n->dst_busy);
    n->rr = calloc(ndst, sizeof *n->rr);
    n->cnt = malloc(ndst * sizeof *n->cnt);
    n->cand = calloc(ndst, sizeof *n->cand);
    n->offer = calloc(nsrc, sizeof *n->offer);
    int bad = !n->src || !n->out || !n->dst_busy || !n->rr || !n->cnt || !n->cand || !n->offer;
    for (uint32_t d = 0; !bad && d < ndst; d++)
        n->cnt[d] = UINT32_MAX;
    for (uint32_t s = 0; !bad && s < nsrc; s++) {
        n->src[s].dst = calloc(in_cap, sizeof *n->src[s].dst);
        n->src[s].bytes = calloc(in_cap, sizeof *n->src[s].bytes);
        bad = !n->src[s].dst || !n->src[s].bytes || gm_fifo_init(&n->src[s].q, in_cap);
    }
    for (uint32_t d = 0; !bad && d < ndst; d++)
        bad = gm_delay_init(&n->out[d], out_cap);
    if (bad) {
        gm_icnt_free(n);
        return gm_errf(err, "out of memory for the crossbar");
    }
    return 0;
}

void gm_icnt_free(gm_icnt_t *n)
{
    for (uint32_t s = 0; n->src && s < n->nsrc; s++) {
        free(n->src[s].dst);
        free(n->src[s].bytes);
        gm_fifo_free(&n->src[s].q);
    }
    for (uint32_t d = 0; n->out && d < n->ndst; d++)
        gm_delay_free(&n->out[d]);
    free(n->src);
    free(n->out);
    free(n->dst_busy);
    free(n->rr);
    free(n->cnt);
    free(n->cand);
    free(n->offer);
    memset(n, 0, sizeof *n);
}

void gm_icnt_set_speedup(gm_icnt_t *n, uint32_t speedup)
{
    n->speedup = speedup < 1 ? 1 : speedup > GM_ICNT_MAX_SPEEDUP ? GM_ICNT_MAX_SPEEDUP : speedup;
}

void gm_icnt_set_voq(gm_icnt_t *n, int voq) { n->voq = voq ? 1 : 0; }

/* The queue position of p's packet number k (0: the head). */
static uint32_t slot_of(const gm_icnt_port_t *p, uint32_t k)
{
    uint32_t i = p->q.head + k;
    return i < p->q.cap ? i : i - p->q.cap;
}

/* How many of p's packets, from its head, it may offer: the head alone,
 * or with virtual output queues every one. */
static uint32_t offerable(const gm_icnt_t *n, const gm_icnt_port_t *p)
{
    return n->voq ? p->q.n : 1;
}

/* The position source port p offers at `now`: the oldest offerable packet
 * whose output is free; UINT32_MAX if every such output is busy. */
static uint32_t offered(const gm_icnt_t *n, const gm_icnt_port_t *p, uint64_t now)
{
    for (uint32_t k = 0, k_end = offerable(n, p); k < k_end; k++)
        if (n->dst_busy[p->dst[slot_of(p, k)]] <= now)
            return k;
    return UINT32_MAX;
}

/* Take packet k out of p's queue, the ones behind it moving up a place. */
static uint32_t take(gm_icnt_port_t *p, uint32_t k)
{
    if (k == 0)
        return gm_fifo_pop(&p->q);
    uint32_t at = slot_of(p, k), id = p->q.v[at];
    for (uint32_t j = k + 1; j < p->q.n; j++) {
        uint32_t from = slot_of(p, j);
        p->q.v[at] = p->q.v[from];
        p->dst[at] = p->dst[from];
        p->bytes[at] = p->bytes[from];
        at = from;
    }
    p->q.n--;
    return id;
}

/* The lane of source port p that frees first: the one a packet takes (any
 * lane free by now would do; they are alike from then on). */
static uint32_t next_lane(const gm_icnt_t *n, const gm_icnt_port_t *p)
{
    uint32_t l = 0;
    for (uint32_t k = 1; k < n->speedup; k++)
        if (p->busy_until[k] < p->busy_until[l])
            l = k;
    return l;
}

void gm_icnt_inject(gm_icnt_t *n, uint32_t src, uint32_t dst, uint32_t req, uint32_t bytes)
{
    gm_icnt_port_t *p = &n->src[src];
    uint32_t slot = slot_of(p, p->q.n); /* where the push puts it */
    p->dst[slot] = (uint16_t)dst;
    p->bytes[slot] = (uint16_t)bytes;
    gm_fifo_push(&p->q, req);
    n->queued++;
}

uint64_t gm_icnt_next(const gm_icnt_t *n)
{
    uint64_t t = UINT64_MAX;
    for (uint32_t s = 0; n->queued && s < n->nsrc; s++) {
        const gm_icnt_port_t *p = &n->src[s];
        if (!p->q.n)
            continue;
        uint64_t lane = p->busy_until[next_lane(n, p)];
        uint64_t d = UINT64_MAX; /* the first of its offerable packets' outputs to free */
        for (uint32_t k = 0, k_end = offerable(n, p); k < k_end; k++) {
            uint64_t b = n->dst_busy[p->dst[slot_of(p, k)]];
            d = b < d ? b : d;
        }
        uint64_t e = lane > d ? lane : d;
        if (e < t)
            t = e;
    }
    return t;
}

/* One round of arbitration: one pass over the sources in order picks, for
 * each free destination, the first source with a free lane whose offer
 * (offered()) targets it at or after its round-robin pointer, else the
 * first (a source offers one packet in a round).
 * Grants to different destinations touch different sources, so their
 * order is immaterial. Returns the packets sent. */
static uint32_t round_robin(gm_icnt_t *n, uint64_t now)
{
    uint32_t *pick = n->cnt, *touched = n->cand, nt = 0, sent = 0;
    for (uint32_t s = 0; s < n->nsrc; s++) {
        const gm_icnt_port_t *p = &n->src[s];
        if (!p->q.n || p->busy_until[next_lane(n, p)] > now)
            continue;
        uint32_t k = offered(n, p, now);
        if (k == UINT32_MAX)
            continue;
        n->offer[s] = k;
        uint32_t d = p->dst[slot_of(p, k)];
        if (pick[d] == UINT32_MAX) {
            pick[d] = s;
            touched[nt++] = d;
        } else if (pick[d] < n->rr[d] && s >= n->rr[d]) {
            pick[d] = s;
        }
    }
    for (uint32_t i = 0; i < nt; i++) {
        uint32_t d = touched[i], s = pick[d];
        pick[d] = UINT32_MAX;
        if (gm_delay_full(&n->out[d]))
            continue;
        gm_icnt_port_t *p = &n->src[s];
        uint32_t flits = (p->bytes[slot_of(p, n->offer[s])] + n->flit - 1) / n->flit;
        uint32_t id = take(p, n->offer[s]);
        n->queued--;
        p->busy_until[next_lane(n, p)] = n->dst_busy[d] = now + flits;
        gm_delay_push(&n->out[d], id, now + flits + n->latency);
        n->rr[d] = s + 1 == n->nsrc ? 0 : s + 1;
        n->packets++;
        n->flits += flits;
        sent++;
    }
    return sent;
}

/* With a speedup of k, up to k rounds: a source sent its head in one may
 * send the packet behind it, on another lane, to another free output in
 * the next (the outputs granted are busy by then). */
void gm_icnt_cycle(gm_icnt_t *n, uint64_t now)
{
    for (uint32_t r = 0; r < n->speedup && n->queued; r++)
        if (!round_robin(n, now))
            break;
}
