#include "home.h"

#include <stdlib.h>

#ifndef GM_SOURCE_DIR
#define GM_SOURCE_DIR "."
#endif

const char *gm_home(void)
{
    const char *h = getenv("GMEM_HOME");
    return h && *h ? h : GM_SOURCE_DIR;
}
