/* GPGPU-Sim's DRAM address mapping (addrdec.cc) onto gmem's partition
 * mapping and DRAM address map.
 *
 * "dramid@S;<64 letters>": the channel is (addr >> S) mod channels and the
 * rest of the address is the quotient put back above the low S bits; the
 * letters, bit 63 first (D channel, B bank, R row, C column, S burst
 * offset, 0 unused; '.', '|' and ' ' only separate), decode that rest.
 * gmem's part_map "mod" with chunk_lb = S computes the same channel and
 * the same partition address, and dram.addr_map holds the letters of bits
 * 31..0. With no dramid@, D letters in one run from bit S up over exactly
 * log2(channels) bits are the same thing (the other letters' bits above
 * them move down by the run's length). */
#include <stdio.h>
#include <string.h>

#include "gs_int.h"

static unsigned clog2(unsigned x)
{
    unsigned b = 0;
    while ((1u << b) < x)
        b++;
    return b;
}

int gs_map_addr(gs_t *g, const gs_val_t *m, const gs_val_t *mask, unsigned channels)
{
    if (!m) {
        /* the built-in masks of addrdec.cc's init(), chosen by number: not
         * read here (a mask number names code, not a documented format) */
        gs_report(g, mask, "unmapped", "a built-in mapping of GPGPU-Sim's addrdec.cc; give "
                  "-gpgpu_mem_addr_mapping to import one: part.chunk_lb and dram.addr_map "
                  "keep gmem's defaults");
        return 0;
    }
    if (mask->line)
        gs_report(g, mask, "unmapped", "no effect: -gpgpu_mem_addr_mapping (line %u) replaces "
                  "it, in GPGPU-Sim too", m->line);
    const char *s = m->value, *semi = strchr(s, ';');
    int at = -1;
    if (!strncmp(s, "dramid@", 7)) {
        unsigned v = 0, nd = 0;
        const char *p = s + 7;
        for (; *p >= '0' && *p <= '9' && nd < 3; p++, nd++)
            v = v * 10 + (unsigned)(*p - '0');
        if (!nd || p != semi)
            return gs_fail(g, m, "expected dramid@<bit>;<64 letters of D B R C S 0>, e.g. "
                                 "dramid@8;00000000.00000000.00000000.00000000.0000RRRR."
                                 "RRRRRRRR.BBBCCCCB.CCSSSSSS");
        if (v > 63)
            return gs_fail(g, m, "dramid@%u: expected a bit of 0..63", v);
        at = (int)v;
    }
    const char *letters = semi ? semi + 1 : s;
    char bit[64]; /* bit[i]: the letter of address bit i */
    int ofs = 63;
    for (const char *p = letters; *p; p++) {
        char c = *p;
        if (c == '.' || c == '|' || c == ' ')
            continue;
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        if (!strchr("DBRCS0", c))
            return gs_fail(g, m, "'%c': expected one of D B R C S 0 (and . | as separators)", *p);
        if (ofs < 0)
            return gs_fail(g, m, "more than 64 bit letters: expected one per address bit, bit 63 "
                                 "first");
        bit[ofs--] = c;
    }
    if (ofs != -1)
        return gs_fail(g, m, "%d bit letters: expected 64, one per address bit, bit 63 first",
                       63 - ofs);
    unsigned nd = 0, lo = 64, hi = 0;
    for (unsigned i = 0; i < 64; i++)
        if (bit[i] == 'D') {
            nd++;
            lo = i < lo ? i : lo;
            hi = i;
        }
    if (at >= 0 && nd)
        return gs_fail(g, m, "D letters with dramid@%d: expected one or the other (GPGPU-Sim "
                             "asserts the same)", at);
    unsigned npb = clog2(channels);
    if (at < 0) {
        if (!nd || hi - lo + 1 != nd || nd != npb || (1u << npb) != channels) {
            gs_report(g, m, "unmapped", "the channel from %u D bit%s%s for %u channels: gmem "
                      "takes it from one run of log2(channels) bits (or dramid@): "
                      "part.chunk_lb and dram.addr_map keep gmem's defaults",
                      nd, nd == 1 ? "" : "s", nd && hi - lo + 1 != nd ? " not in one run" : "",
                      channels);
            return 0;
        }
        at = (int)lo; /* drop the run: the bits above move down */
        memmove(bit + lo, bit + lo + nd, 64 - lo - nd);
        memset(bit + 64 - nd, '0', nd);
    }
    int whole = 1;
    char map[33];
    for (unsigned i = 0; i < 32; i++)
        map[i] = bit[31 - i];
    map[32] = 0;
    unsigned high = 0;
    for (unsigned i = 32; i < 64; i++)
        high += bit[i] != '0';
    if (high) {
        gs_report(g, m, "unmapped", "%u letters above bit 31: gmem's partition addresses are "
                  "32 bits; dram.addr_map keeps bits 31..0 (%s)", high, map);
        whole = 0;
    }
    if (at < 7 || at > 16)
        return gs_fail(g, m, "the channel starts at bit %d: gmem's part.chunk_lb is 7..16", at);
    if (gs_put_uint(g, m, "part.chunk_lb", (unsigned)at) || gs_put_str(g, "dram.addr_map", map))
        return -1;
    return whole;
}
