/* The dice deck's event cards and the New Year card (engine/events.c; doc/house-rules.md, "The
 * event cards"): each played event changes what a test of it sees, and its answers' refusals
 * leave the state as it was. */
#include "engine_helpers.h"

static struct game G;

/* A 3-player base game with the dice deck, player 0 about to roll; every hand empty. */
static void start(void)
{
    struct game_options o = {.n_players = 3, .board = BOARD_BASE, .dice_deck = 1};
    assert_int_equal(game_init(&G, &o, TH_SEED), BW_OK);
    th_roll_phase(&G, 0);
    G.turn = 100;
}

/* The card dice_card(d1, d2) is the next one drawn. */
static int dice_card(int d1, int d2)
{
    return 6 * (d1 - 1) + d2 - 1;
}

static void next_card(int card)
{
    for (int i = G.dice_drawn; i < GAME_DICE_CARDS; i++)
        if (G.dice_cards[i] == card) {
            G.dice_cards[i] = G.dice_cards[G.dice_drawn];
            G.dice_cards[G.dice_drawn] = (uint8_t)card;
            return;
        }
    fail_msg("card %d is not in the deck's rest", card);
}

static int roll_card(int card, struct game_event *ev)
{
    next_card(card);
    struct game_action r = th_action(ACT_ROLL, G.current);
    return th_apply(&G, &r, ev);
}

static struct game_action answer_res(int p, int take, int r)
{
    struct game_action a = th_action(ACT_CK_GIVE, p);
    (take ? a.get : a.give)[r] = 1;
    return a;
}

static struct game_action answer_seat(int p, int q)
{
    struct game_action a = th_action(ACT_CK_CHOOSE, p);
    a.target = (int8_t)q;
    return a;
}

/* A vertex (1-based) of a land hex with token t, not the robber's. */
static int vertex_of_token(int t, int *hex)
{
    for (int h = 0; h < th_geo(&G)->n_hexes; h++)
        if (G.token[h] == t && h != G.robber) {
            *hex = h;
            return th_geo(&G)->hex_vertex[h][0] + 1;
        }
    fail_msg("no hex with token %d", t);
    return -1;
}

static void test_mapping_counts(void **state)
{
    (void)state;
    int count[DICE_EVENTS] = {0};
    for (int c = 0; c < GAME_DICE_CARDS; c++) {
        int e = game_dice_event(c);
        count[e]++;
        assert_int_equal(e == DICE_ROBBER_ATTACK, c / 6 + c % 6 + 2 == 7);
    }
    assert_int_equal(count[DICE_ROBBER_ATTACK], 6);
    int twice = 0, once = 0;
    for (int e = DICE_EPIDEMIC; e < DICE_EVENTS; e++) {
        twice += count[e] == 2;
        once += count[e] == 1;
    }
    assert_int_equal(twice, 4);
    assert_int_equal(once, 5); /* the tenth event is not known: its card is plain */
    assert_int_equal(count[DICE_PLAIN], 17);
    assert_int_equal(game_dice_event(dice_card(1, 5)), DICE_EPIDEMIC);
    assert_int_equal(game_dice_event(dice_card(2, 6)), DICE_EPIDEMIC);
}

static void test_new_year(void **state)
{
    (void)state;
    start();
    struct game_event ev[GAME_MAX_EVENTS];
    G.dice_drawn = GAME_DICE_CARDS - GAME_DICE_RESHUFFLE - 1; /* the last card above it */
    int n = roll_card(G.dice_cards[G.dice_drawn], ev);
    assert_null(th_find_event(ev, n, EV_NEW_YEAR, -2));
    assert_int_equal(G.dice_drawn, GAME_DICE_CARDS - GAME_DICE_RESHUFFLE);
    assert_int_equal(game_check_state(&G), BW_OK); /* the New Year card is next */
    for (int p = 0; p < 3; p++)
        th_return_all(&G, p), G.p[p].discard = 0, G.dice_ask[p] = 0, G.dice_ask_to[p] = 0;
    th_roll_phase(&G, 1);
    struct game_action r = th_action(ACT_ROLL, 1);
    n = th_apply(&G, &r, ev);
    const struct game_event *e = th_find_event(ev, n, EV_NEW_YEAR, 1);
    assert_non_null(e);
    assert_true(e < th_find_event(ev, n, EV_ROLL, 1)); /* shuffled, then a card drawn */
    assert_int_equal(G.dice_drawn, 1);
    G.dice_drawn = GAME_DICE_CARDS - GAME_DICE_RESHUFFLE + 1; /* under the New Year card */
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
}

static void test_epidemic(void **state)
{
    (void)state;
    int got[2];
    for (int k = 0; k < 2; k++) { /* a plain 6, then the epidemic's */
        start();
        int hex, v = vertex_of_token(6, &hex);
        th_place_settlement(&G, 1, v);
        th_place_city(&G, 1, v);
        struct game_event ev[GAME_MAX_EVENTS];
        int n = roll_card(k ? dice_card(1, 5) : dice_card(4, 2), ev);
        const struct game_event *e = th_find_event(ev, n, EV_DICE_EVENT, 0);
        assert_true(k ? e && e->a == DICE_EPIDEMIC : !e);
        got[k] = th_hand(&G, 1);
    }
    assert_int_equal(got[0], 2);
    assert_int_equal(got[1], 1);
}

static void test_plentiful_year_waits_for_answers(void **state)
{
    (void)state;
    start();
    int hex, v = vertex_of_token(3, &hex);
    th_place_settlement(&G, 2, v);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = roll_card(dice_card(1, 2), ev);
    assert_int_equal(th_count_events(ev, n, EV_DICE_ASK), 3);
    assert_null(th_find_event(ev, n, EV_PRODUCE, -2)); /* the event first */
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(game_waiting_for(&G), 7u);
    /* Nothing else goes first; a wrong answer changes nothing. */
    struct game_action end = th_action(ACT_END, 0);
    th_refused(&G, &end, BW_E(WRONG_PHASE));
    struct game_action two = answer_res(0, 1, RES_ORE);
    two.get[RES_GRAIN] = 1;
    th_refused(&G, &two, BW_E(INVALID));
    struct game_action give = answer_res(0, 0, RES_ORE);
    th_refused(&G, &give, BW_E(INVALID));
    struct game_action list[16];
    assert_int_equal(game_legal_actions(&G, 0, list, 16), RES_COUNT);
    struct game_action a = answer_res(0, 1, RES_ORE);
    th_apply(&G, &a, NULL);
    th_refused(&G, &a, BW_E(WRONG_PHASE)); /* answered once */
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    a = answer_res(1, 1, RES_WOOL);
    th_apply(&G, &a, NULL);
    int hand = th_hand(&G, 2);
    struct game_action t = th_action(ACT_TIMEOUT, 2); /* the bank's most: the lowest */
    n = th_apply(&G, &t, ev);
    assert_int_equal(th_hand(&G, 2), hand + 2); /* the card of choice, then the 3 produces */
    assert_non_null(th_find_event(ev, n, EV_PRODUCE, 2));
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(game_check_state(&G), BW_OK);
}

static void test_good_neighbors(void **state)
{
    (void)state;
    start();
    th_give(&G, 0, 1, 1, 0, 0, 0); /* asked */
    th_give(&G, 1, 0, 0, 2, 0, 0); /* one kind: passed at once */
    struct game_event ev[GAME_MAX_EVENTS];
    int n = roll_card(dice_card(2, 3), ev);
    const struct game_event *g = th_find_event(ev, n, EV_DICE_GIVE, 1);
    assert_non_null(g);
    assert_int_equal(g->other, 2);
    assert_int_equal(G.p[2].res[RES_WOOL], 1);
    assert_int_equal(game_waiting_for(&G), 1u); /* 2 held nothing */
    assert_int_equal(G.dice_ask[0], DICE_ASK_GIVE);
    assert_int_equal(G.dice_ask_to[0], 1);
    struct game_action bad = answer_res(0, 0, RES_ORE);
    th_refused(&G, &bad, BW_E(NOT_ENOUGH));
    struct game_action a = answer_res(0, 0, RES_BRICK);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[1].res[RES_BRICK], 1);
    assert_int_equal(G.p[0].res[RES_BRICK], 0);
    assert_int_equal(G.phase, PHASE_MAIN);
}

static void test_neighborly_assistance(void **state)
{
    (void)state;
    start();
    int hex, v = vertex_of_token(12, &hex);
    th_place_settlement(&G, 1, v); /* 1 point: the most; 0 and 2 have none */
    th_give(&G, 1, 0, 0, 0, 1, 1);
    struct game_event ev[GAME_MAX_EVENTS];
    roll_card(dice_card(3, 3), ev);
    assert_int_equal(game_waiting_for(&G), 2u);
    assert_int_equal(G.dice_ask_to[1], 0); /* the fewest, first from the player on the move */
    struct game_action a = answer_res(1, 0, RES_GRAIN);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[0].res[RES_GRAIN], 1);
}

static void test_tournament_and_calm_sea(void **state)
{
    (void)state;
    start();
    th_played_knights(&G, 2, 2);
    th_played_knights(&G, 1, 1);
    roll_card(dice_card(1, 4), NULL);
    assert_int_equal(game_waiting_for(&G), 4u); /* the most knights */
    struct game_action t = th_action(ACT_TIMEOUT, 2);
    th_apply(&G, &t, NULL);
    assert_int_equal(th_hand(&G, 2), 1);

    start();
    int k = th_harbor_of_type(&G, HARBOR_GENERIC);
    th_place_settlement(&G, 1, th_harbor_vertex(&G, k));
    roll_card(dice_card(1, 3), NULL);
    assert_int_equal(game_waiting_for(&G), 2u);
}

static void test_trade_advantage_and_conflict(void **state)
{
    (void)state;
    start();
    G.longest_road = 1;
    th_give(&G, 0, 1, 0, 0, 0, 0);
    th_give(&G, 2, 0, 0, 0, 0, 1);
    roll_card(dice_card(4, 4), NULL);
    assert_int_equal(game_waiting_for(&G), 2u);
    struct game_action self = answer_seat(1, 1);
    th_refused(&G, &self, BW_E(INVALID));
    struct game_action give = answer_res(1, 0, RES_ORE);
    th_refused(&G, &give, BW_E(WRONG_PHASE));
    struct game_action a = answer_seat(1, 2);
    th_apply(&G, &a, NULL);
    assert_int_equal(G.p[1].res[RES_ORE], 1);
    assert_int_equal(th_hand(&G, 2), 0);

    start(); /* one player to take from: no question */
    G.largest_army = 2;
    th_give(&G, 0, 0, 1, 0, 0, 0);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = roll_card(dice_card(2, 2), ev);
    assert_non_null(th_find_event(ev, n, EV_STEAL, 2));
    assert_int_equal(G.p[2].res[RES_BRICK], 1);
    assert_int_equal(G.phase, PHASE_MAIN);
}

/* The friendly robber's protected players are not robbed by an event either. */
static void test_friendly_robber_spares(void **state)
{
    (void)state;
    start();
    G.opt.friendly_robber = 1;
    G.largest_army = 1;
    th_give(&G, 0, 1, 0, 0, 0, 0); /* 0 and 2 have no points: both protected */
    th_give(&G, 2, 0, 1, 0, 0, 0);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = roll_card(dice_card(2, 2), ev);
    assert_null(th_find_event(ev, n, EV_STEAL, -2));
    assert_int_equal(game_waiting_for(&G), 1u); /* nothing asked: the turn goes on */
    assert_int_equal(G.phase, PHASE_MAIN);
}

static void test_resign_and_state(void **state)
{
    (void)state;
    start();
    th_give(&G, 1, 1, 1, 0, 0, 0);
    th_give(&G, 2, 1, 1, 0, 0, 0);
    roll_card(dice_card(2, 3), NULL); /* 1 gives to 2, 2 to 0 */
    assert_int_equal(game_waiting_for(&G), 6u);
    struct game before = G;
    G.dice_ask_to[1] = 1; /* to themself */
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
    G = before;
    G.phase = PHASE_MAIN;
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
    G = before;
    assert_int_equal(game_check_state(&G), BW_OK);
    struct game_action r = th_action(ACT_RESIGN, 2);
    th_apply(&G, &r, NULL); /* 1's card had nobody to go to */
    assert_int_equal(game_waiting_for(&G), 1u);
    assert_int_equal(G.phase, PHASE_MAIN);
}

static void test_cities_plays_no_event(void **state)
{
    (void)state;
    struct game_options o = {.n_players = 3, .board = BOARD_BASE, .dice_deck = 1};
    assert_int_equal(game_init(&G, &o, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_roll_phase(&G, 0);
    G.turn = 100;
    struct game_event ev[GAME_MAX_EVENTS];
    int n = roll_card(dice_card(1, 2), ev);
    assert_null(th_find_event(ev, n, EV_DICE_EVENT, -2));
    assert_int_equal(G.dice_event, DICE_PLAIN);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mapping_counts),
        cmocka_unit_test(test_new_year),
        cmocka_unit_test(test_epidemic),
        cmocka_unit_test(test_plentiful_year_waits_for_answers),
        cmocka_unit_test(test_good_neighbors),
        cmocka_unit_test(test_neighborly_assistance),
        cmocka_unit_test(test_tournament_and_calm_sea),
        cmocka_unit_test(test_trade_advantage_and_conflict),
        cmocka_unit_test(test_friendly_robber_spares),
        cmocka_unit_test(test_resign_and_state),
        cmocka_unit_test(test_cities_plays_no_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
