/* The variants of the base board in RULES.md ("Variants of the base board"): the Jungle. */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_jungle_board),
        cmocka_unit_test(test_discoveries_found),
        cmocka_unit_test(test_discoveries_are_not_cards),
        cmocka_unit_test(test_buy_with_discoveries),
        cmocka_unit_test(test_no_discoveries_on_base),
        cmocka_unit_test(test_jungle_in_play),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
