/* cap_gran — CAP's granularity registers and far-fault FSM (see
 * cap_gran.ports for the cycle-level behaviour). */
#ifndef GM_CAP_GRAN_H
#define GM_CAP_GRAN_H

#define GM_BLOCK cap_gran
#define GM_PORTS "cap_gran.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { CAP_MAX_ALLOC = 16, CAP_REGION_MAX = 16 };
enum { CAP_IDLE, CAP_GMUL, CAP_GCMP, CAP_GRAN, CAP_PREQ, CAP_PWAIT, CAP_MIG, CAP_DONE };

typedef struct cap_gran {
    cap_gran_params_t p;
    uint8_t fsm, aid, gcode, rn, doff, pidx, evd, oversub;
    uint64_t vpn, mul_a, mul_acc;
    uint32_t mul_b;
    uint32_t rlo, m_agg, resident, pend;
    uint16_t present, todo;
    uint8_t a_v[CAP_MAX_ALLOC], a_gcode[CAP_MAX_ALLOC];
    uint64_t a_base[CAP_MAX_ALLOC];
    uint32_t a_pages[CAP_MAX_ALLOC];
    cap_gran_counters_t ctr;
} cap_gran_t;

int cap_gran_init(cap_gran_t *m, const cap_gran_params_t *p, gm_err_t *err);
void cap_gran_reset(cap_gran_t *m);
void cap_gran_eval(const cap_gran_t *m, const cap_gran_in_t *in, cap_gran_out_t *out);
void cap_gran_tick(cap_gran_t *m, const cap_gran_in_t *in);
void cap_gran_counters(const cap_gran_t *m, cap_gran_counters_t *c);
int cap_gran_idle(const cap_gran_t *m);

/* Free pages: capacity - resident - pending, floored at 0. */
uint32_t cap_gran_avail(const cap_gran_t *m, uint32_t cap_pages);
/* The granularity code (T = 16 << code pages) Eq. 4.1 picks outside
 * oversubscription: exact integer compares, c = 11/10. */
unsigned cap_gran_code(uint32_t avail, uint32_t req_pages, uint32_t m_agg);
/* The same from the product avail * req_pages. */
unsigned cap_gran_code_prod(uint64_t prod, uint32_t req_pages, uint32_t m_agg);

/* The region a fault covers: first granule, granules (1..16) and the demand
 * granule's offset, for T = 16 << code pages. */
typedef struct cap_region {
    uint32_t lo;
    unsigned n, doff;
} cap_region_t;
cap_region_t cap_gran_region(uint64_t vpn, unsigned code, int valid, uint64_t base,
                             uint32_t pages);

/* The next run to migrate from `todo` (0: none): first offset and length. */
unsigned cap_gran_run(uint16_t todo, unsigned doff, unsigned *first);

#endif
