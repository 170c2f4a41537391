/* Cities & Knights progress cards (engine/progress.c; doc/cities.md): the three decks, the
 * draws at a city gate and on a tie defending Catan, the hand of four, the points shown, and
 * each card that asks nobody else. Refusals leave the state as it was. */
#include "engine_helpers.h"

static struct game G;
static struct game_event EV[GAME_MAX_EVENTS];

static void ck_blank(int n)
{
    struct game_options opt = {.n_players = (uint8_t)n, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_main_phase(&G, 0);
}

static void state_ok(void)
{
    assert_int_equal(game_check_state(&G), BW_OK);
}

static int inner_hex(int skip)
{
    return th_inner_hex(&G, skip, 1);
}

static int corner(int h, int c)
{
    return th_corner(&G, h, c);
}

static int deck_of(int card)
{
    return card <= PROG_SMITH            ? TRACK_SCIENCE
           : card <= PROG_TRADE_MONOPOLY ? TRACK_TRADE
                                         : TRACK_POLITICS;
}

static int hand_count(int p)
{
    int n = 0;
    while (n <= CK_HAND && G.ck.p[p].hand[n])
        n++;
    return n;
}

/* Put card on top of its deck (the deck's order changes, its cards do not). */
static void card_on_top(int card)
{
    int t = deck_of(card);
    for (int i = G.ck.deck_pos[t]; i < CK_DECK; i++)
        if (G.ck.deck[t][i] == card) {
            G.ck.deck[t][i] = G.ck.deck[t][G.ck.deck_pos[t]];
            G.ck.deck[t][G.ck.deck_pos[t]] = (uint8_t)card;
            return;
        }
    fail_msg("card %d not in its deck", card);
}

/* p draws card from its deck into their hand. */
static void give_card(int p, int card)
{
    card_on_top(card);
    int t = deck_of(card);
    G.ck.p[p].hand[hand_count(p)] = G.ck.deck[t][G.ck.deck_pos[t]++];
}

static struct game_action card(int p, int c, int a, int b)
{
    struct game_action x = th_action(ACT_PROGRESS, p);
    x.res = (uint8_t)c;
    x.a = (int16_t)a;
    x.b = (int16_t)b;
    return x;
}

static int play(int p, int c, int a, int b)
{
    struct game_action x = card(p, c, a, b);
    int n = th_apply(&G, &x, EV);
    assert_non_null(th_find_event(EV, n, EV_PROGRESS, p));
    assert_int_equal(hand_count(p), 0);
    state_ok();
    return n;
}

static int roll(int yellow, int red, int face)
{
    int n = -1;
    assert_int_equal(game_apply_ck_roll(&G, yellow, red, face, EV, GAME_MAX_EVENTS, &n), BW_OK);
    return n;
}

/* ---- decks, draws, the hand ---- */

static void test_decks(void **state)
{
    (void)state;
    static const int want[PROG_COUNT] = {0, 2, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2,
                                         6, 2, 4, 2, 2, 1, 2, 2, 2, 2, 3, 2, 2};
    ck_blank(4);
    int count[PROG_COUNT] = {0};
    for (int t = 0; t < CK_TRACKS; t++)
        for (int i = 0; i < CK_DECK; i++) {
            int c = G.ck.deck[t][i];
            assert_true(c > 0 && c < PROG_COUNT);
            assert_int_equal(deck_of(c), t);
            count[c]++;
        }
    for (int c = 1; c < PROG_COUNT; c++)
        assert_int_equal(count[c], want[c]);
    /* Shuffled from the game's generator: another seed, another order. */
    struct game other;
    struct game_options opt = {.n_players = 4, .board = BOARD_BASE};
    assert_int_equal(game_init(&other, &opt, TH_SEED + 1), BW_OK);
    assert_int_equal(game_cities_on(&other), BW_OK);
    assert_memory_not_equal(other.ck.deck, G.ck.deck, sizeof G.ck.deck);
    state_ok();
}

/* A printer or a constitution is a point, shown at once, never held. */
static void test_points_shown(void **state)
{
    (void)state;
    ck_blank(4);
    G.ck.p[0].level[TRACK_SCIENCE] = 1;
    G.ck.p[0].level[TRACK_POLITICS] = 1;
    int vp = game_vp_public(&G, 0);
    card_on_top(PROG_PRINTER);
    th_roll_phase(&G, 0);
    int n = roll(1, 1, FACE_GATE + TRACK_SCIENCE);
    assert_non_null(th_find_event(EV, n, EV_PROGRESS, 0));
    assert_int_equal(hand_count(0), 0);
    assert_int_equal(game_vp_public(&G, 0), vp + 1);
    card_on_top(PROG_CONSTITUTION);
    th_roll_phase(&G, 0);
    roll(1, 2, FACE_GATE + TRACK_POLITICS);
    assert_int_equal(game_vp_public(&G, 0), vp + 2);
    assert_int_equal(G.ck.played, 2);
    state_ok();
}

/* A tie defending Catan: each chooses the deck, before anything else; a timeout draws from the
 * fullest deck. */
static void test_tie_chooses_deck(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_city(&G, 0, corner(h, 0) + 1);
    th_place_city(&G, 1, corner(h, 2) + 1);
    G.ck.p[0].knight_at[0] = (uint8_t)(corner(h, 1) + 1);
    G.ck.p[0].knight[0] = 1 | KNIGHT_ACTIVE;
    G.ck.p[1].knight_at[0] = (uint8_t)(corner(h, 3) + 1);
    G.ck.p[1].knight[0] = 1 | KNIGHT_ACTIVE;
    game_reindex(&G);
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    roll(1, 2, FACE_SHIP);
    assert_int_equal(game_waiting_for(&G), BIT(0) | BIT(1));
    struct game_action end = th_action(ACT_END, 0);
    th_refused(&G, &end, BW_E(WRONG_PHASE));
    struct game_action draw = th_action(ACT_PROGRESS_DRAW, 0);
    draw.res = TRACK_TRADE;
    int top = G.ck.deck[TRACK_TRADE][0];
    th_apply(&G, &draw, EV);
    assert_int_equal(G.ck.p[0].hand[0], top);
    th_refused(&G, &draw, BW_E(WRONG_PHASE)); /* one card owed */
    /* Player 1 is away: the science or politics deck (both full), the first of them. */
    struct game_action t = th_action(ACT_TIMEOUT, 1);
    th_apply(&G, &t, EV);
    assert_int_equal(G.ck.deck_pos[TRACK_SCIENCE], 1);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
}

/* A fifth card must be played or given up at once. */
static void test_hand_of_four(void **state)
{
    (void)state;
    ck_blank(4);
    G.ck.p[1].level[TRACK_TRADE] = 1;
    for (int i = 0; i < CK_HAND; i++)
        give_card(1, PROG_MERCHANT);
    card_on_top(PROG_MERCHANT_FLEET);
    th_roll_phase(&G, 0);
    roll(1, 1, FACE_GATE + TRACK_TRADE);
    assert_int_equal(hand_count(1), 5);
    assert_int_equal(game_waiting_for(&G), BIT(1));
    struct game_action end = th_action(ACT_END, 0);
    th_refused(&G, &end, BW_E(WRONG_PHASE));
    struct game_action give = th_action(ACT_PROGRESS_DISCARD, 1);
    give.res = PROG_BISHOP;
    th_refused(&G, &give, BW_E(NO_CARD));
    give.res = PROG_MERCHANT;
    th_apply(&G, &give, EV);
    assert_int_equal(hand_count(1), 4);
    assert_int_equal(G.ck.p[1].hand[3], PROG_MERCHANT_FLEET);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    th_refused(&G, &give, BW_E(WRONG_PHASE));
    state_ok();
    /* Away: the card just drawn goes. */
    card_on_top(PROG_RESOURCE_MONOPOLY);
    th_main_phase(&G, 0);
    th_roll_phase(&G, 0);
    roll(1, 1, FACE_GATE + TRACK_TRADE);
    struct game_action t = th_action(ACT_TIMEOUT, 1);
    int n = th_apply(&G, &t, EV);
    assert_int_equal(hand_count(1), 4);
    for (int k = 0; k < CK_HAND; k++)
        assert_int_not_equal(G.ck.p[1].hand[k], PROG_RESOURCE_MONOPOLY);
    assert_non_null(th_find_event(EV, n, EV_PROGRESS_DISCARD, 1));
    state_ok();
}

/* ---- the cards ---- */

static void test_alchemist(void **state)
{
    (void)state;
    ck_blank(4);
    give_card(0, PROG_ALCHEMIST);
    struct game_action x = card(0, PROG_ALCHEMIST, 4, 5);
    th_refused(&G, &x, BW_E(WRONG_PHASE)); /* after the roll */
    th_roll_phase(&G, 0);
    x = card(0, PROG_ALCHEMIST, 7, 5);
    th_refused(&G, &x, BW_E(INVALID));
    int n = play(0, PROG_ALCHEMIST, 4, 5);
    assert_int_equal(G.dice[0], 4);
    assert_int_equal(G.dice[1], 5);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_non_null(th_find_event(EV, n, EV_EVENT_DIE, 0)); /* the event die still rolled */
}

static void test_inventor(void **state)
{
    (void)state;
    ck_blank(4);
    int a = inner_hex(-1), b = inner_hex(a);
    th_set_hex(&G, a, TERRAIN_FIELDS, 4);
    th_set_hex(&G, b, TERRAIN_FOREST, 8);
    give_card(0, PROG_INVENTOR);
    struct game_action x = card(0, PROG_INVENTOR, a, b);
    th_refused(&G, &x, BW_E(INVALID)); /* an 8 stays */
    th_set_hex(&G, b, TERRAIN_FOREST, 10);
    static struct game quiet; /* as the computer players try it: no events wanted */
    quiet = G;
    assert_int_equal(game_apply(&quiet, &x, NULL, 0, NULL), BW_OK);
    assert_int_equal(quiet.token[a], 10);
    int n = play(0, PROG_INVENTOR, a, b);
    assert_int_equal(G.token[a], 10);
    assert_int_equal(G.token[b], 4);
    const struct game_event *e = th_find_event(EV, n, EV_PROGRESS, 0);
    assert_non_null(e);
    assert_int_equal(e->res[0], a); /* the line names both hexes */
    assert_int_equal(e->res[1], b);
}

static void test_crane(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_city(&G, 0, corner(h, 0) + 1);
    G.ck.p[0].level[TRACK_TRADE] = 1;
    G.ck.bank[COM_CLOTH]--;
    G.p[0].commodity[COM_CLOTH] = 1; /* level 2 costs 2 */
    give_card(0, PROG_CRANE);
    struct game_action x = card(0, PROG_CRANE, -1, -1);
    x.res2 = TRACK_TRADE;
    th_apply(&G, &x, EV);
    assert_int_equal(G.ck.p[0].level[TRACK_TRADE], 2);
    assert_int_equal(G.p[0].commodity[COM_CLOTH], 0);
    state_ok();
}

static void test_road_building(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_settlement(&G, 0, corner(h, 0) + 1);
    const struct board_geo *geo = th_geo(&G);
    int e1 = board_edge_between(geo, corner(h, 0), corner(h, 1));
    int e2 = board_edge_between(geo, corner(h, 1), corner(h, 2));
    int far = board_edge_between(geo, corner(h, 3), corner(h, 4));
    give_card(0, PROG_ROAD_BUILDING);
    struct game_action x = card(0, PROG_ROAD_BUILDING, e1, far);
    th_refused(&G, &x, BW_E(NOT_CONNECTED));
    int roads = G.p[0].roads;
    play(0, PROG_ROAD_BUILDING, e1, e2);
    assert_int_equal(G.p[0].roads, roads + 2);
    assert_int_equal(G.edge_owner[e2], 0);
}

static void test_engineer_and_medicine(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_city(&G, 0, corner(h, 0) + 1);
    th_place_settlement(&G, 0, corner(h, 2) + 1);
    give_card(0, PROG_ENGINEER);
    struct game_action x = card(0, PROG_ENGINEER, corner(h, 2), -1);
    th_refused(&G, &x, BW_E(NOT_YOURS)); /* a settlement */
    play(0, PROG_ENGINEER, corner(h, 0), -1);
    assert_int_equal(game_hand_limit(&G, 0), 9);
    assert_int_equal(G.p[0].res[RES_BRICK], 0);
    give_card(0, PROG_MEDICINE);
    th_give(&G, 0, 0, 0, 0, 1, 1);
    x = card(0, PROG_MEDICINE, corner(h, 2), -1);
    th_refused(&G, &x, BW_E(NOT_ENOUGH));
    th_give(&G, 0, 0, 0, 0, 0, 1);
    play(0, PROG_MEDICINE, corner(h, 2), -1);
    assert_int_equal(G.vertex_building[corner(h, 2)], BUILDING_CITY);
    assert_int_equal(th_hand(&G, 0), 0);
}

/* 2 of the hex's resource for each such hex the player's buildings touch. */
static void harvest(int c, int terrain, int r)
{
    ck_blank(4);
    int h = inner_hex(-1), v = corner(h, 0);
    const struct board_geo *geo = th_geo(&G);
    th_set_hex(&G, h, terrain, 5);
    th_set_hex(&G, geo->vertex_hex[v][0] == h ? geo->vertex_hex[v][1] : geo->vertex_hex[v][0],
               terrain, 9);
    th_place_settlement(&G, 0, v + 1);
    th_place_settlement(&G, 1, corner(h, 3) + 1);
    int want = 0;
    for (int k = 0; k < 3; k++)
        want += geo->vertex_hex[v][k] >= 0 && G.terrain[geo->vertex_hex[v][k]] == terrain;
    give_card(0, c);
    play(0, c, -1, -1);
    assert_int_equal(G.p[0].res[r], 2 * want);
    assert_true(want >= 2);
    assert_int_equal(G.p[1].res[r], 0);
}

static void test_irrigation(void **state)
{
    (void)state;
    harvest(PROG_IRRIGATION, TERRAIN_FIELDS, RES_GRAIN);
}

static void test_mining(void **state)
{
    (void)state;
    harvest(PROG_MINING, TERRAIN_MOUNTAINS, RES_ORE);
}

static void test_smith_and_warlord(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    G.ck.p[0].knight_at[0] = (uint8_t)(corner(h, 0) + 1);
    G.ck.p[0].knight[0] = 1;
    G.ck.p[0].knight_at[1] = (uint8_t)(corner(h, 2) + 1);
    G.ck.p[0].knight[1] = 1;
    game_reindex(&G);
    give_card(0, PROG_SMITH);
    struct game_action x = card(0, PROG_SMITH, corner(h, 0), corner(h, 0));
    th_refused(&G, &x, BW_E(LIMIT)); /* once a knight */
    play(0, PROG_SMITH, corner(h, 0), corner(h, 2));
    assert_int_equal(G.ck.p[0].knight[0] & KNIGHT_LEVEL, 2);
    assert_int_equal(G.ck.p[0].knight[1] & KNIGHT_LEVEL, 2);
    give_card(0, PROG_WARLORD);
    play(0, PROG_WARLORD, -1, -1);
    assert_int_equal(game_knight_strength(&G, 0), 4);
}

static void test_merchant_fleet(void **state)
{
    (void)state;
    ck_blank(4);
    th_give(&G, 0, 2, 0, 0, 0, 0);
    struct game_action t = th_action(ACT_CK_TRADE, 0);
    t.res = RES_WOOD;
    t.res2 = GOOD_PAPER + COM_COIN;
    t.a = 1;
    th_refused(&G, &t, BW_E(NOT_ENOUGH));
    give_card(0, PROG_MERCHANT_FLEET);
    struct game_action x = card(0, PROG_MERCHANT_FLEET, -1, -1);
    x.res2 = RES_WOOD;
    th_apply(&G, &x, EV);
    th_apply(&G, &t, EV);
    assert_int_equal(G.p[0].commodity[COM_COIN], 1);
    th_pass_turn(&G);
    assert_int_equal(G.ck.p[0].fleet, 0); /* this turn only */
    state_ok();
}

static void test_monopolies(void **state)
{
    (void)state;
    ck_blank(4);
    th_give(&G, 1, 0, 0, 3, 0, 0);
    th_give(&G, 2, 0, 0, 1, 0, 0);
    G.ck.bank[COM_CLOTH] -= 3;
    G.p[1].commodity[COM_CLOTH] = 2;
    G.p[3].commodity[COM_CLOTH] = 1;
    give_card(0, PROG_RESOURCE_MONOPOLY);
    give_card(0, PROG_TRADE_MONOPOLY);
    struct game_action x = card(0, PROG_RESOURCE_MONOPOLY, -1, -1);
    x.res2 = RES_WOOL;
    int n = th_apply(&G, &x, EV);
    assert_int_equal(th_find_event(EV, n, EV_PROGRESS, 0)->res2[0],
                     RES_WOOL); /* the line names the good */
    assert_int_equal(G.p[0].res[RES_WOOL], 3);
    assert_int_equal(G.p[1].res[RES_WOOL], 1);
    x = card(0, PROG_TRADE_MONOPOLY, -1, -1);
    x.res2 = 5;
    th_refused(&G, &x, BW_E(INVALID));
    x.res2 = COM_CLOTH;
    n = th_apply(&G, &x, EV);
    assert_int_equal(th_find_event(EV, n, EV_PROGRESS, 0)->res2[0], GOOD_PAPER + COM_CLOTH);
    assert_int_equal(G.p[0].commodity[COM_CLOTH], 2);
    assert_int_equal(G.p[1].commodity[COM_CLOTH], 1);
    assert_int_equal(G.p[3].commodity[COM_CLOTH], 0);
    state_ok();
}

static void test_bishop(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_settlement(&G, 1, corner(h, 0) + 1);
    th_place_settlement(&G, 2, corner(h, 3) + 1);
    th_give(&G, 1, 1, 0, 0, 0, 0);
    th_give(&G, 2, 0, 1, 0, 0, 0);
    give_card(0, PROG_BISHOP);
    struct game_action x = card(0, PROG_BISHOP, h, -1);
    th_refused(&G, &x, BW_E(WRONG_PHASE)); /* the robber sleeps */
    G.ck.attacks = 1;
    int n = play(0, PROG_BISHOP, h, -1);
    assert_int_equal(G.robber, h);
    assert_int_equal(th_count_events(EV, n, EV_STEAL), 2);
    assert_int_equal(th_count_events(EV, n, EV_NO_STEAL), 0);
    assert_int_equal(G.p[0].res[RES_WOOD] + G.p[0].res[RES_BRICK], 2);
}

static void test_merchant(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1), far = inner_hex(h);
    th_set_hex(&G, h, TERRAIN_PASTURE, 5);
    th_place_settlement(&G, 0, corner(h, 0) + 1);
    int vp = game_vp_public(&G, 0);
    give_card(0, PROG_MERCHANT);
    if (!(G.hexes_of[0] >> far & 1)) {
        struct game_action x = card(0, PROG_MERCHANT, far, -1);
        th_refused(&G, &x, BW_E(NOT_CONNECTED));
    }
    play(0, PROG_MERCHANT, h, -1);
    assert_int_equal(game_vp_public(&G, 0), vp + 1);
    th_give(&G, 0, 0, 0, 2, 0, 0);
    struct game_action t = th_action(ACT_CK_TRADE, 0);
    t.res = RES_WOOL;
    t.res2 = GOOD_PAPER;
    t.a = 1;
    th_apply(&G, &t, EV);
    /* Another player's merchant takes it, and its point. */
    th_place_settlement(&G, 1, corner(h, 3) + 1);
    give_card(1, PROG_MERCHANT);
    th_main_phase(&G, 1);
    play(1, PROG_MERCHANT, h, -1);
    assert_int_equal(game_vp_public(&G, 0), vp);
}

/* Those with as many points or more discard half, as they choose; then the turn goes on. */
static void test_saboteur(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    th_place_settlement(&G, 1, corner(h, 0) + 1);
    th_place_settlement(&G, 2, corner(h, 3) + 1);
    th_place_settlement(&G, 2, corner(inner_hex(h), 0) + 1);
    th_give(&G, 1, 2, 2, 1, 0, 0); /* 5: discards 2 */
    th_give(&G, 2, 4, 0, 0, 0, 0);
    th_give(&G, 3, 3, 0, 0, 0, 0); /* fewer points: keeps them */
    th_place_settlement(&G, 0, corner(inner_hex(h), 3) + 1);
    G.ck.attacks = 1; /* after a 7's discards the robber would move */
    give_card(0, PROG_SABOTEUR);
    play(0, PROG_SABOTEUR, -1, -1);
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(game_waiting_for(&G), BIT(1) | BIT(2));
    struct game_action d = th_action(ACT_DISCARD, 1);
    d.give[RES_WOOD] = 2;
    th_apply(&G, &d, EV);
    struct game_action t = th_action(ACT_TIMEOUT, 2);
    th_apply(&G, &t, EV);
    assert_int_equal(th_hand(&G, 2), 2);
    assert_int_equal(th_hand(&G, 3), 3);
    assert_int_equal(G.phase, PHASE_MAIN); /* no robber */
    state_ok();
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_decks),
        cmocka_unit_test(test_points_shown),
        cmocka_unit_test(test_tie_chooses_deck),
        cmocka_unit_test(test_hand_of_four),
        cmocka_unit_test(test_alchemist),
        cmocka_unit_test(test_inventor),
        cmocka_unit_test(test_crane),
        cmocka_unit_test(test_road_building),
        cmocka_unit_test(test_engineer_and_medicine),
        cmocka_unit_test(test_irrigation),
        cmocka_unit_test(test_mining),
        cmocka_unit_test(test_smith_and_warlord),
        cmocka_unit_test(test_merchant_fleet),
        cmocka_unit_test(test_monopolies),
        cmocka_unit_test(test_bishop),
        cmocka_unit_test(test_merchant),
        cmocka_unit_test(test_saboteur),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
