/* dts_duel — SM dueling for the locality-filtered L1D (see dts_duel.ports). */
#ifndef GM_DTS_DUEL_H
#define GM_DTS_DUEL_H

#define GM_BLOCK dts_duel
#define GM_PORTS "dts_duel.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

typedef struct dts_duel {
    dts_duel_params_t p;
    uint16_t cyc, a0, m0, a1, m1;
    uint8_t en;
    dts_duel_counters_t ctr;
} dts_duel_t;

int dts_duel_init(dts_duel_t *m, const dts_duel_params_t *p, gm_err_t *err);
void dts_duel_reset(dts_duel_t *m);
void dts_duel_eval(const dts_duel_t *m, const dts_duel_in_t *in, dts_duel_out_t *out);
void dts_duel_tick(dts_duel_t *m, const dts_duel_in_t *in);
void dts_duel_counters(const dts_duel_t *m, dts_duel_counters_t *c);
/* The decision an interval with these counts makes (prev if undecided). */
int dts_duel_decide(const dts_duel_params_t *p, unsigned a0, unsigned m0, unsigned a1,
                    unsigned m1, int prev);

/* 1 when a cycle without requests would change nothing (block.h). */
int dts_duel_idle(const dts_duel_t *m);

#endif
