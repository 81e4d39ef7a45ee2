// What Swift's Glibc module does not expose: renameat2 is declared only under _GNU_SOURCE.
#ifndef NOTEBOOK_CFILESYSTEM_H
#define NOTEBOOK_CFILESYSTEM_H

#include <fcntl.h>

int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);

/// Swaps the two paths in one step (RENAME_EXCHANGE): both must exist.
static inline int notebook_rename_exchange(const char *a, const char *b) {
    return renameat2(AT_FDCWD, a, AT_FDCWD, b, 1u << 1);
}

/// Renames `from` to `to` only if `to` does not exist (RENAME_NOREPLACE).
static inline int notebook_rename_noreplace(const char *from, const char *to) {
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, 1u << 0);
}

#endif
