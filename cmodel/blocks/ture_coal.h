/* ture_coal — TURE's eviction coalescing table (see ture_coal.ports). */
#ifndef GM_TURE_COAL_H
#define GM_TURE_COAL_H

#define GM_BLOCK ture_coal
#define GM_PORTS "ture_coal.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { TURE_COAL_MAX = 256 };
enum { TC_IDLE, TC_SEARCH, TC_DONE, TC_EVICT, TC_LRU, TC_FEVICT };
enum { TC_OP_INS = 1, TC_OP_REC = 2, TC_OP_OS = 3 };
enum { TC_TABLE_FULL = 1, TC_OVERSUB = 2, TC_FALLBACK = 3 };

typedef struct ture_coal {
    ture_coal_params_t p;
    uint8_t fsm, op, page, left;
    uint8_t hit_v, hit_idx, free_v, free_idx, best_v, best_idx;
    uint16_t sidx, occ, hit_bits;
    uint32_t key, best_stamp, best_grn, fgrn, stamp_ctr;
    uint8_t v[TURE_COAL_MAX];
    /* the payload the RTL keeps in its SRAM banks */
    uint32_t grn[TURE_COAL_MAX];
    uint16_t bits[TURE_COAL_MAX];
    uint32_t stamp[TURE_COAL_MAX];
    ture_coal_counters_t ctr;
} ture_coal_t;

int ture_coal_init(ture_coal_t *m, const ture_coal_params_t *p, gm_err_t *err);
void ture_coal_reset(ture_coal_t *m);
void ture_coal_eval(const ture_coal_t *m, const ture_coal_in_t *in, ture_coal_out_t *out);
void ture_coal_tick(ture_coal_t *m, const ture_coal_in_t *in);
void ture_coal_counters(const ture_coal_t *m, ture_coal_counters_t *c);
int ture_coal_idle(const ture_coal_t *m);

/* The valid entry holding granule g, or -1. */
int ture_coal_find(const ture_coal_t *m, uint32_t g);

/* Cycles of one pass over the table (NCOAL / SCAN + 1). */
unsigned ture_coal_pass_cycles(const ture_coal_params_t *p);

#endif
