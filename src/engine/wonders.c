/* The Wonders of Catan: five wonders, each with a condition to start it and a cost for each of
 * its four stages. A player starts at most one wonder, which nobody else may then build; the
 * first to build the fourth stage wins, and a player with the points to win wins only while
 * their wonder is further than everyone else's. maps/wonders.map says what was decided. */
#include "engine/internal.h"

#include <string.h>

#include "map/map.h"

/* wood, brick, wool, grain, ore */
const uint8_t game_cost_wonder[GAME_WONDERS][RES_COUNT] = {
    [WONDER_THEATER] = {1, 1, 3, 0, 0},   [WONDER_BRIDGE] = {3, 0, 1, 1, 0},
    [WONDER_MONUMENT] = {0, 0, 0, 3, 2},  [WONDER_WALL] = {1, 3, 0, 1, 0},
    [WONDER_CATHEDRAL] = {0, 1, 0, 1, 3},
};

enum { MONUMENT_ROUTE = 5, CATHEDRAL_POINTS = 6, THEATER_CITIES = 2 };

void wonders_build(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    g->wonders = m->wonders;
    for (int i = 0; i < m->n_wonder_spots; i++) {
        const struct map_wonder_spot *w = &m->wonder_spot[i];
        int h = cell_hex[w->hex.row][w->hex.col];
        if (h < 0)
            continue;
        int v = g->hex_vertex[h][w->corner];
        bits_set(g->wonder_spot_bits[w->kind], v);
        g->vertex_home_bits[v >> 6] &= ~(1ull << (v & 63)); /* no setup settlement there */
    }
}

int game_wonder_of(const struct game *g, int player)
{
    for (int w = 0; w < GAME_WONDERS; w++)
        if (g->wonder_owner[w] == player)
            return w;
    return -1;
}

/* Whether p has a building on a marked corner of that kind. */
static int on_spot(const struct game *g, int p, int kind)
{
    const uint64_t *spots = GEO(g)->wonder_spot_bits[kind];
    for (int i = 0; i < BOARD_WORDS; i++)
        if (g->buildings_of[p][i] & spots[i])
            return 1;
    return 0;
}

/* Whether p has a city at a harbor. */
static int city_at_harbor(const struct game *g, int p)
{
    const struct board_geo *geo = GEO(g);
    uint64_t at[BOARD_WORDS];
    memcpy(at, g->buildings_of[p], sizeof at);
    for (int v; (v = bits_pop(at)) >= 0;) {
        int k = geo->vertex_harbor_slot[v];
        if (g->vertex_building[v] == BUILDING_CITY && k >= 0 && g->harbor[k] != HARBOR_NONE)
            return 1;
    }
    return 0;
}

static int meets(const struct game *g, int p, int w)
{
    switch (w) {
    case WONDER_THEATER:
        return g->p[p].cities >= THEATER_CITIES;
    case WONDER_BRIDGE:
        return on_spot(g, p, MAP_WONDER_BRIDGE);
    case WONDER_MONUMENT:
        return city_at_harbor(g, p) && g->p[p].road_length >= MONUMENT_ROUTE;
    case WONDER_WALL:
        return on_spot(g, p, MAP_WONDER_WALL);
    default:
        return g->p[p].cities >= 1 && game_vp_public(g, p) >= CATHEDRAL_POINTS;
    }
}

int game_wonder_meets(const struct game *g, int p, int w)
{
    return g->wonders && p >= 0 && p < g->opt.n_players && w >= 0 && w < GAME_WONDERS &&
           meets(g, p, w);
}

int game_wonder_error(const struct game *g, int p, int w)
{
    if (!g->wonders || w < 0 || w >= GAME_WONDERS)
        return BW_E(INVALID);
    if (p < 0 || p >= g->opt.n_players || g->phase == PHASE_OVER)
        return g->phase == PHASE_OVER ? BW_E(GAME_OVER) : BW_E(INVALID);
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    int mine = game_wonder_of(g, p);
    if (mine >= 0 && mine != w)
        return BW_E(WONDER_OTHER);
    if (mine < 0 && g->wonder_owner[w] >= 0)
        return BW_E(WONDER_TAKEN);
    if (mine < 0 && !meets(g, p, w))
        return BW_E(WONDER_NEEDS);
    return BW_OK;
}

int act_wonder(struct game *g, struct evbuf *eb, int p, int w)
{
    int err = game_wonder_error(g, p, w);
    if (err)
        return err;
    if (!has_cards(g->p[p].res, game_cost_wonder[w]))
        return BW_E(NOT_ENOUGH);
    pay(g, p, game_cost_wonder[w]);
    g->wonder_owner[w] = (int8_t)p;
    int level = ++g->wonder_level[w];
    struct game_event *e = ev_push(eb, EV_WONDER, p);
    if (e) {
        e->a = (int16_t)w;
        e->b = (int16_t)level;
    }
    if (level < GAME_WONDER_STAGES)
        return BW_OK;
    g->phase = PHASE_OVER; /* the first finished wonder wins at once */
    g->winner = (int8_t)p;
    e = ev_push(eb, EV_GAME_OVER, p);
    if (e) {
        e->a = (int16_t)game_vp_total(g, p);
        e->b = (int16_t)(g->p[p].dev[DEV_VICTORY] + g->p[p].dev_new[DEV_VICTORY]);
    }
    return BW_OK;
}

int game_wonder_leads(const struct game *g, int p)
{
    int mine = game_wonder_of(g, p), level = mine >= 0 ? g->wonder_level[mine] : 0;
    for (int w = 0; w < GAME_WONDERS; w++)
        if (w != mine && g->wonder_owner[w] >= 0 && g->wonder_level[w] >= level)
            return 0;
    return level > 0;
}

int wonder_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int n = 0;
    for (int w = 0; w < GAME_WONDERS; w++) {
        if (game_wonder_error(g, p, w) || !has_cards(g->p[p].res, game_cost_wonder[w]))
            continue;
        if (n < max) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].type = ACT_WONDER;
            out[n].player = (int8_t)p;
            out[n].target = -1;
            out[n].a = (int16_t)w;
        }
        n++;
    }
    return n;
}

int wonders_state_ok(const struct game *g, const struct board_geo *geo)
{
    unsigned seen = 0;
    for (int w = 0; w < GAME_WONDERS; w++) {
        int o = g->wonder_owner[w], level = g->wonder_level[w];
        if (o < -1 || o >= g->opt.n_players || (o < 0) != (level == 0) ||
            level > GAME_WONDER_STAGES || (o >= 0 && !geo->wonders) || (o >= 0 && (seen & BIT(o))))
            return 0;
        if (o >= 0)
            seen |= BIT(o);
    }
    return 1;
}
