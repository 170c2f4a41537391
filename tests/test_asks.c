/* Cities & Knights: what the game asks players and waits for (engine/asks.c; doc/cities.md):
 * the city the barbarians take, the displaced knight's corner, and the progress cards that ask
 * other players or look at their hands. Each test checks the effect, the refusals (the state
 * unchanged, everyone else refused while the game waits) and the default on a timeout. */
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
    return th_inner_hex(&G, skip, 0);
}

static int corner(int h, int c)
{
    return th_corner(&G, h, c);
}

static void road(int p, int u, int v)
{
    th_place_road(&G, p, u + 1, v + 1);
}

static void city(int p, int v)
{
    th_place_city(&G, p, v + 1);
}

static void settlement(int p, int v)
{
    th_place_settlement(&G, p, v + 1);
}

/* The neighbour of corner v that is neither a nor b. */
static int third(int v, int a, int b)
{
    const struct board_geo *geo = th_geo(&G);
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e < 0)
            continue;
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        if (w != a && w != b)
            return w;
    }
    fail_msg("corner %d has no third neighbour", v);
    return -1;
}

static void give_com(int p, int c, int n)
{
    assert_true(G.ck.bank[c] >= n);
    G.ck.bank[c] = (uint8_t)(G.ck.bank[c] - n);
    G.p[p].commodity[c] = (uint8_t)(G.p[p].commodity[c] + n);
}

static void knight(int p, int v, int level, int active)
{
    int k = 0;
    while (G.ck.p[p].knight_at[k])
        k++;
    G.ck.p[p].knight_at[k] = (uint8_t)(v + 1);
    G.ck.p[p].knight[k] = (uint8_t)(level | (active ? KNIGHT_ACTIVE : 0));
    game_reindex(&G);
}

static struct game_action act(int type, int p, int a, int b)
{
    struct game_action x = th_action(type, p);
    x.a = (int16_t)a;
    x.b = (int16_t)b;
    return x;
}

/* ACT_CK_GIVE of p: goods k1 and k2 (-1: none). */
static struct game_action give(int p, int k1, int k2)
{
    struct game_action x = th_action(ACT_CK_GIVE, p);
    x.res = x.res2 = 0;
    for (int i = 0; i < 2; i++) {
        int k = i ? k2 : k1;
        if (k >= GOOD_PAPER)
            x.get[k - GOOD_PAPER]++;
        else if (k >= 0)
            x.give[k]++;
    }
    return x;
}

/* p holds card, drawn from its deck (decks + hands + played stay 54). */
static void hold(int p, int card)
{
    int t = card <= PROG_SMITH ? 0 : card <= PROG_TRADE_MONOPOLY ? 1 : 2, n = 0;
    for (int i = G.ck.deck_pos[t]; i < CK_DECK; i++)
        if (G.ck.deck[t][i] == card) {
            G.ck.deck[t][i] = G.ck.deck[t][G.ck.deck_pos[t]];
            G.ck.deck[t][G.ck.deck_pos[t]++] = (uint8_t)card;
            while (G.ck.p[p].hand[n])
                n++;
            G.ck.p[p].hand[n] = (uint8_t)card;
            return;
        }
    fail_msg("card %d not in its deck", card);
}

static struct game_action card(int p, int c, int target, int a, int b)
{
    struct game_action x = th_action(ACT_PROGRESS, p);
    x.res = (uint8_t)c;
    x.target = (int8_t)target;
    x.a = (int16_t)a;
    x.b = (int16_t)b;
    return x;
}

/* Whether game_legal_actions() lists x for its player. */
static int listed(const struct game_action *x)
{
    static struct game_action out[4096];
    int n = game_legal_actions(&G, x->player, out, 4096);
    assert_true(n <= 4096);
    for (int i = 0; i < n; i++)
        if (out[i].type == x->type && out[i].a == x->a && out[i].b == x->b &&
            out[i].target == x->target && (x->type != ACT_PROGRESS || out[i].res == x->res) &&
            (x->type != ACT_CK_GIVE ||
             (!memcmp(out[i].give, x->give, RES_COUNT) && !memcmp(out[i].get, x->get, RES_COUNT))))
            return 1;
    return 0;
}

/* While only the players in asked are waited for: everyone else is refused, and so is
 * anything but an answer of theirs. */
static void waits_for(unsigned asked)
{
    assert_int_equal(game_waiting_for(&G), asked);
    for (int p = 0; p < G.opt.n_players; p++) {
        struct game_action x = th_action(ACT_END, p);
        th_refused(&G, &x, BW_E(WRONG_PHASE));
        if (!(asked >> p & 1)) {
            x = act(ACT_CK_CHOOSE, p, 0, -1);
            th_refused(&G, &x, BW_E(WRONG_PHASE));
            assert_int_equal(game_legal_actions(&G, p, NULL, 0), 0);
        }
    }
}

static int timeout(int p)
{
    struct game_action t = th_action(ACT_TIMEOUT, p);
    return th_apply(&G, &t, EV);
}

/* ---- the pillaged city ---- */

/* Player 1 (the weakest) has two cities: the game waits for their choice, then the roll goes
 * on: the production comes after, from the settlement the city became. */
static int pillage_position(int *walled, int *plain)
{
    ck_blank(4);
    int h = inner_hex(-1), h2 = inner_hex(h);
    *walled = corner(h, 2);
    *plain = corner(h2, 0) == corner(h, 0) ? corner(h2, 3) : corner(h2, 0);
    city(0, corner(h, 0));
    city(1, *walled);
    city(1, *plain);
    bits_set(G.ck.walls, *walled);
    knight(0, corner(h, 4), 1, 1);
    th_clear_tokens(&G);
    th_set_hex(&G, h, TERRAIN_FIELDS, 3);
    if (G.robber == h)
        G.robber = (int8_t)h2;
    state_ok();
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    int n = -1;
    assert_int_equal(game_apply_ck_roll(&G, 1, 2, FACE_SHIP, EV, GAME_MAX_EVENTS, &n), BW_OK);
    return n;
}

static void test_pillage_choice(void **state)
{
    (void)state;
    int walled, plain, n = pillage_position(&walled, &plain);
    assert_int_equal(th_count_events(EV, n, EV_PILLAGE), 0);
    assert_int_equal(th_count_events(EV, n, EV_PRODUCE), 0); /* not yet */
    const struct game_event *e = th_find_event(EV, n, EV_ASK, 1);
    assert_non_null(e);
    assert_int_equal(e->a, ASK_PILLAGE);
    assert_int_equal(G.ck.p[1].ask, ASK_PILLAGE);
    assert_int_equal(G.phase, PHASE_ROLL);
    state_ok();
    waits_for(BIT(1));
    struct game_action x = act(ACT_CK_CHOOSE, 1, corner(inner_hex(-1), 0), -1);
    th_refused(&G, &x, BW_E(NOT_YOURS)); /* player 0's city */
    x.a = (int16_t)walled;
    assert_true(listed(&x));
    n = th_apply(&G, &x, EV); /* the walled city, not the one the game would take */
    e = th_find_event(EV, n, EV_PILLAGE, 1);
    assert_non_null(e);
    assert_int_equal(e->a, walled);
    assert_int_equal(e->b, 1); /* its wall went with it */
    assert_int_equal(G.vertex_building[walled], BUILDING_SETTLEMENT);
    assert_int_equal(G.vertex_building[plain], BUILDING_CITY);
    /* Then the roll: the settlement on the 3 gives one grain, after the pillage. */
    e = th_find_event(EV, n, EV_PRODUCE, 1);
    assert_non_null(e);
    assert_true(e > th_find_event(EV, n, EV_PILLAGE, 1));
    assert_int_equal(e->res[RES_GRAIN], 1);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.ck.p[1].ask, ASK_NONE);
    assert_int_equal(G.ck.resume, 0);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
}

/* On a timeout the game takes the city as before the choice existed: no wall first. */
static void test_pillage_timeout(void **state)
{
    (void)state;
    int walled, plain;
    pillage_position(&walled, &plain);
    int n = timeout(1);
    const struct game_event *e = th_find_event(EV, n, EV_PILLAGE, 1);
    assert_non_null(e);
    assert_int_equal(e->a, plain);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.p[1].timeouts, 0); /* not their turn */
    state_ok();
    /* One city: no question. */
    int h = inner_hex(-1);
    th_roll_phase(&G, 0);
    G.ck.barbarians = CK_VOYAGE - 1;
    n = -1;
    G.ck.p[0].knight[0] = 1 | KNIGHT_ACTIVE;
    assert_int_equal(game_apply_ck_roll(&G, 1, 2, FACE_SHIP, EV, GAME_MAX_EVENTS, &n), BW_OK);
    assert_int_equal(th_count_events(EV, n, EV_ASK), 0);
    assert_int_equal(G.vertex_building[corner(h, 2)], BUILDING_SETTLEMENT);
    state_ok();
}

/* ---- the displaced knight ---- */

/* Player 0's strong knight displaces player 1's basic one at c2, whose roads reach two free
 * corners from there: c3 and out. */
static void displace_position(int c[6], int *out)
{
    ck_blank(4);
    int h = inner_hex(-1);
    for (int i = 0; i < 6; i++)
        c[i] = corner(h, i);
    settlement(0, c[0]);
    road(0, c[0], c[1]);
    road(0, c[1], c[2]);
    settlement(1, c[4]);
    road(1, c[4], c[3]);
    road(1, c[3], c[2]);
    *out = third(c[2], c[1], c[3]);
    road(1, c[2], *out);
    knight(0, c[1], 2, 1);
    knight(1, c[2], 1, 0);
    state_ok();
}

static void test_displaced_knight_choice(void **state)
{
    (void)state;
    int c[6], out;
    displace_position(c, &out);
    struct game_action mv = act(ACT_KNIGHT_MOVE, 0, c[1], c[2]);
    int n = th_apply(&G, &mv, EV);
    const struct game_event *e = th_find_event(EV, n, EV_ASK, 1);
    assert_non_null(e);
    assert_int_equal(e->a, ASK_KNIGHT);
    assert_int_equal(e->b, c[2]);
    assert_int_equal(game_knight_at(&G, c[2], NULL), 0);
    state_ok();
    waits_for(BIT(1));
    struct game_action x = act(ACT_CK_CHOOSE, 1, c[5], -1);
    th_refused(&G, &x, BW_E(NOT_CONNECTED));
    x.a = (int16_t)(out < c[3] ? c[3] : out); /* not the lowest, which the game would take */
    assert_true(listed(&x));
    n = th_apply(&G, &x, EV);
    assert_int_equal(game_knight_at(&G, x.a, NULL), 1);
    e = th_find_event(EV, n, EV_KNIGHT_MOVE, 1);
    assert_non_null(e);
    assert_int_equal(e->a, c[2]);
    assert_int_equal(e->b, x.a);
    assert_int_equal(G.ck.p[1].ask, ASK_NONE);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
    /* The timeout: the lowest corner, as before the choice existed. */
    displace_position(c, &out);
    th_apply(&G, &mv, EV);
    timeout(1);
    assert_int_equal(game_knight_at(&G, out < c[3] ? out : c[3], NULL), 1);
    state_ok();
}

/* ---- progress cards ---- */

/* Points for the players: p gets n settlements on the corners of hex h (0, 2, 4). */
static void points(int p, int h, int n)
{
    for (int i = 0; i < n; i++)
        settlement(p, corner(h, 2 * i));
}

static void test_wedding(void **state)
{
    (void)state;
    ck_blank(4);
    points(1, 0, 2);
    points(2, 2, 2);
    points(3, 16, 1);
    points(0, 18, 1);
    th_give(&G, 1, 3, 0, 0, 0, 0);
    give_com(1, COM_PAPER, 1);
    th_give(&G, 2, 0, 0, 0, 0, 1); /* one card: given at once */
    th_give(&G, 3, 0, 0, 0, 5, 0); /* as many points: nothing */
    hold(0, PROG_WEDDING);
    struct game_action x = card(0, PROG_WEDDING, -1, -1, -1);
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[2].res[RES_ORE], 0);
    assert_non_null(th_find_event(EV, n, EV_GIVE, 2));
    const struct game_event *e = th_find_event(EV, n, EV_ASK, 1);
    assert_non_null(e);
    assert_int_equal(e->a, ASK_WEDDING);
    assert_int_equal(e->other, 0);
    assert_int_equal(G.p[3].res[RES_GRAIN], 5);
    state_ok();
    waits_for(BIT(1));
    struct game_action g3 = give(1, RES_WOOD, RES_WOOD);
    g3.give[RES_WOOD] = 3;
    th_refused(&G, &g3, BW_E(INVALID)); /* two goods */
    struct game_action ore = give(1, RES_ORE, RES_WOOD);
    th_refused(&G, &ore, BW_E(NOT_ENOUGH));
    struct game_action y = give(1, RES_WOOD, GOOD_PAPER);
    assert_true(listed(&y));
    n = th_apply(&G, &y, EV);
    e = th_find_event(EV, n, EV_GIVE, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(e->res[RES_WOOD], 1);
    assert_int_equal(e->res2[COM_PAPER], 1);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 1);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
    /* The default: what they hold most of (2 wood of 3 wood and a paper). */
    G.p[0].res[RES_WOOD]--, G.p[1].res[RES_WOOD]++;
    G.p[0].commodity[COM_PAPER]--, G.p[1].commodity[COM_PAPER]++;
    hold(0, PROG_WEDDING);
    th_apply(&G, &x, EV);
    timeout(1);
    assert_int_equal(G.p[1].res[RES_WOOD], 1);
    assert_int_equal(G.p[1].commodity[COM_PAPER], 1);
    state_ok();
}

static void test_commercial_harbor(void **state)
{
    (void)state;
    ck_blank(4);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    give_com(1, COM_PAPER, 1);
    give_com(1, COM_COIN, 2);
    give_com(2, COM_CLOTH, 1);
    hold(0, PROG_COMMERCIAL_HARBOR);
    /* Wood to player 1, brick to player 2: nibble q of a is seat q's offer (1 + resource). */
    int offer = (1 + RES_WOOD) << 4 | (1 + RES_BRICK) << 8;
    struct game_action bad = card(0, PROG_COMMERCIAL_HARBOR, -1, offer | (1 + RES_ORE) << 12, 0);
    th_refused(&G, &bad, BW_E(INVALID)); /* player 3 has no commodity */
    bad.a = (int16_t)((1 + RES_WOOD) << 4 | (1 + RES_WOOD) << 8);
    th_refused(&G, &bad, BW_E(NOT_ENOUGH)); /* one wood */
    struct game_action x = card(0, PROG_COMMERCIAL_HARBOR, -1, offer, 0);
    int n = th_apply(&G, &x, EV);
    /* Player 2 has one commodity: the exchange at once. */
    assert_int_equal(G.p[2].res[RES_BRICK], 1);
    assert_int_equal(G.p[0].commodity[COM_CLOTH], 1);
    assert_non_null(th_find_event(EV, n, EV_ASK, 1));
    assert_int_equal(G.p[0].res[RES_WOOD], 1); /* until player 1 answers */
    state_ok();
    waits_for(BIT(1));
    struct game_action y = give(1, RES_WOOD, -1);
    th_refused(&G, &y, BW_E(NOT_ENOUGH));
    y = give(1, GOOD_PAPER, GOOD_PAPER);
    th_refused(&G, &y, BW_E(NOT_ENOUGH));
    y = give(1, GOOD_PAPER, -1);
    assert_true(listed(&y));
    th_apply(&G, &y, EV);
    assert_int_equal(G.p[1].res[RES_WOOD], 1);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 1);
    assert_int_equal(G.p[0].res[RES_WOOD], 0);
    state_ok();
    /* The default: the commodity they hold most of. */
    ck_blank(4);
    th_give(&G, 0, 1, 0, 0, 0, 0);
    give_com(1, COM_PAPER, 1);
    give_com(1, COM_COIN, 2);
    hold(0, PROG_COMMERCIAL_HARBOR);
    x.a = (int16_t)((1 + RES_WOOD) << 4);
    th_apply(&G, &x, EV);
    timeout(1);
    assert_int_equal(G.p[0].commodity[COM_COIN], 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 1);
    state_ok();
}

/* The card's player is asked (ASK_TAKE, ASK_SPY): the EV_ASK says whose hand. */
static void asked_to_take(int n, int kind, int target)
{
    const struct game_event *e = th_find_event(EV, n, EV_ASK, 0);
    assert_non_null(e);
    assert_int_equal(e->a, kind);
    assert_int_equal(e->other, target);
    assert_int_equal(G.ck.p[0].ask, kind);
    assert_int_equal(G.ck.p[0].ask_arg, target);
}

/* Player 1 (more points) holds 2 wool, 2 ore and a paper; player 0 plays the master merchant
 * at them. */
static struct game_action master_merchant_position(void)
{
    ck_blank(4);
    points(1, 0, 2);
    th_give(&G, 1, 0, 0, 2, 0, 2);
    give_com(1, COM_PAPER, 1);
    th_give(&G, 2, 3, 0, 0, 0, 0);
    hold(0, PROG_MASTER_MERCHANT);
    return card(0, PROG_MASTER_MERCHANT, 1, -1, -1);
}

/* The player sees the goods first (EV_LOOK), then chooses 2 (ACT_CK_GIVE, ASK_TAKE). */
static void test_master_merchant(void **state)
{
    (void)state;
    struct game_action x = master_merchant_position();
    struct game_action bad = card(0, PROG_MASTER_MERCHANT, 2, -1, -1);
    th_refused(&G, &bad, BW_E(INVALID)); /* not more points */
    bad.target = 0;
    th_refused(&G, &bad, BW_E(INVALID));
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    const struct game_event *e = th_find_event(EV, n, EV_LOOK, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 1);
    assert_int_equal(e->a, 0);
    assert_int_equal(e->res[RES_WOOL], 2);
    assert_int_equal(e->res[RES_ORE], 2);
    assert_int_equal(e->res2[COM_PAPER], 1);
    assert_null(th_find_event(EV, n, EV_GIVE, 1)); /* nothing taken yet */
    assert_int_equal(th_hand(&G, 1), 5);
    asked_to_take(n, ASK_TAKE, 1);
    state_ok();
    waits_for(BIT(0));
    struct game_action y = give(0, RES_WOOD, RES_WOOL);
    th_refused(&G, &y, BW_E(NOT_ENOUGH)); /* player 1 has no wood */
    y = give(0, GOOD_PAPER, GOOD_PAPER);
    th_refused(&G, &y, BW_E(NOT_ENOUGH));
    y = give(0, RES_ORE, -1);
    th_refused(&G, &y, BW_E(INVALID)); /* two goods */
    y.give[RES_WOOL] = 2;
    th_refused(&G, &y, BW_E(INVALID));
    y = act(ACT_CK_CHOOSE, 0, PROG_SMITH, -1);
    th_refused(&G, &y, BW_E(WRONG_PHASE));
    y = give(1, RES_ORE, RES_WOOL); /* another player */
    th_refused(&G, &y, BW_E(WRONG_PHASE));
    y = give(0, RES_ORE, GOOD_PAPER);
    assert_true(listed(&y));
    n = th_apply(&G, &y, EV);
    e = th_find_event(EV, n, EV_GIVE, 1);
    assert_non_null(e);
    assert_int_equal(e->other, 0);
    assert_int_equal(e->a, PROG_MASTER_MERCHANT);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[0].commodity[COM_PAPER], 1);
    assert_int_equal(th_hand(&G, 1), 3);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
}

/* The timeout takes from the piles the target holds most of (the lowest good on a tie); with
 * 2 goods or fewer, or goods of one kind, there is nothing to choose. */
static void test_master_merchant_default(void **state)
{
    (void)state;
    struct game_action x = master_merchant_position();
    th_apply(&G, &x, EV);
    timeout(0);
    assert_int_equal(G.p[0].res[RES_WOOL], 1);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(th_hand(&G, 0), 2);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    state_ok();
    int held[3][GOOD_COUNT] = {{0, 1, 0, 0, 0, 0, 1}, {0, 0, 0, 0, 4}, {0}};
    for (int k = 0; k < 3; k++) {
        x = master_merchant_position();
        th_return_all(&G, 1);
        G.ck.bank[COM_PAPER]++;
        G.p[1].commodity[COM_PAPER] = 0;
        for (int r = 0; r < GOOD_COUNT; r++)
            if (held[k][r] && r < RES_COUNT)
                th_give_res(&G, 1, r, held[k][r]);
            else if (held[k][r])
                give_com(1, r - RES_COUNT, held[k][r]);
        int n = th_apply(&G, &x, EV);
        assert_non_null(th_find_event(EV, n, EV_LOOK, 0));
        assert_null(th_find_event(EV, n, EV_ASK, 0));
        assert_int_equal(G.ck.p[0].ask, ASK_NONE);
        assert_int_equal(th_hand(&G, 0), k < 2 ? 2 : 0);
        assert_int_equal(G.p[0].res[RES_ORE], k == 1 ? 2 : 0);
        assert_int_equal(game_waiting_for(&G), BIT(0));
        state_ok();
    }
}

/* Player 1 holds a bishop and a smith; player 0 plays the spy at them. */
static struct game_action spy_position(void)
{
    ck_blank(4);
    hold(1, PROG_BISHOP);
    hold(1, PROG_SMITH);
    hold(0, PROG_SPY);
    return card(0, PROG_SPY, 1, -1, -1);
}

/* The player sees the cards first (EV_LOOK), then chooses one (ACT_CK_CHOOSE, ASK_SPY). */
static void test_spy(void **state)
{
    (void)state;
    struct game_action x = spy_position();
    struct game_action bad = x;
    bad.target = 0;
    th_refused(&G, &bad, BW_E(INVALID));
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    const struct game_event *e = th_find_event(EV, n, EV_LOOK, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 1);
    assert_int_equal(e->res[0], PROG_BISHOP);
    assert_int_equal(e->res[1], PROG_SMITH);
    assert_null(th_find_event(EV, n, EV_PROGRESS_TAKEN, 0));
    assert_int_equal(G.ck.p[0].hand[0], 0);
    asked_to_take(n, ASK_SPY, 1);
    state_ok();
    waits_for(BIT(0));
    struct game_action y = act(ACT_CK_CHOOSE, 0, PROG_WARLORD, -1);
    th_refused(&G, &y, BW_E(NO_CARD));
    y.a = PROG_NONE;
    th_refused(&G, &y, BW_E(NO_CARD));
    y.a = 999;
    th_refused(&G, &y, BW_E(NO_CARD));
    y = give(0, RES_WOOD, -1);
    th_refused(&G, &y, BW_E(WRONG_PHASE));
    y = act(ACT_CK_CHOOSE, 1, PROG_SMITH, -1); /* another player */
    th_refused(&G, &y, BW_E(WRONG_PHASE));
    y = act(ACT_CK_CHOOSE, 0, PROG_SMITH, -1);
    assert_true(listed(&y));
    n = th_apply(&G, &y, EV);
    e = th_find_event(EV, n, EV_PROGRESS_TAKEN, 0);
    assert_non_null(e);
    assert_int_equal(e->other, 1);
    assert_int_equal(e->a, PROG_SMITH);
    assert_int_equal(G.ck.p[0].hand[0], PROG_SMITH);
    assert_int_equal(G.ck.p[1].hand[0], PROG_BISHOP);
    assert_int_equal(G.ck.p[1].hand[1], 0);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
}

/* The timeout takes the first card of the hand; no card, or cards of one kind: nothing to
 * choose. */
static void test_spy_default(void **state)
{
    (void)state;
    struct game_action x = spy_position();
    th_apply(&G, &x, EV);
    timeout(0);
    assert_int_equal(G.ck.p[0].hand[0], PROG_BISHOP);
    assert_int_equal(G.ck.p[1].hand[0], PROG_SMITH);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    state_ok();
    for (int k = 0; k < 2; k++) {
        ck_blank(4);
        if (k)
            hold(1, PROG_SMITH);
        hold(0, PROG_SPY);
        int n = th_apply(&G, &x, EV);
        assert_non_null(th_find_event(EV, n, EV_LOOK, 0));
        assert_null(th_find_event(EV, n, EV_ASK, 0));
        assert_int_equal(G.ck.p[0].hand[0], k ? PROG_SMITH : 0);
        assert_int_equal(G.ck.p[1].hand[0], 0);
        assert_int_equal(game_waiting_for(&G), BIT(0));
        state_ok();
    }
}

/* A target who leaves while looked at: nothing is taken and the turn goes on. */
static void test_take_target_resigns(void **state)
{
    (void)state;
    struct game_action x = master_merchant_position();
    th_apply(&G, &x, EV);
    struct game_action r = th_action(ACT_RESIGN, 1);
    th_apply(&G, &r, EV);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(th_hand(&G, 0), 0);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
    x = spy_position();
    th_apply(&G, &x, EV);
    r = th_action(ACT_RESIGN, 0);
    th_apply(&G, &r, EV);
    assert_int_equal(G.ck.p[1].hand[1], PROG_SMITH);
    assert_int_equal(G.ck.asker, 0);
    state_ok();
}

static void test_deserter(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1), c[6];
    for (int i = 0; i < 6; i++)
        c[i] = corner(h, i);
    settlement(0, c[0]);
    road(0, c[0], c[1]);
    settlement(1, c[3]);
    knight(1, c[4], 2, 1);
    knight(1, c[5], 2, 0);
    hold(0, PROG_DESERTER);
    struct game_action x = card(0, PROG_DESERTER, 2, c[1], -1);
    th_refused(&G, &x, BW_E(NO_PIECES)); /* player 2 has no knight */
    x = card(0, PROG_DESERTER, 1, c[2], -1);
    th_refused(&G, &x, BW_E(NOT_CONNECTED));
    x.a = (int16_t)c[1];
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    assert_int_equal(th_find_event(EV, n, EV_ASK, 1)->a, ASK_DESERTER);
    state_ok();
    waits_for(BIT(1));
    struct game_action y = act(ACT_CK_CHOOSE, 1, c[1], -1);
    th_refused(&G, &y, BW_E(NOT_YOURS));
    y.a = (int16_t)c[4]; /* the active one */
    assert_true(listed(&y));
    n = th_apply(&G, &y, EV);
    assert_int_equal(game_knight_at(&G, c[4], NULL), -1);
    assert_int_equal(game_knight_at(&G, c[5], NULL), 1);
    int k;
    assert_int_equal(game_knight_at(&G, c[1], &k), 0); /* as strong, inactive */
    assert_int_equal(G.ck.p[0].knight[k], 2);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    state_ok();
    /* The default: the weakest, an inactive one first. */
    ck_blank(4);
    settlement(0, c[0]);
    road(0, c[0], c[1]);
    knight(1, c[4], 1, 1);
    knight(1, c[5], 1, 0);
    knight(1, c[3], 2, 0);
    G.ck.p[0].knight[0] = 0;
    hold(0, PROG_DESERTER);
    x.a = -1;
    th_apply(&G, &x, EV);
    timeout(1);
    assert_int_equal(game_knight_at(&G, c[5], NULL), -1);
    assert_int_equal(game_knight_at(&G, c[4], NULL), 1);
    state_ok();
}

static void test_diplomat(void **state)
{
    (void)state;
    ck_blank(4);
    int h = inner_hex(-1), c[6];
    for (int i = 0; i < 6; i++)
        c[i] = corner(h, i);
    settlement(1, c[0]);
    road(1, c[0], c[1]);
    road(1, c[1], c[2]);
    settlement(0, c[3]);
    road(0, c[3], c[4]);
    hold(0, PROG_DIPLOMAT);
    int inner = board_edge_between(th_geo(&G), c[0], c[1]);
    int end = board_edge_between(th_geo(&G), c[1], c[2]);
    struct game_action x = card(0, PROG_DIPLOMAT, -1, inner, -1);
    th_refused(&G, &x, BW_E(NOT_CONNECTED)); /* joined at both ends */
    x.b = end;
    x.a = (int16_t)end;
    th_refused(&G, &x, BW_E(NOT_YOURS)); /* not the player's road to place again */
    x.b = -1;
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    const struct game_event *e = th_find_event(EV, n, EV_ROAD_REMOVED, 1);
    assert_non_null(e);
    assert_int_equal(e->a, end);
    assert_int_equal(e->other, 0);
    assert_int_equal(G.edge_owner[end], -1);
    assert_int_equal(G.p[1].roads, 1);
    state_ok();
    /* The player's own open road goes elsewhere. */
    hold(0, PROG_DIPLOMAT);
    int mine = board_edge_between(th_geo(&G), c[3], c[4]);
    int to = board_edge_between(th_geo(&G), c[3], c[2]);
    x = card(0, PROG_DIPLOMAT, -1, mine, to);
    n = th_apply(&G, &x, EV);
    assert_int_equal(G.edge_owner[mine], -1);
    assert_int_equal(G.edge_owner[to], 0);
    assert_non_null(th_find_event(EV, n, EV_FREE_ROAD, 0));
    assert_int_equal(G.p[0].roads, 1);
    state_ok();
}

static void test_intrigue(void **state)
{
    (void)state;
    int c[6], out;
    displace_position(c, &out);
    G.ck.p[0].knight_at[0] = 0;
    G.ck.p[0].knight[0] = 0;
    game_reindex(&G);
    hold(0, PROG_INTRIGUE);
    struct game_action x = card(0, PROG_INTRIGUE, -1, c[3], -1);
    th_refused(&G, &x, BW_E(NOT_YOURS)); /* no knight there */
    x.a = (int16_t)c[2];
    assert_true(listed(&x));
    int n = th_apply(&G, &x, EV);
    const struct game_event *e = th_find_event(EV, n, EV_KNIGHT, 1);
    assert_non_null(e);
    assert_int_equal(e->b, KNIGHT_DISPLACED);
    assert_int_equal(th_find_event(EV, n, EV_ASK, 1)->a, ASK_KNIGHT);
    state_ok();
    waits_for(BIT(1));
    struct game_action y = act(ACT_CK_CHOOSE, 1, out, -1);
    th_apply(&G, &y, EV);
    assert_int_equal(game_knight_at(&G, out, NULL), 1);
    assert_int_equal(game_knight_at(&G, c[2], NULL), -1);
    state_ok();
    /* A knight the player's roads do not reach. */
    hold(0, PROG_INTRIGUE);
    x.a = (int16_t)out;
    th_refused(&G, &x, BW_E(NOT_CONNECTED));
}

/* A player leaving while asked: answered for them, the roll goes on. */
static void test_resign_asked(void **state)
{
    (void)state;
    int walled, plain;
    pillage_position(&walled, &plain);
    struct game_action r = th_action(ACT_RESIGN, 1);
    th_apply(&G, &r, EV);
    assert_int_equal(G.vertex_building[plain], BUILDING_SETTLEMENT);
    assert_int_equal(G.phase, PHASE_MAIN);
    state_ok();
}

/* A restored Cities & Knights game whose player is asked one of Catan for two's questions (the
 * neutral player's piece, cards given back) is refused, whoever the asker: it has no answer
 * here, and a timeout's default gave cards to seat -1 (found by fuzz_record). */
static void test_two_asks_refused(void **state)
{
    (void)state;
    ck_blank(4);
    state_ok();
    static const int asks[] = {ASK_NEUTRAL, ASK_RETURN};
    for (size_t i = 0; i < sizeof asks / sizeof asks[0]; i++)
        for (int asker = 0; asker <= 2; asker++) {
            ck_blank(4);
            G.ck.p[1].ask = (uint8_t)asks[i];
            G.ck.p[1].ask_arg = 1;
            G.ck.asker = (uint8_t)asker;
            assert_int_not_equal(game_check_state(&G), BW_OK);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pillage_choice),
        cmocka_unit_test(test_pillage_timeout),
        cmocka_unit_test(test_displaced_knight_choice),
        cmocka_unit_test(test_wedding),
        cmocka_unit_test(test_commercial_harbor),
        cmocka_unit_test(test_master_merchant),
        cmocka_unit_test(test_master_merchant_default),
        cmocka_unit_test(test_spy),
        cmocka_unit_test(test_spy_default),
        cmocka_unit_test(test_take_target_resigns),
        cmocka_unit_test(test_deserter),
        cmocka_unit_test(test_diplomat),
        cmocka_unit_test(test_intrigue),
        cmocka_unit_test(test_resign_asked),
        cmocka_unit_test(test_two_asks_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
