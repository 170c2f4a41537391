/* The Wonders of Catan in words: the wonders' names, the private list of !wonder (condition,
 * stage cost, builder), its refusals, the wonders in the status, the board text and !spots, and
 * the wonder a game was won with. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "map/map.h"
#include "render/internal.h"

static const char *const keys[GAME_WONDERS] = {
    [WONDER_THEATER] = "theater", [WONDER_BRIDGE] = "bridge",       [WONDER_MONUMENT] = "monument",
    [WONDER_WALL] = "wall",       [WONDER_CATHEDRAL] = "cathedral",
};

static const int names[GAME_WONDERS] = {
    [WONDER_THEATER] = MSG_WONDER_THEATER,     [WONDER_BRIDGE] = MSG_WONDER_BRIDGE,
    [WONDER_MONUMENT] = MSG_WONDER_MONUMENT,   [WONDER_WALL] = MSG_WONDER_WALL,
    [WONDER_CATHEDRAL] = MSG_WONDER_CATHEDRAL,
};

const char *render_wonder_key(int w)
{
    return w >= 0 && w < GAME_WONDERS ? keys[w] : "?";
}

const char *render_wonder_name(int lang, int w)
{
    return w >= 0 && w < GAME_WONDERS ? tr(lang, names[w]) : "?";
}

/* "12 18 30": the corners marked for the wonder of that kind (MAP_WONDER_WALL, _BRIDGE). */
static const char *spot_corners(const struct game *g, int kind, char *buf, size_t size)
{
    const struct board_geo *geo = game_geo(g);
    size_t n = 0;
    buf[0] = '\0';
    for (int v = 0; v < geo->n_vertices && n < size; v++)
        if (geo->wonder_spot_bits[kind][v >> 6] >> (v & 63) & 1)
            n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? " " : "", v + 1);
    return buf;
}

/* The marked corners' kind of wonder w, or -1 when its condition names none. */
static int spot_kind(int w)
{
    return w == WONDER_BRIDGE ? MAP_WONDER_BRIDGE : w == WONDER_WALL ? MAP_WONDER_WALL : -1;
}

/* What wonder w needs to be started, into buf. */
static const char *condition(const struct game *g, int lang, int w, char *buf, size_t size)
{
    static const int conds[GAME_WONDERS] = {
        [WONDER_THEATER] = MSG_WONDER_COND_THEATER,     [WONDER_BRIDGE] = MSG_WONDER_COND_BRIDGE,
        [WONDER_MONUMENT] = MSG_WONDER_COND_MONUMENT,   [WONDER_WALL] = MSG_WONDER_COND_WALL,
        [WONDER_CATHEDRAL] = MSG_WONDER_COND_CATHEDRAL,
    };
    char corners[128];
    int kind = spot_kind(w);
    if (kind >= 0)
        render_tr(lang, buf, size, conds[w], spot_corners(g, kind, corners, sizeof corners));
    else
        render_tr(lang, buf, size, conds[w]);
    return buf;
}

void render_wonders(const struct game *g, const struct render_style *st, int seat,
                    const struct render_sink *out)
{
    char chan[RENDER_CHAN_MAX + 2], cond[RENDER_LINE_MAX / 2], cards[CARDS_BUF], nick[NICK_BUF];
    struct rline l;
    rline_init(&l);
    rline_add(&l, chan_prefix(st, chan));
    rline_tr(&l, st, MSG_WONDER_HEAD, GAME_WONDER_STAGES, style_prefix(st));
    rline_emit(&l, out, RENDER_PUBLIC);
    int mine = seat >= 0 && seat < g->opt.n_players ? game_wonder_of(g, seat) : -1;
    for (int w = 0; w < GAME_WONDERS; w++) {
        rline_init(&l);
        rline_add(&l, chan_prefix(st, chan));
        rline_tr(&l, st, MSG_WONDER_LINE, render_wonder_name(st->lang, w),
                 condition(g, st->lang, w, cond, sizeof cond),
                 cards_str(st->lang, game_cost_wonder[w], cards, sizeof cards));
        int owner = g->wonder_owner[w];
        if (owner >= 0 && owner == seat)
            rline_tr(&l, st, MSG_WONDER_YOURS, g->wonder_level[w], GAME_WONDER_STAGES);
        else if (owner >= 0)
            rline_tr(&l, st, MSG_WONDER_BUILT, nick_str(st, owner, nick), g->wonder_level[w],
                     GAME_WONDER_STAGES);
        else
            rline_tr(&l, st,
                     mine < 0 && seat >= 0 && game_wonder_meets(g, seat, w) ? MSG_WONDER_FREE_MAY
                                                                            : MSG_WONDER_FREE);
        rline_emit(&l, out, RENDER_PUBLIC);
    }
}

int render_wonder_refusal(const struct game *g, const struct render_style *st, int seat, int w,
                          int err, char *buf, size_t size)
{
    char cond[RENDER_LINE_MAX / 2], cards[CARDS_BUF], miss[CARDS_BUF];
    const char *name = render_wonder_name(st->lang, w);
    const char *pre = style_prefix(st);
    int mine = game_wonder_of(g, seat);
    if (err == BW_E(WONDER_TAKEN))
        render_tr(st->lang, buf, size, MSG_WONDER_R_TAKEN, seat_nick(st, g->wonder_owner[w]), name,
                  pre);
    else if (err == BW_E(WONDER_OTHER))
        render_tr(st->lang, buf, size, MSG_WONDER_R_OTHER, render_wonder_name(st->lang, mine), pre,
                  render_wonder_key(mine));
    else if (err == BW_E(WONDER_NEEDS))
        render_tr(st->lang, buf, size, MSG_WONDER_R_NEEDS, name,
                  condition(g, st->lang, w, cond, sizeof cond), pre);
    else if (err == BW_E(NOT_ENOUGH)) {
        uint8_t lack[RES_COUNT];
        for (int r = 0; r < RES_COUNT; r++)
            lack[r] = (uint8_t)(game_cost_wonder[w][r] > g->p[seat].res[r]
                                    ? game_cost_wonder[w][r] - g->p[seat].res[r]
                                    : 0);
        render_tr(st->lang, buf, size, MSG_WONDER_R_CARDS, name,
                  cards_str(st->lang, game_cost_wonder[w], cards, sizeof cards),
                  cards_str(st->lang, lack, miss, sizeof miss));
    } else
        return 0;
    return 1;
}

/* "Theater alice 2/4" or "Theater free". */
static const char *wonder_item(const struct game *g, const struct render_style *st, int w,
                               char *buf, size_t size)
{
    if (g->wonder_owner[w] >= 0)
        render_tr(st->lang, buf, size, MSG_TXT_WONDER_OWNED, render_wonder_name(st->lang, w),
                  seat_nick(st, g->wonder_owner[w]), g->wonder_level[w], GAME_WONDER_STAGES);
    else
        render_tr(st->lang, buf, size, MSG_TXT_WONDER_FREE, render_wonder_name(st->lang, w));
    return buf;
}

void wonders_text(const struct game *g, const struct render_style *st,
                  const struct render_sink *out)
{
    struct rlist r;
    char item[RENDER_LINE_MAX / 2], corners[128];
    render_list_begin(&r, st, out, MSG_TXT_WONDERS, ", ");
    for (int w = 0; w < GAME_WONDERS; w++)
        rlist_item(&r, wonder_item(g, st, w, item, sizeof item));
    for (int w = 0; w < GAME_WONDERS; w++)
        if (spot_kind(w) >= 0) {
            render_tr(st->lang, item, sizeof item, MSG_TXT_WONDER_CORNERS,
                      render_wonder_name(st->lang, w),
                      spot_corners(g, spot_kind(w), corners, sizeof corners));
            rlist_item(&r, item);
        }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

void wonders_status(struct rline *l, const struct game *g, const struct render_style *st)
{
    char list[RENDER_LINE_MAX / 2], item[96];
    size_t n = 0;
    list[0] = '\0';
    for (int w = 0; w < GAME_WONDERS && n < sizeof list; w++)
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", w ? i18n_comma(st->lang) : "",
                              wonder_item(g, st, w, item, sizeof item));
    rline_tr(l, st, MSG_ST_WONDERS, list);
    /* Whoever has the points to win but not the furthest wonder plays on: say why. */
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->phase != PHASE_OVER && game_vp_public(g, p) >= g->vp_goal &&
            !game_wonder_leads(g, p))
            rline_tr(l, st, MSG_ST_WONDER_BEHIND, seat_nick(st, p));
}

void wonders_spots(struct rlist *r, const struct game *g, const struct render_style *st, int seat)
{
    if (!g->wonders || seat < 0 || seat >= g->opt.n_players)
        return;
    /* Each wonder seat may start, or the next stage of its own, paid for now. */
    for (int w = 0; w < GAME_WONDERS; w++) {
        if (game_wonder_error(g, seat, w))
            continue;
        int paid = 1;
        for (int k = 0; k < RES_COUNT; k++)
            paid &= g->p[seat].res[k] >= game_cost_wonder[w][k];
        if (!paid)
            continue;
        rlist_group(r, tr(st->lang, MSG_TXT_WONDER), NULL, " | ");
        rlist_item(r, render_wonder_key(w));
    }
}

void wonders_game_over(struct rline *l, const struct game *g, const struct render_style *st,
                       int winner)
{
    int w = winner >= 0 && winner < g->opt.n_players ? game_wonder_of(g, winner) : -1;
    if (!g->wonders || w < 0)
        return;
    if (g->wonder_level[w] >= GAME_WONDER_STAGES)
        rline_tr(l, st, MSG_EV_WINS_WONDER_DONE, render_wonder_name(st->lang, w));
    else
        rline_tr(l, st, MSG_EV_WINS_WONDER_AHEAD, render_wonder_name(st->lang, w),
                 g->wonder_level[w], GAME_WONDER_STAGES);
}
