/* The map format of README "Maps": read line by line into struct map, then checked as a
 * whole once every line is known (a position may name a cell of a grid written further down). */
#include "map/map.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Hex geometry as in engine/board.h: x in half hex widths, y in quarter hex heights. */
static const int side_dx[6] = {1, 2, 1, -1, -2, -1};
static const int side_dy[6] = {-3, 0, 3, 3, 0, -3};
static const int corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int corner_dy[6] = {-2, -1, 1, 2, 1, -1};

static const char *const side_names[6] = {"NE", "E", "SE", "SW", "W", "NW"};
static const char *const terrain_names[MAP_TERRAINS] = {
    "forest", "hills", "pasture", "fields", "mountains", "desert", "gold", "sea", "mine"};
static const char terrain_codes[] = "FHPWMDG"; /* by enum map_terrain */
static const char *const harbor_names[MAP_HARBOR_TYPES] = {"wood",  "brick", "wool",
                                                           "grain", "ore",   "3:1"};

enum key {
    K_NAME,
    K_PLAYERS,
    K_POINTS,
    K_ROBBER,
    K_PIRATE,
    K_ISLAND_BONUS,
    K_HOME,
    K_TERRAINS,
    K_TOKENS,
    K_HARBORS,
    K_FOG_TERRAINS,
    K_FOG_TOKENS,
    K_HARBOR,
    K_RIVER,
    K_DESERTS_DIVIDE,
    K_RANDOM_ISLANDS,
    K_COUNT
};
static const char *const key_names[K_COUNT] = {
    "name",   "players",  "points",         "robber",        "pirate",       "island_bonus",
    "home",   "terrains", "tokens",         "harbors",       "fog_terrains", "fog_tokens",
    "harbor", "river",    "deserts_divide", "random_islands"};

/* A position as written (1-based, not yet known to be in the grid) and its line. */
struct ref {
    int row, col, line;
};

struct parser {
    const char *file;
    char *err;
    size_t err_size;
    struct map *m;
    int line;
    int key_line[K_COUNT]; /* where each key was given (the first harbor line), or 0 */
    int grid_line, in_grid;
    int row_line[MAP_MAX_ROWS];
    struct ref robber, pirate;
    struct ref home[MAP_MAX_CELLS];
    int n_home;
    struct ref harbor[MAP_MAX_HARBORS];
    struct ref river[MAP_MAX_RIVER];
};

/* Writes "FILE:LINE: message" (or "FILE: message" for line 0) and returns -1. */
static int fail(struct parser *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static int fail(struct parser *p, int line, const char *fmt, ...)
{
    if (!p->err || !p->err_size)
        return -1;
    int n = line > 0 ? snprintf(p->err, p->err_size, "%s:%d: ", p->file, line)
                     : snprintf(p->err, p->err_size, "%s: ", p->file);
    if (n >= 0 && (size_t)n < p->err_size) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err + n, p->err_size - (size_t)n, fmt, ap);
        va_end(ap);
    }
    return -1;
}

#define PLURAL(n, one, many) ((n) == 1 ? (one) : (many))

static int is_space(char c)
{
    return c == ' ' || c == '\t';
}

static int is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static int same_word(const char *a, const char *b)
{
    while (*a && lower(*a) == lower(*b))
        a++, b++;
    return !*a && !*b;
}

static char *trim(char *s)
{
    while (is_space(*s))
        s++;
    size_t n = strlen(s);
    while (n && is_space(s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* The next word of *S (cut off with a NUL), or NULL at the end. */
static char *next_word(char **s)
{
    char *w = *s;
    while (is_space(*w))
        w++;
    if (!*w)
        return NULL;
    char *e = w;
    while (*e && !is_space(*e))
        e++;
    *s = *e ? e + 1 : e;
    *e = '\0';
    return w;
}

/* A whole number of at most MAX_DIGITS digits, or -1. */
static int number(const char *s, int max_digits)
{
    int v = 0, n = 0;
    for (; is_digit(*s) && n < max_digits; s++, n++)
        v = v * 10 + (*s - '0');
    return n && !*s ? v : -1;
}

static int is_token(int v)
{
    return v >= 2 && v <= 12 && v != 7;
}

int map_terrain_produces(int terrain)
{
    return terrain < MAP_DESERT || terrain == MAP_GOLD;
}

static int is_land(const struct map_cell *c)
{
    return c->kind == MAP_CELL_LAND || c->kind == MAP_CELL_POOL;
}

/* Land that belongs to an island: with deserts_divide, a desert parts the land instead. */
static int joins(const struct map *m, const struct map_cell *c)
{
    return is_land(c) &&
           !(m->deserts_divide && c->kind == MAP_CELL_LAND && c->terrain == MAP_DESERT);
}

/* A land or pool cell that draws a number token from the pool (the tribe's islands draw none). */
static int draws_token(const struct map_cell *c)
{
    return c->kind == MAP_CELL_POOL ||
           (c->kind == MAP_CELL_LAND && map_terrain_produces(c->terrain) && !c->token && !c->tribe);
}

static int is_red(int token)
{
    return token == 6 || token == 8;
}

static int cell_x(const struct map *m, int row, int col)
{
    return 2 * col - (m->row_len[row] - 1);
}

int map_neighbor(const struct map *m, int row, int col, int side, struct map_pos *nb)
{
    if (row < 0 || row >= m->n_rows || col < 0 || col >= m->row_len[row] || side < 0 || side > 5)
        return 0;
    int r = row + side_dy[side] / 3;
    if (r < 0 || r >= m->n_rows)
        return 0;
    int twice = cell_x(m, row, col) + side_dx[side] + m->row_len[r] - 1;
    if (twice < 0 || (twice & 1) || twice / 2 >= m->row_len[r])
        return 0;
    nb->row = (int8_t)r;
    nb->col = (int8_t)(twice / 2);
    return 1;
}

/* ---- one line at a time ---- */

static int parse_cell(struct parser *p, const char *tok, int row, int col)
{
    struct map_cell *c = &p->m->cell[row][col];
    char code = tok[0] >= 'a' && tok[0] <= 'z' ? (char)(tok[0] - 'a' + 'A') : tok[0];
    const char *known = strchr(terrain_codes, code);
    c->island = -1;
    c->terrain = MAP_SEA;
    if (code == '-')
        c->kind = MAP_CELL_NONE;
    else if (code == '~')
        c->kind = MAP_CELL_SEA;
    else if (code == '*')
        c->kind = MAP_CELL_POOL;
    else if (code == '?')
        c->kind = MAP_CELL_FOG;
    else if (code == '$') {
        c->kind = MAP_CELL_LAND;
        c->terrain = MAP_MINE;
    } else if (code && known) {
        c->kind = MAP_CELL_LAND;
        c->terrain = (uint8_t)(known - terrain_codes);
    } else
        return fail(p, p->line,
                    "%d.%d: unknown code `%.20s` (the codes are - ~ F H P W M D G $ ? *)", row + 1,
                    col + 1, tok);
    if (!tok[1])
        return 0;
    int v = number(tok + 1, 2);
    if (v < 0)
        return fail(p, p->line,
                    "%d.%d: unknown code `%.20s` (the codes are - ~ F H P W M D G $ ? *)", row + 1,
                    col + 1, tok);
    if (c->kind != MAP_CELL_LAND || !map_terrain_produces(c->terrain))
        return fail(p, p->line,
                    "%d.%d: `%.20s`: only F H P W M G take a fixed number token (a hex from the "
                    "pool or the fog draws its own)",
                    row + 1, col + 1, tok);
    if (!is_token(v))
        return fail(p, p->line, "%d.%d: no number token %d (they are 2 to 12 without 7)", row + 1,
                    col + 1, v);
    c->token = (uint8_t)v;
    return 0;
}

static int parse_row(struct parser *p, char *s)
{
    struct map *m = p->m;
    if (m->n_rows == MAP_MAX_ROWS)
        return fail(p, p->line, "more than %d rows in the grid", MAP_MAX_ROWS);
    int r = m->n_rows, n = 0;
    for (char *tok; (tok = next_word(&s));) {
        if (n == MAP_MAX_COLS)
            return fail(p, p->line, "row %d: more than %d cells", r + 1, MAP_MAX_COLS);
        if (parse_cell(p, tok, r, n) < 0)
            return -1;
        n++;
    }
    m->row_len[r] = n;
    p->row_line[r] = p->line;
    m->n_rows++;
    if (r > 0 && (n - m->row_len[r - 1]) % 2 == 0)
        return fail(p, p->line,
                    "row %d has %d %s after a row of %d: rows are centred, so neighbouring "
                    "rows differ by an odd number of cells (pad with -)",
                    r + 1, n, PLURAL(n, "cell", "cells"), m->row_len[r - 1]);
    return 0;
}

/* ROW.COL into *R (1-based; checked against the grid later). */
static int parse_pos(struct parser *p, const char *key, const char *s, struct ref *r)
{
    const char *dot = strchr(s, '.');
    char row[8], col[8];
    size_t n = dot ? (size_t)(dot - s) : 0;
    if (dot && n < sizeof row && strlen(dot + 1) < sizeof col) {
        memcpy(row, s, n);
        row[n] = '\0';
        strcpy(col, dot + 1);
        r->row = number(row, 3);
        r->col = number(col, 3);
        r->line = p->line;
        if (r->row > 0 && r->col > 0)
            return 0;
    }
    return fail(p, p->line, "%s: `%.20s` is not a position ROW.COL (as 3.2)", key, s);
}

/* One pool: comma-separated items, each a word and an optional count (`3 x2`). */
static int parse_pool(struct parser *p, enum key k, char *s, int *counts)
{
    const char *key = key_names[k];
    int total = 0, limit = k == K_HARBORS ? MAP_MAX_HARBORS : MAP_MAX_CELLS;
    for (;;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        char *item = trim(s), *word = next_word(&item), *times = next_word(&item);
        if (!word)
            return fail(p, p->line, "%s: an empty item in the list", key);
        int count = 1;
        if (times) {
            count = times[0] == 'x' || times[0] == 'X' ? number(times + 1, 3) : -1;
            if (count < 1 || next_word(&item))
                return fail(p, p->line, "%s: `%.20s %.20s`: a count is written x2, x3, ...", key,
                            word, times);
        }
        int index = -1;
        if (k == K_TOKENS || k == K_FOG_TOKENS) {
            index = number(word, 2);
            if (!is_token(index))
                return fail(p, p->line, "%s: `%.20s` is not a number token (2 to 12 without 7)",
                            key, word);
        } else if (k == K_HARBORS) {
            for (int i = 0; i < MAP_HARBOR_TYPES; i++)
                if (same_word(word, harbor_names[i]))
                    index = i;
            if (index < 0)
                return fail(p, p->line,
                            "%s: unknown harbor `%.20s` (3:1, wood, brick, wool, grain, ore)", key,
                            word);
        } else {
            for (int i = 0; i < MAP_TERRAINS; i++)
                if (same_word(word, terrain_names[i]))
                    index = i;
            if (index < 0)
                return fail(p, p->line,
                            "%s: unknown terrain `%.20s` (forest, hills, pasture, fields, "
                            "mountains, desert, gold%s)",
                            key, word, k == K_FOG_TERRAINS ? ", sea" : "");
            if (index == MAP_SEA && k != K_FOG_TERRAINS)
                return fail(p, p->line, "%s: sea is not drawn from this pool (only fog_terrains)",
                            key);
            if (index == MAP_MINE)
                return fail(p, p->line,
                            "%s: a gold mine is not drawn from a pool (write $ in the grid)", key);
        }
        total += count;
        if (total > limit)
            return fail(p, p->line, "%s: more than %d in the pool", key, limit);
        counts[index] += count;
        if (!comma)
            return 0;
        s = comma + 1;
    }
}

static int parse_players(struct parser *p, char *s)
{
    char *dash = strchr(s, '-');
    if (dash)
        *dash = '\0';
    int lo = number(trim(s), 1), hi = dash ? number(trim(dash + 1), 1) : lo;
    if (lo < MAP_MIN_PLAYERS || hi > MAP_MAX_PLAYERS || lo > hi)
        return fail(p, p->line, "players: write MIN-MAX or N, from %d to %d players",
                    MAP_MIN_PLAYERS, MAP_MAX_PLAYERS);
    p->m->players_min = lo;
    p->m->players_max = hi;
    return 0;
}

static int parse_bounded(struct parser *p, enum key k, const char *s, int lo, int hi, int *out)
{
    int v = number(s, 3);
    if (v < lo || v > hi)
        return fail(p, p->line, "%s: `%.20s`: a number from %d to %d", key_names[k], s, lo, hi);
    *out = v;
    return 0;
}

static int parse_harbor(struct parser *p, char *s)
{
    struct map *m = p->m;
    if (m->n_harbors == MAP_MAX_HARBORS)
        return fail(p, p->line, "harbor: more than %d harbors", MAP_MAX_HARBORS);
    char *pos = next_word(&s), *side = next_word(&s), *type = next_word(&s);
    struct map_harbor *h = &m->harbor[m->n_harbors];
    if (parse_pos(p, "harbor", pos, &p->harbor[m->n_harbors]) < 0)
        return -1;
    h->side = 6;
    for (int i = 0; side && i < 6; i++)
        if (same_word(side, side_names[i]))
            h->side = (uint8_t)i;
    if (h->side == 6)
        return fail(p, p->line, "harbor: write ROW.COL SIDE [TYPE], SIDE one of NE E SE SW W NW");
    h->type = MAP_HARBOR_POOL;
    for (int i = 0; type && i < MAP_HARBOR_TYPES; i++)
        if (same_word(type, harbor_names[i]))
            h->type = (uint8_t)i;
    if (type && h->type == MAP_HARBOR_POOL)
        return fail(p, p->line,
                    "harbor: unknown harbor `%.20s` (3:1, wood, brick, wool, grain, ore, or "
                    "nothing to draw it from the harbors pool)",
                    type);
    if (next_word(&s))
        return fail(p, p->line, "harbor: write ROW.COL SIDE [TYPE]");
    m->n_harbors++;
    return 0;
}

static int parse_start(struct parser *p, enum key k, char *s, int *start, struct ref *r)
{
    if (same_word(s, "none")) {
        *start = MAP_START_NONE;
        return 0;
    }
    if (k == K_ROBBER && same_word(s, "desert")) {
        *start = MAP_START_DESERT;
        return 0;
    }
    *start = MAP_START_HEX;
    return parse_pos(p, key_names[k], s, r);
}

/* A list of positions `ROW.COL, ROW.COL, ...` into REFS (at most MAX, *N of them). */
static int parse_positions(struct parser *p, enum key k, char *s, struct ref *refs, int *n, int max)
{
    for (;;) {
        char *comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (*n == max)
            return fail(p, p->line, "%s: more than %d positions", key_names[k], max);
        if (parse_pos(p, key_names[k], trim(s), &refs[(*n)++]) < 0)
            return -1;
        if (!comma)
            return 0;
        s = comma + 1;
    }
}

static int parse_yes(struct parser *p, enum key k, const char *s, int *out)
{
    if (!same_word(s, "yes") && !same_word(s, "no"))
        return fail(p, p->line, "%s: write yes or no", key_names[k]);
    *out = same_word(s, "yes");
    return 0;
}

static int parse_key(struct parser *p, char *s)
{
    struct map *m = p->m;
    char *eq = strchr(s, '=');
    if (!eq)
        return fail(p, p->line, "expected KEY = VALUE, grid or end, not `%.40s`", s);
    *eq = '\0';
    char *key = trim(s), *value = trim(eq + 1);
    int k = 0;
    while (k < K_COUNT && strcmp(key, key_names[k]))
        k++;
    if (k == K_COUNT && *value) {
        char msg[200];
        int scen = map_scen_key(m, key, value, p->line, msg, sizeof msg);
        if (!scen)
            scen = map_wonder_key(m, key, value, p->line, msg, sizeof msg);
        if (!scen)
            scen = map_pirate_key(m, key, value, p->line, msg, sizeof msg);
        if (scen)
            return scen < 0 ? fail(p, p->line, "%s", msg) : 0;
    }
    if (k == K_COUNT)
        return fail(p, p->line, "unknown key `%.40s`", key);
    if (p->key_line[k] && k != K_HARBOR)
        return fail(p, p->line, "%s: given twice (first on line %d)", key, p->key_line[k]);
    if (!p->key_line[k])
        p->key_line[k] = p->line;
    if (!*value)
        return fail(p, p->line, "%s: no value", key);
    switch (k) {
    case K_NAME:
        if (strlen(value) >= sizeof m->name)
            return fail(p, p->line, "name: longer than %zu bytes", sizeof m->name - 1);
        strcpy(m->name, value);
        return 0;
    case K_PLAYERS:
        return parse_players(p, value);
    case K_POINTS:
        return parse_bounded(p, K_POINTS, value, 3, 30, &m->points);
    case K_ISLAND_BONUS:
        return parse_bounded(p, K_ISLAND_BONUS, value, 0, 10, &m->island_bonus);
    case K_ROBBER:
        return parse_start(p, K_ROBBER, value, &m->robber_start, &p->robber);
    case K_PIRATE:
        return parse_start(p, K_PIRATE, value, &m->pirate_start, &p->pirate);
    case K_HOME:
        return parse_positions(p, K_HOME, value, p->home, &p->n_home, MAP_MAX_CELLS);
    case K_RIVER:
        return parse_positions(p, K_RIVER, value, p->river, &m->n_river, MAP_MAX_RIVER);
    case K_TERRAINS:
        return parse_pool(p, K_TERRAINS, value, m->terrains);
    case K_TOKENS:
        return parse_pool(p, K_TOKENS, value, m->tokens);
    case K_HARBORS:
        return parse_pool(p, K_HARBORS, value, m->harbors);
    case K_FOG_TERRAINS:
        return parse_pool(p, K_FOG_TERRAINS, value, m->fog_terrains);
    case K_FOG_TOKENS:
        return parse_pool(p, K_FOG_TOKENS, value, m->fog_tokens);
    case K_DESERTS_DIVIDE:
        return parse_yes(p, K_DESERTS_DIVIDE, value, &m->deserts_divide);
    case K_RANDOM_ISLANDS:
        return parse_yes(p, K_RANDOM_ISLANDS, value, &m->random_islands);
    default:
        return parse_harbor(p, value);
    }
}

static int parse_line(struct parser *p, char *s)
{
    if (!*s)
        return 0;
    if (p->in_grid) {
        if (strcmp(s, "end"))
            return parse_row(p, s);
        p->in_grid = 0;
        return p->m->n_rows ? 0 : fail(p, p->line, "the grid has no rows");
    }
    if (!strcmp(s, "grid")) {
        if (p->grid_line)
            return fail(p, p->line, "a second grid (the first begins on line %d)", p->grid_line);
        p->grid_line = p->line;
        p->in_grid = 1;
        return 0;
    }
    if (!strcmp(s, "end"))
        return fail(p, p->line, "end without grid");
    return parse_key(p, s);
}

/* ---- the map as a whole ---- */

static int resolve(struct parser *p, const char *key, const struct ref *r, struct map_pos *pos)
{
    const struct map *m = p->m;
    if (r->row > m->n_rows)
        return fail(p, r->line, "%s: %d.%d: the grid has %d %s", key, r->row, r->col, m->n_rows,
                    PLURAL(m->n_rows, "row", "rows"));
    int len = m->row_len[r->row - 1];
    if (r->col > len)
        return fail(p, r->line, "%s: %d.%d: row %d has %d %s", key, r->row, r->col, r->row, len,
                    PLURAL(len, "cell", "cells"));
    pos->row = (int8_t)(r->row - 1);
    pos->col = (int8_t)(r->col - 1);
    return 0;
}

static const struct map_cell *cell_at(const struct map *m, struct map_pos pos)
{
    return &m->cell[pos.row][pos.col];
}

static void find_islands(struct map *m)
{
    struct map_pos stack[MAP_MAX_CELLS];
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            if (!joins(m, &m->cell[r][c]) || m->cell[r][c].island >= 0)
                continue;
            int n = 0, id = m->n_islands++;
            m->cell[r][c].island = (int16_t)id;
            stack[n++] = (struct map_pos){(int8_t)r, (int8_t)c};
            while (n) {
                struct map_pos at = stack[--n], nb;
                for (int s = 0; s < 6; s++) {
                    if (!map_neighbor(m, at.row, at.col, s, &nb))
                        continue;
                    struct map_cell *next = &m->cell[nb.row][nb.col];
                    if (joins(m, next) && next->island < 0) {
                        next->island = (int16_t)id;
                        stack[n++] = nb;
                    }
                }
            }
        }
}

static int check_starts(struct parser *p, int last)
{
    struct map *m = p->m;
    if (!p->key_line[K_ROBBER])
        m->robber_start = MAP_START_DESERT;
    if (m->robber_start == MAP_START_HEX) {
        if (resolve(p, "robber", &p->robber, &m->robber) < 0)
            return -1;
        if (!is_land(cell_at(m, m->robber)))
            return fail(p, p->robber.line, "robber: %d.%d is not a land hex", p->robber.row,
                        p->robber.col);
    }
    if (m->robber_start == MAP_START_DESERT && !m->terrains[MAP_DESERT]) {
        int deserts = 0;
        for (int r = 0; r < m->n_rows; r++)
            for (int c = 0; c < m->row_len[r]; c++)
                deserts +=
                    m->cell[r][c].kind == MAP_CELL_LAND && m->cell[r][c].terrain == MAP_DESERT;
        if (!deserts)
            return fail(p, p->key_line[K_ROBBER] ? p->key_line[K_ROBBER] : last,
                        "robber: the map has no desert: say where the robber starts (robber = "
                        "ROW.COL) or robber = none");
    }
    if (m->pirate_start == MAP_START_HEX) {
        if (resolve(p, "pirate", &p->pirate, &m->pirate) < 0)
            return -1;
        int kind = cell_at(m, m->pirate)->kind;
        if (kind != MAP_CELL_SEA && !(m->random_islands && kind == MAP_CELL_FOG))
            return fail(p, p->pirate.line, "pirate: %d.%d is not a sea hex", p->pirate.row,
                        p->pirate.col);
    }
    return 0;
}

static int check_home(struct parser *p, int last)
{
    struct map *m = p->m;
    struct map_pos first[MAP_MAX_CELLS];
    for (int i = 0; i < p->n_home; i++) {
        struct map_pos pos;
        if (resolve(p, "home", &p->home[i], &pos) < 0)
            return -1;
        const struct map_cell *c = cell_at(m, pos);
        if (!is_land(c))
            return fail(p, p->home[i].line, "home: %d.%d is not a land hex", pos.row + 1,
                        pos.col + 1);
        if (!joins(m, c))
            return fail(p, p->home[i].line,
                        "home: %d.%d is a desert, on no island (deserts_divide)", pos.row + 1,
                        pos.col + 1);
        if (m->home[c->island])
            return fail(p, p->home[i].line, "home: %d.%d is on the island of %d.%d", pos.row + 1,
                        pos.col + 1, first[c->island].row + 1, first[c->island].col + 1);
        m->home[c->island] = 1;
        first[c->island] = pos;
    }
    if (!p->n_home && m->n_islands == 1)
        m->home[0] = 1;
    else if (!p->n_home)
        return fail(p, last,
                    "the map has %d islands: say where players start with home = ROW.COL, ... "
                    "(a hex of each home island)",
                    m->n_islands);
    return 0;
}

/* The river: land hexes, each once, joined by their sides. */
static int check_river(struct parser *p)
{
    struct map *m = p->m;
    uint8_t in[MAP_MAX_ROWS][MAP_MAX_COLS] = {{0}};
    for (int i = 0; i < m->n_river; i++) {
        const struct ref *r = &p->river[i];
        if (resolve(p, "river", r, &m->river[i]) < 0)
            return -1;
        if (!is_land(cell_at(m, m->river[i])))
            return fail(p, r->line, "river: %d.%d is not a land hex", r->row, r->col);
        if (in[r->row - 1][r->col - 1])
            return fail(p, r->line, "river: %d.%d is given twice", r->row, r->col);
        in[r->row - 1][r->col - 1] = 1;
    }
    /* Joined: every hex reached from the first through river hexes. */
    struct map_pos stack[MAP_MAX_RIVER];
    int n = 0;
    if (m->n_river) {
        stack[n++] = m->river[0];
        in[m->river[0].row][m->river[0].col] = 2;
    }
    while (n) {
        struct map_pos at = stack[--n], nb;
        for (int s = 0; s < 6; s++)
            if (map_neighbor(m, at.row, at.col, s, &nb) && in[nb.row][nb.col] == 1) {
                in[nb.row][nb.col] = 2;
                stack[n++] = nb;
            }
    }
    for (int i = 0; i < m->n_river; i++)
        if (in[m->river[i].row][m->river[i].col] != 2)
            return fail(p, p->river[i].line,
                        "river: %d.%d is not joined by a side to %d.%d: the river hexes are one "
                        "stretch of land",
                        p->river[i].row, p->river[i].col, p->river[0].row, p->river[0].col);
    return 0;
}

static int sum(const int *counts, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += counts[i];
    return total;
}

/* A pool of HAVE items for NEED things that draw from it (ONE or MANY of them). */
static int check_pool(struct parser *p, enum key k, int have, int need, const char *one,
                      const char *many)
{
    const char *what = PLURAL(need, one, many);
    if (have == need)
        return 0;
    if (!p->key_line[k])
        return fail(p, k == K_HARBORS ? p->key_line[K_HARBOR] : p->grid_line,
                    "%d %s, but there is no %s line", need, what, key_names[k]);
    return fail(p, p->key_line[k], "%s: %d in the pool for %d %s", key_names[k], have, need, what);
}

static int check_pools(struct parser *p)
{
    struct map *m = p->m;
    int n_pool = 0, n_fog = 0, n_token = 0, n_pool_harbors = 0;
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            const struct map_cell *cell = &m->cell[r][c];
            n_pool += cell->kind == MAP_CELL_POOL;
            n_fog += cell->kind == MAP_CELL_FOG;
            n_token += cell->kind == MAP_CELL_LAND && draws_token(cell);
        }
    n_token += n_pool - m->terrains[MAP_DESERT];
    for (int i = 0; i < m->n_harbors; i++)
        n_pool_harbors += m->harbor[i].type == MAP_HARBOR_POOL;
    int fog_token = 0;
    for (int t = 0; t < MAP_TERRAINS; t++)
        fog_token += map_terrain_produces(t) ? m->fog_terrains[t] : 0;
    if (check_pool(p, K_TERRAINS, sum(m->terrains, MAP_TERRAINS), n_pool, "hex from the pool (*)",
                   "hexes from the pool (*)") < 0 ||
        check_pool(p, K_TOKENS, sum(m->tokens, 13), n_token, "hex that draws a number token",
                   "hexes that draw a number token") < 0 ||
        check_pool(p, K_FOG_TERRAINS, sum(m->fog_terrains, MAP_TERRAINS), n_fog, "fog hex (?)",
                   "fog hexes (?)") < 0 ||
        check_pool(p, K_FOG_TOKENS, sum(m->fog_tokens, 13), fog_token,
                   "fog terrain that takes a number token",
                   "fog terrains that take a number token") < 0)
        return -1;
    /* A number on three hexes at most (the box has three of each at most). */
    int fixed[13] = {0};
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++)
            fixed[m->cell[r][c].token % 13]++;
    for (int t = 2; t <= 12; t++) {
        int n = fixed[t] + m->tokens[t] + m->fog_tokens[t],
            line = p->key_line[m->fog_tokens[t] ? K_FOG_TOKENS : K_TOKENS];
        if (n > 3)
            return fail(p, line ? line : p->grid_line,
                        "the number %d would be on %d hexes (fixed, pooled and under fog); 3 at "
                        "most",
                        t, n);
    }
    if (m->random_islands)
        return 0; /* the pool is dealt onto each game's coasts */
    return check_pool(p, K_HARBORS, sum(m->harbors, MAP_HARBOR_TYPES), n_pool_harbors,
                      "harbor line that draws one", "harbor lines that draw one");
}

/* Red numbers apart: a set of hexes, none next to another, found by a bounded search. */
struct apart {
    int n;
    int16_t nb[MAP_MAX_CELLS][6]; /* neighbours among the candidates, -1 padded */
    uint8_t blocked[MAP_MAX_CELLS];
    long budget;
};

static void block(struct apart *a, int i, int by)
{
    a->blocked[i] = (uint8_t)(a->blocked[i] + by);
    for (int s = 0; s < 6; s++)
        if (a->nb[i][s] >= 0)
            a->blocked[a->nb[i][s]] = (uint8_t)(a->blocked[a->nb[i][s]] + by);
}

static int find_apart(struct apart *a, int from, int need)
{
    if (need <= 0)
        return 1;
    int open = 0;
    for (int i = from; i < a->n; i++)
        open += !a->blocked[i];
    for (int i = from; i < a->n && open >= need && a->budget-- > 0; i++) {
        if (a->blocked[i])
            continue;
        block(a, i, 1);
        if (find_apart(a, i + 1, need - 1))
            return 1;
        block(a, i, -1);
        open--;
    }
    return 0;
}

static int check_reds(struct parser *p)
{
    struct map *m = p->m;
    static const int16_t none = -1;
    int16_t index[MAP_MAX_ROWS][MAP_MAX_COLS];
    struct apart a = {.n = 0, .budget = 20000};
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            const struct map_cell *cell = &m->cell[r][c];
            int near_red = 0;
            struct map_pos nb;
            for (int s = 0; s < 6; s++) {
                if (!map_neighbor(m, r, c, s, &nb) || !is_red(cell_at(m, nb)->token))
                    continue;
                near_red = 1;
                if (is_red(cell->token))
                    return fail(p, p->row_line[r],
                                "%d.%d and %d.%d: red numbers (6 and 8) may not be neighbours",
                                r + 1, c + 1, nb.row + 1, nb.col + 1);
            }
            index[r][c] = none;
            if (draws_token(cell) && !near_red)
                index[r][c] = (int16_t)a.n++;
        }
    int reds = m->tokens[6] + m->tokens[8];
    if (!reds)
        return 0;
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            if (index[r][c] < 0)
                continue;
            struct map_pos nb;
            for (int s = 0; s < 6; s++)
                a.nb[index[r][c]][s] = map_neighbor(m, r, c, s, &nb) ? index[nb.row][nb.col] : none;
        }
    memset(a.blocked, 0, sizeof a.blocked);
    /* Each desert from the pool may land on a hex of the set: one more hex for each. */
    if (!find_apart(&a, 0, reds + m->terrains[MAP_DESERT]))
        return fail(p, p->key_line[K_TOKENS],
                    "tokens: the %d red numbers (6 and 8) cannot always be placed apart: too few "
                    "hexes draw a number away from each other and from fixed 6s and 8s",
                    reds);
    return 0;
}

static void side_corners(const struct map *m, const struct map_harbor *h, int xy[4])
{
    int x = cell_x(m, h->hex.row, h->hex.col), y = 3 * h->hex.row, s = h->side;
    xy[0] = x + corner_dx[s];
    xy[1] = y + corner_dy[s];
    xy[2] = x + corner_dx[(s + 1) % 6];
    xy[3] = y + corner_dy[(s + 1) % 6];
}

static int check_harbors(struct parser *p)
{
    struct map *m = p->m;
    for (int i = 0; i < m->n_harbors; i++) {
        struct map_harbor *h = &m->harbor[i];
        const struct ref *r = &p->harbor[i];
        if (resolve(p, "harbor", r, &h->hex) < 0)
            return -1;
        if (!is_land(cell_at(m, h->hex)))
            return fail(p, r->line, "harbor: %d.%d is not a land hex", r->row, r->col);
        struct map_pos nb;
        if (map_neighbor(m, h->hex.row, h->hex.col, h->side, &nb)) {
            int kind = cell_at(m, nb)->kind;
            if (kind != MAP_CELL_SEA && kind != MAP_CELL_NONE)
                return fail(p, r->line, "harbor: the %s side of %d.%d is not on the coast",
                            side_names[h->side], r->row, r->col);
        }
        int mine[4], other[4];
        side_corners(m, h, mine);
        for (int j = 0; j < i; j++) {
            side_corners(m, &m->harbor[j], other);
            for (int a = 0; a < 4; a += 2)
                for (int b = 0; b < 4; b += 2)
                    if (mine[a] == other[b] && mine[a + 1] == other[b + 1])
                        return fail(p, r->line,
                                    "harbor: %d.%d %s shares a corner with the harbor on line %d",
                                    r->row, r->col, side_names[h->side], p->harbor[j].line);
        }
    }
    return 0;
}

/* Through the Desert: fixed deserts only, as the islands are known when the map is read. The
 * New World: a grid of drawn hexes (?) in the sea, no home islands (players start on any land),
 * harbors from the pool only, dealt onto the coasts each game. */
static int check_kinds(struct parser *p, int last)
{
    struct map *m = p->m;
    if (m->deserts_divide && (m->terrains[MAP_DESERT] || m->fog_terrains[MAP_DESERT]))
        return fail(p, p->key_line[m->terrains[MAP_DESERT] ? K_TERRAINS : K_FOG_TERRAINS],
                    "deserts_divide: the deserts that divide islands are written D in the grid, "
                    "not drawn from a pool");
    if (!m->random_islands)
        return 0;
    int drawn = 0;
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            int kind = m->cell[r][c].kind;
            drawn += kind == MAP_CELL_FOG;
            if (kind != MAP_CELL_FOG && kind != MAP_CELL_SEA && kind != MAP_CELL_NONE)
                return fail(p, p->row_line[r],
                            "%d.%d: random_islands: the grid holds only ? (drawn as land or sea "
                            "each game), ~ and -",
                            r + 1, c + 1);
        }
    if (!drawn)
        return fail(p, p->grid_line, "random_islands: the grid has no hex to draw (?)");
    if (p->n_home)
        return fail(p, p->key_line[K_HOME],
                    "home: the islands are drawn for each game (random_islands): players start "
                    "on any land");
    if (m->n_harbors)
        return fail(p, p->key_line[K_HARBOR],
                    "harbor: the harbors are dealt onto the coasts of each game's islands "
                    "(random_islands): give only the harbors pool");
    if (m->fog_terrains[MAP_SEA] == drawn)
        return fail(p, p->key_line[K_FOG_TERRAINS], "fog_terrains: no land to draw");
    return 0;
}

static int check_map(struct parser *p, int last)
{
    struct map *m = p->m;
    if (p->in_grid)
        return fail(p, p->grid_line, "grid without end");
    if (!p->grid_line)
        return fail(p, last, "no grid: the hexes go between a line grid and a line end");
    if (!p->key_line[K_NAME])
        return fail(p, last, "no name = ...");
    if (!p->key_line[K_PLAYERS])
        return fail(p, last, "no players = MIN-MAX");
    if (!p->key_line[K_POINTS])
        m->points = 10;
    find_islands(m);
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++)
            m->n_land += is_land(&m->cell[r][c]);
    if (!m->n_land && !m->random_islands)
        return fail(p, p->grid_line, "the grid has no land hex");
    char msg[200];
    int line = 0;
    if (check_kinds(p, last) < 0 || check_starts(p, last) < 0 ||
        (!m->random_islands && check_home(p, last) < 0))
        return -1;
    if (map_scen_check(m, &line, msg, sizeof msg) < 0 ||
        map_wonder_check(m, &line, msg, sizeof msg) < 0 ||
        map_pirate_check(m, &line, msg, sizeof msg) < 0)
        return fail(p, line, "%s", msg);
    if (check_pools(p) < 0 || check_reds(p) < 0 || check_harbors(p) < 0 || check_river(p) < 0)
        return -1;
    return 0;
}

int map_parse(const char *text, size_t len, const char *file, struct map *m, char *err,
              size_t err_size)
{
    struct parser p;
    memset(&p, 0, sizeof p);
    memset(m, 0, sizeof *m);
    p.file = file ? file : "map";
    p.err = err;
    p.err_size = err_size;
    p.m = m;
    if (err && err_size)
        err[0] = '\0';
    if (len > MAP_MAX_TEXT)
        return fail(&p, 0, "longer than %d bytes", MAP_MAX_TEXT);
    size_t at = 0;
    while (text && at < len) {
        size_t end = at;
        while (end < len && text[end] != '\n')
            end++;
        size_t n = end - at;
        if (n && text[end - 1] == '\r')
            n--;
        p.line++;
        if (n > MAP_MAX_LINE)
            return fail(&p, p.line, "line longer than %d characters", MAP_MAX_LINE);
        char buf[MAP_MAX_LINE + 1];
        memcpy(buf, text + at, n);
        buf[n] = '\0';
        for (size_t i = 0; i < n; i++) {
            unsigned char c = (unsigned char)buf[i];
            if ((c < 0x20 && c != '\t') || c == 0x7f)
                return fail(&p, p.line, "control character 0x%02x", c);
        }
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        if (parse_line(&p, trim(buf)) < 0)
            return -1;
        at = end + 1;
    }
    return check_map(&p, p.line ? p.line : 1);
}

const struct map_builtin *map_builtin(const char *name)
{
    for (const struct map_builtin *b = map_builtins; name && b->name; b++)
        if (!strcmp(b->name, name))
            return b;
    return NULL;
}
