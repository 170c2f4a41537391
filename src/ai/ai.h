/* Computer players: choose a seat's move from what a player in that seat can see.
 *
 * Everything here sees the game only through a determinized view: before deciding, the
 * hidden parts of the state (the other players' resource cards and development cards, the
 * order of the development deck, the game's own random generator; with Cities & Knights their
 * commodities and progress cards and the decks' order) are replaced by a sample
 * consistent with what the seat knows (the bank, hand sizes, cards played, how many cards
 * each player holds, cards left in the deck, the cards shown by open offers), drawn from the
 * caller's seed. A decision therefore depends only on the public state, the seat's own hand and
 * the seed: changing what the seat cannot see never changes it (tests/test_ai.c checks this).
 * The exceptions are what the game says when a move is tried, as it would tell a person trying:
 * a confirmation of the seat's own offer (whether the player who accepted still holds the cards)
 * and, with Cities & Knights, a commercial harbor offer (whether its targets hold a commodity;
 * refused, the player makes its next best move).
 *
 * Levels:
 *   easy    the weighted random player of the engine's playouts (src/engine/playout.c)
 *   normal  one ply: every legal action is applied to the view and the result scored by a
 *           value function (points, production by pips and resource diversity, harbors, room
 *           to expand, the hand, development cards, the road and army races, the opponents'
 *           production weighed by how close each is to winning); see src/ai/value.c
 *   hard    a race between the normal player's best moves: each round samples a fresh view
 *           and plays every move still in the race a few rounds of turns ahead (more with a
 *           bigger budget) with normal players in all seats, judged by the value function;
 *           the clearly worse leave the race and more of the normal player's moves join it
 *           as the rounds add up (src/ai/search.c); within a processor-time budget that the
 *           caller hands out in slices (ai_search_step), so the event loop never blocks
 *
 * Pure C on the engine: no I/O, no global state, no threads; all randomness from the seed.
 * Calls on different games or searches may run on different threads at once. */
#ifndef BW_AI_H
#define BW_AI_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/game.h"

enum ai_level { AI_EASY = 1, AI_NORMAL = 2, AI_HARD = 3 };

/* The determinized view of g for player (see above), sampled from seed: the same public state,
 * player's own cards and seed always give the same view. Every card stays accounted for, so
 * the view passes game_check_state() when g does. view may be g itself. BW_OK, or
 * BW_E(INVALID) for a seat that is not in the game. */
int ai_view(const struct game *g, int player, uint64_t seed, struct game *view);

/* The players who have something to do now (a bit per seat): those the game waits for
 * (game_waiting_for()) and, after the roll, those addressed by an open offer they have not
 * answered. Several may be waiting at once (discards after a 7; the current player and the
 * addressees of an offer): each may be asked in any order. */
unsigned ai_players_to_act(const struct game *g);

/* Choose player's action now (easy and normal; hard is normal here: the hard level's moves
 * come from the search below). player must be one ai_players_to_act() names: one the game
 * waits for, or an addressee of an open trade offer (then the answer: accept, reject; the
 * current player first answers counter-offers made to them, the normal level by the rule of
 * ai_answer_offer). Offers of the player's own come from ai_make_offer and ai_counter_offer,
 * which the caller asks when it wants (how often and how long to wait for answers is the
 * table's business, not the AI's). Returns BW_OK with a
 * legal action in *out, or a negative bw_err (BW_E(WRONG_PHASE) when player has nothing to
 * do, BW_E(INVALID) for a seat not in the game). */
int ai_choose(const struct game *g, int player, int level, uint64_t seed, struct game_action *out);

/* Whether player, addressed by the open offer with this id, wants it (accept) or not: accepted
 * when the cards received are worth more to the player than those given (by the value
 * function, a build the hand then pays for counting extra), the player holds the cards asked
 * for, and the offerer is not close to winning (one point from the goal: never; two: only for
 * a much better trade). The same at every level. Returns BW_OK with ACT_ACCEPT or ACT_REJECT in
 * *out; BW_E(NO_OFFER) when there is no such open offer; BW_E(WRONG_PHASE) when player is not
 * addressed by it or has already given that answer. */
int ai_answer_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                    struct game_action *out);

/* Trades of a computer player's own, the same at every level, each BW_OK with a legal action
 * in *out or a negative bw_err:
 * ai_make_offer: as the current player after the roll, an offer (ACT_OFFER) of one card a
 *   build lacks for one or two the player can spare (fewer than the bank or a harbor would
 *   take), addressed to every other player who holds cards and is not within two points of the
 *   goal, only when the trade pays for a build this turn that the hand does not pay for, with
 *   one trade with the bank or a harbor or without, or leaves a build one card short that the
 *   player's buildings produce (likely next turn); BW_E(NO_OFFER) when no trade is worth
 *   asking for, BW_E(WRONG_PHASE) when it is not the player's turn to trade.
 * ai_counter_offer: addressed by the current player's offer offer_id, a counter-offer (one
 *   card of what was asked for, for one of what was offered) when that is worth it to player
 *   by the rule of answers; BW_E(NO_OFFER) when there is none worth making.
 * ai_close_offer: player's own offer offer_id, which someone accepted: ACT_CONFIRM with the
 *   first who accepted when the trade is still worth it and possible, else ACT_CANCEL. */
int ai_make_offer(const struct game *g, int player, uint64_t seed, struct game_action *out);
int ai_counter_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                     struct game_action *out);
int ai_close_offer(const struct game *g, int player, int offer_id, uint64_t seed,
                   struct game_action *out);

/* Why a computer player refuses an offer, in words a person could say without showing their
 * hand: the offerer is within two points of the goal (AI_WHY_LEADER); one good the offer asks
 * for (res) goes into the build it is furthest toward (build, enum ai_build) (AI_WHY_KEEP);
 * otherwise the trade does not help it now (AI_WHY_NO_USE). Drawn from the public state and
 * player's own hand only, and naming no good but one the offer itself names, so that saying it
 * shows nothing of the hand a refusal would not. */
enum ai_build { AI_BUILD_SETTLEMENT, AI_BUILD_CITY, AI_BUILD_DEV, AI_BUILDS };
enum ai_why { AI_WHY_NO_USE, AI_WHY_LEADER, AI_WHY_KEEP };
struct ai_reason {
    int why;   /* enum ai_why */
    int res;   /* AI_WHY_KEEP: the good asked for that player keeps; else -1 */
    int build; /* AI_WHY_KEEP: what for (enum ai_build); else -1 */
};
/* BW_OK with the reason, BW_E(NO_OFFER) when there is no such offer, BW_E(INVALID) for a seat
 * not in the game. */
int ai_refusal_reason(const struct game *g, int player, int offer_id, struct ai_reason *out);

/* The hard level's search, in slices. ai_search_new copies what it needs from g (the caller's
 * game may change meanwhile; the result is then stale and must not be used: start a new search
 * after any action in the game, an offer or answer included). It returns NULL when player has
 * nothing to do (as ai_choose() would say) or memory runs out. A decision with a single
 * sensible move (a roll without a card to play, a discard, an answer to an offer) is done at
 * once: the first ai_search_step() returns true without searching.
 *
 * The search (src/ai/search.c) races the normal player's best moves against each other on
 * sampled views: the clearly worse leave the race, the next ranked join as the rounds double,
 * and it is done when one move is left and none is to join (or after 4000 rounds), so a clear
 * decision ends early. */
struct ai_search;
struct ai_search *ai_search_new(const struct game *g, int player, uint64_t seed);
/* The same for a decision that will get about budget_us of processor time in all: the
 * playouts look further ahead the bigger the budget (two rounds of turns below 40 ms, three
 * from 40 ms, four from 120 ms, six from 400 ms, eight from 1.5 s), which a bigger budget has
 * the rounds to judge. ai_search_new is the smallest budget. */
struct ai_search *ai_search_new_budget(const struct game *g, int player, uint64_t seed,
                                       int64_t budget_us);
/* Search for about budget_us microseconds of processor time of the calling thread (one
 * playout may run past it, typically by well under a millisecond); returns true once the
 * search has nothing more to do (it may be stopped earlier: ai_search_best then gives its best
 * so far). Against three normal players the hard player won 31.0%, 37.0% and 54.0% of 100
 * games with 10, 40 and 160 ms per decision (doc/computer-players.md, "Time and strength", has
 * the figures, their noise and the commands). */
bool ai_search_step(struct ai_search *s, int64_t budget_us);
/* The same for a number of iterations instead of a time budget, so that the result depends
 * only on the game (what player can see of it) and the seed: tests use it; true once the
 * search is done. */
bool ai_search_iterate(struct ai_search *s, long iterations);
/* Iterations made so far (one iteration is one playout of one candidate). */
long ai_search_iterations(const struct ai_search *s);
/* How many of the normal player's moves have been in the race so far, and how many are still
 * in it (figures for tests and benches). */
int ai_search_considered(const struct ai_search *s);
int ai_search_racing(const struct ai_search *s);
/* Whether g is still the game the search was made from, byte for byte (any action since, an
 * offer or an answer included, makes the search stale). */
bool ai_search_current(const struct ai_search *s, const struct game *g);
/* The best action found so far (always legal in the game the search was made from). */
int ai_search_best(const struct ai_search *s, struct game_action *out);
void ai_search_free(struct ai_search *s);

#endif
