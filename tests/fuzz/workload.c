/* The workload-spec parser (gm_workload_parse: every spec as
 * gm_workload_create reads it, without building the kernels). */
#include "fuzz.h"

#include "workload/workload.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *spec = malloc(size + 1), canon[8192];
    gm_err_t err;
    if (!spec)
        abort();
    memcpy(spec, data, size);
    spec[size] = 0;
    if (gm_workload_parse(spec, canon, sizeof canon, &err) == 0) {
        /* the canonical text reads back as itself */
        char again[8192] = "";
        if (gm_workload_parse(canon, again, sizeof again, &err) || strcmp(canon, again)) {
            fprintf(stderr, "'%s' -> '%s' -> '%s'\n", spec, canon, again);
            abort();
        }
    } else {
        fuzz_msg(err.msg, sizeof err.msg);
    }
    free(spec);
    return 0;
}
