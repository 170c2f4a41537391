/* Through the Desert (a belt of deserts parts the big island: the land beyond it is an island
 * of its own, with its bonus) and The New World (a map of islands drawn for each game, fair by
 * construction, the same for the same seed): their rules and maps. */
#include "engine_helpers.h"

#include <stdio.h>

#include "map/map.h"

static struct game G;

/* Vertices (0-based) joined to FROM by a path of edges in SET with no building on the way; the
 * path to TO into path[] (vertices, FROM first), its length returned, or -1. */
static int find_path(const struct game *g, const uint64_t set[BOARD_WORDS], int from, int to,
                     int *path)
{
    const struct board_geo *geo = game_geo(g);
    int prev[BOARD_MAX_VERTICES], queue[BOARD_MAX_VERTICES], head = 0, tail = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        prev[v] = -2;
    prev[from] = -1;
    queue[tail++] = from;
    while (head < tail) {
        int v = queue[head++];
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e < 0 || !bits_has(set, e) || g->edge_owner[e] >= 0)
                continue;
            int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
            if (prev[w] != -2 || (g->vertex_owner[w] >= 0 && w != to))
                continue;
            prev[w] = v;
            queue[tail++] = w;
        }
    }
    if (prev[to] == -2)
        return -1;
    int n = 0;
    for (int v = to; v >= 0; v = prev[v])
        n++;
    for (int v = to, i = n - 1; v >= 0; v = prev[v], i--)
        path[i] = v;
    return n;
}

/* The island of the map's hex at grid ROW.COL (1-based as the map file writes it). */
static int hex_at(const struct game *g, int x, int y)
{
    const struct board_geo *geo = game_geo(g);
    for (int h = 0; h < geo->n_hexes; h++)
        if (geo->hex_x[h] == x && geo->hex_y[h] == y)
            return h;
    return -1;
}

/* ---- Through the Desert ---- */

/* The desert belt parts the big island: the strip beyond it (fields 8, mountains 11, gold 10
 * for 4 players) is an island of its own, no desert is on an island, and the players start on
 * the main island only. */
static void test_desert_parts_islands(void **state)
{
    (void)state;
    static const int boards[2] = {BOARD_DESERT_3, BOARD_DESERT_4};
    for (int b = 0; b < 2; b++) {
        th_init(&G, 3 + b, boards[b]);
        const struct board_geo *geo = th_geo(&G);
        int deserts = 0, strip = -1, main = -1;
        for (int h = 0; h < geo->n_hexes; h++) {
            if (G.terrain[h] == TERRAIN_DESERT) {
                deserts++;
                assert_int_equal(geo->hex_island[h], -1);
            }
            if (G.terrain[h] == TERRAIN_GOLD && geo->hex_y[h] == 3) /* the strip's gold field */
                strip = geo->hex_island[h];
        }
        assert_int_equal(deserts, 3);
        assert_true(strip >= 0);
        for (int i = 0; i < geo->n_islands; i++)
            if (geo->home_islands >> i & 1)
                main = i;
        assert_int_equal(geo->home_islands, 1u << main);
        assert_true(strip != main);
        assert_int_equal(geo->n_islands, b ? 5 : 4); /* main, strip and the small islands */
        /* Setup: only the main island's corners are offered. */
        struct game_action acts[256];
        int n = game_legal_actions(&G, 0, acts, 256);
        assert_true(n > 10);
        for (int i = 0; i < n; i++)
            assert_int_equal(game_vertex_island(&G, acts[i].a), main);
    }
}

/* A first settlement beyond the desert earns the island bonus (2 points), reached by a road
 * across the desert; a second there earns nothing more. */
static void test_beyond_the_desert(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_blank(&G, 4, BOARD_DESERT_4);
    const struct board_geo *geo = th_geo(&G);
    int desert = th_desert(&G), main = __builtin_ctz(geo->home_islands), from = -1, to = -1;
    /* A main island corner of the first desert, and a strip corner two deserts away. */
    for (int c = 0; c < 6; c++) {
        int v = geo->hex_vertex[desert][c];
        if (geo->vertex_island[v] == main && from < 0)
            from = v;
    }
    for (int v = 0; v < geo->n_vertices; v++)
        if (geo->vertex_island[v] >= 0 && geo->vertex_island[v] != main &&
            (geo->vertex_hex_bits[v] & (1ull << hex_at(&G, 3, 0))) && to < 0)
            to = v; /* on the strip's fields (the hex at x 3 of the top row) */
    assert_true(from >= 0 && to >= 0);
    int path[BOARD_MAX_VERTICES];
    int n = find_path(&G, G.edge_land, from, to, path);
    assert_true(n >= 3);
    th_place_settlement(&G, 0, from + 1);
    G.p[0].home_islands = (uint16_t)(1u << main);
    for (int i = 0; i + 1 < n; i++)
        th_place_road(&G, 0, path[i] + 1, path[i + 1] + 1);
    assert_int_equal(game_vp_public(&G, 0), 1);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    struct game_action s = th_act_settle(&G, 0, to + 1);
    int k = th_apply(&G, &s, ev);
    const struct game_event *e = th_find_event(ev, k, EV_ISLAND, 0);
    assert_non_null(e);
    assert_int_equal(e->a, geo->vertex_island[to]);
    assert_int_equal(e->b, 2);
    assert_int_equal(game_island_points(&G, 0), 2);
    assert_int_equal(game_vp_public(&G, 0), 4);
    assert_int_equal(G.vp_goal, 14);
}

/* The map keys: deserts_divide parts islands at deserts (without it the land is one island);
 * it wants fixed deserts; random_islands takes no home and no harbor lines. */
static void test_map_keys(void **state)
{
    (void)state;
    static struct map m;
    char err[200];
    const char *strip = "name = x\nplayers = 3-4\nhome = 2.2\n%s"
                        "grid\n  ~ ~ ~ ~ ~ ~\n~ F5 H6 D W9 M10 ~\n  ~ ~ ~ ~ ~ ~\nend\n";
    char text[512];
    snprintf(text, sizeof text, strip, "deserts_divide = yes\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(m.n_islands, 2);
    snprintf(text, sizeof text, strip, "");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(m.n_islands, 1);
    snprintf(text, sizeof text, strip, "deserts_divide = maybe\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), -1);
    assert_string_equal(err, "t.map:4: deserts_divide: write yes or no");
    const char *pool = "name = x\nplayers = 3-4\ndeserts_divide = yes\nrobber = none\n"
                       "terrains = forest, desert\ntokens = 5\n"
                       "grid\n  ~ ~ ~\n~ * * ~\n  ~ ~ ~\nend\n";
    assert_int_equal(map_parse(pool, strlen(pool), "t.map", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.map:5: deserts_divide: the deserts that divide islands"));
    const char *world = "name = x\nplayers = 3-4\nrandom_islands = yes\nrobber = none\n"
                        "fog_terrains = forest, hills, sea x2\nfog_tokens = 5, 9\n%s"
                        "grid\n  ~ ~ ~ ~ ~\n~ ? ? ? ? ~\n  ~ ~ ~ ~ ~\nend\n";
    snprintf(text, sizeof text, world, "harbors = 3:1\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), 0);
    assert_true(m.random_islands);
    snprintf(text, sizeof text, world, "home = 2.2\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.map:7: home: the islands are drawn for each game"));
    snprintf(text, sizeof text, world, "harbor = 2.2 W\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &m, err, sizeof err), -1);
    assert_non_null(strstr(err, "t.map:7: harbor: the harbors are dealt onto the coasts"));
}

/* ---- The New World ---- */

/* The islands of a game's land, by their first hex: each island's hexes into island[]. */
static int islands_of_land(const struct board_geo *geo, uint64_t land, uint64_t island[16])
{
    int n = 0;
    for (uint64_t left = land; left && n < 16; n++) {
        uint64_t set = left & -left, grown;
        do {
            grown = set;
            for (uint64_t s = set; s; s &= s - 1)
                for (int k = 0; k < 6; k++) {
                    int nb = geo->hex_neighbor[__builtin_ctzll(s)][k];
                    if (nb >= 0 && (land >> nb & 1))
                        grown |= 1ull << nb;
                }
            if (grown == set)
                break;
            set = grown;
        } while (1);
        island[n] = set;
        left &= ~set;
    }
    return n;
}

/* One drawn map checked: the pools' terrains and numbers on the land, red numbers apart, 3 to
 * 5 islands of two hexes or more, the harbors of the pool on coasts, one at least on every
 * island, the pirate at sea, room for every setup settlement, a state the engine accepts. */
static void check_new_world(const struct game *g)
{
    const struct board_geo *geo = game_geo(g);
    const struct board_setup *s = board_setup(g->opt.board);
    int terrains[8] = {0}, tokens[13] = {0};
    for (int h = 0; h < geo->n_hexes; h++) {
        terrains[g->terrain[h]] += (geo->drawn_hexes >> h & 1) != 0;
        tokens[g->token[h]]++;
        int land = (int)(g->land >> h & 1), producing = land && g->terrain[h] < TERRAIN_DESERT;
        assert_int_equal(land, g->terrain[h] != TERRAIN_SEA);
        assert_int_equal(g->token[h] != 0, producing);
        if (g->token[h] == 6 || g->token[h] == 8)
            for (int k = 0; k < 6; k++) {
                int nb = geo->hex_neighbor[h][k];
                assert_true(nb < 0 || (g->token[nb] != 6 && g->token[nb] != 8));
            }
    }
    for (int t = 0; t < 8; t++)
        assert_int_equal(terrains[t], s->fog_terrain[t]);
    for (int t = 2; t <= 12; t++)
        assert_int_equal(tokens[t], s->fog_token[t]);
    assert_int_equal(g->fog, 0);
    uint64_t island[16];
    int n = islands_of_land(geo, g->land, island);
    assert_true(n >= 3 && n <= 5);
    int harbors = 0, types[HARBOR_NONE] = {0}, pool[HARBOR_NONE] = {0};
    uint64_t with_harbor = 0;
    uint64_t corners[BOARD_WORDS] = {0};
    for (int k = 0; k < geo->n_harbors; k++) {
        if (g->harbor[k] == HARBOR_NONE)
            continue;
        assert_true(g->harbor[k] < HARBOR_NONE);
        int e = geo->harbor_edge[k], hex = game_harbor_hex(g, k), sides = 0;
        for (int i = 0; i < 2; i++)
            sides += geo->edge_hex[e][i] >= 0 && (g->land >> geo->edge_hex[e][i] & 1);
        assert_int_equal(sides, 1);
        assert_true(hex >= 0 && (g->land >> hex & 1));
        for (int i = 0; i < 2; i++) { /* no two harbors share a corner */
            assert_false(bits_has(corners, geo->edge_vertex[e][i]));
            bits_set(corners, geo->edge_vertex[e][i]);
        }
        with_harbor |= 1ull << hex;
        types[g->harbor[k]]++;
        harbors++;
    }
    for (int i = 0; i < s->n_harbors; i++)
        pool[s->harbors[i]]++;
    assert_int_equal(harbors, s->n_drawn_harbors);
    assert_memory_equal(types, pool, sizeof types);
    int corners_on_land = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        corners_on_land += (geo->vertex_hex_bits[v] & g->land) != 0;
    assert_true(corners_on_land > 4 * (2 * g->opt.n_players - 1));
    for (int i = 0; i < n; i++) {
        assert_true(__builtin_popcountll(island[i]) >= 2);
        assert_true(island[i] & with_harbor);
    }
    assert_true(g->pirate >= 0 && !(g->land >> g->pirate & 1));
    assert_int_equal(g->robber, -1);
    assert_int_equal(game_check_state(g), BW_OK);
}

/* Many seeds: every map fair as above, no two alike; the same seed, the same map. */
static void test_new_world_seeds(void **state)
{
    (void)state;
    static uint64_t lands[1000];
    for (int b = 0; b < 2; b++) {
        int players = 3 + b, board = b ? BOARD_NEW_WORLD_4 : BOARD_NEW_WORLD_3;
        for (int i = 0; i < 1000; i++) {
            th_init_seed(&G, players, board, 7000000u + (uint64_t)i);
            check_new_world(&G);
            lands[i] = G.land;
            struct game again;
            th_init_seed(&again, players, board, 7000000u + (uint64_t)i);
            assert_memory_equal(&again, &G, sizeof G);
        }
        int same = 0;
        for (int i = 0; i < 1000; i++)
            for (int j = 0; j < i; j++)
                same += lands[i] == lands[j];
        assert_true(same < 5); /* land and sea alone already tell games apart */
    }
}

/* Setup settlements on any land; a first settlement on another of the game's islands earns the
 * island bonus, reached by ships. */
static void test_new_world_islands(void **state)
{
    (void)state;
    struct game_event ev[GAME_MAX_EVENTS];
    th_init_seed(&G, 4, BOARD_NEW_WORLD_4, 99);
    const struct board_geo *geo = th_geo(&G);
    uint64_t island[16];
    int n = islands_of_land(geo, G.land, island);
    /* Every island's corners are offered for the first setup settlement. */
    struct game_action acts[256];
    int k = game_legal_actions(&G, 0, acts, 256);
    uint64_t offered = 0;
    for (int i = 0; i < k; i++) {
        assert_int_equal(acts[i].type, ACT_BUILD_SETTLEMENT);
        offered |= geo->vertex_hex_bits[acts[i].a] & G.land;
    }
    for (int i = 0; i < n; i++)
        assert_true(offered & island[i]);
    /* Player 0 settles a coastal corner of island 0 in setup, then sails to island 1. */
    int from = -1, to = -1, path[BOARD_MAX_VERTICES], len = -1;
    for (int v = 0; v < geo->n_vertices && len < 0; v++) {
        if (!(geo->vertex_hex_bits[v] & island[0]) || G.vertex_owner[v] >= 0)
            continue;
        for (int w = 0; w < geo->n_vertices && len < 0; w++)
            if ((geo->vertex_hex_bits[w] & island[1]) && !(geo->vertex_hex_bits[w] & island[0])) {
                len = find_path(&G, G.edge_sea, v, w, path);
                from = v;
                to = w;
            }
    }
    assert_true(len >= 3);
    struct game_action settle = th_act_settle(&G, 0, from + 1);
    th_apply(&G, &settle, ev);
    assert_int_equal(G.p[0].home_islands, 1);
    assert_int_equal(game_vertex_island(&G, from), 0);
    th_main_phase(&G, 0);
    for (int i = 0; i + 1 < len; i++)
        th_place_ship(&G, 0, path[i] + 1, path[i + 1] + 1);
    th_give(&G, 0, 1, 1, 1, 1, 0);
    settle = th_act_settle(&G, 0, to + 1);
    k = th_apply(&G, &settle, ev);
    const struct game_event *e = th_find_event(ev, k, EV_ISLAND, 0);
    assert_non_null(e);
    assert_int_equal(e->a, 1);
    assert_int_equal(e->b, 2);
    assert_int_equal(game_island_points(&G, 0), 2);
    /* Rebuilt from the board alone (a restored game), the same islands and points. */
    memset(G.islands_of, 0, sizeof G.islands_of);
    game_reindex(&G);
    assert_int_equal(G.islands_of[0], 3);
    assert_int_equal(game_island_points(&G, 0), 2);
    assert_int_equal(G.vp_goal, 12);
}

/* A restored state with a harbor off the coast, or a harbor where the map has none, is
 * refused. */
static void test_new_world_state_checked(void **state)
{
    (void)state;
    th_init_seed(&G, 3, BOARD_NEW_WORLD_3, 5);
    const struct board_geo *geo = th_geo(&G);
    for (int k = 0; k < geo->n_harbors; k++) {
        int e = geo->harbor_edge[k], sides = 0;
        for (int i = 0; i < 2; i++)
            sides += geo->edge_hex[e][i] >= 0 && (G.land >> geo->edge_hex[e][i] & 1);
        if (sides != 1) {
            struct game bad = G;
            bad.harbor[k] = HARBOR_GENERIC;
            assert_int_equal(game_check_state(&bad), BW_E(INVALID));
            break;
        }
    }
    struct game bad;
    th_init(&bad, 3, BOARD_DESERT_3);
    bad.harbor[0] = HARBOR_NONE; /* only a drawn map leaves slots empty */
    assert_int_equal(game_check_state(&bad), BW_E(INVALID));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_desert_parts_islands),
        cmocka_unit_test(test_beyond_the_desert),
        cmocka_unit_test(test_map_keys),
        cmocka_unit_test(test_new_world_seeds),
        cmocka_unit_test(test_new_world_islands),
        cmocka_unit_test(test_new_world_state_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
