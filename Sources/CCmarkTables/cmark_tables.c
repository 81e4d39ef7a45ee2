#define _GNU_SOURCE
#include "cmark_tables.h"
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

typedef void (*manage_function)(void *parser, int add);

static _Atomic(manage_function) library_function = NULL;
static atomic_int held = 0;
static atomic_int called = 0;

static manage_function library_manage(void) {
    manage_function function = atomic_load(&library_function);
    if (function == NULL) {
        function = (manage_function)dlsym(RTLD_NEXT, "cmark_manage_extensions_special_characters");
        atomic_store(&library_function, function);
    }
    return function;
}

// The library calls this around the inline phase of every parse, through its PLT: the
// executable's definition takes the place of its own. Until the tables are held it forwards.
void cmark_manage_extensions_special_characters(void *parser, int add) {
    if (atomic_load(&held)) {
        // Stored once: every parse of every thread comes here twice.
        if (!atomic_load_explicit(&called, memory_order_relaxed)) atomic_store(&called, 1);
        return;
    }
    manage_function function = library_manage();
    if (function != NULL) function(parser, add);
}

int notebook_cmark_tables_hold(void *parser) {
    manage_function function = library_manage();
    if (function == NULL || function == cmark_manage_extensions_special_characters) return 0;
    function(parser, 1);
    atomic_store(&held, 1);
    return 1;
}

int notebook_cmark_tables_called(void) { return atomic_load(&called); }
