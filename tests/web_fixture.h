/* What the web view's tests share: well-formed XML (xml_check.h), the boards they draw, and a
 * running game seated as the bot would hold it. */
#ifndef BW_TESTS_WEB_FIXTURE_H
#define BW_TESTS_WEB_FIXTURE_H

#include <stdint.h>

#include "session/session.h"
#include "xml_check.h"

/* One board of each kind the drawing knows, with a player count it takes. */
struct web_board {
    int board, players;
};
extern const struct web_board web_boards[];
extern const int web_n_boards;

/* s: a game of n players on board started with seed in #catan, seats named by names (all
 * present), no move made yet. */
void web_seated(struct session *s, int board, int n, uint64_t seed, const char *const *names);

#endif
