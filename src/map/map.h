/* Maps as data: the text format of maps/ (README, "Maps") parsed and checked into a plain
 * description that the engine builds its board from.
 *
 * map_parse() is pure: no I/O, no allocation, no global state; the description is a flat value.
 * map_load_file() (map_file.c) is the only function that reads a file. The maps of maps/ are
 * built into the program (map_builtins), so that nothing needs the files at run time.
 *
 * Positions are written ROW.COL, both counted from 1 as the grid is written: every cell of the
 * row counts, `-` and `~` included. Rows are centred on each other; a cell's x is 2 * col -
 * (row length - 1) in half hex widths (col from 0), its y 3 * row in quarter hex heights, as in
 * engine/board.h. */
#ifndef BW_MAP_H
#define BW_MAP_H

#include <stddef.h>
#include <stdint.h>

#define MAP_MAX_ROWS 20
#define MAP_MAX_COLS 20
#define MAP_MAX_CELLS (MAP_MAX_ROWS * MAP_MAX_COLS)
#define MAP_MAX_HARBORS 40
#define MAP_MAX_LINE 256        /* characters in a line, without its end */
#define MAP_MAX_TEXT 65536      /* bytes in a map file */
#define MAP_NAME_MAX 64         /* bytes of the name, with its NUL */
#define MAP_MAX_RIVER 6         /* hexes of a river */
#define MAP_MAX_TRIBE 12        /* islands of the tribe (maps/README: The Forgotten Tribe) */
#define MAP_MAX_GIFTS 24        /* the tribe's gift spots */
#define MAP_MAX_VILLAGES 8      /* the tribe's villages (Cloth for Catan) */
#define MAP_MAX_WONDER_SPOTS 16 /* marked corners (The Wonders of Catan) */
#define MAP_MAX_ROUTES 4        /* The Pirate Islands: a route to a fortress for each seat */
#define MAP_MAX_ROUTE 12        /* corners of a route */
#define MAP_MAX_FLEET 32        /* hexes of the pirate fleet's course */
#define MAP_MIN_PLAYERS 3
#define MAP_MAX_PLAYERS 6

enum map_cell_kind {
    MAP_CELL_NONE, /* - no hex */
    MAP_CELL_SEA,  /* ~ */
    MAP_CELL_LAND, /* a fixed terrain: F H P W M D G $ */
    MAP_CELL_POOL, /* * a terrain drawn from the terrains pool */
    MAP_CELL_FOG   /* ? hidden; drawn from the fog pools when discovered */
};

/* Terrains in the engine's order (enum terrain: forest .. desert), then gold and sea; then the
 * gold mine (the Great River's: land with no token that gives nothing, like the desert, fixed
 * in the grid only, never in a pool), which the engine numbers TERRAIN_MINE. */
enum map_terrain {
    MAP_FOREST,
    MAP_HILLS,
    MAP_PASTURE,
    MAP_FIELDS,
    MAP_MOUNTAINS,
    MAP_DESERT,
    MAP_GOLD,
    MAP_SEA,
    MAP_MINE,
    MAP_TERRAINS
};

/* Harbor types: 2:1 of each resource in the engine's order (wood, brick, wool, grain, ore),
 * then 3:1 (the engine's HARBOR_GENERIC). */
enum { MAP_HARBOR_GENERIC = 5, MAP_HARBOR_TYPES = 6, MAP_HARBOR_POOL = 255 };

/* Sides of a pointy-topped hex, clockwise from the top: side s joins the corners s and s + 1 of
 * engine/board.h's enum hex_corner (N, NE, SE, S, SW, NW). */
enum map_side { MAP_SIDE_NE, MAP_SIDE_E, MAP_SIDE_SE, MAP_SIDE_SW, MAP_SIDE_W, MAP_SIDE_NW };

/* Where the robber or the pirate starts. */
enum map_start { MAP_START_NONE, MAP_START_DESERT, MAP_START_HEX };

struct map_pos {
    int8_t row, col; /* 0-based */
};

struct map_cell {
    uint8_t kind;    /* enum map_cell_kind */
    uint8_t terrain; /* enum map_terrain, for MAP_CELL_LAND (MAP_SEA for sea) */
    uint8_t token;   /* a fixed number token, 0 for none (drawn from the pool if it produces) */
    int16_t island;  /* index of its island for land and pool cells, else -1 */
    uint8_t tribe;   /* on an island of the tribe: no token, no settlement, no robber */
};

/* What a gift spot of the tribe holds (The Forgotten Tribe). */
enum map_gift_kind { MAP_GIFT_HARBOR, MAP_GIFT_CARD, MAP_GIFT_POINT, MAP_GIFT_KINDS };

/* A gift spot: a side of a hex of the tribe's islands, facing the sea; a ship built there
 * takes what lies there. */
struct map_gift {
    struct map_pos hex;
    uint8_t side; /* enum map_side */
    uint8_t kind; /* enum map_gift_kind */
};

/* A village of the tribe (Cloth for Catan): a corner of a hex of the tribe's islands, with the
 * number that makes it give cloth. */
struct map_village {
    struct map_pos hex;
    uint8_t corner; /* enum hex_corner of engine/board.h */
    uint8_t number;
};

/* A marked corner of The Wonders of Catan: a settlement there lets its owner start the Great
 * Wall (MAP_WONDER_WALL) or the Great Bridge (MAP_WONDER_BRIDGE). */
enum { MAP_WONDER_WALL, MAP_WONDER_BRIDGE, MAP_WONDER_SPOT_KINDS };
struct map_wonder_spot {
    struct map_pos hex;
    uint8_t corner; /* enum hex_corner of engine/board.h */
    uint8_t kind;
};

struct map_harbor {
    struct map_pos hex; /* the land hex */
    uint8_t side;       /* enum map_side, facing the sea */
    uint8_t type;       /* 0..5 as above, or MAP_HARBOR_POOL */
};

struct map {
    char name[MAP_NAME_MAX];
    int players_min, players_max;
    int points;       /* to win */
    int island_bonus; /* points for a first settlement on an island other than a home island */
    int robber_start; /* enum map_start */
    struct map_pos robber;
    int pirate_start; /* MAP_START_NONE or MAP_START_HEX */
    struct map_pos pirate;

    int n_rows;
    int row_len[MAP_MAX_ROWS];
    struct map_cell cell[MAP_MAX_ROWS][MAP_MAX_COLS];
    int n_land;                  /* land and pool cells */
    int n_islands;               /* land and pool cells joined by their sides */
    uint8_t home[MAP_MAX_CELLS]; /* by island: players start there */

    /* Pools, as counts: terrains by enum map_terrain, tokens by number, harbors by type. */
    int terrains[MAP_TERRAINS], tokens[13], harbors[MAP_HARBOR_TYPES];
    int fog_terrains[MAP_TERRAINS], fog_tokens[13];

    int n_harbors;
    struct map_harbor harbor[MAP_MAX_HARBORS]; /* in the order of the file */

    /* Through the Desert: deserts belong to no island, so a strip of them parts the land on
     * its two sides into two islands (deserts_divide = yes; the deserts are fixed D cells). */
    int deserts_divide;
    /* The New World: the fog hexes are not hidden but drawn as land or sea when a game is
     * created, a new map of islands each game (random_islands = yes); the harbors pool is dealt
     * onto its coasts, and setup settlements go on any land. */
    int random_islands;

    /* The Great River: its land hexes (joined by their sides, in the order of the file, the
     * first where it rises: a game turns it about that one). */
    int n_river;
    struct map_pos river[MAP_MAX_RIVER];

    /* The Forgotten Tribe and Cloth for Catan (map_scen.c): the gift spots in the order of
     * the file, the harbors they draw from (by type, as harbors), the villages, how many
     * settlements each player places in the setup (2, or 3), and whether the longest trade
     * route scores. */
    int n_gifts;
    struct map_gift gift[MAP_MAX_GIFTS];
    int gift_harbors[MAP_HARBOR_TYPES];
    int n_villages;
    struct map_village village[MAP_MAX_VILLAGES];
    int setup_settlements;
    int no_longest_route;
    int n_tribe;                         /* tribe = ROW.COL, ...: one hex of each island */
    struct map_pos tribe[MAP_MAX_TRIBE]; /* 1-based as written until map_scen_check() */
    int scen_line[8];                    /* where each of those keys was given (messages) */
    int gift_line[MAP_MAX_GIFTS], village_line[MAP_MAX_VILLAGES];

    /* The Wonders of Catan (map_wonders.c): whether the game has the wonders, and the marked
     * corners (0-based after map_wonder_check()). */
    int wonders, wonders_line;
    int n_wonder_spots;
    struct map_wonder_spot wonder_spot[MAP_MAX_WONDER_SPOTS];
    int wonder_spot_line[MAP_MAX_WONDER_SPOTS];
    /* The Pirate Islands (map_pirates.c): each seat's route, in seat order, as the corners it
     * joins (the first the settlement placed for the seat, the first edge its ship, the last
     * the seat's pirate fortress), and the pirate fleet's course (sea hexes, each beside the
     * next, the last beside the first; the fleet starts on the first). */
    int n_routes;
    int route_len[MAP_MAX_ROUTES];
    struct map_pos route_hex[MAP_MAX_ROUTES][MAP_MAX_ROUTE];
    uint8_t route_corner[MAP_MAX_ROUTES][MAP_MAX_ROUTE];
    int route_line[MAP_MAX_ROUTES];
    int n_fleet;
    struct map_pos fleet[MAP_MAX_FLEET];
    int fleet_line;
};

/* Parse and check the map TEXT of LEN bytes (no NUL needed), named FILE in messages. Returns 0
 * with *M filled in, or -1 with "FILE:LINE: what is wrong" in ERR (ERR_SIZE bytes, truncated
 * to fit); *M is then unspecified. The first problem found is reported. */
int map_parse(const char *text, size_t len, const char *file, struct map *m, char *err,
              size_t err_size);

/* map_parse() on the file at PATH (named PATH in messages); a file that cannot be read or is
 * longer than MAP_MAX_TEXT is an error too. */
int map_load_file(const char *path, struct map *m, char *err, size_t err_size);

/* The cell across side SIDE of the cell at ROW, COL (0-based): 1 with *NB set when that cell
 * is in the grid, else 0. */
int map_neighbor(const struct map *m, int row, int col, int side, struct map_pos *nb);

/* Whether a terrain gives something when its number is rolled (and so takes a token). */
int map_terrain_produces(int terrain);

/* The keys of the Forgotten Tribe and Cloth for Catan (map_scen.c), for map_parse(): KEY with
 * VALUE (modified) on LINE into *M. Returns 1 when KEY is one of them and was read, 0 when it
 * is not one of them, -1 with what is wrong in MSG. */
int map_scen_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size);
/* After the grid and its islands: places the tribe, its gifts and villages on the grid and
 * checks them. 0, or -1 with the line in *LINE (0 for none) and what is wrong in MSG. */
int map_scen_check(struct map *m, int *line, char *msg, size_t size);

/* The keys of The Wonders of Catan (map_wonders.c), as map_scen_key() and map_scen_check(). */
int map_wonder_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size);
int map_wonder_check(struct map *m, int *line, char *msg, size_t size);
/* The keys of The Pirate Islands (map_pirates.c): as map_scen_key(). */
int map_pirate_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size);
/* After map_scen_check(): the routes and the fleet's course checked against the grid. 0, or -1
 * with the line in *LINE and what is wrong in MSG. */
int map_pirate_check(struct map *m, int *line, char *msg, size_t size);

/* The maps of maps/, built into the program: NAME is the file name without ".map". */
struct map_builtin {
    const char *name;
    const char *text;
    size_t len;
};
extern const struct map_builtin map_builtins[]; /* ends with a NULL name */

/* The built-in map of that name, or NULL. */
const struct map_builtin *map_builtin(const char *name);

#endif
