/* Board geometry: the numbering of SPEC §4 and the structure built from the maps. The boards
 * used to be built from their row shape (3-4-5-4-3, 3-4-5-6-5-4-3) and dealt from fixed
 * supplies; that builder and that deal are kept here as the reference the maps must match,
 * field by field and seed by seed. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/game.h"
#include "map/map.h"

/* ---- the reference: the board as built before maps ---- */

static const int corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int corner_dy[6] = {-2, -1, 1, 2, 1, -1};
static const int side_dx[6] = {1, 2, 1, -1, -2, -1};
static const int side_dy[6] = {-3, 0, 3, 3, 0, -3};
static const int shape_base[] = {3, 4, 5, 4, 3};
static const int shape_big[] = {3, 4, 5, 6, 5, 4, 3};
static const int harbors_per_kind[BOARD_KIND_COUNT] = {9, 11};

static int ref_find_hex(const struct board_geo *g, int x, int y)
{
    for (int h = 0; h < g->n_hexes; h++)
        if (g->hex_x[h] == x && g->hex_y[h] == y)
            return h;
    return -1;
}

static int ref_find_vertex(const struct board_geo *g, int x, int y)
{
    for (int v = 0; v < g->n_vertices; v++)
        if (g->vertex_x[v] == x && g->vertex_y[v] == y)
            return v;
    return -1;
}

static void ref_add3(int8_t a[3], int value)
{
    for (int i = 0; i < 3; i++) {
        if (a[i] == value)
            return;
        if (a[i] < 0) {
            a[i] = (int8_t)value;
            return;
        }
    }
}

static void ref_add3_16(int16_t a[3], int value)
{
    for (int i = 0; i < 3; i++) {
        if (a[i] == value)
            return;
        if (a[i] < 0) {
            a[i] = (int16_t)value;
            return;
        }
    }
}

static void ref_build_vertices(struct board_geo *g)
{
    int xs[BOARD_MAX_VERTICES] = {0}, ys[BOARD_MAX_VERTICES] = {0}, n = 0;
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int x = g->hex_x[h] + corner_dx[c], y = g->hex_y[h] + corner_dy[c], seen = 0;
            for (int i = 0; i < n; i++)
                seen |= xs[i] == x && ys[i] == y;
            if (!seen) {
                xs[n] = x;
                ys[n] = y;
                n++;
            }
        }
    /* Row by row (y), then left to right (x): the users' numbering. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (ys[j] < ys[j - 1] || (ys[j] == ys[j - 1] && xs[j] < xs[j - 1]));
             j--) {
            int tx = xs[j], ty = ys[j];
            xs[j] = xs[j - 1];
            ys[j] = ys[j - 1];
            xs[j - 1] = tx;
            ys[j - 1] = ty;
        }
    g->n_vertices = n;
    g->n_vrows = 0;
    g->min_x = g->max_x = xs[0];
    g->min_y = ys[0];
    g->max_y = ys[n - 1];
    for (int v = 0; v < n; v++) {
        g->vertex_x[v] = (int16_t)xs[v];
        g->vertex_y[v] = (int16_t)ys[v];
        if (v == 0 || ys[v] != ys[v - 1])
            g->vrow_len[g->n_vrows++] = 0;
        g->vrow_len[g->n_vrows - 1]++;
        if (xs[v] < g->min_x)
            g->min_x = xs[v];
        if (xs[v] > g->max_x)
            g->max_x = xs[v];
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int v = ref_find_vertex(g, g->hex_x[h] + corner_dx[c], g->hex_y[h] + corner_dy[c]);
            g->hex_vertex[h][c] = (uint8_t)v;
            ref_add3(g->vertex_hex[v], h);
        }
}

static void ref_build_edges(struct board_geo *g)
{
    /* The hexes on each side of every pair of adjacent corners, then the pairs in order. */
    static int8_t side_hex[BOARD_MAX_VERTICES][BOARD_MAX_VERTICES][2];
    memset(side_hex, -1, sizeof side_hex);
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int v1 = g->hex_vertex[h][c], v2 = g->hex_vertex[h][(c + 1) % 6];
            int8_t *slot = side_hex[v1 < v2 ? v1 : v2][v1 < v2 ? v2 : v1];
            slot[slot[0] >= 0] = (int8_t)h;
        }
    int n = 0;
    for (int a = 0; a < g->n_vertices; a++)
        for (int b = a + 1; b < g->n_vertices; b++) {
            if (side_hex[a][b][0] < 0)
                continue;
            g->edge_vertex[n][0] = (uint8_t)a;
            g->edge_vertex[n][1] = (uint8_t)b;
            g->edge_hex[n][0] = side_hex[a][b][0];
            g->edge_hex[n][1] = side_hex[a][b][1];
            ref_add3_16(g->vertex_vertex[a], b);
            ref_add3_16(g->vertex_vertex[b], a);
            ref_add3_16(g->vertex_edge[a], n);
            ref_add3_16(g->vertex_edge[b], n);
            n++;
        }
    g->n_edges = n;
    for (int v = 0; v < g->n_vertices; v++) {
        int d = 0, k = 0;
        while (d < 3 && g->vertex_vertex[v][d] >= 0)
            d++;
        while (k < 3 && g->vertex_hex[v][k] >= 0)
            k++;
        g->vertex_degree[v] = (uint8_t)d;
        g->vertex_hex_count[v] = (uint8_t)k;
    }
}

static void ref_set_bit(uint64_t set[BOARD_WORDS], int i)
{
    set[i >> 6] |= 1ull << (i & 63);
}

static void ref_build_bits(struct board_geo *g)
{
    for (int v = 0; v < g->n_vertices; v++) {
        ref_set_bit(g->vertex_near_bits[v], v);
        for (int i = 0; i < 3; i++) {
            if (g->vertex_edge[v][i] >= 0)
                ref_set_bit(g->vertex_edge_bits[v], g->vertex_edge[v][i]);
            if (g->vertex_vertex[v][i] >= 0)
                ref_set_bit(g->vertex_near_bits[v], g->vertex_vertex[v][i]);
        }
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            ref_set_bit(g->hex_vertex_bits[h], g->hex_vertex[h][c]);
            g->vertex_hex_bits[g->hex_vertex[h][c]] |= 1u << h;
        }
}

static void ref_build_coast_and_harbors(struct board_geo *g)
{
    /* Walk the coast clockwise from vertex 0 (the N corner of hex A), first to the right. */
    int prev_edge = -1, v = 0, n = 0;
    for (int step = 0; step < BOARD_MAX_COAST; step++) {
        int next = -1;
        for (int i = 0; i < 3; i++) {
            int e = g->vertex_edge[v][i];
            if (e < 0 || e == prev_edge || g->edge_hex[e][1] >= 0)
                continue;
            int other = g->edge_vertex[e][0] == v ? g->edge_vertex[e][1] : g->edge_vertex[e][0];
            if (prev_edge < 0 && g->vertex_x[other] < g->vertex_x[v])
                continue;
            next = e;
        }
        if (next < 0 || (n > 0 && next == g->coast_edge[0]))
            break;
        g->coast_edge[n++] = (uint8_t)next;
        v = g->edge_vertex[next][0] == v ? g->edge_vertex[next][1] : g->edge_vertex[next][0];
        prev_edge = next;
    }
    g->n_coast = n;
    g->n_harbors = harbors_per_kind[g->kind];
    memset(g->vertex_harbor_slot, -1, sizeof g->vertex_harbor_slot);
    for (int k = 0; k < g->n_harbors; k++) {
        int e = g->coast_edge[k * n / g->n_harbors];
        g->harbor_edge[k] = (uint8_t)e;
        g->harbor_hex[k] = g->edge_hex[e][0];
        g->vertex_harbor_slot[g->edge_vertex[e][0]] = (int8_t)k;
        g->vertex_harbor_slot[g->edge_vertex[e][1]] = (int8_t)k;
    }
}

static void ref_build(struct board_geo *g, int kind, const int *shape, int rows)
{
    memset(g, 0, sizeof *g);
    memset(g->hex_neighbor, -1, sizeof g->hex_neighbor);
    memset(g->vertex_hex, -1, sizeof g->vertex_hex);
    memset(g->vertex_vertex, -1, sizeof g->vertex_vertex);
    memset(g->vertex_edge, -1, sizeof g->vertex_edge);
    g->kind = kind;
    g->n_rows = rows;
    for (int r = 0; r < rows; r++) {
        g->row_len[r] = shape[r];
        g->row_first[r] = g->n_hexes;
        for (int i = 0; i < shape[r]; i++) {
            g->hex_x[g->n_hexes] = (int16_t)(2 * i - (shape[r] - 1));
            g->hex_y[g->n_hexes] = (int16_t)(3 * r);
            g->n_hexes++;
        }
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int s = 0; s < 6; s++)
            g->hex_neighbor[h][s] =
                (int8_t)ref_find_hex(g, g->hex_x[h] + side_dx[s], g->hex_y[h] + side_dy[s]);
    ref_build_vertices(g);
    ref_build_edges(g);
    /* Land only, one island: every hex, corner and edge touches land. */
    g->n_islands = 1;
    g->n_land = g->n_hexes;
    g->land_hexes = (1ull << g->n_hexes) - 1;
    for (int v = 0; v < g->n_vertices; v++)
        ref_set_bit(g->vertex_land_bits, v);
    for (int e = 0; e < g->n_edges; e++)
        ref_set_bit(g->edge_land_bits, e);
    ref_build_bits(g);
    ref_build_coast_and_harbors(g);
    /* No sea inside the frame: no ship edges, no pirate, no island bonus; every hex and corner
     * on island 0, the home island. */
    memset(g->hex_island, 0, sizeof g->hex_island);
    memset(g->hex_island + g->n_hexes, -1, sizeof g->hex_island - (size_t)g->n_hexes);
    memset(g->vertex_island, 0, sizeof g->vertex_island);
    memset(g->vertex_island + g->n_vertices, -1, sizeof g->vertex_island - (size_t)g->n_vertices);
    g->home_islands = 1;
    memcpy(g->vertex_home_bits, g->vertex_land_bits, sizeof g->vertex_home_bits);
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++)
            for (int e = 0; e < g->n_edges; e++)
                if ((g->edge_vertex[e][0] == g->hex_vertex[h][c] &&
                     g->edge_vertex[e][1] == g->hex_vertex[h][(c + 1) % 6]) ||
                    (g->edge_vertex[e][1] == g->hex_vertex[h][c] &&
                     g->edge_vertex[e][0] == g->hex_vertex[h][(c + 1) % 6]))
                    ref_set_bit(g->hex_edge_bits[h], e);
}

struct ref_supply {
    uint8_t terrain[6]; /* forest hills pasture fields mountains desert */
    uint8_t tokens[28];
    uint8_t n_tokens;
    uint8_t harbors[6]; /* 2:1 per resource, then 3:1 */
};

static const struct ref_supply ref_supplies[BOARD_KIND_COUNT] = {
    {{4, 3, 4, 4, 3, 1},
     {2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12},
     18,
     {1, 1, 1, 1, 1, 4}},
    {{6, 5, 6, 6, 5, 2},
     {2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12},
     28,
     {1, 1, 2, 1, 1, 5}},
};

static int ref_place_reds(struct game *g, const struct board_geo *geo, uint8_t *is_red, int n_red)
{
    uint8_t order[BOARD_MAX_HEXES];
    int n = 0;
    for (int h = 0; h < geo->n_hexes; h++)
        if (g->terrain[h] != TERRAIN_DESERT)
            order[n++] = (uint8_t)h;
    bw_rng_shuffle_u8(&g->rng, order, n);
    int placed = 0;
    memset(is_red, 0, BOARD_MAX_HEXES);
    for (int i = 0; i < n && placed < n_red; i++) {
        int h = order[i], ok = 1;
        for (int s = 0; s < 6; s++) {
            int nb = geo->hex_neighbor[h][s];
            if (nb >= 0 && is_red[nb])
                ok = 0;
        }
        if (ok) {
            is_red[h] = 1;
            placed++;
        }
    }
    return placed == n_red;
}

static void ref_setup_board(struct game *g, const struct board_geo *geo, const struct ref_supply *s)
{
    int n = 0;
    for (int t = 0; t < 6; t++)
        for (int k = 0; k < s->terrain[t]; k++)
            g->terrain[n++] = (uint8_t)t;
    bw_rng_shuffle_u8(&g->rng, g->terrain, geo->n_hexes);

    /* No two red numbers (6, 8) on neighbouring hexes: choose the red hexes first. */
    uint8_t reds[8], others[28], is_red[BOARD_MAX_HEXES];
    int n_red = 0, n_other = 0;
    for (int i = 0; i < s->n_tokens; i++) {
        if (s->tokens[i] == 6 || s->tokens[i] == 8)
            reds[n_red++] = s->tokens[i];
        else
            others[n_other++] = s->tokens[i];
    }
    while (!ref_place_reds(g, geo, is_red, n_red))
        ;
    bw_rng_shuffle_u8(&g->rng, reds, n_red);
    bw_rng_shuffle_u8(&g->rng, others, n_other);
    int ri = 0, oi = 0;
    g->robber = -1;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (g->terrain[h] == TERRAIN_DESERT) {
            g->token[h] = 0;
            if (g->robber < 0)
                g->robber = (int8_t)h;
        } else {
            g->token[h] = is_red[h] ? reds[ri++] : others[oi++];
        }
    }

    n = 0;
    for (int t = 0; t < 6; t++)
        for (int k = 0; k < s->harbors[t]; k++)
            g->harbor[n++] = (uint8_t)t;
    bw_rng_shuffle_u8(&g->rng, g->harbor, geo->n_harbors);
}

/* ---- tests ---- */

static int corner(const struct board_geo *geo, int hex, int c)
{
    return geo->hex_vertex[hex][c] + 1; /* users count from 1 */
}

static void test_base_counts(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BASE);
    static const int vrows[] = {3, 4, 4, 5, 5, 6, 6, 5, 5, 4, 4, 3};
    assert_int_equal(geo->n_hexes, 19);
    assert_int_equal(geo->n_vertices, 54);
    assert_int_equal(geo->n_edges, 72);
    assert_int_equal(geo->n_vrows, 12);
    for (int i = 0; i < 12; i++)
        assert_int_equal(geo->vrow_len[i], vrows[i]);
    assert_int_equal(geo->n_coast, 30);
    assert_int_equal(geo->n_harbors, 9);
}

static void test_big_counts(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BIG);
    static const int rows[] = {3, 4, 5, 6, 5, 4, 3};
    assert_int_equal(geo->n_rows, 7);
    for (int i = 0; i < 7; i++)
        assert_int_equal(geo->row_len[i], rows[i]);
    assert_int_equal(geo->n_hexes, 30);
    assert_int_equal(geo->n_vertices, 80);
    /* A planar map: vertices - edges + faces (hexes and the sea) = 2. */
    assert_int_equal(geo->n_edges, geo->n_vertices + geo->n_hexes - 1);
    assert_int_equal(geo->n_harbors, 11);
    int sum = 0;
    for (int i = 0; i < geo->n_vrows; i++)
        sum += geo->vrow_len[i];
    assert_int_equal(sum, 80);
}

static void test_spec_corners(void **state)
{
    (void)state;
    const struct board_geo *geo = board_geo(BOARD_BASE);
    /* SPEC §4: hex A has N=1, NE=5, SE=9, S=13, SW=8, NW=4; J has 19 25 31 36 30 24. */
    const int a[6] = {1, 5, 9, 13, 8, 4}, j[6] = {19, 25, 31, 36, 30, 24};
    for (int c = 0; c < 6; c++) {
        assert_int_equal(corner(geo, 0, c), a[c]);
        assert_int_equal(corner(geo, 9, c), j[c]);
    }
}

static void test_structure(void **state)
{
    (void)state;
    for (int kind = 0; kind < BOARD_KIND_COUNT; kind++) {
        const struct board_geo *geo = board_geo(kind);
        int coast = 0;
        for (int e = 0; e < geo->n_edges; e++) {
            int a = geo->edge_vertex[e][0], b = geo->edge_vertex[e][1];
            assert_true(a < b);
            assert_int_equal(board_edge_between(geo, a, b), e);
            assert_int_equal(board_edge_between(geo, b, a), e);
            coast += geo->edge_hex[e][1] < 0;
        }
        assert_int_equal(coast, geo->n_coast);
        for (int v = 0; v < geo->n_vertices; v++) {
            assert_true(geo->vertex_degree[v] == 2 || geo->vertex_degree[v] == 3);
            assert_true(geo->vertex_hex_count[v] >= 1 && geo->vertex_hex_count[v] <= 3);
            for (int i = 0; i < geo->vertex_degree[v]; i++) {
                int w = geo->vertex_vertex[v][i];
                assert_int_equal(board_edge_between(geo, v, w), geo->vertex_edge[v][i]);
            }
        }
        for (int h = 0; h < geo->n_hexes; h++)
            for (int c = 0; c < 6; c++) {
                /* Consecutive corners are joined by an edge. */
                assert_true(board_edge_between(geo, geo->hex_vertex[h][c],
                                               geo->hex_vertex[h][(c + 1) % 6]) >= 0);
                int nb = geo->hex_neighbor[h][c];
                if (nb >= 0) {
                    int shared = 0;
                    for (int i = 0; i < 6; i++)
                        for (int k = 0; k < 6; k++)
                            shared += geo->hex_vertex[h][i] == geo->hex_vertex[nb][k];
                    assert_int_equal(shared, 2);
                }
            }
        assert_int_equal(board_edge_between(geo, 0, 2), -1);
        assert_int_equal(board_edge_between(geo, -1, 2), -1);
        assert_int_equal(board_edge_between(geo, 0, geo->n_vertices), -1);
    }
}

static void test_coast_and_harbors(void **state)
{
    (void)state;
    for (int kind = 0; kind < BOARD_KIND_COUNT; kind++) {
        const struct board_geo *geo = board_geo(kind);
        /* The coast is one closed walk: consecutive coastal edges share a vertex. */
        for (int i = 0; i < geo->n_coast; i++) {
            int e = geo->coast_edge[i], f = geo->coast_edge[(i + 1) % geo->n_coast];
            assert_true(geo->edge_hex[e][1] < 0);
            int shared = 0;
            for (int a = 0; a < 2; a++)
                for (int b = 0; b < 2; b++)
                    shared += geo->edge_vertex[e][a] == geo->edge_vertex[f][b];
            assert_int_equal(shared, 1);
        }
        int used[BOARD_MAX_VERTICES] = {0};
        for (int k = 0; k < geo->n_harbors; k++) {
            int e = geo->harbor_edge[k];
            assert_true(geo->edge_hex[e][1] < 0);
            assert_int_equal(geo->harbor_hex[k], geo->edge_hex[e][0]);
            for (int i = 0; i < 2; i++) {
                int v = geo->edge_vertex[e][i];
                assert_int_equal(used[v], 0); /* no vertex serves two harbors */
                used[v] = 1;
                assert_int_equal(geo->vertex_harbor_slot[v], k);
            }
        }
    }
}

static void test_hex_names(void **state)
{
    (void)state;
    char buf[4];
    const struct board_geo *big = board_geo(BOARD_BIG), *base = board_geo(BOARD_BASE);
    assert_string_equal(board_hex_name(0, buf), "A");
    assert_string_equal(board_hex_name(25, buf), "Z");
    assert_string_equal(board_hex_name(26, buf), "AA");
    assert_string_equal(board_hex_name(29, buf), "AD");
    assert_int_equal(board_hex_parse(base, "a"), 0);
    assert_int_equal(board_hex_parse(base, "S"), 18);
    assert_int_equal(board_hex_parse(base, "T"), -1);
    assert_int_equal(board_hex_parse(big, "ad"), 29);
    assert_int_equal(board_hex_parse(big, "AE"), -1);
    assert_int_equal(board_hex_parse(big, ""), -1);
    assert_int_equal(board_hex_parse(big, "A1"), -1);
    assert_non_null(board_geo(BOARD_FOG_ISLANDS_3));
    assert_null(board_geo(BOARD_KINDS));
}

#define SAME_ARRAY(field) assert_memory_equal(geo->field, ref->field, sizeof ref->field)

static void test_same_as_shapes(void **state)
{
    (void)state;
    static struct board_geo refs[BOARD_KIND_COUNT];
    ref_build(&refs[BOARD_BASE], BOARD_BASE, shape_base, 5);
    ref_build(&refs[BOARD_BIG], BOARD_BIG, shape_big, 7);
    for (int kind = 0; kind < BOARD_KIND_COUNT; kind++) {
        const struct board_geo *geo = board_geo(kind), *ref = &refs[kind];
        assert_non_null(geo);
        assert_int_equal(geo->kind, ref->kind);
        assert_int_equal(geo->n_rows, ref->n_rows);
        assert_int_equal(geo->n_hexes, ref->n_hexes);
        assert_int_equal(geo->n_vertices, ref->n_vertices);
        assert_int_equal(geo->n_edges, ref->n_edges);
        assert_int_equal(geo->n_harbors, ref->n_harbors);
        assert_int_equal(geo->n_coast, ref->n_coast);
        assert_int_equal(geo->n_vrows, ref->n_vrows);
        assert_int_equal(geo->min_x, ref->min_x);
        assert_int_equal(geo->max_x, ref->max_x);
        assert_int_equal(geo->min_y, ref->min_y);
        assert_int_equal(geo->max_y, ref->max_y);
        SAME_ARRAY(row_len);
        SAME_ARRAY(row_first);
        SAME_ARRAY(vrow_len);
        SAME_ARRAY(hex_x);
        SAME_ARRAY(hex_y);
        SAME_ARRAY(vertex_x);
        SAME_ARRAY(vertex_y);
        SAME_ARRAY(hex_vertex);
        SAME_ARRAY(hex_neighbor);
        SAME_ARRAY(vertex_hex);
        SAME_ARRAY(vertex_vertex);
        SAME_ARRAY(vertex_edge);
        SAME_ARRAY(vertex_hex_count);
        SAME_ARRAY(vertex_degree);
        SAME_ARRAY(edge_vertex);
        SAME_ARRAY(edge_hex);
        SAME_ARRAY(coast_edge);
        SAME_ARRAY(harbor_edge);
        SAME_ARRAY(harbor_hex);
        SAME_ARRAY(vertex_harbor_slot);
        SAME_ARRAY(vertex_edge_bits);
        SAME_ARRAY(vertex_near_bits);
        SAME_ARRAY(hex_vertex_bits);
        SAME_ARRAY(vertex_hex_bits);
        SAME_ARRAY(hex_edge_bits);
        SAME_ARRAY(hex_island);
        SAME_ARRAY(vertex_island);
        SAME_ARRAY(vertex_home_bits);
        SAME_ARRAY(edge_sea_bits);
        assert_int_equal(geo->home_islands, 1);
        assert_int_equal(geo->island_bonus, 0);
        assert_int_equal(geo->has_pirate, 0);
        /* Nothing left out above: the whole value, padding included, is the same. */
        assert_memory_equal(geo, ref, sizeof *ref);
    }
}

/* The same seed deals the same board as before: terrains, tokens, robber and harbor types. */
static void test_same_deal(void **state)
{
    (void)state;
    static struct game g, ref;
    for (int kind = 0; kind < BOARD_KIND_COUNT; kind++)
        for (uint64_t seed = 1; seed <= 2000; seed++) {
            struct game_options opt = {.n_players = kind == BOARD_BIG ? 6 : 4,
                                       .board = (uint8_t)kind};
            assert_int_equal(game_init(&g, &opt, seed), BW_OK);
            memset(&ref, 0, sizeof ref);
            bw_rng_seed(&ref.rng, seed);
            ref_setup_board(&ref, board_geo(kind), &ref_supplies[kind]);
            assert_memory_equal(g.terrain, ref.terrain, sizeof ref.terrain);
            assert_memory_equal(g.token, ref.token, sizeof ref.token);
            assert_memory_equal(g.harbor, ref.harbor, sizeof ref.harbor);
            assert_int_equal(g.robber, ref.robber);
            assert_int_equal(g.vp_goal, 10);
        }
}

/* What the map says besides the board: who may play, and the points to win. */
static void test_setup_from_maps(void **state)
{
    (void)state;
    const struct board_setup *base = board_setup(BOARD_BASE), *big = board_setup(BOARD_BIG);
    assert_int_equal(base->players_min, 3);
    assert_int_equal(base->players_max, 4);
    assert_int_equal(big->players_min, 3);
    assert_int_equal(big->players_max, 6);
    assert_int_equal(base->points, 10);
    assert_non_null(board_setup(BOARD_FOG_ISLANDS_3));
    assert_non_null(board_setup(BOARD_NEW_SHORES_3));
    assert_true(board_setup(BOARD_NEW_SHORES_3)->robber_off); /* no desert for 3 players */
    assert_false(board_setup(BOARD_NEW_SHORES_4)->robber_off);
    struct game g;
    struct game_options five_on_base = {.n_players = 5, .board = BOARD_BASE},
                        two = {.n_players = 2, .board = BOARD_BIG};
    assert_int_equal(game_init(&g, &five_on_base, 1), BW_E(INVALID));
    assert_int_equal(game_init(&g, &two, 1), BW_E(INVALID));
}

/* A map that does not fit the engine's limits is refused; gold fields, fog and a robber that
 * starts off the board are taken. */
static void test_build_refuses(void **state)
{
    (void)state;
    static const char *const maps[] = {
        /* a pirate on the sea of the frame, which is not a hex */
        "name = x\nplayers = 3-4\nrobber = 1.1\npirate = 1.2\ngrid\nD ~\nend\n",
        /* more hexes than the engine holds */
        ("name = x\nplayers = 3-4\nrobber = 1.1\ngrid\nD D D D D D D D D D D\n"
         "D D D D D D D D D D\nD D D D D D D D D D D\nD D D D D D D D D D\n"
         "D D D D D D D D D D D\nD D D D D D D D D D\nD D D D D D D D D D D\nend\n"),
    };
    static struct board_geo geo;
    static struct board_setup setup;
    char err[256];
    for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
        struct map m;
        assert_int_equal(map_parse(maps[i], strlen(maps[i]), "t.map", &m, err, sizeof err), 0);
        assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), -1);
    }
    /* A small island it can play: fixed terrains and tokens, a fixed harbor. */
    static const char small[] = "name = x\nplayers = 3\nharbor = 1.1 W ore\n"
                                "grid\n F6 H5\nP4 D M8\nend\n";
    struct map m;
    assert_int_equal(map_parse(small, strlen(small), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), 0);
    assert_int_equal(geo.n_hexes, 5);
    assert_int_equal(geo.n_harbors, 1);
    assert_int_equal(setup.hex_terrain[3], TERRAIN_DESERT);
    assert_int_equal(setup.hex_token[4], 8);
    assert_int_equal(setup.harbor_type[0], RES_ORE);
    assert_int_equal(setup.n_terrains + setup.n_tokens + setup.n_harbors, 0);
    static const char gold[] = "name = x\nplayers = 3-4\nrobber = none\ngrid\nD G5\nend\n";
    assert_int_equal(map_parse(gold, strlen(gold), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), 0);
    assert_int_equal(setup.hex_terrain[1], TERRAIN_GOLD);
    assert_int_equal(setup.hex_token[1], 5);
    assert_true(setup.robber_off);
}

/* What every geometry holds, land and sea: the land bits, the coast, the harbors on it. */
static void check_land_and_sea(const struct board_geo *g)
{
    int land = 0;
    for (int h = 0; h < g->n_hexes; h++)
        land += (int)(g->land_hexes >> h & 1);
    assert_int_equal(land, g->n_land);
    assert_true(g->n_hexes < 64 && g->land_hexes >> g->n_hexes == 0);
    for (int h = 1; h < g->n_hexes; h++) /* lettered row by row, left to right */
        assert_true(g->hex_y[h] > g->hex_y[h - 1] ||
                    (g->hex_y[h] == g->hex_y[h - 1] && g->hex_x[h] > g->hex_x[h - 1]));
    for (int v = 0; v < g->n_vertices; v++) {
        int touches = 0;
        for (int i = 0; i < g->vertex_hex_count[v]; i++)
            touches |= (int)(g->land_hexes >> g->vertex_hex[v][i] & 1);
        assert_int_equal((int)(g->vertex_land_bits[v >> 6] >> (v & 63) & 1), touches);
    }
    int coast = 0;
    for (int e = 0; e < g->n_edges; e++) {
        int sides = 0;
        for (int k = 0; k < 2; k++)
            sides += g->edge_hex[e][k] >= 0 && (g->land_hexes >> g->edge_hex[e][k] & 1);
        assert_int_equal((int)(g->edge_land_bits[e >> 6] >> (e & 63) & 1), sides > 0);
        coast += sides == 1;
    }
    assert_int_equal(coast, g->n_coast);
    for (int k = 0; k < g->n_coast; k++) {
        int e = g->coast_edge[k], sides = 0;
        for (int i = 0; i < 2; i++)
            sides += g->edge_hex[e][i] >= 0 && (g->land_hexes >> g->edge_hex[e][i] & 1);
        assert_int_equal(sides, 1);
    }
    /* A map drawn for each game has its harbors on each game's coast (test_desert_world). */
    for (int k = 0; k < g->n_harbors && !g->drawn_hexes; k++) {
        int e = g->harbor_edge[k], on_coast = 0;
        for (int i = 0; i < g->n_coast; i++)
            on_coast |= g->coast_edge[i] == e;
        assert_true(on_coast);
        assert_true(g->land_hexes >> g->harbor_hex[k] & 1);
    }
}

/* Sea inside the frame makes hexes; the sea of the frame does not. The Seafarers maps fit the
 * limits. */
static void test_sea_geometry(void **state)
{
    (void)state;
    for (int kind = 0; kind < BOARD_KINDS; kind++) {
        const struct board_geo *g = board_geo(kind);
        assert_non_null(g);
        check_land_and_sea(g);
    }
    const struct board_geo *fi3 = board_geo(BOARD_FOUR_ISLANDS_3),
                           *fi4 = board_geo(BOARD_FOUR_ISLANDS_4);
    assert_int_equal(fi3->n_hexes, 35);
    assert_int_equal(fi3->n_land, 20);
    assert_int_equal(fi4->n_land, 23);
    assert_int_equal(fi3->n_islands, 4);
    assert_int_equal(fi4->n_vertices, 94);
    assert_int_equal(fi4->n_edges, 128);
    assert_int_equal(fi4->n_harbors, 9);
    char buf[4];
    assert_int_equal(board_hex_parse(fi4, board_hex_name(34, buf)), 34);
    assert_string_equal(buf, "AI");
    assert_int_equal(board_setup(BOARD_FOUR_ISLANDS_4)->points, 13);
    /* hex A of the four islands for 3 players is sea; the pirate waits in the middle */
    assert_false(fi3->land_hexes & 1);
    assert_int_equal(board_setup(BOARD_FOUR_ISLANDS_3)->pirate, 17);

    /* The biggest maps, 42 hexes (gold and fog taken for land and sea to build them). */
    static const char *const names[] = {"new_shores_4", "fog_islands_4"};
    static struct board_geo geo;
    static struct board_setup setup;
    static char text[MAP_MAX_TEXT];
    char err[256];
    for (int i = 0; i < 2; i++) {
        const struct map_builtin *b = map_builtin(names[i]);
        assert_non_null(b);
        assert_true(b->len < sizeof text);
        size_t n = 0;
        int in_grid = 0;
        for (size_t k = 0; k < b->len; k++) {
            char c = b->text[k];
            if (c == '\n' && k + 5 <= b->len && !memcmp(b->text + k + 1, "grid", 4))
                in_grid = 1;
            if (c == '\n' && k + 4 <= b->len && !memcmp(b->text + k + 1, "end", 3))
                in_grid = 0;
            if (in_grid && c == 'G')
                c = 'M';
            if (in_grid && c == '?')
                c = '~';
            text[n++] = c;
        }
        /* the fog pools have nothing left to draw for */
        char *fog = strstr(text, "fog_terrains");
        if (fog)
            memcpy(fog, "#", 1);
        fog = strstr(text, "fog_tokens");
        if (fog)
            memcpy(fog, "#", 1);
        struct map m;
        if (map_parse(text, n, names[i], &m, err, sizeof err))
            fail_msg("%s", err);
        assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), 0);
        check_land_and_sea(&geo);
        assert_int_equal(geo.n_hexes, 42);
        assert_int_equal(geo.n_vertices, 110);
        assert_int_equal(geo.n_edges, 151);
        assert_true(geo.n_edges <= BOARD_MAX_EDGES && geo.n_vertices <= BOARD_MAX_VERTICES);
    }
    assert_int_equal(geo.n_islands, 2);

    /* A lake: the sea hex in the middle is a hex (D) with its corners and edges; no road or
     * settlement can be only on it, as every corner and edge touches land. */
    static const char lake[] =
        "name = x\nplayers = 3-4\nrobber = 1.1\ngrid\n D D\nD ~ D\n D D\nend\n";
    struct map m;
    assert_int_equal(map_parse(lake, strlen(lake), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), 0);
    assert_int_equal(geo.n_hexes, 7);
    assert_int_equal(geo.n_land, 6);
    assert_int_equal(geo.land_hexes, 0x77);
    assert_int_equal(setup.hex_terrain[3], TERRAIN_SEA);
    check_land_and_sea(&geo);
    assert_int_equal(geo.n_coast, 6 + 18);
    /* Two islands with the frame's sea between them: land hexes only. */
    static const char two[] = "name = x\nplayers = 3-4\nrobber = 1.1\nhome = 1.1, 1.3\n"
                              "grid\nD ~ D\nend\n";
    assert_int_equal(map_parse(two, strlen(two), "t.map", &m, err, sizeof err), 0);
    assert_int_equal(board_build(&geo, &setup, BOARD_BASE, &m), 0);
    assert_int_equal(geo.n_hexes, 2);
    assert_int_equal(geo.n_islands, 2);
    assert_int_equal(geo.n_vertices, 12);
    check_land_and_sea(&geo);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_counts),       cmocka_unit_test(test_big_counts),
        cmocka_unit_test(test_spec_corners),      cmocka_unit_test(test_structure),
        cmocka_unit_test(test_coast_and_harbors), cmocka_unit_test(test_hex_names),
        cmocka_unit_test(test_same_as_shapes),    cmocka_unit_test(test_same_deal),
        cmocka_unit_test(test_setup_from_maps),   cmocka_unit_test(test_build_refuses),
        cmocka_unit_test(test_sea_geometry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
