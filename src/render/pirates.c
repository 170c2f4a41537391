/* The Pirate Islands in the list forms: the fleet's hex and each player's fortress (its corner
 * and the strength it has left, or conquered) in the board text, and the warships in the hand. */
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
