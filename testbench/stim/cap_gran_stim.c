/* Stimulus for cap_gran.
 * random:  a host world around the block. Allocations (some 64 KiB
 *          unaligned, some under 64 KiB, some 4 MiB) live in a 4096-granule
 *          window at a random 36-bit offset; faults mostly hit absent pages
 *          of a valid allocation, sometimes a page outside it or an
 *          unregistered id. The world answers probes from its residency map
 *          after 1..6 cycles (a granule on its way counts as present),
 *          completes migrations after random delays (one mig_done a cycle),
 *          evicts up to 4 resident granules for each eviction request and
 *          a few on its own (one ev_done a cycle), changes the capacity in
 *          phases (so oversubscription comes and goes), launches kernels and
 *          rewrites allocations. Handshake readies are random. On the C
 *          outputs it checks: a migrated granule is absent in the world (no
 *          granule migrated twice, in one fault or across faults); every
 *          run lies in the fault's aligned 1 MiB block and in its
 *          allocation (the demand granule alone when the fault is outside
 *          it), mig_demand says whether it holds the demand granule; no
 *          granule probed twice in a fault; each fault ends with its demand
 *          granule present or on its way; an eviction request only when
 *          the free pages are fewer than the run's, and a run migrated into
 *          too little space only after one; st_resident_pages is 16 x the
 *          world's resident granules.
 * golden:  the hand-worked cases of seed-001 §4.3 / §9.4 (see the script):
 *          G = 420 KiB -> 256 KiB, an eviction request and oversubscription
 *          (512 KiB, two runs around present granules, an eviction request
 *          before each), its hysteresis, M_req = 220 KiB capped at 128 KiB,
 *          a region clipped to its allocation, faults outside any
 *          allocation. */
#include <stddef.h>
#include <string.h>

#include "blocks/cap_gran.h"
#include "stim.h"

enum { WIN = 4096, NA = CAP_MAX_ALLOC, QMAX = 256 };
/* G_PIN: present in the page table from before the test, not counted by
 * the block (the golden script's resident neighbours). */
enum { G_ABSENT, G_FLIGHT, G_RES, G_PIN };

/* ---- the host world (shared by both stimuli) */
typedef struct alloc {
    int v;
    uint64_t base;
    uint32_t pages;
} alloc_t;

typedef struct mig {
    uint32_t grn, n;
    uint64_t at;
} mig_t;

typedef struct world {
    uint64_t hi;              /* vpn bits above the window (vpn >> 16) */
    uint8_t g[WIN];           /* G_* per granule of the window */
    alloc_t a[NA];            /* the table as registered */
    unsigned nalloc;
    uint32_t nres, nflight;   /* granules resident / on their way */
    uint32_t cap;             /* cfg_cap_pages */
    mig_t q[QMAX];            /* migrations in flight */
    unsigned nq;
    uint32_t evq[QMAX];       /* granules to evict, one a cycle */
    unsigned nev;
    /* the fault in service */
    int busy;
    uint64_t fvpn;
    unsigned faid;
    int snap;                 /* its allocation taken (at GRAN) */
    alloc_t fa;
    uint8_t probed[16];
    int probe_out;            /* a probe is outstanding */
    uint64_t rsp_at;
    uint32_t probe_grn;
    int evd;                  /* eviction requested for the current run */
    int dem_present;          /* the probe said the demand granule was present */
    int auto_evict;           /* an eviction request evicts up to 4 granules */
} world_t;

/* A resident granule the host may evict: never one of the block under
 * fault (the host's policy keeps the faulting region). */
static int evictable(const world_t *w, unsigned g)
{
    if (w->g[g] != G_RES)
        return 0;
    if (w->busy && (g & ~15u) == ((uint32_t)(w->fvpn >> 4) & (WIN - 1) & ~15u))
        return 0;
    for (unsigned j = 0; j < w->nev; j++)
        if (w->evq[j] == g)
            return 0;
    return 1;
}

static int in_win(const world_t *w, uint32_t grn) { return (grn >> 12) == (uint32_t)w->hi; }
static uint32_t avail(const world_t *w)
{
    uint64_t used = 16ull * (w->nres + w->nflight);
    return w->cap > used ? (uint32_t)(w->cap - used) : 0;
}

static int fail(gm_err_t *err, uint64_t cyc, const char *what)
{
    return gm_errf(err, "cycle %llu: %s", (unsigned long long)cyc, what);
}

/* The checks on a cycle's C outputs, and the world's part of the edge. */
static int world_observe(world_t *w, const cap_gran_params_t *p, uint64_t cyc,
                         const cap_gran_in_t *in, const cap_gran_out_t *o,
                         const cap_gran_t *m, gm_err_t *err)
{
    w->cap = (uint32_t)in->cfg_cap_pages;
    if (o->st_resident_pages != 16ull * w->nres)
        return gm_errf(err, "cycle %llu: st_resident_pages %llu, the world has %u granules",
                       (unsigned long long)cyc, (unsigned long long)o->st_resident_pages,
                       w->nres);
    if (m->fsm == CAP_GRAN && !w->snap) {
        w->snap = 1;
        alloc_t none = {0, 0, 0};
        w->fa = w->faid < p->NALLOC ? w->a[w->faid] : none;
    }
    uint32_t dg = (uint32_t)(w->fvpn >> 4), blk = dg & ~15u;
    /* A response ends the outstanding probe before a new one starts. */
    if (in->ptw_rsp_valid && w->probe_out) {
        w->dem_present |= w->probe_grn == dg && in->ptw_present;
        w->probe_out = 0;
    }
    if (o->ptw_valid && in->ptw_ready) {
        uint32_t g = (uint32_t)(o->ptw_vpn >> 4);
        if (!w->busy || (o->ptw_vpn & 15) || (g & ~15u) != blk)
            return fail(err, cyc, "a probe outside the fault's aligned 1 MiB block");
        if (w->probed[g & 15]++)
            return fail(err, cyc, "a granule probed twice in one fault");
        w->probe_out = 1;
        w->probe_grn = g;
        w->rsp_at = cyc + 1;
    }
    if (o->evreq_valid || o->mig_valid) {
        uint32_t g = (uint32_t)o->mig_grn, n = (uint32_t)o->mig_ngrn;
        int fin = w->fa.v && w->fa.pages && dg >= (w->fa.base >> 4) &&
                  dg <= ((w->fa.base + w->fa.pages - 1) >> 4);
        if (!w->busy || n < 1 || n > 16 || (g & ~15u) != blk || ((g + n - 1) & ~15u) != blk)
            return fail(err, cyc, "a run outside the fault's aligned 1 MiB block");
        if (fin && (g < (w->fa.base >> 4) || g + n - 1 > ((w->fa.base + w->fa.pages - 1) >> 4)))
            return fail(err, cyc, "a run outside the fault's allocation");
        if (!fin && (g != dg || n != 1))
            return fail(err, cyc, "a fault outside its allocation migrates more than its granule");
        if (o->mig_demand != (dg >= g && dg < g + n))
            return fail(err, cyc, "mig_demand wrong");
        for (uint32_t i = 0; i < n; i++)
            if (!in_win(w, g + i) || w->g[(g + i) & (WIN - 1)] != G_ABSENT)
                return fail(err, cyc, "a granule migrated that is present or on its way");
        if (o->evreq_valid && avail(w) >= 16 * n)
            return fail(err, cyc, "an eviction request with room for the run");
        if (o->mig_valid && avail(w) < 16 * n && !w->evd)
            return fail(err, cyc, "a run migrated into too little room without an eviction request");
        if (o->evreq_valid && !o->st_oversub && m->oversub)
            return fail(err, cyc, "oversub state and output differ");
    }
    if (o->evreq_valid && in->evreq_ready) {
        w->evd = 1;
        /* Make room: up to 4 resident granules, lowest first. */
        for (unsigned i = 0, k = 0; w->auto_evict && i < WIN && k < 4 && w->nev < QMAX; i++)
            if (evictable(w, i)) {
                w->evq[w->nev++] = i;
                k++;
            }
    }
    if (o->mig_valid && in->mig_ready) {
        if (w->nq == QMAX)
            return fail(err, cyc, "the world's migration queue overflowed");
        for (uint32_t i = 0; i < o->mig_ngrn; i++)
            w->g[(o->mig_grn + i) & (WIN - 1)] = G_FLIGHT;
        w->nflight += (uint32_t)o->mig_ngrn;
        w->q[w->nq++] = (mig_t){(uint32_t)o->mig_grn, (uint32_t)o->mig_ngrn, 0};
        w->evd = 0;
    }
    if (o->ff_done) {
        if (!w->busy || (w->g[dg & (WIN - 1)] == G_ABSENT && !w->dem_present))
            return fail(err, cyc, "a fault ended with its demand granule absent");
        w->busy = 0;
    }
    if (in->ff_valid && o->ff_ready) {
        w->busy = 1;
        w->snap = 0;
        w->fvpn = in->ff_vpn;
        w->faid = (unsigned)in->ff_aid;
        w->evd = 0;
        w->dem_present = 0;
        memset(w->probed, 0, sizeof w->probed);
    }
    /* The edge: completions, evictions, the table. */
    if (in->mig_done) {
        mig_t *q = &w->q[0];
        for (uint32_t i = 0; i < q->n; i++)
            w->g[(q->grn + i) & (WIN - 1)] = G_RES;
        w->nres += q->n;
        w->nflight -= q->n;
        memmove(w->q, w->q + 1, --w->nq * sizeof w->q[0]);
    }
    if (in->ev_done) {
        w->g[w->evq[0]] = G_ABSENT;
        w->nres--;
        memmove(w->evq, w->evq + 1, --w->nev * sizeof w->evq[0]);
    }
    if (in->alloc_id < p->NALLOC) {
        alloc_t *a = &w->a[in->alloc_id];
        if (in->alloc_we)
            *a = (alloc_t){1, in->alloc_base_vpn, (uint32_t)in->alloc_pages};
        else if (in->alloc_free)
            a->v = 0;
    }
    return 0;
}

/* The world's answers for cycle `cyc`: probe responses, completions and
 * evictions. Readies and new requests are the caller's. */
static void world_drive(world_t *w, uint64_t cyc, cap_gran_in_t *in, int done_ok)
{
    in->cfg_cap_pages = w->cap;
    if (w->probe_out && cyc >= w->rsp_at) {
        in->ptw_rsp_valid = 1;
        in->ptw_present = w->g[w->probe_grn & (WIN - 1)] != G_ABSENT;
    }
    if (w->nq && done_ok && cyc >= w->q[0].at) {
        in->mig_done = 1;
        in->mig_done_ngrn = w->q[0].n;
    }
    if (w->nev && done_ok) {
        in->ev_done = 1;
    }
}

/* ---- random */
enum {
    COV_G0, COV_G1, COV_G2, COV_G3, COV_G4, COV_CLIP, COV_OUTSIDE, COV_EVREQ,
    COV_OS_ON, COV_OS_OFF, COV_MULTI, COV_RUN16, COV_DEM_PRESENT, COV_SPURIOUS,
    COV_N
};
static const char *const cov_names[COV_N] = {
    "fault at 64 KiB", "fault at 128 KiB", "fault at 256 KiB", "fault at 512 KiB",
    "fault at 1 MiB", "region clipped", "one granule at T > 64 KiB",
    "eviction request", "oversubscription entered", "oversubscription left",
    "fault with several runs", "run of 16 granules", "demand granule present",
    "probe response ignored"};

typedef struct cap_rand {
    uint64_t hits[COV_N];
    gm_rng_t r;
    cap_gran_params_t p;
    world_t w;
    uint64_t phase_end;
    uint32_t p_fault, p_ready, p_done, p_alloc;
    unsigned runs;
    int ready, os;
} cap_rand_t;

static void new_alloc(cap_rand_t *c, cap_gran_in_t *in)
{
    static const uint32_t sizes[] = {8, 16, 40, 55, 100, 256, 300, 512, 1024, 2048};
    in->alloc_we = 1;
    in->alloc_id = gm_rng_below(&c->r, c->p.NALLOC + (c->p.NALLOC < 16));
    uint32_t pages = sizes[gm_rng_below(&c->r, 10)];
    if (gm_rng_chance(&c->r, 1, 8))
        pages = 1 + (uint32_t)gm_rng_below(&c->r, 4096);
    uint32_t off = (uint32_t)gm_rng_below(&c->r, 65536 - pages);
    if (gm_rng_chance(&c->r, 1, 2))
        off &= ~255u;
    in->alloc_base_vpn = (c->w.hi << 16) | off;
    in->alloc_pages = pages;
}

static int rand_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cap_rand_t *c = vctx;
    (void)err;
    c->p = *(const cap_gran_params_t *)params;
    gm_rng_seed(&c->r, seed);
    c->w.hi = gm_rng_bits(&c->r, 20);
    c->w.cap = 4096;
    c->w.auto_evict = 1;
    return 0;
}

static void new_phase(cap_rand_t *c, uint64_t cyc)
{
    static const uint32_t caps[] = {0, 40, 200, 600, 1500, 4096, 20000, 1u << 27};
    c->phase_end = cyc + 500 + gm_rng_below(&c->r, 20000);
    c->w.cap = caps[gm_rng_below(&c->r, 8)];
    c->p_fault = gm_rng_chance(&c->r, 1, 4) ? 1024 : 8 + (uint32_t)gm_rng_below(&c->r, 200);
    c->p_ready = gm_rng_chance(&c->r, 1, 3) ? 1024 : 200 + (uint32_t)gm_rng_below(&c->r, 800);
    c->p_done = gm_rng_chance(&c->r, 1, 4) ? 1024 : 20 + (uint32_t)gm_rng_below(&c->r, 300);
    c->p_alloc = (uint32_t)gm_rng_below(&c->r, 8);
}

static uint64_t fault_vpn(cap_rand_t *c, unsigned *aid)
{
    world_t *w = &c->w;
    *aid = (unsigned)gm_rng_below(&c->r, 16);
    const alloc_t *a = *aid < c->p.NALLOC ? &w->a[*aid] : NULL;
    if (!a || !a->v || !a->pages || gm_rng_chance(&c->r, 1, 20))
        return (w->hi << 16) | gm_rng_below(&c->r, 65536);
    /* Mostly an absent page of the allocation, as a real far fault. */
    uint64_t vpn = a->base + gm_rng_below(&c->r, a->pages);
    for (int t = 0; t < 8 && w->g[(vpn >> 4) & (WIN - 1)] != G_ABSENT; t++)
        vpn = a->base + gm_rng_below(&c->r, a->pages);
    return vpn;
}

static int rand_gen(void *vctx, uint64_t cyc, void *vin)
{
    cap_rand_t *c = vctx;
    cap_gran_in_t *in = vin;
    world_t *w = &c->w;
    if (cyc >= c->phase_end)
        new_phase(c, cyc);
    world_drive(w, cyc, in, gm_rng_chance(&c->r, c->p_done, 1024));
    if (!in->ptw_rsp_valid && !w->probe_out && gm_rng_chance(&c->r, 1, 64))
        in->ptw_rsp_valid = 1, in->ptw_present = gm_rng_bits(&c->r, 1);
    if (!in->ev_done && w->nres > 0 && w->nev < QMAX && gm_rng_chance(&c->r, 1, 400)) {
        /* an eviction of the host's own (another policy, a free) */
        unsigned start = (unsigned)gm_rng_below(&c->r, WIN);
        for (unsigned i = 0; i < WIN; i++) {
            unsigned g = (start + i) & (WIN - 1);
            if (evictable(w, g)) {
                w->evq[w->nev++] = g;
                break;
            }
        }
    }
    if (cyc < 40 || gm_rng_chance(&c->r, c->p_alloc, 4096))
        new_alloc(c, in);
    else if (gm_rng_chance(&c->r, 1, 8192))
        in->alloc_free = 1, in->alloc_id = gm_rng_below(&c->r, 16);
    in->kernel_launch = cyc == 40 || gm_rng_chance(&c->r, 1, 3000);
    if (gm_rng_chance(&c->r, c->p_fault, 1024)) {
        unsigned aid;
        in->ff_valid = 1;
        in->ff_vpn = fault_vpn(c, &aid);
        in->ff_aid = aid;
    }
    in->ptw_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    in->mig_ready = gm_rng_chance(&c->r, c->p_ready, 1024) && w->nq < QMAX;
    in->evreq_ready = gm_rng_chance(&c->r, c->p_ready, 1024);
    return 0;
}

static int rand_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    cap_rand_t *c = vctx;
    const cap_gran_in_t *in = vin;
    const cap_gran_out_t *o = vout;
    const cap_gran_t *m = c_state;
    world_t *w = &c->w;
    if (m->fsm == CAP_GRAN)
        c->runs = 0;
    if (m->fsm == CAP_PREQ && m->pidx == 0) {
        c->hits[COV_G0 + m->gcode]++;
        c->hits[COV_CLIP] += m->rn < (1u << m->gcode) && m->rn > 1;
        c->hits[COV_OUTSIDE] += m->rn == 1 && m->gcode > 0;
    }
    if (m->fsm == CAP_PWAIT && m->pidx == 0 && in->ptw_rsp_valid && in->ptw_present)
        c->hits[COV_DEM_PRESENT]++;
    if (m->fsm != CAP_PWAIT && in->ptw_rsp_valid)
        c->hits[COV_SPURIOUS]++;
    c->hits[COV_EVREQ] += o->evreq_valid && in->evreq_ready;
    if (o->mig_valid && in->mig_ready) {
        c->runs++;
        c->hits[COV_MULTI] += c->runs == 2;
        c->hits[COV_RUN16] += o->mig_ngrn == 16;
    }
    c->hits[COV_OS_ON] += o->st_oversub && !c->os;
    c->hits[COV_OS_OFF] += !o->st_oversub && c->os;
    c->os = (int)o->st_oversub;
    int rc = world_observe(w, &c->p, cyc, in, o, m, err);
    if (in->ptw_ready && o->ptw_valid)
        w->rsp_at = cyc + 1 + gm_rng_below(&c->r, 6);
    return rc;
}

static int rand_coverage(void *vctx, const void *c_state, FILE *out)
{
    const cap_rand_t *c = vctx;
    (void)c_state;
    return gm_stim_cov_print(out, cov_names, c->hits, COV_N, 30, 0);
}

static const gm_stim_t cap_random = {
    "cap_gran", "random", "a host world: faults, probes, migrations, evictions, capacity phases",
    sizeof(cap_rand_t), rand_init, rand_gen, rand_observe, NULL, rand_coverage, NULL};

/* ---- golden: a script; each fault's runs, eviction requests,
 * granularity and oversubscription flag worked by hand. Pages are 4 KiB,
 * granules 64 KiB; every address sits in the window at 0. */
enum { OP_ALLOC, OP_FREE, OP_LAUNCH, OP_CAP, OP_PIN, OP_COMPLETE, OP_EVICT, OP_FAULT, OP_OS };

typedef struct xrun {
    uint32_t grn, n;
    int demand, ev; /* an eviction request comes first */
} xrun_t;

typedef struct gop {
    int op;
    uint64_t a, b, c;       /* ALLOC id base pages; CAP pages; PIN grn; FAULT vpn aid */
    int gcode, oversub;     /* FAULT: expected at ff_done; OS: expected flag */
    xrun_t runs[4];
    unsigned nruns;
    uint64_t probes[3];     /* FAULT: the first probes' vpns (0: unchecked) */
    const char *why;
} gop_t;

/* Allocations: A (id 0) and A2 (id 1) 4 MiB = 1024 pages at 0x1000 and
 * 0x2000, so M_agg = 2048. */
static const gop_t script[] = {
    {OP_ALLOC, 0, 0x1000, 1024, 0, 0, {{0}}, 0, {0}, "A: 4 MiB"},
    {OP_ALLOC, 1, 0x2000, 1024, 0, 0, {{0}}, 0, {0}, "A2: 4 MiB"},
    {OP_LAUNCH, 0, 0, 0, 0, 0, {{0}}, 0, {0}, "M_agg = 2048 pages"},
    {OP_CAP, 231, 0, 0, 0, 0, {{0}}, 0, {0}, "231 free pages"},
    /* G = 231 * 1024 / (2048 * 1.1) = 105 pages = 420 KiB: 10*231*1024 =
     * 2 365 440 < 11*128*2048 = 2 883 584 but >= 11*64*2048 = 1 441 792, so
     * T = 64 pages = 256 KiB: pages 0..63 of A, granules 0x100..0x103. */
    {OP_FAULT, 0x1025, 0, 0, 2, 0, {{0x100, 4, 1, 0}}, 1, {0x1020, 0x1000, 0x1010},
     "G = 420 KiB rounds to 256 KiB; demand granule 0x102 probed first"},
    {OP_COMPLETE, 0, 0, 0, 0, 0, {{0}}, 0, {0}, "64 pages resident"},
    {OP_CAP, 74, 0, 0, 0, 0, {{0}}, 0, {0}, "10 pages free"},
    /* 10*10*1024 < 11*32*2048: T = 16 pages; the run needs 16 > 10. */
    {OP_FAULT, 0x112c, 0, 0, 0, 1, {{0x112, 1, 1, 1}}, 1, {0x1120},
     "64 KiB, too little room: an eviction request, then oversubscription"},
    {OP_PIN, 0x122, 0, 0, 0, 0, {{0}}, 0, {0}, "granule 0x122 present"},
    {OP_PIN, 0x123, 0, 0, 0, 0, {{0}}, 0, {0}, "granule 0x123 present"},
    /* oversub: T = 128 pages, pages 512..639 of A = granules 0x120..0x127;
     * runs {0x120, 0x121} (the demand one first) and {0x124..0x127}, each
     * behind an eviction request (0 pages free). */
    {OP_FAULT, 0x1208, 0, 0, 3, 1, {{0x120, 2, 1, 1}, {0x124, 4, 0, 1}}, 2,
     {0x1200, 0x1210, 0x1220}, "oversubscribed: 512 KiB, contiguous absent granules coalesced"},
    {OP_OS, 0, 0, 0, 0, 1, {{0}}, 0, {0}, "still oversubscribed"},
    {OP_CAP, 1000, 0, 0, 0, 0, {{0}}, 0, {0}, "824 pages free"},
    {OP_OS, 0, 0, 0, 0, 0, {{0}}, 0, {0}, "1 MiB free ends oversubscription"},
    {OP_ALLOC, 2, 0x4000, 55, 0, 0, {{0}}, 0, {0}, "B: 220 KiB"},
    {OP_ALLOC, 3, 0x5060, 300, 0, 0, {{0}}, 0, {0}, "C: 300 pages from granule 0x506"},
    {OP_LAUNCH, 0, 0, 0, 0, 0, {{0}}, 0, {0}, "M_agg = 2403 pages"},
    {OP_CAP, 262143, 0, 0, 0, 0, {{0}}, 0, {0}, "1 GiB"},
    {OP_PIN, 0x403, 0, 0, 0, 0, {{0}}, 0, {0}, "granule 0x403 present"},
    /* B caps at 32 pages (128 KiB): granules 0x402, 0x403; 0x403 present. */
    {OP_FAULT, 0x4028, 2, 0, 1, 0, {{0x402, 1, 1, 0}}, 1, {0x4020, 0x4030},
     "M_req = 220 KiB caps at 128 KiB"},
    /* C: 1 MiB = granules 0x500..0x50f, clipped to 0x506..0x50f. */
    {OP_FAULT, 0x5075, 3, 0, 4, 0, {{0x506, 10, 1, 0}}, 1, {0x5070, 0x5060, 0x5080},
     "1 MiB clipped to the allocation"},
    {OP_FAULT, 0x1500, 0, 0, 4, 0, {{0x150, 1, 1, 0}}, 1, {0x1500},
     "a fault outside its allocation: its granule alone"},
    {OP_FAULT, 0x7123, 9, 0, 0, 0, {{0x712, 1, 1, 0}}, 1, {0x7120},
     "an unregistered allocation: 64 KiB"},
    {OP_FREE, 3, 0, 0, 0, 0, {{0}}, 0, {0}, "C freed"},
    {OP_FAULT, 0x5175, 3, 0, 0, 0, {{0x517, 1, 1, 0}}, 1, {0x5170},
     "a freed allocation: its granule alone"},
};
enum { NSCRIPT = sizeof script / sizeof script[0] };

typedef struct cap_gold {
    cap_gran_params_t p;
    world_t w;
    unsigned step, nmig, nprobe;
    int started, launched;
} cap_gold_t;

static int gold_init(void *vctx, const void *params, uint64_t seed, gm_err_t *err)
{
    cap_gold_t *c = vctx;
    (void)seed;
    c->p = *(const cap_gran_params_t *)params;
    if (c->p.NALLOC < 4)
        return gm_errf(err, "the golden script needs NALLOC >= 4");
    c->w.cap = 0;
    return 0;
}

static int gold_gen(void *vctx, uint64_t cyc, void *vin)
{
    cap_gold_t *c = vctx;
    cap_gran_in_t *in = vin;
    world_t *w = &c->w;
    if (c->step >= NSCRIPT)
        return GM_STIM_END;
    const gop_t *s = &script[c->step];
    int done_ok = s->op == OP_COMPLETE || s->op == OP_EVICT;
    if (s->op == OP_CAP)
        w->cap = (uint32_t)s->a;
    world_drive(w, cyc, in, done_ok);
    in->ptw_ready = in->mig_ready = in->evreq_ready = 1;
    switch (s->op) {
    case OP_ALLOC:
        in->alloc_we = 1, in->alloc_id = s->a, in->alloc_base_vpn = s->b, in->alloc_pages = s->c;
        break;
    case OP_FREE:
        in->alloc_free = 1, in->alloc_id = s->a;
        break;
    case OP_LAUNCH:
        in->kernel_launch = 1;
        break;
    case OP_FAULT:
        if (!c->started)
            in->ff_valid = 1, in->ff_vpn = s->a, in->ff_aid = s->b;
        break;
    default:
        break;
    }
    return GM_STIM_CYCLE;
}

static int gold_observe(void *vctx, uint64_t cyc, const void *vin, const void *vout,
                        const void *c_state, gm_err_t *err)
{
    cap_gold_t *c = vctx;
    const cap_gran_in_t *in = vin;
    const cap_gran_out_t *o = vout;
    world_t *w = &c->w;
    const gop_t *s = &script[c->step];
    int next = 1;
    if (s->op == OP_FAULT) {
        if (in->ff_valid && !o->ff_ready)
            return gm_errf(err, "step %u (%s): the block is busy", c->step, s->why);
        c->started = 1;
        if (o->ptw_valid && c->nprobe < 3 && s->probes[c->nprobe] &&
            o->ptw_vpn != s->probes[c->nprobe++])
            return gm_errf(err, "step %u (%s): probe %u of page 0x%llx, expected 0x%llx",
                           c->step, s->why, c->nprobe - 1, (unsigned long long)o->ptw_vpn,
                           (unsigned long long)s->probes[c->nprobe - 1]);
        if (o->evreq_valid || o->mig_valid) {
            const xrun_t *x = c->nmig < s->nruns ? &s->runs[c->nmig] : NULL;
            if (!x || o->mig_grn != x->grn || o->mig_ngrn != x->n ||
                o->mig_demand != (uint64_t)x->demand || (o->evreq_valid && !x->ev))
                return gm_errf(err,
                               "step %u (%s): run %u is (0x%llx, %llu, demand %llu, evreq %llu)",
                               c->step, s->why, c->nmig, (unsigned long long)o->mig_grn,
                               (unsigned long long)o->mig_ngrn,
                               (unsigned long long)o->mig_demand,
                               (unsigned long long)o->evreq_valid);
            if (o->mig_valid && x->ev && !w->evd)
                return gm_errf(err, "step %u (%s): run %u without its eviction request",
                               c->step, s->why, c->nmig);
            c->nmig += o->mig_valid;
        }
        next = (int)o->ff_done;
        if (o->ff_done && (c->nmig != s->nruns || o->st_gcode != (uint64_t)s->gcode ||
                           o->st_oversub != (uint64_t)s->oversub))
            return gm_errf(err, "step %u (%s): done after %u runs, gcode %llu, oversub %llu; "
                           "expected %u runs, gcode %d, oversub %d",
                           c->step, s->why, c->nmig, (unsigned long long)o->st_gcode,
                           (unsigned long long)o->st_oversub, s->nruns, s->gcode, s->oversub);
    } else if (s->op == OP_OS) {
        if (o->st_oversub != (uint64_t)s->oversub)
            return gm_errf(err, "step %u (%s): st_oversub %llu", c->step, s->why,
                           (unsigned long long)o->st_oversub);
    } else if (s->op == OP_PIN) {
        w->g[s->a & (WIN - 1)] = G_PIN;
    } else if (s->op == OP_COMPLETE) {
        next = w->nq <= (unsigned)in->mig_done;
    } else if (s->op == OP_EVICT) {
        next = w->nev <= (unsigned)in->ev_done;
    }
    if (world_observe(w, &c->p, cyc, in, o, c_state, err))
        return gm_errf(err, "step %u (%s): %s", c->step, s->why, err->msg);
    if (next) {
        c->step++;
        c->started = 0;
        c->nmig = c->nprobe = 0;
    }
    return 0;
}

static int gold_finish(void *vctx, uint64_t cycles, gm_err_t *err)
{
    const cap_gold_t *c = vctx;
    if (c->step < NSCRIPT)
        return gm_errf(err, "the run ended after %llu cycles, at step %u of %u",
                       (unsigned long long)cycles, c->step, (unsigned)NSCRIPT);
    return 0;
}

static const gm_stim_t cap_golden = {
    "cap_gran", "golden", "hand-worked granularities, regions and runs of seed-001 §4.3, §9.4",
    sizeof(cap_gold_t), gold_init, gold_gen, gold_observe, gold_finish, NULL, NULL};

const gm_stim_t *const cap_gran_stims[] = {&cap_random, &cap_golden, NULL};
