#include "addr_map.h"

#include <string.h>

void gm_addr_map_init(gm_addr_map_t *m, const char *letters)
{
    memset(m, 0, sizeof *m);
    size_t n = strlen(letters);
    /* Walk from bit 0 upwards so each field's bits come out lsb first. */
    for (size_t i = 0; i < n && i < 32; i++) {
        char c = letters[n - 1 - i];
        if (c == 'R')
            m->row_pos[m->nrow++] = (uint8_t)i;
        else if (c == 'B')
            m->bank_pos[m->nbank++] = (uint8_t)i;
        else if (c == 'C')
            m->col_pos[m->ncol++] = (uint8_t)i;
    }
}

static uint32_t gather(const uint8_t *pos, unsigned n, uint32_t a)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= ((a >> pos[i]) & 1u) << i;
    return v;
}

uint32_t gm_addr_row(const gm_addr_map_t *m, uint32_t a) { return gather(m->row_pos, m->nrow, a); }
uint32_t gm_addr_bank(const gm_addr_map_t *m, uint32_t a) { return gather(m->bank_pos, m->nbank, a); }
uint32_t gm_addr_col(const gm_addr_map_t *m, uint32_t a) { return gather(m->col_pos, m->ncol, a); }
