/* Answering trade offers: accept what is worth more to the player than what it costs them,
 * never help a player who is about to win. */
#include "ai/internal.h"

#include <string.h>

/* Gains below this are noise in the value function (about a card's worth). */
#define OFFER_MIN_GAIN 4.0
/* What a trade must be worth to help an offerer two points from the goal. */
#define OFFER_LEADER_GAIN 80.0
/* What an offer of the player's own must be worth to be made. */
#define OFFER_ASK_GAIN 10.0
/* A build the hand pays for after the trade and not before. */
#define OFFER_BUILD_GAIN 20.0

static int holds(const uint8_t have[RES_COUNT], const uint8_t need[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++)
        if (have[r] < need[r])
            return 0;
    return 1;
}

/* What each build costs (enum ai_build). */
static const uint8_t *const build_cost[AI_BUILDS] = {game_cost_settlement, game_cost_city,
                                                     game_cost_dev};

/* The builds (settlement at a free corner the roads reach, city, development card) whose cost
 * the cards res pay, a bit each (enum ai_build). */
static unsigned paid_mask(const struct game *g, int p, const uint8_t res[RES_COUNT])
{
    const struct game_player *pl = &g->p[p];
    uint64_t spots[BOARD_WORDS];
    int spot = ai_spot_bits(g, p, spots) != 0;
    return (spot && pl->settlements < GAME_SETTLEMENTS && holds(res, game_cost_settlement)
                ? AI_BIT(AI_BUILD_SETTLEMENT)
                : 0) |
           (pl->settlements && pl->cities < GAME_CITIES && holds(res, game_cost_city)
                ? AI_BIT(AI_BUILD_CITY)
                : 0) |
           (g->deck_pos < g->deck_size && holds(res, game_cost_dev) ? AI_BIT(AI_BUILD_DEV) : 0);
}

/* The resources p's buildings produce, a bit each (the robber's hex left out). */
static unsigned produced(const struct game *g, int p)
{
    unsigned m = 0;
    for (int h = 0; h < game_geo(g)->n_hexes && h < 64; h++)
        if ((g->hexes_of[p] >> h & 1) && h != g->robber && g->terrain[h] < RES_COUNT &&
            ai_pips(g->token[h]))
            m |= AI_BIT(g->terrain[h]);
    return m;
}

/* The builds a hand is one card short of, that card one p produces: likely next turn. */
static unsigned next_turn(const struct game *g, int p, const uint8_t res[RES_COUNT])
{
    static const uint8_t any[RES_COUNT] = {9, 9, 9, 9, 9}; /* what p may build at all */
    unsigned m = 0, prod = produced(g, p);
    for (int k = 0; k < AI_BUILDS; k++) {
        int miss = 0, last = -1;
        for (int r = 0; r < RES_COUNT; r++)
            if (res[r] < build_cost[k][r]) {
                miss += build_cost[k][r] - res[r];
                last = r;
            }
        m |= miss == 1 && (prod >> last & 1) ? AI_BIT(k) : 0;
    }
    return m & paid_mask(g, p, any);
}

static int builds_paid(const struct game *g, int p)
{
    return ai_count5(paid_mask(g, p, g->p[p].res));
}

/* The builds p's hand pays for as it is or after one trade with the bank or a harbor: what p
 * can build this turn without another player. */
static unsigned bank_reach(const struct game *g, int p)
{
    unsigned m = paid_mask(g, p, g->p[p].res);
    for (int give = 0; give < RES_COUNT; give++) {
        int rate = g->rates_of[p][give];
        for (int get = 0; get < RES_COUNT && g->p[p].res[give] >= rate; get++) {
            if (get == give || !g->bank[get])
                continue;
            uint8_t res[RES_COUNT];
            memcpy(res, g->p[p].res, sizeof res);
            res[give] = (uint8_t)(res[give] - rate);
            res[get]++;
            m |= paid_mask(g, p, res);
        }
    }
    return m;
}

/* The player's position: in their own turn (answering a counter-offer) with the best move the
 * cards allow at once; otherwise with a bonus per build the hand pays for, which the value
 * function, judging a hand that waits for a turn, counts only in part. */
static double outlook(const struct ai_board *b, const struct game *g, int p)
{
    double v = ai_value(b, g, p);
    if (g->current != p || g->phase != PHASE_MAIN)
        return v + OFFER_BUILD_GAIN * builds_paid(g, p);
    struct ai_scored best;
    struct bw_rng rng;
    bw_rng_seed(&rng, 1); /* only ties depend on it, and only the score is used */
    struct game c = *g;
    memset(c.offers, 0, sizeof c.offers);
    c.offers_open = 0;
    if (ai_normal_rank(b, &c, p, &rng, &best, 1) == 1 && best.score > v)
        v = best.score;
    return v;
}

/* What receiving in[] for out[] from partner (-1: not known yet) is worth to p. */
static double trade_gain(const struct ai_board *b, const struct game *g, int p, int partner,
                         const uint8_t in[RES_COUNT], const uint8_t out[RES_COUNT])
{
    double before = outlook(b, g, p);
    struct game c = *g;
    for (int r = 0; r < RES_COUNT; r++) {
        c.p[p].res[r] = (uint8_t)(c.p[p].res[r] + in[r] - out[r]);
        if (partner >= 0) {
            int theirs = c.p[partner].res[r] + out[r] - in[r];
            c.p[partner].res[r] = (uint8_t)(theirs > 0 ? theirs : 0);
        }
    }
    return outlook(b, &c, p) - before;
}

/* Whether a trade with q is one that player may make at all: never with a player one point
 * from the goal; with one two points away only for a gain above OFFER_LEADER_GAIN. */
static double gain_needed(const struct game *g, int q)
{
    int vp = game_vp_public(g, q);
    return vp >= g->vp_goal - 1 ? -1 : vp >= g->vp_goal - 2 ? OFFER_LEADER_GAIN : OFFER_MIN_GAIN;
}

int ai_offer_wanted(const struct ai_board *b, const struct game *g, int player,
                    const struct trade_offer *o)
{
    int from = o->from;
    if (from < 0 || from >= g->opt.n_players || !holds(g->p[player].res, o->get))
        return 0;
    double need = gain_needed(g, from);
    return need >= 0 && trade_gain(b, g, player, from, o->give, o->get) > need;
}

/* The cards of r the other players hold between them (public: the bank and the player's own
 * hand leave them, and the view deals them out again keeping that count). */
static int held_by_others(const struct game *g, int player, int r)
{
    int n = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != player)
            n += g->p[q].res[r];
    return n;
}

int ai_offer_make(const struct ai_board *b, const struct game *g, int player,
                  struct game_action *out)
{
    if (g->opt.no_trade) /* a house rule: no trades between players */
        return BW_E(NO_TRADE);
    if (g->phase != PHASE_MAIN || g->current != player)
        return BW_E(WRONG_PHASE);
    unsigned to = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != player && !g->p[q].resigned && game_hand_size(g, q) > 0 &&
            game_vp_public(g, q) < g->vp_goal - 2)
            to |= AI_BIT(q);
    if (!to)
        return BW_E(NO_OFFER);
    const uint8_t *have = g->p[player].res;
    /* Only a trade that pays for a build the bank or a harbor could not, or leaves it one card
     * short that the player's own buildings produce: anything less is asking the table to wait
     * for nothing. */
    unsigned reach = bank_reach(g, player);
    double best = OFFER_ASK_GAIN;
    int best_get = -1, best_give = -1, best_n = 0;
    for (int get = 0; get < RES_COUNT; get++) {
        if (!held_by_others(g, player, get))
            continue;
        for (int give = 0; give < RES_COUNT; give++)
            /* One card, or two; the bank or a harbor gives as much for no more. */
            for (int n = 1; n <= 2 && n < g->rates_of[player][give]; n++) {
                if (give == get || have[give] < n)
                    continue;
                uint8_t in[RES_COUNT] = {0}, away[RES_COUNT] = {0}, after[RES_COUNT];
                in[get] = 1;
                away[give] = (uint8_t)n;
                memcpy(after, have, sizeof after);
                after[get]++;
                after[give] = (uint8_t)(after[give] - n);
                if (!(paid_mask(g, player, after) & ~reach) &&
                    !(next_turn(g, player, after) & ~next_turn(g, player, have) & ~reach))
                    continue;
                double v = trade_gain(b, g, player, -1, in, away);
                if (v > best) {
                    best = v;
                    best_get = get;
                    best_give = give;
                    best_n = n;
                }
            }
    }
    if (best_get < 0)
        return BW_E(NO_OFFER);
    ai_blank(out, ACT_OFFER, player);
    out->give[best_give] = (uint8_t)best_n;
    out->get[best_get] = 1;
    out->to_mask = (uint8_t)to;
    return BW_OK;
}

int ai_offer_counter(const struct ai_board *b, const struct game *g, int player,
                     const struct trade_offer *o, struct game_action *out)
{
    int from = o->from;
    if (g->opt.no_trade)
        return BW_E(NO_TRADE);
    if (g->phase != PHASE_MAIN || from != g->current || from == player ||
        !(o->to_mask & AI_BIT(player)))
        return BW_E(WRONG_PHASE);
    double need = gain_needed(g, from), best = need;
    if (need < 0)
        return BW_E(NO_OFFER);
    int best_get = -1, best_give = -1;
    /* One card of what the offerer asked for, for one of what they offered. */
    for (int get = 0; get < RES_COUNT; get++)
        for (int give = 0; give < RES_COUNT; give++) {
            if (!o->give[get] || !o->get[give] || give == get || !g->p[player].res[give])
                continue;
            uint8_t in[RES_COUNT] = {0}, away[RES_COUNT] = {0};
            in[get] = 1;
            away[give] = 1;
            if (!memcmp(in, o->give, RES_COUNT) && !memcmp(away, o->get, RES_COUNT))
                continue; /* the offer itself */
            double v = trade_gain(b, g, player, from, in, away);
            if (v > best) {
                best = v;
                best_get = get;
                best_give = give;
            }
        }
    if (best_get < 0)
        return BW_E(NO_OFFER);
    ai_blank(out, ACT_OFFER, player);
    out->give[best_give] = 1;
    out->get[best_get] = 1;
    out->to_mask = (uint8_t)AI_BIT(from);
    return BW_OK;
}

int ai_offer_close(const struct ai_board *b, const struct game *g, int player,
                   const struct trade_offer *o, struct game_action *out)
{
    if (g->phase != PHASE_MAIN || o->from != player || !o->accepted)
        return BW_E(WRONG_PHASE);
    for (int q = 0; q < g->opt.n_players; q++) {
        if (!(o->accepted & AI_BIT(q)) || !holds(g->p[player].res, o->give))
            continue;
        double need = gain_needed(g, q);
        if (need >= 0 && trade_gain(b, g, player, q, o->get, o->give) > need) {
            ai_blank(out, ACT_CONFIRM, player);
            out->a = (int16_t)o->id;
            out->target = (int8_t)q;
            return BW_OK;
        }
    }
    ai_blank(out, ACT_CANCEL, player);
    out->a = (int16_t)o->id;
    return BW_OK;
}

int ai_offer_answer(const struct game *g, int player, const struct trade_offer *o, int want,
                    struct game_action *out)
{
    unsigned me = AI_BIT(player);
    int can_accept =
        g->phase == PHASE_MAIN && !(o->accepted & me) && holds(g->p[player].res, o->get);
    int can_reject = g->phase == PHASE_MAIN && !(o->rejected & me);
    if (!(o->to_mask & me) || o->from == player)
        return BW_E(WRONG_PHASE);
    int type;
    if (want && can_accept)
        type = ACT_ACCEPT;
    else if (!want && can_reject)
        type = ACT_REJECT;
    else
        return BW_E(WRONG_PHASE); /* already answered so */
    ai_blank(out, type, player);
    out->a = (int16_t)o->id;
    return BW_OK;
}

/* How much of cost the cards res cover, as a fraction. */
static double cover(const uint8_t res[RES_COUNT], const uint8_t cost[RES_COUNT])
{
    int have = 0, need = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        have += res[r] < cost[r] ? res[r] : cost[r];
        need += cost[r];
    }
    return need ? (double)have / need : 0;
}

void ai_offer_why(const struct game *g, int player, const struct trade_offer *o,
                  struct ai_reason *out)
{
    *out = (struct ai_reason){AI_WHY_NO_USE, -1, -1};
    if (o->from >= 0 && o->from < g->opt.n_players && gain_needed(g, o->from) != OFFER_MIN_GAIN) {
        out->why = AI_WHY_LEADER;
        return;
    }
    const struct game_player *pl = &g->p[player];
    const int open[AI_BUILDS] = {pl->settlements < GAME_SETTLEMENTS,
                                 pl->settlements && pl->cities < GAME_CITIES,
                                 g->deck_pos < g->deck_size};
    /* The build the hand is furthest toward among those that take a card asked for, a card
     * bought counting less than a building: the plan a person would name. Only goods of the
     * offer are named, never the hand. */
    static const double worth[AI_BUILDS] = {1.0, 1.0, 0.6};
    double best = 0;
    for (int k = 0; k < AI_BUILDS; k++) {
        int asked = -1;
        for (int r = RES_COUNT - 1; r >= 0; r--)
            if (o->get[r] && build_cost[k][r])
                asked = r;
        double c = open[k] && asked >= 0 ? worth[k] * cover(pl->res, build_cost[k]) : 0;
        if (c > best) {
            best = c;
            *out = (struct ai_reason){AI_WHY_KEEP, asked, k};
        }
    }
}
