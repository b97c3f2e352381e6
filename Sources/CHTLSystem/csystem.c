#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include "csystem.h"

int htl_exchange_at(int folder, const char *a, const char *b) {
    return renameat2(folder, a, folder, b, RENAME_EXCHANGE);
}

int htl_rename_noreplace_at(int folder, const char *from, const char *to) {
    return renameat2(folder, from, folder, to, RENAME_NOREPLACE);
}

int htl_reserve(int fd, off_t offset, off_t length) {
    return fallocate(fd, FALLOC_FL_KEEP_SIZE, offset, length);
}

int htl_memory_file(const char *name) {
    return memfd_create(name, MFD_CLOEXEC);
}

int htl_open_folder(const char *path) {
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

// The kernel's struct open_how and RESOLVE_BENEATH (linux/openat2.h),
// spelled out so that building needs no kernel headers; 437 is openat2's
// number on every architecture.
struct htl_open_how {
    uint64_t flags;
    uint64_t mode;
    uint64_t resolve;
};

int htl_open_beneath(int folder, const char *path, int flags) {
    struct htl_open_how how = { .flags = (uint64_t)(unsigned)flags, .mode = 0, .resolve = 0x08 };
    return (int)syscall(437, folder, path, &how, sizeof how);
}

#include <limits.h>
#include <malloc.h>
#include <sys/resource.h>

/// Whether the process has a finite limit of this kind.
static int is_limited(int resource) {
    struct rlimit limit;
    return getrlimit(resource, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY;
}

/// Whether the kernel charges address space as it is reserved
/// (`vm.overcommit_memory` 2): then a reservation is memory taken.
static int overcommit_is_strict(void) {
    int fd = open("/proc/sys/vm/overcommit_memory", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char mode = 0;
    ssize_t n = read(fd, &mode, 1);
    close(fd);
    return n == 1 && mode == '2';
}

int htl_prefer_large_pages(size_t reserve) {
    const uintptr_t huge = 2u << 20;
    // Blocks up to 32 MB (the most glibc allows) from the heap, not each
    // from a mapping of its own; the heap is never given back (a batch
    // command ends soon, and memory freed is soon taken again).
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, INT_MAX);
    // Under a limit on address space or data, or strict overcommit, the
    // reservation is not made: it could succeed and leave too little for
    // what comes after (a worker thread's stack, which the thread pool
    // then waits for forever). Address space is then scarce, and all
    // threads share one arena (an arena of its own reserves 64 MB more).
    if (is_limited(RLIMIT_AS) || is_limited(RLIMIT_DATA) || overcommit_is_strict()) {
        mallopt(M_ARENA_MAX, 1);
        return -1;
    }
    // Otherwise each thread keeps an arena of its own, as glibc gives it:
    // with one for all, so that all memory came from the reservation
    // below, the cores took turns at its lock (a million-action status
    // waited 4,400 times; median 745 -> 644 ms with an arena each). A worker
    // thread's arena is in 4 KB pages; the main thread's, in 2 MB ones.
    if (reserve > INT_MAX) reserve = INT_MAX;
    // The next growth of the heap reserves `reserve` bytes more (address
    // space only: a page is backed when it is first touched).
    mallopt(M_TOP_PAD, (int)reserve);
    void *probe = malloc(1 << 20);
    mallopt(M_TOP_PAD, 128 * 1024);
    if (probe == NULL) return -1;
    uintptr_t start = ((uintptr_t)probe + huge - 1) & ~(huge - 1);
    uintptr_t end = (uintptr_t)sbrk(0);
    int result = -1;
    // Only when the probe came from the heap that just grew (not from a
    // mapping glibc fell back to).
    if ((uintptr_t)probe < end && end - (uintptr_t)probe <= reserve + (2u << 20) && end > start + huge) {
        result = madvise((void *)start, (end - start) & ~(huge - 1), MADV_HUGEPAGE);
    }
    free(probe);
    return result;
}
