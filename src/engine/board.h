/* Board geometry, built generically from the row shape (3-4-5-4-3 or 3-4-5-6-5-4-3).
 *
 * Hexes are pointy-topped. Internal indices are 0-based; users see hex letters (A, B, ... Z,
 * AA, ...) and 1-based vertex numbers, both row by row, top to bottom, left to right.
 *
 * Coordinates (for drawing): x in half hex widths, y in quarter hex heights, so hex centres
 * are 3 apart vertically and 2 apart horizontally; a hex's N corner is at y-2, NE/NW at y-1,
 * SE/SW at y+1, S at y+2; NE/SE at x+1, NW/SW at x-1. */
#ifndef BW_BOARD_H
#define BW_BOARD_H

#include <stdint.h>

enum board_kind { BOARD_BASE = 0, BOARD_BIG = 1, BOARD_KIND_COUNT };

#define BOARD_MAX_ROWS 7
#define BOARD_MAX_VROWS 16
#define BOARD_MAX_HEXES 30
#define BOARD_MAX_VERTICES 80
#define BOARD_MAX_EDGES 109
#define BOARD_MAX_HARBORS 11
#define BOARD_MAX_COAST 48

enum hex_corner { CORNER_N, CORNER_NE, CORNER_SE, CORNER_S, CORNER_SW, CORNER_NW };

struct board_geo {
    int kind;
    int n_rows, n_hexes, n_vertices, n_edges, n_harbors, n_coast;
    int row_len[BOARD_MAX_ROWS];
    int row_first[BOARD_MAX_ROWS]; /* index of the first hex of each row */
    int n_vrows;
    int vrow_len[BOARD_MAX_VROWS];
    int min_x, max_x, min_y, max_y; /* bounding box of all vertices */

    int16_t hex_x[BOARD_MAX_HEXES], hex_y[BOARD_MAX_HEXES];
    int16_t vertex_x[BOARD_MAX_VERTICES], vertex_y[BOARD_MAX_VERTICES];

    uint8_t hex_vertex[BOARD_MAX_HEXES][6];   /* by enum hex_corner */
    int8_t hex_neighbor[BOARD_MAX_HEXES][6];  /* land neighbours, -1 where none */
    int8_t vertex_hex[BOARD_MAX_VERTICES][3]; /* -1 padded */
    int8_t vertex_vertex[BOARD_MAX_VERTICES][3];
    int8_t vertex_edge[BOARD_MAX_VERTICES][3];
    uint8_t vertex_hex_count[BOARD_MAX_VERTICES];
    uint8_t vertex_degree[BOARD_MAX_VERTICES];
    uint8_t edge_vertex[BOARD_MAX_EDGES][2]; /* smaller vertex first */
    int8_t edge_hex[BOARD_MAX_EDGES][2];     /* -1 padded */

    uint8_t coast_edge[BOARD_MAX_COAST];           /* coastal edges, clockwise from the top */
    uint8_t harbor_edge[BOARD_MAX_HARBORS];        /* fixed harbor frame positions */
    int8_t harbor_hex[BOARD_MAX_HARBORS];          /* the land hex each harbor touches */
    int8_t vertex_harbor_slot[BOARD_MAX_VERTICES]; /* harbor slot at a vertex, or -1 */

    /* The same relations as bit sets of two words (index i is bit i % 64 of word i / 64). */
    uint64_t vertex_edge_bits[BOARD_MAX_VERTICES][2]; /* the edges at a vertex */
    uint64_t vertex_near_bits[BOARD_MAX_VERTICES][2]; /* a vertex and its neighbours */
    uint64_t hex_vertex_bits[BOARD_MAX_HEXES][2];     /* the corners of a hex */
    uint32_t vertex_hex_bits[BOARD_MAX_VERTICES];     /* the hexes at a vertex */
};

/* The geometry of a board kind; a borrowed constant, built once. NULL for an unknown kind. */
const struct board_geo *board_geo(int kind);

/* Edge between two vertices (0-based), or -1 if they are not adjacent. */
int board_edge_between(const struct board_geo *geo, int v1, int v2);

/* Hex name for index i ("A".."Z", "AA", ...) into buf (at least 4 bytes); returns buf. */
char *board_hex_name(int i, char *buf);

/* Hex index for a name (case-insensitive), or -1. */
int board_hex_parse(const struct board_geo *geo, const char *name);

#endif
