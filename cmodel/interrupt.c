#include "interrupt.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

volatile sig_atomic_t gm_interrupted;

static const int caught[] = {SIGINT, SIGTERM};
static struct sigaction old[2];
static int installed[2];
/* Written before the handler is installed and not after: the handler may
 * read it. */
static char unfinished_path[1100];

static void on_signal(int sig)
{
    if (!gm_interrupted) {
        gm_interrupted = sig;
        return;
    }
    if (unfinished_path[0])
        unlink(unfinished_path);
    signal(sig, SIG_DFL);
    raise(sig);
}

void gm_interrupt_catch(const char *unfinished)
{
    gm_interrupted = 0;
    snprintf(unfinished_path, sizeof unfinished_path, "%s", unfinished ? unfinished : "");
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART; /* the stats are written after the first signal */
    sigemptyset(&sa.sa_mask);
    for (unsigned i = 0; i < 2; i++) {
        installed[i] = 0;
        if (sigaction(caught[i], NULL, &old[i]) || old[i].sa_handler == SIG_IGN)
            continue;
        installed[i] = !sigaction(caught[i], &sa, NULL);
    }
}

void gm_interrupt_release(void)
{
    for (unsigned i = 0; i < 2; i++)
        if (installed[i]) {
            sigaction(caught[i], &old[i], NULL);
            installed[i] = 0;
        }
    unfinished_path[0] = 0;
}

const char *gm_signal_name(int sig, char *buf, unsigned n)
{
    if (sig == SIGINT)
        return "SIGINT";
    if (sig == SIGTERM)
        return "SIGTERM";
    snprintf(buf, n, "signal %d", sig);
    return buf;
}
