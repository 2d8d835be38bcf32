/* The cJSON config loader: defaults, nesting, and an error naming the file
 * and JSON path for every kind of bad input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/config.h"

typedef struct inner {
    uint32_t sets;
    int policy;
} inner_t;

typedef struct outer {
    uint64_t cycles;
    int trace;
    char name[16];
    inner_t l1d;
} outer_t;

static const char *const policies[] = {"lru", "fifo", NULL};
static const gm_field_t inner_fields[] = {
    GM_FIELD_UINT(inner_t, sets, 32, 1, 4096, "sets"),
    GM_FIELD_ENUM(inner_t, policy, 0, policies, "replacement"),
};
static const gm_schema_t inner_schema = {inner_fields, 2};
static const gm_field_t outer_fields[] = {
    GM_FIELD_UINT(outer_t, cycles, 1000, 1, 1000000000, "cycles"),
    GM_FIELD_BOOL(outer_t, trace, 0, "trace"),
    GM_FIELD_STR(outer_t, name, "gpu", "name"),
    GM_FIELD_OBJ(outer_t, l1d, &inner_schema, "L1D"),
};
static const gm_schema_t outer_schema = {outer_fields, 4};

static char path[64];

static int load(const char *text, outer_t *o, gm_err_t *err)
{
    snprintf(path, sizeof path, "/tmp/gmem-test-config-%d.json", (int)getpid());
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    int rc = gm_cfg_load(path, &outer_schema, o, err);
    unlink(path);
    return rc;
}

static void test_defaults_and_values(void **state)
{
    outer_t o;
    gm_err_t err;
    (void)state;
    assert_int_equal(load("{}", &o, &err), 0);
    assert_int_equal(o.cycles, 1000);
    assert_int_equal(o.l1d.sets, 32);
    assert_string_equal(o.name, "gpu");
    assert_int_equal(load("{\"cycles\": 5, \"trace\": true, \"name\": \"x\","
                          " \"l1d\": {\"sets\": 64, \"policy\": \"fifo\"}}",
                          &o, &err),
                     0);
    assert_int_equal(o.cycles, 5);
    assert_int_equal(o.trace, 1);
    assert_string_equal(o.name, "x");
    assert_int_equal(o.l1d.sets, 64);
    assert_int_equal(o.l1d.policy, 1);
}

static void expect_error(const char *text, const char *want1, const char *want2)
{
    outer_t o;
    gm_err_t err;
    assert_int_equal(load(text, &o, &err), -1);
    assert_non_null(strstr(err.msg, path));
    if (!strstr(err.msg, want1) || (want2 && !strstr(err.msg, want2)))
        fail_msg("message \"%s\" lacks \"%s\"/\"%s\"", err.msg, want1, want2 ? want2 : "");
}

static void test_errors_name_the_path(void **state)
{
    (void)state;
    expect_error("{\"l1d\": {\"setz\": 4}}", "$.l1d.setz", "unknown key");
    expect_error("{\"l1d\": {\"sets\": 5000}}", "$.l1d.sets", "1..4096");
    expect_error("{\"l1d\": {\"sets\": \"many\"}}", "$.l1d.sets", "integer");
    expect_error("{\"l1d\": {\"sets\": 2.5}}", "$.l1d.sets", "integer");
    expect_error("{\"l1d\": {\"sets\": -1}}", "$.l1d.sets", "integer");
    expect_error("{\"l1d\": {\"policy\": \"mru\"}}", "$.l1d.policy", "\"lru\"");
    expect_error("{\"trace\": 1}", "$.trace", "true or false");
    expect_error("{\"l1d\": 3}", "$.l1d", "object");
    expect_error("{\"cycles\": 1, \"cycles\": 2}", "$.cycles", "duplicate");
    expect_error("{\"name\": \"far too long a name\"}", "$.name", "longer");
    expect_error("[1, 2]", "$", "object");
}

static void test_syntax_error_has_line_and_column(void **state)
{
    (void)state;
    expect_error("{\n  \"cycles\": 5,\n  \"trace\": tru\n}", ":3:", "invalid JSON");
}

static void test_to_json_round_trip(void **state)
{
    outer_t o, back;
    gm_err_t err;
    (void)state;
    assert_int_equal(load("{\"l1d\": {\"sets\": 128}}", &o, &err), 0);
    cJSON *j = gm_cfg_to_json(&outer_schema, &o);
    char *text = cJSON_PrintUnformatted(j);
    assert_int_equal(load(text, &back, &err), 0);
    assert_int_equal(back.l1d.sets, 128);
    assert_string_equal(back.name, o.name);
    cJSON_free(text);
    cJSON_Delete(j);
}

static int l1d_optional(const char *p) { return !strcmp(p, "$.l1d"); }
static int policy_optional(const char *p) { return !strcmp(p, "$.l1d.policy"); }

/* The first field a file leaves out, in schema order and depth first; an
 * object the caller calls optional may be left out whole, not in part, and
 * so may a value it calls optional (as gmem's caches' "sector"). */
static void test_first_missing(void **state)
{
    static const struct { const char *json; const char *missing; int optional; } c[] = {
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\", "
         "\"l1d\": {\"sets\": 4, \"policy\": \"lru\"}}", NULL, 0},
        {"{}", "$.cycles", 0},
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\"}", "$.l1d", 0},
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\"}", NULL, 1},
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\", \"l1d\": {\"sets\": 4}}",
         "$.l1d.policy", 1},
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\", \"l1d\": {\"sets\": 4}}",
         NULL, 2},
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\", \"l1d\": {\"policy\": \"lru\"}}",
         "$.l1d.sets", 2},
        /* a value of the wrong type is gm_cfg_apply's to name */
        {"{\"cycles\": 1, \"trace\": true, \"name\": \"x\", \"l1d\": 5}", NULL, 0},
    };
    (void)state;
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        char out[64] = "";
        cJSON *j = cJSON_Parse(c[i].json);
        assert_non_null(j);
        int (*opt)(const char *) = c[i].optional == 1   ? l1d_optional
                                   : c[i].optional == 2 ? policy_optional
                                                        : NULL;
        int r = gm_cfg_first_missing(j, &outer_schema, "$", opt, out, sizeof out);
        assert_int_equal(r, c[i].missing != NULL);
        if (c[i].missing)
            assert_string_equal(out, c[i].missing);
        cJSON_Delete(j);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_and_values),
        cmocka_unit_test(test_errors_name_the_path),
        cmocka_unit_test(test_syntax_error_has_line_and_column),
        cmocka_unit_test(test_to_json_round_trip),
        cmocka_unit_test(test_first_missing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
