/* The GPU configuration loader with --set overrides: the input is a config
 * JSON text, then (after a line "%%") one override PATH=VALUE per line.
 * Its "base" reaches the shipped configurations by name (the seeds name
 * them); a relative path resolves beside the input's /proc/self/fd/N. */
#include "fuzz.h"

#include "sim/config.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *p = data, *end = data + size;
    char *json = fuzz_part(&p, end), *sets_text = fuzz_part(&p, end);
    const char *sets[32];
    unsigned n = 0;
    for (char *save = NULL, *l = sets_text ? strtok_r(sets_text, "\n", &save) : NULL;
         l && n < 32; l = strtok_r(NULL, "\n", &save))
        sets[n++] = l;
    static gm_gpu_config_t cfg;
    gm_err_t err;
    const char *path = fuzz_file(0, json ? json : "", json ? strlen(json) : 0);
    if (gm_gpu_config_load(path, sets, n, &cfg, &err) == 0) {
        /* what the stats write of it */
        cJSON *j = gm_cfg_to_json(gm_gpu_schema(), &cfg);
        char *t = cJSON_PrintUnformatted(j);
        free(t);
        cJSON_Delete(j);
    } else {
        fuzz_msg(err.msg, sizeof err.msg);
    }
    free(json);
    free(sets_text);
    return 0;
}
