/* dts — the decoupled tag store with locality filtering (see dts.ports). */
#ifndef GM_DTS_H
#define GM_DTS_H

#define GM_BLOCK dts
#define GM_PORTS "dts.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { DTS_MAX_SETS = 64, DTS_MAX_TW = 8, DTS_MAX_DW = 4, DTS_RCMAX = 63, DTS_LB = 7,
       DTS_MAX_NS = 4 };
enum { DTS_NONE, DTS_HIT, DTS_HIT_RESERVED, DTS_MISS, DTS_BYPASS, DTS_RF, DTS_STORE,
       DTS_SECTOR_MISS };
enum { DTS_RF_RESERVED = 1, DTS_RF_MSHR = 2, DTS_RF_BYPASS = 3 };

typedef struct dts {
    dts_params_t p;
    uint8_t tv[DTS_MAX_SETS * DTS_MAX_TW], tc[DTS_MAX_SETS * DTS_MAX_TW];
    uint32_t ttag[DTS_MAX_SETS * DTS_MAX_TW];
    uint8_t trc[DTS_MAX_SETS * DTS_MAX_TW], tpos[DTS_MAX_SETS * DTS_MAX_TW];
    uint8_t tlru[DTS_MAX_SETS * DTS_MAX_TW];
    uint8_t lv[DTS_MAX_SETS * DTS_MAX_DW];
    uint8_t sv[DTS_MAX_SETS * DTS_MAX_DW], sp[DTS_MAX_SETS * DTS_MAX_DW]; /* sector masks */
    uint8_t dlru[DTS_MAX_SETS * DTS_MAX_DW];
    uint8_t freec[DTS_MAX_SETS];
    uint8_t s2_v, s2_pos;
    dts_counters_t ctr;
} dts_t;

int dts_init(dts_t *m, const dts_params_t *p, gm_err_t *err);
void dts_reset(dts_t *m);
void dts_eval(const dts_t *m, const dts_in_t *in, dts_out_t *out);
void dts_tick(dts_t *m, const dts_in_t *in);
void dts_counters(const dts_t *m, dts_counters_t *c);
/* FREE equals the free lines, ranks are permutations, every valid line is
 * owned by exactly one committed entry, a line is allocated iff a sector of
 * it is valid or pending, no sector is both, none beyond SECTORS. */
int dts_check(const dts_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h). */
int dts_idle(const dts_t *m);

#endif
