/* ture_sampler — TURE's sliding-window access sampler (see ture_sampler.ports). */
#ifndef GM_TURE_SAMPLER_H
#define GM_TURE_SAMPLER_H

#define GM_BLOCK ture_sampler
#define GM_PORTS "ture_sampler.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { TURE_SAMP_MAX = 16, TURE_CNT_MAX = 1023 };

typedef struct ture_sampler {
    ture_sampler_params_t p;
    uint16_t timer; /* 13 bits, 0..SAMP_S-1 */
    uint8_t hand;   /* a hand-over is running */
    uint8_t v[TURE_SAMP_MAX], aid[TURE_SAMP_MAX];
    uint16_t tag[TURE_SAMP_MAX], cnt[TURE_SAMP_MAX], div[TURE_SAMP_MAX];
    ture_sampler_counters_t ctr;
} ture_sampler_t;

int ture_sampler_init(ture_sampler_t *m, const ture_sampler_params_t *p, gm_err_t *err);
void ture_sampler_reset(ture_sampler_t *m);
void ture_sampler_eval(const ture_sampler_t *m, const ture_sampler_in_t *in,
                       ture_sampler_out_t *out);
void ture_sampler_tick(ture_sampler_t *m, const ture_sampler_in_t *in);
void ture_sampler_counters(const ture_sampler_t *m, ture_sampler_counters_t *c);

/* The 16-bit block tag of a page: the low 16 bits of its 64 KiB granule. */
static inline unsigned ture_blk_tag(uint64_t vpn) { return (unsigned)(vpn >> 4) & 0xffffu; }

/* Valid entries hold distinct (aid, tag), cnt >= popcount(div) >= 1, and
 * (outside a hand-over) form a prefix 0..k-1. */
int ture_sampler_check(const ture_sampler_t *m, gm_err_t *err);

/* 1 when a cycle without requests would change nothing (block.h): never,
 * since the window timer runs every cycle. */
int ture_sampler_idle(const ture_sampler_t *m);

#endif
