/* The house rules of a started game and the state they keep (record version 11 on), and the
 * Catan for two block (version 12 on, after it):
 *
 *   u8 discard_limit, friendly_robber, no_sevens, robber_no_desert, dice_deck, no_trade,
 *      harbormaster              struct game_options' house rules, as game.h has them
 *   u8 harbor_master             1 + the harbormaster's seat, 0 for nobody
 *   u8 dice_drawn                the dice deck's cards drawn (0 without the deck)
 *   36 x u8 dice_cards           only when dice_deck is 1: the deck in its order
 *   u8 dice_event, 6 x u8 dice_ask, 6 x i8 dice_ask_to
 *                                version 12 on, only when dice_deck is 1: the event card in play
 *                                and what it asks each seat (engine/events.c)
 *
 * Catan for two (version 12 on):
 *   u8 two                       game_options.two: 0, or 1 and then:
 *   u8 tokens[2], supply         the trade tokens of the two players, of the supply
 *   u8 roll2[2]                  the turn's second roll still to resolve (0 0: none)
 *   u8 used, owed                token actions taken this turn; neutral pieces still owed
 *   u8 asker                     1 + the seat the cards given back go to, 0 for none
 *   2 x (u8 ask, ask_arg)        what each player is asked (ASK_NEUTRAL, ASK_RETURN)
 * The neutral players' pieces are on the board (seats 2 and 3 of vertex_owner, edge_owner):
 * their counts and road lengths are counted from it, not stored.
 *
 * This block is the engine's (the rules a game was started with, and its state); a lobby's
 * choice of rules before the start is not in it. Older records have none: their games were
 * played by the rule book. */
#include "session/record_house.h"

#include "session/record.h"

#include <string.h>

void record_put_house(struct writer *w, const struct game *g)
{
    const struct game_options *o = &g->opt;
    const uint8_t rules[7] = {o->discard_limit,    o->friendly_robber, o->no_sevens,
                              o->robber_no_desert, o->dice_deck,       o->no_trade,
                              o->harbormaster};
    put_bytes(w, rules, sizeof rules);
    put_u8(w, g->harbor_master);
    put_u8(w, g->dice_drawn);
    if (!o->dice_deck)
        return;
    put_bytes(w, g->dice_cards, GAME_DICE_CARDS);
    put_u8(w, g->dice_event);
    put_bytes(w, g->dice_ask, GAME_MAX_PLAYERS);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        put_u8(w, (uint8_t)g->dice_ask_to[p]);
}

void record_get_house(struct reader *r, struct game *g, int version)
{
    int in_record = version >= 11;
    struct game_options *o = &g->opt;
    if (!in_record || r->bad)
        return;
    uint8_t *rules[7] = {&o->discard_limit,    &o->friendly_robber, &o->no_sevens,
                         &o->robber_no_desert, &o->dice_deck,       &o->no_trade,
                         &o->harbormaster};
    for (int i = 0; i < 7; i++)
        *rules[i] = get_u8(r);
    g->harbor_master = get_u8(r);
    g->dice_drawn = get_u8(r);
    if (o->dice_deck > 1)
        refuse(r, "the dice deck's rule is neither 0 nor 1");
    if (o->dice_deck != 1)
        return;
    get_into(r, g->dice_cards, GAME_DICE_CARDS);
    if (version < RECORD_DICE_EVENTS_SINCE) /* its cards were plain numbers */
        return;
    g->dice_event = get_u8(r);
    get_into(r, g->dice_ask, GAME_MAX_PLAYERS);
    for (int p = 0; p < GAME_MAX_PLAYERS; p++)
        g->dice_ask_to[p] = (int8_t)get_u8(r);
}

void record_put_two(struct writer *w, const struct game *g)
{
    put_u8(w, g->opt.two);
    if (!g->opt.two)
        return;
    const struct game_two *t = &g->two;
    const uint8_t f[8] = {t->tokens[0], t->tokens[1], t->supply, t->roll2[0],
                          t->roll2[1],  t->used,      t->owed,   g->ck.asker};
    put_bytes(w, f, sizeof f);
    for (int p = 0; p < 2; p++) {
        put_u8(w, g->ck.p[p].ask);
        put_u8(w, g->ck.p[p].ask_arg);
    }
}

/* The neutral players' pieces counted from the board (read already). */
static void count_neutrals(struct game *g)
{
    const struct board_geo *geo = board_geo(g->opt.board);
    for (int k = 0; k < TWO_NEUTRALS; k++) {
        int seat = g->opt.n_players + k;
        g->p[seat].settlements = g->p[seat].roads = 0;
        for (int v = 0; v < geo->n_vertices; v++)
            g->p[seat].settlements += g->vertex_owner[v] == seat;
        for (int e = 0; e < geo->n_edges; e++)
            g->p[seat].roads += g->edge_owner[e] == seat;
    }
    game_reindex(g);
    for (int k = 0; k < TWO_NEUTRALS; k++)
        g->p[g->opt.n_players + k].road_length =
            (uint8_t)game_longest_road_of(g, g->opt.n_players + k);
}

void record_get_two(struct reader *r, struct game *g, int in_record)
{
    if (!in_record || r->bad)
        return;
    g->opt.two = get_u8(r);
    if (r->bad || !g->opt.two)
        return;
    if (g->opt.two != 1 || g->opt.n_players != 2 || !board_geo(g->opt.board)) {
        refuse(r, "Catan for two's field is neither 0 nor 1, or not with two players");
        return;
    }
    uint8_t f[8];
    get_into(r, f, sizeof f);
    struct game_two *t = &g->two;
    *t = (struct game_two){{f[0], f[1]}, f[2], {f[3], f[4]}, f[5], f[6]};
    g->ck.asker = f[7];
    for (int p = 0; p < 2; p++) {
        g->ck.p[p].ask = get_u8(r);
        g->ck.p[p].ask_arg = get_u8(r);
    }
    if (r->bad)
        return;
    if (f[7] > 2 || t->owed > 2 || t->used >= 1u << TWO_TOKENS || f[3] > 6 || f[4] > 6 ||
        g->ck.p[0].ask >= CK_ASKS || g->ck.p[1].ask >= CK_ASKS) {
        refuse(r, "a field of Catan for two is out of range");
        return;
    }
    count_neutrals(g);
}
