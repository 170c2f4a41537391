/* The Pirate Islands (maps/pirate_islands.map; README, "The Pirate Islands"): each seat's
 * fixed route of ships to its own pirate fortress, the pirate fleet that sails round the sea
 * every turn and fights the settlements and cities it stops beside, warships made by knights,
 * and the attacks on the fortress that conquer it (a player wins only with it conquered). */
#include <string.h>

#include "engine/internal.h"

enum { FORTRESS_STRENGTH = 3 };

int pirates_build(struct board_geo *g, const struct map *m, int8_t cell_hex[][MAP_MAX_COLS])
{
    g->n_routes = m->n_routes;
    for (int i = 0; i < m->n_routes; i++) {
        int prev = -1;
        if (m->route_len[i] - 1 > BOARD_MAX_ROUTE)
            return -1;
        for (int k = 0; k < m->route_len[i]; k++) {
            int h = cell_hex[m->route_hex[i][k].row - 1][m->route_hex[i][k].col - 1];
            if (h < 0)
                return -1;
            int v = g->hex_vertex[h][m->route_corner[i][k]];
            if (k) {
                int e = board_edge_between(g, prev, v);
                if (e < 0 || !bits_has(g->edge_sea_bits, e))
                    return -1;
                g->route_edge[i][k - 1] = (uint8_t)e;
            }
            prev = v;
        }
        g->route_len[i] = (uint8_t)(m->route_len[i] - 1);
        int h0 = cell_hex[m->route_hex[i][0].row - 1][m->route_hex[i][0].col - 1];
        g->route_start[i] = g->hex_vertex[h0][m->route_corner[i][0]];
        g->route_fortress[i] = (uint8_t)prev;
    }
    g->n_fleet = m->n_fleet;
    for (int k = 0; k < m->n_fleet; k++) {
        int h = cell_hex[m->fleet[k].row - 1][m->fleet[k].col - 1];
        if (h < 0)
            return -1;
        g->fleet_hex[k] = (int8_t)h;
    }
    if (g->n_routes) /* nobody settles off the home islands */
        for (int v = 0; v < g->n_vertices; v++)
            if (g->vertex_island[v] >= 0 && !(g->home_islands >> g->vertex_island[v] & 1))
                bits_set(g->pirate_vertex_bits, v);
    return 0;
}

void pirates_setup(struct game *g, const struct board_geo *geo)
{
    for (int p = 0; p < g->opt.n_players && p < geo->n_routes; p++) {
        int v = geo->route_start[p], e = geo->route_edge[p][0];
        g->vertex_owner[v] = (int8_t)p;
        g->vertex_building[v] = BUILDING_SETTLEMENT;
        g->p[p].settlements = 1;
        g->edge_owner[e] = (int8_t)p;
        bits_set(g->ships, e);
        g->p[p].ships = 1;
        g->fortress[p] = FORTRESS_STRENGTH;
    }
    g->fleet_at = 0;
    g->robber = -1;
}

int game_fleet_hex(const struct game *g)
{
    const struct board_geo *geo = GEO(g);
    return geo->n_fleet ? geo->fleet_hex[g->fleet_at % geo->n_fleet] : -1;
}

/* p's warships afloat: those earned, while p has ships for them (a warship sunk comes back on
 * the next ship built). */
static int strength(const struct game *g, int p)
{
    return g->warships[p] < g->p[p].ships ? g->warships[p] : g->p[p].ships;
}

/* Take n cards at random from p's hand (fewer when the hand is smaller) into lost. */
static void lose_cards(struct game *g, int p, int n, uint8_t lost[RES_COUNT])
{
    for (; n > 0 && hand_size_of(&g->p[p]); n--) {
        int k = (int)bw_rng_below(&g->rng, (uint32_t)hand_size_of(&g->p[p])), r = 0;
        while (k >= g->p[p].res[r])
            k -= g->p[p].res[r++];
        g->p[p].res[r]--;
        g->bank[r]++;
        lost[r]++;
    }
}

void pirates_roll(struct game *g, struct evbuf *eb, int d1, int d2)
{
    const struct board_geo *geo = GEO(g);
    g->fortress_attacked = 0;
    g->fleet_at = (uint8_t)((g->fleet_at + d1) % geo->n_fleet);
    int hex = game_fleet_hex(g);
    struct game_event *e = ev_push(eb, EV_FLEET, -1);
    if (e) {
        e->a = (int16_t)d1;
        e->b = (int16_t)hex;
    }
    /* Each player with a settlement or city beside it fights, from the roller on. */
    for (int i = 0, n = g->opt.n_players; i < n; i++) {
        int p = (g->current + i) % n, weight = 0;
        if (g->p[p].resigned)
            continue;
        for (int k = 0; k < 6; k++) {
            int v = geo->hex_vertex[hex][k];
            if (g->vertex_owner[v] == p)
                weight += g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
        }
        if (!weight)
            continue;
        e = ev_push(eb, EV_BATTLE, p);
        uint8_t lost[RES_COUNT] = {0};
        int w = strength(g, p);
        if (w > d2)
            g->p[p].gold++; /* a card of their choice, chosen as gold is */
        else if (w < d2)
            lose_cards(g, p, weight, lost);
        if (e) {
            e->a = (int16_t)d2;
            e->b = (int16_t)w;
            memcpy(e->res, lost, sizeof lost);
        }
    }
}

int pirates_knight(struct game *g, struct evbuf *eb, int p)
{
    int err = dev_play_check(g, p, DEV_KNIGHT);
    if (err)
        return err;
    if (g->warships[p] >= g->p[p].ships)
        return BW_E(NO_WARSHIP);
    g->p[p].dev[DEV_KNIGHT]--;
    g->dev_played = 1;
    struct game_event *e = ev_push(eb, EV_PLAY_DEV, p);
    if (e)
        e->a = DEV_KNIGHT;
    g->p[p].knights++;
    g->warships[p]++;
    e = ev_push(eb, EV_WARSHIP, p);
    if (e)
        e->a = g->warships[p];
    largest_army_award(g, eb);
    return BW_OK;
}

int game_settlement_supply(const struct game *g, int p)
{
    /* The fortress's own settlement, of the conqueror's colour, is theirs from then on. */
    return GAME_SETTLEMENTS + (GEO(g)->n_routes && p < GEO(g)->n_routes && !g->fortress[p]);
}

int game_attack_error(const struct game *g, int p)
{
    const struct board_geo *geo = GEO(g);
    if (p < 0 || p >= g->opt.n_players || g->phase == PHASE_OVER)
        return BW_E(WRONG_PHASE);
    if (!geo->n_routes || p >= geo->n_routes)
        return BW_E(WRONG_PHASE);
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    if (!g->fortress[p] || g->fortress_attacked || g->p[p].ships < geo->route_len[p])
        return BW_E(FORTRESS);
    return BW_OK;
}

/* The n ships of p nearest the fortress go back to p's supply. */
static int sink_ships(struct game *g, int p, int n)
{
    const struct board_geo *geo = GEO(g);
    int lost = 0;
    for (; n > 0 && g->p[p].ships; n--, lost++) {
        int e = geo->route_edge[p][--g->p[p].ships];
        g->edge_owner[e] = -1;
        g->ships[e >> 6] &= ~(1ull << (e & 63));
        g->ships_new[e >> 6] &= ~(1ull << (e & 63));
    }
    return lost;
}

int act_attack(struct game *g, struct evbuf *eb, int p)
{
    int err = game_attack_error(g, p);
    if (err)
        return err;
    const struct board_geo *geo = GEO(g);
    int die = 1 + (int)bw_rng_below(&g->rng, 6), lost = 0, w = strength(g, p);
    g->fortress_attacked = 1;
    if (w > die) {
        if (!--g->fortress[p]) {
            int v = geo->route_fortress[p];
            g->vertex_owner[v] = (int8_t)p;
            g->vertex_building[v] = BUILDING_SETTLEMENT;
            g->p[p].settlements++;
        }
    } else {
        lost = sink_ships(g, p, w == die ? 1 : 2);
    }
    game_reindex(g);
    g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    struct game_event *e = ev_push(eb, EV_FORTRESS, p);
    if (e) {
        e->a = (int16_t)die;
        e->b = (int16_t)w;
        e->other = (int8_t)lost;
        e->res[0] = g->fortress[p];
    }
    longest_road_award(g, eb);
    return BW_OK;
}

int pirates_state_ok(const struct game *g, const struct board_geo *geo)
{
    if (!geo->n_routes)
        return !g->fleet_at && !g->fortress_attacked &&
               !memcmp(g->fortress, (uint8_t[GAME_MAX_PLAYERS]){0}, GAME_MAX_PLAYERS) &&
               !memcmp(g->warships, (uint8_t[GAME_MAX_PLAYERS]){0}, GAME_MAX_PLAYERS);
    if (g->fleet_at >= geo->n_fleet || g->fortress_attacked > 1)
        return 0;
    for (int p = 0; p < GAME_MAX_PLAYERS; p++) {
        int seated = p < g->opt.n_players && p < geo->n_routes;
        if (g->fortress[p] > (seated ? FORTRESS_STRENGTH : 0) ||
            g->warships[p] > (seated ? geo->route_len[p] : 0))
            return 0;
        if (!seated)
            continue;
        /* Its ships lie on its route from home, one after another. */
        for (int k = 0; k < geo->route_len[p]; k++) {
            int e = geo->route_edge[p][k];
            if ((k < g->p[p].ships) != (g->edge_owner[e] == p && bits_has(g->ships, e)))
                return 0;
        }
        int v = geo->route_fortress[p];
        if (!g->fortress[p] != (g->vertex_owner[v] == p))
            return 0;
        if (g->fortress[p] && g->vertex_owner[v] >= 0)
            return 0;
    }
    return 1;
}
