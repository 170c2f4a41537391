/* The Forgotten Tribe and Cloth for Catan (engine/tribe.c; README "Maps" says what was decided),
 * one test or more per rule: the tribe's islands take no settlement, in the setup or after; the
 * first ship built on a gift's side takes it once (a point counted, a card in the hand as if
 * bought, a harbor held until placed at its taker's building), a ship moved there takes
 * nothing; a village trades with every player whose ship reaches it and gives each a cloth
 * when its number is rolled (from the general supply when it runs short, nothing once it is
 * empty); 2 cloth are a point; the game ends when fewer than 4 villages have cloth; Cloth for
 * Catan has no longest trade route. */
#include "engine_helpers.h"

#include "map/map.h"

static struct game G;

/* A game on board after the setup, player 0 to act after a roll of nothing; the pirate is put
 * on a sea hex far from the spot (a corner) the test uses. */
static void blank(int board, int near)
{
    th_blank(&G, 4, board);
    const struct board_geo *geo = th_geo(&G);
    int far = -1, best = -1;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (geo->land_hexes >> h & 1)
            continue;
        int dx = geo->vertex_x[near] - geo->hex_x[h], dy = geo->vertex_y[near] - geo->hex_y[h];
        if (dx * dx + dy * dy > best) {
            best = dx * dx + dy * dy;
            far = h;
        }
    }
    G.pirate = (int8_t)far;
}

/* A ship of p's on edge e, placed by hand (not built this turn). */
static void put_ship(struct game *g, int p, int e)
{
    const struct board_geo *geo = th_geo(g);
    th_place_ship(g, p, geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
}

static struct game_action ship_action(int type, int p, int from, int to)
{
    struct game_action a = th_action(type, p);
    a.a = (int16_t)(type == ACT_MOVE_SHIP ? from : to);
    a.b = (int16_t)(type == ACT_MOVE_SHIP ? to : -1);
    return a;
}

static int is_gift_edge(const struct board_geo *geo, int e)
{
    for (int k = 0; k < geo->n_gifts; k++)
        if (geo->gift_edge[k] == e)
            return 1;
    return 0;
}

static int touches_village(const struct board_geo *geo, int e)
{
    for (int i = 0; i < geo->n_villages; i++)
        if (geo->edge_vertex[e][0] == geo->village_vertex[i] ||
            geo->edge_vertex[e][1] == geo->village_vertex[i])
            return 1;
    return 0;
}

/* Whether p may build a ship on edge e in c (given the cards for it). */
static int can_build_ship(const struct game *c, int p, int e)
{
    static struct game t;
    struct game_event ev[GAME_MAX_EVENTS];
    int n;
    t = *c;
    th_give(&t, p, 1, 0, 1, 0, 0);
    struct game_action a = ship_action(ACT_BUILD_SHIP, p, -1, e);
    return game_apply(&t, &a, ev, GAME_MAX_EVENTS, &n) == BW_OK;
}

/* A free sea edge at corner v, other than not, on no gift spot and at no village, where a
 * ship of p's placed by hand lets p build a ship on edge want: -1 if none. */
static int ship_beside(int p, int v, int not, int want)
{
    const struct board_geo *geo = th_geo(&G);
    for (int i = 0; i < 3; i++) {
        int f = geo->vertex_edge[v][i];
        if (f < 0 || f == not || f == want || !bits_has(G.edge_sea, f) || G.edge_owner[f] >= 0 ||
            is_gift_edge(geo, f) || touches_village(geo, f))
            continue;
        static struct game c;
        c = G;
        put_ship(&c, p, f);
        if (can_build_ship(&c, p, want))
            return f;
    }
    return -1;
}

/* The ship on edge e taken off the board by hand (sailed away). */
static void take_ship(int e)
{
    int o = G.edge_owner[e];
    G.edge_owner[e] = -1;
    G.ships[e >> 6] &= ~(1ull << (e & 63));
    G.ships_new[e >> 6] &= ~(1ull << (e & 63));
    G.p[o].ships--;
    game_reindex(&G);
}

/* Give p a ship one side away from edge e (at its corner v), so that p may build on e. */
static void ship_to(int p, int e, int v)
{
    int f = ship_beside(p, v, e, e);
    if (f < 0)
        fail_msg("no place for a ship beside edge %d", e);
    put_ship(&G, p, f);
}

/* p builds a ship on e (paying for it); returns the events. */
static int build_ship(int p, int e, struct game_event *ev)
{
    th_give(&G, p, 1, 0, 1, 0, 0);
    struct game_action a = ship_action(ACT_BUILD_SHIP, p, -1, e);
    return th_apply(&G, &a, ev);
}

/* The first gift spot of kind on the map. */
static int gift_of(int kind)
{
    const struct board_geo *geo = th_geo(&G);
    for (int k = 0; k < geo->n_gifts; k++)
        if (geo->gift_kind[k] == kind && G.gift_owner[k] == -1)
            return k;
    fail_msg("no gift of kind %d", kind);
    return -1;
}

/* A game on The Forgotten Tribe after the setup, the pirate away from the first gift of kind
 * still lying there; returns that gift's spot, its side in *e and a corner of it in *v. */
static int gift_game(int kind, int *e, int *v)
{
    th_blank(&G, 4, BOARD_TRIBE);
    int k = gift_of(kind);
    const struct board_geo *geo = th_geo(&G);
    *e = geo->gift_edge[k];
    *v = geo->edge_vertex[*e][0];
    blank(BOARD_TRIBE, *v);
    return k;
}

/* Player 0 takes that gift with a ship built on its side; returns the events' count. */
static int take_gift(int k, int e, int v, struct game_event *ev)
{
    ship_to(0, e, v);
    int n = build_ship(0, e, ev);
    const struct game_event *gift = th_find_event(ev, n, EV_GIFT, 0);
    assert_non_null(gift);
    assert_int_equal(gift->a, k);
    assert_int_equal(G.gift_owner[k], 0);
    return n;
}

/* ---- the tribe's islands ---- */

/* No setup settlement on a corner of the tribe's islands, none listed; later, a ship reaching
 * such a corner does not let a settlement stand there either. Both maps. */
static void test_islands_not_settled(void **state)
{
    (void)state;
    static const int boards[2] = {BOARD_TRIBE, BOARD_CLOTH};
    static struct game_action buf[4096];
    for (int b = 0; b < 2; b++) {
        th_init(&G, 4, boards[b]);
        const struct board_geo *geo = th_geo(&G);
        assert_true(geo->tribe_hexes != 0);
        assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
        int corners = 0, coast = -1;
        for (int v = 0; v < geo->n_vertices; v++) {
            if (!(geo->vertex_hex_bits[v] & geo->tribe_hexes))
                continue;
            corners++;
            struct game_action a = th_act_settle(&G, 0, v + 1);
            th_refused(&G, &a, BW_E(TRIBE));
            for (int i = 0; i < 3 && coast < 0; i++)
                if (geo->vertex_edge[v][i] >= 0 && bits_has(G.edge_sea, geo->vertex_edge[v][i]))
                    coast = v;
        }
        assert_true(corners >= 6 && coast >= 0);
        int n = game_legal_actions(&G, 0, buf, 4096);
        assert_true(n > 0 && n <= 4096);
        for (int i = 0; i < n; i++)
            assert_false(geo->vertex_hex_bits[buf[i].a] & geo->tribe_hexes);

        /* After the setup: p0's ship ends at a coast corner of the tribe. */
        blank(boards[b], coast);
        int e = -1;
        for (int i = 0; i < 3 && e < 0; i++) {
            int f = geo->vertex_edge[coast][i];
            if (f >= 0 && bits_has(G.edge_sea, f) && !is_gift_edge(geo, f) &&
                !touches_village(geo, f))
                e = f;
        }
        assert_true(e >= 0);
        put_ship(&G, 0, e);
        assert_true(bits_has(G.reach_of[0], coast));
        th_give(&G, 0, 1, 1, 1, 1, 0);
        struct game_action a = th_act_settle(&G, 0, coast + 1);
        th_refused(&G, &a, BW_E(TRIBE));
        n = game_legal_actions(&G, 0, buf, 4096);
        for (int i = 0; i < n && i < 4096; i++)
            assert_false(buf[i].type == ACT_BUILD_SETTLEMENT && buf[i].a == coast);
    }
}

/* ---- The Forgotten Tribe: the gifts ---- */

/* A point: the first ship built on its side takes it and it counts at once; nobody takes it
 * again, not its taker's second ship there nor another player's. */
static void test_point_gift(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    int e, v, k = gift_game(MAP_GIFT_POINT, &e, &v);
    const struct board_geo *geo = th_geo(&G);
    assert_int_equal(game_tribe_points(&G, 1), 0);
    int vp = game_vp_total(&G, 0);
    int n = take_gift(k, e, v, ev);
    assert_int_equal(th_find_event(ev, n, EV_GIFT, 0)->b, MAP_GIFT_POINT);
    assert_int_equal(game_tribe_points(&G, 0), 1);
    assert_int_equal(game_vp_total(&G, 0), vp + 1);
    assert_int_equal(game_vp_public(&G, 0), vp + 1);

    /* The ship sails away and another player builds on the spot: nothing more. */
    take_ship(e);
    assert_int_equal(G.gift_owner[k], 0);
    th_main_phase(&G, 1);
    int w = geo->edge_vertex[e][1];
    if (ship_beside(1, w, e, e) < 0)
        w = v;
    ship_to(1, e, w);
    vp = game_vp_total(&G, 1);
    n = build_ship(1, e, ev);
    assert_null(th_find_event(ev, n, EV_GIFT, -2));
    assert_int_equal(G.gift_owner[k], 0);
    assert_int_equal(game_tribe_points(&G, 0), 1);
    assert_int_equal(game_tribe_points(&G, 1), 0);
    assert_int_equal(game_vp_total(&G, 1), vp);
    /* Nor p0's own second ship there. */
    take_ship(e);
    th_main_phase(&G, 0);
    n = build_ship(0, e, ev);
    assert_null(th_find_event(ev, n, EV_GIFT, -2));
    assert_int_equal(game_tribe_points(&G, 0), 1);
}

/* A ship moved onto a gift's side takes nothing (README: only a built one does). */
static void test_moved_ship_takes_nothing(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    int e, v, k = gift_game(MAP_GIFT_POINT, &e, &v);
    const struct board_geo *geo = th_geo(&G);
    ship_to(0, e, v);
    /* A lone ship of p0's elsewhere at sea, both ends open, sails to e. */
    int moved = 0;
    for (int t = 0; t < geo->n_edges && !moved; t++) {
        if (!bits_has(G.edge_sea, t) || bits_has(G.edge_land, t) || G.edge_owner[t] >= 0 ||
            is_gift_edge(geo, t) || touches_village(geo, t) || pirate_edge(&G, t))
            continue;
        int a0 = geo->edge_vertex[t][0], a1 = geo->edge_vertex[t][1];
        if (bits_has(G.reach_of[0], a0) || bits_has(G.reach_of[0], a1) ||
            a0 == geo->edge_vertex[e][1] || a1 == geo->edge_vertex[e][1])
            continue;
        put_ship(&G, 0, t);
        if (game_ship_move_error(&G, 0, t, e) != BW_OK) {
            take_ship(t);
            continue;
        }
        struct game_action a = ship_action(ACT_MOVE_SHIP, 0, t, e);
        int n = th_apply(&G, &a, ev);
        assert_non_null(th_find_event(ev, n, EV_MOVE_SHIP, 0));
        assert_null(th_find_event(ev, n, EV_GIFT, -2));
        moved = 1;
    }
    assert_true(moved);
    assert_int_equal(G.edge_owner[e], 0);
    assert_int_equal(G.gift_owner[k], -1);
    assert_int_equal(game_tribe_points(&G, 0), 0);
}

/* A card: into the hand as if bought (not to be played this turn), the card that lay there. */
static void test_card_gift(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    int e, v, k = gift_game(MAP_GIFT_CARD, &e, &v);
    int card = G.gift[k], before = G.p[0].dev_new[card], deck = G.deck_pos;
    take_gift(k, e, v, ev);
    assert_int_equal(G.p[0].dev_new[card], before + 1);
    assert_int_equal(G.deck_pos, deck); /* dealt at the start, not drawn now */
    assert_int_equal(game_tribe_points(&G, 0), 0);
}

/* A harbor: held, then placed with its taker's settlement on the coast (its rate theirs at
 * once), not elsewhere; as `!build harbor` does. */
static void test_harbor_gift(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    int e, v, k = gift_game(MAP_GIFT_HARBOR, &e, &v);
    const struct board_geo *geo = th_geo(&G);
    take_gift(k, e, v, ev);
    assert_int_equal(G.gift_at[k], GAME_HARBOR_HELD);
    /* A coast edge of the main island, free of harbors, with p0's settlement at one end. */
    int coast = -1;
    for (int c = 0; c < geo->n_edges && coast < 0; c++) {
        int a = geo->edge_vertex[c][0], b = geo->edge_vertex[c][1];
        if (bits_has(G.edge_land, c) && bits_has(G.edge_sea, c) && geo->vertex_harbor_slot[a] < 0 &&
            geo->vertex_harbor_slot[b] < 0 && bits_has(geo->vertex_home_bits, a) &&
            G.vertex_owner[a] < 0)
            coast = c;
    }
    assert_true(coast >= 0);
    int at = geo->edge_vertex[coast][0];
    struct game_action place = th_action(ACT_PLACE_HARBOR, 0);
    place.a = (int16_t)coast;
    place.b = (int16_t)k;
    th_refused(&G, &place, BW_E(HARBOR_SPOT)); /* no building of p0's there yet */
    th_place_settlement(&G, 0, at + 1);
    struct game_action other = place;
    other.player = 1;
    th_refused(&G, &other, BW_E(NO_HARBOR)); /* not p1's harbor */
    int type = G.gift[k];
    int n = th_apply(&G, &place, ev);
    assert_non_null(th_find_event(ev, n, EV_HARBOR_PLACED, 0));
    assert_int_equal(G.gift_at[k], coast);
    if (type == HARBOR_GENERIC)
        for (int r = 0; r < RES_COUNT; r++)
            assert_int_equal(G.rates_of[0][r], 3);
    else
        assert_int_equal(G.rates_of[0][type], 2);
    th_refused(&G, &place, BW_E(NO_HARBOR)); /* placed once */
}

/* ---- Cloth for Catan ---- */

/* The village of number want, or the first one. */
static int village_numbered(int want)
{
    const struct board_geo *geo = th_geo(&G);
    for (int i = 0; i < geo->n_villages; i++)
        if (geo->village_number[i] == want)
            return i;
    return 0;
}

/* p's ship is built on a sea side at village i: returns the events' count. */
static int reach_village(int p, int i, struct game_event *ev)
{
    const struct board_geo *geo = th_geo(&G);
    int v = geo->village_vertex[i];
    for (int s = 0; s < 3; s++) {
        int e = geo->vertex_edge[v][s];
        if (e < 0 || !bits_has(G.edge_sea, e) || G.edge_owner[e] >= 0)
            continue;
        int u = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        int f = ship_beside(p, u, e, e);
        if (f < 0)
            continue;
        put_ship(&G, p, f);
        return build_ship(p, e, ev);
    }
    fail_msg("no ship can reach village %d", i);
    return 0;
}

/* A ship built at a village makes its builder a partner with one of its cloth; a roll of its
 * number gives each partner one, the player whose turn it is first; a player without a ship
 * there gets none. */
static void test_village_cloth(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_CLOTH);
    int i = village_numbered(5);
    const struct board_geo *geo = th_geo(&G);
    int v = geo->village_vertex[i], num = geo->village_number[i];
    blank(BOARD_CLOTH, v);
    int n = reach_village(0, i, ev);
    const struct game_event *join = th_find_event(ev, n, EV_VILLAGE, 0);
    assert_non_null(join);
    assert_int_equal(join->a, i);
    assert_int_equal(G.village_traders[i], 1);
    assert_int_equal(G.village_cloth[i], GAME_VILLAGE_CLOTH - 1);
    assert_int_equal(G.p[0].cloth, 1);
    th_main_phase(&G, 2);
    n = reach_village(2, i, ev);
    assert_int_equal(G.village_traders[i], 5);
    assert_int_equal(G.village_cloth[i], GAME_VILLAGE_CLOTH - 2);
    /* p3's turn rolls the village's number: p0 and p2 take one each, p1 and p3 none. */
    th_roll_phase(&G, 3);
    n = th_roll(&G, num / 2, num - num / 2, ev);
    assert_int_equal(th_count_events(ev, n, EV_CLOTH), 2);
    assert_int_equal(G.p[0].cloth, 2);
    assert_int_equal(G.p[2].cloth, 2);
    assert_int_equal(G.p[1].cloth, 0);
    assert_int_equal(G.p[3].cloth, 0);
    assert_int_equal(G.village_cloth[i], GAME_VILLAGE_CLOTH - 4);
    /* Another number gives nothing from this village. */
    th_roll_phase(&G, 3);
    n = th_roll(&G, num == 3 ? 2 : 1, 2, ev);
    assert_int_equal(G.village_cloth[i], GAME_VILLAGE_CLOTH - 4);
    assert_int_equal(G.p[0].cloth + G.p[2].cloth, 4);
}

/* The village runs short: the player whose turn it is is served first, then the others in turn
 * order, from the village and then from the general supply, until both are out; once the
 * village is empty, its number gives nothing, though the supply has cloth. */
static void test_village_runs_out(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_CLOTH);
    int i = village_numbered(9);
    const struct board_geo *geo = th_geo(&G);
    int num = geo->village_number[i];
    blank(BOARD_CLOTH, geo->village_vertex[i]);
    /* p0, p1 and p3 trade with it; it has one cloth left, the supply one (the rest of the
     * cloth is elsewhere: its count is not what this test is about). */
    G.village_traders[i] = 0xb;
    G.village_cloth[i] = 1;
    G.cloth_supply = 1;
    th_roll_phase(&G, 1);
    int n = th_roll(&G, num / 2, num - num / 2, ev);
    assert_int_equal(th_count_events(ev, n, EV_CLOTH), 2);
    assert_int_equal(G.village_cloth[i], 0);
    assert_int_equal(G.cloth_supply, 0);
    assert_int_equal(G.p[1].cloth, 1); /* the player whose turn it is: the village's last */
    assert_int_equal(G.p[3].cloth, 1); /* the next partner in turn order: the supply's last */
    assert_int_equal(G.p[0].cloth, 0); /* nothing left for the third */
    /* Empty: nothing more, not even from a supply that has cloth again. */
    G.cloth_supply = 5;
    th_roll_phase(&G, 0);
    n = th_roll(&G, num / 2, num - num / 2, ev);
    assert_int_equal(th_count_events(ev, n, EV_CLOTH), 0);
    assert_int_equal(G.p[0].cloth + G.p[1].cloth + G.p[3].cloth, 2);
    assert_int_equal(G.cloth_supply, 5);
}

/* 2 cloth are a point: 1 cloth none, 3 one, 4 two; in the public count too. */
static void test_cloth_points(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_CLOTH);
    int vp = game_vp_total(&G, 2);
    static const int points[6] = {0, 0, 1, 1, 2, 2};
    for (int c = 0; c < 6; c++) {
        G.p[2].cloth = (uint8_t)c;
        assert_int_equal(game_cloth_points(&G, 2), points[c]);
        assert_int_equal(game_vp_total(&G, 2), vp + points[c]);
        assert_int_equal(game_vp_public(&G, 2), vp + points[c]);
    }
    /* Cloth counts on Cloth for Catan only. */
    th_blank(&G, 4, BOARD_TRIBE);
    vp = game_vp_total(&G, 2);
    G.p[2].cloth = 4;
    assert_int_equal(game_vp_total(&G, 2), vp);
}

/* The points reached with cloth win in the player's own turn. */
static void test_cloth_wins(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_CLOTH);
    int i = village_numbered(6);
    const struct board_geo *geo = th_geo(&G);
    int num = geo->village_number[i];
    blank(BOARD_CLOTH, geo->village_vertex[i]);
    G.village_traders[i] = 0x1;
    G.village_cloth[i] -= 1;
    /* One cloth short of the goal (the count of cloth is not what this test is about). */
    G.p[0].cloth = (uint8_t)(2 * (G.vp_goal - 1) + 1);
    assert_int_equal(game_vp_total(&G, 0), G.vp_goal - 1);
    th_roll_phase(&G, 0);
    int n = th_roll(&G, num / 2, num - num / 2, ev);
    assert_non_null(th_find_event(ev, n, EV_GAME_OVER, 0));
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 0);
}

/* Fewer than 4 villages with cloth: the game ends, the most points win, then the most cloth. */
static void test_cloth_end(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_CLOTH);
    const struct board_geo *geo = th_geo(&G);
    int i = village_numbered(10);
    int num = geo->village_number[i];
    blank(BOARD_CLOTH, geo->village_vertex[i]);
    /* Four villages with cloth, i the last of them with one; p2 trades with it. */
    int kept = 0;
    for (int k = 0; k < geo->n_villages; k++) {
        if (k == i || kept >= 3) {
            G.cloth_supply += G.village_cloth[k];
            G.village_cloth[k] = 0;
        } else {
            kept++;
        }
    }
    G.cloth_supply -= 1;
    G.village_cloth[i] = 1;
    G.village_traders[i] = 0x4;
    assert_int_equal(game_villages_with_cloth(&G), 4);
    /* p1 and p3 level on points, p3 with more cloth; p2 behind on points. */
    for (int v = 0, p = 1; v < geo->n_vertices && p <= 3; v++)
        if (bits_has(geo->vertex_home_bits, v) && !bits_has(G.no_settle, v)) {
            th_place_settlement(&G, p, v + 1);
            p += 2;
        }
    G.p[3].cloth = 1;
    G.cloth_supply -= 1;
    th_roll_phase(&G, 0);
    int n = th_roll(&G, num / 2, num - num / 2, ev);
    const struct game_event *end = th_find_event(ev, n, EV_CLOTH_END, -2);
    assert_non_null(end);
    assert_int_equal(end->a, 3);
    assert_int_equal(G.phase, PHASE_OVER);
    assert_int_equal(G.winner, 3);
    assert_int_equal(G.p[2].cloth, 1); /* the last cloth went to p2 */
}

/* No longest trade route on Cloth for Catan: a route of 5 gets no card there, as it does on
 * The Forgotten Tribe. */
static void test_no_longest_route(void **state)
{
    (void)state;
    static const int boards[2] = {BOARD_TRIBE, BOARD_CLOTH};
    struct game_event ev[GAME_MAX_EVENTS];
    for (int b = 0; b < 2; b++) {
        th_blank(&G, 4, boards[b]);
        const struct board_geo *geo = th_geo(&G);
        /* A path of 5 land sides on a home island, found side by side. */
        int path[6], len = 0;
        for (int start = 0; start < geo->n_vertices && len < 5; start++) {
            if (!bits_has(geo->vertex_home_bits, start))
                continue;
            int used[BOARD_MAX_VERTICES] = {0};
            path[0] = start;
            used[start] = 1;
            len = 0;
            while (len < 5) {
                int next = -1;
                for (int s = 0; s < 3 && next < 0; s++) {
                    int e = geo->vertex_edge[path[len]][s];
                    if (e < 0 || !bits_has(G.edge_land, e))
                        continue;
                    int w = geo->edge_vertex[e][0] ^ geo->edge_vertex[e][1] ^ path[len];
                    if (!used[w] && bits_has(geo->vertex_home_bits, w))
                        next = w;
                }
                if (next < 0)
                    break;
                used[next] = 1;
                path[++len] = next;
            }
        }
        assert_int_equal(len, 5);
        th_place_settlement(&G, 0, path[0] + 1);
        for (int s = 0; s < 4; s++)
            th_place_road(&G, 0, path[s] + 1, path[s + 1] + 1);
        th_sync_roads(&G);
        th_give(&G, 0, 1, 1, 0, 0, 0);
        struct game_action a = th_act_road(&G, 0, path[4] + 1, path[5] + 1);
        int n = th_apply(&G, &a, ev);
        if (boards[b] == BOARD_CLOTH) {
            assert_null(th_find_event(ev, n, EV_LONGEST_ROAD, -2));
            assert_int_equal(G.longest_road, -1);
            assert_int_equal(game_vp_total(&G, 0), 1);
        } else {
            assert_non_null(th_find_event(ev, n, EV_LONGEST_ROAD, 0));
            assert_int_equal(G.longest_road, 0);
            assert_int_equal(game_vp_total(&G, 0), 3);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_islands_not_settled),
        cmocka_unit_test(test_point_gift),
        cmocka_unit_test(test_moved_ship_takes_nothing),
        cmocka_unit_test(test_card_gift),
        cmocka_unit_test(test_harbor_gift),
        cmocka_unit_test(test_village_cloth),
        cmocka_unit_test(test_village_runs_out),
        cmocka_unit_test(test_cloth_points),
        cmocka_unit_test(test_cloth_wins),
        cmocka_unit_test(test_cloth_end),
        cmocka_unit_test(test_no_longest_route),
    };
    return cmocka_run_group_tests_name("The Forgotten Tribe and Cloth for Catan", tests, NULL,
                                       NULL);
}
