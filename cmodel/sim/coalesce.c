#include "coalesce.h"

unsigned gm_coalesce(const gm_inst_t *in, uint32_t line_bytes, gm_access_t out[GM_WARP_SIZE])
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
            out[n].line = line;
            out[n].bytes = 0;
            out[n].sectors = 0;
            n++;
        }
        /* An access that runs past the line is charged to this line only:
         * workload accesses are naturally aligned. */
        uint32_t off = a & mask;
        uint32_t sz = in->size;
        out[k].sectors |= (uint8_t)(1u << (off / 32));
        out[k].bytes = out[k].bytes + sz > line_bytes ? line_bytes : out[k].bytes + sz;
    }
    return n;
}
