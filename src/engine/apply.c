/* The action handlers. Each validates everything first and mutates after, so a refused
 * action leaves the state as it was. */
#include "engine/internal.h"

#include <string.h>

int can_build_now(const struct game *g, int p)
{
    return (g->phase == PHASE_MAIN && g->current == p) ||
           (g->phase == PHASE_SPECIAL_BUILD && g->sb_player == p);
}

int turn_error(const struct game *g, int p)
{
    int awaited = g->phase == PHASE_SPECIAL_BUILD ? g->sb_player : g->current;
    return awaited == p ? BW_E(WRONG_PHASE) : BW_E(NOT_YOUR_TURN);
}

unsigned others_mask(const struct game *g, int p)
{
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != p && !g->p[q].resigned)
            m |= BIT(q);
    return m;
}

unsigned game_waiting_for(const struct game *g)
{
    unsigned m = asks_on(g) && g->phase != PHASE_OVER ? progress_pending(g) : 0;
    if (!m && !g->ck.on) /* an event card of the dice deck asks */
        m = dice_asked(g);
    if (m)
        return m;
    switch (g->phase) {
    case PHASE_DISCARD:
        for (int p = 0; p < g->opt.n_players; p++)
            if (g->p[p].discard)
                m |= BIT(p);
        return m;
    case PHASE_GOLD:
        for (int p = 0; p < g->opt.n_players; p++)
            if (g->p[p].gold)
                m |= BIT(p);
        return m;
    case PHASE_SPECIAL_BUILD:
        return BIT(g->sb_player);
    case PHASE_OVER:
        return 0;
    default:
        return BIT(g->current);
    }
}

/* ---- production and the robber ---- */

/* Returns whether a gold field is owed for. A city on a terrain in split (Cities & Knights)
 * gives one resource (and a commodity: ck_produce()), elsewhere two. Always inlined, so that the
 * base game's production is compiled with no split at all. */
static inline __attribute__((always_inline)) int produce(struct game *g, struct evbuf *eb, int sum,
                                                         unsigned split)
{
    int gold = 0;
    const struct board_geo *geo = GEO(g);
    uint8_t owed[GAME_MAX_PLAYERS][RES_COUNT], total[RES_COUNT], owers[RES_COUNT];
    unsigned players = 0, kinds = 0; /* who is owed anything, and of which resources */
    for (int i = 0; i < 3 && g->token_hex[sum][i] >= 0; i++) {
        int h = g->token_hex[sum][i], r = g->terrain[h], v;
        if (h == g->robber)
            continue;
        if (r == TERRAIN_GOLD) {
            owe_gold(g, h);
            gold = 1;
            continue;
        }
        if (r == TERRAIN_JUNGLE) {
            discover(g, eb, h);
            continue;
        }
        if (!(kinds & BIT(r))) {
            kinds |= BIT(r);
            total[r] = owers[r] = 0;
            for (int p = 0; p < GAME_MAX_PLAYERS; p++)
                owed[p][r] = 0;
        }
        uint64_t built[BOARD_WORDS];
        bits_and(built, geo->hex_vertex_bits[h], g->buildings_all);
        int city = 2 - (int)(split >> r & 1); /* a city's cards of r */
        while ((v = bits_pop(built)) >= 0) {
            int o = g->vertex_owner[v];
            if (g->p[o].resigned || o >= g->opt.n_players) /* Catan for two: a neutral's */
                continue;
            int n = g->vertex_building[v] == BUILDING_CITY ? city : 1;
            owers[r] += !owed[o][r];
            owed[o][r] += (uint8_t)n;
            total[r] += (uint8_t)n;
            players |= BIT(o);
        }
    }
    for (unsigned k = kinds; k; k &= k - 1) {
        int r = __builtin_ctz(k);
        if (total[r] <= g->bank[r])
            continue;
        /* Bank shortage: nobody gets it, unless a single player is owed it. */
        for (unsigned m = players; m; m &= m - 1) {
            int p = __builtin_ctz(m);
            if (owed[p][r])
                owed[p][r] = owers[r] == 1 ? g->bank[r] : 0;
        }
        if (owers[r] > 1) {
            struct game_event *e = ev_push(eb, EV_SHORTAGE, -1);
            if (e)
                e->a = (int16_t)r;
        }
    }
    for (unsigned m = players; m; m &= m - 1) {
        int p = __builtin_ctz(m), got = 0;
        for (unsigned k = kinds; k; k &= k - 1) {
            int r = __builtin_ctz(k);
            got += owed[p][r];
            g->p[p].res[r] += owed[p][r];
            g->bank[r] -= owed[p][r];
        }
        struct game_event *e = got ? ev_push(eb, EV_PRODUCE, p) : NULL;
        if (e)
            for (int r = 0; r < RES_COUNT; r++)
                e->res[r] = (kinds & BIT(r)) ? owed[p][r] : 0;
    }
    return gold;
}

/* p's settlement at v becomes a city (bought, or the Cities & Knights setup city). */
void place_city(struct game *g, struct evbuf *eb, int p, int v)
{
    g->vertex_building[v] = BUILDING_CITY;
    g->p[p].settlements--;
    g->p[p].cities++;
    struct game_event *e = ev_push(eb, EV_BUILD, p);
    if (e) {
        e->a = BUILDING_CITY;
        e->b = (int16_t)v;
    }
}

/* After a 7's discards: the roller moves the robber (Cities & Knights: once the barbarians
 * have come; before, the turn goes on). */
static void robber_step(struct game *g, struct evbuf *eb)
{
    if (g->ck.on && !g->ck.attacks) {
        g->phase = PHASE_MAIN;
        return;
    }
    g->phase = PHASE_ROBBER;
    ev_push(eb, EV_ROBBER_NEEDED, g->current);
}

void do_roll(struct game *g, struct evbuf *eb, int d1, int d2)
{
    g->dice[0] = (uint8_t)d1;
    g->dice[1] = (uint8_t)d2;
    g->rolled = 1;
    struct game_event *e = ev_push(eb, EV_ROLL, g->current);
    if (e) {
        e->a = (int16_t)d1;
        e->b = (int16_t)d2;
    }
    if (GEO(g)->n_fleet)
        pirates_roll(g, eb, d1, d2); /* a won battle owes a card, as gold does */
    if (g->ck.on) {                  /* the event die first */
        ck_event(g, eb);
        if (ck_asked(g)) { /* which city the barbarians take: the roll goes on after */
            g->ck.resume = 1;
            return;
        }
    }
    if (g->dice_event && dice_event_play(g, eb)) /* the card's event first */
        return;
    roll_on(g, eb);
}

void roll_on(struct game *g, struct evbuf *eb)
{
    int d1 = g->dice[0], d2 = g->dice[1];
    struct game_event *e;
    if (d1 + d2 != 7) {
        g->phase = PHASE_MAIN;
        int before[GAME_MAX_PLAYERS]; /* C&K: the hands before, for the aqueduct */
        if (g->ck.on)
            ck_hands(g, before);
        int gold = g->ck.on                         ? produce(g, eb, d1 + d2, CK_SPLIT_TERRAINS)
                   : g->dice_event == DICE_EPIDEMIC ? produce(g, eb, d1 + d2, ~0u) /* cities: 1 */
                                                    : produce(g, eb, d1 + d2, 0);
        if (g->ck.on)
            gold |= ck_produce(g, eb, d1 + d2, before);
        if (GEO(g)->n_villages)
            gold = tribe_roll(g, eb, d1 + d2, gold);
        if (gold || GEO(g)->n_fleet)
            gold_owed(g, eb, PHASE_MAIN);
        if (g->opt.two) /* Catan for two: the second roll */
            two_next_roll(g, eb);
        return;
    }
    int any = 0;
    for (int p = 0; p < g->opt.n_players; p++) {
        int n = hand_size_of(&g->p[p]);
        if (g->p[p].resigned || n <= (g->ck.on ? game_hand_limit(g, p) : discard_limit(g)))
            continue;
        g->p[p].discard = (uint8_t)(n / 2);
        any = 1;
        e = ev_push(eb, EV_DISCARD_NEEDED, p);
        if (e)
            e->a = (int16_t)(n / 2);
    }
    g->phase = any ? PHASE_DISCARD : PHASE_ROBBER;
    if (!any)
        discards_done(g, eb);
}

void roll_pair(struct game *g, struct evbuf *eb, int *d1, int *d2)
{
    /* Two statements: the order of a call's arguments is unspecified (gcc draws the second die
     * first, clang the first), and a seed must give the same game on every build. */
    if (g->opt.dice_deck | g->opt.no_sevens) {
        house_dice(g, eb, d1, d2);
    } else {
        *d1 = (int)bw_rng_below(&g->rng, 6) + 1;
        *d2 = (int)bw_rng_below(&g->rng, 6) + 1;
    }
}

void roll_dice(struct game *g, struct evbuf *eb)
{
    int d1, d2;
    if (g->opt.two) {
        two_roll(g, eb);
        return;
    }
    roll_pair(g, eb, &d1, &d2);
    if (g->ck.on)
        g->ck.event = (uint8_t)bw_rng_below(&g->rng, CK_FACES);
    do_roll(g, eb, d1, d2);
}

void discards_done(struct game *g, struct evbuf *eb)
{
    for (int q = 0; q < g->opt.n_players; q++)
        if (g->p[q].discard)
            return;
    int sabotage = g->ck.sabotage; /* C&K: a saboteur's discards, not a 7's */
    g->ck.sabotage = 0;
    if (g->p[g->current].resigned) {
        /* The roller left during the discards: nobody moves the robber; the turn passes. */
        close_all_offers(g, eb);
        next_special_or_turn(g, eb, g->current);
        return;
    }
    if (sabotage) {
        g->phase = PHASE_MAIN;
        return;
    }
    if (GEO(g)->n_fleet) { /* no robber: the turn goes on, after any card a battle won */
        g->phase = PHASE_MAIN;
        gold_owed(g, eb, PHASE_MAIN);
        return;
    }
    robber_step(g, eb);
}

/* ---- building ---- */

/* Why a road (ship 0) or a ship (ship 1) may not lie at edge, with one more piece of kind
 * extra_ship at extra counted as the player's (-1 for none). */
int piece_error(const struct game *g, int p, int ship, int edge, int extra, int extra_ship)
{
    const struct board_geo *geo = GEO(g);
    if (edge < 0 || edge >= geo->n_edges)
        return BW_E(NO_SUCH_SPOT);
    if (!bits_has(ship ? g->edge_sea : g->edge_land, edge)) {
        /* A side of the board of the other kind, or one still hidden on both sides. */
        if (bits_has(ship ? g->edge_land : g->edge_sea, edge))
            return ship ? BW_E(NO_SEA) : BW_E(NO_LAND);
        return BW_E(IN_FOG);
    }
    if (g->edge_owner[edge] >= 0 || edge == extra)
        return BW_E(OCCUPIED);
    if (ship && pirate_edge(g, edge))
        return BW_E(PIRATE);
    if (ship && !pirates_ship_ok(g, p, edge))
        return BW_E(ROUTE);
    if (g->phase == PHASE_SETUP_ROAD)
        return (ship ? game_can_ship(g, p, edge) : game_can_road(g, p, edge)) ? BW_OK
                                                                              : BW_E(NOT_CONNECTED);
    return can_piece_with(g, p, ship, edge, extra, extra_ship) ? BW_OK : BW_E(NOT_CONNECTED);
}

void place_road(struct game *g, struct evbuf *eb, int p, int edge, int type)
{
    g->edge_owner[edge] = (int8_t)p;
    index_road(g, p, edge);
    road_length_add(g, p, edge);
    g->p[p].roads++;
    struct game_event *e = ev_push(eb, type, p);
    if (e) {
        e->a = 3;
        e->b = (int16_t)edge;
    }
    if (g->fog)
        fog_reveal_edge(g, eb, p, edge);
}

void place_ship(struct game *g, struct evbuf *eb, int p, int edge, int type)
{
    g->edge_owner[edge] = (int8_t)p;
    bits_set(g->ships, edge);
    bits_set(g->ships_new, edge);
    index_road(g, p, edge);
    g->p[p].ships++;
    g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    struct game_event *e = ev_push(eb, type, p);
    if (e) {
        e->a = PIECE_SHIP;
        e->b = (int16_t)edge;
    }
    if (g->fog)
        fog_reveal_edge(g, eb, p, edge);
    if (g->tribe)
        tribe_ship(g, eb, p, edge, 1);
}

/* Whether p's ship at edge has an open end: a corner with neither p's building nor another of
 * p's ships. */
static int ship_open(const struct game *g, int p, int edge)
{
    const struct board_geo *geo = GEO(g);
    for (int k = 0; k < 2; k++) {
        int v = geo->edge_vertex[edge][k];
        if (g->vertex_owner[v] == p)
            continue;
        int n = 0;
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            n += e >= 0 && e != edge && bits_has(g->ships_of[p], e);
        }
        if (!n)
            return 1;
    }
    return 0;
}

int game_ship_move_error(const struct game *g, int p, int from, int to)
{
    const struct board_geo *geo = GEO(g);
    if (p < 0 || p >= g->opt.n_players || g->phase == PHASE_OVER)
        return BW_E(WRONG_PHASE);
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    if (from < 0 || from >= geo->n_edges || to < 0 || to >= geo->n_edges)
        return BW_E(NO_SUCH_SPOT);
    if (g->edge_owner[from] != p || !bits_has(g->ships, from))
        return BW_E(NOT_YOURS);
    if (GEO(g)->n_routes)
        return BW_E(ROUTE);
    if (g->ship_moved)
        return BW_E(SHIP_MOVED);
    if (bits_has(g->ships_new, from))
        return BW_E(SHIP_NEW);
    if (pirate_edge(g, from))
        return BW_E(PIRATE);
    if (!ship_open(g, p, from))
        return BW_E(SHIP_CLOSED);
    if (to == from)
        return BW_E(OCCUPIED);
    /* Where it goes is judged without it: it cannot hold itself up. */
    struct game h = *g;
    h.edge_owner[from] = -1;
    h.ships[from >> 6] &= ~(1ull << (from & 63));
    h.ships_of[p][from >> 6] &= ~(1ull << (from & 63));
    return piece_error(&h, p, 1, to, -1, 0);
}

static int act_move_ship(struct game *g, struct evbuf *eb, int p, int from, int to)
{
    int err = game_ship_move_error(g, p, from, to);
    if (err)
        return err;
    g->edge_owner[from] = -1;
    g->ships[from >> 6] &= ~(1ull << (from & 63));
    g->edge_owner[to] = (int8_t)p;
    bits_set(g->ships, to);
    g->ship_moved = 1;
    game_reindex(g);
    g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    struct game_event *e = ev_push(eb, EV_MOVE_SHIP, p);
    if (e) {
        e->a = (int16_t)from;
        e->b = (int16_t)to;
    }
    if (g->fog)
        fog_reveal_edge(g, eb, p, to);
    if (g->tribe)
        tribe_ship(g, eb, p, to, 0);
    longest_road_award(g, eb);
    return BW_OK;
}

/* Pieces of a kind (0 road, 1 ship) player p has left to place. */
int pieces_left(const struct game *g, int p, int ship)
{
    return ship ? GAME_SHIPS - g->p[p].ships : GAME_ROADS - g->p[p].roads;
}

void place_piece(struct game *g, struct evbuf *eb, int p, int ship, int edge, int type)
{
    if (ship)
        place_ship(g, eb, p, edge, type);
    else
        place_road(g, eb, p, edge, type);
}

/* A road (ship 0) or a ship (ship 1): in the setup beside the new settlement, else paid. */
static int act_piece(struct game *g, struct evbuf *eb, int p, int ship, int edge)
{
    if (g->phase == PHASE_SETUP_ROAD && g->current == p) {
        int err = piece_error(g, p, ship, edge, -1, 0);
        if (err)
            return err;
        place_piece(g, eb, p, ship, edge, EV_BUILD);
        longest_road_award(g, eb);
        advance_setup(g, eb);
        return BW_OK;
    }
    if (!can_build_now(g, p))
        return turn_error(g, p);
    int err = piece_error(g, p, ship, edge, -1, 0);
    if (err)
        return err;
    if (pieces_left(g, p, ship) <= 0)
        return BW_E(NO_PIECES);
    const uint8_t *cost = ship ? game_cost_ship : game_cost_road;
    if (!has_cards(g->p[p].res, cost))
        return BW_E(NOT_ENOUGH);
    pay(g, p, cost);
    place_piece(g, eb, p, ship, edge, EV_BUILD);
    longest_road_award(g, eb);
    return BW_OK;
}

static int settle_error(const struct game *g, int p, int v)
{
    const struct board_geo *geo = GEO(g);
    if (v < 0 || v >= geo->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    if (g->vertex_owner[v] >= 0 || bits_has(g->ck.knights_all, v)) /* C&K: a knight there */
        return BW_E(OCCUPIED);
    if (!settle_free(g, v)) {
        /* Not free: a building near, or no land at the corner (sea, or fog still hidden). */
        uint64_t around = geo->vertex_hex_bits[v];
        if (around & geo->tribe_hexes)
            return BW_E(TRIBE);
        if (!(around & g->land))
            return around & g->fog ? BW_E(IN_FOG) : BW_E(SEA_CORNER);
        return BW_E(TOO_CLOSE);
    }
    if (g->phase != PHASE_SETUP_SETTLEMENT && !bits_has(g->reach_of[p], v))
        return BW_E(NOT_CONNECTED);
    if (g->phase == PHASE_SETUP_SETTLEMENT && on_river_bank(g, v))
        return BW_E(RIVER_BANK);
    if (g->phase == PHASE_SETUP_SETTLEMENT && !bits_has(geo->vertex_home_bits, v))
        return BW_E(NOT_HOME);
    return BW_OK;
}

/* The player, when their own new building may join their roads to their ships. */
static unsigned joins_route(const struct game *g, int p)
{
    return g->p[p].ships ? BIT(p) : 0;
}

static void place_settlement(struct game *g, struct evbuf *eb, int p, int v)
{
    const struct board_geo *geo = GEO(g);
    /* A map drawn for each game has the game's islands (none in the geometry). */
    int island = geo->vertex_island[v];
    if (island < 0 && geo->drawn_hexes)
        island = game_vertex_island(g, v);
    if (g->phase <= PHASE_SETUP_ROAD && island >= 0)
        g->p[p].home_islands |= (uint16_t)(1u << island);
    else if (island >= 0 && geo->island_bonus &&
             !((g->islands_of[p] | g->p[p].home_islands) >> island & 1)) {
        struct game_event *e = ev_push(eb, EV_ISLAND, p);
        if (e) {
            e->a = (int16_t)island;
            e->b = (int16_t)geo->island_bonus;
        }
    }
    g->vertex_owner[v] = (int8_t)p;
    g->vertex_building[v] = BUILDING_SETTLEMENT;
    index_building(g, p, v);
    if (island >= 0 && geo->drawn_hexes)
        g->islands_of[p] |= (uint16_t)(1u << island);
    g->p[p].settlements++;
    struct game_event *e = ev_push(eb, EV_BUILD, p);
    if (e) {
        e->a = BUILDING_SETTLEMENT;
        e->b = (int16_t)v;
    }
    if (g->mine >= 0 && bits_has(geo->hex_vertex_bits[g->mine], v))
        river_gold(g, eb, p);
}

void setup_settlement(struct game *g, struct evbuf *eb, int p, int v)
{
    const struct board_geo *geo = GEO(g);
    int last = g->setup_step >= (setup_rounds(g) - 1) * g->opt.n_players;
    place_settlement(g, eb, p, v);
    if (last && g->ck.on) /* Cities & Knights: the second piece is a city */
        place_city(g, eb, p, v);
    if (last) {
        /* The last setup settlement: one resource from each producing hex around it. */
        uint8_t got[RES_COUNT] = {0};
        for (int i = 0; i < 3; i++) {
            int h = geo->vertex_hex[v][i];
            if (h >= 0 && g->terrain[h] < TERRAIN_DESERT &&
                g->bank[g->terrain[h]] > got[g->terrain[h]])
                got[g->terrain[h]]++;
        }
        struct game_event *e = ev_push(eb, EV_SETUP_RESOURCES, p);
        for (int r = 0; r < RES_COUNT; r++) {
            g->p[p].res[r] += got[r];
            g->bank[r] -= got[r];
            if (e)
                e->res[r] = got[r];
        }
    }
    g->phase = PHASE_SETUP_ROAD;
    g->setup_vertex = (int16_t)v;
    if (last) /* a gold field gives one card of choice */
        for (int i = 0; i < 3; i++) {
            int h = geo->vertex_hex[v][i];
            g->p[p].gold += h >= 0 && g->terrain[h] == TERRAIN_GOLD;
        }
    gold_owed(g, eb, PHASE_SETUP_ROAD);
    longest_road_update(g, eb, road_owners_at(g, v, p) | joins_route(g, p));
}

static int act_settlement(struct game *g, struct evbuf *eb, int p, int v)
{
    if (g->phase == PHASE_SETUP_SETTLEMENT && g->current == p) {
        int err = settle_error(g, p, v);
        if (err)
            return err;
        setup_settlement(g, eb, p, v);
        return BW_OK;
    }
    if (!can_build_now(g, p))
        return turn_error(g, p);
    int err = settle_error(g, p, v);
    if (err)
        return err;
    if (g->p[p].settlements >= game_settlement_supply(g, p))
        return BW_E(NO_PIECES);
    if (!has_cards(g->p[p].res, game_cost_settlement))
        return BW_E(NOT_ENOUGH);
    pay(g, p, game_cost_settlement);
    place_settlement(g, eb, p, v);
    if (g->opt.two)
        two_earn(g, eb, p, v);
    /* It may cut their roads, and join a road of the player's to a ship. */
    longest_road_update(g, eb, road_owners_at(g, v, p) | joins_route(g, p));
    return BW_OK;
}

int build_city(struct game *g, struct evbuf *eb, int p, int v, const uint8_t cost[RES_COUNT])
{
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    if (!game_can_city(g, p, v))
        return BW_E(NOT_YOURS);
    if (g->p[p].cities >= GAME_CITIES)
        return BW_E(NO_PIECES);
    if (!has_cards(g->p[p].res, cost))
        return BW_E(NOT_ENOUGH);
    pay(g, p, cost);
    place_city(g, eb, p, v);
    return BW_OK;
}

static int act_buy(struct game *g, struct evbuf *eb, int p, int want)
{
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if (g->deck_pos >= g->deck_size)
        return BW_E(DECK_EMPTY);
    struct game_player *pl = &g->p[p];
    uint8_t cost[RES_COUNT];
    int used = 0;
    if (pl->discoveries || want > 0) { /* the Jungle */
        used = dev_cost_with(pl, want, cost);
        if (used < 0 || !has_cards(pl->res, cost))
            return BW_E(NOT_ENOUGH);
        pay(g, p, cost);
    } else {
        if (!has_cards(pl->res, game_cost_dev))
            return BW_E(NOT_ENOUGH);
        pay(g, p, game_cost_dev);
    }
    pl->discoveries -= (uint16_t)used;
    int card = g->deck[g->deck_pos++];
    pl->dev_new[card]++;
    struct game_event *e = ev_push(eb, EV_BUY_DEV, p);
    if (e) {
        e->a = (int16_t)card;
        e->b = (int16_t)used; /* discoveries used */
    }
    return BW_OK;
}

/* ---- dispatch ---- */

static int dispatch(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player;
    switch (a->type) {
    case ACT_BUILD_ROAD:
        return act_piece(g, eb, p, 0, a->a);
    case ACT_BUILD_SETTLEMENT:
        return act_settlement(g, eb, p, a->a);
    case ACT_BUILD_CITY:
        return build_city(g, eb, p, a->a, game_cost_city);
    case ACT_BUY_DEV:
        return act_buy(g, eb, p, a->a);
    case ACT_ROLL:
        if (g->phase != PHASE_ROLL || g->current != p)
            return turn_error(g, p);
        roll_dice(g, eb);
        return BW_OK;
    case ACT_DISCARD: {
        /* Cities & Knights: get[0..2] are the commodities discarded. */
        uint8_t com[COM_COUNT] = {0};
        if (g->ck.on)
            memcpy(com, a->get, COM_COUNT);
        if (g->phase != PHASE_DISCARD || !g->p[p].discard)
            return BW_E(NO_DISCARD);
        if (sum5(a->give) + com[0] + com[1] + com[2] != g->p[p].discard)
            return BW_E(DISCARD_COUNT);
        if (!has_cards(g->p[p].res, a->give) || com[0] > g->p[p].commodity[0] ||
            com[1] > g->p[p].commodity[1] || com[2] > g->p[p].commodity[2])
            return BW_E(NOT_ENOUGH);
        do_discard(g, eb, p, a->give, com);
        return BW_OK;
    }
    case ACT_ROBBER: {
        int victim, err;
        if (g->phase != PHASE_ROBBER || g->current != p)
            return turn_error(g, p);
        if ((err = check_robber(g, p, a->a, a->target, &victim)))
            return err;
        do_robber(g, eb, p, a->a, victim);
        g->phase = PHASE_MAIN;
        if (g->opt.two) /* Catan for two: the second roll after the first's 7 */
            two_next_roll(g, eb);
        return BW_OK;
    }
    case ACT_PLAY_KNIGHT:
        return act_knight(g, eb, p, a->a, a->target);
    case ACT_PLAY_ROADS:
        return act_roads(g, eb, p, a->a, a->b, (a->ships & PIECE_SHIP_1) != 0,
                         (a->ships & PIECE_SHIP_2) != 0);
    case ACT_PLAY_PLENTY:
        return act_plenty(g, eb, p, a->res, a->res2);
    case ACT_PLAY_MONOPOLY:
        return act_monopoly(g, eb, p, a->res);
    case ACT_BANK_TRADE:
        return act_bank(g, eb, p, a->give, a->get);
    case ACT_OFFER:
        return g->opt.no_trade ? BW_E(NO_TRADE) : act_offer(g, eb, a);
    case ACT_ACCEPT:
    case ACT_REJECT:
        return g->opt.no_trade ? BW_E(NO_TRADE) : act_answer(g, eb, a);
    case ACT_CONFIRM:
        return g->opt.no_trade ? BW_E(NO_TRADE) : act_confirm(g, eb, a);
    case ACT_CANCEL:
        return act_cancel(g, eb, a);
    case ACT_END:
        return act_end(g, eb, p);
    case ACT_TIMEOUT:
        return act_timeout(g, eb, p);
    case ACT_RESIGN:
        resign(g, eb, p);
        return BW_OK;
    case ACT_BUILD_SHIP:
        return act_piece(g, eb, p, 1, a->a);
    case ACT_MOVE_SHIP:
        return act_move_ship(g, eb, p, a->a, a->b);
    case ACT_GOLD:
        return act_gold(g, eb, p, a->get);
    case ACT_ATTACK:
        return act_attack(g, eb, a->player);
    case ACT_PLACE_HARBOR:
        return act_place_harbor(g, eb, p, a->b, a->a);
    case ACT_WONDER:
        return act_wonder(g, eb, p, a->a);
    case ACT_CK_TRADE:
    case ACT_IMPROVE:
    case ACT_WALL:
    case ACT_KNIGHT:
    case ACT_PROMOTE:
    case ACT_ACTIVATE:
    case ACT_KNIGHT_MOVE:
    case ACT_CHASE:
    case ACT_PROGRESS:
    case ACT_PROGRESS_DRAW:
    case ACT_PROGRESS_DISCARD:
    case ACT_CK_CHOOSE:
    case ACT_CK_GIVE:
        if (dice_asked(g)) /* an event card's question (never with Cities & Knights) */
            return dice_answer(g, eb, a);
        return g->opt.two ? two_action(g, eb, a) : ck_dispatch(g, eb, a);
    case ACT_TOKEN:
        return two_action(g, eb, a);
    default:
        return BW_E(INVALID);
    }
}

/* Whether an action can raise the current player's victory points (a new turn checks its
 * player on its own). */
static int may_score(int type)
{
    switch (type) {
    case ACT_ROLL:
    case ACT_DISCARD:
    case ACT_ROBBER:
    case ACT_PLAY_PLENTY:
    case ACT_PLAY_MONOPOLY:
    case ACT_BANK_TRADE:
    case ACT_OFFER:
    case ACT_ACCEPT:
    case ACT_REJECT:
    case ACT_CONFIRM:
    case ACT_CANCEL:
    case ACT_END:
    case ACT_GOLD:
    case ACT_PLACE_HARBOR:
        return 0;
    default:
        return 1;
    }
}

/* The game is over: nobody chooses gold (or the aqueduct's card) any more, nor answers an event
 * card of the dice deck. */
static void no_gold(struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        g->p[p].gold = 0;
    memset(g->dice_ask, 0, sizeof g->dice_ask);
    memset(g->dice_ask_to, 0, sizeof g->dice_ask_to);
}

int game_apply(struct game *g, const struct game_action *a, struct game_event *ev, int max,
               int *n_ev)
{
    struct evbuf eb = {ev, ev ? max : 0, 0};
    if (n_ev)
        *n_ev = 0;
    if (!g || !a)
        return BW_E(INVALID);
    if (g->phase == PHASE_OVER)
        return BW_E(GAME_OVER);
    if (a->player < 0 || a->player >= g->opt.n_players || g->p[a->player].resigned)
        return BW_E(NOT_PLAYING);
    int was_current = a->player == g->current;
    /* C&K: a card of choice to draw or a fifth progress card goes before anything else; the
     * asks (C&K, Catan for two) are answered first. */
    unsigned pending = asks_on(g) ? progress_pending(g) : 0;
    if (pending && a->type != ACT_TIMEOUT && a->type != ACT_RESIGN &&
        (!(pending & BIT(a->player)) || a->type < ACT_PROGRESS || a->type > ACT_CK_GIVE ||
         (g->ck.p[a->player].ask && a->type < ACT_CK_CHOOSE))) /* an answer first */
        return BW_E(WRONG_PHASE);
    /* The dice deck's event cards: the players asked answer before anything else. */
    unsigned asked = dice_asked(g);
    if (asked && a->type != ACT_TIMEOUT && a->type != ACT_RESIGN &&
        (!(asked & BIT(a->player)) || a->type < ACT_CK_CHOOSE))
        return BW_E(WRONG_PHASE);
    /* Catan for two: the settlements and roads built (not in the setup) owe neutral pieces. */
    int built = g->opt.two && g->phase > PHASE_SETUP_ROAD && a->player < g->opt.n_players;
    int settlements = built ? g->p[a->player].settlements : 0,
        roads = built ? g->p[a->player].roads : 0;
    int err = dispatch(g, &eb, a);
    if (err)
        return err;

    if (a->type != ACT_TIMEOUT && a->type != ACT_RESIGN) {
        /* The player is back: a later timeout is a new absence, counted again. */
        g->p[a->player].timeouts = 0;
        if (was_current)
            g->turn_timed_out = 0;
    }
    if (g->opt.harbormaster) /* a building or a city more, or one lost, or a player gone */
        harbormaster_award(g, &eb);
    if (may_score(a->type) || g->ck.on || g->opt.harbormaster) /* C&K: a defender point */
        check_win(g, &eb);
    if (built) /* (none once the game is over) */
        two_built(g, &eb, a->player, g->p[a->player].settlements - settlements,
                  g->p[a->player].roads - roads);
    /* Gold turned over in the fog: its finders choose before the game goes on (and not at
     * all when the game is over). */
    if (g->phase == PHASE_OVER) /* (C&K: the aqueduct's card owed on a roll that won) */
        no_gold(g);
    if (g->phase == PHASE_OVER && g->opt.two)
        two_over(g);
    else if (GEO(g)->fog_hexes && g->phase != PHASE_GOLD)
        gold_owed(g, &eb, g->phase);
    if (n_ev)
        *n_ev = eb.n;
    return BW_OK;
}

int game_apply_roll(struct game *g, int d1, int d2, struct game_event *ev, int max, int *n_ev)
{
    struct evbuf eb = {ev, ev ? max : 0, 0};
    if (n_ev)
        *n_ev = 0;
    if (g->phase != PHASE_ROLL || dice_asked(g) || d1 < 1 || d1 > 6 || d2 < 1 || d2 > 6)
        return BW_E(WRONG_PHASE);
    g->dice_event = DICE_PLAIN; /* dice, not a card */
    do_roll(g, &eb, d1, d2);
    g->p[g->current].timeouts = 0;
    g->turn_timed_out = 0;
    if (n_ev)
        *n_ev = eb.n;
    return BW_OK;
}

int game_apply_ck_roll(struct game *g, int yellow, int red, int face, struct game_event *ev,
                       int max, int *n_ev)
{
    if (!g->ck.on || face < 0 || face >= CK_FACES) {
        if (n_ev)
            *n_ev = 0;
        return BW_E(INVALID);
    }
    struct evbuf eb = {ev, ev ? max : 0, 0};
    if (n_ev)
        *n_ev = 0;
    if (g->phase != PHASE_ROLL || yellow < 1 || yellow > 6 || red < 1 || red > 6)
        return BW_E(WRONG_PHASE);
    g->ck.event = (uint8_t)face;
    do_roll(g, &eb, yellow, red);
    g->p[g->current].timeouts = 0;
    g->turn_timed_out = 0;
    if (g->opt.harbormaster) /* a city pillaged */
        harbormaster_award(g, &eb);
    check_win(g, &eb); /* a defender point may win */
    if (g->phase == PHASE_OVER)
        no_gold(g);
    if (n_ev)
        *n_ev = eb.n;
    return BW_OK;
}
