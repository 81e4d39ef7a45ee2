// jemalloc's settings for the notebook executable, read by jemalloc when it starts (its
// documented `malloc_conf` symbol; the MALLOC_CONF environment variable still overrides them).
// Measured on a 5,000-note build on two cores (medians of 21 alternating pairs, against
// jemalloc's defaults):
//
// narenas:2: two arenas instead of four for each core. A build allocates on one thread what
// another frees, and each arena keeps the pages freed into it: peak memory 119.6 -> 111.0 MiB.
// One arena took 1.012 of the time (111.5 MiB); threads allocate from caches of their own
// (tcache) and meet at an arena only to refill or empty them.
//
// tcache_max:65536: those caches also keep blocks up to 64 KiB instead of 32 KiB, such as the
// 48 KiB buffer libyaml allocates and frees for every note's front matter: with both settings,
// 0.981 of the time.
#include "malloc_settings.h"

const char *malloc_conf = "narenas:2,tcache_max:65536";
