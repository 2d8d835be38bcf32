/* `gmem run --isolated` (corun.h). "Isolated" is the seed's: the member
 * alone on the whole GPU -- every SM, no partition (ck.policy even) --
 * for the same window of core cycles as the co-run, relaunched when it
 * finishes, on the isolated configuration (--isolated-config, else the
 * run's own configuration and --set list). IPC is thread instructions per
 * core cycle over the window, alone and in the co-run alike. */
#include "corun.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.h"

/* What a run alone measured over its window. */
typedef struct alone {
    uint64_t thread_insts, warp_insts, cycles;
} alone_t;

/* Where and how the isolated runs go. */
typedef struct iso_env {
    const char *config;
    const char *sets[48];
    unsigned nsets;
    const char *cache;
    uint64_t seed, bin;
} iso_env_t;

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The gmem binary's own hash: a rebuilt gmem does not reuse cached runs. */
static int binary_hash(uint64_t *out)
{
    FILE *f = fopen("/proc/self/exe", "rb");
    if (!f)
        return gm_fail(GM_EXIT_FAIL, "run: --isolated: cannot read the gmem binary: %s",
                       strerror(errno));
    unsigned char buf[65536];
    uint64_t h = 0xcbf29ce484222325ull;
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        h = fnv(h, buf, n);
    fclose(f);
    *out = h;
    return GM_EXIT_OK;
}

static uint64_t json_u(const cJSON *root, const char *path)
{
    const char *why;
    const cJSON *v = gm_json_at_path(root, path, &why);
    return v && cJSON_IsNumber(v) ? (uint64_t)v->valuedouble : 0;
}

static const char *json_s(const cJSON *root, const char *path)
{
    const char *why;
    const cJSON *v = gm_json_at_path(root, path, &why);
    return v && cJSON_IsString(v) ? v->valuestring : "";
}

/* The members of a canonical "pair:A+B" or "triple:A+B+C": split at each
 * '+' not escaped by '\' (the escapes stay: a member is a spec itself). */
static int split_members(const char *spec, gm_corun_t *cr)
{
    const char *p = !strncmp(spec, "pair:", 5) ? spec + 5 : !strncmp(spec, "triple:", 7) ? spec + 7 : NULL;
    if (!p)
        return gm_fail(GM_EXIT_USAGE, "run: --isolated: %s is not a pair or triple", spec);
    for (cr->n = 0; cr->n < GM_CORUN_MAX;) {
        const char *e = p;
        while (*e && *e != '+')
            e += e[0] == '\\' && e[1] ? 2 : 1;
        cr->member[cr->n] = strndup(p, (size_t)(e - p));
        if (!cr->member[cr->n++])
            return gm_fail(GM_EXIT_FAIL, "run: out of memory");
        if (!*e)
            break;
        p = e + 1;
    }
    return GM_EXIT_OK;
}

static int read_cache(const char *path, uint64_t window, alone_t *a)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char buf[4096];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    cJSON *j = cJSON_Parse(buf);
    a->thread_insts = json_u(j, "thread_insts");
    a->warp_insts = json_u(j, "warp_insts");
    a->cycles = json_u(j, "cycles");
    cJSON_Delete(j);
    return a->cycles == window; /* anything else is not an entry of ours: run again */
}

/* Written to a temporary file and renamed: parallel runs of a figure may
 * write the same entry, and a reader sees a whole one or none. */
static void write_cache(const char *path, const char *spec, const alone_t *a)
{
    char tmp[1200];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return; /* a cache that cannot be written only costs time */
    fprintf(f, "{\"spec\": \"%s\", \"cycles\": %" PRIu64 ", \"thread_insts\": %" PRIu64
               ", \"warp_insts\": %" PRIu64 "}\n",
            spec, a->cycles, a->thread_insts, a->warp_insts);
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        unlink(tmp);
}

/* One spec alone for `window` cycles, with `more` --set texts after the
 * environment's. */
static int run_alone(const iso_env_t *e, const char *const *more, unsigned nmore,
                     const char *spec, uint64_t window, alone_t *a)
{
    const char *sets[64];
    unsigned n = 0;
    for (unsigned i = 0; i < e->nsets; i++)
        sets[n++] = e->sets[i];
    for (unsigned i = 0; i < nmore && n < 64; i++)
        sets[n++] = more[i];
    gm_err_t err;
    gm_gpu_config_t cfg;
    if (gm_gpu_config_load(e->config, sets, n, &cfg, &err))
        return gm_fail(GM_EXIT_USAGE, "run: --isolated: %s", err.msg);
    cJSON *cj = gm_cfg_to_json(gm_gpu_schema(), &cfg);
    char *text = cj ? cJSON_PrintUnformatted(cj) : NULL;
    cJSON_Delete(cj);
    if (!text)
        return gm_fail(GM_EXIT_FAIL, "run: out of memory");
    uint64_t h = fnv(0xcbf29ce484222325ull, text, strlen(text));
    free(text);
    char tail[128];
    snprintf(tail, sizeof tail, "|%" PRIu64 "|%" PRIu64 "|%" PRIx64 "|", window, e->seed, e->bin);
    h = fnv(fnv(h, spec, strlen(spec)), tail, strlen(tail));
    char path[1100] = "";
    if (e->cache) {
        snprintf(path, sizeof path, "%s/%016" PRIx64 ".json", e->cache, h);
        if (read_cache(path, window, a))
            return GM_EXIT_OK;
    }
    gm_workload_t *wl = gm_workload_create(spec, e->seed, &err);
    if (!wl)
        return gm_fail(GM_EXIT_USAGE, "run: --isolated: %s", err.msg);
    gm_gpu_t *g = calloc(1, sizeof *g);
    if (!g || gm_gpu_init(g, &cfg, wl, e->seed, &err)) {
        if (g)
            gm_gpu_free(g);
        free(g);
        gm_workload_free(wl);
        return gm_fail(GM_EXIT_USAGE, "run: --isolated: %s", err.msg);
    }
    g->interrupt = &gm_interrupted;
    gm_run_end_t end = gm_gpu_run(g, window);
    memset(a, 0, sizeof *a);
    for (uint32_t i = 0; i < cfg.sm.count; i++) {
        a->thread_insts += g->sm[i].sm.st.thread_insts;
        a->warp_insts += g->sm[i].sm.st.warp_insts;
    }
    a->cycles = g->clk.cycles[GM_CLK_CORE];
    int status = GM_EXIT_OK;
    if (end == GM_END_INTERRUPTED)
        status = gm_fail(GM_EXIT_SIGNAL + gm_interrupted, "run: --isolated: interrupted");
    else if (end != GM_END_COMPLETED || a->cycles != window)
        status = gm_fail(GM_EXIT_FAIL, "run: --isolated: %s alone ended %s at cycle %" PRIu64
                                       "%s%s", spec, gm_run_end_name(end), a->cycles,
                         end == GM_END_STALLED ? ": " : "", end == GM_END_STALLED ? g->stall : "");
    gm_gpu_free(g);
    free(g);
    gm_workload_free(wl);
    if (status == GM_EXIT_OK && e->cache)
        write_cache(path, spec, a);
    return status;
}

/* What one CTA of a stream takes, the largest over its kernels (a count
 * policy holds the stream to its CTAs whichever kernel runs). */
typedef struct need {
    uint64_t r[5]; /* CTA slots, warps, threads, registers, shared memory */
} need_t;

static need_t stream_need(const gm_workload_t *wl, unsigned s)
{
    need_t n = {{1, 0, 0, 0, 0}};
    for (unsigned i = 0; i < gm_workload_kernels(wl, s); i++) {
        const gm_kernel_t *k = gm_workload_kernel(wl, s, i);
        uint64_t threads = (uint64_t)k->block[0] * k->block[1] * k->block[2];
        uint64_t warps = (threads + GM_WARP_SIZE - 1) / GM_WARP_SIZE;
        uint64_t v[5] = {1, warps, threads, k->regs_per_thread * warps * GM_WARP_SIZE,
                         k->smem_per_cta};
        for (unsigned r = 0; r < 5; r++)
            if (v[r] > n.r[r])
                n.r[r] = v[r];
    }
    return n;
}

static void sm_caps(const gm_sm_cfg_t *c, uint64_t cap[5])
{
    cap[0] = c->max_ctas;
    cap[1] = c->max_warps;
    cap[2] = c->max_threads;
    cap[3] = c->registers;
    cap[4] = c->smem_bytes;
}

static const char *own_set(gm_corun_t *cr, const char *fmt, unsigned k, uint64_t v)
{
    char *s = cr->own[cr->nown++];
    snprintf(s, sizeof cr->own[0], fmt, k, v);
    return s;
}

/* Warped-Slicer's sweet point (seed-000 §6.1): the CTA counts, one per
 * member, that fit one SM together and lose the least performance: the
 * largest sum over the members of curve(count) / curve's best (the
 * predicted STP). Counts are tried in lexicographic order, the first of
 * equal sums kept. */
static void sweet_point(gm_corun_t *cr, const need_t *need, const uint64_t cap[5])
{
    double best[GM_CORUN_MAX];
    for (unsigned k = 0; k < cr->n; k++) {
        best[k] = 0;
        for (unsigned t = 0; t < cr->ncurve[k]; t++)
            if (cr->curve[k][t] > best[k])
                best[k] = cr->curve[k][t];
    }
    uint32_t t[GM_CORUN_MAX] = {1, 1, 1};
    cr->predicted_stp = -1;
    for (;;) {
        int fits = 1;
        for (unsigned r = 0; r < 5; r++) {
            uint64_t used = 0;
            for (unsigned k = 0; k < cr->n; k++)
                used += t[k] * need[k].r[r];
            fits &= used <= cap[r];
        }
        if (fits) {
            double sum = 0;
            for (unsigned k = 0; k < cr->n; k++)
                sum += best[k] > 0 ? cr->curve[k][t[k] - 1] / best[k] : 0;
            if (sum > cr->predicted_stp) {
                cr->predicted_stp = sum;
                memcpy(cr->partition, t, sizeof t);
            }
        }
        unsigned k = cr->n;
        while (k-- > 0) { /* the next combination, the last member fastest */
            if (t[k] < cr->ncurve[k]) {
                t[k]++;
                break;
            }
            t[k] = 1;
        }
        if (k == (unsigned)-1)
            break;
    }
}

/* Each member alone with 1, 2, .. CTAs per SM (as many as one SM holds)
 * for ck.profile_cycles: its scalability curve. */
static int profile_ws(const iso_env_t *e, gm_corun_t *cr, const gm_gpu_config_t *cfg,
                      uint64_t pcycles, const gm_workload_t *wl)
{
    need_t need[GM_CORUN_MAX];
    uint64_t cap[5];
    sm_caps(&cfg->sm, cap);
    for (unsigned k = 0; k < cr->n; k++) {
        need[k] = stream_need(wl, k);
        uint64_t fit = UINT64_MAX;
        for (unsigned r = 0; r < 5; r++)
            if (need[k].r[r] && cap[r] / need[k].r[r] < fit)
                fit = cap[r] / need[k].r[r];
        cr->ncurve[k] = (unsigned)(fit < GM_CURVE_MAX ? fit : GM_CURVE_MAX);
        for (unsigned t = 1; t <= cr->ncurve[k]; t++) {
            char tbs[32], win[48];
            snprintf(tbs, sizeof tbs, "ck.tbs0=%u", t);
            snprintf(win, sizeof win, "ck.window=%" PRIu64, pcycles);
            const char *more[] = {"ck.policy=count", tbs, win};
            alone_t a;
            int st = run_alone(e, more, 3, cr->member[k], pcycles, &a);
            if (st)
                return st;
            cr->curve[k][t - 1] = (double)a.thread_insts / (double)a.cycles;
        }
    }
    sweet_point(cr, need, cap);
    cr->ws = 1;
    for (unsigned k = 0; k < cr->n; k++)
        cr->sets[cr->nsets++] = own_set(cr, "ck.tbs%u=%" PRIu64, k, cr->partition[k]);
    return GM_EXIT_OK;
}

int gm_corun_prepare(const gm_run_opts_t *o, const gm_gpu_config_t *cfg, gm_corun_t *cr)
{
    memset(cr, 0, sizeof *cr);
    for (unsigned i = 0; i < o->nsets; i++)
        cr->sets[cr->nsets++] = o->sets[i];
    cJSON *cj = gm_cfg_to_json(gm_gpu_schema(), cfg);
    if (!cj)
        return gm_fail(GM_EXIT_FAIL, "run: out of memory");
    int enable = cJSON_IsTrue(gm_json_at_path(cj, "ck.enable", &(const char *){0}));
    cr->window = json_u(cj, "ck.window");
    char policy[16];
    snprintf(policy, sizeof policy, "%s", json_s(cj, "ck.policy"));
    uint64_t tbs0 = json_u(cj, "ck.tbs0"), quota0 = json_u(cj, "ck.quota0");
    uint64_t pcycles = json_u(cj, "ck.profile_cycles"), epoch = json_u(cj, "ck.epoch");
    cJSON_Delete(cj);
    if (!enable || !cr->window)
        return gm_fail(GM_EXIT_USAGE, "run: --isolated needs a fixed window over which the "
                                      "members run alone and together: %s: $.ck.window: "
                                      "set ck.enable=true and ck.window=N (cycles)", o->config);
    gm_err_t err;
    gm_workload_t *wl = gm_workload_create(o->spec, o->seed, &err);
    if (!wl)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    int st = split_members(gm_workload_spec(wl), cr);
    iso_env_t e = {.config = o->config, .cache = o->isolated_cache, .seed = o->seed};
    char icfg[1024];
    if (o->isolated_config)
        e.config = gm_find_config(o->isolated_config, icfg, sizeof icfg);
    else
        for (unsigned i = 0; i < o->nsets; i++)
            e.sets[e.nsets++] = o->sets[i];
    char win[48];
    snprintf(win, sizeof win, "ck.window=%" PRIu64, cr->window);
    e.sets[e.nsets++] = "ck.enable=true";
    e.sets[e.nsets++] = "ck.policy=even";
    e.sets[e.nsets++] = win;
    if (!st)
        st = binary_hash(&e.bin);
    if (!st && e.cache && mkdir(e.cache, 0777) != 0 && errno != EEXIST)
        st = gm_fail(GM_EXIT_USAGE, "run: --isolated-cache %s: %s", e.cache, strerror(errno));
    for (unsigned k = 0; !st && k < cr->n; k++) {
        alone_t a;
        st = run_alone(&e, NULL, 0, cr->member[k], cr->window, &a);
        cr->ipc_iso[k] = st ? 0 : (double)a.thread_insts / (double)a.cycles;
        cr->warp_iso[k] = a.warp_insts;
    }
    if (!st && !strcmp(policy, "ws") && !tbs0)
        st = profile_ws(&e, cr, cfg, pcycles, wl);
    /* SMK's quotas keep the kernels' progress in the ratio of their
     * isolated speeds: each kernel's warp instructions per SM alone in
     * ck.epoch cycles. */
    if (!st && !strcmp(policy, "smk_pw") && !quota0) {
        cr->quotas = 1;
        for (unsigned k = 0; k < cr->n; k++) {
            uint64_t den = cr->window * cfg->sm.count;
            uint64_t q = (cr->warp_iso[k] * epoch + den / 2) / den;
            cr->quota[k] = (uint32_t)(q ? q : 1);
            cr->sets[cr->nsets++] = own_set(cr, "ck.quota%u=%" PRIu64, k, cr->quota[k]);
        }
    }
    gm_workload_free(wl);
    return st;
}

static cJSON *numbers(const double *v, unsigned n)
{
    cJSON *a = cJSON_CreateArray();
    char buf[64];
    for (unsigned k = 0; a && k < n; k++) { /* as gm_stats_add_r writes a number */
        snprintf(buf, sizeof buf, "%.6f", v[k]);
        cJSON_AddItemToArray(a, cJSON_CreateRaw(buf));
    }
    return a;
}

void gm_corun_stats(void *self, const gm_gpu_t *g, cJSON *root)
{
    const gm_corun_t *cr = self;
    cJSON *o = cJSON_GetObjectItem(root, "ck");
    if (!o && !(o = cJSON_AddObjectToObject(root, "ck")))
        return;
    double co[GM_CORUN_MAX], norm[GM_CORUN_MAX], stp = 0, antt = 0;
    uint64_t cycles = g->clk.cycles[GM_CLK_CORE];
    for (unsigned s = 0; s < cr->n; s++) {
        uint64_t insts = 0;
        for (unsigned i = 0; i < gm_workload_kernels(g->wl, s); i++)
            insts += g->kst[gm_workload_kernel(g->wl, s, i)->id - 1].thread_insts;
        co[s] = cycles ? (double)insts / (double)cycles : 0;
        norm[s] = cr->ipc_iso[s] > 0 ? co[s] / cr->ipc_iso[s] : 0;
        stp += norm[s];
        antt += norm[s] > 0 ? 1 / norm[s] / cr->n : 0;
    }
    cJSON *m = cJSON_AddArrayToObject(o, "members");
    for (unsigned s = 0; m && s < cr->n; s++)
        cJSON_AddItemToArray(m, cJSON_CreateString(cr->member[s]));
    cJSON_AddItemToObject(o, "ipc_isolated", numbers(cr->ipc_iso, cr->n));
    cJSON_AddItemToObject(o, "ipc_corun", numbers(co, cr->n));
    cJSON_AddItemToObject(o, "norm_ipc", numbers(norm, cr->n));
    gm_stats_add_r(o, "stp", stp);
    gm_stats_add_r(o, "antt", antt);
    if (!cr->ws)
        return;
    cJSON *w = cJSON_AddObjectToObject(o, "ws");
    cJSON *curves = w ? cJSON_AddArrayToObject(w, "curves") : NULL;
    for (unsigned s = 0; curves && s < cr->n; s++)
        cJSON_AddItemToArray(curves, numbers(cr->curve[s], cr->ncurve[s]));
    cJSON *p = w ? cJSON_AddArrayToObject(w, "partition") : NULL;
    for (unsigned s = 0; p && s < cr->n; s++)
        cJSON_AddItemToArray(p, cJSON_CreateNumber(cr->partition[s]));
    if (w)
        gm_stats_add_r(w, "predicted_stp", cr->predicted_stp);
}

void gm_corun_free(gm_corun_t *cr)
{
    for (unsigned k = 0; k < GM_CORUN_MAX; k++)
        free(cr->member[k]);
    memset(cr, 0, sizeof *cr);
}
