/* Computer players and the house rules: every rule kept in whole games (each action applied
 * must be accepted), no trade offers without trades between players, the friendly robber's
 * protected players never robbed, and the harbormaster's harbor points valued. */
#include "engine_helpers.h"

#include <stdio.h>

#include "ai/ai.h"
#include "ai/internal.h"

static unsigned small_players(const struct game *g)
{
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (!g->p[q].resigned && game_vp_public(g, q) <= 2)
            m |= 1u << q;
    return m;
}

/* One game of computer players (normal and easy in turn) by the rules of opt; counts robberies
 * and offers. */
static void house_game(const struct game_options *opt, uint64_t seed, long *robs, long *offers)
{
    static struct game g, pre;
    struct bw_rng rng;
    struct game_event ev[GAME_MAX_EVENTS];
    assert_int_equal(game_init(&g, opt, seed), BW_OK);
    bw_rng_seed(&rng, seed + 7);
    for (int k = 0; k < 20000 && g.phase != PHASE_OVER; k++) {
        int p = __builtin_ctz(ai_players_to_act(&g)), n = 0;
        struct game_action a;
        assert_int_equal(ai_choose(&g, p, p % 2 ? AI_EASY : AI_NORMAL, bw_rng_next(&rng), &a),
                         BW_OK);
        if (g.phase == PHASE_MAIN && g.current == p && opt->no_trade)
            assert_int_equal(ai_make_offer(&g, p, bw_rng_next(&rng), &a), BW_E(NO_TRADE));
        pre = g;
        assert_int_equal(game_apply(&g, &a, ev, GAME_MAX_EVENTS, &n), BW_OK);
        for (int i = 0; i < n; i++) {
            if (ev[i].type == EV_STEAL && opt->friendly_robber) {
                assert_false(small_players(&pre) >> ev[i].other & 1);
                (*robs)++;
            }
            *offers += ev[i].type == EV_OFFER;
        }
    }
    assert_int_equal(g.phase, PHASE_OVER);
}

static void test_ai_games_by_house_rules(void **state)
{
    (void)state;
    long robs = 0, offers = 0;
    for (int i = 0; i < 6; i++) {
        struct game_options o = {.n_players = 4,
                                 .board = BOARD_BASE,
                                 .discard_limit = (uint8_t)(i % 2 ? 9 : 0),
                                 .friendly_robber = 1,
                                 .no_sevens = (uint8_t)(i % 3),
                                 .robber_no_desert = (uint8_t)(i % 2),
                                 .dice_deck = (uint8_t)(i % 2 == 0),
                                 .no_trade = 1,
                                 .harbormaster = 1};
        house_game(&o, 700 + (uint64_t)i, &robs, &offers);
    }
    printf("computer players by house rules: %ld robberies, none of a protected player\n", robs);
    assert_true(robs > 0);
    assert_int_equal(offers, 0);
}

/* With trades between players on, the same player offers: the rule, not the position, stops
 * it. */
static void test_ai_no_offer_without_trade(void **state)
{
    (void)state;
    struct game g;
    struct game_action a;
    th_blank(&g, 4, BOARD_BASE);
    th_place_settlement(&g, 0, 1);
    th_place_settlement(&g, 1, 20);
    th_place_settlement(&g, 2, 40);
    th_place_settlement(&g, 3, 50);
    th_give(&g, 0, 0, 0, 2, 2, 2);
    th_give(&g, 1, 1, 1, 0, 0, 2);
    th_give(&g, 2, 1, 1, 1, 0, 0);
    th_give(&g, 3, 0, 0, 0, 1, 1);
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_OK);
    g.opt.no_trade = 1;
    assert_int_equal(ai_make_offer(&g, 0, 3, &a), BW_E(NO_TRADE));
}

/* Two settlements on harbors are worth more to their player with the harbormaster on (one
 * more harbor point from it) than off; the holder's points count as points. */
static void test_ai_values_harbormaster(void **state)
{
    (void)state;
    struct game g;
    struct ai_board b;
    th_blank(&g, 4, BOARD_BASE);
    th_place_settlement(&g, 0, th_harbor_vertex(&g, 0));
    th_place_settlement(&g, 0, th_harbor_vertex(&g, 3));
    ai_board_init(&b, &g, &ai_default_weights);
    double off = ai_value(&b, &g, 0);
    g.opt.harbormaster = 1;
    ai_board_init(&b, &g, &ai_default_weights);
    double on = ai_value(&b, &g, 0);
    assert_true(on > off + ai_default_weights.vp / 2);
    g.harbor_master = 1;
    assert_true(ai_value(&b, &g, 0) > on);
}

/* The dice deck's event cards ask computer players too: at every level the answer is one the
 * game takes, and the one chosen as the rules of ai/asks.c say. */
static int answer_at(const struct game *g, int level, struct game_action *a)
{
    if (level != AI_HARD)
        return ai_choose(g, 1, level, 5, a);
    struct ai_search *s = ai_search_new(g, 1, 5);
    assert_non_null(s);
    while (!ai_search_iterate(s, 50))
        ;
    int err = ai_search_best(s, a);
    ai_search_free(s);
    return err;
}

static void test_ai_answers_event_cards(void **state)
{
    (void)state;
    static struct game g, c;
    struct game_options o = {.n_players = 3, .board = BOARD_BASE, .dice_deck = 1};
    for (int level = AI_EASY; level <= AI_HARD; level++)
        for (int kind = DICE_ASK_TAKE; kind < DICE_ASKS; kind++) {
            assert_int_equal(game_init(&g, &o, 41), BW_OK);
            th_roll_phase(&g, 0);
            g.turn = 50;
            g.rolled = 1;
            g.dice[0] = 1, g.dice[1] = 2;
            g.dice_event = DICE_PLENTIFUL_YEAR;
            g.dice_ask[1] = (uint8_t)kind;
            g.dice_ask_to[1] = (int8_t)(kind == DICE_ASK_GIVE ? 2 : 0);
            th_give(&g, 1, 3, 0, 0, 0, 1); /* much wood, an ore */
            th_give(&g, 2, 0, 1, 0, 0, 0);
            th_give(&g, 0, 0, 0, 1, 1, 0);
            th_place_settlement(&g, 0, 1); /* the more threatening */
            th_place_settlement(&g, 0, 20);
            th_place_settlement(&g, 0, 40);
            assert_int_equal(game_check_state(&g), BW_OK);
            struct game_action a;
            assert_int_equal(answer_at(&g, level, &a), BW_OK);
            c = g;
            assert_int_equal(game_apply(&c, &a, NULL, 0, NULL), BW_OK);
            assert_int_equal(c.dice_ask[1], DICE_ASK_NONE);
            if (kind == DICE_ASK_GIVE) /* the wood it has most of costs least */
                assert_int_equal(a.give[RES_WOOD], 1);
            if (kind == DICE_ASK_ROB)
                assert_int_equal(a.target, 0);
            if (kind == DICE_ASK_TAKE)
                assert_int_equal(sum5(a.get), 1);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ai_no_offer_without_trade),
        cmocka_unit_test(test_ai_values_harbormaster),
        cmocka_unit_test(test_ai_games_by_house_rules),
        cmocka_unit_test(test_ai_answers_event_cards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
