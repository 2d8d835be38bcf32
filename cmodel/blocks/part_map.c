#include "part_map.h"

#include <string.h>

#include "hash_math.h"
#include "util/bits.h"

const char *const part_map_func_names[PART_MAP_NFUNC + 1] = {
    "mod", "xor", "prime", "aprime", "dprime", "ipoly", NULL};

static int pow2(uint32_t n) { return (n & (n - 1)) == 0; }

static int resolve(part_map_params_t *p, gm_err_t *err)
{
    unsigned npb = gm_log2_ceil(p->NP);
    if (p->P_PRIME == 0)
        p->P_PRIME = gm_prime_below(p->NP) ? gm_prime_below(p->NP) : 1;
    if (p->P_APRIME == 0)
        p->P_APRIME = gm_prime_below(2 * p->NP) ? gm_prime_below(2 * p->NP) : 1;
    if (p->P_DPRIME == 0)
        p->P_DPRIME = 11;
    if (p->P_IPOLY == 0)
        p->P_IPOLY = gm_poly_default(npb);
    if (p->P_PRIME > p->NP)
        return gm_errf(err, "part_map: P_PRIME=%u exceeds NP=%u", p->P_PRIME,
                       p->NP);
    if (gm_poly_degree(p->P_IPOLY) != (int)npb)
        return gm_errf(err, "part_map: P_IPOLY=0x%x must have degree %u (NP=%u)",
                       p->P_IPOLY, npb, p->NP);
    if (p->CHUNK_LB + p->PXOR_SHIFT + npb > 32)
        return gm_errf(err, "part_map: CHUNK_LB=%u + PXOR_SHIFT=%u + %u exceeds 32 address bits",
                       p->CHUNK_LB, p->PXOR_SHIFT, npb);
    return 0;
}

unsigned part_map_id(const part_map_params_t *p, unsigned func, uint32_t addr)
{
    unsigned npb = gm_log2_ceil(p->NP);
    uint32_t mask = (1u << npb) - 1;
    uint32_t c = addr >> p->CHUNK_LB;
    unsigned cbits = 32 - p->CHUNK_LB;
    uint32_t v;

    switch (func) {
    case PART_MAP_MOD: return c % p->NP;
    case PART_MAP_PRIME: return c % p->P_PRIME;
    case PART_MAP_APRIME: return c % p->P_APRIME % p->NP;
    case PART_MAP_XOR: v = (c ^ (c >> p->PXOR_SHIFT)) & mask; break;
    case PART_MAP_DPRIME:
        v = (uint32_t)(((uint64_t)c >> npb) * p->P_DPRIME + (c & mask)) & mask;
        break;
    case PART_MAP_IPOLY: v = gm_gf2_mod(c, cbits, p->P_IPOLY); break;
    default: return 0;
    }
    return pow2(p->NP) ? v : v % p->NP;
}

uint32_t part_map_addr(const part_map_params_t *p, uint32_t addr)
{
    uint32_t c = addr >> p->CHUNK_LB;
    uint32_t low = addr & ((1u << p->CHUNK_LB) - 1);
    uint32_t rest = pow2(p->NP) ? c >> gm_log2_ceil(p->NP) : c / p->NP;
    return (uint32_t)((uint64_t)rest << p->CHUNK_LB) | low;
}

int part_map_init(part_map_t *m, const part_map_params_t *p, gm_err_t *err)
{
    memset(m, 0, sizeof *m);
    m->p = *p;
    return resolve(&m->p, err);
}

void part_map_reset(part_map_t *m) { memset(&m->ctr, 0, sizeof m->ctr); }

void part_map_eval(const part_map_t *m, const part_map_in_t *in,
                   part_map_out_t *out)
{
    out->part_id = part_map_id(&m->p, (unsigned)in->func_sel, (uint32_t)in->addr);
    out->part_addr = part_map_addr(&m->p, (uint32_t)in->addr);
}

void part_map_tick(part_map_t *m, const part_map_in_t *in)
{
    (void)m;
    (void)in;
}

void part_map_counters(const part_map_t *m, part_map_counters_t *c)
{
    *c = m->ctr;
}

/* Idle: combinational: nothing to clock. */
int part_map_idle(const part_map_t *m)
{
    (void)m;
    return 1;
}

#define GM_BLOCK part_map
#define GM_PORTS "part_map.ports"
#include "block_desc.h"
