/* ture_lease — TURE's lease unit and lease registers (see ture_lease.ports). */
#ifndef GM_TURE_LEASE_H
#define GM_TURE_LEASE_H

#define GM_BLOCK ture_lease
#define GM_PORTS "ture_lease.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum { TURE_GRP_MAX = 16, TURE_LEASE_MAX = 1023, TURE_DIV_STEPS = 15 };
enum { TURE_PH_IDLE, TURE_PH_EDIV, TURE_PH_SCAN, TURE_PH_FDIV };

typedef struct ture_lease {
    ture_lease_params_t p;
    uint8_t ph, it, rem, dy, cur, coll, done;
    uint16_t dq; /* dividend bits shifted out on top, quotient bits in below */
    uint16_t hist; /* lease (2^A - 1) + 2^(A-1) of group cur, read at its scan */
    uint8_t hv;    /* ... and its lease_v */
    uint32_t acc[TURE_GRP_MAX];
    uint8_t n[TURE_GRP_MAX];
    uint16_t lease[TURE_GRP_MAX];
    uint8_t lease_v[TURE_GRP_MAX];
    ture_lease_counters_t ctr;
} ture_lease_t;

int ture_lease_init(ture_lease_t *m, const ture_lease_params_t *p, gm_err_t *err);
void ture_lease_reset(ture_lease_t *m);
void ture_lease_eval(const ture_lease_t *m, const ture_lease_in_t *in, ture_lease_out_t *out);
void ture_lease_tick(ture_lease_t *m, const ture_lease_in_t *in);
void ture_lease_counters(const ture_lease_t *m, ture_lease_counters_t *c);

/* Eq. 4.2 and the weighting in closed form, for tests and scoreboards: F of
 * a group's n entries, and the lease it leads to. */
unsigned ture_lease_f(const uint16_t *cnt, const uint16_t *div, unsigned n);
unsigned ture_lease_next(unsigned alpha_sh, unsigned lease, unsigned lease_v, unsigned f);

/* 1 when a cycle without requests would change nothing (block.h). */
int ture_lease_idle(const ture_lease_t *m);

#endif
