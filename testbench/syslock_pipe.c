#include "syslock_pipe.h"

#include <pthread.h>
#include <stdalign.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Records per channel in flight: enough to keep a worker busy across the
 * simulation's uneven cycles, few enough that 64 instances stay within a
 * few MiB. */
enum { RING = 1024, BATCH = 32, MAX_WORKERS = 64, MAX_RUN = 1u << 16 };

typedef struct hdr {
    uint32_t kind, n, stride, pad;
    uint64_t core;
} hdr_t;

/* What the simulation thread holds back while identical cycles repeat. */
enum { S_NONE, S_EVAL, S_CYCLE, S_CYCLE_EVAL, S_TICK };

/* The worker's and the simulation's indices each on a cache line of their
 * own, apart from what the simulation writes every cycle. */
struct gm_chan {
    alignas(64) _Atomic uint64_t head; /* records replayed (by whoever holds busy) */
    alignas(64) _Atomic uint64_t tail; /* records published (the simulation's) */
    alignas(64) atomic_flag busy;      /* held by whoever replays it: its worker, or
                                        * the simulation thread while the ring is full */
    alignas(64) gm_pool_t *pool;
    void *inst;
    size_t in_size, out_size, slot;
    unsigned char *ring;
    gm_chan_t *next;                   /* the worker's list */
    alignas(64) uint64_t ptail;        /* records written, published or not */
    int st;                            /* S_*: the simulation's alone from here */
    hdr_t h;                           /* the held-back record */
    uint64_t pend;                     /* S_CYCLE_EVAL: the evaluation's core cycle */
    unsigned char *in, *out;
};

typedef struct worker {
    gm_pool_t *pool;
    pthread_t t;
    gm_chan_t *chans, **last;
} worker_t;

struct gm_pool {
    unsigned threads, nchan;
    int started;
    int inline_run; /* no worker could start: replay on the simulation thread */
    _Atomic int done;
    gm_pipe_run_fn run;
    worker_t w[MAX_WORKERS];
    gm_chan_t **all;
};

/* Waiting on the other side: spin a little, then yield, then sleep (the
 * machine may have fewer cores than threads). */
static void pause_for(unsigned *spins)
{
    if (++*spins < 64)
        return;
    if (*spins < 256) {
        sched_yield();
        return;
    }
    struct timespec ts = {0, 20000};
    nanosleep(&ts, NULL);
}

/* Replays what is in the channel; 1 if there was anything. Its worker
 * and the simulation thread (helping while the ring is full) both may:
 * whoever holds `busy` is its one consumer, so an instance's records are
 * replayed in order, one at a time; the other finds nothing to do. */
static int drain(gm_pool_t *p, gm_chan_t *c)
{
    if (atomic_load_explicit(&c->head, memory_order_relaxed) ==
        atomic_load_explicit(&c->tail, memory_order_relaxed))
        return 0;
    if (atomic_flag_test_and_set_explicit(&c->busy, memory_order_acquire))
        return 0;
    uint64_t h = atomic_load_explicit(&c->head, memory_order_relaxed);
    uint64_t t = atomic_load_explicit(&c->tail, memory_order_acquire);
    if (h == t) {
        atomic_flag_clear_explicit(&c->busy, memory_order_release);
        return 0;
    }
    for (; h != t; h++) {
        const unsigned char *s = c->ring + (h % RING) * c->slot;
        hdr_t hd;
        memcpy(&hd, s, sizeof hd);
        gm_pipe_rec_t r = {
            .kind = (int)hd.kind,
            .n = hd.n,
            .stride = hd.stride,
            .core = hd.core,
            .in = s + sizeof hd,
            .out = s + sizeof hd + c->in_size,
        };
        p->run(c->inst, &r);
        atomic_store_explicit(&c->head, h + 1, memory_order_release);
    }
    atomic_flag_clear_explicit(&c->busy, memory_order_release);
    return 1;
}

static void *work(void *arg)
{
    worker_t *w = arg;
    unsigned spins = 0;
    for (;;) {
        int any = 0;
        for (gm_chan_t *c = w->chans; c; c = c->next)
            any |= drain(w->pool, c);
        if (any) {
            spins = 0;
            continue;
        }
        /* Everything was published before `done`: one more empty pass
         * after seeing it means there is nothing left. */
        if (atomic_load_explicit(&w->pool->done, memory_order_acquire)) {
            for (gm_chan_t *c = w->chans; c; c = c->next)
                any |= drain(w->pool, c);
            if (!any)
                return NULL;
            continue;
        }
        pause_for(&spins);
    }
}

gm_pool_t *gm_pool_new(unsigned threads, gm_pipe_run_fn run)
{
    gm_pool_t *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->threads = threads < 1 ? 1 : threads > MAX_WORKERS ? MAX_WORKERS : threads;
    p->run = run;
    for (unsigned i = 0; i < p->threads; i++) {
        p->w[i].pool = p;
        p->w[i].last = &p->w[i].chans;
    }
    return p;
}

gm_chan_t *gm_pool_chan(gm_pool_t *p, void *inst, size_t in_size, size_t out_size)
{
    if (p->started)
        return NULL; /* a worker's list is fixed once it runs */
    gm_chan_t **all = realloc(p->all, (p->nchan + 1) * sizeof *all);
    gm_chan_t *c = aligned_alloc(64, sizeof *c);
    if (all)
        p->all = all;
    if (!all || !c) {
        free(c);
        return NULL;
    }
    memset(c, 0, sizeof *c);
    atomic_flag_clear(&c->busy);
    c->pool = p;
    c->inst = inst;
    c->in_size = in_size;
    c->out_size = out_size;
    c->slot = (sizeof(hdr_t) + in_size + out_size + 7) & ~(size_t)7;
    c->ring = malloc(RING * c->slot);
    c->in = malloc(in_size ? in_size : 1);
    c->out = malloc(out_size ? out_size : 1);
    if (!c->ring || !c->in || !c->out) {
        free(c->ring);
        free(c->in);
        free(c->out);
        free(c);
        return NULL;
    }
    worker_t *w = &p->w[p->nchan % p->threads];
    *w->last = c;
    w->last = &c->next;
    p->all[p->nchan++] = c;
    return c;
}

static void start(gm_pool_t *p)
{
    p->started = 1;
    for (unsigned i = 0; i < p->threads; i++)
        if (p->w[i].chans && pthread_create(&p->w[i].t, NULL, work, &p->w[i])) {
            /* Out of threads: the records are replayed as they are made. */
            atomic_store_explicit(&p->done, 1, memory_order_release);
            for (unsigned j = 0; j < i; j++)
                if (p->w[j].chans)
                    pthread_join(p->w[j].t, NULL);
            p->inline_run = 1;
            return;
        }
}

static void publish(gm_chan_t *c)
{
    atomic_store_explicit(&c->tail, c->ptail, memory_order_release);
}

static void put(gm_chan_t *c)
{
    if (!c->pool->started)
        start(c->pool);
    unsigned spins = 0;
    uint64_t t = c->ptail;
    while (t - atomic_load_explicit(&c->head, memory_order_acquire) == RING) {
        /* The RTL is behind: rather than wait for this instance's worker,
         * replay its records here unless the worker is at them now. */
        publish(c);
        if (drain(c->pool, c))
            spins = 0;
        else
            pause_for(&spins);
    }
    unsigned char *s = c->ring + (t % RING) * c->slot;
    memcpy(s, &c->h, sizeof c->h);
    memcpy(s + sizeof c->h, c->in, c->in_size);
    if (c->h.kind != GM_PIPE_TICK)
        memcpy(s + sizeof c->h + c->in_size, c->out, c->out_size);
    c->ptail = t + 1;
    /* Published in batches: each publication moves a cache line between
     * the cores. */
    if (c->ptail - atomic_load_explicit(&c->tail, memory_order_relaxed) >= BATCH ||
        c->pool->inline_run)
        publish(c);
    if (c->pool->inline_run)
        drain(c->pool, c);
}

/* Hold back (kind, in, out) as a record of one repetition. */
static void hold(gm_chan_t *c, int kind, const void *in, const void *out, uint64_t core)
{
    c->st = kind == GM_PIPE_EVAL ? S_EVAL : S_TICK;
    c->h = (hdr_t){.kind = (uint32_t)kind, .n = 1, .core = core};
    memcpy(c->in, in, c->in_size);
    if (out)
        memcpy(c->out, out, c->out_size);
}

/* Publish what is held back: the record, then an evaluation that was to
 * begin one more repetition of it, alone. */
static void flush(gm_chan_t *c)
{
    if (c->st != S_NONE)
        put(c);
    if (c->st == S_CYCLE_EVAL) {
        c->h = (hdr_t){.kind = GM_PIPE_EVAL, .n = 1, .core = c->pend};
        put(c);
    }
    c->st = S_NONE;
}

/* Whether a repetition at `core` continues the held record's stride. */
static int in_stride(const gm_chan_t *c, uint64_t core)
{
    if (c->h.n >= MAX_RUN || core < c->h.core)
        return 0;
    if (c->h.n == 1)
        return core - c->h.core <= UINT32_MAX;
    return core - c->h.core == (uint64_t)c->h.n * c->h.stride;
}

static void grow(gm_chan_t *c, uint64_t core)
{
    if (c->h.n == 1)
        c->h.stride = (uint32_t)(core - c->h.core);
    c->h.n++;
}

void gm_chan_eval(gm_chan_t *c, const void *in, const void *out, uint64_t core)
{
    if (c->st == S_CYCLE && !memcmp(in, c->in, c->in_size) &&
        !memcmp(out, c->out, c->out_size) && in_stride(c, core)) {
        c->pend = core;
        c->st = S_CYCLE_EVAL; /* completed by the edge, if it has these inputs */
        return;
    }
    flush(c);
    hold(c, GM_PIPE_EVAL, in, out, core);
}

void gm_chan_tick(gm_chan_t *c, const void *in, uint64_t core)
{
    /* A cycle's evaluation and edge share a record's core cycle: they
     * merge only when they were in the same core cycle. */
    if (c->st != S_NONE && !memcmp(in, c->in, c->in_size)) {
        if (c->st == S_EVAL && core == c->h.core) { /* the cycle is whole */
            c->h.kind = GM_PIPE_CYCLE;
            c->st = S_CYCLE;
            return;
        }
        if (c->st == S_CYCLE_EVAL && core == c->pend) {
            grow(c, core);
            c->st = S_CYCLE;
            return;
        }
        if (c->st == S_TICK && in_stride(c, core)) {
            grow(c, core);
            return;
        }
    }
    flush(c); /* S_CYCLE here: an edge without an evaluation */
    hold(c, GM_PIPE_TICK, in, NULL, core);
}

void gm_pool_finish(gm_pool_t *p)
{
    for (unsigned i = 0; i < p->nchan; i++) {
        flush(p->all[i]);
        publish(p->all[i]);
    }
    if (!p->started || p->inline_run)
        return;
    atomic_store_explicit(&p->done, 1, memory_order_release);
    for (unsigned i = 0; i < p->threads; i++)
        if (p->w[i].chans)
            pthread_join(p->w[i].t, NULL);
    p->started = 0; /* finished: a second call has nothing to do */
}

void gm_pool_free(gm_pool_t *p)
{
    if (!p)
        return;
    for (unsigned i = 0; i < p->nchan; i++) {
        gm_chan_t *c = p->all[i];
        free(c->ring);
        free(c->in);
        free(c->out);
        free(c);
    }
    free(p->all);
    free(p);
}
