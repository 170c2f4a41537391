/* Names as people say them: "new shores", "Heading for New Shores", "new_shores", "New-Shores"
 * and "the great river" name what the tables call new_shores and river.
 *
 * Why here: the command layer (!map, !variant) and the configuration (game.map) take the same
 * names, and neither may call the other. Pure string work: no allocation, no I/O. */
#ifndef BW_UTIL_PHRASE_H
#define BW_UTIL_PHRASE_H

#include <stddef.h>

/* TEXT folded to the form names are compared in: ASCII letters in lower case (and the Cyrillic
 * capitals, and Serbian Latin's Č, Ć, Đ, Š, Ž: names in a channel's language), each run of
 * blanks, '_' and '-' one space, none at either end, and a first word "the" left out (other
 * bytes are kept). Into out (size bytes, at least 1; NUL-terminated, cut when longer). Returns
 * the length. */
size_t phrase_fold(const char *text, char *out, size_t size);

#define PHRASE_FOUND_MAX 16

/* What phrase_find found: the values that fit, each once, in the order of the table. */
struct phrase_found {
    int n; /* 0: none; 1: found; more: TEXT is ambiguous */
    int values[PHRASE_FOUND_MAX];
};

/* TEXT among N names, names[i] standing for values[i] (a value may have several names):
 * compared folded (phrase_fold), a whole name wins; otherwise every value with a name that
 * TEXT begins fits. An empty TEXT fits nothing. Fills *found and returns found->n. All
 * borrowed. */
int phrase_find(const char *text, const char *const *names, const int *values, int n,
                struct phrase_found *found);

#endif
