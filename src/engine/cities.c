/* Cities & Knights: the option, commodities and what cities produce, the city improvements
 * and their metropolises, city walls and trades of goods with the bank. The knights and the
 * barbarians are in knights.c; doc/cities.md says what was decided where the rules leave it. */
#include "engine/internal.h"

#include <stddef.h>
#include <string.h>

static const uint8_t cost_wall[RES_COUNT] = {0, 2, 0, 0, 0};

/* The commodity a city on terrain t gives besides a resource, or -1. */
static int city_commodity(int t)
{
    switch (t) {
    case TERRAIN_FOREST:
        return COM_PAPER;
    case TERRAIN_PASTURE:
        return COM_CLOTH;
    case TERRAIN_MOUNTAINS:
        return COM_COIN;
    default:
        return -1;
    }
}

int game_cities_on(struct game *g)
{
    if (!g || g->ck.on || g->opt.two || g->phase != PHASE_SETUP_SETTLEMENT || g->setup_step ||
        g->turn || (g->opt.board != BOARD_BASE && g->opt.board != BOARD_BIG) || g->p[0].settlements)
        return BW_E(INVALID);
    g->ck.on = 1;
    memset(g->ck.bank, CK_BANK, sizeof g->ck.bank);
    g->deck_size = 0; /* no development cards */
    memset(g->deck, 0, sizeof g->deck);
    progress_init(g);
    if (!g->opt.victory_points)
        g->vp_goal = CK_POINTS;
    return BW_OK;
}

/* ---- production ---- */

/* Cards of every kind p holds. */
static int goods_of(const struct game *g, int p)
{
    return hand_size_of(&g->p[p]);
}

/* The commodities of number sum: one for each city on a forest, pasture or mountains; a bank
 * short of a kind pays nobody, unless a single player is owed it (as for resources). */
static void commodities(struct game *g, struct evbuf *eb, int sum)
{
    const struct board_geo *geo = GEO(g);
    uint8_t owed[GAME_MAX_PLAYERS][COM_COUNT] = {{0}}, total[COM_COUNT] = {0},
            owers[COM_COUNT] = {0};
    unsigned players = 0;
    for (int i = 0; i < 3 && g->token_hex[sum][i] >= 0; i++) {
        int h = g->token_hex[sum][i], c = city_commodity(g->terrain[h]), v;
        if (h == g->robber || c < 0)
            continue;
        uint64_t built[BOARD_WORDS];
        bits_and(built, geo->hex_vertex_bits[h], g->buildings_all);
        while ((v = bits_pop(built)) >= 0) {
            int o = g->vertex_owner[v];
            if (g->p[o].resigned || g->vertex_building[v] != BUILDING_CITY)
                continue;
            owers[c] += !owed[o][c];
            owed[o][c]++;
            total[c]++;
            players |= BIT(o);
        }
    }
    for (int c = 0; c < COM_COUNT; c++) {
        if (total[c] <= g->ck.bank[c])
            continue;
        for (int p = 0; p < GAME_MAX_PLAYERS; p++)
            if (owed[p][c])
                owed[p][c] = owers[c] == 1 ? g->ck.bank[c] : 0;
        struct game_event *e = owers[c] > 1 ? ev_push(eb, EV_SHORTAGE, -1) : NULL;
        if (e)
            e->a = (int16_t)(GOOD_PAPER + c);
    }
    for (unsigned m = players; m; m &= m - 1) {
        int p = __builtin_ctz(m);
        if (!(owed[p][0] | owed[p][1] | owed[p][2]))
            continue;
        struct game_event *e = ev_push(eb, EV_PRODUCE, p);
        for (int c = 0; c < COM_COUNT; c++) {
            g->p[p].commodity[c] += owed[p][c];
            g->ck.bank[c] -= owed[p][c];
            if (e)
                e->res2[c] = owed[p][c];
        }
    }
}

void ck_hands(const struct game *g, int before[GAME_MAX_PLAYERS])
{
    for (int p = 0; p < g->opt.n_players; p++)
        before[p] = goods_of(g, p);
}

int ck_produce(struct game *g, struct evbuf *eb, int sum, int before[GAME_MAX_PLAYERS])
{
    int gold = 0;
    commodities(g, eb, sum);
    /* The aqueduct: a resource of the player's choice when the roll gave them nothing. */
    for (int p = 0; p < g->opt.n_players; p++)
        if (!g->p[p].resigned && g->ck.p[p].level[TRACK_SCIENCE] >= CK_ABILITY &&
            goods_of(g, p) == before[p]) {
            g->p[p].gold++;
            gold = 1;
        }
    return gold;
}

/* ---- points, limits, queries ---- */

int game_metropolis_of(const struct game *g, int t)
{
    if (t < 0 || t >= CK_TRACKS || !g->ck.metropolis[t])
        return -1;
    return g->vertex_owner[g->ck.metropolis[t] - 1];
}

int ck_metropolis_at(const struct game *g, int v)
{
    for (int t = 0; t < CK_TRACKS; t++)
        if (g->ck.metropolis[t] == v + 1)
            return 1;
    return 0;
}

int ck_points(const struct game *g, int p)
{
    int n = g->ck.p[p].defender + progress_points(g, p);
    for (int t = 0; t < CK_TRACKS; t++)
        n += 2 * (game_metropolis_of(g, t) == p);
    return n;
}

static int walls_of(const struct game *g, int p)
{
    uint64_t w[BOARD_WORDS];
    bits_and(w, g->ck.walls, g->buildings_of[p]);
    return bits_count(w);
}

int game_hand_limit(const struct game *g, int player)
{
    return discard_limit(g) + 2 * walls_of(g, player);
}

int game_ck_improve_cost(const struct game *g, int player, int t)
{
    int level = g->ck.p[player].level[t];
    return level < CK_LEVELS ? level + 1 : 0;
}

/* ---- improvements and metropolises ---- */

/* Whether raising p's track t to level next takes the metropolis of t. */
static int takes_metropolis(const struct game *g, int p, int t, int next)
{
    int h = game_metropolis_of(g, t);
    if (h < 0)
        return next >= CK_METROPOLIS;
    return h != p && next == CK_LEVELS && g->ck.p[h].level[t] < CK_LEVELS;
}

/* p's city for a new metropolis: want (a corner) or, for -1, the first without one. */
static int metropolis_city(const struct game *g, int p, int want, int *v)
{
    const struct board_geo *geo = GEO(g);
    if (want >= 0) {
        if (want >= geo->n_vertices)
            return BW_E(NO_SUCH_SPOT);
        if (g->vertex_owner[want] != p || g->vertex_building[want] != BUILDING_CITY)
            return BW_E(NOT_YOURS);
        if (ck_metropolis_at(g, want))
            return BW_E(OCCUPIED);
        *v = want;
        return BW_OK;
    }
    uint64_t mine[BOARD_WORDS];
    memcpy(mine, g->buildings_of[p], sizeof mine);
    for (int c; (c = bits_pop(mine)) >= 0;)
        if (g->vertex_building[c] == BUILDING_CITY && !ck_metropolis_at(g, c)) {
            *v = c;
            return BW_OK;
        }
    return BW_E(NO_PIECES);
}

int ck_improve(struct game *g, struct evbuf *eb, int p, int t, int want, int discount)
{
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if (t >= CK_TRACKS)
        return BW_E(INVALID);
    struct ck_player *c = &g->ck.p[p];
    if (c->level[t] >= CK_LEVELS)
        return BW_E(LIMIT);
    if (!g->p[p].cities)
        return BW_E(NOT_YOURS); /* improvements need a city */
    int level = c->level[t] + 1, v = -1, cost = level > discount ? level - discount : 0;
    if (g->p[p].commodity[t] < cost)
        return BW_E(NOT_ENOUGH);
    int gain = takes_metropolis(g, p, t, level);
    if (gain) {
        int err = metropolis_city(g, p, want, &v);
        if (err)
            return err;
    }
    g->p[p].commodity[t] = (uint8_t)(g->p[p].commodity[t] - cost);
    g->ck.bank[t] = (uint8_t)(g->ck.bank[t] + cost);
    c->level[t] = (uint8_t)level;
    struct game_event *e = ev_push(eb, EV_IMPROVE, p);
    if (e) {
        e->a = (int16_t)t;
        e->b = (int16_t)level;
    }
    if (gain) {
        int before = game_metropolis_of(g, t);
        g->ck.metropolis[t] = (uint8_t)(v + 1);
        e = ev_push(eb, EV_METROPOLIS, p);
        if (e) {
            e->other = (int8_t)before;
            e->a = (int16_t)t;
            e->b = (int16_t)v;
        }
    }
    return BW_OK;
}

int ck_wall(struct game *g, struct evbuf *eb, int p, int v, int free)
{
    if (!can_build_now(g, p))
        return turn_error(g, p);
    if (v < 0 || v >= GEO(g)->n_vertices)
        return BW_E(NO_SUCH_SPOT);
    if (g->vertex_owner[v] != p || g->vertex_building[v] != BUILDING_CITY)
        return BW_E(NOT_YOURS);
    if (bits_has(g->ck.walls, v))
        return BW_E(OCCUPIED);
    if (walls_of(g, p) >= CK_WALLS)
        return BW_E(NO_PIECES);
    if (!free && !has_cards(g->p[p].res, cost_wall))
        return BW_E(NOT_ENOUGH);
    if (!free)
        pay(g, p, cost_wall);
    bits_set(g->ck.walls, v);
    struct game_event *e = ev_push(eb, EV_WALL, p);
    if (e)
        e->a = (int16_t)v;
    return BW_OK;
}

/* ---- trades of goods with the bank ---- */

/* What p gives the bank of good k for one card: a resource at p's rate; a commodity 2 with
 * the trading house, else 3 with a 3:1 harbor, else 4. */
static int good_rate(const struct game *g, int p, int k)
{
    int rate = k < RES_COUNT                                 ? g->rates_of[p][k]
               : g->ck.p[p].level[TRACK_TRADE] >= CK_ABILITY ? 2
               : (g->harbors_of[p] & BIT(HARBOR_GENERIC))    ? 3
                                                             : 4;
    return progress_rate(g, p, k, rate); /* the merchant fleet, the merchant */
}

static uint8_t *good_slot(struct game *g, int p, int k)
{
    return k < RES_COUNT ? &g->p[p].res[k] : &g->p[p].commodity[k - GOOD_PAPER];
}

static uint8_t *bank_slot(struct game *g, int k)
{
    return k < RES_COUNT ? &g->bank[k] : &g->ck.bank[k - GOOD_PAPER];
}

static int act_trade(struct game *g, struct evbuf *eb, int p, int give, int get, int n)
{
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    if (give >= GOOD_COUNT || get >= GOOD_COUNT || give == get || n < 1 || n > 20)
        return BW_E(BAD_TRADE);
    int pay_n = n * good_rate(g, p, give);
    if (*good_slot(g, p, give) < pay_n)
        return BW_E(NOT_ENOUGH);
    if (*bank_slot(g, get) < n)
        return BW_E(BANK_EMPTY);
    *good_slot(g, p, give) = (uint8_t)(*good_slot(g, p, give) - pay_n);
    *bank_slot(g, give) = (uint8_t)(*bank_slot(g, give) + pay_n);
    *good_slot(g, p, get) = (uint8_t)(*good_slot(g, p, get) + n);
    *bank_slot(g, get) = (uint8_t)(*bank_slot(g, get) - n);
    struct game_event *e = ev_push(eb, EV_CK_TRADE, p);
    if (e) {
        e->a = (int16_t)give;
        e->b = (int16_t)pay_n;
        e->res2[0] = (uint8_t)get;
        e->res2[1] = (uint8_t)n;
    }
    return BW_OK;
}

int ck_steal(struct game *g, int thief, int victim, int k)
{
    for (int c = 0; c < COM_COUNT; c++) {
        if (k < g->p[victim].commodity[c]) {
            g->p[victim].commodity[c]--;
            g->p[thief].commodity[c]++;
            return GOOD_PAPER + c;
        }
        k -= g->p[victim].commodity[c];
    }
    return GOOD_COUNT; /* unreachable: k counts the victim's cards */
}

int ck_dispatch(struct game *g, struct evbuf *eb, const struct game_action *a)
{
    if (!g->ck.on)
        return BW_E(INVALID);
    switch (a->type) {
    case ACT_CK_TRADE:
        return act_trade(g, eb, a->player, a->res, a->res2, a->a);
    case ACT_IMPROVE:
        return ck_improve(g, eb, a->player, a->res, a->a, 0);
    case ACT_WALL:
        return ck_wall(g, eb, a->player, a->a, 0);
    case ACT_PROGRESS:
    case ACT_PROGRESS_DRAW:
    case ACT_PROGRESS_DISCARD:
        return progress_action(g, eb, a);
    case ACT_CK_CHOOSE:
    case ACT_CK_GIVE:
        return ck_answer(g, eb, a);
    default:
        return ck_knight_action(g, eb, a);
    }
}

/* ---- listing ---- */

static struct game_action *put(struct game_action *out, int max, int *n, int type, int p)
{
    int i = (*n)++;
    if (i >= max)
        return NULL;
    struct game_action *a = &out[i];
    memset(a, 0, sizeof *a);
    a->type = (uint8_t)type;
    a->player = (int8_t)p;
    a->target = -1;
    a->a = a->b = -1;
    return a;
}

int ck_actions(const struct game *g, int p, struct game_action *out, int max)
{
    int n = 0;
    struct game_action *a;
    const struct ck_player *c = &g->ck.p[p];
    for (int t = 0; t < CK_TRACKS && g->p[p].cities; t++) {
        int cost = c->level[t] + 1, v;
        if (c->level[t] >= CK_LEVELS || g->p[p].commodity[t] < cost ||
            (takes_metropolis(g, p, t, cost) && metropolis_city(g, p, -1, &v)))
            continue;
        if ((a = put(out, max, &n, ACT_IMPROVE, p)))
            a->res = (uint8_t)t;
    }
    if (has_cards(g->p[p].res, cost_wall) && walls_of(g, p) < CK_WALLS) {
        uint64_t mine[BOARD_WORDS];
        bits_andnot(mine, g->buildings_of[p], g->ck.walls);
        for (int v; (v = bits_pop(mine)) >= 0;)
            if (g->vertex_building[v] == BUILDING_CITY && (a = put(out, max, &n, ACT_WALL, p)))
                a->a = (int16_t)v;
    }
    n += ck_knight_actions(g, p, n < max ? out + n : NULL, n < max ? max - n : 0);
    if (g->phase != PHASE_MAIN)
        return n;
    n += progress_actions(g, p, n < max ? out + n : NULL, n < max ? max - n : 0);
    /* Trades of a commodity, or for one: resource for resource are ACT_BANK_TRADE's. */
    for (int give = 0; give < GOOD_COUNT; give++) {
        int rate = good_rate(g, p, give);
        const uint8_t *have =
            give < RES_COUNT ? &g->p[p].res[give] : &g->p[p].commodity[give - GOOD_PAPER];
        if (*have < rate)
            continue;
        for (int get = 0; get < GOOD_COUNT; get++) {
            const uint8_t *bank = get < RES_COUNT ? &g->bank[get] : &g->ck.bank[get - GOOD_PAPER];
            if (get == give || !*bank ||
                (give < RES_COUNT && get < RES_COUNT && rate >= g->rates_of[p][give]))
                continue; /* resource for resource: ACT_BANK_TRADE's, but at a card's rate */
            if ((a = put(out, max, &n, ACT_CK_TRADE, p))) {
                a->res = (uint8_t)give;
                a->res2 = (uint8_t)get;
                a->a = 1;
            }
        }
    }
    return n;
}

/* ---- a restored state ---- */

int ck_state_ok(const struct game *g, const struct board_geo *geo)
{
    int n = g->opt.n_players;
    if (!g->ck.on) { /* Catan for two: its asks only (two_state_ok() checks them) */
        static const struct game_ck none;
        if (g->opt.two) {
            struct game_ck c = g->ck;
            c.asker = 0;
            for (int p = 0; p < n; p++)
                c.p[p].ask = c.p[p].ask_arg = 0;
            return !memcmp(&c, &none, offsetof(struct game_ck, knights_all)) && ck_asks_ok(g, geo);
        }
        for (int p = 0; p < GAME_MAX_PLAYERS; p++)
            if (g->p[p].commodity[0] | g->p[p].commodity[1] | g->p[p].commodity[2])
                return 0;
        return !memcmp(&g->ck, &none, offsetof(struct game_ck, knights_all));
    }
    if (g->opt.board != BOARD_BASE && g->opt.board != BOARD_BIG)
        return 0;
    if (g->deck_size || g->ck.event >= CK_FACES || g->ck.barbarians >= CK_VOYAGE)
        return 0;
    for (int c = 0; c < COM_COUNT; c++) {
        int total = g->ck.bank[c];
        for (int p = 0; p < n; p++)
            total += g->p[p].commodity[c];
        if (total != CK_BANK)
            return 0;
    }
    for (int t = 0; t < CK_TRACKS; t++) {
        int top = 0, v = g->ck.metropolis[t] - 1;
        for (int p = 0; p < n; p++) {
            if (g->ck.p[p].level[t] > CK_LEVELS)
                return 0;
            top = g->ck.p[p].level[t] > top ? g->ck.p[p].level[t] : top;
        }
        /* A metropolis once anyone reached level 4, on a city of a holder at level 4 or 5
         * whom nobody passed at level 5, and one metropolis a city. */
        if ((v >= 0) != (top >= CK_METROPOLIS))
            return 0;
        if (v < 0)
            continue;
        if (v >= geo->n_vertices || g->vertex_building[v] != BUILDING_CITY)
            return 0;
        int h = g->vertex_owner[v];
        if (g->ck.p[h].level[t] < CK_METROPOLIS ||
            (top == CK_LEVELS && g->ck.p[h].level[t] < CK_LEVELS))
            return 0;
        for (int u = 0; u < t; u++)
            if (g->ck.metropolis[u] == v + 1)
                return 0;
    }
    int walls[GAME_MAX_PLAYERS] = {0};
    for (int v = 0; v < BOARD_MAX_VERTICES; v++) {
        if (!bits_has(g->ck.walls, v))
            continue;
        if (v >= geo->n_vertices || g->vertex_building[v] != BUILDING_CITY ||
            ++walls[g->vertex_owner[v]] > CK_WALLS)
            return 0;
    }
    for (int p = n; p < GAME_MAX_PLAYERS; p++)
        if (memcmp(&g->ck.p[p], &(struct ck_player){0}, sizeof g->ck.p[p]))
            return 0;
    return ck_knights_ok(g, geo) && progress_state_ok(g, geo);
}
