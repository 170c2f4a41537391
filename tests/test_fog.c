/* The fog of RULES.md ("Seafarers"): hidden hexes are turned over when a road or ship reaches
 * one of their corners; a revealed land hex gets a token and gives its finder one card of its
 * resource (gold: of their choice). Played on The Fog Islands (maps/fog_islands_3.map and
 * fog_islands_4.map), whose open land and fog are parted by sea, so the tests find their
 * places from the geometry rather than by number. */
#include "engine_helpers.h"

#include "engine/playout.h"

static struct game G;

static int touches(const struct game *g, int v, uint64_t hexes)
{
    return (th_geo(g)->vertex_hex_bits[v] & hexes) != 0;
}

/* An edge at sea from a corner A of known land, touching no fog, to a corner B touching fog:
 * where a ship from a settlement at A meets the fog. The first such edge, or -1. */
static int fog_edge(const struct game *g, int *a, int *b)
{
    const struct board_geo *geo = th_geo(g);
    for (int e = 0; e < geo->n_edges; e++) {
        if (!bits_has(g->edge_sea, e) || g->edge_owner[e] >= 0)
            continue;
        for (int k = 0; k < 2; k++) {
            int x = geo->edge_vertex[e][k], y = geo->edge_vertex[e][1 - k];
            if (touches(g, x, g->land) && !touches(g, x, g->fog) && touches(g, y, g->fog) &&
                g->vertex_owner[x] < 0 && !bits_has(g->no_settle, x)) {
                *a = x;
                *b = y;
                return e;
            }
        }
    }
    return -1;
}

/* A fresh 4-player Fog Islands deal from SEED, player 0 to build: a settlement at a corner
 * beside the fog (*A, the corner beyond in the fog *B) and a ship built from it into the fog.
 * Returns the events of the ship (in EV), their number, and the ship's edge in *E. */
static int ship_into_fog(uint64_t seed, struct game_event *ev, int *a, int *b, int *e)
{
    th_init_seed(&G, 4, BOARD_FOG_ISLANDS_4, seed);
    th_main_phase(&G, 0);
    *e = fog_edge(&G, a, b);
    assert_true(*e >= 0);
    th_place_settlement(&G, 0, *a + 1);
    th_give(&G, 0, 1, 0, 1, 0, 0);
    struct game_action ship = th_action(ACT_BUILD_SHIP, 0);
    ship.a = (int16_t)*e;
    return th_apply(&G, &ship, ev);
}

static int pool_size(const uint8_t *pool, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += pool[i];
    return total;
}

static int produces(int t)
{
    return t < TERRAIN_DESERT || t == TERRAIN_GOLD;
}

/* The fog at the start: every fog hex of the map hidden, holding sea and no token; neither
 * land nor sea for anything (no settlement, robber or pirate there); the pools as the map's. */
static void test_fog_hidden_at_start(void **state)
{
    (void)state;
    for (int kind = BOARD_FOG_ISLANDS_3; kind <= BOARD_FOG_ISLANDS_4; kind++) {
        th_blank(&G, kind == BOARD_FOG_ISLANDS_3 ? 3 : 4, kind);
        const struct board_geo *geo = th_geo(&G);
        const struct board_setup *setup = board_setup(kind);
        assert_true(geo->fog_hexes != 0);
        assert_true(G.fog == geo->fog_hexes);
        assert_int_equal(pool_size(G.fog_terrain, 8), count64(G.fog));
        assert_memory_equal(G.fog_terrain, setup->fog_terrain, sizeof G.fog_terrain);
        assert_memory_equal(G.fog_token, setup->fog_token, sizeof G.fog_token);
        int producing = 0;
        for (int t = 0; t < 8; t++)
            producing += produces(t) ? G.fog_terrain[t] : 0;
        assert_int_equal(pool_size(G.fog_token, 13), producing);
        for (uint64_t f = G.fog; f; f &= f - 1) {
            int h = __builtin_ctzll(f);
            assert_int_equal(G.terrain[h], TERRAIN_SEA);
            assert_int_equal(G.token[h], 0);
            assert_false(G.land >> h & 1);
            /* Its sides are neither roads nor ships (nothing reaches them unrevealed). */
            for (int c = 0; c < 6; c++) {
                int v = geo->hex_vertex[h][c];
                int e = board_edge_between(geo, v, geo->hex_vertex[h][(c + 1) % 6]);
                int other = geo->edge_hex[e][0] == h ? geo->edge_hex[e][1] : geo->edge_hex[e][0];
                if (other >= 0 && (G.fog >> other & 1)) {
                    assert_false(bits_has(G.edge_sea, e) || bits_has(G.edge_land, e));
                    /* Building there is refused as in the fog, not as off the board. */
                    static const int types[] = {ACT_BUILD_ROAD, ACT_BUILD_SHIP};
                    for (int k = 0; k < 2; k++) {
                        struct game_action a = th_action(types[k], 0);
                        a.a = (int16_t)e;
                        th_refused(&G, &a, BW_E(IN_FOG));
                    }
                }
                if (!touches(&G, v, G.land)) {
                    assert_true(bits_has(G.no_settle, v));
                    struct game_action a = th_action(ACT_BUILD_SETTLEMENT, 0);
                    a.a = (int16_t)v;
                    th_refused(&G, &a, BW_E(IN_FOG));
                }
            }
            /* Neither the robber nor the pirate goes into the fog. */
            struct game_action rob = th_act_robber(ACT_ROBBER, 0, h, -1);
            G.phase = PHASE_ROBBER;
            th_refused(&G, &rob, BW_E(NO_SUCH_SPOT));
            static struct game_action moves[4096];
            int n = game_legal_actions(&G, 0, moves, 4096);
            for (int i = 0; i < n && i < 4096; i++)
                assert_false(moves[i].type == ACT_ROBBER && moves[i].a == h);
            G.phase = PHASE_MAIN;
        }
        assert_int_equal(game_check_state(&G), BW_OK);
    }
}

/* A ship reaching a corner of the fog turns over every hidden hex there: its terrain and token
 * from the fog's pools; one card of its resource to the finder (from the bank), gold of their
 * choice, nothing for sea. Over many deals each kind of find turns up. */
static void test_ship_reveals(void **state)
{
    (void)state;
    int seen_land = 0, seen_gold = 0, seen_sea = 0;
    for (uint64_t seed = 1; seed <= 400 && !(seen_land && seen_gold && seen_sea); seed++) {
        /* What the fog and the bank held before: the same deal, no ship yet. */
        int a, b, e;
        th_init_seed(&G, 4, BOARD_FOG_ISLANDS_4, seed);
        e = fog_edge(&G, &a, &b);
        uint64_t hidden = th_geo(&G)->vertex_hex_bits[b] & G.fog, fog_before = G.fog;
        uint8_t terrains[8], tokens[13], bank[RES_COUNT];
        memcpy(terrains, G.fog_terrain, sizeof terrains);
        memcpy(tokens, G.fog_token, sizeof tokens);
        memcpy(bank, G.bank, sizeof bank);
        struct game_event ev[GAME_MAX_EVENTS];
        int n = ship_into_fog(seed, ev, &a, &b, &e);
        assert_int_equal(th_count_events(ev, n, EV_FOG), count64(hidden));
        assert_true(G.fog == (fog_before & ~hidden));
        int got[RES_COUNT] = {0}, gold = 0;
        for (int i = 0; i < n; i++) {
            if (ev[i].type != EV_FOG)
                continue;
            int h = ev[i].a, t = ev[i].b;
            assert_true(hidden >> h & 1);
            assert_int_equal(G.terrain[h], t);
            assert_int_equal(G.token[h], ev[i].other);
            assert_true(terrains[t] > 0); /* drawn from what the fog hides */
            terrains[t]--;
            if (produces(t)) {
                assert_true(G.token[h] >= 2 && G.token[h] <= 12 && G.token[h] != 7);
                assert_true(tokens[G.token[h]] > 0);
                tokens[G.token[h]]--;
            } else {
                assert_int_equal(G.token[h], 0);
            }
            assert_int_equal(!!(G.land >> h & 1), t != TERRAIN_SEA);
            if (t < TERRAIN_DESERT) {
                assert_int_equal(ev[i].res[t], 1);
                got[t]++;
                seen_land++;
                /* Its corners take settlements now (the distance rule aside). */
                for (int c = 0; c < 6; c++) {
                    int v = th_geo(&G)->hex_vertex[h][c], near = G.vertex_owner[v] >= 0;
                    for (int k = 0; k < 3; k++) {
                        int u = th_geo(&G)->vertex_vertex[v][k];
                        near |= u >= 0 && G.vertex_owner[u] >= 0;
                    }
                    assert_int_equal(bits_has(G.no_settle, v), near);
                }
            } else if (t == TERRAIN_GOLD) {
                gold++;
                seen_gold++;
            } else if (t == TERRAIN_SEA) {
                seen_sea++;
                /* Its sides away from the fog take ships now. */
                for (int c = 0; c < 6; c++) {
                    int v = th_geo(&G)->hex_vertex[h][c],
                        w = th_geo(&G)->hex_vertex[h][(c + 1) % 6];
                    if (!touches(&G, v, G.fog) || !touches(&G, w, G.fog))
                        assert_true(bits_has(G.edge_sea, board_edge_between(th_geo(&G), v, w)));
                }
            }
        }
        assert_memory_equal(terrains, G.fog_terrain, sizeof terrains);
        assert_memory_equal(tokens, G.fog_token, sizeof tokens);
        for (int r = 0; r < RES_COUNT; r++) {
            assert_int_equal(G.p[0].res[r], got[r]);
            assert_int_equal(G.bank[r], bank[r] - got[r]); /* the ship paid back what it took */
        }
        if (gold) {
            /* The finder chooses, then the turn goes on. */
            assert_int_equal(G.phase, PHASE_GOLD);
            assert_int_equal(G.p[0].gold, gold);
            assert_int_equal(th_count_events(ev, n, EV_GOLD_NEEDED), 1);
            struct game_action pick = th_action(ACT_GOLD, 0);
            pick.get[RES_ORE] = (uint8_t)gold;
            th_apply(&G, &pick, NULL);
            assert_int_equal(G.p[0].res[RES_ORE], got[RES_ORE] + gold);
        }
        assert_int_equal(G.phase, PHASE_MAIN);
        th_check_supply(&G);
        assert_int_equal(game_check_state(&G), BW_OK);
    }
    assert_true(seen_land && seen_gold && seen_sea);
}

/* What the fog turned over produces on its number like any land. */
static void test_revealed_land_produces(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        int a, b, e;
        struct game_event ev[GAME_MAX_EVENTS];
        int n = ship_into_fog(seed, ev, &a, &b, &e);
        const struct game_event *f = th_find_event(ev, n, EV_FOG, 0);
        if (!f || f->b >= TERRAIN_DESERT || G.phase != PHASE_MAIN)
            continue;
        /* Player 1 settles a free corner of it, away from the fog; the number is rolled. */
        const struct board_geo *geo = th_geo(&G);
        int h = f->a, v = -1;
        for (int c = 0; c < 6 && v < 0; c++) {
            int x = geo->hex_vertex[h][c];
            if (!bits_has(G.no_settle, x) && !touches(&G, x, G.fog))
                v = x;
        }
        if (v < 0 || G.robber == h)
            continue;
        th_place_settlement(&G, 1, v + 1);
        int token = G.token[h], res = G.terrain[h], had = G.p[1].res[res];
        th_end_setup(&G);
        G.current = 0;
        G.phase = PHASE_ROLL;
        n = th_roll(&G, token > 6 ? 6 : 1, token > 6 ? token - 6 : token - 1, ev);
        assert_true(G.p[1].res[res] > had);
        th_check_supply(&G);
        return;
    }
    fail_msg("no deal turned over land beside a free corner");
}

/* A road reaching the fog over revealed land turns it over too, and so does a ship moved
 * there. */
static void test_road_and_moved_ship_reveal(void **state)
{
    (void)state;
    int roads = 0, moves = 0;
    for (uint64_t seed = 1; seed <= 400 && !(roads && moves); seed++) {
        th_init_seed(&G, 4, BOARD_FOG_ISLANDS_4, seed);
        th_main_phase(&G, 0);
        const struct board_geo *geo = th_geo(&G);
        int a, b, e = fog_edge(&G, &a, &b);
        /* A moved ship: from another sea edge at A to the edge into the fog. */
        for (int i = 0; i < 3 && !moves; i++) {
            int from = geo->vertex_edge[a][i];
            if (from < 0 || from == e || !bits_has(G.edge_sea, from))
                continue;
            int x = geo->edge_vertex[from][0] == a ? geo->edge_vertex[from][1]
                                                   : geo->edge_vertex[from][0];
            if (touches(&G, x, G.fog))
                continue;
            struct game t = G;
            th_place_settlement(&t, 0, a + 1);
            th_place_ship(&t, 0, a + 1, x + 1);
            struct game_action mv = th_action(ACT_MOVE_SHIP, 0);
            mv.a = (int16_t)from;
            mv.b = (int16_t)e;
            struct game_event ev[GAME_MAX_EVENTS];
            int n = th_apply(&t, &mv, ev);
            assert_true(th_count_events(ev, n, EV_FOG) >= 1);
            assert_int_equal(t.fog & geo->vertex_hex_bits[b], 0);
            moves++;
        }
        /* A road: a ship first turns over land beside more fog; then a road on that land from
         * a settlement there to a corner of the fog. */
        struct game_event ev[GAME_MAX_EVENTS];
        ship_into_fog(seed, ev, &a, &b, &e);
        if (G.phase != PHASE_MAIN)
            continue;
        for (int r = 0; r < geo->n_edges && !roads; r++) {
            if (!bits_has(G.edge_land, r) || G.edge_owner[r] >= 0)
                continue;
            for (int k = 0; k < 2 && !roads; k++) {
                int x = geo->edge_vertex[r][k], y = geo->edge_vertex[r][1 - k];
                if (touches(&G, x, G.fog) || !touches(&G, y, G.fog) || bits_has(G.no_settle, x))
                    continue;
                struct game t = G;
                th_place_settlement(&t, 0, x + 1);
                th_give(&t, 0, 1, 1, 0, 0, 0);
                struct game_action road = th_action(ACT_BUILD_ROAD, 0);
                road.a = (int16_t)r;
                int n = th_apply(&t, &road, ev);
                assert_true(th_count_events(ev, n, EV_FOG) >= 1);
                assert_int_equal(t.fog & geo->vertex_hex_bits[y], 0);
                th_check_supply(&t);
                roads++;
            }
        }
    }
    assert_true(roads && moves);
}

/* A setup ship (or road) that reaches the fog turns it over too; gold found there is chosen
 * before the next setup settlement, whoever places it. */
static void test_setup_reveals(void **state)
{
    (void)state;
    int gold = 0, cards = 0;
    for (uint64_t seed = 1; seed <= 400 && !(gold && cards); seed++) {
        th_init_seed(&G, 4, BOARD_FOG_ISLANDS_4, seed);
        int a, b, e = fog_edge(&G, &a, &b);
        /* Player 0 has placed the first setup settlement at A (the test's choice of corner). */
        G.vertex_owner[a] = 0;
        G.vertex_building[a] = BUILDING_SETTLEMENT;
        G.p[0].settlements = 1;
        game_reindex(&G);
        G.phase = PHASE_SETUP_ROAD;
        G.setup_vertex = (int16_t)a;
        struct game_action ship = th_action(ACT_BUILD_SHIP, 0);
        ship.a = (int16_t)e;
        struct game_event ev[GAME_MAX_EVENTS];
        int n = th_apply(&G, &ship, ev);
        assert_true(th_count_events(ev, n, EV_FOG) >= 1);
        assert_int_equal(G.fog & th_geo(&G)->vertex_hex_bits[b], 0);
        assert_int_equal(G.current, 1); /* the setup went on to the next player */
        if (G.p[0].gold) {
            assert_int_equal(G.phase, PHASE_GOLD);
            assert_int_equal(G.gold_resume, PHASE_SETUP_SETTLEMENT);
            assert_int_equal(game_check_state(&G), BW_OK);
            assert_int_equal(game_waiting_for(&G), 1u);
            struct game_action pick = th_action(ACT_GOLD, 0);
            pick.get[RES_GRAIN] = G.p[0].gold;
            th_apply(&G, &pick, NULL);
            gold++;
        } else {
            cards += th_hand(&G, 0);
        }
        assert_int_equal(G.phase, PHASE_SETUP_SETTLEMENT);
        th_check_supply(&G);
        assert_int_equal(game_check_state(&G), BW_OK);
    }
    assert_true(gold && cards);
}

/* A setup step as the checker wrote it: a settlement and the road or ship beside it, both by
 * engine index (0-based). */
static void setup_step(struct game *g, int p, int v, int e)
{
    struct game_action settle = th_action(ACT_BUILD_SETTLEMENT, p);
    settle.a = (int16_t)v;
    th_apply(g, &settle, NULL);
    struct game_action piece =
        th_action(bits_has(g->edge_land, e) ? ACT_BUILD_ROAD : ACT_BUILD_SHIP, p);
    piece.a = (int16_t)e;
    th_apply(g, &piece, NULL);
}

/* Only a road or a ship explores: a settlement beside the fog leaves it hidden, so a second
 * setup settlement there is not paid twice (once for the discovery, once as a start resource).
 * The case found: The Fog Islands for 3, seed 3; player 0's second settlement on corner 38
 * touches the fields L and the hidden Q, which its road then turns over (fields 3). */
static void test_settlement_does_not_explore(void **state)
{
    (void)state;
    enum { HEX_Q = 16 };
    th_init_seed(&G, 3, BOARD_FOG_ISLANDS_3, 3);
    setup_step(&G, 0, 24, 28);
    setup_step(&G, 1, 53, 78);
    setup_step(&G, 2, 72, 104);
    setup_step(&G, 2, 7, 3);
    setup_step(&G, 1, 84, 119);
    assert_true(G.fog >> HEX_Q & 1);
    struct game_action settle = th_act_settle(&G, 0, 38);
    struct game_event ev[GAME_MAX_EVENTS];
    int n = th_apply(&G, &settle, ev);
    assert_int_equal(th_count_events(ev, n, EV_FOG), 0);
    assert_true(G.fog >> HEX_Q & 1);
    assert_int_equal(G.p[0].res[RES_GRAIN], 1); /* from L only */
    assert_int_equal(game_check_state(&G), BW_OK);
    /* The setup road from there turns Q over and pays the discovery: 2 grain in all. */
    int e = -1;
    for (int i = 0; i < 3 && e < 0; i++) {
        int x = th_geo(&G)->vertex_edge[37][i];
        if (x >= 0 && bits_has(G.edge_land, x))
            e = x;
    }
    assert_true(e >= 0);
    struct game_action road = th_action(ACT_BUILD_ROAD, 0);
    road.a = (int16_t)e;
    n = th_apply(&G, &road, ev);
    assert_int_equal(th_count_events(ev, n, EV_FOG), 1);
    assert_false(G.fog >> HEX_Q & 1);
    assert_int_equal(G.terrain[HEX_Q], TERRAIN_FIELDS);
    assert_int_equal(G.token[HEX_Q], 3);
    assert_int_equal(G.p[0].res[RES_GRAIN], 2);
    th_check_supply(&G);
}

static int pieces_possible(const struct game *g, int p, int extra, int extra_ship)
{
    for (int k = 0; k < 2; k++)
        for (int e = 0; e < th_geo(g)->n_edges; e++)
            if (can_piece_with(g, p, k, e, extra, extra_ship))
                return 1;
    return 0;
}

static int listed_pair(const struct game *g, int p, int e1, int e2, int ships)
{
    static struct game_action buf[4096];
    int n = game_legal_actions(g, p, buf, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (buf[i].type == ACT_PLAY_ROADS && buf[i].a == e1 && buf[i].b == e2 &&
            buf[i].ships == ships)
            return 1;
    return 0;
}

/* Opponent's pieces (player 1) on the free sides at corner v other than edge e where a ship
 * could lie now, and a road too when roads is set. */
static void block_around(struct game *g, int v, int e, int roads)
{
    const struct board_geo *geo = th_geo(g);
    for (int i = 0; i < 3; i++) {
        int x = geo->vertex_edge[v][i];
        if (x < 0 || x == e || g->edge_owner[x] >= 0)
            continue;
        int y = geo->edge_vertex[x][0] == v ? geo->edge_vertex[x][1] : geo->edge_vertex[x][0];
        if (roads && bits_has(g->edge_land, x))
            th_place_road(g, 1, v + 1, y + 1);
        else if (bits_has(g->edge_sea, x))
            th_place_ship(g, 1, v + 1, y + 1);
    }
}

/* Road building places its pieces one after the other: a ship into the fog turns it over, and
 * a second ship where the fog hid the sea is accepted (and listed); "one piece only when a
 * second is impossible" is judged after the first, so the ship alone is refused there. Found
 * on The Fog Islands: a ship from a settlement at A along the coast to B, where only the fog
 * beyond B can open a way on (the other ways at A and B taken by an opponent). */
static void test_road_building_explores_first(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed <= 200 && !found; seed++) {
        th_init_seed(&G, 4, BOARD_FOG_ISLANDS_4, seed);
        th_main_phase(&G, 0);
        const struct board_geo *geo = th_geo(&G);
        for (int e = 0; e < geo->n_edges && !found; e++) {
            if (!bits_has(G.edge_sea, e))
                continue;
            int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
            if (touches(&G, a, G.fog))
                a = b, b = geo->edge_vertex[e][0];
            if (touches(&G, a, G.fog) || !touches(&G, b, G.fog) || bits_has(G.no_settle, a))
                continue;
            struct game t = G;
            th_place_settlement(&t, 0, a + 1);
            block_around(&t, a, e, 1);
            block_around(&t, b, e, 0);
            if (pieces_possible(&t, 0, e, 1))
                continue; /* a second piece is possible before the fog is turned over */
            struct game after = t;
            place_ship(&after, NULL, 0, e, EV_FREE_ROAD);
            int e2 = -1;
            for (int x = 0; x < geo->n_edges && e2 < 0; x++)
                if (can_piece_with(&after, 0, 1, x, -1, 0))
                    e2 = x;
            if (e2 < 0)
                continue;
            found = 1;
            G = t;
        }
        if (!found)
            continue;
        int e = -1, e2 = -1;
        th_give_dev(&G, 0, DEV_ROADS, 1, 0);
        struct game after = G;
        for (int x = 0; x < geo->n_edges && e < 0; x++)
            if (can_piece_with(&G, 0, 1, x, -1, 0))
                e = x;
        place_ship(&after, NULL, 0, e, EV_FREE_ROAD);
        for (int x = 0; x < geo->n_edges && e2 < 0; x++)
            if (can_piece_with(&after, 0, 1, x, -1, 0))
                e2 = x;
        struct game_action one = th_action(ACT_PLAY_ROADS, 0);
        one.a = (int16_t)e;
        one.ships = PIECE_SHIP_1;
        th_refused(&G, &one, BW_E(INVALID));
        assert_false(listed_pair(&G, 0, e, -1, PIECE_SHIP_1));
        struct game_action two = one;
        two.b = (int16_t)e2;
        two.ships = PIECE_SHIP_1 | PIECE_SHIP_2;
        assert_true(listed_pair(&G, 0, e, e2, PIECE_SHIP_1 | PIECE_SHIP_2));
        struct game_event ev[GAME_MAX_EVENTS];
        struct game reversed = G;
        int n = th_apply(&G, &two, ev);
        assert_int_equal(th_count_events(ev, n, EV_FREE_ROAD), 2);
        assert_true(th_count_events(ev, n, EV_FOG) >= 1);
        assert_int_equal(G.edge_owner[e], 0);
        assert_int_equal(G.edge_owner[e2], 0);
        assert_int_equal(G.p[0].ships, 2);
        /* Named the other way round, the play is the same. */
        two.a = (int16_t)e2;
        two.b = (int16_t)e;
        th_apply(&reversed, &two, NULL);
        assert_memory_equal(&reversed, &G, sizeof G);
        th_check_supply(&G);
    }
    assert_true(found);
}

/* Fog in a state from outside is checked: the pools match what is hidden, a hidden hex holds
 * nothing, and no piece touches it. */
static void test_fog_state_checked(void **state)
{
    (void)state;
    th_blank(&G, 4, BOARD_FOG_ISLANDS_4);
    const struct board_geo *geo = th_geo(&G);
    assert_int_equal(game_check_state(&G), BW_OK);
    int h = __builtin_ctzll(G.fog);
    struct game t = G;
    t.fog_terrain[TERRAIN_FOREST]++; /* one terrain more than hidden hexes */
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
    t = G;
    t.fog_token[6]++; /* a token more than producing terrains */
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
    t = G;
    t.token[h] = 5; /* a hidden hex with a token */
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
    t = G;
    t.fog |= 1; /* fog where the map has none (A is open land) */
    assert_false(geo->fog_hexes & 1);
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
    t = G;
    t.vertex_owner[geo->hex_vertex[h][0]] = 0; /* a settlement on a hidden corner */
    t.vertex_building[geo->hex_vertex[h][0]] = BUILDING_SETTLEMENT;
    t.p[0].settlements++;
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
    t = G;
    t.robber = (int8_t)h;
    assert_int_equal(game_check_state(&t), BW_E(INVALID));
}

/* Random games on both Fog Islands maps go into the fog: most turn some of it over, and the
 * cards it gave stay counted (playouts in test_playout check every step). */
static void test_games_go_into_the_fog(void **state)
{
    (void)state;
    int games = 40, into = 0, found[8] = {0};
    for (int i = 0; i < games; i++) {
        int kind = i % 2 ? BOARD_FOG_ISLANDS_4 : BOARD_FOG_ISLANDS_3;
        struct bw_rng rng;
        th_init_seed(&G, 3 + i % 2, kind, 900 + (uint64_t)i);
        bw_rng_seed(&rng, 77 + (uint64_t)i);
        playout_game(&G, &rng, 200000);
        assert_int_equal(G.phase, PHASE_OVER);
        uint64_t open = th_geo(&G)->fog_hexes & ~G.fog;
        into += open != 0;
        for (; open; open &= open - 1)
            found[G.terrain[__builtin_ctzll(open)]]++;
        assert_int_equal(game_check_state(&G), BW_OK);
    }
    assert_true(into > games / 2);
    assert_true(found[TERRAIN_SEA] > 0 && found[TERRAIN_GOLD] > 0 && found[TERRAIN_FOREST] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fog_hidden_at_start),
        cmocka_unit_test(test_ship_reveals),
        cmocka_unit_test(test_revealed_land_produces),
        cmocka_unit_test(test_road_and_moved_ship_reveal),
        cmocka_unit_test(test_setup_reveals),
        cmocka_unit_test(test_settlement_does_not_explore),
        cmocka_unit_test(test_road_building_explores_first),
        cmocka_unit_test(test_fog_state_checked),
        cmocka_unit_test(test_games_go_into_the_fog),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
