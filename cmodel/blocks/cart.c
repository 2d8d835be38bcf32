/* cart — the Cache Access Reordering Tree (seed-001 §2.4-2.5, §9.1). Fill
 * and drain both read the start-of-cycle state and commit at the edge. */
#include "cart.h"

#include <string.h>

typedef struct fill {
    int ok;
    unsigned b, q;  /* branch, queue within it */
    int open;       /* the queue opens (allocated or preloaded while free) */
    int claim;      /* its group is claimed for the row */
    int merge;      /* the queue already held the tag */
} fill_t;

typedef struct drain {
    int valid;
    unsigned b, q, why;
} drain_t;

static unsigned nq(const cart_t *m) { return m->p.NR * m->p.NC; }
static unsigned grp(const cart_t *m, unsigned b, unsigned q) { return b * m->p.NR + q / m->p.NC; }
static unsigned qrow(const cart_t *m, unsigned b, unsigned q) { return m->g_row[grp(m, b, q)]; }

int cart_init(cart_t *m, const cart_params_t *p, gm_err_t *err)
{
    (void)err;
    memset(m, 0, sizeof *m);
    m->p = *p;
    cart_reset(m);
    return 0;
}

void cart_reset(cart_t *m)
{
    cart_params_t p = m->p;
    memset(m, 0, sizeof *m);
    m->p = p;
    m->rr = (uint8_t)(p.NB - 1); /* the first search starts at bank 0 */
}

static fill_t fill_decide(const cart_t *m, const cart_in_t *in)
{
    fill_t f;
    memset(&f, 0, sizeof f);
    const unsigned NQ = nq(m), NC = m->p.NC;
    f.b = (unsigned)in->in_bank;
    if ((!in->in_valid && !in->pl_valid) || f.b >= m->p.NB)
        return f;
    const unsigned base = f.b * NQ;
    if (in->pl_valid) {
        f.q = (unsigned)in->pl_qid;
        if (f.q >= NQ || m->q_cnt[base + f.q] >= m->p.DEPTH)
            return f;
        f.ok = 1;
        f.open = !m->q_valid[base + f.q];
        f.claim = !m->g_valid[grp(m, f.b, f.q)];
        return f;
    }
    /* The group that owns the row (a row owns at most one). */
    int own = -1;
    for (unsigned g = 0; g < m->p.NR && own < 0; g++)
        if (m->g_valid[f.b * m->p.NR + g] && m->g_row[f.b * m->p.NR + g] == in->in_row)
            own = (int)g;
    if (own >= 0) {
        unsigned q0 = (unsigned)own * NC;
        int y = -1, n = 0;
        for (unsigned k = 0; k < NC; k++)
            if (m->q_valid[base + q0 + k] && m->q_col[base + q0 + k] == in->in_col) {
                y = (int)k;
                n++;
            }
        if (n > 1) /* both queues of the group hold the tag: the younger */
            y = m->g_young[f.b * m->p.NR + (unsigned)own];
        if (y >= 0 && m->q_cnt[base + q0 + (unsigned)y] < m->p.DEPTH) {
            f.ok = f.merge = 1;
            f.q = q0 + (unsigned)y;
            return f;
        }
        for (unsigned k = 0; k < NC; k++)
            if (!m->q_valid[base + q0 + k]) {
                f.ok = f.open = 1;
                f.q = q0 + k;
                return f;
            }
        return f;
    }
    for (unsigned g = 0; g < m->p.NR; g++)
        if (!m->g_valid[f.b * m->p.NR + g]) {
            f.ok = f.open = f.claim = 1;
            f.q = g * NC;
            return f;
        }
    return f;
}

/* A queue may drain unless an older queue of its group holds the same tag
 * (so requests to one line leave in the order they came, §9.1): with two
 * queues of one tag, the younger waits. */
static int eligible(const cart_t *m, unsigned b, unsigned q)
{
    unsigned i = b * nq(m) + q;
    if (!m->q_valid[i] || m->p.NC < 2)
        return m->q_valid[i];
    unsigned o = b * nq(m) + (q ^ 1u);
    return !(m->q_valid[o] && m->q_col[o] == m->q_col[i] &&
             m->g_young[grp(m, b, q)] == q % 2);
}

/* The longest queue of branch b (of row `row` if row >= 0); ties to the
 * lower queue. -1 if none. */
static int longest(const cart_t *m, unsigned b, long row)
{
    int best = -1;
    for (unsigned q = 0; q < nq(m); q++) {
        unsigned i = b * nq(m) + q;
        if (!eligible(m, b, q) || (row >= 0 && qrow(m, b, q) != (unsigned)row))
            continue;
        if (best < 0 || m->q_cnt[i] > m->q_cnt[b * nq(m) + (unsigned)best])
            best = (int)q;
    }
    return best;
}

static drain_t drain_pick(const cart_t *m)
{
    drain_t d;
    memset(&d, 0, sizeof d);
    if (!m->occ)
        return d;
    const unsigned NB = m->p.NB;
    if (m->p.MODE == 1) {
        unsigned best = 0, bl = 0;
        for (unsigned i = 0; i < NB * nq(m); i++)
            if (eligible(m, i / nq(m), i % nq(m)) && m->q_cnt[i] > bl) {
                bl = m->q_cnt[i];
                best = i;
            }
        d.valid = 1;
        d.b = best / nq(m);
        d.q = best % nq(m);
        d.why = CART_LONGEST;
        return d;
    }
    unsigned b = m->rr;
    for (unsigned k = 1; k <= NB; k++) {
        b = (m->rr + k) % NB;
        if (m->bank_n[b])
            break;
    }
    d.valid = 1;
    d.b = b;
    unsigned hq = m->h_q[b], hi = b * nq(m) + hq;
    int q;
    if (m->h_valid[b] && hq < nq(m) && eligible(m, b, hq) && qrow(m, b, hq) == m->h_row[b] &&
        m->q_col[hi] == m->h_col[b]) {
        d.q = hq;
        d.why = CART_SAME_QUEUE;
    } else if (m->h_valid[b] && (q = longest(m, b, m->h_row[b])) >= 0) {
        d.q = (unsigned)q;
        d.why = CART_SAME_ROW;
    } else {
        d.q = (unsigned)longest(m, b, -1);
        d.why = CART_LONGEST;
    }
    return d;
}

void cart_eval(const cart_t *m, const cart_in_t *in, cart_out_t *out)
{
    memset(out, 0, sizeof *out);
    fill_t f = fill_decide(m, in);
    out->in_ready = (uint64_t)f.ok;
    out->st_fill_stall = in->in_valid && !f.ok;
    out->st_occupancy = m->occ;
    drain_t d = drain_pick(m);
    if (d.valid && !in->pl_valid) {
        unsigned i = d.b * nq(m) + d.q;
        out->out_valid = 1;
        out->out_bank = d.b;
        out->out_row = qrow(m, d.b, d.q);
        out->out_col = m->q_col[i];
        out->out_payload = m->q_data[i * m->p.DEPTH + m->q_rd[i]];
        out->out_case = d.why;
        out->out_qid = d.q;
    }
}

void cart_tick(cart_t *m, const cart_in_t *in)
{
    const unsigned NQ = nq(m), D = m->p.DEPTH;
    fill_t f = fill_decide(m, in);
    drain_t d = drain_pick(m);
    int offer = d.valid && !in->pl_valid;
    int pop = offer && in->out_ready;
    unsigned pi = d.b * NQ + d.q, fi = f.b * NQ + f.q;
    unsigned fpos = (m->q_rd[fi] + m->q_cnt[fi]) % D; /* start-of-cycle */

    m->ctr.occ_cycles += m->occ;
    if (in->in_valid && !f.ok)
        m->ctr.fill_stalls++;
    if (offer) {
        m->rr = (uint8_t)d.b;
        if (!pop)
            m->ctr.rejects++;
    }
    if (pop) {
        m->h_valid[d.b] = 1;
        m->h_q[d.b] = (uint8_t)d.q;
        m->h_row[d.b] = (uint16_t)qrow(m, d.b, d.q);
        m->h_col[d.b] = m->q_col[pi];
        m->q_rd[pi] = (uint8_t)((m->q_rd[pi] + 1) % D);
        m->q_cnt[pi]--;
        m->bank_n[d.b]--;
        m->occ--;
        if (d.why == CART_SAME_QUEUE)
            m->ctr.drain_same_queue++;
        else if (d.why == CART_SAME_ROW)
            m->ctr.drain_same_row++;
        else
            m->ctr.drain_longest++;
    }
    if (f.ok) {
        unsigned g = grp(m, f.b, f.q);
        m->q_data[fi * D + fpos] = (uint32_t)in->in_payload;
        m->q_cnt[fi]++;
        m->q_valid[fi] = 1;
        m->bank_n[f.b]++;
        m->occ++;
        if (f.open) {
            m->q_col[fi] = (uint8_t)in->in_col;
            m->g_young[g] = (uint8_t)(f.q % m->p.NC);
        }
        if (f.claim || in->pl_valid) {
            m->g_valid[g] = 1;
            m->g_row[g] = (uint16_t)in->in_row;
        }
        m->ctr.fills++;
        if (f.merge)
            m->ctr.merges++;
    }
    if (pop && !m->q_cnt[pi]) {
        /* Emptied (and not refilled in the same cycle): the queue frees,
         * and its group with it when no queue of the group is left. */
        unsigned g = grp(m, d.b, d.q), q0 = (d.q / m->p.NC) * m->p.NC, any = 0;
        m->q_valid[pi] = 0;
        for (unsigned k = 0; k < m->p.NC; k++)
            any |= m->q_valid[d.b * NQ + q0 + k];
        m->g_valid[g] = (uint8_t)any;
    }
}

void cart_counters(const cart_t *m, cart_counters_t *c) { *c = m->ctr; }

int cart_quiet(const cart_t *m, const cart_in_t *in)
{
    return !m->occ && !in->in_valid && !in->pl_valid;
}

int cart_check(const cart_t *m, gm_err_t *err)
{
    const unsigned NQ = nq(m);
    unsigned occ = 0;
    for (unsigned b = 0; b < m->p.NB; b++) {
        unsigned n = 0;
        for (unsigned q = 0; q < NQ; q++) {
            unsigned i = b * NQ + q;
            if (m->q_cnt[i] > m->p.DEPTH || m->q_valid[i] != (m->q_cnt[i] > 0))
                return gm_errf(err, "cart: branch %u queue %u: count %u, valid %u", b, q,
                               m->q_cnt[i], m->q_valid[i]);
            if (m->q_valid[i] && !m->g_valid[grp(m, b, q)])
                return gm_errf(err, "cart: branch %u queue %u is valid in a free group", b, q);
            n += m->q_cnt[i];
        }
        for (unsigned g = 0; g < m->p.NR; g++) {
            unsigned gi = b * m->p.NR + g, any = 0;
            for (unsigned k = 0; k < m->p.NC; k++)
                any |= m->q_valid[b * NQ + g * m->p.NC + k];
            if (m->g_valid[gi] != any)
                return gm_errf(err, "cart: branch %u group %u valid %u with %s queues", b, g,
                               m->g_valid[gi], any ? "live" : "no");
            for (unsigned h = g + 1; h < m->p.NR && m->g_valid[gi]; h++)
                if (m->g_valid[b * m->p.NR + h] && m->g_row[b * m->p.NR + h] == m->g_row[gi])
                    return gm_errf(err, "cart: branch %u: row %u owns groups %u and %u", b,
                                   m->g_row[gi], g, h);
        }
        if (n != m->bank_n[b])
            return gm_errf(err, "cart: branch %u holds %u, its count says %u", b, n,
                           m->bank_n[b]);
        occ += n;
    }
    if (occ != m->occ)
        return gm_errf(err, "cart: %u buffered, occupancy says %u", occ, m->occ);
    return 0;
}

int cart_idle(const cart_t *m)
{
    return cart_quiet(m, &(const cart_in_t){0});
}

#define GM_BLOCK cart
#define GM_PORTS "cart.ports"
#include "block_desc.h"
