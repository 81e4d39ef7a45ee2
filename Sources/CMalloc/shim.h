// Debian's jemalloc, which takes the place of glibc's malloc in the notebook executable.
#ifndef NOTEBOOK_CMALLOC_H
#define NOTEBOOK_CMALLOC_H

#include <stddef.h>

/// jemalloc's control interface (<jemalloc/jemalloc.h> would redeclare malloc and free).
int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen);

#endif
