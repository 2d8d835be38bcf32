/* The folding of a trace's 64-bit addresses into the 32-bit space
 * (workload/fold.h): the regions found from the touched pages, their dense
 * layout, what each keeps (every bit below the alignment, every distance
 * inside a region), the 64 KiB fallback and the bounds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "workload/fold.h"

#define BASE 0x10000000ull
#define END 0x100000000ull
#define MB (1ull << 20)

static void plan(wl_pages_t *s, const uint64_t *a, unsigned n, uint64_t end, wl_fold_t *f,
                 int rc)
{
    assert_int_equal(wl_pages_init(s, (END - BASE) >> WL_PAGE_SHIFT), 0);
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(wl_pages_add(s, a[i], 4), 0);
    assert_int_equal(wl_fold_plan(s, BASE, end, f), rc);
}

/* One allocation region: a rebase by a multiple of 2 MiB. */
static void test_one_region(void **state)
{
    (void)state;
    const uint64_t a[] = {0x7f5a3c012345ull, 0x7f5a3c400000ull, 0x7f5a4a000010ull};
    wl_pages_t s;
    wl_fold_t f;
    plan(&s, a, 3, END, &f, 0);
    assert_int_equal(f.align_shift, 21);
    assert_int_equal(f.n, 1);
    assert_int_equal(f.r[0].lo, 0x7f5a3c000000ull);
    assert_int_equal(wl_fold_addr(&f, a[0]), BASE + 0x12345);
    /* every distance kept */
    assert_int_equal(wl_fold_addr(&f, a[2]) - wl_fold_addr(&f, a[0]), a[2] - a[0]);
    free(f.r);
    wl_pages_free(&s);
}

/* Two regions 0x88 GB apart: laid out next to each other, each keeping its
 * bits below 2 MiB and its inner distances; no two pages collide. */
static void test_far_regions(void **state)
{
    (void)state;
    const uint64_t a[] = {0x7f3a40000010ull, 0x7f3a40212344ull, 0x7fc2a01fffc0ull,
                          0x7fc2a0000040ull};
    wl_pages_t s;
    wl_fold_t f;
    plan(&s, a, 4, END, &f, 0);
    assert_int_equal(f.n, 2);
    assert_int_equal(wl_fold_addr(&f, a[0]), 0x10000010);
    assert_int_equal(wl_fold_addr(&f, a[1]), 0x10212344);
    assert_int_equal(wl_fold_addr(&f, a[3]), 0x10400040);
    assert_int_equal(wl_fold_addr(&f, a[2]), 0x105fffc0);
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(wl_fold_addr(&f, a[i]) & (2 * MB - 1), a[i] & (2 * MB - 1));
    /* an address in no region passes through unchanged */
    assert_int_equal(wl_fold_addr(&f, 0x1234), 0x1234);
    free(f.r);
    wl_pages_free(&s);
}

/* The smallest gaps are kept, the largest squeezed: granules 0-1, a 3
 * granule gap, 5, then 1 TB away one more, then 2 TB away another; the
 * 3-granule gap fits the space, the others do not. */
static void test_gap_threshold(void **state)
{
    (void)state;
    const uint64_t t = 0x700000000000ull;
    const uint64_t a[] = {t, t + 2 * MB + 8, t + 10 * MB + 12, t + (1ull << 40) + 100,
                          t + (3ull << 40) + 200};
    wl_pages_t s;
    wl_fold_t f;
    plan(&s, a, 5, END, &f, 0);
    assert_int_equal(f.n, 3);
    /* the first region spans granules 0..5 (12 MiB), distances kept */
    assert_int_equal(wl_fold_addr(&f, a[2]) - wl_fold_addr(&f, a[0]), 10 * MB + 12);
    assert_int_equal(wl_fold_addr(&f, a[3]), BASE + 12 * MB + 100);
    assert_int_equal(wl_fold_addr(&f, a[4]), BASE + 14 * MB + 200);
    free(f.r);
    /* with room for 8 granules only, the 3-granule gap goes too */
    wl_pages_free(&s);
    plan(&s, a, 5, BASE + 16 * MB, &f, 0);
    assert_int_equal(f.n, 3);
    free(f.r);
    wl_pages_free(&s);
    plan(&s, a, 5, BASE + 14 * MB, &f, 0);
    assert_int_equal(f.align_shift, 21);
    assert_int_equal(f.n, 4); /* 0-1, 5, and the two far ones: 5 granules of 7 */
    assert_int_equal(wl_fold_addr(&f, a[2]), BASE + 4 * MB + 12);
    free(f.r);
    wl_pages_free(&s);
}

/* Touched 2 MiB granules that do not fit at 2 MiB fit at 64 KiB: 4000
 * pages 4 MiB apart (4000 granules of 2 MiB > 1920; 4000 pages of 64 KiB
 * do fit); the bits below 64 KiB are kept, the pages stay distinct. */
static void test_fallback_64k(void **state)
{
    (void)state;
    wl_pages_t s;
    wl_fold_t f;
    assert_int_equal(wl_pages_init(&s, (END - BASE) >> WL_PAGE_SHIFT), 0);
    for (uint64_t i = 0; i < 4000; i++)
        assert_int_equal(wl_pages_add(&s, 0x7f0000000000ull + i * 4 * MB + (i & 0xffff), 1), 0);
    assert_int_equal(wl_fold_plan(&s, BASE, END, &f), 0);
    assert_int_equal(f.align_shift, WL_PAGE_SHIFT);
    uint64_t prev = 0;
    for (uint64_t i = 0; i < 4000; i++) {
        uint64_t x = wl_fold_addr(&f, 0x7f0000000000ull + i * 4 * MB + (i & 0xffff));
        assert_true(x < END);
        assert_int_equal(x & 0xffff, i & 0xffff);
        assert_true(!i || x >> 16 > prev >> 16);
        prev = x;
    }
    free(f.r);
    wl_pages_free(&s);
}

/* The set holds at most its cap of pages; an access crossing a page
 * boundary takes both; a plan that does not fit at all is -1. */
static void test_bounds(void **state)
{
    (void)state;
    wl_pages_t s;
    wl_fold_t f;
    assert_int_equal(wl_pages_init(&s, 3), 0);
    assert_int_equal(wl_pages_add(&s, 0xfffc, 8), 0); /* pages 0 and 1 */
    assert_int_equal(s.n, 2);
    assert_int_equal(wl_pages_add(&s, 0x10000, 4), 0); /* page 1 again */
    assert_int_equal(wl_pages_add(&s, 0x7fff0000, 4), 0);
    assert_int_equal(wl_pages_add(&s, 0x7fff0000, 4), 0);
    assert_int_equal(wl_pages_add(&s, 0x9fff0000, 4), 1);
    wl_pages_free(&s);
    /* the top of the 64-bit space folds too */
    assert_int_equal(wl_pages_init(&s, 16), 0);
    assert_int_equal(wl_pages_add(&s, UINT64_MAX - 3, 4), 0);
    assert_int_equal(wl_fold_plan(&s, BASE, END, &f), 0);
    assert_int_equal(wl_fold_addr(&f, UINT64_MAX - 3), BASE + 2 * MB - 4);
    free(f.r);
    wl_pages_free(&s);
    /* 40 pages far apart in 2 MiB of room: 32 pages at most */
    assert_int_equal(wl_pages_init(&s, 64), 0);
    for (uint64_t i = 0; i < 40; i++)
        assert_int_equal(wl_pages_add(&s, i << 32, 4), 0);
    assert_int_equal(wl_fold_plan(&s, BASE, BASE + 2 * MB, &f), -1);
    wl_pages_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_region),   cmocka_unit_test(test_far_regions),
        cmocka_unit_test(test_gap_threshold), cmocka_unit_test(test_fallback_64k),
        cmocka_unit_test(test_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
