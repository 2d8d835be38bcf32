/* libvcd: a small Value Change Dump writer (IEEE 1364 §18), no SystemC.
 * Declare scopes and variables, end the definitions, then set the time and
 * the values; only changed values are written, as simulators do. */
#ifndef GM_VCD_H
#define GM_VCD_H

#include <stdint.h>

#include "err.h"

typedef struct gm_vcd gm_vcd_t;

gm_vcd_t *gm_vcd_open(const char *path, const char *timescale, gm_err_t *err);
void gm_vcd_scope(gm_vcd_t *v, const char *name);
void gm_vcd_upscope(gm_vcd_t *v);
/* Declares a variable of `width` bits (1..4096) in the current scope and
 * returns its handle. `alias_of` >= 0 re-declares an existing variable under
 * another name (one id code, as Verilator does for ports seen in two scopes). */
int gm_vcd_var(gm_vcd_t *v, const char *name, unsigned width, int alias_of);
void gm_vcd_enddefs(gm_vcd_t *v);
void gm_vcd_time(gm_vcd_t *v, uint64_t t);
void gm_vcd_value(gm_vcd_t *v, int var, uint64_t value);
/* Values wider than 64 bits: little-endian 32-bit words. */
void gm_vcd_value_wide(gm_vcd_t *v, int var, const uint32_t *words);
/* Flushes and closes; returns -1 if any write failed. */
int gm_vcd_close(gm_vcd_t *v, gm_err_t *err);

#endif
