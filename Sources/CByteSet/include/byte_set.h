#ifndef NOTEBOOK_BYTE_SET_H
#define NOTEBOOK_BYTE_SET_H

#include <stddef.h>
#include <stdint.h>

/// A set of bytes that a scan looks for, laid out for finding the first of them sixteen bytes at a
/// time (with SSSE3's byte shuffle, when the processor has it) as well as one at a time: text
/// scanned for a few kinds of byte, most of it none of them (Markdown's syntax in a note).
typedef struct notebook_byte_set {
    /// For each low nibble, and for each high nibble, the bits of the high-nibble groups a member
    /// with that nibble is in: a byte is a member when the two share a bit.
    uint8_t low[16];
    uint8_t high[16];
    /// Whether the nibble tables hold the set: at most eight different high nibbles fit.
    uint8_t by_nibbles;
    /// 1 for each member, 0 for every other byte.
    uint8_t table[256];
} notebook_byte_set;

/// Makes `set` the set of the `count` bytes at `members`.
void notebook_byte_set_init(notebook_byte_set *set, const uint8_t *members, size_t count);

/// The offset of the first byte of `bytes` at or after `from` and before `count` that `set`
/// holds, or `count` when none does.
size_t notebook_byte_set_find(const notebook_byte_set *set, const uint8_t *bytes, size_t from, size_t count);

#endif
