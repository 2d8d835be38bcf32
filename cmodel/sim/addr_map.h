/* DRAM address decoding: a 32-letter map of the partition address (bit 31
 * first; R row, B bank, C column, S offset within a burst, 0 unused), as in
 * GPGPU-Sim's -gpgpu_mem_addr_mapping. The DRAM controllers and CART share
 * it, so CART's bank/row/column are the ones the scheduler sees. */
#ifndef GM_SIM_ADDR_MAP_H
#define GM_SIM_ADDR_MAP_H

#include <stdint.h>

typedef struct gm_addr_map {
    uint8_t row_pos[32], bank_pos[32], col_pos[32];
    uint8_t nrow, nbank, ncol;
} gm_addr_map_t;

void gm_addr_map_init(gm_addr_map_t *m, const char *letters);
uint32_t gm_addr_row(const gm_addr_map_t *m, uint32_t paddr);
uint32_t gm_addr_bank(const gm_addr_map_t *m, uint32_t paddr);
uint32_t gm_addr_col(const gm_addr_map_t *m, uint32_t paddr);

#endif
