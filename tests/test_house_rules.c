/* The house rules (game_options' discard_limit .. harbormaster; doc/house-rules.md): one test
 * at least per rule, each failing when the engine ignores it. */
#include "engine_helpers.h"

static struct game G;

static void init_with(struct game *g, int n, int board, const struct game_options *rules)
{
    struct game_options opt = *rules;
    opt.n_players = (uint8_t)n;
    opt.board = (uint8_t)board;
    assert_int_equal(game_init(g, &opt, TH_SEED), BW_OK);
}

/* ---- options ---- */

static void test_options_out_of_range_refused(void **state)
{
    (void)state;
    const struct game_options bad[] = {
        {.discard_limit = 6},   {.discard_limit = 13},   {.no_sevens = GAME_NO_SEVENS_MAX + 1},
        {.friendly_robber = 2}, {.robber_no_desert = 2}, {.dice_deck = 2},
        {.no_trade = 2},        {.harbormaster = 2},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct game_options o = bad[i];
        o.n_players = 4;
        assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    }
    const struct game_options good[] = {
        {.discard_limit = 7},   {.discard_limit = 12},   {.no_sevens = GAME_NO_SEVENS_MAX},
        {.friendly_robber = 1}, {.robber_no_desert = 1}, {.dice_deck = 1},
        {.no_trade = 1},        {.harbormaster = 1},
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        struct game_options o = good[i];
        o.n_players = 4;
        assert_int_equal(game_init(&G, &o, 1), BW_OK);
        assert_int_equal(game_check_state(&G), BW_OK);
    }
}

static void test_option_fits_the_board(void **state)
{
    (void)state;
    struct game_options o = {.n_players = 4, .board = BOARD_BASE};
    for (int r = 0; r < GAME_RULES; r++)
        assert_true(game_option_fits(&o, r));
    assert_false(game_option_fits(&o, GAME_RULES));
    /* The Pirate Islands: no robber; The Jungle: no desert. */
    o.board = BOARD_PIRATES;
    assert_false(game_option_fits(&o, GAME_RULE_FRIENDLY_ROBBER));
    assert_false(game_option_fits(&o, GAME_RULE_ROBBER_DESERT));
    assert_true(game_option_fits(&o, GAME_RULE_DICE_DECK));
    o.friendly_robber = 1;
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    o = (struct game_options){.n_players = 4, .board = BOARD_JUNGLE, .robber_no_desert = 1};
    assert_false(game_option_fits(&o, GAME_RULE_ROBBER_DESERT));
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    /* Every board that fits a rule takes it. */
    for (int b = 0; b < BOARD_KINDS; b++) {
        const struct board_setup *s = board_setup(b);
        if (!s)
            continue;
        for (int r = 0; r < GAME_RULES; r++) {
            struct game_options t = {.n_players = s->players_min, .board = (uint8_t)b};
            uint8_t *field[GAME_RULES] = {&t.discard_limit,    &t.friendly_robber, &t.no_sevens,
                                          &t.robber_no_desert, &t.dice_deck,       &t.no_trade,
                                          &t.harbormaster};
            *field[r] = r == GAME_RULE_DISCARD ? 9 : 1;
            assert_int_equal(game_init(&G, &t, 1), game_option_fits(&t, r) ? BW_OK : BW_E(INVALID));
        }
    }
}

/* ---- discard ---- */

static void test_discard_limit(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.discard_limit = 9});
    th_roll_phase(&G, 0);
    th_give(&G, 1, 9, 0, 0, 0, 0);  /* at the limit: keeps them */
    th_give(&G, 2, 0, 10, 0, 0, 0); /* over it: half */
    th_give(&G, 3, 0, 0, 8, 0, 0);  /* would discard by the book */
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_roll(&G, 3, 4, ev);
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(G.p[1].discard, 0);
    assert_int_equal(G.p[2].discard, 5);
    assert_int_equal(G.p[3].discard, 0);
    assert_int_equal(th_count_events(ev, n, EV_DISCARD_NEEDED), 1);
}

static void test_discard_limit_with_walls(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.discard_limit = 8});
    assert_int_equal(game_cities_on(&G), BW_OK);
    assert_int_equal(game_hand_limit(&G, 0), 8);
}

/* ---- the friendly robber ---- */

/* A land hex with six land neighbours, not the robber's, not a nor beside it. */
static int far_hex(int a)
{
    const struct board_geo *geo = th_geo(&G);
    for (int h = 0; h < geo->n_hexes; h++) {
        int ok = h != a && h != G.robber;
        for (int s = 0; s < 6; s++)
            ok &= geo->hex_neighbor[h][s] >= 0 && geo->hex_neighbor[h][s] != a;
        if (ok)
            return h;
    }
    fail_msg("no hex far from %d", a);
    return -1;
}

/* Player 1 (2 points) at hex a, player 2 (3 points: a city) at hex b; cards for both. */
static void friendly_board(int *a, int *b)
{
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.friendly_robber = 1});
    *a = th_inner_hex(&G, -1, 1);
    *b = far_hex(*a);
    th_place_settlement(&G, 1, th_corner(&G, *a, 0) + 1);
    th_place_settlement(&G, 1, th_corner(&G, *a, 3) + 1);
    th_place_city(&G, 2, th_corner(&G, *b, 1) + 1);
    th_place_settlement(&G, 2, th_corner(&G, *b, 4) + 1);
    th_give(&G, 1, 2, 0, 0, 0, 0);
    th_give(&G, 2, 0, 2, 0, 0, 0);
    th_roll_phase(&G, 0);
    G.phase = PHASE_ROBBER;
    G.rolled = 1;
}

static void test_friendly_robber_spares_the_small(void **state)
{
    (void)state;
    int a, b;
    friendly_board(&a, &b);
    assert_int_equal(game_vp_public(&G, 1), 2);
    struct game_action x = th_act_robber(ACT_ROBBER, 0, a, 1);
    th_refused(&G, &x, BW_E(FRIENDLY_ROBBER));
    x.target = -1;
    th_refused(&G, &x, BW_E(FRIENDLY_ROBBER));
    /* Listed moves never go there nor rob player 1. */
    struct game_action list[512];
    int n = game_legal_actions(&G, 0, list, 512);
    assert_true(n > 0 && n <= 512);
    for (int i = 0; i < n; i++) {
        assert_int_not_equal(list[i].a, a);
        assert_int_not_equal(list[i].target, 1);
    }
    /* The bigger player is robbed as ever. */
    x = th_act_robber(ACT_ROBBER, 0, b, 2);
    th_apply(&G, &x, NULL);
    assert_int_equal(th_hand(&G, 0), 1);
}

static void test_friendly_robber_knight_and_timeout(void **state)
{
    (void)state;
    int a, b;
    friendly_board(&a, &b);
    G.phase = PHASE_ROLL;
    G.rolled = 0;
    th_give_dev(&G, 0, DEV_KNIGHT, 1, 0);
    struct game_action x = th_act_robber(ACT_PLAY_KNIGHT, 0, a, -1);
    th_refused(&G, &x, BW_E(FRIENDLY_ROBBER));
    /* A timed-out robber move goes elsewhere, and robs nobody protected. */
    for (uint64_t seed = 1; seed <= 40; seed++) {
        friendly_board(&a, &b);
        G.rng.s[0] ^= seed;
        struct game_action t = th_action(ACT_TIMEOUT, 0);
        th_apply(&G, &t, NULL);
        assert_int_not_equal(G.robber, a);
        assert_int_equal(th_hand(&G, 1), 2);
    }
}

static void test_friendly_robber_off_robs_anyone(void **state)
{
    (void)state;
    int a, b;
    friendly_board(&a, &b);
    G.opt.friendly_robber = 0;
    struct game_action x = th_act_robber(ACT_ROBBER, 0, a, 1);
    th_apply(&G, &x, NULL);
    assert_int_equal(th_hand(&G, 1), 1);
}

/* The pirate (Seafarers) may go anywhere at sea, but robs nobody protected: player 1 (no
 * points) with a ship beside sea hex h keeps its cards. */
static void test_friendly_pirate_robs_nobody_small(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_NEW_SHORES_4, &(struct game_options){.friendly_robber = 1});
    const struct board_geo *geo = th_geo(&G);
    int h = -1, v0 = -1, v1 = -1;
    for (int x = 0; x < geo->n_hexes && h < 0; x++) {
        if ((G.land >> x & 1) || x == G.pirate || (G.fog >> x & 1))
            continue;
        for (int c = 0; c < 6 && h < 0; c++) {
            int a = geo->hex_vertex[x][c], b = geo->hex_vertex[x][(c + 1) % 6];
            int e = board_edge_between(geo, a, b);
            if (e >= 0 && bits_has(G.edge_sea, e))
                h = x, v0 = a + 1, v1 = b + 1;
        }
    }
    assert_true(h >= 0);
    th_place_ship(&G, 1, v0, v1);
    th_give(&G, 1, 1, 0, 0, 0, 0);
    th_roll_phase(&G, 0);
    G.phase = PHASE_ROBBER;
    G.rolled = 1;
    struct game_action x = th_act_robber(ACT_ROBBER, 0, h, 1);
    th_refused(&G, &x, BW_E(FRIENDLY_ROBBER));
    x.target = -1;
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &x, ev);
    assert_int_equal(G.pirate, h);
    assert_non_null(th_find_event(ev, n, EV_NO_STEAL, 0));
    assert_int_equal(th_hand(&G, 1), 1);
}

/* Every hex but the robber's touches a protected player: the robber may go anywhere then (but
 * still robs nobody protected). */
static void test_friendly_robber_gives_way(void **state)
{
    (void)state;
    init_with(&G, 3, BOARD_BASE, &(struct game_options){.friendly_robber = 1});
    G.hexes_of[1] = ~0ull; /* as if player 1's buildings touched every hex */
    th_give(&G, 1, 1, 0, 0, 0, 0);
    th_roll_phase(&G, 0);
    G.phase = PHASE_ROBBER;
    G.rolled = 1;
    struct game_action list[256];
    int n = game_legal_actions(&G, 0, list, 256);
    assert_int_equal(n, count64(robber_land(&G) & ~robber_bit(&G)));
    for (int i = 0; i < n; i++)
        assert_int_equal(list[i].target, -1);
}

/* ---- no sevens ---- */

static int sevens_rolled(int no_sevens, int turn, int *rerolls)
{
    int sevens = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        struct game_options o = {.n_players = 3, .no_sevens = (uint8_t)no_sevens};
        assert_int_equal(game_init(&G, &o, seed), BW_OK);
        th_roll_phase(&G, 0);
        G.turn = (uint16_t)turn;
        struct game_event ev[GAME_MAX_EVENTS];
        struct game_action r = th_action(ACT_ROLL, 0);
        int n = th_apply(&G, &r, ev);
        sevens += G.dice[0] + G.dice[1] == 7;
        const struct game_event *e = th_find_event(ev, n, EV_REROLL, 0);
        if (e) {
            assert_int_equal(e->a + e->b, 7);
            (*rerolls)++;
        }
    }
    return sevens;
}

static void test_no_sevens(void **state)
{
    (void)state;
    int rerolls = 0;
    /* 3 players, 2 rounds: turns 1 to 6 roll no 7. */
    assert_int_equal(sevens_rolled(2, 1, &rerolls), 0);
    assert_int_equal(sevens_rolled(2, 6, &rerolls), 0);
    assert_true(rerolls > 10);
    rerolls = 0;
    assert_true(sevens_rolled(2, 7, &rerolls) > 10); /* the third round rolls them */
    assert_int_equal(rerolls, 0);
    assert_true(sevens_rolled(0, 1, &rerolls) > 10);
}

/* ---- the robber and the desert ---- */

static void test_robber_no_desert(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.robber_no_desert = 1});
    int desert = th_desert(&G);
    assert_true(desert >= 0);
    assert_int_equal(G.robber, desert);
    th_roll_phase(&G, 0);
    G.phase = PHASE_ROBBER;
    G.rolled = 1;
    G.robber = (int8_t)th_inner_hex(&G, desert, 0); /* it left the desert */
    struct game_action x = th_act_robber(ACT_ROBBER, 0, desert, -1);
    th_refused(&G, &x, BW_E(ROBBER_DESERT));
    struct game_action list[256];
    int n = game_legal_actions(&G, 0, list, 256);
    assert_true(n > 0 && n <= 256);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(list[i].a, desert);
    G.opt.robber_no_desert = 0;
    th_apply(&G, &x, NULL);
    assert_int_equal(G.robber, desert);
}

/* ---- the dice deck ---- */

/* The event cards' questions answered by timeouts (tests/test_dice_events.c tests them). */
static void answer_asks(void)
{
    for (int p = 0; p < G.opt.n_players; p++)
        if (game_waiting_for(&G) >> p & 1 && G.dice_ask[p]) {
            struct game_action t = th_action(ACT_TIMEOUT, p);
            th_apply(&G, &t, NULL);
        }
    for (int p = 0; p < G.opt.n_players; p++)
        G.p[p].timeouts = 0;
}

static void test_dice_deck(void **state)
{
    (void)state;
    init_with(&G, 3, BOARD_BASE, &(struct game_options){.dice_deck = 1});
    assert_int_equal(game_check_state(&G), BW_OK);
    int seen[36] = {0}, drawn = GAME_DICE_CARDS - GAME_DICE_RESHUFFLE;
    for (int i = 0; i < drawn; i++) {
        th_roll_phase(&G, 0);
        G.turn = 100;
        struct game_action r = th_action(ACT_ROLL, 0);
        th_apply(&G, &r, NULL);
        answer_asks();
        int card = 6 * (G.dice[0] - 1) + G.dice[1] - 1;
        assert_int_equal(seen[card]++, 0); /* each outcome once until the reshuffle */
        for (int p = 0; p < 3; p++)
            th_return_all(&G, p);
        for (int p = 0; p < 3; p++)
            G.p[p].discard = 0;
    }
    assert_int_equal(G.dice_drawn, drawn); /* the New Year card is next: the five under it */
    assert_int_equal(game_check_state(&G), BW_OK);
    /* A broken deck is not a state the engine takes. */
    G.dice_cards[0] = G.dice_cards[1];
    assert_int_equal(game_check_state(&G), BW_E(INVALID));
}

static void test_dice_deck_no_sevens(void **state)
{
    (void)state;
    struct game_options o = {.n_players = 3, .dice_deck = 1, .no_sevens = 10};
    assert_int_equal(game_init(&G, &o, 5), BW_OK);
    for (int i = 0; i < 60; i++) {
        th_roll_phase(&G, 0);
        G.turn = 1;
        struct game_action r = th_action(ACT_ROLL, 0);
        th_apply(&G, &r, NULL);
        answer_asks();
        assert_int_not_equal(G.dice[0] + G.dice[1], 7);
        assert_int_equal(game_check_state(&G), BW_OK);
        for (int p = 0; p < 3; p++)
            th_return_all(&G, p);
    }
}

static void test_dice_deck_cities(void **state)
{
    (void)state;
    init_with(&G, 3, BOARD_BASE, &(struct game_options){.dice_deck = 1});
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_roll_phase(&G, 0);
    G.turn = 100;
    int top = G.dice_cards[0];
    struct game_action r = th_action(ACT_ROLL, 0);
    th_apply(&G, &r, NULL);
    assert_int_equal(G.dice[0], top / 6 + 1); /* yellow */
    assert_int_equal(G.dice[1], top % 6 + 1); /* red */
}

/* ---- trades ---- */

static void test_no_trade(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.no_trade = 1});
    th_main_phase(&G, 0);
    th_give(&G, 0, 4, 0, 0, 0, 0);
    th_give(&G, 1, 0, 1, 0, 0, 0);
    struct game_action o = th_act_swap(ACT_OFFER, 0, RES_WOOD, 1, RES_BRICK, 1);
    th_refused(&G, &o, BW_E(NO_TRADE));
    struct game_action acc = th_act_id(ACT_ACCEPT, 1, 1, -1);
    th_refused(&G, &acc, BW_E(NO_TRADE));
    struct game_action bank = th_act_swap(ACT_BANK_TRADE, 0, RES_WOOD, 4, RES_ORE, 1);
    th_apply(&G, &bank, NULL);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    G.opt.no_trade = 0;
    th_give(&G, 0, 1, 0, 0, 0, 0);
    th_apply(&G, &o, NULL);
}

/* ---- the harbormaster ---- */

static int harbor_corner(int k)
{
    return th_harbor_vertex(&G, k);
}

static void test_harbormaster(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.harbormaster = 1});
    th_main_phase(&G, 0);
    th_place_settlement(&G, 0, harbor_corner(0));
    th_place_settlement(&G, 0, harbor_corner(2));
    assert_int_equal(game_vp_public(&G, 0), 2);
    th_give(&G, 0, 0, 0, 0, 2, 3);
    struct game_action c = th_act_city(&G, 0, harbor_corner(0));
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &c, ev);
    const struct game_event *e = th_find_event(ev, n, EV_HARBORMASTER, 0);
    assert_non_null(e);
    assert_int_equal(e->other, -1);
    assert_int_equal(e->a, 3);
    assert_int_equal(game_vp_public(&G, 0), 2 + 1 + 2);
    assert_int_equal(game_check_state(&G), BW_OK);
    /* A tie does not take it; a higher count does (the award follows any action). */
    th_place_city(&G, 1, harbor_corner(4));
    th_place_settlement(&G, 1, harbor_corner(6));
    struct game_action end = th_action(ACT_END, 0);
    n = th_apply(&G, &end, ev);
    assert_null(th_find_event(ev, n, EV_HARBORMASTER, -2));
    assert_int_equal(G.harbor_master, 1);
    th_place_settlement(&G, 1, harbor_corner(8));
    struct game_action roll = th_action(ACT_ROLL, 1);
    n = th_apply(&G, &roll, ev);
    e = th_find_event(ev, n, EV_HARBORMASTER, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(e->a, 4);
    assert_int_equal(G.harbor_master, 2);
    assert_int_equal(game_vp_public(&G, 0), 3);
    assert_int_equal(game_vp_public(&G, 1), 4 + 2);
}

static void test_harbormaster_wins(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){.harbormaster = 1, .victory_points = 8});
    th_main_phase(&G, 0);
    th_place_city(&G, 0, harbor_corner(0));
    th_place_city(&G, 0, harbor_corner(2));
    G.harbor_master = 0; /* placed by hand: not awarded yet */
    assert_int_equal(game_vp_total(&G, 0), 4);
    th_place_settlement(&G, 0, harbor_corner(4));
    th_give(&G, 0, 0, 0, 0, 2, 3);
    struct game_action c = th_act_city(&G, 0, harbor_corner(4));
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &c, ev);
    assert_non_null(th_find_event(ev, n, EV_HARBORMASTER, 0));
    assert_int_equal(G.phase, PHASE_OVER); /* 6 and the harbormaster's 2 */
    assert_int_equal(G.winner, 0);
}

static void test_harbormaster_off(void **state)
{
    (void)state;
    init_with(&G, 4, BOARD_BASE, &(struct game_options){0});
    th_main_phase(&G, 0);
    th_place_city(&G, 0, harbor_corner(0));
    th_place_settlement(&G, 0, harbor_corner(2));
    th_give(&G, 0, 0, 0, 0, 2, 3);
    struct game_action c = th_act_city(&G, 0, harbor_corner(2));
    th_apply(&G, &c, NULL);
    assert_int_equal(G.harbor_master, 0);
    assert_int_equal(game_vp_public(&G, 0), 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_options_out_of_range_refused),
        cmocka_unit_test(test_option_fits_the_board),
        cmocka_unit_test(test_discard_limit),
        cmocka_unit_test(test_discard_limit_with_walls),
        cmocka_unit_test(test_friendly_robber_spares_the_small),
        cmocka_unit_test(test_friendly_robber_knight_and_timeout),
        cmocka_unit_test(test_friendly_robber_off_robs_anyone),
        cmocka_unit_test(test_friendly_robber_gives_way),
        cmocka_unit_test(test_friendly_pirate_robs_nobody_small),
        cmocka_unit_test(test_no_sevens),
        cmocka_unit_test(test_robber_no_desert),
        cmocka_unit_test(test_dice_deck),
        cmocka_unit_test(test_dice_deck_no_sevens),
        cmocka_unit_test(test_dice_deck_cities),
        cmocka_unit_test(test_no_trade),
        cmocka_unit_test(test_harbormaster),
        cmocka_unit_test(test_harbormaster_wins),
        cmocka_unit_test(test_harbormaster_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
