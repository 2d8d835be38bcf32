#include "file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind(mode_t m)
{
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a plain file";
}

int gm_file_open(const char *path, uint64_t max, FILE **fp, uint64_t *size, gm_err_t *err)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
    int fd = open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        if (errno == EISDIR)
            return gm_errf(err, "%s: is a directory", path);
        return gm_errf(err, "%s: cannot open: %s", path, strerror(errno));
    }
    struct stat st;
    if (fstat(fd, &st)) {
        int e = errno;
        close(fd);
        return gm_errf(err, "%s: cannot open: %s", path, strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return gm_errf(err, "%s: is a directory", path);
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return gm_errf(err, "%s: not a regular file (%s)", path, kind(st.st_mode));
    }
    if ((uint64_t)st.st_size > max) {
        close(fd);
        return gm_errf(err, "%s: %llu bytes, more than the %llu-byte limit for this input",
                       path, (unsigned long long)st.st_size, (unsigned long long)max);
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        int e = errno;
        close(fd);
        return gm_errf(err, "%s: cannot open: %s", path, strerror(e));
    }
    *fp = f;
    *size = (uint64_t)st.st_size;
    return 0;
}

int gm_file_read(const char *path, uint64_t max, char **data, size_t *size, gm_err_t *err)
{
    FILE *f;
    uint64_t n;
    if (gm_file_open(path, max, &f, &n, err))
        return -1;
    if (n > SIZE_MAX - 1) {
        fclose(f);
        return gm_errf(err, "%s: too large for this machine", path);
    }
    char *buf = malloc((size_t)n + 1);
    if (!buf) {
        fclose(f);
        return gm_errf(err, "%s: out of memory (%llu bytes)", path, (unsigned long long)n);
    }
    size_t got = n ? fread(buf, 1, (size_t)n, f) : 0;
    int bad = ferror(f), more = !bad && fgetc(f) != EOF;
    int e = errno;
    fclose(f);
    if (bad || got != n || more) {
        free(buf);
        if (bad)
            return gm_errf(err, "%s: read error: %s", path, strerror(e));
        return gm_errf(err, "%s: changed size while being read (%llu bytes at the start)",
                       path, (unsigned long long)n);
    }
    buf[n] = 0;
    *data = buf;
    *size = (size_t)n;
    return 0;
}

long gm_file_line(FILE *f, char **buf, size_t *cap, size_t max)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n == max) {
            while ((c = getc(f)) != EOF && c != '\n')
                ;
            return -2;
        }
        if (n + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 256;
            while (nc < n + 2)
                nc *= 2;
            char *p = realloc(*buf, nc);
            if (!p)
                return -3;
            *buf = p;
            *cap = nc;
        }
        (*buf)[n++] = (char)c;
    }
    if (ferror(f))
        return -3;
    if (c == EOF && n == 0)
        return -1;
    if (!*buf) {
        *buf = malloc(1);
        if (!*buf)
            return -3;
        *cap = 1;
    }
    (*buf)[n] = 0;
    return (long)n;
}
