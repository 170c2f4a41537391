/* The value function: what a position is worth to one player, in hundredths of a victory
 * point. The normal player compares the positions its moves lead to; the search uses it to
 * judge playouts it stops early.
 *
 * The terms, and why:
 * - points, and a win above everything;
 * - production: the pips of the player's buildings (a city counts twice), each resource
 *   weighed by how scarce it is on this board, a bonus per different resource produced (a
 *   player short of one resource trades at 4:1), and less as the game nears its end;
 * - harbors that match what the player produces;
 * - room to expand: the best free corners the player's roads reach or could reach with one or
 *   two more roads, while settlements are left;
 * - the hand: cards are worth a little, more so the closer they bring a build; a hand over 7
 *   cards risks losing half to a 7;
 * - development cards held and knights played, the longest road and largest army races;
 * - the opponents' production, weighed by how close each is to winning (this is what sends
 *   the robber to the leader), and their public points (taking an award from them);
 * - on the tribe's maps, the gifts and villages the player's ships could reach, less the more
 *   ships it takes, the villages it trades with, and half a point for an odd cloth;
 * - The Wonders of Catan: the player's wonder by its stages (the fourth wins), the cards toward
 *   its next stage, being the furthest (the points to win need it), and the opponents' stages;
 * - Cities & Knights: commodities, improvements, knights against the barbarians, walls, progress
 *   cards and the merchant (src/ai/cities.c); the hand's risk counts the commodities and the
 *   limit the walls raise. */
#include "ai/internal.h"

#include <stdatomic.h>
#include <string.h>

#include "map/map.h"

enum {
    TERM_POINTS,
    TERM_PRODUCTION,
    TERM_HARBORS,
    TERM_CITIES,
    TERM_ROOM,
    TERM_HAND,
    TERM_CARDS,
    TERM_ROAD,
    TERM_PIRATES,
    TERM_OPPONENTS,
    TERM_TRIBE,
    TERM_WONDER,
    TERM_HARBORMASTER,
    VALUE_TERMS
};

/* Tuned against copies of itself (one seat with changed weights against three with these,
 * 4000 games a try): each weight multiplied by 0.6 and by 1.6 in turn, kept when the changed
 * player won clearly more than its 25%. The card, far-corner and road length weights moved;
 * no other change helped beyond the noise. */
const struct ai_weights ai_default_weights = {
    .vp = 100,
    .win = 100000,
    .pip = 5,
    .diversity = 12,
    .harbor2 = 1.5,
    .harbor3 = 8,
    .expand = 4,
    .expand_second = 0.4,
    .reach = {1.0, 0.55, 0.15},
    .card = 2.5,
    .prog_settle = 30,
    .prog_city = 30,
    .prog_dev = 10,
    .prog_road = 8,
    .risk = 3,
    .dev_held = {20, 20, 22, 22, 0},
    .knight = 10,
    .army_near = 25,
    .road_len = 6,
    .road_near = 20,
    .opp_pip = 1.5,
    .opp_vp = 5,
    .seek = {0.4, 0.2, 0.1, 0.05},
    .gift_card = 25,
    .gift_harbor = 20,
    .village_pip = 15,
    .wonder_stage = {0, 170, 360, 600},
    .prog_wonder = 45,
    .wonder_lead = 40,
    .opp_wonder = 45,
};

void ai_board_init(struct ai_board *b, const struct game *g, const struct ai_weights *w)
{
    static const double base[RES_COUNT] = {1.0, 1.0, 0.85, 1.05, 1.05};
    const struct board_geo *geo = game_geo(g);
    static atomic_uint_fast64_t boards;
    int total[RES_COUNT] = {0}, all = 0;
    b->id = atomic_fetch_add(&boards, 1) + 1;
    b->w = w;
    for (int h = 0; h < geo->n_hexes; h++)
        if (g->terrain[h] < TERRAIN_DESERT) {
            total[g->terrain[h]] += ai_pips(g->token[h]);
            all += ai_pips(g->token[h]);
        }
    for (int r = 0; r < RES_COUNT; r++) {
        /* Scarcity: the mean over the resources divided by this one's, kept within bounds. */
        double s = total[r] ? (double)all / RES_COUNT / total[r] : 1.5;
        s = s < 0.75 ? 0.75 : s > 1.5 ? 1.5 : s;
        b->res_weight[r] = base[r] * (0.5 + 0.5 * s);
    }
    for (int v = 0; v < geo->n_vertices; v++) {
        b->corner_pips[v] = 0;
        b->corner_res[v] = 0;
        b->corner_lanes[v] = 0;
        b->corner_total[v] = 0;
        memset(b->corner_prod[v], 0, RES_COUNT);
        for (int i = 0; i < 3; i++) {
            int h = geo->vertex_hex[v][i];
            if (h < 0 || g->terrain[h] >= TERRAIN_DESERT)
                continue;
            b->corner_pips[v] += b->res_weight[g->terrain[h]] * ai_pips(g->token[h]);
            b->corner_prod[v][g->terrain[h]] += (uint8_t)ai_pips(g->token[h]);
            b->corner_res[v] |= (uint8_t)AI_BIT(g->terrain[h]);
            b->corner_lanes[v] += (uint64_t)ai_pips(g->token[h]) << (AI_LANE * g->terrain[h]);
            b->corner_total[v] += (uint8_t)ai_pips(g->token[h]);
        }
    }
}

/* Expected production of p per resource, in pips (dice combinations of 36 per roll). */
static void production(const struct ai_board *b, const struct game *g, int p, int prod[RES_COUNT])
{
    const struct board_geo *geo = game_geo(g);
    int robbed = g->robber >= 0 && g->terrain[g->robber] < TERRAIN_DESERT ? g->robber : -1;
    uint64_t lanes = 0;
    int lost = 0;
    for (int i = 0; i < BOARD_WORDS; i++)
        for (uint64_t w = g->buildings_of[p][i]; w; w &= w - 1) {
            int v = i * 64 + __builtin_ctzll(w);
            uint64_t mult = g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
            lanes += mult * b->corner_lanes[v];
            if (robbed >= 0 && (geo->vertex_hex_bits[v] >> robbed & 1))
                lost += (int)mult;
        }
    for (int r = 0; r < RES_COUNT; r++)
        prod[r] = (int)(lanes >> (AI_LANE * r) & ((1u << AI_LANE) - 1));
    if (lost)
        prod[g->terrain[robbed]] -= lost * ai_pips(g->token[robbed]);
}

/* All of p's production in pips, as production() would add it up. */
static int production_all(const struct ai_board *b, const struct game *g, int p)
{
    const struct board_geo *geo = game_geo(g);
    int robbed = g->robber >= 0 && g->terrain[g->robber] < TERRAIN_DESERT ? g->robber : -1;
    int all = 0, lost = 0;
    for (int i = 0; i < BOARD_WORDS; i++)
        for (uint64_t w = g->buildings_of[p][i]; w; w &= w - 1) {
            int v = i * 64 + __builtin_ctzll(w);
            int mult = g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
            all += mult * b->corner_total[v];
            if (robbed >= 0 && (geo->vertex_hex_bits[v] >> robbed & 1))
                lost += mult;
        }
    return all - (lost ? lost * ai_pips(g->token[robbed]) : 0);
}

double ai_threat(const struct game *g, int q)
{
    return 0.5 + (double)game_vp_public(g, q) / g->vp_goal;
}

static double production_value(const struct ai_board *b, const int prod[RES_COUNT], double scale)
{
    double v = 0;
    for (int r = 0; r < RES_COUNT; r++)
        v += b->w->pip * scale * b->res_weight[r] * prod[r] +
             (prod[r] > 0) * b->w->diversity * scale;
    return v;
}

static double harbor_value(const struct ai_board *b, const struct game *g, int p,
                           const int prod[RES_COUNT])
{
    unsigned h = 0;
    for (int r = 0; r < RES_COUNT; r++)
        if (g->rates_of[p][r] == 2)
            h |= AI_BIT(r);
    double v = 0, all = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        all += prod[r];
        if (h & AI_BIT(r))
            v += b->w->harbor2 * prod[r];
    }
    if (g->rates_of[p][0] <= 3 && g->rates_of[p][1] <= 3 && g->rates_of[p][2] <= 3 &&
        g->rates_of[p][3] <= 3 && g->rates_of[p][4] <= 3)
        v += b->w->harbor3 + 0.2 * all;
    return v;
}

/* The harbormaster (a house rule): its points are in game_vp_total() once held; before, the
 * harbor points toward it are worth part of them, as much more as the player is nearer. */
static double harbormaster_value(const struct ai_board *b, const struct game *g, int p)
{
    if (!g->opt.harbormaster || g->harbor_master == p + 1)
        return 0;
    int mine = game_harbor_points(g, p), best = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != p && !g->p[q].resigned && game_harbor_points(g, q) > best)
            best = game_harbor_points(g, q);
    int need = best + 1 > 3 ? best + 1 : 3;
    return b->w->vp * 1.2 * (mine < need ? mine : need) / need;
}

/* A free corner's worth to p: its pips, resources p does not produce yet, its harbor. */
static double corner_value(const struct ai_board *b, const struct game *g, int v,
                           const int prod[RES_COUNT], unsigned produced)
{
    const struct board_geo *geo = game_geo(g);
    double q = b->corner_pips[v] + 2.5 * ai_count5(b->corner_res[v] & ~produced);
    int slot = geo->vertex_harbor_slot[v];
    if (slot >= 0 && g->harbor[slot] <= HARBOR_GENERIC)
        q += (g->harbor[slot] == HARBOR_GENERIC ? 1.5
              : prod[g->harbor[slot]] >= 5      ? 3
                                                : 1) +
             (g->opt.harbormaster ? 2 : 0); /* toward the harbormaster */
    return q;
}

/* The corners p's roads reach (at[0]), or would reach with one (at[1]) or two (at[2]) more
 * roads: over free edges, and through corners without an opponent's building. */
static void road_reach(const struct game *g, int p, uint64_t at[3][BOARD_WORDS])
{
    const struct board_geo *geo = game_geo(g);
    uint64_t seen[BOARD_WORDS];
    for (int i = 0; i < BOARD_WORDS; i++) {
        uint64_t theirs = g->buildings_all[i] & ~g->buildings_of[p][i];
        at[0][i] = g->buildings_of[p][i] | (g->reach_of[p][i] & ~theirs);
        seen[i] = at[0][i] | theirs;
    }
    for (int d = 1; d <= 2; d++) {
        /* Corners with a building stop a road: only corners reached at 0 may hold one. */
        uint64_t to[BOARD_WORDS] = {0};
        for (int k = 0; k < BOARD_WORDS; k++)
            for (uint64_t bits = at[d - 1][k]; bits; bits &= bits - 1) {
                int v = k * 64 + __builtin_ctzll(bits);
                for (int i = 0; i < 3; i++) { /* vertex_vertex[v][i]: across vertex_edge[v][i] */
                    int e = geo->vertex_edge[v][i];
                    if (e < 0 || ai_bits_has(g->roads_all, e))
                        continue;
                    int w = geo->vertex_vertex[v][i];
                    to[w >> 6] |= 1ull << (w & 63);
                }
            }
        for (int i = 0; i < BOARD_WORDS; i++) {
            at[d][i] = to[i] & ~seen[i];
            seen[i] |= at[d][i];
        }
    }
}

struct room {
    double value;
    int best_dist; /* roads to the nearest free corner, 3 for none within two */
};

static void expansion_of(const struct ai_board *b, const struct game *g, int p,
                         const int prod[RES_COUNT], struct room *out)
{
    uint64_t at[3][BOARD_WORDS];
    unsigned produced = 0;
    for (int r = 0; r < RES_COUNT; r++)
        produced |= (unsigned)(prod[r] > 0) << r;
    road_reach(g, p, at);
    double best = 0, second = 0;
    out->best_dist = 3;
    for (int d = 2; d >= 0; d--) {
        uint64_t spots[BOARD_WORDS], any = 0;
        int v;
        for (int i = 0; i < BOARD_WORDS; i++)
            any |= spots[i] = at[d][i] & ~g->no_settle[i];
        if (any)
            out->best_dist = d;
        while ((v = ai_bits_pop(spots)) >= 0) {
            double s = corner_value(b, g, v, prod, produced) * b->w->reach[d];
            if (s > best) {
                second = best;
                best = s;
            } else if (s > second) {
                second = s;
            }
        }
    }
    out->value = g->p[p].settlements < GAME_SETTLEMENTS
                     ? b->w->expand * (best + b->w->expand_second * second)
                     : 0;
}

/* The last expansion() of this thread and everything it was reckoned from. The normal player
 * scores most of its moves (a trade, a card bought, a city) on positions whose roads,
 * buildings and production are those of the one before, and the room to expand was most of
 * what the value function cost. */
struct room_memo {
    uint64_t board; /* ai_board.id; 0: nothing yet */
    const struct board_geo *geo;
    struct room_from {
        uint64_t bits[5][BOARD_WORDS]; /* all buildings, all roads, p's buildings and reach,
                                          corners without room */
        int prod[RES_COUNT];
        int settle_left, harbormaster;
        uint8_t harbor[BOARD_MAX_HARBORS];
    } from;
    struct room room;
};
static _Thread_local struct room_memo room_memo;

static void expansion(const struct ai_board *b, const struct game *g, int p,
                      const int prod[RES_COUNT], struct room *out)
{
    struct room_memo *m = &room_memo;
    const struct board_geo *geo = game_geo(g);
    struct room_from from;
    memset(&from, 0, sizeof from);
    memcpy(from.bits[0], g->buildings_all, sizeof from.bits[0]);
    memcpy(from.bits[1], g->roads_all, sizeof from.bits[1]);
    memcpy(from.bits[2], g->buildings_of[p], sizeof from.bits[2]);
    memcpy(from.bits[3], g->reach_of[p], sizeof from.bits[3]);
    memcpy(from.bits[4], g->no_settle, sizeof from.bits[4]);
    memcpy(from.prod, prod, sizeof from.prod);
    from.settle_left = g->p[p].settlements < GAME_SETTLEMENTS;
    from.harbormaster = g->opt.harbormaster;
    memcpy(from.harbor, g->harbor, sizeof from.harbor);
    if (m->board != b->id || m->geo != geo || memcmp(&m->from, &from, sizeof from) != 0) {
        expansion_of(b, g, p, prod, &m->room);
        m->board = b->id;
        m->geo = geo;
        m->from = from;
    }
    *out = m->room;
}

/* How much of a cost the hand covers, squared: the last card of a build counts most. */
static double progress(const uint8_t res[RES_COUNT], const uint8_t cost[RES_COUNT])
{
    int have = 0, need = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        have += res[r] < cost[r] ? res[r] : cost[r];
        need += cost[r];
    }
    double f = (double)have / need;
    return f * f;
}

static double hand_value(const struct ai_board *b, const struct game *g, int p,
                         const struct room *room)
{
    const struct game_player *pl = &g->p[p];
    double v = 0;
    int n = 0;
    for (int r = 0; r < RES_COUNT; r++) {
        v += b->w->card * b->res_weight[r] * pl->res[r];
        n += pl->res[r];
    }
    if (pl->settlements < GAME_SETTLEMENTS && room->best_dist < 3) {
        static const double near[3] = {1, 0.5, 0.25};
        v += b->w->prog_settle * near[room->best_dist] * progress(pl->res, game_cost_settlement);
    }
    if (pl->settlements && pl->cities < GAME_CITIES)
        v += b->w->prog_city * progress(pl->res, game_cost_city);
    if (g->deck_pos < g->deck_size)
        v += b->w->prog_dev * progress(pl->res, game_cost_dev);
    if (room->best_dist > 0 && room->best_dist < 3 && pl->roads < GAME_ROADS)
        v += b->w->prog_road * progress(pl->res, game_cost_road);
    if (g->ck.on) /* commodities are cards too, and walls raise the limit */
        n = game_hand_size(g, p);
    if (n > game_hand_limit(g, p))
        v -= b->w->risk * (n / 2);
    return v;
}

static double cards_value(const struct ai_board *b, const struct game *g, int p)
{
    const struct game_player *pl = &g->p[p];
    double v = b->w->knight * pl->knights;
    for (int c = 0; c < DEV_COUNT; c++)
        v += b->w->dev_held[c] * (pl->dev[c] + pl->dev_new[c]);
    /* One more knight would take (or first win) the largest army. */
    int most = 0;
    for (int q = 0; q < g->opt.n_players; q++)
        if (q != p && g->p[q].knights > most && !g->p[q].resigned)
            most = g->p[q].knights;
    if (g->largest_army != p && pl->knights + 1 > most && pl->knights + 1 >= 3 &&
        pl->dev[DEV_KNIGHT] + pl->dev_new[DEV_KNIGHT] > 0)
        v += b->w->army_near;
    return v;
}

static double road_race(const struct ai_board *b, const struct game *g, int p)
{
    int len = g->p[p].road_length, hold = g->longest_road;
    double v = b->w->road_len * len;
    if (hold != p && len >= 3) {
        int to_beat = hold >= 0 ? g->p[hold].road_length + 1 : 5;
        if (len + 1 >= to_beat)
            v += b->w->road_near;
    }
    return v;
}

static double opponents_value(const struct ai_board *b, const struct game *g, int p)
{
    double v = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        if (q == p || g->p[q].resigned)
            continue;
        int vp = game_vp_public(g, q);
        double threat = 0.5 + (double)vp / g->vp_goal; /* ai_threat() */
        v += b->w->opp_pip * threat * production_all(b, g, q) + b->w->opp_vp * vp;
    }
    return v;
}

/* Ships p needs to reach each corner, up to 4 (5: further): from p's buildings and ships, over
 * free sides with sea, through corners without another player's building. */
static void ship_distance(const struct game *g, int p, uint8_t dist[BOARD_MAX_VERTICES])
{
    const struct board_geo *geo = game_geo(g);
    int queue[BOARD_MAX_VERTICES], head = 0, tail = 0;
    memset(dist, 5, BOARD_MAX_VERTICES);
    for (int e = 0; e < geo->n_edges; e++) /* a ship sails on from a ship */
        for (int k = 0; k < 2 && ai_bits_has(g->ships_of[p], e); k++)
            dist[geo->edge_vertex[e][k]] = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        if (ai_bits_has(g->buildings_of[p], v) || dist[v] == 0) { /* or from a building */
            dist[v] = 0;
            queue[tail++] = v;
        }
    while (head < tail) {
        int v = queue[head++];
        if (dist[v] >= 4 || (g->vertex_owner[v] >= 0 && g->vertex_owner[v] != p))
            continue;
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e < 0 || g->edge_owner[e] >= 0 || !ai_bits_has(g->edge_sea, e))
                continue;
            int w = geo->edge_vertex[e][0] ^ geo->edge_vertex[e][1] ^ v;
            if (dist[w] > dist[v] + 1) {
                dist[w] = (uint8_t)(dist[v] + 1);
                queue[tail++] = w;
            }
        }
    }
}

/* The tribe's spots for p: the best two gifts or villages within four ships (each worth less
 * the more ships it takes), the villages p trades with (their cloth to come), and half a point
 * for an odd cloth (2 make a point; game_vp_total counts only the pairs). */
static double tribe_value(const struct ai_board *b, const struct game *g, int p)
{
    const struct board_geo *geo = game_geo(g);
    const struct ai_weights *w = b->w;
    uint8_t dist[BOARD_MAX_VERTICES];
    double best = 0, second = 0, v = 0;
    ship_distance(g, p, dist);
    for (int k = 0; k < geo->n_gifts + geo->n_villages; k++) {
        double worth;
        int need;
        if (k < geo->n_gifts) {
            int e = geo->gift_edge[k], kind = geo->gift_kind[k];
            if (g->gift_owner[k] != -1 || g->edge_owner[e] >= 0)
                continue;
            int d0 = dist[geo->edge_vertex[e][0]], d1 = dist[geo->edge_vertex[e][1]];
            need = (d0 < d1 ? d0 : d1) + 1;
            worth = kind == MAP_GIFT_POINT  ? w->vp
                    : kind == MAP_GIFT_CARD ? w->gift_card
                                            : w->gift_harbor;
        } else {
            int i = k - geo->n_gifts;
            double future = w->village_pip * ai_pips(geo->village_number[i]);
            if (!g->village_cloth[i])
                continue;
            if (g->village_traders[i] >> p & 1) {
                v += future;
                continue;
            }
            need = dist[geo->village_vertex[i]];
            need = need < 1 ? 1 : need;
            worth = w->vp / 2 + future;
        }
        if (need > 4)
            continue;
        double s = worth * w->seek[need - 1];
        if (s > best) {
            second = best;
            best = s;
        } else if (s > second) {
            second = s;
        }
    }
    if (geo->n_villages)
        v += w->vp / 2 * (g->p[p].cloth % 2);
    return v + best + 0.5 * second;
}

static double wonder_value(const struct ai_board *b, const struct game *g, int p)
{
    int mine = game_wonder_of(g, p), level = mine >= 0 ? g->wonder_level[mine] : 0;
    int leads = game_wonder_leads(g, p);
    double v = b->w->wonder_stage[level < GAME_WONDER_STAGES ? level : GAME_WONDER_STAGES - 1] +
               leads * b->w->wonder_lead;
    if (mine >= 0)
        v += b->w->prog_wonder * (1 + level) * progress(g->p[p].res, game_cost_wonder[mine]);
    else /* a wonder p may start: the cards toward it count a little */
        for (int w = 0; w < GAME_WONDERS; w++)
            if (g->wonder_owner[w] < 0 && game_wonder_meets(g, p, w)) {
                v += b->w->prog_wonder * progress(g->p[p].res, game_cost_wonder[w]);
                break;
            }
    for (int w = 0; w < GAME_WONDERS; w++)
        if (g->wonder_owner[w] >= 0 && g->wonder_owner[w] != p)
            v -= b->w->opp_wonder * g->wonder_level[w] * g->wonder_level[w];
    return v;
}

/* A player whose points reach the goal in their own turn wins at the next check (with The
 * Wonders of Catan, only while their wonder is the furthest). */
static int wins_now(const struct game *g, int p)
{
    return g->current == p && g->phase >= PHASE_ROLL && g->phase <= PHASE_MAIN &&
           game_vp_total(g, p) >= g->vp_goal && !(game_geo(g)->n_routes && g->fortress[p]) &&
           (!g->wonders || game_wonder_leads(g, p));
}

/* The Pirate Islands: no win without the fortress, so each chit taken off it is worth two points,
 * and the ships of the route and the warships afloat that take them are worth part of one. */
static double pirates_value(const struct ai_board *b, const struct game *g, int p)
{
    if (!game_geo(g)->n_routes || p >= game_geo(g)->n_routes)
        return 0;
    int ships = g->p[p].ships, afloat = g->warships[p] < ships ? g->warships[p] : ships;
    return b->w->vp * (2.0 * (3 - g->fortress[p]) + 0.2 * ships + 0.3 * afloat);
}

/* The value function's terms for p, in the order ai_value() adds them (its sum is ai_value()
 * to the last bit); 1 for a player who wins at the next check (no terms), else 0. */
static int value_terms(const struct ai_board *b, const struct game *g, int p, double t[VALUE_TERMS])
{
    if (wins_now(g, p))
        return 1;
    int prod[RES_COUNT], com[COM_COUNT];
    production(b, g, p, prod);
    if (g->ck.on)
        ai_ck_production(g, p, prod, com);
    int vp = game_vp_total(g, p);
    /* Production matters less the fewer turns are left to use it. */
    double scale = 1.0 - 0.5 * (double)vp / g->vp_goal;
    struct room room;
    expansion(b, g, p, prod, &room);
    t[TERM_POINTS] = b->w->vp * vp;
    t[TERM_PRODUCTION] = production_value(b, prod, scale);
    t[TERM_HARBORS] = harbor_value(b, g, p, prod);
    t[TERM_CITIES] = g->ck.on ? ai_ck_value(b, g, p, prod, com, scale) : 0;
    t[TERM_ROOM] = room.value;
    t[TERM_HAND] = hand_value(b, g, p, &room);
    t[TERM_CARDS] = cards_value(b, g, p);
    t[TERM_ROAD] = game_geo(g)->no_longest ? 0 : road_race(b, g, p);
    t[TERM_PIRATES] = pirates_value(b, g, p);
    t[TERM_OPPONENTS] = -opponents_value(b, g, p);
    t[TERM_TRIBE] = g->tribe ? tribe_value(b, g, p) : 0;
    t[TERM_WONDER] = g->wonders ? wonder_value(b, g, p) : 0;
    t[TERM_HARBORMASTER] = harbormaster_value(b, g, p);
    return 0;
}

double ai_value(const struct ai_board *b, const struct game *g, int p)
{
    if (g->phase == PHASE_OVER)
        return g->winner == p ? b->w->win : g->winner >= 0 ? -b->w->win : 0;
    double t[VALUE_TERMS];
    if (value_terms(b, g, p, t))
        return b->w->win;
    double v = t[0];
    for (int k = 1; k < VALUE_TERMS; k++)
        v += t[k];
    return v;
}

int ai_leaf_terms(const struct ai_board *b, const struct game *g, int p, double f[AI_LEAF_TERMS])
{
    double t[VALUE_TERMS];
    if (value_terms(b, g, p, t))
        return 1;
    static const int own[AI_LEAF_TERMS - 1] = {TERM_POINTS, TERM_PRODUCTION, TERM_HARBORS,
                                               TERM_ROOM,   TERM_HAND,       TERM_CARDS,
                                               TERM_ROAD,   TERM_OPPONENTS};
    f[AI_LEAF_TERMS - 1] =
        t[TERM_CITIES] + t[TERM_PIRATES] + t[TERM_TRIBE] + t[TERM_WONDER] + t[TERM_HARBORMASTER];
    for (int k = 0; k < AI_LEAF_TERMS - 1; k++)
        f[k] = t[own[k]];
    return 0;
}
