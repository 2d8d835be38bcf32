#include "ture_coal.h"

#include <string.h>

int ture_coal_init(ture_coal_t *m, const ture_coal_params_t *p, gm_err_t *err)
{
    /* the RTL splits an entry index into bank and word by its bits */
    if (p->SCAN & (p->SCAN - 1))
        return gm_errf(err, "$.params.SCAN: %u is not a power of two", p->SCAN);
    if (p->NCOAL % p->SCAN)
        return gm_errf(err, "$.params.SCAN: %u does not divide NCOAL (%u)", p->SCAN, p->NCOAL);
    memset(m, 0, sizeof *m);
    m->p = *p;
    ture_coal_reset(m);
    return 0;
}

void ture_coal_reset(ture_coal_t *m)
{
    ture_coal_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
}

unsigned ture_coal_pass_cycles(const ture_coal_params_t *p) { return p->NCOAL / p->SCAN + 1; }

int ture_coal_find(const ture_coal_t *m, uint32_t g)
{
    for (unsigned i = 0; i < m->p.NCOAL; i++)
        if (m->v[i] && m->grn[i] == g)
            return (int)i;
    return -1;
}

void ture_coal_eval(const ture_coal_t *m, const ture_coal_in_t *in, ture_coal_out_t *out)
{
    memset(out, 0, sizeof *out);
    int idle = m->fsm == TC_IDLE;
    out->rec_ready = idle;
    out->ins_ready = idle && !in->rec_valid;
    out->os_ready = idle && !in->rec_valid && !in->ins_valid;
    out->rec_done = m->fsm == TC_DONE && m->op == TC_OP_REC;
    out->rec_hit = out->rec_done && m->hit_v;
    out->rec_bits = out->rec_hit ? m->hit_bits : 0;
    if (m->fsm == TC_EVICT) {
        out->ev_valid = 1;
        out->ev_grn = m->best_grn;
        out->ev_reason = m->op == TC_OP_OS ? TC_OVERSUB : TC_TABLE_FULL;
    } else if (m->fsm == TC_FEVICT) {
        out->ev_valid = 1;
        out->ev_grn = m->fgrn;
        out->ev_reason = TC_FALLBACK;
    }
    out->lru_req_valid = m->fsm == TC_LRU;
    out->st_occ = m->occ;
}

static void start_pass(ture_coal_t *m)
{
    m->sidx = 0;
    m->hit_v = m->free_v = m->best_v = 0;
    m->hit_idx = m->free_idx = m->best_idx = 0;
    m->hit_bits = 0;
    m->best_stamp = m->best_grn = 0;
    m->fsm = TC_SEARCH;
}

/* One chunk of the pass: the key's entry, the lowest free entry and the
 * smallest stamp (the lowest entry among equals), each kept only if no
 * earlier chunk had one (the stamp: only if strictly smaller). */
static void compare_chunk(ture_coal_t *m, unsigned chunk)
{
    for (unsigned j = 0; j < m->p.SCAN; j++) {
        unsigned e = chunk * m->p.SCAN + j;
        if (!m->v[e]) {
            if (!m->free_v)
                m->free_v = 1, m->free_idx = (uint8_t)e;
            continue;
        }
        if (!m->hit_v && m->grn[e] == m->key)
            m->hit_v = 1, m->hit_idx = (uint8_t)e, m->hit_bits = m->bits[e];
        if (!m->best_v || m->stamp[e] < m->best_stamp) {
            m->best_v = 1;
            m->best_idx = (uint8_t)e;
            m->best_stamp = m->stamp[e];
            m->best_grn = m->grn[e];
        }
    }
}

static void search_step(ture_coal_t *m)
{
    if (m->sidx)
        compare_chunk(m, m->sidx - 1u);
    m->ctr.scan_cycles++;
    if (m->sidx == m->p.NCOAL / m->p.SCAN)
        m->fsm = TC_DONE;
    else
        m->sidx++;
}

static void write_entry(ture_coal_t *m, unsigned e, uint16_t old_bits)
{
    m->grn[e] = m->key;
    m->bits[e] = (uint16_t)(old_bits | 1u << m->page);
    m->stamp[e] = ++m->stamp_ctr;
}

static void done(ture_coal_t *m)
{
    m->fsm = TC_IDLE;
    if (m->op == TC_OP_REC) {
        if (m->hit_v) {
            m->v[m->hit_idx] = 0;
            m->occ--;
            m->ctr.recall_hits++;
        }
    } else if (m->op == TC_OP_INS) {
        if (m->hit_v) {
            write_entry(m, m->hit_idx, m->hit_bits);
            m->ctr.insert_hits++;
        } else if (m->free_v) {
            write_entry(m, m->free_idx, 0);
            m->v[m->free_idx] = 1;
            m->occ++;
            m->ctr.allocs++;
        } else {
            m->fsm = TC_EVICT;
        }
    } else {
        m->fsm = m->best_v ? TC_EVICT : TC_LRU;
    }
}

/* One granule of the batch is out: the next, or the end. */
static void batch_next(ture_coal_t *m, int rescan)
{
    m->left--;
    if (!m->left)
        m->fsm = TC_IDLE;
    else if (rescan)
        start_pass(m);
    else
        m->fsm = TC_LRU;
}

static void take(ture_coal_t *m, const ture_coal_in_t *in)
{
    if (in->rec_valid) {
        m->op = TC_OP_REC;
        m->key = (uint32_t)in->rec_grn;
        m->ctr.recalls++;
    } else if (in->ins_valid) {
        m->op = TC_OP_INS;
        m->key = (uint32_t)(in->ins_vpn >> 4);
        m->page = (uint8_t)(in->ins_vpn & 15);
        m->ctr.inserts++;
    } else if (in->os_valid) {
        m->op = TC_OP_OS;
        m->left = (uint8_t)m->p.BATCH;
        m->ctr.batches++;
    } else {
        return;
    }
    start_pass(m);
}

void ture_coal_tick(ture_coal_t *m, const ture_coal_in_t *in)
{
    switch (m->fsm) {
    case TC_IDLE:
        take(m, in);
        break;
    case TC_SEARCH:
        search_step(m);
        break;
    case TC_DONE:
        done(m);
        break;
    case TC_EVICT:
        if (!in->ev_ready)
            break;
        if (m->op == TC_OP_INS) {
            write_entry(m, m->best_idx, 0);
            m->ctr.evict_full++;
            m->ctr.allocs++;
            m->fsm = TC_IDLE;
        } else {
            m->v[m->best_idx] = 0;
            m->occ--;
            m->ctr.evict_oversub++;
            batch_next(m, 1);
        }
        break;
    case TC_LRU:
        if (!in->lru_rsp_valid)
            break;
        if (in->lru_rsp_none) {
            m->ctr.batches_short++;
            m->fsm = TC_IDLE;
        } else {
            m->fgrn = (uint32_t)in->lru_rsp_grn;
            m->fsm = TC_FEVICT;
        }
        break;
    default: /* TC_FEVICT */
        if (in->ev_ready) {
            m->ctr.evict_fallback++;
            batch_next(m, 0);
        }
        break;
    }
}

void ture_coal_counters(const ture_coal_t *m, ture_coal_counters_t *c) { *c = m->ctr; }

int ture_coal_idle(const ture_coal_t *m) { return m->fsm == TC_IDLE; }

#define GM_BLOCK ture_coal
#define GM_PORTS "ture_coal.ports"
#include "block_desc.h"
