/* A GPGPU-Sim cache geometry string (gpu-cache.h, cache_config::init) onto
 * a gmem cache section:
 *
 *   [T:]sets:line:ways,rep:write:alloc:write_alloc[:set_index],
 *   mshr:entries:merge,miss_queue[:fifo][,port_bytes]
 *
 * 3.x strings have no leading type T and may leave out set_index (then
 * linear); 4.x strings start with N (normal) or S (sectored). */
#include <stdio.h>
#include <string.h>

#include "blocks/mshr.h"
#include "gs_int.h"

#define FORM "[N|S:]<sets>:<line>:<ways>,<rep>:<write>:<alloc>:<write-alloc>[:<set-index>]," \
             "<mshr>:<entries>:<merge>,<miss-queue>[:<fifo>][,<port-bytes>] "                \
             "(e.g. N:64:128:6,L:L:m:N:H,A:128:8,8)"

typedef struct geom {
    char type, rep, wp, ap, wap, sif, mshr;
    unsigned long sets, line, ways, entries, merge, mq, fifo, port;
    int has_type, has_fifo, has_port;
} geom_t;

/* s[0..n) split at sep into at most max parts */
static unsigned split(char *s, char sep, char **part, unsigned max)
{
    unsigned k = 0;
    part[k++] = s;
    for (char *p = s; *p; p++)
        if (*p == sep) {
            if (k == max)
                return max + 1;
            *p = 0;
            part[k++] = p + 1;
        }
    return k;
}

static int ch(const char *s, char *c)
{
    if (strlen(s) != 1)
        return -1;
    *c = s[0];
    return 0;
}

static int parse(gs_t *g, const gs_val_t *v, geom_t *o)
{
    char buf[256], *grp[6], *f[6];
    memset(o, 0, sizeof *o);
    if (strlen(v->value) >= sizeof buf)
        return gs_fail(g, v, "expected " FORM ": too long");
    strcpy(buf, v->value);
    unsigned ng = split(buf, ',', grp, 5);
    if (ng < 4 || ng > 5)
        return gs_fail(g, v, "expected " FORM ": %u comma-separated groups, expected 4 or 5", ng);
    unsigned k = split(grp[0], ':', f, 4);
    if (k == 4) {
        if (ch(f[0], &o->type) || (o->type != 'N' && o->type != 'S'))
            return gs_fail(g, v, "expected " FORM ": cache type '%s', expected N or S", f[0]);
        o->has_type = 1;
    } else if (k != 3)
        return gs_fail(g, v, "expected " FORM ": the first group has %u fields, expected 3 or 4", k);
    char **geo = f + (k == 4);
    if (gs_decimal(geo[0], &o->sets) || gs_decimal(geo[1], &o->line) ||
        gs_decimal(geo[2], &o->ways))
        return gs_fail(g, v, "expected " FORM ": sets, line and ways must be decimal numbers");
    k = split(grp[1], ':', f, 5);
    if (k < 4 || k > 5 || ch(f[0], &o->rep) || ch(f[1], &o->wp) || ch(f[2], &o->ap) ||
        ch(f[3], &o->wap) || (k == 5 && ch(f[4], &o->sif)))
        return gs_fail(g, v, "expected " FORM ": the policies are 4 or 5 single letters");
    if (k == 4)
        o->sif = 'L'; /* the 3.x form: GPGPU-Sim's linear index */
    if (!strchr("LF", o->rep))
        return gs_fail(g, v, "expected " FORM ": replacement '%c', expected L (LRU) or F (FIFO)", o->rep);
    if (!strchr("RBTEL", o->wp))
        return gs_fail(g, v, "expected " FORM ": write policy '%c', expected R, B, T, E or L", o->wp);
    if (!strchr("mfs", o->ap))
        return gs_fail(g, v, "expected " FORM ": allocation '%c', expected m, f or s", o->ap);
    if (!strchr("NWFL", o->wap))
        return gs_fail(g, v, "expected " FORM ": write-allocate '%c', expected N, W, F or L", o->wap);
    if (!strchr("LHPC", o->sif))
        return gs_fail(g, v, "expected " FORM ": set index '%c', expected L, H, P or C", o->sif);
    k = split(grp[2], ':', f, 3);
    if (k != 3 || ch(f[0], &o->mshr) || !strchr("AFTS", o->mshr) ||
        gs_decimal(f[1], &o->entries) || gs_decimal(f[2], &o->merge))
        return gs_fail(g, v, "expected " FORM ": the MSHR group is A, S, F or T, entries, merge");
    k = split(grp[3], ':', f, 2);
    if (k > 2 || gs_decimal(f[0], &o->mq) || (k == 2 && gs_decimal(f[1], &o->fifo)))
        return gs_fail(g, v, "expected " FORM ": the miss-queue group is <entries>[:<fifo>]");
    o->has_fifo = k == 2;
    if (ng == 5) {
        if (gs_decimal(grp[4], &o->port))
            return gs_fail(g, v, "expected " FORM ": the port width is a decimal number");
        o->has_port = 1;
    }
    /* GPGPU-Sim's own rules (asserts in cache_config::init) */
    if (!o->sets || (o->sets & (o->sets - 1)))
        return gs_fail(g, v, "%lu sets: expected a power of two", o->sets);
    if (o->line < 32 || (o->line & (o->line - 1)))
        return gs_fail(g, v, "a %lu-byte line: expected a power of two of at least 32", o->line);
    if (!o->ways)
        return gs_fail(g, v, "0 ways: expected at least 1");
    if (o->type == 'S' && o->line != 128)
        return gs_fail(g, v, "a sectored cache's line is 4 sectors of 32 bytes: expected 128, got %lu",
                       o->line);
    if (o->ap == 'f' && o->wp == 'B')
        return gs_fail(g, v, "allocate-on-fill with write-back: GPGPU-Sim refuses it (a deadlock)");
    if ((o->mshr == 'F' || o->mshr == 'T') && !o->has_fifo)
        return gs_fail(g, v, "a texture MSHR (F, T) needs its fifo entries: <miss-queue>:<fifo>");
    if (o->has_port && o->port && o->line % o->port)
        return gs_fail(g, v, "a %lu-byte port: expected a divisor of the %lu-byte line", o->port,
                       o->line);
    return 0;
}

int gs_cache_sectored(const char *value)
{
    return value[0] == 'S' && value[1] == ':';
}

int gs_cache_typed(const char *value)
{
    return (value[0] == 'N' || value[0] == 'S') && value[1] == ':';
}

int gs_map_cache(gs_t *g, const gs_val_t *v, int l2, unsigned sector)
{
    const char *sec = l2 ? "l2.c" : "l1d.c";
    char path[64];
#define P(field) (snprintf(path, sizeof path, "%s.%s", sec, field), path)
    if (!strcmp(v->value, "none")) {
        gs_report(g, v, "unmapped", "no %s: gmem always has one; %s keeps gmem's defaults",
                  l2 ? "L2" : "L1D", sec);
        return 0;
    }
    geom_t o;
    if (parse(g, v, &o))
        return -1;
    unsigned long sets = o.sets, ways = o.ways;
    int whole = 1;
    if (o.type == 'S' && sector) {
        if (gs_put_uint(g, v, P("sector"), sector))
            return -1;
        gs_report(g, v, "converted", "cache type S (4 sectors of 32 bytes a line): $.%s.sector "
                  "= %u", sec, sector);
    } else if (o.type == 'S') {
        /* GPGPU-Sim splits a line request into sector requests at the L2
         * (breakdown_request_to_sector_requests); gmem's request carries
         * one sector size from the L1D down, so both caches share it. */
        gs_report(g, v, "unmapped", "cache type S (4 sectors of 32 bytes a line) beside a "
                  "line-granular %s: gmem needs one sector size in both caches; left whole "
                  "%lu-byte lines", l2 ? "L1D" : "L2", o.line);
        whole = 0;
    }
    /* gmem's tag store holds at most 64 ways; GPGPU-Sim's Volta-on L1D is
     * one set of 256 or 512. The same lines in more sets keeps capacity,
     * but a fully associative cache becomes a set-associative one: said. */
    if (ways > 64 && ways % 64 == 0 && sets * (ways / 64) <= 256) {
        sets *= ways / 64;
        gs_report(g, v, "unmapped", "%lu sets x %lu ways: gmem's caches have at most 64 ways; "
                  "wrote the same %lu lines as %lu sets x 64 ways", o.sets, o.ways,
                  o.sets * o.ways, sets);
        ways = 64;
        whole = 0;
    }
    if (gs_put_uint(g, v, P("sets"), sets) || gs_put_uint(g, v, P("ways"), ways) ||
        gs_put_uint(g, v, P("line"), o.line))
        return -1;
    if (o.rep == 'F') {
        gs_report(g, v, "unmapped", "replacement F (FIFO): gmem's caches replace LRU");
        whole = 0;
    }
    /* write policy: the L1D sees global data only, so GPGPU-Sim's L (local
     * write-back, global write-through) is gmem's write_through there */
    const char *wp = NULL;
    if (!l2 && (o.wp == 'L' || o.wp == 'T'))
        wp = "write_through";
    else if (!l2 && o.wp == 'E')
        wp = "write_evict";
    else if (l2 && o.wp == 'B')
        wp = "write_back";
    if (wp) {
        if (gs_put_str(g, P("write"), wp))
            return -1;
    } else {
        gs_report(g, v, "unmapped", "write policy %c: gmem's %s is %s", o.wp, l2 ? "L2" : "L1D",
                  l2 ? "write-back (B)" : "write-through (L, T) or write-evict (E)");
        whole = 0;
    }
    /* write-allocate: gmem's write-through L1D never allocates on a store
     * (N); its write-back L2 either allocates a stored line without
     * fetching it, which none of GPGPU-Sim's four is, or (l2.write_fetch)
     * sends the write on and fetches the line, which is W (F fetches first
     * and writes after, L fetches on a read of a partly written line, N
     * does not allocate). */
    if (l2 && o.wap == 'W' && o.type != 'S') {
        if (gs_put_bool(g, "l2.write_fetch", 1))
            return -1;
    } else if (l2 || o.wap != 'N') {
        gs_report(g, v, "unmapped", "write-allocate %c: gmem's %s %s, no field chooses it", o.wap,
                  l2 ? "L2" : "L1D",
                  l2 ? "allocates a stored line without fetching it, or unsectored "
                       "sends the write on and fetches the line (W, l2.write_fetch)"
                     : "does not allocate on a store (N only)");
        whole = 0;
    }
    unsigned long entries = o.entries, merge = o.merge;
    if (o.ap == 's') {
        /* GPGPU-Sim's streaming cache: allocate on fill, and the MSHR sized
         * to 4 entries a line (x4 sectors) with 64 merges (gpu-cache.h) */
        entries = o.sets * o.ways * 4 * (o.type == 'S' ? 4 : 1);
        merge = 64;
        if (entries > MSHR_MAX_ENT) {
            gs_report(g, v, "unmapped", "allocation s (streaming): GPGPU-Sim gives it %lu MSHR "
                      "entries x 64 merges; gmem's mshr block holds at most %d entries: wrote "
                      "%d (allocation on_fill, 64 merges as GPGPU-Sim)", entries, MSHR_MAX_ENT,
                      MSHR_MAX_ENT);
            entries = MSHR_MAX_ENT;
            whole = 0;
        } else {
            gs_report(g, v, "converted", "allocation s (streaming): GPGPU-Sim replaces the "
                      "string's MSHR (%lu entries x %lu merges) by %lu x 64: written so, with "
                      "allocation on_fill", o.entries, o.merge, entries);
        }
    }
    if (gs_put_str(g, P("alloc"), o.ap == 'm' ? "on_miss" : "on_fill"))
        return -1;
    if (o.sif == 'L') {
        if (gs_put_str(g, P("set_func"), "bmod"))
            return -1;
    } else {
        gs_report(g, v, "unmapped", "set index %c: %s", o.sif,
                  o.sif == 'H' ? "GPGPU-Sim's Fermi hash (bits 7-11 XOR bits 13, 14, 15, 17, 19) "
                                 "is none of gmem's set_func (bxor XORs the next bits in order)"
                  : o.sif == 'P' ? "GPGPU-Sim's IPOLY hashes only the 15-19 tag bits above the "
                                   "index; gmem's ipoly divides the whole block address"
                                 : "a custom function");
        whole = 0;
    }
    if (o.mshr == 'F' || o.mshr == 'T') {
        gs_report(g, v, "unmapped", "MSHR %c (texture FIFO, %lu fifo entries): gmem's data "
                  "caches have an associative MSHR", o.mshr, o.fifo);
        whole = 0;
    } else if (o.fifo) {
        gs_report(g, v, "unmapped", "%lu fifo entries: only a texture MSHR (F, T) uses them, "
                  "in GPGPU-Sim too", o.fifo);
        whole = 0;
    }
    if (o.mshr == 'S') {
        gs_report(g, v, "unmapped", "MSHR S (sector-associative: a line's sectors merge "
                  "apart): gmem's MSHR is keyed by the line, or by the sector when c.sector is "
                  "set, as GPGPU-Sim keys every sectored cache's (mshr_addr)");
        whole = 0;
    }
    if (entries > MSHR_MAX_ENT)
        return gs_fail(g, v, "%lu MSHR entries: expected 1..%d (gmem's mshr block)", entries,
                       MSHR_MAX_ENT);
    if (gs_put_str(g, P("mshr"), "conventional") ||
        gs_put_uint(g, v, P("mshr_entries"), entries) ||
        gs_put_uint(g, v, P("mshr_merge"), merge) || gs_put_uint(g, v, P("missq"), o.mq) ||
        gs_put_uint(g, v, P("port_bytes"), o.has_port && o.port ? o.port : o.line))
        return -1;
#undef P
    return whole;
}
