/* What special hexes give besides resource cards: gold fields (Seafarers: the owners choose
 * their cards, PHASE_GOLD), the jungle (the Jungle variant: discoveries, spent on development
 * cards) and the fog (The Fog Islands: hexes turned over when a road or ship reaches them). */
#include "engine/internal.h"

#include <string.h>

/* The jungle at hex gives each building beside it discoveries: 1 a settlement, 2 a city. */
void discover(struct game *g, struct evbuf *eb, int hex)
{
    uint8_t found[GAME_MAX_PLAYERS] = {0};
    uint64_t built[BOARD_WORDS];
    int v;
    bits_and(built, GEO(g)->hex_vertex_bits[hex], g->buildings_all);
    while ((v = bits_pop(built)) >= 0) {
        int o = g->vertex_owner[v];
        if (!g->p[o].resigned)
            found[o] += g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
    }
    for (int p = 0; p < g->opt.n_players; p++) {
        if (!found[p])
            continue;
        int total = g->p[p].discoveries + found[p];
        g->p[p].discoveries =
            (uint16_t)(total > GAME_MAX_DISCOVERIES ? GAME_MAX_DISCOVERIES : total);
        struct game_event *e = ev_push(eb, EV_DISCOVERY, p);
        if (e) {
            e->a = found[p];
            e->b = g->p[p].discoveries;
        }
    }
}

void owe_gold(struct game *g, int hex)
{
    uint64_t built[BOARD_WORDS];
    int v;
    bits_and(built, GEO(g)->hex_vertex_bits[hex], g->buildings_all);
    while ((v = bits_pop(built)) >= 0) {
        int o = g->vertex_owner[v];
        if (!g->p[o].resigned)
            g->p[o].gold += g->vertex_building[v] == BUILDING_CITY ? 2 : 1;
    }
}

int gold_owed(struct game *g, struct evbuf *eb, int resume)
{
    unsigned m = 0;
    int total = 0, bank = sum5(g->bank);
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->p[p].gold) {
            m |= BIT(p);
            total += g->p[p].gold;
        }
    /* As in production: when the bank cannot pay all the gold owed, nobody takes any, unless a
     * single player is owed it, who takes what is left. Otherwise each can be paid in full,
     * whoever chooses first. */
    if (m && total > bank) {
        if (m & (m - 1)) {
            for (unsigned k = m; k; k &= k - 1)
                g->p[__builtin_ctz(k)].gold = 0;
            struct game_event *e = ev_push(eb, EV_SHORTAGE, -1);
            if (e)
                e->a = RES_COUNT;
            m = 0;
        } else {
            g->p[__builtin_ctz(m)].gold = (uint8_t)bank;
            m = bank ? m : 0;
        }
    }
    if (!m)
        return 0;
    for (unsigned k = m; k; k &= k - 1) {
        struct game_event *e = ev_push(eb, EV_GOLD_NEEDED, __builtin_ctz(k));
        if (e)
            e->a = g->p[__builtin_ctz(k)].gold;
    }
    g->gold_resume = (uint8_t)resume;
    g->phase = PHASE_GOLD;
    return 1;
}

void gold_done(struct game *g)
{
    for (int p = 0; p < g->opt.n_players; p++)
        if (g->p[p].gold)
            return;
    g->phase = g->gold_resume;
}

int act_gold(struct game *g, struct evbuf *eb, int p, const uint8_t get[RES_COUNT])
{
    if (g->phase != PHASE_GOLD || !g->p[p].gold)
        return g->phase == PHASE_GOLD ? BW_E(WRONG_PHASE) : turn_error(g, p);
    for (int r = 0; r < RES_COUNT; r++)
        if (get[r] > g->p[p].gold)
            return BW_E(GOLD_COUNT);
    if (sum5(get) != g->p[p].gold)
        return BW_E(GOLD_COUNT);
    if (!has_cards(g->bank, get))
        return BW_E(BANK_EMPTY);
    take_gold(g, eb, p, get);
    return BW_OK;
}

void take_gold(struct game *g, struct evbuf *eb, int p, const uint8_t get[RES_COUNT])
{
    struct game_event *e = ev_push(eb, EV_GOLD, p);
    for (int r = 0; r < RES_COUNT; r++) {
        g->p[p].res[r] += get[r];
        g->bank[r] -= get[r];
        if (e)
            e->res[r] = get[r];
    }
    g->p[p].gold = 0;
    gold_done(g);
}

int dev_cost_with(const struct game_player *pl, int want, uint8_t cost[RES_COUNT])
{
    memcpy(cost, game_cost_dev, RES_COUNT);
    int most = pl->discoveries < 3 ? pl->discoveries : 3, left = want < 0 ? most : want, used = 0;
    if (want > most)
        return -1;
    /* The cards the player lacks first; asked for more, ore, then grain, then wool. */
    static const uint8_t lacking[3] = {RES_WOOL, RES_GRAIN, RES_ORE};
    static const uint8_t more[3] = {RES_ORE, RES_GRAIN, RES_WOOL};
    for (int i = 0; i < 3 && left; i++)
        if (pl->res[lacking[i]] < cost[lacking[i]]) {
            cost[lacking[i]]--;
            left--;
            used++;
        }
    for (int i = 0; i < 3 && left && want >= 0; i++)
        if (cost[more[i]]) {
            cost[more[i]]--;
            left--;
            used++;
        }
    return used;
}

/* Draws one of the counts in POOL (N kinds) at random, weighted by count; -1 when empty. */
static int draw_counted(struct bw_rng *rng, uint8_t *pool, int n)
{
    int total = 0;
    for (int i = 0; i < n; i++)
        total += pool[i];
    if (!total)
        return -1;
    int k = (int)bw_rng_below(rng, (uint32_t)total);
    for (int i = 0; i < n; i++) {
        if (k < pool[i]) {
            pool[i]--;
            return i;
        }
        k -= pool[i];
    }
    return -1;
}

/* Turns over fog hex h for player p: its terrain and token from the fog pools, and one card
 * of what it produces to p (gold: a card of p's choice, owed until the action ends). */
static void reveal_hex(struct game *g, struct evbuf *eb, int p, int h)
{
    int t = draw_counted(&g->rng, g->fog_terrain, (int)sizeof g->fog_terrain);
    g->fog &= ~(1ull << h);
    if (t < 0)
        t = TERRAIN_SEA; /* a pool the state check would not let through; stay safe */
    int token = 0;
    if (t < TERRAIN_DESERT || t == TERRAIN_GOLD)
        token = draw_counted(&g->rng, g->fog_token, 13);
    g->terrain[h] = (uint8_t)t;
    g->token[h] = (uint8_t)(token > 0 ? token : 0);
    game_reindex(g); /* land, sea, settlement places, tokens and pips change */
    struct game_event *e = ev_push(eb, EV_FOG, p);
    if (e) {
        e->a = (int16_t)h;
        e->b = (int16_t)t;
        e->other = (int8_t)g->token[h];
    }
    if (t < TERRAIN_DESERT && g->bank[t] && !g->p[p].resigned) {
        g->bank[t]--;
        g->p[p].res[t]++;
        if (e)
            e->res[t] = 1;
    } else if (t == TERRAIN_GOLD) {
        g->p[p].gold++;
    }
}

static void fog_reveal(struct game *g, struct evbuf *eb, int p, int v)
{
    for (uint64_t f = GEO(g)->vertex_hex_bits[v] & g->fog; f; f &= f - 1)
        reveal_hex(g, eb, p, __builtin_ctzll(f));
}

void fog_reveal_edge(struct game *g, struct evbuf *eb, int p, int edge)
{
    const struct board_geo *geo = GEO(g);
    fog_reveal(g, eb, p, geo->edge_vertex[edge][0]);
    fog_reveal(g, eb, p, geo->edge_vertex[edge][1]);
}
