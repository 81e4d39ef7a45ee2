#include "word_break.h"

#include <stdlib.h>
#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct notebook_word_breaker {
    UBreakIterator *iterator;
    UText *text;
};

notebook_word_breaker *notebook_word_breaker_open(void) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_WORD, "", NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    notebook_word_breaker *breaker = calloc(1, sizeof *breaker);
    if (breaker == NULL) {
        ubrk_close(iterator);
        return NULL;
    }
    breaker->iterator = iterator;
    return breaker;
}

void notebook_word_breaker_close(notebook_word_breaker *breaker) {
    if (breaker == NULL) return;
    if (breaker->text != NULL) utext_close(breaker->text);
    ubrk_close(breaker->iterator);
    free(breaker);
}

long notebook_word_breaker_pieces(
    notebook_word_breaker *breaker, const char *text, size_t length, long *bounds, long capacity) {
    UErrorCode status = U_ZERO_ERROR;
    // The UText reads the UTF-8 in place, so offsets are byte offsets.
    breaker->text = utext_openUTF8(breaker->text, text, (int64_t)length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, breaker->text, &status);
    if (U_FAILURE(status)) return -1;
    long count = 0;
    int32_t start = ubrk_first(breaker->iterator);
    for (int32_t end = ubrk_next(breaker->iterator); end != UBRK_DONE; start = end, end = ubrk_next(breaker->iterator)) {
        if (count < capacity) {
            bounds[2 * count] = start;
            bounds[2 * count + 1] = end;
        }
        count += 1;
    }
    return count;
}
