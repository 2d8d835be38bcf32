/* Unsigned integers from text: the values of command-line options and of
 * workload specs. */
#ifndef GM_PARSE_H
#define GM_PARSE_H

#include <stddef.h>
#include <stdint.h>

/* The whole of s as C's strtoull reads it in `base` (0: decimal, 0x hex or
 * 0 octal), not starting with '-' and within 64 bits: 0 and *v, else -1
 * with *v untouched. */
int gm_parse_u64(const char *s, int base, uint64_t *v);

/* s[0..len): decimal digits, or hex digits after 0x, and an optional K, M
 * or G (either case: x 2^10, 2^20, 2^30), the value within 64 bits: 0 and
 * *v, else -1 with *v untouched. */
int gm_parse_u64_kmg(const char *s, size_t len, uint64_t *v);

#endif
