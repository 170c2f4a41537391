/* Helpers for engine tests: hand-built positions, actions and checked application.
 *
 * Vertices are 1-based as users write them (SPEC §4); hexes are 0-based indices (A = 0).
 * Hand-built positions keep the counts consistent: pieces placed here are counted in the
 * player's supply, resource cards come from the bank (bank + hands = bank_start of each),
 * development cards come from the deck. Include after nothing or after cmocka.h. */
#ifndef BW_TEST_ENGINE_HELPERS_H
#define BW_TEST_ENGINE_HELPERS_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/internal.h"

#define TH_SEED 20240613u

/* ---- game creation and phases ---- */

static inline void th_init_seed(struct game *g, int n_players, int board, uint64_t seed)
{
    struct game_options opt = {.n_players = (uint8_t)n_players, .board = (uint8_t)board};
    assert_int_equal(game_init(g, &opt, seed), BW_OK);
}

static inline void th_init(struct game *g, int n_players, int board)
{
    th_init_seed(g, n_players, board, TH_SEED);
}

static inline const struct board_geo *th_geo(const struct game *g)
{
    return game_geo(g);
}

/* Leave the setup phase as if every setup placement had been made (on an empty board). */
static inline void th_end_setup(struct game *g)
{
    g->setup_step = (uint8_t)(2 * g->opt.n_players);
    g->setup_vertex = -1;
    if (g->turn == 0)
        g->turn = 1;
}

/* Player p's turn, before the roll. */
static inline void th_roll_phase(struct game *g, int p)
{
    th_end_setup(g);
    g->current = (int8_t)p;
    g->phase = PHASE_ROLL;
    g->rolled = 0;
    g->dev_played = 0;
    g->sb_player = -1;
    g->turn_timed_out = 0;
    g->dice[0] = g->dice[1] = 0;
}

/* Player p's turn, after a roll that produced nothing. */
static inline void th_main_phase(struct game *g, int p)
{
    th_roll_phase(g, p);
    g->phase = PHASE_MAIN;
    g->rolled = 1;
    g->dice[0] = 1;
    g->dice[1] = 2;
}

/* A fresh game on an empty board, player 0 to act after the roll. */
static inline void th_blank(struct game *g, int n_players, int board)
{
    th_init(g, n_players, board);
    th_main_phase(g, 0);
}

/* Catan for two (doc/two.md): a fresh game for two, the neutral players' settlements taken
 * off (an empty board), player 0 to act after the roll. */
static inline void th_two_blank(struct game *g, uint64_t seed)
{
    struct game_options o = {.n_players = 2, .board = BOARD_BASE, .two = 1};
    assert_int_equal(game_init(g, &o, seed), BW_OK);
    for (int v = 0; v < th_geo(g)->n_vertices; v++)
        if (g->vertex_owner[v] >= 0) {
            g->p[g->vertex_owner[v]].settlements--;
            g->vertex_owner[v] = -1;
            g->vertex_building[v] = BUILDING_NONE;
        }
    game_reindex(g);
    th_main_phase(g, 0);
}

/* ---- board ---- */

static inline int th_vertex(const struct game *g, int v1)
{
    assert_true(v1 >= 1 && v1 <= th_geo(g)->n_vertices);
    if (v1 < 1 || v1 > BOARD_MAX_VERTICES)
        abort(); /* unreachable; tells the optimiser the index is in range */
    return v1 - 1;
}

/* The edge between two 1-based vertices; they must be neighbours. */
static inline int th_edge(const struct game *g, int v1, int v2)
{
    int e = board_edge_between(th_geo(g), v1 - 1, v2 - 1);
    if (e < 0) {
        fail_msg("vertices %d and %d are not neighbours", v1, v2);
        abort();
    }
    return e;
}

static inline void th_place_settlement(struct game *g, int p, int v1)
{
    int v = th_vertex(g, v1);
    assert_int_equal(g->vertex_owner[v], -1);
    g->vertex_owner[v] = (int8_t)p;
    g->vertex_building[v] = BUILDING_SETTLEMENT;
    g->p[p].settlements++;
    game_reindex(g);
}

/* A city at v: on an empty vertex, or upgrading p's settlement there. */
static inline void th_place_city(struct game *g, int p, int v1)
{
    int v = th_vertex(g, v1);
    if (g->vertex_owner[v] == p && g->vertex_building[v] == BUILDING_SETTLEMENT) {
        g->p[p].settlements--;
    } else {
        assert_int_equal(g->vertex_owner[v], -1);
        g->vertex_owner[v] = (int8_t)p;
    }
    g->vertex_building[v] = BUILDING_CITY;
    g->p[p].cities++;
    game_reindex(g);
}

static inline void th_remove_building(struct game *g, int v1)
{
    int v = th_vertex(g, v1), o = g->vertex_owner[v];
    assert_true(o >= 0);
    if (g->vertex_building[v] == BUILDING_CITY)
        g->p[o].cities--;
    else
        g->p[o].settlements--;
    g->vertex_owner[v] = -1;
    g->vertex_building[v] = BUILDING_NONE;
    game_reindex(g);
}

static inline void th_place_road(struct game *g, int p, int v1, int v2)
{
    int e = th_edge(g, v1, v2);
    assert_int_equal(g->edge_owner[e], -1);
    g->edge_owner[e] = (int8_t)p;
    g->p[p].roads++;
    game_reindex(g);
}

/* A ship (maps with sea), not built this turn. */
static inline void th_place_ship(struct game *g, int p, int v1, int v2)
{
    int e = th_edge(g, v1, v2);
    assert_int_equal(g->edge_owner[e], -1);
    g->edge_owner[e] = (int8_t)p;
    g->ships[e >> 6] |= 1ull << (e & 63);
    g->p[p].ships++;
    game_reindex(g);
}

/* Roads along a path of n 1-based vertices (n - 1 roads). */
static inline void th_place_path(struct game *g, int p, const int *v1s, int n)
{
    for (int i = 0; i + 1 < n; i++)
        th_place_road(g, p, v1s[i], v1s[i + 1]);
}

/* Bring the tracked road lengths up to date after roads were placed by hand. The longest
 * road card is left as it is: tests set g->longest_road themselves. */
static inline void th_sync_roads(struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
}

/* Rebuild the index of hexes per number after tokens were changed by hand. */
static inline void th_reindex_tokens(struct game *g)
{
    game_reindex(g);
}

static inline void th_swap_hexes(struct game *g, int h1, int h2)
{
    uint8_t t = g->terrain[h1], k = g->token[h1];
    g->terrain[h1] = g->terrain[h2];
    g->token[h1] = g->token[h2];
    g->terrain[h2] = t;
    g->token[h2] = k;
    if (g->robber == h1)
        g->robber = (int8_t)h2;
    else if (g->robber == h2)
        g->robber = (int8_t)h1;
    th_reindex_tokens(g);
}

/* Give hex h the terrain t by swapping it (with its token) with a hex of that terrain that is
 * not in keep (a bit per hex), so the board keeps its supply. The robber follows its hex. */
static inline void th_put_terrain(struct game *g, int h, int t, uint64_t keep)
{
    if (g->terrain[h] == t)
        return;
    for (int h2 = 0; h2 < th_geo(g)->n_hexes; h2++)
        if (h2 != h && g->terrain[h2] == t && !(keep & (1ull << h2))) {
            th_swap_hexes(g, h, h2);
            return;
        }
    fail_msg("no hex of terrain %d to swap with hex %d", t, h);
}

/* Every number token off the board: only the hexes a test sets produce. */
static inline void th_clear_tokens(struct game *g)
{
    memset(g->token, 0, sizeof g->token);
    th_reindex_tokens(g);
}

/* Put number token (0: none) on hex h. */
static inline void th_set_token(struct game *g, int h, int token)
{
    g->token[h] = (uint8_t)token;
    th_reindex_tokens(g);
}

static inline void th_set_hex(struct game *g, int h, int terrain, int token)
{
    g->terrain[h] = (uint8_t)terrain;
    th_set_token(g, h, token);
}

/* The first hex with the desert, or -1. */
static inline int th_desert(const struct game *g)
{
    for (int h = 0; h < th_geo(g)->n_hexes; h++)
        if (g->terrain[h] == TERRAIN_DESERT)
            return h;
    return -1;
}

/* A harbor slot of the given type (0..4 or HARBOR_GENERIC), or -1. */
static inline int th_harbor_of_type(const struct game *g, int type)
{
    for (int k = 0; k < th_geo(g)->n_harbors; k++)
        if (g->harbor[k] == type)
            return k;
    return -1;
}

/* A 1-based vertex of harbor slot k. */
static inline int th_harbor_vertex(const struct game *g, int k)
{
    return th_geo(g)->edge_vertex[th_geo(g)->harbor_edge[k]][0] + 1;
}

/* ---- cards ---- */

static inline int th_hand(const struct game *g, int p)
{
    return game_hand_size(g, p);
}

/* Move n cards of resource r from the bank to player p (n < 0: back to the bank). */
static inline void th_give_res(struct game *g, int p, int r, int n)
{
    if (n >= 0)
        assert_true(g->bank[r] >= n);
    else
        assert_true(g->p[p].res[r] >= -n);
    g->bank[r] = (uint8_t)(g->bank[r] - n);
    g->p[p].res[r] = (uint8_t)(g->p[p].res[r] + n);
}

static inline void th_give(struct game *g, int p, int wood, int brick, int wool, int grain, int ore)
{
    const int n[RES_COUNT] = {wood, brick, wool, grain, ore};
    for (int r = 0; r < RES_COUNT; r++)
        th_give_res(g, p, r, n[r]);
}

/* Return all of p's resource cards to the bank. */
static inline void th_return_all(struct game *g, int p)
{
    for (int r = 0; r < RES_COUNT; r++)
        th_give_res(g, p, r, -(int)g->p[p].res[r]);
}

/* Leave exactly n cards of r in the bank by moving the rest to (or from) player p. */
static inline void th_bank_holds(struct game *g, int r, int n, int p)
{
    th_give_res(g, p, r, (int)g->bank[r] - n);
    assert_int_equal(g->bank[r], n);
}

/* Swap a card of kind card from the rest of the deck to its top. */
static inline void th_deck_top(struct game *g, int card)
{
    for (int i = g->deck_pos; i < g->deck_size; i++)
        if (g->deck[i] == card) {
            g->deck[i] = g->deck[g->deck_pos];
            g->deck[g->deck_pos] = (uint8_t)card;
            return;
        }
    fail_msg("no development card %d left in the deck", card);
}

/* Deal n cards of kind card from the deck to p: playable, or bought this turn. */
static inline void th_give_dev(struct game *g, int p, int card, int n, int bought_now)
{
    for (int i = 0; i < n; i++) {
        th_deck_top(g, card);
        g->deck_pos++;
        if (bought_now)
            g->p[p].dev_new[card]++;
        else
            g->p[p].dev[card]++;
    }
}

/* Player p has already played n knights (taken from the deck). */
static inline void th_played_knights(struct game *g, int p, int n)
{
    for (int i = 0; i < n; i++) {
        th_deck_top(g, DEV_KNIGHT);
        g->deck_pos++;
        g->p[p].knights++;
    }
}

/* ---- invariants ---- */

/* Cards are conserved (bank + hands = the starting bank) and the pieces on the board are the
 * pieces counted in the players' supplies. */
static inline void th_check_supply(const struct game *g)
{
    const struct board_geo *geo = th_geo(g);
    for (int r = 0; r < RES_COUNT; r++) {
        int total = g->bank[r];
        for (int p = 0; p < g->opt.n_players; p++)
            total += g->p[p].res[r];
        assert_int_equal(total, g->bank_start);
    }
    int s[GAME_MAX_PLAYERS] = {0}, c[GAME_MAX_PLAYERS] = {0}, roads[GAME_MAX_PLAYERS] = {0},
        ships[GAME_MAX_PLAYERS] = {0};
    for (int v = 0; v < geo->n_vertices; v++) {
        int o = g->vertex_owner[v];
        if (o < 0)
            continue;
        if (g->vertex_building[v] == BUILDING_CITY)
            c[o]++;
        else
            s[o]++;
    }
    for (int e = 0; e < geo->n_edges; e++)
        if (g->edge_owner[e] >= 0)
            (g->ships[e >> 6] >> (e & 63) & 1 ? ships : roads)[g->edge_owner[e]]++;
    for (int p = 0; p < g->opt.n_players; p++) {
        assert_int_equal(g->p[p].ships, ships[p]);
        assert_true(g->p[p].ships <= GAME_SHIPS);
        assert_int_equal(g->p[p].settlements, s[p]);
        assert_int_equal(g->p[p].cities, c[p]);
        assert_int_equal(g->p[p].roads, roads[p]);
        assert_true(g->p[p].settlements <= GAME_SETTLEMENTS);
        assert_true(g->p[p].cities <= GAME_CITIES);
        assert_true(g->p[p].roads <= GAME_ROADS);
    }
}

/* ---- actions ---- */

static inline struct game_action th_action(int type, int p)
{
    struct game_action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.player = (int8_t)p;
    a.target = -1;
    a.res = a.res2 = RES_NONE;
    a.a = a.b = -1;
    return a;
}

static inline struct game_action th_act_road(const struct game *g, int p, int v1, int v2)
{
    struct game_action a = th_action(ACT_BUILD_ROAD, p);
    a.a = (int16_t)th_edge(g, v1, v2);
    return a;
}

static inline struct game_action th_act_settle(const struct game *g, int p, int v1)
{
    struct game_action a = th_action(ACT_BUILD_SETTLEMENT, p);
    a.a = (int16_t)th_vertex(g, v1);
    return a;
}

static inline struct game_action th_act_city(const struct game *g, int p, int v1)
{
    struct game_action a = th_action(ACT_BUILD_CITY, p);
    a.a = (int16_t)th_vertex(g, v1);
    return a;
}

/* ACT_ROBBER or ACT_PLAY_KNIGHT to hex, stealing from victim (-1: none named). */
static inline struct game_action th_act_robber(int type, int p, int hex, int victim)
{
    struct game_action a = th_action(type, p);
    a.a = (int16_t)hex;
    a.target = (int8_t)victim;
    return a;
}

static inline void th_set5(uint8_t out[RES_COUNT], int wood, int brick, int wool, int grain,
                           int ore)
{
    out[RES_WOOD] = (uint8_t)wood;
    out[RES_BRICK] = (uint8_t)brick;
    out[RES_WOOL] = (uint8_t)wool;
    out[RES_GRAIN] = (uint8_t)grain;
    out[RES_ORE] = (uint8_t)ore;
}

/* A trade-shaped action (ACT_BANK_TRADE, ACT_OFFER, ACT_DISCARD uses give only) of n cards of
 * give_res for m cards of get_res. */
static inline struct game_action th_act_swap(int type, int p, int give_res, int n, int get_res,
                                             int m)
{
    struct game_action a = th_action(type, p);
    if (n)
        a.give[give_res] = (uint8_t)n;
    if (m)
        a.get[get_res] = (uint8_t)m;
    return a;
}

static inline struct game_action th_act_id(int type, int p, int id, int target)
{
    struct game_action a = th_action(type, p);
    a.a = (int16_t)id;
    a.target = (int8_t)target;
    return a;
}

/* Apply an action that must succeed; events go to ev (GAME_MAX_EVENTS of them, may be NULL).
 * Returns the number of events. */
static inline int th_apply(struct game *g, const struct game_action *a, struct game_event *ev)
{
    struct game_event local[GAME_MAX_EVENTS];
    int n = -1;
    int err = game_apply(g, a, ev ? ev : local, GAME_MAX_EVENTS, &n);
    if (err != BW_OK)
        fail_msg("action %d by player %d refused: %s", a->type, a->player, bw_strerror(err));
    assert_true(n >= 0 && n <= GAME_MAX_EVENTS);
    return n;
}

/* Apply an action that must be refused with err, leaving the state unchanged byte for byte
 * and reporting no events. */
static inline void th_refused(struct game *g, const struct game_action *a, int err)
{
    static struct game before;
    struct game_event ev[GAME_MAX_EVENTS];
    int n = -1;
    memcpy(&before, g, sizeof before);
    int got = game_apply(g, a, ev, GAME_MAX_EVENTS, &n);
    if (got != err)
        fail_msg("action %d by player %d: expected \"%s\", got \"%s\"", a->type, a->player,
                 bw_strerror(err), bw_strerror(got));
    assert_int_equal(n, 0);
    assert_memory_equal(&before, g, sizeof before);
}

/* Roll the given dice for the current player (PHASE_ROLL). Returns the number of events. */
static inline int th_roll(struct game *g, int d1, int d2, struct game_event *ev)
{
    struct game_event local[GAME_MAX_EVENTS];
    int n = -1;
    assert_int_equal(game_apply_roll(g, d1, d2, ev ? ev : local, GAME_MAX_EVENTS, &n), BW_OK);
    return n;
}

/* The current player ends the turn (rolling 1 + 2 first if not rolled yet). */
static inline void th_pass_turn(struct game *g)
{
    if (g->phase == PHASE_ROLL)
        th_roll(g, 1, 2, NULL);
    assert_int_equal(g->phase, PHASE_MAIN);
    struct game_action a = th_action(ACT_END, g->current);
    th_apply(g, &a, NULL);
}

/* The first event of type (by player, or any player when player is -2) or NULL. */
static inline const struct game_event *th_find_event(const struct game_event *ev, int n, int type,
                                                     int player)
{
    for (int i = 0; i < n; i++)
        if (ev[i].type == type && (player == -2 || ev[i].player == player))
            return &ev[i];
    return NULL;
}

static inline int th_count_events(const struct game_event *ev, int n, int type)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += ev[i].type == type;
    return k;
}

/* A land hex other than skip with six land neighbours (not the robber's when avoid_robber);
 * fails the test when there is none. */
static inline int th_inner_hex(const struct game *g, int skip, int avoid_robber)
{
    const struct board_geo *geo = th_geo(g);
    for (int h = 0; h < geo->n_hexes; h++) {
        int ok = h != skip && !(avoid_robber && h == g->robber);
        for (int s = 0; s < 6; s++)
            ok &= geo->hex_neighbor[h][s] >= 0;
        if (ok)
            return h;
    }
    fail_msg("no inner hex");
    return -1;
}

/* Corner c (0-5) of hex h. */
static inline int th_corner(const struct game *g, int h, int c)
{
    return th_geo(g)->hex_vertex[h][c];
}

#endif
