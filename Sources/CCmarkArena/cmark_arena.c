#include "cmark_arena.h"
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// A block is [capacity][bytes], its bytes 16-aligned: the capacity (the size asked for, rounded up)
// is what a realloc that moves it copies. A freed block of up to SMALL bytes waits on the list of
// its capacity for the next block of that size: the library makes and frees many small blocks
// while it parses (a table's cells for each row it tries, emphasis delimiters), and an arena that
// kept them all took half as much memory again as the tree on such inputs. A larger freed block
// is taken back only when it is the newest.
enum { ALIGN = 16, HEADER = 16, SMALL = 1024, FIRST = 32768 - 64 };

struct chunk {
    struct chunk *next;
    size_t capacity;
    size_t used;
    _Alignas(16) unsigned char bytes[];
};

struct arena {
    struct chunk *chunks;  // the newest first; the oldest holds the arena itself
    void *freed[SMALL / ALIGN];  // by capacity / ALIGN - 1; each block holds the next
};

static _Thread_local struct arena *current = NULL;

static void fail(const char *why) {
    fprintf(stderr, "notebook: libcmark-gfm %s\n", why);
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

/// A block of `capacity` bytes from a new chunk, at least twice as large as the newest: the
/// rare way of `take`, kept out of it so that the common way sets up no frame of its own.
static __attribute__((noinline)) unsigned char *take_from_new_chunk(struct arena *arena, size_t capacity) {
    size_t need = HEADER + capacity;
    size_t grown = arena->chunks->capacity * 2;
    if (grown < need) grown = need;
    struct chunk *chunk = arena->chunks = new_chunk(grown, arena->chunks);
    unsigned char *block = chunk->bytes + HEADER;
    chunk->used = need;
    ((size_t *)block)[-1] = capacity;
    return block;
}

static inline __attribute__((always_inline)) unsigned char *take(struct arena *arena, size_t size) {
    size_t capacity = size == 0 ? ALIGN : rounded(size);
    if (capacity <= SMALL) {
        void **list = &arena->freed[capacity / ALIGN - 1];
        unsigned char *block = *list;
        if (block != NULL) {
            *list = *(void **)block;
            return block;
        }
    }
    size_t need = HEADER + capacity;
    struct chunk *chunk = arena->chunks;
    if (chunk->capacity - chunk->used < need) return take_from_new_chunk(arena, capacity);
    unsigned char *block = chunk->bytes + chunk->used + HEADER;
    chunk->used += need;
    ((size_t *)block)[-1] = capacity;
    return block;
}

/// Whether `block` is the newest of the arena: it ends where its chunk's used bytes end.
static int is_newest(struct arena *arena, unsigned char *block, size_t capacity) {
    struct chunk *chunk = arena->chunks;
    return (uintptr_t)(block + capacity) == (uintptr_t)(chunk->bytes + chunk->used);
}

static void give_back(struct arena *arena, unsigned char *block) {
    size_t capacity = ((size_t *)block)[-1];
    if (capacity <= SMALL) {
        void **list = &arena->freed[capacity / ALIGN - 1];
        *(void **)block = *list;
        *list = block;
    } else if (is_newest(arena, block, capacity)) {
        arena->chunks->used -= HEADER + capacity;
    }
}

static void *arena_calloc(size_t count, size_t size) {
    struct arena *arena = current;
    if (arena == NULL) fail("allocated outside an arena");
    // The product's overflow checked without a division (one took longer than the rest).
    size_t total;
    if (__builtin_mul_overflow(count, size, &total) || total > SIZE_MAX / 2) fail("asked for more memory than there is");
    unsigned char *block = take(arena, total);
    memset(block, 0, total);
    return block;
}

static void *arena_realloc(void *pointer, size_t size) {
    struct arena *arena = current;
    if (arena == NULL) fail("reallocated outside an arena");
    if (size > SIZE_MAX / 2) fail("asked for more memory than there is");
    if (pointer == NULL) return take(arena, size);
    unsigned char *old = pointer;
    size_t capacity = ((size_t *)old)[-1];
    if (size <= capacity) return old;
    // The newest block grows in place while its chunk has room.
    struct chunk *chunk = arena->chunks;
    size_t more = rounded(size) - capacity;
    if (is_newest(arena, old, capacity) && more <= chunk->capacity - chunk->used) {
        chunk->used += more;
        ((size_t *)old)[-1] = rounded(size);
        return old;
    }
    unsigned char *block = take(arena, size);
    memcpy(block, old, capacity);
    give_back(arena, old);
    return block;
}

static void arena_free(void *pointer) {
    struct arena *arena = current;
    if (arena != NULL && pointer != NULL) give_back(arena, pointer);
}

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

cmark_mem *notebook_cmark_arena_begin(void) {
    // The allocator finds its arena through the thread alone: a second arena open on the thread
    // would take the first parser's allocations too, and free them with itself.
    if (current != NULL) return NULL;
    struct chunk *first = new_chunk(FIRST, NULL);
    struct arena *arena = (struct arena *)first->bytes;
    first->used = rounded(sizeof(struct arena));
    memset(arena, 0, sizeof *arena);
    arena->chunks = first;
    current = arena;
    return &allocator;
}

void notebook_cmark_arena_end(void) {
    struct arena *arena = current;
    if (arena == NULL) return;
    current = NULL;
    struct chunk *chunk = arena->chunks;
    // The first chunk, which holds the arena itself, is freed last.
    while (chunk != NULL) {
        struct chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
}

size_t notebook_cmark_arena_used(void) {
    if (current == NULL) return 0;
    // Every chunk's used bytes, but the arena's own place in the first.
    size_t used = 0;
    for (struct chunk *chunk = current->chunks; chunk != NULL; chunk = chunk->next) used += chunk->used;
    return used - rounded(sizeof(struct arena));
}
