#include "engine/playout.h"
#include "engine/internal.h"

#include <string.h>

#define PLAYOUT_BUF 512

/* The costs a single maritime trade could make affordable: those short of exactly one card. */
struct trade_needs {
    int n;
    uint8_t res[3];         /* the missing card */
    const uint8_t *cost[3]; /* of this cost */
};

static void trade_needs_init(const struct game_player *pl, struct trade_needs *t)
{
    const uint8_t *const costs[3] = {game_cost_settlement, game_cost_city, game_cost_dev};
    t->n = 0;
    for (int i = 0; i < 3; i++) {
        int missing = 0, res = 0;
        for (int r = 0; r < RES_COUNT; r++)
            if (costs[i][r] > pl->res[r]) {
                missing += costs[i][r] - pl->res[r];
                res = r;
            }
        if (missing == 1) {
            t->res[t->n] = (uint8_t)res;
            t->cost[t->n++] = costs[i];
        }
    }
}

/* The cards (a bit per resource) that, got for rate cards of give, make a settlement, city or
 * development card affordable that was not. */
static unsigned trade_helps(const struct game_player *pl, const struct trade_needs *t, int give,
                            int rate)
{
    unsigned helps = 0;
    for (int i = 0; i < t->n; i++)
        helps |= (unsigned)(pl->res[give] - rate >= t->cost[i][give]) << t->res[i];
    return helps;
}

/* The random player's preferences. */
static int build_weight(const struct game *g, int v)
{
    int pips = g->vertex_pips[v];
    return 16 + pips * pips * 4;
}

static int road_weight(const struct game *g, int edge)
{
    const struct board_geo *geo = GEO(g);
    return settle_free(g, geo->edge_vertex[edge][0]) || settle_free(g, geo->edge_vertex[edge][1])
               ? 16 /* it reaches a corner where a settlement could stand */
               : 2;
}

enum {
    KNIGHT_WEIGHT = 8,
    CARD_WEIGHT = 8,    /* other development card plays */
    CONFIRM_WEIGHT = 8, /* confirming a trade */
    BUY_WEIGHT = 32,    /* 2 while a settlement corner is in reach */
    TRADE_WEIGHT = 64,  /* a maritime trade that makes a build affordable; others 1 */
    ATTACK_WEIGHT = 16, /* an attack on the player's pirate fortress (The Pirate Islands) */
    PLAIN_WEIGHT = 1,   /* the rest */
};

struct weigh {
    int spot; /* a settlement corner is in reach in the main phase: no roads, few cards */
    struct trade_needs needs;
};

static int weight(const struct game *g, const struct game_action *a, const struct weigh *w)
{
    switch (a->type) {
    case ACT_BUILD_CITY:
    case ACT_BUILD_SETTLEMENT:
        return build_weight(g, a->a);
    case ACT_BUY_DEV:
        return w->spot ? 2 : BUY_WEIGHT;
    case ACT_BUILD_ROAD:
    case ACT_BUILD_SHIP: /* a route's ship (The Pirate Islands) goes elsewhere than a spot */
        return w->spot && !(a->type == ACT_BUILD_SHIP && GEO(g)->n_routes) ? 0
                                                                           : road_weight(g, a->a);
    case ACT_MOVE_SHIP:
        return 0; /* the random player leaves its ships where they are */
    case ACT_BANK_TRADE: {
        int give = 0, get = 0;
        for (int r = 0; r < RES_COUNT; r++) {
            give = a->give[r] ? r : give;
            get = a->get[r] ? r : get;
        }
        unsigned helps = trade_helps(&g->p[a->player], &w->needs, give, a->give[give]);
        return (helps >> get) & 1 ? TRADE_WEIGHT : PLAIN_WEIGHT;
    }
    case ACT_PLAY_KNIGHT:
        return KNIGHT_WEIGHT;
    case ACT_PLAY_ROADS:
    case ACT_PLAY_PLENTY:
    case ACT_PLAY_MONOPOLY:
        return CARD_WEIGHT;
    case ACT_CONFIRM:
        return CONFIRM_WEIGHT;
    case ACT_WONDER: /* The Wonders of Catan: a stage whenever one is paid for */
        return BUY_WEIGHT;
    case ACT_ATTACK:
        return ATTACK_WEIGHT;
    default:
        return PLAIN_WEIGHT;
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
    const struct board_geo *geo = GEO(g);
    if (house_robber_limits(g) && robber_hexes(g, p)) {
        uint64_t land = robber_hexes(g, p);
        for (int k = (int)bw_rng_below(rng, (uint32_t)count64(land)); k--;)
            land &= land - 1;
        unsigned m = robber_candidates(g, p, __builtin_ctzll(land));
        blank_action(out, ACT_ROBBER, p);
        out->a = (int16_t)__builtin_ctzll(land);
        if (m)
            out->target = (int8_t)random_player(rng, m);
        return BW_OK;
    }
    /* A map drawn for each game (The New World) has its land in the game only. */
    int n_land = geo->drawn_hexes ? count64(g->land) : geo->n_land;
    int hex = (int)bw_rng_below(rng, (uint32_t)(n_land - (g->robber >= 0)));
    if (geo->n_land == geo->n_hexes) {
        if (hex >= g->robber && g->robber >= 0)
            hex++;
    } else { /* the hex-th land hex other than the robber's */
        uint64_t land = robber_land(g) & ~robber_bit(g);
        if (geo->tribe_hexes)
            hex %= count64(land);
        while (hex--)
            land &= land - 1;
        hex = __builtin_ctzll(land);
    }
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
    int kinds = g->ck.on ? GOOD_COUNT : RES_COUNT; /* C&K: commodities too */
    int give = (int)bw_rng_below(rng, (uint32_t)kinds),
        get = (int)bw_rng_below(rng, (uint32_t)kinds);
    if (g->opt.no_trade || give == get ||
        !(give < RES_COUNT ? pl->res[give] : pl->commodity[give - GOOD_PAPER]))
        return 0;
    if (g->offers_open == (uint8_t)(BIT(GAME_MAX_OFFERS) - 1))
        return 0;
    blank_action(out, ACT_OFFER, g->current);
    if (give < RES_COUNT)
        out->give[give] = 1;
    else
        out->a = (int16_t)(1 << 5 * (give - GOOD_PAPER));
    if (get < RES_COUNT)
        out->get[get] = 1;
    else
        out->b = (int16_t)(1 << 5 * (get - GOOD_PAPER));
    return 1;
}

/* Development card plays that come in many equal choices are counted, not listed: knights
 * (robber_choices()) and road building (road_pairs()). */
struct counted {
    int knights, pairs;
};

static void count_cards(const struct game *g, int p, struct counted *c)
{
    c->knights = c->pairs = 0;
    if (!dev_play_check(g, p, DEV_KNIGHT))
        c->knights = robber_choices(g, p, -1, NULL, NULL);
    if (!dev_play_check(g, p, DEV_ROADS))
        c->pairs = road_pairs(g, p, -1, NULL, NULL, NULL);
}

static int counted_weight(const struct counted *c)
{
    return KNIGHT_WEIGHT * c->knights + CARD_WEIGHT * c->pairs;
}

/* The play for k < counted_weight(c), or 0 with k less the counted weight. */
static int counted_pick(const struct game *g, int p, const struct counted *c, int *k,
                        struct game_action *out)
{
    int x, y, kinds;
    if (*k < KNIGHT_WEIGHT * c->knights) {
        robber_choices(g, p, *k / KNIGHT_WEIGHT, &x, &y);
        blank_action(out, ACT_PLAY_KNIGHT, p);
        out->a = (int16_t)x;
        out->target = (int8_t)y;
        return 1;
    }
    *k -= KNIGHT_WEIGHT * c->knights;
    if (*k < CARD_WEIGHT * c->pairs) {
        road_pairs(g, p, *k / CARD_WEIGHT, &x, &y, &kinds);
        blank_action(out, ACT_PLAY_ROADS, p);
        out->a = (int16_t)x;
        out->b = (int16_t)y;
        out->ships = (uint8_t)kinds;
        return 1;
    }
    *k -= CARD_WEIGHT * c->pairs;
    return 0;
}

/* The generic way: weigh what game_legal_actions() lists. Roads are not listed while a
 * settlement corner is in reach (they weigh nothing then); the counted card plays are not
 * listed either. */
static int choose_listed(const struct game *g, struct bw_rng *rng, int p, struct game_action *out)
{
    struct game_action buf[PLAYOUT_BUF];
    int weights[PLAYOUT_BUF];
    struct weigh w;
    struct counted c;
    w.spot = g->phase == PHASE_MAIN && settlement_spots(g, p, NULL) > 0;
    trade_needs_init(&g->p[p], &w.needs);
    int n = legal_actions(g, p, buf, PLAYOUT_BUF,
                          LEGAL_NO_KNIGHTS | LEGAL_NO_ROAD_PAIRS |
                              (w.spot ? LEGAL_NO_ROADS_AT_SPOTS : 0));
    if (n > PLAYOUT_BUF)
        n = PLAYOUT_BUF;
    count_cards(g, p, &c);
    int total = counted_weight(&c);
    for (int i = 0; i < n; i++) {
        weights[i] = weight(g, &buf[i], &w);
        total += weights[i];
    }
    if (total == 0)
        return BW_E(GAME_OVER);
    int k = (int)bw_rng_below(rng, (uint32_t)total);
    if (counted_pick(g, p, &c, &k, out))
        return BW_OK;
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

/* The fast way for the common decisions: choices packed in a few bytes, weighed as they are
 * found, and only the chosen one written out as an action. It offers exactly what
 * choose_listed() would, with the same weights. */
#define PLAYOUT_CHOICES BOARD_MAX_VERTICES /* a setup settlement on every corner */

/* A choice that is a whole action, listed by offer_actions(). */
enum { CHOICE_LISTED = ACT_TYPE_COUNT };
#define PLAYOUT_OFFER_ACTIONS (GAME_MAX_OFFERS * (GAME_MAX_PLAYERS + 1))

struct choices {
    int n, total;
    int n_listed;
    struct game_action listed[PLAYOUT_OFFER_ACTIONS];
    uint8_t type[PLAYOUT_CHOICES], a[PLAYOUT_CHOICES], b[PLAYOUT_CHOICES];
    int upto[PLAYOUT_CHOICES]; /* the total weight of the choices up to this one */
};

static void add_choice(struct choices *cs, int type, int a, int b, int weight)
{
    if (cs->n >= PLAYOUT_CHOICES)
        return;
    cs->type[cs->n] = (uint8_t)type;
    cs->a[cs->n] = (uint8_t)a;
    cs->b[cs->n] = (uint8_t)b;
    cs->total += weight;
    cs->upto[cs->n++] = cs->total;
}

static void add_bank_trades(const struct game *g, int p, struct choices *cs)
{
    const struct game_player *pl = &g->p[p];
    unsigned gives, gets;
    trade_sets(g, p, &gives, &gets);
    if (!gives)
        return;
    struct trade_needs needs;
    trade_needs_init(pl, &needs);
    for (; gives; gives &= gives - 1) {
        int give = __builtin_ctz(gives);
        unsigned helps = trade_helps(pl, &needs, give, g->rates_of[p][give]);
        for (unsigned m = gets & ~BIT(give); m; m &= m - 1) {
            int get = __builtin_ctz(m);
            add_choice(cs, ACT_BANK_TRADE, give, get,
                       PLAIN_WEIGHT + (TRADE_WEIGHT - PLAIN_WEIGHT) * (int)((helps >> get) & 1));
        }
    }
}

/* Builds of player p (the current player after the roll, or in a special building phase). */
static void add_builds(const struct game *g, int p, struct choices *cs, int *spot)
{
    unsigned kinds = build_kinds(g, p);
    uint64_t spots[BOARD_WORDS], set[BOARD_WORDS];
    settle_spot_bits(g, p, spots);
    *spot = g->phase == PHASE_MAIN && !bits_empty(spots);
    int x;
    if (!*spot && (kinds & BIT(ACT_BUILD_ROAD))) {
        road_spot_bits(g, p, set);
        while ((x = bits_pop(set)) >= 0)
            add_choice(cs, ACT_BUILD_ROAD, x, 0, road_weight(g, x));
    }
    if (kinds & BIT(ACT_BUILD_SETTLEMENT))
        while ((x = bits_pop(spots)) >= 0)
            add_choice(cs, ACT_BUILD_SETTLEMENT, x, 0, build_weight(g, x));
    if (kinds & BIT(ACT_BUILD_CITY)) {
        memcpy(set, g->buildings_of[p], sizeof set);
        while ((x = bits_pop(set)) >= 0)
            if (g->vertex_building[x] == BUILDING_SETTLEMENT)
                add_choice(cs, ACT_BUILD_CITY, x, 0, build_weight(g, x));
    }
    if (kinds & BIT(ACT_BUY_DEV))
        add_choice(cs, ACT_BUY_DEV, 0, 0, *spot ? 2 : BUY_WEIGHT);
    if ((!*spot || GEO(g)->n_routes) && (kinds & BIT(ACT_BUILD_SHIP))) {
        ship_spot_bits(g, p, set);
        while ((x = bits_pop(set)) >= 0)
            add_choice(cs, ACT_BUILD_SHIP, x, 0, road_weight(g, x));
    }
}

static void add_offer_actions(const struct game *g, int p, struct choices *cs)
{
    cs->n_listed = offer_actions(g, p, cs->listed, PLAYOUT_OFFER_ACTIONS);
    if (cs->n_listed > PLAYOUT_OFFER_ACTIONS)
        cs->n_listed = PLAYOUT_OFFER_ACTIONS;
    for (int i = 0; i < cs->n_listed; i++)
        add_choice(cs, CHOICE_LISTED, i, 0,
                   cs->listed[i].type == ACT_CONFIRM ? CONFIRM_WEIGHT : PLAIN_WEIGHT);
}

/* Returns 0 when the decision is not one of the common ones: choose_listed() takes it. */
static int choose_packed(const struct game *g, struct bw_rng *rng, int p, struct game_action *out)
{
    struct choices cs;
    struct counted c = {0, 0};
    int spot = 0;
    cs.n = cs.total = cs.n_listed = 0;
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT: {
        int v;
        uint64_t free[BOARD_WORDS]; /* on the home islands (only corners of the board) */
        for (int i = 0; i < BOARD_WORDS; i++)
            free[i] = ~g->no_settle[i] & GEO(g)->vertex_home_bits[i];
        while ((v = bits_pop(free)) >= 0)
            if (!on_river_bank(g, v)) /* the Great River's banks */
                add_choice(&cs, ACT_BUILD_SETTLEMENT, v, 0, build_weight(g, v));
        break;
    }
    case PHASE_MAIN: {
        const uint8_t *dev = g->p[p].dev;
        if (p != g->current) { /* answering an offer */
            add_offer_actions(g, p, &cs);
            break;
        }
        if (!g->dev_played && (dev[DEV_PLENTY] | dev[DEV_MONOPOLY]))
            return 0;
        add_builds(g, p, &cs, &spot);
        if (!g->dev_played && (dev[DEV_KNIGHT] | dev[DEV_ROADS]))
            count_cards(g, p, &c);
        add_bank_trades(g, p, &cs);
        if (g->offers_open)
            add_offer_actions(g, p, &cs);
        if (GEO(g)->n_routes && !game_attack_error(g, p))
            add_choice(&cs, ACT_ATTACK, 0, 0, ATTACK_WEIGHT);
        add_choice(&cs, ACT_END, 0, 0, PLAIN_WEIGHT);
        break;
    }
    case PHASE_ROLL: {
        /* Roll, or play a card first. */
        const uint8_t *dev = g->p[p].dev;
        if (dev[DEV_PLENTY] | dev[DEV_MONOPOLY])
            return 0;
        add_choice(&cs, ACT_ROLL, 0, 0, PLAIN_WEIGHT);
        count_cards(g, p, &c);
        break;
    }
    case PHASE_SPECIAL_BUILD:
        add_builds(g, p, &cs, &spot);
        add_choice(&cs, ACT_END, 0, 0, PLAIN_WEIGHT);
        break;
    default:
        return 0;
    }
    int total = cs.total + counted_weight(&c);
    if (total == 0)
        return 0;
    int k = (int)bw_rng_below(rng, (uint32_t)total), i = 0;
    if (counted_pick(g, p, &c, &k, out))
        return 1;
    for (int j = 0; j < cs.n - 1; j++) /* no branch to mispredict */
        i += cs.upto[j] <= k;
    if (cs.type[i] == CHOICE_LISTED) {
        *out = cs.listed[cs.a[i]];
        return 1;
    }
    blank_action(out, cs.type[i], p);
    if (cs.type[i] == ACT_BANK_TRADE) {
        int give = cs.a[i];
        out->give[give] = g->rates_of[p][give];
        out->get[cs.b[i]] = 1;
    } else if (cs.type[i] <= ACT_BUILD_CITY || cs.type[i] == ACT_BUILD_SHIP) {
        out->a = cs.a[i];
    }
    return 1;
}

void playout_discard(const struct game *g, int p, struct bw_rng *rng, struct game_action *out)
{
    uint8_t hand[GOOD_COUNT]; /* resources, then commodities (ACT_DISCARD's get[]) */
    memcpy(hand, g->p[p].res, RES_COUNT);
    memcpy(hand + RES_COUNT, g->p[p].commodity, COM_COUNT);
    blank_action(out, ACT_DISCARD, p);
    for (int i = 0; i < g->p[p].discard; i++) {
        int total = hand_size_of(&g->p[p]) - i;
        int k = (int)bw_rng_below(rng, (uint32_t)total), r = 0;
        while (k >= hand[r])
            k -= hand[r++];
        hand[r]--;
        if (r < RES_COUNT)
            out->give[r]++;
        else
            out->get[r - RES_COUNT]++;
    }
}

int playout_choose(const struct game *g, struct bw_rng *rng, struct game_action *out)
{
    unsigned waiting = game_waiting_for(g);
    if (!waiting)
        return BW_E(GAME_OVER);
    int p = __builtin_ctz(waiting);
    /* A card to draw or to give up, an ask (C&K, Catan for two), an event card's asks, first. */
    if ((asks_on(g) && progress_pending(g)) || dice_asked(g))
        return choose_listed(g, rng, p, out);
    if (g->phase == PHASE_DISCARD) {
        playout_discard(g, p, rng, out);
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
    /* The packed choices know no wonder stages nor trade tokens: on the wonders' map and in
     * Catan for two every choice is listed. */
    if (!g->wonders && !g->ck.on && !g->opt.two && choose_packed(g, rng, p, out))
        return BW_OK;
    return choose_listed(g, rng, p, out);
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
