/* Block parameter points (configs/blocks/<block>/ *.json): the first byte
 * picks the block, the rest is the point's JSON; an accepted point builds
 * the block's C model (its init checks the combination). */
#include "fuzz.h"

#include "blocks/block.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned nb = 0;
    while (gm_blocks[nb])
        nb++;
    if (size < 1 || nb == 0)
        return 0;
    const gm_block_desc_t *b = gm_blocks[data[0] % nb];
    gm_err_t err;
    void *st = gm_block_new(b, fuzz_file(0, data + 1, size - 1), &err);
    if (st)
        free(st);
    else
        fuzz_msg(err.msg, sizeof err.msg);
    return 0;
}
