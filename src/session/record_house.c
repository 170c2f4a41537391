/* The house rules of a started game and the state they keep (record version 11 on):
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
