/* The Forgotten Tribe and Cloth for Catan in the list forms: the gifts still on the tribe's
 * coasts, the villages with their cloth and trading partners, the harbors players placed, and
 * in the hand the harbors held and the cloth. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "map/map.h"
#include "render/internal.h"

const char *harbor_item(int lang, int type, const char *edge, char *buf, size_t size)
{
    if (type == HARBOR_GENERIC)
        snprintf(buf, size, "3:1%s%s", edge ? " " : "", edge ? edge : "");
    else
        snprintf(buf, size, "%s 2:1%s%s", render_res_name_in(lang, type), edge ? " " : "",
                 edge ? edge : "");
    return buf;
}

int tribe_gift_lies(const struct game *g, const struct board_geo *geo, int k)
{
    return k >= 0 && k < geo->n_gifts && k < BOARD_MAX_GIFTS && g->gift_owner[k] == -1 &&
           geo->gift_edge[k] < geo->n_edges;
}

int tribe_harbor_placed(const struct game *g, const struct board_geo *geo, int k)
{
    return k >= 0 && k < geo->n_gifts && k < BOARD_MAX_GIFTS &&
           geo->gift_kind[k] == MAP_GIFT_HARBOR && g->gift_owner[k] >= 0 &&
           g->gift_at[k] != GAME_HARBOR_HELD && g->gift_at[k] < geo->n_edges &&
           g->gift[k] <= HARBOR_GENERIC;
}

void tribe_gifts_text(const struct game *g, const struct board_geo *geo,
                      const struct render_style *st, const struct render_sink *out)
{
    struct rlist r;
    char item[64], edge[8], label[48];
    render_list_begin(&r, st, out, MSG_TXT_GIFTS, ", ");
    for (int k = 0; k < geo->n_gifts; k++) {
        if (!tribe_gift_lies(g, geo, k))
            continue;
        edge_name(geo, geo->gift_edge[k], edge);
        if (geo->gift_kind[k] == MAP_GIFT_HARBOR && g->gift[k] <= HARBOR_GENERIC) {
            harbor_item(st->lang, g->gift[k], edge, label, sizeof label);
            render_tr(st->lang, item, sizeof item, MSG_TXT_GIFT_HARBOR, label);
        } else {
            render_tr(st->lang, item, sizeof item,
                      geo->gift_kind[k] == MAP_GIFT_CARD ? MSG_TXT_GIFT_CARD : MSG_TXT_GIFT_POINT,
                      edge);
        }
        rlist_item(&r, item);
    }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

void tribe_villages_text(const struct game *g, const struct board_geo *geo,
                         const struct render_style *st, const struct render_sink *out)
{
    struct rlist r;
    char item[RENDER_NICK_MAX * GAME_MAX_PLAYERS + 96];
    render_list_begin(&r, st, out, MSG_TXT_VILLAGES, "; ");
    for (int i = 0; i < geo->n_villages && i < BOARD_MAX_VILLAGES; i++) {
        size_t n =
            render_tr(st->lang, item, sizeof item, MSG_TXT_VILLAGE, geo->village_vertex[i] + 1,
                      geo->village_number[i], g->village_cloth[i]);
        for (int p = 0; p < g->opt.n_players; p++)
            if (g->village_traders[i] >> p & 1 && n < sizeof item)
                n += (size_t)snprintf(item + n, sizeof item - n, " %s", seat_nick(st, p));
        rlist_item(&r, item);
    }
    render_tr(st->lang, item, sizeof item, MSG_TXT_CLOTH_SUPPLY, g->cloth_supply);
    rlist_item(&r, item);
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

void tribe_hand(const struct game *g, const struct render_style *st, int seat, struct rline *l)
{
    const struct board_geo *geo = game_geo(g);
    char list[128] = "", one[32];
    size_t n = 0;
    for (int k = 0; k < geo->n_gifts; k++)
        if (geo->gift_kind[k] == MAP_GIFT_HARBOR && g->gift_owner[k] == seat &&
            g->gift_at[k] == GAME_HARBOR_HELD && g->gift[k] <= HARBOR_GENERIC && n < sizeof list)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s%s", n ? i18n_comma(st->lang) : "",
                                  harbor_item(st->lang, g->gift[k], NULL, one, sizeof one));
    if (n)
        rline_tr(l, st, MSG_TXT_HAND_HARBORS, list);
    if (geo->n_villages && g->p[seat].cloth)
        rline_tr(l, st, MSG_TXT_HAND_CLOTH, g->p[seat].cloth);
}
