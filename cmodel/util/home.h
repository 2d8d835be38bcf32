/* Where the shipped files (configs/, configs/blocks/) live. The CLI's
 * `--config NAME` and a configuration's `"base": NAME` both look there, so
 * it sits below both of them. */
#ifndef GM_HOME_H
#define GM_HOME_H

/* $GMEM_HOME if set, else the checkout the binary was built from
 * (GM_SOURCE_DIR, an absolute path given by the Makefile). */
const char *gm_home(void);

#endif
