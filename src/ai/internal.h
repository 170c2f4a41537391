/* Shared between the computer players' own files; not for other layers. */
#ifndef BW_AI_INTERNAL_H
#define BW_AI_INTERNAL_H

#include "ai/ai.h"
#include "engine/playout.h"

/* Enough for every legal action listed at any decision (road building plays are the most). */
#define AI_MAX_ACTIONS 1024

#define AI_BIT(p) (1u << (p))

/* Bit sets of BOARD_WORDS words, as in struct game's derived fields. */
static inline int ai_bits_has(const uint64_t s[BOARD_WORDS], int i)
{
    return (int)((s[i >> 6] >> (i & 63)) & 1);
}

/* The free corners at the end of p's roads and ships where a settlement may stand, into out
 * (every word: the biggest maps have corners past 128); non-zero when there is one. */
static inline uint64_t ai_spot_bits(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    uint64_t any = 0;
    for (int i = 0; i < BOARD_WORDS; i++)
        any |= out[i] = g->reach_of[p][i] & ~g->no_settle[i];
    return any;
}

static inline int ai_bits_pop(uint64_t s[BOARD_WORDS])
{
    for (int i = 0; i < BOARD_WORDS; i++)
        if (s[i]) {
            int b = __builtin_ctzll(s[i]);
            s[i] &= s[i] - 1;
            return i * 64 + b;
        }
    return -1;
}

/* Members of a set of resources (5 bits), without relying on a popcount instruction. */
static inline int ai_count5(unsigned m)
{
    return (int)(m & 1) + (int)(m >> 1 & 1) + (int)(m >> 2 & 1) + (int)(m >> 3 & 1) +
           (int)(m >> 4 & 1);
}

/* Dice combinations (of 36) that roll token t; 0 for no token. */
static inline int ai_pips(int t)
{
    return t >= 2 && t <= 12 && t != 7 ? 6 - (t > 7 ? t - 7 : 7 - t) : 0;
}

static inline void ai_blank(struct game_action *a, int type, int player)
{
    *a = (struct game_action){.type = (uint8_t)type, .player = (int8_t)player};
    a->target = -1;
    a->a = a->b = -1;
}

/* Cities & Knights: whether p must first draw a card of their choice or give up a fifth one
 * (then nothing else of theirs is accepted, a 7's discard included). */
static inline int ai_progress_pending(const struct game *g, int p)
{
    return g->ck.on && (g->ck.p[p].hand[CK_HAND] || g->ck.p[p].draws);
}

/* A seed for the i-th use of a caller's seed: different streams never overlap in practice. */
uint64_t ai_mix(uint64_t seed, uint64_t i);

/* BW_OK when player has something to do in g (ai_players_to_act()), else a bw_err. */
int ai_check_player(const struct game *g, int player);

/* Whether a is legal in the real game g (the view may differ in one way: see ai.c). */
int ai_legal_in(const struct game *g, const struct game_action *a);
/* A legal move of player when the chosen one is not: end the turn, roll, reject, or the first
 * move listed. */
int ai_fallback(const struct game *g, int player, struct game_action *out);

/* The first open offer that player is addressed by and has not answered, or NULL. */
const struct trade_offer *ai_unanswered(const struct game *g, int player);

/* ---- value.c: how good a position is for one player ---- */

/* The value function's weights (value.c has the defaults and what they stand for). The
 * functions below take them through struct ai_board, so that a tuning run can play changed
 * weights against the defaults in one game. */
struct ai_weights {
    double vp, win;
    double pip, diversity, harbor2, harbor3;
    double expand, expand_second, reach[3];
    double card, prog_settle, prog_city, prog_dev, prog_road;
    double risk;
    double dev_held[DEV_COUNT];
    double knight, army_near, road_len, road_near;
    double opp_pip, opp_vp;
    /* The tribe's spots (The Forgotten Tribe, Cloth for Catan): how much of a spot's worth
     * counts when 1, 2, 3 or 4 more ships reach it; a card and a harbor gift's worth; a
     * village's worth per pip of its number. */
    double seek[4], gift_card, gift_harbor, village_pip;
    /* The Wonders of Catan: the worth of a wonder with n stages built (n = 1..3; the fourth
     * wins), of the cards toward its next stage, of being the furthest, and the threat of each
     * stage an opponent has built. */
    double wonder_stage[GAME_WONDER_STAGES], prog_wonder, wonder_lead, opp_wonder;
};
extern const struct ai_weights ai_default_weights;

/* What the value function needs again and again about a board (its hexes and tokens, which
 * never change during a game), and the weights. */
struct ai_board {
    uint64_t id; /* of this ai_board_init(), one of its own: what a thread's memo knows it by */
    const struct ai_weights *w;
    double res_weight[RES_COUNT];           /* worth of a resource: scarce ones count more */
    double corner_pips[BOARD_MAX_VERTICES]; /* a corner's pips, each by its resource's worth */
    uint8_t corner_res[BOARD_MAX_VERTICES]; /* the resources around a corner (bits) */
    uint8_t corner_prod[BOARD_MAX_VERTICES][RES_COUNT]; /* pips per resource at a corner */
    /* The same in one word, AI_LANE bits per resource, so that a building adds in one step. */
    uint64_t corner_lanes[BOARD_MAX_VERTICES];
    uint8_t corner_total[BOARD_MAX_VERTICES]; /* all of a corner's pips */
};
#define AI_LANE 12

void ai_board_init(struct ai_board *b, const struct game *g, const struct ai_weights *w);
/* The position's worth to player p, in hundredths of a victory point. */
double ai_value(const struct ai_board *b, const struct game *g, int p);
/* The same worth in the groups the search's verdict weighs (leaf.c): the points, the
 * production, the harbors, the room to expand, the hand, the development cards and knights,
 * the longest road, the opponents' production and points (negative), and the rest (the
 * expansions' terms) together, into f; 1 for a player who wins at the next check (nothing in
 * f), else 0. Not for a game that is over. */
#define AI_LEAF_TERMS 9
int ai_leaf_terms(const struct ai_board *b, const struct game *g, int p, double f[AI_LEAF_TERMS]);

/* ---- leaf.c: the search's verdict on a playout it stops ---- */

/* What the verdict weighs for p: the terms above, then each of them times p's share of the
 * points to win (a term's worth changes as the game goes on); 1 for a player who wins at the
 * next check, else 0. */
#define AI_LEAF_FEATURES (2 * AI_LEAF_TERMS)
int ai_leaf_features(const struct ai_board *b, const struct game *g, int p,
                     double x[AI_LEAF_FEATURES]);
/* The weights bench/ai_leaf fitted to who won self-play games: of the base game, and of
 * Cities & Knights (ai_leaf -c). */
extern const double ai_leaf_weights[AI_LEAF_FEATURES];
extern const double ai_leaf_weights_cities[AI_LEAF_FEATURES];
/* p's probability of winning g (not over) by weights w: the softmax over the players still in
 * of their features weighed; 1 or 0 when someone wins at the next check. */
double ai_leaf_verdict(const struct ai_board *b, const struct game *g, int p, const double *w);
/* How much player q threatens to win: 0.5 with no points, 1.5 at the goal. */
double ai_threat(const struct game *g, int q);

/* ---- cities.c: Cities & Knights ---- */

/* p's commodity production in pips per commodity, into com; prod (value.c's production) loses
 * the second resource it counted for each city on forest, pasture or mountains. */
void ai_ck_production(const struct game *g, int p, int prod[RES_COUNT], int com[COM_COUNT]);
/* What Cities & Knights adds to the position's worth to p (cities.c says what and why). */
double ai_ck_value(const struct ai_board *b, const struct game *g, int p, const int prod[RES_COUNT],
                   const int com[COM_COUNT], double scale);
/* The barbarians' part of it: the city p may lose, the defender point p may win. */
double ai_ck_barbarians(const struct game *g, int p);
/* The normal player's outcome of a move whose worth is reckoned from public counts rather
 * than from the view's dealt cards, one case per kind of move (a deck chosen, a monopoly, the
 * saboteur): 1 with the position in *c and an extra worth in *bonus, 0 for a move played on
 * the view as any other, -1 when refused. */
int ai_ck_expect(const struct ai_board *b, const struct game *g, int p, const struct game_action *a,
                 struct game *c, double *bonus);
/* The hex a move sends the robber to (a robber, a knight card, a knight chasing it, the
 * bishop), or -1. */
int ai_robber_hex(const struct game_action *a);

/* ---- asks.c: Cities & Knights, what the game asks and the cards that ask ---- */

/* p's answer to what the game asks them (g->ck.p[p].ask): the pillaged city, the displaced
 * knight's corner, the goods of a wedding, the commodity of a commercial harbor, the knight
 * given up to a deserter; the same at every level. BW_OK with a legal answer in *out. */
int ai_ck_answer(const struct ai_board *b, const struct game *g, int p, struct game_action *out);
/* Whether p is asked one of those (ai_ck_answer answers it); the master merchant's and the spy's
 * choices (ASK_TAKE, ASK_SPY) are ranked as moves instead, on the hand the player saw. */
bool ai_ck_answers(const struct game *g, int p);
/* What a knight of p at corner v does there (hundredths of a point): roads of others it stops,
 * a settlement spot it keeps from them, the robber's hex it may chase from, the end of p's
 * roads. Public things only. */
double ai_ck_knight_spot(const struct game *g, int p, int v);
/* ai_ck_expect's cases for the cards that ask others (wedding, commercial harbor, deserter,
 * intrigue, diplomat): 1 with the position in *c and the extra worth in *bonus, 0 for another
 * move, -1 when refused. */
int ai_ck_expect_ask(const struct ai_board *b, const struct game *g, int p,
                     const struct game_action *a, struct game *c, double *bonus);
/* The commercial harbor's plays among the n actions listed in buf (max room) replaced by those
 * p would consider: one resource p holds offered to each other player likely, by public counts,
 * to hold a commodity, and the same resource to all of them; the view's dealt hands, which the
 * engine's listing follows, play no part. Returns the new count. */
int ai_ck_harbor_plays(const struct game *g, int p, struct game_action *buf, int n, int max);
/* card leaves p's hand of progress cards in c (the first of that kind). */
void ai_ck_drop_card(struct game *c, int p, int card);

/* ---- easy.c ---- */

/* The weighted random player's choice for player (who has something to do in g). */
int ai_easy_choose(const struct game *g, int player, struct bw_rng *rng, struct game_action *out);

/* ---- normal.c ---- */

struct ai_scored {
    struct game_action a;
    double score;
};

/* The normal player's candidates for player in g, each with its score, best first (ties in a
 * random order from rng). Returns how many (at most max, at least 1), or a negative bw_err. */
int ai_normal_rank(const struct ai_board *b, const struct game *g, int player, struct bw_rng *rng,
                   struct ai_scored *out, int max);
int ai_normal_choose(const struct ai_board *b, const struct game *g, int player, struct bw_rng *rng,
                     struct game_action *out);

/* ---- offer.c ---- */

/* Whether player (addressed by o) gains from the trade enough to accept it, in view g. */
int ai_offer_wanted(const struct ai_board *b, const struct game *g, int player,
                    const struct trade_offer *o);
/* Player's own offer as the current player after the roll: one card a build lacks for one or
 * two it can spare (fewer than the bank or a harbor asks), to every other player who holds
 * cards and is not two points from the goal, when worth at least OFFER_ASK_GAIN to it.
 * BW_E(NO_OFFER) when no such trade is worth asking for. */
int ai_offer_make(const struct ai_board *b, const struct game *g, int player,
                  struct game_action *out);
/* A counter-offer to the current player's offer o, which player does not want: one card of
 * what o asks for, for one of what it offers, when worth it (by the rule of answers).
 * BW_E(NO_OFFER) when there is none. */
int ai_offer_counter(const struct ai_board *b, const struct game *g, int player,
                     const struct trade_offer *o, struct game_action *out);
/* Player's own offer o, accepted by someone: confirmed with the first who accepted when it is
 * still worth it to player, else withdrawn. */
int ai_offer_close(const struct ai_board *b, const struct game *g, int player,
                   const struct trade_offer *o, struct game_action *out);
/* Why player refuses o, from the public state and player's own hand only (ai_refusal_reason). */
void ai_offer_why(const struct game *g, int player, const struct trade_offer *o,
                  struct ai_reason *out);
/* The answer to o as an action: accept when wanted and possible, else reject (when
 * possible). BW_E(WRONG_PHASE) when player can give neither answer. */
int ai_offer_answer(const struct game *g, int player, const struct trade_offer *o, int want,
                    struct game_action *out);

/* Catan for two (two.c): ai_two_neutral answers ASK_NEUTRAL with the piece that hurts the
 * opponent most; ai_two_token: 1 and the token action into out when one helps p now (the
 * robber on a good hex of p's, or an opponent holding many cards), else 0. */
int ai_two_neutral(const struct ai_board *b, const struct game *g, int p, struct game_action *out);
int ai_two_token(const struct game *g, int p, struct game_action *out);

#endif
