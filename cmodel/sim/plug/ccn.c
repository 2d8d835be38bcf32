/* CCN (seed 003): a ring between the L1Ds. One ccn_node block beside every
 * SM's L1D ("sm3.ccn"), the nodes joined into a ring every core cycle:
 *   - L1D miss routing: a primary global load miss at the head of the miss
 *     queue is offered to the node; while its throttler is on and its CB
 *     has room (miss_to_ccn, from the start-of-cycle state) the plug-in
 *     takes the request, else it goes to L2 as before;
 *   - every tag write of the L1D (reserve, fill, invalidate) is mirrored
 *     into the node's shadow tags (the cache's tagw hook; one a cycle, the
 *     rest wait in order: an L1D can write two tags in a cycle, a fill and
 *     a reservation, and the node has one update port);
 *   - a remote hit's stolen L1 read stalls that SM's LSU access that cycle;
 *   - a response for the SM enters its L1D reply queue, where it fills the
 *     line like an L2 reply and wakes the MSHR's waiters; a request back home
 *     with no sharer waits in a small queue that the SM's crossbar port
 *     serves before the L1D's miss queue ([INTERP-G]: they are older);
 *   - insn_inc is the SM's committed thread instructions of the cycle.
 * The GPU's begin reads each node's registered outputs (steal, routing);
 * its end settles the ring (registered outputs, readies, moves: no
 * combinational path goes round it) and clocks every node once. The L1D
 * must index its sets by the line address's low bits (bmod), as the ring's
 * lookups do, and be neither sectored nor a plug-in's tag store.
 *
 * Two more modes serve the figures (seed-003 §14.10, [INTERP-P], [INTERP-Q])
 * and build no ring:
 *   - oracle: a primary load miss whose line is VALID in another L1D at the
 *     time of the miss (in the same group of oracle_cluster consecutive SMs,
 *     if set) is filled oracle_lat cycles later without touching the ring,
 *     the crossbar or the L2: Fig. 4 and the "ideal" bars;
 *   - observe: nothing is routed; only the reuse coefficient is measured,
 *     so a baseline run reports its μRC and is cycle for cycle the run
 *     without the section.
 * Every mode counts μRC (Table I): the share of the primary load misses
 * whose line is VALID in another L1D when the miss leaves for the ring or
 * the L2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/ccn_node.h"
#include "sim/plugin.h"

enum { MODE_RING, MODE_ORACLE, MODE_OBSERVE };
static const char *const mode_names[] = {"ring", "oracle", "observe", NULL};

typedef struct ccn_cfg {
    int enable, rt;
    uint32_t t_s, t_p, hmin_num, hmin_den, queue, link_lat, resp_beats, st_ports;
    int mode;
    uint32_t oracle_lat, oracle_cluster;
} ccn_cfg_t;
_Static_assert(sizeof(ccn_cfg_t) <= GM_PLUG_CFG_BYTES, "ccn section too large");

#define S ccn_cfg_t
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "CCN (seed 003): a cooperative-caching ring between the L1Ds"),
    GM_FIELD_BOOL(S, rt, 1, "the request throttler (CCN-RT); false: CCN-B, every miss to the ring"),
    GM_FIELD_UINT(S, t_s, 1000000, 1, 16777215,
        "the throttler's sampling window, thread instructions of the SM (Table II: 1M)"),
    GM_FIELD_UINT(S, t_p, 10000000, 1, 16777215,
        "the throttler's epoch, thread instructions of the SM (Table II: 10M)"),
    GM_FIELD_UINT(S, hmin_num, 1, 0, 255, "H_min's numerator (H_min = 1/20 = 5 %)"),
    GM_FIELD_UINT(S, hmin_den, 20, 1, 255, "H_min's denominator"),
    GM_FIELD_UINT(S, queue, 8, 2, 8, "CB, ReqQ and RespQ entries (Table II: 8)"),
    GM_FIELD_UINT(S, link_lat, 1, 1, 5, "core cycles a request hop (Fig. 9b: 1..5)"),
    GM_FIELD_UINT(S, resp_beats, 4, 1, 4,
        "link cycles a 128-byte response takes a hop: 4 (32-byte link, Table II), 2 or 1"),
    GM_FIELD_UINT(S, st_ports, 1, 1, 2, "shadow-tag ports: 1 (an update delays a lookup) or 2"),
    GM_FIELD_ENUM(S, mode, MODE_RING, mode_names,
        "ring (the CCN), oracle (a remote-valid miss filled after oracle_lat cycles, no ring, "
        "no L2: the ideal), observe (route nothing, measure the reuse coefficient)"),
    GM_FIELD_UINT(S, oracle_lat, 0, 0, 1000,
        "oracle: core cycles from the miss to the fill (Fig. 4's reuse latency; 0 = ideal)"),
    GM_FIELD_UINT(S, oracle_cluster, 0, 0, 16,
        "oracle: only a sharer among the same group of this many consecutive SMs counts "
        "(Fig. 10b: 3, 5); 0 = every SM"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

enum { UPDQ = 64, OUTS = 512, EJQ = 8 };

typedef struct ccn ccn_t;

typedef struct ccn_upd {
    uint32_t set, way, tag, v;
} ccn_upd_t;

typedef struct ccn_out {
    uint32_t la, id;
    uint64_t t;
} ccn_out_t;

typedef struct ccn_sm {
    ccn_t *g;
    uint32_t id;
    gm_blk_t *b;
    gm_sm_t *sm;
    gm_l1d_t *l1d;
    gm_cache_t *cache;
    int to_ccn, offered;
    uint32_t miss_la;
    ccn_upd_t updq[UPDQ];
    uint32_t upd_head, upd_n;
    ccn_out_t out[OUTS];           /* requests on the ring, oldest first */
    uint32_t nout;
    uint32_t ejq[EJQ], ej_n;       /* back home without a sharer, for L2 */
    uint64_t last_insts;
} ccn_sm_t;

struct ccn {
    ccn_cfg_t cfg;
    ccn_node_params_t p;
    gm_ctx_t *ctx;
    uint32_t n;
    ccn_sm_t *sm;
    uint64_t requests, hits, returns, sum_hit_lat, sum_overhead, upd_overflow, upd_late;
    uint64_t misses, reuse_misses; /* μRC's denominator and numerator */
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const ccn_cfg_t *)cfg)->enable;
}

static uint32_t log2u(uint32_t x)
{
    uint32_t b = 0;
    while ((1u << b) < x)
        b++;
    return b;
}

/* The line is VALID in an L1D other than SM me's (RESERVED is not: a
 * pending line has no data to give). cluster > 0 keeps the search to me's
 * group of cluster consecutive SMs. The L1Ds index by the line's low bits
 * (check() makes sure), so the set is computed here without evaluating
 * another cache's index block out of its turn. */
static int remote_valid(const ccn_t *g, uint32_t me, uint32_t line, uint32_t cluster)
{
    for (uint32_t j = 0; j < g->n; j++) {
        if (j == me || (cluster && j / cluster != me / cluster))
            continue;
        gm_tags_t *t = &g->sm[j].cache->tags;
        const gm_line_t *set = gm_tags_set(t, (line >> 7) & (t->sets - 1));
        for (uint32_t w = 0; w < t->ways; w++)
            if (set[w].state == GM_LINE_VALID && set[w].addr == line)
                return 1;
    }
    return 0;
}

static int check(const gm_gpu_config_t *c, const void *cfg, const char *file, gm_err_t *err)
{
    const ccn_cfg_t *k = cfg;
    const gm_cache_cfg_t *l = &c->l1d.c;
    if (!k->enable)
        return 0;
    if (c->sm.count < 2 || c->sm.count > 16)
        return gm_errf(err, "%s: $.ccn.enable: the ring joins 2 to 16 SMs ($.sm.count is %u)",
                       file, c->sm.count);
    if (l->line != 128 || l->sets > 128 || (l->sets & (l->sets - 1)) || l->ways > 8 ||
        l->sector || l->set_func != 0)
        return gm_errf(err, "%s: $.ccn.enable: the ring's lookups need an L1D of 128-byte "
                            "lines, a power-of-two number of sets up to 128 indexed by the "
                            "line address's low bits ($.l1d.c.set_func \"bmod\"), at most 8 ways "
                            "and no sectors",
                       file);
    if (k->t_s > k->t_p)
        return gm_errf(err, "%s: $.ccn.t_s: the sampling window (%u) is longer than the epoch "
                            "($.ccn.t_p, %u)",
                       file, k->t_s, k->t_p);
    return 0;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    const ccn_cfg_t *k = cfg;
    const gm_cache_cfg_t *l = &env->cfg->l1d.c;
    ccn_t *g = calloc(1, sizeof *g);
    if (g)
        g->sm = calloc(env->cfg->sm.count, sizeof *g->sm);
    *self = g;
    if (!g || !g->sm)
        return gm_errf(err, "ccn: out of memory");
    g->cfg = *k;
    g->ctx = env->ctx;
    g->n = env->cfg->sm.count;
    g->p = (ccn_node_params_t){.N = g->n, .Q_DEPTH = k->queue, .NSETS = l->sets,
                               .IDX_W = log2u(l->sets), .NWAYS = l->ways,
                               .ST_PORTS = k->st_ports, .LINK_LAT = k->link_lat,
                               .RESP_BEATS = k->resp_beats, .FLOW = 0};
    if (g->p.IDX_W == 0) /* one set: IDX_W 0 is "mod NSETS", the same here */
        g->p.NSETS = 1;
    return 0;
}

static ccn_node_in_t *nin(ccn_sm_t *s) { return s->b->in; }
static const ccn_node_out_t *nout(const ccn_sm_t *s) { return s->b->out; }

/* The inputs every cycle carries; the events are cleared. */
static void base_inputs(ccn_sm_t *s)
{
    const ccn_cfg_t *k = &s->g->cfg;
    ccn_node_in_t *in = nin(s);
    memset(in, 0, sizeof *in);
    in->my_cid = s->id;
    in->cfg_ccn_en = 1;
    in->cfg_rt_en = (uint64_t)k->rt;
    in->cfg_ts = k->t_s;
    in->cfg_tp = k->t_p;
    in->cfg_hmin_num = k->hmin_num;
    in->cfg_hmin_den = k->hmin_den;
}

/* The cycle's start: what each node offers from its registers. */
static void begin(void *self)
{
    ccn_t *g = self;
    if (g->cfg.mode != MODE_RING) {
        for (uint32_t i = 0; i < g->n; i++)
            g->sm[i].offered = 0;
        return;
    }
    for (uint32_t i = 0; i < g->n; i++) {
        ccn_sm_t *s = &g->sm[i];
        base_inputs(s);
        gm_blk_eval(s->b);
        s->to_ccn = (int)nout(s)->miss_to_ccn;
        if (s->ej_n && gm_icnt_ep_ready(&s->l1d->net)) {
            uint32_t id = s->ejq[0];
            gm_req_t *r = gm_req(g->ctx->pool, id);
            memmove(s->ejq, s->ejq + 1, --s->ej_n * sizeof s->ejq[0]);
            gm_route(s->l1d->route, r);
            gm_icnt_ep_send(&s->l1d->net, r->bank, id, 8u);
        }
        s->offered = 0;
        s->l1d->stolen = (uint8_t)nout(s)->l1_steal;
    }
}

static void route(void *self, void *vev)
{
    ccn_sm_t *s = self;
    gm_route_ev_t *ev = vev;
    gm_req_t *r = gm_req(s->g->ctx->pool, ev->req);
    ccn_t *g = s->g;
    if (s->offered || r->kind != GM_REQ_READ || r->bypass || r->prefetch)
        return;
    uint32_t line = r->addr & ~127u;
    if (g->cfg.mode == MODE_ORACLE && s->nout < OUTS &&
        remote_valid(g, s->id, line, g->cfg.oracle_cluster)) {
        g->misses++;
        g->reuse_misses++;
        ev->taken = 1;
        r->t_sent = *g->ctx->now;
        s->out[s->nout++] = (ccn_out_t){line >> 7, ev->req, *g->ctx->now};
        g->requests++;
        return;
    }
    /* Offered once: to the ring, or (throttled, or the CB full) to L2 now. */
    if ((g->cfg.mode != MODE_RING || !s->to_ccn) && !gm_icnt_ep_ready(&s->l1d->net))
        return;
    s->offered = 1;
    g->misses++;
    if (g->cfg.mode == MODE_ORACLE) /* counted above when it was remote */
        return;
    g->reuse_misses += (uint64_t)remote_valid(g, s->id, line, 0);
    if (g->cfg.mode == MODE_OBSERVE)
        return;
    s->miss_la = r->addr >> 7;
    if (!s->to_ccn || s->nout == OUTS)
        return;
    ev->taken = 1;
    r->t_sent = *s->g->ctx->now;
    s->out[s->nout++] = (ccn_out_t){s->miss_la, ev->req, *s->g->ctx->now};
    s->g->requests++;
}

static void tagw(void *self, void *vev)
{
    ccn_sm_t *s = self;
    const gm_tagw_ev_t *ev = vev;
    if (s->upd_n == UPDQ) {
        s->g->upd_overflow++;
        return;
    }
    s->updq[(s->upd_head + s->upd_n++) % UPDQ] =
        (ccn_upd_t){ev->set, ev->way, (ev->line >> 7) >> s->g->p.IDX_W, ev->valid};
}

static void idle(void *self, void *vev)
{
    const ccn_sm_t *s = self;
    if (s->nout || s->upd_n || s->ej_n)
        ((gm_idle_ev_t *)vev)->busy = 1;
}

static int take_out(ccn_sm_t *s, uint32_t la, ccn_out_t *o)
{
    for (uint32_t i = 0; i < s->nout; i++)
        if (s->out[i].la == la) {
            *o = s->out[i];
            memmove(&s->out[i], &s->out[i + 1], (s->nout - i - 1) * sizeof s->out[0]);
            s->nout--;
            return 1;
        }
    return 0;
}

/* The L1D side of one node's cycle (the ring's inputs come after). */
static void l1_inputs(ccn_sm_t *s)
{
    ccn_node_in_t *in = nin(s);
    base_inputs(s);
    in->miss_valid = (uint64_t)s->offered;
    in->miss_la = s->miss_la;
    if (s->upd_n) {
        const ccn_upd_t *u = &s->updq[s->upd_head];
        in->upd_valid = 1;
        in->upd_set = u->set;
        in->upd_way = u->way;
        in->upd_tag = u->tag;
        in->upd_v = u->v;
        s->upd_head = (s->upd_head + 1) % UPDQ;
        s->g->upd_late += s->upd_n > 1;
        s->upd_n--;
    }
    in->fill_ready = !gm_fifo_full(&s->l1d->resp);
    in->home_eject_ready = s->ej_n < EJQ;
    uint64_t insts = s->sm->st.thread_insts;
    in->insn_inc = insts - s->last_insts > 255 ? 255 : insts - s->last_insts;
    s->last_insts += in->insn_inc;
}

/* Ring outputs come from registers and readies from start-of-cycle state,
 * so three evaluations settle it: outputs, readies, the moves. */
static void settle(ccn_t *g)
{
    uint32_t n = g->n;
    for (uint32_t i = 0; i < n; i++)
        gm_blk_eval(g->sm[i].b);
    for (uint32_t i = 0; i < n; i++) {
        const ccn_node_out_t *up = nout(&g->sm[(i + n - 1) % n]), *down = nout(&g->sm[(i + 1) % n]);
        ccn_node_link_in(nin(&g->sm[i]), up, down);
    }
    for (uint32_t i = 0; i < n; i++)
        gm_blk_eval(g->sm[i].b);
    for (uint32_t i = 0; i < n; i++)
        ccn_node_link_ready(nin(&g->sm[i]), nout(&g->sm[(i + n - 1) % n]),
                            nout(&g->sm[(i + 1) % n]));
    for (uint32_t i = 0; i < n; i++)
        gm_blk_eval(g->sm[i].b);
}

/* The oracle's fills, in miss order (one latency for all: the oldest is
 * due first), as many a cycle as the L1D's reply queue takes. */
static void oracle_end(ccn_t *g, uint64_t now)
{
    for (uint32_t i = 0; i < g->n; i++) {
        ccn_sm_t *s = &g->sm[i];
        uint32_t k = 0;
        while (k < s->nout && s->out[k].t + g->cfg.oracle_lat <= now &&
               !gm_fifo_full(&s->l1d->resp)) {
            gm_fifo_push(&s->l1d->resp, s->out[k].id);
            g->hits++;
            g->sum_hit_lat += now - s->out[k].t;
            k++;
        }
        memmove(s->out, s->out + k, (s->nout - k) * sizeof s->out[0]);
        s->nout -= k;
    }
}

static void end(void *self)
{
    ccn_t *g = self;
    uint64_t now = *g->ctx->now;
    if (g->cfg.mode == MODE_ORACLE)
        oracle_end(g, now);
    if (g->cfg.mode != MODE_RING)
        return;
    for (uint32_t i = 0; i < g->n; i++)
        l1_inputs(&g->sm[i]);
    settle(g);
    for (uint32_t i = 0; i < g->n; i++) {
        ccn_sm_t *s = &g->sm[i];
        const ccn_node_out_t *o = nout(s);
        const ccn_node_in_t *in = nin(s);
        ccn_out_t q;
        if (o->fill_valid && in->fill_ready && take_out(s, (uint32_t)o->fill_la, &q)) {
            gm_fifo_push(&s->l1d->resp, q.id);
            g->hits++;
            g->sum_hit_lat += now - q.t;
        }
        if (o->home_eject_valid && in->home_eject_ready &&
            take_out(s, (uint32_t)o->home_eject_la, &q)) {
            s->ejq[s->ej_n++] = q.id;
            g->returns++;
            g->sum_overhead += now - q.t;
        }
        s->l1d->stolen = 0;
    }
    for (uint32_t i = 0; i < g->n; i++)
        gm_blk_tick(g->sm[i].b);
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    ccn_t *g = self;
    if (site->kind != GM_SITE_SM)
        return 0;
    ccn_sm_t *s = &g->sm[site->id];
    char path[48];
    ccn_node_params_t p = g->p; /* one design for every SM: its id is the my_cid input */
    s->g = g;
    s->id = site->id;
    s->sm = site->sm;
    s->l1d = site->l1d;
    s->cache = site->cache;
    snprintf(path, sizeof path, "%s.ccn", site->name);
    if (g->cfg.mode != MODE_RING) /* no ring: the miss routing and the fills only */
        return gm_hooks_add(&site->l1d->hook.route, route, s, path, err) ||
                       gm_hooks_add(&site->sm->hook.idle, idle, s, path, err)
                   ? -1
                   : 0;
    if (!(s->b = gm_blk_new(site->ctx->reg, &ccn_node_desc, &p, path, err)))
        return -1;
    if (gm_hooks_add(&site->l1d->hook.route, route, s, path, err) ||
        gm_hooks_add(&site->cache->hook.tagw, tagw, s, path, err) ||
        gm_hooks_add(&site->sm->hook.idle, idle, s, path, err))
        return -1;
    return 0;
}

static void stats(const void *self, cJSON *root)
{
    const ccn_t *g = self;
    cJSON *o = cJSON_AddObjectToObject(root, "ccn");
    if (!o)
        return;
    gm_stats_add_u(o, "requests", g->requests);
    gm_stats_add_u(o, "remote_hits", g->hits);
    gm_stats_add_r(o, "h_reuse", gm_stats_ratio(g->hits, g->requests));
    gm_stats_add_r(o, "remote_hit_latency", gm_stats_ratio(g->sum_hit_lat, g->hits));
    gm_stats_add_u(o, "returns_to_l2", g->returns);
    gm_stats_add_r(o, "miss_overhead", gm_stats_ratio(g->sum_overhead, g->returns));
    gm_stats_add_u(o, "tag_updates_delayed", g->upd_late);
    gm_stats_add_u(o, "tag_updates_lost", g->upd_overflow);
    gm_stats_add_u(o, "load_misses", g->misses);
    gm_stats_add_u(o, "reuse_misses", g->reuse_misses);
    gm_stats_add_r(o, "urc", gm_stats_ratio(g->reuse_misses, g->misses));
    uint64_t epochs = 0, off = 0;
    for (uint32_t i = 0; i < g->n && g->cfg.mode == MODE_RING; i++) {
        epochs += nout(&g->sm[i])->stat_epochs;
        off += nout(&g->sm[i])->stat_off_epochs;
    }
    gm_stats_add_u(o, "rt_epochs", epochs);
    gm_stats_add_u(o, "rt_off_windows", off);
}

static void release(void *self)
{
    ccn_t *g = self;
    if (g)
        free(g->sm);
    free(g);
}

const gm_plugin_t gm_plugin_ccn = {
    .name = "ccn",
    .doc = "CCN: the cooperative-caching ring between the L1Ds (seed 003)",
    .section = "ccn",
    .schema = &schema,
    .cfg_size = sizeof(ccn_cfg_t),
    .active = active,
    .check = check,
    .init = init,
    .attach = attach,
    .begin = begin,
    .end = end,
    .stats = stats,
    .free = release,
};
