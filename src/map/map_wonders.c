/* The map keys of The Wonders of Catan: whether the map has the wonders, and the marked
 * corners whose settlements let a player start a wonder (no setup settlement goes there).
 * Pure, like map.c. */
#include <stdio.h>
#include <string.h>

#include "map/map.h"

static const char *const corners[6] = {"N", "NE", "SE", "S", "SW", "NW"};
static const char *const spot_kinds[MAP_WONDER_SPOT_KINDS] = {"wall", "bridge"};

static int same(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y)
            return 0;
    }
    return !*a && !*b;
}

static int find(const char *w, const char *const *list, int n)
{
    for (int i = 0; w && i < n; i++)
        if (same(w, list[i]))
            return i;
    return -1;
}

static char *next_word(char **s)
{
    char *p = *s;
    while (*p == ' ' || *p == '\t')
        p++;
    if (!*p)
        return NULL;
    char *w = p;
    while (*p && *p != ' ' && *p != '\t')
        p++;
    if (*p)
        *p++ = '\0';
    *s = p;
    return w;
}

/* ROW.COL, 1-based as written, each of 1 or 2 digits. */
static int read_pos(const char *s, struct map_pos *out)
{
    int r = 0, c = 0, n = 0;
    for (; *s >= '0' && *s <= '9' && n < 2; s++, n++)
        r = r * 10 + (*s - '0');
    if (!n || *s++ != '.')
        return -1;
    for (n = 0; *s >= '0' && *s <= '9' && n < 2; s++, n++)
        c = c * 10 + (*s - '0');
    if (!n || *s || r < 1 || c < 1 || r > MAP_MAX_ROWS || c > MAP_MAX_COLS)
        return -1;
    out->row = (int8_t)r;
    out->col = (int8_t)c;
    return 0;
}

#define MSG(...) (snprintf(msg, size, __VA_ARGS__), -1)

int map_wonder_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size)
{
    if (!strcmp(key, "wonders")) {
        if (m->wonders_line)
            return MSG("wonders: given twice (first on line %d)", m->wonders_line);
        m->wonders_line = line;
        if (!same(value, "on") && !same(value, "off"))
            return MSG("wonders: on or off");
        m->wonders = same(value, "on");
        return 1;
    }
    if (strcmp(key, "wonder_spot"))
        return 0;
    if (m->n_wonder_spots == MAP_MAX_WONDER_SPOTS)
        return MSG("wonder_spot: more than %d spots", MAP_MAX_WONDER_SPOTS);
    struct map_wonder_spot *w = &m->wonder_spot[m->n_wonder_spots];
    char *at = next_word(&value);
    int corner = find(next_word(&value), corners, 6);
    int kind = find(next_word(&value), spot_kinds, MAP_WONDER_SPOT_KINDS);
    if (!at || read_pos(at, &w->hex) < 0 || corner < 0 || kind < 0 || next_word(&value))
        return MSG("wonder_spot: write ROW.COL CORNER wall|bridge, CORNER one of N NE SE S SW "
                   "NW");
    w->corner = (uint8_t)corner;
    w->kind = (uint8_t)kind;
    m->wonder_spot_line[m->n_wonder_spots++] = line;
    return 1;
}

int map_wonder_check(struct map *m, int *line, char *msg, size_t size)
{
    for (int i = 0; i < m->n_wonder_spots; i++) {
        struct map_wonder_spot *w = &m->wonder_spot[i];
        int r = w->hex.row, c = w->hex.col;
        *line = m->wonder_spot_line[i];
        if (!m->wonders)
            return MSG("wonder_spot: the map has no wonders (wonders = on)");
        if (r > m->n_rows || c > m->row_len[r - 1])
            return MSG("wonder_spot: %d.%d is not in the grid", r, c);
        const struct map_cell *cell = &m->cell[r - 1][c - 1];
        if ((cell->kind != MAP_CELL_LAND && cell->kind != MAP_CELL_POOL) || cell->tribe)
            return MSG("wonder_spot: %d.%d is not a land hex players may settle", r, c);
        w->hex.row--;
        w->hex.col--;
    }
    return 0;
}
