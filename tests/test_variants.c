/* The variants of the base board in RULES.md ("Variants of the base board"): the Jungle and
 * the Great River. */
#include "engine_helpers.h"

#include "engine/playout.h"

static struct game G;

static int jungle_hex(const struct game *g)
{
    for (int h = 0; h < th_geo(g)->n_hexes; h++)
        if (g->terrain[h] == TERRAIN_JUNGLE)
            return h;
    return -1;
}

/* The desert becomes a jungle with one more token of 3, 4, 5, 9, 10, 11; the robber starts
 * there. Every seed deals the base board otherwise as it always did. */
static void test_jungle_board(void **state)
{
    (void)state;
    int seen[13] = {0};
    for (uint64_t seed = 1; seed <= 200; seed++) {
        struct game base;
        th_init_seed(&G, 4, BOARD_JUNGLE, seed);
        th_init_seed(&base, 4, BOARD_BASE, seed);
        int h = jungle_hex(&G);
        assert_true(h >= 0);
        assert_int_equal(base.terrain[h], TERRAIN_DESERT);
        assert_int_equal(G.robber, h);
        int t = G.token[h];
        assert_true(t == 3 || t == 4 || t == 5 || t == 9 || t == 10 || t == 11);
        seen[t]++;
        for (int k = 0; k < th_geo(&G)->n_hexes; k++)
            if (k != h) {
                assert_int_equal(G.terrain[k], base.terrain[k]);
                assert_int_equal(G.token[k], base.token[k]);
            }
        assert_int_equal(game_check_state(&G), BW_OK);
    }
    for (int t = 3; t <= 11; t++)
        if (t < 6 || t > 8)
            assert_true(seen[t] > 0);
}

/* Its number gives each settlement beside it 1 discovery and each city 2, unless the robber is
 * there; discoveries are counters, not cards. */
static void test_discoveries_found(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 4, BOARD_JUNGLE);
    th_main_phase(&G, 0);
    int h = jungle_hex(&G), t = G.token[h];
    const struct board_geo *geo = th_geo(&G);
    th_place_settlement(&G, 1, geo->hex_vertex[h][CORNER_N] + 1);
    th_place_city(&G, 2, geo->hex_vertex[h][CORNER_S] + 1);
    G.robber = (int8_t)(h == 0 ? 1 : 0);
    th_roll_phase(&G, 0);
    int n = th_roll(&G, t > 7 ? 6 : 1, t > 7 ? t - 6 : t - 1, ev);
    assert_int_equal(G.p[1].discoveries, 1);
    assert_int_equal(G.p[2].discoveries, 2);
    const struct game_event *e = th_find_event(ev, n, EV_DISCOVERY, 2);
    assert_non_null(e);
    assert_int_equal(e->a, 2);
    assert_int_equal(e->b, 2);
    assert_int_equal(th_hand(&G, 1) + th_hand(&G, 2), 0); /* no cards from the jungle */
    th_check_supply(&G);
    /* The robber on the jungle stops it. */
    G.robber = (int8_t)h;
    th_roll_phase(&G, 0);
    th_roll(&G, t > 7 ? 6 : 1, t > 7 ? t - 6 : t - 1, NULL);
    assert_int_equal(G.p[1].discoveries, 1);
    assert_int_equal(G.p[2].discoveries, 2);
}

/* Discoveries are never stolen, monopolized or counted for a 7. */
static void test_discoveries_are_not_cards(void **state)
{
    (void)state;
    th_init(&G, 4, BOARD_JUNGLE);
    th_main_phase(&G, 0);
    int h = jungle_hex(&G);
    const struct board_geo *geo = th_geo(&G);
    th_place_settlement(&G, 1, geo->hex_vertex[h][CORNER_N] + 1);
    G.p[1].discoveries = 9;
    G.robber = (int8_t)(h == 0 ? 1 : 0);
    /* Nobody to rob: player 1 holds discoveries only. */
    th_roll_phase(&G, 0);
    th_roll(&G, 3, 4, NULL);
    assert_int_equal(G.phase, PHASE_ROBBER); /* 9 discoveries are no hand to halve */
    struct game_action rob = th_act_robber(ACT_ROBBER, 0, h, 1);
    th_refused(&G, &rob, BW_E(BAD_VICTIM));
    rob.target = -1;
    th_apply(&G, &rob, NULL);
    assert_int_equal(G.p[1].discoveries, 9);
    assert_int_equal(th_hand(&G, 0), 0);
    /* A monopoly takes cards only. */
    th_give_dev(&G, 0, DEV_MONOPOLY, 1, 0);
    G.dev_played = 0;
    struct game_action m = th_action(ACT_PLAY_MONOPOLY, 0);
    m.res = RES_ORE;
    th_apply(&G, &m, NULL);
    assert_int_equal(G.p[1].discoveries, 9);
}

/* Buying a development card: each discovery replaces one of wool, grain, ore, up to three a
 * card; by default as many as the missing cards need, or as many as asked. */
static void test_buy_with_discoveries(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 4, BOARD_JUNGLE);
    th_main_phase(&G, 0);
    struct game_action buy = th_action(ACT_BUY_DEV, 0); /* a = -1: as the missing cards need */
    th_refused(&G, &buy, BW_E(NOT_ENOUGH));
    G.p[0].discoveries = 1;
    th_give(&G, 0, 0, 0, 1, 1, 0); /* wool and grain: the ore is missing */
    int n = th_apply(&G, &buy, ev);
    assert_int_equal(th_find_event(ev, n, EV_BUY_DEV, 0)->b, 1);
    assert_int_equal(G.p[0].discoveries, 0);
    assert_int_equal(th_hand(&G, 0), 0);
    /* Two missing and one discovery: not enough. */
    G.p[0].discoveries = 1;
    th_give(&G, 0, 0, 0, 1, 0, 0);
    th_refused(&G, &buy, BW_E(NOT_ENOUGH));
    /* Asked for: two discoveries with all three cards in hand keep the ore and the grain. */
    G.p[0].discoveries = 4;
    th_give(&G, 0, 0, 0, 0, 1, 1);
    struct game_action two = buy;
    two.a = 2;
    th_apply(&G, &two, NULL);
    assert_int_equal(G.p[0].discoveries, 2);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[0].res[RES_GRAIN], 1);
    assert_int_equal(G.p[0].res[RES_WOOL], 0);
    /* No more than three a card, no more than held. */
    G.p[0].discoveries = 5;
    struct game_action four = buy;
    four.a = 4;
    th_refused(&G, &four, BW_E(NOT_ENOUGH));
    G.p[0].discoveries = 2;
    struct game_action three = buy;
    three.a = 3;
    th_refused(&G, &three, BW_E(NOT_ENOUGH));
    /* Three discoveries buy a card with no card at all. */
    th_return_all(&G, 0);
    G.p[0].discoveries = 3;
    th_apply(&G, &buy, NULL);
    assert_int_equal(G.p[0].discoveries, 0);
    th_check_supply(&G);
}

/* Discoveries keep counting past 200 (and 255): the counter is wider than a byte. */
static void test_discoveries_past_200(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init(&G, 4, BOARD_JUNGLE);
    th_main_phase(&G, 0);
    int h = jungle_hex(&G), t = G.token[h], many = 199;
    th_place_city(&G, 2, th_geo(&G)->hex_vertex[h][CORNER_S] + 1);
    G.robber = (int8_t)(h == 0 ? 1 : 0);
    G.p[2].discoveries = (uint16_t)many;
    for (int roll = 1; roll <= 30; roll++) {
        th_roll_phase(&G, 0);
        int n = th_roll(&G, t > 7 ? 6 : 1, t > 7 ? t - 6 : t - 1, ev);
        assert_int_equal(G.p[2].discoveries, many + 2 * roll);
        assert_int_equal(th_find_event(ev, n, EV_DISCOVERY, 2)->b, many + 2 * roll);
    }
    assert_int_equal(game_check_state(&G), BW_OK);
}

static int buy_listed(const struct game *g, int p, int want)
{
    static struct game_action buf[4096];
    int n = game_legal_actions(g, p, buf, 4096), found = 0;
    for (int i = 0; i < n && i < 4096; i++)
        if (buf[i].type == ACT_BUY_DEV && buf[i].a == want) {
            struct game t = *g;
            assert_int_equal(game_apply(&t, &buf[i], NULL, 0, NULL), BW_OK);
            found++;
        }
    return found;
}

/* "!buy with N discoveries" is among the legal actions (computer players and tests see it):
 * every other number of discoveries that pays for a card, besides the plain buy. */
static void test_buy_with_discoveries_listed(void **state)
{
    (void)state;
    th_init(&G, 4, BOARD_JUNGLE);
    th_main_phase(&G, 0);
    /* All three cards in hand and 4 discoveries: the plain buy uses none; 1, 2 or 3 may. */
    G.p[0].discoveries = 4;
    th_give(&G, 0, 0, 0, 1, 1, 1);
    assert_int_equal(buy_listed(&G, 0, -1), 1);
    assert_int_equal(buy_listed(&G, 0, 0), 0); /* what the plain buy does */
    for (int n = 1; n <= 3; n++)
        assert_int_equal(buy_listed(&G, 0, n), 1);
    assert_int_equal(buy_listed(&G, 0, 4), 0);
    /* The ore missing and 2 discoveries: the plain buy uses 1, or both may be used; none is
     * not enough. */
    th_return_all(&G, 0);
    th_give(&G, 0, 0, 0, 1, 1, 0);
    G.p[0].discoveries = 2;
    assert_int_equal(buy_listed(&G, 0, -1), 1);
    assert_int_equal(buy_listed(&G, 0, 0), 0);
    assert_int_equal(buy_listed(&G, 0, 1), 0);
    assert_int_equal(buy_listed(&G, 0, 2), 1);
    assert_int_equal(buy_listed(&G, 0, 3), 0);
}

/* The base board has no jungle: a record with discoveries there is refused. */
static void test_no_discoveries_on_base(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_BASE);
    assert_int_equal(jungle_hex(&G), -1);
    G.p[0].discoveries = 1;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
}

/* Random games on the Jungle board end, find discoveries and spend them. */
static void test_jungle_in_play(void **state)
{
    (void)state;
    int found = 0, spent = 0;
    for (int i = 0; i < 60; i++) {
        struct game_options opt = {(uint8_t)(3 + i % 2), BOARD_JUNGLE, 0};
        struct bw_rng rng;
        assert_int_equal(game_init(&G, &opt, 500u + (uint64_t)i), BW_OK);
        bw_rng_seed(&rng, 600u + (uint64_t)i);
        struct game_action a;
        struct game_event ev[GAME_MAX_EVENTS];
        for (int k = 0; k < 40000 && G.phase != PHASE_OVER; k++) {
            assert_int_equal(playout_choose(&G, &rng, &a), BW_OK);
            int n = 0;
            assert_int_equal(game_apply(&G, &a, ev, GAME_MAX_EVENTS, &n), BW_OK);
            found += th_count_events(ev, n, EV_DISCOVERY);
            const struct game_event *e = th_find_event(ev, n, EV_BUY_DEV, -2);
            spent += e ? e->b : 0;
            assert_int_equal(game_check_state(&G), BW_OK);
        }
        assert_int_equal(G.phase, PHASE_OVER);
    }
    assert_true(found > 0);
    assert_true(spent > 0);
}

/* ---- the Great River ----
 * maps/great_river.map: the river is J (mountains, the centre), K (hills) and L (the swamp, on
 * the coast), whose corners are, by the SPEC's numbering, J 19 25 31 36 30 24, K 20 26 32 37
 * 31 25, L 21 27 33 38 32 26; the tip is L's NE corner, 27, which touches no other hex. */
enum { HEX_J = 9, HEX_K = 10, HEX_L = 11, TIP = 27 };

static int gold_event(const struct game_event *ev, int n, int p)
{
    const struct game_event *e = th_find_event(ev, n, EV_RIVER, p);
    return e ? e->a : -1;
}

/* The river's hexes and tip as the map says; the swamp: no token, the robber's start, no desert;
 * the 18 tokens of the base game on the other 18 hexes, every seed. */
static void test_river_board(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_RIVER);
    assert_non_null(geo);
    assert_int_equal(geo->has_river, 1);
    assert_int_equal(geo->river_hexes, (1ull << HEX_J) | (1ull << HEX_K) | (1ull << HEX_L));
    assert_int_equal(geo->river_tip, TIP - 1);
    assert_int_equal(bits_count(geo->river_vertex_bits), 14);
    assert_int_equal(bits_count(geo->river_edge_bits), 16);
    assert_int_equal(board_geo(BOARD_BASE)->has_river, 0);
    assert_int_equal(board_geo(BOARD_BASE)->river_tip, -1);
    for (uint64_t seed = 1; seed <= 100; seed++) {
        th_init_seed(&G, 3 + (int)(seed % 2), BOARD_RIVER, seed);
        assert_int_equal(G.terrain[HEX_J], TERRAIN_MOUNTAINS);
        assert_int_equal(G.terrain[HEX_K], TERRAIN_HILLS);
        assert_int_equal(G.terrain[HEX_L], TERRAIN_SWAMP);
        assert_int_equal(G.token[HEX_L], 0);
        assert_int_equal(G.robber, HEX_L);
        assert_int_equal(G.vp_goal, 12);
        int counts[RES_COUNT] = {0}, tokens = 0;
        for (int h = 0; h < geo->n_hexes; h++) {
            assert_true(G.terrain[h] != TERRAIN_DESERT);
            if (G.terrain[h] < TERRAIN_DESERT)
                counts[G.terrain[h]]++;
            tokens += G.token[h] != 0;
            assert_true(h == HEX_L || G.token[h] != 0);
        }
        assert_int_equal(tokens, 18);
        assert_int_equal(counts[RES_BRICK], 3);
        assert_int_equal(counts[RES_ORE], 3);
        assert_int_equal(counts[RES_WOOD], 4);
        assert_int_equal(game_check_state(&G), BW_OK);
    }
}

/* A road on a side of a river hex is a gold point; one off the river is not. */
static void test_river_road(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_RIVER);
    th_place_settlement(&G, 0, 18); /* I's N: off the river */
    th_give(&G, 0, 2, 2, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 18, 24); /* between I and E, to J's NW corner */
    int n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 0), 0);
    assert_int_equal(gold_event(ev, n, 0), -1);
    a = th_act_road(&G, 0, 24, 19); /* J's NW side */
    n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 0), 1);
    assert_int_equal(gold_event(ev, n, 0), 1);
    assert_int_equal(th_find_event(ev, n, EV_RIVER, 0)->b, 0);
    assert_int_equal(game_gold_points(&G, 1), 0);
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* A settlement on a corner of a river hex is a gold point; the tip is two; a city there adds
 * nothing. */
static void test_river_settlement_tip_city(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_RIVER);
    th_place_settlement(&G, 0, 23); /* I's NW, off the river */
    th_place_road(&G, 0, 23, 18);
    th_place_road(&G, 0, 18, 24);
    assert_int_equal(game_gold_points(&G, 0), 0);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action a = th_act_settle(&G, 0, 24); /* J's NW */
    int n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 0), 1);
    assert_int_equal(gold_event(ev, n, 0), 1);

    /* The tip: reached along G's east side (off the river) and L's north side (on it). */
    th_place_settlement(&G, 1, 16);
    th_place_road(&G, 1, 16, 21);
    th_place_road(&G, 1, 21, 27);
    assert_int_equal(game_gold_points(&G, 1), 1);
    th_main_phase(&G, 1);
    th_give(&G, 1, 1, 1, 1, 1, 0);
    a = th_act_settle(&G, 1, TIP);
    n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 1), 3);
    assert_int_equal(gold_event(ev, n, 1), 3);
    assert_int_equal(th_find_event(ev, n, EV_RIVER, 1)->b, 1);
    assert_int_equal(game_vp_public(&G, 1), 2 + 1);

    /* Cities on a river corner and on the tip: no more gold points, no event. */
    th_give(&G, 1, 0, 0, 0, 2, 3);
    a = th_act_city(&G, 1, TIP);
    n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 1), 3);
    assert_int_equal(th_count_events(ev, n, EV_RIVER), 0);
    assert_int_equal(game_vp_public(&G, 1), 1 + 2 + 1);
    th_main_phase(&G, 0);
    th_give(&G, 0, 0, 0, 0, 2, 3);
    a = th_act_city(&G, 0, 24);
    n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 0), 1);
    assert_int_equal(th_count_events(ev, n, EV_RIVER), 0);
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* Every 3 gold points is a victory point: 2 make none, 3 one, 5 one, 6 two. */
static void test_gold_to_points(void **state)
{
    (void)state;
    static const int river_roads[][2] = {{19, 25}, {31, 36}, {32, 37},
                                         {33, 38}, {21, 26}, {30, 36}};
    static const int points[] = {0, 0, 1, 1, 1, 2};
    th_blank(&G, 4, BOARD_RIVER);
    for (int i = 0; i < 6; i++) {
        th_place_road(&G, 2, river_roads[i][0], river_roads[i][1]);
        assert_int_equal(game_gold_points(&G, 2), i + 1);
        assert_int_equal(game_river_points(&G, 2), points[i]);
        assert_int_equal(game_vp_public(&G, 2), points[i]);
        assert_int_equal(game_vp_total(&G, 2), points[i]);
    }
    /* The same roads on the base board make nothing. */
    th_blank(&G, 4, BOARD_BASE);
    for (int i = 0; i < 6; i++)
        th_place_road(&G, 2, river_roads[i][0], river_roads[i][1]);
    assert_int_equal(game_gold_points(&G, 2), 0);
    assert_int_equal(game_vp_public(&G, 2), 0);
}

/* 12 points win, and a road that makes a victory point of gold wins on the player's turn. */
static void test_road_wins(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_RIVER);
    static const int cities[] = {1, 3, 12, 52}, settlements[] = {34, 54};
    for (int i = 0; i < 4; i++)
        th_place_city(&G, 0, cities[i]);
    for (int i = 0; i < 2; i++)
        th_place_settlement(&G, 0, settlements[i]);
    /* Five river roads, none in a line of five (no longest road): 5 gold points. */
    static const int roads[][2] = {{19, 25}, {25, 20}, {31, 36}, {32, 37}, {33, 38}};
    for (int i = 0; i < 5; i++)
        th_place_road(&G, 0, roads[i][0], roads[i][1]);
    assert_int_equal(game_gold_points(&G, 0), 5);
    assert_int_equal(game_vp_total(&G, 0), 8 + 2 + 1);
    th_main_phase(&G, 0);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_act_road(&G, 0, 20, 26); /* K's north side: the sixth */
    int n = th_apply(&G, &a, ev);
    assert_int_equal(game_gold_points(&G, 0), 6);
    assert_int_equal(G.longest_road, -1);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
    const struct game_event *over = th_find_event(ev, n, EV_GAME_OVER, 0);
    assert_non_null(over);
    assert_int_equal(over->a, 12);
}

/* No setup settlement may touch the swamp (the state unchanged, nor listed); later ones may. */
static void test_swamp_setup(void **state)
{
    (void)state;
    th_init(&G, 4, BOARD_RIVER);
    assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
    static const int swamp[] = {21, 27, 33, 38, 32, 26};
    for (int i = 0; i < 6; i++) {
        struct game_action a = th_act_settle(&G, 0, swamp[i]);
        th_refused(&G, &a, BW_E(SWAMP));
        assert_false(game_can_settle(&G, 0, swamp[i] - 1));
    }
    struct game_action legal[256];
    int n = game_legal_actions(&G, 0, legal, 256);
    assert_true(n > 0 && n <= 256);
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 6; k++)
            assert_int_not_equal(legal[i].a, swamp[k] - 1);
    assert_string_equal(bw_strerror(BW_E(SWAMP)), "no setup settlement may touch the swamp");
    /* A setup settlement on the river off the swamp is allowed, and gives its gold point. */
    struct game_action a = th_act_settle(&G, 0, 19);
    struct game_event ev[GAME_MAX_EVENTS];
    int k = th_apply(&G, &a, ev);
    assert_int_equal(gold_event(ev, k, 0), 1);
    /* After the setup: a settlement on the swamp's corner. */
    th_main_phase(&G, 1);
    th_place_settlement(&G, 1, 16);
    th_place_road(&G, 1, 16, 21);
    th_place_road(&G, 1, 21, TIP);
    th_give(&G, 1, 1, 1, 1, 1, 0);
    a = th_act_settle(&G, 1, TIP);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.vertex_owner[TIP - 1], 1);
}

/* The robber starts on the swamp, leaves it and may come back to it. */
static void test_robber_swamp(void **state)
{
    (void)state;
    th_init(&G, 4, BOARD_RIVER);
    assert_int_equal(G.robber, HEX_L);
    th_roll_phase(&G, 0);
    th_roll(&G, 3, 4, NULL);
    assert_int_equal(G.phase, PHASE_ROBBER);
    struct game_action a = th_act_robber(ACT_ROBBER, 0, HEX_L, -1);
    th_refused(&G, &a, BW_E(ROBBER_SAME));
    a = th_act_robber(ACT_ROBBER, 0, HEX_J, -1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.robber, HEX_J);
    th_roll_phase(&G, 1);
    th_roll(&G, 3, 4, NULL);
    a = th_act_robber(ACT_ROBBER, 1, HEX_L, -1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.robber, HEX_L);
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* The swamp carries no number and gives nothing on any roll, robber or not. */
static void test_swamp_produces_nothing(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_RIVER);
    th_place_city(&G, 0, TIP); /* touches the swamp only */
    G.robber = HEX_J;
    for (int t = 2; t <= 12; t++)
        for (int i = 0; i < 3; i++)
            assert_int_not_equal(G.token_hex[t][i], HEX_L);
    for (int d1 = 1; d1 <= 6; d1++)
        for (int d2 = 1; d2 <= 6; d2++) {
            if (d1 + d2 == 7)
                continue;
            th_roll_phase(&G, 2);
            th_roll(&G, d1, d2, NULL);
            assert_int_equal(th_hand(&G, 0), 0);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jungle_board),
        cmocka_unit_test(test_discoveries_found),
        cmocka_unit_test(test_discoveries_are_not_cards),
        cmocka_unit_test(test_buy_with_discoveries),
        cmocka_unit_test(test_discoveries_past_200),
        cmocka_unit_test(test_buy_with_discoveries_listed),
        cmocka_unit_test(test_no_discoveries_on_base),
        cmocka_unit_test(test_jungle_in_play),
        cmocka_unit_test(test_river_board),
        cmocka_unit_test(test_river_road),
        cmocka_unit_test(test_river_settlement_tip_city),
        cmocka_unit_test(test_gold_to_points),
        cmocka_unit_test(test_road_wins),
        cmocka_unit_test(test_swamp_setup),
        cmocka_unit_test(test_robber_swamp),
        cmocka_unit_test(test_swamp_produces_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
