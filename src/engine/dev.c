/* The development cards played: the knight, road building, year of plenty and monopoly. Each
 * validates everything first and mutates after, as every action handler does. */
#include "engine/internal.h"

#include <string.h>

int dev_play_check(const struct game *g, int p, int card)
{
    if ((g->phase != PHASE_ROLL && g->phase != PHASE_MAIN) || g->current != p)
        return turn_error(g, p);
    if (dice_asked(g)) /* an event card's questions first */
        return BW_E(WRONG_PHASE);
    if (card == DEV_VICTORY)
        return BW_E(INVALID);
    if (g->dev_played)
        return BW_E(CARD_PLAYED);
    if (!g->p[p].dev[card])
        return g->p[p].dev_new[card] ? BW_E(CARD_NEW) : BW_E(NO_CARD);
    return BW_OK;
}

static void start_dev(struct game *g, struct evbuf *eb, int p, int card)
{
    g->p[p].dev[card]--;
    g->dev_played = 1;
    struct game_event *e = ev_push(eb, EV_PLAY_DEV, p);
    if (e)
        e->a = (int16_t)card;
}

int act_knight(struct game *g, struct evbuf *eb, int p, int hex, int target)
{
    if (GEO(g)->n_routes)
        return pirates_knight(g, eb, p);
    int victim, err = dev_play_check(g, p, DEV_KNIGHT);
    if (err || (err = check_robber(g, p, hex, target, &victim)))
        return err;
    start_dev(g, eb, p, DEV_KNIGHT);
    g->p[p].knights++;
    do_robber(g, eb, p, hex, victim);
    largest_army_award(g, eb);
    return BW_OK;
}

/* Whether p may place a piece of either kind anywhere now, with the pieces p has left. */
static int any_piece(const struct game *g, int p)
{
    for (int k = 0; k < 2; k++)
        for (int e = 0; e < GEO(g)->n_edges && pieces_left(g, p, k) > 0; e++)
            if (can_piece_with(g, p, k, e, -1, 0))
                return 1;
    return 0;
}

/* Road building: two roads, or on maps with sea two ships or one of each (k1, k2: which are
 * ships), placed one after the other: the second is judged on the board the first left (fog it
 * turned over included), and one piece alone only when no second one is possible then. Either
 * may be named first: when e1 cannot come first, e2 is tried first. Played on a copy, so that
 * a refusal changes nothing. */
int act_roads(struct game *g, struct evbuf *eb, int p, int e1, int e2, int k1, int k2)
{
    int err = dev_play_check(g, p, DEV_ROADS);
    if (err)
        return err;
    if (pieces_left(g, p, k1) <= 0)
        return BW_E(NO_PIECES);
    if (e2 >= 0 && pieces_left(g, p, k2) - (k1 == k2) <= 0)
        return BW_E(NO_PIECES);
    if (e1 == e2)
        return BW_E(OCCUPIED);
    int n0 = eb->n;
    for (int order = 0; order < 1 + (e2 >= 0); order++) {
        int a = order ? e2 : e1, ka = order ? k2 : k1, b = order ? e1 : e2, kb = order ? k1 : k2;
        int why = piece_error(g, p, ka, a, -1, 0);
        if (!why) {
            struct game h = *g;
            start_dev(&h, eb, p, DEV_ROADS);
            place_piece(&h, eb, p, ka, a, EV_FREE_ROAD);
            why = b >= 0 ? piece_error(&h, p, kb, b, -1, 0) : any_piece(&h, p) ? BW_E(INVALID) : 0;
            if (!why) {
                if (b >= 0)
                    place_piece(&h, eb, p, kb, b, EV_FREE_ROAD);
                longest_road_award(&h, eb);
                *g = h;
                return BW_OK;
            }
            eb->n = n0;
        }
        if (!order)
            err = why;
    }
    return err;
}

int act_plenty(struct game *g, struct evbuf *eb, int p, int r1, int r2)
{
    int err = dev_play_check(g, p, DEV_PLENTY);
    if (err)
        return err;
    if (r1 >= RES_COUNT || (r2 >= RES_COUNT && r2 != RES_NONE))
        return BW_E(INVALID);
    uint8_t need[RES_COUNT] = {0};
    need[r1]++;
    if (r2 != RES_NONE)
        need[r2]++;
    if (!has_cards(g->bank, need))
        return BW_E(BANK_EMPTY);
    if (r2 == RES_NONE && sum5(g->bank) > 1)
        return BW_E(INVALID);
    start_dev(g, eb, p, DEV_PLENTY);
    struct game_event *e = ev_push(eb, EV_PLENTY, p);
    for (int r = 0; r < RES_COUNT; r++) {
        g->bank[r] -= need[r];
        g->p[p].res[r] += need[r];
        if (e)
            e->res[r] = need[r];
    }
    return BW_OK;
}

int act_monopoly(struct game *g, struct evbuf *eb, int p, int res)
{
    int err = dev_play_check(g, p, DEV_MONOPOLY);
    if (err)
        return err;
    if (res >= RES_COUNT)
        return BW_E(INVALID);
    start_dev(g, eb, p, DEV_MONOPOLY);
    int total = 0;
    for (int q = 0; q < g->opt.n_players; q++) {
        int n = g->p[q].res[res];
        if (q == p || !n)
            continue;
        g->p[q].res[res] = 0;
        total += n;
        struct game_event *e = ev_push(eb, EV_MONOPOLY_LOSS, p);
        if (e) {
            e->other = (int8_t)q;
            e->a = (int16_t)n;
            e->b = (int16_t)res;
        }
    }
    g->p[p].res[res] += (uint8_t)total;
    struct game_event *e = ev_push(eb, EV_MONOPOLY, p);
    if (e) {
        e->a = (int16_t)total;
        e->b = (int16_t)res;
    }
    return BW_OK;
}
