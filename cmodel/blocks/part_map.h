/* part_map — memory-partition mapping (see part_map.ports). */
#ifndef GM_PART_MAP_H
#define GM_PART_MAP_H

#define GM_BLOCK part_map
#define GM_PORTS "part_map.ports"
#include "block_types.h"
#undef GM_BLOCK
#undef GM_PORTS

enum part_map_func {
    PART_MAP_MOD,
    PART_MAP_XOR,
    PART_MAP_PRIME,
    PART_MAP_APRIME,
    PART_MAP_DPRIME,
    PART_MAP_IPOLY,
    PART_MAP_NFUNC
};

extern const char *const part_map_func_names[PART_MAP_NFUNC + 1];

typedef struct part_map {
    part_map_params_t p; /* resolved */
    part_map_counters_t ctr;
} part_map_t;

int part_map_init(part_map_t *m, const part_map_params_t *p, gm_err_t *err);
void part_map_reset(part_map_t *m);
void part_map_eval(const part_map_t *m, const part_map_in_t *in,
                   part_map_out_t *out);
void part_map_tick(part_map_t *m, const part_map_in_t *in);
void part_map_counters(const part_map_t *m, part_map_counters_t *c);

unsigned part_map_id(const part_map_params_t *p, unsigned func, uint32_t addr);
uint32_t part_map_addr(const part_map_params_t *p, uint32_t addr);

/* 1 when a cycle without requests would change nothing (block.h). */
int part_map_idle(const part_map_t *m);

#endif
