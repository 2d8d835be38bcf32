/* Unified memory (seed-001 §4.1-4.2): the workload's device arrays are
 * cudaMallocManaged regions whose 4 KiB pages start on the host. Each SM's
 * LSU asks its TLB (the `xlat` hook) before an access leaves on either
 * path:
 *   - a TLB hit goes at once ([I] the lookup overlaps the L1D probe; UVM
 *     Smart's fully associative TLB answers in one core cycle);
 *   - a miss holds the LSU's head while the GMMU walks the page table,
 *     `ptw_cycles` (UVM Smart's walker is multi-threaded: walks of all SMs
 *     overlap); a resident page fills the TLB (LRU within its set) and the
 *     access goes;
 *   - a page not resident is a far fault: the SM waits, its page pinned,
 *     until the host has migrated it (sim/uvm_gmmu.h: the batch, the
 *     prefetcher, the 45 us, the PCIe lanes, eviction with TLB shootdown),
 *     then replays: its TLB is filled and the access goes.
 * An address outside every region is not managed and always goes. Device
 * memory holds `capacity_mib`, or with `oversub_pct` the footprint (the
 * regions' pages) x 100 / pct pages. The stats get a "uvm" object.
 * With `ctrl` "block" (scheme CAPTURE only) CAP and TURE are the
 * capture_ctrl block's decisions (sim/uvm_ctrl.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/gpu.h"
#include "sim/plugin.h"
#include "blocks/capture_ctrl.h"
#include "sim/uvm_gmmu.h"

static const char *const pf_names[] = {"NP", "RP", "SP", "TP", "CAP", NULL};
static const char *const ev_names[] = {"RE", "SE", "NE", "TE", "TURE", NULL};
enum { SCH_NONE, SCH_RPRE, SCH_SPSE, SCH_TPTE, SCH_TPNE, SCH_CAPTURE };
static const char *const scheme_names[] = {"none", "RPRE", "SPSE", "TPTE", "TPNE", "CAPTURE", NULL};
static const char *const pcie_names[] = {"gen3x16", "gen4x16", "gen5x16", NULL};
static const uint32_t pcie_gbs[] = {16, 32, 64};
enum { CTRL_MODEL, CTRL_BLOCK };
enum { CTRL_NALLOC = 16 }; /* capture_ctrl's allocation entries (NALLOC, 4-bit ids) */
static const char *const ctrl_names[] = {"model", "block", NULL};
static const char *const acc_full_names[] = {"stall", "drop", NULL};

typedef struct uvm_cfg {
    int enable;
    uint32_t page, capacity_mib, oversub_pct, fault_us, ptw_cycles, tlb_entries, tlb_assoc;
    int pcie, prefetch, evict, scheme, prefetch_before_launch;
    uint32_t seed, sp_kib;
    int np_when_full;
    int ctrl;
    uint32_t probe_cycles;
    int acc_full;
} uvm_cfg_t;
_Static_assert(sizeof(uvm_cfg_t) <= GM_PLUG_CFG_BYTES, "uvm section too large");

#define S uvm_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "unified memory: TLBs, GMMU, far faults over PCIe"),
    GM_FIELD_UINT_U(S, page, 4096, 4096, 4096, "bytes", "page size (4 KiB only: Table 4.1)"),
    GM_FIELD_UINT_U(S, capacity_mib, 1024, 1, 1048576, "MiB",
        "device memory for managed pages (without oversub_pct)"),
    GM_FIELD_UINT(S, oversub_pct, 0, 0, 1000,
        "footprint as % of device memory (110, 120, 140: capacity = footprint x 100 / pct "
        "pages); 0: capacity_mib"),
    GM_FIELD_UINT_U(S, fault_us, 45, 0, 1000, "us", "host fault handling per far fault"),
    GM_FIELD_UINT_U(S, ptw_cycles, 100, 1, 100000, "core cycles", "page-table walk"),
    GM_FIELD_UINT(S, tlb_entries, 64, 1, 4096, "TLB entries per SM"),
    GM_FIELD_UINT(S, tlb_assoc, 0, 0, 4096, "TLB ways (0: fully associative)"),
    GM_FIELD_ENUM(S, pcie, 0, pcie_names, "the link: gen3x16 (16 GB/s a direction), gen4x16, gen5x16"),
    GM_FIELD_ENUM(S, prefetch, 0, pf_names, "prefetcher: NP, RP, SP, TP, CAP"),
    GM_FIELD_ENUM(S, evict, 1, ev_names, "eviction: RE, SE, NE, TE, TURE"),
    GM_FIELD_ENUM(S, scheme, SCH_NONE, scheme_names,
        "a combined scheme (sets prefetch and evict): none, RPRE, SPSE, TPTE, TPNE, CAPTURE"),
    GM_FIELD_BOOL(S, prefetch_before_launch, 0,
        "cudaMemPrefetchAsync of every region before the first launch (timed apart)"),
    GM_FIELD_UINT(S, seed, 1, 1, 0xffffffffu, "RP's and RE's random seed"),
    GM_FIELD_UINT_U(S, sp_kib, 64, 64, 2048, "KiB",
        "SP's aligned block (a power of two; Fig 4.12's fixed prefetch sizes)"),
    GM_FIELD_BOOL(S, np_when_full, 0,
        "prefetch nothing once device memory has been full (§4.5's eviction-only test)"),
    GM_FIELD_ENUM(S, ctrl, CTRL_MODEL, ctrl_names,
        "CAPTURE's decisions: model (the C policies) or block (the capture_ctrl block, "
        "gmmu.capture_ctrl; scheme CAPTURE only)"),
    GM_FIELD_UINT_U(S, probe_cycles, 1, 1, 100000, "core cycles",
        "ctrl block: a residency probe's answer (the fault's own walk is ptw_cycles)"),
    GM_FIELD_ENUM(S, acc_full, 0, acc_full_names,
        "ctrl block: an access that finds the block's event queue full waits at the LSU "
        "(stall) or goes without its event (drop, counted)"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

enum { X_IDLE, X_WALK, X_FAULT };

typedef struct uvm uvm_t;

typedef struct uvm_sm {
    uvm_t *u;
    uint32_t *tlb;            /* page index per entry, GM_UVM_NONE: empty */
    uint64_t *used;           /* its last use (LRU) */
    int st;                   /* X_*: the head access's translation */
    uint32_t page;
    uint64_t ready;           /* the walk's end */
} uvm_sm_t;

struct uvm {
    uvm_cfg_t c;
    uint32_t nsm, sets, ways;
    const uint64_t *now;
    gm_uvm_gmmu_t g;
    uvm_sm_t *sm;
    gm_uvm_ctrl_t ctrl;            /* ctrl block */
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const uvm_cfg_t *)cfg)->enable;
}

static void resolve(const uvm_cfg_t *u, int *pf, int *ev)
{
    static const int spf[] = {0, GM_UVM_RP, GM_UVM_SP, GM_UVM_TP, GM_UVM_TP, GM_UVM_CAP};
    static const int sev[] = {0, GM_UVM_RE, GM_UVM_SE, GM_UVM_TE, GM_UVM_NE, GM_UVM_TURE};
    *pf = u->scheme ? spf[u->scheme] : u->prefetch;
    *ev = u->scheme ? sev[u->scheme] : u->evict;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const uvm_cfg_t *u = cfg;
    if (!u->enable)
        return 0;
    /* A run with no instruction issued for GM_WATCHDOG_CYCLES stops as
     * stalled; one fault with every SM waiting must stay well inside. */
    uint64_t fc = (uint64_t)u->fault_us * c->clock.core_mhz;
    if (fc > GM_WATCHDOG_CYCLES / 2)
        return gm_errf(err, "%s: $.uvm.fault_us: %u us is %llu core cycles at %u MHz; at most %d",
                       file, u->fault_us, (unsigned long long)fc, c->clock.core_mhz,
                       GM_WATCHDOG_CYCLES / 2);
    if (u->sp_kib & (u->sp_kib - 1))
        return gm_errf(err, "%s: $.uvm.sp_kib: %u is not a power of two", file, u->sp_kib);
    if (u->ctrl == CTRL_BLOCK) {
        int pf, ev;
        resolve(u, &pf, &ev);
        if (pf != GM_UVM_CAP || ev != GM_UVM_TURE)
            return gm_errf(err, "%s: $.uvm.ctrl: block drives CAPTURE (prefetch CAP, evict TURE; "
                                "scheme CAPTURE), not prefetch %s with evict %s",
                           file, pf_names[pf], ev_names[ev]);
        if (u->prefetch_before_launch)
            return gm_errf(err, "%s: $.uvm.prefetch_before_launch: not with $.uvm.ctrl block "
                                "(the block learns residency from its own migrations)",
                           file);
        if (u->np_when_full)
            return gm_errf(err, "%s: $.uvm.np_when_full: not with $.uvm.ctrl block (CAP "
                                "prefetches in its 512 KiB mode when memory is full)",
                           file);
    }
    uint32_t ways = u->tlb_assoc ? u->tlb_assoc : u->tlb_entries;
    if (ways > u->tlb_entries || u->tlb_entries % ways)
        return gm_errf(err, "%s: $.uvm.tlb_assoc: %u ways do not divide %u entries "
                            "($.uvm.tlb_entries)",
                       file, u->tlb_assoc, u->tlb_entries);
    return 0;
}

static void shootdown(void *ctx, uint32_t page)
{
    uvm_t *u = ctx;
    uint32_t set = page % u->sets;
    for (uint32_t i = 0; i < u->nsm; i++) {
        uint32_t *t = &u->sm[i].tlb[set * u->ways];
        for (uint32_t w = 0; w < u->ways; w++)
            if (t[w] == page) {
                t[w] = GM_UVM_NONE;
                u->g.st.shootdowns++;
            }
    }
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const uvm_cfg_t *c = cfg;
    uvm_t *u = calloc(1, sizeof *u);
    *self = u;
    if (!u)
        return gm_errf(err, "uvm: out of memory");
    u->c = *c;
    u->nsm = env->cfg->sm.count;
    u->now = env->ctx->now;
    u->ways = c->tlb_assoc ? c->tlb_assoc : c->tlb_entries;
    u->sets = c->tlb_entries / u->ways;
    unsigned na = gm_workload_allocs(env->wl);
    gm_alloc_t *a = calloc(na ? na : 1, sizeof *a);
    if (!a)
        return gm_errf(err, "uvm: out of memory");
    for (unsigned k = 0; k < na; k++)
        a[k] = *gm_workload_alloc(env->wl, k);
    gm_err_t e2;
    int rc = gm_uvm_mem_init(&u->g.m, a, na, c->seed, &e2);
    free(a);
    if (rc)
        return gm_errf(err, "$.uvm.enable: workload %s: %s", gm_workload_spec(env->wl), e2.msg);
    gm_uvm_mem_t *m = &u->g.m;
    if (c->oversub_pct)
        m->capacity = (uint32_t)((uint64_t)m->managed * 100 / c->oversub_pct);
    else
        m->capacity = (uint32_t)((uint64_t)c->capacity_mib << 20 >> GM_UVM_PAGE_SHIFT);
    if (m->capacity == 0) {
        gm_uvm_mem_free(m);
        return gm_errf(err, "$.uvm.oversub_pct: %u%% of a footprint of %u pages leaves no page "
                            "of device memory",
                       c->oversub_pct, m->managed);
    }
    int pf, ev;
    resolve(c, &pf, &ev);
    uint64_t fault_cycles = (uint64_t)c->fault_us * env->cfg->clock.core_mhz;
    if (gm_uvm_gmmu_init(&u->g, (unsigned)pf, (unsigned)ev, fault_cycles, pcie_gbs[c->pcie],
                         env->cfg->clock.core_mhz, err))
        return -1;
    u->g.shootdown = shootdown;
    u->g.np_when_full = c->np_when_full;
    for (m->sp_shift = 0; (4u << m->sp_shift) < c->sp_kib; m->sp_shift++)
        ;
    u->g.sd_ctx = u;
    if (c->ctrl == CTRL_BLOCK) {
        /* the block's state replaces the model's TURE; its 4-bit
         * allocation ids name at most 16 regions */
        if (m->nalloc > CTRL_NALLOC)
            return gm_errf(err, "$.uvm.ctrl: block: workload %s has %u device arrays; the "
                                "capture_ctrl block registers at most %u",
                           gm_workload_spec(env->wl), m->nalloc, CTRL_NALLOC);
        gm_uvm_ture_free(&u->g.ture);
        m->ture = NULL;
        if (gm_uvm_ctrl_init(&u->ctrl, env->ctx->reg, m, c->probe_cycles, err))
            return -1;
        u->g.ctrl = &u->ctrl;
    }
    if (c->prefetch_before_launch)
        gm_uvm_gmmu_prelaunch(&u->g);
    u->sm = calloc(u->nsm, sizeof *u->sm);
    if (!u->sm)
        return gm_errf(err, "uvm: out of memory");
    for (uint32_t i = 0; i < u->nsm; i++) {
        uvm_sm_t *s = &u->sm[i];
        s->u = u;
        s->tlb = malloc(c->tlb_entries * sizeof *s->tlb);
        s->used = calloc(c->tlb_entries, sizeof *s->used);
        if (!s->tlb || !s->used)
            return gm_errf(err, "uvm: out of memory");
        memset(s->tlb, 0xff, c->tlb_entries * sizeof *s->tlb);
    }
    return 0;
}

static int tlb_hit(uvm_sm_t *s, uint32_t page, uint64_t now)
{
    uvm_t *u = s->u;
    uint32_t base = page % u->sets * u->ways;
    for (uint32_t w = 0; w < u->ways; w++)
        if (s->tlb[base + w] == page) {
            s->used[base + w] = now + 1; /* 0 is never used */
            return 1;
        }
    return 0;
}

/* An empty way first, else the least recently used; the lowest on a tie. */
static void tlb_fill(uvm_sm_t *s, uint32_t page, uint64_t now)
{
    uvm_t *u = s->u;
    uint32_t base = page % u->sets * u->ways, v = base;
    for (uint32_t w = 0; w < u->ways; w++) {
        uint32_t e = base + w;
        if (s->tlb[e] == GM_UVM_NONE) {
            v = e;
            break;
        }
        if (s->used[e] < s->used[v])
            v = e;
    }
    s->tlb[v] = page;
    s->used[v] = now + 1;
}

/* The block takes one access event a cycle from a bounded queue: when it
 * is full the access waits at the LSU and asks again next cycle. */
static int acc_full(uvm_t *u)
{
    if (!u->g.ctrl || u->c.acc_full || gm_uvm_ctrl_acc_room(u->g.ctrl))
        return 0;
    u->ctrl.st.acc_stall_cycles++;
    return 1;
}

static void go(uvm_sm_t *s, uint32_t i, uint64_t now)
{
    tlb_fill(s, i, now);
    s->st = X_IDLE;
    gm_uvm_gmmu_access(&s->u->g, i, now);
}

static void xlat(void *self, void *vev)
{
    uvm_sm_t *s = self;
    uvm_t *u = s->u;
    gm_xlat_ev_t *ev = vev;
    gm_uvm_mem_t *m = &u->g.m;
    uint32_t i = gm_uvm_mem_index(m, ev->addr);
    if (i == GM_UVM_NONE)
        return;
    uint64_t now = *u->now;
    if (s->st != X_IDLE && s->page != i) {
        /* The in-order LSU asks about its head until it goes, so this is
         * only a new head after a go; forget the old request. */
        if (s->st == X_FAULT)
            m->pin[s->page]--;
        s->st = X_IDLE;
    }
    switch (s->st) {
    case X_IDLE:
        if (tlb_hit(s, i, now)) {
            if (acc_full(u)) {
                ev->go = 0;
                return;
            }
            u->g.st.tlb_hits++;
            gm_uvm_gmmu_access(&u->g, i, now);
            return;
        }
        u->g.st.tlb_misses++;
        u->g.st.walks++;
        s->st = X_WALK;
        s->page = i;
        s->ready = now + u->c.ptw_cycles;
        ev->go = 0;
        return;
    case X_WALK:
        if (now < s->ready) {
            ev->go = 0;
            return;
        }
        if (m->state[i] == GM_UVM_RESIDENT) {
            if (acc_full(u))
                ev->go = 0;
            else
                go(s, i, now);
            return;
        }
        gm_uvm_gmmu_fault(&u->g, i);
        m->pin[i]++;
        s->st = X_FAULT;
        ev->go = 0;
        return;
    default:
        if (m->state[i] != GM_UVM_RESIDENT || acc_full(u)) {
            ev->go = 0;
            return;
        }
        m->pin[i]--;
        go(s, i, now);
        return;
    }
}

static void cta(void *self, void *vev)
{
    gm_uvm_ctrl_cta(self, ((const gm_cta_ev_t *)vev)->kid);
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    uvm_t *u = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    char path[48];
    snprintf(path, sizeof path, "%s.uvm", site->name);
    if (u->g.ctrl && gm_hooks_add(&site->sm->hook.cta, cta, u->g.ctrl, path, err))
        return -1;
    return gm_hooks_add(&site->lsu->hook.xlat, xlat, &u->sm[site->id], path, err);
}

static void end(void *self)
{
    uvm_t *u = self;
    gm_uvm_gmmu_cycle(&u->g, *u->now);
}

/* The fast-forward's question: a walk's end, a migration's landing, or a
 * decision or start due now. An LSU held by a fault asks again only to
 * hear no until its page lands, which the GMMU's `ready` covers. */
static uint64_t next_event(void *self, uint64_t now)
{
    const uvm_t *u = self;
    const gm_uvm_gmmu_t *g = &u->g;
    /* the block's state moves every cycle (its sampling window's timer)
     * and it has no way to skip n cycles: block mode sees every edge */
    if (g->nbatch || (!g->busy && g->qn) || g->ctrl)
        return now;
    uint64_t t = g->busy ? g->ready : UINT64_MAX;
    for (uint32_t i = 0; i < u->nsm; i++) {
        const uvm_sm_t *s = &u->sm[i];
        if (s->st == X_WALK && s->ready < t)
            t = s->ready;
        else if (s->st == X_FAULT && g->m.state[s->page] == GM_UVM_RESIDENT)
            return now;
    }
    return t;
}

static double ratio(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

/* Block mode: what the environment saw of the block, and the block's own
 * view of residency beside the system's (its counters are under
 * "blocks.capture_ctrl"). */
static void ctrl_stats(const uvm_t *u, cJSON *o)
{
    const gm_uvm_ctrl_stats_t *t = &u->ctrl.st;
    const capture_ctrl_out_t *out = u->ctrl.b->out;
    cJSON *c = cJSON_AddObjectToObject(o, "capture");
    if (!c)
        return;
    const struct {
        const char *name;
        uint64_t v;
    } f[] = {
        {"faults_handed", t->faults_handed}, {"faults_covered", t->faults_covered},
        {"ff_queue_max", t->ff_queue_max}, {"probes", t->probes},
        {"probes_present", t->probes_present}, {"mig_commands", t->mig_commands},
        {"mig_granules", t->mig_granules}, {"mig_pages", t->mig_pages},
        {"mig_empty", t->mig_empty}, {"ev_commands", t->ev_commands},
        {"ev_pages", t->ev_pages}, {"ev_empty", t->ev_empty},
        {"lru_requests", t->lru_requests}, {"lru_none", t->lru_none},
        {"acc_events", t->acc_events}, {"acc_full_waits", t->acc_stall_cycles},
        {"acc_dropped", t->acc_dropped},
        {"acc_queue_max", t->acc_queue_max}, {"lt_reads", t->lt_reads},
        {"lt_writes", t->lt_writes}, {"launches", t->launches},
        {"sys_fallbacks", t->sys_fallbacks}, {"sys_fallback_pages", t->sys_fallback_pages},
        {"block_resident_pages", out->st_resident_pages}, {"block_oversub", out->st_oversub},
    };
    cJSON_AddStringToObject(c, "ctrl", "block");
    for (unsigned k = 0; k < sizeof f / sizeof f[0]; k++)
        cJSON_AddNumberToObject(c, f[k].name, (double)f[k].v);
    cJSON_AddNumberToObject(c, "lease_changes", (double)t->lease_changes);
    static const char *const gran[5] = {"64K", "128K", "256K", "512K", "1M"};
    cJSON *h = cJSON_AddObjectToObject(c, "faults_by_granularity");
    uint64_t n = 0, kib = 0;
    for (unsigned b = 0; h && b < 5; b++) {
        cJSON_AddNumberToObject(h, gran[b], (double)t->gran[b]);
        n += t->gran[b];
        kib += t->gran[b] * (64u << b);
    }
    cJSON_AddNumberToObject(c, "mean_granularity_kib", n ? (double)kib / (double)n : 0.0);
    cJSON *l = cJSON_AddArrayToObject(c, "leases"); /* element k: region k's */
    for (uint32_t k = 0; l && k < u->ctrl.nalloc; k++)
        cJSON_AddItemToArray(l, cJSON_CreateNumber(u->ctrl.lease[k]));
}

static void stats(const void *self, cJSON *root)
{
    const uvm_t *u = self;
    const gm_uvm_stats_t *st = &u->g.st;
    const gm_uvm_mem_t *m = &u->g.m;
    uint64_t cycles = *u->now; /* the run is over: the cycles run */
    cJSON *o = cJSON_AddObjectToObject(root, "uvm");
    if (!o)
        return;
    cJSON_AddStringToObject(o, "prefetch", u->g.pf->name);
    cJSON_AddStringToObject(o, "evict", u->g.ev->name);
    cJSON_AddNumberToObject(o, "footprint_pages", m->managed);
    cJSON_AddNumberToObject(o, "capacity_pages", m->capacity);
    cJSON_AddNumberToObject(o, "resident_pages", m->nres);
    cJSON_AddNumberToObject(o, "resident_max", st->resident_max);
    cJSON_AddNumberToObject(o, "far_faults", (double)st->far_faults);
    cJSON_AddNumberToObject(o, "faults_merged", (double)st->faults_merged);
    cJSON_AddNumberToObject(o, "walks", (double)st->walks);
    cJSON_AddNumberToObject(o, "tlb_hits", (double)st->tlb_hits);
    cJSON_AddNumberToObject(o, "tlb_misses", (double)st->tlb_misses);
    cJSON_AddNumberToObject(o, "tlb_shootdowns", (double)st->shootdowns);
    uint64_t migrated = st->demand_pages + st->prefetched_pages;
    cJSON_AddNumberToObject(o, "pages_migrated", (double)migrated);
    cJSON_AddNumberToObject(o, "demand_pages", (double)st->demand_pages);
    cJSON_AddNumberToObject(o, "prefetched_pages", (double)st->prefetched_pages);
    cJSON_AddNumberToObject(o, "prefetched_touched", (double)st->prefetched_touched);
    cJSON_AddNumberToObject(o, "coverage",
                            ratio(st->prefetched_touched, st->prefetched_touched + st->demand_pages));
    cJSON_AddNumberToObject(o, "accuracy", ratio(st->prefetched_touched, st->prefetched_pages));
    cJSON_AddNumberToObject(o, "migrated_bytes", (double)(migrated << GM_UVM_PAGE_SHIFT));
    cJSON_AddNumberToObject(o, "evictions", (double)st->victims);
    cJSON_AddNumberToObject(o, "evicted_pages", (double)st->evicted_pages);
    cJSON_AddNumberToObject(o, "evicted_bytes", (double)(st->evicted_pages << GM_UVM_PAGE_SHIFT));
    cJSON_AddNumberToObject(o, "evict_waits", (double)st->evict_waits);
    cJSON_AddNumberToObject(o, "pcie_read_busy_cycles", (double)st->read_busy);
    cJSON_AddNumberToObject(o, "pcie_write_busy_cycles", (double)st->write_busy);
    cJSON_AddNumberToObject(o, "pcie_read_utilization", ratio(st->read_busy, cycles));
    cJSON_AddNumberToObject(o, "pcie_write_utilization", ratio(st->write_busy, cycles));
    static const char *const sizes[GM_UVM_SIZE_BUCKETS] = {
        "4K", "8K", "16K", "32K", "64K", "128K", "256K", "512K", "1M", "2M"};
    cJSON *r = cJSON_AddObjectToObject(o, "reads_by_size");
    cJSON *w = cJSON_AddObjectToObject(o, "writes_by_size");
    for (unsigned b = 0; r && w && b < GM_UVM_SIZE_BUCKETS; b++) {
        cJSON_AddNumberToObject(r, sizes[b], (double)st->reads[b]);
        cJSON_AddNumberToObject(w, sizes[b], (double)st->writes[b]);
    }
    cJSON_AddNumberToObject(o, "oversub_onset_cycle",
                            st->oversub_onset == UINT64_MAX ? -1.0 : (double)st->oversub_onset);
    cJSON_AddNumberToObject(o, "prelaunch_pages", (double)st->prelaunch_pages);
    cJSON_AddNumberToObject(o, "prelaunch_cycles", (double)st->prelaunch_cycles);
    cJSON_AddNumberToObject(o, "kernel_cycles", (double)cycles);
    if (u->g.ctrl)
        ctrl_stats(u, o);
    else if (u->g.pf == &gm_uvm_prefetchers[GM_UVM_CAP]) {
        static const char *const gran[5] = {"64K", "128K", "256K", "512K", "1M"};
        cJSON *c = cJSON_AddObjectToObject(o, "cap");
        uint64_t n = 0, kib = 0;
        for (unsigned b = 0; c && b < 5; b++) {
            n += m->cap_gran[b];
            kib += m->cap_gran[b] * (64u << b);
        }
        cJSON *h = c ? cJSON_AddObjectToObject(c, "faults_by_granularity") : NULL;
        for (unsigned b = 0; h && b < 5; b++)
            cJSON_AddNumberToObject(h, gran[b], (double)m->cap_gran[b]);
        if (c) {
            cJSON_AddNumberToObject(c, "mean_granularity_kib", ratio(kib, n));
            cJSON_AddNumberToObject(c, "oversub_entries", (double)m->cap_oversub_entries);
            cJSON_AddBoolToObject(c, "oversub", m->cap_oversub);
        }
    }
    if (m->ture) {
        const gm_uvm_ture_t *t = m->ture;
        cJSON *c = cJSON_AddObjectToObject(o, "ture");
        if (c) {
            cJSON_AddNumberToObject(c, "windows", (double)t->windows);
            cJSON_AddNumberToObject(c, "sampled", (double)t->sampled);
            cJSON_AddNumberToObject(c, "sample_ignored", (double)t->samp_ignored);
            cJSON_AddNumberToObject(c, "leases_learned", (double)t->leases);
            cJSON_AddNumberToObject(c, "mean_lease", ratio(t->lease_sum, t->leases));
            cJSON_AddNumberToObject(c, "expired", (double)t->expired);
            cJSON_AddNumberToObject(c, "recalls", (double)t->recalls);
            cJSON_AddNumberToObject(c, "table_full_evictions", (double)t->full_evictions);
            cJSON_AddNumberToObject(c, "oversub_granules", (double)t->oversub_granules);
            cJSON_AddNumberToObject(c, "fallback_granules", (double)t->fallback_granules);
            cJSON_AddNumberToObject(c, "table_occupancy", t->occ);
        }
    }
}

static void release(void *self)
{
    uvm_t *u = self;
    if (!u)
        return;
    for (uint32_t i = 0; u->sm && i < u->nsm; i++) {
        free(u->sm[i].tlb);
        free(u->sm[i].used);
    }
    free(u->sm);
    gm_uvm_ctrl_free(&u->ctrl);
    if (u->g.q || u->g.batch)
        gm_uvm_gmmu_free(&u->g);
    else
        gm_uvm_mem_free(&u->g.m);
    free(u);
}

const gm_plugin_t gm_plugin_uvm = {
    .name = "uvm",
    .doc = "unified memory: per-SM TLBs, the GMMU's walks and far faults, PCIe migration, "
           "prefetchers NP/RP/SP/TP/CAP and evictions RE/SE/NE/TE/TURE (seed-001 §4.1-4.4)",
    .section = "uvm",
    .schema = &schema,
    .cfg_size = sizeof(uvm_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .end = end,
    .next_event = next_event,
    .stats = stats,
    .free = release,
};
