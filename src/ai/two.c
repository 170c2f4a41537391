/* Catan for two (doc/two.md) for the computer players: the neutral piece owed is placed where it
 * hurts the opponent most (on the corners and sides their roads lead to next, by the dice
 * combinations there), and the trade tokens are spent when they help: a forced trade when the
 * opponent holds many cards, the robber sent home when it blocks a good hex of the player's
 * own. The cards given back are the asks' (asks.c: those whose loss costs least). */
#include "ai/internal.h"

#include <string.h>

enum {
    FORCE_HAND = 5,  /* the opponent's cards from which a forced trade is worth a token */
    HOME_PIPS = 3,   /* the dice combinations of an own hex worth a token to free */
    ROOM_WEIGHT = 3, /* a corner the opponent may settle next, per combination */
    REACH_WEIGHT = 1 /* a corner the opponent's next road reaches, per combination */
};

/* What the opponent q has room for: the free corners at the end of their roads (they may
 * settle there next), and those one more road of theirs would reach, by the dice combinations
 * that pay each. */
static int room_of(const struct game *g, int q)
{
    const struct board_geo *geo = game_geo(g);
    uint64_t spots[BOARD_WORDS];
    int room = 0;
    ai_spot_bits(g, q, spots);
    for (int v; (v = ai_bits_pop(spots)) >= 0;)
        room += ROOM_WEIGHT * g->vertex_pips[v];
    for (int e = 0; e < geo->n_edges; e++) {
        if (!game_can_road(g, q, e))
            continue;
        for (int k = 0; k < 2; k++) {
            int v = geo->edge_vertex[e][k];
            if (g->vertex_owner[v] < 0 && !ai_bits_has(g->reach_of[q], v) &&
                !ai_bits_has(g->no_settle, v))
                room += REACH_WEIGHT * g->vertex_pips[v];
        }
    }
    return room;
}

int ai_two_neutral(const struct ai_board *b, const struct game *g, int p, struct game_action *out)
{
    struct game_action list[AI_MAX_ACTIONS];
    int n = game_legal_actions(g, p, list, AI_MAX_ACTIONS), best = -1, q = 1 - p;
    n = n < AI_MAX_ACTIONS ? n : AI_MAX_ACTIONS;
    int room = room_of(g, q);
    double their = ai_value(b, g, q), best_score = 0;
    for (int i = 0; i < n; i++) {
        if (list[i].type != ACT_CK_CHOOSE)
            continue;
        struct game c = *g;
        if (game_apply(&c, &list[i], NULL, 0, NULL) != BW_OK)
            continue;
        /* What the opponent loses, in room and in worth; what the player loses breaks ties. */
        double score = (room - room_of(&c, q)) + (their - ai_value(b, &c, q)) -
                       0.25 * (room_of(g, p) - room_of(&c, p));
        if (best < 0 || score > best_score)
            best = i, best_score = score;
    }
    if (best < 0)
        return BW_E(WRONG_PHASE);
    *out = list[best];
    return BW_OK;
}

/* Whether the robber stands on a hex of p's own worth HOME_PIPS combinations or more. */
static int robber_hurts(const struct game *g, int p)
{
    int h = g->robber, t = h >= 0 ? g->token[h] : 0;
    int pips = t >= 2 && t <= 12 && t != 7 ? 6 - (t > 7 ? t - 7 : 7 - t) : 0;
    return h >= 0 && (g->hexes_of[p] >> h & 1) && pips >= HOME_PIPS;
}

int ai_two_token(const struct game *g, int p, struct game_action *out)
{
    if (!g->opt.two || g->phase != PHASE_MAIN || g->current != p || p > 1)
        return 0;
    int t = -1;
    if (!game_token_error(g, p, TOKEN_ROBBER) && robber_hurts(g, p))
        t = TOKEN_ROBBER;
    else if (!game_token_error(g, p, TOKEN_TRADE) && game_hand_size(g, 1 - p) >= FORCE_HAND)
        t = TOKEN_TRADE;
    if (t < 0)
        return 0;
    ai_blank(out, ACT_TOKEN, p);
    out->a = (int16_t)t;
    return 1;
}
