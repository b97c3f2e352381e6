#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <stdint.h>
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

int htl_take_write_lease(int fd) {
    return fcntl(fd, F_SETLEASE, F_WRLCK);
}

int htl_write_lease_intact(int fd) {
    int lease = fcntl(fd, F_GETLEASE);
    if (lease < 0) return -1;
    return lease == F_WRLCK ? 1 : 0;
}

int htl_release_lease(int fd) {
    return fcntl(fd, F_SETLEASE, F_UNLCK);
}

int htl_lease_signal_is_safe(void) {
    struct sigaction current;
    if (sigaction(SIGIO, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN || (current.sa_handler != SIG_DFL);
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
