#include "engine/board.h"

#include <stdatomic.h>
#include <string.h>
#include <threads.h>

#include "engine/game.h"
#include "engine/internal.h"
#include "map/map.h"

_Static_assert((int)MAP_FOREST == (int)TERRAIN_FOREST && (int)MAP_DESERT == (int)TERRAIN_DESERT,
               "map terrains in the engine's order");
_Static_assert((int)MAP_SEA == (int)TERRAIN_SEA && (int)MAP_GOLD == (int)TERRAIN_GOLD,
               "sea and gold keep the map's terrain codes");
_Static_assert((int)MAP_HARBOR_GENERIC == (int)HARBOR_GENERIC &&
                   (int)MAP_HARBOR_TYPES == (int)RES_COUNT + 1,
               "map harbor types in the engine's order");

static const int corner_dx[6] = {0, 1, 1, 0, -1, -1};
static const int corner_dy[6] = {-2, -1, 1, 2, 1, -1};
/* Neighbour across the side between corner k and corner k+1. */
static const int side_dx[6] = {1, 2, 1, -1, -2, -1};
static const int side_dy[6] = {-3, 0, 3, 3, 0, -3};

/* The map of each board kind, among those built into the program. */
static const char *const kind_map[BOARD_KINDS] = {"base",
                                                  "big",
                                                  "new_shores_3",
                                                  "new_shores_4",
                                                  "four_islands_3",
                                                  "four_islands_4",
                                                  "fog_islands_3",
                                                  "fog_islands_4",
                                                  "base",
                                                  "great_river",
                                                  "through_desert_3",
                                                  "through_desert_4",
                                                  "new_world_3",
                                                  "new_world_4",
                                                  "forgotten_tribe",
                                                  "cloth",
                                                  "wonders",
                                                  "pirate_islands"};

struct board_geo board_geos[BOARD_KINDS];
static struct board_setup board_setups[BOARD_KINDS];
static int board_built[BOARD_KINDS];
static once_flag geo_once = ONCE_FLAG_INIT;
/* Set once build_all() is done: every lookup after the first skips call_once(), which the
 * value function's many lookups a move made a measurable part of its cost. */
static atomic_bool geo_ready;

static int find_hex(const struct board_geo *g, int x, int y)
{
    for (int h = 0; h < g->n_hexes; h++)
        if (g->hex_x[h] == x && g->hex_y[h] == y)
            return h;
    return -1;
}

static int find_vertex(const struct board_geo *g, int x, int y)
{
    for (int v = 0; v < g->n_vertices; v++)
        if (g->vertex_x[v] == x && g->vertex_y[v] == y)
            return v;
    return -1;
}

static void add3(int8_t a[3], int value)
{
    for (int i = 0; i < 3; i++) {
        if (a[i] == value)
            return;
        if (a[i] < 0) {
            a[i] = (int8_t)value;
            return;
        }
    }
}

static void add3_16(int16_t a[3], int value)
{
    for (int i = 0; i < 3; i++) {
        if (a[i] == value)
            return;
        if (a[i] < 0) {
            a[i] = (int16_t)value;
            return;
        }
    }
}

static int build_vertices(struct board_geo *g)
{
    int xs[BOARD_MAX_VERTICES] = {0}, ys[BOARD_MAX_VERTICES] = {0}, n = 0;
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int x = g->hex_x[h] + corner_dx[c], y = g->hex_y[h] + corner_dy[c], seen = 0;
            for (int i = 0; i < n; i++)
                seen |= xs[i] == x && ys[i] == y;
            if (!seen && n == BOARD_MAX_VERTICES)
                return -1;
            if (!seen) {
                xs[n] = x;
                ys[n] = y;
                n++;
            }
        }
    /* Row by row (y), then left to right (x): the users' numbering. */
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && (ys[j] < ys[j - 1] || (ys[j] == ys[j - 1] && xs[j] < xs[j - 1]));
             j--) {
            int tx = xs[j], ty = ys[j];
            xs[j] = xs[j - 1];
            ys[j] = ys[j - 1];
            xs[j - 1] = tx;
            ys[j - 1] = ty;
        }
    g->n_vertices = n;
    g->n_vrows = 0;
    g->min_x = g->max_x = xs[0];
    g->min_y = ys[0];
    g->max_y = ys[n - 1];
    for (int v = 0; v < n; v++) {
        g->vertex_x[v] = (int16_t)xs[v];
        g->vertex_y[v] = (int16_t)ys[v];
        if ((v == 0 || ys[v] != ys[v - 1]) && g->n_vrows == BOARD_MAX_VROWS)
            return -1;
        if (v == 0 || ys[v] != ys[v - 1])
            g->vrow_len[g->n_vrows++] = 0;
        g->vrow_len[g->n_vrows - 1]++;
        if (xs[v] < g->min_x)
            g->min_x = xs[v];
        if (xs[v] > g->max_x)
            g->max_x = xs[v];
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int v = find_vertex(g, g->hex_x[h] + corner_dx[c], g->hex_y[h] + corner_dy[c]);
            g->hex_vertex[h][c] = (uint8_t)v;
            add3(g->vertex_hex[v], h);
        }
    return 0;
}

static int build_edges(struct board_geo *g)
{
    /* The hexes on each side of every pair of adjacent corners, then the pairs in order. */
    int8_t side_hex[BOARD_MAX_VERTICES][BOARD_MAX_VERTICES][2];
    memset(side_hex, -1, sizeof side_hex);
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            int v1 = g->hex_vertex[h][c], v2 = g->hex_vertex[h][(c + 1) % 6];
            int8_t *slot = side_hex[v1 < v2 ? v1 : v2][v1 < v2 ? v2 : v1];
            slot[slot[0] >= 0] = (int8_t)h;
        }
    int n = 0;
    for (int a = 0; a < g->n_vertices; a++)
        for (int b = a + 1; b < g->n_vertices; b++) {
            if (side_hex[a][b][0] < 0)
                continue;
            if (n == BOARD_MAX_EDGES)
                return -1;
            g->edge_vertex[n][0] = (uint8_t)a;
            g->edge_vertex[n][1] = (uint8_t)b;
            g->edge_hex[n][0] = side_hex[a][b][0];
            g->edge_hex[n][1] = side_hex[a][b][1];
            add3_16(g->vertex_vertex[a], b);
            add3_16(g->vertex_vertex[b], a);
            add3_16(g->vertex_edge[a], n);
            add3_16(g->vertex_edge[b], n);
            n++;
        }
    g->n_edges = n;
    for (int v = 0; v < g->n_vertices; v++) {
        int d = 0, k = 0;
        while (d < 3 && g->vertex_vertex[v][d] >= 0)
            d++;
        while (k < 3 && g->vertex_hex[v][k] >= 0)
            k++;
        g->vertex_degree[v] = (uint8_t)d;
        g->vertex_hex_count[v] = (uint8_t)k;
    }
    return 0;
}

static void set_bit(uint64_t set[BOARD_WORDS], int i)
{
    set[i >> 6] |= 1ull << (i & 63);
}

static void build_bits(struct board_geo *g)
{
    for (int v = 0; v < g->n_vertices; v++) {
        set_bit(g->vertex_near_bits[v], v);
        for (int i = 0; i < 3; i++) {
            if (g->vertex_edge[v][i] >= 0)
                set_bit(g->vertex_edge_bits[v], g->vertex_edge[v][i]);
            if (g->vertex_vertex[v][i] >= 0)
                set_bit(g->vertex_near_bits[v], g->vertex_vertex[v][i]);
        }
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++) {
            set_bit(g->hex_vertex_bits[h], g->hex_vertex[h][c]);
            g->vertex_hex_bits[g->hex_vertex[h][c]] |= 1ull << h;
        }
    for (int v = 0; v < g->n_vertices; v++)
        if (g->vertex_hex_bits[v] & g->land_hexes)
            set_bit(g->vertex_land_bits, v);
    for (int e = 0; e < g->n_edges; e++)
        for (int k = 0; k < 2; k++)
            if (g->edge_hex[e][k] >= 0 && (g->land_hexes >> g->edge_hex[e][k] & 1))
                set_bit(g->edge_land_bits, e);
    for (int h = 0; h < g->n_hexes; h++)
        for (int c = 0; c < 6; c++)
            set_bit(g->hex_edge_bits[h],
                    board_edge_between(g, g->hex_vertex[h][c], g->hex_vertex[h][(c + 1) % 6]));
    /* Ships: an edge with sea or the frame on a side, on a map with sea hexes (fog is
     * neither until it is turned over). */
    for (int e = 0; e < g->n_edges && g->n_land < g->n_hexes; e++) {
        int sea = 0;
        for (int k = 0; k < 2; k++) {
            int h = g->edge_hex[e][k];
            sea += h < 0 || !((g->land_hexes | g->fog_hexes) >> h & 1);
        }
        if (sea)
            set_bit(g->edge_sea_bits, e);
    }
}

/* Islands: each land hex's, each corner's (the hexes at a corner touch each other, so a corner
 * touches one island at most), and the corners of the home islands. */
static int build_islands(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    if (m->n_islands > BOARD_MAX_ISLANDS)
        return -1;
    memset(g->hex_island, -1, sizeof g->hex_island);
    memset(g->vertex_island, -1, sizeof g->vertex_island);
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            int h = cell_hex[r][c];
            if (h >= 0 && (g->land_hexes >> h & 1))
                g->hex_island[h] = (int8_t)m->cell[r][c].island;
        }
    for (int i = 0; i < m->n_islands; i++)
        if (m->home[i])
            g->home_islands |= (uint16_t)(1u << i);
    if (m->random_islands) {
        /* Each game's islands; players start on any land (settle_free() keeps them off sea). */
        g->home_islands = 0xffff;
        for (int v = 0; v < g->n_vertices; v++)
            set_bit(g->vertex_home_bits, v);
    }
    for (int v = 0; v < g->n_vertices; v++)
        for (int k = 0; k < 3; k++) {
            int h = g->vertex_hex[v][k];
            if (h >= 0 && g->hex_island[h] >= 0) {
                g->vertex_island[v] = g->hex_island[h];
                if (g->home_islands >> g->hex_island[h] & 1)
                    set_bit(g->vertex_home_bits, v);
            }
        }
    g->island_bonus = m->island_bonus;
    g->has_pirate = m->pirate_start == MAP_START_HEX;
    return 0;
}

/* The river's hexes in the map's order. */
static void build_river(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    g->has_river = m->n_river > 0;
    g->n_river = m->n_river;
    for (int i = 0; i < m->n_river; i++)
        g->river_hex[i] = cell_hex[m->river[i].row][m->river[i].col];
}

int board_river_turn(const struct board_geo *geo, int turn, int8_t out[BOARD_MAX_RIVER])
{
    int first = geo->river_hex[0], x0 = geo->hex_x[first], y0 = geo->hex_y[first];
    for (int i = 0; i < geo->n_river; i++) {
        /* Axial coordinates of the hex from the first: r rows down, q steps along a row. */
        int h = geo->river_hex[i], r = (geo->hex_y[h] - y0) / 3, q = (geo->hex_x[h] - x0 - r) / 2;
        for (int k = 0; k < turn; k++) { /* a sixth of a turn */
            int t = q;
            q = -r;
            r = t + r;
        }
        int x = x0 + 2 * q + r, y = y0 + 3 * r, found = -1;
        for (int j = 0; j < geo->n_hexes && found < 0; j++)
            if (geo->hex_x[j] == x && geo->hex_y[j] == y)
                found = j;
        if (found < 0 || !(geo->land_hexes >> found & 1))
            return -1;
        out[i] = (int8_t)found;
    }
    return 0;
}

/* A coast edge has land on one side only: sea, or no hex (the frame, the edge of the map), on
 * the other. */
static int coastal(const struct board_geo *g, int e)
{
    int land = 0;
    for (int k = 0; k < 2; k++)
        land += g->edge_hex[e][k] >= 0 && (g->land_hexes >> g->edge_hex[e][k] & 1);
    return land == 1;
}

/* The coast. A board of land only (base, big) has it as one closed walk, clockwise from vertex
 * 0 (the N corner of hex A), first to the right; -1 when that walk does not take in every coast
 * edge (a hole in the island). A board with sea hexes or several islands lists its coast edges
 * in the order of the edges. */
static int build_coast(struct board_geo *g)
{
    int prev_edge = -1, v = 0, n = 0, closed = 0, coast = 0;
    for (int e = 0; e < g->n_edges; e++)
        coast += coastal(g, e);
    if (g->n_land != g->n_hexes || g->n_islands > 1) {
        if (coast > BOARD_MAX_COAST)
            return -1;
        for (int e = 0; e < g->n_edges; e++)
            if (coastal(g, e))
                g->coast_edge[n++] = (uint8_t)e;
        g->n_coast = n;
        return 0;
    }
    for (int step = 0; step < BOARD_MAX_COAST + 1 && !closed; step++) {
        int next = -1;
        for (int i = 0; i < 3; i++) {
            int e = g->vertex_edge[v][i];
            if (e < 0 || e == prev_edge || !coastal(g, e))
                continue;
            int other = g->edge_vertex[e][0] == v ? g->edge_vertex[e][1] : g->edge_vertex[e][0];
            if (prev_edge < 0 && g->vertex_x[other] < g->vertex_x[v])
                continue;
            next = e;
        }
        closed = next < 0 || (n > 0 && next == g->coast_edge[0]);
        if (closed)
            break;
        if (n == BOARD_MAX_COAST)
            return -1;
        g->coast_edge[n++] = (uint8_t)next;
        v = g->edge_vertex[next][0] == v ? g->edge_vertex[next][1] : g->edge_vertex[next][0];
        prev_edge = next;
    }
    g->n_coast = n;
    return closed && coast == n ? 0 : -1;
}

/* The New World's harbor slots: every east or west side (each corner has one such side, so no
 * two slots share a corner); the game gives the few it uses their land hex and type. */
static int build_drawn_harbors(struct board_geo *g)
{
    memset(g->vertex_harbor_slot, -1, sizeof g->vertex_harbor_slot);
    for (int e = 0; e < g->n_edges; e++) {
        int a = g->edge_vertex[e][0], b = g->edge_vertex[e][1];
        if (g->vertex_x[a] != g->vertex_x[b])
            continue;
        if (g->n_harbors == BOARD_MAX_HARBORS)
            return -1;
        g->harbor_edge[g->n_harbors] = (uint8_t)e;
        g->harbor_hex[g->n_harbors] = -1;
        g->vertex_harbor_slot[a] = g->vertex_harbor_slot[b] = (int8_t)g->n_harbors;
        g->n_harbors++;
    }
    return 0;
}

static int build_harbors(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    if (m->random_islands)
        return build_drawn_harbors(g);
    if (m->n_harbors > BOARD_MAX_HARBORS)
        return -1;
    g->n_harbors = m->n_harbors;
    memset(g->vertex_harbor_slot, -1, sizeof g->vertex_harbor_slot);
    for (int k = 0; k < g->n_harbors; k++) {
        const struct map_harbor *mh = &m->harbor[k];
        int h = cell_hex[mh->hex.row][mh->hex.col], s = mh->side;
        int e = board_edge_between(g, g->hex_vertex[h][s], g->hex_vertex[h][(s + 1) % 6]);
        g->harbor_edge[k] = (uint8_t)e;
        g->harbor_hex[k] = (int8_t)h;
        g->vertex_harbor_slot[g->edge_vertex[e][0]] = (int8_t)k;
        g->vertex_harbor_slot[g->edge_vertex[e][1]] = (int8_t)k;
    }
    return 0;
}

/* Whether a sea cell frames the map rather than being a hex of it: a side on the edge of the
 * grid or on a cell with no hex. */
static int frame_cell(const struct map *m, int r, int c)
{
    for (int s = 0; s < 6; s++) {
        struct map_pos nb;
        if (!map_neighbor(m, r, c, s, &nb) || m->cell[nb.row][nb.col].kind == MAP_CELL_NONE)
            return 1;
    }
    return 0;
}

/* The hexes of the map, land and sea but not the sea of the frame, row by row: the users'
 * lettering. */
static int build_hexes(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    int top = -1;
    for (int r = 0; r < m->n_rows; r++) {
        int first = g->n_hexes;
        for (int c = 0; c < m->row_len[r]; c++) {
            const struct map_cell *cell = &m->cell[r][c];
            int land = cell->kind == MAP_CELL_LAND || cell->kind == MAP_CELL_POOL;
            int fog = cell->kind == MAP_CELL_FOG;
            cell_hex[r][c] = -1;
            if (!land && !fog && (cell->kind != MAP_CELL_SEA || frame_cell(m, r, c)))
                continue;
            if (g->n_hexes == BOARD_MAX_HEXES)
                return -1;
            if (top < 0)
                top = r;
            cell_hex[r][c] = (int8_t)g->n_hexes;
            g->hex_x[g->n_hexes] = (int16_t)(2 * c - (m->row_len[r] - 1));
            g->hex_y[g->n_hexes] = (int16_t)(3 * (r - top));
            if (land) {
                g->land_hexes |= 1ull << g->n_hexes;
                g->n_land++;
            }
            if (fog && m->random_islands)
                g->drawn_hexes |= 1ull << g->n_hexes;
            else if (fog)
                g->fog_hexes |= 1ull << g->n_hexes;
            g->n_hexes++;
        }
        if (g->n_hexes == first)
            continue;
        if (g->n_rows == BOARD_MAX_ROWS)
            return -1;
        g->row_first[g->n_rows] = first;
        g->row_len[g->n_rows++] = g->n_hexes - first;
    }
    for (int h = 0; h < g->n_hexes; h++)
        for (int s = 0; s < 6; s++)
            g->hex_neighbor[h][s] =
                (int8_t)find_hex(g, g->hex_x[h] + side_dx[s], g->hex_y[h] + side_dy[s]);
    g->n_islands = m->n_islands;
    return 0;
}

static void add_pool(uint8_t *list, uint8_t *n, const int *counts, int kinds, int first)
{
    for (int t = 0; t < kinds; t++)
        for (int k = 0; k < counts[t]; k++)
            list[(*n)++] = (uint8_t)(first + t);
}

static int build_setup(struct board_setup *s, const struct board_geo *g, const struct map *m,
                       int8_t cell_hex[][MAP_MAX_COLS])
{
    memset(s, 0, sizeof *s);
    s->robber_off = m->robber_start == MAP_START_NONE;
    s->robber = s->pirate = -1;
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++) {
            int h = cell_hex[r][c];
            const struct map_cell *cell = &m->cell[r][c];
            if (h < 0)
                continue;
            s->hex_terrain[h] = cell->kind == MAP_CELL_POOL  ? BOARD_POOL
                                : cell->kind == MAP_CELL_FOG ? MAP_SEA /* until turned over */
                                : cell->terrain == MAP_MINE  ? TERRAIN_MINE
                                                             : cell->terrain;
            s->hex_token[h] = cell->token;
        }
    if (m->robber_start == MAP_START_HEX)
        s->robber = cell_hex[m->robber.row][m->robber.col];
    if (m->pirate_start == MAP_START_HEX)
        s->pirate = cell_hex[m->pirate.row][m->pirate.col];
    if (m->pirate_start == MAP_START_HEX && s->pirate < 0)
        return -1; /* on the sea of the frame, which is not a hex */
    /* The parser matched each pool to what draws from it, so the counts fit the arrays. */
    add_pool(s->terrains, &s->n_terrains, m->terrains, TERRAIN_GOLD + 1, 0);
    add_pool(s->tokens, &s->n_tokens, m->tokens + 2, 11, 2);
    add_pool(s->harbors, &s->n_harbors, m->harbors, MAP_HARBOR_TYPES, 0);
    for (int k = 0; k < g->n_harbors; k++)
        s->harbor_type[k] = m->random_islands                      ? HARBOR_NONE
                            : m->harbor[k].type == MAP_HARBOR_POOL ? BOARD_POOL
                                                                   : m->harbor[k].type;
    for (int t = 0; t < MAP_TERRAINS && t < (int)sizeof s->fog_terrain; t++)
        s->fog_terrain[t] = (uint8_t)m->fog_terrains[t];
    /* The engine keeps three hexes a number (struct game's token_hex): count every token a
     * game may deal, fixed, pooled or under the fog. */
    int per_number[13] = {0};
    for (int h = 0; h < g->n_hexes; h++)
        per_number[s->hex_token[h] % 13]++;
    for (int t = 2; t <= 12; t++) {
        s->fog_token[t] = (uint8_t)m->fog_tokens[t];
        if (per_number[t] + m->tokens[t] + m->fog_tokens[t] > 3)
            return -1;
    }
    for (int t = 0; t < MAP_HARBOR_TYPES; t++)
        s->n_drawn_harbors =
            (uint8_t)(s->n_drawn_harbors + (m->random_islands ? m->harbors[t] : 0));
    s->players_min = (uint8_t)m->players_min;
    s->players_max = (uint8_t)m->players_max;
    s->points = (uint8_t)m->points;
    return 0;
}

/* The tribe's islands, gift spots and villages; their corners take no settlement. */
static void build_tribe(struct board_geo *g, struct board_setup *s, const struct map *m,
                        int8_t cell_hex[][MAP_MAX_COLS])
{
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++)
            if (m->cell[r][c].tribe && cell_hex[r][c] >= 0)
                g->tribe_hexes |= 1ull << cell_hex[r][c];
    for (int v = 0; v < g->n_vertices; v++)
        if (g->vertex_hex_bits[v] & g->tribe_hexes) {
            g->tribe_vertex_bits[v >> 6] |= 1ull << (v & 63);
            g->vertex_home_bits[v >> 6] &= ~(1ull << (v & 63));
        }
    g->n_gifts = m->n_gifts;
    for (int i = 0; i < m->n_gifts; i++) {
        int h = cell_hex[m->gift[i].hex.row][m->gift[i].hex.col], sd = m->gift[i].side;
        g->gift_edge[i] =
            (uint8_t)board_edge_between(g, g->hex_vertex[h][sd], g->hex_vertex[h][(sd + 1) % 6]);
        g->gift_kind[i] = m->gift[i].kind;
    }
    g->n_villages = m->n_villages;
    for (int i = 0; i < m->n_villages; i++) {
        int h = cell_hex[m->village[i].hex.row][m->village[i].hex.col];
        g->village_vertex[i] = g->hex_vertex[h][m->village[i].corner];
        g->village_number[i] = m->village[i].number;
    }
    g->setup_third = m->setup_settlements == 3;
    g->no_longest = m->no_longest_route;
    add_pool(s->gift_harbors, &s->n_gift_harbors, m->gift_harbors, MAP_HARBOR_TYPES, 0);
}

int board_build(struct board_geo *g, struct board_setup *setup, int kind, const struct map *m)
{
    int8_t cell_hex[MAP_MAX_ROWS][MAP_MAX_COLS];
    memset(g, 0, sizeof *g);
    memset(g->hex_neighbor, -1, sizeof g->hex_neighbor);
    memset(g->vertex_hex, -1, sizeof g->vertex_hex);
    memset(g->vertex_vertex, -1, sizeof g->vertex_vertex);
    memset(g->vertex_edge, -1, sizeof g->vertex_edge);
    g->kind = kind;
    if (build_hexes(g, m, cell_hex) < 0 || build_vertices(g) < 0 || build_edges(g) < 0)
        return -1;
    build_bits(g);
    if (build_coast(g) < 0 || build_harbors(g, m, cell_hex) < 0 ||
        build_islands(g, m, cell_hex) < 0)
        return -1;
    build_river(g, m, cell_hex);
    if (build_setup(setup, g, m, cell_hex) < 0)
        return -1;
    build_tribe(g, setup, m, cell_hex);
    wonders_build(g, m, cell_hex);
    return pirates_build(g, m, cell_hex);
}

static void build_all(void)
{
    for (int kind = 0; kind < BOARD_KINDS; kind++) {
        const struct map_builtin *b = map_builtin(kind_map[kind]);
        struct map m;
        board_built[kind] = b && map_parse(b->text, b->len, b->name, &m, NULL, 0) == 0 &&
                            board_build(&board_geos[kind], &board_setups[kind], kind, &m) == 0;
        board_setups[kind].jungle = kind == BOARD_JUNGLE;
    }
    atomic_store_explicit(&geo_ready, true, memory_order_release);
}

static void geo_built(void)
{
    if (!atomic_load_explicit(&geo_ready, memory_order_acquire))
        call_once(&geo_once, build_all);
}

const struct board_geo *board_geo(int kind)
{
    if (kind < 0 || kind >= BOARD_KINDS)
        return NULL;
    geo_built();
    return board_built[kind] ? &board_geos[kind] : NULL;
}

const struct board_setup *board_setup(int kind)
{
    if (kind < 0 || kind >= BOARD_KINDS)
        return NULL;
    geo_built();
    return board_built[kind] ? &board_setups[kind] : NULL;
}

int board_edge_between(const struct board_geo *geo, int v1, int v2)
{
    if (v1 < 0 || v2 < 0 || v1 >= geo->n_vertices || v2 >= geo->n_vertices)
        return -1;
    for (int i = 0; i < 3; i++)
        if (geo->vertex_vertex[v1][i] == v2)
            return geo->vertex_edge[v1][i];
    return -1;
}

char *board_hex_name(int i, char *buf)
{
    if (i < 26) {
        buf[0] = (char)('A' + i);
        buf[1] = '\0';
    } else {
        buf[0] = (char)('A' + i / 26 - 1);
        buf[1] = (char)('A' + i % 26);
        buf[2] = '\0';
    }
    return buf;
}

int board_hex_parse(const struct board_geo *geo, const char *name)
{
    char buf[4];
    for (int h = 0; h < geo->n_hexes; h++) {
        board_hex_name(h, buf);
        int i = 0;
        while (buf[i] && name[i] && (name[i] == buf[i] || name[i] == buf[i] + ('a' - 'A')))
            i++;
        if (!buf[i] && !name[i])
            return h;
    }
    return -1;
}
