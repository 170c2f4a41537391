/* Longest road: the longest trail (each road once, vertices may repeat) of one player's roads
 * that does not pass through a vertex holding an opponent's building. */
#include "engine/internal.h"

struct trail {
    const struct game *g;
    const struct board_geo *geo;
    int player;
    int8_t local[BOARD_MAX_EDGES]; /* edge -> bit index among the player's roads, or -1 */
    int best;
};

static void trail_walk(struct trail *t, int v, uint32_t used, int len)
{
    if (len > t->best)
        t->best = len;
    int owner = t->g->vertex_owner[v];
    if (len > 0 && owner >= 0 && owner != t->player)
        return;
    for (int i = 0; i < 3; i++) {
        int e = t->geo->vertex_edge[v][i];
        if (e < 0 || t->local[e] < 0 || (used & (1u << t->local[e])))
            continue;
        int other =
            t->geo->edge_vertex[e][0] == v ? t->geo->edge_vertex[e][1] : t->geo->edge_vertex[e][0];
        trail_walk(t, other, used | (1u << t->local[e]), len + 1);
    }
}

static int own_degree(const struct trail *t, int v)
{
    int deg = 0;
    for (int i = 0; i < 3; i++) {
        int e = t->geo->vertex_edge[v][i];
        deg += e >= 0 && t->local[e] >= 0;
    }
    return deg;
}

int game_longest_road_of(const struct game *g, int player)
{
    struct trail t;
    t.g = g;
    t.geo = GEO(g);
    t.player = player;
    t.best = 0;
    int n = 0;
    int8_t comp[BOARD_MAX_VERTICES];
    for (int v = 0; v < t.geo->n_vertices; v++)
        comp[v] = -1;
    for (int e = 0; e < t.geo->n_edges; e++) {
        t.local[e] = -1;
        if (g->edge_owner[e] == player && n < 32) {
            t.local[e] = (int8_t)n++;
            comp[t.geo->edge_vertex[e][0]] = 0;
            comp[t.geo->edge_vertex[e][1]] = 0;
        }
    }
    if (n == 0)
        return 0;
    /* Label the connected pieces of the player's roads. */
    int n_comp = 0;
    uint8_t stack[BOARD_MAX_VERTICES];
    for (int v = 0; v < t.geo->n_vertices; v++) {
        if (comp[v] != 0)
            continue;
        int sp = 0;
        n_comp++;
        comp[v] = (int8_t)n_comp;
        stack[sp++] = (uint8_t)v;
        while (sp > 0) {
            int u = stack[--sp];
            for (int i = 0; i < 3; i++) {
                int e = t.geo->vertex_edge[u][i];
                if (e < 0 || t.local[e] < 0)
                    continue;
                int w = t.geo->edge_vertex[e][0] == u ? t.geo->edge_vertex[e][1]
                                                      : t.geo->edge_vertex[e][0];
                if (comp[w] == 0) {
                    comp[w] = (int8_t)n_comp;
                    stack[sp++] = (uint8_t)w;
                }
            }
        }
    }
    /* A longest trail can always start where the roads end or fork or meet an opponent's
     * building (a trail starting inside a plain chain either extends backwards or is a
     * circuit that can be rotated), except on a piece that is a pure cycle. */
    uint8_t covered[BOARD_MAX_VERTICES / 2 + 2] = {0};
    for (int pass = 0; pass < 2; pass++)
        for (int v = 0; v < t.geo->n_vertices; v++) {
            if (comp[v] <= 0)
                continue;
            int owner = g->vertex_owner[v];
            int endpoint = own_degree(&t, v) != 2 || (owner >= 0 && owner != player);
            if (pass == 0 ? !endpoint : covered[comp[v]])
                continue;
            covered[comp[v]] = 1;
            trail_walk(&t, v, 0, 0);
            if (t.best == n)
                return n;
        }
    return t.best;
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
