/* Enumeration of the legal actions of one player at the current decision. */
#include "engine/internal.h"

#include <string.h>

struct actbuf {
    struct game_action *out;
    int max, n;
    int player;
    int flags; /* LEGAL_* */
};

static struct game_action *push(struct actbuf *b, int type)
{
    int i = b->n++;
    if (i >= b->max)
        return NULL;
    struct game_action *a = &b->out[i];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->player = (int8_t)b->player;
    a->target = -1;
    a->a = a->b = -1;
    return a;
}

static void push_ab(struct actbuf *b, int type, int x, int y, int target)
{
    struct game_action *a = push(b, type);
    if (a) {
        a->a = (int16_t)x;
        a->b = (int16_t)y;
        a->target = (int8_t)target;
    }
}

void edge_ends(const struct board_geo *geo, const uint64_t edges[BOARD_WORDS],
               uint64_t out[BOARD_WORDS])
{
    uint64_t set[BOARD_WORDS];
    memcpy(set, edges, sizeof set);
    memset(out, 0, BOARD_WORDS * sizeof *out);
    int e;
    while ((e = bits_pop(set)) >= 0) {
        bits_set(out, geo->edge_vertex[e][0]);
        bits_set(out, geo->edge_vertex[e][1]);
    }
}

/* The corners a road (ship 0) or ship (ship 1) of player may start from: their buildings, and
 * the corners their roads (ships) reach unless an opponent's building stands there. */
static void piece_base(const struct game *g, int p, int ship, uint64_t out[BOARD_WORDS])
{
    uint64_t reach[BOARD_WORDS];
    if (ship)
        edge_ends(GEO(g), g->ships_of[p], reach);
    else if (g->p[p].ships)
        edge_ends(GEO(g), g->roads_of[p], reach);
    else
        memcpy(reach, g->reach_of[p], sizeof reach);
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] =
            g->buildings_of[p][i] | (reach[i] & ~(g->buildings_all[i] & ~g->buildings_of[p][i]));
}

static void road_base(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    piece_base(g, p, 0, out);
}

/* The free edges at the corners in from where a road may lie (land on a side). */
static void free_edges_at(const struct game *g, const uint64_t from[BOARD_WORDS],
                          uint64_t out[BOARD_WORDS])
{
    const struct board_geo *geo = GEO(g);
    uint64_t set[BOARD_WORDS], e[BOARD_WORDS] = {0};
    int v;
    memcpy(set, from, sizeof set);
    while ((v = bits_pop(set)) >= 0)
        for (int i = 0; i < BOARD_WORDS; i++)
            e[i] |= geo->vertex_edge_bits[v][i];
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] = e[i] & g->edge_land[i] & ~g->roads_all[i];
}

void road_spot_bits(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    uint64_t from[BOARD_WORDS];
    road_base(g, p, from);
    free_edges_at(g, from, out);
}

void ship_spot_bits(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    const struct board_geo *geo = GEO(g);
    uint64_t from[BOARD_WORDS], e[BOARD_WORDS] = {0};
    int v;
    piece_base(g, p, 1, from);
    while ((v = bits_pop(from)) >= 0)
        for (int i = 0; i < BOARD_WORDS; i++)
            e[i] |= geo->vertex_edge_bits[v][i];
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] = e[i] & g->edge_sea[i] & ~g->roads_all[i] &
                 (g->pirate >= 0 ? ~geo->hex_edge_bits[g->pirate][i] : ~0ull);
    for (int i = 0; geo->n_routes && i < BOARD_WORDS; i++) /* only the route's next edge */
        for (uint64_t w = out[i]; w; w &= w - 1)
            if (!pirates_ship_ok(g, p, i * 64 + __builtin_ctzll(w)))
                out[i] &= ~(w & -w);
}

void settle_spot_bits(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    bits_andnot(out, g->reach_of[p], g->no_settle);
    if (g->ck.on) /* not on a knight */
        bits_andnot(out, out, g->ck.knights_all);
}

/* Free corners at the end of the player's roads where the distance rule allows a
 * settlement; writes them to out (may be NULL) and returns how many. */
int settlement_spots(const struct game *g, int p, uint8_t *out)
{
    uint64_t set[BOARD_WORDS];
    settle_spot_bits(g, p, set);
    if (!out)
        return bits_count(set);
    int n = 0, v;
    while ((v = bits_pop(set)) >= 0)
        out[n++] = (uint8_t)v;
    return n;
}

static int robber_land_choices(const struct game *g, int p, int nth, int *hex, int *victim);
static void robber_land_moves(const struct game *g, struct actbuf *b, int type);

/* Per opponent of p holding cards, the hexes (bits) where the robber could rob them; returns
 * those opponents (bits). */
static unsigned robbable_hexes(const struct game *g, int p, uint64_t hexes[GAME_MAX_PLAYERS])
{
    unsigned robbable = 0, spared = house_protected(g);
    for (int q = 0; q < g->opt.n_players; q++) {
        hexes[q] = 0;
        if (q != p && hand_size_of(&g->p[q]) > 0 && !(spared & BIT(q))) {
            robbable |= BIT(q);
            hexes[q] = g->hexes_of[q];
        }
    }
    return robbable;
}

static unsigned victims_at(const uint64_t hexes[GAME_MAX_PLAYERS], unsigned robbable, int h)
{
    unsigned m = 0;
    for (unsigned r = robbable; r; r &= r - 1)
        m |= (unsigned)((hexes[__builtin_ctz(r)] >> h) & 1u) << __builtin_ctz(r);
    return m;
}

/* The pirate's moves of p (sea hexes other than the pirate's, a victim each or none), in
 * listing order, as robber_choices() counts and picks them. */
static int pirate_choices(const struct game *g, int p, int nth, int *hex, int *victim)
{
    const struct board_geo *geo = GEO(g);
    int n = 0;
    if (g->pirate < 0 || (geo->n_villages && !tribe_trades(g, p)))
        return nth < 0 ? 0 : -1;
    for (uint64_t sea = ~g->land & ~g->fog & ~(1ull << g->pirate); sea; sea &= sea - 1) {
        int h = __builtin_ctzll(sea);
        if (h >= geo->n_hexes)
            break;
        unsigned m = pirate_candidates(g, p, h);
        int k = m ? __builtin_popcount(m) : 1;
        if (nth >= 0 && nth < k) {
            *hex = h;
            *victim = -1;
            while (m && nth--)
                m &= m - 1;
            if (m)
                *victim = __builtin_ctz(m);
            return 0;
        }
        if (nth >= 0)
            nth -= k;
        n += k;
    }
    return nth < 0 ? n : -1;
}

int robber_choices(const struct game *g, int p, int nth, int *hex, int *victim)
{
    if (GEO(g)->n_routes) { /* The Pirate Islands: a knight makes a warship, no robber */
        int n = g->warships[p] < g->p[p].ships;
        if (nth < 0 || nth >= n)
            return nth < 0 ? n : -1;
        *hex = *victim = -1;
        return 0;
    }
    if (g->pirate >= 0) {
        int land = robber_land_choices(g, p, -1, NULL, NULL);
        if (nth < 0)
            return land + pirate_choices(g, p, -1, NULL, NULL);
        return nth < land ? robber_land_choices(g, p, nth, hex, victim)
                          : pirate_choices(g, p, nth - land, hex, victim);
    }
    return robber_land_choices(g, p, nth, hex, victim);
}

static int robber_land_choices(const struct game *g, int p, int nth, int *hex, int *victim)
{
    uint64_t hexes[GAME_MAX_PLAYERS];
    unsigned robbable = robbable_hexes(g, p, hexes);
    uint64_t land = robber_hexes(g, p);
    if (nth < 0) {
        /* A hex without victims is one choice; one with k victims is k choices. */
        uint64_t any = 0;
        int n = count64(land);
        for (unsigned r = robbable; r; r &= r - 1) {
            uint64_t at = hexes[__builtin_ctz(r)] & land;
            n += count64(at);
            any |= at;
        }
        return n - count64(any);
    }
    /* Victims per hex as three bit planes (1, 2 and 4): at most five opponents. */
    uint64_t ones = 0, twos = 0, fours = 0;
    for (unsigned r = robbable; r; r &= r - 1) {
        uint64_t x = hexes[__builtin_ctz(r)], carry = ones & x, carry2 = twos & carry;
        ones ^= x;
        twos ^= carry;
        fours |= carry2;
    }
    for (uint64_t l = land; l; l &= l - 1) {
        int h = __builtin_ctzll(l);
        int k = (int)(((ones >> h) & 1) + 2 * ((twos >> h) & 1) + 4 * ((fours >> h) & 1));
        if (nth < (k ? k : 1)) {
            *hex = h;
            *victim = -1;
            unsigned m = k ? victims_at(hexes, robbable, h) : 0;
            while (m && nth--)
                m &= m - 1;
            if (m)
                *victim = __builtin_ctz(m);
            return 0;
        }
        nth -= k ? k : 1;
    }
    return -1;
}

static void robber_moves(const struct game *g, struct actbuf *b, int type)
{
    if (GEO(g)->n_routes) { /* The Pirate Islands: a knight makes a warship, no robber */
        if (robber_choices(g, b->player, -1, NULL, NULL))
            push_ab(b, type, -1, -1, -1);
        return;
    }
    int n = pirate_choices(g, b->player, -1, NULL, NULL);
    robber_land_moves(g, b, type);
    for (int i = 0; i < n; i++) {
        int h, v;
        pirate_choices(g, b->player, i, &h, &v);
        push_ab(b, type, h, -1, v);
    }
}

static void robber_land_moves(const struct game *g, struct actbuf *b, int type)
{
    uint64_t hexes[GAME_MAX_PLAYERS];
    unsigned robbable = robbable_hexes(g, b->player, hexes);
    uint64_t land = robber_hexes(g, b->player);
    for (; land; land &= land - 1) {
        int h = __builtin_ctzll(land);
        unsigned m = victims_at(hexes, robbable, h);
        if (!m)
            push_ab(b, type, h, -1, -1);
        for (; m; m &= m - 1)
            push_ab(b, type, h, -1, __builtin_ctz(m));
    }
}

/* Every way to discard left cards of goods r and up (commodities with Cities & Knights:
 * ACT_DISCARD's get[0..2]). */
static void discards(const struct game *g, struct actbuf *b, uint8_t give[GOOD_COUNT], int r,
                     int left)
{
    const struct game_player *pl = &g->p[b->player];
    int have = r < RES_COUNT ? pl->res[r] : pl->commodity[r - RES_COUNT];
    if (r == (g->ck.on ? GOOD_COUNT : RES_COUNT) - 1) {
        if (left > have)
            return;
        give[r] = (uint8_t)left;
        struct game_action *a = push(b, ACT_DISCARD);
        if (a) {
            memcpy(a->give, give, RES_COUNT);
            if (g->ck.on)
                memcpy(a->get, give + RES_COUNT, COM_COUNT);
        }
        return;
    }
    int most = have < left ? have : left;
    for (int k = 0; k <= most; k++) {
        give[r] = (uint8_t)k;
        discards(g, b, give, r + 1, left - k);
    }
}

/* Every way to take left cards from the bank, resources r and up. */
static void gold_choices(const struct game *g, struct actbuf *b, uint8_t get[RES_COUNT], int r,
                         int left)
{
    if (r == RES_COUNT - 1) {
        if (left > g->bank[r])
            return;
        get[r] = (uint8_t)left;
        struct game_action *a = push(b, ACT_GOLD);
        if (a)
            memcpy(a->get, get, RES_COUNT);
        return;
    }
    int most = g->bank[r] < left ? g->bank[r] : left;
    for (int k = 0; k <= most; k++) {
        get[r] = (uint8_t)k;
        gold_choices(g, b, get, r + 1, left - k);
    }
}

/* The second roads of a road building card played with e1 first, into out (one bit set per
 * pair listed); returns 0 when there is none, so that e1 is played alone. */
static int second_roads(const struct game *g, int p, int left, const uint64_t from[BOARD_WORDS],
                        const uint64_t first[BOARD_WORDS], int e1, uint64_t out[BOARD_WORDS])
{
    const struct board_geo *geo = GEO(g);
    memset(out, 0, BOARD_WORDS * sizeof *out);
    if (left < 2)
        return 0;
    /* With e1 built the player also reaches its other corner, unless an opponent's building
     * stands there. */
    uint64_t more[BOARD_WORDS] = {0};
    for (int k = 0; k < 2; k++) {
        int v = geo->edge_vertex[e1][k];
        if (!bits_has(from, v) && !bits_has(g->buildings_all, v))
            bits_set(more, v);
    }
    free_edges_at(g, more, out);
    for (int i = 0; i < BOARD_WORDS; i++)
        out[i] |= first[i];
    out[e1 >> 6] &= ~(1ull << (e1 & 63));
    if (bits_empty(out))
        return 0;
    /* A pair of independently legal roads is listed once, with the smaller edge first. */
    for (int i = 0; i < BOARD_WORDS; i++) {
        uint64_t below = i < e1 >> 6 ? ~0ull : i == e1 >> 6 ? (1ull << (e1 & 63)) - 1 : 0;
        out[i] &= ~(first[i] & below);
    }
    return 1;
}

/* Road building on a map with sea: the first pieces are the roads, then the ships, p may
 * place (as key ship * BOARD_MAX_EDGES + edge); each goes with every piece that may follow it,
 * a pair of pieces each legal alone listed once (the smaller key first), or alone when none
 * may follow. As walk_road_pairs(), with kinds set to the play's ships. */
static int walk_sea_pairs(const struct game *g, int p, int nth, int *e1, int *e2, int *kinds,
                          struct actbuf *b)
{
    const struct board_geo *geo = GEO(g);
    int left[2] = {GAME_ROADS - g->p[p].roads, GAME_SHIPS - g->p[p].ships}, n = 0;
    uint64_t first[2][BOARD_WORDS];
    for (int k = 0; k < 2; k++) {
        if (left[k] <= 0)
            memset(first[k], 0, sizeof first[k]);
        else if (k)
            ship_spot_bits(g, p, first[k]);
        else
            road_spot_bits(g, p, first[k]);
    }
    struct game after; /* the board after a first piece that turns fog over */
    for (int k1 = 0; k1 < 2; k1++)
        for (int e1x = 0; e1x < geo->n_edges; e1x++) {
            if (!bits_has(first[k1], e1x))
                continue;
            /* The second piece is judged on the board the first leaves: where the first turns
             * fog over, on a copy with it placed (what game_apply() does). */
            const struct game *board = g;
            int extra = e1x;
            if ((k1 && geo->n_routes) || /* the route's next edge moves on */
                (g->fog & (geo->vertex_hex_bits[geo->edge_vertex[e1x][0]] |
                           geo->vertex_hex_bits[geo->edge_vertex[e1x][1]]))) {
                after = *g;
                if (k1)
                    place_ship(&after, NULL, p, e1x, EV_FREE_ROAD);
                else
                    place_road(&after, NULL, p, e1x, EV_FREE_ROAD);
                board = &after;
                extra = -1;
            }
            int found = 0;
            for (int k2 = 0; k2 < 2; k2++) {
                if (left[k2] - (k1 == k2) <= 0)
                    continue;
                for (int e = 0; e < geo->n_edges; e++) {
                    if (!can_piece_with(board, p, k2, e, extra, k1))
                        continue;
                    found = 1;
                    if (bits_has(first[k2], e) &&
                        k2 * BOARD_MAX_EDGES + e < k1 * BOARD_MAX_EDGES + e1x)
                        continue; /* listed with that one first */
                    if (b) {
                        struct game_action *a = push(b, ACT_PLAY_ROADS);
                        if (a) {
                            a->a = (int16_t)e1x;
                            a->b = (int16_t)e;
                            a->ships = (uint8_t)((k1 ? PIECE_SHIP_1 : 0) | (k2 ? PIECE_SHIP_2 : 0));
                        }
                    } else if (nth >= 0 && n == nth) {
                        *e1 = e1x;
                        *e2 = e;
                        *kinds = (k1 ? PIECE_SHIP_1 : 0) | (k2 ? PIECE_SHIP_2 : 0);
                        return 0;
                    }
                    n++;
                }
            }
            if (found)
                continue;
            if (b) {
                struct game_action *a = push(b, ACT_PLAY_ROADS);
                if (a) {
                    a->a = (int16_t)e1x;
                    a->ships = (uint8_t)(k1 ? PIECE_SHIP_1 : 0);
                }
            } else if (nth >= 0 && n == nth) {
                *e1 = e1x;
                *e2 = -1;
                *kinds = k1 ? PIECE_SHIP_1 : 0;
                return 0;
            }
            n++;
        }
    return nth < 0 ? n : -1;
}

/* The road building plays of p in listing order: pushed to b when b is set; otherwise their
 * number (nth < 0), or the nth of them set in e1 and e2 (and kinds, the play's ships). */
static int walk_road_pairs(const struct game *g, int p, int nth, int *e1, int *e2, int *kinds,
                           struct actbuf *b)
{
    if (g->sea)
        return walk_sea_pairs(g, p, nth, e1, e2, kinds, b);
    if (kinds)
        *kinds = 0;
    int left = GAME_ROADS - g->p[p].roads, n = 0, e;
    if (left <= 0)
        return nth < 0 ? 0 : -1;
    uint64_t from[BOARD_WORDS], first[BOARD_WORDS], rest[BOARD_WORDS], second[BOARD_WORDS];
    road_base(g, p, from);
    free_edges_at(g, from, first);
    memcpy(rest, first, sizeof rest);
    while ((e = bits_pop(rest)) >= 0) {
        int pairs = second_roads(g, p, left, from, first, e, second), x;
        if (b) {
            if (!pairs)
                push_ab(b, ACT_PLAY_ROADS, e, -1, -1);
            while ((x = bits_pop(second)) >= 0)
                push_ab(b, ACT_PLAY_ROADS, e, x, -1);
            continue;
        }
        int k = pairs ? bits_count(second) : 1;
        if (nth >= 0 && nth < k) {
            *e1 = e;
            *e2 = -1;
            while (pairs && nth--)
                bits_pop(second);
            if (pairs)
                *e2 = bits_pop(second);
            return 0;
        }
        if (nth >= 0)
            nth -= k;
        n += k;
    }
    return nth < 0 ? n : -1;
}

int road_pairs(const struct game *g, int p, int nth, int *e1, int *e2, int *kinds)
{
    return walk_road_pairs(g, p, nth, e1, e2, kinds, NULL);
}

static void dev_plays(const struct game *g, struct actbuf *b)
{
    int p = b->player;
    const uint8_t *dev = g->p[p].dev;
    if (g->dev_played || !(dev[DEV_KNIGHT] | dev[DEV_ROADS] | dev[DEV_PLENTY] | dev[DEV_MONOPOLY]))
        return;
    if (!(b->flags & LEGAL_NO_KNIGHTS) && !dev_play_check(g, p, DEV_KNIGHT))
        robber_moves(g, b, ACT_PLAY_KNIGHT);
    if (!(b->flags & LEGAL_NO_ROAD_PAIRS) && !dev_play_check(g, p, DEV_ROADS))
        walk_road_pairs(g, p, -1, NULL, NULL, NULL, b);
    if (!dev_play_check(g, p, DEV_PLENTY)) {
        int total = 0;
        for (int r = 0; r < RES_COUNT; r++)
            total += g->bank[r];
        for (int r1 = 0; r1 < RES_COUNT; r1++)
            for (int r2 = r1; r2 < RES_COUNT; r2++) {
                if (g->bank[r1] < 1 + (r1 == r2) || g->bank[r2] < 1)
                    continue;
                struct game_action *a = push(b, ACT_PLAY_PLENTY);
                if (a) {
                    a->res = (uint8_t)r1;
                    a->res2 = (uint8_t)r2;
                }
            }
        for (int r = 0; r < RES_COUNT && total == 1; r++) {
            struct game_action *a = g->bank[r] ? push(b, ACT_PLAY_PLENTY) : NULL;
            if (a) {
                a->res = (uint8_t)r;
                a->res2 = RES_NONE;
            }
        }
    }
    if (!dev_play_check(g, p, DEV_MONOPOLY))
        for (int r = 0; r < RES_COUNT; r++) {
            struct game_action *a = push(b, ACT_PLAY_MONOPOLY);
            if (a)
                a->res = (uint8_t)r;
        }
}

unsigned build_kinds(const struct game *g, int p)
{
    const struct game_player *pl = &g->p[p];
    unsigned kinds = 0;
    if (pl->roads < GAME_ROADS && has_cards(pl->res, game_cost_road))
        kinds |= BIT(ACT_BUILD_ROAD);
    if (pl->settlements < game_settlement_supply(g, p) && has_cards(pl->res, game_cost_settlement))
        kinds |= BIT(ACT_BUILD_SETTLEMENT);
    if (pl->cities < GAME_CITIES && pl->settlements && has_cards(pl->res, game_cost_city))
        kinds |= BIT(ACT_BUILD_CITY);
    if (g->deck_pos < g->deck_size && has_cards(pl->res, game_cost_dev))
        kinds |= BIT(ACT_BUY_DEV);
    else if (g->deck_pos < g->deck_size && pl->discoveries) {
        uint8_t cost[RES_COUNT];
        dev_cost_with(pl, -1, cost);
        kinds |= has_cards(pl->res, cost) ? BIT(ACT_BUY_DEV) : 0;
    }
    if (g->sea && pl->ships < GAME_SHIPS && has_cards(pl->res, game_cost_ship))
        kinds |= BIT(ACT_BUILD_SHIP);
    return kinds;
}

void trade_sets(const struct game *g, int p, unsigned *gives, unsigned *gets)
{
    *gives = *gets = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        *gives |= (unsigned)(g->p[p].res[r] >= g->rates_of[p][r]) << r;
        *gets |= (unsigned)(g->bank[r] > 0) << r;
    }
}

/* The Jungle: a development card bought with each other number of discoveries the player may
 * use ("!buy with N discoveries"), besides the plain buy listed before it, which uses as many
 * as the missing cards need. */
static void buys_with_discoveries(const struct game *g, struct actbuf *b)
{
    const struct game_player *pl = &g->p[b->player];
    uint8_t cost[RES_COUNT];
    int most = pl->discoveries < 3 ? pl->discoveries : 3, usual = dev_cost_with(pl, -1, cost);
    for (int n = 0; n <= most; n++)
        if (n != usual && dev_cost_with(pl, n, cost) == n && has_cards(pl->res, cost))
            push_ab(b, ACT_BUY_DEV, n, -1, -1);
}

static void builds(const struct game *g, struct actbuf *b)
{
    int p = b->player;
    unsigned kinds = build_kinds(g, p);
    uint64_t spots[BOARD_WORDS];
    settle_spot_bits(g, p, spots);
    if ((kinds & BIT(ACT_BUILD_ROAD)) &&
        !((b->flags & LEGAL_NO_ROADS_AT_SPOTS) && !bits_empty(spots))) {
        uint64_t edges[BOARD_WORDS];
        road_spot_bits(g, p, edges);
        int e;
        while ((e = bits_pop(edges)) >= 0)
            push_ab(b, ACT_BUILD_ROAD, e, -1, -1);
    }
    int v;
    while ((kinds & BIT(ACT_BUILD_SETTLEMENT)) && (v = bits_pop(spots)) >= 0)
        push_ab(b, ACT_BUILD_SETTLEMENT, v, -1, -1);
    if (kinds & BIT(ACT_BUILD_CITY)) {
        uint64_t built[BOARD_WORDS];
        memcpy(built, g->buildings_of[p], sizeof built);
        while ((v = bits_pop(built)) >= 0)
            if (g->vertex_building[v] == BUILDING_SETTLEMENT)
                push_ab(b, ACT_BUILD_CITY, v, -1, -1);
    }
    if (kinds & BIT(ACT_BUY_DEV)) {
        push(b, ACT_BUY_DEV);
        if (g->p[p].discoveries)
            buys_with_discoveries(g, b);
    }
    if (kinds & BIT(ACT_BUILD_SHIP)) {
        uint64_t edges[BOARD_WORDS];
        ship_spot_bits(g, p, edges);
        int e;
        while ((e = bits_pop(edges)) >= 0)
            push_ab(b, ACT_BUILD_SHIP, e, -1, -1);
    }
}

/* The ship moves of the current player p: each ship that may move, to each edge it may go. */
static void ship_moves(const struct game *g, struct actbuf *b)
{
    const struct board_geo *geo = GEO(g);
    int p = b->player, from, to;
    if (g->ship_moved || !g->p[p].ships)
        return;
    uint64_t ships[BOARD_WORDS];
    bits_andnot(ships, g->ships_of[p], g->ships_new);
    while ((from = bits_pop(ships)) >= 0)
        for (to = 0; to < geo->n_edges; to++)
            if (bits_has(g->edge_sea, to) && !game_ship_move_error(g, p, from, to))
                push_ab(b, ACT_MOVE_SHIP, from, to, -1);
}

static void bank_trades(const struct game *g, struct actbuf *b)
{
    unsigned gives, gets;
    trade_sets(g, b->player, &gives, &gets);
    for (; gives; gives &= gives - 1) {
        int give = __builtin_ctz(gives);
        for (unsigned m = gets & ~BIT(give); m; m &= m - 1) {
            struct game_action *a = push(b, ACT_BANK_TRADE);
            if (a) {
                a->give[give] = g->rates_of[b->player][give];
                a->get[__builtin_ctz(m)] = 1;
            }
        }
    }
}

/* Whether pl holds the cards k[] and, with Cities & Knights, the commodities c[]. */
static int holds(const struct game_player *pl, const uint8_t k[RES_COUNT],
                 const uint8_t c[COM_COUNT])
{
    return has_cards(pl->res, k) & (pl->commodity[0] >= c[0]) & (pl->commodity[1] >= c[1]) &
           (pl->commodity[2] >= c[2]);
}

static void offer_answers(const struct game *g, struct actbuf *b)
{
    int p = b->player;
    for (unsigned m = g->offers_open; m; m &= m - 1) {
        const struct trade_offer *o = &g->offers[__builtin_ctz(m)];
        if (o->from == p) {
            for (int q = 0; q < g->opt.n_players; q++)
                if ((o->accepted & (1u << q)) && holds(&g->p[p], o->give, o->com_give) &&
                    holds(&g->p[q], o->get, o->com_get))
                    push_ab(b, ACT_CONFIRM, o->id, -1, q);
            push_ab(b, ACT_CANCEL, o->id, -1, -1);
        } else if (o->to_mask & (1u << p)) {
            if (!(o->accepted & (1u << p)) && holds(&g->p[p], o->get, o->com_get))
                push_ab(b, ACT_ACCEPT, o->id, -1, -1);
            if (!(o->rejected & (1u << p)))
                push_ab(b, ACT_REJECT, o->id, -1, -1);
        }
    }
}

int offer_actions(const struct game *g, int player, struct game_action *out, int max)
{
    struct actbuf b = {out, out ? max : 0, 0, player, 0};
    offer_answers(g, &b);
    return b.n;
}

int game_legal_actions(const struct game *g, int player, struct game_action *out, int max)
{
    return legal_actions(g, player, out, max, 0);
}

int legal_actions(const struct game *g, int player, struct game_action *out, int max, int flags)
{
    struct actbuf b = {out, out ? max : 0, 0, player, flags};
    if (player < 0 || player >= g->opt.n_players || g->p[player].resigned)
        return 0;
    const struct board_geo *geo = GEO(g);
    int current = g->current == player;
    if (asks_on(g) && g->phase != PHASE_OVER && progress_pending(g)) /* asks: these first */
        return progress_actions(g, player, out, max);
    if (dice_asked(g)) /* an event card's question: the answers only */
        return dice_ask_actions(g, player, out, out ? max : 0);
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        if (current)
            for (int v = 0; v < geo->n_vertices; v++)
                if (game_can_settle(g, player, v))
                    push_ab(&b, ACT_BUILD_SETTLEMENT, v, -1, -1);
        break;
    case PHASE_SETUP_ROAD:
        for (int i = 0; current && i < 3; i++) {
            int e = geo->vertex_edge[g->setup_vertex][i];
            if (e >= 0 && game_can_road(g, player, e))
                push_ab(&b, ACT_BUILD_ROAD, e, -1, -1);
        }
        for (int i = 0; current && i < 3; i++) {
            int e = geo->vertex_edge[g->setup_vertex][i];
            if (e >= 0 && game_can_ship(g, player, e))
                push_ab(&b, ACT_BUILD_SHIP, e, -1, -1);
        }
        break;
    case PHASE_ROLL:
        if (current) {
            push(&b, ACT_ROLL);
            dev_plays(g, &b);
            if (g->ck.on) /* the alchemist */
                b.n += progress_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                        b.n < b.max ? b.max - b.n : 0);
        }
        break;
    case PHASE_DISCARD:
        if (g->p[player].discard) {
            uint8_t give[GOOD_COUNT] = {0};
            discards(g, &b, give, 0, g->p[player].discard);
        }
        break;
    case PHASE_ROBBER:
        if (current)
            robber_moves(g, &b, ACT_ROBBER);
        break;
    case PHASE_GOLD:
        if (g->p[player].gold) {
            uint8_t get[RES_COUNT] = {0};
            gold_choices(g, &b, get, 0, g->p[player].gold);
        }
        break;
    case PHASE_MAIN:
        if (current) {
            builds(g, &b);
            ship_moves(g, &b);
            dev_plays(g, &b);
            bank_trades(g, &b);
            if (g->tribe)
                b.n += tribe_harbor_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                            b.n < b.max ? b.max - b.n : 0);
            if (g->wonders)
                b.n += wonder_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                      b.n < b.max ? b.max - b.n : 0);
            if (geo->n_routes && !game_attack_error(g, player))
                push(&b, ACT_ATTACK);
            if (g->opt.two)
                b.n += two_token_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                         b.n < b.max ? b.max - b.n : 0);
            if (g->ck.on)
                b.n += ck_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                  b.n < b.max ? b.max - b.n : 0);
        }
        offer_answers(g, &b);
        if (current)
            push(&b, ACT_END);
        break;
    case PHASE_SPECIAL_BUILD:
        if (g->sb_player == player) {
            builds(g, &b);
            if (g->ck.on)
                b.n += ck_actions(g, player, b.n < b.max ? b.out + b.n : NULL,
                                  b.n < b.max ? b.max - b.n : 0);
            push(&b, ACT_END);
        }
        break;
    default:
        break;
    }
    return b.n;
}
