/* TB-partition policies for concurrent kernels (seed-000 §6.1): how many
 * CTAs of each kernel of a pair or triple an SM takes, at the SM's CTA
 * admission point (`admit`), and SMK's warp-instruction quotas at the
 * issue stage's last check (`igate`). Off (`enable` false) the SMs split
 * their resources evenly, as before. A fixed window (`window`) relaunches a
 * co-runner that finishes early so every kernel runs the whole window
 * (the isolated and co-run IPCs of STP/ANTT are measured over it).
 *
 * The profile-driven parts -- Warped-Slicer's sweet point and SMK-(P+W)'s
 * quotas -- are computed by `gmem run --isolated` from runs of each kernel
 * alone (cmd_corun.c) and reach this file as ck.tbsK / ck.quotaK. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/plugin.h"

enum { CK_EVEN, CK_COUNT, CK_SPATIAL, CK_WS, CK_SMK_P, CK_SMK_PW };
static const char *const policy_names[] = {"even", "count", "spatial", "ws", "smk_p", "smk_pw",
                                           NULL};

typedef struct ck_cfg {
    int enable, policy;
    uint32_t tbs[GM_MAX_STREAMS];
    uint32_t sms[GM_MAX_STREAMS];
    uint32_t quota[GM_MAX_STREAMS];
    uint32_t epoch, profile_cycles;
    uint64_t window;
} ck_cfg_t;
_Static_assert(sizeof(ck_cfg_t) <= GM_PLUG_CFG_BYTES, "ck section too large");

#define S ck_cfg_t
#define TBS(k) {"tbs" #k, GM_F_UINT, offsetof(S, tbs[k]), sizeof(uint32_t), 0, 0, 1024, NULL, \
        NULL, NULL, "count / ws: CTAs of kernel " #k " an SM holds at most (0: not given)", NULL}
#define SMS(k) {"sms" #k, GM_F_UINT, offsetof(S, sms[k]), sizeof(uint32_t), 0, 0, 4096, NULL, \
        NULL, NULL, "spatial: SMs of kernel " #k ", the next ones in index order (all 0: an " \
        "even split)", NULL}
#define QUOTA(k) {"quota" #k, GM_F_UINT, offsetof(S, quota[k]), sizeof(uint32_t), 0, 0, \
        1000000, NULL, NULL, NULL, "smk_pw: warp instructions kernel " #k " may issue per SM " \
        "between refills (0: not given)", NULL}
static const gm_field_t fields[] = {
    GM_FIELD_BOOL(S, enable, 0, "a TB-partition policy for concurrent kernels (off: even split)"),
    GM_FIELD_ENUM(S, policy, CK_EVEN, policy_names,
                  "even (each kernel an equal share of each SM resource), count (at most "
                  "tbsK CTAs of kernel K per SM), spatial (each kernel its own SMs), ws "
                  "(Warped-Slicer: count at the profiled sweet point), smk_p (SMK's DRF "
                  "over registers, shared memory, threads and CTAs), smk_pw (smk_p plus "
                  "warp-instruction quotas)"),
    TBS(0), TBS(1), TBS(2),
    SMS(0), SMS(1), SMS(2),
    QUOTA(0), QUOTA(1), QUOTA(2),
    GM_FIELD_UINT_U(S, epoch, 10000, 1, 100000000, "core cycles",
                    "smk_pw: the quotas --isolated derives are a kernel's isolated warp "
                    "instructions per SM in this many cycles"),
    GM_FIELD_UINT_U(S, profile_cycles, 100000, 1000, 100000000, "core cycles",
                    "ws: the window of each scalability-curve point --isolated profiles"),
    GM_FIELD_UINT_U(S, window, 0, 0, 1000000000000ull, "core cycles",
                    "run exactly this many cycles, relaunching a kernel that finishes "
                    "(0: off, the run ends with its workload)"),
};
#undef S
static const gm_schema_t schema = {fields, sizeof fields / sizeof fields[0]};

typedef struct ck ck_t;

typedef struct ck_sm {
    ck_t *ck;
    gm_sm_t *sm;
    uint32_t owner;                       /* spatial: the kernel this SM serves */
    uint32_t left[GM_MAX_STREAMS];        /* smk_pw: quota left */
    uint64_t refills;
    uint64_t placed[GM_MAX_STREAMS];      /* CTAs of each kernel placed here */
    uint32_t most[GM_MAX_STREAMS];        /* the most CTAs of each kernel resident at once */
} ck_sm_t;

struct ck {
    ck_cfg_t c;
    uint32_t nstreams, nsm;
    ck_sm_t *sm;
};

static int active(const gm_gpu_config_t *c, const void *cfg)
{
    (void)c;
    return ((const ck_cfg_t *)cfg)->enable;
}

static int need_all(const ck_cfg_t *c, const uint32_t *v, uint32_t ns, const char *key,
                    gm_err_t *err)
{
    for (uint32_t k = 0; k < ns; k++)
        if (!v[k])
            return gm_errf(err, "$.ck.%s%u: policy %s needs a value for kernel %u%s", key, k,
                           policy_names[c->policy], k,
                           c->policy == CK_WS || c->policy == CK_SMK_PW
                               ? " (gmem run --isolated profiles the kernels and sets it)"
                               : "");
    return 0;
}

/* Spatial: kernel k gets the SMs after kernel k-1's, sms[k] of them. */
static int spatial_owners(ck_t *m, gm_err_t *err)
{
    uint32_t given = 0, sum = 0;
    for (uint32_t k = 0; k < GM_MAX_STREAMS; k++) {
        given |= m->c.sms[k];
        sum += k < m->nstreams ? m->c.sms[k] : 0;
    }
    uint32_t at = 0;
    for (uint32_t k = 0; k < m->nstreams; k++) {
        uint32_t n = given ? m->c.sms[k] : (k + 1) * m->nsm / m->nstreams - k * m->nsm / m->nstreams;
        if (given && (!n || sum != m->nsm))
            return gm_errf(err, "$.ck.sms%u: spatial: each kernel needs at least one SM and "
                                "the %u kernels' SMs must add up to sm.count (%u), not %u",
                           k, m->nstreams, m->nsm, sum);
        for (uint32_t i = 0; i < n; i++)
            m->sm[at++].owner = k;
    }
    return 0;
}

static int init(const gm_plug_env_t *env, const void *cfg, void **self, gm_err_t *err)
{
    ck_t *m = calloc(1, sizeof *m);
    if (m)
        m->sm = calloc(env->cfg->sm.count, sizeof *m->sm);
    *self = m;
    if (!m || !m->sm)
        return gm_errf(err, "ck: out of memory");
    m->c = *(const ck_cfg_t *)cfg;
    m->nstreams = env->nstreams;
    m->nsm = env->cfg->sm.count;
    if (m->c.policy == CK_COUNT || m->c.policy == CK_WS)
        return need_all(&m->c, m->c.tbs, m->nstreams, "tbs", err);
    if (m->c.policy == CK_SMK_PW)
        return need_all(&m->c, m->c.quota, m->nstreams, "quota", err);
    if (m->c.policy == CK_SPATIAL)
        return spatial_owners(m, err);
    return 0;
}

/* The first stream from the round-robin start that `ok` accepts. */
static int32_t first_ok(const gm_admit_ev_t *ev, const ck_sm_t *s,
                        int (*ok)(const ck_sm_t *, const gm_admit_ev_t *, uint32_t))
{
    for (uint32_t i = 0; i < ev->nstreams; i++) {
        uint32_t k = (ev->first + i) % ev->nstreams;
        if (ev->fits[k] && ok(s, ev, k))
            return (int32_t)k;
    }
    return -1;
}

static int under_count(const ck_sm_t *s, const gm_admit_ev_t *ev, uint32_t k)
{
    (void)ev;
    return s->sm->s_ctas[k] < s->ck->c.tbs[k];
}

static int owns(const ck_sm_t *s, const gm_admit_ev_t *ev, uint32_t k)
{
    (void)ev;
    return s->owner == k;
}

/* A share used/cap as a fraction; a resource the SM lacks (cap 0) has none. */
typedef struct frac {
    uint64_t n, d;
} frac_t;

static int frac_lt(frac_t a, frac_t b) { return a.n * b.d < b.n * a.d; }

/* DRF's dominant share: the largest of the kernel's shares of the SM's
 * registers, shared memory, threads and CTA slots. */
static frac_t dominant(const gm_sm_t *sm, uint32_t k)
{
    const gm_sm_cfg_t *c = sm->cfg;
    frac_t v[4] = {{sm->s_regs[k], c->registers}, {sm->s_smem[k], c->smem_bytes},
                   {sm->s_threads[k], c->max_threads}, {sm->s_ctas[k], c->max_ctas}};
    frac_t best = {0, 1};
    for (unsigned r = 0; r < 4; r++)
        if (v[r].d && frac_lt(best, v[r]))
            best = v[r];
    return best;
}

/* SMK-P: the kernel with the lowest dominant share whose CTA fits; a tie
 * goes to the first from the round-robin start. */
static int32_t drf_pick(const ck_sm_t *s, const gm_admit_ev_t *ev)
{
    int32_t pick = -1;
    frac_t low = {1, 0};
    for (uint32_t i = 0; i < ev->nstreams; i++) {
        uint32_t k = (ev->first + i) % ev->nstreams;
        if (!ev->fits[k])
            continue;
        frac_t d = dominant(s->sm, k);
        if (pick < 0 || frac_lt(d, low)) {
            pick = (int32_t)k;
            low = d;
        }
    }
    return pick;
}

static void admit(void *self, void *vev)
{
    ck_sm_t *s = self;
    gm_admit_ev_t *ev = vev;
    switch (s->ck->c.policy) {
    case CK_COUNT:
    case CK_WS: ev->pick = first_ok(ev, s, under_count); break;
    case CK_SPATIAL: ev->pick = first_ok(ev, s, owns); break;
    case CK_SMK_P:
    case CK_SMK_PW: ev->pick = drf_pick(s, ev); break;
    default: break; /* even: the SM's own pick */
    }
    if (ev->pick >= 0) { /* a pick among `fits` is placed */
        uint32_t k = (uint32_t)ev->pick, now = s->sm->s_ctas[k] + 1;
        s->placed[k]++;
        if (now > s->most[k])
            s->most[k] = now;
    }
}

/* SMK-(P+W): a kernel with no quota left stops issuing; the quotas are
 * refilled only when every kernel with warps on the SM has none left (a
 * kernel without warps here cannot spend its quota, so it is not waited
 * for). Allowing counts the issue: igate is the issue stage's last check. */
static void igate(void *self, void *vev)
{
    ck_sm_t *s = self;
    gm_gate_ev_t *ev = vev;
    uint32_t ns = s->ck->nstreams;
    if (!s->left[ev->stream]) {
        for (uint32_t k = 0; k < ns; k++)
            if (s->left[k] && s->sm->s_warps[k]) {
                ev->allow = 0;
                return;
            }
        for (uint32_t k = 0; k < ns; k++)
            s->left[k] = s->ck->c.quota[k];
        s->refills++;
    }
    s->left[ev->stream]--;
}

static int attach(void *self, const gm_site_t *site, gm_err_t *err)
{
    ck_t *m = self;
    if (site->kind == GM_SITE_GPU) {
        *site->window = m->c.window;
        return 0;
    }
    /* one kernel under `count` too: the profiling of ws's scalability curves */
    if (site->kind != GM_SITE_SM || m->c.policy == CK_EVEN)
        return 0;
    ck_sm_t *s = &m->sm[site->id];
    s->ck = m;
    s->sm = site->sm;
    char where[48];
    snprintf(where, sizeof where, "%s.ck", site->name);
    if (gm_hooks_add(&site->sm->hook.admit, admit, s, where, err))
        return -1;
    if (m->c.policy == CK_SMK_PW && gm_hooks_add(&site->sm->hook.igate, igate, s, where, err))
        return -1;
    return 0;
}

static cJSON *u32_array(const uint32_t *v, uint32_t n)
{
    cJSON *a = cJSON_CreateArray();
    for (uint32_t k = 0; a && k < n; k++)
        cJSON_AddItemToArray(a, cJSON_CreateNumber(v[k]));
    return a;
}

/* The partition as it was applied; `gmem run --isolated` adds the co-run
 * metrics to this object. */
static void stats(const void *self, cJSON *root)
{
    const ck_t *m = self;
    cJSON *o = cJSON_AddObjectToObject(root, "ck");
    if (!o)
        return;
    cJSON_AddStringToObject(o, "policy", policy_names[m->c.policy]);
    gm_stats_add_u(o, "window", m->c.window);
    if (m->c.policy == CK_COUNT || m->c.policy == CK_WS)
        cJSON_AddItemToObject(o, "tbs", u32_array(m->c.tbs, m->nstreams));
    if (m->c.policy == CK_SPATIAL) {
        uint32_t n[GM_MAX_STREAMS] = {0};
        for (uint32_t i = 0; i < m->nsm; i++)
            n[m->sm[i].owner]++;
        cJSON_AddItemToObject(o, "sms", u32_array(n, m->nstreams));
    }
    if (m->c.policy == CK_SMK_PW) {
        uint64_t refills = 0;
        for (uint32_t i = 0; i < m->nsm; i++)
            refills += m->sm[i].refills;
        cJSON_AddItemToObject(o, "quota", u32_array(m->c.quota, m->nstreams));
        gm_stats_add_u(o, "refills", refills);
    }
    if (m->c.policy == CK_EVEN)
        return;
    /* What the policy did: per kernel the most CTAs an SM held at once,
     * and the CTAs each SM took. */
    uint32_t most[GM_MAX_STREAMS] = {0};
    cJSON *placed = cJSON_AddArrayToObject(o, "sm_ctas");
    for (uint32_t k = 0; placed && k < m->nstreams; k++) {
        cJSON *row = cJSON_CreateArray();
        for (uint32_t i = 0; row && i < m->nsm; i++) {
            cJSON_AddItemToArray(row, cJSON_CreateNumber((double)m->sm[i].placed[k]));
            if (m->sm[i].most[k] > most[k])
                most[k] = m->sm[i].most[k];
        }
        cJSON_AddItemToArray(placed, row);
    }
    cJSON_AddItemToObject(o, "max_resident", u32_array(most, m->nstreams));
}

static void release(void *self)
{
    ck_t *m = self;
    if (m)
        free(m->sm);
    free(m);
}

const gm_plugin_t gm_plugin_ck = {
    .name = "ck",
    .doc = "TB-partition policies for concurrent kernels (seed-000 ch.4)",
    .section = "ck",
    .schema = &schema,
    .cfg_size = sizeof(ck_cfg_t),
    .active = active,
    .init = init,
    .attach = attach,
    .stats = stats,
    .free = release,
};
