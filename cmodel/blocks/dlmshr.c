#include "dlmshr.h"

#include <string.h>

const char *const dau_trans_names[DAU_NTRANS] = {
    "S0->S1 ReqH",         "S0->S6 ReqA",         "S1->S5 RET",          "S1->S2 ReqH",
    "S2->S5 RET",          "S2->S3 ReqH&link",    "S2->S4 ReqH&!link",   "S3->S5 RET",
    "S3 stays (merge)",    "S4->S5 RET",          "S4->S3 ReqH&link",    "S5->S0",
    "S6->S10 RET",         "S6->S7 ReqA",         "S7->S10 RET",         "S7->S8 ReqA&link",
    "S7->S9 ReqA&!link",   "S8->S10 RET",         "S8 stays (merge)",    "S9->S10 RET",
    "S9->S8 ReqA&link",    "S10->S0"};

unsigned dau_next(unsigned s, const dau_in_t *in, int ripple, int *t)
{
    /* In every state the release (RET) comes before a request. */
    int leave = in->ret && (!ripple || in->sfree_ext); /* linked sets wait under RIPPLE */
    *t = -1;
    switch (s) {
    case S0:
        if (in->req_h)
            return *t = T_S0_S1, S1;
        if (in->req_a)
            return *t = T_S0_S6, S6;
        return S0;
    case S1:
        if (in->ret)
            return *t = T_S1_S5, S5;
        if (in->req_h)
            return *t = T_S1_S2, S2;
        return S1;
    case S2:
        if (in->ret)
            return *t = T_S2_S5, S5;
        if (in->req_h)
            return in->link_ok ? (*t = T_S2_S3, S3) : (*t = T_S2_S4, S4);
        return S2;
    case S3:
        if (leave)
            return *t = T_S3_S5, S5;
        if (in->chain_req)
            *t = T_S3_STAY;
        return S3;
    case S4:
        if (in->ret)
            return *t = T_S4_S5, S5;
        if (in->req_h && in->link_ok)
            return *t = T_S4_S3, S3;
        return S4;
    case S5: return *t = T_S5_S0, S0;
    case S6:
        if (in->ret)
            return *t = T_S6_S10, S10;
        if (in->req_a)
            return *t = T_S6_S7, S7;
        return S6;
    case S7:
        if (in->ret)
            return *t = T_S7_S10, S10;
        if (in->req_a)
            return in->link_ok ? (*t = T_S7_S8, S8) : (*t = T_S7_S9, S9);
        return S7;
    case S8:
        if (leave)
            return *t = T_S8_S10, S10;
        if (in->chain_req)
            *t = T_S8_STAY;
        return S8;
    case S9:
        if (in->ret)
            return *t = T_S9_S10, S10;
        if (in->req_a && in->link_ok)
            return *t = T_S9_S8, S8;
        return S9;
    case S10: return *t = T_S10_S0, S0;
    default: return s; /* illegal: held, and flagged by st_err */
    }
}

static int is_head(unsigned s) { return s >= S1 && s <= S5; }
static int is_linked(unsigned s) { return s == S3 || s == S8; }
static int is_full(unsigned s) { return s == S2 || s == S3 || s == S4 || s == S7 || s == S8 || s == S9; }

/* ---- the derived lookup structures ---- */

_Static_assert((int)DL_MAX_SETS <= (int)GM_ADDR_CAM_MAX, "every set fits the CAM");

/* The unfilled head holding blk, or -1 (at most one). */
static int find(const dlmshr_t *m, uint32_t blk)
{
    return gm_addr_cam_find(&m->cam, m->blk, blk);
}

/* The lowest free set in [lo, hi), or -1. */
static int lowest_free(const dlmshr_t *m, uint32_t lo, uint32_t hi)
{
    for (uint32_t w = lo / 64; w * 64 < hi; w++) {
        uint64_t bits = m->freemap[w];
        if (w * 64 < lo)
            bits &= ~0ull << (lo % 64);
        if (bits) {
            uint32_t s = w * 64 + (uint32_t)__builtin_ctzll(bits);
            return s < hi ? (int)s : -1;
        }
    }
    return -1;
}

static void set_free_bit(dlmshr_t *m, uint32_t s, int free)
{
    if (free)
        m->freemap[s / 64] |= 1ull << (s % 64);
    else
        m->freemap[s / 64] &= ~(1ull << (s % 64));
}

int dlmshr_init(dlmshr_t *m, const dlmshr_params_t *p, gm_err_t *err)
{
    if (p->NRESV >= p->NSETS)
        return gm_errf(err, "dlmshr: NRESV=%u must leave linkable sets (NSETS=%u)", p->NRESV,
                       p->NSETS);
    memset(m, 0, sizeof *m);
    m->p = *p;
    dlmshr_reset(m);
    return 0;
}

void dlmshr_reset(dlmshr_t *m)
{
    dlmshr_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    m->nfree_resv = (uint16_t)p.NRESV;
    m->nfree_link = (uint16_t)(p.NSETS - p.NRESV);
    for (uint32_t s = 0; s < p.NSETS; s++)
        set_free_bit(m, s, 1);
}

/* ---- the DAU's decision on a request (start-of-cycle state) ---- */

typedef struct decision {
    int hit, accept, primary, link, cause;
    uint32_t h;  /* matching head */
    uint32_t t;  /* its tail, which takes the request or links */
    uint32_t s;  /* the set that takes the request */
} decision_t;

static decision_t decide(const dlmshr_t *m, uint32_t blk)
{
    decision_t d;
    memset(&d, 0, sizeof d);
    int h = find(m, blk);
    if (h < 0) {
        int s = lowest_free(m, 0, m->p.NRESV);
        if (s < 0)
            s = lowest_free(m, m->p.NRESV, m->p.NSETS);
        if (s < 0) {
            d.cause = 1; /* ENTRY_FULL */
            return d;
        }
        d.accept = d.primary = 1;
        d.s = (uint32_t)s;
        return d;
    }
    d.hit = 1;
    d.h = (uint32_t)h;
    d.t = m->tail[h];
    if (!is_full(m->fsm[d.t])) {
        d.accept = 1;
        d.s = d.t;
        return d;
    }
    int n = m->p.LINK_EN ? lowest_free(m, m->p.NRESV, m->p.NSETS) : -1;
    if (n < 0) {
        d.cause = 2; /* MERGE_FULL */
        return d;
    }
    d.accept = d.link = 1;
    d.s = (uint32_t)n;
    return d;
}

/* The release cursor: the slot released this cycle, and what follows it. */
typedef struct fwd_pos {
    int valid;
    uint32_t set, slot;
    int last_of_set, last_of_chain;
    uint32_t next_set, next_slot;
} fwd_pos_t;

static fwd_pos_t fwd_pos(const dlmshr_t *m)
{
    fwd_pos_t f;
    memset(&f, 0, sizeof f);
    if (!m->rq_n)
        return f;
    f.valid = 1;
    f.set = m->cur_busy ? m->cur_set : m->rq[m->rq_head];
    f.slot = m->cur_busy ? m->cur_slot : 0;
    if (f.slot == 0 && m->slot_v[f.set * DL_SPS + 1]) {
        f.next_set = f.set;
        f.next_slot = 1;
        return f;
    }
    f.last_of_set = 1;
    if (is_linked(m->fsm[f.set])) {
        f.next_set = m->nxt[f.set];
        f.next_slot = 0;
    } else {
        f.last_of_chain = 1;
    }
    return f;
}

void dlmshr_eval(const dlmshr_t *m, const dlmshr_in_t *in, dlmshr_out_t *out)
{
    decision_t d;
    memset(&d, 0, sizeof d);
    if (in->req_valid)
        d = decide(m, (uint32_t)in->req_blk);
    out->req_ready = 1;
    out->req_accept = (uint64_t)d.accept;
    out->req_primary = (uint64_t)d.primary;
    out->req_rf = in->req_valid && !d.accept;
    out->req_rf_cause = (uint64_t)d.cause;
    if (m->p.ACCESS_LAT == 1) {
        out->miss_issue_valid = out->req_primary;
        out->miss_issue_blk = out->req_primary ? in->req_blk : 0;
    } else {
        out->miss_issue_valid = m->pipe_v[m->p.ACCESS_LAT - 2];
        out->miss_issue_blk = m->pipe_blk[m->p.ACCESS_LAT - 2];
    }
    decision_t pd = in->req_valid && in->prb_blk == in->req_blk ? d
                                                                : decide(m, (uint32_t)in->prb_blk);
    out->prb_hit = (uint64_t)pd.hit;
    out->prb_full = !pd.accept;
    out->fill_ready = 1;
    out->fill_err = in->fill_valid && find(m, (uint32_t)in->fill_blk) < 0;
    fwd_pos_t f = fwd_pos(m);
    if (f.valid) {
        uint32_t k = f.set * DL_SPS + f.slot;
        out->fwd_valid = 1;
        out->fwd_blk = m->blk[f.set];
        out->fwd_info = m->slot_info[k];
        out->fwd_is_wr = m->slot_wr[k];
        out->fwd_last = (uint64_t)f.last_of_chain;
    } else {
        out->fwd_valid = out->fwd_blk = out->fwd_info = out->fwd_is_wr = out->fwd_last = 0;
    }
    out->st_nentries = m->nheads;
    out->st_used_slots = m->used;
    out->st_nfree_set = (uint64_t)m->nfree_resv + m->nfree_link;
    out->st_err = 0; /* dau_next only ever yields S0..S10 */
}

/* A set becomes free: its fields clear and its pool counts it again. */
static void release_set(dlmshr_t *m, uint32_t s)
{
    if (is_head(m->fsm[s]))
        m->nheads--;
    m->fsm[s] = S0;
    m->nxt[s] = m->tail[s] = m->hid[s] = 0;
    m->blk[s] = 0;
    m->filled[s] = m->ret[s] = 0;
    set_free_bit(m, s, 1);
    if (s < m->p.NRESV)
        m->nfree_resv++;
    else
        m->nfree_link++;
}

static void take_set(dlmshr_t *m, uint32_t s)
{
    set_free_bit(m, s, 0);
    if (s < m->p.NRESV)
        m->nfree_resv--;
    else
        m->nfree_link--;
}

static void record(dlmshr_t *m, uint32_t s, uint32_t slot, const dlmshr_in_t *in)
{
    uint32_t k = s * DL_SPS + slot;
    m->slot_v[k] = 1;
    m->slot_info[k] = (uint32_t)in->req_info;
    m->slot_wr[k] = (uint8_t)in->req_is_wr;
    m->used++;
}

/* On a 64-byte boundary: its loops over every set run each cycle, and their
 * speed depends on where they fall in the fetch windows (16 bytes off cost
 * 20 % on dlmshr-ch3-dl, with the same instructions). */
__attribute__((aligned(64))) void dlmshr_tick(dlmshr_t *m, const dlmshr_in_t *in)
{
    const uint32_t N = m->p.NSETS;
    const int ripple = m->p.DEALLOC_MODE == 0;
    decision_t d;
    memset(&d, 0, sizeof d);
    if (in->req_valid)
        d = decide(m, (uint32_t)in->req_blk);
    int fill_h = in->fill_valid ? find(m, (uint32_t)in->fill_blk) : -1;
    fwd_pos_t f = fwd_pos(m);
    int fwd = f.valid && in->fwd_ready;

    m->ctr.slot_cycles += m->used;
    for (unsigned k = DL_PIPE - 1; k > 0; k--) {
        m->pipe_v[k] = m->pipe_v[k - 1];
        m->pipe_blk[k] = m->pipe_blk[k - 1];
    }
    m->pipe_v[0] = (uint8_t)d.primary;
    m->pipe_blk[0] = d.primary ? (uint32_t)in->req_blk : 0;

    /* The DAU FSMs. Only sets with a request, a release under way, or a
     * merge into their chain can move; every other set stays. */
    uint8_t next[DL_MAX_SETS];
    memcpy(next, m->fsm, N);
    dau_in_t di;
    int t;
    for (uint32_t s = 0; s < N; s++) {
        unsigned st = m->fsm[s];
        if (st == S0 || !(m->ret[s] || st == S5 || st == S10))
            continue;
        memset(&di, 0, sizeof di);
        di.ret = m->ret[s];
        di.sfree_ext = is_linked(st) && m->fsm[m->nxt[s]] == S0;
        next[s] = (uint8_t)dau_next(st, &di, ripple, &t);
        if (t >= 0)
            m->trans[t]++;
    }
    if (in->req_valid && (d.accept || d.cause == 2)) {
        if (d.primary) {
            memset(&di, 0, sizeof di);
            di.req_h = 1;
            next[d.s] = (uint8_t)dau_next(S0, &di, ripple, &t);
            m->trans[t]++;
        } else {
            /* The tail takes the request, links, or starves; linked sets of
             * the chain see a merge pass them by. */
            memset(&di, 0, sizeof di);
            di.req_h = is_head(m->fsm[d.t]);
            di.req_a = !di.req_h;
            di.link_ok = (uint8_t)d.link;
            next[d.t] = (uint8_t)dau_next(m->fsm[d.t], &di, ripple, &t);
            if (t >= 0)
                m->trans[t]++;
            if (d.link) {
                memset(&di, 0, sizeof di);
                di.req_a = 1;
                next[d.s] = (uint8_t)dau_next(S0, &di, ripple, &t);
                m->trans[t]++;
            }
            memset(&di, 0, sizeof di);
            di.chain_req = 1;
            for (uint32_t s = d.h; is_linked(m->fsm[s]); s = m->nxt[s]) {
                dau_next(m->fsm[s], &di, ripple, &t);
                m->trans[t]++;
            }
        }
    }
    /* Sets that enter S0 free at this edge. */
    for (uint32_t s = 0; s < N; s++)
        if (m->fsm[s] != S0 && next[s] == S0) {
            release_set(m, s);
            next[s] = S0;
        }

    /* The request's data. */
    if (in->req_valid && d.accept) {
        if (d.primary) {
            take_set(m, d.s);
            m->blk[d.s] = (uint32_t)in->req_blk;
            m->tail[d.s] = (uint8_t)d.s;
            m->hid[d.s] = (uint8_t)d.s;
            m->nxt[d.s] = 0;
            m->filled[d.s] = m->ret[d.s] = 0;
            gm_addr_cam_add(&m->cam, m->blk, d.s);
            m->nheads++;
            record(m, d.s, 0, in);
            m->ctr.primaries++;
        } else if (d.link) {
            take_set(m, d.s);
            m->nxt[d.t] = (uint8_t)d.s;
            m->tail[d.h] = (uint8_t)d.s;
            m->blk[d.s] = (uint32_t)in->req_blk;
            m->hid[d.s] = (uint8_t)d.h;
            m->tail[d.s] = 0;
            m->filled[d.s] = m->ret[d.s] = 0;
            record(m, d.s, 0, in);
            m->ctr.links++;
            m->ctr.merges++;
        } else {
            record(m, d.t, 1, in);
            m->ctr.merges++;
        }
    } else if (in->req_valid) {
        if (d.cause == 1)
            m->ctr.rf_entry_full++;
        else
            m->ctr.rf_merge_full++;
    }

    /* The release of one slot. */
    if (fwd) {
        uint32_t h = m->rq[m->rq_head];
        m->slot_v[f.set * DL_SPS + f.slot] = 0;
        m->used--;
        m->ctr.forwards++;
        if (f.last_of_set && ripple && m->p.LINK_EN)
            m->ret[f.set] = 1;
        if (f.last_of_chain) {
            if (!m->p.LINK_EN) {
                /* The conventional table: the entry frees on this edge. */
                next[f.set] = S0;
                release_set(m, f.set);
            } else if (!ripple) {
                /* The chain's sets at the start of the cycle (a set
                 * allocated in this cycle is not one of them). */
                for (uint32_t s = 0; s < N; s++)
                    if (m->fsm[s] != S0 && m->hid[s] == h && next[s] != S0)
                        m->ret[s] = 1;
            }
            m->cur_busy = 0;
            m->rq_head = (uint8_t)((m->rq_head + 1) % N);
            m->rq_n--;
        } else {
            m->cur_busy = 1;
            m->cur_set = (uint8_t)f.next_set;
            m->cur_slot = (uint8_t)f.next_slot;
        }
    }

    /* A fill queues its chain for release. */
    if (in->fill_valid) {
        if (fill_h >= 0) {
            uint32_t sets = 1;
            for (uint32_t s = (uint32_t)fill_h; is_linked(next[s]); s = m->nxt[s])
                sets++;
            gm_addr_cam_remove(&m->cam, m->blk, (uint32_t)fill_h);
            m->filled[fill_h] = 1;
            m->rq[(m->rq_head + m->rq_n) % N] = (uint8_t)fill_h;
            m->rq_n++;
            m->ctr.fills++;
            m->ctr.chain_sets += sets;
        } else {
            m->ctr.fill_errors++;
        }
    }
    memcpy(m->fsm, next, N);
}

void dlmshr_counters(const dlmshr_t *m, dlmshr_counters_t *c) { *c = m->ctr; }

int dlmshr_quiet(const dlmshr_t *m, const dlmshr_in_t *in)
{
    if (in->req_valid || in->fill_valid || m->rq_n ||
        m->nfree_resv + m->nfree_link != m->p.NSETS)
        return 0;
    for (unsigned k = 0; k < DL_PIPE; k++)
        if (m->pipe_v[k])
            return 0;
    return 1;
}

int dlmshr_check(const dlmshr_t *m, gm_err_t *err)
{
    const dlmshr_params_t *p = &m->p;
    uint32_t fr = 0, fl = 0, heads = 0, used = 0, filled = 0;
    for (uint32_t s = 0; s < p->NSETS; s++) {
        unsigned st = m->fsm[s];
        if (st > S10)
            return gm_errf(err, "dlmshr: set %u in illegal state %u", s, st);
        if (st == S0) {
            fr += s < p->NRESV;
            fl += s >= p->NRESV;
            if (m->slot_v[s * DL_SPS] || m->slot_v[s * DL_SPS + 1])
                return gm_errf(err, "dlmshr: free set %u holds a request", s);
        }
        if (!!(m->freemap[s / 64] >> (s % 64) & 1) != (st == S0))
            return gm_errf(err, "dlmshr: the free map disagrees on set %u", s);
        if (st >= S6 && s < p->NRESV)
            return gm_errf(err, "dlmshr: reserved set %u was linked", s);
        used += m->slot_v[s * DL_SPS] + m->slot_v[s * DL_SPS + 1];
        if (is_head(st))
            heads++;
        if (is_head(st))
            filled += m->filled[s];
        if (is_head(st) && !m->filled[s]) {
            /* A pending chain (a filled one is being released, tail first):
             * found by its block, every set attached to it, ending at the
             * tail pointer. */
            if (find(m, m->blk[s]) != (int)s)
                return gm_errf(err, "dlmshr: unfilled head %u is not found by its block", s);
            uint32_t x = s, n = 1;
            while (is_linked(m->fsm[x]) && n <= p->NSETS) {
                x = m->nxt[x];
                n++;
                if (m->hid[x] != s || m->fsm[x] < S6)
                    return gm_errf(err, "dlmshr: set %u in the chain of %u is not attached to it",
                                   x, s);
            }
            if (x != m->tail[s])
                return gm_errf(err, "dlmshr: the chain of %u ends at %u, its tail pointer says %u",
                               s, x, m->tail[s]);
        }
    }
    if (fr != m->nfree_resv || fl != m->nfree_link)
        return gm_errf(err, "dlmshr: nFreeSet %u+%u, but %u+%u sets are free", m->nfree_resv,
                       m->nfree_link, fr, fl);
    if (heads != m->nheads || used != m->used)
        return gm_errf(err, "dlmshr: counts %u/%u, the sets say %u/%u", m->nheads, m->used, heads,
                       used);
    if (m->rq_n > filled)
        return gm_errf(err, "dlmshr: %u chains queued for release, %u filled", m->rq_n, filled);
    return 0;
}

int dlmshr_idle(const dlmshr_t *m)
{
    return dlmshr_quiet(m, &(const dlmshr_in_t){0});
}

int dlmshr_tick_idle(dlmshr_t *m) { return dlmshr_idle(m); }

#define GM_BLOCK dlmshr
#define GM_PORTS "dlmshr.ports"
#include "block_desc.h"
