/* The fixed reply forms of SPEC §5 (board text, hand, spots) and the status summary. */
#include <stdio.h>
#include <string.h>

#include "i18n/i18n.h"
#include "render/internal.h"

/* By enum terrain: a gold field (Seafarers) is "gold", a land hex with a token like the others;
 * the Jungle variant's desert is "jungle", with its token; the Great River's "gold mine". In
 * English a terrain is named by what it gives ("wood"); other languages name the terrain. */
static const int terrain_msgs[] = {MSG_TERRAIN_FOREST, MSG_TERRAIN_HILLS,     MSG_TERRAIN_PASTURE,
                                   MSG_TERRAIN_FIELDS, MSG_TERRAIN_MOUNTAINS, MSG_TERRAIN_DESERT,
                                   MSG_TERRAIN_GOLD,   MSG_TERRAIN_SEA,       MSG_TERRAIN_JUNGLE,
                                   MSG_TERRAIN_MINE};

static const char *terrain_name(int lang, int t)
{
    return t >= 0 && t <= TERRAIN_MINE ? tr(lang, terrain_msgs[t]) : "?";
}

/* Whether the game is still placing its setup pieces: a gold field beside the second setup
 * settlement pays before the setup road. */
static int in_setup(const struct game *g)
{
    return g->phase == PHASE_SETUP_SETTLEMENT || g->phase == PHASE_SETUP_ROAD ||
           (g->phase == PHASE_GOLD &&
            (g->gold_resume == PHASE_SETUP_ROAD || g->gold_resume == PHASE_SETUP_SETTLEMENT));
}

/* A list under "#chan WHAT: " (WHAT a message), its items isolated in a right-to-left
 * language. */
static void begin(struct rlist *r, const struct render_style *st, const struct render_sink *out,
                  int to, int what, const char *sep)
{
    char chan[RENDER_CHAN_MAX + 2], prefix[RENDER_CHAN_MAX + 64];
    snprintf(prefix, sizeof prefix, "%s%s: ", chan_prefix(st, chan), tr(st->lang, what));
    /* Arabic separates a list's items with its own comma. */
    if (sep && strcmp(sep, ", ") == 0)
        sep = i18n_comma(st->lang);
    rlist_begin(r, out, to, prefix, sep);
    r->rtl = i18n_rtl(st->lang);
}

void render_list_begin(struct rlist *r, const struct render_style *st,
                       const struct render_sink *out, int what, const char *sep)
{
    begin(r, st, out, RENDER_PUBLIC, what, sep);
}

void render_board_text(const struct game *g, const struct render_style *st,
                       const struct render_sink *out)
{
    render_board_text_geo(g, game_geo(g), st, out);
}

void render_board_text_geo(const struct game *g, const struct board_geo *geo,
                           const struct render_style *st, const struct render_sink *out)
{
    struct rlist r;
    char item[128], name[4], edge[8];
    int lang = st->lang;

    /* The land with what it gives, then the sea hexes by letter: a map of land only (base,
     * big) has no sea line. */
    begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_HEXES, ", ");
    uint64_t land = game_land(g, geo), fog = fog_now(g, geo);
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!(land >> h & 1))
            continue;
        int n = snprintf(item, sizeof item, "%s %s", board_hex_name(h, name),
                         terrain_name(lang, g->terrain[h]));
        if (g->token[h])
            n += snprintf(item + n, sizeof item - (size_t)n, " %d", g->token[h]);
        if (g->robber == h)
            snprintf(item + n, sizeof item - (size_t)n, " %s", tr(lang, MSG_TXT_ROBBER));
        rlist_item(&r, item);
    }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));

    if (geo_has_sea(geo)) {
        /* The pirate is named after its sea hex, as the robber after its land hex. */
        int pirate = pirate_hex(g, geo);
        begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_SEA, ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (!((land | fog) >> h & 1)) {
                snprintf(item, sizeof item, "%s%s%s", board_hex_name(h, name),
                         h == pirate ? " " : "", h == pirate ? tr(lang, MSG_TXT_PIRATE) : "");
                rlist_item(&r, item);
            }
        rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
    }
    if (geo->fog_hexes) {
        /* Hidden hexes by letter (The Fog Islands); none once all are turned over. */
        begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_FOG, ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (fog >> h & 1)
                rlist_item(&r, board_hex_name(h, name));
        rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
    }

    /* The Great River: its hexes where this game laid it (the gold mine among them). */
    if (geo->has_river) {
        begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_RIVER, ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (g->river_hexes >> h & 1)
                rlist_item(&r, board_hex_name(h, name));
        rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
    }

    if (geo->n_gifts)
        tribe_gifts_text(g, geo, st, out);
    if (geo->n_villages)
        tribe_villages_text(g, geo, st, out);
    if (geo->n_routes)
        pirates_text(g, geo, st, out);
    if (geo->wonders)
        wonders_text(g, st, out);
    if (g->ck.on)
        cities_text(g, st, out);

    /* The map's harbors, then those players placed (The Forgotten Tribe). */
    begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_HARBORS, ", ");
    for (int k = 0; k < geo->n_harbors; k++) {
        int type = g->harbor[k];
        if (type > HARBOR_GENERIC)
            continue; /* a slot this game left without a harbor (The New World) */
        edge_name(geo, geo->harbor_edge[k], edge);
        rlist_item(&r, harbor_item(lang, type, edge, item, sizeof item));
    }
    for (int k = 0; k < geo->n_gifts; k++)
        if (tribe_harbor_placed(g, geo, k)) {
            edge_name(geo, g->gift_at[k], edge);
            rlist_item(&r, harbor_item(lang, g->gift[k], edge, item, sizeof item));
        }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));

    /* A group per player and kind, so a split line still says whose and what; ships (maps with
     * sea) after the roads. */
    begin(&r, st, out, RENDER_PUBLIC, MSG_TXT_BUILDINGS, " ");
    for (int p = 0; p < game_seats(g); p++) { /* Catan for two: the neutral players' too */
        int first = 1;
        static const int kinds[] = {BUILDING_SETTLEMENT, BUILDING_CITY, PIECE_ROAD, PIECE_SHIP};
        for (int k = 0; k < 4; k++) {
            char head[RENDER_NICK_MAX + 32];
            int edges = kinds[k] == PIECE_ROAD || kinds[k] == PIECE_SHIP;
            /* In a right-to-left language the nick is isolated like the items. */
            char who[RENDER_NICK_MAX + 8];
            snprintf(who, sizeof who, i18n_rtl(lang) ? "\xe2\x81\xa8%s\xe2\x81\xa9" : "%s",
                     seat_nick(st, p));
            size_t skip = strlen(who) + 1;
            snprintf(head, sizeof head, "%s %s", who,
                     tr(lang, kinds[k] == PIECE_SHIP      ? MSG_TXT_SHIP
                              : kinds[k] == PIECE_ROAD    ? MSG_TXT_ROAD
                              : kinds[k] == BUILDING_CITY ? MSG_TXT_CITY
                                                          : MSG_TXT_SETTLEMENT));
            int n = edges ? geo->n_edges : geo->n_vertices, started = 0;
            for (int i = 0; i < n; i++) {
                if (edges ? g->edge_owner[i] != p || edge_is_ship(g, i) != (kinds[k] == PIECE_SHIP)
                          : g->vertex_owner[i] != p || g->vertex_building[i] != kinds[k])
                    continue;
                if (!started) {
                    /* The nick is said once per player unless a line break repeats it. */
                    rlist_group(&r, first ? head : head + skip, head, first ? "; " : " ");
                    started = 1;
                    first = 0;
                }
                if (edges)
                    edge_name(geo, i, item);
                else
                    snprintf(item, sizeof item, "%d", i + 1);
                rlist_item(&r, item);
            }
        }
    }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

void render_hand(const struct game *g, const struct render_style *st, int seat,
                 const struct render_sink *out)
{
    if (seat < 0 || seat >= g->opt.n_players)
        return;
    const struct game_player *pl = &g->p[seat];
    char chan[RENDER_CHAN_MAX + 2];
    struct rline l;
    rline_init(&l);
    rline_addf(&l, "%s%s: ", chan_prefix(st, chan), tr(st->lang, MSG_TXT_HAND));
    int n = game_hand_size(g, seat), any = 0;
    for (int r = 0; r < RES_COUNT; r++)
        any |= pl->res[r] != 0;
    for (int c = 0; c < COM_COUNT; c++) /* Cities & Knights: commodities after the resources */
        any |= pl->commodity[c] != 0;
    if (any) {
        char cards[CARDS_BUF];
        rline_iso(&l, st, goods_str(st->lang, pl->res, pl->commodity, 0, cards, sizeof cards));
        rline_add(&l, " ");
    }
    /* a fixed form (SPEC §5), also for one card */
    rline_tr(&l, st, MSG_TXT_HAND_CARDS, n);
    const uint8_t *decks[2] = {pl->dev, pl->dev_new};
    const int heads[2] = {MSG_TXT_HAND_DEV, MSG_TXT_HAND_NEW};
    for (int d = 0; d < 2; d++) {
        int first = 1;
        for (int c = 0; c < DEV_COUNT; c++)
            for (int i = 0; i < decks[d][c]; i++) {
                rline_add(&l, first ? tr(st->lang, heads[d]) : i18n_comma(st->lang));
                rline_add(&l, render_dev_name_in(st->lang, c));
                first = 0;
            }
    }
    if (pl->discoveries && is_jungle(g)) /* counters, not cards: after the cards */
        rline_tr(&l, st, MSG_TXT_HAND_DISCOVERIES, pl->discoveries);
    tribe_hand(g, st, seat, &l);
    pirates_hand(g, st, seat, &l);
    cities_hand(g, st, seat, &l);
    rline_emit(&l, out, seat);
}

/* Whether seat is the one to build now, and which kinds the phase allows. */
static unsigned buildable_kinds(const struct game *g, int seat)
{
    if (seat < 0 || seat >= g->opt.n_players || g->p[seat].resigned)
        return 0;
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        return g->current == seat ? RENDER_SPOT_SETTLEMENT : 0;
    case PHASE_SETUP_ROAD: /* a road, or a ship on a map with sea */
        return g->current == seat ? RENDER_SPOT_ROAD | RENDER_SPOT_SHIP : 0;
    case PHASE_MAIN:
        return g->current == seat ? RENDER_SPOT_ALL : 0;
    case PHASE_SPECIAL_BUILD:
        return g->sb_player == seat ? RENDER_SPOT_ALL : 0;
    default:
        return 0;
    }
}

int render_pips(int token)
{
    return token >= 2 && token <= 12 && token != 7 ? 6 - (token > 7 ? token - 7 : 7 - token) : 0;
}

/* A corner's production: the pips of its hexes (the robber's included: it moves) and how many
 * different resources they give; a gold field counts as one more kind, whatever it is taken as. */
static void corner_worth(const struct game *g, int v, int *pips, int *kinds)
{
    const struct board_geo *geo = game_geo(g);
    unsigned seen = 0;
    *pips = 0;
    for (int k = 0; k < 3; k++) {
        int h = geo->vertex_hex[v][k];
        if (h < 0 || g->terrain[h] == TERRAIN_DESERT || g->terrain[h] > TERRAIN_GOLD)
            continue;
        *pips += render_pips(g->token[h]);
        seen |= 1u << g->terrain[h];
    }
    *kinds = __builtin_popcount(seen);
}

static int corner_better(const struct game *g, int a, int b)
{
    int pa, ka, pb, kb;
    corner_worth(g, a, &pa, &ka);
    corner_worth(g, b, &pb, &kb);
    return pa != pb ? pa > pb : ka != kb ? ka > kb : a < b;
}

/* The order of SPEC §5, ships (maps with sea) right after the roads. */
static const unsigned spot_order[] = {RENDER_SPOT_SETTLEMENT, RENDER_SPOT_ROAD, RENDER_SPOT_SHIP,
                                      RENDER_SPOT_CITY};

static int spot_word(unsigned kind)
{
    return kind == RENDER_SPOT_ROAD         ? MSG_TXT_ROAD
           : kind == RENDER_SPOT_SHIP       ? MSG_TXT_SHIP
           : kind == RENDER_SPOT_SETTLEMENT ? MSG_TXT_SETTLEMENT
                                            : MSG_TXT_CITY;
}

static int covers(const uint8_t res[RES_COUNT], const uint8_t cost[RES_COUNT])
{
    for (int i = 0; i < RES_COUNT; i++)
        if (res[i] < cost[i])
            return 0;
    return 1;
}

static const uint8_t *spot_cost(unsigned kind)
{
    return kind == RENDER_SPOT_ROAD         ? game_cost_road
           : kind == RENDER_SPOT_SHIP       ? game_cost_ship
           : kind == RENDER_SPOT_SETTLEMENT ? game_cost_settlement
                                            : game_cost_city;
}

/* The cards seat lacks for a piece of kind after the setup, into miss; whether any. */
static int lacking(const struct game *g, int seat, unsigned kind, uint8_t miss[RES_COUNT])
{
    const uint8_t *cost = spot_cost(kind);
    int any = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        miss[r] = g->p[seat].res[r] < cost[r] ? (uint8_t)(cost[r] - g->p[seat].res[r]) : 0;
        any |= miss[r] != 0;
    }
    return any && !in_setup(g);
}

/* Where seat may put a piece of kind (one enum render_spot_kind) by the board and the phase,
 * into list; corners best first: most pips, then most different resources (then by number). */
static int spots_of(const struct game *g, int seat, unsigned kind, int *list)
{
    const struct board_geo *geo = game_geo(g);
    int edges = kind == RENDER_SPOT_ROAD || kind == RENDER_SPOT_SHIP, count = 0;
    int n = edges ? geo->n_edges : geo->n_vertices;
    for (int i = 0; i < n; i++) {
        int ok = kind == RENDER_SPOT_ROAD         ? game_can_road(g, seat, i)
                 : kind == RENDER_SPOT_SHIP       ? game_can_ship(g, seat, i)
                 : kind == RENDER_SPOT_SETTLEMENT ? game_can_settle(g, seat, i)
                                                  : game_can_city(g, seat, i);
        if (ok)
            list[count++] = i;
    }
    if (!edges)
        for (int a = 1; a < count; a++)
            for (int b = a; b > 0 && corner_better(g, list[b], list[b - 1]); b--) {
                int t = list[b];
                list[b] = list[b - 1];
                list[b - 1] = t;
            }
    return count;
}

/* The name of place i of a kind (a corner's number or a side's "A-B") into buf, isolated in a
 * right-to-left language. */
static const char *place_name(const struct game *g, unsigned kind, int i, int rtl, char *buf,
                              size_t size)
{
    char name[16];
    if (kind == RENDER_SPOT_ROAD || kind == RENDER_SPOT_SHIP)
        edge_name(game_geo(g), i, name);
    else
        snprintf(name, sizeof name, "%d", i + 1);
    snprintf(buf, size, rtl ? "\xe2\x81\xa8%s\xe2\x81\xa9" : "%s", name);
    return buf;
}

void render_spots(const struct game *g, const struct render_style *st, int seat, unsigned kinds,
                  const struct render_sink *out)
{
    if (seat < 0 || seat >= g->opt.n_players)
        return;
    const struct board_geo *geo = game_geo(g);
    const struct game_player *pl = &g->p[seat];
    int short_list = (kinds & RENDER_SPOT_SHORT) != 0;
    /* The Pirate Islands: plain !spots names the fortress when seat may attack it now. */
    int attack = short_list && !game_attack_error(g, seat);
    unsigned kinds_asked = kinds;
    kinds &= buildable_kinds(g, seat);
    if (pl->settlements >= GAME_SETTLEMENTS)
        kinds &= ~(unsigned)RENDER_SPOT_SETTLEMENT;
    if (pl->roads >= GAME_ROADS)
        kinds &= ~(unsigned)RENDER_SPOT_ROAD;
    if (pl->cities >= GAME_CITIES)
        kinds &= ~(unsigned)RENDER_SPOT_CITY;
    if (pl->ships >= GAME_SHIPS || !geo_has_sea(geo))
        kinds &= ~(unsigned)RENDER_SPOT_SHIP;
    /* After the setup a piece is paid for: the kinds of the fixed form are those seat's cards
     * pay for now (a road building card that may be played pays for roads and ships). */
    unsigned later = 0;
    int free_roads =
        g->phase == PHASE_MAIN && g->current == seat && !g->dev_played && pl->dev[DEV_ROADS];
    if (!in_setup(g))
        for (int k = 0; k < 4; k++)
            if ((kinds & spot_order[k]) && !covers(pl->res, spot_cost(spot_order[k])) &&
                !(free_roads && (spot_order[k] & (RENDER_SPOT_ROAD | RENDER_SPOT_SHIP))))
                later |= spot_order[k];
    /* Only the kinds paid for: a script reading the fixed form of SPEC section 5 takes every
     * place listed for one it can build now. The short list (plain !spots in the setup) gives
     * the best settlement corners first, at most RENDER_SPOTS_SHORT of them. */
    static int lists[4][BOARD_MAX_EDGES];
    int counts[4] = {0};
    for (int k = 0; k < 4; k++)
        if ((kinds & spot_order[k]) && !(later & spot_order[k]))
            counts[k] = spots_of(g, seat, spot_order[k], lists[k]);

    struct rlist r;
    begin(&r, st, out, seat, MSG_TXT_SPOTS, " ");
    char item[RENDER_LINE_MAX];
    for (int k = 0; k < 4; k++) {
        if (!counts[k])
            continue;
        int shown =
            short_list && spot_order[k] == RENDER_SPOT_SETTLEMENT && counts[k] > RENDER_SPOTS_SHORT
                ? RENDER_SPOTS_SHORT
                : counts[k];
        rlist_group(&r, tr(st->lang, spot_word(spot_order[k])), NULL, " | ");
        for (int j = 0; j < shown; j++)
            rlist_item(&r, place_name(g, spot_order[k], lists[k][j], 0, item, sizeof item));
    }
    if (attack) {
        rlist_group(&r, tr(st->lang, MSG_TXT_ATTACK), NULL, " | ");
        snprintf(item, sizeof item, "%d", geo->route_fortress[seat] + 1);
        rlist_item(&r, item);
    }
    if ((kinds_asked & RENDER_SPOT_ALL) == RENDER_SPOT_ALL) {
        wonders_spots(&r, g, st, seat);
        cities_spots(&r, g, st, seat);
    }
    rlist_end(&r, tr(st->lang, MSG_TXT_NONE));
}

/* What is awaited, appended to l. */
static void add_awaited(struct rline *l, const struct game *g, const struct render_style *st)
{
    const char *cur = seat_nick(st, g->current);
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        rline_tr(l, st, MSG_ST_SETUP_SETTLEMENT, cur);
        break;
    case PHASE_SETUP_ROAD:
        rline_tr(l, st, MSG_ST_SETUP_ROAD, cur, g->setup_vertex + 1);
        break;
    case PHASE_ROLL:
        rline_tr(l, st, g->ck.on ? MSG_ST_CK_ROLL : MSG_ST_ROLL, g->turn, cur);
        break;
    case PHASE_DISCARD:
        rline_tr(l, st, MSG_ST_DISCARD, g->turn, cur);
        break;
    case PHASE_ROBBER:
        rline_tr(l, st, game_geo(g)->has_pirate ? MSG_ST_ROBBER_PIRATE : MSG_ST_ROBBER, g->turn,
                 cur);
        break;
    case PHASE_MAIN:
        rline_tr(l, st, MSG_ST_MAIN, g->turn, cur, g->dice[0] + g->dice[1]);
        break;
    case PHASE_SPECIAL_BUILD:
        rline_tr(l, st, MSG_ST_SPECIAL, g->turn, seat_nick(st, g->sb_player));
        break;
    case PHASE_GOLD: /* who still chooses, and how many, follow as for the discards */
        if (g->gold_resume == PHASE_SETUP_ROAD)
            rline_tr(l, st, MSG_ST_GOLD_SETUP, cur);
        else if (g->gold_resume == PHASE_SETUP_SETTLEMENT)
            rline_tr(l, st, MSG_ST_GOLD_SETUP_FOG);
        else if (game_geo(g)->fog_hexes) /* a roll, or gold found in the fog */
            rline_tr(l, st, MSG_ST_GOLD_FOG, g->turn, cur);
        else
            rline_tr(l, st, MSG_ST_GOLD, g->turn, cur, g->dice[0] + g->dice[1]);
        break;
    default:
        if (g->winner >= 0)
            rline_tr(l, st, MSG_ST_OVER_WON, seat_nick(st, g->winner));
        else
            rline_tr(l, st, MSG_ST_OVER);
        break;
    }
}

/* Whether the game waits for a person, not only for computer players. */
static bool waits_for_person(const struct game *g, const struct render_style *st)
{
    unsigned waiting = game_waiting_for(g);
    for (int p = 0; p < g->opt.n_players; p++)
        if ((waiting >> p & 1) && !seat_is_robot(st, p))
            return true;
    return false;
}

/* The command(s) the awaited person types, appended to l as the prompts name them. */
static void add_hint(struct rline *l, const struct game *g, const struct render_style *st)
{
    const char *pre = style_prefix(st);
    if (!waits_for_person(g, st) || cities_hint(l, g, st) || two_hint(l, g, st))
        return;
    for (int p = 0; !g->ck.on && p < g->opt.n_players; p++)
        if (g->dice_ask[p]) /* an event card's questions: their lines carry the commands */
            return;
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        rline_tr(l, st, MSG_HINT_SETTLE, pre);
        break;
    case PHASE_SETUP_ROAD:
        rline_tr(l, st, MSG_HINT_SETUP_ROAD, pre, g->setup_vertex + 1);
        break;
    case PHASE_ROLL:
        rline_tr(l, st, MSG_HINT_ROLL_OR_PLAY, pre, pre);
        break;
    case PHASE_DISCARD:
        rline_tr(l, st, MSG_HINT_DISCARD, pre, pre);
        break;
    case PHASE_ROBBER:
        if (game_geo(g)->has_pirate)
            rline_tr(l, st, MSG_HINT_ROBBER_PIRATE, pre, pre);
        else
            rline_tr(l, st, MSG_HINT_ROBBER, pre);
        break;
    case PHASE_MAIN:
    case PHASE_SPECIAL_BUILD:
        rline_tr(l, st, MSG_HINT_END, pre);
        break;
    case PHASE_GOLD:
        rline_tr(l, st, MSG_HINT_GOLD, pre);
        break;
    default:
        break;
    }
}

const char *render_move_hint(const struct game *g, const struct render_style *st, char *buf,
                             size_t size)
{
    struct rline l;
    rline_init(&l);
    add_hint(&l, g, st);
    snprintf(buf, size, "%s", l.len < size ? l.s : ""); /* a hint cut short would mislead */
    return buf;
}

void render_status(const struct game *g, const struct render_style *st, const char *time_left,
                   const struct render_sink *out)
{
    /* On a map with sea: ships, the longest trade route (roads and ships) and island points;
     * the base and big boards read as the base game. A map without the longest route (Cloth
     * for Catan) names neither it nor anyone's route length. */
    const struct board_geo *geo = game_geo(g);
    int sea = geo_has_sea(geo), jungle = is_jungle(g), river = geo->has_river;
    int route = !geo->no_longest;
    struct rline l;
    char nick[NICK_BUF];
    rline_init(&l);
    add_awaited(&l, g, st);
    cities_awaited(&l, g, st);
    two_awaited(&l, g, st);
    if (!g->ck.on)
        dice_ask_status(&l, g, st);
    if (g->phase == PHASE_DISCARD || g->phase == PHASE_GOLD)
        for (int p = 0, first = 1; p < g->opt.n_players; p++) {
            int owed = g->phase == PHASE_GOLD ? g->p[p].gold : g->p[p].discard;
            if (owed) {
                rline_add(&l, first ? " " : i18n_comma(st->lang));
                rline_fmt(&l, st, "%s %d", seat_nick(st, p), owed);
                first = 0;
            }
        }
    add_hint(&l, g, st);
    if (time_left && time_left[0] && g->phase != PHASE_OVER)
        rline_fmt(&l, st, " (%s)", time_left);
    rline_emit(&l, out, RENDER_PUBLIC);

    struct rlist r;
    rlist_begin(&r, out, RENDER_PUBLIC, tr(st->lang, MSG_ST_SCORES), " | ");
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct game_player *pl = &g->p[p];
        struct rline item;
        rline_init(&item);
        rline_iso(&item, st, nick_str(st, p, nick));
        int vp = g->phase == PHASE_OVER ? game_vp_total(g, p) : game_vp_public(g, p);
        int cards = game_hand_size(g, p);
        rline_tr(&item, st, MSG_ST_VP, vp);
        rline_tr(&item, st, cards == 1 ? MSG_ST_CARDS_1 : MSG_ST_CARDS_N, cards);
        if (g->ck.on) { /* no development cards: progress cards, knights on the board */
            cities_status_player(&item, g, st, p);
        } else {
            rline_tr(&item, st, MSG_ST_DEV, game_dev_count(g, p));
            rline_tr(&item, st, pl->knights == 1 ? MSG_ST_KNIGHTS_1 : MSG_ST_KNIGHTS_N,
                     pl->knights);
        }
        if (route)
            rline_tr(&item, st, sea ? MSG_ST_ROUTE_LEN : MSG_ST_ROAD_LEN, pl->road_length);
        if (jungle)
            rline_tr(&item, st, pl->discoveries == 1 ? MSG_ST_DISCOVERIES_1 : MSG_ST_DISCOVERIES_N,
                     pl->discoveries);
        if (river) {
            int gold = game_river_points(g, p);
            rline_tr(&item, st, gold == 1 ? MSG_ST_GOLD_POINTS_1 : MSG_ST_GOLD_POINTS_N, gold);
        }
        if (sea) {
            int island = game_island_points(g, p);
            rline_tr(&item, st, pl->ships == 1 ? MSG_ST_SHIPS_1 : MSG_ST_SHIPS_N, pl->ships);
            if (island)
                rline_tr(&item, st, island == 1 ? MSG_ST_ISLAND_1 : MSG_ST_ISLAND_N, island);
            /* The tribe's point gifts, and cloth (Cloth for Catan: 2 make a point). */
            int tribe = game_tribe_points(g, p);
            if (tribe)
                rline_tr(&item, st, MSG_ST_TRIBE, tribe);
            if (game_geo(g)->n_villages)
                rline_tr(&item, st, MSG_ST_CLOTH, pl->cloth);
            if (p < game_geo(g)->n_routes && g->fortress[p]) /* The Pirate Islands */
                rline_tr(&item, st, MSG_ST_FORTRESS, g->fortress[p], g->warships[p]);
            else if (p < game_geo(g)->n_routes)
                rline_tr(&item, st, MSG_ST_FORTRESS_TAKEN, g->warships[p]);
        }
        if (pl->resigned)
            rline_tr(&item, st, MSG_ST_RESIGNED);
        rlist_item(&r, item.s);
    }
    rlist_end(&r, tr(st->lang, MSG_NOBODY));

    rline_init(&l);
    if (g->ck.on) { /* no largest army: the barbarians (SPEC §5) */
        rline_tr(&l, st, MSG_ST_CK_BARBARIANS, g->ck.barbarians, CK_VOYAGE);
    } else {
        rline_tr(&l, st, MSG_ST_ARMY);
        if (g->largest_army >= 0) {
            rline_iso(&l, st, nick_str(st, g->largest_army, nick));
            rline_fmt(&l, st, " (%d)", g->p[g->largest_army].knights);
        } else {
            rline_add(&l, tr(st->lang, MSG_NOBODY));
        }
    }
    if (route) {
        rline_tr(&l, st, sea ? MSG_ST_ROUTE : MSG_ST_ROAD);
        if (g->longest_road >= 0) {
            rline_iso(&l, st, nick_str(st, g->longest_road, nick));
            rline_fmt(&l, st, " (%d)", g->p[g->longest_road].road_length);
        } else {
            rline_add(&l, tr(st->lang, MSG_NOBODY));
        }
    }
    if (g->ck.on)
        cities_status(&l, g, st);
    else
        rline_tr(&l, st, MSG_ST_DECK, g->deck_size - g->deck_pos);
    if (g->opt.two) { /* Catan for two: the trade tokens */
        char tokens[RENDER_LINE_MAX];
        render_tokens(g, st, -1, tokens, sizeof tokens);
        rline_add(&l, " | ");
        rline_add(&l, tokens);
    }
    if (pirate_hex(g, geo) >= 0) {
        char name[4];
        rline_tr(&l, st, MSG_ST_PIRATE, board_hex_name(pirate_hex(g, geo), name));
    }
    if (jungle)
        rline_tr(&l, st, MSG_ST_JUNGLE);
    if (geo->fog_hexes)
        rline_tr(&l, st, __builtin_popcountll(g->fog) == 1 ? MSG_ST_FOG_1 : MSG_ST_FOG_N,
                 __builtin_popcountll(g->fog));
    if (river)
        rline_tr(&l, st, MSG_ST_RIVER);
    if (g->wonders)
        wonders_status(&l, g, st);
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_corner(const struct game *g, const struct render_style *st, int seat, int v,
                   const struct render_sink *out)
{
    const struct board_geo *geo = game_geo(g);
    struct rline l;
    char chan[RENDER_CHAN_MAX + 2], name[4], nick[NICK_BUF], cards[CARDS_BUF];
    uint8_t miss[RES_COUNT];
    int to = seat >= 0 && seat < g->opt.n_players ? seat : RENDER_PUBLIC, lang = st->lang;
    rline_init(&l);
    rline_add(&l, chan_prefix(st, chan));
    rline_tr(&l, st, MSG_CORNER, v + 1);
    int land = 0, pips, kinds;
    for (int k = 0; k < 3; k++) {
        int h = geo->vertex_hex[v][k];
        if (h < 0)
            continue;
        rline_add(&l, land++ ? i18n_comma(lang) : "");
        rline_fmt(&l, st, "%s", board_hex_name(h, name));
        rline_addf(&l, " %s", terrain_name(lang, g->terrain[h]));
        if (g->token[h])
            rline_tr(&l, st,
                     render_pips(g->token[h]) == 1 ? MSG_CORNER_TOKEN_1 : MSG_CORNER_TOKEN_N,
                     g->token[h], render_pips(g->token[h]));
        if (g->robber == h)
            rline_addf(&l, " %s", tr(lang, MSG_TXT_ROBBER));
        if (h == pirate_hex(g, geo))
            rline_addf(&l, " %s", tr(lang, MSG_TXT_PIRATE));
    }
    if (land < 3)
        rline_addf(&l, ", %s", tr(lang, MSG_TERRAIN_SEA));
    corner_worth(g, v, &pips, &kinds);
    rline_tr(&l, st, kinds == 1 ? MSG_CORNER_WORTH_1 : MSG_CORNER_WORTH_N, pips, kinds);
    if (g->mine >= 0 && (geo->hex_vertex_bits[g->mine][v >> 6] >> (v & 63) & 1))
        rline_tr(&l, st, MSG_CORNER_MINE);
    int slot = geo->vertex_harbor_slot[v];
    if (slot >= 0 && slot < geo->n_harbors && g->harbor[slot] <= HARBOR_GENERIC) {
        if (g->harbor[slot] == HARBOR_GENERIC)
            rline_tr(&l, st, MSG_CORNER_HARBOR);
        else
            rline_tr(&l, st, MSG_CORNER_HARBOR_RES, render_res_name_in(lang, g->harbor[slot]));
    }
    int owner = g->vertex_owner[v];
    if (owner >= 0) {
        rline_tr(&l, st,
                 g->vertex_building[v] == BUILDING_CITY ? MSG_CORNER_CITY : MSG_CORNER_SETTLEMENT,
                 nick_str(st, owner, nick));
        int now = to >= 0 && (buildable_kinds(g, seat) & RENDER_SPOT_CITY);
        if (to >= 0 && game_can_city(g, seat, v) && lacking(g, seat, RENDER_SPOT_CITY, miss))
            rline_tr(&l, st, now ? MSG_CORNER_CITY_NEED : MSG_CORNER_CITY_LATER_NEED,
                     cards_str(lang, miss, cards, sizeof cards));
        else if (to >= 0 && game_can_city(g, seat, v))
            rline_tr(&l, st, now ? MSG_CORNER_CITY_NOW : MSG_CORNER_CITY_LATER);
        rline_emit(&l, out, RENDER_PUBLIC);
        return;
    }
    int near = -1;
    for (int k = 0; k < 3 && near < 0; k++) {
        int w = geo->vertex_vertex[v][k];
        if (w >= 0 && g->vertex_owner[w] >= 0)
            near = w;
    }
    if (near >= 0)
        rline_tr(&l, st,
                 g->vertex_building[near] == BUILDING_CITY ? MSG_CORNER_NEAR_CITY
                                                           : MSG_CORNER_NEAR_SETTLEMENT,
                 nick_str(st, g->vertex_owner[near], nick), near + 1);
    else if (!(geo->vertex_hex_bits[v] & g->land))
        rline_tr(&l, st, geo->vertex_hex_bits[v] & g->fog ? MSG_CORNER_IN_FOG : MSG_CORNER_NO_LAND);
    else if (to < 0)
        rline_tr(&l, st, MSG_CORNER_FREE);
    else if (g->phase == PHASE_SETUP_SETTLEMENT && (geo->vertex_hex_bits[v] & g->river_hexes))
        rline_tr(&l, st, MSG_CORNER_RIVER_BANK);
    else if (!game_can_settle(g, seat, v))
        rline_tr(&l, st, MSG_CORNER_NO_ROAD);
    else if (lacking(g, seat, RENDER_SPOT_SETTLEMENT, miss))
        rline_tr(&l, st,
                 buildable_kinds(g, seat) & RENDER_SPOT_SETTLEMENT ? MSG_CORNER_SETTLE_NEED
                                                                   : MSG_CORNER_LATER_NEED,
                 cards_str(lang, miss, cards, sizeof cards));
    else if (buildable_kinds(g, seat) & RENDER_SPOT_SETTLEMENT)
        rline_tr(&l, st, MSG_CORNER_SETTLE_NOW);
    else if (in_setup(g))
        rline_tr(&l, st, MSG_CORNER_SETUP);
    else
        rline_tr(&l, st, MSG_CORNER_LATER);
    rline_emit(&l, out, RENDER_PUBLIC);
}
