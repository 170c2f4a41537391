/* Random legal players: used by random playouts (tests, benchmarks, the demo game) and as a
 * fallback player. Pure: all randomness comes from the caller's generator. */
#ifndef BW_PLAYOUT_H
#define BW_PLAYOUT_H

#include "engine/game.h"

/* Choose a random legal action for one of the players the game waits for (or for an addressee
 * of an open trade offer). Builds are preferred over other actions so that games end in a
 * sensible number of turns; now and then the current player proposes a trade. Returns BW_OK,
 * or BW_E(GAME_OVER) when nobody can act. */
int playout_choose(const struct game *g, struct bw_rng *rng, struct game_action *out);

/* Player p's discard (g->p[p].discard cards), card by card at random from the hand: listing
 * every way to discard a big hand costs much. */
void playout_discard(const struct game *g, int p, struct bw_rng *rng, struct game_action *out);

/* Play a whole game from g with random legal players. Returns the number of actions applied
 * (stops after max_actions). */
long playout_game(struct game *g, struct bw_rng *rng, long max_actions);

#endif
