#include "crc32.h"

static uint32_t table[256];
static int ready;

static void init(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[i] = c;
    }
    ready = 1;
}

uint32_t gm_crc32(uint32_t crc, const void *p, size_t n)
{
    const uint8_t *b = p;
    if (!ready)
        init();
    crc = ~crc;
    while (n--)
        crc = table[(crc ^ *b++) & 0xff] ^ (crc >> 8);
    return ~crc;
}
