/* Cities & Knights games driven through the bot's commands (test_bot_cities.c,
 * test_bot_answers.c): a game started with !expansion cities and states crafted in it. */
#ifndef BW_TESTS_CK_FIXTURE_H
#define BW_TESTS_CK_FIXTURE_H

#include "bot/bot.h"
#include "engine/game.h"
#include "session/session.h"

/* The players of ck_game(), in seat order before the start shuffles them. */
extern const char *const ck_nicks[3];

/* The game of the bot in CHAN, to craft a state in (the tests' own hand on it). */
struct session *ck_live(struct bot *b);
/* A game of Cities & Knights started with the commands (turn timer timeout_s, 0: off), the
 * setup played by the engine's random moves, hands emptied; the current player in the main
 * phase after a roll of 5 (no barbarians yet). Returns the current seat in *p. */
struct bot *ck_game(int timeout_s, int *p);
/* The rest of ck_game() for a started game s (driven at the session level, at the time now). */
void ck_after_setup(struct session *s);
/* The first legal action of type for seat (the engine's own list), which must exist. */
struct game_action ck_legal(struct bot *b, int seat, int type);
/* The corner of a city of seat. */
int ck_city_of(struct bot *b, int seat);
/* Put card in seat's hand (from its deck, as a draw would). */
void ck_hold(struct game *g, int seat, int card);

#endif
