/* One cache pipeline for the L1D and the L2 banks (seed-000 §3.2): a load
 * probes the tags, then reserves in the order GPGPU-Sim does -- a line
 * (allocate-on-miss), two miss-queue slots, an MSHR entry or merge slot --
 * and fails (a reservation fail, retried next cycle) at the first it cannot
 * get; a hit holds the data port for the bytes it moves and returns
 * through the hit pipe (the L2, as GPGPU-Sim's, makes no access while its
 * port is busy, and a store hit or a write-back's read-out holds it too);
 * an MSHR primary reserves its victim (a dirty one is written back) and
 * leaves for the next level through the miss queue; a fill installs the line
 * (allocate-on-fill picks its victim then); a store is written through
 * (write_through, write_evict: no allocation, a hit line kept or dropped)
 * or written back (write_back: allocated without a fetch, marked dirty).
 *
 * Sectored (cfg.sector != 0): an access is one sector of a line (the
 * coalescer makes them so), the line keeps valid, pending and dirty bits
 * per sector, a sector miss fetches that sector only, and the MSHR is keyed
 * by the sector's address, as GPGPU-Sim's mshr_addr() is by its atom size
 * (gpu-cache.h), so a load of a pending sector merges into its fetch and
 * the MSHR blocks see sector addresses through their unchanged ports.
 *
 * Its parts are given to it: the set index function and the MSHR (by
 * plug-ins: plug/set_index.c, plug/mshr.c) and, instead of its own LRU
 * tags, a plug-in's tag store (plug/dts.c), which then decides each load
 * (HIT, MISS, BYPASS or a reservation fail; sectored, a SECTOR_MISS of a
 * line it holds) and holds the sectors' valid and pending bits itself.
 *
 * Hook points (hook.h):
 *   access  gm_cache_access_ev_t  a demand access the cache accepted
 *   miss    gm_line_ev_t          a primary miss left for the MSHR
 *   fill    gm_line_ev_t          a line was filled
 *   tagw    gm_tagw_ev_t          a line's tag or state was written (reserve,
 *                                 fill, invalidate, write-allocate) in a
 *                                 cache that is neither sectored nor built on
 *                                 a plug-in's tag store: set, way, line and
 *                                 whether the line is now VALID */
#ifndef GM_SIM_CACHE_H
#define GM_SIM_CACHE_H

#include <stdint.h>

#include "config.h"
#include "ctx.h"
#include "hook.h"
#include "queue.h"
#include "req.h"
#include "stats.h"
#include "tags.h"
#include "util/lineset.h"

typedef enum gm_acc_outcome {
    GM_ACC_NONE,    /* no access this cycle */
    GM_ACC_DONE,    /* accepted: a hit, a miss sent or merged, a store taken */
    GM_ACC_RF,      /* reservation fail (its kind in rf) */
    GM_ACC_STALL,   /* data port or MSHR busy: retry, not a reservation fail */
    GM_ACC_BYPASS   /* the tag store sends it around the cache */
} gm_acc_outcome_t;

/* The MSHR's port, one call a cycle (seed-001 §9.2: mshr and dlmshr share it). */
typedef struct gm_mshr_io {
    /* inputs */
    int req;            /* a missing request asks for an entry or a merge */
    uint32_t req_blk;   /* line address >> log2(line) */
    uint32_t req_info;  /* the request's id */
    int req_wr;
    int fill;           /* the line returned from below */
    uint32_t fill_blk;
    int fwd_ready;      /* the response path takes a released request */
    /* outputs */
    int busy;           /* the MSHR cannot take a request this cycle */
    int accept, primary, rf;
    int issue;          /* a primary miss leaves for the next level now */
    uint32_t issue_blk;
    int fwd;
    uint32_t fwd_info;
} gm_mshr_io_t;

typedef struct gm_mshr_port {
    void (*cycle)(void *self, gm_mshr_io_t *io);  /* inputs, evaluate, outputs, clock */
    /* A cycle without a request or a fill that puts nothing out: if this
     * one would be such a cycle, do it (cheaply) and return 1, else change
     * nothing and return 0 (never 1 with RTL attached). */
    int (*wait)(void *self);
    /* n such cycles at once (the fast-forward, gpu.c): 1 if wait() would
     * take its fast path now, then done as n of them; else 0 and nothing
     * changed. n = 0 only asks. */
    int (*skip)(void *self, uint64_t n);
    /* A filled entry's request waits to be released (the block's fwd_valid
     * at the start of the cycle). */
    int (*fwd_pending)(const void *self);
    void *self;
} gm_mshr_port_t;

typedef struct gm_index {
    uint32_t (*index)(void *self, uint32_t addr); /* the set of an address */
    void (*tick)(void *self);                     /* the end of the cache's cycle */
    void *self;
} gm_index_t;

/* A plug-in's tag store. */
/* A load's answer; GM_TS_SECTOR_MISS: a missing sector of a line the tag
 * store holds (an MSHR entry of its own, no line allocated). */
enum { GM_TS_HIT, GM_TS_MISS, GM_TS_BYPASS, GM_TS_RF, GM_TS_STALL, GM_TS_SECTOR_MISS };
enum { GM_TS_NOT_TAKEN, GM_TS_REFUSED }; /* how a decided load did not go ahead */
/* A store's answer (bits): its line is held, its sector was valid (now
 * dropped: write-evict), the line went with it. */
enum { GM_TS_ST_LINE = 1, GM_TS_ST_HIT = 2, GM_TS_ST_EVICT = 4 };
typedef struct gm_ts_load {
    uint32_t addr;          /* the line, or sectored the sector */
    int first;              /* the request's first sector of the line (always, unsectored) */
    uint32_t missq_free;    /* miss-queue slots not promised */
    int byp_ok;             /* the bypass path can take it */
    int net_ok;             /* the crossbar takes a request now */
} gm_ts_load_t;
typedef struct gm_tagstore {
    int (*load)(void *self, const gm_ts_load_t *q, int *rf); /* GM_TS_*; rf: gm_rf_kind */
    void (*undo)(void *self, int how);      /* the decided load does not go ahead */
    int (*store)(void *self, uint32_t addr);/* GM_TS_ST_* (addr as a load's) */
    void (*fill)(void *self, uint32_t addr);/* a fill this cycle (the line, or sector) */
    void (*end)(void *self);                /* the cycle's edge */
    void *self;
    uint32_t hit_extra;                     /* cycles its probe adds to a hit */
} gm_tagstore_t;

typedef struct gm_cache_params {
    const gm_cache_cfg_t *cfg;
    const char *path;         /* "sm3.l1d", "l2.bank5" */
    int data_port;            /* the L1D: its hits are paced by the data port
                                 alone (no hit-pipe slot); it counts port stalls */
    int makes_requests;       /* accesses become requests here (L1D), else they are ones */
    int index_paddr;          /* index by the partition address (an L2 bank) */
    const uint64_t *stamp;    /* the LRU clock */
    const gm_route_t *route;  /* write-backs' destination */
    gm_fifo_t *resp;          /* queue end: write acks, requests the MSHR releases */
    uint32_t hit_cap;         /* hit-pipe entries */
    int write_fetch;          /* write_back: a write miss fetches its line (l2.write_fetch) */
    int ack_dram;             /* write_fetch: a write miss's ack comes back from DRAM
                               * with its write (sm.store_acks) */
} gm_cache_params_t;

/* An access: a request (makes_requests 0), or what the cache makes one of. */
typedef struct gm_cache_acc {
    uint32_t id;              /* the request, or GM_NO_REQ */
    uint32_t line;            /* line address (the tag) */
    uint32_t addr;            /* the request's address: sectored, its sector's */
    uint32_t iaddr;           /* the address the set index takes */
    uint32_t bytes;           /* bytes read or written */
    int write, prefetch;
    uint16_t sm, warp, pc;
    uint32_t inst;            /* LSU slot */
    uint8_t stream;
    uint32_t kernel;          /* gm_req_t.kernel of the requests it makes */
    int byp_ok, net_ok;       /* for a plug-in tag store's decision */
    uint8_t first, last;      /* sectored: the first and last sector of a request */
} gm_cache_acc_t;

typedef struct gm_cache_res {
    gm_acc_outcome_t outcome;
    int rf;                   /* gm_rf_kind of a GM_ACC_RF */
    int fill_taken;
} gm_cache_res_t;

typedef struct gm_cache_access_ev {
    uint32_t line;
    uint16_t pc, warp;
    uint8_t write, hit;
    uint8_t pf_hit;           /* the first demand hit on a prefetched line */
} gm_cache_access_ev_t;

typedef struct gm_line_ev {
    uint32_t line;
    uint8_t prefetch;
} gm_line_ev_t;

typedef struct gm_tagw_ev {
    uint32_t set, way, line;
    uint8_t valid;
} gm_tagw_ev_t;

typedef struct gm_cache {
    gm_cache_params_t p;
    gm_ctx_t ctx;
    uint32_t lb;              /* log2(line) */
    uint32_t sb;              /* log2(sector); 0: not sectored */
    uint8_t grp_hits, grp_n;  /* sectored: the request so far (hits, sectors) */
    gm_tags_t tags;
    gm_tagstore_t *ts;        /* a plug-in's tag store, or NULL: the tags */
    gm_index_t index;
    gm_mshr_port_t mshr;
    gm_fifo_t missq;          /* to the next level */
    gm_fifo_t primaries;      /* accepted primaries awaiting their issue */
    uint32_t missq_reserved;  /* miss-queue slots promised to them */
    gm_delay_t hits;          /* hit data on its way out */
    uint64_t port_free;       /* the data port is free at */
    struct {
        gm_hooks_t access, miss, fill, tagw;
    } hook;
    gm_cache_stats_t st;
    gm_lineset_t filled;      /* every line filled so far: st.footprint */
    char name[32];            /* p.path, kept */
} gm_cache_t;

int gm_cache_init(gm_cache_t *c, const gm_cache_params_t *p, gm_ctx_t ctx, gm_err_t *err);
void gm_cache_free(gm_cache_t *c);
/* One cycle: the fill arriving (a request id, or GM_NO_REQ) and the access
 * (or NULL); the MSHR answers, a primary may leave, the MSHR may release a
 * request (to p.resp). */
void gm_cache_cycle(gm_cache_t *c, const gm_cache_acc_t *a, uint32_t fill, gm_cache_res_t *res);
/* The end of the cache's cycle (its set index is clocked). */
void gm_cache_end(gm_cache_t *c);
/* Hit data ready at now (a request id), or GM_NO_REQ; then pop it. */
static inline uint32_t gm_cache_hit_peek(const gm_cache_t *c, uint64_t now)
{
    return gm_delay_peek(&c->hits, now);
}
static inline uint32_t gm_cache_hit_pop(gm_cache_t *c) { return gm_delay_pop(&c->hits); }
/* The set an address maps to (evaluates the index function). */
static inline uint32_t gm_cache_set(gm_cache_t *c, uint32_t addr)
{
    return c->index.index(c->index.self, addr);
}
/* The cycles a fill holds the fill port: what it carries, the line or a
 * sector, over port_bytes (GPGPU-Sim's use_fill_port); 0 or 1 leaves the
 * port free for the next cycle's fill. */
static inline uint32_t gm_cache_fill_cycles(const gm_cache_t *c)
{
    return (c->sb ? 1u << c->sb : c->p.cfg->line) / c->p.cfg->port_bytes;
}
static inline uint32_t gm_cache_missq_free(const gm_cache_t *c)
{
    return gm_fifo_space(&c->missq) - c->missq_reserved;
}
/* 1 when the MSHR's release has first claim on the response queue this
 * cycle: a request waits to be released and the queue has room. The
 * cycle's other pushes into it (an L2 bank's hits, a write's ack) leave it
 * that place, as GPGPU-Sim's memory_sub_partition::cache_cycle sends the
 * L2's filled misses on before it takes an access. */
static inline int gm_cache_fwd_claim(const gm_cache_t *c)
{
    return !gm_fifo_full(c->p.resp) && c->mshr.fwd_pending(c->mshr.self);
}
/* Nothing in flight inside the cache (its blocks are the registry's). */
int gm_cache_idle(const gm_cache_t *c);
/* A whole cycle without an access or a fill, if nothing would move in it
 * but its MSHR's waiting (nothing to issue, no hit ready, no plug-in tag
 * store): run it as that, its end included, and return 1; else change
 * nothing and return 0. */
int gm_cache_wait(gm_cache_t *c);
/* The fast-forward (gpu.c): with no access and no fill coming, the first
 * cycle of the cache's clock at which it may do more than wait (its hit
 * pipe's head comes out); 0 when that may be the next (something to issue
 * or send on, a plug-in's tag store, an MSHR with work), UINT64_MAX when
 * never by itself. */
uint64_t gm_cache_next(const gm_cache_t *c);
/* n waiting cycles at once, as gm_cache_wait would run them (its MSHR's
 * counting, its set index clocked); only after gm_cache_next said so. */
void gm_cache_skip(gm_cache_t *c, uint64_t n);

#endif
