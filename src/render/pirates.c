/* The Pirate Islands in the list forms: the fleet's hex and each player's fortress (its corner
 * and the strength it has left, or conquered) in the board text, and the warships in the hand;
 * for the drawings, where a fortress is drawn and which ships are warships. */
#include <stdio.h>

#include "i18n/i18n.h"
#include "render/internal.h"

void pirates_text(const struct game *g, const struct board_geo *geo, const struct render_style *st,
                  const struct render_sink *out)
{
    struct rlist r;
    char item[RENDER_NICK_MAX + 96], name[4];
    render_list_begin(&r, st, out, MSG_TXT_PIRATES, "; ");
    int fleet = game_fleet_hex(g);
    if (fleet >= 0) {
        render_tr(st->lang, item, sizeof item, MSG_TXT_FLEET, board_hex_name(fleet, name));
        rlist_item(&r, item);
    }
    for (int p = 0; p < g->opt.n_players && p < geo->n_routes; p++) {
        int v = geo->route_fortress[p] + 1;
        if (g->fortress[p])
            render_tr(st->lang, item, sizeof item, MSG_TXT_FORTRESS, seat_nick(st, p), v,
                      g->fortress[p], g->warships[p]);
        else
            render_tr(st->lang, item, sizeof item, MSG_TXT_FORTRESS_TAKEN, seat_nick(st, p), v,
                      g->warships[p]);
        rlist_item(&r, item);
    }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

void pirates_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l)
{
    if (!game_geo(g)->n_routes || seat >= game_geo(g)->n_routes)
        return;
    if (g->fortress[seat])
        rline_tr(l, st, MSG_TXT_HAND_FORTRESS, g->fortress[seat], g->warships[seat]);
    else
        rline_tr(l, st, MSG_TXT_HAND_FORTRESS_TAKEN, g->warships[seat]);
}

int render_fortress_hex(const struct game *g, const struct board_geo *geo, int seat)
{
    if (seat < 0 || seat >= g->opt.n_players || seat >= geo->n_routes || !g->fortress[seat])
        return -1;
    int v = geo->route_fortress[seat], best = -1;
    for (int j = 0; j < 3; j++) {
        int h = geo->vertex_hex[v][j];
        if (h >= 0 && (game_land(g, geo) >> h & 1) &&
            (best < 0 || (g->token[best] && !g->token[h])))
            best = h;
    }
    return best;
}

int render_warship(const struct game *g, const struct board_geo *geo, int e)
{
    int p = e >= 0 && e < geo->n_edges ? g->edge_owner[e] : -1;
    if (p < 0 || p >= geo->n_routes || p >= g->opt.n_players)
        return 0;
    int afloat = g->warships[p] < g->p[p].ships ? g->warships[p] : g->p[p].ships;
    for (int k = 0; k < afloat && k < geo->route_len[p]; k++)
        if (geo->route_edge[p][k] == e)
            return 1;
    return 0;
}
