/* Enumeration of the legal actions of one player at the current decision. */
#include "engine/internal.h"

#include <string.h>

struct actbuf {
    struct game_action *out;
    int max, n;
    int player;
    int settle_spots; /* free settlement corners at the player's road ends; -1 not counted */
};

static struct game_action *push(struct actbuf *b, int type)
{
    int i = b->n++;
    if (i >= b->max)
        return NULL;
    struct game_action *a = &b->out[i];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->player = (int8_t)b->player;
    a->target = -1;
    a->a = a->b = -1;
    return a;
}

static void push_ab(struct actbuf *b, int type, int x, int y, int target)
{
    struct game_action *a = push(b, type);
    if (a) {
        a->a = (int16_t)x;
        a->b = (int16_t)y;
        a->target = (int8_t)target;
    }
}

/* Vertex sets as two words (the big board has 80 vertices). */
struct vset {
    uint64_t w[2];
};

static inline void vset_add(struct vset *s, int v)
{
    s->w[v >> 6] |= 1ull << (v & 63);
}

/* Pops the lowest vertex of s, or returns -1 when s is empty. */
static inline int vset_pop(struct vset *s)
{
    for (int i = 0; i < 2; i++)
        if (s->w[i]) {
            int b = __builtin_ctzll(s->w[i]);
            s->w[i] &= s->w[i] - 1;
            return i * 64 + b;
        }
    return -1;
}

/* The corners the player's roads touch, extra_edge counted as one of them. */
static struct vset road_ends(const struct game *g, int p, int extra_edge)
{
    const struct board_geo *geo = GEO(g);
    struct vset s = {{0, 0}};
    uint64_t owned[2];
    owned_edges(g, p, owned);
    if (extra_edge >= 0)
        owned[extra_edge >> 6] |= 1ull << (extra_edge & 63);
    for (int i = 0; i < 2; i++)
        for (uint64_t m = owned[i]; m; m &= m - 1) {
            int e = i * 64 + __builtin_ctzll(m);
            vset_add(&s, geo->edge_vertex[e][0]);
            vset_add(&s, geo->edge_vertex[e][1]);
        }
    return s;
}

/* Free edges at the corners in from (the player's road ends and buildings), except through
 * an opponent's building; skip is left out. Appends to out after n and returns the count. */
static int edges_from(const struct game *g, int p, struct vset from, int skip, uint64_t seen[2],
                      uint8_t *out, int n)
{
    const struct board_geo *geo = GEO(g);
    int v;
    while ((v = vset_pop(&from)) >= 0) {
        int owner = g->vertex_owner[v];
        if (owner >= 0 && owner != p)
            continue;
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e < 0 || g->edge_owner[e] >= 0 || e == skip || (seen[e >> 6] & (1ull << (e & 63))))
                continue;
            seen[e >> 6] |= 1ull << (e & 63);
            out[n++] = (uint8_t)e;
        }
    }
    return n;
}

/* Legal road edges of player, given the corners their roads reach. */
static int road_spots(const struct game *g, int p, struct vset ends, uint8_t *out)
{
    uint64_t built[2], seen[2] = {0, 0};
    owned_mask(g->vertex_owner, GEO(g)->n_vertices, p, built);
    ends.w[0] |= built[0];
    ends.w[1] |= built[1];
    return edges_from(g, p, ends, -1, seen, out, 0);
}

static int settlement_spots_at(const struct game *g, struct vset ends, uint8_t *out)
{
    const struct board_geo *geo = GEO(g);
    int n = 0, v;
    while ((v = vset_pop(&ends)) >= 0)
        if (g->vertex_owner[v] < 0 && distance_ok(g, geo, v)) {
            if (out)
                out[n] = (uint8_t)v;
            n++;
        }
    return n;
}

/* Free corners at the end of the player's roads where the distance rule allows a
 * settlement; writes them to out (may be NULL) and returns how many. */
int settlement_spots(const struct game *g, int p, uint8_t *out)
{
    return settlement_spots_at(g, road_ends(g, p, -1), out);
}

static void robber_moves(const struct game *g, struct actbuf *b, int type)
{
    const struct board_geo *geo = GEO(g);
    unsigned robbable = 0; /* opponents holding cards */
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != b->player && hand_size_of(&g->p[q]) > 0)
            robbable |= 1u << q;
    for (int h = 0; h < geo->n_hexes; h++) {
        if (h == g->robber)
            continue;
        unsigned m = 0;
        for (int c = 0; c < 6; c++) {
            int o = g->vertex_owner[geo->hex_vertex[h][c]];
            if (o >= 0)
                m |= 1u << o;
        }
        m &= robbable;
        if (!m)
            push_ab(b, type, h, -1, -1);
        while (m) {
            push_ab(b, type, h, -1, __builtin_ctz(m));
            m &= m - 1;
        }
    }
}

static void discards(const struct game *g, struct actbuf *b, uint8_t give[RES_COUNT], int r,
                     int left)
{
    if (r == RES_COUNT - 1) {
        if (left > g->p[b->player].res[r])
            return;
        give[r] = (uint8_t)left;
        struct game_action *a = push(b, ACT_DISCARD);
        if (a)
            memcpy(a->give, give, RES_COUNT);
        return;
    }
    int most = g->p[b->player].res[r] < left ? g->p[b->player].res[r] : left;
    for (int k = 0; k <= most; k++) {
        give[r] = (uint8_t)k;
        discards(g, b, give, r + 1, left - k);
    }
}

static void free_roads(const struct game *g, struct actbuf *b)
{
    const struct board_geo *geo = GEO(g);
    int p = b->player, left = GAME_ROADS - g->p[p].roads;
    if (left <= 0)
        return;
    uint8_t first[BOARD_MAX_EDGES], second[BOARD_MAX_EDGES + 4];
    struct vset ends = road_ends(g, p, -1);
    uint64_t built[2];
    owned_mask(g->vertex_owner, geo->n_vertices, p, built);
    struct vset from = ends;
    from.w[0] |= built[0];
    from.w[1] |= built[1];
    int n1 = road_spots(g, p, ends, first);
    for (int i = 0; i < n1; i++) {
        int e1 = first[i], n2 = 0;
        if (left >= 2) {
            /* With e1 built the player also reaches its other corners. */
            uint64_t seen[2] = {0, 0};
            struct vset more = {{0, 0}};
            for (int k = 0; k < n1; k++) {
                seen[first[k] >> 6] |= 1ull << (first[k] & 63);
                if (k != i)
                    second[n2++] = first[k];
            }
            for (int k = 0; k < 2; k++) {
                int v = geo->edge_vertex[e1][k];
                if (!(from.w[v >> 6] & (1ull << (v & 63))))
                    vset_add(&more, v);
            }
            n2 = edges_from(g, p, more, e1, seen, second, n2);
        }
        for (int j = 0; j < n2; j++) {
            int e2 = second[j];
            /* A pair of independently legal roads is listed once. */
            if (e2 < e1 && j < n1 - 1)
                continue;
            push_ab(b, ACT_PLAY_ROADS, e1, e2, -1);
        }
        if (!n2)
            push_ab(b, ACT_PLAY_ROADS, e1, -1, -1);
    }
}

static void dev_plays(const struct game *g, struct actbuf *b)
{
    int p = b->player;
    const uint8_t *dev = g->p[p].dev;
    if (g->dev_played || !(dev[DEV_KNIGHT] | dev[DEV_ROADS] | dev[DEV_PLENTY] | dev[DEV_MONOPOLY]))
        return;
    if (!dev_play_check(g, p, DEV_KNIGHT))
        robber_moves(g, b, ACT_PLAY_KNIGHT);
    if (!dev_play_check(g, p, DEV_ROADS))
        free_roads(g, b);
    if (!dev_play_check(g, p, DEV_PLENTY)) {
        int total = 0;
        for (int r = 0; r < RES_COUNT; r++)
            total += g->bank[r];
        for (int r1 = 0; r1 < RES_COUNT; r1++)
            for (int r2 = r1; r2 < RES_COUNT; r2++) {
                if (g->bank[r1] < 1 + (r1 == r2) || g->bank[r2] < 1)
                    continue;
                struct game_action *a = push(b, ACT_PLAY_PLENTY);
                if (a) {
                    a->res = (uint8_t)r1;
                    a->res2 = (uint8_t)r2;
                }
            }
        for (int r = 0; r < RES_COUNT && total == 1; r++) {
            struct game_action *a = g->bank[r] ? push(b, ACT_PLAY_PLENTY) : NULL;
            if (a) {
                a->res = (uint8_t)r;
                a->res2 = RES_NONE;
            }
        }
    }
    if (!dev_play_check(g, p, DEV_MONOPOLY))
        for (int r = 0; r < RES_COUNT; r++) {
            struct game_action *a = push(b, ACT_PLAY_MONOPOLY);
            if (a)
                a->res = (uint8_t)r;
        }
}

static void builds(const struct game *g, struct actbuf *b)
{
    const struct board_geo *geo = GEO(g);
    const struct game_player *pl = &g->p[b->player];
    int p = b->player;
    int road = pl->roads < GAME_ROADS && has_cards(pl->res, game_cost_road);
    int settle = pl->settlements < GAME_SETTLEMENTS && has_cards(pl->res, game_cost_settlement);
    if (road || settle) {
        struct vset ends = road_ends(g, p, -1);
        uint8_t spots[BOARD_MAX_EDGES];
        if (road) {
            int n = road_spots(g, p, ends, spots);
            for (int i = 0; i < n; i++)
                push_ab(b, ACT_BUILD_ROAD, spots[i], -1, -1);
        }
        b->settle_spots = settlement_spots_at(g, ends, spots);
        for (int i = 0; settle && i < b->settle_spots; i++)
            push_ab(b, ACT_BUILD_SETTLEMENT, spots[i], -1, -1);
    }
    if (pl->cities < GAME_CITIES && pl->settlements && has_cards(pl->res, game_cost_city)) {
        uint64_t built[2];
        owned_mask(g->vertex_owner, geo->n_vertices, p, built);
        for (int i = 0; i < 2; i++)
            for (uint64_t m = built[i]; m; m &= m - 1) {
                int v = i * 64 + __builtin_ctzll(m);
                if (g->vertex_building[v] == BUILDING_SETTLEMENT)
                    push_ab(b, ACT_BUILD_CITY, v, -1, -1);
            }
    }
    if (g->deck_pos < g->deck_size && has_cards(pl->res, game_cost_dev))
        push(b, ACT_BUY_DEV);
}

static void bank_trades(const struct game *g, struct actbuf *b)
{
    const struct game_player *pl = &g->p[b->player];
    if (pl->res[0] < 2 && pl->res[1] < 2 && pl->res[2] < 2 && pl->res[3] < 2 && pl->res[4] < 2)
        return; /* no rate is below 2 */
    int rates[RES_COUNT];
    trade_rates(g, b->player, rates);
    for (int give = 0; give < RES_COUNT; give++) {
        int rate = rates[give];
        if (pl->res[give] < rate)
            continue;
        for (int get = 0; get < RES_COUNT; get++) {
            if (get == give || !g->bank[get])
                continue;
            struct game_action *a = push(b, ACT_BANK_TRADE);
            if (a) {
                a->give[give] = (uint8_t)rate;
                a->get[get] = 1;
            }
        }
    }
}

static void offer_answers(const struct game *g, struct actbuf *b)
{
    int p = b->player;
    for (int i = 0; i < GAME_MAX_OFFERS; i++) {
        const struct trade_offer *o = &g->offers[i];
        if (!o->id)
            continue;
        if (o->from == p) {
            for (int q = 0; q < g->opt.n_players; q++)
                if ((o->accepted & (1u << q)) && has_cards(g->p[p].res, o->give) &&
                    has_cards(g->p[q].res, o->get))
                    push_ab(b, ACT_CONFIRM, o->id, -1, q);
            push_ab(b, ACT_CANCEL, o->id, -1, -1);
        } else if (o->to_mask & (1u << p)) {
            int single = offer_count_addressees(o) == 1;
            if (!(o->accepted & (1u << p)) && has_cards(g->p[p].res, o->get) &&
                (!single || has_cards(g->p[o->from].res, o->give)))
                push_ab(b, ACT_ACCEPT, o->id, -1, -1);
            if (!(o->rejected & (1u << p)))
                push_ab(b, ACT_REJECT, o->id, -1, -1);
        }
    }
}

int game_legal_actions(const struct game *g, int player, struct game_action *out, int max)
{
    return legal_actions(g, player, out, max, NULL);
}

int legal_actions(const struct game *g, int player, struct game_action *out, int max,
                  int *settle_spots)
{
    struct actbuf b = {out, out ? max : 0, 0, player, -1};
    if (settle_spots)
        *settle_spots = -1;
    if (player < 0 || player >= g->opt.n_players || g->p[player].resigned)
        return 0;
    const struct board_geo *geo = GEO(g);
    int current = g->current == player;
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        if (current)
            for (int v = 0; v < geo->n_vertices; v++)
                if (game_can_settle(g, player, v))
                    push_ab(&b, ACT_BUILD_SETTLEMENT, v, -1, -1);
        break;
    case PHASE_SETUP_ROAD:
        for (int i = 0; current && i < 3; i++) {
            int e = geo->vertex_edge[g->setup_vertex][i];
            if (e >= 0 && game_can_road(g, player, e))
                push_ab(&b, ACT_BUILD_ROAD, e, -1, -1);
        }
        break;
    case PHASE_ROLL:
        if (current) {
            push(&b, ACT_ROLL);
            dev_plays(g, &b);
        }
        break;
    case PHASE_DISCARD:
        if (g->p[player].discard) {
            uint8_t give[RES_COUNT] = {0};
            discards(g, &b, give, 0, g->p[player].discard);
        }
        break;
    case PHASE_ROBBER:
        if (current)
            robber_moves(g, &b, ACT_ROBBER);
        break;
    case PHASE_MAIN:
        if (current) {
            builds(g, &b);
            dev_plays(g, &b);
            bank_trades(g, &b);
        }
        offer_answers(g, &b);
        if (current)
            push(&b, ACT_END);
        break;
    case PHASE_SPECIAL_BUILD:
        if (g->sb_player == player) {
            builds(g, &b);
            push(&b, ACT_END);
        }
        break;
    default:
        break;
    }
    if (settle_spots)
        *settle_spots = b.settle_spots;
    return b.n;
}
