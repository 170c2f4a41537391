/* Board geometry, built from a map description (src/map/map.h): the base and 5-6 player
 * boards are maps/base.map and maps/big.map, built into the program.
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

/* The boards built into the program. Sessions and saved games use the first BOARD_KIND_COUNT;
 * the Seafarers scenario maps and the variants after them are saved by name. */
enum board_kind {
    BOARD_BASE = 0,
    BOARD_BIG = 1,
    BOARD_KIND_COUNT,
    BOARD_NEW_SHORES_3 = BOARD_KIND_COUNT, /* Heading for New Shores */
    BOARD_NEW_SHORES_4,
    BOARD_FOUR_ISLANDS_3, /* The Four Islands */
    BOARD_FOUR_ISLANDS_4,
    BOARD_FOG_ISLANDS_3, /* The Fog Islands */
    BOARD_FOG_ISLANDS_4,
    BOARD_JUNGLE,   /* the base board with the Jungle variant (RULES.md "Variants") */
    BOARD_RIVER,    /* the Great River variant (maps/great_river.map) */
    BOARD_DESERT_3, /* Through the Desert */
    BOARD_DESERT_4,
    BOARD_NEW_WORLD_3, /* The New World: a map of islands drawn for each game */
    BOARD_NEW_WORLD_4,
    BOARD_TRIBE,   /* The Forgotten Tribe (maps/forgotten_tribe.map, 3-4 players) */
    BOARD_CLOTH,   /* Cloth for Catan (maps/cloth.map, 3-4 players) */
    BOARD_WONDERS, /* The Wonders of Catan (maps/wonders.map, 3-4 players) */
    BOARD_PIRATES, /* The Pirate Islands (maps/pirate_islands.map, 3-4 players) */
    BOARD_KINDS
};

/* Limits: the Seafarers maps for 3-4 players have up to 42 hexes of land and sea inside their
 * frame (7 rows), about 110 corners and 150 edges. Bit sets of corners or edges are
 * BOARD_WORDS words of 64 bits; sets of hexes are one word. */
#define BOARD_WORDS 3
#define BOARD_MAX_ROWS 12
#define BOARD_MAX_VROWS (2 * BOARD_MAX_ROWS + 2)
#define BOARD_MAX_HEXES 64
#define BOARD_MAX_VERTICES (64 * BOARD_WORDS)
#define BOARD_MAX_EDGES (64 * BOARD_WORDS)
/* Harbor slots: the maps' harbors, or on a map drawn for each game (The New World) every
 * side a harbor may take, of which the game uses a few. */
#define BOARD_MAX_HARBORS 64
#define BOARD_MAX_COAST 160
#define BOARD_MAX_ISLANDS 16
#define BOARD_MAX_GIFTS 24
#define BOARD_MAX_VILLAGES 8
#define BOARD_MAX_RIVER 6
#define BOARD_MAX_ROUTES 4 /* The Pirate Islands: a route for each seat */
#define BOARD_MAX_ROUTE 11 /* edges of a route */
#define BOARD_MAX_FLEET 32 /* hexes of the fleet's course */

enum hex_corner { CORNER_N, CORNER_NE, CORNER_SE, CORNER_S, CORNER_SW, CORNER_NW };

struct board_geo {
    int kind;
    int n_rows, n_hexes, n_vertices, n_edges, n_harbors, n_coast;
    int n_islands; /* land hexes joined by their sides */
    int row_len[BOARD_MAX_ROWS];
    int row_first[BOARD_MAX_ROWS]; /* index of the first hex of each row */
    int n_vrows;
    int vrow_len[BOARD_MAX_VROWS];
    int min_x, max_x, min_y, max_y; /* bounding box of all vertices */

    int16_t hex_x[BOARD_MAX_HEXES], hex_y[BOARD_MAX_HEXES];
    int16_t vertex_x[BOARD_MAX_VERTICES], vertex_y[BOARD_MAX_VERTICES];

    uint8_t hex_vertex[BOARD_MAX_HEXES][6];   /* by enum hex_corner */
    int8_t hex_neighbor[BOARD_MAX_HEXES][6];  /* neighbours (land or sea), -1 where none */
    int8_t vertex_hex[BOARD_MAX_VERTICES][3]; /* -1 padded */
    int16_t vertex_vertex[BOARD_MAX_VERTICES][3];
    int16_t vertex_edge[BOARD_MAX_VERTICES][3];
    uint8_t vertex_hex_count[BOARD_MAX_VERTICES];
    uint8_t vertex_degree[BOARD_MAX_VERTICES];
    uint8_t edge_vertex[BOARD_MAX_EDGES][2]; /* smaller vertex first */
    int8_t edge_hex[BOARD_MAX_EDGES][2];     /* -1 padded */

    uint8_t
        coast_edge[BOARD_MAX_COAST]; /* coastal edges: land on one side only (see build_coast) */
    uint8_t harbor_edge[BOARD_MAX_HARBORS];        /* fixed harbor frame positions */
    int8_t harbor_hex[BOARD_MAX_HARBORS];          /* the land hex each harbor touches */
    int8_t vertex_harbor_slot[BOARD_MAX_VERTICES]; /* harbor slot at a vertex, or -1 */

    /* The same relations as bit sets (index i is bit i % 64 of word i / 64). */
    uint64_t vertex_edge_bits[BOARD_MAX_VERTICES][BOARD_WORDS]; /* the edges at a vertex */
    uint64_t vertex_near_bits[BOARD_MAX_VERTICES][BOARD_WORDS]; /* a vertex and its neighbours */
    uint64_t hex_vertex_bits[BOARD_MAX_HEXES][BOARD_WORDS];     /* the corners of a hex */
    uint64_t vertex_hex_bits[BOARD_MAX_VERTICES];               /* the hexes at a vertex */

    /* Land and sea. Sea hexes are hexes of the geometry like land (lettered, with corners and
     * edges) except the sea that frames the map: a sea cell with a side on the edge of the grid
     * or on a `-` cell is frame, not a hex. A map without sea inside its frame (base, big) has
     * only land hexes. */
    int n_land;                             /* land hexes */
    uint64_t land_hexes;                    /* bit per land hex */
    uint64_t vertex_land_bits[BOARD_WORDS]; /* corners touching land: settlements */
    uint64_t edge_land_bits[BOARD_WORDS];   /* edges with land on a side: roads */

    /* Seafarers. Ships lie on edges with sea (or the frame) on a side, only on maps with sea
     * hexes: edge_sea_bits is empty on the base and big boards. Islands are numbered as the
     * map numbers them (row by row); setup settlements stand on the home islands only. */
    uint64_t edge_sea_bits[BOARD_WORDS];
    uint64_t hex_edge_bits[BOARD_MAX_HEXES][BOARD_WORDS]; /* the six sides of a hex */
    int8_t hex_island[BOARD_MAX_HEXES];                   /* -1 for sea */
    int8_t vertex_island[BOARD_MAX_VERTICES];             /* the land a corner touches, or -1 */
    uint16_t home_islands;                                /* bit per island */
    uint64_t vertex_home_bits[BOARD_WORDS];               /* setup settlements: on a home island */
    int island_bonus; /* points for a first settlement on each island off a player's own */
    int has_pirate;   /* the map has a pirate (and so sea hexes) */

    /* Fog (The Fog Islands): hexes hidden until a piece reaches one of their corners, then
     * dealt from the setup's fog pools. They are neither land nor sea in the sets above (so no
     * island, no settlement, road or ship of their own); the game keeps its own land and sea
     * (struct game's land, edge_land, edge_sea) as they are turned over. */
    uint64_t fog_hexes;
    /* The Great River: its hexes as the map draws them, from where it rises (the first). A
     * game turns the river about its first hex (board_river_turn()); has_river is 0 on every
     * other board. */
    int has_river;
    int n_river;
    int8_t river_hex[BOARD_MAX_RIVER];
    /* The New World: the hexes each game draws as land or sea (a map of islands; see
     * new_world.c). Its islands are those of the game's land (game_vertex_island()), setup
     * settlements go on any land, and its harbor slots are every east and west side of its
     * hexes (no two share a corner), of which the game gives a few a harbor. 0 elsewhere. */
    uint64_t drawn_hexes;

    /* The Forgotten Tribe and Cloth for Catan (engine/tribe.c): the tribe's islands (land
     * without a token or a settlement, where the robber never goes), the gift spots on their
     * coasts (an edge each, and what kind of gift lies there: enum map_gift_kind of map/map.h),
     * the villages (a corner and a number each), the settlements of the setup (2 or 3), and
     * whether the longest trade route is out of play. */
    uint64_t tribe_hexes;
    int n_gifts;
    uint8_t gift_edge[BOARD_MAX_GIFTS], gift_kind[BOARD_MAX_GIFTS];
    int n_villages;
    uint8_t village_vertex[BOARD_MAX_VILLAGES], village_number[BOARD_MAX_VILLAGES];
    int setup_third; /* 1: a third setup settlement each (setup_rounds()) */
    int no_longest;
    uint64_t tribe_vertex_bits[BOARD_WORDS]; /* the corners of the tribe's islands */

    /* The Wonders of Catan (engine/wonders.c): whether the game has the wonders, and the
     * marked corners by kind (map/map.h's MAP_WONDER_WALL, MAP_WONDER_BRIDGE). */
    int wonders;
    uint64_t wonder_spot_bits[2][BOARD_WORDS];
    /* The Pirate Islands (engine/pirates.c): each seat's route (its edges from the settlement
     * placed for the seat, route_start, to the seat's fortress, route_fortress), the pirate
     * fleet's course (sea hexes, round and round), and the corners of the islands off the home
     * islands, where nobody settles. n_routes is 0 on every other board. */
    int n_routes;
    uint8_t route_len[BOARD_MAX_ROUTES];
    uint8_t route_edge[BOARD_MAX_ROUTES][BOARD_MAX_ROUTE];
    uint8_t route_start[BOARD_MAX_ROUTES], route_fortress[BOARD_MAX_ROUTES];
    int n_fleet;
    int8_t fleet_hex[BOARD_MAX_FLEET];
    uint64_t pirate_vertex_bits[BOARD_WORDS];
};

/* How a new game's board is dealt: what the map fixes for each hex and harbor slot, and the
 * pools the rest is drawn from, in a fixed order (terrains and harbor types by their enum,
 * tokens by number), so that a seed always deals the same board. */
#define BOARD_POOL 255
struct board_setup {
    uint8_t hex_terrain[BOARD_MAX_HEXES];   /* enum terrain, or BOARD_POOL */
    uint8_t hex_token[BOARD_MAX_HEXES];     /* a fixed number token, or 0 */
    uint8_t harbor_type[BOARD_MAX_HARBORS]; /* a fixed type, or BOARD_POOL */
    uint8_t n_terrains, n_tokens, n_harbors;
    uint8_t terrains[BOARD_MAX_HEXES], tokens[BOARD_MAX_HEXES], harbors[BOARD_MAX_HARBORS];
    int8_t robber;      /* the hex the robber starts on, or -1 for the first desert */
    uint8_t robber_off; /* the robber starts off the board (no desert; "robber = none") */
    uint8_t jungle;     /* the deserts are jungles, each with a token of JUNGLE_TOKENS */
    int8_t pirate;      /* the sea hex the pirate starts on, or -1 */
    /* What the fog hides, as counts: terrains by enum terrain (forest .. sea), tokens by
     * number. A hex turned over draws its terrain, and a token when it produces. */
    uint8_t fog_terrain[8], fog_token[13];
    uint8_t players_min, players_max, points;
    uint8_t n_drawn_harbors; /* The New World: how many harbors (from harbors[]) each game deals */

    /* The harbors the tribe's harbor gifts draw from (harbor types), in the order of their
     * enum. */
    uint8_t gift_harbors[BOARD_MAX_GIFTS], n_gift_harbors;
};

/* The geometry of a board kind; a borrowed constant, built once. NULL for an unknown kind, or
 * one whose map the engine cannot play yet. */
const struct board_geo *board_geo(int kind);

/* How a board kind is dealt; a borrowed constant, built with the geometry. NULL for an unknown
 * kind. */
const struct board_setup *board_setup(int kind);

struct map;

/* Build the geometry and the setup of a board from map M (board_geo() does this for the maps
 * built into the program). Returns -1 when the map does not fit the BOARD_MAX_ limits (or
 * would put one number on more than three hexes); *GEO and *SETUP are then unspecified. */
int board_build(struct board_geo *geo, struct board_setup *setup, int kind, const struct map *m);

/* The river's hexes turned by turn sixths of a full turn (0-5) about its first hex, into out
 * (geo->n_river of them, in the map's order): 0, or -1 when a turned hex is not a land hex of
 * the board. */
int board_river_turn(const struct board_geo *geo, int turn, int8_t out[BOARD_MAX_RIVER]);

/* Edge between two vertices (0-based), or -1 if they are not adjacent. */
int board_edge_between(const struct board_geo *geo, int v1, int v2);

/* Hex name for index i ("A".."Z", "AA", ...) into buf (at least 4 bytes); returns buf. */
char *board_hex_name(int i, char *buf);

/* Hex index for a name (case-insensitive), or -1. */
int board_hex_parse(const struct board_geo *geo, const char *name);

#endif
