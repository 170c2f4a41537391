/* The map format (README "Maps"): good maps read as written, every mistake is refused with
 * its file and line, and every map shipped in maps/ (and the README's example) is valid. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "map/map.h"

static struct map M;
static char err[512];

static int parse(const char *text)
{
    return map_parse(text, strlen(text), "t.map", &M, err, sizeof err);
}

static char *slurp(const char *rel, size_t *len)
{
    const char *dir = getenv("BW_SOURCE_DIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    char *buf = calloc(1, 1 << 20);
    assert_non_null(buf);
    *len = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    return buf;
}

static void test_small_island(void **state)
{
    (void)state;
    static const char text[] = "# a comment line\n"
                               "name = Small  # a comment after a value\n"
                               "players = 3 - 4\n"
                               "points = 8\n"
                               "terrains = forest, hills, desert\n"
                               "tokens = 5, 9\n"
                               "harbors = 3:1\n"
                               "grid\n"
                               "    ~   ~   ~\n"
                               "  ~   *   f10   ~\n"
                               "~   *   *   M4   ~\n"
                               "  ~   ~   ~   ~\n"
                               "end\n"
                               "harbor = 2.2 NW\n"
                               "harbor = 3.4 e wool\n";
    assert_int_equal(parse(text), 0);
    assert_string_equal(M.name, "Small");
    assert_int_equal(M.players_min, 3);
    assert_int_equal(M.players_max, 4);
    assert_int_equal(M.points, 8);
    assert_int_equal(M.island_bonus, 0);
    assert_int_equal(M.n_rows, 4);
    assert_int_equal(M.row_len[1], 4);
    assert_int_equal(M.cell[1][2].kind, MAP_CELL_LAND);
    assert_int_equal(M.cell[1][2].terrain, MAP_FOREST);
    assert_int_equal(M.cell[1][2].token, 10);
    assert_int_equal(M.cell[2][1].kind, MAP_CELL_POOL);
    assert_int_equal(M.cell[0][0].kind, MAP_CELL_SEA);
    assert_int_equal(M.n_land, 5);
    assert_int_equal(M.n_islands, 1);
    assert_int_equal(M.home[0], 1);
    assert_int_equal(M.terrains[MAP_HILLS], 1);
    assert_int_equal(M.terrains[MAP_DESERT], 1);
    assert_int_equal(M.tokens[9], 1);
    assert_int_equal(M.tokens[6], 0);
    assert_int_equal(M.harbors[MAP_HARBOR_GENERIC], 1);
    assert_int_equal(M.robber_start, MAP_START_DESERT);
    assert_int_equal(M.pirate_start, MAP_START_NONE);
    assert_int_equal(M.n_harbors, 2);
    assert_int_equal(M.harbor[0].hex.row, 1);
    assert_int_equal(M.harbor[0].hex.col, 1);
    assert_int_equal(M.harbor[0].side, MAP_SIDE_NW);
    assert_int_equal(M.harbor[0].type, MAP_HARBOR_POOL);
    assert_int_equal(M.harbor[1].side, MAP_SIDE_E);
    assert_int_equal(M.harbor[1].type, 2); /* wool */
}

/* What the Seafarers scenarios need: islands, home islands, fog, gold, a pirate, a bonus. */
static void test_islands_and_fog(void **state)
{
    (void)state;
    static const char text[] = "name = Two shores\r\n"
                               "players = 3-4\r\n"
                               "points = 13\r\n"
                               "island_bonus = 2\r\n"
                               "robber = 2.2\r\n"
                               "pirate = 1.3\r\n"
                               "home = 2.2\r\n"
                               "fog_terrains = sea x2, gold\r\n"
                               "fog_tokens = 4\r\n"
                               "grid\r\n"
                               "~\t~  ~  ~ ~\r\n"
                               "~ D  F3 ~ G11 ~\r\n"
                               "~ ?  ~  ?  ~\r\n"
                               "- ~ ? ~ H9 -\r\n"
                               "end\r\n";
    assert_int_equal(parse(text), 0);
    assert_int_equal(M.n_islands, 3);
    assert_int_equal(M.cell[1][1].island, 0);
    assert_int_equal(M.cell[1][2].island, 0);
    assert_int_equal(M.cell[1][4].island, 1);
    assert_int_equal(M.cell[3][4].island, 2);
    assert_int_equal(M.cell[2][1].island, -1); /* fog belongs to no island until discovered */
    assert_int_equal(M.home[0], 1);
    assert_int_equal(M.home[1], 0);
    assert_int_equal(M.home[2], 0);
    assert_int_equal(M.island_bonus, 2);
    assert_int_equal(M.robber_start, MAP_START_HEX);
    assert_int_equal(M.robber.row, 1);
    assert_int_equal(M.robber.col, 1);
    assert_int_equal(M.pirate_start, MAP_START_HEX);
    assert_int_equal(M.pirate.row, 0);
    assert_int_equal(M.pirate.col, 2);
    assert_int_equal(M.cell[1][4].terrain, MAP_GOLD);
    assert_int_equal(M.cell[1][4].token, 11);
    assert_int_equal(M.fog_terrains[MAP_SEA], 2);
    assert_int_equal(M.fog_tokens[4], 1);
}

static void test_neighbors(void **state)
{
    (void)state;
    assert_int_equal(parse("name = n\nplayers = 3\ngrid\n D D\nD D D\n D D\nend\n"), 0);
    struct map_pos nb;
    /* The centre, 2.2, touches every other hex. */
    static const int want[6][2] = {{0, 1}, {1, 2}, {2, 1}, {2, 0}, {1, 0}, {0, 0}};
    for (int s = 0; s < 6; s++) {
        assert_int_equal(map_neighbor(&M, 1, 1, s, &nb), 1);
        assert_int_equal(nb.row, want[s][0]);
        assert_int_equal(nb.col, want[s][1]);
    }
    assert_int_equal(map_neighbor(&M, 0, 0, MAP_SIDE_NW, &nb), 0);
    assert_int_equal(map_neighbor(&M, 0, 0, MAP_SIDE_W, &nb), 0);
    assert_int_equal(map_neighbor(&M, 1, 2, MAP_SIDE_E, &nb), 0);
    assert_int_equal(map_neighbor(&M, 5, 0, MAP_SIDE_E, &nb), 0);
}

struct bad {
    const char *text, *message;
};

#define HEAD "name = t\nplayers = 3-4\n"
#define DESERT "grid\nD\nend\n"

static const struct bad bad_maps[] = {
    {HEAD "grid\nD X\nend\n",
     "t.map:4: 1.2: unknown code `X` (the codes are - ~ F H P W M D G $ ? *)"},
    {HEAD "grid\nD Fx\nend\n",
     "t.map:4: 1.2: unknown code `Fx` (the codes are - ~ F H P W M D G $ ? *)"},
    {HEAD "grid\n D D\nD D\nend\n",
     "t.map:5: row 2 has 2 cells after a row of 2: rows are centred, so neighbouring rows "
     "differ by an odd number of cells (pad with -)"},
    {HEAD "grid\nD F7\nend\n", "t.map:4: 1.2: no number token 7 (they are 2 to 12 without 7)"},
    {HEAD "grid\nD F13\nend\n", "t.map:4: 1.2: no number token 13 (they are 2 to 12 without 7)"},
    {HEAD "grid\nD6\nend\n",
     "t.map:4: 1.1: `D6`: only F H P W M G take a fixed number token (a hex from the pool or the "
     "fog draws its own)"},
    {HEAD "terrains = forest\ngrid\nD *6\nend\n",
     "t.map:5: 1.2: `*6`: only F H P W M G take a fixed number token (a hex from the pool or the "
     "fog draws its own)"},
    {HEAD "tokens = 3, 7\ngrid\nD F F\nend\n",
     "t.map:3: tokens: `7` is not a number token (2 to 12 without 7)"},
    {HEAD "terrains = forest x2\ngrid\nD *\nend\ntokens = 3\n",
     "t.map:3: terrains: 2 in the pool for 1 hex from the pool (*)"},
    {HEAD "grid\nD * *\nend\n",
     "t.map:3: 2 hexes from the pool (*), but there is no terrains line"},
    {HEAD "terrains = forest, desert\ntokens = 3, 4\ngrid\nD * *\nend\n",
     "t.map:4: tokens: 2 in the pool for 1 hex that draws a number token"},
    {HEAD "grid\nD F\nend\n",
     "t.map:3: 1 hex that draws a number token, but there is no tokens line"},
    {HEAD "tokens = 5 x2\ngrid\nF5 D F5\nF F\nend\n",
     "t.map:3: the number 5 would be on 4 hexes (fixed, pooled and under fog); 3 at most"},
    {HEAD "tokens = 5\nfog_terrains = forest\nfog_tokens = 5\ngrid\nF5 D F5\nF ?\nend\n",
     "t.map:5: the number 5 would be on 4 hexes (fixed, pooled and under fog); 3 at most"},
    {HEAD "grid\nF6 D\n H8\nend\n",
     "t.map:4: 1.1 and 2.1: red numbers (6 and 8) may not be neighbours"},
    {HEAD "terrains = forest x3\ntokens = 6, 8, 5\nrobber = 1.1\ngrid\n* *\n *\nend\n",
     "t.map:4: tokens: the 2 red numbers (6 and 8) cannot always be placed apart: too few "
     "hexes draw a number away from each other and from fixed 6s and 8s"},
    {HEAD "terrains = forest x2, desert\ntokens = 6, 8\ngrid\n* * *\nend\n",
     "t.map:4: tokens: the 2 red numbers (6 and 8) cannot always be placed apart: too few "
     "hexes draw a number away from each other and from fixed 6s and 8s"},
    {HEAD "grid\nD D\nend\nharbor = 1.1 E\nharbors = 3:1\n",
     "t.map:6: harbor: the E side of 1.1 is not on the coast"},
    {HEAD "grid\nD D\nend\nharbor = 1.1 NE 3:1\nharbor = 1.2 NW ore\n",
     "t.map:7: harbor: 1.2 NW shares a corner with the harbor on line 6"},
    {HEAD "grid\n~ D\nend\nharbor = 1.1 E 3:1\n", "t.map:6: harbor: 1.1 is not a land hex"},
    {HEAD "grid\nD\nend\nharbor = 1.1 N\n",
     "t.map:6: harbor: write ROW.COL SIDE [TYPE], SIDE one of NE E SE SW W NW"},
    {HEAD "grid\nD\nend\nharbor = 1.1 E 4:1\n",
     "t.map:6: harbor: unknown harbor `4:1` (3:1, wood, brick, wool, grain, ore, or nothing to "
     "draw it from the harbors pool)"},
    {HEAD "grid\nD\nend\nharbor = 1.1 E\n",
     "t.map:6: 1 harbor line that draws one, but there is no harbors line"},
    {HEAD "harbors = 3:1 x2\ngrid\nD\nend\nharbor = 1.1 E\n",
     "t.map:3: harbors: 2 in the pool for 1 harbor line that draws one"},
    {HEAD "harbors = 5:1\n" DESERT,
     "t.map:3: harbors: unknown harbor `5:1` (3:1, wood, brick, wool, grain, ore)"},
    {"name = t\nplayers = 2-4\n" DESERT,
     "t.map:2: players: write MIN-MAX or N, from 3 to 6 players"},
    {"name = t\nplayers = 4-3\n" DESERT,
     "t.map:2: players: write MIN-MAX or N, from 3 to 6 players"},
    {"name = t\nplayers = 7\n" DESERT, "t.map:2: players: write MIN-MAX or N, from 3 to 6 players"},
    {"name = t\nplayers = 3-4\nplayers = 3-4\n" DESERT,
     "t.map:3: players: given twice (first on line 2)"},
    {"name = t\nplayers = 3-4\nname = u\n" DESERT, "t.map:3: name: given twice (first on line 1)"},
    {HEAD "points = 2\n" DESERT, "t.map:3: points: `2`: a number from 3 to 30"},
    {HEAD "points = ten\n" DESERT, "t.map:3: points: `ten`: a number from 3 to 30"},
    {HEAD "island_bonus = 11\n" DESERT, "t.map:3: island_bonus: `11`: a number from 0 to 10"},
    {HEAD "colour = red\n" DESERT, "t.map:3: unknown key `colour`"},
    {HEAD "points =\n" DESERT, "t.map:3: points: no value"},
    {HEAD "just words\n" DESERT, "t.map:3: expected KEY = VALUE, grid or end, not `just words`"},
    {HEAD DESERT "grid\nD\nend\n", "t.map:6: a second grid (the first begins on line 3)"},
    {HEAD "end\n", "t.map:3: end without grid"},
    {HEAD "grid\nD\n", "t.map:3: grid without end"},
    {HEAD "grid\nend\n", "t.map:4: the grid has no rows"},
    {HEAD, "t.map:2: no grid: the hexes go between a line grid and a line end"},
    {"players = 3-4\n" DESERT, "t.map:4: no name = ..."},
    {"name = t\n" DESERT, "t.map:4: no players = MIN-MAX"},
    {HEAD "grid\n~ -\nend\n", "t.map:3: the grid has no land hex"},
    {HEAD "robber = 1.2\ngrid\nD ~\nend\n", "t.map:3: robber: 1.2 is not a land hex"},
    {HEAD "robber = 2.1\n" DESERT, "t.map:3: robber: 2.1: the grid has 1 row"},
    {HEAD "robber = 1.2\n" DESERT, "t.map:3: robber: 1.2: row 1 has 1 cell"},
    {HEAD "robber = 1,2\n" DESERT, "t.map:3: robber: `1,2` is not a position ROW.COL (as 3.2)"},
    {HEAD "grid\nF3\nend\n",
     "t.map:5: robber: the map has no desert: say where the robber starts (robber = ROW.COL) or "
     "robber = none"},
    {HEAD "pirate = 1.1\n" DESERT, "t.map:3: pirate: 1.1 is not a sea hex"},
    {HEAD "pirate = desert\n" DESERT,
     "t.map:3: pirate: `desert` is not a position ROW.COL (as 3.2)"},
    {HEAD "grid\nD ~ D\nend\n",
     "t.map:5: the map has 2 islands: say where players start with home = ROW.COL, ... (a hex "
     "of each home island)"},
    {HEAD "home = 1.1, 1.2\ngrid\nD D\nend\n", "t.map:3: home: 1.2 is on the island of 1.1"},
    {HEAD "home = 1.2\ngrid\nD ~\nend\n", "t.map:3: home: 1.2 is not a land hex"},
    {HEAD "terrains = sea\ngrid\nD *\nend\n",
     "t.map:3: terrains: sea is not drawn from this pool (only fog_terrains)"},
    {HEAD "terrains = jungle\n" DESERT,
     "t.map:3: terrains: unknown terrain `jungle` (forest, hills, pasture, fields, mountains, "
     "desert, gold)"},
    {HEAD "terrains = forest x0\n" DESERT,
     "t.map:3: terrains: `forest x0`: a count is written x2, x3, ..."},
    {HEAD "terrains = forest 4\n" DESERT,
     "t.map:3: terrains: `forest 4`: a count is written x2, x3, ..."},
    {HEAD "terrains = forest,, hills\n" DESERT, "t.map:3: terrains: an empty item in the list"},
    {HEAD "fog_terrains = sea\ngrid\nD ? ?\nend\n",
     "t.map:3: fog_terrains: 1 in the pool for 2 fog hexes (?)"},
    {HEAD "fog_terrains = forest, sea\ngrid\nD ? ?\nend\n",
     "t.map:4: 1 fog terrain that takes a number token, but there is no fog_tokens line"},
    {HEAD "grid\nD\nD\nend\n",
     "t.map:5: row 2 has 1 cell after a row of 1: rows are centred, so neighbouring rows differ "
     "by an odd number of cells (pad with -)"},
    {HEAD "name\tx = 1\n" DESERT, "t.map:3: unknown key `name\tx`"},
    {HEAD "grid\nD $3\nend\n",
     "t.map:4: 1.2: `$3`: only F H P W M G take a fixed number token (a hex from the pool or the "
     "fog draws its own)"},
    {HEAD "terrains = mine\ngrid\nD *\nend\n",
     "t.map:3: terrains: a gold mine is not drawn from a pool (write $ in the grid)"},
    {HEAD "grid\nD S\nend\n",
     "t.map:4: 1.2: unknown code `S` (the codes are - ~ F H P W M D G $ ? *)"},
    {HEAD "river = 1.1, 1.2\ngrid\nD ~ $\nend\nhome = 1.1\n",
     "t.map:3: river: 1.2 is not a land hex"},
    {HEAD "river = 1.1, 1.3\ngrid\nD ~ $\nend\nhome = 1.1\n",
     "t.map:3: river: 1.3 is not joined by a side to 1.1: the river hexes are one stretch of "
     "land"},
    {HEAD "river = 1.1, 1.1\ngrid\nD $\nend\n", "t.map:3: river: 1.1 is given twice"},
    {HEAD "river = 1.3\ngrid\nD $\nend\n", "t.map:3: river: 1.3: row 1 has 2 cells"},
    {HEAD "river = 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7\ngrid\nD $ $ $ $ $ $\nend\n",
     "t.map:3: river: more than 6 positions"},
    {HEAD "river = 1.1 1.2\ngrid\nD $\nend\n",
     "t.map:3: river: `1.1 1.2` is not a position ROW.COL (as 3.2)"},
    {HEAD "river = 1.1\nriver = 1.2\ngrid\nD $\nend\n",
     "t.map:4: river: given twice (first on line 3)"},
    {HEAD "river_tip = 1.2 NE\ngrid\nD $\nend\n", "t.map:3: unknown key `river_tip`"},
    {HEAD "grid\nD\x01\nend\n", "t.map:4: control character 0x01"},
    {HEAD "grid\nD\rD\nend\n", "t.map:4: control character 0x0d"},
};

static void test_bad_maps(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_maps / sizeof bad_maps[0]; i++) {
        if (parse(bad_maps[i].text) != -1 || strcmp(err, bad_maps[i].message)) {
            print_error("case %zu:\n%s\nwant: %s\ngot:  %s\n", i, bad_maps[i].text,
                        bad_maps[i].message, err);
            fail();
        }
    }
}

/* A river, and a gold mine: land with no token that draws none from the pool. */
static void test_river(void **state)
{
    (void)state;
    const char *text = HEAD "terrains = forest\ntokens = 5\nrobber = 2.2\n"
                            "river = 1.2, 2.2 # mountain, then the gold mine\n"
                            "grid\n D M4\n* $ ~\nend\n";
    if (parse(text)) {
        print_error("%s\n", err);
        fail();
    }
    assert_int_equal(M.n_river, 2);
    assert_int_equal(M.river[0].row, 0);
    assert_int_equal(M.river[0].col, 1);
    assert_int_equal(M.river[1].row, 1);
    assert_int_equal(M.river[1].col, 1);
    assert_int_equal(M.cell[1][1].kind, MAP_CELL_LAND);
    assert_int_equal(M.cell[1][1].terrain, MAP_MINE);
    assert_int_equal(M.cell[1][1].token, 0);
    assert_false(map_terrain_produces(MAP_MINE));
    /* Without river no river. */
    assert_int_equal(parse(HEAD DESERT), 0);
    assert_int_equal(M.n_river, 0);

    /* The Great River as built in: the base board's 19 hexes, the river J, K, L as drawn (a
     * mountain, a forest, the gold mine), 10 points. */
    const struct map_builtin *b = map_builtin("great_river");
    assert_non_null(b);
    if (map_parse(b->text, b->len, "great_river.map", &M, err, sizeof err)) {
        print_error("%s\n", err);
        fail();
    }
    assert_int_equal(M.n_land, 19);
    assert_int_equal(M.n_harbors, 9);
    assert_int_equal(M.points, 10);
    assert_int_equal(M.n_river, 3);
    assert_int_equal(M.cell[3][3].terrain, MAP_MOUNTAINS);
    assert_int_equal(M.cell[3][4].terrain, MAP_FOREST);
    assert_int_equal(M.cell[3][5].terrain, MAP_MINE);
    assert_int_equal(M.robber_start, MAP_START_HEX);
    assert_int_equal(M.robber.row, 3);
    assert_int_equal(M.robber.col, 5);
    assert_int_equal(M.terrains[MAP_DESERT], 0);
    int tokens = 0;
    for (int t = 0; t <= 12; t++)
        tokens += M.tokens[t];
    assert_int_equal(tokens, 18);
}

/* Limits: lines, rows, cells, names, the size of a file; a NUL byte; nothing but a NUL. */
static void test_limits(void **state)
{
    (void)state;
    static char text[MAP_MAX_TEXT + 2];
    memset(text, ' ', MAP_MAX_LINE + 1);
    memcpy(text + MAP_MAX_LINE + 1, "\n", 2);
    assert_int_equal(map_parse(text, strlen(text), "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:1: line longer than 256 characters");
    /* A line of exactly the limit is fine (here a comment). */
    memset(text, ' ', MAP_MAX_LINE);
    text[0] = '#';
    strcpy(text + MAP_MAX_LINE, "\n" HEAD DESERT);
    assert_int_equal(map_parse(text, strlen(text), "t.map", &M, err, sizeof err), 0);

    strcpy(text, HEAD "grid\n");
    for (int r = 0; r <= MAP_MAX_ROWS; r++)
        strcat(text, r % 2 ? "D D\n" : "D\n");
    strcat(text, "end\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:24: more than 20 rows in the grid");

    strcpy(text, HEAD "grid\n");
    for (int c = 0; c <= MAP_MAX_COLS; c++)
        strcat(text, "D ");
    strcat(text, "\nend\n");
    assert_int_equal(map_parse(text, strlen(text), "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:4: row 1: more than 20 cells");

    strcpy(text, "name = ");
    memset(text + 7, 'n', MAP_NAME_MAX);
    strcpy(text + 7 + MAP_NAME_MAX, "\nplayers = 3\n" DESERT);
    assert_int_equal(map_parse(text, strlen(text), "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:1: name: longer than 63 bytes");

    memset(text, '\n', MAP_MAX_TEXT + 1);
    assert_int_equal(map_parse(text, MAP_MAX_TEXT + 1, "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map: longer than 65536 bytes");

    static const char nul[] = HEAD "grid\nD\0\nend\n";
    assert_int_equal(map_parse(nul, sizeof nul - 1, "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:4: control character 0x00");
    assert_int_equal(map_parse("", 0, "t.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "t.map:1: no grid: the hexes go between a line grid and a line end");
    assert_int_equal(map_parse(NULL, 0, NULL, &M, NULL, 0), -1);

    /* A message too long for the buffer is cut, still a string. */
    char small[12];
    assert_int_equal(map_parse(HEAD, strlen(HEAD), "t.map", &M, small, sizeof small), -1);
    assert_string_equal(small, "t.map:2: no");
}

static void test_load_file(void **state)
{
    (void)state;
    assert_int_equal(map_load_file("/nonexistent/x.map", &M, err, sizeof err), -1);
    assert_string_equal(err, "/nonexistent/x.map: No such file or directory");
    char path[] = "/tmp/bw_test_map_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(HEAD "grid\nD Q\nend\n", f);
    fclose(f);
    char want[256];
    snprintf(want, sizeof want,
             "%s:4: 1.2: unknown code `Q` (the codes are - ~ F H P W M D G $ ? *)", path);
    assert_int_equal(map_load_file(path, &M, err, sizeof err), -1);
    assert_string_equal(err, want);
    remove(path);
}

/* Every file in maps/ is valid, and the program carries it as it is now. */
static void test_shipped_maps(void **state)
{
    (void)state;
    int n = 0;
    for (const struct map_builtin *b = map_builtins; b->name; b++, n++) {
        char rel[256], path[4096];
        snprintf(rel, sizeof rel, "maps/%s.map", b->name);
        size_t len;
        char *text = slurp(rel, &len);
        assert_int_equal(len, b->len);
        assert_memory_equal(text, b->text, len);
        free(text);
        const char *dir = getenv("BW_SOURCE_DIR");
        snprintf(path, sizeof path, "%s/%s", dir ? dir : ".", rel);
        if (map_load_file(path, &M, err, sizeof err)) {
            print_error("%s\n", err);
            fail();
        }
        assert_ptr_equal(map_builtin(b->name), b);
    }
    assert_true(n >= 2);
    assert_null(map_builtin("nonexistent"));
    assert_null(map_builtin(NULL));

    const struct map_builtin *base = map_builtin("base"), *big = map_builtin("big");
    assert_non_null(base);
    assert_non_null(big);
    assert_int_equal(map_parse(base->text, base->len, "base.map", &M, err, sizeof err), 0);
    assert_int_equal(M.n_land, 19);
    assert_int_equal(M.n_harbors, 9);
    assert_int_equal(M.players_max, 4);
    assert_int_equal(map_parse(big->text, big->len, "big.map", &M, err, sizeof err), 0);
    assert_int_equal(M.n_land, 30);
    assert_int_equal(M.n_harbors, 11);
    assert_int_equal(M.players_max, 6);
}

/* The example in README's "Maps" section is a valid map. */
static void test_readme_example(void **state)
{
    (void)state;
    size_t len;
    char *readme = slurp("README.md", &len);
    char *section = strstr(readme, "\n## Maps\n");
    assert_non_null(section);
    char *start = strstr(section, "\n```\n");
    assert_non_null(start);
    start += 5;
    char *end = strstr(start, "\n```\n");
    assert_non_null(end);
    if (map_parse(start, (size_t)(end - start) + 1, "README.md", &M, err, sizeof err)) {
        print_error("%s\n", err);
        fail();
    }
    assert_true(M.n_islands > 1);
    free(readme);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_island), cmocka_unit_test(test_islands_and_fog),
        cmocka_unit_test(test_neighbors),    cmocka_unit_test(test_bad_maps),
        cmocka_unit_test(test_limits),       cmocka_unit_test(test_load_file),
        cmocka_unit_test(test_shipped_maps), cmocka_unit_test(test_readme_example),
        cmocka_unit_test(test_river),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
