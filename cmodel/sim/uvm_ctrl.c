#include "uvm_ctrl.h"

#include <stdlib.h>
#include <string.h>

#include "blocks/capture_ctrl.h"
#include "uvm_gmmu.h"
#include "uvm_policy.h"

enum { GRN_PAGES = 16, PULSE_MAX_GRN = 16 };

int gm_uvm_ctrl_init(gm_uvm_ctrl_t *c, gm_registry_t *reg, const gm_uvm_mem_t *m,
                     uint32_t probe_cycles, gm_err_t *err)
{
    memset(c, 0, sizeof *c);
    c->probe_cycles = probe_cycles;
    c->cap_pages = m->capacity;
    c->npages = m->n;
    c->nalloc = m->nalloc;
    c->last_kid = UINT32_MAX;
    c->ffq = calloc(m->n, sizeof *c->ffq);
    /* a command with a lane item holds a page on its way: at most one
     * command a page */
    c->cmd = calloc(m->n + 1, sizeof *c->cmd);
    c->lt = calloc(m->n, sizeof *c->lt);
    if (!c->ffq || !c->cmd || !c->lt)
        return gm_errf(err, "uvm: out of memory");
    c->b = gm_blk_new(reg, &capture_ctrl_desc, NULL, "gmmu.capture_ctrl", err);
    return c->b ? 0 : -1;
}

void gm_uvm_ctrl_free(gm_uvm_ctrl_t *c)
{
    free(c->ffq);
    free(c->cmd);
    free(c->lt);
    memset(c, 0, sizeof *c);
}

void gm_uvm_ctrl_cta(gm_uvm_ctrl_t *c, uint32_t kid)
{
    if (kid == c->last_kid)
        return;
    c->last_kid = kid;
    c->launch = 1;
}

void gm_uvm_ctrl_access(gm_uvm_ctrl_t *c, uint32_t i)
{
    if (c->acc_n == GM_UVM_ACC_Q) {
        c->st.acc_dropped++;
        return;
    }
    c->accq[(c->acc_head + c->acc_n++) % GM_UVM_ACC_Q] = i;
    if (c->acc_n > c->st.acc_queue_max)
        c->st.acc_queue_max = c->acc_n;
}

/* A page is BATCH from its fault until a migration takes it, so it is in
 * the queue at most once: the queue never holds more than every page. */
void gm_uvm_ctrl_faults(gm_uvm_ctrl_t *c, const uint32_t *pages, uint32_t n)
{
    for (uint32_t k = 0; k < n; k++)
        c->ffq[(c->ff_head + c->ff_n++) % c->npages] = pages[k];
    if (c->ff_n > c->st.ff_queue_max)
        c->st.ff_queue_max = c->ff_n;
}

void gm_uvm_ctrl_item_done(gm_uvm_ctrl_t *c)
{
    uint32_t *h = &c->cmd[c->cmd_head];
    if (--*h & 0xffffff)
        return;
    c->done_grn += *h >> 24;
    c->cmd_head = (c->cmd_head + 1) % (c->npages + 1);
    c->cmd_n--;
}

/* The resident, unpinned pages of absolute granule grn (every region's)
 * onto m->pick; how many. */
static uint32_t pick_granule(gm_uvm_mem_t *m, uint64_t grn)
{
    uint32_t n0 = m->npick;
    for (uint32_t b = 0; b < GRN_PAGES; b++) {
        int64_t p = (int64_t)(grn * GRN_PAGES + b) - m->base;
        if (p >= 0 && p < (int64_t)m->n && m->alloc[p] != UINT16_MAX &&
            m->state[p] == GM_UVM_RESIDENT && !m->pin[p])
            m->pick[m->npick++] = (uint32_t)p;
    }
    return m->npick - n0;
}

int gm_uvm_ctrl_fallback(gm_uvm_ctrl_t *c, gm_uvm_mem_t *m)
{
    uint32_t p = gm_uvm_lru_page(m);
    if (p == GM_UVM_NONE)
        return 0;
    c->st.sys_fallbacks++;
    c->st.sys_fallback_pages += pick_granule(m, ((uint64_t)m->base + p) / GRN_PAGES);
    /* the block's resident count loses the granule as for its own */
    c->ev_owed++;
    return 1;
}

/* The pages of region k in absolute granules [grn, grn + n): [*lo, *hi). */
static void grn_span(const gm_uvm_mem_t *m, uint32_t k, uint64_t grn, uint64_t n, uint32_t *lo,
                     uint32_t *hi)
{
    int64_t a = (int64_t)(grn * GRN_PAGES) - m->base, b = a + (int64_t)(n * GRN_PAGES);
    if (a < (int64_t)m->first[k])
        a = m->first[k];
    if (b > (int64_t)m->end[k])
        b = m->end[k];
    *lo = (uint32_t)a;
    *hi = (uint32_t)(b > a ? b : a);
}

static int waiting(const gm_uvm_mem_t *m, uint32_t p)
{
    return m->state[p] == GM_UVM_ABSENT || m->state[p] == GM_UVM_BATCH;
}

static int present(const gm_uvm_ctrl_t *c, const gm_uvm_mem_t *m, uint64_t vpn)
{
    uint32_t lo, hi;
    grn_span(m, c->cur_region, vpn / GRN_PAGES, 1, &lo, &hi);
    for (uint32_t p = lo; p < hi; p++)
        if (waiting(m, p))
            return 0;
    return 1;
}

/* A migration command: the waiting pages of its granules in the fault's
 * region onto the lane, in transfers of contiguous pages ending at 2 MiB
 * boundaries, a demand command's after the fault's handling. */
static void migrate(gm_uvm_ctrl_t *c, gm_uvm_gmmu_t *g, uint64_t grn, uint32_t ngrn, int demand,
                    uint32_t fault_page)
{
    gm_uvm_mem_t *m = &g->m;
    uint32_t lo, hi, items = 0, pages = 0;
    grn_span(m, c->cur_region, grn, ngrn, &lo, &hi);
    m->npick = 0;
    c->st.mig_commands++;
    c->st.mig_granules += ngrn;
    if (demand && m->state[fault_page] == GM_UVM_BATCH && fault_page >= lo && fault_page < hi) {
        gm_uvm_gmmu_push(g, fault_page, 0);
        items++;
    }
    for (uint32_t p = lo; p < hi;) {
        if (!waiting(m, p)) {
            p++;
            continue;
        }
        uint32_t first = p;
        do {
            gm_uvm_mem_take(m, p++);
        } while (p < hi && waiting(m, p) && ((m->base + p) & (GM_UVM_TREE_PAGES - 1)));
        gm_uvm_gmmu_push(g, first, p - first);
        items++;
        pages += p - first;
    }
    m->npick = 0;
    c->st.mig_pages += pages;
    if (!items) {
        c->st.mig_empty++;
        c->done_grn += ngrn;
        return;
    }
    c->cmd[(c->cmd_head + c->cmd_n++) % (c->npages + 1)] = items | ngrn << 24;
}

static void evict(gm_uvm_ctrl_t *c, gm_uvm_gmmu_t *g, uint64_t grn, uint64_t now)
{
    gm_uvm_mem_t *m = &g->m;
    m->npick = 0;
    uint32_t n = pick_granule(m, grn);
    c->st.ev_commands++;
    c->st.ev_pages += n;
    if (n)
        gm_uvm_gmmu_evict_pick(g, now);
    else
        c->st.ev_empty++;
    c->ev_owed++;
}

/* The inputs of this cycle from the environment's state. */
static void drive(gm_uvm_ctrl_t *c, const gm_uvm_gmmu_t *g, capture_ctrl_in_t *in, uint64_t now)
{
    const gm_uvm_mem_t *m = &g->m;
    memset(in, 0, sizeof *in);
    in->cfg_cap_pages = c->cap_pages;
    if (c->next_alloc < m->nalloc) {
        uint32_t k = c->next_alloc;
        in->alloc_we = 1;
        in->alloc_id = k;
        in->alloc_base_vpn = (uint64_t)m->base + m->first[k];
        in->alloc_pages = m->end[k] - m->first[k];
    } else if (c->launch) {
        in->kernel_launch = 1;
    }
    /* a fault whose page an earlier command took is served already */
    while (c->ff_n && m->state[c->ffq[c->ff_head]] != GM_UVM_BATCH) {
        c->ff_head = (c->ff_head + 1) % c->npages;
        c->ff_n--;
        c->st.faults_covered++;
    }
    if (c->ready && c->ff_n) {
        uint32_t f = c->ffq[c->ff_head];
        in->ff_valid = 1;
        in->ff_vpn = (uint64_t)m->base + f;
        in->ff_aid = m->alloc[f];
    }
    in->ptw_ready = !c->probe_busy;
    if (c->probe_busy && now >= c->probe_at) {
        in->ptw_rsp_valid = 1;
        in->ptw_present = (uint64_t)present(c, m, c->probe_vpn);
    }
    in->mig_ready = 1;
    if (c->done_grn) {
        in->mig_done = 1;
        in->mig_done_ngrn = c->done_grn < PULSE_MAX_GRN ? c->done_grn : PULSE_MAX_GRN;
    }
    if (c->acc_n) {
        uint32_t i = c->accq[c->acc_head];
        in->acc_valid = 1;
        in->acc_vpn = (uint64_t)m->base + i;
        in->acc_aid = m->alloc[i];
        in->acc_res = m->state[i] == GM_UVM_RESIDENT;
    }
    in->lt_rd_data = c->rd_data;
    in->ev_ready = 1;
    in->ev_done = c->ev_owed > 0;
    if (c->lru_pend) {
        uint32_t p = gm_uvm_lru_page(m);
        in->lru_rsp_valid = 1;
        in->lru_rsp_none = p == GM_UVM_NONE;
        in->lru_rsp_grn = p == GM_UVM_NONE ? 0 : ((uint64_t)m->base + p) / GRN_PAGES;
        c->st.lru_none += p == GM_UVM_NONE;
    }
    if (c->landed_valid)
        in->q_aid = m->alloc[c->landed_first];
    in->st_lease_aid = c->lease_sel;
}

static uint32_t page_index(const gm_uvm_mem_t *m, uint64_t vpn)
{
    uint64_t p = vpn - m->base;
    return vpn < m->base || p >= m->n ? GM_UVM_NONE : (uint32_t)p;
}

void gm_uvm_ctrl_cycle(gm_uvm_ctrl_t *c, gm_uvm_gmmu_t *g, uint64_t now)
{
    gm_uvm_mem_t *m = &g->m;
    capture_ctrl_in_t *in = c->b->in;
    const capture_ctrl_out_t *out = c->b->out;
    drive(c, g, in, now);
    gm_blk_eval(c->b);

    if (c->landed_valid)
        for (uint32_t p = c->landed_first; p < c->landed_first + c->landed_n; p++)
            c->lt[p] = (uint16_t)out->q_life;
    c->landed_valid = 0;
    if (c->lease[c->lease_sel] != out->st_lease) {
        c->lease[c->lease_sel] = (uint16_t)out->st_lease;
        c->st.lease_changes++;
    }
    c->lease_sel = (c->lease_sel + 1) % c->nalloc;
    if (in->alloc_we)
        c->next_alloc++;
    else if (in->kernel_launch) {
        c->launch = 0;
        c->ready = 1;
        c->st.launches++;
    }
    if (in->ff_valid && out->ff_ready) {
        c->cur_region = (uint32_t)in->ff_aid;
        c->cur_page = c->ffq[c->ff_head];
        c->ff_head = (c->ff_head + 1) % c->npages;
        c->ff_n--;
        c->st.faults_handed++;
    }
    if (out->ff_done && out->st_gcode < 5)
        c->st.gran[out->st_gcode]++;
    if (in->ptw_rsp_valid) {
        c->probe_busy = 0;
        c->st.probes_present += in->ptw_present;
    } else if (out->ptw_valid && in->ptw_ready) {
        c->probe_busy = 1;
        c->probe_at = now + c->probe_cycles;
        c->probe_vpn = out->ptw_vpn;
        c->st.probes++;
    }
    if (out->mig_valid)
        migrate(c, g, out->mig_grn, (uint32_t)out->mig_ngrn, (int)out->mig_demand, c->cur_page);
    if (in->mig_done)
        c->done_grn -= (uint32_t)in->mig_done_ngrn;
    if (in->acc_valid && out->acc_ready) {
        c->acc_head = (c->acc_head + 1) % GM_UVM_ACC_Q;
        c->acc_n--;
        c->st.acc_events++;
    }
    /* the lifetime SRAM: the read port sees the array before this edge's
     * write */
    if (out->lt_rd_valid) {
        uint32_t p = page_index(m, out->lt_rd_vpn);
        c->rd_data = p == GM_UVM_NONE ? 0 : c->lt[p];
        c->st.lt_reads++;
    }
    if (out->lt_wr_valid) {
        uint32_t p = page_index(m, out->lt_wr_vpn);
        if (p != GM_UVM_NONE)
            c->lt[p] = (uint16_t)out->lt_wr_data;
        c->st.lt_writes++;
    }
    if (in->ev_done)
        c->ev_owed--;
    if (out->ev_valid)
        evict(c, g, out->ev_grn, now);
    if (in->lru_rsp_valid)
        c->lru_pend = 0;
    else if (out->lru_req_valid) {
        c->lru_pend = 1;
        c->st.lru_requests++;
    }
    gm_blk_tick(c->b);
}
