/* The rules of RULES.md, each with at least one test that fails if the rule breaks. Positions
 * are built by hand (see engine_helpers.h); vertices are 1-based as users write them (SPEC §4).
 *
 * Base board landmarks used below: hex A (index 0) has corners 1 5 9 13 8 4, hex B 2 6 10 14 9
 * 5, hex E 9 14 19 24 18 13, hex J (the centre, 9) 19 25 31 36 30 24. The top coast runs
 * 4-1-5-2-6-3-7-11-16-21-27-33-38-43-47-51. */
#include "engine_helpers.h"

#include <stdio.h>

#define TB(p) (1u << (p))

enum {
    HEX_A,
    HEX_B,
    HEX_C,
    HEX_D,
    HEX_E,
    HEX_F,
    HEX_G,
    HEX_H,
    HEX_I,
    HEX_J,
    HEX_K,
    HEX_L,
    HEX_M,
    HEX_N,
    HEX_O,
    HEX_P,
    HEX_Q,
    HEX_R,
    HEX_S
};

static struct game G; /* most tests build their position here */

/* A settlement of player p at the first of the n vertices of path, and p's roads along them. */
static void settled_path(struct game *g, int p, const int *path, int n)
{
    th_place_settlement(g, p, path[0]);
    th_place_path(g, p, path, n);
}

/* ================================================================ components */

struct supply_expect {
    int n_hexes;
    int terrain[6]; /* by enum terrain */
    int tokens[13]; /* by number */
    int harbors[6]; /* 2:1 of each resource, then 3:1 */
    int dev[DEV_COUNT];
    int bank;
};

static const struct supply_expect expected_supply[BOARD_KIND_COUNT] = {
    /* forest 4, hills 3, pasture 4, fields 4, mountains 3, desert 1 */
    {19,
     {4, 3, 4, 4, 3, 1},
     {0, 0, 1, 2, 2, 2, 2, 0, 2, 2, 2, 2, 1},
     {1, 1, 1, 1, 1, 4},
     {14, 2, 2, 2, 5},
     19},
    /* forest 6, pasture 6, fields 6, hills 5, mountains 5, desert 2 */
    {30,
     {6, 5, 6, 6, 5, 2},
     {0, 0, 2, 3, 3, 3, 3, 0, 3, 3, 3, 3, 2},
     {1, 1, 2, 1, 1, 5},
     {20, 3, 3, 3, 5},
     24},
};

static void check_components(const struct game *g, int board)
{
    const struct supply_expect *x = &expected_supply[board];
    const struct board_geo *geo = th_geo(g);
    int terrain[6] = {0}, tokens[13] = {0}, harbors[6] = {0}, dev[DEV_COUNT] = {0};
    assert_int_equal(geo->n_hexes, x->n_hexes);
    for (int h = 0; h < geo->n_hexes; h++) {
        assert_true(g->terrain[h] <= TERRAIN_DESERT);
        terrain[g->terrain[h]]++;
        if (g->terrain[h] == TERRAIN_DESERT) {
            assert_int_equal(g->token[h], 0); /* never a number on a desert */
        } else {
            assert_true(g->token[h] >= 2 && g->token[h] <= 12 && g->token[h] != 7);
            tokens[g->token[h]]++;
        }
    }
    for (int t = 0; t < 6; t++)
        assert_int_equal(terrain[t], x->terrain[t]);
    for (int k = 0; k < 13; k++)
        assert_int_equal(tokens[k], x->tokens[k]);
    /* The robber starts on a desert. */
    assert_true(g->robber >= 0 && g->robber < geo->n_hexes);
    assert_int_equal(g->terrain[g->robber], TERRAIN_DESERT);

    assert_int_equal(geo->n_harbors, board == BOARD_BASE ? 9 : 11);
    for (int k = 0; k < geo->n_harbors; k++) {
        assert_true(g->harbor[k] <= HARBOR_GENERIC);
        harbors[g->harbor[k]]++;
    }
    for (int t = 0; t < 6; t++)
        assert_int_equal(harbors[t], x->harbors[t]);

    int deck_total = 0;
    for (int c = 0; c < DEV_COUNT; c++)
        deck_total += x->dev[c];
    assert_int_equal(g->deck_size, deck_total);
    assert_int_equal(g->deck_pos, 0);
    for (int i = 0; i < g->deck_size; i++) {
        assert_true(g->deck[i] < DEV_COUNT);
        dev[g->deck[i]]++;
    }
    for (int c = 0; c < DEV_COUNT; c++)
        assert_int_equal(dev[c], x->dev[c]);

    assert_int_equal(g->bank_start, x->bank);
    for (int r = 0; r < RES_COUNT; r++)
        assert_int_equal(g->bank[r], x->bank);
    for (int p = 0; p < g->opt.n_players; p++) {
        assert_int_equal(th_hand(g, p), 0);
        assert_int_equal(g->p[p].settlements + g->p[p].cities + g->p[p].roads, 0);
    }
}

static int is_red(int token)
{
    return token == 6 || token == 8;
}

static void test_components_base_board(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        th_init_seed(&G, 4, BOARD_BASE, seed);
        check_components(&G, BOARD_BASE);
    }
}

static void test_components_big_board(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        th_init_seed(&G, 6, BOARD_BIG, seed);
        check_components(&G, BOARD_BIG);
    }
}

static void test_no_adjacent_red_numbers(void **state)
{
    (void)state;
    for (int board = 0; board < BOARD_KIND_COUNT; board++)
        for (uint64_t seed = 1; seed <= 1000; seed++) {
            th_init_seed(&G, board == BOARD_BASE ? 3 : 5, board, seed * 7919u);
            const struct board_geo *geo = th_geo(&G);
            for (int h = 0; h < geo->n_hexes; h++) {
                if (!is_red(G.token[h]))
                    continue;
                for (int s = 0; s < 6; s++) {
                    int nb = geo->hex_neighbor[h][s];
                    if (nb >= 0 && is_red(G.token[nb]))
                        fail_msg("board %d seed %llu: red numbers on neighbours %d and %d", board,
                                 (unsigned long long)(seed * 7919u), h, nb);
                }
            }
        }
}

static void test_player_counts_per_board(void **state)
{
    (void)state;
    struct game_options opt = {.n_players = 5, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, 1), BW_E(INVALID)); /* 5-6 need the big board */
    opt.n_players = 2;
    assert_int_equal(game_init(&G, &opt, 1), BW_E(INVALID));
    opt.n_players = 4;
    assert_int_equal(game_init(&G, &opt, 1), BW_OK);
    opt.board = BOARD_BIG;
    opt.n_players = 6;
    assert_int_equal(game_init(&G, &opt, 1), BW_OK);
    opt.n_players = 7;
    assert_int_equal(game_init(&G, &opt, 1), BW_E(INVALID));
}

static void test_same_seed_same_game(void **state)
{
    (void)state;
    static struct game a, b;
    th_init_seed(&a, 4, BOARD_BASE, 99);
    th_init_seed(&b, 4, BOARD_BASE, 99);
    assert_memory_equal(&a, &b, sizeof a);
    /* The same commands, random dice included, keep them identical. */
    static const int spots[8][2] = {{1, 4},   {3, 7},   {12, 17}, {16, 21},
                                    {28, 34}, {33, 38}, {44, 48}, {51, 54}};
    for (int i = 0; i < 8; i++) {
        struct game_action s = th_act_settle(&a, a.current, spots[i][0]);
        struct game_action r = th_act_road(&a, a.current, spots[i][0], spots[i][1]);
        th_apply(&a, &s, NULL);
        th_apply(&b, &s, NULL);
        th_apply(&a, &r, NULL);
        th_apply(&b, &r, NULL);
        assert_memory_equal(&a, &b, sizeof a);
    }
    struct game_action roll = th_action(ACT_ROLL, 0);
    th_apply(&a, &roll, NULL);
    th_apply(&b, &roll, NULL);
    assert_memory_equal(&a, &b, sizeof a);
}

static void test_different_seeds_differ(void **state)
{
    (void)state;
    static struct game a, b;
    for (int board = 0; board < BOARD_KIND_COUNT; board++) {
        th_init_seed(&a, board == BOARD_BASE ? 4 : 6, board, 1);
        th_init_seed(&b, board == BOARD_BASE ? 4 : 6, board, 2);
        assert_memory_not_equal(a.terrain, b.terrain, sizeof a.terrain);
        assert_memory_not_equal(a.token, b.token, sizeof a.token);
        assert_memory_not_equal(a.deck, b.deck, sizeof a.deck);
    }
}

/* ================================================================ setup */

static void test_setup_snake_order_then_seat0_rolls(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 4, BOARD_BASE);
    static const int order[8] = {0, 1, 2, 3, 3, 2, 1, 0};
    static const int spots[8][2] = {{1, 4},   {3, 7},   {12, 17}, {16, 21},
                                    {28, 34}, {33, 38}, {44, 48}, {51, 54}};
    for (int i = 0; i < 8; i++) {
        int p = order[i], other = (p + 1) % 4;
        assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
        assert_int_equal(G.current, p);
        assert_int_equal(game_waiting_for(&G), TB(p));
        struct game_action a = th_act_settle(&G, other, 40);
        th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
        a = th_action(ACT_ROLL, p);
        th_refused(&G, &a, BW_E(WRONG_PHASE));
        a = th_act_settle(&G, p, spots[i][0]);
        int n = th_apply(&G, &a, ev);
        /* Resources for the second settlement only. */
        assert_true((th_find_event(ev, n, EV_SETUP_RESOURCES, p) != NULL) == (i >= 4));
        assert_int_equal(G.phase, PHASE_SETUP_ROAD);
        assert_int_equal(G.current, p);
        a = th_act_settle(&G, p, 40);
        th_refused(&G, &a, BW_E(WRONG_PHASE)); /* one settlement, then its road */
        a = th_act_road(&G, p, spots[i][0], spots[i][1]);
        n = th_apply(&G, &a, ev);
        if (i < 7)
            assert_null(th_find_event(ev, n, EV_TURN, -2));
        else
            assert_non_null(th_find_event(ev, n, EV_TURN, 0));
    }
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 0);
    assert_int_equal(G.turn, 1);
    for (int p = 0; p < 4; p++) {
        assert_int_equal(G.p[p].settlements, 2);
        assert_int_equal(G.p[p].roads, 2);
    }
    th_check_supply(&G);
}

static void test_setup_distance_rule(void **state)
{
    (void)state;
    th_init(&G, 3, BOARD_BASE);
    struct game_action a = th_act_settle(&G, 0, 19);
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 19, 24);
    th_apply(&G, &a, NULL);
    /* Player 1: not on 19 or any of its neighbours 14, 24, 25. */
    a = th_act_settle(&G, 1, 19);
    th_refused(&G, &a, BW_E(OCCUPIED));
    static const int near[3] = {14, 24, 25};
    for (int i = 0; i < 3; i++) {
        a = th_act_settle(&G, 1, near[i]);
        th_refused(&G, &a, BW_E(TOO_CLOSE));
    }
    /* Two steps away is fine, even at the end of player 0's road. */
    a = th_act_settle(&G, 1, 30);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.vertex_owner[th_vertex(&G, 30)], 1);
}

static void test_setup_road_touches_new_settlement(void **state)
{
    (void)state;
    th_init(&G, 3, BOARD_BASE);
    struct game_action a = th_act_settle(&G, 0, 19);
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 24, 30); /* does not touch 19 */
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_road(&G, 0, 19, 24);
    th_apply(&G, &a, NULL);
    static const int rest[4][2] = {{3, 7}, {44, 48}, {51, 54}, {28, 34}};
    for (int i = 0; i < 4; i++) {
        a = th_act_settle(&G, G.current, rest[i][0]);
        th_apply(&G, &a, NULL);
        a = th_act_road(&G, G.current, rest[i][0], rest[i][1]);
        th_apply(&G, &a, NULL);
    }
    assert_int_equal(G.current, 0);
    a = th_act_settle(&G, 0, 36);
    th_apply(&G, &a, NULL);
    /* The second road must touch the second settlement, not the first one or its road. */
    a = th_act_road(&G, 0, 24, 18);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_road(&G, 0, 19, 14);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_road(&G, 0, 36, 41);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.phase, PHASE_ROLL);
}

static void test_setup_resources_from_second_settlement_only(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 3, BOARD_BASE);
    /* Around vertex 36: J and O forest, N the desert. */
    th_put_terrain(&G, HEX_J, TERRAIN_FOREST, 0);
    th_put_terrain(&G, HEX_O, TERRAIN_FOREST, TB(HEX_J));
    th_put_terrain(&G, HEX_N, TERRAIN_DESERT, TB(HEX_J) | TB(HEX_O));
    /* First settlement at 19 (E, F, J: all producing): nothing. */
    struct game_action a = th_act_settle(&G, 0, 19);
    int n = th_apply(&G, &a, ev);
    assert_null(th_find_event(ev, n, EV_SETUP_RESOURCES, -2));
    assert_int_equal(th_hand(&G, 0), 0);
    a = th_act_road(&G, 0, 19, 24);
    th_apply(&G, &a, NULL);
    /* Players 1 and 2; their second settlements at 51 (S only) and 28 (H only). */
    static const int rest[4][2] = {{3, 7}, {44, 48}, {51, 54}, {28, 34}};
    for (int i = 0; i < 4; i++) {
        int p = G.current;
        a = th_act_settle(&G, p, rest[i][0]);
        th_apply(&G, &a, NULL);
        int hex = rest[i][0] == 51 ? HEX_S : HEX_H;
        if (i < 2) {
            assert_int_equal(th_hand(&G, p), 0);
        } else {
            assert_int_equal(th_hand(&G, p), 1);
            assert_int_equal(G.p[p].res[G.terrain[hex]], 1);
        }
        a = th_act_road(&G, p, rest[i][0], rest[i][1]);
        th_apply(&G, &a, NULL);
    }
    /* Second settlement at 36: one wood each from J and O, nothing from the desert. */
    a = th_act_settle(&G, 0, 36);
    n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_SETUP_RESOURCES, 0);
    assert_non_null(e);
    assert_int_equal(e->res[RES_WOOD], 2);
    assert_int_equal(G.p[0].res[RES_WOOD], 2);
    assert_int_equal(th_hand(&G, 0), 2);
    th_check_supply(&G);
}

/* The last of the n owners (of vertices or edges) that changed from before, or -1. */
static int last_change(const int8_t *owner, const int8_t *before, int n)
{
    int last = -1;
    for (int i = 0; i < n; i++)
        if (owner[i] != before[i])
            last = i;
    return last;
}

/* Absent players in the setup: the game places legal pieces for them (distance rule, the road
 * at the new settlement) and pays the second settlement as usual. */
static void test_setup_timeouts_place_legal_pieces(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        th_init_seed(&G, 4, BOARD_BASE, seed);
        const struct board_geo *geo = th_geo(&G);
        int second[GAME_MAX_PLAYERS];
        while (G.phase == PHASE_SETUP_SETTLEMENT || G.phase == PHASE_SETUP_ROAD) {
            static struct game before;
            memcpy(&before, &G, sizeof before);
            int p = G.current;
            struct game_action a = th_action(ACT_TIMEOUT, p);
            th_apply(&G, &a, NULL);
            if (before.phase == PHASE_SETUP_SETTLEMENT) {
                int placed = last_change(G.vertex_owner, before.vertex_owner, geo->n_vertices);
                assert_true(placed >= 0);
                assert_int_equal(G.vertex_owner[placed], p);
                for (int i = 0; i < geo->vertex_degree[placed]; i++)
                    assert_int_equal(G.vertex_owner[geo->vertex_vertex[placed][i]], -1);
                if (before.setup_step >= 4)
                    second[p] = placed;
            } else {
                int placed = last_change(G.edge_owner, before.edge_owner, geo->n_edges);
                assert_true(placed >= 0);
                assert_int_equal(G.edge_owner[placed], p);
                assert_true(geo->edge_vertex[placed][0] == before.setup_vertex ||
                            geo->edge_vertex[placed][1] == before.setup_vertex);
                /* The road counts for the longest road like one placed by the player. */
                assert_int_equal(G.p[p].road_length, game_longest_road_of(&G, p));
                assert_true(G.p[p].road_length >= 1);
            }
        }
        assert_int_equal(G.phase, PHASE_ROLL);
        assert_int_equal(G.current, 0);
        for (int p = 0; p < 4; p++) {
            assert_false(G.p[p].resigned);
            assert_int_equal(G.p[p].settlements, 2);
            assert_int_equal(G.p[p].roads, 2);
            int producing = 0;
            for (int i = 0; i < geo->vertex_hex_count[second[p]]; i++)
                producing += G.terrain[geo->vertex_hex[second[p]][i]] != TERRAIN_DESERT;
            assert_int_equal(th_hand(&G, p), producing);
        }
        th_check_supply(&G);
    }
}

/* ================================================================ production */

/* Hex A forest 8, hex E fields 8, no other numbers: player 0 settlement at 1 (A only), player 1
 * city at 9 (A, B, E), player 2 settlement at 19 (E, F, J). Player 0 to roll. */
static void production_position(struct game *g, int with_p0)
{
    th_blank(g, 4, BOARD_BASE);
    th_put_terrain(g, HEX_A, TERRAIN_FOREST, 0);
    th_put_terrain(g, HEX_E, TERRAIN_FIELDS, TB(HEX_A));
    th_clear_tokens(g);
    th_set_token(g, HEX_A, 8);
    th_set_token(g, HEX_E, 8);
    g->robber = HEX_S;
    if (with_p0)
        th_place_settlement(g, 0, 1);
    th_place_city(g, 1, 9);
    th_place_settlement(g, 2, 19);
    th_roll_phase(g, 0);
}

static void test_production_settlement_one_city_two(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    production_position(&G, 1);
    int n = th_roll(&G, 4, 4, ev);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(th_hand(&G, 0), 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 2);
    assert_int_equal(G.p[1].res[RES_GRAIN], 2);
    assert_int_equal(th_hand(&G, 1), 4);
    assert_int_equal(G.p[2].res[RES_GRAIN], 1);
    assert_int_equal(th_hand(&G, 2), 1);
    assert_int_equal(th_hand(&G, 3), 0);
    assert_int_equal(G.bank[RES_WOOD], 19 - 3);
    assert_int_equal(G.bank[RES_GRAIN], 19 - 3);
    const struct game_event *e = th_find_event(ev, n, EV_PRODUCE, 1);
    assert_non_null(e);
    assert_int_equal(e->res[RES_WOOD], 2);
    assert_null(th_find_event(ev, n, EV_PRODUCE, 3));
    th_check_supply(&G);

    /* Another number pays nobody. */
    production_position(&G, 1);
    th_roll(&G, 2, 3, ev);
    for (int p = 0; p < 4; p++)
        assert_int_equal(th_hand(&G, p), 0);
}

static void test_robber_blocks_only_its_hex(void **state)
{
    (void)state;
    production_position(&G, 1);
    G.robber = HEX_A;
    th_roll(&G, 5, 3, NULL);
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(G.p[1].res[RES_WOOD], 0);
    assert_int_equal(G.p[1].res[RES_GRAIN], 2); /* E still pays the city */
    assert_int_equal(G.p[2].res[RES_GRAIN], 1);

    production_position(&G, 1);
    G.robber = HEX_E;
    th_roll(&G, 6, 2, NULL);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 2);
    assert_int_equal(G.p[1].res[RES_GRAIN], 0);
    assert_int_equal(th_hand(&G, 2), 0);
    th_check_supply(&G);
}

static void test_bank_shortage_nobody_gets_it(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    /* Wood owed: 1 to player 0, 2 to player 1; the bank has 2. */
    production_position(&G, 1);
    th_bank_holds(&G, RES_WOOD, 2, 3);
    int n = th_roll(&G, 4, 4, ev);
    assert_int_equal(G.p[0].res[RES_WOOD], 0);
    assert_int_equal(G.p[1].res[RES_WOOD], 0);
    assert_int_equal(G.bank[RES_WOOD], 2);
    const struct game_event *e = th_find_event(ev, n, EV_SHORTAGE, -2);
    assert_non_null(e);
    assert_int_equal(e->a, RES_WOOD);
    /* Grain is still paid. */
    assert_int_equal(G.p[1].res[RES_GRAIN], 2);
    assert_int_equal(G.p[2].res[RES_GRAIN], 1);
    th_check_supply(&G);

    /* Exactly enough: everybody is paid. */
    production_position(&G, 1);
    th_bank_holds(&G, RES_WOOD, 3, 3);
    n = th_roll(&G, 4, 4, ev);
    assert_null(th_find_event(ev, n, EV_SHORTAGE, -2));
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 2);
    assert_int_equal(G.bank[RES_WOOD], 0);
}

static void test_bank_shortage_single_player_gets_the_rest(void **state)
{
    (void)state;
    /* Only player 1 is owed wood (2, by the city); the bank has 1. */
    production_position(&G, 0);
    th_bank_holds(&G, RES_WOOD, 1, 3);
    th_roll(&G, 4, 4, NULL);
    assert_int_equal(G.p[1].res[RES_WOOD], 1);
    assert_int_equal(G.bank[RES_WOOD], 0);
    assert_int_equal(G.p[1].res[RES_GRAIN], 2);
    th_check_supply(&G);
}

/* ================================================================ a roll of 7 */

/* Player 0 holds 8 cards, player 1 9, player 2 7, player 3 none but a settlement on a hex
 * whose number is (against the rules, to make production visible) 7. */
static void seven_position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    th_clear_tokens(g);
    th_put_terrain(g, HEX_A, TERRAIN_FOREST, 0);
    th_set_token(g, HEX_A, 7);
    g->robber = HEX_S;
    th_place_settlement(g, 3, 1);
    th_give(g, 0, 2, 2, 2, 2, 0);
    th_give(g, 1, 0, 0, 0, 4, 5);
    th_give(g, 2, 0, 4, 3, 0, 0);
    th_roll_phase(g, 0);
}

static void test_seven_discard_half_rounded_down(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    seven_position(&G);
    int n = th_roll(&G, 3, 4, ev);
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(G.p[0].discard, 4); /* 8 -> 4 */
    assert_int_equal(G.p[1].discard, 4); /* 9 -> 4 */
    assert_int_equal(G.p[2].discard, 0); /* 7: none */
    assert_int_equal(G.p[3].discard, 0);
    assert_int_equal(game_waiting_for(&G), TB(0) | TB(1));
    assert_int_equal(th_count_events(ev, n, EV_DISCARD_NEEDED), 2);
    const struct game_event *e = th_find_event(ev, n, EV_DISCARD_NEEDED, 1);
    assert_non_null(e);
    assert_int_equal(e->a, 4);
    /* No production on 7. */
    assert_null(th_find_event(ev, n, EV_PRODUCE, -2));
    assert_int_equal(th_hand(&G, 3), 0);
}

static void test_seven_discard_checks(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    seven_position(&G);
    th_roll(&G, 1, 6, NULL);
    struct game_action a = th_action(ACT_DISCARD, 0);
    th_set5(a.give, 2, 1, 0, 0, 0); /* 3, not 4 */
    th_refused(&G, &a, BW_E(DISCARD_COUNT));
    th_set5(a.give, 2, 2, 1, 0, 0); /* 5 */
    th_refused(&G, &a, BW_E(DISCARD_COUNT));
    th_set5(a.give, 0, 0, 0, 0, 4); /* no ore held */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    th_set5(a.give, 3, 1, 0, 0, 0); /* only 2 wood held */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    a = th_action(ACT_DISCARD, 2); /* 7 cards: nothing to discard */
    a.give[RES_BRICK] = 3;
    th_refused(&G, &a, BW_E(NO_DISCARD));
    a = th_action(ACT_DISCARD, 3);
    th_refused(&G, &a, BW_E(NO_DISCARD));

    /* The game waits for every discard before the robber moves. */
    a = th_act_robber(ACT_ROBBER, 0, HEX_B, -1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_END, 0);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_DISCARD, 0);
    th_set5(a.give, 2, 2, 0, 0, 0);
    int n = th_apply(&G, &a, ev);
    assert_null(th_find_event(ev, n, EV_ROBBER_NEEDED, -2));
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(game_waiting_for(&G), TB(1));
    th_refused(&G, &a, BW_E(NO_DISCARD)); /* once is enough */
    a = th_act_robber(ACT_ROBBER, 0, HEX_B, -1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));

    a = th_action(ACT_DISCARD, 1);
    th_set5(a.give, 0, 0, 0, 1, 3);
    n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_ROBBER_NEEDED, 0));
    assert_int_equal(G.phase, PHASE_ROBBER);
    assert_int_equal(th_hand(&G, 0), 4);
    assert_int_equal(G.p[0].res[RES_WOOL], 2);
    assert_int_equal(th_hand(&G, 1), 5);
    assert_int_equal(G.p[1].res[RES_ORE], 2);
    assert_int_equal(th_hand(&G, 2), 7);
    th_check_supply(&G);
}

static void test_seven_without_big_hands_goes_to_robber(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    seven_position(&G);
    th_return_all(&G, 0);
    th_return_all(&G, 1);
    int n = th_roll(&G, 2, 5, ev);
    assert_int_equal(G.phase, PHASE_ROBBER);
    assert_null(th_find_event(ev, n, EV_DISCARD_NEEDED, -2));
    assert_non_null(th_find_event(ev, n, EV_ROBBER_NEEDED, 0));
    assert_null(th_find_event(ev, n, EV_PRODUCE, -2));
    assert_int_equal(game_waiting_for(&G), TB(0));
}

/* ================================================================ the robber */

/* The desert is S (index 18), the robber on J. Hex A: player 1 at 1 (no cards), player 2 at 9
 * (also B and E; 1 ore), player 3 at 8 (also D; a wood and a brick). Player 1 also at 3 (C).
 * Player 0 at 19 (E, F, J). Player 0 rolled a 7 and moves the robber. */
static void robber_position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    th_put_terrain(g, HEX_S, TERRAIN_DESERT, 0);
    g->robber = HEX_J;
    th_place_settlement(g, 1, 1);
    th_place_settlement(g, 1, 3);
    th_place_settlement(g, 2, 9);
    th_place_settlement(g, 3, 8);
    th_place_settlement(g, 0, 19);
    th_give(g, 2, 0, 0, 0, 0, 1);
    th_give(g, 3, 1, 1, 0, 0, 0);
    th_roll_phase(g, 0);
    th_roll(g, 3, 4, NULL);
    assert_int_equal(g->phase, PHASE_ROBBER);
}

static void test_robber_must_move(void **state)
{
    (void)state;
    robber_position(&G);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_J, -1);
    th_refused(&G, &a, BW_E(ROBBER_SAME));
    a = th_act_robber(ACT_ROBBER, 0, 19, -1);
    th_refused(&G, &a, BW_E(NO_SUCH_SPOT));
    a = th_act_robber(ACT_ROBBER, 1, HEX_B, -1);
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
    /* The turn cannot end before the robber moves. */
    a = th_action(ACT_END, 0);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
}

static void test_robber_to_desert_allowed(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    robber_position(&G);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_S, -1);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.robber, HEX_S);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_non_null(th_find_event(ev, n, EV_NO_STEAL, 0));
    assert_null(th_find_event(ev, n, EV_STEAL, -2));
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(th_hand(&G, 2), 1);
}

static void test_robber_victim_rules(void **state)
{
    (void)state;
    robber_position(&G);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_A, 1); /* no cards */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_ROBBER, 0, HEX_A, 0); /* oneself */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_ROBBER, 0, HEX_B, 3); /* cards, but nothing on B */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_ROBBER, 0, HEX_C, 1); /* only player 1, who has no cards */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_ROBBER, 0, HEX_F, 0); /* only one's own building */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_ROBBER, 0, HEX_A, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(th_hand(&G, 2), 0);
    th_check_supply(&G);
}

static void test_robber_several_candidates_must_name_one(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    robber_position(&G);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_A, -1); /* players 2 and 3 */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    uint8_t bank[RES_COUNT], p3[RES_COUNT];
    memcpy(bank, G.bank, sizeof bank);
    memcpy(p3, G.p[3].res, sizeof p3);
    a = th_act_robber(ACT_ROBBER, 0, HEX_A, 3);
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_STEAL, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 3);
    assert_true(e->a == RES_WOOD || e->a == RES_BRICK);
    /* The card moved from the victim to the thief; the bank is untouched. */
    assert_int_equal(G.p[3].res[e->a], p3[e->a] - 1);
    assert_int_equal(G.p[0].res[e->a], 1);
    assert_int_equal(th_hand(&G, 0), 1);
    assert_int_equal(th_hand(&G, 3), 1);
    assert_memory_equal(bank, G.bank, sizeof bank);
    assert_int_equal(th_hand(&G, 2), 1);
    th_check_supply(&G);

    /* The card is drawn at random: over several games both of player 3's cards get taken. */
    int seen[RES_COUNT] = {0};
    for (uint64_t seed = 1; seed <= 40; seed++) {
        robber_position(&G);
        bw_rng_seed(&G.rng, seed);
        th_apply(&G, &a, ev);
        seen[G.p[0].res[RES_WOOD] ? RES_WOOD : RES_BRICK]++;
    }
    assert_true(seen[RES_WOOD] > 0 && seen[RES_BRICK] > 0);
}

static void test_robber_single_candidate_or_nobody(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    /* On B only player 2 can be robbed: no need to name them. */
    robber_position(&G);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_B, -1);
    int n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_STEAL, 0));
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    /* On C there is only player 1 without cards: the robber moves, nothing is stolen. */
    robber_position(&G);
    a = th_act_robber(ACT_ROBBER, 0, HEX_C, -1);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.robber, HEX_C);
    assert_non_null(th_find_event(ev, n, EV_NO_STEAL, 0));
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(G.phase, PHASE_MAIN);
}

/* ================================================================ building */

static void test_build_costs_paid_to_bank(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 1);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 1, 5);
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_BUILD, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 3);
    assert_int_equal(e->b, th_edge(&G, 1, 5));
    assert_int_equal(G.edge_owner[th_edge(&G, 1, 5)], 0);
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(G.bank[RES_WOOD], 19);
    assert_int_equal(G.bank[RES_BRICK], 19);

    a = th_act_road(&G, 0, 5, 2);
    th_give(&G, 0, 2, 2, 1, 1, 0);
    th_apply(&G, &a, NULL);
    a = th_act_settle(&G, 0, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(G.vertex_owner[th_vertex(&G, 2)], 0);
    assert_int_equal(G.vertex_building[th_vertex(&G, 2)], BUILDING_SETTLEMENT);
    assert_int_equal(G.p[0].settlements, 2);

    th_give(&G, 0, 0, 0, 0, 2, 3);
    a = th_act_city(&G, 0, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 0), 0);
    for (int r = 0; r < RES_COUNT; r++)
        assert_int_equal(G.bank[r], 19);
    assert_int_equal(game_vp_total(&G, 0), 1 + 2);
    th_check_supply(&G);
}

static void test_build_not_enough_resources(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 1);
    th_place_road(&G, 0, 1, 5);
    th_give(&G, 0, 1, 0, 1, 1, 2); /* no brick; only 1 grain and 2 ore */
    struct game_action a = th_act_road(&G, 0, 5, 2);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    th_place_road(&G, 0, 5, 2);
    a = th_act_settle(&G, 0, 2);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    a = th_act_city(&G, 0, 1);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    th_return_all(&G, 0);
    a = th_action(ACT_BUY_DEV, 0);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
}

static void test_build_out_of_turn_refused(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 1, 1);
    th_give(&G, 1, 2, 2, 1, 1, 1);
    th_place_settlement(&G, 0, 51);
    th_give(&G, 0, 2, 2, 1, 1, 1);
    struct game_action a = th_act_road(&G, 1, 1, 5); /* player 0's turn */
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
    a = th_action(ACT_BUY_DEV, 1);
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
    /* Before the roll, not even the current player builds. */
    th_roll_phase(&G, 0);
    a = th_act_road(&G, 0, 51, 54);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_BUY_DEV, 0);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
}

static void test_road_must_connect(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 8);
    th_place_road(&G, 0, 8, 4);
    th_give(&G, 0, 3, 3, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 19, 24); /* nowhere near */
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_road(&G, 0, 8, 4);
    th_refused(&G, &a, BW_E(OCCUPIED));
    a = th_act_road(&G, 0, 4, 1); /* from the road */
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 8, 13); /* from the settlement */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].roads, 3);
}

static void test_road_not_through_opponent_building(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    int path[4] = {8, 4, 1, 5};
    settled_path(&G, 0, path, 4);
    th_give(&G, 0, 3, 3, 0, 0, 0);
    /* Without a building at 5 the road goes on... */
    assert_true(game_can_road(&G, 0, th_edge(&G, 5, 2)));
    /* ...with an opponent's settlement there it stops. */
    th_place_settlement(&G, 1, 5);
    struct game_action a = th_act_road(&G, 0, 5, 2);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_road(&G, 0, 5, 9);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    /* A road may still end at the opponent's building. */
    th_remove_building(&G, 5);
    th_place_settlement(&G, 1, 2);
    G.edge_owner[th_edge(&G, 1, 5)] = -1;
    G.p[0].roads--;
    game_reindex(&G);
    a = th_act_road(&G, 0, 1, 5);
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 5, 2);
    th_apply(&G, &a, NULL);
    th_check_supply(&G);
}

static void test_settlement_needs_road_and_distance(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    int path[5] = {8, 4, 1, 5, 2};
    settled_path(&G, 0, path, 5);
    th_place_settlement(&G, 1, 19);
    th_place_road(&G, 1, 19, 14);
    th_give(&G, 0, 3, 3, 3, 3, 0);
    struct game_action a = th_act_settle(&G, 0, 4); /* next to 8 */
    th_refused(&G, &a, BW_E(TOO_CLOSE));
    a = th_act_settle(&G, 0, 9); /* not on player 0's road */
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a = th_act_settle(&G, 0, 14); /* next to player 1's 19, and not on a road of player 0 */
    th_refused(&G, &a, BW_E(TOO_CLOSE));
    a = th_act_settle(&G, 0, 8);
    th_refused(&G, &a, BW_E(OCCUPIED));
    a = th_act_settle(&G, 0, 2);
    th_apply(&G, &a, NULL);
    a = th_act_settle(&G, 0, 5); /* now next to 2 */
    th_refused(&G, &a, BW_E(TOO_CLOSE));
    a = th_act_settle(&G, 0, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].settlements, 3);
    th_check_supply(&G);
}

static void test_city_only_on_own_settlement(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 1);
    th_place_settlement(&G, 1, 3);
    th_give(&G, 0, 0, 0, 0, 4, 6);
    struct game_action a = th_act_city(&G, 0, 19); /* empty */
    th_refused(&G, &a, BW_E(NOT_YOURS));
    a = th_act_city(&G, 0, 3); /* an opponent's */
    th_refused(&G, &a, BW_E(NOT_YOURS));
    assert_int_equal(game_vp_total(&G, 0), 1);
    a = th_act_city(&G, 0, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.vertex_building[th_vertex(&G, 1)], BUILDING_CITY);
    assert_int_equal(G.p[0].settlements, 0); /* the settlement piece is back */
    assert_int_equal(G.p[0].cities, 1);
    assert_int_equal(game_vp_total(&G, 0), 2);
    a = th_act_city(&G, 0, 1); /* already a city */
    th_refused(&G, &a, BW_E(NOT_YOURS));
    th_check_supply(&G);
}

static void test_piece_limit_settlements_and_city_returns_piece(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    static const int spots[5] = {1, 3, 12, 16, 28};
    for (int i = 0; i < 5; i++)
        th_place_settlement(&G, 0, spots[i]);
    th_place_road(&G, 0, 1, 5);
    th_place_road(&G, 0, 5, 2);
    th_give(&G, 0, 1, 1, 1, 3, 3);
    struct game_action a = th_act_settle(&G, 0, 2); /* a legal spot, but no piece */
    th_refused(&G, &a, BW_E(NO_PIECES));
    a = th_act_city(&G, 0, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].settlements, 4);
    a = th_act_settle(&G, 0, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].settlements, 5);
    th_check_supply(&G);
}

static void test_piece_limit_cities(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    static const int cities[4] = {3, 12, 16, 28};
    for (int i = 0; i < 4; i++)
        th_place_city(&G, 0, cities[i]);
    th_place_settlement(&G, 0, 1);
    th_give(&G, 0, 0, 0, 0, 2, 3);
    struct game_action a = th_act_city(&G, 0, 1);
    th_refused(&G, &a, BW_E(NO_PIECES));
    th_check_supply(&G);
}

static void test_piece_limit_roads(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    static const int coast[16] = {4, 1, 5, 2, 6, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47, 51};
    settled_path(&G, 0, coast, 15); /* 14 roads */
    th_give(&G, 0, 2, 2, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 47, 51);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].roads, 15);
    a = th_act_road(&G, 0, 51, 54);
    th_refused(&G, &a, BW_E(NO_PIECES));
    th_check_supply(&G);
}

/* Whether the engine accepts action a in position g (tried on a copy). */
static int accepted(const struct game *g, const struct game_action *a)
{
    static struct game c;
    memcpy(&c, g, sizeof c);
    return game_apply(&c, a, NULL, 0, NULL) == BW_OK;
}

/* What the engine offers as spots (game_can_road/settle/city, used for the spots reply and the
 * timeouts) is exactly what building accepts, given the cards and pieces. */
static void check_spots_agree(const struct game *pos, int p)
{
    static struct game g;
    memcpy(&g, pos, sizeof g);
    th_main_phase(&g, p);
    th_return_all(&g, p);
    th_give(&g, p, 2, 2, 2, 2, 3);
    const struct board_geo *geo = th_geo(&g);
    int n_ok = 0;
    for (int v = 0; v < geo->n_vertices; v++) {
        struct game_action a = th_action(ACT_BUILD_SETTLEMENT, p);
        a.a = (int16_t)v;
        int ok = accepted(&g, &a);
        assert_int_equal(ok, game_can_settle(&g, p, v));
        n_ok += ok;
        a.type = ACT_BUILD_CITY;
        assert_int_equal(accepted(&g, &a), game_can_city(&g, p, v));
    }
    for (int e = 0; e < geo->n_edges; e++) {
        struct game_action a = th_action(ACT_BUILD_ROAD, p);
        a.a = (int16_t)e;
        int ok = accepted(&g, &a);
        assert_int_equal(ok, game_can_road(&g, p, e));
        n_ok += ok;
    }
    if (pos->p[p].settlements + pos->p[p].cities + pos->p[p].roads)
        assert_true(n_ok > 0);
}

static void test_spots_agree_with_building_rules(void **state)
{
    (void)state;
    static struct game pos;
    th_blank(&pos, 4, BOARD_BASE);
    int p0[7] = {8, 4, 1, 5, 2, 6, 3};
    settled_path(&pos, 0, p0, 7);
    int p1[6] = {30, 24, 19, 14, 9, 5};
    settled_path(&pos, 1, p1, 6);
    th_place_city(&pos, 2, 44);
    int p2[4] = {44, 40, 35, 29};
    th_place_path(&pos, 2, p2, 4);
    th_place_settlement(&pos, 2, 29);
    for (int p = 0; p < 4; p++)
        check_spots_agree(&pos, p);
    th_place_settlement(&pos, 1, 2); /* in the middle of player 0's road */
    for (int p = 0; p < 3; p++)
        check_spots_agree(&pos, p);
}

/* ================================================================ development cards */

static void test_buy_dev_card_cost_and_deck_order(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 0, 0, 2, 2, 2);
    th_deck_top(&G, DEV_MONOPOLY);
    int pos = G.deck_pos, second = G.deck[pos + 1];
    struct game_action a = th_action(ACT_BUY_DEV, 0);
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_BUY_DEV, 0);
    assert_non_null(e);
    assert_int_equal(e->a, DEV_MONOPOLY);
    assert_int_equal(G.p[0].dev_new[DEV_MONOPOLY], 1);
    assert_int_equal(G.deck_pos, pos + 1);
    assert_int_equal(th_hand(&G, 0), 3);
    assert_int_equal(G.bank[RES_WOOL], 19 - 1);
    /* The next card is the next one in the deck. */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].dev_new[second], 1 + (second == DEV_MONOPOLY));
    assert_int_equal(th_hand(&G, 0), 0);
    for (int r = 0; r < RES_COUNT; r++)
        assert_int_equal(G.bank[r], 19);
    assert_int_equal(game_dev_count(&G, 0), 2);
    th_check_supply(&G);
}

static void test_buy_dev_card_deck_empty(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    G.deck_pos = G.deck_size; /* every card is gone */
    struct game_action a = th_action(ACT_BUY_DEV, 0);
    th_refused(&G, &a, BW_E(DECK_EMPTY));
}

static void test_dev_card_not_on_the_turn_bought(void **state)
{
    (void)state;
    th_blank(&G, 3, BOARD_BASE);
    th_clear_tokens(&G);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    th_deck_top(&G, DEV_KNIGHT);
    struct game_action a = th_action(ACT_BUY_DEV, 0);
    th_apply(&G, &a, NULL);
    int hex = G.robber == HEX_A ? HEX_B : HEX_A;
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, hex, -1);
    th_refused(&G, &a, BW_E(CARD_NEW));
    th_pass_turn(&G); /* player 0 */
    th_pass_turn(&G); /* player 1 */
    th_pass_turn(&G); /* player 2 */
    assert_int_equal(G.current, 0);
    assert_int_equal(G.phase, PHASE_ROLL);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].knights, 1);
    assert_int_equal(G.robber, hex);
    assert_int_equal(game_dev_count(&G, 0), 0);
}

static void test_dev_card_one_per_turn(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_clear_tokens(&G);
    th_give_dev(&G, 0, DEV_KNIGHT, 2, 0);
    th_give_dev(&G, 0, DEV_MONOPOLY, 1, 0);
    th_roll_phase(&G, 0);
    G.robber = HEX_S;
    struct game_action a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_A, -1);
    th_apply(&G, &a, NULL); /* before the roll */
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_B, -1);
    th_refused(&G, &a, BW_E(CARD_PLAYED));
    th_roll(&G, 1, 1, NULL);
    th_refused(&G, &a, BW_E(CARD_PLAYED));
    a = th_action(ACT_PLAY_MONOPOLY, 0);
    a.res = RES_ORE;
    th_refused(&G, &a, BW_E(CARD_PLAYED));
    /* Next turn, one again. */
    th_pass_turn(&G);
    th_pass_turn(&G);
    th_pass_turn(&G);
    th_pass_turn(&G);
    assert_int_equal(G.current, 0);
    th_roll(&G, 1, 1, NULL);
    th_apply(&G, &a, NULL);
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_B, -1);
    th_refused(&G, &a, BW_E(CARD_PLAYED));
}

static void test_dev_card_not_held_refused(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    struct game_action a = th_action(ACT_PLAY_MONOPOLY, 0);
    a.res = RES_ORE;
    th_refused(&G, &a, BW_E(NO_CARD));
    th_give_dev(&G, 1, DEV_MONOPOLY, 1, 0);
    a.player = 1; /* holds one, but it is player 0's turn */
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
}

static void test_victory_cards_count_not_played(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 1);
    th_give_dev(&G, 0, DEV_VICTORY, 2, 0);
    th_give_dev(&G, 0, DEV_VICTORY, 1, 1);
    assert_int_equal(game_vp_public(&G, 0), 1);
    assert_int_equal(game_vp_total(&G, 0), 4);
    /* No action plays them: the legal actions never include one, and nothing removes them. */
    struct game_action acts[512];
    int n = game_legal_actions(&G, 0, acts, 512);
    assert_true(n <= 512);
    for (int i = 0; i < n; i++)
        assert_true(acts[i].type != ACT_PLAY_KNIGHT && acts[i].type != ACT_PLAY_ROADS &&
                    acts[i].type != ACT_PLAY_PLENTY && acts[i].type != ACT_PLAY_MONOPOLY);
}

static void test_knight_before_roll_moves_robber_and_steals_without_discards(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    G.robber = HEX_S;
    th_place_settlement(&G, 1, 1);
    th_give(&G, 1, 2, 2, 2, 2, 2); /* 10 cards */
    th_give(&G, 0, 3, 3, 3, 0, 0); /* 9 cards */
    th_give_dev(&G, 0, DEV_KNIGHT, 1, 0);
    th_roll_phase(&G, 0);
    struct game_action a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_S, 1);
    th_refused(&G, &a, BW_E(ROBBER_SAME));
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_A, 2); /* nothing of player 2 on A */
    th_refused(&G, &a, BW_E(BAD_VICTIM));
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_A, 1);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.phase, PHASE_ROLL); /* still to roll */
    assert_int_equal(G.robber, HEX_A);
    assert_int_equal(G.p[0].knights, 1);
    assert_int_equal(G.p[0].dev[DEV_KNIGHT], 0);
    assert_non_null(th_find_event(ev, n, EV_PLAY_DEV, 0));
    assert_non_null(th_find_event(ev, n, EV_STEAL, 0));
    assert_null(th_find_event(ev, n, EV_DISCARD_NEEDED, -2));
    assert_int_equal(th_hand(&G, 1), 9);
    assert_int_equal(th_hand(&G, 0), 10);
    for (int p = 0; p < 4; p++)
        assert_int_equal(G.p[p].discard, 0);
    th_check_supply(&G);
    th_roll(&G, 2, 2, NULL);
    assert_int_equal(G.phase, PHASE_MAIN);
}

static void test_largest_army(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    G.robber = HEX_S;
    th_played_knights(&G, 0, 1);
    th_give_dev(&G, 0, DEV_KNIGHT, 2, 0);
    th_played_knights(&G, 1, 2);
    th_give_dev(&G, 1, DEV_KNIGHT, 2, 0);
    /* Two knights are not enough. */
    struct game_action a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_A, -1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.largest_army, -1);
    /* The third one takes it: 2 points. */
    th_main_phase(&G, 0);
    a = th_act_robber(ACT_PLAY_KNIGHT, 0, HEX_B, -1);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.largest_army, 0);
    const struct game_event *e = th_find_event(ev, n, EV_LARGEST_ARMY, 0);
    assert_non_null(e);
    assert_int_equal(e->other, -1);
    assert_int_equal(e->a, 3);
    assert_int_equal(game_vp_total(&G, 0), 2);
    /* Player 1 ties with 3: player 0 keeps it. */
    th_main_phase(&G, 1);
    a = th_act_robber(ACT_PLAY_KNIGHT, 1, HEX_C, -1);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.p[1].knights, 3);
    assert_int_equal(G.largest_army, 0);
    assert_null(th_find_event(ev, n, EV_LARGEST_ARMY, -2));
    /* Strictly more takes it. */
    th_main_phase(&G, 1);
    a = th_act_robber(ACT_PLAY_KNIGHT, 1, HEX_D, -1);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.largest_army, 1);
    e = th_find_event(ev, n, EV_LARGEST_ARMY, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(game_vp_total(&G, 0), 0);
    assert_int_equal(game_vp_total(&G, 1), 2);
}

/* Player p's road building card played for the roads v1-v2 and v3-v4. */
static struct game_action act_two_roads(const struct game *g, int p, int v1, int v2, int v3, int v4)
{
    struct game_action a = th_action(ACT_PLAY_ROADS, p);
    a.a = (int16_t)th_edge(g, v1, v2);
    a.b = (int16_t)th_edge(g, v3, v4);
    return a;
}

static void test_road_building_two_free_roads(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 1);
    th_give_dev(&G, 0, DEV_ROADS, 1, 0);
    /* The first named road connects only through the second one. */
    struct game_action a = act_two_roads(&G, 0, 5, 2, 9, 13);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a.b = a.a;
    th_refused(&G, &a, BW_E(OCCUPIED));
    a.b = -1; /* only one road while two fit */
    a.a = (int16_t)th_edge(&G, 1, 5);
    th_refused(&G, &a, BW_E(INVALID));
    a = act_two_roads(&G, 0, 5, 2, 1, 5);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(th_count_events(ev, n, EV_FREE_ROAD), 2);
    assert_int_equal(G.edge_owner[th_edge(&G, 1, 5)], 0);
    assert_int_equal(G.edge_owner[th_edge(&G, 5, 2)], 0);
    assert_int_equal(G.p[0].roads, 2);
    assert_int_equal(th_hand(&G, 0), 0); /* free */
    for (int r = 0; r < RES_COUNT; r++)
        assert_int_equal(G.bank[r], 19);
    assert_int_equal(G.p[0].dev[DEV_ROADS], 0);
    th_check_supply(&G);
}

static void test_road_building_one_road_when_one_piece_left(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    static const int coast[15] = {4, 1, 5, 2, 6, 3, 7, 11, 16, 21, 27, 33, 38, 43, 47};
    settled_path(&G, 0, coast, 15); /* 14 roads */
    th_give_dev(&G, 0, DEV_ROADS, 1, 0);
    struct game_action a = act_two_roads(&G, 0, 47, 51, 51, 54);
    th_refused(&G, &a, BW_E(NO_PIECES));
    a.b = -1;
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].roads, 15);
    th_check_supply(&G);
}

static void test_road_building_one_road_when_one_spot_left(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    /* Player 0 at 1; player 1 holds 1-4, 5-2 and 5-9, so after 1-5 nothing fits. */
    th_place_settlement(&G, 0, 1);
    th_place_settlement(&G, 1, 8);
    th_place_road(&G, 1, 8, 4);
    th_place_road(&G, 1, 4, 1);
    th_place_settlement(&G, 1, 14);
    th_place_road(&G, 1, 14, 9);
    th_place_road(&G, 1, 9, 5);
    th_place_road(&G, 1, 5, 2);
    th_give_dev(&G, 0, DEV_ROADS, 1, 0);
    struct game_action a = act_two_roads(&G, 0, 1, 5, 2, 6);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    a.b = -1;
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].roads, 1);
    assert_int_equal(G.edge_owner[th_edge(&G, 1, 5)], 0);
    th_check_supply(&G);
}

static void test_year_of_plenty(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_give_dev(&G, 0, DEV_PLENTY, 1, 0);
    struct game_action a = th_action(ACT_PLAY_PLENTY, 0);
    a.res = RES_WOOL;
    a.res2 = RES_ORE;
    int n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_PLENTY, 0));
    assert_int_equal(G.p[0].res[RES_WOOL], 1);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(th_hand(&G, 0), 2);
    assert_int_equal(G.bank[RES_WOOL], 18);
    assert_int_equal(G.bank[RES_ORE], 18);
    th_check_supply(&G);
}

static void test_year_of_plenty_only_what_the_bank_holds(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give_dev(&G, 0, DEV_PLENTY, 1, 0);
    th_bank_holds(&G, RES_ORE, 0, 2);
    th_bank_holds(&G, RES_GRAIN, 1, 3);
    struct game_action a = th_action(ACT_PLAY_PLENTY, 0);
    a.res = RES_WOOL;
    a.res2 = RES_ORE;
    th_refused(&G, &a, BW_E(BANK_EMPTY));
    a.res = RES_GRAIN;
    a.res2 = RES_GRAIN;
    th_refused(&G, &a, BW_E(BANK_EMPTY));
    a.res2 = RES_NONE; /* one card only while the bank holds more */
    th_refused(&G, &a, BW_E(INVALID));
    a.res2 = RES_WOOL;
    th_apply(&G, &a, NULL);
    assert_int_equal(G.bank[RES_GRAIN], 0);
    assert_int_equal(G.p[0].res[RES_GRAIN], 1);
    assert_int_equal(G.p[0].res[RES_WOOL], 1);
    th_check_supply(&G);

    /* A bank with a single card left: that card is all there is to take. */
    th_blank(&G, 4, BOARD_BASE);
    th_give_dev(&G, 0, DEV_PLENTY, 1, 0);
    for (int r = 0; r < RES_COUNT; r++)
        th_bank_holds(&G, r, r == RES_BRICK, 1 + r % 3);
    a.res = RES_BRICK;
    a.res2 = RES_BRICK;
    th_refused(&G, &a, BW_E(BANK_EMPTY));
    a.res2 = RES_NONE;
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_BRICK], 1);
    assert_int_equal(G.bank[RES_BRICK], 0);
    th_check_supply(&G);
}

static void test_monopoly(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_give_dev(&G, 0, DEV_MONOPOLY, 1, 0);
    th_give(&G, 0, 0, 0, 0, 1, 0);
    th_give(&G, 1, 1, 0, 0, 3, 0);
    th_give(&G, 2, 0, 2, 0, 2, 0);
    th_give(&G, 3, 0, 0, 4, 0, 0);
    uint8_t bank[RES_COUNT];
    memcpy(bank, G.bank, sizeof bank);
    struct game_action a = th_action(ACT_PLAY_MONOPOLY, 0);
    a.res = RES_GRAIN;
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_MONOPOLY, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 5);
    assert_int_equal(G.p[0].res[RES_GRAIN], 6);
    assert_int_equal(G.p[1].res[RES_GRAIN], 0);
    assert_int_equal(G.p[2].res[RES_GRAIN], 0);
    assert_int_equal(G.p[1].res[RES_WOOD], 1); /* other resources stay */
    assert_int_equal(G.p[2].res[RES_BRICK], 2);
    assert_int_equal(G.p[3].res[RES_WOOL], 4);
    assert_memory_equal(bank, G.bank, sizeof bank);
    th_check_supply(&G);
}

/* ================================================================ longest road */

/* Player p is given the cards for a settlement and builds it at v. Returns the number of events
 * (in ev, which may be NULL). */
static int build_settlement(struct game *g, int p, int v, struct game_event *ev)
{
    th_give(g, p, 1, 1, 1, 1, 0);
    struct game_action a = th_act_settle(g, p, v);
    return th_apply(g, &a, ev);
}

/* Player p is given the cards for a road and builds it at v1-v2. Returns the number of events (in
 * ev, which may be NULL). */
static int build_road(struct game *g, int p, int v1, int v2, struct game_event *ev)
{
    th_give(g, p, 1, 1, 0, 0, 0);
    struct game_action a = th_act_road(g, p, v1, v2);
    return th_apply(g, &a, ev);
}

/* Every trail of player p's roads from every vertex, by brute force: each road at most once,
 * never continuing through a vertex with another player's building. */
static int brute_trail(const struct game *g, int p, int v, uint8_t *used, int len)
{
    const struct board_geo *geo = th_geo(g);
    int best = len;
    if (len > 0 && g->vertex_owner[v] >= 0 && g->vertex_owner[v] != p)
        return best;
    for (int e = 0; e < geo->n_edges; e++) {
        if (g->edge_owner[e] != p || used[e])
            continue;
        int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
        if (a != v && b != v)
            continue;
        used[e] = 1;
        int l = brute_trail(g, p, a == v ? b : a, used, len + 1);
        used[e] = 0;
        if (l > best)
            best = l;
    }
    return best;
}

static int brute_longest(const struct game *g, int p)
{
    uint8_t used[BOARD_MAX_EDGES] = {0};
    int best = 0;
    for (int v = 0; v < th_geo(g)->n_vertices; v++) {
        int l = brute_trail(g, p, v, used, 0);
        if (l > best)
            best = l;
    }
    return best;
}

/* Player 0 at 8 with roads 8-4-1-5-2 (4), then builds 2-6: the fifth takes the card. */
static void test_longest_road_chain_of_five(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 8);
    th_give(&G, 0, 2, 2, 0, 0, 0);
    int path[4] = {8, 4, 1, 5};
    th_place_path(&G, 0, path, 4);
    th_sync_roads(&G);
    struct game_action a = th_act_road(&G, 0, 5, 2);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.p[0].road_length, 4);
    assert_int_equal(G.longest_road, -1); /* 4 is not enough */
    assert_null(th_find_event(ev, n, EV_LONGEST_ROAD, -2));
    a = th_act_road(&G, 0, 2, 6);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.p[0].road_length, 5);
    assert_int_equal(G.longest_road, 0);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, 0);
    assert_non_null(e);
    assert_int_equal(e->other, -1);
    assert_int_equal(e->a, 5);
    assert_int_equal(game_vp_total(&G, 0), 1 + 2);
}

/* A fork at 5 with branches of 3 (5-1-4-8), 2 (5-2-6) and 3 (5-9-14-19): 8 roads, but the
 * longest path takes two branches: 6. */
static void test_longest_road_fork_counts_one_path(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, 8);
    int b1[4] = {5, 1, 4, 8}, b2[3] = {5, 2, 6}, b3[3] = {5, 9, 14};
    th_place_path(&G, 0, b1, 4);
    th_place_path(&G, 0, b2, 3);
    th_place_path(&G, 0, b3, 3);
    th_sync_roads(&G);
    build_road(&G, 0, 14, 19, NULL);
    assert_int_equal(G.p[0].roads, 8);
    assert_int_equal(G.p[0].road_length, 6);
    assert_int_equal(game_longest_road_of(&G, 0), 6);
    assert_int_equal(G.longest_road, 0);
}

/* The six sides of hex A: a cycle of 6 counts 6; with a tail of 2 from one corner (13-18-23)
 * the path runs the tail, the whole cycle and back through 13: 8. */
static void test_longest_road_cycle_and_tail(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    int ring[6] = {1, 5, 9, 13, 8, 4};
    settled_path(&G, 0, ring, 6);
    th_sync_roads(&G);
    th_give(&G, 0, 3, 3, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 4, 1); /* closes the ring */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].road_length, 6);
    assert_int_equal(game_longest_road_of(&G, 0), 6); /* the full search: a ring, no ends */
    assert_int_equal(G.longest_road, 0);
    a = th_act_road(&G, 0, 13, 18);
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 18, 23);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].roads, 8);
    assert_int_equal(G.p[0].road_length, 8); /* 13 is visited twice */
}

/* The sides of hexes A and B (11 roads): only 5 and 9 have three roads, so one path (an Euler
 * trail from 5 to 9) uses them all. */
static void test_longest_road_two_rings(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    int ring_a[7] = {1, 5, 9, 13, 8, 4, 1}, ring_b[5] = {5, 2, 6, 10, 14};
    settled_path(&G, 0, ring_a, 7);
    th_place_path(&G, 0, ring_b, 5);
    th_sync_roads(&G);
    build_road(&G, 0, 14, 9, NULL);
    assert_int_equal(G.p[0].roads, 11);
    assert_int_equal(G.p[0].road_length, 11);
}

/* An opponent's settlement built in the middle cuts the road: player 0's 8-4-1-5-2-6 (5,
 * holding the card) is cut at 5 by player 1, whose own road is 2 long: the card is set aside. */
static void test_longest_road_cut_below_five_set_aside(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    int path[6] = {8, 4, 1, 5, 2, 6};
    settled_path(&G, 0, path, 6);
    th_place_settlement(&G, 1, 14);
    th_place_road(&G, 1, 14, 9);
    th_place_road(&G, 1, 9, 5);
    th_sync_roads(&G);
    G.longest_road = 0;
    assert_int_equal(G.p[0].road_length, 5);
    th_main_phase(&G, 1);
    int n = build_settlement(&G, 1, 5, ev);
    assert_int_equal(G.p[0].road_length, 3); /* 8-4-1-5 */
    assert_int_equal(game_longest_road_of(&G, 0), 3);
    assert_int_equal(G.longest_road, -1);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, -1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(game_vp_total(&G, 0), 1);
}

/* Player 0 holds with 5; player 1 reaches 5 (a tie: player 0 keeps it), then 6 (takes it). */
static void test_longest_road_tie_keeps_longer_takes(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    int p0[6] = {8, 4, 1, 5, 2, 6};
    settled_path(&G, 0, p0, 6);
    int p1[5] = {44, 48, 52, 49, 53};
    settled_path(&G, 1, p1, 5);
    th_sync_roads(&G);
    G.longest_road = 0;
    th_main_phase(&G, 1);
    th_give(&G, 1, 2, 2, 0, 0, 0);
    struct game_action a = th_act_road(&G, 1, 53, 50);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.p[1].road_length, 5);
    assert_int_equal(G.longest_road, 0);
    assert_null(th_find_event(ev, n, EV_LONGEST_ROAD, -2));
    a = th_act_road(&G, 1, 50, 54);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.p[1].road_length, 6);
    assert_int_equal(G.longest_road, 1);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(e->a, 6);
    assert_int_equal(game_vp_total(&G, 1), 1 + 2);
    assert_int_equal(game_vp_total(&G, 0), 1);
}

/* The holder, cut, still ties for the longest: they keep it. Player 0's 8-4-1-5-2-6-3-7-11
 * (8) is cut at 6 into 5 and 3 by player 1, whose road 6-10-15-20-25-31 is 5. */
static void test_longest_road_cut_holder_still_tied_keeps(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    int p0[9] = {8, 4, 1, 5, 2, 6, 3, 7, 11};
    settled_path(&G, 0, p0, 9);
    int p1[6] = {31, 25, 20, 15, 10, 6};
    settled_path(&G, 1, p1, 6);
    th_sync_roads(&G);
    G.longest_road = 0;
    assert_int_equal(G.p[0].road_length, 8);
    assert_int_equal(G.p[1].road_length, 5);
    th_main_phase(&G, 1);
    int n = build_settlement(&G, 1, 6, ev);
    assert_int_equal(G.p[0].road_length, 5);
    assert_int_equal(G.p[1].road_length, 5);
    assert_int_equal(G.longest_road, 0);
    assert_null(th_find_event(ev, n, EV_LONGEST_ROAD, -2));
}

/* Player 0 holds the longest road, 8-4-1-5-2-6-3 (6); player 1 has 30-24-19-14-9-5 (5), which
 * ends in the middle of player 0's road, and player 2 the first p2_roads of 44-48-52-49-53-50.
 * Each road starts at its owner's settlement. */
static void three_roads_position(struct game *g, int p2_roads)
{
    static const int p0[7] = {8, 4, 1, 5, 2, 6, 3}, p1[6] = {30, 24, 19, 14, 9, 5},
                     p2[6] = {44, 48, 52, 49, 53, 50};
    th_blank(g, 4, BOARD_BASE);
    settled_path(g, 0, p0, 7);
    settled_path(g, 1, p1, 6);
    settled_path(g, 2, p2, p2_roads + 1);
    th_sync_roads(g);
    g->longest_road = 0;
}

/* The holder is cut and two others tie for the longest (5): nobody holds it. Then one of them
 * alone extends to 6 and takes it. */
static void test_longest_road_set_aside_then_taken(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    three_roads_position(&G, 5);
    assert_int_equal(G.p[0].road_length, 6);
    assert_int_equal(G.p[1].road_length, 5);
    assert_int_equal(G.p[2].road_length, 5);

    th_main_phase(&G, 1);
    int n = build_settlement(&G, 1, 5, ev);
    assert_int_equal(G.p[0].road_length, 3);
    assert_int_equal(G.longest_road, -1);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, -1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    for (int p = 0; p < 3; p++)
        assert_int_equal(game_vp_total(&G, p), p == 1 ? 2 : 1);

    th_main_phase(&G, 2);
    n = build_road(&G, 2, 50, 54, ev);
    assert_int_equal(G.longest_road, 2);
    e = th_find_event(ev, n, EV_LONGEST_ROAD, 2);
    assert_non_null(e);
    assert_int_equal(e->other, -1);
    assert_int_equal(e->a, 6);
}

/* The engine's longest road against brute force on random road networks with opponents'
 * buildings on some of their vertices. */
static void test_longest_road_matches_brute_force(void **state)
{
    (void)state;
    struct bw_rng r;
    bw_rng_seed(&r, 4242);
    for (int board = 0; board < BOARD_KIND_COUNT; board++)
        for (int round = 0; round < 400; round++) {
            th_init_seed(&G, 3, board, 1);
            const struct board_geo *geo = th_geo(&G);
            int want = 1 + (int)bw_rng_below(&r, GAME_ROADS);
            int e0 = (int)bw_rng_below(&r, (uint32_t)geo->n_edges);
            G.edge_owner[e0] = 0;
            for (int have = 1, tries = 0; have < want && tries < 1000; tries++) {
                int e = (int)bw_rng_below(&r, (uint32_t)geo->n_edges);
                if (G.edge_owner[e] >= 0)
                    continue;
                int touches = 0;
                for (int k = 0; k < 2; k++) {
                    int v = geo->edge_vertex[e][k];
                    for (int i = 0; i < geo->vertex_degree[v]; i++)
                        touches |= G.edge_owner[geo->vertex_edge[v][i]] == 0;
                }
                /* Mostly connected growth, sometimes a separate piece. */
                if (touches || bw_rng_below(&r, 8) == 0) {
                    G.edge_owner[e] = 0;
                    have++;
                }
            }
            for (int v = 0; v < geo->n_vertices; v++)
                if (bw_rng_below(&r, 10) == 0)
                    G.vertex_owner[v] = (int8_t)bw_rng_below(&r, 3);
            game_reindex(&G);
            int got = game_longest_road_of(&G, 0), exp = brute_longest(&G, 0);
            if (got != exp)
                fail_msg("board %d round %d: engine %d, brute force %d", board, round, got, exp);
        }
}

/* ================================================================ maritime trade */

static void test_maritime_four_to_one(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 9, 0, 0, 0, 0);
    assert_int_equal(game_trade_rate(&G, 0, RES_WOOD), 4);
    struct game_action a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 3, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 5, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 8, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 2);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_WOOD, 1);
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 0);
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 12, RES_ORE, 3); /* more than held */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_WOOD], 5);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.bank[RES_WOOD], 19 - 5);
    assert_int_equal(G.bank[RES_ORE], 18);
    /* Two units at once. */
    th_give(&G, 0, 3, 0, 0, 0, 0);
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 8, RES_ORE, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_ORE], 3);
    th_check_supply(&G);
}

/* A 1-based vertex on a harbor of type (0..4 or HARBOR_GENERIC), which the board must have. */
static int harbor_spot(const struct game *g, int type)
{
    int k = th_harbor_of_type(g, type);
    assert_true(k >= 0);
    return th_harbor_vertex(g, k);
}

static void test_maritime_generic_harbor_three_to_one(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_place_settlement(&G, 0, harbor_spot(&G, HARBOR_GENERIC));
    th_give(&G, 0, 6, 0, 0, 4, 0);
    for (int r = 0; r < RES_COUNT; r++)
        assert_int_equal(game_trade_rate(&G, 0, r), 3);
    assert_int_equal(game_trade_rate(&G, 1, RES_WOOD), 4); /* only for the owner */
    struct game_action a = th_act_swap(ACT_BANK_TRADE, 0, RES_GRAIN, 4, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 3, RES_ORE, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[0].res[RES_WOOD], 3);
    /* Mixed: 3 wood + 3 grain for 2. */
    a = th_action(ACT_BANK_TRADE, 0);
    th_set5(a.give, 3, 0, 0, 3, 0);
    th_set5(a.get, 0, 1, 1, 0, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 0), 1 + 1 + 1 + 1);
    th_check_supply(&G);
}

static void test_maritime_special_harbor_two_to_one(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    /* A city counts as well as a settlement. */
    th_place_city(&G, 0, harbor_spot(&G, RES_WOOL));
    th_give(&G, 0, 2, 0, 4, 0, 0);
    assert_int_equal(game_trade_rate(&G, 0, RES_WOOL), 2);
    assert_int_equal(game_trade_rate(&G, 0, RES_WOOD), 4); /* 2:1 of wool only */
    struct game_action a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 2, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOL, 3, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_RATE));
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOL, 2, RES_BRICK, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_BRICK], 1);
    assert_int_equal(G.p[0].res[RES_WOOL], 2);
    th_check_supply(&G);
}

static void test_maritime_bank_must_hold_the_card(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 4, 0, 0, 0, 0);
    th_bank_holds(&G, RES_ORE, 0, 2);
    struct game_action a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BANK_EMPTY));
}

static void test_maritime_only_current_player_after_roll(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 4, 0, 0, 0, 0);
    th_give(&G, 1, 4, 0, 0, 0, 0);
    struct game_action a = th_act_swap(ACT_BANK_TRADE, 1, RES_WOOD, 4, RES_ORE, 1);
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
    th_roll_phase(&G, 0);
    a = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
}

/* ================================================================ domestic trade */

/* Player 0 to act after the roll, holding 2 wood; player 1 holds 2 ore. */
static void trade_position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    th_give(g, 0, 2, 0, 0, 0, 0);
    th_give(g, 1, 0, 0, 0, 0, 2);
}

static int open_offer(struct game *g, int p, int give_res, int n, int get_res, int m, int mask)
{
    struct game_event ev[GAME_MAX_EVENTS];
    struct game_action a = th_act_swap(ACT_OFFER, p, give_res, n, get_res, m);
    a.to_mask = (uint8_t)mask;
    int k = th_apply(g, &a, ev);
    const struct game_event *e = th_find_event(ev, k, EV_OFFER, p);
    assert_non_null(e);
    assert_non_null(game_offer(g, e->a));
    return e->a;
}

static void test_trade_shape_no_gifts_no_same_resource(void **state)
{
    (void)state;
    trade_position(&G);
    struct game_action a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 1, RES_ORE, 0);
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 0, RES_ORE, 1);
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 1, RES_WOOD, 1);
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_action(ACT_OFFER, 0);
    th_set5(a.give, 1, 0, 0, 0, 0);
    th_set5(a.get, 1, 0, 0, 0, 1); /* wood on both sides */
    th_refused(&G, &a, BW_E(BAD_TRADE));
    a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 3, RES_ORE, 1); /* more than held */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    a = th_act_swap(ACT_OFFER, 1, RES_ORE, 1, RES_ORE, 0); /* a counter-gift */
    th_refused(&G, &a, BW_E(BAD_TRADE));
}

static void test_trade_only_after_roll(void **state)
{
    (void)state;
    trade_position(&G);
    th_roll_phase(&G, 0);
    struct game_action a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 1, RES_ORE, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_act_swap(ACT_OFFER, 1, RES_ORE, 1, RES_WOOD, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
}

/* The offerer chooses among the accepters; cards move between the two only. */
static void test_trade_confirm_one_accepter(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 2, 0, 0, 0, 0);
    th_give(&G, 1, 0, 0, 0, 0, 1);
    th_give(&G, 3, 0, 0, 0, 0, 2);
    int id = open_offer(&G, 0, RES_WOOD, 1, RES_ORE, 1, 0);
    assert_int_equal(game_offer(&G, id)->to_mask, TB(1) | TB(2) | TB(3));
    struct game_action a = th_act_id(ACT_ACCEPT, 2, id, -1); /* player 2 has no ore */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    a = th_act_id(ACT_REJECT, 2, id, -1);
    th_apply(&G, &a, NULL);
    a = th_act_id(ACT_ACCEPT, 1, id, -1);
    th_apply(&G, &a, NULL);
    a = th_act_id(ACT_ACCEPT, 3, id, -1);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 0), 2); /* nothing moves before the offerer chooses */
    a = th_act_id(ACT_CONFIRM, 1, id, 3);
    th_refused(&G, &a, BW_E(DENIED)); /* only the offerer confirms */
    a = th_act_id(ACT_CONFIRM, 0, id, 2);
    th_refused(&G, &a, BW_E(NOT_ACCEPTED));
    a = th_act_id(ACT_CONFIRM, 0, id, 3);
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_TRADE, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 3);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[3].res[RES_WOOD], 1);
    assert_int_equal(G.p[3].res[RES_ORE], 1);
    assert_int_equal(th_hand(&G, 1), 1);
    assert_int_equal(G.p[1].res[RES_ORE], 1);
    assert_null(game_offer(&G, id));
    th_refused(&G, &a, BW_E(NO_OFFER));
    th_check_supply(&G);
}

/* An accepter who no longer holds the cards when the offerer chooses: refused. */
static void test_trade_accepter_without_cards_refused(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    th_give(&G, 0, 2, 0, 0, 0, 0);
    th_give(&G, 1, 0, 0, 0, 0, 1);
    th_give(&G, 2, 0, 0, 0, 0, 1);
    int id = open_offer(&G, 0, RES_WOOD, 1, RES_ORE, 1, TB(1) | TB(2));
    struct game_action a = th_act_id(ACT_ACCEPT, 1, id, -1);
    th_apply(&G, &a, NULL);
    th_give_res(&G, 1, RES_ORE, -1);
    a = th_act_id(ACT_CONFIRM, 0, id, 1);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
}

static void test_trade_only_with_current_player(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    trade_position(&G);
    th_give(&G, 2, 2, 0, 0, 0, 0);
    /* A non-current player may not address a third player... */
    struct game_action a = th_act_swap(ACT_OFFER, 1, RES_ORE, 1, RES_WOOD, 1);
    a.to_mask = (uint8_t)TB(2);
    th_refused(&G, &a, BW_E(INVALID));
    a.to_mask = (uint8_t)(TB(0) | TB(2));
    th_refused(&G, &a, BW_E(INVALID));
    /* ...the current player may not address themselves. */
    a = th_act_swap(ACT_OFFER, 0, RES_WOOD, 1, RES_ORE, 1);
    a.to_mask = (uint8_t)TB(0);
    th_refused(&G, &a, BW_E(NOT_PLAYING));
    /* A counter-offer goes to the current player only. */
    int id = open_offer(&G, 1, RES_ORE, 1, RES_WOOD, 1, 0);
    assert_int_equal(game_offer(&G, id)->to_mask, TB(0));
    a = th_act_id(ACT_ACCEPT, 2, id, -1);
    th_refused(&G, &a, BW_E(DENIED));
    a = th_act_id(ACT_ACCEPT, 0, id, -1);
    int n = th_apply(&G, &a, ev);
    assert_null(th_find_event(ev, n, EV_TRADE, 1)); /* accepting alone trades nothing */
    assert_int_equal(G.p[0].res[RES_WOOD], 2);
    a = th_act_id(ACT_CONFIRM, 1, id, 0); /* the offerer confirms */
    n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_TRADE, 1));
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[1].res[RES_ORE], 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 1);
    assert_int_equal(th_hand(&G, 2), 2);
    th_check_supply(&G);
}

static void test_trade_offers_close_at_turn_end(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    trade_position(&G);
    int id = open_offer(&G, 0, RES_WOOD, 1, RES_ORE, 1, 0);
    int id2 = open_offer(&G, 1, RES_ORE, 1, RES_WOOD, 1, 0);
    struct game_action a = th_act_id(ACT_ACCEPT, 1, id, -1);
    th_apply(&G, &a, NULL);
    a = th_action(ACT_END, 0);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(th_count_events(ev, n, EV_OFFER_CLOSED), 2);
    assert_null(game_offer(&G, id));
    assert_null(game_offer(&G, id2));
    a = th_act_id(ACT_CONFIRM, 0, id, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    assert_int_equal(G.p[0].res[RES_WOOD], 2);
}

/* ================================================================ winning */

/* Player 0 with 9 points (3 cities, 3 settlements) and a road to a free spot at 2. */
static void nine_points_position(struct game *g)
{
    th_blank(g, 4, BOARD_BASE);
    static const int cities[3] = {16, 28, 44}, settlements[3] = {1, 3, 12};
    for (int i = 0; i < 3; i++) {
        th_place_city(g, 0, cities[i]);
        th_place_settlement(g, 0, settlements[i]);
    }
    th_place_road(g, 0, 1, 5);
    th_place_road(g, 0, 5, 2);
    th_sync_roads(g);
    assert_int_equal(game_vp_total(g, 0), 9);
}

static void test_win_at_ten_on_own_turn(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    nine_points_position(&G);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 2, 6); /* no points */
    int n = th_apply(&G, &a, ev);
    assert_null(th_find_event(ev, n, EV_GAME_OVER, -2));
    assert_int_equal(G.phase, PHASE_MAIN);
    a = th_act_settle(&G, 0, 2);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
    const struct game_event *e = th_find_event(ev, n, EV_GAME_OVER, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 10);
    assert_int_equal(e->b, 0);
    /* Nothing happens after the end. */
    a = th_action(ACT_END, 0);
    th_refused(&G, &a, BW_E(GAME_OVER));
    a = th_action(ACT_RESIGN, 1);
    th_refused(&G, &a, BW_E(GAME_OVER));
}

static void test_win_with_victory_card_bought_this_turn(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    nine_points_position(&G);
    th_deck_top(&G, DEV_VICTORY);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    struct game_action a = th_action(ACT_BUY_DEV, 0);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
    const struct game_event *e = th_find_event(ev, n, EV_GAME_OVER, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 10);
    assert_int_equal(e->b, 1); /* the hidden card is revealed */
}

/* Player 1 has 10 points (2 cities, 2 settlements, 4 victory cards) while it is player 0's
 * turn: nothing happens until player 1's turn begins. */
static void test_win_only_on_own_turn(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    th_place_city(&G, 1, 16);
    th_place_city(&G, 1, 28);
    th_place_settlement(&G, 1, 44);
    th_place_settlement(&G, 1, 51);
    th_give_dev(&G, 1, DEV_VICTORY, 4, 0);
    assert_int_equal(game_vp_total(&G, 1), 10);
    th_place_settlement(&G, 0, 1);
    int n = build_road(&G, 0, 1, 5, ev);
    assert_null(th_find_event(ev, n, EV_GAME_OVER, -2));
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.winner, -1);
    struct game_action a = th_action(ACT_END, 0);
    n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_TURN, 1));
    const struct game_event *e = th_find_event(ev, n, EV_GAME_OVER, 1);
    assert_non_null(e);
    assert_int_equal(e->a, 10);
    assert_int_equal(e->b, 4);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 1);
}

/* Player 0 cuts player 2's longest road (6) with a settlement; player 1's road of 5 now takes
 * the card and reaches 10 points during player 0's turn: player 1 wins when their turn comes. */
static void test_win_by_longest_road_gained_on_another_turn(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    int p2[7] = {8, 4, 1, 5, 2, 6, 3};
    settled_path(&G, 2, p2, 7);
    int p1[6] = {44, 48, 52, 49, 53, 50};
    settled_path(&G, 1, p1, 6);
    th_place_city(&G, 1, 28);
    th_place_city(&G, 1, 33);
    th_give_dev(&G, 1, DEV_VICTORY, 3, 0);
    th_place_settlement(&G, 0, 14);
    th_place_road(&G, 0, 14, 9);
    th_place_road(&G, 0, 9, 5);
    th_sync_roads(&G);
    G.longest_road = 2;
    assert_int_equal(game_vp_total(&G, 1), 8);
    int n = build_settlement(&G, 0, 5, ev);
    assert_int_equal(G.longest_road, 1);
    assert_non_null(th_find_event(ev, n, EV_LONGEST_ROAD, 1));
    assert_int_equal(game_vp_total(&G, 1), 10);
    assert_null(th_find_event(ev, n, EV_GAME_OVER, -2));
    assert_int_equal(G.phase, PHASE_MAIN);
    struct game_action a = th_action(ACT_END, 0);
    n = th_apply(&G, &a, ev);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 1);
    assert_non_null(th_find_event(ev, n, EV_GAME_OVER, 1));
}

/* ================================================================ 5-6 players */

static void test_special_building_phase_order(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 5, BOARD_BIG);
    struct game_action a = th_action(ACT_END, 0);
    int n = th_apply(&G, &a, ev);
    for (int p = 1; p < 5; p++) {
        assert_int_equal(G.phase, PHASE_SPECIAL_BUILD);
        assert_int_equal(G.sb_player, p);
        assert_non_null(th_find_event(ev, n, EV_SPECIAL_BUILD, p));
        assert_int_equal(game_waiting_for(&G), TB(p));
        a = th_action(ACT_END, p == 4 ? 1 : p + 1); /* not their phase */
        th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
        a = th_action(ACT_END, p);
        n = th_apply(&G, &a, ev);
    }
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 1);
    assert_non_null(th_find_event(ev, n, EV_TURN, 1));

    /* Six players, from the last seat: 0 1 2 3 4 get the phase, then player 0's turn. */
    th_blank(&G, 6, BOARD_BIG);
    th_main_phase(&G, 5);
    a = th_action(ACT_END, 5);
    th_apply(&G, &a, NULL);
    for (int p = 0; p < 5; p++) {
        assert_int_equal(G.phase, PHASE_SPECIAL_BUILD);
        assert_int_equal(G.sb_player, p);
        a = th_action(ACT_END, p);
        th_apply(&G, &a, NULL);
    }
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 0);

    /* The base game has no such phase. */
    th_blank(&G, 4, BOARD_BASE);
    a = th_action(ACT_END, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 1);
}

static void test_special_building_phase_may_build_not_trade_or_play(void **state)
{
    (void)state;
    th_blank(&G, 5, BOARD_BIG);
    th_place_settlement(&G, 1, 1);
    th_give(&G, 1, 5, 1, 1, 1, 1);
    th_give(&G, 2, 0, 0, 0, 0, 2);
    th_give_dev(&G, 1, DEV_KNIGHT, 1, 0);
    th_give_dev(&G, 1, DEV_MONOPOLY, 1, 0);
    struct game_action a = th_action(ACT_END, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.sb_player, 1);
    /* No bank, no harbor, no trade, no development card, no dice. */
    a = th_act_swap(ACT_BANK_TRADE, 1, RES_WOOD, 4, RES_ORE, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_act_swap(ACT_OFFER, 1, RES_WOOD, 1, RES_ORE, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_act_swap(ACT_OFFER, 2, RES_ORE, 1, RES_WOOD, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_act_robber(ACT_PLAY_KNIGHT, 1, G.robber == HEX_A ? HEX_B : HEX_A, -1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_PLAY_MONOPOLY, 1);
    a.res = RES_ORE;
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_ROLL, 1);
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    /* Others, the player whose turn ended included, may not build now. */
    th_give(&G, 0, 1, 1, 0, 0, 0);
    th_place_settlement(&G, 0, 3);
    a = th_act_road(&G, 0, 3, 7);
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
    /* Building and buying, paid as usual. */
    a = th_act_road(&G, 1, 1, 5);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.edge_owner[th_edge(&G, 1, 5)], 1);
    a = th_action(ACT_BUY_DEV, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 1), 4);
    assert_int_equal(game_dev_count(&G, 1), 3);
    th_check_supply(&G);
}

/* A card bought in the special building phase (another player's turn) is not played there,
 * but may be on the buyer's own turn. */
static void test_special_building_phase_card_playable_on_own_turn(void **state)
{
    (void)state;
    th_blank(&G, 5, BOARD_BIG);
    th_clear_tokens(&G);
    th_give(&G, 1, 0, 0, 1, 1, 1);
    th_deck_top(&G, DEV_KNIGHT);
    struct game_action a = th_action(ACT_END, 0);
    th_apply(&G, &a, NULL);
    a = th_action(ACT_BUY_DEV, 1);
    th_apply(&G, &a, NULL);
    int hex = G.robber == HEX_A ? HEX_B : HEX_A;
    struct game_action knight = th_act_robber(ACT_PLAY_KNIGHT, 1, hex, -1);
    th_refused(&G, &knight, BW_E(WRONG_PHASE));
    for (int p = 1; p < 5; p++) {
        a = th_action(ACT_END, p);
        th_apply(&G, &a, NULL);
    }
    assert_int_equal(G.current, 1);
    assert_int_equal(G.phase, PHASE_ROLL);
    th_apply(&G, &knight, NULL);
    assert_int_equal(G.p[1].knights, 1);
}

/* ================================================================ moderator rules */

/* Reseed the game's generator so that action type (ACT_ROLL, or ACT_TIMEOUT before the roll)
 * of player p rolls a 7 or not. */
static void reseed_roll(struct game *g, int type, int p, int seven)
{
    static struct game c;
    struct game_event ev[GAME_MAX_EVENTS];
    for (uint64_t s = 1; s < 1000; s++) {
        memcpy(&c, g, sizeof c);
        bw_rng_seed(&c.rng, s);
        struct game_action a = th_action(type, p);
        int n = th_apply(&c, &a, ev);
        const struct game_event *e = th_find_event(ev, n, EV_ROLL, p);
        assert_non_null(e);
        if ((e->a + e->b == 7) == seven) {
            bw_rng_seed(&g->rng, s);
            return;
        }
    }
    fail_msg("no seed found");
}

static void test_timeout_rolls_and_ends_turn(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 3, BOARD_BASE);
    th_clear_tokens(&G);
    th_roll_phase(&G, 0);
    reseed_roll(&G, ACT_TIMEOUT, 0, 0);
    struct game_action a = th_action(ACT_TIMEOUT, 1); /* not awaited */
    th_refused(&G, &a, BW_E(WRONG_PHASE));
    a = th_action(ACT_TIMEOUT, 0);
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_TIMEOUT, 0);
    assert_non_null(e);
    assert_int_equal(e->a, PHASE_ROLL);
    assert_non_null(th_find_event(ev, n, EV_ROLL, 0));
    assert_non_null(th_find_event(ev, n, EV_TURN, 1));
    assert_int_equal(G.current, 1);
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.p[0].timeouts, 1);

    /* After the roll: the turn ends, open offers close. */
    th_roll(&G, 1, 2, NULL);
    th_give(&G, 1, 1, 0, 0, 0, 0);
    th_give(&G, 2, 0, 0, 0, 0, 1);
    int id = open_offer(&G, 1, RES_WOOD, 1, RES_ORE, 1, 0);
    a = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &a, NULL);
    assert_null(game_offer(&G, id));
    assert_int_equal(G.current, 2);
    assert_int_equal(G.phase, PHASE_ROLL);
}

static void test_timeout_discards_at_random(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    for (uint64_t s = 1; s <= 20; s++) {
        seven_position(&G);
        bw_rng_seed(&G.rng, s);
        th_roll(&G, 3, 4, NULL);
        uint8_t before[RES_COUNT];
        memcpy(before, G.p[1].res, sizeof before);
        struct game_action a = th_action(ACT_TIMEOUT, 1);
        int n = th_apply(&G, &a, ev);
        assert_int_equal(th_hand(&G, 1), 9 - 4);
        assert_int_equal(G.p[1].discard, 0);
        const struct game_event *e = th_find_event(ev, n, EV_DISCARD, 1);
        assert_non_null(e);
        int total = 0;
        for (int r = 0; r < RES_COUNT; r++) {
            assert_int_equal(G.p[1].res[r] + e->res[r], before[r]);
            total += e->res[r];
        }
        assert_int_equal(total, 4);
        assert_int_equal(G.phase, PHASE_DISCARD); /* player 0 still to discard */
        a = th_action(ACT_TIMEOUT, 2);
        th_refused(&G, &a, BW_E(WRONG_PHASE));
        a = th_action(ACT_TIMEOUT, 0);
        th_apply(&G, &a, NULL);
        assert_int_equal(th_hand(&G, 0), 4);
        assert_int_equal(G.phase, PHASE_ROBBER);
        th_check_supply(&G);
    }
}

/* Player 0 has buildings on every hex but L and P; player 1 has one on P (and a card). The
 * robber, on L, must go to P. */
static void test_timeout_moves_robber_off_own_hexes(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    for (uint64_t s = 1; s <= 30; s++) {
        th_blank(&G, 3, BOARD_BASE);
        static const int mine[5] = {9, 15, 23, 31, 40};
        for (int i = 0; i < 5; i++)
            th_place_settlement(&G, 0, mine[i]);
        th_place_city(&G, 0, 46);
        th_place_settlement(&G, 1, 43);
        th_give(&G, 1, 0, 0, 0, 1, 0);
        G.robber = HEX_L;
        th_roll_phase(&G, 0);
        bw_rng_seed(&G.rng, s);
        th_roll(&G, 6, 1, NULL);
        assert_int_equal(G.phase, PHASE_ROBBER);
        struct game_action a = th_action(ACT_TIMEOUT, 0);
        int n = th_apply(&G, &a, ev);
        assert_int_equal(G.robber, HEX_P);
        assert_non_null(th_find_event(ev, n, EV_ROBBER, 0));
        assert_int_equal(G.current, 1); /* and the turn ends */
        assert_int_equal(G.phase, PHASE_ROLL);
        th_check_supply(&G);
    }
    /* With more room: never a hex with one of player 0's buildings. */
    for (uint64_t s = 1; s <= 50; s++) {
        th_blank(&G, 3, BOARD_BASE);
        static const int mine[3] = {9, 31, 46};
        for (int i = 0; i < 3; i++)
            th_place_settlement(&G, 0, mine[i]);
        th_roll_phase(&G, 0);
        bw_rng_seed(&G.rng, s);
        th_roll(&G, 5, 2, NULL);
        int from = G.robber;
        struct game_action a = th_action(ACT_TIMEOUT, 0);
        th_apply(&G, &a, NULL);
        assert_true(G.robber != from);
        const struct board_geo *geo = th_geo(&G);
        for (int c = 0; c < 6; c++)
            assert_true(G.vertex_owner[geo->hex_vertex[G.robber][c]] != 0);
    }
}

/* The awaited player p times out until the game moves on. */
static void timeout_turn(struct game *g, int p)
{
    while (g->phase != PHASE_OVER && g->current == p && !g->p[p].resigned) {
        struct game_action a = th_action(ACT_TIMEOUT, p);
        th_apply(g, &a, NULL);
    }
}

static void test_three_timeouts_in_a_row_resign(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 3, BOARD_BASE);
    th_clear_tokens(&G);
    th_place_settlement(&G, 0, 1);
    th_roll_phase(&G, 0);
    for (int round = 1; round <= 2; round++) {
        timeout_turn(&G, 0);
        assert_int_equal(G.p[0].timeouts, round);
        assert_false(G.p[0].resigned);
        th_pass_turn(&G);
        th_pass_turn(&G);
    }
    assert_int_equal(G.current, 0);
    struct game_action a = th_action(ACT_TIMEOUT, 0);
    int n = th_apply(&G, &a, ev);
    if (G.current == 0 && !G.p[0].resigned) /* a 7 left the robber to move */
        n = th_apply(&G, &a, ev);
    assert_true(G.p[0].resigned);
    assert_non_null(th_find_event(ev, n, EV_RESIGN, 0));
    assert_int_equal(G.current, 1);
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(game_active_players(&G), 2);
    /* The player never moves again, and is skipped. */
    th_refused(&G, &a, BW_E(NOT_PLAYING));
    th_pass_turn(&G);
    th_pass_turn(&G);
    assert_int_equal(G.current, 1);
    /* Their settlement stays on the board. */
    assert_int_equal(G.vertex_owner[th_vertex(&G, 1)], 0);
}

static void test_timeouts_must_be_in_a_row(void **state)
{
    (void)state;
    th_blank(&G, 3, BOARD_BASE);
    th_clear_tokens(&G);
    th_roll_phase(&G, 0);
    for (int round = 0; round < 2; round++) {
        timeout_turn(&G, 0);
        th_pass_turn(&G);
        th_pass_turn(&G);
    }
    assert_int_equal(G.p[0].timeouts, 2);
    /* Player 0 is back and plays the turn. */
    reseed_roll(&G, ACT_ROLL, 0, 0);
    struct game_action a = th_action(ACT_ROLL, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 0);
    a = th_action(ACT_END, 0);
    th_apply(&G, &a, NULL);
    th_pass_turn(&G);
    th_pass_turn(&G);
    for (int round = 0; round < 2; round++) {
        timeout_turn(&G, 0);
        th_pass_turn(&G);
        th_pass_turn(&G);
    }
    assert_false(G.p[0].resigned);
    timeout_turn(&G, 0);
    assert_true(G.p[0].resigned);
}

/* An absent player's turn counts as one timeout however many steps the game takes for them:
 * the roll, their own discard after a 7 and the robber. */
static void test_timeout_counts_once_per_turn(void **state)
{
    (void)state;
    seven_position(&G);
    th_roll(&G, 3, 4, NULL);
    /* th_roll stands for the game's roll: the roll timed out and the game rolled the 7. */
    G.turn_timed_out = 1;
    G.p[0].timeouts = 1;
    struct game_action a = th_action(ACT_TIMEOUT, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 1);
    /* Another player's discard timeout acts for them but is no absence from their own turn. */
    a = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[1].timeouts, 0);
    assert_int_equal(G.phase, PHASE_ROBBER);
    a = th_action(ACT_TIMEOUT, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 1);
    assert_false(G.p[0].resigned);
    assert_int_equal(G.current, 1);
}

/* A player who times out, comes back and acts, then times out again in the same turn was
 * absent twice in a row: both count. */
static void test_timeout_after_return_counts(void **state)
{
    (void)state;
    seven_position(&G);                               /* player 0 holds 8 cards, player 1 holds 9 */
    th_roll(&G, 3, 4, NULL);                          /* player 0 rolls the 7 */
    struct game_action a = th_action(ACT_TIMEOUT, 0); /* the discard times out */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 1);
    a = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.phase, PHASE_ROBBER);
    a = th_act_robber(ACT_ROBBER, 0, HEX_B, -1); /* back: moves the robber */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 0);
    a = th_action(ACT_TIMEOUT, 0); /* away again */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].timeouts, 1);
}

/* On the big board the turn of a player who resigns ends like any other: the others still
 * get their special building phase. */
static void test_resign_on_turn_keeps_special_building(void **state)
{
    (void)state;
    th_blank(&G, 5, BOARD_BIG);
    struct game_action a = th_action(ACT_RESIGN, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.phase, PHASE_SPECIAL_BUILD);
    assert_int_equal(G.sb_player, 1);
    for (int p = 1; p < 5; p++) {
        assert_int_equal(G.sb_player, p);
        a = th_action(ACT_END, p);
        th_apply(&G, &a, NULL);
    }
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 1);
}

static void test_resigned_pieces_still_block(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    int path[4] = {8, 4, 1, 5};
    settled_path(&G, 0, path, 4);
    th_place_settlement(&G, 1, 2);
    th_give(&G, 1, 1, 1, 1, 0, 0);
    th_give(&G, 0, 3, 3, 2, 2, 0);
    struct game_action a = th_action(ACT_RESIGN, 1);
    th_apply(&G, &a, NULL);
    assert_true(G.p[1].resigned);
    assert_int_equal(th_hand(&G, 1), 0);
    assert_int_equal(G.vertex_owner[th_vertex(&G, 2)], 1);
    th_check_supply(&G);
    /* Distance rule: 5 is next to 2. */
    a = th_act_settle(&G, 0, 5);
    th_refused(&G, &a, BW_E(TOO_CLOSE));
    /* The road may reach 2 but not go through it. */
    a = th_act_road(&G, 0, 5, 2);
    th_apply(&G, &a, NULL);
    a = th_act_road(&G, 0, 2, 6);
    th_refused(&G, &a, BW_E(NOT_CONNECTED));
    /* And it cuts player 0's longest road: 8-4-1-5-2 counts, nothing beyond 2 would. */
    th_place_road(&G, 0, 2, 6);
    th_place_road(&G, 0, 6, 3);
    assert_int_equal(game_longest_road_of(&G, 0), 4);
    /* The resigned player never acts again. */
    a = th_act_road(&G, 1, 2, 6);
    th_refused(&G, &a, BW_E(NOT_PLAYING));
}

/* ---- moderator rules: a player who leaves ---- */

/* Player 0 rolls a 7 while players 0, 1 and 2 hold more than 7 cards; player 1 discards, then
 * player 0 resigns. Player 2 still owes the discard (made by the timer here, which does not
 * count as player 2's absence: it is not their turn); then the robber step is skipped and
 * player 1's turn begins. */
static void test_roller_resigns_during_discards(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    for (int by_timer = 0; by_timer < 2; by_timer++) {
        seven_position(&G);
        th_give(&G, 2, 1, 0, 0, 0, 0); /* 8 cards */
        th_roll(&G, 3, 4, NULL);
        assert_int_equal(G.phase, PHASE_DISCARD);
        assert_int_equal(G.p[2].discard, 4);
        uint8_t give[RES_COUNT] = {0, 0, 0, 4, 0};
        struct game_action a = th_action(ACT_DISCARD, 1);
        memcpy(a.give, give, sizeof give);
        th_apply(&G, &a, NULL);
        a = th_action(ACT_RESIGN, 0);
        int n = th_apply(&G, &a, ev);
        assert_true(G.p[0].resigned);
        assert_int_equal(G.phase, PHASE_DISCARD); /* player 2 still owes 4 */
        assert_int_equal(G.p[2].discard, 4);
        assert_int_equal(game_waiting_for(&G), 1u << 2);
        assert_null(th_find_event(ev, n, EV_ROBBER_NEEDED, -2));
        if (by_timer) {
            a = th_action(ACT_TIMEOUT, 2);
        } else {
            a = th_action(ACT_DISCARD, 2);
            uint8_t g2[RES_COUNT] = {1, 3, 0, 0, 0};
            memcpy(a.give, g2, sizeof g2);
        }
        n = th_apply(&G, &a, ev);
        assert_int_equal(th_hand(&G, 2), 4);
        assert_int_equal(G.p[2].timeouts, 0);
        assert_null(th_find_event(ev, n, EV_ROBBER_NEEDED, -2));
        assert_non_null(th_find_event(ev, n, EV_TURN, 1));
        assert_int_equal(G.robber, HEX_S); /* nobody moved it */
        assert_int_equal(G.current, 1);
        assert_int_equal(G.phase, PHASE_ROLL);
        th_check_supply(&G);
    }
}

/* The roller's third timeout rolls a 7 and resigns them: the others' discards are still owed. */
static void test_third_timeout_rolls_seven_discards_still_owed(void **state)
{
    (void)state;
    seven_position(&G);
    G.p[0].timeouts = 2;
    reseed_roll(&G, ACT_TIMEOUT, 0, 1);
    struct game_action a = th_action(ACT_TIMEOUT, 0);
    th_apply(&G, &a, NULL);
    assert_true(G.p[0].resigned);
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(G.p[1].discard, 4);
    a = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(th_hand(&G, 1), 5);
    assert_int_equal(G.current, 1);
    assert_int_equal(G.phase, PHASE_ROLL);
}

/* Every special building phase until the next turn: the away player's turns time out, the
 * others pass. */
static void sb_with_one_away(struct game *g, int away)
{
    while (g->phase == PHASE_SPECIAL_BUILD) {
        struct game_action a =
            th_action(g->sb_player == away ? ACT_TIMEOUT : ACT_END, g->sb_player);
        th_apply(g, &a, NULL);
    }
}

/* On the big board: timeouts in the special building phase act for the player but are not
 * absences from their own turn. Player 1 misses a special building phase, one own turn and
 * two more special building phases: one timeout counted, not resigned (three counted, the
 * rule before, would have resigned them). */
static void test_special_building_timeouts_do_not_count(void **state)
{
    (void)state;
    th_blank(&G, 5, BOARD_BIG);
    th_clear_tokens(&G);
    th_roll_phase(&G, 0);
    th_pass_turn(&G); /* player 0 */
    assert_int_equal(G.phase, PHASE_SPECIAL_BUILD);
    sb_with_one_away(&G, 1);
    assert_int_equal(G.p[1].timeouts, 0);
    assert_int_equal(G.current, 1);
    reseed_roll(&G, ACT_TIMEOUT, 1, 0);
    struct game_action a = th_action(ACT_TIMEOUT, 1); /* rolls and ends player 1's turn */
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[1].timeouts, 1);
    sb_with_one_away(&G, 1);
    for (int p = 2; p <= 3; p++) {
        assert_int_equal(G.current, p);
        th_pass_turn(&G);
        sb_with_one_away(&G, 1);
    }
    assert_int_equal(G.p[1].timeouts, 1);
    assert_false(G.p[1].resigned);
}

/* Player 0 holds the longest road (6); players 1 and 2 have 5 each. Player 0 resigns: the
 * award is set aside (a tie), and player 0's road no longer counts; player 2 then alone
 * reaches 6 and takes it. */
static void test_resigned_loses_longest_road_tie_set_aside(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    three_roads_position(&G, 5);
    th_main_phase(&G, 1);
    struct game_action a = th_action(ACT_RESIGN, 0);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.longest_road, -1);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, -1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(game_vp_total(&G, 0), 1);
    /* Player 0's pieces still stand and still count for nobody. */
    assert_int_equal(G.p[0].road_length, 6);
    th_main_phase(&G, 2);
    n = build_road(&G, 2, 50, 54, ev);
    assert_int_equal(G.longest_road, 2);
    e = th_find_event(ev, n, EV_LONGEST_ROAD, 2);
    assert_non_null(e);
    assert_int_equal(e->other, -1);
}

/* Player 0 holds the longest road; player 1 alone has 5 and player 2 has 4: at player 0's
 * resignation the card goes to player 1 at once. */
static void test_resigned_loses_longest_road_to_unique_leader(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    three_roads_position(&G, 4);
    th_main_phase(&G, 2);
    struct game_action a = th_action(ACT_RESIGN, 0);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.longest_road, 1);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(e->a, 5);
    assert_int_equal(game_vp_total(&G, 1), 1 + 2);
}

/* Largest army: the holder (4 knights) resigns. With two others at 3 it is set aside until
 * one of them alone leads; with one at 3 and one at 2 it goes to the one at 3. */
static void test_resigned_loses_largest_army(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    for (int tie = 0; tie < 2; tie++) {
        th_blank(&G, 4, BOARD_BASE);
        G.robber = HEX_S;
        th_played_knights(&G, 0, 4);
        th_played_knights(&G, 1, 3);
        th_played_knights(&G, 2, tie ? 3 : 2);
        G.largest_army = 0;
        th_main_phase(&G, 3);
        struct game_action a = th_action(ACT_RESIGN, 0);
        int n = th_apply(&G, &a, ev);
        const struct game_event *e = th_find_event(ev, n, EV_LARGEST_ARMY, tie ? -1 : 1);
        assert_non_null(e);
        assert_int_equal(e->other, 0);
        assert_int_equal(G.largest_army, tie ? -1 : 1);
        assert_int_equal(game_vp_total(&G, 1), tie ? 0 : 2);
        if (!tie)
            continue;
        /* Player 2 plays a fourth knight and alone leads. */
        th_give_dev(&G, 2, DEV_KNIGHT, 1, 0);
        th_main_phase(&G, 2);
        a = th_act_robber(ACT_PLAY_KNIGHT, 2, HEX_A, -1);
        n = th_apply(&G, &a, ev);
        assert_int_equal(G.largest_army, 2);
        e = th_find_event(ev, n, EV_LARGEST_ARMY, 2);
        assert_non_null(e);
        assert_int_equal(e->other, -1);
        assert_int_equal(e->a, 4);
    }
}

/* A resigned player's cards went back to the bank and they never play again: their buildings
 * produce nothing for them (so nothing is taken out of play), and others are paid as usual. */
static void test_resigned_player_receives_nothing(void **state)
{
    (void)state;
    production_position(&G, 1);
    struct game_action a = th_action(ACT_RESIGN, 1);
    th_apply(&G, &a, NULL);
    th_roll(&G, 4, 4, NULL);
    assert_int_equal(th_hand(&G, 1), 0);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[2].res[RES_GRAIN], 1);
    th_check_supply(&G);
}

static void test_game_ends_below_two_active_players(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_BASE);
    /* The current player resigns: the next one's turn. */
    struct game_action a = th_action(ACT_RESIGN, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.current, 1);
    assert_int_equal(G.phase, PHASE_ROLL);
    a = th_action(ACT_RESIGN, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(game_active_players(&G), 2);
    assert_true(G.phase != PHASE_OVER);
    th_pass_turn(&G);
    assert_int_equal(G.current, 3); /* 2 is skipped */
    a = th_action(ACT_RESIGN, 1);
    int n = th_apply(&G, &a, ev);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_non_null(th_find_event(ev, n, EV_GAME_OVER, -2));
    a = th_action(ACT_END, 3);
    th_refused(&G, &a, BW_E(GAME_OVER));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_components_base_board),
        cmocka_unit_test(test_components_big_board),
        cmocka_unit_test(test_no_adjacent_red_numbers),
        cmocka_unit_test(test_player_counts_per_board),
        cmocka_unit_test(test_same_seed_same_game),
        cmocka_unit_test(test_different_seeds_differ),
        cmocka_unit_test(test_setup_snake_order_then_seat0_rolls),
        cmocka_unit_test(test_setup_distance_rule),
        cmocka_unit_test(test_setup_road_touches_new_settlement),
        cmocka_unit_test(test_setup_resources_from_second_settlement_only),
        cmocka_unit_test(test_setup_timeouts_place_legal_pieces),
        cmocka_unit_test(test_production_settlement_one_city_two),
        cmocka_unit_test(test_robber_blocks_only_its_hex),
        cmocka_unit_test(test_bank_shortage_nobody_gets_it),
        cmocka_unit_test(test_bank_shortage_single_player_gets_the_rest),
        cmocka_unit_test(test_seven_discard_half_rounded_down),
        cmocka_unit_test(test_seven_discard_checks),
        cmocka_unit_test(test_seven_without_big_hands_goes_to_robber),
        cmocka_unit_test(test_robber_must_move),
        cmocka_unit_test(test_robber_to_desert_allowed),
        cmocka_unit_test(test_robber_victim_rules),
        cmocka_unit_test(test_robber_several_candidates_must_name_one),
        cmocka_unit_test(test_robber_single_candidate_or_nobody),
        cmocka_unit_test(test_build_costs_paid_to_bank),
        cmocka_unit_test(test_build_not_enough_resources),
        cmocka_unit_test(test_build_out_of_turn_refused),
        cmocka_unit_test(test_road_must_connect),
        cmocka_unit_test(test_road_not_through_opponent_building),
        cmocka_unit_test(test_settlement_needs_road_and_distance),
        cmocka_unit_test(test_city_only_on_own_settlement),
        cmocka_unit_test(test_piece_limit_settlements_and_city_returns_piece),
        cmocka_unit_test(test_piece_limit_cities),
        cmocka_unit_test(test_piece_limit_roads),
        cmocka_unit_test(test_spots_agree_with_building_rules),
        cmocka_unit_test(test_buy_dev_card_cost_and_deck_order),
        cmocka_unit_test(test_buy_dev_card_deck_empty),
        cmocka_unit_test(test_dev_card_not_on_the_turn_bought),
        cmocka_unit_test(test_dev_card_one_per_turn),
        cmocka_unit_test(test_dev_card_not_held_refused),
        cmocka_unit_test(test_victory_cards_count_not_played),
        cmocka_unit_test(test_knight_before_roll_moves_robber_and_steals_without_discards),
        cmocka_unit_test(test_largest_army),
        cmocka_unit_test(test_road_building_two_free_roads),
        cmocka_unit_test(test_road_building_one_road_when_one_piece_left),
        cmocka_unit_test(test_road_building_one_road_when_one_spot_left),
        cmocka_unit_test(test_year_of_plenty),
        cmocka_unit_test(test_year_of_plenty_only_what_the_bank_holds),
        cmocka_unit_test(test_monopoly),
        cmocka_unit_test(test_longest_road_chain_of_five),
        cmocka_unit_test(test_longest_road_fork_counts_one_path),
        cmocka_unit_test(test_longest_road_cycle_and_tail),
        cmocka_unit_test(test_longest_road_two_rings),
        cmocka_unit_test(test_longest_road_cut_below_five_set_aside),
        cmocka_unit_test(test_longest_road_tie_keeps_longer_takes),
        cmocka_unit_test(test_longest_road_cut_holder_still_tied_keeps),
        cmocka_unit_test(test_longest_road_set_aside_then_taken),
        cmocka_unit_test(test_longest_road_matches_brute_force),
        cmocka_unit_test(test_maritime_four_to_one),
        cmocka_unit_test(test_maritime_generic_harbor_three_to_one),
        cmocka_unit_test(test_maritime_special_harbor_two_to_one),
        cmocka_unit_test(test_maritime_bank_must_hold_the_card),
        cmocka_unit_test(test_maritime_only_current_player_after_roll),
        cmocka_unit_test(test_trade_shape_no_gifts_no_same_resource),
        cmocka_unit_test(test_trade_only_after_roll),
        cmocka_unit_test(test_trade_confirm_one_accepter),
        cmocka_unit_test(test_trade_accepter_without_cards_refused),
        cmocka_unit_test(test_trade_only_with_current_player),
        cmocka_unit_test(test_trade_offers_close_at_turn_end),
        cmocka_unit_test(test_win_at_ten_on_own_turn),
        cmocka_unit_test(test_win_with_victory_card_bought_this_turn),
        cmocka_unit_test(test_win_only_on_own_turn),
        cmocka_unit_test(test_win_by_longest_road_gained_on_another_turn),
        cmocka_unit_test(test_special_building_phase_order),
        cmocka_unit_test(test_special_building_phase_may_build_not_trade_or_play),
        cmocka_unit_test(test_special_building_phase_card_playable_on_own_turn),
        cmocka_unit_test(test_timeout_rolls_and_ends_turn),
        cmocka_unit_test(test_timeout_discards_at_random),
        cmocka_unit_test(test_timeout_moves_robber_off_own_hexes),
        cmocka_unit_test(test_three_timeouts_in_a_row_resign),
        cmocka_unit_test(test_timeouts_must_be_in_a_row),
        cmocka_unit_test(test_timeout_counts_once_per_turn),
        cmocka_unit_test(test_timeout_after_return_counts),
        cmocka_unit_test(test_resign_on_turn_keeps_special_building),
        cmocka_unit_test(test_resigned_pieces_still_block),
        cmocka_unit_test(test_roller_resigns_during_discards),
        cmocka_unit_test(test_third_timeout_rolls_seven_discards_still_owed),
        cmocka_unit_test(test_special_building_timeouts_do_not_count),
        cmocka_unit_test(test_resigned_loses_longest_road_tie_set_aside),
        cmocka_unit_test(test_resigned_loses_longest_road_to_unique_leader),
        cmocka_unit_test(test_resigned_loses_largest_army),
        cmocka_unit_test(test_resigned_player_receives_nothing),
        cmocka_unit_test(test_game_ends_below_two_active_players),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
