/* The GPGPU-Sim option-file importer (gm_gpgpusim_import: the tokenizer,
 * the cache geometry, timing, clock and address-mapping strings, and the
 * configuration check of what it builds). An accepted file's configuration
 * must pass gmem's loader as a file would. */
#include "fuzz.h"

#include "import/gpgpusim.h"
#include "sim/config.h"

static void report(void *ctx, const char *line)
{
    (void)ctx;
    fuzz_msg(line, 4096);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = 0;
    cJSON *out = NULL;
    gm_err_t err;
    if (gm_gpgpusim_import(text, size, "fuzz.config", "fuzz", &out, report, NULL, NULL, &err) == 0) {
        static gm_gpu_config_t cfg;
        gm_gpu_config_defaults(&cfg);
        if (gm_cfg_apply(out, "imported", "$", gm_gpu_schema(), &cfg, &err) ||
            gm_gpu_config_check(&cfg, "imported", &err)) {
            fprintf(stderr, "an accepted import does not load: %s\n", err.msg);
            abort();
        }
        cJSON_Delete(out);
    } else {
        fuzz_msg(err.msg, sizeof err.msg);
    }
    free(text);
    return 0;
}
