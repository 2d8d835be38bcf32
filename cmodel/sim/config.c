#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/hash_math.h"
#include "plugin.h"
#include "util/parse.h"

const char *const gm_set_func_names[] = {"bmod", "bxor", "pmod", "aprime",
                                         "dprime", "ipoly", "ipoly_code", NULL};
const char *const gm_part_func_names[] = {"mod", "xor", "prime", "aprime",
                                          "dprime", "ipoly", NULL};
static const char *const sched_names[] = {"gto", "lrr", NULL};
static const char *const alloc_names[] = {"on_miss", "on_fill", NULL};
static const char *const write_names[] = {"write_evict", "write_through", "write_back", NULL};
static const char *const mshr_names[] = {"conventional", "dl", NULL};
static const char *const dram_sched_names[] = {"frfcfs", "fcfs", NULL};

/* Defaults: the Fermi GTX480 baseline of seed-000 ch.2 (Table 1 and the
 * released GPGPU-Sim configuration it names). */
#define S gm_clock_cfg_t
static const gm_field_t clock_f[] = {
    GM_FIELD_UINT_U(S, core_mhz, 700, 1, 10000, "MHz", "SM (core) clock"),
    GM_FIELD_UINT_U(S, icnt_mhz, 700, 1, 10000, "MHz", "interconnect (crossbar) clock"),
    GM_FIELD_UINT_U(S, l2_mhz, 700, 1, 10000, "MHz", "L2 clock"),
    GM_FIELD_UINT_U(S, dram_mhz, 924, 1, 10000, "MHz", "DRAM command clock"),
};
#undef S
static const gm_schema_t clock_s = {clock_f, sizeof clock_f / sizeof clock_f[0]};

#define S gm_sm_cfg_t
static const gm_field_t sm_f[] = {
    GM_FIELD_UINT(S, count, 15, 1, 256, "number of SMs"),
    GM_FIELD_UINT(S, max_threads, 1536, 32, 4096, "resident threads per SM"),
    GM_FIELD_UINT(S, max_warps, 48, 1, 128, "resident warps per SM"),
    GM_FIELD_UINT(S, max_ctas, 8, 1, 32, "CTAs per SM"),
    GM_FIELD_UINT(S, registers, 32768, 1024, 1u << 20, "registers per SM (limits resident CTAs)"),
    GM_FIELD_UINT_U(S, smem_bytes, 49152, 0, 1u << 20, "bytes", "shared memory per SM (limits resident CTAs)"),
    GM_FIELD_UINT(S, schedulers, 2, 1, 8, "warp schedulers per SM"),
    GM_FIELD_ENUM(S, scheduler, GM_SCHED_GTO, sched_names, "warp scheduling policy"),
    GM_FIELD_BOOL(S, store_acks, 0,
                  "a warp exits (and its CTA retires) only once every store request it sent "
                  "is acknowledged, as GPGPU-Sim's warps wait for stores_done(); false: a "
                  "store is done once sent"),
};
#undef S
static const gm_schema_t sm_s = {sm_f, sizeof sm_f / sizeof sm_f[0]};

#define S gm_cache_cfg_t
#define CACHE_FIELDS(sets_, ways_, func_, alloc_, write_, mshr_n, merge_, missq_, port_, lat_) \
    GM_FIELD_UINT(S, sets, sets_, 1, 256, "sets (a power of two)"),                            \
    GM_FIELD_UINT(S, ways, ways_, 1, 64, "ways (associativity)"),                              \
    GM_FIELD_UINT_U(S, line, 128, 32, 256, "bytes", "line size (a power of two)"),             \
    GM_FIELD_ENUM(S, set_func, func_, gm_set_func_names,                                       \
                  "set-index function (the set_hash block)"),                                  \
    GM_FIELD_UINT(S, xor_shift, 0, 0, 24,                                                      \
                  "BXOR: offset of the bits XORed into the index (0 = the DOC rule)"),         \
    GM_FIELD_ENUM(S, alloc, alloc_, alloc_names,                                               \
                  "when a miss allocates its line: on the miss or on the fill"),               \
    GM_FIELD_ENUM(S, write, write_, write_names, "store policy"),                              \
    GM_FIELD_ENUM(S, mshr, GM_MSHR_CONVENTIONAL, mshr_names,                                   \
                  "MSHR organisation: the mshr block, or the DL-MSHR (dlmshr)"),               \
    GM_FIELD_UINT(S, mshr_entries, mshr_n, 1, 1024, "MSHR entries"),                           \
    GM_FIELD_UINT(S, mshr_merge, merge_, 1, 64, "requests an MSHR entry holds (merge slots)"), \
    GM_FIELD_UINT(S, missq, missq_, 2, 1024, "miss-queue entries"),                            \
    GM_FIELD_UINT_U(S, port_bytes, port_, 8, 256, "bytes/cycle", "data and fill port width"),  \
    GM_FIELD_UINT_U(S, latency, lat_, 1, 1000, "cycles", "hit latency, in the cache's clock"), \
    GM_FIELD_UINT_U(S, sector, 0, 0, 256, "bytes",                                             \
                    "sector size: valid and dirty bits, fills and counts per sector "          \
                    "(0 = whole lines; else a power of two of 32 or more dividing the line, "  \
                    "the same in the L1D and the L2; may be left out)")
static const gm_field_t l1c_f[] = {CACHE_FIELDS(32, 4, 1, GM_ALLOC_ON_MISS, GM_WRITE_EVICT,
                                                32, 8, 8, 128, 1)};
static const gm_field_t l2c_f[] = {CACHE_FIELDS(64, 16, 1, GM_ALLOC_ON_MISS, GM_WRITE_BACK,
                                                32, 4, 8, 128, 1)};
#undef CACHE_FIELDS
#undef S
static const gm_schema_t l1c_s = {l1c_f, sizeof l1c_f / sizeof l1c_f[0]};
static const gm_schema_t l2c_s = {l2c_f, sizeof l2c_f / sizeof l2c_f[0]};

#define S gm_l1d_cfg_t
static const gm_field_t l1d_f[] = {
    GM_FIELD_OBJ(S, c, &l1c_s, "cache geometry and policies"),
    GM_FIELD_UINT(S, bypass_slots, 0, 0, 4096, "in-flight bypassed requests (0 = unlimited)"),
    GM_FIELD_BOOL(S, closed, 0,
                  "the L1D disabled (closed): every global load and store goes around it to "
                  "the L2, as GPGPU-Sim's -gpgpu_gmem_skip_L1D and seed-001 Fig 3.11"),
    GM_FIELD_UINT(S, warp_parts, 1, 1, 2,
                  "coalescing groups per warp, GPGPU-Sim's -gpgpu_shmem_warp_parts (2 by "
                  "default there, 1 in its Fermi files): at 2 each half-warp's lanes coalesce "
                  "on their own, so a line both halves touch is requested twice"),
    GM_FIELD_BOOL(S, segments, 0,
                  "GPGPU-Sim 3.x's coalescing by access size (memory_coalescing_arch_13): "
                  "1-byte accesses coalesce into 32-byte segments and 2-byte ones into "
                  "64-byte segments, each its own access, so a warp touching a line's "
                  "segments requests the line once a segment (a sectored L1D coalesces by "
                  "sector already)"),
};
#undef S
static const gm_schema_t l1d_s = {l1d_f, sizeof l1d_f / sizeof l1d_f[0]};

#define S gm_l2_cfg_t
static const gm_field_t l2_f[] = {
    GM_FIELD_OBJ(S, c, &l2c_s, "cache geometry and policies (per bank)"),
    GM_FIELD_UINT(S, channels, 6, 1, 64, "memory channels (partitions)"),
    GM_FIELD_UINT(S, subpartitions, 2, 1, 4, "L2 banks per channel"),
    GM_FIELD_UINT_U(S, rop_latency, 120, 0, 1000, "L2 cycles", "ROP delay from the crossbar to the L2 bank's queue"),
    GM_FIELD_UINT(S, queue, 8, 1, 1024, "incoming queue entries per bank"),
    GM_FIELD_UINT_U(S, far_latency, 0, 0, 1000, "L2 cycles",
                    "fabric delay of a request to an L2 bank in the other half of the GPU "
                    "(SMs and banks each split in two by index; 0 = one uniform L2)"),
    GM_FIELD_BOOL(S, write_fetch, 0,
                  "a write miss is sent on to DRAM and fetches its line through the MSHR, "
                  "which comes back clean (GPGPU-Sim 3.x's write-allocate W); false: the "
                  "line is allocated without a fetch and marked dirty"),
    GM_FIELD_BOOL(S, intake_gate, 0,
                  "a request leaves the crossbar only while the bank's incoming queue "
                  "(l2.queue) has room, as GPGPU-Sim's memory_sub_partition::full() gates it; "
                  "false: while the ROP delay line (rop_latency + 16 places) has room"),
    GM_FIELD_UINT(S, reply_gate, 0, 0, 1024,
                  "the bank makes no access while this many replies are queued or in its hit "
                  "pipe, as GPGPU-Sim's full L2-to-icnt queue stops it (8 in the GTX480 file); "
                  "0: an access waits only for a place in the hit pipe"),
};
#undef S
static const gm_schema_t l2_s = {l2_f, sizeof l2_f / sizeof l2_f[0]};

#define S gm_part_cfg_t
static const gm_field_t part_f[] = {
    GM_FIELD_ENUM(S, func, 0, gm_part_func_names, "partition mapping function"),
    GM_FIELD_UINT_U(S, chunk_lb, 8, 7, 16, "log2 bytes", "partition interleaving granularity"),
    GM_FIELD_UINT(S, pxor_shift, 8, 1, 16, "XOR mapping: offset of the chunk-address bits XORed into the channel"),
};
#undef S
static const gm_schema_t part_s = {part_f, sizeof part_f / sizeof part_f[0]};

#define S gm_icnt_cfg_t
static const gm_field_t icnt_f[] = {
    GM_FIELD_UINT_U(S, latency, 8, 1, 1000, "icnt cycles", "crossbar latency, injection to ejection"),
    GM_FIELD_UINT_U(S, flit_bytes, 32, 4, 256, "bytes", "flit size"),
    GM_FIELD_UINT_U(S, buffer, 8, 1, 1024, "packets", "injection buffer per port"),
    GM_FIELD_UINT_U(S, input_speedup, 1, 1, 4, "packets",
                    "packets a source port streams at once, to different outputs (GPGPU-Sim's "
                    "Fermi crossbar, booksim input_speedup 2 with one virtual channel, streams "
                    "one: 1)"),
    GM_FIELD_BOOL(S, voq, 0,
                  "virtual output queues: a source sends its oldest packet whose output is "
                  "free, so a head waiting for a busy output holds nothing behind it (false: "
                  "one FIFO per source, as booksim's single virtual channel)"),
};
#undef S
static const gm_schema_t icnt_s = {icnt_f, sizeof icnt_f / sizeof icnt_f[0]};

#define S gm_dram_cfg_t
static const gm_field_t dram_f[] = {
    GM_FIELD_ENUM(S, scheduler, GM_DRAM_FRFCFS, dram_sched_names,
                  "command scheduler (a plug-in: frfcfs, fcfs)"),
    GM_FIELD_UINT_U(S, queue, 16, 0, 4096, "requests", "scheduler queue per channel (0 = unlimited)"),
    GM_FIELD_UINT_U(S, bus_bytes, 8, 1, 64, "bytes", "data per bus beat (bus width x chips)"),
    GM_FIELD_UINT(S, data_ratio, 4, 1, 8, "data beats per command clock (4 = QDR)"),
    GM_FIELD_UINT_U(S, burst, 8, 1, 32, "beats", "burst length"),
    GM_FIELD_UINT(S, banks, 16, 1, 64, "banks per channel"),
    GM_FIELD_UINT_U(S, tCCD, 2, 1, 100, "DRAM cycles", "column command to column command"),
    GM_FIELD_UINT_U(S, tRRD, 6, 1, 100, "DRAM cycles", "activate to activate, different banks"),
    GM_FIELD_UINT_U(S, tRCD, 12, 1, 100, "DRAM cycles", "activate to column command"),
    GM_FIELD_UINT_U(S, tRAS, 28, 1, 200, "DRAM cycles", "activate to precharge"),
    GM_FIELD_UINT_U(S, tRP, 12, 1, 100, "DRAM cycles", "precharge to activate"),
    GM_FIELD_UINT_U(S, tRC, 40, 1, 300, "DRAM cycles", "activate to activate, same bank"),
    GM_FIELD_UINT_U(S, tCL, 12, 1, 100, "DRAM cycles", "CAS (read) latency: read command to data"),
    GM_FIELD_UINT_U(S, tWL, 4, 1, 100, "DRAM cycles", "write latency: write command to data"),
    GM_FIELD_UINT_U(S, tCDLR, 5, 1, 100, "DRAM cycles", "end of write data to read command"),
    GM_FIELD_UINT_U(S, tWR, 12, 1, 100, "DRAM cycles", "write recovery: end of write data to precharge"),
    GM_FIELD_UINT(S, bank_groups, 1, 1, 64,
                  "bank groups per channel, of consecutive banks (GPGPU-Sim 3.2.2's nbkgrp=4 over 16 "
                  "banks makes 2: README \"Bank groups\")"),
    GM_FIELD_UINT_U(S, tCCDL, 0, 0, 100, "DRAM cycles",
                    "column command to column command in the same bank group"),
    GM_FIELD_UINT_U(S, tRTPL, 0, 0, 100, "DRAM cycles",
                    "read command to precharge in the same bank group"),
    /* GPGPU-Sim adds -dram_latency at the core clock; 132 is its GTX480
     * value, 100 core cycles at 700 MHz, at the DRAM's 924 MHz. */
    GM_FIELD_UINT_U(S, latency, 132, 0, 2000, "DRAM cycles",
                    "extra fixed latency of every read's return (GPGPU-Sim's -dram_latency is in core cycles: scale it by dram_mhz/core_mhz)"),
    GM_FIELD_STR(S, addr_map, "0000RRRRRRRRRRRRBBBCCCCBCCSSSSSS",
                 "bit roles of the partition address, bit 31 first: R row, B bank, C column, S burst offset, 0 unused"),
};
#undef S
static const gm_schema_t dram_s = {dram_f, sizeof dram_f / sizeof dram_f[0]};

#define S gm_gpu_config_t
static const gm_field_t gpu_f[] = {
    GM_FIELD_STR(S, name, "fermi-gtx480", "configuration name"),
    GM_FIELD_OBJ(S, clock, &clock_s, "clock domains"),
    GM_FIELD_OBJ(S, sm, &sm_s, "streaming multiprocessors"),
    GM_FIELD_OBJ(S, l1d, &l1d_s, "L1 data cache per SM"),
    GM_FIELD_OBJ(S, l2, &l2_s, "L2 banks in the memory partitions"),
    GM_FIELD_OBJ(S, part, &part_s, "memory-partition mapping"),
    GM_FIELD_OBJ(S, icnt, &icnt_s, "crossbar"),
    GM_FIELD_OBJ(S, dram, &dram_s, "DRAM controllers (GDDR5)"),
};
#undef S
static const gm_schema_t core_s = {gpu_f, sizeof gpu_f / sizeof gpu_f[0]};

/* ---- the whole schema: the core tables with every plug-in's section
 * grafted in at its path. Built once, with offsets counted from the
 * config's start (an object field has offset 0 and passes the config
 * itself down), so a section can live in the plug-in area however deep
 * its path is. */

enum { MAX_FIELDS = 512, MAX_SCHEMAS = 64 };
static gm_field_t field_arena[MAX_FIELDS];
static gm_schema_t schema_arena[MAX_SCHEMAS];
static unsigned nfields, nschemas;
static const gm_schema_t *whole;

static const gm_schema_t *graft(const gm_schema_t *s, size_t base, const char *path);

/* The plug-in sections whose parent is `path` ("" for the top). */
static unsigned sections_at(const char *path, const gm_plugin_t **out)
{
    unsigned n = 0;
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++) {
        const char *sec = (*p)->section;
        if (!sec)
            continue;
        const char *dot = strrchr(sec, '.');
        size_t plen = dot ? (size_t)(dot - sec) : 0;
        if (strlen(path) == plen && !strncmp(sec, path, plen))
            out[n++] = *p;
    }
    return n;
}

static const gm_schema_t *graft(const gm_schema_t *s, size_t base, const char *path)
{
    const gm_plugin_t *secs[GM_PLUG_MAX];
    unsigned ns = s ? sections_at(path, secs) : 0, nf = s->n + ns;
    if (nfields + nf > MAX_FIELDS || nschemas == MAX_SCHEMAS)
        abort(); /* the arenas are sized for the build's tables */
    gm_field_t *f = &field_arena[nfields];
    nfields += nf;
    for (unsigned i = 0; i < s->n; i++) {
        f[i] = s->fields[i];
        f[i].offset += base;
        if (f[i].type == GM_F_OBJECT) {
            char sub[128];
            snprintf(sub, sizeof sub, "%s%s%s", path, *path ? "." : "", f[i].key);
            f[i].sub = graft(f[i].sub, f[i].offset, sub);
            f[i].offset = 0;
        }
    }
    for (unsigned k = 0; k < ns; k++) {
        const gm_plugin_t *p = secs[k];
        const char *dot = strrchr(p->section, '.');
        gm_field_t *g = &f[s->n + k];
        memset(g, 0, sizeof *g);
        g->key = dot ? dot + 1 : p->section;
        g->type = GM_F_OBJECT;
        g->doc = p->doc;
        g->sub = graft(p->schema, offsetof(gm_gpu_config_t, plug) +
                                      (size_t)gm_plugin_index(p) * GM_PLUG_CFG_BYTES,
                       p->section);
    }
    gm_schema_t *out = &schema_arena[nschemas++];
    out->fields = f;
    out->n = nf;
    return out;
}

const gm_schema_t *gm_gpu_schema(void)
{
    if (!whole)
        whole = graft(&core_s, 0, "");
    return whole;
}

void gm_gpu_config_defaults(gm_gpu_config_t *c)
{
    memset(c, 0, sizeof *c);
    gm_cfg_defaults(gm_gpu_schema(), c);
}

static int pow2(uint32_t x) { return x && !(x & (x - 1)); }

/* --max-cycles counts core cycles, and a domain k times faster than the
 * core runs k edges in each: with clocks far apart a capped run's time has
 * no bound (core_mhz=1 took 1.5 s for 5595 cycles, 270 times its 700 MHz
 * time). So every clock is within 1/GM_CLOCK_RATIO..GM_CLOCK_RATIO times
 * the core's, which the shipped configs (at most 2.4) are well inside. */
static int check_clocks(const gm_clock_cfg_t *c, const char *file, gm_err_t *err)
{
    const struct { const char *key; uint32_t mhz; } d[] = {
        {"icnt_mhz", c->icnt_mhz}, {"l2_mhz", c->l2_mhz}, {"dram_mhz", c->dram_mhz}};
    uint64_t lo = (c->core_mhz + GM_CLOCK_RATIO - 1) / GM_CLOCK_RATIO;
    uint64_t hi = (uint64_t)c->core_mhz * GM_CLOCK_RATIO;
    for (unsigned i = 0; i < 3; i++)
        if (d[i].mhz < lo || d[i].mhz > hi)
            return gm_errf(err, "%s: $.clock.%s: %u MHz is not within 1/%d..%d times "
                                "$.clock.core_mhz (%u MHz): expected %llu..%llu",
                           file, d[i].key, d[i].mhz, GM_CLOCK_RATIO, GM_CLOCK_RATIO,
                           c->core_mhz, (unsigned long long)lo,
                           (unsigned long long)(hi < 10000 ? hi : 10000));
    return 0;
}

static int check_cache(const gm_cache_cfg_t *c, const char *file, const char *path,
                       gm_err_t *err)
{
    if (!pow2(c->sets))
        return gm_errf(err, "%s: %s.sets: %u is not a power of two", file, path, c->sets);
    if (!pow2(c->line))
        return gm_errf(err, "%s: %s.line: %u is not a power of two", file, path, c->line);
    if (c->alloc == GM_ALLOC_ON_FILL && c->write == GM_WRITE_BACK)
        return gm_errf(err, "%s: %s.alloc: on_fill with write_back is deadlock-prone "
                            "(seed-000 §3.4); use on_miss or a write-evict cache",
                       file, path);
    if (c->sector && (!pow2(c->sector) || c->sector < 32 || c->sector > c->line))
        return gm_errf(err, "%s: %s.sector: %u does not divide the %u-byte line into "
                            "sectors: expected 0 or a power of two of 32..%u",
                       file, path, c->sector, c->line, c->line);
    return 0;
}

int gm_gpu_config_check(const gm_gpu_config_t *c, const char *file, gm_err_t *err)
{
    if (check_clocks(&c->clock, file, err))
        return -1;
    if (check_cache(&c->l1d.c, file, "$.l1d.c", err) ||
        check_cache(&c->l2.c, file, "$.l2.c", err))
        return -1;
    if (c->l1d.c.write == GM_WRITE_BACK)
        return gm_errf(err, "%s: $.l1d.c.write: the L1D is write_evict or write_through "
                            "for global data",
                       file);
    if (c->l2.c.write != GM_WRITE_BACK)
        return gm_errf(err, "%s: $.l2.c.write: the L2 is write_back", file);
    if (c->l2.write_fetch && c->l2.c.sector)
        return gm_errf(err, "%s: $.l2.write_fetch: a sectored L2 (l2.c.sector %u) fetches "
                            "no line on a write miss; expected false",
                       file, c->l2.c.sector);
    if (c->l1d.c.line != c->l2.c.line)
        return gm_errf(err, "%s: $.l2.c.line: %u differs from $.l1d.c.line %u", file,
                       c->l2.c.line, c->l1d.c.line);
    /* A request carries one sector of the L1D (addr and bytes): an L2 of
     * another sector size would have to split or widen it. */
    if (c->l1d.c.sector != c->l2.c.sector)
        return gm_errf(err, "%s: $.l2.c.sector: %u differs from $.l1d.c.sector %u", file,
                       c->l2.c.sector, c->l1d.c.sector);
    if (c->sm.max_warps * 32 < c->sm.max_threads)
        return gm_errf(err, "%s: $.sm.max_threads: %u exceeds max_warps x 32", file,
                       c->sm.max_threads);
    if (c->part.func != 0 && !pow2(c->l2.channels))
        return gm_errf(err, "%s: $.part.func: \"%s\" needs a power-of-two number of "
                            "channels ($.l2.channels is %u); use \"mod\"",
                       file, gm_part_func_names[c->part.func], c->l2.channels);
    unsigned nr = 0, nb = 0, nc = 0, ns = 0;
    if (strlen(c->dram.addr_map) != 32)
        return gm_errf(err, "%s: $.dram.addr_map: expected 32 letters (bit 31 first), got %zu",
                       file, strlen(c->dram.addr_map));
    for (const char *p = c->dram.addr_map; *p; p++) {
        switch (*p) {
        case 'R': nr++; break;
        case 'B': nb++; break;
        case 'C': nc++; break;
        case 'S': ns++; break;
        case '0': break;
        default:
            return gm_errf(err, "%s: $.dram.addr_map: '%c' is not one of R, B, C, S, 0",
                           file, *p);
        }
    }
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++)
        if ((*p)->check && (*p)->check(c, gm_plug_cfg(c, *p), file, err))
            return -1;
    if ((1u << nb) != c->dram.banks)
        return gm_errf(err, "%s: $.dram.addr_map: %u bank bits do not address $.dram.banks = %u",
                       file, nb, c->dram.banks);
    if (c->dram.banks % c->dram.bank_groups)
        return gm_errf(err, "%s: $.dram.bank_groups: %u does not divide $.dram.banks = %u", file,
                       c->dram.bank_groups, c->dram.banks);
    if (nr == 0 || nc + ns < gm_clog2(c->l2.c.line))
        return gm_errf(err, "%s: $.dram.addr_map: needs row bits and at least log2(line) "
                            "column/offset bits",
                       file);
    return 0;
}

/* ---- --set overrides */

/* The schema field at the path key[0..nk), or NULL. */
static const gm_field_t *set_field(char *const *key, unsigned nk)
{
    const gm_schema_t *s = gm_gpu_schema();
    const gm_field_t *f = NULL;
    for (unsigned i = 0; i < nk; i++) {
        if (!s)
            return NULL;
        f = NULL;
        for (unsigned k = 0; k < s->n && !f; k++)
            if (!strcmp(s->fields[k].key, key[i]))
                f = &s->fields[k];
        if (!f)
            return NULL;
        s = f->type == GM_F_OBJECT ? f->sub : NULL;
    }
    return f;
}

/* "$.a.b" for the override "a..b=VALUE" (the keys apply_set sees). */
static void set_path(const char *set, char *out, size_t n)
{
    size_t used = (size_t)snprintf(out, n, "$");
    const char *eq = strchr(set, '=');
    for (const char *p = set; p < eq && used + 1 < n; p++) {
        if (*p == '.')
            continue;
        if (p == set || p[-1] == '.')
            out[used++] = '.';
        out[used++] = *p;
    }
    out[used < n ? used : n - 1] = 0;
}

/* The whole of text as JSON, or NULL (cJSON_Parse alone stops after a
 * prefix: "5abc" would be 5). */
static cJSON *parse_whole(const char *text)
{
    const char *end = NULL;
    return cJSON_ParseWithOpts(text, &end, 1);
}

/* An override's value as JSON, by the type of the field it sets: an
 * integer is decimal digits, or 0x and hex digits, and nothing else (not
 * 1K, 5abc or "12 x"), within the field's range; a boolean true or false;
 * an enum or a string as written (or JSON-quoted); an object as JSON. A
 * path outside the schema gets its JSON value, or else the string, for
 * gm_cfg_apply to name the unknown key. */
static cJSON *set_value(const gm_field_t *f, const char *text, const char *set,
                        const char *path, gm_err_t *err)
{
    cJSON *v = NULL;
    if (!f) {
        v = parse_whole(text);
        return v ? v : cJSON_CreateString(text);
    }
    switch (f->type) {
    case GM_F_UINT: {
        int hex = text[0] == '0' && (text[1] == 'x' || text[1] == 'X');
        const char *d = text + (hex ? 2 : 0);
        size_t n = strspn(d, hex ? "0123456789abcdefABCDEF" : "0123456789");
        uint64_t x = 0;
        /* the digits checked first: strtoull alone would take a sign or spaces */
        if (!n || d[n] || n > (hex ? 16u : 19u) || gm_parse_u64(d, hex ? 16 : 10, &x)) {
            gm_errf(err, "--set %s: %s: expected an integer (decimal, or hex after 0x) in "
                         "%llu..%llu, got '%s'",
                    set, path, (unsigned long long)f->min, (unsigned long long)f->max, text);
            return NULL;
        }
        if (x < f->min || x > f->max) {
            gm_errf(err, "--set %s: %s: %llu is out of range, expected %llu..%llu", set, path,
                    (unsigned long long)x, (unsigned long long)f->min,
                    (unsigned long long)f->max);
            return NULL;
        }
        return cJSON_CreateNumber((double)x);
    }
    case GM_F_BOOL:
        if (!strcmp(text, "true") || !strcmp(text, "false"))
            return cJSON_CreateBool(text[0] == 't');
        gm_errf(err, "--set %s: %s: expected true or false, got '%s'", set, path, text);
        return NULL;
    case GM_F_ENUM:
    case GM_F_STRING:
        if (text[0] == '"') {
            v = parse_whole(text);
            if (!cJSON_IsString(v)) {
                cJSON_Delete(v);
                gm_errf(err, "--set %s: %s: a broken JSON string", set, path);
                return NULL;
            }
            return v;
        }
        return cJSON_CreateString(text);
    case GM_F_OBJECT:
        v = parse_whole(text);
        if (!cJSON_IsObject(v)) {
            cJSON_Delete(v);
            gm_errf(err, "--set %s: %s: expected a JSON object such as {\"key\": value}", set,
                    path);
            return NULL;
        }
        return v;
    }
    return NULL;
}

/* Apply one "a.b.c=VALUE" override to the configuration; an error names it
 * as "--set a.b.c=VALUE". */
static int apply_set(gm_gpu_config_t *c, const char *set, gm_err_t *err)
{
    char path[256], *key[16];
    unsigned nk = 0;
    const char *eq = strchr(set, '=');
    if (!eq || eq == set || (size_t)(eq - set) >= sizeof path)
        return gm_errf(err, "--set %s: expected PATH=VALUE, e.g. l1d.c.alloc=on_fill", set);
    memcpy(path, set, (size_t)(eq - set));
    path[eq - set] = 0;
    char *save = NULL;
    for (char *k = strtok_r(path, ".", &save); k; k = strtok_r(NULL, ".", &save)) {
        if (nk == 16)
            return gm_errf(err, "--set %s: a path of more than 16 keys", set);
        key[nk++] = k;
    }
    if (nk == 0)
        return gm_errf(err, "--set %s: empty path", set);
    char jpath[300];
    set_path(set, jpath, sizeof jpath);
    cJSON *v = set_value(set_field(key, nk), eq + 1, set, jpath, err);
    if (!v)
        return -1;
    cJSON *root = cJSON_CreateObject(), *o = root;
    for (unsigned i = 0; o && i + 1 < nk; i++)
        o = cJSON_AddObjectToObject(o, key[i]);
    if (!o) {
        cJSON_Delete(v);
        cJSON_Delete(root);
        return gm_errf(err, "--set %s: out of memory", set);
    }
    cJSON_AddItemToObject(o, key[nk - 1], v);
    char label[300];
    snprintf(label, sizeof label, "--set %s", set);
    int rc = gm_cfg_apply(root, label, "$", gm_gpu_schema(), c, err);
    cJSON_Delete(root);
    return rc;
}

/* Where in msg (from pos on) the override's path stands as a whole
 * JSON path or a prefix of one ("$.l1d.c" in "$.l1d.c.sets"), or NULL. */
static const char *mentions(const char *msg, const char *path)
{
    size_t n = strlen(path);
    for (const char *p = strstr(msg, path); p; p = strstr(p + 1, path)) {
        char next = p[n];
        if (!(next == '_' || (next >= 'a' && next <= 'z') || (next >= 'A' && next <= 'Z') ||
              (next >= '0' && next <= '9')))
            return p;
    }
    return NULL;
}

/* A cross-field rule failed with "FILE: $.path: ...": blame the value on
 * the --set override that gave it (the last one to set it), and say which
 * other values the message names came from --set. */
static int blame_sets(const char *file, const char *const *sets, unsigned n, gm_err_t *err)
{
    char msg[sizeof err->msg], path[300], extra[sizeof err->msg] = "";
    size_t flen = strlen(file), used = 0;
    if (strncmp(err->msg, file, flen) || strncmp(err->msg + flen, ": $", 3))
        return -1;
    const char *rest = err->msg + flen + 2; /* "$.path: ..." */
    size_t plen = strcspn(rest, ": ");
    int blamed = -1;
    for (unsigned i = n; i-- > 0;) {
        if (!strchr(sets[i], '='))
            continue;
        set_path(sets[i], path, sizeof path);
        const char *at = mentions(rest, path);
        if (!at)
            continue;
        if (blamed < 0 && at == rest && strlen(path) <= plen) {
            blamed = (int)i;
            continue;
        }
        /* each path once, from the last override that set it */
        int again = 0;
        for (unsigned k = i + 1; k < n && !again; k++) {
            char later[300];
            if (!strchr(sets[k], '='))
                continue;
            set_path(sets[k], later, sizeof later);
            again = !strcmp(later, path);
        }
        if (!again && used < sizeof extra)
            used += (size_t)snprintf(extra + used, sizeof extra - used, " (%s from --set %s)",
                                     path, sets[i]);
    }
    if (blamed < 0 && !used)
        return -1;
    if (blamed >= 0)
        snprintf(msg, sizeof msg, "--set %s: %s%s", sets[blamed], rest, extra);
    else
        snprintf(msg, sizeof msg, "%s%s", err->msg, extra);
    memcpy(err->msg, msg, sizeof msg);
    return -1;
}

int gm_gpu_config_load(const char *file, const char *const *sets, unsigned n,
                       gm_gpu_config_t *c, gm_err_t *err)
{
    if (gm_gpu_config_read(file, c, err))
        return -1;
    /* Each override on its own, so an error names it; the cross-field rules
     * after all of them, an override's value blamed on it. */
    for (unsigned i = 0; i < n; i++)
        if (apply_set(c, sets[i], err))
            return -1;
    return gm_gpu_config_check(c, file, err) ? blame_sets(file, sets, n, err) : 0;
}
