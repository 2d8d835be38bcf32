/* The list of plug-ins, generated from cmodel/sim/plug/ *.c by the build. */
#include "plugin.h"

#include <string.h>

#define GM_PLUGIN_ENTRY(p) extern const gm_plugin_t gm_plugin_##p;
#include "plugins.inc"
#undef GM_PLUGIN_ENTRY

const gm_plugin_t *const gm_plugins[] = {
#define GM_PLUGIN_ENTRY(p) &gm_plugin_##p,
#include "plugins.inc"
#undef GM_PLUGIN_ENTRY
    NULL};

_Static_assert(sizeof gm_plugins / sizeof gm_plugins[0] - 1 <= GM_PLUG_MAX,
               "more plug-ins than GM_PLUG_MAX config sections");

unsigned gm_plugin_index(const gm_plugin_t *p)
{
    unsigned i = 0;
    while (gm_plugins[i] && gm_plugins[i] != p)
        i++;
    return i;
}

const gm_plugin_t *gm_plugin_find(const char *name)
{
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++)
        if (!strcmp((*p)->name, name))
            return *p;
    return NULL;
}

uint64_t gm_plug_no_event(void *self, uint64_t now)
{
    (void)self;
    (void)now;
    return UINT64_MAX;
}
