/* The words of positions and answers (doc/position-format.md): the bot's own words for
 * resources and development cards, terrains named by what they produce. */
#ifndef BW_POSITION_WORDS_H
#define BW_POSITION_WORDS_H

/* Each returns the enum's value for a word, or -1. */
int position_terrain_parse(const char *word); /* wood .. ore, desert: enum terrain */
int position_harbor_parse(const char *word);  /* 3:1 (HARBOR_GENERIC) or a resource */
int position_phase_parse(const char *word);   /* enum game_phase, only those of a position */

/* The word for each value (a position's phases only: NULL for others). */
const char *position_terrain_word(int terrain);
const char *position_harbor_word(int harbor);
const char *position_phase_word(int phase);
const char *position_res_word(int res);
const char *position_dev_word(int dev);
const char *position_phase_names(void); /* the list, for a reason */

#endif
