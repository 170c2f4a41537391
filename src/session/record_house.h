/* The house rules' block of a saved game's record (record_house.c says the format). Internal to
 * src/session: record.c calls these; nothing else includes this file. */
#ifndef BW_RECORD_HOUSE_H
#define BW_RECORD_HOUSE_H

#include "engine/game.h"
#include "session/record_io.h"

/* Writes the block of a started game g. */
void record_put_house(struct writer *w, const struct game *g);
/* Reads it into g (board and players read already) from a record of version `version`: for one
 * older than 11 leaves the rule book's (every field 0); before 12 no event card is in play. The
 * first reason to refuse goes to r; what the fields say together is game_check_state()'s to judge.
 */
void record_get_house(struct reader *r, struct game *g, int version);

/* Catan for two's block (version 12 on; record_house.c says the format): written for every
 * started game (one byte without it); read into g, the board read already, the neutral
 * players' piece counts counted from it. An older record (in_record 0) has none. */
void record_put_two(struct writer *w, const struct game *g);
void record_get_two(struct reader *r, struct game *g, int in_record);

#endif
