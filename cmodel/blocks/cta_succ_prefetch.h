/* cta_succ_prefetch — the Successor Prefetch Engine (see cta_succ_prefetch.ports). */
#ifndef GM_CTA_SUCC_PREFETCH_H
#define GM_CTA_SUCC_PREFETCH_H

#define GM_BLOCK cta_succ_prefetch
#define GM_PORTS "cta_succ_prefetch.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CSP_MAX_SM = 32, CSP_MAX_DEPTH = 8 };
#define CSP_ADDR_MASK ((UINT64_C(1) << 40) - 1)

typedef struct cta_succ_prefetch {
    cta_succ_prefetch_params_t p;
    uint8_t rr;
    uint64_t first[CSP_MAX_SM * CSP_MAX_DEPTH];
    uint8_t head[CSP_MAX_SM], count[CSP_MAX_SM], k[CSP_MAX_SM];
    cta_succ_prefetch_counters_t ctr;
} cta_succ_prefetch_t;

int cta_succ_prefetch_init(cta_succ_prefetch_t *m, const cta_succ_prefetch_params_t *p,
                           gm_err_t *err);
void cta_succ_prefetch_reset(cta_succ_prefetch_t *m);
void cta_succ_prefetch_eval(const cta_succ_prefetch_t *m, const cta_succ_prefetch_in_t *in,
                            cta_succ_prefetch_out_t *out);
void cta_succ_prefetch_tick(cta_succ_prefetch_t *m, const cta_succ_prefetch_in_t *in);
void cta_succ_prefetch_counters(const cta_succ_prefetch_t *m,
                                cta_succ_prefetch_counters_t *c);
int cta_succ_prefetch_idle(const cta_succ_prefetch_t *m);

/* The successor's cluster position, and whether it is in the cluster
 * (w' < q + (i < r)) -- the pure part of succ_valid. */
uint32_t cta_succ_prefetch_next_w(const cta_succ_prefetch_in_t *in, int *exists);
/* base + bx*sx + by*sy + k*stride, mod 2^40. */
uint64_t cta_succ_prefetch_addr(const cta_succ_prefetch_in_t *in, uint32_t bx, uint32_t by,
                                uint32_t k);

#endif
