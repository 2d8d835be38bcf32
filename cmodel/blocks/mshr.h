/* mshr — the conventional MSHR (see mshr.ports). */
#ifndef GM_MSHR_H
#define GM_MSHR_H

#define GM_BLOCK mshr
#define GM_PORTS "mshr.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

#include "addr_cam.h"

enum { MSHR_MAX_ENT = 256, MSHR_MAX_SLOT = 64, MSHR_PIPE = 3 };
enum { MSHR_RF_NONE, MSHR_RF_ENTRY_FULL, MSHR_RF_MERGE_FULL };

typedef struct mshr {
    mshr_params_t p;
    uint8_t ent_v[MSHR_MAX_ENT], ent_f[MSHR_MAX_ENT];
    uint32_t ent_blk[MSHR_MAX_ENT];
    uint8_t ent_cnt[MSHR_MAX_ENT], ent_rd[MSHR_MAX_ENT];
    uint8_t rq[MSHR_MAX_ENT]; /* filled entries, oldest first */
    uint8_t rq_head;
    uint16_t rq_n;
    uint8_t pipe_v[MSHR_PIPE];
    uint32_t pipe_blk[MSHR_PIPE];
    /* Derived from the registers above, kept for speed only: free entries
     * as a bit map, pending (unfilled) entries in the CAM (by ent_blk), and
     * the entry and slot counts. */
    uint64_t freemap[MSHR_MAX_ENT / 64];
    gm_addr_cam_t cam;
    uint32_t nent, used;
    mshr_counters_t ctr;
    /* The slots last: the fields above stay together in the cache. */
    uint32_t slot_info[MSHR_MAX_ENT * MSHR_MAX_SLOT]; /* entry e, slot k: e*NSLOT+k */
    uint8_t slot_wr[MSHR_MAX_ENT * MSHR_MAX_SLOT];
} mshr_t;

int mshr_init(mshr_t *m, const mshr_params_t *p, gm_err_t *err);
void mshr_reset(mshr_t *m);
void mshr_eval(const mshr_t *m, const mshr_in_t *in, mshr_out_t *out);
void mshr_tick(mshr_t *m, const mshr_in_t *in);
void mshr_counters(const mshr_t *m, mshr_counters_t *c);
/* 1 when a cycle with these inputs changes nothing, counters included (no
 * request, no fill, nothing recorded or in the issue pipe): a simulator may
 * skip such cycles of an instance that has no RTL beside it. */
int mshr_quiet(const mshr_t *m, const mshr_in_t *in);
/* The model's own bookkeeping; 0 if consistent, else -1 with a message. */
int mshr_check(const mshr_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h). */
int mshr_idle(const mshr_t *m);
/* A simulator's fast path for a cycle without a request or a fill (the C
 * model's only; with RTL beside it the whole cycle runs): while nothing
 * filled waits to be released and nothing is in the issue pipe, such a
 * cycle only counts its occupied slots. Then count them and return 1;
 * else change nothing and return 0 (run the whole cycle). */
int mshr_tick_idle(mshr_t *m);
/* n such cycles at once (a simulator skipping cycles in which nothing can
 * act): 1 and each counted as mshr_tick_idle would, or 0 and nothing
 * changed; n = 0 only asks. */
int mshr_tick_idle_n(mshr_t *m, uint64_t n);
/* fwd_valid as the next evaluation will give it (a function of the state
 * alone): a filled entry's request waits to be released. A system that
 * gives the release first claim on a shared output asks before it lets
 * anything else take the output's last place. */
static inline int mshr_fwd_pending(const mshr_t *m) { return m->rq_n != 0; }

#endif
