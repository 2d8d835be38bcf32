/* cta_remap — the CTA Remap Unit (see cta_remap.ports). */
#ifndef GM_CTA_REMAP_H
#define GM_CTA_REMAP_H

#define GM_BLOCK cta_remap
#define GM_PORTS "cta_remap.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CTA_REMAP_LUT_MAX = 1 << 10 };
enum { CTA_REMAP_IDENTITY, CTA_REMAP_REDIRECT, CTA_REMAP_CLUSTER, CTA_REMAP_LUT };
enum { CTA_INDEX_ROW, CTA_INDEX_COL, CTA_INDEX_TILE, CTA_INDEX_LUT };

/* One request's answer. */
typedef struct cta_remap_res {
    uint32_t v, bx;
    uint16_t by;
    uint8_t err;         /* v >= V or a LUT read past the table */
    uint8_t divisions;   /* the serial divisions it takes */
} cta_remap_res_t;

typedef struct cta_remap {
    cta_remap_params_t p;
    uint8_t busy, ov, err;
    uint8_t left;        /* divider cycles until the result */
    uint32_t v, bx;
    uint16_t by;
    cta_remap_res_t pend; /* the request's answer, shown when left reaches 0 */
    uint32_t lut[CTA_REMAP_LUT_MAX];
    cta_remap_counters_t ctr;
} cta_remap_t;

int cta_remap_init(cta_remap_t *m, const cta_remap_params_t *p, gm_err_t *err);
void cta_remap_reset(cta_remap_t *m);
void cta_remap_eval(const cta_remap_t *m, const cta_remap_in_t *in, cta_remap_out_t *out);
void cta_remap_tick(cta_remap_t *m, const cta_remap_in_t *in);
void cta_remap_counters(const cta_remap_t *m, cta_remap_counters_t *c);
int cta_remap_idle(const cta_remap_t *m);

/* The whole function of one request on the cfg_* and in_* of `in` and the
 * table `lut` (depth 1 << lut_aw): what the unit answers, LAT cycles on. */
cta_remap_res_t cta_remap_compute(const cta_remap_in_t *in, const uint32_t *lut,
                                  unsigned lut_aw);
/* The cycles from the request's cycle to out_valid. */
unsigned cta_remap_latency(const cta_remap_params_t *p, unsigned divisions);

/* Eq. 7 and the corrected forward map of §3.1 (q = V / M, r = V % M). */
uint32_t cta_remap_inverse(uint32_t w, uint32_t i, uint32_t q, uint32_t r);
void cta_remap_forward(uint32_t v, uint32_t q, uint32_t r, uint32_t *w, uint32_t *i);

#endif
