/* Board geometry: the numbering of SPEC §4 and the structure built from the row shape. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "engine/board.h"

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
    assert_null(board_geo(BOARD_KIND_COUNT));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_base_counts),       cmocka_unit_test(test_big_counts),
        cmocka_unit_test(test_spec_corners),      cmocka_unit_test(test_structure),
        cmocka_unit_test(test_coast_and_harbors), cmocka_unit_test(test_hex_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
