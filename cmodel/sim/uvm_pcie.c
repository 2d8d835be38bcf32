#include "uvm_pcie.h"

#include <math.h>

double gm_uvm_pcie_gbs(uint64_t bytes, uint32_t link_gbs)
{
    const double pi = 3.14159265358979323846;
    double a = 0.75 * link_gbs;
    return 2.0 * a / pi * atan(0.07292 * ((double)bytes / 1024.0));
}

uint64_t gm_uvm_pcie_xfer_cycles(uint64_t bytes, uint32_t link_gbs, uint32_t core_mhz)
{
    double gbs = gm_uvm_pcie_gbs(bytes, link_gbs);
    return (uint64_t)((double)bytes * (double)core_mhz * 1e6 / (gbs * 1073741824.0));
}

void gm_uvm_pcie_init(gm_uvm_pcie_t *p, uint32_t page_bytes, uint32_t link_gbs, uint32_t core_mhz)
{
    p->page_bytes = page_bytes;
    p->cycles[0] = 0;
    for (uint32_t n = 1; n <= GM_UVM_PCIE_MAX_PAGES; n++)
        p->cycles[n] = gm_uvm_pcie_xfer_cycles((uint64_t)n * page_bytes, link_gbs, core_mhz);
}
