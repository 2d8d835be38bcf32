/* Helpers the workload unit tests share (included after cmocka.h and
 * workload/workload.h): a workload that must build, and a spec that must
 * be refused with a given message. */
#ifndef GM_TESTS_WL_CHECK_H
#define GM_TESTS_WL_CHECK_H

#include <string.h>

static inline gm_workload_t *make_seeded(const char *spec, uint64_t seed)
{
    gm_err_t err = {{0}};
    gm_workload_t *w = gm_workload_create(spec, seed, &err);
    if (!w)
        fail_msg("%s: %s", spec, err.msg);
    return w;
}

static inline gm_workload_t *make(const char *spec) { return make_seeded(spec, 1); }

static inline void expect_error(const char *spec, const char *msg)
{
    gm_err_t err = {{0}};
    gm_workload_t *w = gm_workload_create(spec, 1, &err);
    if (w) {
        gm_workload_free(w);
        fail_msg("'%s' was accepted, expected: %s", spec, msg);
    }
    if (!strstr(err.msg, msg))
        fail_msg("'%s': got \"%s\", expected \"%s\"", spec, err.msg, msg);
}

#endif
