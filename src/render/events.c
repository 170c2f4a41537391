/* One line per game event. Only EV_BUY_DEV and EV_STEAL carry hidden information; it goes
 * into extra lines addressed to the players concerned, never into the public line.
 *
 * On a map with sea (Seafarers) the longest road is called the longest trade route, since
 * ships count toward it; the base and big boards keep the words of the base game. */
#include <stdio.h>
#include <string.h>

#include "render/internal.h"

static const char *const dev_titles[DEV_COUNT] = {"a knight", "road building", "year of plenty",
                                                  "monopoly", "a victory point card"};
/* What a bought card is, with the word !play takes when that differs. */
static const char *const dev_bought[DEV_COUNT] = {
    "knight", "road building (roads)", "year of plenty (plenty)", "monopoly",
    "victory point (kept hidden, it counts toward your score)"};
/* EV_BUILD kinds: enum building, then PIECE_ROAD and PIECE_SHIP. */
static const char *const building_names[] = {"?", "settlement", "city", "road", "ship"};

/* What the longest road award is called on this board. */
static const char *route_word(const struct game *g)
{
    return geo_has_sea(game_geo(g)) ? "longest trade route" : "longest road";
}

static const char *dev_title(int card)
{
    return card >= 0 && card < DEV_COUNT ? dev_titles[card] : "a development card";
}

static const char *hex_label(const struct game *g, int h, char *buf, size_t size)
{
    const struct board_geo *geo = game_geo(g);
    char name[4];
    if (h < 0 || h >= geo->n_hexes) {
        snprintf(buf, size, "?");
        return buf;
    }
    board_hex_name(h, name);
    if (!(land_now(g, geo) >> h & 1))
        snprintf(buf, size, "%s", name); /* a sea hex: the pirate's */
    else if (g->token[h])
        snprintf(buf, size, "%s (%s %d)", name,
                 g->terrain[h] < TERRAIN_DESERT    ? render_res_name(g->terrain[h])
                 : g->terrain[h] == TERRAIN_GOLD   ? "gold"
                 : g->terrain[h] == TERRAIN_JUNGLE ? "jungle"
                                                   : "desert",
                 g->token[h]);
    else
        snprintf(buf, size, "%s (%s)", name, g->terrain[h] == TERRAIN_SWAMP ? "swamp" : "desert");
    return buf;
}

/* "bob, carol" for a seat mask, "everyone" for 0. */
static void add_seats(struct rline *l, const struct render_style *st, unsigned mask, int n)
{
    if (!mask) {
        rline_add(l, "everyone");
        return;
    }
    for (int p = 0, first = 1; p < n; p++)
        if (mask & (1u << p)) {
            if (!first)
                rline_add(l, ", ");
            rline_nick(l, st, p);
            first = 0;
        }
}

/* A private line: starts with the channel, so a player in several games knows which. */
static void start_private(struct rline *l, const struct render_style *st)
{
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(l);
    rline_add(l, chan_prefix(st, chan));
}

static void render_event(const struct game *g, const struct render_style *st,
                         const struct game_event *e, const struct render_sink *out)
{
    const struct board_geo *geo = game_geo(g);
    int n = g->opt.n_players;
    struct rline l;
    char buf[64];
    rline_init(&l);
    switch (e->type) {
    case EV_TURN:
        rline_addf(&l, "turn %d: ", e->a);
        rline_nick(&l, st, e->player);
        rline_add(&l, " to roll");
        break;
    case EV_SETUP_RESOURCES:
        rline_nick(&l, st, e->player);
        rline_add(&l, " receives ");
        rline_cards(&l, e->res);
        rline_add(&l, " for the second settlement");
        break;
    case EV_ROLL:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " rolled %d (%d+%d)", e->a + e->b, e->a, e->b);
        break;
    case EV_PRODUCE:
        rline_nick(&l, st, e->player);
        rline_add(&l, " receives ");
        rline_cards(&l, e->res);
        break;
    case EV_SHORTAGE:
        rline_addf(&l, "the bank is short of %s: nobody receives any", render_res_name(e->a));
        break;
    case EV_BUILD:
        rline_nick(&l, st, e->player);
        if (e->a == PIECE_ROAD || e->a == PIECE_SHIP) {
            if (e->b >= 0 && e->b < geo->n_edges)
                rline_addf(&l, " built a %s at %s", building_names[e->a],
                           edge_name(geo, e->b, buf));
        } else {
            rline_addf(&l, " built a %s at %d", building_names[e->a >= 1 && e->a <= 2 ? e->a : 0],
                       e->b + 1);
        }
        break;
    case EV_BUY_DEV:
        rline_nick(&l, st, e->player);
        rline_add(&l, " bought a development card");
        if (e->b > 0) /* the Jungle: discoveries paid for some of it (public, like the cards) */
            rline_addf(&l, " with %d discover%s", e->b, e->b == 1 ? "y" : "ies");
        rline_addf(&l, " (%d left)", g->deck_size - g->deck_pos);
        rline_emit(&l, out, RENDER_PUBLIC);
        start_private(&l, st);
        rline_addf(&l, "you bought a development card: %s",
                   e->a >= 0 && e->a < DEV_COUNT ? dev_bought[e->a] : "?");
        rline_emit(&l, out, e->player);
        return;
    case EV_PLAY_DEV:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " plays %s", dev_title(e->a));
        break;
    case EV_FREE_ROAD:
        rline_nick(&l, st, e->player);
        if (e->b >= 0 && e->b < geo->n_edges)
            rline_addf(&l, " places a free %s at %s", e->a == PIECE_SHIP ? "ship" : "road",
                       edge_name(geo, e->b, buf));
        break;
    case EV_PLENTY:
        rline_nick(&l, st, e->player);
        rline_add(&l, " takes ");
        rline_cards(&l, e->res);
        rline_add(&l, " from the bank");
        break;
    case EV_MONOPOLY:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " takes %d %s in all (monopoly)", e->a, render_res_name(e->b));
        break;
    case EV_MONOPOLY_LOSS:
        rline_nick(&l, st, e->other);
        rline_addf(&l, " gives %d %s to ", e->a, render_res_name(e->b));
        rline_nick(&l, st, e->player);
        break;
    case EV_DISCARD_NEEDED:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " must discard %d card%s", e->a, e->a == 1 ? "" : "s");
        break;
    case EV_DISCARD:
        rline_nick(&l, st, e->player);
        rline_add(&l, " discarded ");
        rline_cards(&l, e->res);
        break;
    case EV_GOLD_NEEDED:
        /* The command to answer with, a RES per card ("!gold RES RES"); past a few cards one
         * RES and an example with counts, which the command takes too. */
        rline_nick(&l, st, e->player);
        rline_addf(&l, " chooses %d card%s from the gold fields: !gold", e->a,
                   e->a == 1 ? "" : "s");
        if (e->a > 4)
            rline_add(&l, " RES ... (counts allowed, e.g. 2 ore 1 wool)");
        else
            for (int i = 0; i < e->a; i++)
                rline_add(&l, " RES");
        break;
    case EV_GOLD:
        rline_nick(&l, st, e->player);
        rline_add(&l, " took ");
        rline_cards(&l, e->res);
        rline_add(&l, " from the gold fields");
        break;
    case EV_DISCOVERY:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " found %d discover%s in the jungle (%d in all)", e->a,
                   e->a == 1 ? "y" : "ies", e->b);
        break;
    case EV_FOG:
        /* The hex as it is now, and the card it gave its finder (gold asks next). */
        rline_nick(&l, st, e->player);
        if (e->b == TERRAIN_SEA) {
            rline_addf(&l, " turned over %s in the fog: sea", hex_label(g, e->a, buf, sizeof buf));
        } else {
            rline_addf(&l, " turned over %s in the fog", hex_label(g, e->a, buf, sizeof buf));
            if (e->b < TERRAIN_DESERT && e->res[e->b]) {
                rline_add(&l, " and takes ");
                rline_cards(&l, e->res);
            }
        }
        break;
    case EV_RIVER:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " has %d gold point%s on the river (%d point%s)", e->a, e->a == 1 ? "" : "s",
                   e->b, e->b == 1 ? "" : "s");
        break;
    case EV_ROBBER_NEEDED:
        rline_nick(&l, st, e->player);
        rline_add(&l, geo->has_pirate ? " must move the robber or the pirate"
                                      : " must move the robber");
        break;
    case EV_ROBBER:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " moved the robber to %s", hex_label(g, e->a, buf, sizeof buf));
        break;
    case EV_PIRATE:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " moved the pirate to %s", hex_label(g, e->a, buf, sizeof buf));
        break;
    case EV_MOVE_SHIP:
        rline_nick(&l, st, e->player);
        if (e->a >= 0 && e->a < geo->n_edges && e->b >= 0 && e->b < geo->n_edges) {
            char to[8];
            rline_addf(&l, " moved a ship from %s to %s", edge_name(geo, e->a, buf),
                       edge_name(geo, e->b, to));
        }
        break;
    case EV_ISLAND:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " settled a new island: +%d point%s", e->b, e->b == 1 ? "" : "s");
        break;
    case EV_STEAL:
        rline_nick(&l, st, e->player);
        rline_add(&l, " stole a card from ");
        rline_nick(&l, st, e->other);
        rline_emit(&l, out, RENDER_PUBLIC);
        start_private(&l, st);
        rline_addf(&l, "you stole 1 %s from ", render_res_name(e->a));
        rline_nick(&l, st, e->other);
        rline_emit(&l, out, e->player);
        if (e->other >= 0) {
            start_private(&l, st);
            rline_nick(&l, st, e->player);
            rline_addf(&l, " stole 1 %s from you", render_res_name(e->a));
            rline_emit(&l, out, e->other);
        }
        return;
    case EV_NO_STEAL:
        rline_add(&l, "nobody to steal from");
        break;
    case EV_BANK_TRADE:
        rline_nick(&l, st, e->player);
        rline_add(&l, " trades ");
        rline_cards(&l, e->res);
        rline_add(&l, " with the bank for ");
        rline_cards(&l, e->res2);
        break;
    case EV_OFFER:
        rline_nick(&l, st, e->player);
        rline_add(&l, " offers ");
        rline_cards(&l, e->res);
        rline_add(&l, " for ");
        rline_cards(&l, e->res2);
        rline_add(&l, " to ");
        add_seats(&l, st, (unsigned)e->b, n);
        rline_addf(&l, " (offer %d)", e->a);
        break;
    case EV_OFFER_ACCEPT:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " accepts offer %d", e->a);
        if (e->other >= 0 && e->other < n) {
            rline_add(&l, "; ");
            rline_nick(&l, st, e->other);
            rline_add(&l, " may confirm");
        }
        break;
    case EV_OFFER_REJECT:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " rejects offer %d", e->a);
        break;
    case EV_OFFER_CLOSED:
        rline_addf(&l, "offer %d by ", e->a);
        rline_nick(&l, st, e->player);
        rline_add(&l, " is closed");
        break;
    case EV_TRADE:
        rline_nick(&l, st, e->player);
        rline_add(&l, " gives ");
        rline_cards(&l, e->res);
        rline_add(&l, " to ");
        rline_nick(&l, st, e->other);
        rline_add(&l, " for ");
        rline_cards(&l, e->res2);
        break;
    case EV_LONGEST_ROAD:
        if (e->player < 0) {
            rline_addf(&l, "the %s card is set aside: nobody has a single %s", route_word(g),
                       route_word(g));
            break;
        }
        rline_nick(&l, st, e->player);
        rline_addf(&l, " now holds the %s (%d)", route_word(g), e->a);
        if (e->other >= 0) {
            rline_add(&l, ", taken from ");
            rline_nick(&l, st, e->other);
        }
        break;
    case EV_LARGEST_ARMY:
        rline_nick(&l, st, e->player);
        rline_addf(&l, " now holds the largest army (%d knights)", e->a);
        if (e->other >= 0) {
            rline_add(&l, ", taken from ");
            rline_nick(&l, st, e->other);
        }
        break;
    case EV_SPECIAL_BUILD:
        rline_add(&l, "special building phase: ");
        rline_nick(&l, st, e->player);
        rline_add(&l, " may build or buy, then end");
        break;
    case EV_TIMEOUT:
        rline_add(&l, "time is up for ");
        rline_nick(&l, st, e->player);
        rline_add(&l, ": the game acted in their place");
        break;
    case EV_RESIGN:
        rline_nick(&l, st, e->player);
        rline_add(&l, " left the game");
        break;
    case EV_GAME_OVER:
        if (e->player < 0 || e->a < 0) {
            rline_add(&l, "game over: nobody wins");
            break;
        }
        /* The fixed form of SPEC §5, kept free of colour codes so it can be matched. */
        rline_addf(&l, "%s wins with %d victory points", seat_nick(st, e->player), e->a);
        if (e->b > 0)
            rline_addf(&l, " (%d victory point card%s)", e->b, e->b == 1 ? "" : "s");
        break;
    default:
        return;
    }
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_events(const struct game *g, const struct render_style *st, const struct game_event *ev,
                   int n_ev, const struct render_sink *out)
{
    for (int i = 0; i < n_ev; i++)
        render_event(g, st, &ev[i], out);
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
    rline_nick(l, st, p);
    if (brief) {
        rline_addf(l, " %d (%dS %dC", game_vp_total(g, p), pl->settlements, pl->cities);
        if (cards)
            rline_addf(l, " %dV", cards);
        if (island)
            rline_addf(l, " %dI", island);
        if (river)
            rline_addf(l, " %dR", river);
        rline_add(l, g->longest_road == p ? sea ? " TR" : " LR" : "");
        rline_add(l, g->largest_army == p ? " LA" : "");
        rline_add(l, pl->resigned ? " left" : "");
        rline_add(l, ")");
        return;
    }
    rline_addf(l, " %d VP (%d settlement%s, %d cit%s", game_vp_total(g, p), pl->settlements,
               pl->settlements == 1 ? "" : "s", pl->cities, pl->cities == 1 ? "y" : "ies");
    if (cards)
        rline_addf(l, ", %d VP card%s", cards, cards == 1 ? "" : "s");
    if (island)
        rline_addf(l, ", %d island point%s", island, island == 1 ? "" : "s");
    if (river)
        rline_addf(l, ", %d river point%s", river, river == 1 ? "" : "s");
    if (g->longest_road == p)
        rline_addf(l, ", %s", route_word(g));
    rline_add(l, g->largest_army == p ? ", largest army" : "");
    rline_add(l, pl->resigned ? "; left the game" : "");
    rline_add(l, ")");
}

/* " 2:1 3:4 ... 12:1" after the number of rolls. */
static void add_dice(struct rline *l, const uint16_t rolls[11])
{
    int total = 0;
    for (int i = 0; i < 11; i++)
        total += rolls[i];
    rline_addf(l, "dice (%d roll%s):", total, total == 1 ? "" : "s");
    for (int i = 0; i < 11; i++)
        rline_addf(l, " %d:%d", i + 2, rolls[i]);
}

void render_summary(const struct game *g, const struct render_style *st, int64_t duration_s,
                    const uint16_t rolls[11], const struct render_sink *out)
{
    /* Everyone's points in one line: in full when it fits, else in the short form. */
    struct rline l;
    for (int brief = 0; brief < 2; brief++) {
        rline_init(&l);
        rline_add(&l, "points: ");
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
    rline_addf(&l, "%d turns in ", g->turn);
    if (duration_s >= 3600)
        rline_addf(&l, "%dh %02dm; ", (int)(duration_s / 3600), (int)(duration_s / 60 % 60));
    else
        rline_addf(&l, "%dm %02ds; ", (int)(duration_s / 60), (int)(duration_s % 60));
    add_dice(&l, rolls);
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_dice(const struct render_style *st, const uint16_t rolls[11],
                 const struct render_sink *out)
{
    struct rline l;
    char chan[RENDER_CHAN_MAX + 2];
    rline_init(&l);
    rline_add(&l, chan_prefix(st, chan));
    add_dice(&l, rolls);
    rline_emit(&l, out, RENDER_PUBLIC);
}
