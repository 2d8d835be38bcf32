#include "parse.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

int gm_parse_u64(const char *s, int base, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, base);
    if (!*s || *end || errno || s[0] == '-')
        return -1;
    *v = x;
    return 0;
}

int gm_parse_u64_kmg(const char *s, size_t len, uint64_t *v)
{
    int base = 10;
    uint64_t scale = 1, x;
    size_t i = 0;
    if (len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (len && (s[len - 1] == 'K' || s[len - 1] == 'k'))
        scale = 1ull << 10;
    else if (len && (s[len - 1] == 'M' || s[len - 1] == 'm'))
        scale = 1ull << 20;
    else if (len && (s[len - 1] == 'G' || s[len - 1] == 'g'))
        scale = 1ull << 30;
    if (scale > 1)
        len--;
    if (i >= len)
        return -1;
    /* Digits only: strtoull would also take white space, a sign, a second 0x. */
    for (size_t k = i; k < len; k++)
        if (base == 16 ? !isxdigit((unsigned char)s[k]) : !isdigit((unsigned char)s[k]))
            return -1;
    /* Terminated for strtoull: the digits without their leading zeros, at
     * most 20 in a 64-bit value. */
    char buf[24];
    while (len - i > 1 && s[i] == '0')
        i++;
    if (len - i >= sizeof buf)
        return -1;
    memcpy(buf, s + i, len - i);
    buf[len - i] = 0;
    if (gm_parse_u64(buf, base, &x) || x > UINT64_MAX / scale)
        return -1;
    *v = x * scale;
    return 0;
}
