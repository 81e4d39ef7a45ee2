#include "cmark_arena.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A block is [capacity][bytes], its bytes 16-aligned: the capacity (the size asked for, rounded up)
// is what a realloc that moves it copies.
enum { ALIGN = 16, HEADER = 16, FIRST = 32768 - 64 };

struct chunk {
    struct chunk *next;
    size_t capacity;
    size_t used;
    _Alignas(16) unsigned char bytes[];
};

struct arena {
    struct arena *outer;
    struct chunk *chunks;  // the newest first
    size_t handed;
};

static _Thread_local struct arena *current = NULL;

static void fail(const char *what) {
    fprintf(stderr, "notebook: libcmark-gfm %s outside an arena\n", what);
    abort();
}

static struct chunk *new_chunk(size_t capacity, struct chunk *next) {
    struct chunk *chunk = malloc(sizeof(struct chunk) + capacity);
    if (chunk == NULL) {
        fprintf(stderr, "notebook: out of memory\n");
        abort();
    }
    chunk->next = next;
    chunk->capacity = capacity;
    chunk->used = 0;
    return chunk;
}

static size_t rounded(size_t size) { return (size + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

static unsigned char *take(struct arena *arena, size_t size) {
    size_t need = HEADER + rounded(size);
    struct chunk *chunk = arena->chunks;
    if (chunk->capacity - chunk->used < need) {
        size_t capacity = chunk->capacity * 2;
        if (capacity < need) capacity = need;
        chunk = arena->chunks = new_chunk(capacity, chunk);
    }
    unsigned char *block = chunk->bytes + chunk->used + HEADER;
    chunk->used += need;
    arena->handed += need;
    ((size_t *)block)[-1] = rounded(size);
    return block;
}

static void *arena_calloc(size_t count, size_t size) {
    struct arena *arena = current;
    if (arena == NULL) fail("allocated");
    if (size != 0 && count > SIZE_MAX / 2 / size) fail("asked for too much");
    unsigned char *block = take(arena, count * size);
    memset(block, 0, count * size);
    return block;
}

static void *arena_realloc(void *pointer, size_t size) {
    struct arena *arena = current;
    if (arena == NULL) fail("reallocated");
    if (size > SIZE_MAX / 2) fail("asked for too much");
    if (pointer == NULL) return take(arena, size);
    unsigned char *old = pointer;
    size_t capacity = ((size_t *)old)[-1];
    if (size <= capacity) return old;
    // The newest block (it ends where its chunk's used bytes end) grows in place while there is room.
    struct chunk *chunk = arena->chunks;
    size_t more = rounded(size) - capacity;
    if ((uintptr_t)(old + capacity) == (uintptr_t)(chunk->bytes + chunk->used) && more <= chunk->capacity - chunk->used) {
        chunk->used += more;
        arena->handed += more;
        ((size_t *)old)[-1] = rounded(size);
        return old;
    }
    unsigned char *block = take(arena, size);
    memcpy(block, old, capacity);
    return block;
}

static void arena_free(void *pointer) { (void)pointer; }

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

cmark_mem *notebook_cmark_arena_begin(void) {
    struct chunk *first = new_chunk(FIRST, NULL);
    struct arena *arena = (struct arena *)first->bytes;
    first->used = rounded(sizeof(struct arena));
    arena->outer = current;
    arena->chunks = first;
    arena->handed = 0;
    current = arena;
    return &allocator;
}

void notebook_cmark_arena_end(void) {
    struct arena *arena = current;
    if (arena == NULL) return;
    current = arena->outer;
    struct chunk *chunk = arena->chunks;
    // The first chunk, which holds the arena itself, is freed last.
    while (chunk != NULL) {
        struct chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
}

size_t notebook_cmark_arena_used(void) { return current == NULL ? 0 : current->handed; }
