/* The easy level: the engine's weighted random player (src/engine/playout.c), but always for
 * the given player. playout_choose() picks whichever player the game waits for first, so the
 * same preferences are applied here to game_legal_actions() of the one player: builds weighed
 * by the pips of their corner, roads that reach a free corner, buying a card, a bank trade
 * that makes a build affordable; roads are not built while a free corner is in reach. With
 * Cities & Knights also improvements, knights when the barbarians are near or Catan weaker,
 * walls for a big hand, progress cards (each card as likely however many ways it may be
 * played) and trades of goods that pay an improvement. */
#include "ai/internal.h"

#include <string.h>

enum {
    KNIGHT_WEIGHT = 8,
    CARD_WEIGHT = 8,
    CONFIRM_WEIGHT = 8,
    BUY_WEIGHT = 32,
    TRADE_WEIGHT = 64,
    PLAIN_WEIGHT = 1,
    CARD_WAYS = 36, /* with Cities & Knights every weight is this many times the above */
};

static int corner_weight(const struct game *g, int v)
{
    int pips = g->vertex_pips[v];
    return 16 + pips * pips * 4;
}

static int road_weight(const struct game *g, int edge)
{
    const struct board_geo *geo = game_geo(g);
    return !ai_bits_has(g->no_settle, geo->edge_vertex[edge][0]) ||
                   !ai_bits_has(g->no_settle, geo->edge_vertex[edge][1])
               ? 16
               : 2;
}

/* Whether a bank trade leaves the player exactly able to pay for a settlement, city or
 * development card they could not pay for before. */
static int trade_completes(const struct game *g, const struct game_action *a)
{
    static const uint8_t *const costs[3] = {game_cost_settlement, game_cost_city, game_cost_dev};
    const uint8_t *have = g->p[a->player].res;
    for (int i = 0; i < 3; i++) {
        int before = 1, after = 1;
        for (int r = 0; r < RES_COUNT; r++) {
            before &= have[r] >= costs[i][r];
            after &= have[r] - a->give[r] + a->get[r] >= costs[i][r];
        }
        if (after && !before)
            return 1;
    }
    return 0;
}

/* Cities & Knights: whether a trade with the bank leaves the player able to pay for an
 * improvement they could not pay for before. */
static int ck_trade_improves(const struct game *g, const struct game_action *a)
{
    const struct game_player *pl = &g->p[a->player];
    int get = a->res2 - GOOD_PAPER, give = a->res - GOOD_PAPER;
    if (get < 0 || get >= COM_COUNT || give == get || !pl->cities)
        return 0;
    int cost = game_ck_improve_cost(g, a->player, get);
    return cost && pl->commodity[get] < cost && pl->commodity[get] + a->a >= cost;
}

static int has_spot(const struct game *g, int p)
{
    uint64_t spots[BOARD_WORDS];
    return g->phase == PHASE_MAIN && ai_spot_bits(g, p, spots) != 0;
}

static int weight(const struct game *g, const struct game_action *a, int spot)
{
    switch (a->type) {
    case ACT_BUILD_SETTLEMENT:
    case ACT_BUILD_CITY:
        return corner_weight(g, a->a);
    case ACT_BUY_DEV:
        return spot ? 2 : BUY_WEIGHT;
    case ACT_BUILD_ROAD:
        return spot ? 0 : road_weight(g, a->a);
    case ACT_BANK_TRADE:
        return trade_completes(g, a) ? TRADE_WEIGHT : PLAIN_WEIGHT;
    case ACT_PLAY_KNIGHT:
        return KNIGHT_WEIGHT;
    case ACT_PLAY_ROADS:
    case ACT_PLAY_PLENTY:
    case ACT_PLAY_MONOPOLY:
        return CARD_WEIGHT;
    case ACT_CONFIRM:
        return CONFIRM_WEIGHT;
    case ACT_IMPROVE:
        return BUY_WEIGHT;
    case ACT_KNIGHT:
    case ACT_ACTIVATE:
        /* Knights as the barbarians come near (the ship's steps), and while Catan is weaker. */
        return g->ck.barbarians >= 4 || ai_ck_barbarians(g, a->player) < 0 ? BUY_WEIGHT
                                                                           : KNIGHT_WEIGHT;
    case ACT_WALL:
        return game_hand_size(g, a->player) > game_hand_limit(g, a->player) - 2 ? CARD_WEIGHT
                                                                                : PLAIN_WEIGHT;
    case ACT_PROGRESS:
        return CARD_WEIGHT;
    case ACT_CK_TRADE:
        return ck_trade_improves(g, a) ? TRADE_WEIGHT : PLAIN_WEIGHT;
    case ACT_TOKEN:
        return 0; /* by ai_two_token()'s rule */
    default:
        return PLAIN_WEIGHT;
    }
}

int ai_easy_choose(const struct game *g, int player, struct bw_rng *rng, struct game_action *out)
{
    if (ai_ck_answers(g, player)) { /* answers: as the other levels, never at random */
        struct ai_board b;
        ai_board_init(&b, g, &ai_default_weights);
        return ai_ck_answer(&b, g, player, out);
    }
    if (g->phase == PHASE_DISCARD && g->p[player].discard && !ai_progress_pending(g, player)) {
        playout_discard(g, player, rng, out);
        return BW_OK;
    }
    if (ai_two_token(g, player, out)) /* Catan for two: as the other levels */
        return BW_OK;
    struct game_action buf[AI_MAX_ACTIONS];
    int w[AI_MAX_ACTIONS];
    int n = game_legal_actions(g, player, buf, AI_MAX_ACTIONS);
    n = n < AI_MAX_ACTIONS ? n : AI_MAX_ACTIONS;
    int spot = has_spot(g, player), total = 0, listed[PROG_COUNT] = {0};
    int ways = g->ck.on ? CARD_WAYS : 1;
    for (int i = 0; i < n; i++)
        if (buf[i].type == ACT_PROGRESS)
            listed[buf[i].res % PROG_COUNT]++;
    for (int i = 0; i < n; i++) {
        /* A progress card weighs the same however many ways it may be played (the alchemist's
         * 36 rolls, the bishop's hexes): its weight is shared among them. */
        w[i] = weight(g, &buf[i], spot) * ways;
        if (buf[i].type == ACT_PROGRESS)
            w[i] = w[i] / listed[buf[i].res % PROG_COUNT] + 1;
        total += w[i];
    }
    if (total == 0)
        return BW_E(WRONG_PHASE);
    int k = (int)bw_rng_below(rng, (uint32_t)total);
    for (int i = 0; i < n; i++) {
        k -= w[i];
        if (k < 0) {
            *out = buf[i];
            return BW_OK;
        }
    }
    return BW_E(WRONG_PHASE);
}
