// glibc's allocator settings, which Swift's Glibc module does not import (<malloc.h>).
#ifndef NOTEBOOK_CMALLOC_H
#define NOTEBOOK_CMALLOC_H

#include <malloc.h>

/// Turns glibc's fast bins off: each large allocation then no longer first consolidates every
/// small chunk freed before it (the per-thread cache still serves small sizes).
static inline void notebook_disable_fast_bins(void) {
    mallopt(M_MXFAST, 0);
}

#endif
