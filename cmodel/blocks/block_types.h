/* Generates X_params_t, X_in_t, X_out_t and X_counters_t from a .ports file.
 * Define GM_BLOCK (the block name) and GM_PORTS (the file name) first. */
#include <stdint.h>

#include "block.h"

#define GM_T(suffix) GM_CAT(GM_BLOCK, suffix)

typedef struct {
#define PARAM(name, def, min, max, doc) uint32_t name;
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    uint8_t gm_end_; /* keeps the struct non-empty */
} GM_T(_params_t);

typedef struct {
#define IN(name, width) uint64_t name;
#define INW(name, width) uint32_t name[GM_WORDS(width)];
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
} GM_T(_in_t);

typedef struct {
#define OUT(name, width) uint64_t name;
#define OUTW(name, width) uint32_t name[GM_WORDS(width)];
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
} GM_T(_out_t);

typedef struct {
#define COUNTER(name, doc) uint64_t name;
#include "x_begin.h"
#include GM_PORTS
#include "x_end.h"
    uint8_t gm_end_;
} GM_T(_counters_t);

extern const gm_block_desc_t GM_T(_desc);

#undef GM_T
