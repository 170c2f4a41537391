/* Catan for two (Traders & Barbarians; doc/two.md): two real players and two neutral players
 * (seats 2 and 3, pieces only: no turn, no hand), two rolls a turn, a free neutral piece for
 * each road or settlement built, and trade tokens spent on a forced trade or on sending the
 * robber home. The neutral build and the cards given back after a forced trade are asks
 * (asks.c's ck_player.ask: ASK_NEUTRAL, ASK_RETURN), answered with ACT_CK_CHOOSE and
 * ACT_CK_GIVE as the Cities & Knights asks are. */
#include "engine/internal.h"

#include <string.h>

int game_seats(const struct game *g)
{
    return g->opt.n_players + (g->opt.two ? TWO_NEUTRALS : 0);
}

static int opponent_of(int p)
{
    return 1 - p;
}

/* ---- the setup ---- */

/* Corners on the coast: fewer than three land hexes around. */
static int coast_corner(const struct game *g, int v)
{
    return count64(GEO(g)->vertex_hex_bits[v] & g->land) < 3;
}

/* The corner farthest from `from` along the sides, among those in among (the lowest on a tie). */
static int farthest(const struct board_geo *geo, int from, const uint64_t among[BOARD_WORDS])
{
    int16_t dist[BOARD_MAX_VERTICES];
    int queue[BOARD_MAX_VERTICES], head = 0, tail = 0, best = -1;
    memset(dist, -1, sizeof dist);
    dist[from] = 0;
    queue[tail++] = from;
    while (head < tail) {
        int v = queue[head++];
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e < 0)
                continue;
            int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
            if (dist[w] < 0) {
                dist[w] = (int16_t)(dist[v] + 1);
                queue[tail++] = w;
            }
        }
    }
    for (int v = 0; v < geo->n_vertices; v++)
        if (bits_has(among, v) && dist[v] >= 0 && (best < 0 || dist[v] > dist[best]))
            best = v;
    return best;
}

static void neutral_settlement(struct game *g, int seat, int v)
{
    g->vertex_owner[v] = (int8_t)seat;
    g->vertex_building[v] = BUILDING_SETTLEMENT;
    g->p[seat].settlements++;
    index_building(g, seat, v);
}

void two_setup(struct game *g)
{
    const struct board_geo *geo = GEO(g);
    /* The neutral settlements: a coast corner between two land hexes drawn at random, and the
     * one of those farthest from it along the sides (the other side of the island). */
    uint64_t spots[BOARD_WORDS] = {0};
    int n = 0;
    for (int v = 0; v < geo->n_vertices; v++)
        if (count64(geo->vertex_hex_bits[v] & g->land) == 2) {
            bits_set(spots, v);
            n++;
        }
    if (!n)
        return;
    int k = (int)bw_rng_below(&g->rng, (uint32_t)n), first = -1;
    uint64_t walk[BOARD_WORDS];
    memcpy(walk, spots, sizeof walk);
    while (k-- >= 0)
        first = bits_pop(walk);
    neutral_settlement(g, g->opt.n_players, first);
    int second = farthest(geo, first, spots);
    if (second >= 0 && settle_free(g, second))
        neutral_settlement(g, g->opt.n_players + 1, second);
    for (int p = 0; p < g->opt.n_players; p++)
        g->two.tokens[p] = TWO_START_TOKENS;
    g->two.supply = TWO_ALL_TOKENS - 2 * TWO_START_TOKENS;
}

/* ---- two rolls a turn ---- */

void two_roll(struct game *g, struct evbuf *eb)
{
    int d1, d2, e1, e2;
    roll_pair(g, eb, &d1, &d2);
    do
        roll_pair(g, eb, &e1, &e2);
    while (e1 + e2 == d1 + d2);
    g->two.roll2[0] = (uint8_t)e1;
    g->two.roll2[1] = (uint8_t)e2;
    do_roll(g, eb, d1, d2);
}

void two_next_roll(struct game *g, struct evbuf *eb)
{
    if (!g->two.roll2[0] || g->phase != PHASE_MAIN)
        return;
    int e1 = g->two.roll2[0], e2 = g->two.roll2[1];
    g->two.roll2[0] = g->two.roll2[1] = 0;
    do_roll(g, eb, e1, e2);
}

int game_apply_rolls(struct game *g, int d1, int d2, int e1, int e2, struct game_event *ev, int max,
                     int *n_ev)
{
    if (!g->opt.two || e1 < 1 || e1 > 6 || e2 < 1 || e2 > 6 || e1 + e2 == d1 + d2 ||
        g->phase != PHASE_ROLL) {
        if (n_ev)
            *n_ev = 0;
        return BW_E(INVALID);
    }
    struct game h = *g;
    h.two.roll2[0] = (uint8_t)e1;
    h.two.roll2[1] = (uint8_t)e2;
    int err = game_apply_roll(&h, d1, d2, ev, max, n_ev);
    if (!err)
        *g = h;
    return err;
}

/* ---- building for the neutral players ---- */

static int neutral_settle_spots(const struct game *g, int seat, uint64_t out[BOARD_WORDS])
{
    memset(out, 0, BOARD_WORDS * sizeof *out);
    if (g->p[seat].settlements >= GAME_SETTLEMENTS)
        return 0;
    settle_spot_bits(g, seat, out);
    return !bits_empty(out);
}

static int neutral_road_spots(const struct game *g, int seat, uint64_t out[BOARD_WORDS])
{
    memset(out, 0, BOARD_WORDS * sizeof *out);
    if (g->p[seat].roads >= GAME_ROADS)
        return 0;
    road_spot_bits(g, seat, out);
    return !bits_empty(out);
}

/* Whether a piece of kind fits either neutral player somewhere. */
static int neutral_any(const struct game *g, int kind)
{
    uint64_t s[BOARD_WORDS];
    for (int n = 0; n < TWO_NEUTRALS; n++)
        if (kind == TWO_SETTLEMENT ? neutral_settle_spots(g, g->opt.n_players + n, s)
                                   : neutral_road_spots(g, g->opt.n_players + n, s))
            return 1;
    return 0;
}

/* Asks p for the next neutral piece owed (a road where a settlement fits nowhere), or ends the
 * ask when none fits anywhere. */
static void ask_neutral(struct game *g, struct evbuf *eb, int p, int kind)
{
    struct ck_player *c = &g->ck.p[p];
    if (kind == TWO_SETTLEMENT && !neutral_any(g, TWO_SETTLEMENT))
        kind = TWO_ROAD;
    if (!g->two.owed || !neutral_any(g, kind)) {
        g->two.owed = 0;
        c->ask = ASK_NONE;
        c->ask_arg = 0;
        return;
    }
    c->ask_arg = (uint8_t)kind;
    ck_ask(g, eb, p, ASK_NEUTRAL, kind);
}

void two_built(struct game *g, struct evbuf *eb, int p, int settlements, int roads)
{
    if (g->phase == PHASE_OVER || (settlements <= 0 && roads <= 0))
        return;
    g->two.owed = (uint8_t)(settlements > 0 ? 1 : roads);
    ask_neutral(g, eb, p, settlements > 0 ? TWO_SETTLEMENT : TWO_ROAD);
}

/* Whether neutral seat may take the piece of kind at spot (range checked). */
static int neutral_fits(const struct game *g, int seat, int kind, int spot)
{
    uint64_t s[BOARD_WORDS];
    if (kind == TWO_SETTLEMENT)
        return neutral_settle_spots(g, seat, s) && bits_has(s, spot);
    return neutral_road_spots(g, seat, s) && bits_has(s, spot);
}

int game_neutral_error(const struct game *g, int p, int n, int kind, int spot)
{
    if (!g->opt.two || p < 0 || p >= g->opt.n_players || g->ck.p[p].ask != ASK_NEUTRAL)
        return BW_E(WRONG_PHASE);
    if (n < -1 || n >= TWO_NEUTRALS || (kind != TWO_SETTLEMENT && kind != TWO_ROAD))
        return BW_E(INVALID);
    int owed = g->ck.p[p].ask_arg;
    if (kind == TWO_SETTLEMENT ? spot < 0 || spot >= GEO(g)->n_vertices
                               : spot < 0 || spot >= GEO(g)->n_edges)
        return BW_E(NO_SUCH_SPOT);
    if (kind == TWO_SETTLEMENT && owed == TWO_ROAD)
        return BW_E(NEUTRAL_ROAD);
    if (kind == TWO_ROAD && owed == TWO_SETTLEMENT)
        return BW_E(NEUTRAL_SETTLE);
    int fits = 0;
    for (int k = 0; k < TWO_NEUTRALS; k++)
        fits += (n < 0 || n == k) && neutral_fits(g, g->opt.n_players + k, kind, spot);
    if (fits > 1)
        return BW_E(NEUTRAL_WHICH);
    if (fits)
        return BW_OK;
    if (kind == TWO_SETTLEMENT)
        return g->vertex_owner[spot] >= 0 ? BW_E(OCCUPIED)
               : !settle_free(g, spot)    ? BW_E(TOO_CLOSE)
                                          : BW_E(NOT_CONNECTED);
    return g->edge_owner[spot] >= 0 ? BW_E(OCCUPIED) : BW_E(NOT_CONNECTED);
}

static int neutral_build(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    int p = a->player, kind = a->b, spot = a->a, n = a->target;
    int err = game_neutral_error(g, p, n, kind, spot);
    if (err)
        return err;
    for (int k = 0; k < TWO_NEUTRALS && n < 0; k++)
        if (neutral_fits(g, g->opt.n_players + k, kind, spot))
            n = k;
    int seat = g->opt.n_players + n;
    if (kind == TWO_SETTLEMENT) {
        neutral_settlement(g, seat, spot);
        longest_road_update(g, eb, road_owners_at(g, spot, seat));
    } else {
        g->edge_owner[spot] = (int8_t)seat;
        index_road(g, seat, spot);
        road_length_add(g, seat, spot);
        g->p[seat].roads++;
        longest_road_award(g, eb);
    }
    struct game_event *e = ev_push(eb, EV_NEUTRAL, p);
    if (e) {
        e->other = (int8_t)seat;
        e->a = (int16_t)kind;
        e->b = (int16_t)spot;
    }
    g->two.owed--;
    g->ck.p[p].ask = ASK_NONE;
    ask_neutral(g, eb, p, TWO_ROAD); /* a second road of a road building card */
    return BW_OK;
}

/* ---- trade tokens ---- */

int game_token_cost(const struct game *g, int p)
{
    if (!g->opt.two || p < 0 || p >= g->opt.n_players)
        return 0;
    return g->p[p].knights >= g->p[opponent_of(p)].knights ? 1 : 2;
}

static int desert_hex(const struct game *g)
{
    for (int h = 0; h < GEO(g)->n_hexes; h++)
        if (g->terrain[h] == TERRAIN_DESERT)
            return h;
    return -1;
}

int game_token_error(const struct game *g, int p, int t)
{
    if (!g->opt.two || p < 0 || p >= g->opt.n_players)
        return BW_E(WRONG_PHASE);
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    if (t < 0 || t >= TWO_TOKENS)
        return BW_E(INVALID);
    if (g->two.used >> t & 1)
        return BW_E(TOKEN_USED);
    if (g->two.tokens[p] < game_token_cost(g, p))
        return BW_E(TOKENS_SHORT);
    if (t == TOKEN_TRADE && !hand_size_of(&g->p[opponent_of(p)]))
        return BW_E(NO_HAND);
    if (t == TOKEN_ROBBER && (desert_hex(g) < 0 || g->robber == desert_hex(g)))
        return BW_E(ROBBER_HOME);
    return BW_OK;
}

static int act_token(struct game *g, struct evbuf *eb, int p, int t)
{
    int err = game_token_error(g, p, t);
    if (err)
        return err;
    int cost = game_token_cost(g, p), q = opponent_of(p);
    g->two.tokens[p] = (uint8_t)(g->two.tokens[p] - cost);
    g->two.supply = (uint8_t)(g->two.supply + cost);
    g->two.used |= (uint8_t)BIT(t);
    struct game_event *e = ev_push(eb, EV_TOKEN, p);
    if (e) {
        e->other = (int8_t)q;
        e->a = (int16_t)t;
        e->b = (int16_t)cost;
    }
    if (t == TOKEN_ROBBER) {
        g->robber = (int8_t)desert_hex(g);
        if ((e = ev_push(eb, EV_ROBBER, p)))
            e->a = g->robber;
        return BW_OK;
    }
    for (int i = 0; i < TWO_FORCED && hand_size_of(&g->p[q]); i++)
        steal_card(g, eb, p, q, 0);
    int back = hand_size_of(&g->p[p]) < TWO_FORCED ? hand_size_of(&g->p[p]) : TWO_FORCED;
    g->ck.asker = (uint8_t)(q + 1); /* the cards go back to the opponent */
    g->ck.p[p].ask_arg = (uint8_t)back;
    ck_ask(g, eb, p, ASK_RETURN, back);
    return BW_OK;
}

void two_earn(struct game *g, struct evbuf *eb, int p, int v)
{
    const struct board_geo *geo = GEO(g);
    int earned = coast_corner(g, v);
    for (int i = 0; i < 3; i++)
        if (geo->vertex_hex[v][i] >= 0 && g->terrain[geo->vertex_hex[v][i]] == TERRAIN_DESERT)
            earned += 2;
    if (earned > g->two.supply)
        earned = g->two.supply;
    if (!earned)
        return;
    g->two.supply = (uint8_t)(g->two.supply - earned);
    g->two.tokens[p] = (uint8_t)(g->two.tokens[p] + earned);
    struct game_event *e = ev_push(eb, EV_TOKENS, p);
    if (e) {
        e->a = (int16_t)earned;
        e->b = g->two.tokens[p];
    }
}

int two_action(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    if (!g->opt.two)
        return BW_E(INVALID);
    if (a->type == ACT_TOKEN)
        return act_token(g, eb, a->player, a->a);
    if (a->type == ACT_CK_CHOOSE)
        return neutral_build(g, eb, a);
    return ck_answer(g, eb, a); /* the cards given back (ASK_RETURN) */
}

void two_over(struct game *g)
{
    /* The game is over: nobody is asked or owes anything any more. */
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->ck.p[p].ask == ASK_NEUTRAL || g->ck.p[p].ask == ASK_RETURN)
            g->ck.p[p].ask = g->ck.p[p].ask_arg = 0;
    g->ck.asker = 0;
    g->two.owed = 0;
    g->two.roll2[0] = g->two.roll2[1] = 0;
}

/* ---- listing, defaults ---- */

int two_ask_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int kind = g->ck.p[p].ask_arg, n = 0;
    if (kind == TWO_SETTLEMENT && !neutral_any(g, TWO_SETTLEMENT))
        kind = TWO_ROAD;
    for (int k = 0; k < TWO_NEUTRALS; k++) {
        uint64_t s[BOARD_WORDS];
        int seat = g->opt.n_players + k;
        if (kind == TWO_SETTLEMENT ? !neutral_settle_spots(g, seat, s)
                                   : !neutral_road_spots(g, seat, s))
            continue;
        for (int spot; (spot = bits_pop(s)) >= 0; n++)
            if (n < max)
                out[n] = (struct game_action){.type = ACT_CK_CHOOSE,
                                              .player = (int8_t)p,
                                              .target = (int8_t)k,
                                              .a = (int16_t)spot,
                                              .b = (int16_t)kind};
    }
    return n;
}

void two_ask_default(struct game *g, struct evbuf *eb, int p)
{
    struct game_action a;
    if (two_ask_actions(g, p, &a, 1) > 0)
        neutral_build(g, eb, &a);
    else
        ask_neutral(g, eb, p, TWO_ROAD);
}

int two_token_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int n = 0;
    for (int t = 0; t < TWO_TOKENS; t++)
        if (!game_token_error(g, p, t)) {
            if (n < max)
                out[n] = (struct game_action){
                    .type = ACT_TOKEN, .player = (int8_t)p, .target = -1, .a = (int16_t)t, .b = -1};
            n++;
        }
    return n;
}

/* ---- a restored state ---- */

int two_state_ok(const struct game *g, const struct board_geo *geo)
{
    const struct game_two *t = &g->two;
    if (!g->opt.two) {
        static const struct game_two none;
        return !memcmp(t, &none, sizeof none);
    }
    if (t->tokens[0] + t->tokens[1] + t->supply != TWO_ALL_TOKENS || t->used >> TWO_TOKENS ||
        t->owed > 2)
        return 0;
    if (t->roll2[0] > 6 || t->roll2[1] > 6 || !t->roll2[0] != !t->roll2[1] ||
        (t->roll2[0] && (g->phase != PHASE_DISCARD && g->phase != PHASE_ROBBER)))
        return 0;
    for (int k = 0; k < TWO_NEUTRALS; k++) {
        const struct game_player *pl = &g->p[g->opt.n_players + k];
        uint8_t none[RES_COUNT] = {0};
        if (memcmp(pl->res, none, RES_COUNT) || pl->cities || pl->knights || pl->discard ||
            pl->resigned || pl->gold)
            return 0;
        for (int c = 0; c < DEV_COUNT; c++)
            if (pl->dev[c] || pl->dev_new[c])
                return 0;
    }
    for (int p = 0; p < g->opt.n_players; p++) {
        const struct ck_player *c = &g->ck.p[p];
        /* (A road building card before the roll owes neutral roads then.) */
        if ((c->ask && g->current != p) ||
            (c->ask && g->phase != PHASE_MAIN &&
             !(c->ask == ASK_NEUTRAL && g->phase == PHASE_ROLL)) ||
            (g->current == p && (c->ask == ASK_NEUTRAL) != (t->owed > 0)))
            return 0;
        if (c->ask == ASK_NEUTRAL &&
            (g->ck.asker || (c->ask_arg != TWO_ROAD && c->ask_arg != TWO_SETTLEMENT) ||
             (c->ask_arg == TWO_SETTLEMENT && t->owed != 1)))
            return 0;
        if (c->ask == ASK_RETURN &&
            (g->ck.asker != opponent_of(p) + 1 || c->ask_arg < 1 || c->ask_arg > TWO_FORCED ||
             c->ask_arg > hand_size_of(&g->p[p])))
            return 0;
        if (c->ask && c->ask != ASK_NEUTRAL && c->ask != ASK_RETURN)
            return 0;
    }
    (void)geo;
    return !t->owed || ck_asked(g);
}
