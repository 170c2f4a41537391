/* The hard player's verdict on a playout it stops before the game ends: the player's
 * probability of winning from there, as self-play games taught it.
 *
 * Each player's features (the value function's terms, and each of them again times the
 * player's share of the points to win) are weighed and added up, and the softmax over the
 * players in the game turns the sums into probabilities. bench/ai_leaf fitted the weights:
 * 10000 games of four normal players on the base board, each position where a turn began kept
 * with who won that game; the weights of least log loss on the first 5000 games, checked on the
 * other 5000. There, the value function's worths alone (the softmax at the best temperature,
 * 150 hundredths of a point) named the winner of 48.4% of the positions at a log loss of 1.143,
 * and the verdict the search used before (the worth against the best of the others squashed)
 * 1.166; these weights name 51.0% at 1.100 (0.808 against 0.846 where the leader has three
 * quarters of the points to win). The search mixes this verdict with the 1 and 0 of the
 * playouts that end the game, so it must be a probability of winning, not just an order.
 * Printed by `build/release/bench/ai_leaf -g 10000 -s 1` (about 20 seconds). Cities & Knights
 * has weights of its own, fitted the same way to its games: its terms (commodities,
 * improvements, knights, the barbarians) are all in "rest", which the base game never
 * varies. Other boards and numbers of players use the base game's. */
#include "ai/internal.h"

#include <math.h>

const double ai_leaf_weights[AI_LEAF_FEATURES] = {
    /* points, production, harbors, room, hand, cards, road, opponents, rest */
    -0.00104387, 0.0190926, 0.0314833, 0.0120836, 0.0118293, 0.01597, -0.0074656, -0.0121633,
    0.00663377,
    /* the same, times the share of the points to win */
    0.00314185, 0.0172216, -0.0201602, -0.00942174, 0.00996133, -0.00149844, 0.0434925, -0.0231983,
    0};

/* Cities & Knights (`ai_leaf -c -g 4000 -s 1`, about 35 seconds; "rest" is mostly its terms):
 * on the second 2000 games, 57.4% at a log loss of 0.973, where the softmax of the worth names
 * 55.4% at 1.008 and the verdict before had 1.014. */
const double ai_leaf_weights_cities[AI_LEAF_FEATURES] = {
    -0.000571205, 0.0122556,  0.00379164, 0.00850733, 0.0103463,  0.00482369,
    -0.0110558,   0.0239973,  0.0102942,  0.00143318, -0.0133102, 0.00977907,
    -0.0023085,   0.00444434, 0,          0.0358214,  -0.0228365, -0.00708998};

int ai_leaf_features(const struct ai_board *b, const struct game *g, int p,
                     double x[AI_LEAF_FEATURES])
{
    if (ai_leaf_terms(b, g, p, x))
        return 1;
    double share = (double)game_vp_total(g, p) / g->vp_goal;
    for (int k = 0; k < AI_LEAF_TERMS; k++)
        x[AI_LEAF_TERMS + k] = x[k] * share;
    return 0;
}

double ai_leaf_verdict(const struct ai_board *b, const struct game *g, int p, const double *w)
{
    double s[GAME_MAX_PLAYERS], top = -1e300, sum = 0;
    for (int q = 0; q < g->opt.n_players && q < GAME_MAX_PLAYERS; q++) {
        double x[AI_LEAF_FEATURES];
        if (g->p[q].resigned)
            continue;
        if (ai_leaf_features(b, g, q, x)) /* q wins at the next check */
            return q == p ? 1.0 : 0.0;
        s[q] = 0;
        for (int k = 0; k < AI_LEAF_FEATURES; k++)
            s[q] += w[k] * x[k];
        top = s[q] > top ? s[q] : top;
    }
    if (g->p[p].resigned)
        return 0.0;
    for (int q = 0; q < g->opt.n_players && q < GAME_MAX_PLAYERS; q++)
        if (!g->p[q].resigned)
            sum += exp(s[q] - top);
    return exp(s[p] - top) / sum;
}
