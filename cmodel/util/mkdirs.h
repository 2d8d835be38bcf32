/* Creating the directories an output file goes in. */
#ifndef GM_MKDIRS_H
#define GM_MKDIRS_H

/* Creates the directories leading to `path` (not path itself), as far as
 * it can: the file's own open then reports what is missing. */
void gm_mkdirs(const char *path);

#endif
