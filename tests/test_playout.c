/* Random playouts: complete games with random legal actions, checking invariants after every
 * action, plus random (mostly illegal) actions that must leave the state untouched. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/internal.h"
#include "engine/playout.h"
#include "session/record.h"
#include "session/session.h"
#include "map/map.h"

#include "playout_house.h"

struct tally {
    int played[DEV_COUNT]; /* development cards played, from the events */
};

/* Whether another player's knight (Cities & Knights) stands at v. */
static int enemy_knight(const struct game *g, int p, int v)
{
    for (int q = 0; q < g->opt.n_players; q++)
        for (int k = 0; k < CK_KNIGHTS && q != p; k++)
            if (g->ck.p[q].knight_at[k] == v + 1)
                return 1;
    return 0;
}

/* Longest road by brute force from every vertex: an independent check of the engine's
 * search, which starts only at road ends and forks. On maps with sea, roads and ships (the
 * trade route) joined only at the player's own building; came_by is the kind of the last
 * edge (1 ship, 0 road, -1 none). Another player's building or knight breaks it. */
static int ref_walk(const struct game *g, int p, int v, uint8_t *used, int len, int came_by)
{
    const struct board_geo *geo = game_geo(g);
    int best = len;
    if (len > 0 && ((g->vertex_owner[v] >= 0 && g->vertex_owner[v] != p) ||
                    (g->ck.on && enemy_knight(g, p, v))))
        return best;
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e < 0 || g->edge_owner[e] != p || used[e])
            continue;
        int ship = (int)(g->ships[e >> 6] >> (e & 63) & 1);
        if (came_by >= 0 && ship != came_by && g->vertex_owner[v] != p)
            continue;
        used[e] = 1;
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        int r = ref_walk(g, p, w, used, len + 1, ship);
        used[e] = 0;
        if (r > best)
            best = r;
    }
    return best;
}

static void check_longest_roads(const struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++) {
        uint8_t used[BOARD_MAX_EDGES] = {0};
        int best = 0;
        for (int v = 0; v < game_geo(g)->n_vertices; v++) {
            int r = ref_walk(g, p, v, used, 0, -1);
            if (r > best)
                best = r;
        }
        assert_int_equal(g->p[p].road_length, best);
    }
}

/* The island of corner v: the map's, or on a map drawn for each game (The New World) the
 * game's land joined by sides, numbered by each island's first hex (worked out here without
 * the engine's code). */
static int ref_island(const struct game *g, int v)
{
    const struct board_geo *geo = game_geo(g);
    if (!geo->drawn_hexes)
        return geo->vertex_island[v];
    int8_t id[BOARD_MAX_HEXES];
    memset(id, -1, sizeof id);
    int n = 0;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!(g->land >> h & 1) || id[h] >= 0)
            continue;
        int stack[BOARD_MAX_HEXES], top = 0;
        id[h] = (int8_t)n;
        stack[top++] = h;
        while (top) {
            int x = stack[--top];
            for (int s = 0; s < 6; s++) {
                int nb = geo->hex_neighbor[x][s];
                if (nb >= 0 && (g->land >> nb & 1) && id[nb] < 0) {
                    id[nb] = (int8_t)n;
                    stack[top++] = nb;
                }
            }
        }
        n++;
    }
    for (int k = 0; k < 3; k++) {
        int h = geo->vertex_hex[v][k];
        if (h >= 0 && id[h] >= 0)
            return id[h];
    }
    return -1;
}

/* The tribe's state (The Forgotten Tribe, Cloth for Catan): no building on its islands, the
 * robber never moved onto them, the cloth all there, every harbor placed at its taker's
 * building; *in_hands gets the development cards still lying at the tribe's spots, which the
 * deck has dealt. */
static void check_tribe(const struct game *g, int *in_hands)
{
    const struct board_geo *geo = game_geo(g);
    int n = g->opt.n_players, cloth = g->cloth_supply;
    for (int v = 0; v < geo->n_vertices; v++)
        if (geo->vertex_hex_bits[v] & geo->tribe_hexes)
            assert_int_equal(g->vertex_owner[v], -1);
    if (g->robber >= 0 && (geo->tribe_hexes >> g->robber & 1))
        assert_int_equal(g->robber, board_setup(g->opt.board)->robber);
    for (int k = 0; k < geo->n_gifts; k++) {
        if (geo->gift_kind[k] == MAP_GIFT_CARD && g->gift_owner[k] == -1)
            (*in_hands)++;
        if (g->gift_at[k] != GAME_HARBOR_HELD) {
            int e = g->gift_at[k], o = g->gift_owner[k];
            assert_true(g->vertex_owner[geo->edge_vertex[e][0]] == o ||
                        g->vertex_owner[geo->edge_vertex[e][1]] == o);
            assert_true(g->harbors_of[o] & (1u << g->gift[k]));
        }
    }
    for (int i = 0; i < geo->n_villages; i++)
        cloth += g->village_cloth[i];
    for (int p = 0; p < n; p++)
        cloth += g->p[p].cloth;
    assert_int_equal(
        cloth, geo->n_villages ? geo->n_villages * GAME_VILLAGE_CLOTH + GAME_CLOTH_SUPPLY : 0);
}

/* The Great River, read from the terrains alone: the gold mine (the one TERRAIN_MINE hex, -1
 * for none), and the river: the centre J, the gold mine and the hex between them. */
enum { HEX_CENTRE = 9 };

static int mine_hex(const struct game *g)
{
    int mine = -1;
    for (int h = 0; h < game_geo(g)->n_hexes; h++)
        if (g->terrain[h] == TERRAIN_MINE) {
            assert_int_equal(mine, -1);
            mine = h;
        }
    return mine;
}

static int count_bits(uint64_t x)
{
    return __builtin_popcountll(x);
}

static uint64_t river_of(const struct game *g)
{
    const struct board_geo *geo = game_geo(g);
    int mine = mine_hex(g);
    if (mine < 0)
        return 0;
    uint64_t river = 1ull << HEX_CENTRE | 1ull << mine;
    for (int s = 0; s < 6; s++) {
        int h = geo->hex_neighbor[HEX_CENTRE][s];
        /* In a line: the next hex on the same side is the mine. */
        if (h >= 0 && geo->hex_neighbor[h][s] == mine)
            river |= 1ull << h;
    }
    assert_int_equal(count_bits(river), 3);
    return river;
}

/* Cities & Knights: commodities conserved (bank and hands hold 12 of each), knights within
 * the limits and each on a corner of its own (no building, no other knight), walls under
 * cities (3 at most a player), metropolis holders consistent with the levels, progress cards
 * conserved (decks, hands and played make 54) and hands of 4 but while a fifth must go;
 * returns p's points from metropolises, defender cards, printers, constitutions and the
 * merchant, counted from scratch. */
static int check_cities(const struct game *g, int p)
{
    const struct board_geo *geo = game_geo(g);
    int n = g->opt.n_players;
    if (!g->ck.on) {
        assert_int_equal(g->p[p].commodity[0] + g->p[p].commodity[1] + g->p[p].commodity[2], 0);
        return 0;
    }
    for (int c = 0; c < COM_COUNT && p == 0; c++) {
        int total = g->ck.bank[c];
        for (int q = 0; q < n; q++)
            total += g->p[q].commodity[c];
        assert_int_equal(total, 12);
    }
    int per_level[4] = {0};
    for (int k = 0; k < CK_KNIGHTS; k++) {
        int v = g->ck.p[p].knight_at[k] - 1;
        if (v < 0)
            continue;
        int level = g->ck.p[p].knight[k] & KNIGHT_LEVEL;
        assert_true(v < geo->n_vertices && level >= 1);
        per_level[level]++;
        assert_int_equal(g->vertex_owner[v], -1);
        for (int q = 0; q < n; q++)
            for (int j = 0; j < CK_KNIGHTS; j++)
                assert_true((q == p && j == k) || g->ck.p[q].knight_at[j] != v + 1);
        if (level == 3)
            assert_true(g->ck.p[p].level[TRACK_POLITICS] >= 3);
    }
    for (int level = 1; level <= 3; level++)
        assert_true(per_level[level] <= 2);
    int walls = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->ck.walls[v >> 6] >> (v & 63) & 1) {
            assert_int_equal(g->vertex_building[v], BUILDING_CITY);
            walls += g->vertex_owner[v] == p;
        }
    assert_true(walls <= 3);
    int cards = g->ck.played, pending = game_waiting_for(g) >> p & 1;
    for (int t = 0; t < CK_TRACKS; t++)
        cards += CK_DECK - g->ck.deck_pos[t];
    for (int q = 0; q < n; q++)
        for (int i = 0; i <= CK_HAND; i++)
            cards += g->ck.p[q].hand[i] != 0;
    assert_int_equal(cards, CK_PROGRESS);
    assert_true(!g->ck.p[p].hand[CK_HAND] || pending || g->p[p].resigned);
    int points = g->ck.p[p].defender + g->ck.p[p].progress_points + (g->ck.merchant_owner == p + 1);
    for (int t = 0; t < CK_TRACKS; t++) {
        int v = g->ck.metropolis[t] - 1, top = 0;
        for (int q = 0; q < n; q++)
            top = g->ck.p[q].level[t] > top ? g->ck.p[q].level[t] : top;
        assert_true(g->ck.p[p].level[t] <= 5);
        if (v < 0) {
            assert_true(top < 4);
            continue;
        }
        int h = g->vertex_owner[v];
        assert_int_equal(g->vertex_building[v], BUILDING_CITY);
        assert_true(g->ck.p[h].level[t] >= 4 && g->ck.p[h].level[t] >= top - (top == 4));
        assert_true(top < 5 || g->ck.p[h].level[t] == 5);
        points += 2 * (h == p);
    }
    return points;
}

static void check_invariants(const struct game *g, const struct tally *t)
{
    const struct board_geo *geo = game_geo(g);
    int n = g->opt.n_players;
    for (int r = 0; r < RES_COUNT; r++) {
        int total = g->bank[r];
        for (int p = 0; p < n; p++)
            total += g->p[p].res[r];
        assert_int_equal(total, g->bank_start);
    }
    /* The fog: what is hidden and what was turned over add up to the map's pools, and no
     * piece touches a hidden hex; a map drawn for each game (The New World) drew all of them. */
    const struct board_setup *setup = board_setup(g->opt.board);
    int terrains[8] = {0}, tokens[13] = {0};
    for (uint64_t f = (geo->fog_hexes | geo->drawn_hexes) & ~g->fog; f; f &= f - 1) {
        int h = __builtin_ctzll(f);
        terrains[g->terrain[h]]++;
        tokens[g->token[h] % 13]++;
    }
    for (int k = 0; k < 8; k++)
        assert_int_equal(terrains[k] + g->fog_terrain[k], setup->fog_terrain[k]);
    for (int k = 2; k < 13; k++)
        assert_int_equal(tokens[k] + g->fog_token[k], setup->fog_token[k]);
    /* Only roads and ships explore: none touches hidden fog; a building beside it (a setup
     * settlement before its road) stands where land is known. */
    for (uint64_t f = g->fog; f; f &= f - 1)
        for (int c = 0; c < 6; c++) {
            int v = geo->hex_vertex[__builtin_ctzll(f)][c];
            assert_true(g->vertex_owner[v] < 0 || (geo->vertex_hex_bits[v] & g->land));
            for (int i = 0; i < 3; i++)
                assert_true(geo->vertex_edge[v][i] < 0 ||
                            g->edge_owner[geo->vertex_edge[v][i]] < 0);
        }
    int in_hands = 0;
    for (int p = 0; p < n; p++)
        for (int c = 0; c < DEV_COUNT; c++)
            in_hands += g->p[p].dev[c] + g->p[p].dev_new[c];
    check_tribe(g, &in_hands);
    int played = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        played += t->played[c];
    assert_int_equal(in_hands + played, g->deck_pos);
    int knights = 0;
    for (int p = 0; p < n; p++)
        knights += g->p[p].knights;
    assert_int_equal(knights, t->played[DEV_KNIGHT]);

    int settlements[GAME_MAX_PLAYERS] = {0}, cities[GAME_MAX_PLAYERS] = {0},
        roads[GAME_MAX_PLAYERS] = {0}, ships[GAME_MAX_PLAYERS] = {0};
    for (int v = 0; v < geo->n_vertices; v++) {
        int o = g->vertex_owner[v];
        if (o < 0) {
            assert_int_equal(g->vertex_building[v], BUILDING_NONE);
            continue;
        }
        if (g->vertex_building[v] == BUILDING_CITY)
            cities[o]++;
        else
            settlements[o]++;
        for (int i = 0; i < geo->vertex_degree[v]; i++) /* distance rule */
            assert_true(g->vertex_owner[geo->vertex_vertex[v][i]] < 0);
    }
    for (int e = 0; e < geo->n_edges; e++)
        if (g->edge_owner[e] >= 0)
            (g->ships[e >> 6] >> (e & 63) & 1 ? ships : roads)[g->edge_owner[e]]++;
    int best = 0;
    for (int p = 0; p < game_seats(g); p++) { /* Catan for two: the neutral players' pieces */
        const struct game_player *pl = &g->p[p];
        assert_int_equal(pl->settlements, settlements[p]);
        assert_int_equal(pl->cities, cities[p]);
        assert_int_equal(pl->roads, roads[p]);
        assert_int_equal(pl->ships, ships[p]);
        assert_true(ships[p] <= GAME_SHIPS);
        /* A conquered pirate fortress is a sixth settlement (The Pirate Islands). */
        assert_true(settlements[p] <= GAME_SETTLEMENTS + (geo->n_routes && !g->fortress[p]) &&
                    cities[p] <= GAME_CITIES && roads[p] <= GAME_ROADS);
        int len = game_longest_road_of(g, p);
        assert_int_equal(pl->road_length, len);
        if (len > best)
            best = len;
        int vp = settlements[p] + 2 * cities[p] + 2 * (g->longest_road == p) +
                 2 * (g->largest_army == p) + pl->dev[DEV_VICTORY] + pl->dev_new[DEV_VICTORY];
        /* Island bonus: each island with the player's building but none of their first two. */
        unsigned own = 0, home = 0;
        for (int v = 0; v < geo->n_vertices; v++)
            if (g->vertex_owner[v] == p && ref_island(g, v) >= 0)
                own |= 1u << ref_island(g, v);
        home = pl->home_islands;
        assert_true((home & ~own) == 0);
        assert_true((home & ~(unsigned)geo->home_islands) == 0);
        vp += geo->island_bonus * __builtin_popcount(own & ~home);
        /* The Great River: a victory point for each building on a corner of the gold mine. */
        int mine = mine_hex(g), gold = 0;
        for (int v = 0; v < geo->n_vertices; v++)
            for (int k = 0; k < 3 && mine >= 0; k++)
                gold += g->vertex_owner[v] == p && geo->vertex_hex[v][k] == mine;
        assert_int_equal(game_river_points(g, p), gold);
        vp += gold;
        /* The tribe's point gifts taken, and a point for every 2 cloth. */
        for (int k = 0; k < geo->n_gifts; k++)
            vp += geo->gift_kind[k] == MAP_GIFT_POINT && g->gift_owner[k] == p;
        vp += geo->n_villages ? g->p[p].cloth / 2 : 0;
        vp += check_cities(g, p);
        vp += g->harbor_master == p + 1 ? 2 : 0; /* the harbormaster (checked in check_house) */
        assert_int_equal(game_vp_total(g, p), vp);
    }
    /* Buildings only on corners touching land, roads only on edges with land on a side. */
    /* Land is the map's and the fog turned over as land; ships lie where sea or the frame is
     * on a side. */
    uint64_t land = geo->land_hexes;
    for (uint64_t f = (geo->fog_hexes | geo->drawn_hexes) & ~g->fog; f; f &= f - 1)
        land |= g->terrain[__builtin_ctzll(f)] != TERRAIN_SEA ? f & -f : 0;
    assert_true(land == g->land);
    /* Harbors on the coast: land on one side of their edge only. */
    for (int k = 0; k < geo->n_harbors; k++) {
        int e = geo->harbor_edge[k], sides = 0;
        if (g->harbor[k] > HARBOR_GENERIC) {
            assert_true(geo->drawn_hexes && g->harbor[k] == HARBOR_NONE);
            continue;
        }
        for (int i = 0; i < 2; i++)
            sides += geo->edge_hex[e][i] >= 0 && (land >> geo->edge_hex[e][i] & 1);
        assert_int_equal(sides, 1);
    }
    for (int v = 0; v < geo->n_vertices; v++)
        if (g->vertex_owner[v] >= 0)
            assert_true(geo->vertex_hex_bits[v] & land);
    for (int e = 0; e < geo->n_edges; e++) {
        if (g->edge_owner[e] < 0)
            continue;
        int land_side = 0, sea_side = 0;
        for (int k = 0; k < 2; k++) {
            int h = geo->edge_hex[e][k];
            land_side |= h >= 0 && (land >> h & 1);
            sea_side |= h < 0 || !((land | g->fog) >> h & 1);
        }
        assert_true(g->ships[e >> 6] >> (e & 63) & 1 ? sea_side : land_side);
    }
    if (g->robber >= 0) /* off the board only while a map starts it there */
        assert_true(g->land >> g->robber & 1);
    else
        assert_true(g->robber == -1 && board_setup(g->opt.board)->robber_off);
    if (geo->has_pirate)
        assert_true(!((g->land | g->fog) >> g->pirate & 1) && g->pirate < geo->n_hexes);
    else
        assert_int_equal(g->pirate, -1);
    /* A saved record of this state would be accepted. */
    assert_int_equal(game_check_state(g), BW_OK);
    /* The derived fields agree with the board. */
    static struct game fresh;
    fresh = *g;
    game_reindex(&fresh);
    assert_memory_equal(g, &fresh, sizeof fresh);
    if (g->longest_road >= 0) {
        assert_true(g->p[g->longest_road].road_length >= 5);
        assert_int_equal(g->p[g->longest_road].road_length, best);
    }
    if (g->largest_army >= 0) {
        assert_true(g->p[g->largest_army].knights >= 3);
        for (int p = 0; p < n; p++)
            assert_true(g->p[p].knights <= g->p[g->largest_army].knights);
    }
}

/* Every build the engine accepts is listed by game_legal_actions, and nothing else: tried
 * by brute force on copies, for the player the game waits for. */
static void check_build_listing(const struct game *g)
{
    unsigned waiting = game_waiting_for(g);
    if (!waiting || g->phase == PHASE_DISCARD)
        return;
    int p = __builtin_ctz(waiting);
    static struct game_action listed[4096];
    int n = game_legal_actions(g, p, listed, 4096);
    assert_true(n <= 4096);
    static const int types[] = {ACT_BUILD_ROAD, ACT_BUILD_SETTLEMENT, ACT_BUILD_CITY};
    for (int t = 0; t < 3; t++) {
        int places = types[t] == ACT_BUILD_ROAD ? game_geo(g)->n_edges : game_geo(g)->n_vertices;
        for (int x = 0; x < places; x++) {
            struct game copy = *g;
            struct game_action a;
            memset(&a, 0, sizeof a);
            a.type = (uint8_t)types[t];
            a.player = (int8_t)p;
            a.target = -1;
            a.a = (int16_t)x;
            int ok = game_apply(&copy, &a, NULL, 0, NULL) == BW_OK, found = 0;
            for (int i = 0; i < n; i++)
                found |= listed[i].type == types[t] && listed[i].a == x;
            if (ok != found)
                fail_msg("action %d at %d: accepted %d, listed %d (phase %d)", types[t], x, ok,
                         found, g->phase);
        }
    }
}

/* Whether the road building play (k1 e1, k2 e2) is listed, in either order (k: 1 for a ship). */
static int pair_listed(const struct game_action *listed, int n, int k1, int e1, int k2, int e2)
{
    int ships = (k1 ? PIECE_SHIP_1 : 0) | (k2 ? PIECE_SHIP_2 : 0);
    int swapped = (k2 ? PIECE_SHIP_1 : 0) | (k1 ? PIECE_SHIP_2 : 0);
    for (int i = 0; i < n; i++)
        if (listed[i].type == ACT_PLAY_ROADS &&
            ((listed[i].a == e1 && listed[i].b == e2 && listed[i].ships == ships) ||
             (e2 >= 0 && listed[i].a == e2 && listed[i].b == e1 && listed[i].ships == swapped)))
            return 1;
    return 0;
}

/* The road building plays listed (two roads; on maps with sea also two ships or one of each)
 * equal those found by trying every pair of pieces. */
static void check_free_roads(const struct game *g)
{
    int p = g->current;
    if (dev_play_check(g, p, DEV_ROADS) != BW_OK)
        return;
    static struct game_action listed[4096];
    int n = game_legal_actions(g, p, listed, 4096), n_pairs = 0;
    int n_edges = game_geo(g)->n_edges;
    int left[2] = {GAME_ROADS - g->p[p].roads, GAME_SHIPS - g->p[p].ships};
    for (int k1 = 0; k1 < 2; k1++)
        for (int e1 = 0; left[k1] > 0 && e1 < n_edges; e1++) {
            if (!can_piece_with(g, p, k1, e1, -1, 0))
                continue;
            /* The second piece goes on the board the first leaves: fog it turns over too, and
             * a route's next edge (The Pirate Islands). */
            static struct game after;
            const struct game *board = g;
            const struct board_geo *geo = game_geo(g);
            int extra = e1;
            if ((k1 && geo->n_routes) ||
                (g->fog & (geo->vertex_hex_bits[geo->edge_vertex[e1][0]] |
                           geo->vertex_hex_bits[geo->edge_vertex[e1][1]]))) {
                after = *g;
                (k1 ? place_ship : place_road)(&after, NULL, p, e1, EV_FREE_ROAD);
                board = &after;
                extra = -1;
            }
            int seconds = 0;
            for (int k2 = 0; k2 < 2; k2++)
                for (int e2 = 0; left[k2] - (k1 == k2) > 0 && e2 < n_edges; e2++) {
                    if (!can_piece_with(board, p, k2, e2, extra, k1))
                        continue;
                    seconds++;
                    if (k2 * 1000 + e2 < k1 * 1000 + e1 && can_piece_with(g, p, k2, e2, -1, 0))
                        continue; /* the same pair as (e2, e1) */
                    if (!pair_listed(listed, n, k1, e1, k2, e2))
                        fail_msg("road building %d%s and %d%s is not listed", e1, k1 ? "s" : "", e2,
                                 k2 ? "s" : "");
                    n_pairs++;
                }
            if (!seconds) {
                if (!pair_listed(listed, n, k1, e1, 0, -1))
                    fail_msg("road building %d%s alone is not listed", e1, k1 ? "s" : "");
                n_pairs++;
            }
        }
    int listed_pairs = 0;
    for (int i = 0; i < n; i++)
        listed_pairs += listed[i].type == ACT_PLAY_ROADS;
    assert_int_equal(listed_pairs, n_pairs);
}

/* The knight and road building plays the random player counts instead of listing are, one by
 * one and in order, those game_legal_actions() lists. */
static void check_counted(const struct game *g)
{
    int p = g->current;
    if (g->phase != PHASE_ROLL && g->phase != PHASE_MAIN)
        return;
    static struct game_action listed[4096];
    int n = game_legal_actions(g, p, listed, 4096);
    assert_true(n <= 4096);
    int knights = 0, pairs = 0;
    for (int i = 0; i < n; i++) {
        int x = -2, y = -2, kinds = -2;
        if (listed[i].type == ACT_PLAY_KNIGHT) {
            assert_int_equal(robber_choices(g, p, knights++, &x, &y), 0);
            assert_int_equal(x, listed[i].a);
            assert_int_equal(y, listed[i].target);
        } else if (listed[i].type == ACT_PLAY_ROADS) {
            assert_int_equal(road_pairs(g, p, pairs++, &x, &y, &kinds), 0);
            assert_int_equal(x, listed[i].a);
            assert_int_equal(y, listed[i].b);
            assert_int_equal(kinds, listed[i].ships);
        }
    }
    if (!dev_play_check(g, p, DEV_KNIGHT))
        assert_int_equal(robber_choices(g, p, -1, NULL, NULL), knights);
    else
        assert_int_equal(knights, 0);
    if (!dev_play_check(g, p, DEV_ROADS))
        assert_int_equal(road_pairs(g, p, -1, NULL, NULL, NULL), pairs);
    else
        assert_int_equal(pairs, 0);
}

/* The random player's choice is one of the actions the engine lists. */
static void check_listed(const struct game *g, const struct game_action *a)
{
    static struct game_action listed[4096];
    int n = game_legal_actions(g, a->player, listed, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (memcmp(&listed[i], a, sizeof *a) == 0)
            return;
    fail_msg("action type %d (a %d, b %d, target %d) of player %d is not listed", a->type, a->a,
             a->b, a->target, a->player);
}

static void random_action(struct bw_rng *r, const struct game *g, struct game_action *a)
{
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)bw_rng_below(r, ACT_TYPE_COUNT + 1);
    if (a->type == ACT_RESIGN || a->type == ACT_TIMEOUT)
        a->type = ACT_END;
    a->player = (int8_t)((int)bw_rng_below(r, (uint32_t)g->opt.n_players + 2) - 1);
    a->target = (int8_t)((int)bw_rng_below(r, 8) - 1);
    a->a = (int16_t)((int)bw_rng_below(r, 120) - 5);
    a->b = (int16_t)((int)bw_rng_below(r, 120) - 5);
    a->res = (uint8_t)bw_rng_below(r, 7);
    a->res2 = (uint8_t)bw_rng_below(r, 7);
    a->to_mask = (uint8_t)bw_rng_below(r, 256);
    for (int i = 0; i < RES_COUNT; i++) {
        a->give[i] = (uint8_t)(bw_rng_below(r, 4) == 0 ? bw_rng_below(r, 5) : 0);
        a->get[i] = (uint8_t)(bw_rng_below(r, 4) == 0 ? bw_rng_below(r, 5) : 0);
    }
}

/* Plays one game; returns the number of actions. */
static long river_events;                          /* EV_RIVER events seen by play_checked() */
static long gift_events, cloth_events, cloth_ends; /* EV_GIFT, EV_CLOTH, EV_CLOTH_END seen */
static long wonder_stages, wonder_wins;            /* EV_WONDER seen, games won by a fourth stage */
static long battles, conquests;                    /* EV_BATTLE, EV_FORTRESS taking it */
static int cities_games;                           /* play_checked() turns Cities & Knights on */
static struct game_options house;                  /* play_checked() plays by house.opt's rules */
static int house_games;
static long ck_attacks, ck_improvements, ck_knights, ck_progress; /* their events seen */
static long ck_asks[CK_ASKS], ck_cards[PROG_COUNT]; /* EV_ASK by what, EV_PROGRESS by card */

/* Cities & Knights: the state, saved in a session's record and restored, is the same state
 * byte for byte (but for the development deck past its size, which no record holds:
 * game_cities_on() empties the deck and leaves game_init()'s cards in it), and its record
 * written again is the same. */
static void check_record(const struct game *g)
{
    static const struct session_rules rules = {3, 6, 0, 60, SESSION_ROBOT_NORMAL, false};
    static struct session s, t;
    static struct game x;
    static unsigned char buf[RECORD_MAX_SIZE], again[RECORD_MAX_SIZE];
    char why[128];
    if (s.state != SESSION_PLAYING || s.n_seats != g->opt.n_players ||
        session_board_of(s.map, s.variant, s.n_seats) != g->opt.board) {
        session_init(&s, "#catan", &rules, 1);
        for (int i = 0; i < g->opt.n_players; i++) {
            char nick[8], user[8];
            snprintf(nick, sizeof nick, "p%d", i);
            snprintf(user, sizeof user, "u%d", i);
            struct session_who who = {nick, user, "h.example", NULL, false};
            assert_int_equal(session_join(&s, &who), i);
        }
        /* The map and the variant of g's board (the house rules' games are on every one). */
        for (int m = 0; m < SESSION_MAP_COUNT; m++)
            for (int v = 0; v < SESSION_VARIANT_COUNT; v++)
                if (session_board_of(m, v, g->opt.n_players) == g->opt.board) {
                    s.map = (uint8_t)m;
                    s.variant = (uint8_t)v;
                }
        assert_int_equal(session_start(&s, NULL, 0, why, sizeof why), BW_OK);
    }
    s.game = *g;
    size_t len = record_encode(&s, 0, buf, sizeof buf);
    assert_true(len > 0);
    if (record_decode(&t, buf, len, 0, why, sizeof why) != BW_OK)
        fail_msg("a saved record of this state is refused: %s", why);
    x = *g;
    memset(x.deck + x.deck_size, 0, sizeof x.deck - x.deck_size);
    assert_memory_equal(&x, &t.game, sizeof x);
    assert_int_equal(record_encode(&t, 0, again, sizeof again), len);
    assert_memory_equal(buf, again, len);
}

static int two_games; /* Catan for two (doc/two.md): 2 players and the neutral ones */
static long two_neutral, two_tokens;

static long play_checked(int n_players, int board, uint64_t seed, int poke)
{
    struct game g, before;
    struct game_options opt = {.n_players = (uint8_t)n_players, .board = (uint8_t)board};
    if (house_games) {
        opt = house;
        opt.n_players = (uint8_t)n_players;
        opt.board = (uint8_t)board;
    }
    static struct game pre;
    struct tally t = {{0}};
    struct bw_rng r;
    struct game_event ev[GAME_MAX_EVENTS];
    opt.two = (uint8_t)two_games;
    assert_int_equal(game_init(&g, &opt, seed), BW_OK);
    if (cities_games)
        assert_int_equal(game_cities_on(&g), BW_OK);
    bw_rng_seed(&r, seed ^ 0x5eed);
    long n = 0;
    while (g.phase != PHASE_OVER) {
        assert_true(n < 20000);
        struct game_action a;
        if (poke && bw_rng_below(&r, 4) == 0) {
            random_action(&r, &g, &a);
            before = g;
            int n_ev = -1, err = game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev);
            if (err) {
                assert_int_equal(n_ev, 0);
                assert_memory_equal(&g, &before, sizeof g);
                continue;
            }
            g = before; /* a random action that happens to be legal: play the chosen one */
        }
        assert_int_equal(playout_choose(&g, &r, &a), BW_OK);
        if (poke && a.type != ACT_OFFER && a.type != ACT_DISCARD)
            check_listed(&g, &a);
        int setup = g.phase == PHASE_SETUP_SETTLEMENT, n_ev = 0;
        if (house_games)
            pre = g;
        int err = game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n_ev);
        if (err)
            fail_msg("seed %llu action %ld type %d refused: %s", (unsigned long long)seed, n,
                     a.type, bw_strerror(err));
        assert_true(n_ev < GAME_MAX_EVENTS);
        int built = 0, told[GAME_MAX_PLAYERS] = {-1, -1, -1, -1, -1, -1};
        for (int i = 0; i < n_ev; i++) {
            if (ev[i].type == EV_PLAY_DEV)
                t.played[ev[i].a]++;
            gift_events += ev[i].type == EV_GIFT;
            if (ev[i].type == EV_GIFT) /* taken by the ship just placed on that spot */
                assert_int_equal(g.edge_owner[game_geo(&g)->gift_edge[ev[i].a]], ev[i].player);
            cloth_events += ev[i].type == EV_CLOTH;
            battles += ev[i].type == EV_BATTLE;
            conquests += ev[i].type == EV_FORTRESS && !ev[i].res[0];
            if (ev[i].type == EV_GAME_OVER && game_geo(&g)->n_routes && ev[i].player >= 0)
                assert_int_equal(g.fortress[ev[i].player], 0); /* won with the fortress */
            ck_attacks += ev[i].type == EV_BARBARIANS;
            ck_improvements += ev[i].type == EV_IMPROVE;
            ck_knights += ev[i].type == EV_KNIGHT && ev[i].b == KNIGHT_BUILT;
            ck_progress += ev[i].type == EV_PROGRESS;
            if (ev[i].type == EV_ASK)
                ck_asks[ev[i].a]++;
            if (ev[i].type == EV_PROGRESS)
                ck_cards[ev[i].a]++;
            cloth_ends += ev[i].type == EV_CLOTH_END;
            if (ev[i].type == EV_WONDER) { /* one wonder each, one stage at a time */
                wonder_stages++;
                assert_int_equal(g.wonder_owner[ev[i].a], ev[i].player);
                assert_int_equal(g.wonder_level[ev[i].a], ev[i].b);
                assert_int_equal(game_wonder_of(&g, ev[i].player), ev[i].a);
            }
            if (ev[i].type == EV_GAME_OVER && g.wonders) { /* a fourth stage, or the points and
                                                            * the furthest wonder */
                int w = game_wonder_of(&g, ev[i].player);
                int level = w >= 0 ? g.wonder_level[w] : 0, lead = level > 0;
                for (int k = 0; k < GAME_WONDERS; k++)
                    lead &= k == w || g.wonder_level[k] < level;
                wonder_wins += level == GAME_WONDER_STAGES;
                assert_true(level == GAME_WONDER_STAGES ||
                            (lead && game_vp_total(&g, ev[i].player) >= g.vp_goal));
            }
            if (ev[i].type == EV_CLOTH_END) /* the game ends, for the one with the most points */
                for (int p = 0; p < g.opt.n_players; p++)
                    assert_true(g.p[p].resigned ||
                                game_vp_total(&g, p) <= game_vp_total(&g, g.winner));
            built |= ev[i].type == EV_BUILD || ev[i].type == EV_FREE_ROAD;
            if (ev[i].type == EV_RIVER) { /* rising, up to what the player has now */
                assert_true(ev[i].a > told[ev[i].player]);
                told[ev[i].player] = ev[i].a;
                river_events++;
            }
            if (ev[i].type == EV_BUILD && ev[i].a == BUILDING_SETTLEMENT && setup)
                for (int k = 0; k < 3; k++) { /* no setup settlement on the river bank */
                    int h = game_geo(&g)->vertex_hex[ev[i].b][k];
                    assert_true(h < 0 || !(river_of(&g) >> h & 1));
                }
        }
        for (int p = 0; p < g.opt.n_players; p++)
            if (told[p] >= 0)
                assert_int_equal(told[p], game_river_points(&g, p));
        if (built && (poke || board == BOARD_BIG))
            check_longest_roads(&g);
        if (poke) {
            check_build_listing(&g);
            check_free_roads(&g);
            check_counted(&g);
        }
        check_invariants(&g, &t);
        if (house_games)
            check_house(&pre, &g, ev, n_ev);
        if (cities_games || house_games || two_games)
            check_record(&g);
        two_neutral += a.type == ACT_CK_CHOOSE && two_games;
        two_tokens += a.type == ACT_TOKEN;
        n++;
    }
    check_longest_roads(&g);
    assert_true(g.winner >= 0);
    if (game_villages_with_cloth(&g) < GAME_CLOTH_VILLAGES_MIN && game_geo(&g)->n_villages)
        return n; /* Cloth for Catan ended when too few villages had cloth */
    assert_int_equal(g.winner, g.current);
    int w = game_wonder_of(&g, g.winner);
    if (g.wonders && w >= 0 && g.wonder_level[w] == GAME_WONDER_STAGES)
        return n; /* The Wonders of Catan: a fourth stage wins whatever the points */
    assert_true(game_vp_total(&g, g.winner) >= g.vp_goal);
    return n;
}

static int playout_count(int dflt)
{
    const char *s = getenv("BW_PLAYOUTS");
    return s ? atoi(s) : dflt;
}

/* Base games for 4 players, seeds from..to-1 of the BW_PLAYOUTS (10,000) seeds 1, 2, ... */
static void play_base_4(int from, int to)
{
    long actions = 0;
    for (int i = from; i < to; i++)
        actions += play_checked(4, BOARD_BASE, (uint64_t)i + 1, 0);
    printf("base 4 players: games %d to %d, %ld actions, all ended with one winner\n", from + 1, to,
           actions);
}

static void test_playouts_base_4(void **state)
{
    (void)state;
    play_base_4(0, playout_count(10000) / 2);
}

static void test_playouts_base_4_more(void **state)
{
    (void)state;
    play_base_4(playout_count(10000) / 2, playout_count(10000));
}

static void test_playouts_other_sizes(void **state)
{
    (void)state;
    int games = playout_count(10000) / 10;
    for (int i = 0; i < games; i++) {
        play_checked(3, BOARD_BASE, 1000000u + (uint64_t)i, 0);
        play_checked(5 + i % 2, BOARD_BIG, 2000000u + (uint64_t)i, 0);
    }
}

/* The Four Islands, with sea hexes and four islands, played with the base rules: settlements
 * and roads only where they touch land, every move listed and every invariant kept. */
static void test_playouts_sea(void **state)
{
    (void)state;
    int games = playout_count(10000) / 20;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2,
                     i % 4 < 2 ? (i % 2 ? BOARD_FOUR_ISLANDS_4 : BOARD_FOUR_ISLANDS_3)
                               : (i % 2 ? BOARD_NEW_SHORES_4 : BOARD_NEW_SHORES_3),
                     4000000u + (uint64_t)i, i % 8 < 4);
}

/* The Jungle variant of the base board: discoveries found and spent under the same checks. */
static void test_playouts_jungle(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_JUNGLE, 4500000u + (uint64_t)i, i % 4 < 2);
}

/* The Fog Islands: hexes turned over as pieces reach them, cards and gold to their finders,
 * under the same checks (and the fog's pools above). */
static void test_playouts_fog(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, i % 2 ? BOARD_FOG_ISLANDS_4 : BOARD_FOG_ISLANDS_3,
                     4700000u + (uint64_t)i, i % 4 < 2);
}

/* The Great River: the gold mine's points counted from the buildings (check_invariants), the
 * river laid from the centre to the coast (a mountain, a forest, the gold mine) and its banks
 * kept free of setup settlements, under the same checks. */
static void test_playouts_river(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40, turned = 0;
    river_events = 0;
    for (int i = 0; i < games; i++) {
        struct game g;
        struct game_options opt = {.n_players = (uint8_t)(3 + i % 2), .board = BOARD_RIVER};
        assert_int_equal(game_init(&g, &opt, 4700000u + (uint64_t)i), BW_OK);
        uint64_t river = river_of(&g);
        int mine = mine_hex(&g);
        assert_int_equal(count_bits(river), 3);
        assert_int_equal(g.terrain[HEX_CENTRE], TERRAIN_MOUNTAINS);
        assert_int_equal(g.robber, mine);
        assert_int_equal(g.token[mine], 0);
        for (int h = 0; h < 19; h++)
            if ((river >> h & 1) && h != HEX_CENTRE && h != mine)
                assert_int_equal(g.terrain[h], TERRAIN_FOREST);
        assert_int_equal(g.vp_goal, 10);
        turned |= 1 << mine;
        play_checked(3 + i % 2, BOARD_RIVER, 4700000u + (uint64_t)i, i % 4 < 2);
    }
    assert_true(river_events > 0); /* buildings did come onto the gold mine */
    assert_int_equal(count_bits((uint64_t)turned), games >= 60 ? 6 : count_bits((uint64_t)turned));
}

/* Through the Desert (the deserts part the land into islands) and The New World (a map of
 * islands drawn for each game), under the same checks: island points from the islands worked
 * out above, harbors on the coast. */
static void test_playouts_desert_world(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    static const int boards[4] = {BOARD_DESERT_3, BOARD_DESERT_4, BOARD_NEW_WORLD_3,
                                  BOARD_NEW_WORLD_4};
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, boards[i % 4], 4900000u + (uint64_t)i, i % 8 < 4);
}

/* The Forgotten Tribe: gifts taken by ships, harbors placed, under the same checks. */
static void test_playouts_tribe(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    gift_events = 0;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_TRIBE, 4800000u + (uint64_t)i, i % 4 < 2);
    assert_true(gift_events > 0); /* ships did reach the tribe */
}

/* Cloth for Catan: three setup settlements, villages giving cloth, the end when too few have
 * cloth left, under the same checks. */
static void test_playouts_cloth(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    cloth_events = cloth_ends = 0;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_CLOTH, 4900000u + (uint64_t)i, i % 4 < 2);
    assert_true(cloth_events > 0); /* villages did give cloth */
}

/* The Wonders of Catan: wonders started and built in stages, the game won by a fourth stage or
 * by the points with the furthest wonder, under the same checks. */
static void test_playouts_wonders(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    wonder_stages = wonder_wins = 0;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_WONDERS, 5100000u + (uint64_t)i, i % 4 < 2);
    assert_true(wonder_stages > 0);
}

/* The Pirate Islands: ships only along the routes, the fleet's battles, warships, the
 * fortresses attacked and conquered, a winner only with their fortress, under the same checks. */
static void test_playouts_pirates(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    battles = conquests = 0;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_PIRATES, 5000000u + (uint64_t)i, i % 4 < 2);
    assert_true(battles > 0);
    assert_true(conquests > 0);
}

/* Cities & Knights on the base and the big board: commodities, improvements, knights and the
 * barbarians under the same checks and check_cities(); some games with random actions, which
 * are refused changing nothing or are listed. */
static void test_playouts_cities(void **state)
{
    (void)state;
    int games = playout_count(10000) / 40;
    cities_games = 1;
    ck_attacks = ck_improvements = ck_knights = ck_progress = 0;
    memset(ck_asks, 0, sizeof ck_asks);
    memset(ck_cards, 0, sizeof ck_cards);
    for (int i = 0; i < games; i++)
        play_checked(i % 4 == 3 ? 5 + i % 2 : 3 + i % 2, i % 4 == 3 ? BOARD_BIG : BOARD_BASE,
                     5300000u + (uint64_t)i, i % 4 < 2);
    cities_games = 0;
    printf("cities: %d games, %ld barbarian attacks, %ld improvements, %ld knights built, %ld "
           "progress cards played or shown\n",
           games, ck_attacks, ck_improvements, ck_knights, ck_progress);
    assert_true(ck_attacks > 0 && ck_improvements > 0 && ck_knights > 0 && ck_progress > 0);
    /* The players asked, and the cards that ask others or look at their hands, played. */
    static const int asking[] = {PROG_WEDDING, PROG_COMMERCIAL_HARBOR, PROG_MASTER_MERCHANT,
                                 PROG_SPY,     PROG_DESERTER,          PROG_DIPLOMAT,
                                 PROG_INTRIGUE};
    printf("cities: asked %ld pillage, %ld knight, %ld wedding, %ld harbor, %ld deserter, %ld "
           "take, %ld spy;",
           ck_asks[ASK_PILLAGE], ck_asks[ASK_KNIGHT], ck_asks[ASK_WEDDING], ck_asks[ASK_HARBOR],
           ck_asks[ASK_DESERTER], ck_asks[ASK_TAKE], ck_asks[ASK_SPY]);
    for (int i = 0; i < (int)(sizeof asking / sizeof *asking); i++)
        printf(" %ld", ck_cards[asking[i]]);
    printf(" played\n");
    for (int k = ASK_PILLAGE; k < ASK_NEUTRAL; k++) /* (the asks of Catan for two after) */
        assert_true(ck_asks[k] > 0);
    for (int i = 0; i < (int)(sizeof asking / sizeof *asking); i++)
        assert_true(ck_cards[asking[i]] > 0);
}

/* Random house rules (those that fit the board) on the boards and with Cities & Knights, under
 * the same checks, the rules' own (playout_house.h) and the record round trip after every
 * action; some games with random actions. */
static void test_playouts_house_rules(void **state)
{
    (void)state;
    static const uint8_t boards[] = {BOARD_BASE,          BOARD_BIG,      BOARD_NEW_SHORES_4,
                                     BOARD_FOG_ISLANDS_4, BOARD_DESERT_4, BOARD_NEW_WORLD_4,
                                     BOARD_TRIBE,         BOARD_CLOTH,    BOARD_WONDERS,
                                     BOARD_PIRATES,       BOARD_JUNGLE,   BOARD_RIVER};
    int games = playout_count(10000) / 100, nb = (int)sizeof boards;
    struct bw_rng r;
    bw_rng_seed(&r, 0x4005e);
    house_games = 1;
    house_rerolls = house_masters = house_spared_hexes = house_deck_rolls = 0;
    memset(house_events, 0, sizeof house_events);
    house_new_years = house_event_asks = 0;
    for (int i = 0; i < games; i++) {
        int board = boards[i % nb], big = board == BOARD_BIG;
        const struct board_setup *bs = board_setup(board);
        int n = big ? 5 + i % 2 : bs->players_min + i % (bs->players_max - bs->players_min + 1);
        house = (struct game_options){.board = (uint8_t)board};
        random_house_rules(&r, &house);
        cities_games = i % 5 == 4 && (board == BOARD_BASE || big);
        play_checked(n, board, 5400000u + (uint64_t)i, i % 4 < 2);
    }
    house_games = cities_games = 0;
    printf("house rules: %d games, %ld sevens rolled again, %ld harbormasters, %ld robber moves "
           "sparing a player, %ld rolls from the deck\n",
           games, house_rerolls, house_masters, house_spared_hexes, house_deck_rolls);
    assert_true(house_rerolls > 0 && house_masters > 0 && house_spared_hexes > 0 &&
                house_deck_rolls > 0);
    printf("house rules: the dice deck's events played:");
    for (int e = DICE_ROBBER_ATTACK; e < DICE_EVENTS; e++)
        printf(" %ld", house_events[e]);
    printf("; %ld New Year cards, %ld questions asked\n", house_new_years, house_event_asks);
    for (int e = DICE_ROBBER_ATTACK; e < DICE_EVENTS; e++)
        assert_true(house_events[e] > 0);
    assert_true(house_new_years > 0 && house_event_asks > 0);
}

/* Catan for two: games of 2 players and the neutral ones to a winner under the same checks,
 * the record round trip after every action; half with random actions. */
static void test_playouts_two(void **state)
{
    (void)state;
    int games = playout_count(10000) / 100;
    two_games = 1;
    two_neutral = two_tokens = 0;
    for (int i = 0; i < games; i++)
        play_checked(2, BOARD_BASE, 5600000u + (uint64_t)i, i % 4 < 2);
    two_games = 0;
    printf("Catan for two: %d games, %ld neutral pieces, %ld token actions\n", games, two_neutral,
           two_tokens);
    assert_true(two_neutral > 0 && two_tokens > 0);
}

static void test_illegal_actions_change_nothing(void **state)
{
    (void)state;
    int games = playout_count(10000) / 20;
    for (int i = 0; i < games; i++)
        play_checked(3 + i % 2, BOARD_BASE, 3000000u + (uint64_t)i, 1);
}

static void test_determinism(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        struct game a, b;
        struct game_options opt = {.n_players = 4, .board = BOARD_BASE};
        struct bw_rng ra, rb;
        game_init(&a, &opt, seed);
        game_init(&b, &opt, seed);
        assert_memory_equal(&a, &b, sizeof a);
        bw_rng_seed(&ra, seed);
        bw_rng_seed(&rb, seed);
        long na = playout_game(&a, &ra, 100000), nb = playout_game(&b, &rb, 100000);
        assert_int_equal(na, nb);
        assert_memory_equal(&a, &b, sizeof a);
        /* Replaying only the actions (no shared generator) gives the same game too. */
        struct game c;
        game_init(&c, &opt, seed);
        game_init(&a, &opt, seed);
        bw_rng_seed(&ra, seed * 31);
        struct game_action act;
        while (a.phase != PHASE_OVER) {
            assert_int_equal(playout_choose(&a, &ra, &act), BW_OK);
            assert_int_equal(game_apply(&a, &act, NULL, 0, NULL), BW_OK);
            assert_int_equal(game_apply(&c, &act, NULL, 0, NULL), BW_OK);
        }
        assert_memory_equal(&a, &c, sizeof a);
    }
    struct game x, y;
    struct game_options opt = {.n_players = 4, .board = BOARD_BASE};
    game_init(&x, &opt, 1);
    game_init(&y, &opt, 2);
    assert_memory_not_equal(x.terrain, y.terrain, sizeof x.terrain);
}

/* The playouts in four parts of about equal time, so that ctest can run them side by side:
 * an argument 1 to 4 runs that part, none runs them all. */
int main(int argc, char **argv)
{
    const struct CMUnitTest base[] = {
        cmocka_unit_test(test_playouts_base_4),
    };
    const struct CMUnitTest base_more[] = {
        cmocka_unit_test(test_playouts_base_4_more),
        cmocka_unit_test(test_playouts_house_rules),
    };
    const struct CMUnitTest sizes[] = {
        cmocka_unit_test(test_determinism),     cmocka_unit_test(test_playouts_other_sizes),
        cmocka_unit_test(test_playouts_jungle), cmocka_unit_test(test_playouts_river),
        cmocka_unit_test(test_playouts_tribe),  cmocka_unit_test(test_playouts_cloth),
        cmocka_unit_test(test_playouts_cities), cmocka_unit_test(test_playouts_two),
    };
    const struct CMUnitTest seas[] = {
        cmocka_unit_test(test_illegal_actions_change_nothing),
        cmocka_unit_test(test_playouts_sea),
        cmocka_unit_test(test_playouts_fog),
        cmocka_unit_test(test_playouts_desert_world),
        cmocka_unit_test(test_playouts_wonders),
        cmocka_unit_test(test_playouts_pirates),
    };
    int part = argc > 1 ? atoi(argv[1]) : 0;
    if (part < 0 || part > 4) {
        fprintf(stderr, "usage: %s [1|2|3|4]\n", argv[0]);
        return 2;
    }
    int failed = 0;
    if (part == 0 || part == 1)
        failed |= cmocka_run_group_tests_name("playouts: base", base, NULL, NULL);
    if (part == 0 || part == 2)
        failed |=
            cmocka_run_group_tests_name("playouts: more base, house rules", base_more, NULL, NULL);
    if (part == 0 || part == 3)
        failed |= cmocka_run_group_tests_name("playouts: other sizes, Jungle, River, the tribe's",
                                              sizes, NULL, NULL);
    if (part == 0 || part == 4)
        failed |= cmocka_run_group_tests_name(
            "playouts: illegal actions, seas, fog, desert, new world, wonders, pirates", seas, NULL,
            NULL);
    return failed;
}
