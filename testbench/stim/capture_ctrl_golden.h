/* capture_ctrl's golden cases, worked by hand from seed-001 §4.3-4.4, §9.4
 * and driven through the top's ports only (the stimulus `golden` runs them
 * on C and RTL; tests/unit/test_capture_ctrl.c on C). Any point with
 * NALLOC >= 4. Pages (vpn) and granules (vpn >> 4) below are in the
 * world's window at 0.
 *
 *  1. A (id 0) = pages 0x000..0x3ff, A2 (id 1) = 0x400..0x7ff; launch:
 *     M_agg = 2048. 231 free pages: G = 231 * 1024 / (2048 * 1.1) = 105
 *     pages = 420 KiB rounds down to 256 KiB (10*231*1024 = 2 365 440 <
 *     11*128*2048 but >= 11*64*2048): a fault at 0x025 migrates granules
 *     0..3 in one run, st_gcode 2.
 *  2. B (id 2) = 55 pages (220 KiB) at 0x800; launch. A fault at 0x828
 *     caps at 128 KiB: granules 0x82, 0x83, st_gcode 1.
 *  3. Eq. 4.2: one window samples 32 accesses over the 16 pages of granule
 *     0 and 8 over pages 0..3 of granule 1 (allocation 0): entries (N=32,
 *     P=16) and (N=8, P=4), Sfx = 32 + 32, F = floor((64 + 16) / 32) = 2;
 *     from no lease, lease = F: st_lease(0) = q_life(0) = 2.
 *  4. Another window samples 10 accesses to page 0x400 (allocation 1, not
 *     resident): (N=10, P=1), F = floor((160 + 8) / 16) = 10: lease 10.
 *  5. A fault at 0x400 migrates granules 0x40..0x4f (1 MiB); every page
 *     arrives with lifetime q_life(1) = 10.
 *  6. With the window closed: page 0x400 accessed 10 times (10 -> 0: the
 *     10th read sees 1, writes 0 and inserts granule 0x40 with bit 0),
 *     page 0x401 10 times (bit 1), then 0x400 again: lifetime 0, a recall;
 *     the table answers bits 0b11 and both pages are written with
 *     max(1, 10 >> 1) = 5, 0x400 first.
 *  7. C (id 3) = 4352 pages at 0x1000; faults migrate 16 granules each
 *     until NCOAL + 1 are resident. The first page of granules 0x100 +
 *     k, k = 0..NCOAL-1, is given lifetime 1 and accessed: NCOAL inserts
 *     fill the table in order (stamps 1..NCOAL, granule 0x40's entry was
 *     cleared by the recall). Page 0x1001 (granule 0x100 again) refreshes
 *     the oldest entry; granule 0x100 + NCOAL's insert then finds the
 *     table full and evicts the least recently updated entry, 0x101
 *     (TABLE_FULL).
 *  8. The capacity is set to the pages in use (nothing free). A fault at
 *     0x500 (A2) gets 64 KiB (avail 0), its run of 16 pages does not fit:
 *     one OVERSUB batch evicts exactly 4 whole granules, the table's least
 *     recently updated (0x102..0x105), then the run migrates.
 *  9. Oversubscribed now: a fault at 0x600 gets 512 KiB, granules
 *     0x60..0x67 (128 pages); 48 pages free: one batch (4 granules, 112
 *     free) is not enough, so the top asks for a second: 8 evictions in
 *     all, the table's next least recently updated entries in order (at
 *     NCOAL = 8 the table runs dry after 4, and the rest come from the
 *     global LRU as FALLBACK). */
#ifndef GM_CAPTURE_CTRL_GOLDEN_H
#define GM_CAPTURE_CTRL_GOLDEN_H

#include "capture_ctrl_world.h"

enum {
    CG_ALLOC, CG_LAUNCH, CG_CAP, CG_FAULT, CG_COMPLETE, CG_WINDOW, CG_LEASE, CG_LIFE,
    CG_RECALL, CG_CFAULTS, CG_INSERTS, CG_TOUCH, CG_EXPECT_EV, CG_CAP_FULL, CG_END
};

typedef struct ccg_op {
    int op;
    uint32_t a, b, c;   /* ALLOC id first pages; CAP pages; FAULT vpn aid; WINDOW set;
                           LEASE aid value; LIFE page value; TOUCH page aid;
                           EXPECT_EV grn reason */
    int gcode;          /* FAULT: st_gcode at ff_done */
    uint32_t rgrn, rn;  /* FAULT: its one run */
    unsigned nev;       /* FAULT: evictions it causes (counted until the next step's end) */
    const char *why;
} ccg_op_t;

static const ccg_op_t ccg_script[] = {
    {CG_ALLOC, 0, 0x000, 1024, 0, 0, 0, 0, "A: 4 MiB"},
    {CG_ALLOC, 1, 0x400, 1024, 0, 0, 0, 0, "A2: 4 MiB"},
    {CG_LAUNCH, 0, 0, 0, 0, 0, 0, 0, "M_agg = 2048 pages"},
    {CG_CAP, 231, 0, 0, 0, 0, 0, 0, "231 free pages"},
    {CG_FAULT, 0x025, 0, 0, 2, 0x000, 4, 0, "G = 420 KiB rounds to 256 KiB"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "64 pages resident"},
    {CG_ALLOC, 2, 0x800, 55, 0, 0, 0, 0, "B: 220 KiB"},
    {CG_LAUNCH, 0, 0, 0, 0, 0, 0, 0, "M_agg = 2103 pages"},
    {CG_CAP, 1u << 20, 0, 0, 0, 0, 0, 0, "4 GiB"},
    {CG_FAULT, 0x828, 2, 0, 1, 0x082, 2, 0, "M_req = 220 KiB caps at 128 KiB"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "B's granules resident"},
    {CG_WINDOW, 0, 0, 0, 0, 0, 0, 0, "a window of (N=32, P=16) and (N=8, P=4) in allocation 0"},
    {CG_LEASE, 0, 2, 0, 0, 0, 0, 0, "Eq. 4.2: F = 2, the lease from none = 2"},
    {CG_WINDOW, 1, 0, 0, 0, 0, 0, 0, "a window of (N=10, P=1) in allocation 1"},
    {CG_LEASE, 1, 10, 0, 0, 0, 0, 0, "F = 10: lease 10"},
    {CG_FAULT, 0x400, 1, 0, 4, 0x040, 16, 0, "A2's first 1 MiB"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "its pages arrive with lifetime 10"},
    {CG_LIFE, 0x4ff, 10, 0, 0, 0, 0, 0, "q_life(1) = the lease, 10"},
    {CG_RECALL, 0, 0, 0, 0, 0, 0, 0, "two pages expire, one is touched: both rewritten with 5"},
    {CG_ALLOC, 3, 0x1000, 4352, 0, 0, 0, 0, "C: 17 MiB"},
    {CG_CFAULTS, 0, 0, 0, 0, 0, 0, 0, "NCOAL + 1 granules of C migrated"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "... and resident"},
    {CG_INSERTS, 0, 0, 0, 0, 0, 0, 0, "NCOAL expiries fill the table"},
    {CG_TOUCH, 0x1001, 3, 0, 0, 0, 0, 0, "granule 0x100's entry updated again"},
    {CG_TOUCH, 0, 3, 0, 0, 0, 0, 0, "granule 0x100 + NCOAL expires: the table is full"},
    {CG_EXPECT_EV, 0x101, 1, 0, 0, 0, 0, 0, "TABLE_FULL evicts the least recently updated"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "the eviction done"},
    {CG_CAP_FULL, 0, 0, 0, 0, 0, 0, 0, "no free page"},
    {CG_FAULT, 0x500, 1, 0, 0, 0x050, 1, 4, "OVERSUB evicts exactly 4 granules, then the run"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "done"},
    {CG_FAULT, 0x600, 1, 0, 3, 0x060, 8, 8, "oversubscribed: 512 KiB, two batches"},
    {CG_COMPLETE, 0, 0, 0, 0, 0, 0, 0, "done"},
    {CG_END, 0, 0, 0, 0, 0, 0, 0, "end"},
};

enum { CCG_NOS = 272 };

typedef struct ccg {
    capture_ctrl_params_t p;
    cw_world_t w;
    unsigned step, k, nev, want_nev, nmig, nwr;
    int started, in_win, taken;
    uint32_t os_order[CCG_NOS]; /* the OVERSUB victims' order */
    unsigned nos, os_next;
} ccg_t;

static inline uint32_t ccg_seq(unsigned k) { return 0x100u + k; }

static inline int ccg_init(ccg_t *c, const void *params, gm_err_t *err)
{
    memset(c, 0, sizeof *c);
    c->p = *(const capture_ctrl_params_t *)params;
    if (c->p.NALLOC < 4)
        return gm_errf(err, "the golden cases need NALLOC >= 4");
    cw_init(&c->w, 0, 0);
    /* stamps after step 7: 0x102.., 0x100 (refreshed), 0x100 + NCOAL */
    for (unsigned k = 2; k < c->p.NCOAL; k++)
        c->os_order[c->nos++] = ccg_seq(k);
    c->os_order[c->nos++] = ccg_seq(0);
    c->os_order[c->nos++] = ccg_seq(c->p.NCOAL);
    return 0;
}

static inline int ccg_open(const ccg_t *c, uint64_t cyc) { return cyc % c->p.SAMP_S < c->p.SAMP_D; }

/* The page of the k-th access of a window set. */
static inline int ccg_window_page(unsigned set, unsigned k, uint32_t *page, unsigned *aid)
{
    if (set == 0) {
        if (k >= 40)
            return 0;
        *aid = 0;
        *page = k < 32 ? (k & 15) : 16 + ((k - 32) & 3);
        return 1;
    }
    if (k >= 10)
        return 0;
    *aid = 1;
    *page = 0x400;
    return 1;
}

/* The k-th access of the recall case. */
static inline int ccg_recall_page(unsigned k, uint32_t *page)
{
    if (k >= 21)
        return 0;
    *page = k < 10 || k == 20 ? 0x400 : 0x401;
    return 1;
}

static inline void ccg_access(ccg_t *c, capture_ctrl_in_t *in, uint32_t page, unsigned aid)
{
    in->acc_valid = 1;
    in->acc_vpn = page;
    in->acc_aid = aid;
    in->acc_res = cw_resident(&c->w, page);
}

/* Returns 1 when the script is over. */
static inline int ccg_gen(ccg_t *c, uint64_t cyc, capture_ctrl_in_t *in)
{
    const ccg_op_t *s = &ccg_script[c->step];
    cw_world_t *w = &c->w;
    if (s->op == CG_END)
        return 1;
    if (s->op == CG_CAP)
        w->cap = s->a;
    if (s->op == CG_CAP_FULL)
        w->cap = 16u * (w->nres + w->nevict + w->nflight);
    cw_drive(w, cyc, in, 1);
    in->ptw_ready = in->mig_ready = in->ev_ready = 1;
    uint32_t page;
    unsigned aid;
    c->taken = 0;
    switch (s->op) {
    case CG_ALLOC:
        in->alloc_we = 1, in->alloc_id = s->a, in->alloc_base_vpn = s->b, in->alloc_pages = s->c;
        break;
    case CG_LAUNCH:
        in->kernel_launch = 1;
        break;
    case CG_FAULT:
        if (!c->started)
            in->ff_valid = 1, in->ff_vpn = s->a, in->ff_aid = s->b;
        break;
    case CG_CFAULTS:
        if (!c->started)
            in->ff_valid = 1, in->ff_vpn = 0x1000 + 256u * c->k, in->ff_aid = 3;
        break;
    case CG_WINDOW:
        /* from the first cycle of a window */
        if (!c->in_win && cyc % c->p.SAMP_S == 0)
            c->in_win = 1;
        if (c->in_win && ccg_window_page(s->a, c->k, &page, &aid))
            ccg_access(c, in, page, aid);
        break;
    case CG_LEASE:
        in->st_lease_aid = s->a;
        if (!in->mig_done)
            in->q_aid = s->a;
        break;
    case CG_RECALL:
        if (!ccg_open(c, cyc) && ccg_recall_page(c->k, &page))
            ccg_access(c, in, page, 1);
        break;
    case CG_INSERTS:
        if (c->k < c->p.NCOAL) {
            page = ccg_seq(c->k) * 16;
            w->lt[page] = 1;
            ccg_access(c, in, page, 3);
        }
        break;
    case CG_TOUCH:
        page = s->a ? s->a : ccg_seq(c->p.NCOAL) * 16;
        if (!c->started)
            w->lt[page] = 1;
        ccg_access(c, in, page, s->b);
        break;
    default:
        break;
    }
    return 0;
}

static inline int ccg_bad(const ccg_t *c, gm_err_t *err, uint64_t cyc, const char *what)
{
    return gm_errf(err, "cycle %llu, step %u (%s): %s", (unsigned long long)cyc, c->step,
                   ccg_script[c->step].why, what);
}

static inline int ccg_observe(ccg_t *c, uint64_t cyc, const capture_ctrl_in_t *in,
                              const capture_ctrl_out_t *o, const capture_ctrl_t *m,
                              gm_err_t *err)
{
    const ccg_op_t *s = &ccg_script[c->step];
    cw_world_t *w = &c->w;
    int next = 1;
    int took = in->acc_valid && o->acc_ready;
    if (o->st_samp_active != (uint64_t)ccg_open(c, cyc))
        return ccg_bad(c, err, cyc, "the sampler's window is not open cycles 0..D-1 mod S");
    if (o->ev_valid && in->ev_ready) {
        c->nev++;
        if (o->ev_reason == 2) {
            if (c->os_next >= c->nos || o->ev_grn != c->os_order[c->os_next])
                return gm_errf(err, "cycle %llu, step %u (%s): OVERSUB eviction %u of 0x%llx, "
                                    "worked by hand: 0x%x",
                               (unsigned long long)cyc, c->step, s->why, c->os_next,
                               (unsigned long long)o->ev_grn,
                               c->os_next < c->nos ? c->os_order[c->os_next] : 0);
            c->os_next++;
        } else if (o->ev_reason == 1) {
            if (s->op != CG_EXPECT_EV || o->ev_grn != s->a)
                return ccg_bad(c, err, cyc, "an unexpected TABLE_FULL eviction");
        } else if ((s->op != CG_FAULT && s->op != CG_COMPLETE) || c->p.NCOAL > 8) {
            return ccg_bad(c, err, cyc, "an unexpected FALLBACK eviction");
        }
    }
    switch (s->op) {
    case CG_FAULT:
    case CG_CFAULTS: {
        uint32_t rgrn = s->op == CG_FAULT ? s->rgrn : 0x100 + 16 * c->k;
        uint32_t rn = s->op == CG_FAULT ? s->rn : 16;
        int gcode = s->op == CG_FAULT ? s->gcode : 4;
        c->want_nev = s->op == CG_FAULT ? s->nev : 0;
        if (in->ff_valid && !o->ff_ready)
            return ccg_bad(c, err, cyc, "the controller is busy");
        c->started = 1;
        if (o->mig_valid && in->mig_ready) {
            if (o->mig_grn != rgrn || o->mig_ngrn != rn || c->nmig)
                return gm_errf(err, "cycle %llu, step %u (%s): run (0x%llx, %llu), worked by "
                                    "hand: (0x%x, %u)",
                               (unsigned long long)cyc, c->step, s->why,
                               (unsigned long long)o->mig_grn, (unsigned long long)o->mig_ngrn,
                               rgrn, rn);
            c->nmig++;
        }
        next = (int)o->ff_done;
        if (o->ff_done && (c->nmig != 1 || o->st_gcode != (uint64_t)gcode))
            return gm_errf(err, "cycle %llu, step %u (%s): done after %u runs, gcode %llu; "
                                "worked by hand: 1 run, gcode %d",
                           (unsigned long long)cyc, c->step, s->why, c->nmig,
                           (unsigned long long)o->st_gcode, gcode);
        if (s->op == CG_CFAULTS && o->ff_done) {
            c->nmig = 0;
            c->started = 0;
            next = 16 * ++c->k >= c->p.NCOAL + 1;
        }
        break;
    }
    case CG_COMPLETE:
        /* the fault's batches run on after its run fits: count them all */
        next = w->nq == 0 && w->nev == 0 && !o->ev_valid && m->coal.fsm == TC_IDLE &&
               !m->os_busy;
        if (next && c->nev != c->want_nev)
            return gm_errf(err, "cycle %llu, step %u (%s): %u evictions for the fault, "
                                "worked by hand: %u",
                           (unsigned long long)cyc, c->step, s->why, c->nev, c->want_nev);
        break;
    case CG_WINDOW: {
        uint32_t page;
        unsigned aid;
        if (took && !ccg_open(c, cyc))
            return ccg_bad(c, err, cyc, "an access of the window taken after it closed");
        c->k += (unsigned)took;
        next = !ccg_window_page(s->a, c->k, &page, &aid);
        break;
    }
    case CG_LEASE:
        next = cyc % c->p.SAMP_S == c->p.SAMP_S - 1;
        if (next && (o->st_lease != s->b || o->q_life != s->b))
            return gm_errf(err, "cycle %llu, step %u (%s): st_lease %llu q_life %llu, worked "
                                "by hand: %u",
                           (unsigned long long)cyc, c->step, s->why,
                           (unsigned long long)o->st_lease, (unsigned long long)o->q_life, s->b);
        break;
    case CG_LIFE:
        if (w->lt[s->a] != s->b)
            return ccg_bad(c, err, cyc, "a migrated page's lifetime is not q_life");
        break;
    case CG_RECALL: {
        uint32_t page;
        if (took && ccg_open(c, cyc))
            return ccg_bad(c, err, cyc, "a recall access taken in an open window");
        c->k += (unsigned)took;
        if (m->fsm == CC_RWR) {
            uint32_t want = c->nwr == 0 ? 0x400 : 0x401;
            if (c->nwr >= 2 || !o->lt_wr_valid || o->lt_wr_vpn != want || o->lt_wr_data != 5)
                return gm_errf(err, "cycle %llu, step %u (%s): recall write %u: valid %llu "
                                    "page 0x%llx lifetime %llu, worked by hand: 0x%x, 5",
                               (unsigned long long)cyc, c->step, s->why, c->nwr,
                               (unsigned long long)o->lt_wr_valid,
                               (unsigned long long)o->lt_wr_vpn,
                               (unsigned long long)o->lt_wr_data, want);
            c->nwr++;
        }
        next = !ccg_recall_page(c->k, &page) && c->nwr == 2 && m->fsm == CC_IDLE;
        break;
    }
    case CG_INSERTS:
        c->k += (unsigned)took;
        next = c->k >= c->p.NCOAL && !took && m->fsm == CC_IDLE && !m->p1_v &&
               m->coal.fsm == TC_IDLE;
        if (next && o->st_occ != c->p.NCOAL)
            return ccg_bad(c, err, cyc, "the table is not full after NCOAL inserts");
        break;
    case CG_TOUCH:
        c->started = 1;
        next = took;
        break;
    case CG_EXPECT_EV:
        c->want_nev = 1;
        next = o->ev_valid && in->ev_ready;
        break;
    default:
        break;
    }
    if (cw_observe(w, cyc, in, o, m, err))
        return gm_errf(err, "step %u (%s): %s", c->step, s->why, err->msg);
    if (next) {
        c->step++;
        c->k = c->nmig = c->nwr = 0;
        c->started = c->in_win = 0;
        if (ccg_script[c->step].op != CG_COMPLETE)
            c->nev = c->want_nev = 0;
    }
    return 0;
}

static inline int ccg_finish(const ccg_t *c, uint64_t cycles, gm_err_t *err)
{
    unsigned n = (unsigned)(sizeof ccg_script / sizeof ccg_script[0]) - 1;
    if (c->step < n)
        return gm_errf(err, "the run ended after %llu cycles, at step %u of %u (%s)",
                       (unsigned long long)cycles, c->step, n, ccg_script[c->step].why);
    return 0;
}

#endif
