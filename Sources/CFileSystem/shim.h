// What Swift's Glibc module does not expose (renameat2, O_PATH, openat2: GNU or Linux only; wcwidth).
#ifndef NOTEBOOK_CFILESYSTEM_H
#define NOTEBOOK_CFILESYSTEM_H

#include <errno.h>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#ifndef O_PATH
#define O_PATH 010000000
#endif

// fnmatch's flag to match letters whatever their case (GNU's, which Swift's Glibc module leaves out).
#include <fnmatch.h>
#ifndef FNM_CASEFOLD
#define FNM_CASEFOLD (1 << 4)
#endif
static const int notebook_fnm_casefold = FNM_CASEFOLD;

// The columns a terminal shows a character in, by the locale in use (POSIX's, left out of Swift's Glibc module).
#include <wchar.h>
int wcwidth(wchar_t c);
static inline int notebook_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
ssize_t preadv2(int fd, const struct iovec *iov, int iovcnt, off_t offset, int flags);

/// Swaps the two paths in one step (RENAME_EXCHANGE): both must exist.
static inline int notebook_rename_exchange(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, 1u << 1);
}

/// Renames `from` to `to` only if `to` does not exist (RENAME_NOREPLACE).
static inline int notebook_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1u << 0);
}

/// Opens `path` one component at a time from the folder `start` (AT_FDCWD: the working
/// folder; an absolute path starts at "/"), each folder with O_NOFOLLOW: what
/// `notebook_open_no_links` does where the kernel has no openat2. A path that ends in a folder
/// ("/", "a/") opens that folder itself. `beneath` refuses ".." (EXDEV), as RESOLVE_BENEATH does.
static inline int notebook_open_no_links_by_components_at(int start, const char *path, int flags, mode_t mode, int beneath) {
    char copy[4096];
    size_t length = strlen(path);
    if (length == 0) { errno = ENOENT; return -1; }
    if (length >= sizeof copy) { errno = ENAMETOOLONG; return -1; }
    if (beneath && path[0] == '/') { errno = EXDEV; return -1; }
    memcpy(copy, path, length + 1);
    /* `dir` is closed when it is one this function opened. */
    int dir = copy[0] == '/' ? open("/", O_PATH | O_DIRECTORY | O_CLOEXEC) : start;
    int owned = copy[0] == '/';
    if (dir < 0 && owned) return -1;
    char *start_name = copy[0] == '/' ? copy + 1 : copy;
    for (;;) {
        char *slash = strchr(start_name, '/');
        if (slash != NULL) *slash = 0;
        if (beneath && strcmp(start_name, "..") == 0) {
            if (owned) close(dir);
            errno = EXDEV;
            return -1;
        }
        if (slash == NULL) {
            /* The last component; none (a trailing slash) is the folder reached. */
            int result = openat(dir, *start_name ? start_name : ".", flags | O_NOFOLLOW, mode);
            int saved = errno;
            if (owned) close(dir);
            errno = saved;
            return result;
        }
        if (*start_name == 0) { start_name = slash + 1; continue; }
        int next = openat(dir, start_name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        int saved = errno;
        if (owned) close(dir);
        if (next < 0) { errno = saved == ENOTDIR ? ELOOP : saved; return -1; }
        dir = next;
        owned = 1;
        start_name = slash + 1;
    }
}

/// `notebook_open_no_links_by_components_at` from the working folder.
static inline int notebook_open_no_links_by_components(const char *path, int flags, mode_t mode) {
    return notebook_open_no_links_by_components_at(AT_FDCWD, path, flags, mode, 0);
}

/// Opens `path`, relative to the folder `folder`, with no symbolic link on the way and never
/// above `folder` (openat2 with RESOLVE_NO_SYMLINKS and RESOLVE_BENEATH); each component in
/// turn where the kernel lacks openat2, as `notebook_open_no_links` does.
static inline int notebook_open_beneath(int folder, const char *path, int flags, mode_t mode) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.mode = (flags & O_CREAT) ? mode : 0;
    how.resolve = RESOLVE_NO_SYMLINKS | RESOLVE_BENEATH;
    long fd = syscall(SYS_openat2, folder, path, &how, sizeof how);
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) return (int)fd;
    return notebook_open_no_links_by_components_at(folder, path, flags, mode, 1);
}

/// Opens `path` with no symbolic link anywhere on the way (openat2 with RESOLVE_NO_SYMLINKS):
/// a folder swapped for a link while notebook works is refused (ELOOP), not followed. Where the
/// kernel lacks openat2 (ENOSYS), or a sandbox's syscall filter refuses it (EPERM, as older
/// container profiles do), each component is opened in turn with O_NOFOLLOW.
static inline int notebook_open_no_links(const char *path, int flags, mode_t mode) {
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)flags;
    how.mode = (flags & O_CREAT) ? mode : 0;
    how.resolve = RESOLVE_NO_SYMLINKS;
    long fd = syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
    if (fd >= 0 || (errno != ENOSYS && errno != EPERM)) return (int)fd;
    return notebook_open_no_links_by_components(path, flags, mode);
}

/// The folder at `path`, opened (O_PATH) through no symbolic link, for *at() calls in it.
static inline int notebook_open_folder_no_links(const char *path) {
    return notebook_open_no_links(path, O_PATH | O_DIRECTORY | O_CLOEXEC, 0);
}

/// Reads from the file's position only what is in memory already (preadv2 with RWF_NOWAIT), and
/// moves the position past what it read (offset -1), so that a `read` after a short count goes on
/// from there: -1 with EAGAIN when nothing is in memory, -1 with EOPNOTSUPP where the file system
/// or the kernel cannot say.
static inline ssize_t notebook_read_in_memory(int fd, void *buffer, size_t count) {
    struct iovec piece = { buffer, count };
    return preadv2(fd, &piece, 1, -1, 0x00000008 /* RWF_NOWAIT */);
}

/// Asks the kernel to start reading the whole file into memory, without waiting for it.
static inline void notebook_read_ahead(int fd) {
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_WILLNEED);
}

#endif
