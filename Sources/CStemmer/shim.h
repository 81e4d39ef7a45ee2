// Snowball's stemmers (Debian's libstemmer-dev): the search index stems English words with them.
#include <libstemmer.h>
