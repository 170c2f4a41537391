/* The Great River (RULES.md, "Variants of the base board"): a river of hexes (a mountain, a
 * forest and a gold mine in maps/great_river.map) that each game lays at random, turned about
 * the hex where it rises; no setup settlement on its banks; a settlement or city on a corner of
 * its gold mine is worth a victory point more. */
#include "engine/internal.h"

/* Whether turn t lays the river on land, on hexes the map leaves to its pools (or on its own). */
static int turn_fits(const struct board_geo *geo, const struct board_setup *s, int t,
                     int8_t at[BOARD_MAX_RIVER])
{
    if (board_river_turn(geo, t, at) < 0)
        return 0;
    for (int i = 0; i < geo->n_river; i++) {
        int own = 0;
        for (int j = 0; j < geo->n_river; j++)
            own |= at[i] == geo->river_hex[j];
        if (!own && s->hex_terrain[at[i]] != BOARD_POOL)
            return 0;
    }
    return 1;
}

void river_deal(struct bw_rng *rng, const struct board_geo *geo, struct board_setup *s)
{
    int8_t at[6][BOARD_MAX_RIVER];
    int turns[6], n = 0;
    for (int t = 0; t < 6; t++)
        if (turn_fits(geo, s, t, at[t]))
            turns[n++] = t;
    if (!n)
        return; /* the map's own place always fits; stay safe */
    const int8_t *to = at[turns[bw_rng_below(rng, (uint32_t)n)]];
    uint8_t terrain[BOARD_MAX_RIVER], token[BOARD_MAX_RIVER];
    int robber = -1;
    for (int i = 0; i < geo->n_river; i++) {
        int h = geo->river_hex[i];
        terrain[i] = s->hex_terrain[h];
        token[i] = s->hex_token[h];
        robber = s->robber == h ? i : robber;
        s->hex_terrain[h] = BOARD_POOL;
        s->hex_token[h] = 0;
    }
    for (int i = 0; i < geo->n_river; i++) {
        s->hex_terrain[to[i]] = terrain[i];
        s->hex_token[to[i]] = token[i];
    }
    if (robber >= 0)
        s->robber = to[robber];
}

uint64_t game_river(const struct game *g, const struct board_geo *geo, int *mine)
{
    *mine = -1;
    if (!geo->has_river)
        return 0;
    const struct board_setup *s = board_setup(g->opt.board);
    int8_t at[BOARD_MAX_RIVER];
    for (int t = 0; t < 6; t++) {
        if (board_river_turn(geo, t, at) < 0)
            continue;
        int found = -1, fits = 1;
        uint64_t hexes = 0;
        for (int i = 0; i < geo->n_river; i++) {
            hexes |= 1ull << at[i];
            if (s->hex_terrain[geo->river_hex[i]] == TERRAIN_MINE) {
                fits &= g->terrain[at[i]] == TERRAIN_MINE;
                found = at[i];
            }
        }
        if (fits && found >= 0) {
            *mine = found;
            return hexes;
        }
    }
    return 0;
}

int game_river_points(const struct game *g, int player)
{
    if (!g->river || g->mine < 0 || player < 0 || player >= g->opt.n_players)
        return 0;
    uint64_t on[BOARD_WORDS];
    bits_and(on, g->buildings_of[player], GEO(g)->hex_vertex_bits[g->mine]);
    return bits_count(on);
}

void river_gold(struct game *g, struct evbuf *eb, int p)
{
    struct game_event *e = ev_push(eb, EV_RIVER, p);
    if (e)
        e->a = (int16_t)game_river_points(g, p);
}
