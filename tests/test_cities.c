/* Cities & Knights (engine/cities.c, engine/knights.c; doc/cities.md): the option, the setup
 * city, commodities and what cities produce, the event die, improvements and metropolises, the
 * level-3 abilities, walls, knights and the barbarians. Each test builds a small position,
 * applies actions and checks what the rules say; refusals leave the state as it was. */
#include "engine_helpers.h"

static struct game G;
static struct game_event EV[GAME_MAX_EVENTS];

/* A Cities & Knights game on the base board after the setup (empty board), player 0 to act. */
static void ck_blank(int n)
{
    struct game_options opt = {.n_players = (uint8_t)n, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    th_main_phase(&G, 0);
}

/* A land hex with six land neighbours, and its corners in ring order (adjacent in turn). */
static int inner_hex(int skip)
{
    return th_inner_hex(&G, skip, 0);
}

static int corner(int h, int c)
{
    return th_corner(&G, h, c);
}

/* The corners of the first inner hex, in ring order; returns the hex. */
static int ring(int c[6])
{
    int h = inner_hex(-1);
    for (int i = 0; i < 6; i++)
        c[i] = corner(h, i);
    return h;
}

/* 0-based corners, as the engine numbers them. */
static void road(int p, int u, int v)
{
    th_place_road(&G, p, u + 1, v + 1);
}

/* p's roads around the ring c from corner i to corner j. */
static void roads_along(int p, const int c[6], int i, int j)
{
    for (int k = i; k < j; k++)
        road(p, c[k], c[k + 1]);
}

static void city(int p, int v)
{
    th_place_city(&G, p, v + 1);
}

static void settlement(int p, int v)
{
    th_place_settlement(&G, p, v + 1);
}

static void give_com(int p, int c, int n)
{
    assert_true(G.ck.bank[c] >= n);
    G.ck.bank[c] = (uint8_t)(G.ck.bank[c] - n);
    G.p[p].commodity[c] = (uint8_t)(G.p[p].commodity[c] + n);
}

/* A knight of p written onto the board (level, active or not). */
static void knight(int p, int v, int level, int active)
{
    int k = 0;
    while (G.ck.p[p].knight_at[k])
        k++;
    G.ck.p[p].knight_at[k] = (uint8_t)(v + 1);
    G.ck.p[p].knight[k] = (uint8_t)(level | (active ? KNIGHT_ACTIVE : 0));
    game_reindex(&G);
}

static int knight_state(int v)
{
    int k, p = game_knight_at(&G, v, &k);
    return p < 0 ? -1 : G.ck.p[p].knight[k];
}

static struct game_action act(int type, int p, int a, int b)
{
    struct game_action x = th_action(type, p);
    x.a = (int16_t)a;
    x.b = (int16_t)b;
    return x;
}

static struct game_action improve(int p, int track)
{
    struct game_action x = th_action(ACT_IMPROVE, p);
    x.res = (uint8_t)track;
    return x;
}

static struct game_action trade(int p, int give, int get, int n)
{
    struct game_action x = th_action(ACT_CK_TRADE, p);
    x.res = (uint8_t)give;
    x.res2 = (uint8_t)get;
    x.a = (int16_t)n;
    return x;
}

/* Roll for the current player with an event die face; returns the events. */
static int roll(int yellow, int red, int face)
{
    int n = -1;
    assert_int_equal(game_apply_ck_roll(&G, yellow, red, face, EV, GAME_MAX_EVENTS, &n), BW_OK);
    return n;
}

/* game_cities_on() refused on G (already on, or begun), changing nothing. */
static void th_refused_call(void)
{
    static struct game before;
    before = G;
    assert_int_equal(game_cities_on(&G), BW_E(INVALID));
    assert_memory_equal(&before, &G, sizeof G);
}

static void state_ok(void)
{
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* Only hex h produces, on number token, with terrain t; the robber elsewhere. */
static void only_hex(int h, int t, int token)
{
    th_clear_tokens(&G);
    th_set_hex(&G, h, t, token);
    if (G.robber == h)
        G.robber = (int8_t)(h == 0 ? 1 : 0);
}

/* ---- the option ---- */

static void test_option(void **state)
{
    (void)state;
    ck_blank(4);
    assert_int_equal(G.vp_goal, CK_POINTS);
    assert_int_equal(G.deck_size, 0);
    for (int c = 0; c < COM_COUNT; c++)
        assert_int_equal(G.ck.bank[c], CK_BANK);
    state_ok();
    /* No development cards to buy. */
    th_give(&G, 0, 0, 0, 1, 1, 1);
    struct game_action buy = th_action(ACT_BUY_DEV, 0);
    th_refused(&G, &buy, BW_E(DECK_EMPTY));
    /* Not twice, nor once the game has begun. */
    th_refused_call();
    /* The points asked for still win, and the base game has none of it. */
    struct game_options opt = {.n_players = 4, .board = BOARD_BASE, .victory_points = 10};
    assert_int_equal(game_init(&G, &opt, 1), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    assert_int_equal(G.vp_goal, 10);
    opt.victory_points = 0;
    assert_int_equal(game_init(&G, &opt, 1), BW_OK);
    assert_int_equal(G.vp_goal, 10);
    assert_int_equal(G.ck.bank[0], 0);
    th_main_phase(&G, 0);
    city(0, corner(inner_hex(-1), 0));
    give_com(0, 0, 0);
    struct game_action up = improve(0, TRACK_SCIENCE);
    th_refused(&G, &up, BW_E(INVALID));
    /* Only on the base and the big board in this part. */
    struct game_options sea = {.n_players = 4, .board = BOARD_FOUR_ISLANDS_4};
    assert_int_equal(game_init(&G, &sea, 1), BW_OK);
    static struct game before;
    before = G;
    assert_int_equal(game_cities_on(&G), BW_E(INVALID));
    assert_memory_equal(&before, &G, sizeof G);
    struct game_options big = {.n_players = 5, .board = BOARD_BIG};
    assert_int_equal(game_init(&G, &big, 1), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
}

/* The setup: a settlement, then a city whose hexes give the start resources. */
static void test_setup_city(void **state)
{
    (void)state;
    struct game_options opt = {.n_players = 3, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &opt, TH_SEED), BW_OK);
    assert_int_equal(game_cities_on(&G), BW_OK);
    struct game_action list[256];
    int last_v = -1;
    while (G.phase == PHASE_SETUP_SETTLEMENT || G.phase == PHASE_SETUP_ROAD) {
        int p = G.current;
        int n = game_legal_actions(&G, p, list, 256);
        assert_true(n > 0);
        if (list[0].type == ACT_BUILD_SETTLEMENT) {
            last_v = list[n / 2].a;
            int cards = th_hand(&G, p), second = G.setup_step >= G.opt.n_players;
            th_apply(&G, &list[n / 2], EV);
            assert_int_equal(G.vertex_building[last_v],
                             second ? BUILDING_CITY : BUILDING_SETTLEMENT);
            int produce = 0;
            for (int i = 0; i < 3; i++) {
                int h = th_geo(&G)->vertex_hex[last_v][i];
                produce += h >= 0 && G.terrain[h] < TERRAIN_DESERT;
            }
            assert_int_equal(th_hand(&G, p) - cards, second ? produce : 0);
            assert_int_equal(G.p[p].commodity[0] + G.p[p].commodity[1] + G.p[p].commodity[2], 0);
        } else {
            th_apply(&G, &list[0], NULL);
        }
    }
    for (int p = 0; p < 3; p++) {
        assert_int_equal(G.p[p].settlements, 1);
        assert_int_equal(G.p[p].cities, 1);
        assert_int_equal(game_vp_public(&G, p), 3);
    }
    state_ok();
}

/* ---- production ---- */

static void test_production(void **state)
{
    (void)state;
    static const struct {
        int terrain, res, res_n, com;
    } cases[] = {{TERRAIN_FOREST, RES_WOOD, 1, COM_PAPER},
                 {TERRAIN_PASTURE, RES_WOOL, 1, COM_CLOTH},
                 {TERRAIN_MOUNTAINS, RES_ORE, 1, COM_COIN},
                 {TERRAIN_HILLS, RES_BRICK, 2, -1},
                 {TERRAIN_FIELDS, RES_GRAIN, 2, -1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_blank(4);
        th_roll_phase(&G, 0);
        int h = inner_hex(-1);
        only_hex(h, cases[i].terrain, 6);
        city(0, corner(h, 0));
        settlement(1, corner(h, 3));
        roll(3, 3, FACE_GATE); /* a gate nobody may use */
        assert_int_equal(G.p[0].res[cases[i].res], cases[i].res_n);
        assert_int_equal(G.p[1].res[cases[i].res], 1);
        for (int c = 0; c < COM_COUNT; c++)
            assert_int_equal(G.p[0].commodity[c], c == cases[i].com);
        assert_int_equal(G.p[1].commodity[0] + G.p[1].commodity[1] + G.p[1].commodity[2], 0);
        assert_int_equal(th_hand(&G, 0), 2);
        state_ok();
    }
    /* Without the expansion a city on a forest still gives 2 wood. */
    th_init(&G, 4, BOARD_BASE);
    th_roll_phase(&G, 0);
    int h = inner_hex(-1);
    only_hex(h, TERRAIN_FOREST, 6);
    city(0, corner(h, 0));
    th_roll(&G, 3, 3, NULL);
    assert_int_equal(G.p[0].res[RES_WOOD], 2);
}

static void test_commodity_shortage(void **state)
{
    (void)state;
    ck_blank(4);
    th_roll_phase(&G, 0);
    int h = inner_hex(-1);
    only_hex(h, TERRAIN_FOREST, 5);
    city(0, corner(h, 0));
    city(1, corner(h, 3));
    give_com(2, COM_PAPER, CK_BANK - 1); /* one paper left for two owed */
    int n = roll(2, 3, FACE_GATE);
    const struct game_event *e = th_find_event(EV, n, EV_SHORTAGE, -2);
    assert_non_null(e);
    assert_int_equal(e->a, GOOD_PAPER);
    assert_int_equal(G.p[0].commodity[COM_PAPER] + G.p[1].commodity[COM_PAPER], 0);
    assert_int_equal(G.p[0].res[RES_WOOD], 1); /* the wood is paid */
    state_ok();
    /* A single player owed more than the bank holds gets what it holds. */
    ck_blank(4);
    th_roll_phase(&G, 0);
    only_hex(h, TERRAIN_FOREST, 5);
    city(0, corner(h, 0));
    city(0, corner(h, 3));
    give_com(2, COM_PAPER, CK_BANK - 1);
    roll(2, 3, FACE_GATE);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 1);
    state_ok();
}

/* Commodities count for the 7; a discard names them in get[0..2]; the robber sleeps until
 * the barbarians first come. */
static void test_seven(void **state)
{
    (void)state;
    ck_blank(4);
    th_roll_phase(&G, 0);
    th_give(&G, 1, 4, 0, 0, 0, 0);
    give_com(1, COM_COIN, 4);
    roll(3, 4, FACE_GATE);
    assert_int_equal(G.phase, PHASE_DISCARD);
    assert_int_equal(G.p[1].discard, 4);
    struct game_action d = th_action(ACT_DISCARD, 1);
    d.give[RES_WOOD] = 4;
    d.get[COM_COIN] = 1;
    th_refused(&G, &d, BW_E(DISCARD_COUNT));
    d.give[RES_WOOD] = 2;
    d.get[COM_COIN] = 5;
    th_refused(&G, &d, BW_E(DISCARD_COUNT));
    d.get[COM_COIN] = 2;
    d.res = d.res2 = 0; /* as listed */
    struct game_action list[512];
    int n = game_legal_actions(&G, 1, list, 512), found = 0;
    for (int i = 0; i < n; i++)
        found |= !memcmp(&list[i], &d, sizeof d);
    assert_true(found);
    th_apply(&G, &d, EV);
    assert_int_equal(G.p[1].commodity[COM_COIN], 2);
    assert_int_equal(G.ck.bank[COM_COIN], CK_BANK - 2);
    assert_int_equal(G.phase, PHASE_MAIN); /* no robber before the first attack */
    state_ok();
    /* After it, the 7 moves the robber. */
    ck_blank(4);
    th_roll_phase(&G, 0);
    G.ck.attacks = 1;
    roll(3, 4, FACE_GATE);
    assert_int_equal(G.phase, PHASE_ROBBER);
}

/* A stolen card may be a commodity. */
static void test_steal_commodity(void **state)
{
    (void)state;
    ck_blank(4);
    G.ck.attacks = 1;
    G.phase = PHASE_ROBBER;
    int h = inner_hex(G.robber);
    settlement(1, corner(h, 0));
    give_com(1, COM_CLOTH, 1);
    struct game_action r = th_act_robber(ACT_ROBBER, 0, h, 1);
    int n = th_apply(&G, &r, EV);
    const struct game_event *e = th_find_event(EV, n, EV_STEAL, 0);
    assert_non_null(e);
    assert_int_equal(e->a, GOOD_PAPER + COM_CLOTH);
    assert_int_equal(G.p[0].commodity[COM_CLOTH], 1);
    assert_int_equal(G.p[1].commodity[COM_CLOTH], 0);
    state_ok();
}

/* ---- the event die ---- */

static void test_event_die(void **state)
{
    (void)state;
    ck_blank(4);
    city(0, corner(inner_hex(-1), 0));
    G.ck.p[0].level[TRACK_TRADE] = 2;
    G.ck.p[1].level[TRACK_TRADE] = 1;
    for (int i = 0; i < 3; i++) {
        th_roll_phase(&G, 0);
        roll(1, 2, FACE_SHIP + i);
        assert_int_equal(G.ck.barbarians, i + 1);
    }
    /* The trade gate, red 2: level 1 or more draws (red at most level + 1). */
    th_roll_phase(&G, 0);
    int n = roll(1, 2, FACE_GATE + TRACK_TRADE);
    assert_int_equal(G.ck.barbarians, 3);
    assert_int_equal(G.ck.p[0].hand[0], G.ck.deck[TRACK_TRADE][0]); /* trade: no points */
    assert_int_equal(G.ck.p[1].hand[0], G.ck.deck[TRACK_TRADE][1]);
    assert_int_equal(G.ck.p[2].hand[0], 0);
    assert_int_equal(th_count_events(EV, n, EV_PROGRESS_DRAW), 2);
    /* Red 3: only level 2 and up. */
    th_roll_phase(&G, 0);
    roll(1, 3, FACE_GATE + TRACK_TRADE);
    assert_int_equal(G.ck.p[0].hand[1], G.ck.deck[TRACK_TRADE][2]);
    assert_int_equal(G.ck.p[1].hand[1], 0);
    /* Another gate's colour gives nothing to trade levels. */
    th_roll_phase(&G, 0);
    roll(1, 1, FACE_GATE + TRACK_SCIENCE);
    assert_int_equal(G.ck.deck_pos[TRACK_SCIENCE], 0);
    state_ok();
}

/* ---- improvements and metropolises ---- */

static void test_improve_cost(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    give_com(0, COM_COIN, 2);
    struct game_action up = improve(0, TRACK_POLITICS);
    th_refused(&G, &up, BW_E(NOT_YOURS)); /* improvements need a city */
    settlement(0, corner(h, 0));
    th_refused(&G, &up, BW_E(NOT_YOURS));
    city(0, corner(h, 0));
    th_apply(&G, &up, EV);
    th_refused(&G, &up, BW_E(NOT_ENOUGH)); /* level 2 costs 2 coin */
    give_com(0, COM_COIN, 1);
    th_apply(&G, &up, EV);
    assert_int_equal(G.ck.p[0].level[TRACK_POLITICS], 2);
    assert_int_equal(G.p[0].commodity[COM_COIN], 0);
    assert_int_equal(G.ck.bank[COM_COIN], CK_BANK);
    struct game_action bad = improve(0, CK_TRACKS);
    th_refused(&G, &bad, BW_E(INVALID));
    /* Not in another player's turn. */
    give_com(1, COM_COIN, 1);
    city(1, corner(h, 3));
    struct game_action other = improve(1, TRACK_POLITICS);
    th_refused(&G, &other, BW_E(NOT_YOUR_TURN));
    state_ok();
}

static void test_metropolis(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    city(1, corner(h, 3));
    G.ck.p[0].level[TRACK_SCIENCE] = 3;
    G.ck.p[1].level[TRACK_SCIENCE] = 3;
    give_com(0, COM_PAPER, 9);
    int before = game_vp_public(&G, 0);
    struct game_action up = improve(0, TRACK_SCIENCE);
    int n = th_apply(&G, &up, EV);
    const struct game_event *e = th_find_event(EV, n, EV_METROPOLIS, 0);
    assert_non_null(e);
    assert_int_equal(e->b, corner(h, 0));
    assert_int_equal(game_metropolis_of(&G, TRACK_SCIENCE), 0);
    assert_int_equal(game_vp_public(&G, 0), before + 2);
    state_ok();
    /* Player 1 at level 4 does not take it. */
    th_main_phase(&G, 1);
    give_com(1, COM_PAPER, 4);
    struct game_action up1 = improve(1, TRACK_SCIENCE);
    n = th_apply(&G, &up1, EV);
    assert_null(th_find_event(EV, n, EV_METROPOLIS, -2));
    assert_int_equal(game_metropolis_of(&G, TRACK_SCIENCE), 0);
    /* Level 5 first takes it from the holder at level 4. */
    give_com(1, COM_PAPER, 5);
    n = th_apply(&G, &up1, EV);
    e = th_find_event(EV, n, EV_METROPOLIS, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(game_metropolis_of(&G, TRACK_SCIENCE), 1);
    assert_int_equal(game_vp_public(&G, 0), before);
    state_ok();
    /* Then a holder at level 5 keeps it; and no level 6. */
    th_main_phase(&G, 0);
    n = th_apply(&G, &up, EV);
    assert_null(th_find_event(EV, n, EV_METROPOLIS, -2));
    assert_int_equal(game_metropolis_of(&G, TRACK_SCIENCE), 1);
    th_refused(&G, &up, BW_E(LIMIT));
    state_ok();
}

/* A metropolis needs a city without one: the city named, or the first free. */
static void test_metropolis_city(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    settlement(0, corner(h, 3));
    G.ck.p[0].level[TRACK_SCIENCE] = 4;
    G.ck.p[0].level[TRACK_TRADE] = 3;
    G.ck.metropolis[TRACK_SCIENCE] = (uint8_t)(corner(h, 0) + 1);
    state_ok();
    give_com(0, COM_CLOTH, 4);
    struct game_action up = improve(0, TRACK_TRADE);
    th_refused(&G, &up, BW_E(NO_PIECES)); /* its only city holds a metropolis */
    up.a = (int16_t)corner(h, 0);
    th_refused(&G, &up, BW_E(OCCUPIED));
    up.a = (int16_t)corner(h, 3);
    th_refused(&G, &up, BW_E(NOT_YOURS)); /* a settlement */
    city(0, corner(h, 3));
    th_apply(&G, &up, EV);
    assert_int_equal(G.ck.metropolis[TRACK_TRADE], corner(h, 3) + 1);
    state_ok();
}

/* Metropolises are never pillaged; the weakest with another city lose one. */
static void test_pillage(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1), h2 = th_geo(&G)->hex_neighbor[h][0];
    h2 = h2 >= 0 ? h2 : inner_hex(h);
    city(0, corner(h, 0));
    city(1, corner(h, 2));
    city(2, corner(h, 4));
    city(1, corner(h2, 0) == corner(h, 0) ? corner(h2, 3) : corner(h2, 0));
    bits_set(G.ck.walls, corner(h, 2));
    /* Player 2's only city is a metropolis: not at risk, whatever its knights. */
    G.ck.p[2].level[TRACK_TRADE] = 4;
    G.ck.metropolis[TRACK_TRADE] = (uint8_t)(corner(h, 4) + 1);
    knight(0, corner(h, 1), 1, 1);
    state_ok();
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    int vp1 = game_vp_public(&G, 1);
    int n = roll(1, 2, FACE_SHIP);
    const struct game_event *e = th_find_event(EV, n, EV_BARBARIANS, -2);
    assert_non_null(e);
    assert_int_equal(e->a, 4); /* cities */
    assert_int_equal(e->b, 1); /* active knights */
    /* Player 1 has two cities: asked which (tests/test_asks.c); the timeout takes as before. */
    assert_int_equal(G.ck.p[1].ask, ASK_PILLAGE);
    struct game_action t = th_action(ACT_TIMEOUT, 1);
    n = th_apply(&G, &t, EV);
    assert_int_equal(th_count_events(EV, n, EV_PILLAGE), 1);
    e = th_find_event(EV, n, EV_PILLAGE, 1);
    assert_non_null(e);
    assert_int_not_equal(e->a, corner(h, 2)); /* the city without a wall goes first */
    assert_int_equal(G.p[1].cities, 1);
    assert_int_equal(G.p[1].settlements, 1);
    assert_int_equal(game_vp_public(&G, 1), vp1 - 1);
    assert_int_equal(G.p[0].cities, 1);
    assert_int_equal(G.p[2].cities, 1);
    assert_int_equal(G.ck.barbarians, 0);
    assert_int_equal(G.ck.attacks, 1);
    assert_int_equal(knight_state(corner(h, 1)) & KNIGHT_ACTIVE, 0); /* all sent home */
    state_ok();
    /* The next attack takes the walled city, and its wall. */
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    roll(1, 2, FACE_SHIP);
    assert_int_equal(G.vertex_building[corner(h, 2)], BUILDING_SETTLEMENT);
    assert_false(bits_has(G.ck.walls, corner(h, 2)));
    assert_int_equal(G.vertex_building[corner(h, 0)], BUILDING_SETTLEMENT); /* a tie at 0 */
    state_ok();
}

static void test_defender(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    city(1, corner(h, 2));
    knight(0, corner(h, 1), 2, 1);
    knight(1, corner(h, 3), 1, 1);
    knight(1, corner(h, 5), 3, 0); /* inactive: no strength */
    G.ck.p[1].level[TRACK_POLITICS] = 3;
    state_ok();
    th_roll_phase(&G, 1);
    G.ck.barbarians = CK_VOYAGE - 1;
    int vp0 = game_vp_public(&G, 0);
    int n = roll(1, 2, FACE_SHIP);
    assert_int_equal(th_count_events(EV, n, EV_PILLAGE), 0);
    assert_non_null(th_find_event(EV, n, EV_DEFENDER, 0));
    assert_int_equal(game_vp_public(&G, 0), vp0 + 1);
    assert_int_equal(G.ck.p[0].defender, 1);
    assert_int_equal(knight_state(corner(h, 1)) & KNIGHT_ACTIVE, 0);
    state_ok();
    /* A tie for the most: each would draw a progress card of their choice. */
    G.ck.p[0].knight[0] |= KNIGHT_ACTIVE;
    G.ck.p[1].knight[0] = 2 | KNIGHT_ACTIVE;
    th_main_phase(&G, 1);
    th_pass_turn(&G);
    G.ck.barbarians = CK_VOYAGE - 1;
    n = roll(1, 2, FACE_SHIP);
    assert_null(th_find_event(EV, n, EV_DEFENDER, -2));
    assert_int_equal(G.ck.p[0].draws, 1); /* progress cards of their choice */
    assert_int_equal(G.ck.p[1].draws, 1);
    assert_int_equal(G.ck.p[0].defender, 1);
    state_ok();
}

/* 13 points win, a defender point on one's own roll included. */
static void test_win(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    city(0, corner(h, 0));
    city(0, corner(h, 2));
    city(0, corner(h, 4));
    city(0, th_geo(&G)->hex_vertex[inner_hex(h)][3] == corner(h, 0)
                ? th_geo(&G)->hex_vertex[inner_hex(h)][0]
                : th_geo(&G)->hex_vertex[inner_hex(h)][3]);
    G.ck.p[0].level[TRACK_SCIENCE] = 4;
    G.ck.metropolis[TRACK_SCIENCE] = (uint8_t)(corner(h, 0) + 1);
    G.ck.p[0].defender = 2;
    assert_int_equal(game_vp_total(&G, 0), 12);
    knight(0, corner(h, 1), 2, 1); /* Catan holds: 4 against 4 cities */
    knight(0, corner(h, 3), 2, 1);
    G.ck.p[1].level[TRACK_SCIENCE] = CK_ABILITY; /* would be owed the aqueduct's card */
    state_ok();
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    int n = roll(1, 2, FACE_SHIP);
    assert_non_null(th_find_event(EV, n, EV_GAME_OVER, 0));
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
    assert_int_equal(G.p[1].gold, 0); /* nobody chooses after the end */
    state_ok();
}

/* ---- abilities ---- */

static void test_trading_house(void **state)
{
    (void)state;
    ck_blank(4);
    city(0, corner(inner_hex(-1), 0));
    give_com(0, COM_CLOTH, 4);
    struct game_action t = trade(0, GOOD_PAPER + COM_CLOTH, RES_ORE, 2);
    th_refused(&G, &t, BW_E(NOT_ENOUGH)); /* 4:1 without the trading house */
    t.a = 1;
    th_apply(&G, &t, EV);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.ck.bank[COM_CLOTH], CK_BANK);
    G.ck.p[0].level[TRACK_TRADE] = CK_ABILITY;
    give_com(0, COM_COIN, 4);
    t = trade(0, GOOD_PAPER + COM_COIN, GOOD_PAPER + COM_PAPER, 2);
    th_apply(&G, &t, EV);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 2);
    assert_int_equal(G.p[0].commodity[COM_COIN], 0);
    /* A resource for a commodity at the resource's rate. */
    th_give(&G, 0, 4, 0, 0, 0, 0);
    t = trade(0, RES_WOOD, GOOD_PAPER + COM_COIN, 1);
    th_apply(&G, &t, EV);
    assert_int_equal(G.p[0].commodity[COM_COIN], 1);
    t = trade(0, RES_WOOD, RES_WOOD, 1);
    th_refused(&G, &t, BW_E(BAD_TRADE));
    state_ok();
}

/* Offers between players hold commodities too: ACT_OFFER's a and b, 5 bits a commodity. */
static void test_offer_commodities(void **state)
{
    (void)state;
    ck_blank(4);
    give_com(0, COM_PAPER, 2);
    th_give(&G, 1, 0, 0, 1, 0, 0);
    struct game_action o = th_action(ACT_OFFER, 0);
    o.to_mask = BIT(1);
    o.a = 3 << (5 * COM_PAPER);
    o.b = 1 << (5 * COM_COIN);
    th_refused(&G, &o, BW_E(NOT_ENOUGH)); /* 2 paper */
    o.a = 1 << (5 * COM_COIN);
    th_refused(&G, &o, BW_E(BAD_TRADE)); /* coin both ways */
    o.a = -1;
    o.b = -1;
    th_refused(&G, &o, BW_E(BAD_TRADE)); /* nothing */
    o.a = 1 << (5 * COM_PAPER);
    o.get[RES_WOOL] = 1;
    int n = th_apply(&G, &o, EV);
    const struct game_event *e = th_find_event(EV, n, EV_COMMODITIES, 0);
    assert_non_null(e);
    assert_int_equal(e->res[COM_PAPER], 1);
    int id = th_find_event(EV, n, EV_OFFER, 0)->a;
    assert_int_equal(e->a, id);
    state_ok();
    struct game_action acc = th_act_id(ACT_ACCEPT, 1, id, -1);
    th_apply(&G, &acc, EV);
    struct game_action ok = th_act_id(ACT_CONFIRM, 0, id, 1);
    n = th_apply(&G, &ok, EV);
    assert_non_null(th_find_event(EV, n, EV_TRADE, 0));
    e = th_find_event(EV, n, EV_COMMODITIES, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 1);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 1);
    assert_int_equal(G.p[1].commodity[COM_PAPER], 1);
    assert_int_equal(G.p[0].res[RES_WOOL], 1);
    assert_int_equal(G.p[1].res[RES_WOOL], 0);
    state_ok();
    /* A commodity wanted that the other does not hold: no accepting. */
    struct game_action w = th_action(ACT_OFFER, 0);
    w.give[RES_WOOL] = 1;
    w.b = 1 << (5 * COM_CLOTH);
    n = th_apply(&G, &w, EV);
    id = th_find_event(EV, n, EV_OFFER, 0)->a;
    acc = th_act_id(ACT_ACCEPT, 2, id, -1);
    th_refused(&G, &acc, BW_E(NOT_ENOUGH));
    state_ok();
}

static void test_aqueduct(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    only_hex(h, TERRAIN_HILLS, 9);
    city(0, corner(h, 0));
    city(1, th_geo(&G)->hex_vertex[inner_hex(h)][3] == corner(h, 0)
                ? th_geo(&G)->hex_vertex[inner_hex(h)][0]
                : th_geo(&G)->hex_vertex[inner_hex(h)][3]);
    G.ck.p[1].level[TRACK_SCIENCE] = CK_ABILITY;
    G.ck.p[2].level[TRACK_SCIENCE] = CK_ABILITY - 1;
    th_roll_phase(&G, 0);
    roll(4, 5, FACE_GATE);
    assert_int_equal(G.phase, PHASE_GOLD);
    assert_int_equal(G.p[1].gold, 1);
    assert_int_equal(G.p[2].gold, 0);
    assert_int_equal(G.p[0].gold, 0); /* produced */
    struct game_action g = th_action(ACT_GOLD, 1);
    g.get[RES_ORE] = 1;
    th_apply(&G, &g, EV);
    assert_int_equal(G.p[1].res[RES_ORE], 1);
    assert_int_equal(G.phase, PHASE_MAIN);
    state_ok();
}

static void test_walls(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1);
    settlement(0, corner(h, 0));
    th_give(&G, 0, 0, 8, 0, 0, 0);
    struct game_action w = act(ACT_WALL, 0, corner(h, 0), -1);
    th_refused(&G, &w, BW_E(NOT_YOURS)); /* under a city only */
    city(0, corner(h, 0));
    city(0, corner(h, 2));
    city(0, corner(h, 4));
    th_apply(&G, &w, EV);
    assert_int_equal(G.p[0].res[RES_BRICK], 6);
    th_refused(&G, &w, BW_E(OCCUPIED));
    w.a = (int16_t)corner(h, 2);
    th_apply(&G, &w, EV);
    w.a = (int16_t)corner(h, 4);
    th_apply(&G, &w, EV);
    int h2 = inner_hex(h), v4 = th_geo(&G)->hex_vertex[h2][3];
    if (G.vertex_owner[v4] >= 0 || bits_has(G.no_settle, v4))
        v4 = th_geo(&G)->hex_vertex[h2][0];
    city(0, v4);
    w.a = (int16_t)v4;
    th_refused(&G, &w, BW_E(NO_PIECES)); /* 3 at most */
    assert_int_equal(game_hand_limit(&G, 0), 13);
    state_ok();
    /* 13 cards keep, 14 discard 7. */
    th_return_all(&G, 0);
    th_give(&G, 0, 13, 0, 0, 0, 0);
    th_roll_phase(&G, 0);
    roll(3, 4, FACE_GATE);
    assert_int_equal(G.p[0].discard, 0);
    th_main_phase(&G, 0);
    th_give(&G, 0, 0, 1, 0, 0, 0);
    th_roll_phase(&G, 0);
    roll(3, 4, FACE_GATE);
    assert_int_equal(G.p[0].discard, 7);
}

/* ---- knights ---- */

static void test_knight_build(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6];
    ring(c);
    settlement(0, c[0]);
    roads_along(0, c, 0, 3);
    th_give(&G, 0, 0, 0, 3, 0, 3);
    struct game_action k = act(ACT_KNIGHT, 0, c[4], -1);
    th_refused(&G, &k, BW_E(NOT_CONNECTED));
    k.a = (int16_t)c[0];
    th_refused(&G, &k, BW_E(OCCUPIED));
    k.a = (int16_t)c[1];
    th_apply(&G, &k, EV);
    assert_int_equal(knight_state(c[1]), 1);
    assert_int_equal(G.p[0].res[RES_WOOL], 2);
    th_refused(&G, &k, BW_E(OCCUPIED));
    k.a = (int16_t)c[2];
    th_apply(&G, &k, EV);
    k.a = (int16_t)c[3];
    th_refused(&G, &k, BW_E(NO_PIECES)); /* two basic knights at most */
    state_ok();
    /* No settlement on a knight's corner. */
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action s = th_act_settle(&G, 0, c[2] + 1);
    th_refused(&G, &s, BW_E(OCCUPIED));
    assert_false(game_can_settle(&G, 0, c[2]));
    /* Promote: strong, then mighty only with the fortress; once a turn each. */
    struct game_action pr = act(ACT_PROMOTE, 0, c[1], -1);
    th_apply(&G, &pr, EV);
    assert_int_equal(knight_state(c[1]) & KNIGHT_LEVEL, 2);
    th_refused(&G, &pr, BW_E(LIMIT));
    th_main_phase(&G, 0);
    ck_new_turn(&G);
    th_give(&G, 0, 0, 0, 2, 0, 2);
    th_refused(&G, &pr, BW_E(DENIED));
    G.ck.p[0].level[TRACK_POLITICS] = CK_ABILITY;
    th_apply(&G, &pr, EV);
    assert_int_equal(knight_state(c[1]) & KNIGHT_LEVEL, 3);
    struct game_action pr2 = act(ACT_PROMOTE, 0, c[2], -1);
    th_apply(&G, &pr2, EV);
    /* Two strong at most: a third basic knight could not become strong now. */
    G.ck.p[0].knight[1] = 2;
    knight(0, c[3], 2, 0);
    th_give(&G, 0, 0, 0, 1, 0, 1);
    knight(0, c[4], 1, 0);
    struct game_action pr3 = act(ACT_PROMOTE, 0, c[4], -1);
    th_refused(&G, &pr3, BW_E(NO_PIECES));
    struct game_action theirs = act(ACT_PROMOTE, 1, c[4], -1);
    th_refused(&G, &theirs, BW_E(NOT_YOUR_TURN));
    state_ok();
}

static void test_knight_activate_move(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6];
    ring(c);
    settlement(0, c[0]);
    roads_along(0, c, 0, 3);
    knight(0, c[1], 1, 0);
    struct game_action on = act(ACT_ACTIVATE, 0, c[1], -1);
    th_refused(&G, &on, BW_E(NOT_ENOUGH));
    th_give(&G, 0, 0, 0, 0, 2, 0);
    th_apply(&G, &on, EV);
    assert_int_equal(G.p[0].res[RES_GRAIN], 1);
    th_refused(&G, &on, BW_E(LIMIT));
    struct game_action mv = act(ACT_KNIGHT_MOVE, 0, c[1], c[3]);
    th_refused(&G, &mv, BW_E(LIMIT)); /* not in the turn it was activated */
    th_pass_turn(&G);
    th_main_phase(&G, 0);
    ck_new_turn(&G);
    struct game_action far = act(ACT_KNIGHT_MOVE, 0, c[1], c[4]);
    th_refused(&G, &far, BW_E(NOT_CONNECTED));
    th_apply(&G, &mv, EV);
    assert_int_equal(game_knight_at(&G, c[1], NULL), -1);
    assert_int_equal(game_knight_at(&G, c[3], NULL), 0);
    assert_int_equal(knight_state(c[3]) & KNIGHT_ACTIVE, 0); /* inactive after acting */
    state_ok();
}

static void test_knight_once(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6];
    ring(c);
    settlement(0, c[0]);
    roads_along(0, c, 0, 3);
    knight(0, c[1], 1, 1);
    struct game_action mv = act(ACT_KNIGHT_MOVE, 0, c[1], c[2]);
    th_apply(&G, &mv, EV);
    struct game_action back = act(ACT_KNIGHT_MOVE, 0, c[2], c[3]);
    th_refused(&G, &back, BW_E(WRONG_PHASE)); /* it acted: inactive */
    th_give(&G, 0, 0, 0, 0, 1, 0);
    struct game_action on = act(ACT_ACTIVATE, 0, c[2], -1);
    th_apply(&G, &on, EV);
    th_refused(&G, &back, BW_E(LIMIT)); /* activated again: not this turn */
    /* An inactive knight does not move. */
    knight(0, c[3], 1, 0);
    th_pass_turn(&G);
    th_main_phase(&G, 0);
    ck_new_turn(&G);
    struct game_action idle = act(ACT_KNIGHT_MOVE, 0, c[3], c[1]);
    th_refused(&G, &idle, BW_E(WRONG_PHASE));
    state_ok();
}

static void test_displace(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6];
    ring(c);
    settlement(0, c[0]);
    road(0, c[0], c[1]);
    road(0, c[1], c[2]);
    settlement(1, c[4]);
    road(1, c[4], c[3]);
    road(1, c[3], c[2]);
    knight(0, c[1], 2, 1);
    knight(1, c[2], 2, 0);
    struct game_action mv = act(ACT_KNIGHT_MOVE, 0, c[1], c[2]);
    th_refused(&G, &mv, BW_E(OCCUPIED)); /* as strong: stays */
    G.ck.p[1].knight[0] = 1;
    int n = th_apply(&G, &mv, EV);
    assert_int_equal(game_knight_at(&G, c[2], NULL), 0);
    /* Player 1's knight goes to the free corner on its owner's roads. */
    assert_int_equal(game_knight_at(&G, c[3], NULL), 1);
    const struct game_event *e = th_find_event(EV, n, EV_KNIGHT_MOVE, 1);
    assert_non_null(e);
    assert_int_equal(e->a, c[2]);
    assert_int_equal(e->b, c[3]);
    state_ok();
    /* With nowhere to go it is lost. */
    ck_blank(4);
    settlement(0, c[0]);
    road(0, c[0], c[1]);
    road(0, c[1], c[2]);
    settlement(1, c[3]);
    road(1, c[3], c[2]);
    knight(0, c[1], 3, 1);
    G.ck.p[0].level[TRACK_POLITICS] = CK_ABILITY;
    knight(1, c[2], 1, 1);
    n = th_apply(&G, &mv, EV);
    e = th_find_event(EV, n, EV_KNIGHT, 1);
    assert_non_null(e);
    assert_int_equal(e->b, KNIGHT_LOST);
    assert_int_equal(G.ck.p[1].knight_at[0], 0);
    state_ok();
}

static void test_chase(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1), to = inner_hex(h);
    G.robber = (int8_t)h;
    int c0 = corner(h, 0), c1 = corner(h, 1);
    settlement(0, c0);
    road(0, c0, c1);
    knight(0, c1, 1, 1);
    int v1 = th_geo(&G)->hex_vertex[to][3];
    if (G.vertex_owner[v1] >= 0 || bits_has(G.no_settle, v1))
        v1 = th_geo(&G)->hex_vertex[to][0];
    settlement(1, v1);
    th_give(&G, 1, 0, 0, 0, 0, 1);
    struct game_action ch = act(ACT_CHASE, 0, c1, to);
    ch.target = 1;
    th_refused(&G, &ch, BW_E(WRONG_PHASE)); /* the robber sleeps */
    G.ck.attacks = 1;
    int n = th_apply(&G, &ch, EV);
    assert_int_equal(G.robber, to);
    assert_non_null(th_find_event(EV, n, EV_STEAL, 0));
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(knight_state(c1) & KNIGHT_ACTIVE, 0);
    state_ok();
    /* A knight away from the robber's hex cannot chase it. */
    ck_blank(4);
    G.ck.attacks = 1;
    G.robber = (int8_t)to;
    settlement(0, c0);
    road(0, c0, c1);
    knight(0, c1, 1, 1);
    if (!(th_geo(&G)->vertex_hex_bits[c1] >> to & 1)) {
        ch.b = (int16_t)h;
        ch.target = -1;
        th_refused(&G, &ch, BW_E(NOT_CONNECTED));
    }
}

/* A knight breaks an enemy's road for the longest road. */
static void test_knight_breaks_road(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6];
    ring(c);
    settlement(1, c[0]);
    for (int i = 0; i < 5; i++)
        road(1, c[i], c[i + 1]);
    th_sync_roads(&G);
    G.longest_road = 1;
    assert_int_equal(G.p[1].road_length, 5);
    /* Player 0 reaches c[3] from outside the ring. */
    const struct board_geo *geo = th_geo(&G);
    int out = -1;
    for (int i = 0; i < 3; i++) {
        int u = geo->vertex_vertex[c[3]][i];
        if (u >= 0 && u != c[2] && u != c[4])
            out = u;
    }
    assert_true(out >= 0);
    road(0, out, c[3]);
    th_give(&G, 0, 0, 0, 1, 0, 1);
    struct game_action k = act(ACT_KNIGHT, 0, c[3], -1);
    th_apply(&G, &k, EV);
    assert_int_equal(G.p[1].road_length, 3);
    assert_int_equal(G.longest_road, -1);
    assert_int_equal(game_longest_road_of(&G, 1), 3);
    state_ok();
}

/* Every C&K action is listed when legal, and what is listed is accepted. */
static void test_listed(void **state)
{
    (void)state;
    ck_blank(4);
    int c[6], h = ring(c);
    city(0, c[0]);
    road(0, c[0], c[1]);
    road(0, c[1], c[2]);
    knight(0, c[1], 1, 1);
    G.ck.attacks = 1;
    G.robber = (int8_t)h;
    th_give(&G, 0, 0, 2, 2, 2, 2);
    give_com(0, COM_PAPER, 4);
    static struct game_action list[1024];
    int n = game_legal_actions(&G, 0, list, 1024), seen[ACT_TYPE_COUNT] = {0};
    assert_true(n <= 1024);
    for (int i = 0; i < n; i++) {
        seen[list[i].type]++;
        struct game g2 = G;
        assert_int_equal(game_apply(&g2, &list[i], NULL, 0, NULL), BW_OK);
        assert_int_equal(game_check_state(&g2), BW_OK);
    }
    assert_int_equal(seen[ACT_IMPROVE], 1);
    assert_int_equal(seen[ACT_WALL], 1);
    assert_true(seen[ACT_KNIGHT] >= 1);
    assert_int_equal(seen[ACT_PROMOTE], 1);
    assert_int_equal(seen[ACT_KNIGHT_MOVE], 1);
    assert_true(seen[ACT_CHASE] >= 1);
    assert_true(seen[ACT_CK_TRADE] >= 1);
    assert_int_equal(seen[ACT_BUY_DEV], 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_option),       cmocka_unit_test(test_setup_city),
        cmocka_unit_test(test_production),   cmocka_unit_test(test_commodity_shortage),
        cmocka_unit_test(test_seven),        cmocka_unit_test(test_steal_commodity),
        cmocka_unit_test(test_event_die),    cmocka_unit_test(test_improve_cost),
        cmocka_unit_test(test_metropolis),   cmocka_unit_test(test_metropolis_city),
        cmocka_unit_test(test_pillage),      cmocka_unit_test(test_defender),
        cmocka_unit_test(test_win),          cmocka_unit_test(test_trading_house),
        cmocka_unit_test(test_aqueduct),     cmocka_unit_test(test_walls),
        cmocka_unit_test(test_knight_build), cmocka_unit_test(test_knight_activate_move),
        cmocka_unit_test(test_knight_once),  cmocka_unit_test(test_displace),
        cmocka_unit_test(test_chase),        cmocka_unit_test(test_knight_breaks_road),
        cmocka_unit_test(test_listed),       cmocka_unit_test(test_offer_commodities),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
