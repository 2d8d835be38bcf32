/* The reference pages of `gmem help TOPIC` (cmd_help.c, cmd_help_stats.c). */
#ifndef GM_HELP_H
#define GM_HELP_H

/* The stats reference; from: a report whose paths to list and check
 * (NULL: every documented path); md: as Markdown. An exit status. */
int gm_help_stats(const char *from, int md);

#endif
