/* Arbitrary bytes as a map file. Parsing never crashes, leaks or runs long; a refused map says
 * where with "fuzz.map:"; an accepted one holds what the engine and the later Seafarers steps
 * rely on without checking again, and the engine either builds a sound board from it or
 * refuses it. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/board.h"
#include "map/map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int is_land(const struct map_cell *c)
{
    return c->kind == MAP_CELL_LAND || c->kind == MAP_CELL_POOL;
}

/* The cell of a 1-based ROW.COL (the routes' and the fleet's), NULL outside the frame. */
static const struct map_cell *cell_at(const struct map *m, struct map_pos p)
{
    return p.row >= 1 && p.row <= m->n_rows && p.col >= 1 && p.col <= m->row_len[p.row - 1]
               ? &m->cell[p.row - 1][p.col - 1]
               : NULL;
}

/* The Pirate Islands' keys: routes (one a seat at least, from land of a home island to a
 * fortress on land off them) and the fleet's course of sea hexes come together. */
static void check_pirates(const struct map *m)
{
    if (m->n_routes < 0 || m->n_routes > MAP_MAX_ROUTES || m->n_fleet < 0 ||
        m->n_fleet > MAP_MAX_FLEET || (m->n_routes > 0) != (m->n_fleet >= 2) ||
        (m->n_routes && m->n_routes < m->players_max))
        abort();
    for (int i = 0; i < m->n_routes; i++) {
        int n = m->route_len[i];
        if (n < 2 || n > MAP_MAX_ROUTE)
            abort();
        for (int k = 0; k < n; k++)
            if (!cell_at(m, m->route_hex[i][k]) || m->route_corner[i][k] > 5)
                abort();
        const struct map_cell *home = cell_at(m, m->route_hex[i][0]);
        const struct map_cell *fort = cell_at(m, m->route_hex[i][n - 1]);
        if (home->island < 0 || !m->home[home->island] || fort->island < 0 || m->home[fort->island])
            abort();
    }
    for (int k = 0; k < m->n_fleet; k++)
        if (!cell_at(m, m->fleet[k]) || cell_at(m, m->fleet[k])->kind != MAP_CELL_SEA)
            abort();
}

static void check_map(const struct map *m)
{
    if (!memchr(m->name, '\0', sizeof m->name) || m->players_min < MAP_MIN_PLAYERS ||
        m->players_max > MAP_MAX_PLAYERS || m->players_min > m->players_max || m->n_rows < 1 ||
        m->n_rows > MAP_MAX_ROWS || (!m->random_islands && (m->n_land < 1 || m->n_islands < 1)))
        abort();
    int land = 0, pool = 0, homes = 0;
    for (int r = 0; r < m->n_rows; r++) {
        if (m->row_len[r] < 1 || m->row_len[r] > MAP_MAX_COLS ||
            (r && (m->row_len[r] - m->row_len[r - 1]) % 2 == 0))
            abort();
        for (int c = 0; c < m->row_len[r]; c++) {
            const struct map_cell *cell = &m->cell[r][c];
            /* Land is on an island, but a desert that parts the land (deserts_divide). */
            int parts =
                m->deserts_divide && cell->kind == MAP_CELL_LAND && cell->terrain == MAP_DESERT;
            if ((is_land(cell) && !parts) != (cell->island >= 0) || cell->island >= m->n_islands)
                abort();
            if (cell->token && (cell->kind != MAP_CELL_LAND || cell->token < 2 ||
                                cell->token > 12 || cell->token == 7))
                abort();
            land += is_land(cell);
            pool += cell->kind == MAP_CELL_POOL;
            /* Fixed red numbers are never neighbours. */
            struct map_pos nb;
            for (int s = 0; s < 6; s++)
                if ((cell->token == 6 || cell->token == 8) && map_neighbor(m, r, c, s, &nb) &&
                    (m->cell[nb.row][nb.col].token == 6 || m->cell[nb.row][nb.col].token == 8))
                    abort();
        }
    }
    for (int i = 0; i < m->n_islands; i++)
        homes += m->home[i];
    int terrains = 0;
    for (int t = 0; t < MAP_TERRAINS; t++)
        terrains += m->terrains[t];
    /* A map of islands drawn for each game (random_islands) deals its terrains onto the hexes it
     * draws and has no home island: players start where the game's land is. */
    if (land != m->n_land || (!m->random_islands && (terrains != pool || !homes)) ||
        m->terrains[MAP_SEA] || m->tokens[7] || m->fog_tokens[7] || m->n_harbors > MAP_MAX_HARBORS)
        abort();
    for (int i = 0; i < m->n_harbors; i++) {
        const struct map_harbor *h = &m->harbor[i];
        struct map_pos nb;
        if (h->hex.row < 0 || h->hex.row >= m->n_rows || h->hex.col < 0 ||
            h->hex.col >= m->row_len[h->hex.row] || !is_land(&m->cell[h->hex.row][h->hex.col]) ||
            h->side > 5 || (h->type >= MAP_HARBOR_TYPES && h->type != MAP_HARBOR_POOL))
            abort();
        if (map_neighbor(m, h->hex.row, h->hex.col, h->side, &nb) &&
            m->cell[nb.row][nb.col].kind != MAP_CELL_SEA &&
            m->cell[nb.row][nb.col].kind != MAP_CELL_NONE)
            abort();
    }
    if ((m->robber_start == MAP_START_HEX && !is_land(&m->cell[m->robber.row][m->robber.col])) ||
        (m->pirate_start == MAP_START_HEX &&
         m->cell[m->pirate.row][m->pirate.col].kind != MAP_CELL_SEA &&
         !(m->random_islands && m->cell[m->pirate.row][m->pirate.col].kind == MAP_CELL_FOG)))
        abort();
    /* The river: land hexes, each once. A gold mine: fixed land with no token, never in a
     * pool. */
    if (m->n_river < 0 || m->n_river > MAP_MAX_RIVER || m->terrains[MAP_MINE] ||
        m->fog_terrains[MAP_MINE])
        abort();
    for (int i = 0; i < m->n_river; i++) {
        struct map_pos at = m->river[i];
        if (at.row < 0 || at.row >= m->n_rows || at.col < 0 || at.col >= m->row_len[at.row] ||
            !is_land(&m->cell[at.row][at.col]))
            abort();
        for (int j = 0; j < i; j++)
            if (m->river[j].row == at.row && m->river[j].col == at.col)
                abort();
    }
    for (int r = 0; r < m->n_rows; r++)
        for (int c = 0; c < m->row_len[r]; c++)
            if (m->cell[r][c].kind == MAP_CELL_LAND && m->cell[r][c].terrain == MAP_MINE &&
                m->cell[r][c].token)
                abort();
    check_pirates(m);
}

static int count64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

static int land_hex(const struct board_geo *g, int h)
{
    return h >= 0 && (g->land_hexes >> h & 1);
}

static void check_board(const struct board_geo *g, const struct board_setup *s, const struct map *m)
{
    /* A map of islands drawn for each game (random_islands) has its land, harbors and pools
     * dealt by each game (engine/new_world.c, checked on many seeds by its tests): here only
     * that its grid makes a board. */
    if (g->drawn_hexes) {
        if (!m->random_islands || g->n_edges > g->n_vertices + g->n_hexes - 1)
            abort();
        return;
    }
    /* Euler: edges = vertices + hexes - pieces of the map (one piece without sea or islands). */
    int one_piece = g->n_land == g->n_hexes && g->n_islands == 1;
    if (g->n_land != m->n_land || g->n_islands != m->n_islands || g->n_harbors != m->n_harbors ||
        g->n_edges > g->n_vertices + g->n_hexes - 1 ||
        (one_piece && g->n_edges != g->n_vertices + g->n_hexes - 1))
        abort();
    for (int e = 0; e < g->n_edges; e++)
        if (g->edge_vertex[e][0] >= g->edge_vertex[e][1] || g->edge_vertex[e][1] >= g->n_vertices ||
            (g->edge_land_bits[e >> 6] >> (e & 63) & 1) !=
                (uint64_t)(land_hex(g, g->edge_hex[e][0]) || land_hex(g, g->edge_hex[e][1])))
            abort();
    for (int k = 0; k < g->n_harbors; k++) {
        int e = g->harbor_edge[k];
        if (land_hex(g, g->edge_hex[e][0]) + land_hex(g, g->edge_hex[e][1]) != 1 ||
            !land_hex(g, g->harbor_hex[k]))
            abort();
    }
    int pool = 0;
    for (int h = 0; h < g->n_hexes; h++)
        pool += s->hex_terrain[h] == BOARD_POOL;
    if (pool != s->n_terrains || s->robber >= g->n_hexes ||
        (s->robber >= 0 && !land_hex(g, s->robber)) || s->pirate >= g->n_hexes ||
        (s->pirate >= 0 && land_hex(g, s->pirate)))
        abort();
    /* The river's hexes are land, each once, as the map drawn (not turned); a turn of it lies
     * on land or is refused. */
    uint64_t river = 0;
    int8_t at[BOARD_MAX_RIVER];
    for (int i = 0; i < g->n_river; i++)
        river |= 1ull << g->river_hex[i];
    if (g->has_river != (m->n_river > 0) || g->n_river != m->n_river || (river & ~g->land_hexes) ||
        count64(river) != m->n_river || (g->has_river && board_river_turn(g, 0, at) < 0))
        abort();
    /* The routes: sea edges one after another from the seat's start to its fortress; the
     * fleet's course at sea. */
    if (g->n_routes != m->n_routes || g->n_fleet != m->n_fleet)
        abort();
    for (int i = 0; i < g->n_routes; i++) {
        int v = g->route_start[i];
        for (int k = 0; k < g->route_len[i]; k++) {
            int e = g->route_edge[i][k];
            if (e >= g->n_edges || !(g->edge_sea_bits[e >> 6] >> (e & 63) & 1) ||
                (g->edge_vertex[e][0] != v && g->edge_vertex[e][1] != v))
                abort();
            v = g->edge_vertex[e][0] == v ? g->edge_vertex[e][1] : g->edge_vertex[e][0];
        }
        if (v != g->route_fortress[i])
            abort();
    }
    for (int k = 0; k < g->n_fleet; k++)
        if (land_hex(g, g->fleet_hex[k]))
            abort();
    for (int t = 0; t < 6 && g->has_river; t++)
        if (board_river_turn(g, t, at) == 0)
            for (int i = 0; i < g->n_river; i++)
                if (!land_hex(g, at[i]))
                    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct map m;
    static struct board_geo geo;
    static struct board_setup setup;
    char err[256];
    if (map_parse((const char *)data, size, "fuzz.map", &m, err, sizeof err) != 0) {
        if (strncmp(err, "fuzz.map:", 9) || !memchr(err, '\0', sizeof err))
            abort();
        return 0;
    }
    check_map(&m);
    if (board_build(&geo, &setup, BOARD_BASE, &m) == 0)
        check_board(&geo, &setup, &m);
    return 0;
}
