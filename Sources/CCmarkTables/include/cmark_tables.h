// Keeps libcmark-gfm's process-wide inline tables switched on, so that parses can run on every
// thread at once (see LIBRARIES.md, libcmark-gfm, "two measured ways to parse on N threads").
#ifndef NOTEBOOK_CMARK_TABLES_H
#define NOTEBOOK_CMARK_TABLES_H

/// Switches the extensions' special characters on for good, through the library's own function,
/// for the extensions attached to `parser` (a `cmark_parser *`), and from then on makes the
/// library's own switching (which goes through this executable's definition) do nothing.
/// Returns 0 when the library's function cannot be found: then nothing changes.
int notebook_cmark_tables_hold(void *parser);

/// Whether the library has called this executable's definition since the tables were held: when
/// it has not, the library does its own switching and parses must not overlap.
int notebook_cmark_tables_called(void);

#endif
