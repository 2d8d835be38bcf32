/* milg — Memory Instruction Limiting number Generator (see milg.ports). */
#ifndef GM_MILG_H
#define GM_MILG_H

#define GM_BLOCK milg
#define GM_PORTS "milg.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { MILG_INF_MAX = 127, MILG_RF_MAX = 4095, MILG_REQ_WRAP = 1024 };

typedef struct milg {
    milg_params_t p;
    uint8_t inflight;     /* 7 bits */
    uint8_t max_inflight; /* 7 bits */
    uint16_t rf_cnt;      /* 12 bits, saturating */
    uint16_t req_cnt;     /* 10 bits, wrapping */
    uint8_t mil;          /* 7 bits */
    milg_counters_t ctr;
} milg_t;

int milg_init(milg_t *m, const milg_params_t *p, gm_err_t *err);
void milg_reset(milg_t *m);
void milg_eval(const milg_t *m, const milg_in_t *in, milg_out_t *out);
void milg_tick(milg_t *m, const milg_in_t *in);
void milg_counters(const milg_t *m, milg_counters_t *c);

/* 1 when a cycle with these inputs changes nothing (no event, and the
 * maximum already covers the in-flight count). */
int milg_quiet(const milg_t *m, const milg_in_t *in);

/* The limit an update computes from the interval's registers. */
unsigned milg_next_limit(const milg_params_t *p, unsigned mil,
                         unsigned max_inflight, unsigned rf_cnt);

/* 1 when a cycle without requests would change nothing (block.h). */
int milg_idle(const milg_t *m);

#endif
