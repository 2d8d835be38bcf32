/* The Accel-Sim trace reader (traceg:dir=): the input is a kernelslist.g,
 * a line "%%", the kernel-1.traceg it may list and, after another "%%",
 * a kernel-2.traceg (a second kernel: another CUDA stream, or the same);
 * with no "%%" the whole input is kernel-1.traceg, listed alone. A kernel
 * part that starts with the xz magic bytes is written as
 * kernel-N.traceg.xz (and listed so when the input has no list), so the
 * decompressing reader is fuzzed too. The files go to a private
 * directory; an accepted trace is replayed warp by warp. */
#include "fuzz.h"

#include <sys/stat.h>


static char dir[256];
static const char *const names[] = {"kernelslist.g", "kernel-1.traceg", "kernel-1.traceg.xz",
                                    "kernel-2.traceg", "kernel-2.traceg.xz"};

static void cleanup(void)
{
    char p[300];
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, names[i]);
        unlink(p);
    }
    rmdir(dir);
}

static void put(const char *name, const void *data, size_t n)
{
    char p[300];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "wb");
    if (!f || (n && fwrite(data, 1, n, f) != n) || fclose(f))
        abort();
}

/* The next part and its length, as fuzz_part splits (it may hold NULs:
 * an .xz one). */
static char *part(const uint8_t **p, const uint8_t *end, size_t *n)
{
    *n = 0;
    if (*p >= end)
        return NULL;
    const uint8_t *s = *p, *q = s;
    while (q + 4 <= end && memcmp(q, "\n%%\n", 4))
        q++;
    *n = q + 4 <= end ? (size_t)(q - s) + 1 : (size_t)(end - s);
    return fuzz_part(p, end);
}

static int is_xz(const char *s, size_t n)
{
    return n >= 6 && !memcmp(s, "\xfd" "7zXZ\0", 6);
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
    /* the last input's kernel files: this one may name others */
    for (unsigned i = 1; i < sizeof names / sizeof *names; i++) {
        char q[300];
        snprintf(q, sizeof q, "%s/%s", dir, names[i]);
        unlink(q);
    }
    const uint8_t *p = data, *end = data + size;
    int has_list = 0;
    for (size_t i = 0; i + 4 <= size && !has_list; i++)
        has_list = !memcmp(data + i, "\n%%\n", 4);
    size_t nl = 0, n1 = 0, n2 = 0;
    char *list = has_list ? part(&p, end, &nl) : NULL;
    char *k1 = part(&p, end, &n1), *k2 = part(&p, end, &n2);
    const char *name1 = is_xz(k1, n1) ? names[2] : names[1];
    const char *name2 = is_xz(k2, n2) ? names[4] : names[3];
    char deflist[80];
    snprintf(deflist, sizeof deflist, "%s\n%s%s", name1, k2 ? name2 : "", k2 ? "\n" : "");
    if (list)
        put(names[0], list, strlen(list));
    else
        put(names[0], deflist, strlen(deflist));
    put(name1, k1 ? k1 : "", n1);
    if (k2)
        put(name2, k2, n2);
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
    free(k1);
    free(k2);
    return 0;
}
