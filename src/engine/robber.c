/* The robber and the pirate: whom they may rob, the steal, the discards of a 7, and the largest
 * army that moving the robber with knights wins. */
#include "engine/internal.h"

#include <string.h>

unsigned robber_candidates(const struct game *g, int player, int hex)
{
    const struct board_geo *geo = GEO(g);
    unsigned m = 0;
    for (int c = 0; c < 6; c++) {
        int o = g->vertex_owner[geo->hex_vertex[hex][c]];
        if (o >= 0 && o != player && hand_size_of(&g->p[o]) > 0)
            m |= BIT(o);
    }
    return g->opt.friendly_robber ? m & ~house_protected(g) : m;
}

/* Cards a thief may draw from player q's hand: the pirate of Cloth for Catan takes cloth too. */
static int stealable(const struct game *g, int q, int sea)
{
    return hand_size_of(&g->p[q]) + (sea ? g->p[q].cloth : 0);
}

/* Players other than player holding cards with a ship on a side of sea hex hex. */
unsigned pirate_candidates(const struct game *g, int player, int hex)
{
    const struct board_geo *geo = GEO(g);
    unsigned m = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        uint64_t any = 0;
        for (int i = 0; i < BOARD_WORDS; i++)
            any |= g->ships_of[q][i] & geo->hex_edge_bits[hex][i];
        if (q != player && any && stealable(g, q, 1) > 0)
            m |= BIT(q);
    }
    return g->opt.friendly_robber ? m & ~house_protected(g) : m;
}

int check_robber(const struct game *g, int player, int hex, int target, int *victim)
{
    const struct board_geo *geo = GEO(g);
    if (hex < 0 || hex >= geo->n_hexes)
        return BW_E(NO_SUCH_SPOT);
    int sea = !(g->land >> hex & 1);
    if (sea && (g->pirate < 0 || (g->fog >> hex & 1)))
        return BW_E(NO_SUCH_SPOT); /* no pirate on this map, or a hex still in fog */
    if (hex == (sea ? g->pirate : g->robber))
        return sea ? BW_E(PIRATE_SAME) : BW_E(ROBBER_SAME);
    if (!sea && (geo->tribe_hexes >> hex & 1))
        return BW_E(TRIBE);
    if (sea && geo->n_villages && !tribe_trades(g, player))
        return BW_E(PIRATE_LOCKED);
    int err = sea ? BW_OK : robber_hex_error(g, player, hex);
    if (err)
        return err;
    unsigned m = sea ? pirate_candidates(g, player, hex) : robber_candidates(g, player, hex);
    if (target >= 0 && target < g->opt.n_players && (house_protected(g) & BIT(target)))
        return BW_E(FRIENDLY_ROBBER);
    if (target < 0) {
        if (m & (m - 1))
            return BW_E(BAD_VICTIM); /* several to choose from: the player must name one */
        *victim = m ? __builtin_ctz(m) : -1;
        return BW_OK;
    }
    if (target >= g->opt.n_players || !(m & BIT(target)))
        return BW_E(BAD_VICTIM);
    *victim = target;
    return BW_OK;
}

void do_robber(struct game *g, struct evbuf *eb, int player, int hex, int victim)
{
    int sea = !(g->land >> hex & 1);
    if (sea)
        g->pirate = (int8_t)hex;
    else
        g->robber = (int8_t)hex;
    struct game_event *e = ev_push(eb, sea ? EV_PIRATE : EV_ROBBER, player);
    if (e)
        e->a = (int16_t)hex;
    if (victim < 0) {
        ev_push(eb, EV_NO_STEAL, player);
        return;
    }
    steal_card(g, eb, player, victim, sea);
}

void steal_card(struct game *g, struct evbuf *eb, int player, int victim, int sea)
{
    struct game_player *vp = &g->p[victim];
    int k = (int)bw_rng_below(&g->rng, (uint32_t)stealable(g, victim, sea)), r = 0;
    while (r < RES_COUNT && k >= vp->res[r])
        k -= vp->res[r++];
    if (r < RES_COUNT) {
        vp->res[r]--;
        g->p[player].res[r]++;
    } else if (g->ck.on) { /* a commodity: GOOD_PAPER + c in the event */
        r = ck_steal(g, player, victim, k);
    } else { /* a cloth: RES_COUNT in the event */
        vp->cloth--;
        g->p[player].cloth++;
    }
    struct game_event *e = ev_push(eb, EV_STEAL, player);
    if (e) {
        e->other = (int8_t)victim;
        e->a = (int16_t)r;
    }
}

void random_discard(struct game *g, int p, uint8_t out[RES_COUNT], uint8_t com[COM_COUNT])
{
    uint8_t hand[GOOD_COUNT];
    memcpy(hand, g->p[p].res, RES_COUNT);
    memcpy(hand + RES_COUNT, g->p[p].commodity, COM_COUNT);
    memset(out, 0, RES_COUNT);
    memset(com, 0, COM_COUNT);
    for (int i = 0; i < g->p[p].discard; i++) {
        int total = hand_size_of(&g->p[p]) - i, k = (int)bw_rng_below(&g->rng, (uint32_t)total);
        int r = 0;
        while (k >= hand[r])
            k -= hand[r++];
        hand[r]--;
        if (r < RES_COUNT)
            out[r]++;
        else
            com[r - RES_COUNT]++;
    }
}

void do_discard(struct game *g, struct evbuf *eb, int p, const uint8_t give[RES_COUNT],
                const uint8_t com[COM_COUNT])
{
    struct game_event *e = ev_push(eb, EV_DISCARD, p);
    for (int r = 0; r < RES_COUNT; r++) {
        g->p[p].res[r] -= give[r];
        g->bank[r] += give[r];
        if (e)
            e->res[r] = give[r];
    }
    for (int c = 0; c < COM_COUNT; c++) {
        g->p[p].commodity[c] -= com[c];
        g->ck.bank[c] += com[c];
        if (e)
            e->res2[c] = com[c];
    }
    g->p[p].discard = 0;
    discards_done(g, eb);
}

void largest_army_award(struct game *g, struct evbuf *eb)
{
    /* The holder keeps it unless strictly beaten; without a holder (none yet, or the holder
     * resigned) it goes to the one player alone with the most knights, 3 or more. Resigned
     * players' knights no longer count. */
    int h = g->largest_army, max = 0, count = 0, who = -1;
    for (int p = 0; p < g->opt.n_players; p++) {
        int k = g->p[p].resigned ? 0 : g->p[p].knights;
        if (k > max)
            max = k, count = 1, who = p;
        else if (k == max)
            count++;
    }
    int next;
    if (h >= 0 && !g->p[h].resigned && g->p[h].knights == max)
        next = h;
    else if (max >= 3 && count == 1)
        next = who;
    else
        next = -1;
    if (next == h)
        return;
    g->largest_army = (int8_t)next;
    struct game_event *e = ev_push(eb, EV_LARGEST_ARMY, next);
    if (e) {
        e->other = (int8_t)h;
        e->a = (int16_t)max;
    }
}
