#include "coalesce.h"

#include <string.h>

/* Lines: one access per distinct line, in the order lanes first touch it;
 * sec_bytes[k][s] (when given) sums the bytes of sector s of line k. */
static unsigned by_line(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                        gm_access_t out[GM_WARP_SIZE], uint16_t sec_bytes[][8])
{
    unsigned n = 0;
    uint32_t mask = line_bytes - 1;
    for (unsigned lane = 0; lane < GM_WARP_SIZE; lane++) {
        if (!(in->active >> lane & 1))
            continue;
        uint32_t a = (uint32_t)in->addr[lane];
        uint32_t line = a & ~mask;
        unsigned k;
        for (k = 0; k < n && out[k].line != line; k++)
            ;
        if (k == n) {
            out[n].line = out[n].addr = line;
            out[n].bytes = 0;
            out[n].sectors = 0;
            out[n].first = out[n].last = 1;
            n++;
        }
        /* An access that runs past the line is charged to this line only:
         * workload accesses are naturally aligned. */
        uint32_t off = a & mask;
        uint32_t sz = in->size;
        out[k].sectors |= (uint8_t)(1u << (off / 32));
        out[k].bytes = out[k].bytes + sz > line_bytes ? line_bytes : out[k].bytes + sz;
        if (sector_bytes)
            sec_bytes[k][off / sector_bytes] += (uint16_t)sz;
    }
    return n;
}

/* Each line's touched sectors, lowest first (at most 32 in all: one a lane). */
static unsigned by_sector(const gm_access_t *lines, unsigned nl, uint32_t sector_bytes,
                          uint16_t sec_bytes[][8], gm_access_t out[GM_WARP_SIZE])
{
    unsigned n = 0;
    uint32_t per32 = sector_bytes / 32;
    uint8_t one = (uint8_t)((1u << per32) - 1); /* a sector's 32-byte pieces */
    for (unsigned k = 0; k < nl; k++) {
        unsigned first = n;
        for (unsigned s = 0; s < 8; s++) {
            if (!sec_bytes[k][s])
                continue;
            gm_access_t *o = &out[n++];
            o->line = lines[k].line;
            o->addr = lines[k].line + s * sector_bytes;
            o->bytes = sec_bytes[k][s] > sector_bytes ? sector_bytes : sec_bytes[k][s];
            o->sectors = (uint8_t)(one << (s * per32));
            o->first = n - 1 == first;
            o->last = 0;
        }
        out[n - 1].last = 1;
    }
    return n;
}

unsigned gm_coalesce(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                     gm_access_t out[GM_WARP_SIZE])
{
    if (!sector_bytes)
        return by_line(in, line_bytes, 0, out, NULL);
    gm_access_t lines[GM_WARP_SIZE];
    uint16_t sec_bytes[GM_WARP_SIZE][8];
    memset(sec_bytes, 0, sizeof sec_bytes);
    unsigned nl = by_line(in, line_bytes, sector_bytes, lines, sec_bytes);
    return by_sector(lines, nl, sector_bytes, sec_bytes, out);
}
