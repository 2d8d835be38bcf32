#include "coalesce.h"

#include <string.h>

/* Lines: one access per distinct line, in the order lanes first touch it;
 * sec_bytes[k][s] (when given) sums the bytes of sector s of line k.
 * Neighbouring lanes mostly share a line, so the current line's sectors and
 * bytes stay in registers until a lane leaves it; a line not yet seen (its
 * bit clear in a 64-bit filter of line hashes) needs no search. A line's
 * bytes are summed and then capped at the line size: the same as capping
 * every sum, since every lane adds a positive size. */
static unsigned by_line(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                        gm_access_t out[GM_WARP_SIZE], uint16_t sec_bytes[][8])
{
    uint32_t mask = line_bytes - 1, sz = in->size;
    unsigned lb = (unsigned)__builtin_ctz(line_bytes);
    unsigned sb = sector_bytes ? (unsigned)__builtin_ctz(sector_bytes) : 0;
    uint32_t sum[GM_WARP_SIZE];
    uint64_t seen = 0;
    unsigned n = 0, k = 0;
    uint32_t cur = 0, secs = 0, bytes = 0;
    for (uint32_t act = in->active; act; act &= act - 1) {
        uint32_t a = (uint32_t)in->addr[__builtin_ctz(act)];
        uint32_t line = a & ~mask;
        if (!n || line != cur) {
            if (n) {
                out[k].sectors = (uint8_t)secs;
                sum[k] = bytes;
            }
            unsigned h = ((line >> lb) * 0x9E3779B1u) >> 26;
            k = n;
            if (seen >> h & 1)
                for (k = 0; k < n && out[k].line != line; k++)
                    ;
            if (k == n) {
                seen |= 1ull << h;
                out[n].line = out[n].addr = line;
                out[n].sectors = 0;
                out[n].first = out[n].last = 1;
                sum[n++] = 0;
            }
            cur = line;
            secs = out[k].sectors;
            bytes = sum[k];
        }
        /* An access that runs past the line is charged to this line only:
         * workload accesses are naturally aligned. */
        uint32_t off = a & mask;
        secs |= 1u << (off >> 5);
        bytes += sz;
        if (sector_bytes)
            sec_bytes[k][off >> sb] += (uint16_t)sz;
    }
    if (n) {
        out[k].sectors = (uint8_t)secs;
        sum[k] = bytes;
    }
    for (k = 0; k < n; k++)
        out[k].bytes = sum[k] > line_bytes ? line_bytes : sum[k];
    return n;
}

/* Each line's touched sectors, lowest first (at most 32 in all: one a lane).
 * As segments (GPGPU-Sim's memory_coalescing_arch_13, for a line-grained
 * cache) a piece covers only the 32-byte pieces its lanes touch -- GPGPU-Sim
 * sends half of a 64-byte segment when the other half is unused -- and its
 * request names its line. */
static unsigned by_sector(const gm_access_t *lines, unsigned nl, uint32_t sector_bytes,
                          int segments, uint16_t sec_bytes[][8], gm_access_t out[GM_WARP_SIZE])
{
    unsigned n = 0;
    uint32_t per32 = sector_bytes / 32;
    uint8_t one = (uint8_t)((1u << per32) - 1); /* a sector's 32-byte pieces */
    for (unsigned k = 0; k < nl; k++) {
        unsigned first = n;
        uint8_t touched = segments ? lines[k].sectors : 0xff;
        for (unsigned s = 0; s < 8; s++) {
            if (!sec_bytes[k][s])
                continue;
            gm_access_t *o = &out[n++];
            o->line = lines[k].line;
            o->addr = segments ? lines[k].line : lines[k].line + s * sector_bytes;
            o->bytes = sec_bytes[k][s] > sector_bytes ? sector_bytes : sec_bytes[k][s];
            o->sectors = (uint8_t)(one << (s * per32)) & touched;
            o->first = n - 1 == first;
            o->last = 0;
        }
        out[n - 1].last = 1;
    }
    return n;
}

static unsigned coalesce(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                         int segments, gm_access_t out[GM_WARP_SIZE])
{
    if (!sector_bytes)
        return by_line(in, line_bytes, 0, out, NULL);
    gm_access_t lines[GM_WARP_SIZE];
    uint16_t sec_bytes[GM_WARP_SIZE][8];
    memset(sec_bytes, 0, sizeof sec_bytes);
    unsigned nl = by_line(in, line_bytes, sector_bytes, lines, sec_bytes);
    return by_sector(lines, nl, sector_bytes, segments, sec_bytes, out);
}

unsigned gm_coalesce(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                     gm_access_t out[GM_WARP_SIZE])
{
    return coalesce(in, line_bytes, sector_bytes, 0, out);
}

/* Over `parts` groups of lanes, each group's accesses after the last's. */
static unsigned by_parts(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                         int segments, unsigned parts, gm_access_t out[GM_WARP_SIZE])
{
    if (parts < 2)
        return coalesce(in, line_bytes, sector_bytes, segments, out);
    /* A half-warp touches at most 16 lines, or 16 sectors: the two fit. */
    gm_inst_t half = *in;
    unsigned n = 0;
    for (unsigned h = 0; h < 2; h++) {
        half.active = in->active & (0xFFFFu << (16 * h));
        n += coalesce(&half, line_bytes, sector_bytes, segments, out + n);
    }
    return n;
}

unsigned gm_coalesce_parts(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                           unsigned parts, gm_access_t out[GM_WARP_SIZE])
{
    return by_parts(in, line_bytes, sector_bytes, 0, parts, out);
}

unsigned gm_coalesce_segments(const gm_inst_t *in, uint32_t line_bytes, unsigned parts,
                              gm_access_t out[GM_WARP_SIZE])
{
    uint32_t seg = in->size == 1 ? 32 : in->size == 2 ? 64 : line_bytes;
    /* a segment is coalesced as a sector would be; one of a line, as the line */
    return seg < line_bytes ? by_parts(in, line_bytes, seg, 1, parts, out)
                            : by_parts(in, line_bytes, 0, 0, parts, out);
}
