/* Catan for two (engine/two.c; doc/two.md): one test at least per rule, each failing when the
 * engine ignores it. Corners and sides are 0-based here (the engine's). */
#include "engine_helpers.h"

static struct game G;

enum { N0 = 2, N1 = 3 }; /* the neutral seats */

static void init_two(struct game *g, uint64_t seed)
{
    struct game_options o = {.n_players = 2, .board = BOARD_BASE, .two = 1};
    assert_int_equal(game_init(g, &o, seed), BW_OK);
}

static void blank_two(struct game *g)
{
    th_two_blank(g, TH_SEED);
}

static void settle(struct game *g, int p, int v)
{
    th_place_settlement(g, p, v + 1);
}

static void road(struct game *g, int p, int e)
{
    assert_int_equal(g->edge_owner[e], -1);
    g->edge_owner[e] = (int8_t)p;
    g->p[p].roads++;
    game_reindex(g);
    g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
}

static int other_end(const struct game *g, int e, int v)
{
    const struct board_geo *geo = th_geo(g);
    return geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
}

/* A free side at v leading to a corner with no building. */
static int free_edge_at(const struct game *g, int v)
{
    for (int i = 0; i < 3; i++) {
        int e = th_geo(g)->vertex_edge[v][i];
        if (e >= 0 && g->edge_owner[e] < 0 && g->vertex_owner[other_end(g, e, v)] < 0)
            return e;
    }
    return -1;
}

static int apply_ok(struct game *g, struct game_action a, struct game_event *ev, int *n)
{
    int dummy;
    return game_apply(g, &a, ev, ev ? GAME_MAX_EVENTS : 0, n ? n : &dummy);
}

/* A refused action leaves the state byte for byte as it was. */
static void refused(struct game *g, struct game_action a, int err)
{
    struct game before = *g;
    int n;
    assert_int_equal(game_apply(g, &a, NULL, 0, &n), err);
    assert_memory_equal(g, &before, sizeof before);
}

static int count_events(const struct game_event *ev, int n, int type)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += ev[i].type == type;
    return k;
}

/* ---- the setup ---- */

static void test_setup(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        init_two(&G, seed);
        const struct board_geo *geo = th_geo(&G);
        int at[2] = {-1, -1};
        for (int v = 0; v < geo->n_vertices; v++)
            if (G.vertex_owner[v] >= 0) {
                assert_true(G.vertex_owner[v] == N0 || G.vertex_owner[v] == N1);
                at[G.vertex_owner[v] - N0] = v;
            }
        assert_true(at[0] >= 0 && at[1] >= 0);
        assert_int_equal(count64(geo->vertex_hex_bits[at[0]] & G.land), 2);
        assert_int_equal(count64(geo->vertex_hex_bits[at[1]] & G.land), 2);
        /* Opposite sides: no hex in common with the other's hexes or their neighbours. */
        uint64_t near = 0;
        for (uint64_t h = geo->vertex_hex_bits[at[0]]; h; h &= h - 1)
            for (int s = 0; s < 6; s++)
                if (geo->hex_neighbor[__builtin_ctzll(h)][s] >= 0)
                    near |= 1ull << geo->hex_neighbor[__builtin_ctzll(h)][s];
        assert_int_equal(near & geo->vertex_hex_bits[at[1]], 0);
        assert_int_equal(G.two.tokens[0], TWO_START_TOKENS);
        assert_int_equal(G.two.tokens[1], TWO_START_TOKENS);
        assert_int_equal(G.two.supply, TWO_ALL_TOKENS - 2 * TWO_START_TOKENS);
        assert_int_equal(game_check_state(&G), BW_OK);
        /* Their settlements keep the distance rule in the set-up. */
        int nb = other_end(&G, geo->vertex_edge[at[0]][0], at[0]);
        refused(&G, th_act_settle(&G, 0, nb + 1), BW_E(TOO_CLOSE));
    }
}

static void test_options(void **state)
{
    (void)state;
    struct game_options o = {.n_players = 3, .board = BOARD_BASE, .two = 1};
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    o = (struct game_options){.n_players = 2, .board = BOARD_BIG, .two = 1};
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    o = (struct game_options){.n_players = 2, .board = BOARD_BASE};
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    o = (struct game_options){.n_players = 2, .board = BOARD_BASE, .two = 2};
    assert_int_equal(game_init(&G, &o, 1), BW_E(INVALID));
    init_two(&G, 1);
    assert_int_equal(game_cities_on(&G), BW_E(INVALID));
    /* House rules still apply. */
    o = (struct game_options){.n_players = 2, .board = BOARD_BASE, .two = 1, .friendly_robber = 1};
    assert_int_equal(game_init(&G, &o, 1), BW_OK);
    /* Snake order for the two people: 0, 1, 1, 0. */
    init_two(&G, 3);
    int order[4];
    for (int i = 0; i < 4; i++) {
        order[i] = G.current;
        struct game_action a[64];
        int n = game_legal_actions(&G, G.current, a, 64);
        assert_true(n > 0);
        assert_int_equal(apply_ok(&G, a[0], NULL, NULL), BW_OK);
        n = game_legal_actions(&G, G.current, a, 64);
        assert_int_equal(apply_ok(&G, a[0], NULL, NULL), BW_OK);
    }
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
    assert_int_equal(order[2], 1);
    assert_int_equal(order[3], 0);
    assert_int_equal(G.phase, PHASE_ROLL);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE); /* no neutral piece for the set-up's */
}

/* ---- two rolls ---- */

/* Hexes a and b of ore and grain with tokens ta and tb; player 0 on a, player 1 on b. */
static void producing(struct game *g, int *va, int *vb, int ta, int tb)
{
    blank_two(g);
    th_clear_tokens(g);
    th_set_hex(g, 0, TERRAIN_MOUNTAINS, ta);
    th_set_hex(g, 18, TERRAIN_FIELDS, tb);
    *va = th_geo(g)->hex_vertex[0][0];
    *vb = th_geo(g)->hex_vertex[18][3];
    settle(g, 0, *va);
    settle(g, 1, *vb);
    th_roll_phase(g, 0);
}

static void test_two_rolls_produce(void **state)
{
    (void)state;
    int va, vb;
    producing(&G, &va, &vb, 5, 9);
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(game_apply_rolls(&G, 2, 3, 4, 5, ev, GAME_MAX_EVENTS, &n), BW_OK);
    assert_int_equal(G.p[0].res[RES_ORE], 1);
    assert_int_equal(G.p[1].res[RES_GRAIN], 1);
    assert_int_equal(count_events(ev, n, EV_ROLL), 2);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.two.roll2[0], 0);
    /* The same result twice is not a second roll. */
    producing(&G, &va, &vb, 5, 9);
    assert_int_equal(game_apply_rolls(&G, 2, 3, 1, 4, ev, GAME_MAX_EVENTS, &n), BW_E(INVALID));
    /* Rolled by the engine: always two results, different. */
    for (uint64_t seed = 1; seed <= 40; seed++) {
        producing(&G, &va, &vb, 5, 9);
        G.rng.s[0] ^= seed;
        struct game_action a = th_action(ACT_ROLL, 0);
        assert_int_equal(apply_ok(&G, a, ev, &n), BW_OK);
        int sums[2], k = 0;
        for (int i = 0; i < n; i++)
            if (ev[i].type == EV_ROLL && k < 2)
                sums[k++] = ev[i].a + ev[i].b;
        if (G.phase == PHASE_MAIN) {
            assert_int_equal(k, 2);
            assert_int_not_equal(sums[0], sums[1]);
        } else if (k == 1) { /* a first 7: the second waits for the robber */
            assert_int_equal(sums[0], 7);
            assert_int_not_equal(G.two.roll2[0] + G.two.roll2[1], 7);
            assert_int_equal(game_check_state(&G), BW_OK);
        } else { /* a second 7 */
            assert_int_equal(sums[1], 7);
            assert_int_not_equal(sums[0], 7);
            assert_int_equal(G.two.roll2[0], 0);
        }
    }
}

static void test_first_seven_robber_first(void **state)
{
    (void)state;
    int va, vb;
    producing(&G, &va, &vb, 5, 9);
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(game_apply_rolls(&G, 3, 4, 4, 5, ev, GAME_MAX_EVENTS, &n), BW_OK);
    assert_int_equal(G.phase, PHASE_ROBBER);
    assert_int_equal(G.p[1].res[RES_GRAIN], 0); /* not yet */
    assert_int_equal(game_check_state(&G), BW_OK);
    /* The robber on player 0's own hex: the 9 is then resolved. */
    assert_int_equal(apply_ok(&G, th_act_robber(ACT_ROBBER, 0, 0, -1), ev, &n), BW_OK);
    assert_int_equal(G.p[1].res[RES_GRAIN], 1);
    assert_int_equal(count_events(ev, n, EV_ROLL), 1);
    assert_int_equal(G.phase, PHASE_MAIN);
    assert_int_equal(G.two.roll2[0], 0);
}

/* ---- the neutral players ---- */

static void test_neutrals_no_production_not_robbed(void **state)
{
    (void)state;
    int va, vb;
    producing(&G, &va, &vb, 5, 9);
    int vn = th_geo(&G)->hex_vertex[0][3];
    settle(&G, N0, vn);
    uint8_t bank = G.bank[RES_ORE];
    assert_int_equal(game_apply_rolls(&G, 2, 3, 4, 5, NULL, 0, NULL), BW_OK);
    assert_int_equal(G.p[N0].res[RES_ORE], 0);
    assert_int_equal(G.bank[RES_ORE], bank - 1);
    assert_int_equal(robber_candidates(&G, 1, 0), BIT(0));
    /* A hex with only a neutral settlement: nobody to rob there. */
    th_place_settlement(&G, N1, th_geo(&G)->hex_vertex[9][0] + 1);
    assert_int_equal(robber_candidates(&G, 0, 9), 0);
    G.phase = PHASE_ROBBER;
    refused(&G, th_act_robber(ACT_ROBBER, 0, 9, N1), BW_E(BAD_VICTIM));
}

/* Player 0 with a settlement at v and a road out of it; its far corner returned. */
static int road_out(struct game *g, int v)
{
    settle(g, 0, v);
    int e = free_edge_at(g, v);
    road(g, 0, e);
    return other_end(g, e, v);
}

static void test_neutral_road_after_road(void **state)
{
    (void)state;
    blank_two(&G);
    int nv = th_geo(&G)->hex_vertex[18][0];
    settle(&G, N0, nv);
    int end = road_out(&G, th_geo(&G)->hex_vertex[0][0]);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_action(ACT_BUILD_ROAD, 0);
    a.a = (int16_t)free_edge_at(&G, end);
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(apply_ok(&G, a, ev, &n), BW_OK);
    assert_int_equal(G.ck.p[0].ask, ASK_NEUTRAL);
    assert_int_equal(G.ck.p[0].ask_arg, TWO_ROAD);
    assert_int_equal(count_events(ev, n, EV_ASK), 1);
    assert_int_equal(game_waiting_for(&G), BIT(0));
    assert_int_equal(game_check_state(&G), BW_OK);
    /* Nothing else first. */
    refused(&G, th_action(ACT_END, 0), BW_E(WRONG_PHASE));
    struct game_action t = th_action(ACT_TOKEN, 0);
    t.a = TOKEN_ROBBER;
    refused(&G, t, BW_E(WRONG_PHASE));
    /* A road not touching the neutral's pieces, a settlement when a road is owed. */
    struct game_action c = th_action(ACT_CK_CHOOSE, 0);
    c.a = (int16_t)free_edge_at(&G, th_geo(&G)->hex_vertex[0][0]);
    c.b = TWO_ROAD;
    refused(&G, c, BW_E(NOT_CONNECTED));
    c.a = (int16_t)nv;
    c.b = TWO_SETTLEMENT;
    refused(&G, c, BW_E(NEUTRAL_ROAD));
    c.a = (int16_t)free_edge_at(&G, nv);
    c.b = TWO_ROAD;
    c.target = 5;
    refused(&G, c, BW_E(INVALID));
    c.target = -1;
    assert_int_equal(apply_ok(&G, c, ev, &n), BW_OK);
    assert_int_equal(G.edge_owner[c.a], N0);
    assert_int_equal(G.p[N0].roads, 1);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(count_events(ev, n, EV_NEUTRAL), 1);
    assert_int_equal(game_check_state(&G), BW_OK);
    /* A city owes nothing. */
    th_give(&G, 0, 0, 0, 0, 2, 3);
    assert_int_equal(apply_ok(&G, th_act_city(&G, 0, th_geo(&G)->hex_vertex[0][0] + 1), NULL, NULL),
                     BW_OK);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
}

static void test_road_building_owes_two(void **state)
{
    (void)state;
    blank_two(&G);
    settle(&G, N1, th_geo(&G)->hex_vertex[18][0]);
    int end = road_out(&G, th_geo(&G)->hex_vertex[0][0]);
    th_give_dev(&G, 0, DEV_ROADS, 1, 0);
    struct game_action a = th_action(ACT_PLAY_ROADS, 0);
    a.a = (int16_t)free_edge_at(&G, end);
    a.b = -1;
    struct game h = G;
    road(&h, 0, a.a);
    a.b = (int16_t)free_edge_at(&h, other_end(&h, a.a, end));
    assert_int_equal(apply_ok(&G, a, NULL, NULL), BW_OK);
    assert_int_equal(G.ck.p[0].ask, ASK_NEUTRAL);
    assert_int_equal(G.two.owed, 2);
    for (int i = 0; i < 2; i++) {
        struct game_action c[32];
        int n = game_legal_actions(&G, 0, c, 32);
        assert_true(n > 0);
        assert_int_equal(c[0].type, ACT_CK_CHOOSE);
        assert_int_equal(c[0].b, TWO_ROAD);
        assert_int_equal(apply_ok(&G, c[0], NULL, NULL), BW_OK);
    }
    assert_int_equal(G.p[N1].roads, 2);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
}

/* A player leaving ends the game: nobody is asked any more, and the state is one to save. */
static void test_resign_while_asked(void **state)
{
    (void)state;
    for (int leaver = 0; leaver < 2; leaver++) {
        blank_two(&G);
        settle(&G, N1, th_geo(&G)->hex_vertex[18][0]);
        road_out(&G, th_geo(&G)->hex_vertex[0][0]);
        th_give(&G, 0, 1, 1, 0, 0, 0);
        struct game_action a = th_action(ACT_BUILD_ROAD, 0);
        struct game_action l[64];
        int n = game_legal_actions(&G, 0, l, 64);
        for (int i = 0; i < n; i++)
            if (l[i].type == ACT_BUILD_ROAD)
                a = l[i];
        assert_int_equal(apply_ok(&G, a, NULL, NULL), BW_OK);
        assert_int_equal(G.ck.p[0].ask, ASK_NEUTRAL);
        assert_int_equal(apply_ok(&G, th_action(ACT_RESIGN, leaver), NULL, NULL), BW_OK);
        assert_int_equal(G.phase, PHASE_OVER);
        assert_int_equal(G.ck.p[0].ask, ASK_NONE);
        assert_int_equal(G.two.owed, 0);
        assert_int_equal(game_check_state(&G), BW_OK);
    }
}

static void test_neutral_settlement_and_fallback(void **state)
{
    (void)state;
    blank_two(&G);
    const struct board_geo *geo = th_geo(&G);
    int nv = geo->hex_vertex[18][0];
    settle(&G, N0, nv);
    int end = road_out(&G, geo->hex_vertex[0][0]);
    struct game_action b = th_action(ACT_BUILD_ROAD, 0);
    b.a = (int16_t)free_edge_at(&G, end);
    int spot = other_end(&G, b.a, end);
    road(&G, 0, b.a);
    /* No neutral road: no neutral settlement fits; a road instead. */
    struct game saved = G;
    th_give(&G, 0, 1, 1, 1, 1, 0);
    assert_int_equal(apply_ok(&G, th_act_settle(&G, 0, spot + 1), NULL, NULL), BW_OK);
    assert_int_equal(G.ck.p[0].ask, ASK_NEUTRAL);
    assert_int_equal(G.ck.p[0].ask_arg, TWO_ROAD);
    /* With neutral roads two long: a settlement is owed, and a road refused. */
    G = saved;
    int e1 = free_edge_at(&G, nv), v1 = other_end(&G, e1, nv);
    road(&G, N0, e1);
    int e2 = free_edge_at(&G, v1), v2 = other_end(&G, e2, v1);
    road(&G, N0, e2);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    assert_int_equal(apply_ok(&G, th_act_settle(&G, 0, spot + 1), NULL, NULL), BW_OK);
    assert_int_equal(G.ck.p[0].ask_arg, TWO_SETTLEMENT);
    struct game_action c = th_action(ACT_CK_CHOOSE, 0);
    c.a = (int16_t)free_edge_at(&G, v2);
    c.b = TWO_ROAD;
    refused(&G, c, BW_E(NEUTRAL_SETTLE));
    c.a = (int16_t)v1;
    c.b = TWO_SETTLEMENT;
    refused(&G, c, BW_E(TOO_CLOSE));
    c.a = (int16_t)v2;
    assert_int_equal(apply_ok(&G, c, NULL, NULL), BW_OK);
    assert_int_equal(G.vertex_owner[v2], N0);
    assert_int_equal(G.p[N0].settlements, 2);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(game_check_state(&G), BW_OK);
}

static void test_neutral_which(void **state)
{
    (void)state;
    blank_two(&G);
    const struct board_geo *geo = th_geo(&G);
    /* N0: a settlement at v and a road to w; N1: a settlement at x beside w. The side w-x fits
     * both: it must be named. */
    int v = geo->hex_vertex[9][0], e = free_edge_at(&G, v), w = other_end(&G, e, v);
    settle(&G, N0, v);
    road(&G, N0, e);
    int f = free_edge_at(&G, w), x = other_end(&G, f, w);
    settle(&G, N1, x);
    int end = road_out(&G, geo->hex_vertex[0][0]);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_action(ACT_BUILD_ROAD, 0);
    a.a = (int16_t)free_edge_at(&G, end);
    assert_int_equal(apply_ok(&G, a, NULL, NULL), BW_OK);
    struct game_action c = th_action(ACT_CK_CHOOSE, 0);
    c.b = TWO_ROAD;
    c.a = (int16_t)f;
    refused(&G, c, BW_E(NEUTRAL_WHICH));
    c.target = 1;
    assert_int_equal(apply_ok(&G, c, NULL, NULL), BW_OK);
    assert_int_equal(G.edge_owner[f], N1);
}

/* The longest road held by a neutral player keeps it from the real players. */
static void test_neutral_longest_road(void **state)
{
    (void)state;
    blank_two(&G);
    const struct board_geo *geo = th_geo(&G);
    int v = geo->hex_vertex[18][0];
    settle(&G, N0, v);
    for (int i = 0; i < 4; i++) {
        int e = free_edge_at(&G, v);
        assert_true(e >= 0);
        road(&G, N0, e);
        v = other_end(&G, e, v);
    }
    assert_int_equal(G.p[N0].road_length, 4);
    int end = road_out(&G, geo->hex_vertex[0][0]);
    th_give(&G, 0, 1, 1, 0, 0, 0);
    struct game_action a = th_action(ACT_BUILD_ROAD, 0);
    a.a = (int16_t)free_edge_at(&G, end);
    assert_int_equal(apply_ok(&G, a, NULL, NULL), BW_OK);
    struct game_action c = th_action(ACT_CK_CHOOSE, 0);
    c.a = (int16_t)free_edge_at(&G, v);
    c.b = TWO_ROAD;
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(apply_ok(&G, c, ev, &n), BW_OK);
    assert_int_equal(G.longest_road, N0);
    assert_int_equal(count_events(ev, n, EV_LONGEST_ROAD), 1);
    assert_int_equal(game_vp_public(&G, 0), 1);
    assert_int_equal(game_check_state(&G), BW_OK);
}

/* ---- trade tokens ---- */

static void test_tokens_earned(void **state)
{
    (void)state;
    const struct board_geo *geo;
    blank_two(&G);
    geo = th_geo(&G);
    int d = th_desert(&G);
    /* A corner of the desert, a coast corner away from it, an inland one away from it. */
    int want[3] = {-1, -1, -1};
    for (int v = 0; v < geo->n_vertices; v++) {
        int desert = (geo->vertex_hex_bits[v] >> d) & 1,
            coast = count64(geo->vertex_hex_bits[v]) < 3;
        int k = desert ? 0 : coast ? 1 : 2;
        if (want[k] < 0 && (k || !coast))
            want[k] = v;
    }
    const int earned[3] = {2, 1, 0};
    for (int k = 0; k < 3; k++) {
        blank_two(&G);
        int v = want[k], e = free_edge_at(&G, v);
        road(&G, 0, e);
        th_give(&G, 0, 1, 1, 1, 1, 0);
        assert_int_equal(apply_ok(&G, th_act_settle(&G, 0, v + 1), NULL, NULL), BW_OK);
        assert_int_equal(G.two.tokens[0], TWO_START_TOKENS + earned[k]);
        assert_int_equal(G.two.supply, TWO_ALL_TOKENS - 2 * TWO_START_TOKENS - earned[k]);
    }
}

static void test_token_cost_knights(void **state)
{
    (void)state;
    blank_two(&G);
    assert_int_equal(game_token_cost(&G, 0), 1);
    th_played_knights(&G, 1, 1);
    assert_int_equal(game_token_cost(&G, 0), 2);
    assert_int_equal(game_token_cost(&G, 1), 1);
    th_played_knights(&G, 0, 1);
    assert_int_equal(game_token_cost(&G, 0), 1);
    /* Paid: 2 tokens back to the supply. */
    th_played_knights(&G, 1, 1);
    G.robber = (int8_t)(th_desert(&G) == 0 ? 1 : 0);
    struct game_action t = th_action(ACT_TOKEN, 0);
    t.a = TOKEN_ROBBER;
    assert_int_equal(apply_ok(&G, t, NULL, NULL), BW_OK);
    assert_int_equal(G.two.tokens[0], TWO_START_TOKENS - 2);
    assert_int_equal(G.two.supply, TWO_ALL_TOKENS - 2 * TWO_START_TOKENS + 2);
    G.two.tokens[1] = 1;
    G.two.supply = (uint8_t)(TWO_ALL_TOKENS - G.two.tokens[0] - 1);
    th_main_phase(&G, 1);
    th_played_knights(&G, 0, 2);
    t.player = 1;
    t.a = TOKEN_TRADE;
    th_give(&G, 0, 1, 0, 0, 0, 0);
    refused(&G, t, BW_E(TOKENS_SHORT));
}

static void test_forced_trade(void **state)
{
    (void)state;
    blank_two(&G);
    th_give(&G, 1, 0, 0, 1, 0, 2);
    th_give(&G, 0, 3, 0, 0, 0, 0);
    struct game_action t = th_action(ACT_TOKEN, 0);
    t.a = TOKEN_TRADE;
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    assert_int_equal(apply_ok(&G, t, ev, &n), BW_OK);
    assert_int_equal(count_events(ev, n, EV_STEAL), 2);
    assert_int_equal(th_hand(&G, 0), 5);
    assert_int_equal(th_hand(&G, 1), 1);
    assert_int_equal(G.ck.p[0].ask, ASK_RETURN);
    assert_int_equal(G.ck.p[0].ask_arg, 2);
    assert_int_equal(G.two.tokens[0], TWO_START_TOKENS - 1);
    assert_int_equal(game_check_state(&G), BW_OK);
    refused(&G, th_action(ACT_END, 0), BW_E(WRONG_PHASE));
    struct game_action g = th_action(ACT_CK_GIVE, 0);
    g.give[RES_WOOD] = 3;
    refused(&G, g, BW_E(INVALID));
    g.give[RES_WOOD] = 1;
    refused(&G, g, BW_E(INVALID));
    g.give[RES_BRICK] = 1;
    refused(&G, g, BW_E(NOT_ENOUGH));
    g.give[RES_BRICK] = 0;
    g.give[RES_WOOD] = 2;
    assert_int_equal(apply_ok(&G, g, ev, &n), BW_OK);
    assert_int_equal(G.p[0].res[RES_WOOD], 1);
    assert_int_equal(G.p[1].res[RES_WOOD], 2);
    assert_int_equal(th_hand(&G, 0), 3);
    assert_int_equal(th_hand(&G, 1), 3);
    assert_int_equal(count_events(ev, n, EV_GIVE), 1);
    assert_int_equal(G.ck.p[0].ask, ASK_NONE);
    assert_int_equal(G.ck.asker, 0);
    th_check_supply(&G);
    /* Once a turn. */
    refused(&G, t, BW_E(TOKEN_USED));
    /* Nothing to take: refused; one card only: one back. */
    blank_two(&G);
    refused(&G, t, BW_E(NO_HAND));
    th_give(&G, 1, 0, 0, 1, 0, 0);
    assert_int_equal(apply_ok(&G, t, NULL, NULL), BW_OK);
    assert_int_equal(G.ck.p[0].ask_arg, 1);
    /* Before the roll: refused. */
    blank_two(&G);
    th_give(&G, 1, 0, 0, 1, 0, 0);
    th_roll_phase(&G, 0);
    refused(&G, t, BW_E(WRONG_PHASE));
}

static void test_robber_away(void **state)
{
    (void)state;
    blank_two(&G);
    int d = th_desert(&G);
    G.robber = (int8_t)(d == 0 ? 1 : 0);
    th_give(&G, 0, 1, 0, 0, 0, 0);
    th_give(&G, 1, 1, 0, 0, 0, 0);
    struct game_action t = th_action(ACT_TOKEN, 0);
    t.a = TOKEN_ROBBER;
    assert_int_equal(apply_ok(&G, t, NULL, NULL), BW_OK);
    assert_int_equal(G.robber, d);
    assert_int_equal(th_hand(&G, 0), 1); /* no steal */
    assert_int_equal(th_hand(&G, 1), 1);
    G.robber = (int8_t)(d == 0 ? 1 : 0);
    refused(&G, t, BW_E(TOKEN_USED));
    G.two.used = 0;
    G.robber = (int8_t)d;
    refused(&G, t, BW_E(ROBBER_HOME));
    t.a = 7;
    refused(&G, t, BW_E(INVALID));
}

/* ---- the whole game ---- */

static void test_random_games(void **state)
{
    (void)state;
    static struct game_action acts[4096];
    for (uint64_t seed = 1; seed <= 30; seed++) {
        init_two(&G, seed);
        struct bw_rng r;
        bw_rng_seed(&r, seed * 7);
        int steps = 0, tokens = 0, neutral = 0;
        while (G.phase != PHASE_OVER && steps < 20000) {
            unsigned w = game_waiting_for(&G);
            assert_true(w != 0);
            int p = __builtin_ctz(w);
            int n = game_legal_actions(&G, p, acts, 4096);
            assert_true(n > 0 && n <= 4096);
            /* Prefer building and tokens, so that games end. */
            int k = (int)bw_rng_below(&r, (uint32_t)n);
            for (int i = 0; i < n; i++)
                if (acts[i].type <= ACT_BUILD_CITY || acts[i].type == ACT_TOKEN ||
                    (acts[i].type == ACT_BUY_DEV && bw_rng_below(&r, 2)))
                    k = i;
            tokens += acts[k].type == ACT_TOKEN;
            neutral += acts[k].type == ACT_CK_CHOOSE;
            assert_int_equal(apply_ok(&G, acts[k], NULL, NULL), BW_OK);
            assert_int_equal(game_check_state(&G), BW_OK);
            steps++;
        }
        assert_int_equal(G.phase, PHASE_OVER);
        assert_true(G.winner == 0 || G.winner == 1);
        assert_true(neutral > 0);
        (void)tokens;
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_setup),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_two_rolls_produce),
        cmocka_unit_test(test_first_seven_robber_first),
        cmocka_unit_test(test_neutrals_no_production_not_robbed),
        cmocka_unit_test(test_neutral_road_after_road),
        cmocka_unit_test(test_road_building_owes_two),
        cmocka_unit_test(test_resign_while_asked),
        cmocka_unit_test(test_neutral_settlement_and_fallback),
        cmocka_unit_test(test_neutral_which),
        cmocka_unit_test(test_neutral_longest_road),
        cmocka_unit_test(test_tokens_earned),
        cmocka_unit_test(test_token_cost_knights),
        cmocka_unit_test(test_forced_trade),
        cmocka_unit_test(test_robber_away),
        cmocka_unit_test(test_random_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
