/* cart — the Cache Access Reordering Tree (see cart.ports). */
#ifndef GM_CART_H
#define GM_CART_H

#define GM_BLOCK cart
#define GM_PORTS "cart.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CART_MAX_B = 16, CART_MAX_R = 8, CART_MAX_C = 2, CART_MAX_D = 8,
       CART_MAX_Q = CART_MAX_B * CART_MAX_R * CART_MAX_C };
enum { CART_NONE, CART_SAME_QUEUE, CART_SAME_ROW, CART_LONGEST };

typedef struct cart {
    cart_params_t p;
    uint8_t q_valid[CART_MAX_Q], q_col[CART_MAX_Q], q_cnt[CART_MAX_Q], q_rd[CART_MAX_Q];
    uint32_t q_data[CART_MAX_Q * CART_MAX_D];
    uint8_t g_valid[CART_MAX_B * CART_MAX_R], g_young[CART_MAX_B * CART_MAX_R];
    uint16_t g_row[CART_MAX_B * CART_MAX_R];
    uint8_t h_valid[CART_MAX_B], h_q[CART_MAX_B], h_col[CART_MAX_B];
    uint16_t h_row[CART_MAX_B];
    uint8_t rr;
    uint16_t occ;
    uint16_t bank_n[CART_MAX_B]; /* buffered per branch: derived, for speed */
    cart_counters_t ctr;
} cart_t;

int cart_init(cart_t *m, const cart_params_t *p, gm_err_t *err);
void cart_reset(cart_t *m);
void cart_eval(const cart_t *m, const cart_in_t *in, cart_out_t *out);
void cart_tick(cart_t *m, const cart_in_t *in);
void cart_counters(const cart_t *m, cart_counters_t *c);
/* 1 when nothing is buffered and nothing arrives. */
int cart_quiet(const cart_t *m, const cart_in_t *in);
/* The bookkeeping: counts, valid bits, groups and occupancy agree. */
int cart_check(const cart_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h). */
int cart_idle(const cart_t *m);

#endif
