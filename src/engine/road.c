/* Longest road: the longest trail (each road once, vertices may repeat) of one player's roads
 * that does not pass through a vertex holding an opponent's building. On maps with sea, the
 * longest trade route: the same over roads and ships, which join only at the player's own
 * settlement or city. */
#include "engine/internal.h"

#include <string.h>

/* The corners where p's trails may end but not pass through: an opponent's building (and,
 * with Cities & Knights, an opponent's knight). The searches below take them as stop. */
static void stops_of(const struct game *g, int p, uint64_t stop[BOARD_WORDS])
{
    bits_andnot(stop, g->buildings_all, g->buildings_of[p]);
    if (!bits_empty(g->ck.knights_all))
        ck_knight_stops(g, p, stop);
}

/* The longest trail of p's roads outside used that starts at v. */
static int trail_from(const struct game *g, const struct board_geo *geo, int p,
                      const uint64_t *stop, int v, uint64_t used[BOARD_WORDS])
{
    int best = 0;
    uint64_t next[BOARD_WORDS];
    for (int i = 0; i < BOARD_WORDS; i++)
        next[i] = geo->vertex_edge_bits[v][i] & g->roads_of[p][i] & ~used[i];
    int e;
    while ((e = bits_pop(next)) >= 0) {
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        int len = 1;
        if (!bits_has(stop, w)) {
            bits_set(used, e);
            len += trail_from(g, geo, p, stop, w, used);
            used[e >> 6] &= ~(1ull << (e & 63));
        }
        if (len > best)
            best = len;
    }
    return best;
}

/* Removes from left the roads in it connected to v (through any vertex); returns how many. */
static int take_piece(const struct board_geo *geo, int v, uint64_t left[BOARD_WORDS])
{
    uint64_t todo[BOARD_WORDS] = {0};
    int n = 0;
    bits_set(todo, v);
    while ((v = bits_pop(todo)) >= 0) {
        uint64_t at[BOARD_WORDS];
        for (int i = 0; i < BOARD_WORDS; i++)
            at[i] = geo->vertex_edge_bits[v][i] & left[i];
        bits_andnot(left, left, at);
        int e;
        while ((e = bits_pop(at)) >= 0) {
            n++;
            bits_set(todo,
                     geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0]);
        }
    }
    return n;
}

/* ---- trade routes: roads and ships ---- */

/* The longest trail on from v of p's roads and ships outside used, having come by a ship
 * (ship 1) or a road (ship 0), or from nowhere (ship -1). */
static int route_from(const struct game *g, const struct board_geo *geo, int p,
                      const uint64_t *stop, int v, int ship, uint64_t used[BOARD_WORDS])
{
    int best = 0, own = g->vertex_owner[v] == p;
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e < 0 || bits_has(used, e) || g->edge_owner[e] != p)
            continue;
        int is_ship = bits_has(g->ships, e);
        if (ship >= 0 && !own && is_ship != ship)
            continue; /* a road and a ship meet only at the player's building */
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        int len = 1;
        if (!bits_has(stop, w)) {
            bits_set(used, e);
            len += route_from(g, geo, p, stop, w, is_ship, used);
            used[e >> 6] &= ~(1ull << (e & 63));
        }
        if (len > best)
            best = len;
    }
    return best;
}

static int longest_route_of(const struct game *g, int p)
{
    const struct board_geo *geo = GEO(g);
    uint64_t starts[BOARD_WORDS], stop[BOARD_WORDS];
    memcpy(starts, g->reach_of[p], sizeof starts);
    stops_of(g, p, stop);
    int best = 0, v;
    while ((v = bits_pop(starts)) >= 0) {
        uint64_t used[BOARD_WORDS] = {0};
        int len = route_from(g, geo, p, stop, v, -1, used);
        if (len > best)
            best = len;
    }
    return best;
}

int game_longest_road_of(const struct game *g, int player)
{
    if (player < 0 || player >= GAME_MAX_PLAYERS)
        return 0;
    if (g->p[player].ships)
        return longest_route_of(g, player);
    const struct board_geo *geo = GEO(g);
    const uint64_t *roads = g->roads_of[player];
    uint64_t left[BOARD_WORDS], starts[BOARD_WORDS], stop[BOARD_WORDS];
    stops_of(g, player, stop);
    memcpy(left, roads, sizeof left);
    memcpy(starts, g->reach_of[player], sizeof starts);
    int n = bits_count(roads), best = 0, v;
    /* A longest trail starts where the roads end or fork or meet an opponent's building: a
     * trail starting inside a plain chain either extends backwards or is a closed circuit,
     * and a circuit through an end or fork could be rotated and extended. */
    while ((v = bits_pop(starts)) >= 0) {
        uint64_t at[BOARD_WORDS];
        for (int i = 0; i < BOARD_WORDS; i++)
            at[i] = geo->vertex_edge_bits[v][i] & roads[i];
        if (bits_count(at) == 2 && !bits_has(stop, v))
            continue;
        uint64_t used[BOARD_WORDS] = {0};
        int len = trail_from(g, geo, player, stop, v, used);
        if (len > best)
            best = len;
        if (best == n)
            return best;
        take_piece(geo, v, left);
    }
    /* What is left are pieces without such a corner: plain cycles, each one trail. */
    while (!bits_empty(left)) {
        uint64_t rest[BOARD_WORDS];
        memcpy(rest, left, sizeof rest);
        int e = bits_pop(rest);
        int len = take_piece(geo, geo->edge_vertex[e][0], left);
        if (len > best)
            best = len;
    }
    return best;
}

/* ---- a road added: only trails through it can be longer than before ---- */

/* The longest trail through the edges in used (a trail of len edges from a to v): every way
 * to go on from v, each completed by the longest way on from a. */
static int trail_through(const struct game *g, const struct board_geo *geo, int p,
                         const uint64_t *stop, int a, int v, uint64_t used[BOARD_WORDS], int len)
{
    int best = len + (bits_has(stop, a) ? 0 : trail_from(g, geo, p, stop, a, used));
    if (bits_has(stop, v))
        return best;
    uint64_t next[BOARD_WORDS];
    for (int i = 0; i < BOARD_WORDS; i++)
        next[i] = geo->vertex_edge_bits[v][i] & g->roads_of[p][i] & ~used[i];
    int e;
    while ((e = bits_pop(next)) >= 0) {
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        bits_set(used, e);
        int n = trail_through(g, geo, p, stop, a, w, used, len + 1);
        used[e >> 6] &= ~(1ull << (e & 63));
        if (n > best)
            best = n;
    }
    return best;
}

void road_length_add(struct game *g, int p, int edge)
{
    const struct board_geo *geo = GEO(g);
    if (g->p[p].ships) {
        g->p[p].road_length = (uint8_t)longest_route_of(g, p);
        return;
    }
    int a = geo->edge_vertex[edge][0], b = geo->edge_vertex[edge][1];
    uint64_t at_b[BOARD_WORDS];
    for (int i = 0; i < BOARD_WORDS; i++)
        at_b[i] = geo->vertex_edge_bits[b][i] & g->roads_of[p][i];
    uint64_t at_a[BOARD_WORDS];
    for (int i = 0; i < BOARD_WORDS; i++)
        at_a[i] = geo->vertex_edge_bits[a][i] & g->roads_of[p][i];
    if (bits_count(at_a) < bits_count(at_b)) { /* go on first from the end with fewer roads */
        int t = a;
        a = b;
        b = t;
    }
    uint64_t used[BOARD_WORDS] = {0}, stop[BOARD_WORDS];
    bits_set(used, edge);
    stops_of(g, p, stop);
    int len = trail_through(g, geo, p, stop, a, b, used, 1);
    if (len > g->p[p].road_length)
        g->p[p].road_length = (uint8_t)len;
}

unsigned road_owners_at(const struct game *g, int v, int player)
{
    const struct board_geo *geo = GEO(g);
    unsigned m = 0;
    for (int q = 0; q < game_seats(g); q++) { /* Catan for two: the neutrals' roads too */
        uint64_t at[BOARD_WORDS];
        for (int i = 0; i < BOARD_WORDS; i++)
            at[i] = geo->vertex_edge_bits[v][i] & (g->roads_of[q][i] | g->ships_of[q][i]);
        /* A building can only cut a trail that passes through v, on two roads. */
        if (q != player && bits_count(at) >= 2)
            m |= BIT(q);
    }
    return m;
}

void longest_road_update(struct game *g, struct evbuf *eb, unsigned mask)
{
    if (!mask)
        return;
    for (int p = 0; p < game_seats(g); p++)
        if (mask & BIT(p))
            g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    longest_road_award(g, eb);
}

void longest_road_award(struct game *g, struct evbuf *eb)
{
    if (GEO(g)->no_longest)
        return; /* Cloth for Catan: no longest trade route */
    int n = game_seats(g), max = 0, count = 0, who = -1; /* a neutral may hold it */
    for (int p = 0; p < n; p++) {
        int len = g->p[p].resigned ? 0 : g->p[p].road_length; /* a resigned player's roads */
        if (len > max) {
            max = len;
            count = 1;
            who = p;
        } else if (len == max) {
            count++;
        }
    }
    int holder = g->longest_road, next;
    if (holder >= 0 && !g->p[holder].resigned && g->p[holder].road_length >= 5 &&
        g->p[holder].road_length == max)
        next = holder;
    else if (max >= 5 && count == 1)
        next = who;
    else
        next = -1;
    if (next != holder) {
        g->longest_road = (int8_t)next;
        struct game_event *e = ev_push(eb, EV_LONGEST_ROAD, next);
        if (e) {
            e->other = (int8_t)holder;
            e->a = (int16_t)(next >= 0 ? g->p[next].road_length : max);
        }
    }
}
