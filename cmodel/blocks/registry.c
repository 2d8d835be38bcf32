/* The list of blocks, generated from cmodel/blocks/ *.ports by the build
 * (build/gen/blocks.inc), so adding a block touches no shared file. */
#include "block.h"

#define GM_BLOCK_ENTRY(b) extern const gm_block_desc_t b##_desc;
#include "blocks.inc"
#undef GM_BLOCK_ENTRY

const gm_block_desc_t *const gm_blocks[] = {
#define GM_BLOCK_ENTRY(b) &b##_desc,
#include "blocks.inc"
#undef GM_BLOCK_ENTRY
    NULL};
