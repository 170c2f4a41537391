/* Longest road: the longest trail (each road once, vertices may repeat) of one player's roads
 * that does not pass through a vertex holding an opponent's building. */
#include "engine/internal.h"

#include <string.h>

/* The player's roads as a small graph of local vertices and edges, so the search touches
 * only a few bytes. A player never has more than GAME_ROADS roads. */
struct trail {
    int n_edges, n_vertices, best;
    uint8_t edge_end[GAME_ROADS][2];
    uint8_t degree[2 * GAME_ROADS];
    uint8_t vertex_edge[2 * GAME_ROADS][3];
    uint8_t blocked[2 * GAME_ROADS]; /* an opponent's building: the road cannot pass */
};

static void trail_walk(struct trail *t, int v, uint32_t used, int len)
{
    if (len > t->best)
        t->best = len;
    if (len > 0 && t->blocked[v])
        return;
    for (int i = 0; i < t->degree[v]; i++) {
        int e = t->vertex_edge[v][i];
        if (used & (1u << e))
            continue;
        int other = t->edge_end[e][0] == v ? t->edge_end[e][1] : t->edge_end[e][0];
        trail_walk(t, other, used | (1u << e), len + 1);
    }
}

static int local_vertex(struct trail *t, int8_t *map, const struct game *g, int player, int v)
{
    if (map[v] < 0) {
        int lv = t->n_vertices++;
        int owner = g->vertex_owner[v];
        map[v] = (int8_t)lv;
        t->degree[lv] = 0;
        t->blocked[lv] = owner >= 0 && owner != player;
    }
    return map[v];
}

int game_longest_road_of(const struct game *g, int player)
{
    const struct board_geo *geo = GEO(g);
    struct trail t;
    int8_t map[BOARD_MAX_VERTICES];
    memset(map, -1, sizeof map);
    t.n_edges = t.n_vertices = t.best = 0;
    if (player < 0 || player >= GAME_MAX_PLAYERS)
        return 0;
    uint64_t roads[2] = {g->roads_of[player][0], g->roads_of[player][1]};
    int edge;
    while ((edge = bits_pop(roads)) >= 0 && t.n_edges < GAME_ROADS) {
        int le = t.n_edges++;
        for (int k = 0; k < 2; k++) {
            int lv = local_vertex(&t, map, g, player, geo->edge_vertex[edge][k]);
            t.edge_end[le][k] = (uint8_t)lv;
            t.vertex_edge[lv][t.degree[lv]++] = (uint8_t)le;
        }
    }
    if (t.n_edges == 0)
        return 0;
    /* A longest trail starts where the roads end or fork or meet an opponent's building: a
     * trail starting inside a plain chain either extends backwards or is a closed circuit,
     * and a circuit through an end or fork could be rotated and extended. That leaves pieces
     * that are pure cycles, searched from any of their vertices. */
    uint8_t comp[2 * GAME_ROADS], stack[2 * GAME_ROADS], has_end[2 * GAME_ROADS] = {0};
    int n_comp = 0;
    memset(comp, 0xff, sizeof comp);
    for (int v = 0; v < t.n_vertices; v++) {
        if (comp[v] != 0xff)
            continue;
        int sp = 0;
        comp[v] = (uint8_t)n_comp;
        stack[sp++] = (uint8_t)v;
        while (sp > 0) {
            int u = stack[--sp];
            has_end[n_comp] |= t.degree[u] != 2 || t.blocked[u];
            for (int i = 0; i < t.degree[u]; i++) {
                int e = t.vertex_edge[u][i];
                int w = t.edge_end[e][0] == u ? t.edge_end[e][1] : t.edge_end[e][0];
                if (comp[w] == 0xff) {
                    comp[w] = (uint8_t)n_comp;
                    stack[sp++] = (uint8_t)w;
                }
            }
        }
        if (!has_end[n_comp]) {
            trail_walk(&t, v, 0, 0); /* a pure cycle: start anywhere */
            if (t.best == t.n_edges)
                return t.best;
        }
        n_comp++;
    }
    for (int v = 0; v < t.n_vertices; v++) {
        if (t.degree[v] == 2 && !t.blocked[v])
            continue;
        trail_walk(&t, v, 0, 0);
        if (t.best == t.n_edges)
            return t.best;
    }
    return t.best;
}

/* ---- a road added: only trails through it can be longer than before ---- */

/* An opponent's building at v: a trail may end there but not pass through. */
static int blocks(const struct game *g, int p, int v)
{
    return bits_has(g->buildings_all, v) && !bits_has(g->buildings_of[p], v);
}

/* The longest trail of p's roads outside used that starts at v. */
static int trail_from(const struct game *g, const struct board_geo *geo, int p, int v,
                      uint64_t used[2])
{
    int best = 0;
    uint64_t next[2] = {geo->vertex_edge_bits[v][0] & g->roads_of[p][0] & ~used[0],
                        geo->vertex_edge_bits[v][1] & g->roads_of[p][1] & ~used[1]};
    int e;
    while ((e = bits_pop(next)) >= 0) {
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        int len = 1;
        if (!blocks(g, p, w)) {
            bits_set(used, e);
            len += trail_from(g, geo, p, w, used);
            used[e >> 6] &= ~(1ull << (e & 63));
        }
        if (len > best)
            best = len;
    }
    return best;
}

/* The longest trail through the edges in used (a trail of len edges from a to v): every way
 * to go on from v, each completed by the longest way on from a. */
static int trail_through(const struct game *g, const struct board_geo *geo, int p, int a, int v,
                         uint64_t used[2], int len)
{
    int best = len + (blocks(g, p, a) ? 0 : trail_from(g, geo, p, a, used));
    if (blocks(g, p, v))
        return best;
    uint64_t next[2] = {geo->vertex_edge_bits[v][0] & g->roads_of[p][0] & ~used[0],
                        geo->vertex_edge_bits[v][1] & g->roads_of[p][1] & ~used[1]};
    int e;
    while ((e = bits_pop(next)) >= 0) {
        int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
        bits_set(used, e);
        int n = trail_through(g, geo, p, a, w, used, len + 1);
        used[e >> 6] &= ~(1ull << (e & 63));
        if (n > best)
            best = n;
    }
    return best;
}

void road_length_add(struct game *g, int p, int edge)
{
    const struct board_geo *geo = GEO(g);
    int a = geo->edge_vertex[edge][0], b = geo->edge_vertex[edge][1];
    uint64_t at_b[2] = {geo->vertex_edge_bits[b][0] & g->roads_of[p][0],
                        geo->vertex_edge_bits[b][1] & g->roads_of[p][1]};
    uint64_t at_a[2] = {geo->vertex_edge_bits[a][0] & g->roads_of[p][0],
                        geo->vertex_edge_bits[a][1] & g->roads_of[p][1]};
    if (bits_count(at_a) < bits_count(at_b)) { /* go on first from the end with fewer roads */
        int t = a;
        a = b;
        b = t;
    }
    uint64_t used[2] = {0, 0};
    bits_set(used, edge);
    int len = trail_through(g, geo, p, a, b, used, 1);
    if (len > g->p[p].road_length)
        g->p[p].road_length = (uint8_t)len;
}

unsigned road_owners_at(const struct game *g, int v, int player)
{
    const struct board_geo *geo = GEO(g);
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        uint64_t at[2] = {geo->vertex_edge_bits[v][0] & g->roads_of[q][0],
                          geo->vertex_edge_bits[v][1] & g->roads_of[q][1]};
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
    for (int p = 0; p < g->opt.n_players; p++)
        if (mask & BIT(p))
            g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
    longest_road_award(g, eb);
}

void longest_road_award(struct game *g, struct evbuf *eb)
{
    int n = g->opt.n_players, max = 0, count = 0, who = -1;
    for (int p = 0; p < n; p++) {
        int len = g->p[p].road_length;
        if (len > max) {
            max = len;
            count = 1;
            who = p;
        } else if (len == max) {
            count++;
        }
    }
    int holder = g->longest_road, next;
    if (holder >= 0 && g->p[holder].road_length >= 5 && g->p[holder].road_length == max)
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
