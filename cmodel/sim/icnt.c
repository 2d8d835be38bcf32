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
    n->src = calloc(nsrc, sizeof *n->src);
    n->out = calloc(ndst, sizeof *n->out);
    n->dst_busy = calloc(ndst, sizeof *n->dst_busy);
    n->rr = calloc(ndst, sizeof *n->rr);
    int bad = !n->src || !n->out || !n->dst_busy || !n->rr;
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
    memset(n, 0, sizeof *n);
}

void gm_icnt_inject(gm_icnt_t *n, uint32_t src, uint32_t dst, uint32_t req, uint32_t bytes)
{
    gm_icnt_port_t *p = &n->src[src];
    uint32_t slot = (p->q.head + p->q.n) % p->q.cap;
    p->dst[slot] = (uint16_t)dst;
    p->bytes[slot] = (uint16_t)bytes;
    gm_fifo_push(&p->q, req);
    n->queued++;
}

void gm_icnt_cycle(gm_icnt_t *n, uint64_t now)
{
    /* Sources that can send this cycle, in index order; most are idle. */
    uint32_t act[1024], na = 0;
    if (!n->queued)
        return;
    for (uint32_t s = 0; s < n->nsrc && na < 1024; s++)
        if (!gm_fifo_empty(&n->src[s].q) && n->src[s].busy_until <= now)
            act[na++] = s;
    if (!na)
        return;
    for (uint32_t d = 0; d < n->ndst; d++) {
        if (n->dst_busy[d] > now || gm_delay_full(&n->out[d]))
            continue;
        /* Round-robin: the first ready source at or after rr[d] whose head
         * targets d. */
        uint32_t k = 0;
        while (k < na && act[k] < n->rr[d])
            k++;
        for (uint32_t tries = 0; tries < na; tries++, k++) {
            if (k == na)
                k = 0;
            uint32_t s = act[k];
            gm_icnt_port_t *p = &n->src[s];
            if (p->busy_until > now || p->dst[p->q.head] != d)
                continue;
            uint32_t flits = (p->bytes[p->q.head] + n->flit - 1) / n->flit;
            uint32_t id = gm_fifo_pop(&p->q);
            n->queued--;
            p->busy_until = n->dst_busy[d] = now + flits;
            gm_delay_push(&n->out[d], id, now + flits + n->latency);
            n->rr[d] = s + 1 == n->nsrc ? 0 : s + 1;
            n->packets++;
            n->flits += flits;
            break;
        }
    }
}
