#include "set_hash.h"

#include <string.h>

#include "hash_math.h"

const char *const set_hash_func_names[SET_HASH_NFUNC + 1] = {
    "bmod", "bxor", "pmod", "aprime", "dprime", "ipoly", "ipoly_code", NULL};

static int resolve(set_hash_params_t *p, gm_err_t *err)
{
    uint32_t sets = 1u << p->SB;
    if (p->XOR_SHIFT == 0)
        p->XOR_SHIFT = p->SB;
    if (p->PMOD_P == 0)
        p->PMOD_P = gm_prime_below(sets) ? gm_prime_below(sets) : 1;
    if (p->APRIME_P == 0)
        p->APRIME_P = gm_prime_above(sets);
    if (p->DPRIME_P == 0)
        p->DPRIME_P = 11;
    if (p->IPOLY_POLY == 0)
        p->IPOLY_POLY = gm_poly_default(p->SB);
    if (p->IPOLY_CODE_P == 0)
        p->IPOLY_CODE_P = 19;
    if (p->PMOD_P > sets)
        return gm_errf(err, "set_hash: PMOD_P=%u exceeds the %u sets (SB=%u)",
                       p->PMOD_P, sets, p->SB);
    if (gm_poly_degree(p->IPOLY_POLY) != (int)p->SB)
        return gm_errf(err, "set_hash: IPOLY_POLY=0x%x must have degree SB=%u",
                       p->IPOLY_POLY, p->SB);
    if (p->LB + p->SB > 32 || p->LB + p->XOR_SHIFT + p->SB > 32)
        return gm_errf(err, "set_hash: LB=%u + XOR_SHIFT=%u + SB=%u exceeds 32 address bits",
                       p->LB, p->XOR_SHIFT, p->SB);
    return 0;
}

/* Inlined into eval and tick, which run every cycle of every cache. */
static inline __attribute__((always_inline)) unsigned index_of(const set_hash_params_t *p,
                                                               unsigned func, uint32_t addr)
{
    uint32_t mask = (1u << p->SB) - 1;
    unsigned abits = 32 - p->LB;
    uint32_t a = addr >> p->LB;
    uint32_t x = a & mask;
    uint32_t t = (addr >> (p->LB + p->XOR_SHIFT)) & mask;
    uint32_t big_t = (uint32_t)((uint64_t)addr >> (p->LB + p->SB));
    uint32_t sum = 0;

    switch (func) {
    case SET_HASH_BMOD: return x;
    case SET_HASH_BXOR: return x ^ t;
    case SET_HASH_PMOD: return a % p->PMOD_P;
    case SET_HASH_APRIME: return (a % p->APRIME_P) & mask;
    case SET_HASH_DPRIME: return (big_t * p->DPRIME_P + x) & mask;
    case SET_HASH_IPOLY: return gm_gf2_mod(a, abits, p->IPOLY_POLY);
    case SET_HASH_IPOLY_CODE:
        for (unsigned i = 0, r = 1 % p->IPOLY_CODE_P; i < abits;
             i++, r = r * 2 % p->IPOLY_CODE_P)
            if (a >> i & 1)
                sum += r;
        return sum & mask;
    default: return 0;
    }
}

unsigned set_hash_index(const set_hash_params_t *p, unsigned func, uint32_t addr)
{
    return index_of(p, func, addr);
}

int set_hash_init(set_hash_t *h, const set_hash_params_t *p, gm_err_t *err)
{
    memset(h, 0, sizeof *h);
    h->p = *p;
    if (resolve(&h->p, err))
        return -1;
    set_hash_reset(h);
    return 0;
}

void set_hash_reset(set_hash_t *h)
{
    h->set_idx = 0;
    h->valid = 0;
    memset(&h->ctr, 0, sizeof h->ctr);
}

void set_hash_eval(const set_hash_t *h, const set_hash_in_t *in,
                   set_hash_out_t *out)
{
    if (h->p.PIPE) {
        out->set_idx = h->set_idx;
        out->out_valid = h->valid;
    } else {
        out->set_idx = index_of(&h->p, (unsigned)in->func_sel, (uint32_t)in->addr);
        out->out_valid = in->in_valid;
    }
}

void set_hash_tick(set_hash_t *h, const set_hash_in_t *in)
{
    h->set_idx = (uint8_t)index_of(&h->p, (unsigned)in->func_sel, (uint32_t)in->addr);
    h->valid = (uint8_t)in->in_valid;
    h->ctr.lookups += in->in_valid != 0;
}

void set_hash_counters(const set_hash_t *h, set_hash_counters_t *c)
{
    *c = h->ctr;
}

/* Idle: the registered index follows the held address; only `valid` falls. */
int set_hash_idle(const set_hash_t *m)
{
    return !m->valid;
}

#define GM_BLOCK set_hash
#define GM_PORTS "set_hash.ports"
#include "block_desc.h"
