/* The coalescer: a warp memory instruction becomes one request per distinct
 * line its active lanes touch, in the order lanes first touch them. With
 * sectored caches it becomes one request per distinct sector instead, as
 * GPGPU-Sim's coalescer does for a sectored L1 (32-byte segments,
 * abstract_hardware_model.cc): a line's sectors follow one another in
 * address order, the first and the last marked, so the cache can count the
 * line's request as a whole. */
#ifndef GM_SIM_COALESCE_H
#define GM_SIM_COALESCE_H

#include <stdint.h>

#include "workload/workload.h"

typedef struct gm_access {
    uint32_t line;    /* line-aligned address */
    uint32_t addr;    /* the request's address: the sector's, or the line */
    uint32_t bytes;   /* bytes the lanes touch in the line (or the sector) */
    uint8_t sectors;  /* 32-byte sectors of the line it covers (bit mask) */
    uint8_t first, last; /* the first and the last request of its line */
} gm_access_t;

/* Returns the number of accesses written to out[0..31]; sector_bytes 0
 * makes one a line, else one a sector (32 bytes or more: a lane's access,
 * naturally aligned and at most 16 bytes, touches one sector). */
unsigned gm_coalesce(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                     gm_access_t out[GM_WARP_SIZE]);

/* The same over `parts` groups of lanes (1 or 2: the warp, or each
 * half-warp in turn, GPGPU-Sim's mem_warp_parts): a group's requests follow
 * the group before's, and a line two groups touch is requested by each. */
unsigned gm_coalesce_parts(const gm_inst_t *in, uint32_t line_bytes, uint32_t sector_bytes,
                           unsigned parts, gm_access_t out[GM_WARP_SIZE]);

/* GPGPU-Sim 3.x's coalescer for a line-grained cache
 * (memory_coalescing_arch_13, abstract_hardware_model.cc): lanes coalesce
 * into segments of 32 bytes for 1-byte accesses, 64 for 2-byte ones and
 * the line otherwise, each segment its own access (its sectors and bytes
 * the segment's, its addr the line), a line's segments in address order
 * after each other; over `parts` groups of lanes as above. */
unsigned gm_coalesce_segments(const gm_inst_t *in, uint32_t line_bytes, unsigned parts,
                              gm_access_t out[GM_WARP_SIZE]);

#endif
