/* Answering trade offers: accept what is worth more to the player than what it costs them,
 * never help a player who is about to win. */
#include "ai/internal.h"

#include <string.h>

/* Gains below this are noise in the value function (about a card's worth). */
#define OFFER_MIN_GAIN 4.0
/* What a trade must be worth to help an offerer two points from the goal. */
#define OFFER_LEADER_GAIN 80.0
/* A build the hand pays for after the trade and not before. */
#define OFFER_BUILD_GAIN 20.0

static int holds(const uint8_t have[RES_COUNT], const uint8_t need[RES_COUNT])
{
    for (int r = 0; r < RES_COUNT; r++)
        if (have[r] < need[r])
            return 0;
    return 1;
}

/* The builds (settlement at a free corner the roads reach, city, development card) whose cost
 * the hand pays. */
static int builds_paid(const struct game *g, int p)
{
    const struct game_player *pl = &g->p[p];
    int spot =
        ((g->reach_of[p][0] & ~g->no_settle[0]) | (g->reach_of[p][1] & ~g->no_settle[1])) != 0;
    return (spot && pl->settlements < GAME_SETTLEMENTS && holds(pl->res, game_cost_settlement)) +
           (pl->settlements && pl->cities < GAME_CITIES && holds(pl->res, game_cost_city)) +
           (g->deck_pos < g->deck_size && holds(pl->res, game_cost_dev));
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

int ai_offer_wanted(const struct ai_board *b, const struct game *g, int player,
                    const struct trade_offer *o)
{
    int from = o->from, vp = game_vp_public(g, from);
    if (from < 0 || from >= g->opt.n_players || vp >= g->vp_goal - 1 ||
        !holds(g->p[player].res, o->get))
        return 0;
    double before = outlook(b, g, player);
    struct game c = *g;
    for (int r = 0; r < RES_COUNT; r++) {
        int theirs = c.p[from].res[r] + o->get[r] - o->give[r];
        c.p[player].res[r] = (uint8_t)(c.p[player].res[r] + o->give[r] - o->get[r]);
        c.p[from].res[r] = (uint8_t)(theirs > 0 ? theirs : 0);
    }
    double gain = outlook(b, &c, player) - before;
    return gain > (vp >= g->vp_goal - 2 ? OFFER_LEADER_GAIN : OFFER_MIN_GAIN);
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
