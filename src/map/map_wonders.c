/* The map keys of The Wonders of Catan: whether the map has the wonders, and the marked
 * map_corner_names whose settlements let a player start a wonder (no setup settlement goes there).
 * Pure, like map.c. */
#include <stdio.h>
#include <string.h>

#include "map/map.h"
#include "map/words.h"

static const char *const spot_kinds[MAP_WONDER_SPOT_KINDS] = {"wall", "bridge"};

#define MSG(...) (snprintf(msg, size, __VA_ARGS__), -1)

int map_wonder_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size)
{
    if (!strcmp(key, "wonders")) {
        if (m->wonders_line)
            return MSG("wonders: given twice (first on line %d)", m->wonders_line);
        m->wonders_line = line;
        if (!map_same_word(value, "on") && !map_same_word(value, "off"))
            return MSG("wonders: on or off");
        m->wonders = map_same_word(value, "on");
        return 1;
    }
    if (strcmp(key, "wonder_spot"))
        return 0;
    if (m->n_wonder_spots == MAP_MAX_WONDER_SPOTS)
        return MSG("wonder_spot: more than %d spots", MAP_MAX_WONDER_SPOTS);
    struct map_wonder_spot *w = &m->wonder_spot[m->n_wonder_spots];
    char *at = map_next_word(&value);
    int corner = map_find_word(map_next_word(&value), map_corner_names, 6);
    int kind = map_find_word(map_next_word(&value), spot_kinds, MAP_WONDER_SPOT_KINDS);
    if (!at || map_read_pos(at, &w->hex) < 0 || corner < 0 || kind < 0 || map_next_word(&value))
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
