/* The Pirate Islands: each player's route of ships to their own pirate fortress, the pirate
 * fleet that sails every turn and fights the coast, warships made by knights, attacks on the
 * fortress, the win only with it conquered, no robber; and the map's keys. */
#include "engine_helpers.h"

#include <stdio.h>

#include "map/map.h"

static struct game G;
static struct game_event EV[GAME_MAX_EVENTS];

static const struct board_geo *geo(void)
{
    return th_geo(&G);
}

/* A game on the map, player p to act after a roll that did nothing. */
static void main_phase(int n, int p)
{
    th_init(&G, n, BOARD_PIRATES);
    th_main_phase(&G, p);
}

static struct game_action act_ab(int type, int p, int a, int b)
{
    struct game_action x = th_action(type, p);
    x.a = (int16_t)a;
    x.b = (int16_t)b;
    return x;
}

/* p's ships along the route up to k of them (placed by hand, not built this turn). */
static void ships_to(int p, int k)
{
    while (G.p[p].ships < k) {
        int e = geo()->route_edge[p][G.p[p].ships];
        G.edge_owner[e] = (int8_t)p;
        bits_set(G.ships, e);
        G.p[p].ships++;
    }
    game_reindex(&G);
}

/* The first place on the fleet's course beside corner v. */
static int fleet_beside(int v)
{
    for (int k = 0; k < geo()->n_fleet; k++)
        if (bits_has(geo()->hex_vertex_bits[geo()->fleet_hex[k]], v))
            return k;
    fail_msg("no course hex beside corner %d", v);
    return -1;
}

static void test_map_places_routes_and_fortresses(void **state)
{
    (void)state;
    for (int n = 3; n <= 4; n++) {
        th_init(&G, n, BOARD_PIRATES);
        assert_int_equal(geo()->n_routes, 4);
        assert_int_equal(G.robber, -1); /* no robber */
        assert_int_equal(G.pirate, -1);
        assert_int_equal(game_fleet_hex(&G), geo()->fleet_hex[0]);
        assert_false(G.land >> game_fleet_hex(&G) & 1);
        for (int p = 0; p < 4; p++) {
            int seated = p < n, v = geo()->route_start[p], e = geo()->route_edge[p][0];
            assert_int_equal(geo()->route_len[p], 4);
            assert_int_equal(G.vertex_owner[v], seated ? p : -1);
            assert_int_equal(G.edge_owner[e], seated ? p : -1);
            assert_int_equal(G.p[p].ships, seated);
            assert_int_equal(G.p[p].settlements, seated);
            assert_int_equal(G.fortress[p], seated ? 3 : 0);
            /* The fortress stands off the home island, where nobody settles. */
            assert_true(bits_has(geo()->pirate_vertex_bits, geo()->route_fortress[p]));
            assert_false(bits_has(geo()->pirate_vertex_bits, v));
        }
        assert_int_equal(game_check_state(&G), BW_OK);
        assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
    }
}

/* One settlement and road each in the setup, which pays its start cards; then the first turn. */
static void test_setup_places_one_settlement_each(void **state)
{
    (void)state;
    th_init(&G, 3, BOARD_PIRATES);
    struct game_action list[400];
    for (int step = 0; step < 3; step++) {
        int p = G.current, n = game_legal_actions(&G, p, list, 400);
        assert_int_equal(p, step);
        assert_true(n > 0);
        /* No setup settlement on the pirate islands. */
        for (int i = 0; i < n; i++)
            assert_false(bits_has(geo()->pirate_vertex_bits, list[i].a));
        int before = th_hand(&G, p);
        th_apply(&G, &list[0], EV);
        assert_true(th_hand(&G, p) > before || G.phase == PHASE_GOLD);
        n = game_legal_actions(&G, p, list, 400);
        assert_true(n > 0 && list[0].type == ACT_BUILD_ROAD);
        th_apply(&G, &list[0], EV);
    }
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.current, 0);
    assert_int_equal(G.p[0].settlements, 2);
}

/* Ships go only onto the next edge of the player's own route. */
static void test_ships_follow_the_route(void **state)
{
    (void)state;
    main_phase(4, 1);
    th_give(&G, 1, 5, 0, 5, 0, 0);
    int next = geo()->route_edge[1][1], other = geo()->route_edge[0][1];
    /* Another player's route, and a sea edge off the route beside the start settlement. */
    th_refused(&G, &(struct game_action){.type = ACT_BUILD_SHIP, .player = 1, .a = (int16_t)other},
               BW_E(ROUTE));
    int start = geo()->route_start[1];
    for (int i = 0; i < 3; i++) {
        int e = geo()->vertex_edge[start][i];
        if (e >= 0 && e != next && e != geo()->route_edge[1][0] && bits_has(G.edge_sea, e))
            th_refused(&G,
                       &(struct game_action){.type = ACT_BUILD_SHIP, .player = 1, .a = (int16_t)e},
                       BW_E(ROUTE));
    }
    struct game_action list[400];
    int n = game_legal_actions(&G, 1, list, 400), ships = 0;
    for (int i = 0; i < n; i++)
        if (list[i].type == ACT_BUILD_SHIP) {
            ships++;
            assert_int_equal(list[i].a, next);
        }
    assert_int_equal(ships, 1);
    th_apply(&G, &(struct game_action){.type = ACT_BUILD_SHIP, .player = 1, .a = (int16_t)next},
             EV);
    assert_int_equal(G.p[1].ships, 2);
    /* Ships never move. */
    ships_to(1, 3);
    G.ships_new[0] = G.ships_new[1] = G.ships_new[2] = 0;
    struct game_action mv = act_ab(ACT_MOVE_SHIP, 1, geo()->route_edge[1][2], other);
    th_refused(&G, &mv, BW_E(ROUTE));
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* A knight makes one of the player's ships a warship (no robber), never more than their
 * ships; it counts for the largest army. */
static void test_knight_makes_a_warship(void **state)
{
    (void)state;
    main_phase(3, 0);
    th_give_dev(&G, 0, DEV_KNIGHT, 3, 0);
    struct game_action list[400];
    int n = game_legal_actions(&G, 0, list, 400), knights = 0;
    for (int i = 0; i < n; i++)
        if (list[i].type == ACT_PLAY_KNIGHT) {
            knights++;
            assert_int_equal(list[i].a, -1);
        }
    assert_int_equal(knights, 1);
    struct game_action k = act_ab(ACT_PLAY_KNIGHT, 0, -1, -1);
    k.target = -1;
    th_apply(&G, &k, EV);
    assert_int_equal(G.warships[0], 1);
    assert_int_equal(G.p[0].knights, 1);
    assert_int_equal(G.robber, -1);
    /* One ship, one warship: no second one (next turn). */
    th_main_phase(&G, 0);
    th_refused(&G, &k, BW_E(NO_WARSHIP));
    n = game_legal_actions(&G, 0, list, 400);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(list[i].type, ACT_PLAY_KNIGHT);
    ships_to(0, 2);
    th_apply(&G, &k, EV);
    assert_int_equal(G.warships[0], 2);
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* The fleet sails as many hexes as the first die along its course; each player with a
 * settlement or city beside it fights it at the second die's strength. */
static void test_fleet_sails_and_fights(void **state)
{
    (void)state;
    /* Find a course hex beside player 0's start settlement. */
    th_init(&G, 3, BOARD_PIRATES);
    int at = fleet_beside(geo()->route_start[0]);
    for (int strength = 1; strength <= 6; strength++)
        for (int warships = 0; warships <= 2; warships++) {
            th_init(&G, 3, BOARD_PIRATES);
            th_roll_phase(&G, 1);
            ships_to(0, 2);
            G.warships[0] = (uint8_t)warships;
            int d1 = 1 + (at + geo()->n_fleet - 1) % geo()->n_fleet % 6;
            G.fleet_at = (uint8_t)((at - d1 + geo()->n_fleet) % geo()->n_fleet);
            th_clear_tokens(&G);
            th_give(&G, 0, 2, 2, 0, 0, 0);
            if (d1 + strength == 7)
                continue; /* the 7 is tested on its own */
            int n = th_roll(&G, d1, strength, EV);
            assert_int_equal(G.fleet_at, at);
            const struct game_event *f = th_find_event(EV, n, EV_FLEET, -1);
            assert_non_null(f);
            assert_int_equal(f->b, geo()->fleet_hex[at]);
            const struct game_event *b = th_find_event(EV, n, EV_BATTLE, 0);
            assert_non_null(b);
            assert_int_equal(b->a, strength);
            if (warships > strength) { /* won: a card of choice */
                assert_int_equal(G.phase, PHASE_GOLD);
                assert_int_equal(G.p[0].gold, 1);
                assert_int_equal(th_hand(&G, 0), 4);
            } else if (warships < strength) { /* lost: a card for the settlement */
                assert_int_equal(G.phase, PHASE_MAIN);
                assert_int_equal(th_hand(&G, 0), 3);
                assert_int_equal(sum5(b->res), 1);
            } else {
                assert_int_equal(G.phase, PHASE_MAIN);
                assert_int_equal(th_hand(&G, 0), 4);
            }
            assert_int_equal(game_check_state(&G), BW_OK);
        }
}

/* Warships sunk with their ships come back on the ships built again: those afloat fight. */
static void test_sunk_warships_come_back(void **state)
{
    (void)state;
    th_init(&G, 3, BOARD_PIRATES);
    th_roll_phase(&G, 1);
    int at = fleet_beside(geo()->route_start[0]);
    ships_to(0, 2);
    G.warships[0] = 4; /* two of them sunk */
    assert_int_equal(game_check_state(&G), BW_OK);
    G.fleet_at = (uint8_t)((at + geo()->n_fleet - 1) % geo()->n_fleet);
    th_clear_tokens(&G);
    int n = th_roll(&G, 1, 2, EV);
    const struct game_event *b = th_find_event(EV, n, EV_BATTLE, 0);
    assert_non_null(b);
    assert_int_equal(b->b, 2); /* two afloat: the same as the pirates' 2 */
    assert_int_equal(G.phase, PHASE_MAIN);
    ships_to(0, 3);
    th_roll_phase(&G, 1);
    G.fleet_at = (uint8_t)((at + geo()->n_fleet - 1) % geo()->n_fleet);
    n = th_roll(&G, 1, 2, EV);
    assert_int_equal(th_find_event(EV, n, EV_BATTLE, 0)->b, 3);
    assert_int_equal(G.phase, PHASE_GOLD); /* three beat two: a card of choice */
}

/* A city loses two cards to the fleet. */
static void test_fleet_takes_two_from_a_city(void **state)
{
    (void)state;
    th_init(&G, 3, BOARD_PIRATES);
    th_roll_phase(&G, 0);
    int v0 = geo()->route_start[0], at = fleet_beside(v0);
    th_place_city(&G, 0, v0 + 1);
    G.fleet_at = (uint8_t)((at + geo()->n_fleet - 1) % geo()->n_fleet);
    th_clear_tokens(&G);
    th_give(&G, 0, 3, 0, 0, 0, 0);
    th_roll(&G, 1, 5, EV);
    assert_int_equal(th_hand(&G, 0), 1);
}

/* A 7: hands over 7 discard half, and nobody moves a robber. */
static void test_seven_moves_no_robber(void **state)
{
    (void)state;
    main_phase(3, 0);
    th_roll_phase(&G, 0);
    th_roll(&G, 3, 4, EV);
    assert_int_equal(G.phase, PHASE_MAIN);
    th_roll_phase(&G, 0);
    th_give(&G, 1, 2, 2, 2, 2, 0);
    th_roll(&G, 3, 4, EV);
    assert_int_equal(G.phase, PHASE_DISCARD);
    struct game_action d = th_action(ACT_DISCARD, 1);
    th_set5(d.give, 2, 2, 0, 0, 0);
    th_apply(&G, &d, EV);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.robber, -1);
}

/* The fortress: attacked once a turn from the route's end; more warships than the pirates'
 * die take a chit off, the same sinks the ship at the end, fewer the two there. */
static void test_fortress_attack(void **state)
{
    (void)state;
    main_phase(3, 0);
    ships_to(0, 3);
    struct game_action atk = th_action(ACT_ATTACK, 0);
    th_refused(&G, &atk, BW_E(FORTRESS)); /* the route is not finished */
    int seen[3] = {0};
    for (uint64_t seed = 1; seed < 200; seed++) {
        main_phase(3, 0);
        ships_to(0, 4);
        G.warships[0] = (uint8_t)(seed % 5);
        bw_rng_seed(&G.rng, seed);
        int n = th_apply(&G, &atk, EV);
        const struct game_event *e = th_find_event(EV, n, EV_FORTRESS, 0);
        assert_non_null(e);
        int w = (int)(seed % 5), die = e->a;
        assert_true(die >= 1 && die <= 6);
        if (w > die) {
            seen[0]++;
            assert_int_equal(G.fortress[0], 2);
            assert_int_equal(G.p[0].ships, 4);
        } else if (w == die) {
            seen[1]++;
            assert_int_equal(G.fortress[0], 3);
            assert_int_equal(G.p[0].ships, 3);
            assert_int_equal(G.edge_owner[geo()->route_edge[0][3]], -1);
            assert_int_equal(G.warships[0], w); /* it comes back on the next ship */
        } else {
            seen[2]++;
            assert_int_equal(G.fortress[0], 3);
            assert_int_equal(G.p[0].ships, 2);
            assert_int_equal(G.warships[0], w);
        }
        assert_int_equal(game_check_state(&G), BW_OK);
        th_refused(&G, &atk, BW_E(FORTRESS)); /* once a turn */
    }
    assert_true(seen[0] && seen[1] && seen[2]);
}

/* The last chit taken, the fortress is the player's settlement, one more than their five. */
static void test_fortress_conquered(void **state)
{
    (void)state;
    for (uint64_t seed = 1;; seed++) {
        main_phase(3, 0);
        ships_to(0, 4);
        G.warships[0] = 4;
        G.fortress[0] = 1;
        bw_rng_seed(&G.rng, seed);
        int n = th_apply(&G, &(struct game_action){.type = ACT_ATTACK, .player = 0}, EV);
        const struct game_event *e = th_find_event(EV, n, EV_FORTRESS, 0);
        if (e->a >= 4)
            continue;
        int v = geo()->route_fortress[0];
        assert_int_equal(G.fortress[0], 0);
        assert_int_equal(G.vertex_owner[v], 0);
        assert_int_equal(G.vertex_building[v], BUILDING_SETTLEMENT);
        assert_int_equal(G.p[0].settlements, 2);
        assert_int_equal(game_check_state(&G), BW_OK);
        break;
    }
    /* The fortress's settlement is one more of theirs: five others may stand. */
    assert_int_equal(game_settlement_supply(&G, 0), GAME_SETTLEMENTS + 1);
    assert_int_equal(game_settlement_supply(&G, 1), GAME_SETTLEMENTS);
}

/* The points to win win only with the fortress conquered (6 here, for the cards there are). */
static void test_win_needs_the_fortress(void **state)
{
    (void)state;
    main_phase(3, 0);
    G.vp_goal = 6;
    th_give_dev(&G, 0, DEV_VICTORY, 5, 0);
    assert_true(game_vp_total(&G, 0) >= 6);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    struct game_action buy = th_action(ACT_BUY_DEV, 0);
    buy.a = -1;
    th_apply(&G, &buy, EV);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.winner, -1);
    /* Conquered: the next action that may score ends the game. */
    int v = geo()->route_fortress[0];
    ships_to(0, 4);
    G.fortress[0] = 0;
    th_place_settlement(&G, 0, v + 1);
    assert_int_equal(game_check_state(&G), BW_OK);
    th_give(&G, 0, 0, 0, 1, 1, 1);
    th_apply(&G, &buy, EV);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
}

/* A restored state with a ship off the route, or a fortress both armed and taken, is refused. */
static void test_state_checks(void **state)
{
    (void)state;
    main_phase(3, 0);
    struct game h = G;
    int e = geo()->route_edge[0][2];
    h.edge_owner[e] = 0;
    bits_set(h.ships, e);
    h.p[0].ships++;
    assert_int_equal(game_check_state(&h), BW_E(INVALID));
    h = G;
    h.warships[0] = 5; /* more than the route's ships */
    assert_int_equal(game_check_state(&h), BW_E(INVALID));
    h = G;
    h.fortress[0] = 0;
    assert_int_equal(game_check_state(&h), BW_E(INVALID));
    h = G;
    h.fleet_at = (uint8_t)geo()->n_fleet;
    assert_int_equal(game_check_state(&h), BW_E(INVALID));
}

/* ---- the map keys ---- */

static int parse(const char *body, char *err, size_t size)
{
    static char text[4096];
    static struct map m;
    snprintf(text, sizeof text,
             "name = t\nplayers = 3\nrobber = none\nhome = 2.5\n"
             "terrains = forest x4, hills x3, pasture x3\ntokens = 3, 4, 5, 6, 8, 9, 10, 11, 3, 4\n"
             "grid\n"
             "    -   ~   ~   ~   ~   ~   ~   ~\n"
             "      ~   D   ~   ~   *   *   ~\n"
             "    -   ~   ~   ~   ~   *   *   ~\n"
             "      ~   D   ~   ~   *   *   ~\n"
             "    -   ~   ~   ~   ~   *   *   ~\n"
             "      ~   D   ~   ~   *   *   ~\n"
             "    -   ~   ~   ~   ~   ~   ~   ~\n"
             "end\n%s",
             body);
    return map_parse(text, strlen(text), "t.map", &m, err, size);
}

static void test_map_keys(void **state)
{
    (void)state;
    char err[200];
    const char *routes = "route = 2.5 SW, 2.4 S, 2.3 SE, 2.3 S, 2.2 SE\n"
                         "route = 4.5 SW, 4.4 S, 4.3 SE, 4.3 S, 4.2 SE\n"
                         "route = 6.5 NW, 6.4 N, 6.3 NE, 6.3 N, 6.2 NE\n";
    char body[1024];
    snprintf(body, sizeof body, "%sfleet = 3.4, 4.3, 5.4, 4.4\n", routes);
    assert_int_equal(parse(body, err, sizeof err), 0);
    snprintf(body, sizeof body, "%sfleet = 3.4, 5.4\n", routes);
    assert_int_equal(parse(body, err, sizeof err), -1);
    assert_non_null(strstr(err, "is not beside"));
    assert_int_equal(parse("route = 2.5 SW, 2.3 SE\nfleet = 3.4, 4.3\n", err, sizeof err), -1);
    assert_non_null(strstr(err, "not beside the corner"));
    snprintf(body, sizeof body, "%sfleet = 3.4, 2.5\n", routes);
    assert_int_equal(parse(body, err, sizeof err), -1);
    assert_non_null(strstr(err, "not a sea hex"));
    assert_int_equal(parse("route = 2.5 XX, 2.4 S\nfleet = 3.4, 4.3\n", err, sizeof err), -1);
    assert_non_null(strstr(err, "route: write"));
    /* Fewer routes than players. */
    assert_int_equal(
        parse("route = 2.5 SW, 2.4 S, 2.3 SE, 2.3 S, 2.2 SE\nfleet = 3.4, 4.3\n", err, sizeof err),
        -1);
    assert_non_null(strstr(err, "1 routes for up to 3 players"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_places_routes_and_fortresses),
        cmocka_unit_test(test_setup_places_one_settlement_each),
        cmocka_unit_test(test_ships_follow_the_route),
        cmocka_unit_test(test_knight_makes_a_warship),
        cmocka_unit_test(test_fleet_sails_and_fights),
        cmocka_unit_test(test_fleet_takes_two_from_a_city),
        cmocka_unit_test(test_sunk_warships_come_back),
        cmocka_unit_test(test_seven_moves_no_robber),
        cmocka_unit_test(test_fortress_attack),
        cmocka_unit_test(test_fortress_conquered),
        cmocka_unit_test(test_win_needs_the_fortress),
        cmocka_unit_test(test_state_checks),
        cmocka_unit_test(test_map_keys),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
