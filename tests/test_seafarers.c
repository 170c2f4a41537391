/* The Seafarers rules of RULES.md ("Seafarers"), one test or more per rule, on The Four
 * Islands for four players: islands 0 (hexes A B F G K L), 1 (D E I J N O), 2 (U V Z AA AE AF)
 * and 3 (X Y AC AD AH), all home islands; the sea between them is lettered too (C, H, M, P..T,
 * W, AB, AG, AI), the pirate starts on R. Corners used below (1-based, as users write them):
 * 8 is the corner of B (island 0) and sea C on the top edge; 3 and 9 are C's top corners, 9 on
 * D (island 1); 8-14 is the coast between B and C; 14-19 is between B and G (land only). */
#include "engine_helpers.h"

#include "engine/playout.h"

static struct game G;

enum { B = 1, C = 2, D = 3, Q = 16, R = 17 };

static void four_islands(void)
{
    th_blank(&G, 4, BOARD_FOUR_ISLANDS_4);
    assert_int_equal(G.pirate, R);
    for (int p = 0; p < 4; p++)
        G.p[p].home_islands = 1u << p; /* as if each had started on island p */
}

static struct game_action ship(int p, int v1, int v2)
{
    struct game_action a = th_action(ACT_BUILD_SHIP, p);
    a.a = (int16_t)th_edge(&G, v1, v2);
    return a;
}

static struct game_action move(int p, int f1, int f2, int t1, int t2)
{
    struct game_action a = th_action(ACT_MOVE_SHIP, p);
    a.a = (int16_t)th_edge(&G, f1, f2);
    a.b = (int16_t)th_edge(&G, t1, t2);
    return a;
}

static int listed(const struct game *g, int p, const struct game_action *want)
{
    static struct game_action buf[4096];
    int n = game_legal_actions(g, p, buf, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (buf[i].type == want->type && buf[i].a == want->a &&
            (want->type != ACT_MOVE_SHIP || buf[i].b == want->b))
            return 1;
    return 0;
}

/* Ships cost 1 wood + 1 wool and lie on edges with sea on a side. */
static void test_ship_cost_and_sea_edges(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    th_place_settlement(&G, 0, 8);
    struct game_action a = ship(0, 8, 3);
    th_refused(&G, &a, BW_E(NOT_ENOUGH));
    th_give(&G, 0, 1, 0, 1, 0, 0);
    struct game_action land = ship(0, 14, 19); /* between B and G: land on both sides */
    th_refused(&G, &land, BW_E(NO_SEA));
    struct game_action off = ship(0, 14, 19);
    off.a = (int16_t)game_geo(&G)->n_edges; /* no side of the board at all */
    th_refused(&G, &off, BW_E(NO_SUCH_SPOT));
    assert_true(listed(&G, 0, &a));
    assert_false(listed(&G, 0, &land));
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_BUILD, 0);
    assert_non_null(e);
    assert_int_equal(e->a, PIECE_SHIP);
    assert_int_equal(e->b, a.a);
    assert_int_equal(G.p[0].ships, 1);
    assert_int_equal(G.p[0].roads, 0);
    assert_int_equal(th_hand(&G, 0), 0);
    /* A coast edge (land on one side) takes a ship as well as a road. */
    th_give(&G, 0, 1, 0, 1, 0, 0);
    struct game_action coast = ship(0, 8, 14);
    th_apply(&G, &coast, NULL);
    assert_int_equal(G.p[0].ships, 2);
    th_check_supply(&G);
}

/* 15 ships each. */
static void test_ship_supply(void **state)
{
    (void)state;
    four_islands();
    th_place_settlement(&G, 0, 8);
    th_give(&G, 0, 1, 0, 1, 0, 0);
    G.p[0].ships = GAME_SHIPS; /* as if all were on the board */
    struct game_action a = ship(0, 8, 3);
    th_refused(&G, &a, BW_E(NO_PIECES));
    assert_false(listed(&G, 0, &a));
}

/* A ship joins the player's building or ship line; a road and a ship meet only at the
 * player's own settlement or city. */
static void test_road_and_ship_meet_at_buildings(void **state)
{
    (void)state;
    four_islands();
    th_place_settlement(&G, 0, 8);
    th_place_road(&G, 0, 8, 14); /* a road along the coast to corner 14 */
    th_give(&G, 0, 3, 1, 3, 0, 0);
    struct game_action from_road = ship(0, 14, 20);
    th_refused(&G, &from_road, BW_E(NOT_CONNECTED));
    assert_false(listed(&G, 0, &from_road));
    struct game_action road_on = th_act_road(&G, 0, 14, 20);
    th_apply(&G, &road_on, NULL); /* a road may go on from the road */
    /* A ship line, and nothing but ships go on from its end. */
    struct game_action s1 = ship(0, 8, 3), s2 = ship(0, 3, 9);
    struct game_action unconnected = ship(0, 9, 15);
    th_refused(&G, &unconnected, BW_E(NOT_CONNECTED));
    th_apply(&G, &s1, NULL);
    th_apply(&G, &s2, NULL);
    assert_true(game_can_ship(&G, 0, unconnected.a));
    struct game_action road_from_ship = th_act_road(&G, 0, 9, 4);
    th_refused(&G, &road_from_ship, BW_E(NOT_CONNECTED));
    /* An opponent's building cuts a ship line too. */
    th_place_settlement(&G, 1, 9);
    th_refused(&G, &unconnected, BW_E(NOT_CONNECTED));
    th_check_supply(&G);
}

/* The setup road may be a ship when the settlement is on the coast. */
static void test_setup_ship(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 4, BOARD_FOUR_ISLANDS_4);
    struct game_action s = th_act_settle(&G, 0, 8);
    th_apply(&G, &s, NULL);
    assert_int_equal(G.p[0].home_islands, 1); /* island 0 is where player 0 started */
    struct game_action road_at_sea = th_act_road(&G, 0, 8, 3);
    th_refused(&G, &road_at_sea, BW_E(NO_LAND));
    struct game_action far = ship(0, 3, 9);
    th_refused(&G, &far, BW_E(NOT_CONNECTED));
    struct game_action a = ship(0, 8, 3);
    assert_true(listed(&G, 0, &a));
    int n = th_apply(&G, &a, ev);
    assert_non_null(th_find_event(ev, n, EV_BUILD, 0));
    assert_int_equal(G.p[0].ships, 1);
    assert_int_equal(G.current, 1); /* the setup went on */
    assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
}

/* Moving a ship: once a turn after the roll, from the open end of a line, not one built this
 * turn, not beside the pirate, to another edge where a ship could be built. */
static void test_move_ship(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    th_place_settlement(&G, 0, 8);
    th_place_ship(&G, 0, 8, 3);
    th_place_ship(&G, 0, 3, 9);
    th_roll_phase(&G, 0);
    struct game_action open_end = move(0, 3, 9, 8, 14);
    th_refused(&G, &open_end, BW_E(WRONG_PHASE)); /* not before the roll */
    th_main_phase(&G, 0);
    struct game_action closed = move(0, 8, 3, 8, 14);
    th_refused(&G, &closed, BW_E(SHIP_CLOSED)); /* between the settlement and a ship */
    struct game_action itself = move(0, 3, 9, 9, 15);
    th_refused(&G, &itself, BW_E(NOT_CONNECTED)); /* only the moving ship held 9 */
    struct game_action not_mine = move(1, 3, 9, 8, 14);
    th_refused(&G, &not_mine, BW_E(NOT_YOUR_TURN));
    assert_true(listed(&G, 0, &open_end));
    assert_false(listed(&G, 0, &closed));
    assert_false(listed(&G, 0, &itself));
    int n = th_apply(&G, &open_end, ev);
    const struct game_event *e = th_find_event(ev, n, EV_MOVE_SHIP, 0);
    assert_non_null(e);
    assert_int_equal(e->a, open_end.a);
    assert_int_equal(e->b, open_end.b);
    assert_int_equal(G.edge_owner[open_end.a], -1);
    assert_int_equal(G.edge_owner[open_end.b], 0);
    assert_int_equal(G.p[0].ships, 2);
    struct game_action again = move(0, 8, 14, 14, 20);
    th_refused(&G, &again, BW_E(SHIP_MOVED)); /* once a turn */
    th_check_supply(&G);
    /* Next turn of player 0: a ship built in this turn stays put, an older one may move. */
    th_main_phase(&G, 0);
    G.ship_moved = 0;
    th_give(&G, 0, 1, 0, 1, 0, 0);
    struct game_action build = ship(0, 14, 20);
    th_apply(&G, &build, NULL);
    struct game_action fresh = move(0, 14, 20, 3, 9);
    th_refused(&G, &fresh, BW_E(SHIP_NEW));
    struct game_action end = th_action(ACT_END, 0);
    th_apply(&G, &end, NULL);
    assert_true(G.ships_new[0] == 0 && G.ships_new[1] == 0 && G.ships_new[2] == 0);
}

/* No ship is built or moved on the sides of the pirate's hex. */
static void test_pirate_blocks_ships(void **state)
{
    (void)state;
    four_islands();
    /* Player 2 on corner 56 (V's, and sea hexes Q's and W's), a ship 56-50 between Q and W;
     * 50-44 is a side of Q and of R, where the pirate is. */
    th_place_settlement(&G, 2, 56);
    th_place_ship(&G, 2, 56, 50);
    th_main_phase(&G, 2);
    th_give(&G, 2, 1, 0, 1, 0, 0);
    struct game_action beside = ship(2, 50, 44); /* a side of R and Q */
    th_refused(&G, &beside, BW_E(PIRATE));
    assert_false(listed(&G, 2, &beside));
    G.pirate = C;
    th_apply(&G, &beside, NULL);
    G.pirate = Q;
    G.ships_new[0] = G.ships_new[1] = G.ships_new[2] = 0;
    struct game_action away = move(2, 50, 44, 50, 57);
    th_refused(&G, &away, BW_E(PIRATE));
    G.pirate = C;
    G.ship_moved = 0;
    th_apply(&G, &away, NULL);
}

/* A 7 or a knight moves the robber (land) or the pirate (sea); the pirate robs a player with a
 * ship on its hex's sides. */
static void test_pirate_moves_and_robs(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    th_place_settlement(&G, 1, 56);
    th_place_ship(&G, 1, 56, 50); /* a side of Q (and W) */
    th_give(&G, 1, 0, 0, 0, 0, 2);
    th_give(&G, 2, 0, 0, 0, 2, 0);
    th_roll_phase(&G, 0);
    th_roll(&G, 3, 4, NULL);
    assert_int_equal(G.phase, PHASE_ROBBER);
    int robber = G.robber;
    struct game_action same = th_act_robber(ACT_ROBBER, 0, R, 1);
    th_refused(&G, &same, BW_E(PIRATE_SAME));
    struct game_action no_ship = th_act_robber(ACT_ROBBER, 0, Q, 2);
    th_refused(&G, &no_ship, BW_E(BAD_VICTIM));
    struct game_action a = th_act_robber(ACT_ROBBER, 0, Q, 1);
    assert_true(listed(&G, 0, &a));
    int n = th_apply(&G, &a, ev);
    const struct game_event *e = th_find_event(ev, n, EV_PIRATE, 0);
    assert_non_null(e);
    assert_int_equal(e->a, Q);
    assert_null(th_find_event(ev, n, EV_ROBBER, -2));
    e = th_find_event(ev, n, EV_STEAL, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 1);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.pirate, Q);
    assert_int_equal(G.robber, robber);
    assert_int_equal(G.phase, PHASE_MAIN);
    /* A knight on a sea hex moves the pirate too; with nobody to rob there, nothing is taken. */
    th_roll_phase(&G, 2);
    th_give_dev(&G, 2, DEV_KNIGHT, 1, 0);
    struct game_action k = th_act_robber(ACT_PLAY_KNIGHT, 2, C, -1);
    n = th_apply(&G, &k, ev);
    assert_non_null(th_find_event(ev, n, EV_PIRATE, 2));
    assert_non_null(th_find_event(ev, n, EV_NO_STEAL, 2));
    assert_int_equal(G.pirate, C);
    assert_int_equal(G.p[2].knights, 1);
    /* The robber stays on land: a land hex moves the robber, never the pirate. */
    th_roll_phase(&G, 3);
    th_roll(&G, 3, 4, NULL);
    struct game_action land = th_act_robber(ACT_ROBBER, 3, B, -1);
    n = th_apply(&G, &land, ev);
    assert_int_equal(G.robber, B);
    assert_int_equal(G.pirate, C);
    th_check_supply(&G);
}

/* Longest trade route: roads and ships together, joined only at the player's own building. */
static void test_trade_route(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    static const int roads[] = {6, 1, 7, 2, 8};
    th_place_path(&G, 0, roads, 5); /* 4 roads from 6 to 8 */
    th_place_settlement(&G, 0, 6);
    th_place_ship(&G, 0, 8, 3);
    th_place_ship(&G, 0, 3, 9);
    /* At 8 nobody's building: the roads (4) and the ships (2) do not join. */
    assert_int_equal(game_longest_road_of(&G, 0), 4);
    th_sync_roads(&G);
    /* A settlement of the player's own at 8 joins them: 6, the longest trade route. */
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action s = th_act_settle(&G, 0, 8);
    int n = th_apply(&G, &s, ev);
    assert_int_equal(game_longest_road_of(&G, 0), 6);
    assert_int_equal(G.p[0].road_length, 6);
    const struct game_event *e = th_find_event(ev, n, EV_LONGEST_ROAD, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 6);
    assert_int_equal(G.longest_road, 0);
    /* An opponent's building at the junction would not join them. */
    th_remove_building(&G, 8);
    th_place_settlement(&G, 1, 8);
    assert_int_equal(game_longest_road_of(&G, 0), 4);
}

/* Road building: two roads, two ships, or one of each. */
static void test_road_building_with_ships(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    th_place_settlement(&G, 0, 8);
    th_give_dev(&G, 0, DEV_ROADS, 2, 0);
    /* Two ships, the second connected only through the first, named second first. */
    struct game_action a = th_action(ACT_PLAY_ROADS, 0);
    a.a = (int16_t)th_edge(&G, 3, 9);
    a.b = (int16_t)th_edge(&G, 8, 3);
    a.ships = PIECE_SHIP_1 | PIECE_SHIP_2;
    struct game_action roads = a;
    roads.ships = 0; /* as roads: 8-3 and 3-9 have no land on either side */
    th_refused(&G, &roads, BW_E(NO_LAND));
    int n = th_apply(&G, &a, ev);
    assert_int_equal(th_count_events(ev, n, EV_FREE_ROAD), 2);
    assert_int_equal(G.p[0].ships, 2);
    assert_int_equal(G.p[0].roads, 0);
    assert_int_equal(th_hand(&G, 0), 0);
    /* One road and one ship, next turn. */
    th_roll_phase(&G, 0);
    struct game_action mixed = th_action(ACT_PLAY_ROADS, 0);
    mixed.a = (int16_t)th_edge(&G, 8, 2);
    mixed.b = (int16_t)th_edge(&G, 9, 15);
    mixed.ships = PIECE_SHIP_2;
    assert_true(listed(&G, 0, &mixed));
    n = th_apply(&G, &mixed, ev);
    assert_int_equal(th_count_events(ev, n, EV_FREE_ROAD), 2);
    assert_int_equal(G.p[0].ships, 3);
    assert_int_equal(G.p[0].roads, 1);
    assert_true(!(G.ships[mixed.a >> 6] >> (mixed.a & 63) & 1));
    assert_true(G.ships[mixed.b >> 6] >> (mixed.b & 63) & 1);
    th_check_supply(&G);
}

/* A first settlement on each island other than a player's own earns the island bonus (2 on
 * The Four Islands), once per island; a public point. */
static void test_island_bonus(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    four_islands();
    G.p[0].home_islands = 1; /* started on island 0 only */
    th_place_settlement(&G, 0, 8);
    th_place_ship(&G, 0, 8, 3);
    th_place_ship(&G, 0, 3, 9);
    th_place_ship(&G, 0, 9, 15);
    th_place_ship(&G, 0, 15, 21);
    assert_int_equal(game_vp_public(&G, 0), 1);
    th_give(&G, 0, 2, 2, 2, 2, 0);
    struct game_action s = th_act_settle(&G, 0, 9); /* on D: island 1 */
    int n = th_apply(&G, &s, ev);
    const struct game_event *e = th_find_event(ev, n, EV_ISLAND, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 1);
    assert_int_equal(e->b, 2);
    assert_int_equal(game_island_points(&G, 0), 2);
    assert_int_equal(game_vp_public(&G, 0), 4);
    struct game_action again = th_act_settle(&G, 0, 21); /* island 1 again: no bonus */
    n = th_apply(&G, &again, ev);
    assert_null(th_find_event(ev, n, EV_ISLAND, -2));
    assert_int_equal(game_vp_public(&G, 0), 5);
    /* A player who started on island 1 gets nothing for settling it. */
    four_islands();
    G.p[0].home_islands = 3;
    th_place_settlement(&G, 0, 8);
    th_place_ship(&G, 0, 8, 3);
    th_place_ship(&G, 0, 3, 9);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    n = th_apply(&G, &s, ev);
    assert_null(th_find_event(ev, n, EV_ISLAND, -2));
    assert_int_equal(game_island_points(&G, 0), 0);
}

/* Heading for New Shores (4 players): the main island 0 is the only home island; E (corners 5
 * 12 19 25 18 11, token 4) is a gold field on island 1. */
enum { NS_E = 4 };

/* Gold fields give each owner 1 card of their choice per settlement, 2 per city, from what
 * the bank holds; the game waits for every choice. A bank short of the gold owed pays it as
 * production is paid: nobody, unless a single player is owed it. */
static void test_gold_fields(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_NEW_SHORES_4);
    assert_int_equal(G.terrain[NS_E], TERRAIN_GOLD);
    assert_int_equal(G.token[NS_E], 4);
    th_place_settlement(&G, 0, 12);
    th_place_city(&G, 1, 18);
    th_roll_phase(&G, 0);
    int n = th_roll(&G, 1, 3, ev);
    assert_int_equal(G.phase, PHASE_GOLD);
    assert_int_equal(game_waiting_for(&G), 3u);
    assert_int_equal(th_count_events(ev, n, EV_GOLD_NEEDED), 2);
    assert_int_equal(th_find_event(ev, n, EV_GOLD_NEEDED, 1)->a, 2);
    assert_int_equal(th_hand(&G, 0) + th_hand(&G, 1), 0);
    struct game_action a = th_action(ACT_GOLD, 0);
    th_set5(a.get, 0, 0, 0, 0, 2);
    th_refused(&G, &a, BW_E(GOLD_COUNT)); /* one card for a settlement */
    struct game_action end = th_action(ACT_END, 0);
    th_refused(&G, &end, BW_E(WRONG_PHASE));
    struct game_action other = th_action(ACT_GOLD, 2);
    th_set5(other.get, 0, 0, 0, 0, 1);
    th_refused(&G, &other, BW_E(WRONG_PHASE)); /* owed nothing */
    th_set5(a.get, 0, 0, 0, 0, 1);
    n = th_apply(&G, &a, ev);
    assert_int_equal(th_find_event(ev, n, EV_GOLD, 0)->res[RES_ORE], 1);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.phase, PHASE_GOLD); /* player 1 still chooses */
    struct game_action b = th_action(ACT_GOLD, 1);
    th_set5(b.get, 1, 0, 0, 0, 1);
    static struct game_action buf[4096];
    int listed_n = game_legal_actions(&G, 1, buf, 4096), found = 0;
    for (int i = 0; i < listed_n; i++) {
        assert_int_equal(buf[i].type, ACT_GOLD);
        assert_int_equal(
            buf[i].get[0] + buf[i].get[1] + buf[i].get[2] + buf[i].get[3] + buf[i].get[4], 2);
        found |= memcmp(buf[i].get, b.get, RES_COUNT) == 0;
    }
    assert_int_equal(listed_n, 15); /* two of five kinds, with repetition */
    assert_true(found);
    th_apply(&G, &b, NULL);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(th_hand(&G, 1), 2);
    th_check_supply(&G);
    /* The robber on the gold field stops it. */
    G.robber = NS_E;
    th_roll_phase(&G, 2);
    th_roll(&G, 2, 2, NULL);
    assert_int_equal(G.phase, PHASE_MAIN);
    /* The bank short of the gold owed (3 cards, it holds 2): as in production, nobody takes
     * any when more than one player is owed it. */
    G.robber = 0;
    for (int r = 0; r < RES_COUNT; r++)
        th_bank_holds(&G, r, r == RES_WOOL ? 2 : 0, 3);
    th_roll_phase(&G, 2);
    n = th_roll(&G, 3, 1, ev);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.p[0].gold + G.p[1].gold, 0);
    assert_int_equal(th_count_events(ev, n, EV_GOLD_NEEDED), 0);
    const struct game_event *short_of = th_find_event(ev, n, EV_SHORTAGE, -2);
    assert_non_null(short_of);
    assert_int_equal(short_of->a, RES_COUNT);
    assert_int_equal(G.bank[RES_WOOL], 2);
    /* A single player owed it takes what is left; an absent one has it chosen for them. */
    th_remove_building(&G, 12);
    th_bank_holds(&G, RES_WOOL, 1, 3);
    th_roll_phase(&G, 2);
    th_roll(&G, 3, 1, NULL);
    assert_int_equal(G.phase, PHASE_GOLD);
    assert_int_equal(G.p[1].gold, 1);
    struct game_action t = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &t, NULL);
    assert_int_equal(G.p[1].res[RES_WOOL], 1);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.bank[RES_WOOL], 0);
    th_check_supply(&G);
}

/* A second setup settlement beside a gold field takes one card of choice, then its road. */
static void test_setup_gold_and_home_islands(void **state)
{
    (void)state;
    th_init(&G, 4, BOARD_NEW_SHORES_4);
    struct game_action off = th_act_settle(&G, 0, 12); /* on island 1 */
    th_refused(&G, &off, BW_E(NOT_HOME));
    assert_false(listed(&G, 0, &off));
    th_set_hex(&G, 2, TERRAIN_GOLD, 3); /* C, on the main island, made a gold field */
    G.setup_step = 4;                   /* the second round: player 3 first */
    G.current = 3;
    struct game_action s = th_act_settle(&G, 3, 10);
    th_apply(&G, &s, NULL);
    assert_int_equal(G.phase, PHASE_GOLD);
    assert_int_equal(G.p[3].gold, 1);
    struct game_action a = th_action(ACT_GOLD, 3);
    th_set5(a.get, 0, 1, 0, 0, 0);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.phase, PHASE_SETUP_ROAD);
    assert_int_equal(G.p[3].res[RES_BRICK], 1);
    assert_int_equal(G.current, 3);
}

/* Random games on Heading for New Shores end, choose gold and settle other islands. */
static void test_new_shores_in_play(void **state)
{
    (void)state;
    int golds = 0, islands = 0;
    for (int i = 0; i < 40; i++) {
        struct game_options opt = {.n_players = (uint8_t)(3 + i % 2),
                                   .board =
                                       (uint8_t)(i % 2 ? BOARD_NEW_SHORES_4 : BOARD_NEW_SHORES_3)};
        struct bw_rng rng;
        assert_int_equal(game_init(&G, &opt, 8000u + (uint64_t)i), BW_OK);
        assert_int_equal(G.vp_goal, 14);
        bw_rng_seed(&rng, 9100u + (uint64_t)i);
        struct game_action a;
        struct game_event ev[GAME_MAX_EVENTS];
        for (int k = 0; k < 40000 && G.phase != PHASE_OVER; k++) {
            if (playout_choose(&G, &rng, &a) != BW_OK)
                fail_msg("game %d action %d: phase %d waiting %x gold %d %d %d %d bank %d", i, k,
                         G.phase, game_waiting_for(&G), G.p[0].gold, G.p[1].gold, G.p[2].gold,
                         G.p[3].gold, G.bank[0] + G.bank[1] + G.bank[2] + G.bank[3] + G.bank[4]);
            int n = 0;
            assert_int_equal(game_apply(&G, &a, ev, GAME_MAX_EVENTS, &n), BW_OK);
            golds += th_count_events(ev, n, EV_GOLD);
            islands += th_count_events(ev, n, EV_ISLAND);
            assert_int_equal(game_check_state(&G), BW_OK);
        }
        assert_int_equal(G.phase, PHASE_OVER);
    }
    assert_true(golds > 0);
    assert_true(islands > 0);
}

/* A corner with only sea around is refused as such, not as too close to a building. */
static void test_settlement_at_sea(void **state)
{
    (void)state;
    four_islands();
    const struct board_geo *geo = th_geo(&G);
    int seen = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        if (!(geo->vertex_hex_bits[v] & G.land)) {
            struct game_action a = th_action(ACT_BUILD_SETTLEMENT, 0);
            a.a = (int16_t)v;
            th_refused(&G, &a, BW_E(SEA_CORNER));
            seen++;
        }
    assert_true(seen > 0);
}

/* The base board has no sea inside its frame: no ships, no pirate. */
static void test_no_ships_on_the_base_board(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    assert_int_equal(G.pirate, -1);
    th_place_settlement(&G, 0, 1);
    th_give(&G, 0, 1, 0, 1, 0, 0);
    struct game_action a = ship(0, 1, 5);
    th_refused(&G, &a, BW_E(NO_SEA));
    static struct game_action buf[4096];
    int n = game_legal_actions(&G, 0, buf, 4096);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(buf[i].type, ACT_BUILD_SHIP);
}

/* Random games on both Four Islands maps build ships, move the pirate and settle islands:
 * the rules above are reached in play, not only in hand-built positions. */
static void test_reached_in_play(void **state)
{
    (void)state;
    int ships = 0, pirates = 0, islands = 0, routes = 0;
    for (int i = 0; i < 60; i++) {
        struct game_options opt = {
            .n_players = (uint8_t)(3 + i % 2),
            .board = (uint8_t)(i % 2 ? BOARD_FOUR_ISLANDS_4 : BOARD_FOUR_ISLANDS_3)};
        struct bw_rng rng;
        assert_int_equal(game_init(&G, &opt, 7000u + (uint64_t)i), BW_OK);
        bw_rng_seed(&rng, 9000u + (uint64_t)i);
        struct game_action a;
        struct game_event ev[GAME_MAX_EVENTS];
        for (int k = 0; k < 20000 && G.phase != PHASE_OVER; k++) {
            assert_int_equal(playout_choose(&G, &rng, &a), BW_OK);
            int n = 0;
            assert_int_equal(game_apply(&G, &a, ev, GAME_MAX_EVENTS, &n), BW_OK);
            ships += a.type == ACT_BUILD_SHIP;
            pirates += th_count_events(ev, n, EV_PIRATE);
            islands += th_count_events(ev, n, EV_ISLAND);
        }
        assert_int_equal(G.phase, PHASE_OVER);
        for (int p = 0; p < G.opt.n_players; p++)
            routes += G.p[p].ships && G.p[p].road_length > G.p[p].roads;
        assert_int_equal(game_check_state(&G), BW_OK);
    }
    assert_true(ships > 100);
    assert_true(pirates > 0);
    assert_true(islands > 0);
    assert_true(routes > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ship_cost_and_sea_edges),
        cmocka_unit_test(test_ship_supply),
        cmocka_unit_test(test_road_and_ship_meet_at_buildings),
        cmocka_unit_test(test_setup_ship),
        cmocka_unit_test(test_move_ship),
        cmocka_unit_test(test_pirate_blocks_ships),
        cmocka_unit_test(test_pirate_moves_and_robs),
        cmocka_unit_test(test_trade_route),
        cmocka_unit_test(test_road_building_with_ships),
        cmocka_unit_test(test_island_bonus),
        cmocka_unit_test(test_gold_fields),
        cmocka_unit_test(test_setup_gold_and_home_islands),
        cmocka_unit_test(test_new_shores_in_play),
        cmocka_unit_test(test_settlement_at_sea),
        cmocka_unit_test(test_no_ships_on_the_base_board),
        cmocka_unit_test(test_reached_in_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
