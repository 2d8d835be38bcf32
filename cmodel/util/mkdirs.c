#include "mkdirs.h"

#include <stdio.h>
#include <sys/stat.h>

void gm_mkdirs(const char *path)
{
    char d[2048];
    snprintf(d, sizeof d, "%s", path);
    for (char *p = d + 1; *p; p++)
        if (*p == '/') {
            *p = 0;
            mkdir(d, 0777);
            *p = '/';
        }
}
