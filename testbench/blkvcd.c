#include "blkvcd.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void free_ids(gm_blkvcd_t *w)
{
    for (unsigned i = 0; w->state && i < w->d->n_state; i++)
        free(w->state[i]);
    free(w->state);
    free(w->in);
    free(w->out);
    free(w->param);
    free(w->out_tmp);
}

int gm_blkvcd_open(gm_blkvcd_t *w, const gm_block_desc_t *d, const void *c_state,
                   const char *path, gm_err_t *err)
{
    char name[200];
    memset(w, 0, sizeof *w);
    w->d = d;
    w->in = calloc(d->n_in + 1, sizeof(int));
    w->out = calloc(d->n_out + 1, sizeof(int));
    w->param = calloc(d->n_params + 1, sizeof(int));
    w->state = calloc(d->n_state + 1, sizeof(int *));
    w->out_tmp = calloc(1, d->out_size);
    if (!w->in || !w->out || !w->param || !w->state || !w->out_tmp) {
        free_ids(w);
        return gm_errf(err, "out of memory");
    }
    w->v = gm_vcd_open(path, "1ps", err);
    if (!w->v) {
        free_ids(w);
        return -1;
    }
    gm_vcd_scope(w->v, "TOP");
    w->clk = gm_vcd_var(w->v, "clk", 1, -1);
    w->rst = gm_vcd_var(w->v, "rst_n", 1, -1);
    for (unsigned i = 0; i < d->n_in; i++) {
        snprintf(name, sizeof name, "%s_i", d->in[i].name);
        w->in[i] = gm_vcd_var(w->v, name, d->in[i].width, -1);
    }
    for (unsigned i = 0; i < d->n_out; i++) {
        snprintf(name, sizeof name, "%s_o", d->out[i].name);
        w->out[i] = gm_vcd_var(w->v, name, d->out[i].width, -1);
    }
    gm_vcd_scope(w->v, d->name);
    for (unsigned i = 0; i < d->n_params; i++)
        w->param[i] = gm_vcd_var(w->v, d->params[i].name, 32, -1);
    gm_vcd_var(w->v, "clk", 1, w->clk);
    gm_vcd_var(w->v, "rst_n", 1, w->rst);
    for (unsigned i = 0; i < d->n_in; i++) {
        snprintf(name, sizeof name, "%s_i", d->in[i].name);
        gm_vcd_var(w->v, name, d->in[i].width, w->in[i]);
    }
    for (unsigned i = 0; i < d->n_out; i++) {
        snprintf(name, sizeof name, "%s_o", d->out[i].name);
        gm_vcd_var(w->v, name, d->out[i].width, w->out[i]);
    }
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(c_state, i);
        unsigned n = depth ? depth : 1;
        w->state[i] = calloc(n, sizeof(int));
        if (!w->state[i]) {
            gm_blkvcd_close(w, NULL);
            return gm_errf(err, "out of memory");
        }
        for (unsigned e = 0; e < n; e++) {
            if (depth)
                snprintf(name, sizeof name, "%s_q[%u]", d->state[i].name, e);
            else
                snprintf(name, sizeof name, "%s_q", d->state[i].name);
            w->state[i][e] = gm_vcd_var(w->v, name, d->state[i].width, -1);
        }
    }
    gm_vcd_upscope(w->v);
    gm_vcd_upscope(w->v);
    gm_vcd_enddefs(w->v);
    return 0;
}

static void ports(gm_vcd_t *v, const gm_port_desc_t *p, unsigned n, const int *ids,
                  const void *vals)
{
    for (unsigned i = 0; i < n; i++) {
        if (p[i].wide)
            gm_vcd_value_wide(v, ids[i], gm_port_cwords(&p[i], vals));
        else
            gm_vcd_value(v, ids[i], gm_port_get(&p[i], vals));
    }
}

void gm_blkvcd_dump(gm_blkvcd_t *w, uint64_t t, int clk, int rst_n, const void *c_state,
                    const void *in)
{
    const gm_block_desc_t *d = w->d;
    const void *params = (const char *)c_state + d->params_in_state;
    gm_vcd_time(w->v, t);
    for (unsigned i = 0; i < d->n_params; i++)
        gm_vcd_value(w->v, w->param[i], gm_param_get(d, params, i));
    gm_vcd_value(w->v, w->clk, (uint64_t)clk);
    gm_vcd_value(w->v, w->rst, (uint64_t)rst_n);
    ports(w->v, d->in, d->n_in, w->in, in);
    memset(w->out_tmp, 0, d->out_size);
    d->eval(c_state, in, w->out_tmp);
    ports(w->v, d->out, d->n_out, w->out, w->out_tmp);
    for (unsigned i = 0; i < d->n_state; i++) {
        unsigned depth = d->state_depth(c_state, i);
        for (unsigned e = 0; e < (depth ? depth : 1); e++)
            gm_vcd_value(w->v, w->state[i][e], d->state_get(c_state, i, e));
    }
}

int gm_blkvcd_close(gm_blkvcd_t *w, gm_err_t *err)
{
    int rc = w->v ? gm_vcd_close(w->v, err) : 0;
    w->v = NULL;
    free_ids(w);
    memset(w, 0, sizeof *w);
    return rc;
}
