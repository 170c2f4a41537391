/* The end of a turn and what the moderator does for absent or departing players. */
#include "engine/internal.h"

#include <string.h>

int act_end(struct game *g, struct evbuf *eb, int p)
{
    if (g->phase == PHASE_MAIN && g->current == p) {
        end_turn(g, eb);
        return BW_OK;
    }
    if (g->phase == PHASE_SPECIAL_BUILD && g->sb_player == p) {
        ripen_dev_cards(&g->p[p]);
        next_special_or_turn(g, eb, p);
        return BW_OK;
    }
    return turn_error(g, p);
}

/* C&K: what a leaving player was asked is answered the least harmful way; what they asked of
 * others (their card) is not asked any more, nor is the choice from a leaving player's hand
 * or from one's own (the master merchant, the spy: nothing is taken); the roll goes on once
 * nobody is asked. */
static void resign_asks(struct game *g, struct evbuf *eb, int p)
{
    for (int q = 0; q < g->opt.n_players; q++) {
        struct ck_player *c = &g->ck.p[q];
        if ((c->ask == ASK_TAKE || c->ask == ASK_SPY) && (q == p || c->ask_arg == p)) {
            c->ask = ASK_NONE;
            c->ask_arg = 0;
        }
    }
    ck_ask_default(g, eb, p);
    for (int q = 0; q < g->opt.n_players && g->ck.asker == p + 1; q++) {
        uint8_t *ask = &g->ck.p[q].ask;
        if (*ask == ASK_WEDDING || *ask == ASK_HARBOR || *ask == ASK_DESERTER) {
            *ask = ASK_NONE;
            g->ck.p[q].ask_arg = 0;
        }
    }
    ck_asks_settle(g, eb);
}

void resign(struct game *g, struct evbuf *eb, int p)
{
    struct game_player *pl = &g->p[p];
    if (asks_on(g) && ck_asked(g))
        resign_asks(g, eb, p);
    int asked = dice_asked(g) != 0;
    for (int r = 0; r < RES_COUNT; r++) {
        g->bank[r] += pl->res[r];
        pl->res[r] = 0;
    }
    memset(pl->dev, 0, sizeof pl->dev);
    memset(pl->dev_new, 0, sizeof pl->dev_new);
    pl->discard = 0;
    pl->gold = 0;
    pl->resigned = 1;
    ev_push(eb, EV_RESIGN, p);
    if (asked) /* an event card's questions: the roll goes on once nobody is asked */
        dice_asks_resign(g, eb, p);
    /* The awards leave with the player, to one who alone leads, else set aside. */
    if (g->longest_road == p)
        longest_road_award(g, eb);
    if (g->largest_army == p)
        largest_army_award(g, eb);
    for (unsigned m = g->offers_open; m; m &= m - 1) {
        struct trade_offer *o = &g->offers[__builtin_ctz(m)];
        o->to_mask &= (uint8_t)~BIT(p);
        o->accepted &= (uint8_t)~BIT(p);
        o->rejected &= (uint8_t)~BIT(p);
        if (o->from == p || !o->to_mask || o->rejected == o->to_mask)
            close_offer(g, eb, o);
    }
    if (game_active_players(g) < 2) {
        int w = next_active(g, p);
        g->phase = PHASE_OVER;
        g->winner = (int8_t)(g->p[w].resigned ? -1 : w);
        if (g->opt.two)
            two_over(g);
        struct game_event *e = ev_push(eb, EV_GAME_OVER, g->winner);
        if (e && g->winner >= 0)
            e->a = (int16_t)game_vp_total(g, w);
        return;
    }
    if (g->phase == PHASE_GOLD)
        gold_done(g); /* what follows the gold may be the resigned player's to do */
    switch (g->phase) {
    case PHASE_SETUP_SETTLEMENT:
    case PHASE_SETUP_ROAD:
        if (g->current == p)
            advance_setup(g, eb);
        break;
    case PHASE_DISCARD:
        /* Every owed discard is still made, also when the roller is the one who left. */
        discards_done(g, eb);
        break;
    case PHASE_SPECIAL_BUILD:
        if (g->sb_player == p)
            next_special_or_turn(g, eb, p);
        break;
    default:
        if (g->current == p) {
            close_all_offers(g, eb);
            next_special_or_turn(g, eb, p);
        }
        break;
    }
}

static int pick_random_vertex(struct game *g, int p)
{
    int n = 0, pick[BOARD_MAX_VERTICES];
    for (int v = 0; v < GEO(g)->n_vertices; v++)
        if (game_can_settle(g, p, v))
            pick[n++] = v;
    return n ? pick[bw_rng_below(&g->rng, (uint32_t)n)] : -1;
}

static int pick_random_road(struct game *g, int p)
{
    int n = 0, pick[BOARD_MAX_EDGES];
    for (int e = 0; e < GEO(g)->n_edges; e++)
        if (game_can_road(g, p, e))
            pick[n++] = e;
    return n ? pick[bw_rng_below(&g->rng, (uint32_t)n)] : -1;
}

/* Robber for an absent player: a hex with no buildings at all if there is one, else one
 * without the player's own buildings; a random victim there. */
static void timeout_robber(struct game *g, struct evbuf *eb, int p)
{
    const struct board_geo *geo = GEO(g);
    int empty[BOARD_MAX_HEXES], n_empty = 0, other[BOARD_MAX_HEXES], n_other = 0;
    uint64_t may = robber_hexes(g, p); /* the house rules' limits too */
    for (int h = 0; h < geo->n_hexes; h++) {
        if (!(may >> h & 1))
            continue; /* the pirate stays where it is */
        int mine = 0, any = 0;
        for (int c = 0; c < 6; c++) {
            int o = g->vertex_owner[geo->hex_vertex[h][c]];
            any |= o >= 0;
            mine |= o == p;
        }
        if (!any)
            empty[n_empty++] = h;
        else if (!mine)
            other[n_other++] = h;
    }
    int hex;
    if (n_empty)
        hex = empty[bw_rng_below(&g->rng, (uint32_t)n_empty)];
    else if (n_other)
        hex = other[bw_rng_below(&g->rng, (uint32_t)n_other)];
    else if (may)
        hex = __builtin_ctzll(may);
    else { /* the next land hex */
        hex = g->robber < 0 ? 0 : g->robber;
        do
            hex = (hex + 1) % geo->n_hexes;
        while (!(robber_land(g) >> hex & 1));
    }
    unsigned m = robber_candidates(g, p, hex);
    do_robber(g, eb, p, hex, m ? random_player(&g->rng, m) : -1);
}

int act_timeout(struct game *g, struct evbuf *eb, int p)
{
    if (!(game_waiting_for(g) & BIT(p)))
        return BW_E(WRONG_PHASE);
    struct game_event *e = ev_push(eb, EV_TIMEOUT, p);
    if (e)
        e->a = g->phase;
    /* Only the player's own turns count towards resigning them, each once: the roll, a
     * discard of their own 7 and the robber that follow are the same absence. Timeouts
     * outside their turn (another's 7, the special building phase) act for them only. */
    int own_turn = p == g->current && g->phase != PHASE_SPECIAL_BUILD;
    if (own_turn && !g->turn_timed_out)
        g->p[p].timeouts++;
    if (own_turn)
        g->turn_timed_out = 1;
    int pending = asks_on(g) && (progress_pending(g) & BIT(p));
    if (pending) /* C&K: a card to draw or to give up comes before the phase's business */
        progress_timeout(g, eb, p);
    if (dice_asked(g) & BIT(p)) { /* an event card's question */
        dice_ask_default(g, eb, p);
        pending = 1;
    }
    switch (pending ? -1 : (int)g->phase) {
    case PHASE_SETUP_SETTLEMENT: {
        int v = pick_random_vertex(g, p);
        if (v >= 0)
            setup_settlement(g, eb, p, v);
        else
            advance_setup(g, eb);
        break;
    }
    case PHASE_SETUP_ROAD: {
        int edge = pick_random_road(g, p);
        if (edge >= 0)
            place_road(g, eb, p, edge, EV_BUILD);
        else
            for (int i = 0; i < 3 && edge < 0; i++) { /* a corner with room for a ship only */
                int at = GEO(g)->vertex_edge[g->setup_vertex][i];
                if (at >= 0 && game_can_ship(g, p, at))
                    place_ship(g, eb, p, edge = at, EV_BUILD);
            }
        advance_setup(g, eb);
        break;
    }
    case PHASE_ROLL:
        roll_dice(g, eb);
        if (g->phase == PHASE_MAIN)
            end_turn(g, eb);
        break;
    case PHASE_DISCARD: {
        uint8_t give[RES_COUNT], com[COM_COUNT];
        random_discard(g, p, give, com);
        do_discard(g, eb, p, give, com);
        break;
    }
    case PHASE_GOLD: { /* cards the bank holds, at random */
        uint8_t get[RES_COUNT] = {0}, bank[RES_COUNT];
        memcpy(bank, g->bank, sizeof bank);
        for (int i = 0; i < g->p[p].gold; i++) {
            int k = (int)bw_rng_below(&g->rng, (uint32_t)sum5(bank)), r = 0;
            while (k >= bank[r])
                k -= bank[r++];
            bank[r]--;
            get[r]++;
        }
        take_gold(g, eb, p, get);
        break;
    }
    case PHASE_ROBBER:
        timeout_robber(g, eb, p);
        g->phase = PHASE_MAIN;
        if (g->opt.two) /* Catan for two: the second roll, then the turn ends if it may */
            two_next_roll(g, eb);
        if (g->phase == PHASE_MAIN)
            end_turn(g, eb);
        break;
    case PHASE_MAIN:
        end_turn(g, eb);
        break;
    case PHASE_SPECIAL_BUILD:
        ripen_dev_cards(&g->p[p]);
        next_special_or_turn(g, eb, p);
        break;
    default:
        break;
    }
    if (g->p[p].timeouts >= 3 && g->phase != PHASE_OVER)
        resign(g, eb, p);
    return BW_OK;
}
