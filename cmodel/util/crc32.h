/* CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), the checksum of
 * zlib's crc32() and of gzip: the integrity check of .gmt and .gmpt files. */
#ifndef GM_CRC32_H
#define GM_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* The CRC of p[0..n) continued from `crc` (0 to start). */
uint32_t gm_crc32(uint32_t crc, const void *p, size_t n);

#endif
