#include "byte_set.h"

#include <string.h>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NOTEBOOK_BYTE_SET_SSSE3 1
#endif

void notebook_byte_set_init(notebook_byte_set *set, const uint8_t *members, size_t count) {
    memset(set, 0, sizeof *set);
    // Each different high nibble among the members gets a bit of its own (a group); a member
    // sets its group's bit for its low nibble.
    int group_of_high[16];
    for (int nibble = 0; nibble < 16; nibble++) group_of_high[nibble] = -1;
    int groups = 0;
    set->by_nibbles = 1;
    for (size_t index = 0; index < count; index++) {
        uint8_t byte = members[index];
        set->table[byte] = 1;
        int high = byte >> 4;
        if (group_of_high[high] < 0) {
            if (groups == 8) {
                set->by_nibbles = 0;
                continue;
            }
            group_of_high[high] = groups++;
            set->high[high] = (uint8_t)(1u << group_of_high[high]);
        }
        set->low[byte & 15] |= (uint8_t)(1u << group_of_high[high]);
    }
}

#if NOTEBOOK_BYTE_SET_SSSE3
/// The first member at or after `from`, sixteen bytes at a time; `count` when the remaining bytes
/// are fewer than sixteen before one is found (then the caller looks at them one by one).
__attribute__((target("ssse3")))
static size_t find_by_nibbles(const notebook_byte_set *set, const uint8_t *bytes, size_t *from, size_t count) {
    const __m128i low_table = _mm_loadu_si128((const __m128i *)set->low);
    const __m128i high_table = _mm_loadu_si128((const __m128i *)set->high);
    const __m128i nibble = _mm_set1_epi8(15);
    size_t index = *from;
    while (index + 16 <= count) {
        __m128i block = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i lows = _mm_shuffle_epi8(low_table, _mm_and_si128(block, nibble));
        // Each byte's high nibble: shifted down in 16-bit lanes, then each byte masked to its
        // own four bits (the shuffle would read an index with its top bit set as zero).
        __m128i highs = _mm_shuffle_epi8(high_table, _mm_and_si128(_mm_srli_epi16(block, 4), nibble));
        __m128i shared = _mm_and_si128(lows, highs);
        int misses = _mm_movemask_epi8(_mm_cmpeq_epi8(shared, _mm_setzero_si128()));
        if (misses != 0xFFFF) return index + (size_t)__builtin_ctz((unsigned)~misses & 0xFFFF);
        index += 16;
    }
    *from = index;
    return count;
}
#endif

size_t notebook_byte_set_find(const notebook_byte_set *set, const uint8_t *bytes, size_t from, size_t count) {
    size_t index = from;
#if NOTEBOOK_BYTE_SET_SSSE3
    if (set->by_nibbles && __builtin_cpu_supports("ssse3")) {
        size_t found = find_by_nibbles(set, bytes, &index, count);
        if (found < count) return found;
    }
#endif
    while (index < count && !set->table[bytes[index]]) index++;
    return index;
}
