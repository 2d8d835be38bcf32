/* Helpers the cache-pipeline unit tests share (included after cmocka.h,
 * sim/cache.h and sim/plugin.h): a cache's parts -- its set index and its
 * MSHR, the set_index and mshr plug-ins -- attached to a site built
 * without a GPU, and their release; and a route that maps nothing. */
#ifndef GM_TESTS_CACHE_PARTS_H
#define GM_TESTS_CACHE_PARTS_H

/* The partition mapping of a cache alone: the partition address is the
 * address. */
static inline void route_same(void *self, gm_req_t *r)
{
    (void)self;
    r->paddr = r->addr;
}

static inline void attach_parts(const gm_site_t *site, uint32_t nbanks, void **index_self,
                                void **mshr_self)
{
    gm_err_t err;
    gm_gpu_config_t gc;
    gm_gpu_config_defaults(&gc);
    gc.sm.count = 1;
    gm_plug_env_t env = {.cfg = &gc, .ctx = site->ctx, .nbanks = nbanks, .nstreams = 1};
    const gm_plugin_t *si = gm_plugin_find("set_index");
    assert_int_equal(si->init(&env, NULL, index_self, &err), 0);
    assert_int_equal(si->attach(*index_self, site, &err), 0);
    const gm_plugin_t *mp = gm_plugin_find("mshr");
    assert_int_equal(mp->init(&env, gm_plug_cfg(&gc, mp), mshr_self, &err), 0);
    assert_int_equal(mp->attach(*mshr_self, site, &err), 0);
}

static inline void free_parts(void *index_self, void *mshr_self)
{
    gm_plugin_find("set_index")->free(index_self);
    gm_plugin_find("mshr")->free(mshr_self);
}

#endif
