/* The Forgotten Tribe and Cloth for Catan: the tribe's gifts (a harbor, a development card or a
 * victory point on a spot of its islands' coast, taken by the first ship built there), the
 * harbors players place, and the tribe's villages, which give cloth to the players who trade
 * with them (2 cloth make a victory point). README "Maps" says what was decided. */
#include "engine/internal.h"

#include <string.h>

#include "map/map.h"

void tribe_setup(struct game *g, const struct board_geo *geo, const struct board_setup *s)
{
    memset(g->gift_owner, -1, sizeof g->gift_owner);
    memset(g->gift_at, GAME_HARBOR_HELD, sizeof g->gift_at);
    if (!geo->n_gifts && !geo->n_villages)
        return;
    uint8_t pool[BOARD_MAX_GIFTS];
    memcpy(pool, s->gift_harbors, s->n_gift_harbors);
    bw_rng_shuffle_u8(&g->rng, pool, s->n_gift_harbors);
    for (int k = 0, i = 0; k < geo->n_gifts; k++) {
        if (geo->gift_kind[k] == MAP_GIFT_HARBOR)
            g->gift[k] = pool[i++];
        else if (geo->gift_kind[k] == MAP_GIFT_CARD && g->deck_pos < g->deck_size)
            g->gift[k] = g->deck[g->deck_pos++]; /* the top cards of the shuffled deck */
        else if (geo->gift_kind[k] == MAP_GIFT_CARD)
            g->gift_owner[k] = -2; /* no card left for it: nothing lies there */
    }
    for (int i = 0; i < geo->n_villages; i++)
        g->village_cloth[i] = GAME_VILLAGE_CLOTH;
    g->cloth_supply = geo->n_villages ? GAME_CLOTH_SUPPLY : 0;
}

int game_tribe_points(const struct game *g, int player)
{
    const struct board_geo *geo = GEO(g);
    int n = 0;
    for (int k = 0; k < geo->n_gifts; k++)
        n += geo->gift_kind[k] == MAP_GIFT_POINT && g->gift_owner[k] == player;
    return n;
}

int game_cloth_points(const struct game *g, int player)
{
    return GEO(g)->n_villages && player >= 0 && player < GAME_MAX_PLAYERS ? g->p[player].cloth / 2
                                                                          : 0;
}

int game_villages_with_cloth(const struct game *g)
{
    int n = 0;
    for (int i = 0; i < GEO(g)->n_villages; i++)
        n += g->village_cloth[i] > 0;
    return n;
}

int tribe_trades(const struct game *g, int player)
{
    for (int i = 0; i < GEO(g)->n_villages; i++)
        if (g->village_traders[i] & BIT(player))
            return 1;
    return 0;
}

/* The gift spot of a harbor placed with a corner at v, or -1. */
static int placed_harbor_at(const struct game *g, int v)
{
    const struct board_geo *geo = GEO(g);
    for (int k = 0; k < geo->n_gifts; k++) {
        int e = g->gift_at[k];
        if (geo->gift_kind[k] == MAP_GIFT_HARBOR && e != GAME_HARBOR_HELD &&
            g->gift_owner[k] >= 0 && (geo->edge_vertex[e][0] == v || geo->edge_vertex[e][1] == v))
            return k;
    }
    return -1;
}

int tribe_harbor_at(const struct game *g, int v)
{
    int k = placed_harbor_at(g, v);
    return k >= 0 && g->gift[k] <= HARBOR_GENERIC;
}

void tribe_index_building(struct game *g, int player, int v)
{
    int k = placed_harbor_at(g, v);
    if (k >= 0 && g->gift[k] <= HARBOR_GENERIC)
        index_harbor(g, player, g->gift[k]);
}

int game_harbor_error(const struct game *g, int p, int k, int edge)
{
    const struct board_geo *geo = GEO(g);
    if (p < 0 || p >= g->opt.n_players || g->phase == PHASE_OVER)
        return BW_E(WRONG_PHASE);
    if (k < 0 || k >= geo->n_gifts || geo->gift_kind[k] != MAP_GIFT_HARBOR ||
        g->gift_owner[k] != p || g->gift_at[k] != GAME_HARBOR_HELD)
        return BW_E(NO_HARBOR);
    if (g->phase != PHASE_MAIN || g->current != p)
        return turn_error(g, p);
    if (edge < 0 || edge >= geo->n_edges)
        return BW_E(NO_SUCH_SPOT);
    /* On the coast, at a building of p's, with no harbor at either corner. */
    int v0 = geo->edge_vertex[edge][0], v1 = geo->edge_vertex[edge][1];
    if (!bits_has(g->edge_land, edge) || !bits_has(g->edge_sea, edge) ||
        (g->vertex_owner[v0] != p && g->vertex_owner[v1] != p) ||
        geo->vertex_harbor_slot[v0] >= 0 || geo->vertex_harbor_slot[v1] >= 0 ||
        placed_harbor_at(g, v0) >= 0 || placed_harbor_at(g, v1) >= 0)
        return BW_E(HARBOR_SPOT);
    return BW_OK;
}

int act_place_harbor(struct game *g, struct evbuf *eb, int p, int k, int edge)
{
    int err = game_harbor_error(g, p, k, edge);
    if (err)
        return err;
    const struct board_geo *geo = GEO(g);
    g->gift_at[k] = (uint8_t)edge;
    for (int i = 0; i < 2; i++) {
        int o = g->vertex_owner[geo->edge_vertex[edge][i]];
        if (o >= 0)
            index_harbor(g, o, g->gift[k]);
    }
    struct game_event *e = ev_push(eb, EV_HARBOR_PLACED, p);
    if (e) {
        e->a = (int16_t)edge;
        e->b = (int16_t)k;
        e->other = (int8_t)g->gift[k];
    }
    return BW_OK;
}

int tribe_harbor_actions(const struct game *g, int p, struct game_action *out, int max)
{
    const struct board_geo *geo = GEO(g);
    int n = 0;
    for (int k = 0; k < geo->n_gifts; k++) {
        if (geo->gift_kind[k] != MAP_GIFT_HARBOR || g->gift_owner[k] != p ||
            g->gift_at[k] != GAME_HARBOR_HELD)
            continue;
        uint64_t at[BOARD_WORDS];
        memcpy(at, g->buildings_of[p], sizeof at);
        int v;
        while ((v = bits_pop(at)) >= 0)
            for (int i = 0; i < 3; i++) {
                int e = geo->vertex_edge[v][i];
                /* An edge between two of p's buildings cannot be: the distance rule. */
                if (e < 0 || game_harbor_error(g, p, k, e))
                    continue;
                if (n < max) {
                    memset(&out[n], 0, sizeof out[n]);
                    out[n].type = ACT_PLACE_HARBOR;
                    out[n].player = (int8_t)p;
                    out[n].target = -1;
                    out[n].a = (int16_t)e;
                    out[n].b = (int16_t)k;
                }
                n++;
            }
    }
    return n;
}

/* Village i trades with p from now on, and gives them a cloth if it has one. */
static void join_village(struct game *g, struct evbuf *eb, int p, int i)
{
    int got = g->village_cloth[i] > 0;
    g->village_traders[i] |= (uint8_t)BIT(p);
    g->village_cloth[i] -= (uint8_t)got;
    g->p[p].cloth += (uint8_t)got;
    struct game_event *e = ev_push(eb, EV_VILLAGE, p);
    if (e) {
        e->a = (int16_t)i;
        e->b = (int16_t)got;
    }
}

void tribe_ship(struct game *g, struct evbuf *eb, int p, int edge, int built)
{
    const struct board_geo *geo = GEO(g);
    for (int k = 0; built && k < geo->n_gifts; k++) {
        if (geo->gift_edge[k] != edge || g->gift_owner[k] != -1)
            continue;
        g->gift_owner[k] = (int8_t)p;
        if (geo->gift_kind[k] == MAP_GIFT_CARD)
            g->p[p].dev_new[g->gift[k]]++; /* as if bought: not to be played this turn */
        struct game_event *e = ev_push(eb, EV_GIFT, p);
        if (e) {
            e->a = (int16_t)k;
            e->b = geo->gift_kind[k];
            e->other = geo->gift_kind[k] == MAP_GIFT_POINT ? -1 : (int8_t)g->gift[k];
        }
    }
    for (int i = 0; i < geo->n_villages; i++) {
        int v = geo->village_vertex[i];
        if (!(g->village_traders[i] & BIT(p)) &&
            (geo->edge_vertex[edge][0] == v || geo->edge_vertex[edge][1] == v))
            join_village(g, eb, p, i);
    }
}

/* The game ends with fewer than GAME_CLOTH_VILLAGES_MIN villages holding cloth: the most
 * victory points win, then the most cloth, then the first in turn order from the player whose
 * turn it is. */
static void cloth_end(struct game *g, struct evbuf *eb, int left)
{
    int n = g->opt.n_players, best = -1, best_vp = -1, best_cloth = -1;
    for (int i = 0; i < n; i++) {
        int p = (g->current + i) % n;
        if (g->p[p].resigned)
            continue;
        int vp = game_vp_total(g, p), cloth = g->p[p].cloth;
        if (vp > best_vp || (vp == best_vp && cloth > best_cloth)) {
            best = p;
            best_vp = vp;
            best_cloth = cloth;
        }
    }
    struct game_event *e = ev_push(eb, EV_CLOTH_END, -1);
    if (e)
        e->a = (int16_t)left;
    g->phase = PHASE_OVER;
    g->winner = (int8_t)best;
    e = ev_push(eb, EV_GAME_OVER, best);
    if (e) {
        e->a = (int16_t)best_vp;
        e->b = best >= 0 ? (int16_t)(g->p[best].dev[DEV_VICTORY] + g->p[best].dev_new[DEV_VICTORY])
                         : 0;
    }
}

int tribe_roll(struct game *g, struct evbuf *eb, int sum, int gold)
{
    const struct board_geo *geo = GEO(g);
    int n = g->opt.n_players, scored = 0;
    for (int i = 0; i < geo->n_villages; i++) {
        if (geo->village_number[i] != sum || !g->village_cloth[i])
            continue;
        /* One cloth each, from the village and then from the general supply: the player whose
         * turn it is first, then the others in turn order. */
        for (int k = 0; k < n; k++) {
            int p = (g->current + k) % n;
            if (!(g->village_traders[i] & BIT(p)) || g->p[p].resigned)
                continue;
            if (g->village_cloth[i])
                g->village_cloth[i]--;
            else if (g->cloth_supply)
                g->cloth_supply--;
            else
                break;
            g->p[p].cloth++;
            scored |= p == g->current;
            struct game_event *e = ev_push(eb, EV_CLOTH, p);
            if (e) {
                e->a = (int16_t)i;
                e->b = 1;
            }
        }
    }
    int left = game_villages_with_cloth(g);
    if (left < GAME_CLOTH_VILLAGES_MIN)
        cloth_end(g, eb, left);
    else if (scored)
        check_win(g, eb);
    if (g->phase != PHASE_OVER)
        return gold;
    for (int p = 0; p < n; p++)
        g->p[p].gold = 0;
    return 0;
}

/* The saved state of the tribe is one the engine can use: gifts taken by a seat (or still
 * there), harbors of the pool at harbor spots and placed at coast edges, cards at card spots,
 * villages' traders among the seats and cloth within what the box holds. A restored game is
 * checked before its derived fields are rebuilt: the coast is the geometry's (the tribe's maps
 * have no fog). */
int tribe_state_ok(const struct game *g, const struct board_geo *geo)
{
    int n = g->opt.n_players, cloth = g->cloth_supply;
    for (int k = 0; k < geo->n_gifts; k++) {
        int kind = geo->gift_kind[k], o = g->gift_owner[k], at = g->gift_at[k];
        if (o < -2 || o >= n || (o == -2 && kind != MAP_GIFT_CARD) ||
            (kind == MAP_GIFT_HARBOR && g->gift[k] > HARBOR_GENERIC) ||
            (kind == MAP_GIFT_CARD && g->gift[k] >= DEV_COUNT) ||
            (at != GAME_HARBOR_HELD &&
             (kind != MAP_GIFT_HARBOR || o < 0 || at >= geo->n_edges ||
              !bits_has(geo->edge_land_bits, at) || !bits_has(geo->edge_sea_bits, at))))
            return 0;
    }
    for (int i = 0; i < geo->n_villages; i++) {
        if (g->village_traders[i] >> n || g->village_cloth[i] > GAME_VILLAGE_CLOTH)
            return 0;
        cloth += g->village_cloth[i];
    }
    for (int p = 0; p < n; p++)
        cloth += g->p[p].cloth;
    if (!geo->n_villages)
        return !cloth && !memcmp(g->village_traders, (uint8_t[BOARD_MAX_VILLAGES]){0},
                                 sizeof g->village_traders);
    return cloth == geo->n_villages * GAME_VILLAGE_CLOTH + GAME_CLOTH_SUPPLY;
}
