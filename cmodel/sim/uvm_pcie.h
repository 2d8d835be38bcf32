/* The PCIe link of the UVM model (seed-001 §4.1): one direction at a time
 * carries one transfer, and a transfer's effective bandwidth grows with its
 * size (protocol overhead, DMA resources; Fig 4.2, "1MiB is a sweet
 * point"). The curve is GPGPU-Sim UVM Smart's fit (gpu-sim.cc,
 * get_ready_cycle; the seed's [I] takes it unchanged):
 *     GB/s(size) = (2a/pi) * atan(b * size / 1 KiB),  b = 0.07292,
 *     a = 0.75 * link GB/s (12 for PCIe 3.0 x16's 16 GB/s a direction),
 * and a transfer of `bytes` takes bytes * f_core / (GB/s * 2^30) core
 * cycles, truncated. So 4 KiB move at 2.17 GB/s (2605 cycles at 1481 MHz),
 * 64 KiB at 10.4 GB/s and 1 MiB at 11.9 GB/s. The table is computed once
 * at init in double precision; the run only indexes it. */
#ifndef GM_SIM_UVM_PCIE_H
#define GM_SIM_UVM_PCIE_H

#include <stdint.h>

/* The largest transfer: UVM Smart splits migrations at 2 MiB (its
 * MAX_PREFETCH_SIZE), the tree prefetcher's region. */
enum { GM_UVM_PCIE_MAX_PAGES = 512 };

typedef struct gm_uvm_pcie {
    uint32_t page_bytes;
    uint64_t cycles[GM_UVM_PCIE_MAX_PAGES + 1]; /* by pages moved */
} gm_uvm_pcie_t;

/* Effective bandwidth in GB/s (2^30 bytes a second) of one transfer. */
double gm_uvm_pcie_gbs(uint64_t bytes, uint32_t link_gbs);
/* Core cycles one transfer of `bytes` takes. */
uint64_t gm_uvm_pcie_xfer_cycles(uint64_t bytes, uint32_t link_gbs, uint32_t core_mhz);
void gm_uvm_pcie_init(gm_uvm_pcie_t *p, uint32_t page_bytes, uint32_t link_gbs, uint32_t core_mhz);
/* Cycles of a transfer of n pages, 1 <= n <= GM_UVM_PCIE_MAX_PAGES. */
static inline uint64_t gm_uvm_pcie_cycles(const gm_uvm_pcie_t *p, uint32_t n)
{
    return p->cycles[n];
}

#endif
