#include "hash_math.h"

int gm_is_prime(uint32_t n)
{
    if (n < 2)
        return 0;
    for (uint32_t d = 2; d * d <= n; d++)
        if (n % d == 0)
            return 0;
    return 1;
}

uint32_t gm_prime_below(uint32_t n)
{
    while (n-- > 2)
        if (gm_is_prime(n))
            return n;
    return 0;
}

uint32_t gm_prime_above(uint32_t n)
{
    while (!gm_is_prime(++n))
        ;
    return n;
}

int gm_poly_degree(uint32_t poly)
{
    int d = -1;
    while (poly) {
        d++;
        poly >>= 1;
    }
    return d;
}

uint32_t gm_poly_default(unsigned degree)
{
    /* Primitive trinomials/pentanomials; degree 8 uses x^8+x^4+x^3+x^2+1. */
    static const uint32_t tab[9] = {0x1, 0x3, 0x7, 0xb, 0x13, 0x25, 0x43, 0x83, 0x11d};
    return degree <= 8 ? tab[degree] : 0;
}

uint32_t gm_gf2_mod(uint64_t a, unsigned bits, uint32_t poly)
{
    int deg = gm_poly_degree(poly);
    for (int i = (int)bits - 1; i >= deg && deg >= 0; i--)
        if (a >> i & 1)
            a ^= (uint64_t)poly << (i - deg);
    return (uint32_t)a;
}
