/* Helpers shared by the commands (see cli.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "util/err.h"
#include "util/parse.h"

const char *gm_version = "unknown";

int gm_fail(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("gmem: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return status;
}

int gm_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return 1;
    return 0;
}

int gm_opt_u64(const char *cmd, const char *opt, const char *val, uint64_t *v)
{
    if (gm_parse_u64(val, 0, v))
        return gm_fail(GM_EXIT_USAGE, "%s: %s expects a non-negative integer, got '%s'", cmd, opt,
                       val);
    return 0;
}

const char *gm_find_config(const char *name, char *buf, size_t n)
{
    struct stat st;
    if (stat(name, &st) == 0 && !S_ISDIR(st.st_mode))
        return name;
    size_t len = strlen(name);
    int json = len > 5 && !strcmp(name + len - 5, ".json");
    if (!strchr(name, '/')) {
        snprintf(buf, n, "%s/configs/%s%s", gm_home(), name, json ? "" : ".json");
        if (stat(buf, &st) == 0)
            return buf;
    } else if (name[0] != '/') {
        snprintf(buf, n, "%s/%s", gm_home(), name);
        if (stat(buf, &st) == 0)
            return buf;
    }
    return name;
}
