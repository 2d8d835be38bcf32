/* icta_profiler — the inter-CTA reuse tracker (see icta_profiler.ports). */
#ifndef GM_ICTA_PROFILER_H
#define GM_ICTA_PROFILER_H

#define GM_BLOCK icta_profiler
#define GM_PORTS "icta_profiler.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum {
    IPF_MAX_SETS = 1024,
    IPF_MAX_WAYS = 8,
    IPF_ADDR_W = 40,
    IPF_MIN_GRAN = 2, /* the tag field is sized for 4-byte blocks */
    IPF_CNT_W = 48
};

/* The classes on `cls`. */
enum { IPF_NONE = 0, IPF_FIRST = 1, IPF_INTRA = 2, IPF_INTER = 3 };

typedef struct icta_profiler {
    icta_profiler_params_t p;
    unsigned set_w; /* log2 SETS */
    uint8_t v[IPF_MAX_SETS]; /* bit w: way w valid */
    /* Way w of set s is element s * WAYS + w. */
    uint8_t age[IPF_MAX_SETS * IPF_MAX_WAYS];
    uint64_t tag[IPF_MAX_SETS * IPF_MAX_WAYS];
    uint32_t last_cta[IPF_MAX_SETS * IPF_MAX_WAYS];
    uint64_t cnt_first, cnt_intra, cnt_inter, cnt_evict; /* 48 bits */
    icta_profiler_counters_t ctr;
} icta_profiler_t;

/* Where an access goes and what it finds (from state and inputs alone). */
typedef struct ipf_look {
    int counted;      /* a valid access the tracker sees */
    unsigned set, way;
    uint64_t tag;
    uint32_t cta;
    int hit, evict;
    unsigned cls;
} ipf_look_t;

int icta_profiler_init(icta_profiler_t *m, const icta_profiler_params_t *p, gm_err_t *err);
void icta_profiler_reset(icta_profiler_t *m);
void icta_profiler_eval(const icta_profiler_t *m, const icta_profiler_in_t *in,
                        icta_profiler_out_t *out);
void icta_profiler_tick(icta_profiler_t *m, const icta_profiler_in_t *in);
void icta_profiler_counters(const icta_profiler_t *m, icta_profiler_counters_t *c);
int icta_profiler_idle(const icta_profiler_t *m);

void icta_profiler_look(const icta_profiler_t *m, const icta_profiler_in_t *in, ipf_look_t *l);
/* In every set the valid ways are 0..k-1, their ages a permutation of
 * 0..k-1, and no tag is held twice. */
int icta_profiler_check(const icta_profiler_t *m, gm_err_t *err);
/* The block granularity an input selects (2..7). */
unsigned icta_profiler_gran(uint64_t cfg_gran_log2);

#endif
