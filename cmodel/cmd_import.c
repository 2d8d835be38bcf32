/* `gmem import-gpgpusim`: a GPGPU-Sim option file into a gmem
 * configuration (cmodel/import/gpgpusim.h), every option it could not map
 * listed on stderr. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "import/gpgpusim.h"
#include "util/file.h"

static const char usage[] =
    "usage: gmem import-gpgpusim FILE -o OUT.json [--name NAME]\n"
    "\n"
    "Reads a GPGPU-Sim option file (gpgpusim.config: -option value, '#'\n"
    "comments, quoted values may span lines) and writes a gmem configuration\n"
    "giving every field (no \"base\"), ready for `gmem run --config OUT.json`.\n"
    "\n"
    "Each field comes from the file's option, else from GPGPU-Sim's default for\n"
    "an option the file leaves out (what GPGPU-Sim would simulate), else -- for\n"
    "a field no GPGPU-Sim option describes -- from gmem's default. A value is\n"
    "mapped only onto a gmem field of the same meaning (a latency in core\n"
    "cycles is converted to the field's clock). stderr lists, one a line:\n"
    "  FILE:LINE: unmapped: -option value: why   an option, or part of one, gmem\n"
    "                                             has no field for (nothing is\n"
    "                                             left out silently)\n"
    "  FILE:LINE: converted: ...                 a value changed in unit\n"
    "  FILE: default: -option value (...)        GPGPU-Sim's default used\n"
    "  FILE: gmem-default: $.path = value: why   a field no option gives\n"
    "and a summary line.\n"
    "\n"
    "options:\n"
    "  -o FILE        the configuration to write ('-' for stdout); replaced in\n"
    "                 one step when complete\n"
    "  --name NAME    its \"name\" (default: OUT's file name without .json; with\n"
    "                 -o -, FILE's without .config)\n"
    "\n"
    "Exit status: 0 written (with or without unmapped options), 2 bad input:\n"
    "a missing file, a token that is not -name value, a malformed value (cache\n"
    "geometry, timing, address mapping) or a value out of GPGPU-Sim's or gmem's\n"
    "range, named as FILE:LINE: -option value: what was expected.\n";

static void to_stderr(void *ctx, const char *line)
{
    (void)ctx;
    fprintf(stderr, "%s\n", line);
}

/* a file's name without its directory and a .json or .config ending */
static void name_of(const char *out, char *buf, size_t n)
{
    const char *b = strrchr(out, '/');
    b = b ? b + 1 : out;
    size_t len = strlen(b);
    if (len > 5 && !strcmp(b + len - 5, ".json"))
        len -= 5;
    else if (len > 7 && !strcmp(b + len - 7, ".config"))
        len -= 7;
    snprintf(buf, n, "%.*s", (int)len, b);
}

static int write_out(const char *out, const char *text)
{
    if (!strcmp(out, "-"))
        return puts(text) >= 0 && fflush(stdout) == 0
                   ? GM_EXIT_OK
                   : gm_fail(GM_EXIT_USAGE, "import-gpgpusim: stdout: %s", strerror(errno));
    char tmp[1100];
    if (snprintf(tmp, sizeof tmp, "%s.tmp-%ld", out, (long)getpid()) >= (int)sizeof tmp)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: %s: path too long", out);
    FILE *f = fopen(tmp, "w");
    if (!f)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: %s: cannot create: %s", out,
                       strerror(errno));
    int ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    ok = (fclose(f) == 0) && ok;
    if (!ok || rename(tmp, out)) {
        int e = errno;
        remove(tmp);
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: %s: %s", out, strerror(e));
    }
    return GM_EXIT_OK;
}

int gm_cmd_import_gpgpusim(int argc, char **argv)
{
    const char *in = NULL, *out = NULL, *name = NULL;
    if (gm_wants_help(argc, argv)) {
        fputs(usage, stdout);
        return GM_EXIT_OK;
    }
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-o") || !strcmp(a, "--output") || !strcmp(a, "--name")) {
            if (i + 1 >= argc)
                return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: %s needs a value (see --help)", a);
            if (a[1] == 'o' || a[2] == 'o')
                out = argv[++i];
            else
                name = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: unknown option '%s' (see --help)", a);
        } else if (in) {
            return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: one FILE only, got '%s' and '%s'",
                           in, a);
        } else {
            in = a;
        }
    }
    if (!in)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: FILE (a gpgpusim.config) is required "
                                      "(see --help)");
    if (!out)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: -o OUT.json is required (see --help)");
    char defname[256];
    if (!name) {
        name_of(strcmp(out, "-") ? out : in, defname, sizeof defname);
        name = defname;
    }
    if (strlen(name) >= 64)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: --name %s: at most 63 characters", name);
    gm_err_t err;
    char *text = NULL;
    size_t len = 0;
    /* an option file is small text; the JSON limit bounds it */
    if (gm_file_read(in, GM_MAX_JSON_BYTES, &text, &len, &err))
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    cJSON *cfg = NULL;
    gm_gs_counts_t n;
    int rc = gm_gpgpusim_import(text, len, in, name, &cfg, to_stderr, NULL, &n, &err);
    free(text);
    if (rc)
        return gm_fail(GM_EXIT_USAGE, "%s", err.msg);
    char *json = cJSON_Print(cfg);
    cJSON_Delete(cfg);
    if (!json)
        return gm_fail(GM_EXIT_USAGE, "import-gpgpusim: out of memory");
    rc = write_out(out, json);
    free(json);
    if (rc == GM_EXIT_OK)
        fprintf(stderr, "import-gpgpusim: %s -> %s: %u options, %u mapped whole, %u unmapped "
                        "(options or parts, listed above), %u gmem fields at gmem's defaults\n",
                in, out, n.options, n.mapped, n.unmapped, n.defaults);
    return rc;
}
