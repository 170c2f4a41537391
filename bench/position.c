/* Writing positions and answers (doc/position-format.md); reading is position_parse.c. */
#include "position.h"
#include "position_words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

struct out {
    char *buf;
    size_t len, at;
    int full;
};

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct out *o, const char *fmt, ...)
{
    if (o->full)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->buf + o->at, o->len - o->at, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= o->len - o->at)
        o->full = 1;
    else
        o->at += (size_t)k;
}

static int done(const struct out *o)
{
    return o->full ? -1 : (int)o->at;
}

/* An edge as its corners, 1-based, the smaller first (the bot's "12-13"). */
static void put_edge(struct out *o, const struct board_geo *geo, int e)
{
    put(o, "%d-%d", geo->edge_vertex[e][0] + 1, geo->edge_vertex[e][1] + 1);
}

static void put_list(struct out *o, const char *key, const uint8_t *v, int n)
{
    put(o, " %s=", key);
    for (int i = 0; i < n; i++)
        put(o, "%s%d", i ? "," : "", v[i]);
}

static void put_board(struct out *o, const struct game *g, const struct board_geo *geo)
{
    char name[4];
    put(o, " robber=%s hexes=", board_hex_name(g->robber, name));
    for (int h = 0; h < geo->n_hexes; h++) {
        put(o, "%s%s", h ? "," : "", position_terrain_word(g->terrain[h]));
        if (g->token[h])
            put(o, "%d", g->token[h]);
    }
    put(o, " harbors=");
    for (int k = 0; k < geo->n_harbors; k++) {
        put(o, "%s%s@", k ? "," : "", position_harbor_word(g->harbor[k]));
        put_edge(o, geo, geo->harbor_edge[k]);
    }
}

static void put_seat(struct out *o, const struct game *g, const struct board_geo *geo, int p)
{
    for (int kind = BUILDING_SETTLEMENT; kind <= BUILDING_CITY; kind++) {
        put(o, " %s.%d=", kind == BUILDING_CITY ? "cities" : "settlements", p);
        int any = 0;
        for (int v = 0; v < geo->n_vertices; v++)
            if (g->vertex_owner[v] == p && g->vertex_building[v] == kind)
                put(o, "%s%d", any++ ? "," : "", v + 1);
        put(o, "%s", any ? "" : "-");
    }
    put(o, " roads.%d=", p);
    int any = 0;
    for (int e = 0; e < geo->n_edges; e++)
        if (g->edge_owner[e] == p) {
            put(o, "%s", any++ ? "," : "");
            put_edge(o, geo, e);
        }
    put(o, "%s cards.%d=%d devs.%d=%d knights.%d=%d discard.%d=%d", any ? "" : "-", p,
        game_hand_size(g, p), p, game_dev_count(g, p), p, g->p[p].knights, p, g->p[p].discard);
}

static int printable(const struct position *pos)
{
    const struct game *g = &pos->g;
    return g->opt.board == BOARD_BASE && !g->ck.on && g->opt.n_players >= 3 &&
           g->opt.n_players <= 4 && pos->seat >= 0 && pos->seat < g->opt.n_players &&
           position_phase_word(g->phase) && g->robber >= 0 && pos->n_rolls >= 0 &&
           pos->n_rolls <= POSITION_MAX_ROLLS;
}

int position_print(const struct position *pos, char *buf, size_t len)
{
    if (!pos || !buf || !len || !printable(pos))
        return -1;
    const struct game *g = &pos->g;
    const struct board_geo *geo = game_geo(g);
    struct out o = {buf, len, 0, 0};
    buf[0] = 0;
    put(&o, "position %d players=%d seat=%d goal=%d phase=%s current=%d turn=%d rolled=%d",
        POSITION_VERSION, g->opt.n_players, pos->seat, g->vp_goal, position_phase_word(g->phase),
        g->current, g->turn, g->rolled);
    put(&o, " devplayed=%d dice=", g->dev_played);
    if (g->dice[0] && g->dice[1])
        put(&o, "%d,%d", g->dice[0], g->dice[1]);
    else
        put(&o, "-");
    put_board(&o, g, geo);
    put_list(&o, "bank", g->bank, RES_COUNT);
    put(&o, " devdeck=%d", g->deck_size - g->deck_pos);
    put_list(&o, "played", pos->played, PLAYED_KINDS);
    put(&o, g->longest_road < 0 ? " longest=-" : " longest=%d", g->longest_road);
    put(&o, g->largest_army < 0 ? " army=-" : " army=%d", g->largest_army);
    put_list(&o, "hand", g->p[pos->seat].res, RES_COUNT);
    put_list(&o, "dev", g->p[pos->seat].dev, DEV_COUNT);
    put_list(&o, "new", g->p[pos->seat].dev_new, DEV_COUNT);
    for (int p = 0; p < g->opt.n_players; p++)
        put_seat(&o, g, geo, p);
    if (pos->n_rolls)
        put_list(&o, "rolls", pos->rolls, pos->n_rolls);
    return done(&o);
}

int position_from_game(const struct game *g, int seat, struct position *pos)
{
    if (!g || !pos)
        return -1;
    memset(pos, 0, sizeof *pos);
    pos->g = *g;
    pos->seat = seat;
    memset(pos->g.offers, 0, sizeof pos->g.offers);
    pos->g.offers_open = 0;
    if (!printable(pos))
        return -1;
    /* The cards drawn and neither held nor played as knights were played openly. */
    int drawn[DEV_COUNT] = {0};
    for (int i = 0; i < g->deck_pos; i++)
        drawn[g->deck[i]]++;
    for (int p = 0; p < g->opt.n_players; p++) {
        for (int d = 0; d < DEV_COUNT; d++)
            drawn[d] -= g->p[p].dev[d] + g->p[p].dev_new[d];
        drawn[DEV_KNIGHT] -= g->p[p].knights;
    }
    pos->played[PLAYED_ROADS] = (uint8_t)drawn[DEV_ROADS];
    pos->played[PLAYED_PLENTY] = (uint8_t)drawn[DEV_PLENTY];
    pos->played[PLAYED_MONOPOLY] = (uint8_t)drawn[DEV_MONOPOLY];
    return 0;
}

/* "2 wood 1 ore" */
static void put_cards(struct out *o, const uint8_t cards[RES_COUNT])
{
    int any = 0;
    for (int r = 0; r < RES_COUNT; r++)
        if (cards[r])
            put(o, "%s%d %s", any++ ? " " : "", cards[r], position_res_word(r));
}

/* "J" or "J 2": the hex and the seat robbed. */
static void put_robber(struct out *o, const struct game_action *a)
{
    char name[4];
    put(o, "%s", board_hex_name(a->a, name));
    if (a->target >= 0)
        put(o, " %d", a->target);
}

int position_action_text(const struct game *g, const struct game_action *a, char *buf, size_t len)
{
    if (!g || !a || !buf || !len)
        return -1;
    const struct board_geo *geo = game_geo(g);
    struct out o = {buf, len, 0, 0};
    buf[0] = 0;
    int edge_ok = a->a >= 0 && a->a < geo->n_edges, corner_ok = a->a >= 0 && a->a < geo->n_vertices;
    int hex_ok = a->a >= 0 && a->a < geo->n_hexes;
    switch (a->type) {
    case ACT_ROLL:
        put(&o, "roll");
        break;
    case ACT_END:
        put(&o, "end");
        break;
    case ACT_BUY_DEV:
        put(&o, "buy");
        break;
    case ACT_BUILD_ROAD:
        if (!edge_ok)
            return -1;
        put(&o, "build road ");
        put_edge(&o, geo, a->a);
        break;
    case ACT_BUILD_SETTLEMENT:
    case ACT_BUILD_CITY:
        if (!corner_ok)
            return -1;
        put(&o, "build %s %d", a->type == ACT_BUILD_CITY ? "city" : "settlement", a->a + 1);
        break;
    case ACT_DISCARD:
        put(&o, "discard ");
        put_cards(&o, a->give);
        break;
    case ACT_ROBBER:
    case ACT_PLAY_KNIGHT:
        if (!hex_ok)
            return -1;
        put(&o, a->type == ACT_ROBBER ? "robber " : "play knight ");
        put_robber(&o, a);
        break;
    case ACT_PLAY_ROADS:
        if (!edge_ok || a->b >= geo->n_edges)
            return -1;
        put(&o, "play roads ");
        put_edge(&o, geo, a->a);
        if (a->b >= 0) {
            put(&o, " ");
            put_edge(&o, geo, a->b);
        }
        break;
    case ACT_PLAY_PLENTY:
        if (!position_res_word(a->res))
            return -1;
        put(&o, "play plenty %s", position_res_word(a->res));
        if (position_res_word(a->res2))
            put(&o, " %s", position_res_word(a->res2));
        break;
    case ACT_PLAY_MONOPOLY:
        if (!position_res_word(a->res))
            return -1;
        put(&o, "play monopoly %s", position_res_word(a->res));
        break;
    case ACT_BANK_TRADE:
        put(&o, "bank ");
        put_cards(&o, a->give);
        put(&o, " for ");
        put_cards(&o, a->get);
        break;
    default:
        return -1;
    }
    return done(&o);
}
