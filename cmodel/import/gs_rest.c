/* What the option table of gpgpusim.c leaves: the options no mapping
 * took, each reported with why gmem has no place for it (by its name's
 * prefix), and the gmem fields no option gave, with their gmem default. */
#include <stdio.h>
#include <string.h>

#include "gs_int.h"
#include "sim/config.h"
#include "sim/plugin.h"

/* ---- what is left: each option's reason, by its name */

static const struct { const char *prefix, *why; } left[] = {
    {"-gpgpu_ptx", "the PTX functional simulator: gmem runs memory-address streams"},
    {"-ptx", "instruction latencies: gmem models compute as gaps between memory instructions"},
    {"-gpgpu_compute_capability", "the PTX functional simulator: gmem runs memory-address streams"},
    {"-gpgpu_stack_size", "the CUDA runtime: no counterpart in gmem"},
    {"-gpgpu_heap_size", "the CUDA runtime: no counterpart in gmem"},
    {"-gpgpu_runtime_stat", "GPGPU-Sim's statistics: gmem writes its own (--stats)"},
    {"-gpgpu_runtime", "the CUDA runtime: no counterpart in gmem"},
    {"-gpgpu_kernel_launch_latency", "kernel launch timing: gmem starts a kernel at once"},
    {"-gpgpu_TB_launch_latency", "CTA launch timing: gmem dispatches a CTA at once"},
    {"-gpgpu_cache:il1", "the instruction cache: gmem models the data path only"},
    {"-gpgpu_inst_fetch", "instruction fetch: gmem models the data path only"},
    {"-gpgpu_perfect_inst_const_cache", "instruction and constant caches: gmem has neither"},
    {"-gpgpu_tex_cache", "the texture cache: gmem models global data only"},
    {"-gpgpu_const_cache", "the constant cache: gmem models global data only"},
    {"-gpgpu_cache:dl2_texture_only", "texture-only L2: gmem's L2 caches all global data"},
    {"-gpgpu_cache:dl1Pref", "the other L1/shared carve-outs: gmem's L1D has one geometry"},
    {"-gpgpu_shmem", "shared memory: gmem models global memory traffic only"},
    {"-gpgpu_smem", "shared memory: gmem models global memory traffic only"},
    {"-gpgpu_adaptive_cache_config", "the adaptive L1/shared carve-out: gmem's L1D has one geometry"},
    {"-gpgpu_l1_banks", "L1D banks: gmem's L1D has one data port (port_bytes)"},
    {"-gpgpu_flush", "cache flushes between kernels: gmem keeps the caches"},
    {"-gpgpu_registers_per_block", "per-CTA register limits: gmem sizes CTAs by the workload"},
    {"-gpgpu_occupancy", "occupancy reporting: no counterpart in gmem"},
    {"-gpgpu_simd_model", "the SIMD model: gmem's warps issue memory instructions only"},
    {"-gpgpu_pipeline_widths", "the SM's pipeline: gmem models compute as gaps"},
    {"-gpgpu_num_", "execution units: gmem models compute as gaps"},
    {"-gpgpu_tensor", "tensor cores: gmem models compute as gaps"},
    {"-gpgpu_sub_core_model", "sub-cores: gmem's warp schedulers share one LSU"},
    {"-gpgpu_enable_specialized_operand_collector", "the operand collector: gmem models compute as gaps"},
    {"-gpgpu_operand_collector", "the operand collector: gmem models compute as gaps"},
    {"-gpgpu_reg_file_port_throughput", "the register file: gmem models compute as gaps"},
    {"-gpgpu_coalesce_arch", "gmem's coalescer is one (by line, sector mask for bypassed requests)"},
    {"-gpgpu_max_insn_issue_per_warp", "dual issue: gmem issues one instruction per warp and cycle"},
    {"-gpgpu_dual_issue", "dual issue: gmem issues one instruction per warp and cycle"},
    {"-gpgpu_n_cluster_ejection_buffer_size", "the cluster's ejection buffer: gmem's replies "
                                              "wait in the crossbar's delay lines"},
    {"-gpgpu_dram_return_queue_size", "the DRAM return queue: gmem returns through a fixed "
                                      "latency (dram.latency)"},
    {"-gpgpu_perf_sim_memcpy", "memcpy traffic: gmem runs kernels only"},
    {"-network_mode", "the interconnect model: gmem's crossbar is its own (icnt.latency, "
                      "icnt.buffer)"},
    {"-inter_config_file", "the interconnect's own file (latency, buffers): not read; gmem's "
                           "crossbar takes icnt.latency and icnt.buffer"},
    {"-icnt_", "the local crossbar's buffers and arbitration (in flits): gmem's crossbar "
               "buffers packets (icnt.buffer)"},
    {"-dram_dual_bus_interface", "separate row/column command buses: gmem's DRAM has one"},
    {"-dram_bnk_indexing_policy", "bank index hashing: gmem takes the bank bits of dram.addr_map"},
    {"-dram_bnkgrp_indexing_policy", "bank groups: gmem's DRAM banks form no groups"},
    {"-gpgpu_memlatency_stat", "GPGPU-Sim's statistics: gmem writes its own (--stats)"},
    {"-gpgpu_runtime_stat", "GPGPU-Sim's statistics: gmem writes its own (--stats)"},
    {"-enable_ptx_file_line_stats", "GPGPU-Sim's statistics: gmem writes its own (--stats)"},
    {"-visualizer", "GPGPU-Sim's visualizer: no counterpart in gmem"},
    {"-power", "the power model: gmem has none (synthesis costs the blocks)"},
    {"-gpuwattch", "the power model: gmem has none (synthesis costs the blocks)"},
    {"-accelwattch", "the power model: gmem has none (synthesis costs the blocks)"},
    {"-trace", "GPGPU-Sim's debug tracing: no counterpart in gmem"},
    {"-save_embedded_ptx", "the PTX functional simulator: gmem runs memory-address streams"},
    {"-config", "an included option file: not followed; import it on its own"},
};

void gs_report_left(gs_t *g)
{
    for (unsigned i = 0; i < g->n; i++) {
        gs_opt_t *o = &g->opt[i];
        if (o->used)
            continue;
        const char *why = "no gmem counterpart";
        for (unsigned k = 0; k < sizeof left / sizeof left[0]; k++)
            if (!strncmp(o->name, left[k].prefix, strlen(left[k].prefix))) {
                why = left[k].why;
                break;
            }
        gs_val_t v = {o->name, o->value, o->line};
        gs_report(g, &v, "unmapped", "%s", why);
    }
}

/* gmem fields no option gave, outside the plug-ins' sections (mechanisms
 * GPGPU-Sim does not have, off by default). */
static const struct { const char *path, *why; } no_option[] = {
    {"icnt.latency", "GPGPU-Sim's crossbar latency lives in its -inter_config_file"},
    {"icnt.buffer", "GPGPU-Sim's crossbar buffers live in its -inter_config_file or "
                    "-icnt_*_buffer_limit (flits)"},
    {"l2.c.latency", "GPGPU-Sim's L2 hit time is its ROP delay (l2.rop_latency)"},
};

void gs_report_defaults(gs_t *g, const gm_schema_t *s, const char *path, const void *cfg)
{
    for (unsigned i = 0; i < s->n; i++) {
        const gm_field_t *f = &s->fields[i];
        char p[128];
        snprintf(p, sizeof p, "%s%s%s", path, *path ? "." : "", f->key);
        int plug = 0;
        for (const gm_plugin_t *const *pl = gm_plugins; *pl; pl++)
            plug |= (*pl)->section && !strcmp((*pl)->section, p);
        if (plug)
            continue;
        if (f->type == GM_F_OBJECT) {
            gs_report_defaults(g, f->sub, p, cfg);
            continue;
        }
        if (gs_is_set(g, p))
            continue;
        const char *why = "no GPGPU-Sim option gives it, or the option's value is unmapped "
                          "(above)";
        for (unsigned k = 0; k < sizeof no_option / sizeof no_option[0]; k++)
            if (!strcmp(no_option[k].path, p))
                why = no_option[k].why;
        char val[64];
        const unsigned char *at = (const unsigned char *)cfg + f->offset;
        if (f->type == GM_F_UINT) {
            uint64_t x = 0;
            memcpy(&x, at, f->size); /* little-endian, as the loader stores it */
            snprintf(val, sizeof val, "%llu", (unsigned long long)x);
        } else if (f->type == GM_F_ENUM) {
            int e;
            memcpy(&e, at, sizeof e);
            snprintf(val, sizeof val, "\"%s\"", f->names[e]);
        } else if (f->type == GM_F_BOOL) {
            int b;
            memcpy(&b, at, sizeof b);
            snprintf(val, sizeof val, "%s", b ? "true" : "false");
        } else {
            snprintf(val, sizeof val, "\"%.50s\"", (const char *)at);
        }
        g->counts.defaults++;
        gs_report(g, NULL, "gmem-default", "$.%s = %s: %s", p, val, why);
    }
}
