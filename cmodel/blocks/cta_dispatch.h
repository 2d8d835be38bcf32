/* cta_dispatch — the cluster-aware CTA dispatcher (see cta_dispatch.ports). */
#ifndef GM_CTA_DISPATCH_H
#define GM_CTA_DISPATCH_H

#define GM_BLOCK cta_dispatch
#define GM_PORTS "cta_dispatch.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CTA_DISP_MAX_SM = 32, CTA_DISP_MAX_SLOTS = 32 };
enum {
    CTA_POL_STRICT_RR,
    CTA_POL_RR_THEN_DEMAND,
    CTA_POL_RANDOM,
    CTA_POL_CLUSTER_STATIC,
    CTA_POL_CLUSTER_DYNAMIC,
    CTA_POL_WAVE,
    CTA_POL_N
};

typedef struct cta_dispatch {
    cta_dispatch_params_t p;
    uint8_t running, policy, slots, active, r, rr, fwd;
    uint16_t lfsr;
    uint32_t V, q, next_u, retired;
    uint32_t busy[CTA_DISP_MAX_SM];
    uint8_t act[CTA_DISP_MAX_SM];
    uint32_t next_w[CTA_DISP_MAX_SM];
    uint32_t agent_w[CTA_DISP_MAX_SM * CTA_DISP_MAX_SLOTS];
    uint32_t ndisp[CTA_DISP_MAX_SM];
    cta_dispatch_counters_t ctr;
} cta_dispatch_t;

int cta_dispatch_init(cta_dispatch_t *m, const cta_dispatch_params_t *p, gm_err_t *err);
void cta_dispatch_reset(cta_dispatch_t *m);
void cta_dispatch_eval(const cta_dispatch_t *m, const cta_dispatch_in_t *in,
                       cta_dispatch_out_t *out);
void cta_dispatch_tick(cta_dispatch_t *m, const cta_dispatch_in_t *in);
void cta_dispatch_counters(const cta_dispatch_t *m, cta_dispatch_counters_t *c);
int cta_dispatch_idle(const cta_dispatch_t *m);

/* The LFSR's next value (taps 16, 14, 13, 11; shift left). */
uint16_t cta_dispatch_lfsr_next(uint16_t x);
/* CTAs of cluster i, and its first original id: q + (i < r), i*q + min(i, r). */
uint32_t cta_dispatch_jobs(const cta_dispatch_t *m, uint32_t i);
uint32_t cta_dispatch_base(const cta_dispatch_t *m, uint32_t i);
/* WAVE: whether the cycle runs the wave (a WAVE kernel, or its launch), the
 * SMs it gives a CTA and the first CTA's u. */
int cta_dispatch_wave_on(const cta_dispatch_t *m, const cta_dispatch_in_t *in);
uint32_t cta_dispatch_wave(const cta_dispatch_t *m, const cta_dispatch_in_t *in, uint32_t *u0);

#endif
