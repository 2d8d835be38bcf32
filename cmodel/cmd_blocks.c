/* Commands about blocks themselves: list, block-params, check-ports. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "blocks/block.h"
#include "cli.h"
#include "sim/plugin.h"
#include "util/config.h"
#include "util/file.h"
#include "workload/workload.h"

/* Parameter points of a block: sorted names of configs/blocks/<b>/ *.json. */
static int list_points(const char *block, char names[][64], int max)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/configs/blocks/%s", gm_home(), block);
    DIR *d = opendir(dir);
    int n = 0;
    if (!d)
        return 0;
    for (struct dirent *e; (e = readdir(d)) && n < max;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < 64 && strcmp(e->d_name + len - 5, ".json") == 0) {
            memcpy(names[n], e->d_name, len - 5);
            names[n++][len - 5] = 0;
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0],
          (int (*)(const void *, const void *))strcmp);
    return n;
}

static void list_configs(void)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/configs", gm_home());
    DIR *d = opendir(dir);
    char names[128][64];
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d)) && n < 128;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < 64 && !strcmp(e->d_name + len - 5, ".json"))
            snprintf(names[n++], sizeof names[0], "%s", e->d_name);
    }
    if (d)
        closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    printf("configs (%s):\n", dir);
    for (int i = 0; i < n; i++)
        printf("  configs/%s\n", names[i]);
}

static void list_workloads(void)
{
    puts("workloads (SPEC = name[:key=value,...]):");
    for (const gm_workload_info_t *w = gm_workload_list; w->name; w++)
        printf("  %-12s %-10s %s\n  %12s %10s params: %s\n", w->name, w->suite, w->doc, "", "",
               w->params);
}

static void list_blocks(void)
{
    puts("blocks:");
    for (const gm_block_desc_t *const *b = gm_blocks; *b; b++) {
        char pts[64][64];
        int n = list_points((*b)->name, pts, 64);
        printf("  %-12s %u in, %u out, %u params, %u state regs; points:",
               (*b)->name, (*b)->n_in, (*b)->n_out, (*b)->n_params, (*b)->n_state);
        for (int i = 0; i < n; i++)
            printf(" %s", pts[i]);
        putchar('\n');
    }
}

/* Each plug-in with its config section and, for a section, its fields. */
static void list_plugins(void)
{
    puts("plug-ins (cmodel/sim/plug/):");
    for (const gm_plugin_t *const *p = gm_plugins; *p; p++) {
        printf("  %-10s %-14s %s\n", (*p)->name, (*p)->section ? (*p)->section : "-",
               (*p)->doc);
        for (unsigned i = 0; (*p)->schema && i < (*p)->schema->n; i++) {
            const gm_field_t *f = &(*p)->schema->fields[i];
            printf("  %-10s   .%-12s %s\n", "", f->key, f->doc);
        }
    }
}

int gm_cmd_list(int argc, char **argv)
{
    static const char *const what[] = {"configs", "workloads", "blocks", "plugins", NULL};
    if (gm_wants_help(argc, argv)) {
        puts("usage: gmem list [configs|workloads|blocks|plugins]\n\n"
             "Lists the shipped GPU configurations, the built-in workloads with\n"
             "their parameters, every block with its ports, parameters and\n"
             "parameter points (configs/blocks/<block>/ *.json), and the model's\n"
             "plug-ins with their config sections; all four by default.");
        return GM_EXIT_OK;
    }
    if (argc > 2)
        return gm_fail(GM_EXIT_USAGE, "list: unexpected argument '%s'", argv[2]);
    int k = 4;
    if (argc == 2) {
        for (k = 0; what[k] && strcmp(what[k], argv[1]); k++)
            ;
        if (!what[k])
            return gm_fail(GM_EXIT_USAGE,
                           "list: unknown list '%s' (expected configs, workloads, blocks or "
                           "plugins)",
                           argv[1]);
    }
    if (k == 0 || k == 4)
        list_configs();
    if (k == 1 || k == 4)
        list_workloads();
    if (k == 2 || k == 4)
        list_blocks();
    if (k == 3 || k == 4)
        list_plugins();
    return GM_EXIT_OK;
}

static const char *const param_formats[] = {"text", "verilator", "yosys", "list", NULL};

int gm_cmd_block_params(int argc, char **argv)
{
    const char *block = NULL, *file = NULL;
    int fmt = 0;
    if (gm_wants_help(argc, argv)) {
        puts("usage: gmem block-params BLOCK [POINT.json] [--format text|verilator|yosys|list]\n\n"
             "Prints the block's parameters for a parameter point (defaults when no\n"
             "file is given), with every 0 = auto value resolved as the C model\n"
             "resolves it. verilator: -G flags; yosys: a chparam command;\n"
             "list: NAME=VALUE words (the form embedded in RTL models).");
        return GM_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--format") == 0 && i + 1 < argc) {
            const char *f = argv[++i];
            for (fmt = 0; param_formats[fmt] && strcmp(param_formats[fmt], f); fmt++)
                ;
            if (!param_formats[fmt])
                return gm_fail(GM_EXIT_USAGE,
                               "block-params: unknown format '%s' (expected text, verilator, yosys or list)",
                               f);
        } else if (argv[i][0] == '-') {
            return gm_fail(GM_EXIT_USAGE, "block-params: unknown option '%s'", argv[i]);
        } else if (!block) {
            block = argv[i];
        } else if (!file) {
            file = argv[i];
        } else {
            return gm_fail(GM_EXIT_USAGE, "block-params: unexpected argument '%s'", argv[i]);
        }
    }
    if (!block)
        return gm_fail(GM_EXIT_USAGE, "block-params: missing BLOCK (see gmem list)");
    const gm_block_desc_t *b = gm_block_find(block);
    if (!b)
        return gm_fail(GM_EXIT_USAGE, "block-params: unknown block '%s' (see gmem list)", block);
    gm_err_t err;
    void *st = gm_block_new(b, file, &err);
    if (!st)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    const void *p = (const char *)st + b->params_in_state;
    if (fmt == 2)
        printf("chparam");
    for (unsigned i = 0; i < b->n_params; i++) {
        uint32_t v = gm_param_get(b, p, i);
        const char *n = b->params[i].name;
        switch (fmt) {
        case 0: printf("%-14s %10u  %s\n", n, v, b->params[i].doc); break;
        case 1: printf("%s-G%s=%u", i ? " " : "", n, v); break;
        case 2: printf(" -set %s %u", n, v); break;
        case 3: printf("%s%s=%u", i ? " " : "", n, v); break;
        }
    }
    if (fmt == 2)
        printf(" %s", b->name);
    if (fmt)
        putchar('\n');
    free(st);
    return GM_EXIT_OK;
}

/* ---- check-ports: the RTL module's interface against the .ports file ---- */

/* The top module, under its own name or, when chparam re-elaborated a top
 * with submodules, as Yosys's "$paramod$<hash>\<name>". */
static const cJSON *find_module(const cJSON *root, const char *name)
{
    const cJSON *mods = cJSON_GetObjectItemCaseSensitive(root, "modules");
    const cJSON *m = mods ? cJSON_GetObjectItemCaseSensitive(mods, name) : NULL;
    if (m || !mods)
        return m;
    size_t n = strlen(name);
    cJSON_ArrayForEach(m, mods) {
        const char *k = m->string, *bs = strrchr(k, '\\');
        if (strncmp(k, "$paramod$", 9) == 0 && bs && strcmp(bs + 1, name) == 0 &&
            strlen(bs + 1) == n)
            return m;
    }
    return NULL;
}

static int check_port(const cJSON *ports, const char *name, const char *dir,
                      unsigned width, const char *where, gm_err_t *err)
{
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(ports, name);
    if (!p)
        return gm_errf(err, "%s: missing port %s (%s, %u bits)", where, name, dir, width);
    const cJSON *d = cJSON_GetObjectItemCaseSensitive(p, "direction");
    const cJSON *bits = cJSON_GetObjectItemCaseSensitive(p, "bits");
    if (!cJSON_IsString(d) || strcmp(d->valuestring, dir) != 0)
        return gm_errf(err, "%s: port %s should be an %s", where, name, dir);
    if ((unsigned)cJSON_GetArraySize(bits) != width)
        return gm_errf(err, "%s: port %s is %d bits, the .ports file says %u", where,
                       name, cJSON_GetArraySize(bits), width);
    return 0;
}

static int check_state(const cJSON *mod, const char *name, unsigned width,
                       unsigned depth, const char *where, gm_err_t *err)
{
    const cJSON *nets = cJSON_GetObjectItemCaseSensitive(mod, "netnames");
    const cJSON *mems = cJSON_GetObjectItemCaseSensitive(mod, "memories");
    if (depth == 0) {
        const cJSON *n = nets ? cJSON_GetObjectItemCaseSensitive(nets, name) : NULL;
        if (!n)
            return gm_errf(err, "%s: missing state register %s (%u bits)", where, name, width);
        int w = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(n, "bits"));
        if ((unsigned)w != width)
            return gm_errf(err, "%s: state register %s is %d bits, the .ports file says %u",
                           where, name, w, width);
        return 0;
    }
    const cJSON *m = mems ? cJSON_GetObjectItemCaseSensitive(mems, name) : NULL;
    if (m) {
        const cJSON *w = cJSON_GetObjectItemCaseSensitive(m, "width");
        const cJSON *s = cJSON_GetObjectItemCaseSensitive(m, "size");
        if (!cJSON_IsNumber(w) || (unsigned)w->valueint != width ||
            !cJSON_IsNumber(s) || (unsigned)s->valueint != depth)
            return gm_errf(err, "%s: state array %s is %d x %d bits, the .ports file says %u x %u",
                           where, name, cJSON_IsNumber(s) ? s->valueint : -1,
                           cJSON_IsNumber(w) ? w->valueint : -1, depth, width);
        return 0;
    }
    /* An array the front end split into registers: name[0] .. name[depth-1]. */
    for (unsigned e = 0; e < depth; e++) {
        char el[200];
        snprintf(el, sizeof el, "%s[%u]", name, e);
        const cJSON *n = nets ? cJSON_GetObjectItemCaseSensitive(nets, el) : NULL;
        if (!n)
            return gm_errf(err, "%s: missing state array %s[%u] (%u x %u bits)", where,
                           name, depth, depth, width);
        if ((unsigned)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(n, "bits")) != width)
            return gm_errf(err, "%s: state array element %s is not %u bits", where, el, width);
    }
    return 0;
}

int gm_cmd_check_ports(int argc, char **argv)
{
    if (gm_wants_help(argc, argv) || argc < 3) {
        printf("usage: gmem check-ports BLOCK YOSYS.json [POINT.json]\n\n"
               "Checks the module BLOCK in a Yosys `write_json` netlist (after\n"
               "chparam for the point) against cmodel/blocks/BLOCK.ports: ports\n"
               "clk, rst_n, <in>_i, <out>_o with the same directions and widths and\n"
               "nothing else, and every STATE register present as <name>_q.\n");
        return argc < 3 && !gm_wants_help(argc, argv) ? GM_EXIT_USAGE : GM_EXIT_OK;
    }
    const gm_block_desc_t *b = gm_block_find(argv[1]);
    if (!b)
        return gm_fail(GM_EXIT_USAGE, "check-ports: unknown block '%s'", argv[1]);
    gm_err_t err;
    cJSON *root;
    void *st = gm_block_new(b, argc > 3 ? argv[3] : NULL, &err);
    if (!st)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    if (gm_json_load_max(argv[2], GM_MAX_NETLIST_BYTES, &root, &err)) {
        free(st);
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    }
    char where[512], name[160];
    snprintf(where, sizeof where, "%s: module %s", argv[2], b->name);
    int rc = 0;
    const cJSON *mod = find_module(root, b->name);
    const cJSON *ports = mod ? cJSON_GetObjectItemCaseSensitive(mod, "ports") : NULL;
    if (!ports)
        rc = gm_errf(&err, "%s: not found", where);
    if (!rc)
        rc = check_port(ports, "clk", "input", 1, where, &err);
    if (!rc)
        rc = check_port(ports, "rst_n", "input", 1, where, &err);
    for (unsigned i = 0; !rc && i < b->n_in; i++) {
        snprintf(name, sizeof name, "%s_i", b->in[i].name);
        rc = check_port(ports, name, "input", b->in[i].width, where, &err);
    }
    for (unsigned i = 0; !rc && i < b->n_out; i++) {
        snprintf(name, sizeof name, "%s_o", b->out[i].name);
        rc = check_port(ports, name, "output", b->out[i].width, where, &err);
    }
    int expected = 2 + (int)b->n_in + (int)b->n_out;
    if (!rc && cJSON_GetArraySize(ports) != expected) {
        for (const cJSON *p = ports->child; p; p = p->next) {
            int known = !strcmp(p->string, "clk") || !strcmp(p->string, "rst_n");
            for (unsigned i = 0; i < b->n_in; i++) {
                snprintf(name, sizeof name, "%s_i", b->in[i].name);
                known |= !strcmp(p->string, name);
            }
            for (unsigned i = 0; i < b->n_out; i++) {
                snprintf(name, sizeof name, "%s_o", b->out[i].name);
                known |= !strcmp(p->string, name);
            }
            if (!known) {
                rc = gm_errf(&err, "%s: port %s is not in %s.ports", where, p->string,
                             b->name);
                break;
            }
        }
    }
    for (unsigned i = 0; !rc && i < b->n_state; i++) {
        snprintf(name, sizeof name, "%s_q", b->state[i].name);
        rc = check_state(mod, name, b->state[i].width, b->state_depth(st, i), where,
                         &err);
    }
    cJSON_Delete(root);
    free(st);
    if (rc)
        return gm_fail(GM_EXIT_FAIL, "%s", err.msg);
    printf("check-ports %s: %u inputs, %u outputs, %u state registers match\n",
           b->name, b->n_in, b->n_out, b->n_state);
    return GM_EXIT_OK;
}
