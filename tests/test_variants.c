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
        struct game_options opt = {.n_players = (uint8_t)(3 + i % 2), .board = BOARD_JUNGLE};
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
 * maps/great_river.map draws the river from the centre J east to the coast: J (a mountain), K
 * (a forest), L (the gold mine); each game turns it about J by a sixth of a turn drawn from its
 * seed (RULES.md, "Variants of the base board"). */
enum { HEX_J = 9, HEX_K = 10, HEX_L = 11 };

/* A 4-player game whose river lies as the map draws it (J, K, L): the first such seed. */
static void river_as_drawn(void)
{
    for (uint64_t seed = 1; seed < 400; seed++) {
        th_init_seed(&G, 4, BOARD_RIVER, seed);
        if (G.terrain[HEX_L] == TERRAIN_MINE)
            return;
    }
    fail_msg("no deal laid the river as drawn");
}

/* The corners of hex h as a set. */
static int on_hex(int h, int v)
{
    return (int)(th_geo(&G)->hex_vertex_bits[h][v >> 6] >> (v & 63) & 1);
}

/* The river lies from the centre to the coast, its place and direction drawn with the board:
 * a mountain at J, a forest, the gold mine on the coast (no token, the robber's start); the
 * other 16 hexes from the pool; 18 tokens, no two red numbers side by side (across the river
 * too); 10 points win. */
static void test_river_board(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_RIVER);
    assert_int_equal(geo->has_river, 1);
    assert_int_equal(geo->n_river, 3);
    assert_int_equal(board_geo(BOARD_BASE)->has_river, 0);
    unsigned mines = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        th_init_seed(&G, 3 + (int)(seed % 2), BOARD_RIVER, seed);
        int count[10] = {0}, tokens = 0, mine = G.mine;
        for (int h = 0; h < geo->n_hexes; h++) {
            count[G.terrain[h]]++;
            tokens += G.token[h] != 0;
        }
        assert_true(mine >= 0 && G.terrain[mine] == TERRAIN_MINE && G.token[mine] == 0);
        assert_int_equal(G.robber, mine);
        assert_int_equal(count[TERRAIN_FOREST], 4);
        assert_int_equal(count[TERRAIN_HILLS], 3);
        assert_int_equal(count[TERRAIN_MOUNTAINS], 3);
        assert_int_equal(count[TERRAIN_PASTURE] + count[TERRAIN_FIELDS], 8);
        assert_int_equal(count[TERRAIN_DESERT] + count[TERRAIN_MINE], 1);
        assert_int_equal(tokens, 18);
        assert_int_equal(G.terrain[HEX_J], TERRAIN_MOUNTAINS);
        /* J, then a forest, then the mine, in a line on one side. */
        int line = 0;
        for (int side = 0; side < 6; side++) {
            int mid = geo->hex_neighbor[HEX_J][side];
            if (mid >= 0 && geo->hex_neighbor[mid][side] == mine) {
                assert_int_equal(G.terrain[mid], TERRAIN_FOREST);
                assert_int_equal(G.river_hexes, 1ull << HEX_J | 1ull << mid | 1ull << mine);
                line = 1;
            }
        }
        assert_true(line);
        for (int h = 0; h < geo->n_hexes; h++)
            for (int side = 0; side < 6; side++) {
                int nb = geo->hex_neighbor[h][side];
                int red = G.token[h] == 6 || G.token[h] == 8;
                assert_false(red && nb >= 0 && (G.token[nb] == 6 || G.token[nb] == 8));
            }
        assert_int_equal(G.vp_goal, 10);
        assert_int_equal(game_check_state(&G), BW_OK);
        mines |= 1u << mine;
    }
    assert_int_equal(__builtin_popcount(mines), 6); /* every direction comes up */
}

/* No setup settlement on any corner of the three river hexes (refused, the state unchanged, not
 * listed); after the setup, building there is normal. */
static void test_river_bank_setup(void **state)
{
    (void)state;
    river_as_drawn();
    const struct board_geo *geo = th_geo(&G);
    static struct game_action legal[4096];
    int n = game_legal_actions(&G, 0, legal, 4096), banks = 0;
    for (int v = 0; v < geo->n_vertices; v++) {
        int bank = on_hex(HEX_J, v) || on_hex(HEX_K, v) || on_hex(HEX_L, v), listed = 0;
        for (int i = 0; i < n; i++)
            listed |= legal[i].type == ACT_BUILD_SETTLEMENT && legal[i].a == v;
        assert_int_equal(listed, !bank);
        assert_int_equal(game_can_settle(&G, 0, v), !bank);
        if (bank) {
            struct game_action a = th_act_settle(&G, 0, v + 1);
            th_refused(&G, &a, BW_E(RIVER_BANK));
            banks++;
        }
    }
    assert_int_equal(banks, 14); /* three hexes in a line: 6 + 4 + 4 corners */
    assert_string_equal(bw_strerror(BW_E(RIVER_BANK)),
                        "no setup settlement may stand on the river bank");
    /* After the setup: a settlement on the bank. */
    th_main_phase(&G, 0);
    int v = geo->hex_vertex[HEX_K][CORNER_N];
    th_place_road(&G, 0, v + 1, geo->vertex_vertex[v][0] + 1);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action a = th_act_settle(&G, 0, v + 1);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.vertex_owner[v], 0);
    assert_int_equal(game_river_points(&G, 0), 0); /* on the river, not the gold mine */
}

/* Each settlement or city on a corner of the gold mine is worth 1 victory point more (a city
 * there 3 in all); roads and the rest of the river give nothing. */
static void test_gold_mine_points(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    river_as_drawn();
    th_main_phase(&G, 0);
    const struct board_geo *geo = th_geo(&G);
    int a1 = geo->hex_vertex[HEX_L][CORNER_N], a2 = geo->hex_vertex[HEX_L][CORNER_S];
    /* A road along the mine's side: nothing. */
    int n1 = geo->hex_vertex[HEX_L][CORNER_NE];
    th_place_road(&G, 0, n1 + 1, a1 + 1);
    assert_int_equal(game_river_points(&G, 0), 0);
    assert_int_equal(game_vp_public(&G, 0), 0);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action s = th_act_settle(&G, 0, a1 + 1);
    int n = th_apply(&G, &s, ev);
    const struct game_event *e = th_find_event(ev, n, EV_RIVER, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 1);
    assert_int_equal(game_river_points(&G, 0), 1);
    assert_int_equal(game_vp_public(&G, 0), 2);
    /* A city there: 3 in all, no new event. */
    th_give(&G, 0, 0, 0, 0, 2, 3);
    struct game_action c = th_act_city(&G, 0, a1 + 1);
    n = th_apply(&G, &c, ev);
    assert_int_equal(th_count_events(ev, n, EV_RIVER), 0);
    assert_int_equal(game_vp_public(&G, 0), 3);
    /* Another building on the mine: one more. */
    th_place_settlement(&G, 1, a2 + 1);
    assert_int_equal(game_river_points(&G, 1), 1);
    assert_int_equal(game_vp_public(&G, 1), 2);
    /* The gold mine gives nothing on any roll. */
    G.robber = HEX_J;
    for (int d = 2; d <= 12; d++) {
        if (d == 7)
            continue;
        uint8_t before =
            G.p[1].res[0] + G.p[1].res[1] + G.p[1].res[2] + G.p[1].res[3] + G.p[1].res[4];
        th_roll_phase(&G, 2);
        int on_l = 0;
        for (int k = 0; k < 3; k++) {
            int h = geo->vertex_hex[a2][k];
            on_l |= h >= 0 && h != HEX_L && G.token[h] == d;
        }
        th_roll(&G, d > 7 ? 6 : 1, d > 7 ? d - 6 : d - 1, NULL);
        if (!on_l)
            assert_int_equal(th_hand(&G, 1), before);
    }
    th_check_supply(&G);
}

/* A game saved before the river was the seed's (J mountain, K hill, L the old swamp, whose
 * number is the gold mine's) reads as a river J, K, L with its gold mine at L. */
static void test_old_river_reads(void **state)
{
    (void)state;
    river_as_drawn();
    G.terrain[HEX_K] = TERRAIN_HILLS;
    game_reindex(&G);
    assert_int_equal(G.river_hexes, 1ull << HEX_J | 1ull << HEX_K | 1ull << HEX_L);
    assert_int_equal(G.mine, HEX_L);
    assert_int_equal(game_check_state(&G), BW_OK);
    /* No gold mine at all: no river the engine can use. */
    G.terrain[HEX_L] = TERRAIN_DESERT;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
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
        cmocka_unit_test(test_river_bank_setup),
        cmocka_unit_test(test_gold_mine_points),
        cmocka_unit_test(test_old_river_reads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
