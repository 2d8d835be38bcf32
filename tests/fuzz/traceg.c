/* The Accel-Sim trace reader (traceg:dir=): the input is a kernelslist.g,
 * a line "%%", and the kernel-1.traceg it may list (no "%%": the whole
 * input is kernel-1.traceg, listed alone); both are written to a private
 * directory. An accepted trace is replayed warp by warp. */
#include "fuzz.h"

#include <sys/stat.h>


static char dir[256];

static void cleanup(void)
{
    char p[300];
    snprintf(p, sizeof p, "%s/kernelslist.g", dir);
    unlink(p);
    snprintf(p, sizeof p, "%s/kernel-1.traceg", dir);
    unlink(p);
    rmdir(dir);
}

static void put(const char *name, const char *text)
{
    char p[300];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    if (!f || fwrite(text, 1, strlen(text), f) != strlen(text) || fclose(f))
        abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!dir[0]) {
        const char *base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(dir, sizeof dir, "%s/gmem-fuzz-traceg-XXXXXX", base);
        if (!mkdtemp(dir))
            abort();
        atexit(cleanup);
    }
    const uint8_t *p = data, *end = data + size;
    int has_list = 0;
    for (size_t i = 0; i + 4 <= size && !has_list; i++)
        has_list = !memcmp(data + i, "\n%%\n", 4);
    char *list = has_list ? fuzz_part(&p, end) : NULL, *kernel = fuzz_part(&p, end);
    put("kernelslist.g", list ? list : "kernel-1.traceg\n");
    put("kernel-1.traceg", kernel ? kernel : "");
    char spec[300];
    snprintf(spec, sizeof spec, "traceg:dir=%s", dir);
    gm_err_t err;
    gm_workload_t *w = gm_workload_create(spec, 1, &err);
    if (w) {
        fuzz_replay(w);
        gm_workload_free(w);
    } else {
        fuzz_msg(err.msg, sizeof err.msg);
    }
    free(list);
    free(kernel);
    return 0;
}
