// Linux system calls that Swift's Glibc module does not expose (they need
// _GNU_SOURCE): atomic renames that exchange or refuse to replace, and
// reserving disk space without changing a file's size.
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

/// Takes a write lease on an open file: possible only while no other
/// process has it open; any later open by another process breaks it.
/// Returns 0, or -1 with errno set (EAGAIN: someone has it open).
int htl_take_write_lease(int fd);

/// 1 while the write lease is intact, 0 once another process tried to open
/// the file (the lease is being broken), -1 on error.
int htl_write_lease_intact(int fd);

/// Takes a read lease on a file open read-only: possible only while no
/// process has it open for writing; a later open for writing or a truncate
/// by another process waits (up to the kernel's lease-break-time) until
/// the lease is given up or the descriptor closed. Returns 0, or -1 with
/// errno set (EAGAIN: someone has it open for writing).
int htl_take_read_lease(int fd);

/// Gives the lease up (so a process waiting to open the file proceeds).
int htl_release_lease(int fd);

/// 1 when the signal a lease break sends (SIGIO) would not kill the process.
int htl_lease_signal_is_safe(void);

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

/// The temporary file this process is writing, if any: `begin` names it
/// (a folder descriptor and a name in it), `end` forgets it, and
/// `remove_pending` unlinks it. Only `remove_pending` is called from a
/// signal handler: it calls nothing but unlinkat. One file at a time: the
/// command line writes its files one after the other; should the servers
/// write two at once, the slot names one of them or none, and a temporary
/// file may be left behind on a signal, as it was before (the next write in
/// its folder removes it).
void htl_temporary_begin(int folder, const char *name);
void htl_temporary_end(void);
void htl_temporary_remove_pending(void);

#endif
