/* Ctrl-C and SIGTERM during `gmem run`: the first one only sets
 * gm_interrupted, which the run polls at every clock edge, so it stops at
 * a cycle boundary and still writes its stats; a second one ends the
 * process at once (removing the stats file it was writing first). A signal
 * the parent set to be ignored (nohup, a background job of a script) stays
 * ignored. */
#ifndef GM_INTERRUPT_H
#define GM_INTERRUPT_H

#include <signal.h>

/* The number of the first signal caught, 0 while none. */
extern volatile sig_atomic_t gm_interrupted;

/* Catch SIGINT and SIGTERM until gm_interrupt_release(); `unfinished`
 * (a path, or NULL or "") is removed if a second signal kills the process. */
void gm_interrupt_catch(const char *unfinished);
void gm_interrupt_release(void);
/* "SIGINT", "SIGTERM", or "signal N". */
const char *gm_signal_name(int sig, char *buf, unsigned n);

#endif
