/* libvcd: the exact text of a small dump (header, aliases, only changes,
 * wide values masked). gtkwave's reader checks it in tests/cli too. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "util/vcd.h"

static void test_dump_text(void **state)
{
    char path[64], buf[4096];
    gm_err_t err;
    (void)state;
    snprintf(path, sizeof path, "/tmp/gmem-test-vcd-%d.vcd", (int)getpid());
    gm_vcd_t *v = gm_vcd_open(path, "1ps", &err);
    assert_non_null(v);
    gm_vcd_scope(v, "TOP");
    int clk = gm_vcd_var(v, "clk", 1, -1);
    int x = gm_vcd_var(v, "x_i", 4, -1);
    gm_vcd_scope(v, "blk");
    gm_vcd_var(v, "clk", 1, clk);
    int w = gm_vcd_var(v, "w_q", 70, -1);
    gm_vcd_upscope(v);
    gm_vcd_upscope(v);
    gm_vcd_enddefs(v);
    uint32_t words[3] = {0xffffffff, 0, 0xffffffff};
    gm_vcd_time(v, 0);
    gm_vcd_value(v, clk, 0);
    gm_vcd_value(v, x, 0x1f); /* masked to 4 bits */
    gm_vcd_value_wide(v, w, words);
    gm_vcd_time(v, 1);
    gm_vcd_value(v, clk, 1);
    gm_vcd_value(v, x, 0xf); /* unchanged: not written */
    gm_vcd_time(v, 2);
    gm_vcd_value(v, x, 0xf); /* nothing changes: no "#2" */
    assert_int_equal(gm_vcd_close(v, &err), 0);

    FILE *f = fopen(path, "r");
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    unlink(path);
    const char *want =
        "$version gmem libvcd $end\n"
        "$timescale 1ps $end\n"
        " $scope module TOP $end\n"
        "  $var wire 1 ! clk $end\n"
        "  $var wire 4 \" x_i [3:0] $end\n"
        "  $scope module blk $end\n"
        "   $var wire 1 ! clk $end\n"
        "   $var wire 70 # w_q [69:0] $end\n"
        "  $upscope $end\n"
        " $upscope $end\n"
        "$enddefinitions $end\n"
        "#0\n0!\nb1111 \"\n"
        "b"
        "111111"
        "00000000000000000000000000000000"
        "11111111111111111111111111111111 #\n"
        "#1\n1!\n";
    assert_string_equal(buf, want);
}

static void test_open_error(void **state)
{
    gm_err_t err;
    (void)state;
    assert_null(gm_vcd_open("/nonexistent-dir/x.vcd", "1ps", &err));
    assert_non_null(strstr(err.msg, "/nonexistent-dir/x.vcd"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dump_text),
        cmocka_unit_test(test_open_error),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
