// Linux system calls that Swift's Glibc module does not expose (they need
// _GNU_SOURCE): atomic renames that exchange or refuse to replace,
// reserving disk space without changing a file's size, opening below a
// folder; the allocator's settings; and the one signal handler (signals.c).
#ifndef HTL_CSYSTEM_H
#define HTL_CSYSTEM_H

#include <sys/types.h>

// The module's other header (git blob ids), included here as well: a build
// that compiled the module before it existed then sees the change.
#include "gitblob.h"

/// renameat2(RENAME_EXCHANGE) within one folder: swaps the files two names
/// denote, atomically. Returns 0, or -1 with errno set.
int htl_exchange_at(int folder, const char *a, const char *b);

/// renameat2(RENAME_NOREPLACE) within one folder: renames `from` to `to`
/// only if `to` does not exist. Returns 0, or -1 with errno set (EEXIST).
int htl_rename_noreplace_at(int folder, const char *from, const char *to);

/// fallocate(FALLOC_FL_KEEP_SIZE): reserves `length` bytes after `offset`
/// so that a later write there cannot fail for lack of space; the file's
/// size is unchanged. Returns 0, or -1 with errno set.
int htl_reserve(int fd, off_t offset, off_t length);

/// memfd_create: a file that lives in memory only, closed on exec (a
/// child gets it as one of its standard streams). Returns the descriptor,
/// or -1 with errno set.
int htl_memory_file(const char *name);

/// Opens a folder as a handle for the *at calls (O_PATH: nothing is read
/// through it). Returns the descriptor, or -1 with errno set.
int htl_open_folder(const char *path);

/// openat2 with RESOLVE_BENEATH: opens `path` (relative) below `folder`,
/// failing if any step of its resolution, links included, would leave the
/// folder (EXDEV), so what is opened cannot lie outside it. Returns the
/// descriptor, or -1 with errno set (ENOSYS where the kernel lacks openat2).
int htl_open_beneath(int folder, const char *path, int flags);

/// Sets the C allocator up for a batch command over a large ledger:
/// blocks up to 32 MB from the heap, the heap never trimmed, and
/// `reserve` bytes of heap reserved at once and advised to be backed by
/// huge pages (2 MB: 512 times fewer page faults, each of which is costly
/// under virtualisation). No reservation under a limit on address space
/// or data (`ulimit -v`, `ulimit -d`) or strict overcommit: it could leave
/// too little for thread stacks, and then one arena for all threads (an
/// arena of a thread's own reserves 64 MB of address space). Call before
/// any thread is started.
/// Returns 0, or -1 when there was no reservation or the advice failed
/// (the allocator then behaves as before).
int htl_prefer_large_pages(size_t reserve);

/// The temporary file the process is filling, removed if the process is
/// interrupted (Ctrl-C, SIGTERM, SIGHUP) before it is renamed into place
/// (signals.c states the invariants).
///
/// `htl_temporary_begin` names it (a folder descriptor and a name in it)
/// and returns 1, or returns 0 when another thread's file holds the one
/// slot (that file alone is then removed on a signal; a file left behind is
/// removed by the next write in its folder). `htl_temporary_end` forgets
/// it; call it only after a `begin` that returned 1.
int htl_temporary_begin(int folder, const char *name);
void htl_temporary_end(void);

/// Installs the handler for SIGINT, SIGTERM and SIGHUP that removes the
/// temporary file being filled and then ends the process by the same
/// signal. A signal whose disposition is SIG_IGN when this is called
/// (`nohup`, a background job) is left ignored: the old disposition is
/// read before anything is installed. Returns 0, or -1 with errno set.
int htl_remove_temporary_on_interrupt(void);

#endif
