/* A crossbar: one input queue per source port, one output per destination.
 * Every icnt cycle each free output takes the head packet of one source
 * (round-robin) whose head targets it; a packet occupies its destination
 * port, and one of its source port's `speedup` lanes, for one cycle per
 * flit and arrives `latency` cycles later. With a speedup of 2 a source
 * streams two packets at once to two outputs; its queue still sends in
 * order. (booksim's input_speedup, 2 in GPGPU-Sim's Fermi crossbar, gives
 * virtual channel v of an input the switch port v % speedup, so with
 * that crossbar's one virtual channel it streams one packet at a time, as
 * a speedup of 1 here.) With virtual output queues (`voq`) a source
 * offers its oldest packet whose output is free, so a head waiting for a
 * busy output no longer holds the packets behind it (head-of-line
 * blocking gone). Requests and replies use two of these. */
#ifndef GM_SIM_ICNT_H
#define GM_SIM_ICNT_H

#include <stdint.h>

#include "queue.h"
#include "util/err.h"

enum { GM_ICNT_MAX_SPEEDUP = 4 };

typedef struct gm_icnt_port {
    gm_fifo_t q;        /* request ids */
    uint16_t *dst;      /* destination of each queued packet (parallel ring) */
    uint16_t *bytes;
    uint64_t busy_until[GM_ICNT_MAX_SPEEDUP]; /* each lane's */
} gm_icnt_port_t;

typedef struct gm_icnt {
    uint32_t nsrc, ndst, flit, latency, speedup;
    int voq;            /* a source offers any queued packet, oldest first */
    gm_icnt_port_t *src;
    gm_delay_t *out;    /* per destination: packets in flight and arrived */
    uint64_t *dst_busy;
    uint32_t *rr;
    uint32_t *cnt, *cand; /* per cycle: each destination's pick (UINT32_MAX: none), and
                           * the destinations picked */
    uint32_t *offer;    /* per source, in a round: the queue position it offers */
    uint32_t queued;    /* packets waiting in all input queues */
    uint64_t packets, flits, stall_cycles;
} gm_icnt_t;

int gm_icnt_init(gm_icnt_t *n, uint32_t nsrc, uint32_t ndst, uint32_t flit,
                 uint32_t latency, uint32_t in_cap, uint32_t out_cap, gm_err_t *err);
/* Lanes a source port has (1 after init; 1..GM_ICNT_MAX_SPEEDUP). */
void gm_icnt_set_speedup(gm_icnt_t *n, uint32_t speedup);
/* Virtual output queues (0 after init: one FIFO per source). */
void gm_icnt_set_voq(gm_icnt_t *n, int voq);
void gm_icnt_free(gm_icnt_t *n);
static inline int gm_icnt_can_inject(const gm_icnt_t *n, uint32_t src)
{
    return !gm_fifo_full(&n->src[src].q);
}
void gm_icnt_inject(gm_icnt_t *n, uint32_t src, uint32_t dst, uint32_t req, uint32_t bytes);
void gm_icnt_cycle(gm_icnt_t *n, uint64_t now);
/* The fast-forward (gpu.c): the first icnt cycle at which a queued packet
 * may be sent (its source port and its destination free; a full output
 * waits for its consumer, whose pop is an event of its own), UINT64_MAX
 * with nothing queued. */
uint64_t gm_icnt_next(const gm_icnt_t *n);
/* The next packet that has arrived at `dst`, or UINT32_MAX. */
static inline uint32_t gm_icnt_peek(const gm_icnt_t *n, uint32_t dst, uint64_t now)
{
    return gm_delay_peek(&n->out[dst], now);
}
static inline uint32_t gm_icnt_pop(gm_icnt_t *n, uint32_t dst) { return gm_delay_pop(&n->out[dst]); }

/* A stage's end of a crossbar: its source port (and its queue, for the
 * every-cycle question whether it has room). */
typedef struct gm_icnt_ep {
    gm_icnt_t *net;
    uint32_t port;
    const gm_fifo_t *q;
} gm_icnt_ep_t;
static inline gm_icnt_ep_t gm_icnt_ep(gm_icnt_t *n, uint32_t src)
{
    return (gm_icnt_ep_t){.net = n, .port = src, .q = &n->src[src].q};
}
static inline int gm_icnt_ep_ready(const gm_icnt_ep_t *e) { return !gm_fifo_full(e->q); }
static inline void gm_icnt_ep_send(const gm_icnt_ep_t *e, uint32_t dst, uint32_t req, uint32_t bytes)
{
    gm_icnt_inject(e->net, e->port, dst, req, bytes);
}

#endif
