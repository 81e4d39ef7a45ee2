#ifndef NOTEBOOK_WORD_BREAK_H
#define NOTEBOOK_WORD_BREAK_H

#include <stddef.h>
#include <stdint.h>

/// ICU's word break iterator (Debian's libicu-dev), kept open between texts: the search index
/// splits Chinese, Japanese, Thai and other text written without spaces into words with it, as
/// browsers' Intl.Segmenter does. Not thread-safe: one per thread.
typedef struct notebook_word_breaker notebook_word_breaker;

/// A new breaker for the root locale, or NULL if ICU cannot make one.
notebook_word_breaker *notebook_word_breaker_open(void);

void notebook_word_breaker_close(notebook_word_breaker *breaker);

/// Writes the pieces of the UTF-8 `text` between ICU's word boundaries (words, and the spaces
/// and punctuation between them, as Intl.Segmenter's segments) as pairs of byte offsets, start
/// and end, into `bounds` (room for `capacity` pairs). Returns how many pieces there are (more
/// than `capacity` when they did not fit: call again with more room), or -1 if ICU fails.
long notebook_word_breaker_pieces(
    notebook_word_breaker *breaker, const char *text, size_t length, long *bounds, long capacity);

#endif
