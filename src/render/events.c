/* One line per game event. Only EV_BUY_DEV and EV_STEAL carry hidden information; it goes
 * into extra lines addressed to the players concerned, never into the public line.
 *
 * On a map with sea (Seafarers) the longest road is called the longest trade route, since
 * ships count toward it; the base and big boards keep the words of the base game. */
#include <stdio.h>
#include <string.h>

#include "render/internal.h"

#include "i18n/i18n.h"

static const int dev_titles[DEV_COUNT] = {MSG_DEVT_KNIGHT, MSG_DEVT_ROADS, MSG_DEVT_PLENTY,
                                          MSG_DEVT_MONOPOLY, MSG_DEVT_VICTORY};
/* What a bought card is, with the word !play takes when that differs. */
static const int dev_bought[DEV_COUNT] = {MSG_DEVB_KNIGHT, MSG_DEVB_ROADS, MSG_DEVB_PLENTY,
                                          MSG_DEVB_MONOPOLY, MSG_DEVB_VICTORY};

static const char *dev_title(int lang, int card)
{
    return tr(lang, card >= 0 && card < DEV_COUNT ? dev_titles[card] : MSG_DEVT_UNKNOWN);
}

/* A land hex's terrain word in an event line: what it gives in English, the terrain in other
 * languages. */
static const char *terrain_word(int lang, int t)
{
    static const int forest[] = {MSG_TERRAIN_FOREST, MSG_TERRAIN_HILLS, MSG_TERRAIN_PASTURE,
                                 MSG_TERRAIN_FIELDS, MSG_TERRAIN_MOUNTAINS};
    return tr(lang, t >= 0 && t < TERRAIN_DESERT ? forest[t]
                    : t == TERRAIN_GOLD          ? MSG_TERRAIN_GOLD
                    : t == TERRAIN_JUNGLE        ? MSG_TERRAIN_JUNGLE
                    : t == TERRAIN_MINE          ? MSG_TERRAIN_MINE
                                                 : MSG_TERRAIN_DESERT);
}

const char *event_hex_label(const struct game *g, int lang, int h, char *buf, size_t size)
{
    const struct board_geo *geo = game_geo(g);
    char name[4];
    if (h < 0 || h >= geo->n_hexes) {
        snprintf(buf, size, "?");
        return buf;
    }
    board_hex_name(h, name);
    /* Letters, numbers and brackets only around the word: the same in every language. */
    if (!(game_land(g, geo) >> h & 1))
        snprintf(buf, size, "%s", name); /* a sea hex: the pirate's */
    else if (g->token[h])
        snprintf(buf, size, "%s (%s %d)", name,
                 terrain_word(lang, g->terrain[h] == TERRAIN_MINE || g->terrain[h] == TERRAIN_SEA
                                        ? TERRAIN_DESERT
                                        : g->terrain[h]),
                 g->token[h]);
    else
        snprintf(buf, size, "%s (%s)", name,
                 terrain_word(lang, g->terrain[h] == TERRAIN_MINE ? TERRAIN_MINE : TERRAIN_DESERT));
    return buf;
}

/* "bob, carol" for a seat mask, "everyone" for 0. */
static const char *seats_str(const struct render_style *st, unsigned mask, int n, char *buf,
                             size_t size)
{
    struct rline l;
    rline_init(&l);
    if (!mask)
        rline_add(&l, tr(st->lang, MSG_EVERYONE));
    for (int p = 0, first = 1; p < n; p++)
        if (mask & (1u << p)) {
            if (!first)
                rline_add(&l, i18n_comma(st->lang));
            rline_nick(&l, st, p);
            first = 0;
        }
    /* Cut to size between characters (buf is sized for every seat's nick; this is a guard). */
    size_t len = strlen(l.s);
    if (len >= size) {
        len = size - 1;
        while (len > 0 && ((unsigned char)l.s[len] & 0xc0) == 0x80)
            len--;
    }
    memcpy(buf, l.s, len);
    buf[len] = 0;
    return buf;
}

/* A private line: starts with the channel, so a player in several games knows which. */
static void start_private(struct rline *l, const struct render_style *st)
{
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(l);
    rline_add(l, chan_prefix(st, chan));
}

/* The goods of an offer or a trade: the resources res, with the commodities of com (an
 * EV_COMMODITIES following it; NULL: none) given (want 0) or wanted (want 1). */
static const char *trade_goods(int lang, const uint8_t res[RES_COUNT], const struct game_event *com,
                               int want, char *buf, size_t size)
{
    return com ? goods_str(lang, res, want ? com->res2 : com->res, 1, buf, size)
               : cards_str(lang, res, buf, size);
}

static void render_event(const struct game *g, const struct render_style *st,
                         const struct game_event *e, const struct game_event *com,
                         const struct render_sink *out)
{
    const struct board_geo *geo = game_geo(g);
    int n = g->opt.n_players, lang = st->lang;
    struct rline l;
    char buf[64], who[NICK_BUF], other[NICK_BUF], cards[CARDS_BUF], cards2[CARDS_BUF];
    const char *p = nick_str(st, e->player, who);
    const char *o = nick_str(st, e->other, other);
    const char *pre = style_prefix(st);
    rline_init(&l);
    switch (e->type) {
    case EV_TURN:
        rline_tr(&l, st, MSG_EV_TURN, e->a, p);
        if (!seat_is_robot(st, e->player))
            rline_tr(&l, st, MSG_HINT_ROLL, pre);
        break;
    case EV_SETUP_RESOURCES:
        rline_tr(&l, st, MSG_EV_SETUP_RES, p, cards_str(lang, e->res, cards, sizeof cards));
        break;
    case EV_ROLL:
        rline_tr(&l, st, MSG_EV_ROLL, p, e->a + e->b, e->a, e->b);
        /* What comes next when nothing else is asked for first (a 7, gold). */
        if (g->phase == PHASE_MAIN && g->current == e->player && !seat_is_robot(st, e->player))
            rline_tr(&l, st, MSG_HINT_END, pre);
        break;
    case EV_PRODUCE:
        rline_tr(&l, st, MSG_EV_PRODUCE, p, cards_str(lang, e->res, cards, sizeof cards));
        break;
    case EV_SHORTAGE:
        if (e->a == RES_COUNT)
            rline_tr(&l, st, MSG_EV_GOLD_SHORTAGE);
        else
            rline_tr(&l, st, MSG_EV_SHORTAGE, render_res_name_in(lang, e->a));
        break;
    case EV_BUILD:
        if (e->a == PIECE_ROAD || e->a == PIECE_SHIP) {
            if (e->b >= 0 && e->b < geo->n_edges)
                rline_tr(&l, st, e->a == PIECE_SHIP ? MSG_EV_BUILD_SHIP : MSG_EV_BUILD_ROAD, p,
                         edge_name(geo, e->b, buf));
            else
                rline_add(&l, p);
        } else {
            rline_tr(&l, st,
                     e->a == BUILDING_SETTLEMENT ? MSG_EV_BUILD_SETTLEMENT
                     : e->a == BUILDING_CITY     ? MSG_EV_BUILD_CITY
                                                 : MSG_EV_BUILD_OTHER,
                     p, e->b + 1);
        }
        break;
    case EV_BUY_DEV:
        /* The Jungle: discoveries paid for some of it (public, like the cards). */
        if (e->b > 0)
            rline_tr(&l, st, e->b == 1 ? MSG_EV_BUY_DEV_DISC_1 : MSG_EV_BUY_DEV_DISC_N, p, e->b,
                     g->deck_size - g->deck_pos);
        else
            rline_tr(&l, st, MSG_EV_BUY_DEV, p, g->deck_size - g->deck_pos);
        rline_emit(&l, out, RENDER_PUBLIC);
        start_private(&l, st);
        rline_tr(&l, st, MSG_EV_YOU_BOUGHT,
                 e->a >= 0 && e->a < DEV_COUNT ? tr(lang, dev_bought[e->a]) : "?");
        rline_emit(&l, out, e->player);
        return;
    case EV_PLAY_DEV:
        rline_tr(&l, st, MSG_EV_PLAY_DEV, p, dev_title(lang, e->a));
        break;
    case EV_FREE_ROAD:
        if (e->b >= 0 && e->b < geo->n_edges)
            rline_tr(&l, st, e->a == PIECE_SHIP ? MSG_EV_FREE_SHIP : MSG_EV_FREE_ROAD, p,
                     edge_name(geo, e->b, buf));
        else
            rline_add(&l, p);
        break;
    case EV_PLENTY:
        rline_tr(&l, st, MSG_EV_PLENTY, p, cards_str(lang, e->res, cards, sizeof cards));
        break;
    case EV_MONOPOLY:
        rline_tr(&l, st, MSG_EV_MONOPOLY, p,
                 render_res_count(lang, e->b, e->a, 1, cards, sizeof cards));
        break;
    case EV_MONOPOLY_LOSS:
        rline_tr(&l, st, MSG_EV_MONOPOLY_LOSS, o,
                 render_res_count(lang, e->b, e->a, 1, cards, sizeof cards), p);
        break;
    case EV_DISCARD_NEEDED:
        rline_tr(&l, st, e->a == 1 ? MSG_EV_DISCARD_NEEDED_1 : MSG_EV_DISCARD_NEEDED_N, p, e->a);
        if (!seat_is_robot(st, e->player))
            rline_tr(&l, st, MSG_HINT_DISCARD, pre, pre);
        break;
    case EV_DISCARD:
        rline_tr(&l, st, MSG_EV_DISCARD, p, cards_str(lang, e->res, cards, sizeof cards));
        break;
    case EV_GOLD_NEEDED: {
        /* The command to answer with, a RES per card ("!gold RES RES"); past a few cards one
         * RES and an example with counts, which the command takes too. */
        if (g->ck.on) { /* Cities & Knights: the aqueduct, one resource of the player's choice */
            rline_tr(&l, st, MSG_EV_AQUEDUCT_NEEDED, p, pre);
            break;
        }
        char args[32] = "";
        for (int i = 0; i < e->a && i < 4; i++)
            strcat(args, " RES");
        rline_tr(&l, st, e->a == 1 ? MSG_EV_GOLD_NEEDED_1 : MSG_EV_GOLD_NEEDED_N, p, e->a, pre,
                 e->a > 4 ? tr(lang, MSG_EV_GOLD_MANY) : args);
        break;
    }
    case EV_GOLD:
        rline_tr(&l, st, g->ck.on ? MSG_EV_AQUEDUCT : MSG_EV_GOLD, p,
                 cards_str(lang, e->res, cards, sizeof cards));
        break;
    case EV_DISCOVERY:
        rline_tr(&l, st, e->a == 1 ? MSG_EV_DISCOVERY_1 : MSG_EV_DISCOVERY_N, p, e->a, e->b);
        break;
    case EV_FOG:
        /* The hex as it is now, and the card it gave its finder (gold asks next). */
        event_hex_label(g, lang, e->a, buf, sizeof buf);
        if (e->b == TERRAIN_SEA)
            rline_tr(&l, st, MSG_EV_FOG_SEA, p, buf);
        else if (e->b < TERRAIN_DESERT && e->res[e->b])
            rline_tr(&l, st, MSG_EV_FOG_TAKES, p, buf,
                     cards_str(lang, e->res, cards, sizeof cards));
        else
            rline_tr(&l, st, MSG_EV_FOG, p, buf);
        break;
    case EV_RIVER:
        rline_tr(&l, st, MSG_EV_MINE, p, e->a);
        break;
    case EV_ROBBER_NEEDED:
        rline_tr(&l, st, geo->has_pirate ? MSG_EV_ROBBER_PIRATE_NEEDED : MSG_EV_ROBBER_NEEDED, p);
        if (!seat_is_robot(st, e->player) && geo->has_pirate)
            rline_tr(&l, st, MSG_HINT_ROBBER_PIRATE, pre, pre);
        else if (!seat_is_robot(st, e->player))
            rline_tr(&l, st, MSG_HINT_ROBBER, pre);
        break;
    case EV_ROBBER:
        rline_tr(&l, st, MSG_EV_ROBBER, p, event_hex_label(g, lang, e->a, buf, sizeof buf));
        break;
    case EV_PIRATE:
        rline_tr(&l, st, MSG_EV_PIRATE, p, event_hex_label(g, lang, e->a, buf, sizeof buf));
        break;
    case EV_MOVE_SHIP:
        if (e->a >= 0 && e->a < geo->n_edges && e->b >= 0 && e->b < geo->n_edges) {
            char to[8];
            rline_tr(&l, st, MSG_EV_MOVE_SHIP, p, edge_name(geo, e->a, buf),
                     edge_name(geo, e->b, to));
        } else {
            rline_add(&l, p);
        }
        break;
    case EV_ISLAND:
        rline_tr(&l, st, e->b == 1 ? MSG_EV_ISLAND_1 : MSG_EV_ISLAND_N, p, e->b);
        break;
    case EV_GIFT: {
        /* The spot's edge; a harbor's type is public, a card only to its taker. */
        int k = e->a, spot = k >= 0 && k < geo->n_gifts ? geo->gift_edge[k] : -1;
        if (spot < 0) {
            rline_add(&l, p);
            break;
        }
        edge_name(geo, spot, buf);
        if (e->b == 0)
            rline_tr(&l, st, MSG_EV_GIFT_HARBOR, p, buf,
                     e->other == HARBOR_GENERIC              ? "3:1"
                     : e->other >= 0 && e->other < RES_COUNT ? render_res_name_in(lang, e->other)
                                                             : "?");
        else
            rline_tr(&l, st, e->b == 1 ? MSG_EV_GIFT_CARD : MSG_EV_GIFT_POINT, p, buf);
        if (e->b != 1)
            break;
        rline_emit(&l, out, RENDER_PUBLIC);
        start_private(&l, st);
        rline_tr(&l, st, MSG_EV_GIFT_YOUR_CARD,
                 e->other >= 0 && e->other < DEV_COUNT ? tr(lang, dev_bought[e->other]) : "?");
        rline_emit(&l, out, e->player);
        return;
    }
    case EV_HARBOR_PLACED:
        if (e->a < 0 || e->a >= geo->n_edges) {
            rline_add(&l, p);
            break;
        }
        rline_tr(&l, st, MSG_EV_HARBOR_PLACED, p,
                 e->other == HARBOR_GENERIC              ? "3:1"
                 : e->other >= 0 && e->other < RES_COUNT ? render_res_name_in(lang, e->other)
                                                         : "?",
                 edge_name(geo, e->a, buf));
        break;
    case EV_VILLAGE:
        rline_tr(&l, st, e->b ? MSG_EV_VILLAGE_1 : MSG_EV_VILLAGE_0, p,
                 e->a >= 0 && e->a < geo->n_villages ? geo->village_vertex[e->a] + 1 : 0);
        break;
    case EV_CLOTH:
        rline_tr(&l, st, MSG_EV_CLOTH,
                 e->a >= 0 && e->a < geo->n_villages ? geo->village_vertex[e->a] + 1 : 0, p,
                 e->player >= 0 && e->player < n ? g->p[e->player].cloth : 0);
        break;
    case EV_CLOTH_END:
        rline_tr(&l, st, e->a == 1 ? MSG_EV_CLOTH_END_1 : MSG_EV_CLOTH_END_N, e->a);
        break;
    case EV_FLEET: {
        char hex[24];
        rline_tr(&l, st, MSG_EV_FLEET, e->a, event_hex_label(g, lang, e->b, hex, sizeof hex));
        break;
    }
    case EV_BATTLE: {
        bool none = !e->res[0] && !e->res[1] && !e->res[2] && !e->res[3] && !e->res[4];
        if (e->b > e->a)
            rline_tr(&l, st, MSG_EV_BATTLE_WON, p, e->a, e->b);
        else if (e->b == e->a)
            rline_tr(&l, st, MSG_EV_BATTLE_DRAW, p, e->a, e->b);
        else if (none)
            rline_tr(&l, st, MSG_EV_BATTLE_LOST_NONE, p, e->a, e->b);
        else
            rline_tr(&l, st, MSG_EV_BATTLE_LOST, p, e->a, e->b,
                     cards_str(lang, e->res, cards, sizeof cards));
        break;
    }
    case EV_WARSHIP:
        rline_tr(&l, st, MSG_EV_WARSHIP, p, e->a);
        break;
    case EV_FORTRESS:
        if (e->b > e->a && e->res[0])
            rline_tr(&l, st, MSG_EV_FORTRESS_HIT, p, e->a, e->b, e->res[0]);
        else if (e->b > e->a)
            rline_tr(&l, st, MSG_EV_FORTRESS_WON, p, e->a, e->b);
        else
            rline_tr(&l, st, MSG_EV_FORTRESS_LOST, p, e->a, e->b, e->other);
        break;
    case EV_STEAL:
        rline_tr(&l, st, MSG_EV_STEAL, p, o);
        rline_emit(&l, out, RENDER_PUBLIC);
        if (e->a == RES_COUNT) { /* Cloth for Catan: the pirate took a cloth */
            start_private(&l, st);
            rline_tr(&l, st, MSG_EV_YOU_STOLE_CLOTH, o);
            rline_emit(&l, out, e->player);
            if (e->other >= 0) {
                start_private(&l, st);
                rline_tr(&l, st, MSG_EV_STOLE_CLOTH_FROM_YOU, p);
                rline_emit(&l, out, e->other);
            }
            return;
        }
        start_private(&l, st);
        rline_tr(&l, st, MSG_EV_YOU_STOLE, render_res_count(lang, e->a, 1, 1, cards, sizeof cards),
                 o);
        rline_emit(&l, out, e->player);
        if (e->other >= 0) {
            start_private(&l, st);
            rline_tr(&l, st, MSG_EV_STOLE_FROM_YOU, p,
                     render_res_count(lang, e->a, 1, 1, cards, sizeof cards));
            rline_emit(&l, out, e->other);
        }
        return;
    case EV_NO_STEAL:
        rline_tr(&l, st, MSG_EV_NO_STEAL);
        break;
    case EV_BANK_TRADE:
        rline_tr(&l, st, MSG_EV_BANK_TRADE, p, cards_str(lang, e->res, cards, sizeof cards),
                 cards_str(lang, e->res2, cards2, sizeof cards2));
        break;
    case EV_OFFER: {
        char to[GAME_MAX_PLAYERS * (NICK_BUF + 2)];
        rline_tr(&l, st, MSG_EV_OFFER, p, trade_goods(lang, e->res, com, 0, cards, sizeof cards),
                 trade_goods(lang, e->res2, com, 1, cards2, sizeof cards2),
                 seats_str(st, (unsigned)e->b, n, to, sizeof to), e->a);
        for (int q = 0; q < n; q++)
            if ((e->b >> q & 1) && !seat_is_robot(st, q)) {
                rline_tr(&l, st, MSG_HINT_OFFER, pre, e->a, pre, e->a);
                break;
            }
        break;
    }
    case EV_OFFER_ACCEPT:
        if (e->other >= 0 && e->other < n) {
            rline_tr(&l, st, MSG_EV_OFFER_ACCEPT_CONFIRM, p, e->a, o);
            if (!seat_is_robot(st, e->other))
                rline_tr(&l, st, MSG_HINT_CONFIRM, pre,
                         seat_command_name(st, e->player, buf, sizeof buf));
        } else
            rline_tr(&l, st, MSG_EV_OFFER_ACCEPT, p, e->a);
        break;
    case EV_OFFER_REJECT:
        rline_tr(&l, st, MSG_EV_OFFER_REJECT, p, e->a);
        break;
    case EV_OFFER_CLOSED:
        rline_tr(&l, st, MSG_EV_OFFER_CLOSED, e->a, p);
        break;
    case EV_TRADE:
        rline_tr(&l, st, MSG_EV_TRADE, p, trade_goods(lang, e->res, com, 0, cards, sizeof cards), o,
                 trade_goods(lang, e->res2, com, 1, cards2, sizeof cards2));
        break;
    case EV_LONGEST_ROAD: {
        int sea = geo_has_sea(geo);
        if (e->player < 0)
            rline_tr(&l, st, sea ? MSG_EV_ROUTE_ASIDE : MSG_EV_ROAD_ASIDE);
        else if (e->other >= 0)
            rline_tr(&l, st, sea ? MSG_EV_ROUTE_TAKEN : MSG_EV_ROAD_TAKEN, p, e->a, o);
        else
            rline_tr(&l, st, sea ? MSG_EV_ROUTE : MSG_EV_ROAD, p, e->a);
        break;
    }
    case EV_REROLL: /* house rule no_sevens: the 7 does not count; the roll that does follows */
        rline_tr(&l, st, MSG_EV_REROLL, p, e->a, e->b);
        break;
    case EV_HARBORMASTER:
        if (e->player < 0)
            rline_tr(&l, st, MSG_EV_HARBORMASTER_ASIDE, o);
        else if (e->other >= 0)
            rline_tr(&l, st, MSG_EV_HARBORMASTER_TAKEN, p, e->a, o);
        else
            rline_tr(&l, st, MSG_EV_HARBORMASTER, p, e->a);
        break;
    case EV_LARGEST_ARMY:
        /* Nobody after a holder: only when the holder left the game (a knight count never
         * goes down otherwise). */
        if (e->player < 0)
            rline_tr(&l, st, MSG_EV_ARMY_ASIDE, o);
        else if (e->other >= 0)
            rline_tr(&l, st, MSG_EV_ARMY_TAKEN, p, e->a, o);
        else
            rline_tr(&l, st, MSG_EV_ARMY, p, e->a);
        break;
    case EV_SPECIAL_BUILD:
        rline_tr(&l, st, MSG_EV_SPECIAL_BUILD, p);
        if (!seat_is_robot(st, e->player))
            rline_tr(&l, st, MSG_HINT_END, pre);
        break;
    case EV_TIMEOUT:
        rline_tr(&l, st, MSG_EV_TIMEOUT, p);
        break;
    case EV_RESIGN:
        rline_tr(&l, st, MSG_EV_RESIGN, p);
        break;
    case EV_WONDER:
        if (e->b <= 1)
            rline_tr(&l, st, MSG_EV_WONDER_START, p, render_wonder_name(lang, e->a), e->b,
                     GAME_WONDER_STAGES);
        else if (e->b < GAME_WONDER_STAGES)
            rline_tr(&l, st, MSG_EV_WONDER_STAGE, p, e->b, GAME_WONDER_STAGES,
                     render_wonder_name(lang, e->a));
        else
            rline_tr(&l, st, MSG_EV_WONDER_DONE, p, render_wonder_name(lang, e->a),
                     GAME_WONDER_STAGES);
        break;
    case EV_GAME_OVER:
        if (e->player < 0 || e->a < 0)
            rline_tr(&l, st, MSG_EV_NOBODY_WINS);
        /* The fixed form of SPEC §5, kept free of colour codes so it can be matched. */
        else
            rline_tr(&l, st, MSG_EV_WINS, seat_nick(st, e->player), e->a);
        if (e->player >= 0 && e->a >= 0)
            wonders_game_over(&l, g, st, e->player);
        if (e->player >= 0 && e->a >= 0 && e->b > 0)
            rline_tr(&l, st, MSG_EV_WINS_CARDS, e->b);
        break;
    default:
        return;
    }
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_events(const struct game *g, const struct render_style *st, const struct game_event *ev,
                   int n_ev, const struct render_sink *out)
{
    for (int i = 0; i < n_ev; i++) {
        int used = g->ck.on           ? cities_event(g, st, ev, i, n_ev, out)
                   : g->opt.two       ? two_event(g, st, &ev[i], out)
                   : g->opt.dice_deck ? dice_event_render(g, st, &ev[i], out)
                                      : 0;
        /* Cities & Knights: an offer's or a trade's commodities come in the next event. */
        const struct game_event *com = NULL;
        if ((ev[i].type == EV_OFFER || ev[i].type == EV_TRADE) && i + 1 < n_ev &&
            ev[i + 1].type == EV_COMMODITIES)
            com = &ev[i + 1];
        if (used > 0)
            i += used - 1;
        else
            render_event(g, st, &ev[i], com, out);
        if (!used && com)
            i++;
    }
}

/* One seat's points: "alice 10 VP (2 settlements, 3 cities, 1 VP card, longest road)", or in
 * the short form "alice 10 (2S 3C 1V LR)". On a map with sea, island points come after the
 * victory point cards ("2 island points", "2I") and the award is the longest trade route ("TR"). */
static void add_points(struct rline *l, const struct game *g, const struct render_style *st, int p,
                       int brief)
{
    const struct game_player *pl = &g->p[p];
    int cards = pl->dev[DEV_VICTORY] + pl->dev_new[DEV_VICTORY];
    int sea = geo_has_sea(game_geo(g)), island = sea ? game_island_points(g, p) : 0;
    int river = game_river_points(g, p);
    char nick[NICK_BUF];
    rline_iso(l, st, nick_str(st, p, nick));
    if (brief) {
        rline_tr(l, st, MSG_SUM_BRIEF, game_vp_total(g, p), pl->settlements, pl->cities);
        if (cards)
            rline_tr(l, st, MSG_SUM_BRIEF_CARDS, cards);
        if (island)
            rline_tr(l, st, MSG_SUM_BRIEF_ISLAND, island);
        if (river)
            rline_tr(l, st, MSG_SUM_BRIEF_RIVER, river);
        if (g->longest_road == p)
            rline_tr(l, st, sea ? MSG_SUM_BRIEF_ROUTE : MSG_SUM_BRIEF_ROAD);
        if (g->largest_army == p)
            rline_tr(l, st, MSG_SUM_BRIEF_ARMY);
        if (pl->resigned)
            rline_tr(l, st, MSG_SUM_BRIEF_LEFT);
        rline_add(l, ")");
        return;
    }
    rline_tr(l, st, MSG_SUM_VP, game_vp_total(g, p));
    rline_tr(l, st, pl->settlements == 1 ? MSG_SUM_SETTLEMENTS_1 : MSG_SUM_SETTLEMENTS_N,
             pl->settlements);
    rline_tr(l, st, pl->cities == 1 ? MSG_SUM_CITIES_1 : MSG_SUM_CITIES_N, pl->cities);
    if (cards)
        rline_tr(l, st, cards == 1 ? MSG_SUM_CARDS_1 : MSG_SUM_CARDS_N, cards);
    if (island)
        rline_tr(l, st, island == 1 ? MSG_SUM_ISLAND_1 : MSG_SUM_ISLAND_N, island);
    if (river)
        rline_tr(l, st, river == 1 ? MSG_SUM_RIVER_1 : MSG_SUM_RIVER_N, river);
    if (g->longest_road == p)
        rline_tr(l, st, sea ? MSG_SUM_ROUTE : MSG_SUM_ROAD);
    if (g->largest_army == p)
        rline_tr(l, st, MSG_SUM_ARMY);
    if (pl->resigned)
        rline_tr(l, st, MSG_SUM_LEFT);
    rline_add(l, ")");
}

/* " 2:1 3:4 ... 12:1" after the number of rolls. */
static void add_dice(struct rline *l, const struct render_style *st, const uint16_t rolls[11])
{
    int total = 0;
    for (int i = 0; i < 11; i++)
        total += rolls[i];
    rline_tr(l, st, total == 1 ? MSG_DICE_1 : MSG_DICE_N, total);
    for (int i = 0; i < 11; i++)
        rline_fmt(l, st, " %d:%d", i + 2, rolls[i]);
}

void render_summary(const struct game *g, const struct render_style *st, int64_t duration_s,
                    const uint16_t rolls[11], const struct render_sink *out)
{
    /* Everyone's points in one line: in full when it fits, else in the short form. */
    struct rline l;
    for (int brief = 0; brief < 2; brief++) {
        rline_init(&l);
        rline_tr(&l, st, MSG_SUM_POINTS);
        for (int p = 0; p < g->opt.n_players; p++) {
            if (p)
                rline_add(&l, "; ");
            add_points(&l, g, st, p, brief);
        }
        if (!l.full)
            break;
    }
    rline_emit(&l, out, RENDER_PUBLIC);

    rline_init(&l);
    rline_tr(&l, st, MSG_SUM_TURNS, g->turn);
    if (duration_s >= 3600)
        rline_tr(&l, st, MSG_SUM_HOURS, (int)(duration_s / 3600), (int)(duration_s / 60 % 60));
    else
        rline_tr(&l, st, MSG_SUM_MINUTES, (int)(duration_s / 60), (int)(duration_s % 60));
    add_dice(&l, st, rolls);
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_dice(const struct render_style *st, const uint16_t rolls[11],
                 const struct render_sink *out)
{
    struct rline l;
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(&l);
    rline_add(&l, chan_prefix(st, chan));
    add_dice(&l, st, rolls);
    rline_emit(&l, out, RENDER_PUBLIC);
}
