// One parse's memory for libcmark-gfm: a bump allocator that the parser and its nodes allocate
// from, with lists of freed small blocks for reuse, let go of whole when the parse's tree is no
// longer read.
#ifndef NOTEBOOK_CMARK_ARENA_H
#define NOTEBOOK_CMARK_ARENA_H

#include <cmark-gfm.h>

/// Begins an arena on this thread and returns the allocator to make a parser with
/// (`cmark_parser_new_with_mem`): every allocation of that parser, its tree and its iterators
/// comes from the arena; a freed block is kept for the next block of its size (up to 1,024 bytes)
/// and is otherwise let go with the arena. Returns NULL when an arena is open on the thread
/// already: the allocator finds its arena through the thread, so a second one would take the
/// first parser's allocations (a node's literal is made when first asked for) and free them with
/// itself. Parse with the library's own allocator then.
cmark_mem *notebook_cmark_arena_begin(void);

/// Ends the thread's arena, giving back all of its memory: nothing it allocated may be read
/// afterwards, and no parser or node it allocated may be freed. Does nothing without one.
void notebook_cmark_arena_end(void);

/// How many bytes the thread's arena has handed out, headers included (0 without one).
size_t notebook_cmark_arena_used(void);

#endif
