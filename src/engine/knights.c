/* Cities & Knights: the knights (build, promote, activate, move, displace, chase the robber)
 * and the barbarians (the event die, the attack, pillage, the Defender of Catan). doc/cities.md
 * says what was decided where the rules leave it. */
#include "engine/internal.h"

#include <string.h>

static const uint8_t cost_knight[RES_COUNT] = {0, 0, 1, 0, 1};
static const uint8_t cost_activate[RES_COUNT] = {0, 0, 0, 1, 0};

enum { MIGHTY = 3 };

int game_knight_at(const struct game *g, int v, int *slot)
{
    if (v < 0 || v >= BOARD_MAX_VERTICES || !bits_has(g->ck.knights_all, v))
        return -1;
    for (int p = 0; p < g->opt.n_players; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] == v + 1) {
                if (slot)
                    *slot = k;
                return p;
            }
    return -1;
}

void ck_knight_stops(const struct game *g, int p, uint64_t stop[BOARD_WORDS])
{
    for (int q = 0; q < g->opt.n_players; q++)
        for (int k = 0; k < CK_KNIGHTS && q != p; k++)
            if (g->ck.p[q].knight_at[k])
                bits_set(stop, g->ck.p[q].knight_at[k] - 1);
}

int game_knight_strength(const struct game *g, int player)
{
    int n = 0;
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (g->ck.p[player].knight_at[k] && (g->ck.p[player].knight[k] & KNIGHT_ACTIVE))
            n += g->ck.p[player].knight[k] & KNIGHT_LEVEL;
    return n;
}

void ck_reindex(struct game *g)
{
    memset(g->ck.knights_all, 0, sizeof g->ck.knights_all);
    for (int p = 0; p < g->opt.n_players && p < GAME_MAX_PLAYERS; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            if (g->ck.p[p].knight_at[k] && g->ck.p[p].knight_at[k] <= BOARD_MAX_VERTICES)
                bits_set(g->ck.knights_all, g->ck.p[p].knight_at[k] - 1);
}

void ck_new_turn(struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++) {
        g->ck.p[p].fleet = 0; /* the merchant fleet lasts a turn */
        for (int k = 0; k < CK_KNIGHTS; k++)
            g->ck.p[p].knight[k] &= (uint8_t) ~(KNIGHT_FRESH | KNIGHT_PROMOTED);
    }
}

/* p's knights of a level. */
static int knights_of_level(const struct game *g, int p, int level)
{
    int n = 0;
    for (int k = 0; k < CK_KNIGHTS; k++)
        n += g->ck.p[p].knight_at[k] && (g->ck.p[p].knight[k] & KNIGHT_LEVEL) == level;
    return n;
}

/* A corner with no building and no knight. */
static int corner_free(const struct game *g, int v)
{
    return g->vertex_owner[v] < 0 && !bits_has(g->ck.knights_all, v);
}

static void put_knight(struct game *g, int p, int k, int v)
{
    g->ck.p[p].knight_at[k] = (uint8_t)(v + 1);
    bits_set(g->ck.knights_all, v);
}

static void lift_knight(struct game *g, int p, int k)
{
    int v = g->ck.p[p].knight_at[k] - 1;
    g->ck.knights_all[v >> 6] &= ~(1ull << (v & 63));
    g->ck.p[p].knight_at[k] = 0;
}

/* The free corners p's knight at from may reach along p's roads: through corners with nothing
 * on them or p's own buildings (never through a knight or an opponent's building). */
static void reachable(const struct game *g, int p, int from, uint64_t out[BOARD_WORDS])
{
    const struct board_geo *geo = GEO(g);
    uint64_t seen[BOARD_WORDS] = {0}, todo[BOARD_WORDS] = {0};
    memset(out, 0, BOARD_WORDS * sizeof *out);
    bits_set(seen, from);
    bits_set(todo, from);
    for (int v; (v = bits_pop(todo)) >= 0;)
        for (int i = 0; i < 3; i++) {
            int e = geo->vertex_edge[v][i];
            if (e < 0 || !bits_has(g->roads_of[p], e))
                continue;
            int w = geo->edge_vertex[e][0] == v ? geo->edge_vertex[e][1] : geo->edge_vertex[e][0];
            if (bits_has(seen, w))
                continue;
            bits_set(seen, w);
            if (corner_free(g, w)) {
                bits_set(out, w);
                bits_set(todo, w);
            } else if (g->vertex_owner[w] == p && !bits_has(g->ck.knights_all, w)) {
                bits_set(todo, w);
            } else if (bits_has(g->ck.knights_all, w)) {
                bits_set(out, w); /* an end: a knight to displace, judged by the caller */
            }
        }
}

/* p's knight at v: BW_OK and its slot, or why not. */
static int own_knight(const struct game *g, int p, int v, int *slot)
{
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    if (game_knight_at(g, v, slot) != p)
        return BW_E(NOT_YOURS);
    return BW_OK;
}

static void knight_event(struct evbuf *eb, int p, int v, int what)
{
    struct game_event *e = ev_push(eb, EV_KNIGHT, p);
    if (e) {
        e->a = (int16_t)v;
        e->b = (int16_t)what;
    }
}

/* Everyone's roads: a knight placed, moved or lost may break or join them. */
static void roads_again(struct game *g, struct evbuf *eb)
{
    longest_road_update(g, eb, BIT(g->opt.n_players) - 1);
}

static int act_build(struct game *g, struct evbuf *eb, int p, int v)
{
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    if (!corner_free(g, v))
        return BW_E(OCCUPIED);
    if (!bits_has(g->reach_of[p], v))
        return BW_E(NOT_CONNECTED);
    if (knights_of_level(g, p, 1) >= 2)
        return BW_E(NO_PIECES);
    if (!has_cards(g->p[p].res, cost_knight))
        return BW_E(NOT_ENOUGH);
    int k = 0;
    while (g->ck.p[p].knight_at[k]) /* a free slot: 2 of each level are at most 6 */
        k++;
    pay(g, p, cost_knight);
    put_knight(g, p, k, v);
    g->ck.p[p].knight[k] = 1;
    knight_event(eb, p, v, KNIGHT_BUILT);
    roads_again(g, eb);
    return BW_OK;
}

int ck_promote(struct game *g, struct evbuf *eb, int p, int v, int free)
{
    int k, err;
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if ((err = own_knight(g, p, v, &k)))
        return err;
    uint8_t *st = &g->ck.p[p].knight[k];
    int level = *st & KNIGHT_LEVEL;
    if (level >= MIGHTY || (*st & KNIGHT_PROMOTED))
        return BW_E(LIMIT);
    if (level + 1 == MIGHTY && g->ck.p[p].level[TRACK_POLITICS] < CK_ABILITY)
        return BW_E(DENIED); /* mighty knights need the fortress */
    if (knights_of_level(g, p, level + 1) >= 2)
        return BW_E(NO_PIECES);
    if (!free && !has_cards(g->p[p].res, cost_knight))
        return BW_E(NOT_ENOUGH);
    if (!free)
        pay(g, p, cost_knight);
    *st = (uint8_t)((*st & ~KNIGHT_LEVEL) | (level + 1) | KNIGHT_PROMOTED);
    knight_event(eb, p, v, KNIGHT_PROMOTE);
    return BW_OK;
}

static int act_activate(struct game *g, struct evbuf *eb, int p, int v)
{
    int k, err;
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if ((err = own_knight(g, p, v, &k)))
        return err;
    if (g->ck.p[p].knight[k] & KNIGHT_ACTIVE)
        return BW_E(LIMIT);
    if (!has_cards(g->p[p].res, cost_activate))
        return BW_E(NOT_ENOUGH);
    pay(g, p, cost_activate);
    g->ck.p[p].knight[k] |= KNIGHT_ACTIVE | KNIGHT_FRESH;
    knight_event(eb, p, v, KNIGHT_ACTIVATED);
    return BW_OK;
}

/* Whether p's knight at v may act now (move, displace, chase): BW_OK and its slot. */
static int ready_knight(const struct game *g, int p, int v, int *slot)
{
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    int err = own_knight(g, p, v, slot);
    if (err)
        return err;
    uint8_t st = g->ck.p[p].knight[*slot];
    if (!(st & KNIGHT_ACTIVE))
        return BW_E(WRONG_PHASE);
    if (st & KNIGHT_FRESH)
        return BW_E(LIMIT);
    return BW_OK;
}

/* Whether p's knight in slot k at from may go to to: BW_OK, and the knight displaced there
 * (owner, slot) or -1. */
static int move_error(const struct game *g, int p, int from, int to, int *q, int *qk)
{
    int k, err = ready_knight(g, p, from, &k);
    if (err)
        return err;
    if (to < 0 || to >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    uint64_t ends[BOARD_WORDS];
    reachable(g, p, from, ends);
    if (!bits_has(ends, to))
        return corner_free(g, to) ? BW_E(NOT_CONNECTED) : BW_E(OCCUPIED);
    *q = game_knight_at(g, to, qk);
    if (*q < 0)
        return BW_OK;
    if (*q == p ||
        (g->ck.p[*q].knight[*qk] & KNIGHT_LEVEL) >= (g->ck.p[p].knight[k] & KNIGHT_LEVEL))
        return BW_E(OCCUPIED); /* only a weaker enemy knight is displaced */
    return BW_OK;
}

int ck_knight_spots(const struct game *g, int p, int at, uint64_t out[BOARD_WORDS])
{
    uint64_t ends[BOARD_WORDS];
    reachable(g, p, at, ends);
    memset(out, 0, BOARD_WORDS * sizeof *out);
    for (int v; (v = bits_pop(ends)) >= 0;)
        if (corner_free(g, v))
            bits_set(out, v);
    return bits_count(out);
}

void ck_knight_goes(struct game *g, struct evbuf *eb, int p, int k, int at, int to)
{
    if (to < 0) {
        g->ck.p[p].knight_at[k] = 0;
        g->ck.p[p].knight[k] = 0;
        knight_event(eb, p, at, KNIGHT_LOST);
        return;
    }
    put_knight(g, p, k, to);
    struct game_event *e = ev_push(eb, EV_KNIGHT_MOVE, p);
    if (e) {
        e->a = (int16_t)at;
        e->b = (int16_t)to;
    }
}

/* The displaced knight (q's, slot qk, off the board) goes to a free corner its owner's roads
 * reach from where it stood: their choice when there are several (ASK_KNIGHT), else the one
 * there is; with none it is lost. */
void ck_displace(struct game *g, struct evbuf *eb, int q, int qk, int at)
{
    uint64_t spots[BOARD_WORDS];
    if (ck_knight_spots(g, q, at, spots) > 1) {
        g->ck.p[q].ask_arg = (uint8_t)qk;
        g->ck.p[q].ask_at = (uint8_t)(at + 1);
        ck_ask(g, eb, q, ASK_KNIGHT, at);
        return;
    }
    ck_knight_goes(g, eb, q, qk, at, bits_pop(spots));
}

void ck_knights_of(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    memset(out, 0, BOARD_WORDS * sizeof *out);
    for (int k = 0; k < CK_KNIGHTS; k++)
        if (g->ck.p[p].knight_at[k])
            bits_set(out, g->ck.p[p].knight_at[k] - 1);
}

int ck_remove_knight(struct game *g, struct evbuf *eb, int p, int v)
{
    int k;
    game_knight_at(g, v, &k);
    int level = g->ck.p[p].knight[k] & KNIGHT_LEVEL;
    lift_knight(g, p, k);
    g->ck.p[p].knight[k] = 0;
    knight_event(eb, p, v, KNIGHT_REMOVED);
    return level;
}

/* A knight of p at free corner v for nothing: of level, or the strongest lower level p may
 * still have (2 a level, mighty only with the fortress); none when p has no such knight. */
int ck_free_knight(struct game *g, struct evbuf *eb, int p, int v, int level)
{
    if (level >= MIGHTY && g->ck.p[p].level[TRACK_POLITICS] < CK_ABILITY)
        level = MIGHTY - 1;
    while (level > 0 && knights_of_level(g, p, level) >= 2)
        level--;
    if (!level)
        return 0;
    int k = 0;
    while (g->ck.p[p].knight_at[k])
        k++;
    put_knight(g, p, k, v);
    g->ck.p[p].knight[k] = (uint8_t)level;
    knight_event(eb, p, v, KNIGHT_BUILT);
    return level;
}

static int act_move(struct game *g, struct evbuf *eb, int p, int from, int to)
{
    int k, q, qk, err = move_error(g, p, from, to, &q, &qk);
    if (err)
        return err;
    own_knight(g, p, from, &k);
    lift_knight(g, p, k);
    if (q >= 0)
        lift_knight(g, q, qk);
    put_knight(g, p, k, to);
    g->ck.p[p].knight[k] = (uint8_t)(g->ck.p[p].knight[k] & ~KNIGHT_ACTIVE);
    struct game_event *e = ev_push(eb, EV_KNIGHT_MOVE, p);
    if (e) {
        e->a = (int16_t)from;
        e->b = (int16_t)to;
        e->other = (int8_t)q;
    }
    if (q >= 0)
        ck_displace(g, eb, q, qk, to);
    roads_again(g, eb);
    return BW_OK;
}

static int act_chase(struct game *g, struct evbuf *eb, int p, int v, int hex, int target)
{
    int k, victim, err = ready_knight(g, p, v, &k);
    if (err)
        return err;
    if (!g->ck.attacks || g->robber < 0)
        return BW_E(WRONG_PHASE); /* the robber sleeps until the barbarians first come */
    if (!(GEO(g)->vertex_hex_bits[v] >> g->robber & 1))
        return BW_E(NOT_CONNECTED);
    if (hex < 0 || hex >= GEO(g)->n_hexes || !(g->land >> hex & 1))
        return BW_E(NO_SUCH_SPOT);
    if ((err = check_robber(g, p, hex, target, &victim)))
        return err;
    g->ck.p[p].knight[k] = (uint8_t)(g->ck.p[p].knight[k] & ~KNIGHT_ACTIVE);
    do_robber(g, eb, p, hex, victim);
    return BW_OK;
}

int ck_knight_action(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    switch (a->type) {
    case ACT_KNIGHT:
        return act_build(g, eb, a->player, a->a);
    case ACT_PROMOTE:
        return ck_promote(g, eb, a->player, a->a, 0);
    case ACT_ACTIVATE:
        return act_activate(g, eb, a->player, a->a);
    case ACT_KNIGHT_MOVE:
        return act_move(g, eb, a->player, a->a, a->b);
    case ACT_CHASE:
        return act_chase(g, eb, a->player, a->a, a->b, a->target);
    default:
        return BW_E(INVALID);
    }
}

/* ---- listing ---- */

static void list(struct game_action *out, int max, int *n, int type, int p, int a, int b,
                 int target)
{
    int i = (*n)++;
    if (i >= max)
        return;
    memset(&out[i], 0, sizeof out[i]);
    out[i].type = (uint8_t)type;
    out[i].player = (int8_t)p;
    out[i].a = (int16_t)a;
    out[i].b = (int16_t)b;
    out[i].target = (int8_t)target;
}

int ck_knight_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int n = 0;
    const struct ck_player *c = &g->ck.p[p];
    if (has_cards(g->p[p].res, cost_knight) && knights_of_level(g, p, 1) < 2) {
        uint64_t spots[BOARD_WORDS];
        bits_andnot(spots, g->reach_of[p], g->buildings_all);
        bits_andnot(spots, spots, g->ck.knights_all);
        for (int v; (v = bits_pop(spots)) >= 0;)
            list(out, max, &n, ACT_KNIGHT, p, v, -1, -1);
    }
    for (int k = 0; k < CK_KNIGHTS; k++) {
        int v = c->knight_at[k] - 1;
        if (v < 0)
            continue;
        uint8_t st = c->knight[k];
        int level = st & KNIGHT_LEVEL;
        if (level < MIGHTY && !(st & KNIGHT_PROMOTED) && has_cards(g->p[p].res, cost_knight) &&
            knights_of_level(g, p, level + 1) < 2 &&
            (level + 1 < MIGHTY || c->level[TRACK_POLITICS] >= CK_ABILITY))
            list(out, max, &n, ACT_PROMOTE, p, v, -1, -1);
        if (!(st & KNIGHT_ACTIVE) && has_cards(g->p[p].res, cost_activate))
            list(out, max, &n, ACT_ACTIVATE, p, v, -1, -1);
        int slot;
        if (ready_knight(g, p, v, &slot))
            continue;
        uint64_t ends[BOARD_WORDS];
        reachable(g, p, v, ends);
        for (int to, q, qk; (to = bits_pop(ends)) >= 0;)
            if (!move_error(g, p, v, to, &q, &qk))
                list(out, max, &n, ACT_KNIGHT_MOVE, p, v, to, -1);
        if (g->ck.attacks && g->robber >= 0 && (GEO(g)->vertex_hex_bits[v] >> g->robber & 1))
            for (uint64_t land = robber_hexes(g, p); land; land &= land - 1) {
                int h = __builtin_ctzll(land);
                unsigned m = robber_candidates(g, p, h);
                if (!m)
                    list(out, max, &n, ACT_CHASE, p, v, h, -1);
                for (; m; m &= m - 1)
                    list(out, max, &n, ACT_CHASE, p, v, h, __builtin_ctz(m));
            }
    }
    return n;
}

/* ---- the barbarians ---- */

int ck_pillage_spots(const struct game *g, int p, uint64_t out[BOARD_WORDS])
{
    uint64_t mine[BOARD_WORDS];
    memcpy(mine, g->buildings_of[p], sizeof mine);
    memset(out, 0, BOARD_WORDS * sizeof *out);
    for (int v; (v = bits_pop(mine)) >= 0;)
        if (g->vertex_building[v] == BUILDING_CITY && !ck_metropolis_at(g, v))
            bits_set(out, v);
    return bits_count(out);
}

/* p's city the barbarians take when p does not choose: one without a wall first, then the one
 * that produces least, then the lowest corner. -1 when p has none. */
int ck_pillage_default(const struct game *g, int p)
{
    uint64_t cities[BOARD_WORDS];
    ck_pillage_spots(g, p, cities);
    int best = -1, best_key = 0;
    for (int v; (v = bits_pop(cities)) >= 0;) {
        int key = bits_has(g->ck.walls, v) * 64 + g->vertex_pips[v];
        if (best < 0 || key < best_key)
            best = v, best_key = key;
    }
    return best;
}

void ck_pillage(struct game *g, struct evbuf *eb, int p, int v)
{
    int wall = bits_has(g->ck.walls, v), removed = g->p[p].settlements >= GAME_SETTLEMENTS;
    g->ck.walls[v >> 6] &= ~(1ull << (v & 63));
    g->p[p].cities--;
    if (removed) { /* no settlement left to put there: the city goes */
        g->vertex_owner[v] = -1;
        g->vertex_building[v] = BUILDING_NONE;
        game_reindex(g);
    } else {
        g->vertex_building[v] = BUILDING_SETTLEMENT;
        g->p[p].settlements++;
    }
    struct game_event *e = ev_push(eb, EV_PILLAGE, p);
    if (e) {
        e->a = (int16_t)v;
        e->b = (int16_t)wall;
        e->res[0] = (uint8_t)removed;
    }
    if (removed)
        roads_again(g, eb);
}

static void attack(struct game *g, struct evbuf *eb)
{
    int n = g->opt.n_players, barbarians = 0, catan = 0, strength[GAME_MAX_PLAYERS];
    for (int p = 0; p < n; p++) {
        strength[p] = g->p[p].resigned ? 0 : game_knight_strength(g, p);
        barbarians += g->p[p].resigned ? 0 : g->p[p].cities;
        catan += strength[p];
    }
    struct game_event *e = ev_push(eb, EV_BARBARIANS, -1);
    if (e) {
        e->a = (int16_t)barbarians;
        e->b = (int16_t)catan;
    }
    if (g->ck.attacks < 255)
        g->ck.attacks++;
    if (barbarians > catan) {
        /* The weakest of those with a city that is not a metropolis each lose one: of their
         * choice when they have several (ASK_PILLAGE). */
        int least = -1, cities[GAME_MAX_PLAYERS];
        uint64_t spots[BOARD_WORDS];
        for (int p = 0; p < n; p++) {
            cities[p] = g->p[p].resigned ? 0 : ck_pillage_spots(g, p, spots);
            if (cities[p] && (least < 0 || strength[p] < least))
                least = strength[p];
        }
        for (int p = 0; p < n; p++)
            if (cities[p] > 1 && strength[p] == least)
                ck_ask(g, eb, p, ASK_PILLAGE, -1);
            else if (cities[p] && strength[p] == least)
                ck_pillage(g, eb, p, ck_pillage_default(g, p));
    } else {
        int most = 0, count = 0, who = -1;
        for (int p = 0; p < n; p++)
            if (strength[p] > most)
                most = strength[p], count = 1, who = p;
            else if (strength[p] == most && most)
                count++;
        if (count == 1) {
            g->ck.p[who].defender++;
            e = ev_push(eb, EV_DEFENDER, who);
            if (e)
                e->a = g->ck.p[who].defender;
        } else {
            for (int p = 0; p < n && most; p++)
                if (strength[p] == most)
                    progress_choose(g, eb, p); /* a progress card of their choice */
        }
    }
    for (int p = 0; p < n; p++)
        for (int k = 0; k < CK_KNIGHTS; k++)
            g->ck.p[p].knight[k] &= (uint8_t) ~(KNIGHT_ACTIVE | KNIGHT_FRESH);
    g->ck.barbarians = 0;
}

void ck_event(struct game *g, struct evbuf *eb)
{
    int face = g->ck.event, arrive = 0;
    if (face < FACE_GATE) {
        arrive = ++g->ck.barbarians >= CK_VOYAGE;
        if (arrive)
            g->ck.barbarians = 0;
    }
    struct game_event *e = ev_push(eb, EV_EVENT_DIE, g->current);
    if (e) {
        e->a = (int16_t)face;
        e->b = (int16_t)(arrive ? CK_VOYAGE : g->ck.barbarians);
    }
    if (arrive) {
        attack(g, eb);
        return;
    }
    if (face < FACE_GATE)
        return;
    /* A city gate: a progress card for each player at level 1 or more of its track whose
     * level + 1 is at least the red die. */
    int t = face - FACE_GATE;
    for (int p = 0; p < g->opt.n_players; p++) {
        int level = g->ck.p[p].level[t];
        if (g->p[p].resigned || !level || g->dice[1] > level + 1)
            continue;
        progress_draw(g, eb, p, t);
    }
}

/* Knights on distinct free corners of the board, of levels 1-3, 2 of each level at most, the
 * mighty ones with the fortress. */
int ck_knights_ok(const struct game *g, const struct board_geo *geo)
{
    uint64_t seen[BOARD_WORDS] = {0};
    for (int p = 0; p < g->opt.n_players; p++)
        for (int level = 1; level <= MIGHTY; level++) {
            int count = 0;
            for (int k = 0; k < CK_KNIGHTS; k++) {
                int v = g->ck.p[p].knight_at[k] - 1, st = g->ck.p[p].knight[k];
                if (v < 0) { /* a displaced knight waits off the board for its corner */
                    if (st && level == 1 &&
                        !(g->ck.p[p].ask == ASK_KNIGHT && g->ck.p[p].ask_arg == k))
                        return 0;
                    continue;
                }
                if ((st & KNIGHT_LEVEL) != level)
                    continue;
                if (v >= geo->n_vertices || g->vertex_owner[v] >= 0 || bits_has(seen, v) ||
                    (level == MIGHTY && g->ck.p[p].level[TRACK_POLITICS] < CK_ABILITY) ||
                    ((st & KNIGHT_FRESH) && !(st & KNIGHT_ACTIVE)) || st > 31 || ++count > 2)
                    return 0;
                bits_set(seen, v);
            }
            for (int k = 0; k < CK_KNIGHTS && level == 1; k++)
                if (g->ck.p[p].knight_at[k] && !(g->ck.p[p].knight[k] & KNIGHT_LEVEL))
                    return 0;
        }
    return 1;
}
