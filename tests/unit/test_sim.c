/* The GPU model's own bookkeeping: every warp instruction of the workload
 * is issued exactly once, every request is freed, memory instructions and
 * requests match the coalescer; and a lost request stops the run through
 * the watchdog instead of spinning to --max-cycles. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "sim/gpu.h"

static gm_gpu_config_t small_config(void)
{
    gm_gpu_config_t c;
    gm_err_t err;
    assert_int_equal(gm_gpu_config_load(GM_SOURCE_DIR "/configs/fermi-gtx480.json", NULL, 0, &c,
                                        &err),
                     0);
    c.sm.count = 4;
    return c;
}

/* Walk the workload's streams as the warps would, coalescing as the
 * configuration's L1D does. */
static void expected(const char *spec, const gm_l1d_cfg_t *l1d, uint64_t *warp_insts,
                     uint64_t *mem_insts, uint64_t *requests)
{
    gm_err_t err;
    gm_workload_t *w = gm_workload_create(spec, 1, &err);
    assert_non_null(w);
    *warp_insts = *mem_insts = *requests = 0;
    for (unsigned s = 0; s < gm_workload_streams(w); s++)
        for (unsigned k = 0; k < gm_workload_kernels(w, s); k++) {
            const gm_kernel_t *kn = gm_workload_kernel(w, s, k);
            uint32_t ctas = kn->grid[0] * kn->grid[1] * kn->grid[2];
            uint32_t threads = kn->block[0] * kn->block[1] * kn->block[2];
            uint32_t warps = (threads + 31) / 32;
            void *ws = calloc(1, kn->ops->warp_state_size + 16);
            gm_inst_t in;
            gm_access_t acc[32];
            for (uint32_t c = 0; c < ctas; c++)
                for (uint32_t v = 0; v < warps; v++) {
                    kn->ops->warp_init(kn, ws, c, v);
                    do {
                        kn->ops->warp_next(kn, ws, &in);
                        *warp_insts += in.gap + 1u;
                        if (in.op != GM_OP_EXIT) {
                            (*mem_insts)++;
                            *requests += gm_lsu_coalesce(l1d, &in, acc);
                        }
                    } while (in.op != GM_OP_EXIT);
                }
            free(ws);
        }
    gm_workload_free(w);
}

static void run_and_count_acks(const char *spec, int store_acks)
{
    gm_gpu_config_t c = small_config();
    c.sm.store_acks = store_acks;
    gm_err_t err;
    gm_workload_t *w = gm_workload_create(spec, 1, &err);
    gm_gpu_t *g = calloc(1, sizeof *g);
    assert_int_equal(gm_gpu_init(g, &c, w, 1, &err), 0);
    assert_int_equal(gm_gpu_run(g, 50000000), 0);
    uint64_t wi = 0, mi = 0, rq = 0, ew, em, er;
    for (uint32_t i = 0; i < c.sm.count; i++) {
        wi += g->sm[i].sm.st.warp_insts;
        mi += g->sm[i].sm.st.mem_insts;
        rq += g->sm[i].lsu.st.requests;
    }
    expected(spec, &c.l1d, &ew, &em, &er);
    assert_int_equal(wi, ew);
    assert_int_equal(mi, em);
    assert_int_equal(rq, er);
    assert_int_equal(g->pool.nfree, g->pool.cap); /* every request freed */
    assert_int_equal(g->pool.allocs, g->pool.frees);
    /* every store count given back: each request's ack came (sm.store_acks) */
    for (uint32_t i = 0; i < c.sm.count; i++)
        for (uint32_t k = 0; k < c.sm.max_warps; k++)
            assert_int_equal(g->sm[i].sm.warp[k].stores_out, 0);
    gm_gpu_free(g);
    free(g);
    gm_workload_free(w);
}

static void run_and_count(const char *spec)
{
    run_and_count_acks(spec, 0);
    run_and_count_acks(spec, 1); /* with write_fetch: the misses' acks from DRAM */
}

static void test_every_instruction_once(void **state)
{
    (void)state;
    run_and_count("atax:n=128");
    run_and_count("bfs:nodes=1024");
    run_and_count("pair:pf+hs");
    run_and_count("stream:n=65536");
}

/* Lose a request in an L2 bank's ROP delay once one waits there, and run
 * on until the watchdog stops the run: its cycle (and the message). */
static uint64_t lose_a_request(int no_skip, char *stall, size_t len)
{
    gm_gpu_config_t c = small_config();
    gm_err_t err;
    gm_workload_t *w = gm_workload_create("atax:n=256", 1, &err);
    gm_gpu_t *g = calloc(1, sizeof *g);
    assert_int_equal(gm_gpu_init(g, &c, w, 1, &err), 0);
    g->no_skip = no_skip;
    uint64_t t = 1000;
    int stolen = 0;
    while (!stolen && t < 2000000) {
        assert_int_equal(gm_gpu_run(g, t), 1);
        for (uint32_t b = 0; b < g->nbanks && !stolen; b++)
            if (g->bank[b].l2.rop.q.n) {
                gm_delay_pop(&g->bank[b].l2.rop);
                stolen = 1;
            }
        t += 100;
    }
    assert_true(stolen);
    assert_int_equal(gm_gpu_run(g, 50000000), -1);
    assert_non_null(strstr(g->stall, "no request answered"));
    assert_true(g->clk.cycles[GM_CLK_CORE] < t + 2 * GM_WATCHDOG_CYCLES);
    /* with the fast-forward, most of the watchdog's million cycles go by at once */
    assert_true(no_skip ? g->ff_skipped == 0 : g->ff_skipped > GM_WATCHDOG_CYCLES / 2);
    snprintf(stall, len, "%s", g->stall);
    uint64_t end = g->clk.cycles[GM_CLK_CORE];
    gm_gpu_free(g);
    free(g);
    gm_workload_free(w);
    return end;
}

static void test_lost_request_trips_the_watchdog(void **state)
{
    (void)state;
    char a[256], b[256];
    /* the fast-forward skips the stalled stretch, up to the same check */
    uint64_t skipped = lose_a_request(0, a, sizeof a);
    assert_int_equal(skipped, lose_a_request(1, b, sizeof b));
    assert_string_equal(a, b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_instruction_once),
        cmocka_unit_test(test_lost_request_trips_the_watchdog),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
