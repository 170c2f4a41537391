#include "engine/playout.h"
#include "engine/internal.h"

#include <string.h>

#define PLAYOUT_BUF 512
#define KNIGHT_WEIGHT 8

/* Whether a maritime trade makes a settlement, city or card affordable that was not. */
static int trade_helps(const struct game *g, const struct game_action *a)
{
    const struct game_player *pl = &g->p[a->player];
    uint8_t after[RES_COUNT];
    for (int r = 0; r < RES_COUNT; r++)
        after[r] = (uint8_t)(pl->res[r] - a->give[r] + a->get[r]);
    const uint8_t *costs[3] = {game_cost_settlement, game_cost_city, game_cost_dev};
    for (int i = 0; i < 3; i++)
        if (!has_cards(pl->res, costs[i]) && has_cards(after, costs[i]))
            return 1;
    return 0;
}

/* Whether a road ends at a corner where a settlement could stand. */
static int opens_spot(const struct game *g, const struct game_action *a)
{
    const struct board_geo *geo = GEO(g);
    return settle_free(g, geo->edge_vertex[a->a][0]) || settle_free(g, geo->edge_vertex[a->a][1]);
}

static int weight(const struct game *g, const struct game_action *a, int spot)
{
    switch (a->type) {
    case ACT_BUILD_CITY:
    case ACT_BUILD_SETTLEMENT: {
        int pips = g->vertex_pips[a->a];
        return 16 + pips * pips * 4;
    }
    case ACT_BUY_DEV:
        return spot > 0 ? 2 : 32;
    case ACT_BUILD_ROAD:
        return spot ? 0 : opens_spot(g, a) ? 16 : 2;
    case ACT_BANK_TRADE:
        return trade_helps(g, a) ? 64 : 1;
    case ACT_PLAY_KNIGHT:
        return KNIGHT_WEIGHT;
    case ACT_PLAY_ROADS:
    case ACT_PLAY_PLENTY:
    case ACT_PLAY_MONOPOLY:
    case ACT_CONFIRM:
        return 8;
    default:
        return 1;
    }
}

/* Whether player holds a development card they may play now (before the roll). */
static int has_playable_card(const struct game *g, int p)
{
    const uint8_t *dev = g->p[p].dev;
    if (g->dev_played || !(dev[DEV_KNIGHT] | dev[DEV_ROADS] | dev[DEV_PLENTY] | dev[DEV_MONOPOLY]))
        return 0;
    for (int c = 0; c < DEV_VICTORY; c++)
        if (!dev_play_check(g, p, c))
            return 1;
    return 0;
}

/* An action with no arguments, written as game_legal_actions writes them. */
static void blank_action(struct game_action *out, int type, int p)
{
    memset(out, 0, sizeof *out);
    out->type = (uint8_t)type;
    out->player = (int8_t)p;
    out->target = -1;
    out->a = out->b = -1;
}

/* The robber to a random other hex, robbing a random player there: listing every hex and
 * victim first costs more than the rest of a turn. */
static int random_robber(const struct game *g, struct bw_rng *rng, int p, struct game_action *out)
{
    int n_hexes = GEO(g)->n_hexes;
    int hex = (int)bw_rng_below(rng, (uint32_t)n_hexes - 1);
    if (hex >= g->robber)
        hex++;
    unsigned m = robber_candidates(g, p, hex);
    blank_action(out, ACT_ROBBER, p);
    out->a = (int16_t)hex;
    if (m)
        out->target = (int8_t)random_player(rng, m);
    return BW_OK;
}

/* An addressee who has not answered an open offer, or -1. */
static int pending_answer(const struct game *g)
{
    for (unsigned m = g->offers_open; m; m &= m - 1) {
        const struct trade_offer *o = &g->offers[__builtin_ctz(m)];
        unsigned open = (unsigned)o->to_mask & ~(unsigned)(o->accepted | o->rejected);
        if (open)
            return __builtin_ctz(open);
    }
    return -1;
}

static int random_offer(const struct game *g, struct bw_rng *rng, struct game_action *out)
{
    const struct game_player *pl = &g->p[g->current];
    int give = (int)bw_rng_below(rng, RES_COUNT), get = (int)bw_rng_below(rng, RES_COUNT);
    if (give == get || !pl->res[give])
        return 0;
    if (g->offers_open == (uint8_t)(BIT(GAME_MAX_OFFERS) - 1))
        return 0;
    blank_action(out, ACT_OFFER, g->current);
    out->give[give] = 1;
    out->get[get] = 1;
    return 1;
}

int playout_choose(const struct game *g, struct bw_rng *rng, struct game_action *out)
{
    struct game_action buf[PLAYOUT_BUF];
    int weights[PLAYOUT_BUF];
    unsigned waiting = game_waiting_for(g);
    if (!waiting)
        return BW_E(GAME_OVER);
    int p = __builtin_ctz(waiting);
    if (g->phase == PHASE_DISCARD) {
        /* Discards are chosen directly: listing every way to discard a big hand is costly. */
        uint8_t hand[RES_COUNT];
        memcpy(hand, g->p[p].res, sizeof hand);
        blank_action(out, ACT_DISCARD, p);
        for (int i = 0; i < g->p[p].discard; i++) {
            int total = hand[0] + hand[1] + hand[2] + hand[3] + hand[4];
            int k = (int)bw_rng_below(rng, (uint32_t)total), r = 0;
            while (k >= hand[r])
                k -= hand[r++];
            hand[r]--;
            out->give[r]++;
        }
        return BW_OK;
    }
    if (g->phase == PHASE_MAIN) {
        int q = pending_answer(g);
        if (q >= 0)
            p = q;
        else if (bw_rng_below(rng, 16) == 0 && random_offer(g, rng, out))
            return BW_OK;
    }
    if (g->phase == PHASE_ROBBER)
        return random_robber(g, rng, p, out);
    if (g->phase == PHASE_ROLL && !has_playable_card(g, p)) {
        blank_action(out, ACT_ROLL, p);
        return BW_OK;
    }
    /* With a settlement corner in reach the random player builds no roads (weight 0), so they
     * are not listed; knight plays all weigh the same, so they are counted, not listed. */
    int spot = g->phase == PHASE_MAIN && settlement_spots(g, p, NULL) > 0;
    int n = legal_actions(g, p, buf, PLAYOUT_BUF,
                          LEGAL_NO_KNIGHTS | (spot ? LEGAL_NO_ROADS_AT_SPOTS : 0));
    if (n > PLAYOUT_BUF)
        n = PLAYOUT_BUF;
    int knights = 0;
    if ((g->phase == PHASE_ROLL || g->phase == PHASE_MAIN) && g->current == p &&
        !dev_play_check(g, p, DEV_KNIGHT))
        knights = robber_choices(g, p, -1, NULL, NULL);
    int total = KNIGHT_WEIGHT * knights;
    for (int i = 0; i < n; i++) {
        weights[i] = weight(g, &buf[i], spot);
        total += weights[i];
    }
    if (total == 0)
        return BW_E(GAME_OVER);
    int k = (int)bw_rng_below(rng, (uint32_t)total);
    if (k < KNIGHT_WEIGHT * knights) {
        int hex, victim;
        robber_choices(g, p, k / KNIGHT_WEIGHT, &hex, &victim);
        blank_action(out, ACT_PLAY_KNIGHT, p);
        out->a = (int16_t)hex;
        out->target = (int8_t)victim;
        return BW_OK;
    }
    k -= KNIGHT_WEIGHT * knights;
    for (int i = 0; i < n; i++) {
        k -= weights[i];
        if (k < 0) {
            *out = buf[i];
            return BW_OK;
        }
    }
    *out = buf[n - 1];
    return BW_OK;
}

long playout_game(struct game *g, struct bw_rng *rng, long max_actions)
{
    long n = 0;
    struct game_action a;
    while (n < max_actions && g->phase != PHASE_OVER) {
        if (playout_choose(g, rng, &a) != BW_OK)
            break;
        if (game_apply(g, &a, NULL, 0, NULL) != BW_OK)
            break;
        n++;
    }
    return n;
}
