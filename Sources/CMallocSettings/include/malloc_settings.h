// The settings the notebook executable gives jemalloc (malloc_conf.c). Nothing to call: linking
// the target is what sets them.
#ifndef NOTEBOOK_MALLOC_SETTINGS_H
#define NOTEBOOK_MALLOC_SETTINGS_H

/// jemalloc's options, as the `MALLOC_CONF` environment variable takes them.
extern const char *malloc_conf;

#endif
