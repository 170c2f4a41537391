/* Player ratings for 3–6 player games: multiplayer Elo over pairwise results.
 *
 * A finished game of n players is read as the n(n-1)/2 two-player games between every pair of
 * them, each won, lost or drawn by the two players' places. Each player's rating moves by
 *
 *     K / (n - 1) * sum over opponents j of (S_ij - E_ij),  E_ij = 1 / (1 + 10^((R_j - R_i) / 400))
 *
 * with S_ij 1, 1/2 or 0. Dividing K by n - 1 keeps one game worth about as much as one two-player
 * game whatever the table size, and the sum over pairs is zero, so ratings neither inflate nor
 * deflate. Why this and not Glicko-2 or a TrueSkill-like model: a bot that records a few games
 * an evening has no rating periods to speak of (Glicko-2 assumes many games per period), the
 * arithmetic can be checked by hand, and the result depends only on the ratings before the game
 * and the places, so replaying the recorded games in order reproduces every rating exactly.
 *
 * Places: the winner first; then everyone who did not resign, by final victory points (equal
 * points are a draw); then those who resigned, below everyone who stayed, among themselves
 * again by points. Pure functions, no I/O. */
#ifndef BW_STORE_RATING_H
#define BW_STORE_RATING_H

#include <stdbool.h>

#define RATING_INITIAL 1500.0
#define RATING_K 32.0
#define RATING_MAX_PLAYERS 6

/* One player of a finished game, as the rating sees it. */
struct rating_player {
    double rating; /* before the game */
    int points;    /* final victory points */
    bool won;
    bool resigned;
};

/* Compare two players' places: negative when a placed above b, 0 when they tie (a draw between
 * them), positive when a placed below b. */
int rating_compare(const struct rating_player *a, const struct rating_player *b);

/* The expected score of a rating ra against rb (0..1). */
double rating_expected(double ra, double rb);

/* The ratings after one game of n players (2..RATING_MAX_PLAYERS) into after[0..n-1], in the
 * order of players; after may not alias players. Returns false, writing nothing, when n is out
 * of range. */
bool rating_update(const struct rating_player *players, int n, double *after);

#endif
