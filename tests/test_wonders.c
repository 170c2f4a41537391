/* The Wonders of Catan (maps/wonders.map, engine/wonders.c): the marked corners, each wonder's
 * condition to start it, one wonder a player and a player a wonder, the stages and their cost,
 * the win by the fourth stage, and the points to win that need the furthest wonder. */
#include "engine_helpers.h"

#include <stdio.h>

#include "map/map.h"

static struct game G;

static struct game_action wonder(int p, int w)
{
    struct game_action a = th_action(ACT_WONDER, p);
    a.a = (int16_t)w;
    return a;
}

/* A game on the wonders' map after the setup, player 0 to act: every player's home is the main
 * island (the setup would have made it so). */
static void blank(int n)
{
    th_blank(&G, n, BOARD_WONDERS);
    for (int p = 0; p < n; p++)
        G.p[p].home_islands = (uint16_t)th_geo(&G)->home_islands;
}

/* A 1-based corner of the marked kind (MAP_WONDER_WALL, MAP_WONDER_BRIDGE). */
static int spot(const struct game *g, int kind)
{
    const struct board_geo *geo = th_geo(g);
    for (int v = 0; v < geo->n_vertices; v++)
        if (bits_has(geo->wonder_spot_bits[kind], v))
            return v + 1;
    fail_msg("no marked corner of kind %d", kind);
    return -1;
}

/* Give p the cost of n stages of wonder w. */
static void give_stages(struct game *g, int p, int w, int n)
{
    for (int r = 0; r < RES_COUNT; r++)
        th_give_res(g, p, r, n * game_cost_wonder[w][r]);
}

/* A main-island corner two steps away from every building, far from the marked corners. */
static int free_corner(const struct game *g, int not_near)
{
    const struct board_geo *geo = th_geo(g);
    for (int v = 0; v < geo->n_vertices; v++) {
        if (!bits_has(geo->vertex_home_bits, v) || g->vertex_owner[v] >= 0 ||
            bits_has(g->no_settle, v) || v + 1 == not_near)
            continue;
        int ok = 1;
        for (int i = 0; i < 3; i++) {
            int u = geo->vertex_vertex[v][i];
            ok &= u < 0 || (g->vertex_owner[u] < 0 && u + 1 != not_near);
        }
        if (ok)
            return v + 1;
    }
    fail_msg("no free corner");
    return -1;
}

/* The map has the wonders and three corners of each kind; no setup settlement stands on a
 * marked corner, one may stand elsewhere on the main island. */
static void test_map_and_setup(void **state)
{
    (void)state;
    for (int n = 3; n <= 4; n++) {
        th_init(&G, n, BOARD_WONDERS);
        const struct board_geo *geo = th_geo(&G);
        assert_true(geo->wonders && G.wonders);
        assert_int_equal(bits_count(geo->wonder_spot_bits[MAP_WONDER_WALL]), 3);
        assert_int_equal(bits_count(geo->wonder_spot_bits[MAP_WONDER_BRIDGE]), 3);
        assert_int_equal(G.pirate, -1);
        for (int w = 0; w < GAME_WONDERS; w++)
            assert_int_equal(G.wonder_owner[w], -1);
        struct game_action a = th_act_settle(&G, 0, spot(&G, MAP_WONDER_WALL));
        th_refused(&G, &a, BW_E(NOT_HOME));
        a = th_act_settle(&G, 0, spot(&G, MAP_WONDER_BRIDGE));
        th_refused(&G, &a, BW_E(NOT_HOME));
        a = th_act_settle(&G, 0, free_corner(&G, 0));
        th_apply(&G, &a, NULL);
    }
    /* Other maps have no wonders: the action is refused. */
    th_blank(&G, 4, BOARD_CLOTH);
    give_stages(&G, 0, WONDER_THEATER, 1);
    struct game_action a = wonder(0, WONDER_THEATER);
    th_refused(&G, &a, BW_E(INVALID));
}

/* The Theater needs two cities; started, it is paid for and is that player's. */
static void test_theater(void **state)
{
    (void)state;
    blank(4);
    int c1 = free_corner(&G, 0);
    th_place_city(&G, 0, c1);
    give_stages(&G, 0, WONDER_THEATER, 1);
    struct game_action a = wonder(0, WONDER_THEATER);
    th_refused(&G, &a, BW_E(WONDER_NEEDS));
    th_place_city(&G, 0, free_corner(&G, 0));
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &a, ev);
    assert_int_equal(ev[0].type, EV_WONDER);
    assert_int_equal(ev[0].a, WONDER_THEATER);
    assert_int_equal(ev[0].b, 1);
    assert_int_equal(n, 1);
    assert_int_equal(G.wonder_owner[WONDER_THEATER], 0);
    assert_int_equal(G.wonder_level[WONDER_THEATER], 1);
    assert_int_equal(th_hand(&G, 0), 0);
    th_check_supply(&G);
    /* Without the cards, the next stage is refused. */
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
}

/* One wonder a player, one player a wonder. */
static void test_one_each(void **state)
{
    (void)state;
    blank(4);
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_WALL));
    give_stages(&G, 0, WONDER_WALL, 1);
    struct game_action a = wonder(0, WONDER_WALL);
    th_apply(&G, &a, NULL);
    /* Player 0 also stands on a bridge corner, but builds the wall already. */
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_BRIDGE));
    give_stages(&G, 0, WONDER_BRIDGE, 1);
    a = wonder(0, WONDER_BRIDGE);
    th_refused(&G, &a, BW_E(WONDER_OTHER));
    th_return_all(&G, 0);
    /* Player 1 meets the wall's condition too, but it is player 0's. */
    const struct board_geo *geo = th_geo(&G);
    int other_wall = -1;
    for (int v = 0; v < geo->n_vertices; v++)
        if (bits_has(geo->wonder_spot_bits[MAP_WONDER_WALL], v) && !bits_has(G.no_settle, v))
            other_wall = v + 1;
    assert_true(other_wall > 0);
    th_place_settlement(&G, 1, other_wall);
    th_main_phase(&G, 1);
    give_stages(&G, 1, WONDER_WALL, 1);
    a = wonder(1, WONDER_WALL);
    th_refused(&G, &a, BW_E(WONDER_TAKEN));
    /* Not on another player's turn either. */
    a = wonder(0, WONDER_WALL);
    th_refused(&G, &a, BW_E(NOT_YOUR_TURN));
}

/* The Great Bridge needs a building on a bridge corner, not on a wall corner. */
static void test_bridge_and_wall(void **state)
{
    (void)state;
    blank(3);
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_WALL));
    give_stages(&G, 0, WONDER_BRIDGE, 1);
    struct game_action a = wonder(0, WONDER_BRIDGE);
    th_refused(&G, &a, BW_E(WONDER_NEEDS));
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_BRIDGE));
    th_apply(&G, &a, NULL);
    assert_int_equal(game_wonder_of(&G, 0), WONDER_BRIDGE);
}

/* The Monument needs a city at a harbor and a trade route of 5. */
static void test_monument(void **state)
{
    (void)state;
    blank(4);
    const struct board_geo *geo = th_geo(&G);
    int v = th_harbor_vertex(&G, 0) - 1;
    th_place_settlement(&G, 0, v + 1);
    give_stages(&G, 0, WONDER_MONUMENT, 1);
    struct game_action a = wonder(0, WONDER_MONUMENT);
    /* A route of 5 from it, along land edges. */
    int at = v, used = 0;
    while (used < 5) {
        int moved = 0;
        for (int i = 0; i < 3 && !moved; i++) {
            int e = geo->vertex_edge[at][i], u = geo->vertex_vertex[at][i];
            if (e < 0 || G.edge_owner[e] >= 0 || !bits_has(G.edge_land, e) ||
                G.vertex_owner[u] >= 0)
                continue;
            th_place_road(&G, 0, at + 1, u + 1);
            at = u;
            moved = 1;
        }
        assert_true(moved);
        used++;
    }
    th_sync_roads(&G);
    assert_true(G.p[0].road_length >= 5);
    th_refused(&G, &a, BW_E(WONDER_NEEDS)); /* a settlement, not a city */
    th_place_city(&G, 0, v + 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(game_wonder_of(&G, 0), WONDER_MONUMENT);
}

/* The Cathedral needs a city and 6 victory points. */
static void test_cathedral(void **state)
{
    (void)state;
    blank(4);
    th_place_city(&G, 0, free_corner(&G, 0));
    th_place_city(&G, 0, free_corner(&G, 0));
    give_stages(&G, 0, WONDER_CATHEDRAL, 1);
    struct game_action a = wonder(0, WONDER_CATHEDRAL);
    th_refused(&G, &a, BW_E(WONDER_NEEDS)); /* 4 points */
    th_place_settlement(&G, 0, free_corner(&G, 0));
    th_place_settlement(&G, 0, free_corner(&G, 0));
    assert_int_equal(game_vp_public(&G, 0), 6);
    th_apply(&G, &a, NULL);
}

/* Several stages in a turn; the fourth wins at once, whatever the points. */
static void test_fourth_stage_wins(void **state)
{
    (void)state;
    blank(4);
    th_place_settlement(&G, 2, spot(&G, MAP_WONDER_WALL));
    th_main_phase(&G, 2);
    give_stages(&G, 2, WONDER_WALL, 4);
    struct game_action a = wonder(2, WONDER_WALL);
    for (int i = 1; i <= 3; i++) {
        th_apply(&G, &a, NULL);
        assert_int_equal(G.wonder_level[WONDER_WALL], i);
        assert_int_equal(G.phase, PHASE_MAIN);
    }
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &a, ev);
    assert_int_equal(n, 2);
    assert_int_equal(ev[0].type, EV_WONDER);
    assert_int_equal(ev[0].b, 4);
    assert_int_equal(ev[1].type, EV_GAME_OVER);
    assert_int_equal(ev[1].player, 2);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 2);
    assert_true(game_vp_total(&G, 2) < G.vp_goal);
}

/* The points to win are not enough: the wonder must be further than every other player's. */
static void test_points_need_furthest_wonder(void **state)
{
    (void)state;
    blank(4);
    /* Player 1 has the Great Bridge at stage 1. */
    G.wonder_owner[WONDER_BRIDGE] = 1;
    G.wonder_level[WONDER_BRIDGE] = 1;
    /* Player 0: three cities and two settlements (8 points), a wall corner among them. */
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_WALL));
    for (int i = 0; i < 3; i++)
        th_place_city(&G, 0, free_corner(&G, 0));
    th_place_settlement(&G, 0, free_corner(&G, 0));
    assert_int_equal(game_vp_total(&G, 0), 8);
    /* Two victory cards make 10: no win, player 0 has no wonder. */
    th_give_dev(&G, 0, DEV_VICTORY, 2, 0);
    give_stages(&G, 0, WONDER_WALL, 2);
    struct game_action end = th_action(ACT_END, 0);
    th_apply(&G, &end, NULL);
    assert_int_not_equal(G.phase, PHASE_OVER);
    th_main_phase(&G, 0);
    struct game_action a = wonder(0, WONDER_WALL);
    th_apply(&G, &a, NULL); /* stage 1: level with player 1, still no win */
    assert_int_not_equal(G.phase, PHASE_OVER);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &a, ev); /* stage 2: further than everyone: a win */
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
    assert_int_equal(ev[n - 1].type, EV_GAME_OVER);
    assert_int_equal(ev[n - 1].a, 10);
}

/* The legal actions list a stage when it may be built and paid for, and only then. */
static void test_legal_actions(void **state)
{
    (void)state;
    blank(4);
    th_place_settlement(&G, 0, spot(&G, MAP_WONDER_BRIDGE));
    struct game_action out[400];
    int found = 0, n = game_legal_actions(&G, 0, out, 400);
    for (int i = 0; i < n && i < 400; i++)
        found += out[i].type == ACT_WONDER;
    assert_int_equal(found, 0);
    give_stages(&G, 0, WONDER_BRIDGE, 1);
    give_stages(&G, 0, WONDER_THEATER, 1);
    n = game_legal_actions(&G, 0, out, 400);
    for (int i = 0; i < n && i < 400; i++)
        if (out[i].type == ACT_WONDER) {
            found++;
            assert_int_equal(out[i].a, WONDER_BRIDGE);
            th_apply(&G, &out[i], NULL);
            break;
        }
    assert_int_equal(found, 1);
}

/* A saved state with one player on two wonders, or stages without a builder, is refused. */
static void test_state_check(void **state)
{
    (void)state;
    blank(4);
    assert_int_equal(game_check_state(&G), BW_OK);
    G.wonder_owner[WONDER_WALL] = 1;
    G.wonder_level[WONDER_WALL] = 2;
    assert_int_equal(game_check_state(&G), BW_OK);
    G.wonder_owner[WONDER_THEATER] = 1;
    G.wonder_level[WONDER_THEATER] = 1;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
    G.wonder_owner[WONDER_THEATER] = -1;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
    G.wonder_level[WONDER_THEATER] = 0;
    G.wonder_level[WONDER_WALL] = 5;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
    th_blank(&G, 4, BOARD_CLOTH);
    G.wonder_owner[WONDER_WALL] = 1;
    G.wonder_level[WONDER_WALL] = 1;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_and_setup),
        cmocka_unit_test(test_theater),
        cmocka_unit_test(test_one_each),
        cmocka_unit_test(test_bridge_and_wall),
        cmocka_unit_test(test_monument),
        cmocka_unit_test(test_cathedral),
        cmocka_unit_test(test_fourth_stage_wins),
        cmocka_unit_test(test_points_need_furthest_wonder),
        cmocka_unit_test(test_legal_actions),
        cmocka_unit_test(test_state_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
