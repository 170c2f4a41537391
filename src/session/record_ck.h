/* The Cities & Knights part of a saved game's record (record_ck.c says the format). Internal to
 * src/session: record.c calls these; nothing else includes this file. */
#ifndef BW_RECORD_CK_H
#define BW_RECORD_CK_H

#include "engine/game.h"
#include "session/record_io.h"

/* Writes the part when g is played with Cities & Knights (g->ck.on), else nothing. */
void record_put_ck(struct writer *w, const struct game *g);
/* Reads the part of a record of version (10 on) into g, whose board and players are read
 * already; the first reason to refuse goes to r. */
void record_get_ck(struct reader *r, struct game *g, int version);
/* Why g's Cities & Knights state is not one a game can be in (NULL when it is): the checks of
 * record_ck.c, each with its reason. g's board and players are in range. */
const char *record_ck_problem(const struct game *g);

#endif
