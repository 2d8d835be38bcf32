/* bpg — the Bypassing Parameter Generator (see bpg.ports). */
#ifndef GM_BPG_H
#define GM_BPG_H

#include "shadow_tags.h"

#define GM_BLOCK bpg
#define GM_PORTS "bpg.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { BPG_NCALC = 8, BPG_HIT_MAX = 1023, BPG_RF_MAX = 4095 };

typedef struct bpg {
    bpg_params_t p;
    shadow_tags_t sh[BPG_NCALC]; /* calculator i's monitor */
    uint16_t hit_cnt[BPG_NCALC];
    uint32_t cube[BPG_NCALC];    /* Q1.16 (L/N)^3, loaded at launch */
    uint16_t rf_cnt, acc_cnt;
    uint8_t n, lmax_r, bypass_en_r, mode_tb_r, started_r;
    bpg_counters_t ctr;
} bpg_t;

int bpg_init(bpg_t *m, const bpg_params_t *p, gm_err_t *err);
void bpg_reset(bpg_t *m);
void bpg_eval(const bpg_t *m, const bpg_in_t *in, bpg_out_t *out);
void bpg_tick(bpg_t *m, const bpg_in_t *in);
void bpg_counters(const bpg_t *m, bpg_counters_t *c);
/* round((l/d)^3 * 2^16) */
uint32_t bpg_cube_q16(unsigned l, unsigned d);
/* The L_max an update would choose now, and each calculator's adjusted
 * hits (INT32_MIN for L > N). */
unsigned bpg_select(const bpg_t *m, int32_t adj[BPG_NCALC]);

/* 1 when a cycle without requests would change nothing (block.h). */
int bpg_idle(const bpg_t *m);

#endif
