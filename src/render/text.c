/* The fixed reply forms of SPEC §5 (board text, hand, spots) and the status summary. */
#include <stdio.h>
#include <string.h>

#include "render/internal.h"

/* By enum terrain: a gold field (Seafarers) is "gold", a land hex with a token like the others;
 * the Jungle variant's desert is "jungle", with its token; the Great River's delta "swamp". */
static const char *const terrain_names[] = {"wood",   "brick", "wool", "grain",  "ore",
                                            "desert", "gold",  "sea",  "jungle", "swamp"};

static const char *terrain_name(int t)
{
    return t >= 0 && t <= TERRAIN_SWAMP ? terrain_names[t] : "?";
}

/* Whether the game is still placing its setup pieces: a gold field beside the second setup
 * settlement pays before the setup road. */
static int in_setup(const struct game *g)
{
    return g->phase == PHASE_SETUP_SETTLEMENT || g->phase == PHASE_SETUP_ROAD ||
           (g->phase == PHASE_GOLD &&
            (g->gold_resume == PHASE_SETUP_ROAD || g->gold_resume == PHASE_SETUP_SETTLEMENT));
}

static void begin(struct rlist *r, const struct render_style *st, const struct render_sink *out,
                  int to, const char *what, const char *sep)
{
    char chan[RENDER_CHAN_MAX + 2], prefix[RENDER_CHAN_MAX + 32];
    snprintf(prefix, sizeof prefix, "%s%s: ", chan_prefix(st, chan), what);
    rlist_begin(r, out, to, prefix, sep);
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

    /* The land with what it gives, then the sea hexes by letter: a map of land only (base,
     * big) has no sea line. */
    begin(&r, st, out, RENDER_PUBLIC, "hexes", ", ");
    uint64_t land = land_now(g, geo), fog = fog_now(g, geo);
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!(land >> h & 1))
            continue;
        int n = snprintf(item, sizeof item, "%s %s", board_hex_name(h, name),
                         terrain_name(g->terrain[h]));
        if (g->token[h])
            n += snprintf(item + n, sizeof item - (size_t)n, " %d", g->token[h]);
        if (g->robber == h)
            snprintf(item + n, sizeof item - (size_t)n, " robber");
        rlist_item(&r, item);
    }
    rlist_end(&r, "none");

    if (geo_has_sea(geo)) {
        /* The pirate is named after its sea hex, as the robber after its land hex. */
        int pirate = pirate_hex(g, geo);
        begin(&r, st, out, RENDER_PUBLIC, "sea", ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (!((land | fog) >> h & 1)) {
                snprintf(item, sizeof item, "%s%s", board_hex_name(h, name),
                         h == pirate ? " pirate" : "");
                rlist_item(&r, item);
            }
        rlist_end(&r, "none");
    }
    if (geo->fog_hexes) {
        /* Hidden hexes by letter (The Fog Islands); none once all are turned over. */
        begin(&r, st, out, RENDER_PUBLIC, "fog", ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (fog >> h & 1)
                rlist_item(&r, board_hex_name(h, name));
        rlist_end(&r, "none");
    }

    /* The Great River: its hexes, then the corner at the tip of its delta. */
    if (geo->has_river) {
        begin(&r, st, out, RENDER_PUBLIC, "river", ", ");
        for (int h = 0; h < geo->n_hexes; h++)
            if (geo->river_hexes >> h & 1)
                rlist_item(&r, board_hex_name(h, name));
        if (geo->river_tip >= 0) {
            snprintf(item, sizeof item, "tip %d", geo->river_tip + 1);
            rlist_item(&r, item);
        }
        rlist_end(&r, "none");
    }

    begin(&r, st, out, RENDER_PUBLIC, "harbors", ", ");
    for (int k = 0; k < geo->n_harbors; k++) {
        int type = g->harbor[k];
        edge_name(geo, geo->harbor_edge[k], edge);
        if (type == HARBOR_GENERIC)
            snprintf(item, sizeof item, "3:1 %s", edge);
        else
            snprintf(item, sizeof item, "%s 2:1 %s", render_res_name(type), edge);
        rlist_item(&r, item);
    }
    rlist_end(&r, "none");

    /* A group per player and kind, so a split line still says whose and what; ships (maps with
     * sea) after the roads. */
    begin(&r, st, out, RENDER_PUBLIC, "buildings", " ");
    for (int p = 0; p < g->opt.n_players; p++) {
        int first = 1;
        static const int kinds[] = {BUILDING_SETTLEMENT, BUILDING_CITY, PIECE_ROAD, PIECE_SHIP};
        for (int k = 0; k < 4; k++) {
            char head[RENDER_NICK_MAX + 16];
            int edges = kinds[k] == PIECE_ROAD || kinds[k] == PIECE_SHIP;
            snprintf(head, sizeof head, "%s %s", seat_nick(st, p),
                     kinds[k] == PIECE_SHIP      ? "ship"
                     : kinds[k] == PIECE_ROAD    ? "road"
                     : kinds[k] == BUILDING_CITY ? "city"
                                                 : "settlement");
            int n = edges ? geo->n_edges : geo->n_vertices, started = 0;
            for (int i = 0; i < n; i++) {
                if (edges ? g->edge_owner[i] != p || edge_is_ship(g, i) != (kinds[k] == PIECE_SHIP)
                          : g->vertex_owner[i] != p || g->vertex_building[i] != kinds[k])
                    continue;
                if (!started) {
                    /* The nick is said once per player unless a line break repeats it. */
                    rlist_group(&r, first ? head : head + strlen(seat_nick(st, p)) + 1, head,
                                first ? "; " : " ");
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
    rlist_end(&r, "none");
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
    rline_addf(&l, "%shand: ", chan_prefix(st, chan));
    int n = game_hand_size(g, seat), any = 0;
    for (int r = 0; r < RES_COUNT; r++)
        any |= pl->res[r] != 0;
    if (any) {
        rline_cards(&l, pl->res);
        rline_add(&l, " ");
    }
    rline_addf(&l, "(%d cards)", n); /* a fixed form (SPEC §5), also for one card */
    const uint8_t *decks[2] = {pl->dev, pl->dev_new};
    const char *heads[2] = {" | dev: ", " | new: "};
    for (int d = 0; d < 2; d++) {
        int first = 1;
        for (int c = 0; c < DEV_COUNT; c++)
            for (int i = 0; i < decks[d][c]; i++) {
                rline_add(&l, first ? heads[d] : ", ");
                rline_add(&l, render_dev_name(c));
                first = 0;
            }
    }
    if (pl->discoveries && is_jungle(g)) /* counters, not cards: after the cards */
        rline_addf(&l, " | discoveries: %d", pl->discoveries);
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

void render_spots(const struct game *g, const struct render_style *st, int seat, unsigned kinds,
                  const struct render_sink *out)
{
    if (seat < 0 || seat >= g->opt.n_players)
        return;
    const struct board_geo *geo = game_geo(g);
    const struct game_player *pl = &g->p[seat];
    kinds &= buildable_kinds(g, seat);
    if (pl->settlements >= GAME_SETTLEMENTS)
        kinds &= ~(unsigned)RENDER_SPOT_SETTLEMENT;
    if (pl->roads >= GAME_ROADS)
        kinds &= ~(unsigned)RENDER_SPOT_ROAD;
    if (pl->cities >= GAME_CITIES)
        kinds &= ~(unsigned)RENDER_SPOT_CITY;
    if (pl->ships >= GAME_SHIPS || !geo_has_sea(geo))
        kinds &= ~(unsigned)RENDER_SPOT_SHIP;

    struct rlist r;
    begin(&r, st, out, seat, "spots", " ");
    char item[32];
    /* The order of SPEC §5, ships (maps with sea) right after the roads. */
    static const unsigned order[] = {RENDER_SPOT_SETTLEMENT, RENDER_SPOT_ROAD, RENDER_SPOT_SHIP,
                                     RENDER_SPOT_CITY};
    for (int k = 0; k < 4; k++) {
        if (!(kinds & order[k]))
            continue;
        int first = 1, edges = order[k] == RENDER_SPOT_ROAD || order[k] == RENDER_SPOT_SHIP;
        int n = edges ? geo->n_edges : geo->n_vertices;
        int list[BOARD_MAX_EDGES], count = 0;
        for (int i = 0; i < n; i++) {
            int ok;
            if (order[k] == RENDER_SPOT_ROAD)
                ok = game_can_road(g, seat, i);
            else if (order[k] == RENDER_SPOT_SHIP)
                ok = game_can_ship(g, seat, i);
            else if (order[k] == RENDER_SPOT_SETTLEMENT)
                ok = game_can_settle(g, seat, i);
            else
                ok = game_can_city(g, seat, i);
            if (ok)
                list[count++] = i;
        }
        /* Corners best first: most pips, then most different resources (then by number). */
        if (!edges)
            for (int a = 1; a < count; a++)
                for (int b = a; b > 0 && corner_better(g, list[b], list[b - 1]); b--) {
                    int t = list[b];
                    list[b] = list[b - 1];
                    list[b - 1] = t;
                }
        for (int j = 0; j < count; j++) {
            int i = list[j];
            if (first)
                rlist_group(&r,
                            order[k] == RENDER_SPOT_ROAD         ? "road"
                            : order[k] == RENDER_SPOT_SHIP       ? "ship"
                            : order[k] == RENDER_SPOT_SETTLEMENT ? "settlement"
                                                                 : "city",
                            NULL, " | ");
            first = 0;
            if (edges)
                edge_name(geo, i, item);
            else
                snprintf(item, sizeof item, "%d", i + 1);
            rlist_item(&r, item);
        }
    }
    rlist_end(&r, "none");
}

static const char *awaited(const struct game *g, char *buf, size_t size,
                           const struct render_style *st)
{
    const char *cur = seat_nick(st, g->current);
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
        snprintf(buf, size, "setup: %s places a settlement", cur);
        break;
    case PHASE_SETUP_ROAD:
        snprintf(buf, size, "setup: %s places a road next to %d", cur, g->setup_vertex + 1);
        break;
    case PHASE_ROLL:
        snprintf(buf, size, "turn %d: %s rolls the dice (or plays a development card)", g->turn,
                 cur);
        break;
    case PHASE_DISCARD:
        snprintf(buf, size, "turn %d: %s rolled 7, waiting for discards:", g->turn, cur);
        break;
    case PHASE_ROBBER:
        snprintf(buf, size, "turn %d: %s moves the robber%s", g->turn, cur,
                 game_geo(g)->has_pirate ? " or the pirate" : "");
        break;
    case PHASE_MAIN:
        snprintf(buf, size, "turn %d: %s rolled %d, trades, builds or ends the turn", g->turn, cur,
                 g->dice[0] + g->dice[1]);
        break;
    case PHASE_SPECIAL_BUILD:
        snprintf(buf, size, "turn %d: special building phase, %s builds or passes", g->turn,
                 seat_nick(st, g->sb_player));
        break;
    case PHASE_GOLD: /* who still chooses, and how many, follow as for the discards */
        if (g->gold_resume == PHASE_SETUP_ROAD)
            snprintf(buf, size, "setup: %s placed a settlement, waiting for gold choices:", cur);
        else if (g->gold_resume == PHASE_SETUP_SETTLEMENT)
            snprintf(buf, size, "setup: gold found in the fog, waiting for gold choices:");
        else if (game_geo(g)->fog_hexes) /* a roll, or gold found in the fog */
            snprintf(buf, size, "turn %d: %s's turn, waiting for gold choices:", g->turn, cur);
        else
            snprintf(buf, size, "turn %d: %s rolled %d, waiting for gold choices:", g->turn, cur,
                     g->dice[0] + g->dice[1]);
        break;
    default:
        if (g->winner >= 0)
            snprintf(buf, size, "game over: %s won", seat_nick(st, g->winner));
        else
            snprintf(buf, size, "game over");
        break;
    }
    return buf;
}

void render_status(const struct game *g, const struct render_style *st, const char *time_left,
                   const struct render_sink *out)
{
    /* On a map with sea: ships, the longest trade route (roads and ships) and island points;
     * the base and big boards read as the base game. */
    const struct board_geo *geo = game_geo(g);
    int sea = geo_has_sea(geo), jungle = is_jungle(g), river = geo->has_river;
    struct rline l;
    char buf[RENDER_NICK_MAX * 2 + 128];
    rline_init(&l);
    rline_add(&l, awaited(g, buf, sizeof buf, st));
    if (g->phase == PHASE_DISCARD || g->phase == PHASE_GOLD)
        for (int p = 0, first = 1; p < g->opt.n_players; p++) {
            int owed = g->phase == PHASE_GOLD ? g->p[p].gold : g->p[p].discard;
            if (owed) {
                rline_addf(&l, "%s %s %d", first ? "" : ",", seat_nick(st, p), owed);
                first = 0;
            }
        }
    if (time_left && time_left[0] && g->phase != PHASE_OVER)
        rline_addf(&l, " (%s)", time_left);
    rline_emit(&l, out, RENDER_PUBLIC);

    struct rlist r;
    rlist_begin(&r, out, RENDER_PUBLIC, "scores: ", " | ");
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct game_player *pl = &g->p[p];
        struct rline item;
        rline_init(&item);
        rline_nick(&item, st, p);
        int vp = g->phase == PHASE_OVER ? game_vp_total(g, p) : game_vp_public(g, p);
        int cards = game_hand_size(g, p);
        rline_addf(&item, " %d VP, %d card%s, %d dev, %d knight%s, %s %d", vp, cards,
                   cards == 1 ? "" : "s", game_dev_count(g, p), pl->knights,
                   pl->knights == 1 ? "" : "s", sea ? "trade route" : "road", pl->road_length);
        if (jungle)
            rline_addf(&item, ", %d discover%s", pl->discoveries,
                       pl->discoveries == 1 ? "y" : "ies");
        if (river) {
            int gold = game_gold_points(g, p);
            rline_addf(&item, ", %d gold point%s", gold, gold == 1 ? "" : "s");
        }
        if (sea) {
            int island = game_island_points(g, p);
            rline_addf(&item, ", %d ship%s", pl->ships, pl->ships == 1 ? "" : "s");
            if (island)
                rline_addf(&item, ", %d island point%s", island, island == 1 ? "" : "s");
        }
        if (pl->resigned)
            rline_add(&item, " (resigned)");
        rlist_item(&r, item.s);
    }
    rlist_end(&r, "nobody");

    rline_init(&l);
    rline_add(&l, "largest army: ");
    if (g->largest_army >= 0) {
        rline_nick(&l, st, g->largest_army);
        rline_addf(&l, " (%d)", g->p[g->largest_army].knights);
    } else {
        rline_add(&l, "nobody");
    }
    rline_add(&l, sea ? " | longest trade route: " : " | longest road: ");
    if (g->longest_road >= 0) {
        rline_nick(&l, st, g->longest_road);
        rline_addf(&l, " (%d)", g->p[g->longest_road].road_length);
    } else {
        rline_add(&l, "nobody");
    }
    rline_addf(&l, " | %d development cards left", g->deck_size - g->deck_pos);
    if (pirate_hex(g, geo) >= 0) {
        char name[4];
        rline_addf(&l, " | pirate on %s", board_hex_name(pirate_hex(g, geo), name));
    }
    if (jungle)
        rline_add(&l, " | variant: the Jungle");
    if (geo->fog_hexes)
        rline_addf(&l, " | %d hex%s in the fog", __builtin_popcountll(g->fog),
                   __builtin_popcountll(g->fog) == 1 ? "" : "es");
    if (river)
        rline_add(&l, " | variant: the Great River");
    rline_emit(&l, out, RENDER_PUBLIC);
}

void render_corner(const struct game *g, const struct render_style *st, int seat, int v,
                   const struct render_sink *out)
{
    const struct board_geo *geo = game_geo(g);
    struct rline l;
    char chan[RENDER_CHAN_MAX + 2], name[4];
    int to = seat >= 0 && seat < g->opt.n_players ? seat : RENDER_PUBLIC;
    rline_init(&l);
    rline_addf(&l, "%scorner %d: ", chan_prefix(st, chan), v + 1);
    int land = 0, pips, kinds;
    for (int k = 0; k < 3; k++) {
        int h = geo->vertex_hex[v][k];
        if (h < 0)
            continue;
        rline_add(&l, land++ ? ", " : "");
        rline_addf(&l, "%s %s", board_hex_name(h, name), terrain_name(g->terrain[h]));
        if (g->token[h])
            rline_addf(&l, " %d (%d pip%s)", g->token[h], render_pips(g->token[h]),
                       render_pips(g->token[h]) == 1 ? "" : "s");
        if (g->robber == h)
            rline_add(&l, " robber");
        if (h == pirate_hex(g, geo))
            rline_add(&l, " pirate");
    }
    if (land < 3)
        rline_add(&l, ", sea");
    corner_worth(g, v, &pips, &kinds);
    rline_addf(&l, "; %d pips, %d resource%s", pips, kinds, kinds == 1 ? "" : "s");
    if (geo->river_tip == v)
        rline_add(&l, " | the river's tip: 2 gold points");
    else if (geo->has_river && (geo->river_vertex_bits[v >> 6] >> (v & 63) & 1))
        rline_add(&l, " | on the river: 1 gold point");
    int slot = geo->vertex_harbor_slot[v];
    if (slot >= 0 && slot < geo->n_harbors) {
        if (g->harbor[slot] == HARBOR_GENERIC)
            rline_add(&l, " | harbor 3:1");
        else
            rline_addf(&l, " | harbor %s 2:1", render_res_name(g->harbor[slot]));
    }
    int owner = g->vertex_owner[v];
    if (owner >= 0) {
        rline_add(&l, " | ");
        rline_nick(&l, st, owner);
        rline_add(&l, g->vertex_building[v] == BUILDING_CITY ? "'s city" : "'s settlement");
        if (to >= 0 && game_can_city(g, seat, v))
            rline_add(&l, buildable_kinds(g, seat) & RENDER_SPOT_CITY
                              ? ": you may build a city here now"
                              : ": you may build a city here on your move");
        rline_emit(&l, out, RENDER_PUBLIC);
        return;
    }
    int near = -1;
    for (int k = 0; k < 3 && near < 0; k++) {
        int w = geo->vertex_vertex[v][k];
        if (w >= 0 && g->vertex_owner[w] >= 0)
            near = w;
    }
    if (near >= 0) {
        rline_add(&l, " | nobody may build here: too close to ");
        rline_nick(&l, st, g->vertex_owner[near]);
        rline_addf(&l, "'s %s at %d (distance rule)",
                   g->vertex_building[near] == BUILDING_CITY ? "city" : "settlement", near + 1);
    } else if (to < 0) {
        rline_add(&l, " | free");
    } else if (g->phase == PHASE_SETUP_SETTLEMENT &&
               (geo->swamp_vertex_bits[v >> 6] >> (v & 63) & 1)) {
        rline_add(&l, " | free, but no setup settlement may touch the swamp");
    } else if (!game_can_settle(g, seat, v)) {
        rline_add(&l, " | free, but no road of yours reaches it");
    } else if (buildable_kinds(g, seat) & RENDER_SPOT_SETTLEMENT) {
        rline_add(&l, " | you may build a settlement here now");
    } else if (in_setup(g)) {
        rline_add(&l, " | free: you may take it at your next placement");
    } else {
        rline_add(&l, " | free, and your roads reach it: you may build here on your move");
    }
    rline_emit(&l, out, RENDER_PUBLIC);
}
