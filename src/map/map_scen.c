/* The map keys of two Seafarers scenarios: The Forgotten Tribe (the tribe's islands and the
 * gifts on their coasts) and Cloth for Catan (the tribe's villages, a third setup settlement,
 * no longest trade route). Pure, like map.c. */
#include <stdio.h>
#include <string.h>

#include "map/map.h"
#include "map/words.h"

enum scen_key {
    S_TRIBE,
    S_GIFT,
    S_GIFT_HARBORS,
    S_VILLAGE,
    S_SETUP_SETTLEMENTS,
    S_LONGEST_ROUTE,
    S_COUNT
};
static const char *const scen_keys[S_COUNT] = {
    "tribe", "gift", "gift_harbors", "village", "setup_settlements", "longest_route"};
static const char *const sides[6] = {"NE", "E", "SE", "SW", "W", "NW"};
static const char *const gift_kinds[MAP_GIFT_KINDS] = {"harbor", "card", "point"};
static const char *const harbor_words[MAP_HARBOR_TYPES] = {"wood",  "brick", "wool",
                                                           "grain", "ore",   "3:1"};

/* The next comma-separated item of *s, or NULL at the end. */
static char *item_of(char **s)
{
    char *p = *s, *comma;
    if (!p)
        return NULL;
    comma = strchr(p, ',');
    if (comma)
        *comma = '\0';
    *s = comma ? comma + 1 : NULL;
    return p;
}

/* A number of at most 3 digits, or -1. */
static int num(const char *s)
{
    int v = 0, n = 0;
    for (; s && *s >= '0' && *s <= '9' && n < 3; s++, n++)
        v = v * 10 + (*s - '0');
    return s && !*s && n ? v : -1;
}

#define MSG(...) (snprintf(msg, size, __VA_ARGS__), -1)

static int parse_tribe(struct map *m, char *s, char *msg, size_t size)
{
    for (char *item; (item = item_of(&s));) {
        char *w = map_next_word(&item);
        if (m->n_tribe == MAP_MAX_TRIBE)
            return MSG("tribe: more than %d islands", MAP_MAX_TRIBE);
        if (map_read_pos(w, &m->tribe[m->n_tribe]) < 0 || map_next_word(&item))
            return MSG("tribe: write ROW.COL, ... (a hex of each of the tribe's islands)");
        m->n_tribe++;
    }
    return 1;
}

static int parse_gift(struct map *m, char *s, int line, char *msg, size_t size)
{
    if (m->n_gifts == MAP_MAX_GIFTS)
        return MSG("gift: more than %d gifts", MAP_MAX_GIFTS);
    struct map_gift *g = &m->gift[m->n_gifts];
    char *w = map_next_word(&s);
    int side = map_find_word(map_next_word(&s), sides, 6),
        kind = map_find_word(map_next_word(&s), gift_kinds, 3);
    if (map_read_pos(w, &g->hex) < 0 || side < 0 || kind < 0 || map_next_word(&s))
        return MSG("gift: write ROW.COL SIDE harbor|card|point, SIDE one of NE E SE SW W NW");
    g->side = (uint8_t)side;
    g->kind = (uint8_t)kind;
    m->gift_line[m->n_gifts++] = line;
    return 1;
}

static int parse_village(struct map *m, char *s, int line, char *msg, size_t size)
{
    if (m->n_villages == MAP_MAX_VILLAGES)
        return MSG("village: more than %d villages", MAP_MAX_VILLAGES);
    struct map_village *v = &m->village[m->n_villages];
    char *w = map_next_word(&s);
    int corner = map_find_word(map_next_word(&s), map_corner_names, 6), n = num(map_next_word(&s));
    if (map_read_pos(w, &v->hex) < 0 || corner < 0 || n < 2 || n > 12 || n == 7 ||
        map_next_word(&s))
        return MSG("village: write ROW.COL CORNER NUMBER, CORNER one of N NE SE S SW NW, "
                   "NUMBER 2 to 12 without 7");
    v->corner = (uint8_t)corner;
    v->number = (uint8_t)n;
    m->village_line[m->n_villages++] = line;
    return 1;
}

static int parse_harbors(struct map *m, char *s, char *msg, size_t size)
{
    for (char *item; (item = item_of(&s));) {
        int type = map_find_word(map_next_word(&item), harbor_words, MAP_HARBOR_TYPES), count = 1;
        char *times = map_next_word(&item);
        if (times)
            count = times[0] == 'x' || times[0] == 'X' ? num(times + 1) : -1;
        if (type < 0 || count < 1 || count > MAP_MAX_GIFTS || map_next_word(&item))
            return MSG("gift_harbors: a list of wood, brick, wool, grain, ore, 3:1, each with "
                       "a count x2, x3, ... when more than one");
        m->gift_harbors[type] += count;
    }
    return 1;
}

int map_scen_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size)
{
    int k = map_find_word(key, scen_keys, S_COUNT);
    if (k < 0 || strcmp(key, scen_keys[k]))
        return 0;
    if (m->scen_line[k] && k != S_GIFT && k != S_VILLAGE)
        return MSG("%s: given twice (first on line %d)", key, m->scen_line[k]);
    if (!m->scen_line[k])
        m->scen_line[k] = line;
    switch (k) {
    case S_TRIBE:
        return parse_tribe(m, value, msg, size);
    case S_GIFT:
        return parse_gift(m, value, line, msg, size);
    case S_GIFT_HARBORS:
        return parse_harbors(m, value, msg, size);
    case S_VILLAGE:
        return parse_village(m, value, line, msg, size);
    case S_SETUP_SETTLEMENTS:
        m->setup_settlements = num(value);
        if (m->setup_settlements != 2 && m->setup_settlements != 3)
            return MSG("setup_settlements: 2 or 3");
        return 1;
    default:
        if (map_same_word(value, "on") || map_same_word(value, "off")) {
            m->no_longest_route = map_same_word(value, "off");
            return 1;
        }
        return MSG("longest_route: on or off");
    }
}

/* A position as written (1-based) to a cell of the grid, or -1. */
static int in_grid(const struct map *m, struct map_pos *p)
{
    if (p->row < 1 || p->row > m->n_rows || p->col < 1 || p->col > m->row_len[p->row - 1])
        return -1;
    p->row--;
    p->col--;
    return 0;
}

static int on_tribe(const struct map *m, struct map_pos p)
{
    return m->cell[p.row][p.col].tribe;
}

static int check_tribe(struct map *m, int *line, char *msg, size_t size)
{
    *line = m->scen_line[S_TRIBE];
    for (int i = 0; i < m->n_tribe; i++) {
        struct map_pos p = m->tribe[i];
        if (in_grid(m, &m->tribe[i]) < 0)
            return MSG("tribe: %d.%d is not in the grid", p.row, p.col);
        const struct map_cell *c = &m->cell[m->tribe[i].row][m->tribe[i].col];
        if (c->kind != MAP_CELL_LAND || c->token)
            return MSG("tribe: %d.%d is not a land hex of fixed terrain without a number", p.row,
                       p.col);
        if (m->home[c->island])
            return MSG("tribe: %d.%d is on a home island", p.row, p.col);
        for (int r = 0; r < m->n_rows; r++)
            for (int col = 0; col < m->row_len[r]; col++) {
                struct map_cell *t = &m->cell[r][col];
                if (t->island != c->island)
                    continue;
                if (t->kind != MAP_CELL_LAND || t->token)
                    return MSG("tribe: %d.%d is on the tribe's island of %d.%d but is not of "
                               "fixed terrain without a number",
                               r + 1, col + 1, p.row, p.col);
                t->tribe = 1;
            }
    }
    return 0;
}

static int check_gifts(struct map *m, int *line, char *msg, size_t size)
{
    int harbors = 0, pool = 0;
    for (int i = 0; i < m->n_gifts; i++) {
        struct map_gift *g = &m->gift[i];
        struct map_pos p = g->hex, nb;
        *line = m->gift_line[i];
        if (in_grid(m, &g->hex) < 0 || !on_tribe(m, g->hex))
            return MSG("gift: %d.%d is not a hex of the tribe's islands", p.row, p.col);
        if (map_neighbor(m, g->hex.row, g->hex.col, g->side, &nb) &&
            m->cell[nb.row][nb.col].kind != MAP_CELL_SEA &&
            m->cell[nb.row][nb.col].kind != MAP_CELL_NONE)
            return MSG("gift: the %s side of %d.%d does not face the sea", sides[g->side], p.row,
                       p.col);
        for (int j = 0; j < i; j++)
            if (!memcmp(&m->gift[j].hex, &g->hex, sizeof g->hex) && m->gift[j].side == g->side)
                return MSG("gift: %d.%d %s is given twice", p.row, p.col, sides[g->side]);
        harbors += g->kind == MAP_GIFT_HARBOR;
    }
    for (int t = 0; t < MAP_HARBOR_TYPES; t++)
        pool += m->gift_harbors[t];
    *line = m->scen_line[S_GIFT_HARBORS] ? m->scen_line[S_GIFT_HARBORS] : m->scen_line[S_GIFT];
    if (pool != harbors)
        return MSG("gift_harbors: %d in the pool for %d harbor %s", pool, harbors,
                   harbors == 1 ? "gift" : "gifts");
    return 0;
}

static int check_villages(struct map *m, int *line, char *msg, size_t size)
{
    for (int i = 0; i < m->n_villages; i++) {
        struct map_village *v = &m->village[i];
        struct map_pos p = v->hex;
        *line = m->village_line[i];
        if (in_grid(m, &v->hex) < 0 || !on_tribe(m, v->hex))
            return MSG("village: %d.%d is not a hex of the tribe's islands", p.row, p.col);
        for (int j = 0; j < i; j++)
            if (m->village[j].number == v->number)
                return MSG("village: the number %d is already a village's (line %d)", v->number,
                           m->village_line[j]);
    }
    return 0;
}

int map_scen_check(struct map *m, int *line, char *msg, size_t size)
{
    if (!m->setup_settlements)
        m->setup_settlements = 2;
    if ((m->n_gifts || m->n_villages) && !m->n_tribe) {
        *line = m->n_gifts ? m->gift_line[0] : m->village_line[0];
        return MSG("%s: the map has no tribe (tribe = ROW.COL, ...)",
                   m->n_gifts ? "gift" : "village");
    }
    return check_tribe(m, line, msg, size) < 0 || check_gifts(m, line, msg, size) < 0 ||
                   check_villages(m, line, msg, size) < 0
               ? -1
               : 0;
}
