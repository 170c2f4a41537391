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
    for (int e = 0; e < geo->n_edges && t.n_edges < GAME_ROADS; e++) {
        if (g->edge_owner[e] != player)
            continue;
        int le = t.n_edges++;
        for (int k = 0; k < 2; k++) {
            int lv = local_vertex(&t, map, g, player, geo->edge_vertex[e][k]);
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

/* Eight owner bytes at a time: a byte equal to the player becomes a set bit. The arrays are
 * padded to a multiple of eight bytes. */
void owned_mask(const int8_t *owner, int n, int player, uint64_t out[2])
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7full, pattern = 0x0101010101010101ull * (uint8_t)player;
    out[0] = out[1] = 0;
    for (int base = 0; base < n; base += 8) {
        uint64_t w;
        memcpy(&w, (const uint8_t *)owner + base, sizeof w);
        uint64_t t = w ^ pattern;                       /* zero bytes: the player's */
        uint64_t z = ~(((t & low7) + low7) | t | low7); /* 0x80 in each zero byte, exactly */
        for (; z; z &= z - 1) {
            int i = base + (__builtin_ctzll(z) >> 3);
            if (i < n)
                out[i >> 6] |= 1ull << (i & 63);
        }
    }
}

void owned_edges(const struct game *g, int player, uint64_t out[2])
{
    owned_mask(g->edge_owner, GEO(g)->n_edges, player, out);
}

unsigned road_owners_at(const struct game *g, int v, int player)
{
    const struct board_geo *geo = GEO(g);
    unsigned m = 0;
    for (int i = 0; i < 3; i++) {
        int e = geo->vertex_edge[v][i];
        if (e >= 0 && g->edge_owner[e] >= 0 && g->edge_owner[e] != player)
            m |= 1u << g->edge_owner[e];
    }
    return m;
}

void longest_road_update(struct game *g, struct evbuf *eb, unsigned mask)
{
    if (!mask)
        return;
    int n = g->opt.n_players, max = 0, count = 0, who = -1;
    for (int p = 0; p < n; p++) {
        if (mask & (1u << p))
            g->p[p].road_length = (uint8_t)game_longest_road_of(g, p);
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
