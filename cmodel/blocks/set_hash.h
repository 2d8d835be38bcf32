/* set_hash — cache set-index functions (see set_hash.ports). */
#ifndef GM_SET_HASH_H
#define GM_SET_HASH_H

#define GM_BLOCK set_hash
#define GM_PORTS "set_hash.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum set_hash_func {
    SET_HASH_BMOD,
    SET_HASH_BXOR,
    SET_HASH_PMOD,
    SET_HASH_APRIME,
    SET_HASH_DPRIME,
    SET_HASH_IPOLY,
    SET_HASH_IPOLY_CODE,
    SET_HASH_NFUNC
};

extern const char *const set_hash_func_names[SET_HASH_NFUNC + 1];

typedef struct set_hash {
    set_hash_params_t p; /* resolved: no 0 = auto left */
    uint8_t set_idx;
    uint8_t valid;
    set_hash_counters_t ctr;
} set_hash_t;

int set_hash_init(set_hash_t *h, const set_hash_params_t *p, gm_err_t *err);
void set_hash_reset(set_hash_t *h);
void set_hash_eval(const set_hash_t *h, const set_hash_in_t *in,
                   set_hash_out_t *out);
void set_hash_tick(set_hash_t *h, const set_hash_in_t *in);
void set_hash_counters(const set_hash_t *h, set_hash_counters_t *c);

/* The function itself, for callers that need only the index. */
unsigned set_hash_index(const set_hash_params_t *p, unsigned func,
                        uint32_t addr);

/* 1 when a cycle without requests would change nothing (block.h). */
int set_hash_idle(const set_hash_t *m);

#endif
