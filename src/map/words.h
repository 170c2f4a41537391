/* The words of a map line's value, for the parsers of the scenarios' keys (map_scen.c,
 * map_wonders.c): pure helpers, private to src/map. */
#ifndef BW_MAP_WORDS_H
#define BW_MAP_WORDS_H

#include "map/map.h"

/* The corners of a hex as map lines name them (enum hex_corner of engine/board.h). */
extern const char *const map_corner_names[6];

/* Whether a and b are the same word regardless of ASCII case. */
int map_same_word(const char *a, const char *b);
/* The index of w in list (n words, any case), or -1 (also for w NULL). */
int map_find_word(const char *w, const char *const *list, int n);
/* The next word of *s (spaces and tabs between words, cut off with a NUL), or NULL. */
char *map_next_word(char **s);
/* ROW.COL, 1-based as written, each of 1 to 3 digits, within the grid's limits: 0, or -1. */
int map_read_pos(const char *s, struct map_pos *out);

#endif
