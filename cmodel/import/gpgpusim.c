/* GPGPU-Sim options onto gmem's configuration fields (gpgpusim.h): the
 * options mapped, in the order their values depend on each other (clocks
 * first: latencies convert by them); then gs_rest.c reports every option
 * left, with why gmem has no place for it, and the gmem fields no option
 * gave. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gs_int.h"
#include "sim/config.h"

/* ---- reporting */

static void say(gs_t *g, const gs_val_t *v, const char *kind, const char *fmt, va_list ap)
{
    char msg[1024], line[1400];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (!v)
        snprintf(line, sizeof line, "%s: %s: %s", g->file, kind, msg);
    else if (v->line)
        snprintf(line, sizeof line, "%s:%u: %s: %s %s: %s", g->file, v->line, kind, v->name,
                 v->value, msg);
    else
        snprintf(line, sizeof line, "%s: %s: %s %s (GPGPU-Sim's default, not in the file): %s",
                 g->file, kind, v->name, v->value, msg);
    if (!strcmp(kind, "unmapped"))
        g->counts.unmapped++;
    if (g->report)
        g->report(g->ctx, line);
}

void gs_report(gs_t *g, const gs_val_t *v, const char *kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(g, v, kind, fmt, ap);
    va_end(ap);
}

int gs_fail(gs_t *g, const gs_val_t *v, const char *fmt, ...)
{
    char msg[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (v->line)
        return gm_errf(g->err, "%s:%u: %s %.200s: %s", g->file, v->line, v->name, v->value, msg);
    return gm_errf(g->err, "%s: %s %.200s (GPGPU-Sim's default, not in the file): %s", g->file,
                   v->name, v->value, msg);
}

/* ---- gmem fields */

static const gm_field_t *field_at(const char *path)
{
    const gm_schema_t *s = gm_gpu_schema();
    const gm_field_t *f = NULL;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *save = NULL, *k = strtok_r(buf, ".", &save); k; k = strtok_r(NULL, ".", &save)) {
        if (!s)
            return NULL;
        f = NULL;
        for (unsigned i = 0; i < s->n && !f; i++)
            if (!strcmp(s->fields[i].key, k))
                f = &s->fields[i];
        if (!f)
            return NULL;
        s = f->type == GM_F_OBJECT ? f->sub : NULL;
    }
    return f;
}

/* The object holding path's last key in g->cfg (made as needed). */
static cJSON *parent_of(gs_t *g, const char *path, const char **key)
{
    cJSON *o = g->cfg;
    const char *p = path, *dot;
    while (o && (dot = strchr(p, '.'))) {
        char k[64];
        snprintf(k, sizeof k, "%.*s", (int)(dot - p), p);
        cJSON *sub = cJSON_GetObjectItemCaseSensitive(o, k);
        o = sub ? sub : cJSON_AddObjectToObject(o, k);
        p = dot + 1;
    }
    *key = p;
    return o;
}

static int put(gs_t *g, const char *path, cJSON *v)
{
    const char *key;
    cJSON *o = v ? parent_of(g, path, &key) : NULL;
    if (!o) {
        cJSON_Delete(v);
        return gm_errf(g->err, "%s: out of memory", g->file);
    }
    /* remember the option behind the field: a rule of gmem's that the
     * whole configuration breaks is then blamed on its line */
    unsigned i = 0;
    while (i < g->nsrc && strcmp(g->src[i].path, path))
        i++;
    if (i < GS_MAX_SOURCES && strlen(path) < sizeof g->src[i].path) {
        snprintf(g->src[i].path, sizeof g->src[i].path, "%s", path);
        g->src[i].from = g->cur;
        g->nsrc += i == g->nsrc;
    }
    if (cJSON_GetObjectItemCaseSensitive(o, key))
        cJSON_ReplaceItemInObjectCaseSensitive(o, key, v);
    else
        cJSON_AddItemToObject(o, key, v);
    return 0;
}

int gs_put_uint(gs_t *g, const gs_val_t *v, const char *path, uint64_t x)
{
    const gm_field_t *f = field_at(path);
    if (!f || f->type != GM_F_UINT)
        return gm_errf(g->err, "import-gpgpusim: no integer field $.%s", path); /* a bug */
    if (x < f->min || x > f->max)
        return gs_fail(g, v, "%llu for $.%s (%s%s%s): expected %llu..%llu, gmem's range",
                       (unsigned long long)x, path, f->doc, f->unit ? ", in " : "",
                       f->unit ? f->unit : "", (unsigned long long)f->min,
                       (unsigned long long)f->max);
    return put(g, path, cJSON_CreateNumber((double)x));
}

int gs_put_str(gs_t *g, const char *path, const char *s)
{
    return put(g, path, cJSON_CreateString(s));
}

int gs_put_bool(gs_t *g, const char *path, int b)
{
    return put(g, path, cJSON_CreateBool(b));
}

int gs_is_set(const gs_t *g, const char *path)
{
    const cJSON *o = g->cfg;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *save = NULL, *k = strtok_r(buf, ".", &save); k && o; k = strtok_r(NULL, ".", &save))
        o = cJSON_GetObjectItemCaseSensitive(o, k);
    return o != NULL;
}

/* ---- the options */

/* The option `name` (or its older name `alias`) as the file gives it, its
 * last occurrence winning as in GPGPU-Sim (the earlier ones reported), or
 * else GPGPU-Sim's default `def`; 0 if found or defaulted, 1 if neither. */
static int get(gs_t *g, const char *name, const char *alias, const char *def, gs_val_t *v)
{
    gs_opt_t *last = NULL;
    for (unsigned i = 0; i < g->n; i++) {
        gs_opt_t *o = &g->opt[i];
        if (strcmp(o->name, name) && !(alias && !strcmp(o->name, alias)))
            continue;
        if (last) {
            gs_val_t was = {last->name, last->value, last->line};
            gs_report(g, &was, "unmapped", "given again at line %u, which GPGPU-Sim takes",
                      o->line);
        }
        o->used = 1;
        last = o;
    }
    if (last) {
        *v = g->cur = (gs_val_t){last->name, last->value, last->line};
        return 0;
    }
    if (!def)
        return 1;
    *v = g->cur = (gs_val_t){name, def, 0};
    gs_report(g, v, "default", "GPGPU-Sim would use its default");
    return 0;
}

int gs_decimal(const char *s, unsigned long *x)
{
    size_t n = strspn(s, "0123456789");
    if (!n || s[n] || n > 9)
        return -1;
    *x = strtoul(s, NULL, 10);
    return 0;
}

static int uint_of(gs_t *g, const gs_val_t *v, unsigned long *x)
{
    return gs_decimal(v->value, x) ? gs_fail(g, v, "expected a non-negative decimal integer")
                                   : 0;
}

/* One option onto one integer field. */
static int map_uint(gs_t *g, const char *name, const char *alias, const char *def,
                    const char *path)
{
    gs_val_t v;
    unsigned long x;
    if (get(g, name, alias, def, &v))
        return 0;
    if (uint_of(g, &v, &x) || gs_put_uint(g, &v, path, x))
        return -1;
    g->counts.mapped += v.line != 0;
    return 0;
}

/* One 0/1 option onto one boolean field. */
static int map_bool(gs_t *g, const char *name, const char *def, const char *path)
{
    gs_val_t v;
    if (get(g, name, NULL, def, &v))
        return 0;
    if (strcmp(v.value, "0") && strcmp(v.value, "1"))
        return gs_fail(g, &v, "expected 0 or 1");
    if (gs_put_bool(g, path, v.value[0] == '1'))
        return -1;
    g->counts.mapped += v.line != 0;
    return 0;
}

/* GPGPU-Sim's coalescer: -gpgpu_coalesce_arch 13 is the only one it runs
 * (memory_coalescing_arch_13: 1- and 2-byte accesses by 32- and 64-byte
 * segment); a sectored L1D coalesces by sector in gmem either way. */
static int map_coalesce(gs_t *g)
{
    gs_val_t v;
    get(g, "-gpgpu_coalesce_arch", NULL, "13", &v);
    if (strcmp(v.value, "13"))
        return gs_fail(g, &v, "expected 13 (memory_coalescing_arch_13, the only coalescer "
                              "GPGPU-Sim runs)");
    if (gs_put_bool(g, "l1d.segments", 1))
        return -1;
    g->counts.mapped += v.line != 0;
    return 0;
}

static int map_clocks(gs_t *g)
{
    static const char *const key[4] = {"clock.core_mhz", "clock.icnt_mhz", "clock.l2_mhz",
                                       "clock.dram_mhz"};
    gs_val_t v;
    get(g, "-gpgpu_clock_domains", NULL, "500.0:2000.0:2000.0:2000.0", &v);
    const char *p = v.value;
    int rounded = 0;
    for (unsigned i = 0; i < 4; i++) {
        char *end;
        double f = strtod(p, &end);
        if (end == p || !(f >= 1 && f <= 1e6) || (i < 3 ? *end != ':' : *end != 0))
            return gs_fail(g, &v, "expected <core>:<icnt>:<l2>:<dram> clocks in MHz, e.g. "
                                  "700.0:700.0:700.0:924.0");
        g->mhz[i] = f;
        rounded |= f != floor(f);
        if (gs_put_uint(g, &v, key[i], (uint64_t)llround(f)))
            return -1;
        p = end + 1;
    }
    if (rounded)
        gs_report(g, &v, "converted", "gmem's clocks are whole MHz: rounded");
    g->counts.mapped += v.line != 0;
    return 0;
}

static int map_sm(gs_t *g)
{
    gs_val_t cl, co, v;
    unsigned long ncl, nco, threads, warp;
    get(g, "-gpgpu_n_clusters", NULL, "10", &cl);
    get(g, "-gpgpu_n_cores_per_cluster", NULL, "3", &co);
    if (uint_of(g, &cl, &ncl) || uint_of(g, &co, &nco))
        return -1;
    /* the product is the SM count: blame the option the file gives */
    const gs_val_t *blame = cl.line || !co.line ? &cl : &co;
    const gm_field_t *f = field_at("sm.count");
    if (ncl * nco < f->min || ncl * nco > f->max)
        return gs_fail(g, blame, "%lu clusters x %lu cores per cluster%s = %lu SMs: expected "
                                 "%llu..%llu, gmem's range of $.sm.count",
                       ncl, nco, co.line ? "" : " (GPGPU-Sim's default)", ncl * nco,
                       (unsigned long long)f->min, (unsigned long long)f->max);
    if (gs_put_uint(g, blame, "sm.count", ncl * nco))
        return -1;
    if (nco > 1)
        gs_report(g, &co, "unmapped", "clusters: gmem's SMs (sm.count = %lu x %lu) each have "
                  "their own crossbar port, GPGPU-Sim's %lu cores of a cluster share one",
                  ncl, nco, nco);
    g->counts.mapped += (cl.line != 0) + (co.line != 0 && nco == 1);
    get(g, "-gpgpu_shader_core_pipeline", NULL, "1024:32", &v);
    char *end;
    threads = strtoul(v.value, &end, 10);
    if (end == v.value || *end != ':' || (warp = strtoul(end + 1, &end, 10), *end))
        return gs_fail(g, &v, "expected <threads per SM>:<warp size>, e.g. 1536:32");
    if (warp != 32)
        return gs_fail(g, &v, "a warp of %lu threads: expected 32 (gmem's warps are 32 threads)",
                       warp);
    if (threads % 32)
        return gs_fail(g, &v, "%lu threads: expected a multiple of the 32-thread warp", threads);
    if (gs_put_uint(g, &v, "sm.max_threads", threads) ||
        gs_put_uint(g, &v, "sm.max_warps", threads / 32))
        return -1;
    g->counts.mapped += v.line != 0;
    if (map_uint(g, "-gpgpu_shader_cta", NULL, "8", "sm.max_ctas") ||
        map_uint(g, "-gpgpu_shader_registers", NULL, "8192", "sm.registers") ||
        map_uint(g, "-gpgpu_shmem_size", NULL, "16384", "sm.smem_bytes") ||
        map_uint(g, "-gpgpu_shmem_warp_parts", NULL, "2", "l1d.warp_parts") ||
        map_uint(g, "-gpgpu_num_sched_per_core", NULL, "1", "sm.schedulers"))
        return -1;
    /* No option: GPGPU-Sim's warps always wait for their stores' acks
     * (shd_warp_t::hardware_done() asks stores_done()). */
    if (gs_put_bool(g, "sm.store_acks", 1))
        return -1;
    get(g, "-gpgpu_scheduler", NULL, "gto", &v);
    if (!strcmp(v.value, "gto") || !strcmp(v.value, "lrr")) {
        g->counts.mapped += v.line != 0;
        return gs_put_str(g, "sm.scheduler", v.value);
    }
    gs_report(g, &v, "unmapped", "gmem's warp schedulers are gto and lrr: sm.scheduler keeps "
              "gmem's default");
    return 0;
}

/* A latency GPGPU-Sim counts in core cycles, onto a gmem field counted in
 * the cycles of domain `dom` (2 L2, 3 DRAM). */
static int map_latency(gs_t *g, const char *name, const char *alias, const char *def,
                       const char *path, unsigned dom, const char *where)
{
    gs_val_t v;
    unsigned long x;
    if (get(g, name, alias, def, &v))
        return 0;
    if (uint_of(g, &v, &x))
        return -1;
    double y = (double)x * g->mhz[dom] / g->mhz[0];
    uint64_t r = (uint64_t)llround(y);
    if (gs_put_uint(g, &v, path, r))
        return -1;
    if (g->mhz[dom] != g->mhz[0])
        gs_report(g, &v, "converted", "%lu core cycles at %g MHz are %llu cycles of gmem's %s "
                  "clock (%g MHz): $.%s = %llu%s", x, g->mhz[0], (unsigned long long)r,
                  dom == 2 ? "L2" : "DRAM", g->mhz[dom], path, (unsigned long long)r, where);
    else if (*where)
        gs_report(g, &v, "converted", "$.%s = %lu%s", path, x, where);
    g->counts.mapped += v.line != 0;
    return 0;
}

static int map_queues(gs_t *g)
{
    gs_val_t v;
    unsigned long q[4];
    get(g, "-gpgpu_dram_partition_queues", NULL, "8:8:8:8", &v);
    const char *p = v.value;
    for (unsigned i = 0; i < 4; i++) {
        char *end;
        if (*p < '0' || *p > '9' || (q[i] = strtoul(p, &end, 10), i < 3 ? *end != ':' : *end))
            return gs_fail(g, &v, "expected <icnt-to-L2>:<L2-to-DRAM>:<DRAM-to-L2>:<L2-to-icnt> "
                                  "queue sizes, e.g. 8:8:8:8");
        p = end + 1;
    }
    if (gs_put_uint(g, &v, "l2.queue", q[0]) || gs_put_bool(g, "l2.intake_gate", 1) ||
        gs_put_uint(g, &v, "l2.reply_gate", q[3]))
        return -1;
    gs_report(g, &v, "converted", "icnt-to-L2 %lu: $.l2.intake_gate = true (GPGPU-Sim takes "
              "a request off the crossbar only while this queue has room)", q[0]);
    gs_report(g, &v, "converted", "L2-to-icnt %lu: $.l2.reply_gate = %lu (no L2 access while "
              "this many replies wait to leave; 0 = unbounded)", q[3], q[3]);
    gs_report(g, &v, "unmapped", "L2-to-DRAM %lu, DRAM-to-L2 %lu: gmem's misses wait in the "
              "cache's miss queue ($.l2.c.missq) and its fills in a 16-entry queue", q[1], q[2]);
    return 0;
}

/* GPGPU-Sim puts bank j in group j >> t, t the bit length of nbk/nbkgrp
 * in 3.x (gpu-sim.h; one bit more than the bank tag, fixed in 4.x). */
static int map_bank_groups(gs_t *g, const gs_val_t *v, unsigned long nbk, unsigned long nbkgrp,
                           int v3x)
{
    if (nbkgrp == 0 || nbkgrp > nbk)
        return gs_fail(g, v, "nbkgrp=%lu: expected 1 to nbk=%lu bank groups", nbkgrp, nbk);
    unsigned t = 0;
    for (unsigned long n = nbk / nbkgrp; n; n >>= 1)
        t++;
    if (!v3x)
        t--;
    unsigned long groups = nbk >> t ? nbk >> t : 1;
    if (groups != nbkgrp)
        gs_report(g, v, "converted", "nbkgrp=%lu over %lu banks: GPGPU-Sim %s puts bank j in "
                  "group j >> %u%s, %lu groups: $.dram.bank_groups = %lu", nbkgrp, nbk,
                  v3x ? "3.x" : "4.x", t,
                  v3x ? " (its bank tag one bit too long, fixed in 4.x)" : "", groups, groups);
    return gs_put_uint(g, v, "dram.bank_groups", groups);
}

/* v3x: the file is GPGPU-Sim 3.x's (its dl2 string has no type) */
static int map_dram(gs_t *g, int v3x)
{
    static const struct { const char *key, *path; } t[14] = {
        {"nbk", "dram.banks"}, {"CCD", "dram.tCCD"}, {"RRD", "dram.tRRD"},
        {"RCD", "dram.tRCD"},  {"RAS", "dram.tRAS"}, {"RP", "dram.tRP"},
        {"RC", "dram.tRC"},    {"CL", "dram.tCL"},   {"WL", "dram.tWL"},
        {"CDLR", "dram.tCDLR"}, {"WR", "dram.tWR"},  {"nbkgrp", NULL},
        {"CCDL", NULL},        {"RTPL", NULL}};
    gs_val_t v;
    unsigned long x[14] = {0}, seen = 0;
    get(g, "-gpgpu_dram_timing_opt", NULL, "4:2:8:12:21:13:34:9:4:5:13:1:0:0", &v);
    char buf[512];
    if (strlen(v.value) >= sizeof buf)
        return gs_fail(g, &v, "too long");
    strcpy(buf, v.value);
    int named = strchr(buf, '=') != NULL;
    unsigned k = 0;
    x[11] = 1; /* nbkgrp, CCDL, RTPL default to 1, 0, 0 (gpu-sim.h) */
    seen = 7u << 11;
    for (char *save = NULL, *w = strtok_r(buf, named ? "=:; " : ":", &save); w;
         w = strtok_r(NULL, named ? "=:; " : ":", &save)) {
        unsigned i = k;
        if (named) {
            for (i = 0; i < 14 && strcmp(t[i].key, w); i++)
                ;
            if (i == 14)
                return gs_fail(g, &v, "'%s': expected the timings nbk CCD RRD RCD RAS RP RC CL "
                                      "WL CDLR WR nbkgrp CCDL RTPL as name=value", w);
            w = strtok_r(NULL, "=:; ", &save);
            if (!w)
                return gs_fail(g, &v, "%s: expected =value", t[i].key);
        } else if (k == 14) {
            return gs_fail(g, &v, "expected 14 numbers nbk:CCD:RRD:RCD:RAS:RP:RC:CL:WL:CDLR:WR:"
                                  "nbkgrp:CCDL:RTPL");
        }
        gs_val_t sub = v;
        sub.value = w;
        if (uint_of(g, &sub, &x[i]))
            return gs_fail(g, &v, "%s=%s: expected a non-negative decimal integer", t[i].key, w);
        seen |= 1ul << i;
        k++;
    }
    if ((!named && k != 14) || (named && seen != (1ul << 14) - 1))
        return gs_fail(g, &v, "expected every one of nbk CCD RRD RCD RAS RP RC CL WL CDLR WR "
                              "(named name=value, or 14 numbers in that order then nbkgrp:CCDL:RTPL)");
    for (unsigned i = 0; i < 11; i++)
        if (gs_put_uint(g, &v, t[i].path, x[i]))
            return -1;
    if (map_bank_groups(g, &v, x[0], x[11], v3x) || gs_put_uint(g, &v, "dram.tCCDL", x[12]) ||
        gs_put_uint(g, &v, "dram.tRTPL", x[13]))
        return -1;
    g->counts.mapped += v.line != 0;

    gs_val_t bw, chips;
    unsigned long nbw, nchips;
    get(g, "-gpgpu_dram_buswidth", NULL, "4", &bw);
    get(g, "-gpgpu_n_mem_per_ctrlr", NULL, "1", &chips);
    if (uint_of(g, &bw, &nbw) || uint_of(g, &chips, &nchips) ||
        gs_put_uint(g, &bw, "dram.bus_bytes", nbw * nchips))
        return -1;
    g->counts.mapped += (bw.line != 0) + (chips.line != 0);
    if (map_uint(g, "-gpgpu_dram_burst_length", NULL, "4", "dram.burst") ||
        map_uint(g, "-dram_data_command_freq_ratio", NULL, "2", "dram.data_ratio") ||
        map_uint(g, "-gpgpu_frfcfs_dram_sched_queue_size", NULL, "0", "dram.queue"))
        return -1;
    get(g, "-gpgpu_dram_scheduler", NULL, "1", &v);
    if (strcmp(v.value, "0") && strcmp(v.value, "1"))
        return gs_fail(g, &v, "expected 0 (FIFO) or 1 (FR-FCFS)");
    g->counts.mapped += v.line != 0;
    return gs_put_str(g, "dram.scheduler", v.value[0] == '0' ? "fcfs" : "frfcfs");
}

static int map_memory(gs_t *g)
{
    gs_val_t ch, v, mask, m;
    unsigned long nch, nsub;
    get(g, "-gpgpu_n_mem", NULL, "8", &ch);
    if (uint_of(g, &ch, &nch) || gs_put_uint(g, &ch, "l2.channels", nch))
        return -1;
    g->counts.mapped += ch.line != 0;
    get(g, "-gpgpu_n_sub_partition_per_mchannel", NULL, "1", &v);
    if (uint_of(g, &v, &nsub))
        return -1;
    if (!nsub || (nsub & (nsub - 1)))
        return gs_fail(g, &v, "expected a power of two (GPGPU-Sim asserts it)");
    if (gs_put_uint(g, &v, "l2.subpartitions", nsub))
        return -1;
    g->counts.mapped += v.line != 0;
    get(g, "-gpgpu_mem_address_mask", NULL, "0", &mask);
    int has = !get(g, "-gpgpu_mem_addr_mapping", NULL, NULL, &m);
    int r = gs_map_addr(g, has ? &m : NULL, &mask, (unsigned)nch);
    if (r < 0)
        return -1;
    g->counts.mapped += r && m.line;
    /* the channel index function (addrdec.cc) */
    get(g, "-gpgpu_memory_partition_indexing", NULL, "0", &v);
    unsigned npb = 0, nsb = 0;
    while ((1ul << npb) < nch)
        npb++;
    while ((1ul << nsb) < nsub)
        nsb++;
    if (!strcmp(v.value, "0")) {
        g->counts.mapped += v.line != 0;
        return gs_put_str(g, "part.func", "mod");
    }
    int dramid = has && !strncmp(m.value, "dramid@", 7) && gs_is_set(g, "part.chunk_lb");
    if (!strcmp(v.value, "1") && (1ul << npb) == nch && dramid) {
        /* the channel bits XOR the ones log2(channels) + log2(subpartitions)
         * above them: gmem's xor with that partner offset. (With D letters
         * instead of dramid@, addrdec.cc shifts by a start bit of -1: no
         * gmem function is that.) */
        g->counts.mapped += v.line != 0;
        return gs_put_str(g, "part.func", "xor") ||
               gs_put_uint(g, &v, "part.pxor_shift", npb + nsb);
    }
    gs_report(g, &v, "unmapped", "%s: part.func keeps gmem's default",
              !strcmp(v.value, "1") ? "XOR is gmem's xor for a power-of-two channel count and "
                                      "a dramid@ mapping only"
              : !strcmp(v.value, "2") ? "GPGPU-Sim's IPOLY hashes the sub-partition (channel "
                                        "and bank bits) from truncated tag bits; gmem's ipoly "
                                        "divides the whole chunk address into channels only"
                                      : "no gmem partition function of that kind");
    return 0;
}

/* A rule of gmem's configurations failed, "FILE: $.a.b: why": name the
 * option that gave $.a.b, with its line. */
static void blame(gs_t *g)
{
    char msg[sizeof g->err->msg];
    size_t flen = strlen(g->file);
    const char *rest = g->err->msg + flen + 2;
    if (strncmp(g->err->msg, g->file, flen) || strncmp(g->err->msg + flen, ": $.", 4)) {
        snprintf(msg, sizeof msg, "%s", g->err->msg);
    } else {
        size_t plen = strcspn(rest + 2, ": ");
        const gs_val_t *from = NULL;
        for (unsigned i = 0; i < g->nsrc && !from; i++)
            if (strlen(g->src[i].path) == plen && !strncmp(g->src[i].path, rest + 2, plen))
                from = &g->src[i].from;
        if (from && from->line)
            snprintf(msg, sizeof msg, "%s:%u: %s %.200s: %s", g->file, from->line, from->name,
                     from->value, rest);
        else if (from)
            snprintf(msg, sizeof msg, "%s: %s %.200s (GPGPU-Sim's default, not in the file): %s",
                     g->file, from->name, from->value, rest);
        else
            snprintf(msg, sizeof msg, "%s", g->err->msg);
    }
    gm_errf(g->err, "%s (a rule of gmem's configurations, broken by the values imported)", msg);
}

int gm_gpgpusim_import(const char *text, size_t len, const char *file, const char *name,
                       cJSON **out, gm_gs_report_fn report, void *ctx, gm_gs_counts_t *counts,
                       gm_err_t *err)
{
    gs_t g;
    memset(&g, 0, sizeof g);
    g.file = file;
    g.report = report;
    g.ctx = ctx;
    g.err = err;
    *out = NULL;
    gm_gpu_config_t *cfg = NULL;
    int rc = -1;
    if (gs_read_options(&g, text, len))
        goto done;
    g.counts.options = g.n;
    g.cfg = cJSON_CreateObject();
    cfg = malloc(sizeof *cfg);
    if (!g.cfg || !cfg) {
        gm_errf(err, "%s: out of memory", file);
        goto done;
    }
    if (gs_put_str(&g, "name", name) || map_clocks(&g) || map_sm(&g))
        goto done;
    gs_val_t v, dl[2];
    for (int l2 = 0; l2 < 2; l2++)
        get(&g, l2 ? "-gpgpu_cache:dl2" : "-gpgpu_cache:dl1", NULL,
            l2 ? "64:128:8,L:B:m:N,A:16:4,4" : "none", &dl[l2]);
    unsigned sector = gs_cache_sectored(dl[0].value) && gs_cache_sectored(dl[1].value) ? 32 : 0;
    for (int l2 = 0; l2 < 2; l2++) {
        v = g.cur = dl[l2]; /* what get() would have left for the fields' sources */
        int r = gs_map_cache(&g, &v, l2, sector);
        if (r < 0)
            goto done;
        g.counts.mapped += r && v.line;
    }
    if (map_uint(&g, "-gpgpu_l1_latency", NULL, "1", "l1d.c.latency") ||
        map_bool(&g, "-gpgpu_gmem_skip_L1D", "0", "l1d.closed") || map_coalesce(&g) ||
        map_latency(&g, "-gpgpu_l2_rop_latency", "-rop_latency", "85", "l2.rop_latency", 2, "") ||
        map_latency(&g, "-dram_latency", NULL, "30", "dram.latency", 3,
                    " (GPGPU-Sim delays the request on its way to DRAM, gmem the reply: the "
                    "same fixed time added to every DRAM access)") ||
        map_queues(&g) || map_dram(&g, dl[1].line && !gs_cache_typed(dl[1].value)) ||
        map_memory(&g) ||
        map_uint(&g, "-icnt_flit_size", NULL, "32", "icnt.flit_bytes"))
        goto done;
    gs_report_left(&g);
    gm_gpu_config_defaults(cfg);
    if (gm_cfg_apply(g.cfg, file, "$", gm_gpu_schema(), cfg, err))
        goto done;
    gs_report_defaults(&g, gm_gpu_schema(), "", cfg);
    if (gm_gpu_config_check(cfg, file, err)) {
        blame(&g);
        goto done;
    }
    *out = gm_cfg_to_json(gm_gpu_schema(), cfg);
    if (!*out) {
        gm_errf(err, "%s: out of memory", file);
        goto done;
    }
    rc = 0;
done:
    if (counts)
        *counts = g.counts;
    free(cfg);
    cJSON_Delete(g.cfg);
    gs_free_options(&g);
    return rc;
}
