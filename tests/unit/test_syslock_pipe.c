/* The lockstep pipe (testbench/syslock_pipe.h) on its own: what workers
 * replay is exactly what the simulation recorded -- every evaluation and
 * edge of each channel in order, with its inputs, outputs and core cycle --
 * whatever the number of workers, through runs of repeated cycles, strides,
 * a second evaluation in a cycle, an edge without one, and rings that wrap
 * and fill. Runs of identical cycles are recorded as fewer records. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* The pipe is a testbench file; it has no dependencies of its own. */
#include "../../testbench/syslock_pipe.c"

enum { NCH = 5, NEV = 60000 };

typedef struct ev {
    int kind; /* GM_PIPE_EVAL or GM_PIPE_TICK */
    uint32_t in[3], out[2];
    uint64_t core;
} ev_t;

typedef struct chan_log {
    ev_t *v;
    size_t n, records;
} chan_log_t;

static void record(chan_log_t *l, int kind, const uint32_t *in, const uint32_t *out,
                   uint64_t core)
{
    ev_t *e = &l->v[l->n++];
    e->kind = kind;
    memcpy(e->in, in, sizeof e->in);
    if (out)
        memcpy(e->out, out, sizeof e->out);
    else
        memset(e->out, 0, sizeof e->out);
    e->core = core;
}

/* A worker: expand the record into the calls it stands for. */
static void run(void *inst, const gm_pipe_rec_t *r)
{
    chan_log_t *l = inst;
    l->records++;
    for (uint32_t i = 0; i < r->n; i++) {
        uint64_t core = r->core + (uint64_t)i * r->stride;
        if (r->kind != GM_PIPE_TICK)
            record(l, GM_PIPE_EVAL, r->in, r->out, core);
        if (r->kind != GM_PIPE_EVAL)
            record(l, GM_PIPE_TICK, r->in, NULL, core);
    }
}

static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* The simulation: per channel, long idle runs (the same cycle again, at
 * stride 1 or 2), bursts of changing inputs, now and then an edge without
 * an evaluation, two evaluations in a cycle, or an edge whose inputs
 * changed after the evaluation. */
static void simulate(unsigned threads, uint32_t seed, chan_log_t *want, chan_log_t *got)
{
    gm_pool_t *p = gm_pool_new(threads, run);
    assert_non_null(p);
    gm_chan_t *ch[NCH];
    for (unsigned c = 0; c < NCH; c++) {
        want[c] = (chan_log_t){calloc(3 * NEV + 8, sizeof(ev_t)), 0, 0};
        got[c] = (chan_log_t){calloc(3 * NEV + 8, sizeof(ev_t)), 0, 0};
        assert_non_null(want[c].v);
        assert_non_null(got[c].v);
        ch[c] = gm_pool_chan(p, &got[c], 3 * sizeof(uint32_t), 2 * sizeof(uint32_t));
        assert_non_null(ch[c]);
    }
    uint32_t in[NCH][3] = {{0}}, out[NCH][2] = {{0}};
    unsigned idle[NCH] = {0};
    uint64_t core = 0;
    for (unsigned cyc = 0; want[0].n < NEV; cyc++) {
        core += 1 + (cyc / 5000) % 2; /* the stride changes now and then */
        for (unsigned c = 0; c < NCH; c++) {
            uint32_t r = rnd(&seed);
            if (idle[c])
                idle[c]--;
            else if (r % 8 == 0)
                idle[c] = r % 3000; /* a long wait with nothing changing */
            else
                in[c][r % 3] = rnd(&seed) % 4;
            out[c][0] = in[c][0] * 7 + in[c][1];
            out[c][1] = in[c][2] ^ (uint32_t)c;
            unsigned shape = idle[c] ? 0 : rnd(&seed) % 16;
            if (shape != 1) { /* shape 1: an edge without an evaluation */
                gm_chan_eval(ch[c], in[c], out[c], core);
                record(&want[c], GM_PIPE_EVAL, in[c], out[c], core);
            }
            if (shape == 2) { /* a second evaluation in the cycle */
                in[c][1] ^= 1;
                out[c][0] ^= 5;
                gm_chan_eval(ch[c], in[c], out[c], core);
                record(&want[c], GM_PIPE_EVAL, in[c], out[c], core);
            }
            if (shape == 3) /* the inputs move between evaluation and edge */
                in[c][2] ^= 2;
            gm_chan_tick(ch[c], in[c], core);
            record(&want[c], GM_PIPE_TICK, in[c], NULL, core);
        }
    }
    gm_pool_finish(p);
    gm_pool_free(p);
}

static void check_threads(unsigned threads)
{
    chan_log_t want[NCH], got[NCH];
    simulate(threads, 0x2545f491u + threads, want, got);
    for (unsigned c = 0; c < NCH; c++) {
        assert_int_equal(got[c].n, want[c].n);
        for (size_t i = 0; i < want[c].n; i++) {
            const ev_t *a = &want[c].v[i], *b = &got[c].v[i];
            assert_int_equal(b->kind, a->kind);
            assert_memory_equal(b->in, a->in, sizeof a->in);
            if (a->kind == GM_PIPE_EVAL)
                assert_memory_equal(b->out, a->out, sizeof a->out);
            assert_int_equal(b->core, a->core);
        }
        /* The idle runs travel as a record each. */
        assert_true(got[c].records * 4 < want[c].n);
        free(want[c].v);
        free(got[c].v);
    }
}

static void test_one_worker(void **state)
{
    (void)state;
    check_threads(1);
}

static void test_three_workers(void **state)
{
    (void)state;
    check_threads(3);
}

/* More workers than channels: the idle ones find nothing and end. */
static void test_more_workers_than_channels(void **state)
{
    (void)state;
    check_threads(8);
}

/* A pool whose channels never got a record starts no thread. */
static void test_nothing_recorded(void **state)
{
    (void)state;
    chan_log_t l = {0};
    gm_pool_t *p = gm_pool_new(2, run);
    assert_non_null(p);
    assert_non_null(gm_pool_chan(p, &l, 4, 4));
    gm_pool_finish(p);
    assert_int_equal(l.records, 0);
    gm_pool_free(p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_worker),
        cmocka_unit_test(test_three_workers),
        cmocka_unit_test(test_more_workers_than_channels),
        cmocka_unit_test(test_nothing_recorded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
