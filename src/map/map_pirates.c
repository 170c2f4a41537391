/* The map keys of the Seafarers scenario The Pirate Islands: each seat's route of ships to its
 * pirate fortress (route = ROW.COL CORNER, ...) and the pirate fleet's course (fleet = ROW.COL,
 * ...). Pure, like map.c. */
#include <stdio.h>
#include <string.h>

#include "map/map.h"

static const char *const corner_names[6] = {"N", "NE", "SE", "S", "SW", "NW"};
/* Where corner k of a hex lies from its centre (x in half hex widths, y in quarter heights). */
static const int corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int corner_dy[6] = {-2, -1, 1, 2, 1, -1};

#define MSG(...) (snprintf(msg, size, __VA_ARGS__), -1)

/* ROW.COL and, when corner is not NULL, a corner name after it: 0, or -1. */
static int read_item(const char *s, struct map_pos *p, uint8_t *corner)
{
    int r, c, n = 0;
    char name[4] = "", tail[2];
    int got =
        corner ? sscanf(s, " %d.%d %3s %n", &r, &c, name, &n) : sscanf(s, " %d.%d %n", &r, &c, &n);
    if (got != (corner ? 3 : 2) || sscanf(s + n, "%1s", tail) == 1 || r < 1 || c < 1 ||
        r > MAP_MAX_ROWS || c > MAP_MAX_COLS)
        return -1;
    p->row = (int8_t)r;
    p->col = (int8_t)c;
    if (!corner)
        return 0;
    for (int i = 0; name[i]; i++)
        name[i] = (char)(name[i] >= 'a' && name[i] <= 'z' ? name[i] - 'a' + 'A' : name[i]);
    for (int k = 0; k < 6; k++)
        if (!strcmp(name, corner_names[k])) {
            *corner = (uint8_t)k;
            return 0;
        }
    return -1;
}

static int parse_list(struct map *m, char *value, int route, char *msg, size_t size)
{
    int max = route ? MAP_MAX_ROUTE : MAP_MAX_FLEET, n = 0;
    struct map_pos *pos = route ? m->route_hex[m->n_routes] : m->fleet;
    for (char *s = value, *comma; s; s = comma ? comma + 1 : NULL) {
        comma = strchr(s, ',');
        if (comma)
            *comma = '\0';
        if (n == max)
            return MSG("%s: more than %d %s", route ? "route" : "fleet", max,
                       route ? "corners" : "hexes");
        if (read_item(s, &pos[n], route ? &m->route_corner[m->n_routes][n] : NULL) < 0)
            return route ? MSG("route: write ROW.COL CORNER, ... (corners N NE SE S SW NW)")
                         : MSG("fleet: write ROW.COL, ... (the sea hexes of its course)");
        n++;
    }
    if (route)
        m->route_len[m->n_routes++] = n;
    else
        m->n_fleet = n;
    return 1;
}

int map_pirate_key(struct map *m, const char *key, char *value, int line, char *msg, size_t size)
{
    if (!strcmp(key, "route")) {
        if (m->n_routes == MAP_MAX_ROUTES)
            return MSG("route: more than %d routes", MAP_MAX_ROUTES);
        m->route_line[m->n_routes] = line;
        return parse_list(m, value, 1, msg, size);
    }
    if (!strcmp(key, "fleet")) {
        if (m->fleet_line)
            return MSG("fleet: given twice (first on line %d)", m->fleet_line);
        m->fleet_line = line;
        return parse_list(m, value, 0, msg, size);
    }
    return 0;
}

/* The cell at a position as written (1-based), or NULL outside the grid. */
static const struct map_cell *cell_of(const struct map *m, struct map_pos p)
{
    if (p.row < 1 || p.row > m->n_rows || p.col < 1 || p.col > m->row_len[p.row - 1])
        return NULL;
    return &m->cell[p.row - 1][p.col - 1];
}

static void centre(const struct map *m, struct map_pos p, int *x, int *y)
{
    *x = 2 * (p.col - 1) - (m->row_len[p.row - 1] - 1);
    *y = 3 * (p.row - 1);
}

/* Whether a sea cell lies inside the frame (a hex of the board, not its border). */
static int inner_sea(const struct map *m, struct map_pos p)
{
    const struct map_cell *c = cell_of(m, p);
    if (!c || c->kind != MAP_CELL_SEA)
        return 0;
    for (int s = 0; s < 6; s++) {
        struct map_pos nb;
        if (!map_neighbor(m, p.row - 1, p.col - 1, s, &nb) ||
            m->cell[nb.row][nb.col].kind == MAP_CELL_NONE)
            return 0;
    }
    return 1;
}

static int check_route(const struct map *m, int i, char *msg, size_t size)
{
    int xs[MAP_MAX_ROUTE], ys[MAP_MAX_ROUTE], n = m->route_len[i];
    if (n < 2)
        return MSG("route: a route joins two corners or more");
    for (int k = 0; k < n; k++) {
        struct map_pos p = m->route_hex[i][k];
        const struct map_cell *c = cell_of(m, p);
        if (!c || c->kind == MAP_CELL_NONE || (c->kind == MAP_CELL_SEA && !inner_sea(m, p)))
            return MSG("route: %d.%d is not a hex inside the frame", p.row, p.col);
        centre(m, p, &xs[k], &ys[k]);
        xs[k] += corner_dx[m->route_corner[i][k]];
        ys[k] += corner_dy[m->route_corner[i][k]];
        for (int j = 0; j < k; j++)
            if (xs[j] == xs[k] && ys[j] == ys[k])
                return MSG("route: the corner %d.%d %s comes twice", p.row, p.col,
                           corner_names[m->route_corner[i][k]]);
        if (k &&
            !((xs[k] - xs[k - 1] == 1 || xs[k] - xs[k - 1] == -1) &&
              (ys[k] - ys[k - 1] == 1 || ys[k] - ys[k - 1] == -1)) &&
            !(xs[k] == xs[k - 1] && (ys[k] - ys[k - 1] == 2 || ys[k] - ys[k - 1] == -2)))
            return MSG("route: %d.%d %s is not beside the corner before it", p.row, p.col,
                       corner_names[m->route_corner[i][k]]);
    }
    /* The ends: on land of a home island (the settlement) and of another island (the
     * fortress); map_pirate_check() leaves the sea on a side of each edge to the board. */
    for (int e = 0; e < 2; e++) {
        struct map_pos p = m->route_hex[i][e ? n - 1 : 0];
        const struct map_cell *c = cell_of(m, p);
        if (!(c->kind == MAP_CELL_LAND || c->kind == MAP_CELL_POOL) || c->island < 0 ||
            !m->home[c->island] == !e)
            return MSG("route: %d.%d %s: %s", p.row, p.col,
                       corner_names[m->route_corner[i][e ? n - 1 : 0]],
                       e ? "the fortress stands on land off the home islands"
                         : "the route starts on land of a home island");
    }
    for (int j = 0; j < i; j++)
        for (int k = 0; k < m->route_len[j]; k++) {
            int x, y;
            centre(m, m->route_hex[j][k], &x, &y);
            x += corner_dx[m->route_corner[j][k]];
            y += corner_dy[m->route_corner[j][k]];
            for (int l = 0; l < n; l++)
                if (x == xs[l] && y == ys[l])
                    return MSG("route: the corner %d.%d %s is on the route of line %d",
                               m->route_hex[i][l].row, m->route_hex[i][l].col,
                               corner_names[m->route_corner[i][l]], m->route_line[j]);
        }
    return 0;
}

static int check_fleet(const struct map *m, char *msg, size_t size)
{
    for (int k = 0; k < m->n_fleet; k++) {
        struct map_pos p = m->fleet[k], q = m->fleet[(k + 1) % m->n_fleet];
        if (!inner_sea(m, p))
            return MSG("fleet: %d.%d is not a sea hex inside the frame", p.row, p.col);
        int x1, y1, x2, y2;
        centre(m, p, &x1, &y1);
        if (!inner_sea(m, q))
            continue; /* told when its turn comes */
        centre(m, q, &x2, &y2);
        int dx = x2 - x1, dy = y2 - y1;
        if (!((dy == 0 && (dx == 2 || dx == -2)) ||
              ((dy == 3 || dy == -3) && (dx == 1 || dx == -1))))
            return MSG("fleet: %d.%d is not beside %d.%d", q.row, q.col, p.row, p.col);
    }
    return 0;
}

int map_pirate_check(struct map *m, int *line, char *msg, size_t size)
{
    if (!m->n_routes && !m->n_fleet)
        return 0;
    *line = m->fleet_line ? m->fleet_line : m->route_line[0];
    if (!m->n_routes || m->n_fleet < 2)
        return MSG("%s", m->n_routes ? "fleet: the routes need a course of two sea hexes or more"
                                     : "fleet: the course needs the routes (route = ...)");
    for (int i = 0; i < m->n_routes; i++) {
        *line = m->route_line[i];
        if (check_route(m, i, msg, size) < 0)
            return -1;
    }
    if (m->n_routes < m->players_max)
        return MSG("route: %d routes for up to %d players", m->n_routes, m->players_max);
    *line = m->fleet_line;
    return check_fleet(m, msg, size);
}
