/* The L1D and the L2 talk to their MSHR (the conventional `mshr` block or
 * the `dlmshr` block, which share one port list) through this adapter: one
 * call per cycle applies the cycle's inputs, evaluates the block, returns
 * its outputs and clocks it. Only mshr_port.c knows the port names. */
#ifndef GM_SIM_MSHR_PORT_H
#define GM_SIM_MSHR_PORT_H

#include <stdint.h>

#include "blk.h"
#include "config.h"

typedef struct gm_mshr_io {
    /* inputs */
    int req;            /* a missing request asks for an entry or a merge */
    uint32_t req_blk;   /* line address >> log2(line) */
    uint32_t req_info;  /* the request's id */
    int req_wr;
    int fill;           /* the line returned from below */
    uint32_t fill_blk;
    int fwd_ready;      /* the response path takes a forwarded request */
    /* outputs */
    int busy;           /* the MSHR cannot take a request this cycle */
    int accept, primary, rf;
    int issue;          /* a primary miss leaves for the next level now */
    uint32_t issue_blk;
    int fwd;
    uint32_t fwd_info;
    uint32_t used;      /* occupied entries or slot sets (stats) */
} gm_mshr_io_t;

int gm_mshr_port_init(gm_blk_t *b, const gm_cache_cfg_t *c, const char *path,
                      const gm_blk_hooks_t *hooks, gm_err_t *err);
void gm_mshr_port_cycle(gm_blk_t *b, gm_mshr_io_t *io);
/* 1 when a cycle without a request or a fill would change nothing. */
int gm_mshr_port_quiet(const gm_blk_t *b);

#endif
