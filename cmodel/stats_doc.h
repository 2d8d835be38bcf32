/* What each path of a stats report (gmem-stats/1) means, for `gmem help
 * stats` and docs/stats.md. The report is written field by field
 * (sim/stats.c, the plug-ins' .stats), not from a table, so the
 * descriptions are kept here and tests/cli/help_stats.sh checks them
 * against real reports: a path a run writes that is not here fails it.
 * The parts that do have tables are taken from them: blocks.* from each
 * block's .ports counters, run.config.* from the configuration schema. */
#ifndef GM_STATS_DOC_H
#define GM_STATS_DOC_H

typedef struct gm_stats_doc {
    char path[128];     /* "l1d.reservation_fails.mshr", no "$." */
    const char *type;   /* integer, number, string, boolean, array of ... */
    const char *doc;
    char when[96];      /* "": every report; else when it is written */
} gm_stats_doc_t;

/* Every documented path in report order, into out[0..max); the count. */
unsigned gm_stats_docs(gm_stats_doc_t *out, unsigned max);

#endif
