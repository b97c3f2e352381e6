// The one signal handler htl installs, and the slot it reads.
//
// Invariants:
// - The handler calls only async-signal-safe functions: unlinkat, sigaction
//   (through SA_RESETHAND) and raise.
// - The slot is published with release/acquire atomics: a name is copied
//   whole before the folder that makes it visible is stored, and the
//   handler, on whichever thread the signal arrives, reads the folder
//   before the name. The folder is a lock-free atomic, which a signal
//   handler may read.
// - One file at a time: a writer claims the empty slot with a
//   compare-exchange and only the claimer empties it, so two threads
//   filling files at once never mix their names.
// - A signal ignored when the handler is installed stays ignored.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>
#include "csystem.h"

// -1: empty; -2: claimed, the name being copied; otherwise the folder.
static _Atomic int pending_folder = -1;
static char pending_name[256];

int htl_temporary_begin(int folder, const char *name) {
    size_t n = strlen(name);
    if (folder < 0 || n >= sizeof pending_name) return 0;
    int empty = -1;
    if (!atomic_compare_exchange_strong(&pending_folder, &empty, -2)) return 0;
    memcpy(pending_name, name, n + 1);
    atomic_store_explicit(&pending_folder, folder, memory_order_release);
    return 1;
}

void htl_temporary_end(void) {
    atomic_store_explicit(&pending_folder, -1, memory_order_release);
}

static void remove_pending_and_end(int signal) {
    int folder = atomic_load_explicit(&pending_folder, memory_order_acquire);
    if (folder >= 0) unlinkat(folder, pending_name, 0);
    // SA_RESETHAND made the disposition the default again; the signal is
    // blocked while this runs, and ends the process once it returns.
    raise(signal);
}

int htl_remove_temporary_on_interrupt(void) {
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction old;
        if (sigaction(signals[i], NULL, &old) != 0) return -1;
        if (old.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = remove_pending_and_end;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}
